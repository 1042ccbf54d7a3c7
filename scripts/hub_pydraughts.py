#!/usr/bin/env python3
"""pydraughts 0.6.7's own HubEngine drives `shashki hub`: shashki plays itself, every move
checked by pydraughts' board.

    pip install pydraughts==0.6.7
    cargo build --release
    python3 scripts/hub_pydraughts.py [--shashki target/release/shashki] [--games 2]

Each game starts a fresh engine for each side (plain `shashki hub`, as the README shows
it for pydraughts 0.6.7: the default numbering reads it), as a GUI does, plays on a game clock (`--time`
seconds a side plus `--inc` a move) through `HubEngine.play`, and fails if a move is not
legal on pydraughts' board, if an engine's flag falls, or if the game does not end.
"""

import argparse
import os
import time

import draughts
from draughts.engine import HubEngine, Limit


def play_game(shashki, number, args):
    """Plays one game; returns its result text."""
    engines = {}
    for side in (draughts.WHITE, draughts.BLACK):
        engine = HubEngine([shashki, "hub"])
        engine.setoption("variant", "russian")
        engine.init()
        engines[side] = engine
    board = draughts.Board(variant="russian")
    clocks = {draughts.WHITE: args.time, draughts.BLACK: args.time}
    plies = 0
    try:
        while not board.is_over():
            if plies >= args.max_plies:
                raise SystemExit(f"game {number}: no end after {plies} plies")
            side = board.turn
            clocks[side] += args.inc
            asked = time.monotonic()
            result = engines[side].play(board, Limit(time=clocks[side], inc=args.inc), ponder=False)
            clocks[side] -= time.monotonic() - asked
            if clocks[side] < 0:
                raise SystemExit(f"game {number}: the flag fell at ply {plies + 1}")
            move = result.move
            legal = [m.board_move for m in board.legal_moves()]
            if move.board_move not in legal:
                raise SystemExit(f"game {number}: {move.hub_move} is not legal at ply {plies + 1}")
            board.push(move)
            plies += 1
    finally:
        for engine in engines.values():
            engine.quit()
            engine.p.communicate(timeout=10)
    winner = {draughts.WHITE: "white wins", draughts.BLACK: "black wins"}.get(board.winner(), "draw")
    left = ", ".join(f"{clocks[side]:.2f} s" for side in (draughts.WHITE, draughts.BLACK))
    return f"game {number}: {winner} after {plies} plies; clocks left {left}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shashki", default="target/release/shashki", help="the shashki binary")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--time", type=float, default=20.0, help="seconds on each clock")
    parser.add_argument("--inc", type=float, default=0.2, help="seconds added each move")
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()
    shashki = os.path.abspath(args.shashki)
    if not os.access(shashki, os.X_OK):
        raise SystemExit(f"{shashki}: no such program; build it with cargo build --release")
    for number in range(1, args.games + 1):
        print(play_game(shashki, number, args), flush=True)
    print(f"ok: {args.games} games, every move legal on pydraughts' board, no flag fell")


if __name__ == "__main__":
    main()
