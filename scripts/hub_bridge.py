#!/usr/bin/env python3
"""shashki driven as the lidraughts bridge drives it: pydraughts' HubEngine, called the way
lidraughts-bot's engine_wrapper.py and play_game do (AttackingOrDefending/lidraughts-bot).

    python3 -m venv /tmp/bridge && /tmp/bridge/bin/pip install pydraughts==0.5.7
    cargo build --release
    /tmp/bridge/bin/python scripts/hub_bridge.py [--shashki target/release/shashki]

The bridge pins pydraughts 0.5.7; the check runs with 0.6.7 as well. As the bridge does, it

- starts `shashki hub` with the config's engine_options as options (`--numbering=...`:
  by default standard for 0.5.7 and from-white for 0.6.7, as the README says), sets the
  config's hub_options (Scan's book-ply 20, tt-size 23, bb-size 0), the variant and the
  game's initial-time, then init;
- plays a game as White and one as Black against a quick random opponent: the first move
  with 10 s a move (--first-movetime), then on its clock with the bridge's margins
  (move_overhead 2000 ms, move_overhead_inc 100 ms), pondering after each move on the
  reply it expects: ponder-hit when the opponent plays it, stop when it does not;
- after its fifth move gives the bot a low clock (--low-clock seconds), below the
  bridge's margin, so that the bridge sends times below zero (level time=-0.9 inc=0.9);
- ends each game as play_game does, with stop and quit while the ponder thread waits
  (the opponent resigns from ply 20 on, once the bot ponders);
- ponders into a finished position (drawn by repetition, then lost) and stops it, as
  when the opponent plays another move than the one that would have ended the game.

It fails on an `error` line, a move pydraughts' board does not accept, a fallen flag, a
search never answered, an engine that does not end well, or a run that missed one of
these paths.
"""

import argparse
import collections
import logging
import os
import random
import threading
import time
import traceback

import draughts
from draughts.engine import HubEngine, Limit

# pydraughts 0.6 plays on a Board; 0.5 on a Game.
NEW_API = hasattr(draughts, "Board")
# The numbering the README's config gives each pydraughts for the moves.
DOCUMENTED_NUMBERING = "from-white" if NEW_API else "standard"
# lidraughts-bot's config.yml.default.
HUB_OPTIONS = {"book-ply": 20, "tt-size": 23, "bb-size": 0}
MOVE_OVERHEAD_MS = 2000
MOVE_OVERHEAD_INC_MS = 100
# Longer than any answer may take; a search not answered by then is taken as never.
PATIENCE = 30.0
# What each run must have gone through.
REQUIRED = ["ponder-hit", "stop", "ended while pondering", "drawn ponder answered",
            "lost ponder refused", "levels below zero"]


class Failure(Exception):
    pass


def new_board():
    return draughts.Board(variant="russian") if NEW_API else draughts.Game(variant="russian")


def legal_moves(board):
    if NEW_API:
        return list(board.legal_moves())
    moves, _ = board.legal_moves()
    return [draughts.Move(board, board_move=move) for move in moves]


def push(board, move):
    if NEW_API:
        board.push(move)
    else:
        board.push(move.board_move)


def white_to_move(board):
    return (board.turn if NEW_API else board.whose_turn()) == draughts.WHITE


class Lines(logging.Handler):
    """What pydraughts logs: each line sent to the engine, and the engine's unexpected ones."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.sent = []
        self.unexpected = []
        self.all = []

    def emit(self, record):
        message = record.getMessage()
        self.all.append(message)
        if " << " in message:
            # "ENGINE %s << %s PID LINE"
            self.sent.append(message.split(" ", 5)[-1])
        elif "Unexpected engine response" in message:
            self.unexpected.append(message)

    def errors(self):
        return [line for line in self.unexpected if ": error " in line]


def in_time(function, seconds, what):
    """function() on a thread of its own; fails when it takes more than `seconds`."""
    outcome = {}

    def run():
        try:
            outcome["value"] = function()
        except Exception as error:  # reported below, on the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise Failure(f"{what}: no answer within {seconds:.0f} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


class Ponder:
    """The bridge's ponder thread: engine.play(..., ponder=True), kept until joined."""

    def __init__(self, engine, board, limit):
        self.result = None
        self.error = None
        self.thread = threading.Thread(target=self.run, args=(engine, board, limit), daemon=True)
        self.thread.start()

    def run(self, engine, board, limit):
        try:
            self.result = engine.play(board, limit, ponder=True)
        except Exception as error:  # the bridge's thread would die of it
            self.error = error

    def join(self, what):
        self.thread.join(PATIENCE)
        if self.thread.is_alive():
            raise Failure(f"{what}: the ponder search was never answered")


def start_engine(shashki, numbering, initial_time):
    """engine_wrapper.create_engine and HubEngine.__init__: options, parameters, init."""
    command = [shashki, "hub"]
    if numbering != "auto":
        command.append(f"--numbering={numbering}")
    engine = HubEngine(command)
    options = dict(HUB_OPTIONS, variant="russian")
    options["initial-time"] = initial_time
    engine.configure(options)
    engine.init()
    return engine


def play_game(shashki, args, bot_white, seed, lines, counts):
    """One game as play_game plays it; returns its result text."""
    rng = random.Random(seed)
    clock_ms = {True: args.time * 1000, False: args.time * 1000}  # by colour: white?
    inc_ms = args.inc * 1000
    engine = start_engine(shashki, args.numbering, args.time)
    board = new_board()
    ponder = None
    ponder_move = None
    bot_moves = 0
    resigned = False
    try:
        while not board.is_over() and not resigned:
            if white_to_move(board) == bot_white:
                start = time.perf_counter_ns()
                state = {"bot": clock_ms[bot_white], "inc": inc_ms}
                result = None
                if len(board.move_stack) < 2:
                    # choose_first_move: a fixed time, and no pondering before it.
                    limit = Limit(movetime=args.first_movetime)
                    result = in_time(lambda: engine.play(board, limit, ponder=False),
                                     args.first_movetime + PATIENCE, "the first move")
                elif ponder is not None:
                    # get_pondering_results.
                    if ponder_move == board.move_stack[-1].li_one_move:
                        engine.ponderhit()
                        ponder.join("after ponder-hit")
                        counts["ponder-hit"] += 1
                        if ponder.error:
                            raise Failure(f"the ponder search after ponder-hit: {ponder.error!r}")
                        result = ponder.result
                    else:
                        engine.stop()
                        ponder.join("after stop")
                        counts["stop"] += 1
                if result is None:
                    # choose_move, with the bridge's margins.
                    pre_move = int((time.perf_counter_ns() - start) / 1e6)
                    state["bot"] = max(0, state["bot"] - pre_move - MOVE_OVERHEAD_MS)
                    state["inc"] = max(0, state["inc"] - MOVE_OVERHEAD_INC_MS)
                    limit = Limit(time=state["bot"] / 1000, inc=state["inc"] / 1000)
                    result = in_time(lambda: engine.play(board, limit, ponder=False),
                                     clock_ms[bot_white] / 1000 + PATIENCE, "a move")
                move = result.move
                if move is None or move.board_move not in [m.board_move for m in legal_moves(board)]:
                    raise Failure(f"move {len(board.move_stack) + 1}: {move and move.hub_move} is not legal")
                spent = (time.perf_counter_ns() - start) / 1e9
                clock_ms[bot_white] += inc_ms - spent * 1000
                if clock_ms[bot_white] < 0:
                    raise Failure(f"the flag fell at move {len(board.move_stack) + 1}")
                push(board, move)
                bot_moves += 1
                if bot_moves == args.low_clock_after:
                    clock_ms[bot_white] = args.low_clock * 1000
                # start_pondering: on the reply the engine expects, with its margins.
                ponder = None
                ponder_move = None
                if result.ponder is not None and not board.is_over():
                    ponder_board = board.copy()
                    push(ponder_board, result.ponder)
                    setup = int((time.perf_counter_ns() - start) / 1e6)
                    ponder_time = state["bot"] - MOVE_OVERHEAD_MS - setup + inc_ms
                    ponder_inc = inc_ms - MOVE_OVERHEAD_INC_MS
                    limit = Limit(time=ponder_time / 1000, inc=ponder_inc / 1000)
                    ponder = Ponder(engine, ponder_board, limit)
                    ponder_move = result.ponder.li_one_move
            elif len(board.move_stack) >= args.resign_at and ponder and ponder.thread.is_alive():
                # The opponent resigns, or its flag falls, while the bot ponders.
                resigned = True
            else:
                # The opponent: the expected reply half the time, else another move.
                moves = legal_moves(board)
                expected = [m for m in moves if m.li_one_move == ponder_move]
                others = [m for m in moves if m.li_one_move != ponder_move] or moves
                push(board, expected[0] if expected and rng.random() < 0.5 else rng.choice(others))
        # The end of play_game: stop and quit, whatever the ponder thread is doing.
        if ponder is not None and ponder.thread.is_alive():
            counts["ended while pondering"] += 1
        engine.stop()
        try:
            engine.quit()
        except BrokenPipeError:
            # The bridge's two threads write to the engine unlocked: the ponder thread
            # may still be sending its search (pos, level, go ponder) around the main
            # thread's stop and quit. An engine that has read quit before go ponder owes
            # no answer and has ended; pydraughts then fails to flush. It must have ended well.
            counts["quit crossed the ponder search"] += 1
        if ponder is not None:
            ponder.join("stop and quit at the end of the game")
        engine.p.communicate(timeout=PATIENCE)
        if engine.p.returncode != 0:
            raise Failure(f"shashki hub ended with exit code {engine.p.returncode}")
    except BaseException:
        engine.kill_process()
        raise
    if lines.errors():
        raise Failure(f"error lines: {lines.errors()}")
    colour = "White" if bot_white else "Black"
    if board.is_over():
        winner = board.winner() if NEW_API else board.get_winner()
        over = {draughts.WHITE: "White won", draughts.BLACK: "Black won"}.get(winner, "drawn")
    else:
        over = "the opponent resigned"
    return (f"game as {colour}: {len(board.move_stack)} plies, {over}, "
            f"bot's clock {clock_ms[bot_white] / 1000:.2f} s left")


def ponder_finished(shashki, args, lines, counts):
    """Pondering into finished positions, answered and stopped as the bridge would."""
    engine = start_engine(shashki, args.numbering, args.time)
    try:
        # White king c1, Black king f8, shuffling until the position comes a third time.
        board = ["e"] * 32
        board[29] = "W"  # c1, square 30 in the standard order
        board[2] = "B"  # f8, square 3
        drawn = "W" + "".join(board)
        shuffle = {"standard": "30-26 3-8 26-30 8-3", "from-white": "2-6 31-28 6-2 28-31"}
        numbering = args.numbering if args.numbering != "auto" else "standard"
        moves = " ".join([shuffle[numbering]] * 2)
        answer = {}

        def go_ponder():
            answer["moves"] = engine.go(drawn, moves=moves, my_time=10.0, inc=1.0, ponder=True)

        thread = threading.Thread(target=go_ponder, daemon=True)
        thread.start()
        time.sleep(0.2)
        engine.stop()  # the opponent played another move
        thread.join(PATIENCE)
        if thread.is_alive() or not answer.get("moves", (None,))[0]:
            raise Failure(f"pondering in a drawn position: no move after stop ({answer})")
        counts["drawn ponder answered"] += 1

        # No White piece left: nothing to search, refused with a done without a move.
        lost = "W" + "".join("B" if square == 2 else "e" for square in range(32))
        refused = {}

        def go_lost():
            try:
                engine.go(lost, my_time=10.0, inc=1.0, ponder=True)
            except IndexError:  # pydraughts reads no move in a bare `done`
                refused["done"] = True

        thread = threading.Thread(target=go_lost, daemon=True)
        thread.start()
        thread.join(PATIENCE)
        if thread.is_alive() or not refused:
            raise Failure("pondering in a lost position was never answered")
        counts["lost ponder refused"] += 1
        engine.stop()
        engine.quit()
        engine.p.communicate(timeout=PATIENCE)
    except BaseException:
        engine.kill_process()
        raise
    errors = [line for line in lines.errors() if "no move to search" not in line]
    if errors:
        raise Failure(f"error lines: {errors}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shashki", default="target/release/shashki", help="the shashki binary")
    parser.add_argument("--numbering", default=DOCUMENTED_NUMBERING,
                        choices=["auto", "standard", "from-white"],
                        help="hub --numbering (default: the README's for this pydraughts)")
    parser.add_argument("--time", type=float, default=10.0, help="seconds on each clock")
    parser.add_argument("--inc", type=float, default=1.0, help="seconds added each move")
    parser.add_argument("--first-movetime", type=float, default=10.0,
                        help="the first move's time (the bridge's is 10 s)")
    parser.add_argument("--low-clock", type=float, default=1.5,
                        help="the bot's clock in seconds from its --low-clock-after'th move on")
    parser.add_argument("--low-clock-after", type=int, default=5)
    parser.add_argument("--resign-at", type=int, default=20,
                        help="the opponent resigns from this ply on, once the bot ponders")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    shashki = os.path.abspath(args.shashki)
    if not os.access(shashki, os.X_OK):
        raise SystemExit(f"{shashki}: no such program; build it with cargo build --release")
    lines = Lines()
    pydraughts_log = logging.getLogger("pydraughts")
    pydraughts_log.addHandler(lines)
    pydraughts_log.setLevel(logging.DEBUG)
    pydraughts_log.propagate = False
    counts = collections.Counter({key: 0 for key in REQUIRED})
    print(f"pydraughts {draughts.__version__}, hub --numbering {args.numbering}", flush=True)
    try:
        for number, bot_white in enumerate([True, False]):
            print(play_game(shashki, args, bot_white, args.seed + number, lines, counts), flush=True)
        ponder_finished(shashki, args, lines, counts)
    except Failure as failure:
        raise SystemExit(f"FAILED: {failure}")
    except Exception as error:  # pydraughts refusing a move, the engine gone, ...
        traceback.print_exc()
        print("\n".join(lines.all[-30:]))
        raise SystemExit(f"FAILED: {error!r}")
    below_zero = [line for line in lines.sent if line.startswith("level time=-")]
    counts["levels below zero"] = len(below_zero)
    missing = [key for key in REQUIRED if counts[key] == 0]
    print(", ".join(f"{key}: {count}" for key, count in counts.items()))
    if below_zero:
        print(f"for instance: {below_zero[0]}")
    if missing:
        raise SystemExit(f"FAILED: never happened: {', '.join(missing)} (try another --seed)")
    print("ok: every move legal on pydraughts' board, no flag fell, every search answered")


if __name__ == "__main__":
    main()
