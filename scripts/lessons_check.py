#!/usr/bin/env python3
"""A reproducible check of the lessons shashki files on games it lost.

For each lost game (from PDN files named on the command line, or by default games
that `shashki match` side A at depth 6 lost to side B at depth 10, written as a PDN file
that `shashki pdn check` accepts), the console reviews the game in a fresh data
directory (`open FILE N`, `review`: the loser's mistakes become lessons), and this
script checks, reporting each:

  a) the review names the loser's decisive mistake ("decisive mistake: N. MOVE"),
     or says there was none for a reason the README gives (lost from the start,
     on time, by resigning);
  b) the mistake was avoidable by a deeper search: the best move of a depth-16
     `bestmove --no-kb` (the depth is --depth) scores at least a quarter of a man
     (Score::MAN is 100, so 25 hundredths) above the mistake, scored by the same
     search of the position after it, negated (where no search decides, an only
     move or the capture stage, its move is played and the next position searched);
  c) it is a lesson in lessons.txt: the fact's board and side to move are the
     position before the mistake, its provenance names the mistake, and its first
     `play` move scores, by the same search, at least a quarter of a man above the
     mistake. The README files the decisive mistake only where its punishment is
     concrete (a result thrown away, two men or more, a combination); where it is
     not, no lesson is expected. The lessons filed must be exactly that one and the
     loser's blunders;
  d) `shashki kb check lessons.txt` passes (exit 0);
  e) `train`, with each lesson's mistake played again, answers `not this: MOVE
     LINE` with the LINE the review gave against that move.

It prints a table and the counts, and exits 1 if any check failed. Only the
standard library is used; every program run is under `nice -n 10`.

    scripts/lessons_check.py --shashki target/release/shashki            # ten games
    scripts/lessons_check.py --shashki PATH --keep /tmp/lc/run lost.pdn  # your games
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

MAN = 100  # Score::MAN: scores are printed in men, +0.35 is 35
AVOIDABLE = MAN // 4  # a quarter of a man
LOST = 3 * MAN // 2  # review.rs: a position this far behind is lost
BLUNDER = 2 * MAN  # review.rs: the least cost of a blunder
WIN = 100_000  # "+win in N" counts as WIN - N, "-loss in N" as -(WIN - N)

A_DEPTH, B_DEPTH = 6, 10  # the generated games' sides by default: A (the loser) and B
MAX_MATCH_GAMES = 300  # the 150 ballots with both colours


# ---------------------------------------------------------------- positions


def parse_fen(fen):
    """`W:Wa1,Ke5:Bb8` as (side, {square: 'w'|'W'|'b'|'B'})."""
    side, *fields = fen.strip().split(":")
    pieces = {}
    for part in fields:
        if not part:
            continue
        color, squares = part[0].lower(), part[1:]
        for square in filter(None, squares.split(",")):
            king = square.startswith("K")
            pieces[square.lstrip("K")] = color.upper() if king else color
    return side.upper(), pieces


def write_fen(side, pieces):
    def listed(color):
        squares = sorted(pieces, key=lambda sq: (sq[1], sq[0]))
        return ",".join(
            ("K" if pieces[sq].isupper() else "") + sq
            for sq in squares
            if pieces[sq].lower() == color
        )

    return f"{side}:W{listed('w')}:B{listed('b')}"


def play(fen, move):
    """The position after `move` (full path: c3-d4, e3:c5:e7); legality is not checked."""
    side, pieces = parse_fen(fen)
    path = re.split(r"[-:x]", move)
    piece = pieces.pop(path[0])
    for start, end in zip(path, path[1:]):
        for square in squares_between(start, end):
            if square in pieces and pieces[square].lower() != piece.lower():
                del pieces[square]
    last_rank = "8" if piece == "w" else "1" if piece == "b" else None
    if any(square[1] == last_rank for square in path[1:]):
        piece = piece.upper()
    pieces[path[-1]] = piece
    return write_fen("B" if side == "W" else "W", pieces)


def squares_between(start, end):
    file_step = 1 if end[0] > start[0] else -1
    rank_step = 1 if end[1] > start[1] else -1
    steps = abs(ord(end[0]) - ord(start[0]))
    return [
        chr(ord(start[0]) + file_step * i) + chr(ord(start[1]) + rank_step * i)
        for i in range(1, steps)
    ]


def same_position(fen, other):
    return parse_fen(fen) == parse_fen(other)


# ---------------------------------------------------------------- scores


def parse_score(text):
    """A score as shashki prints it (`+0.35`, `-loss in 5 moves`, `+win in 9`) in hundredths."""
    text = text.strip()
    proven = re.match(r"([+-]?)(win|loss) in (\d+)", text)
    if proven:
        value = WIN - int(proven.group(3))
        return value if proven.group(2) == "win" else -value
    if text.startswith("draw"):
        return 0
    return round(float(text) * MAN)


def show_score(score):
    """`+0.35`, or `+win in 9` / `-loss in 6` where the search proved the result."""
    if abs(score) > WIN // 2:
        return f"{'+win' if score > 0 else '-loss'} in {WIN - abs(score)}"
    return f"{score / MAN:+.2f}"


def short_score(score):
    """`+0.35`, `+W9`, `-L6`: for the table."""
    if abs(score) > WIN // 2:
        return f"{'+W' if score > 0 else '-L'}{WIN - abs(score)}"
    return f"{score / MAN:+.2f}"


def standing(score):
    """review.rs's Standing: won, open or lost for the side to move."""
    if score > WIN // 2 or score >= LOST:
        return "won"
    if score < -WIN // 2 or score <= -LOST:
        return "lost"
    return "open"


# ---------------------------------------------------------------- the program


class Shashki:
    """Runs the program under `nice -n 10` in a folder of its own (no ./kb there)."""

    def __init__(self, path, workdir, depth):
        self.path = str(Path(path).resolve())
        self.workdir = workdir
        self.depth = depth
        self.nice = ["nice", "-n", "10"] if shutil.which("nice") else []
        self.scores = {}
        self.search_seconds = 0.0

    def command(self, *args):
        return self.nice + [self.path, *map(str, args)]

    def run(self, *args, stdin=None):
        return subprocess.run(
            self.command(*args),
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.workdir,
            env={**os.environ, "NO_COLOR": "1"},
        )

    def console(self, data_dir, lines, transcript):
        """The console reading `lines` from a pipe, in English: its output, unwrapped, also
        written to `transcript` in `data_dir`; a failed run stops the check."""
        stdin = "".join(line + "\n" for line in lines)
        done = self.run("--lang", "en", "--no-color", "--data-dir", data_dir, stdin=stdin)
        said = done.stdout + done.stderr
        (data_dir / transcript).write_text(said, encoding="utf-8")
        if done.returncode != 0:
            raise SystemExit(f"the console failed (exit {done.returncode}), stdin {lines}:\n"
                             f"{said[-2000:]}")
        return unwrap(said)

    def score(self, fen, plies_left=16):
        """The score of `fen` for its side to move by a `--depth` search: where no search
        decided (only move, the capture stage), the move chosen is played and the
        position after it searched, negated."""
        if fen not in self.scores:
            started = time.monotonic()
            done = self.run("bestmove", "--no-kb", "--no-egtb", "--depth", self.depth,
                            "--data-dir", self.workdir / "bestmove-data", "--fen", fen)
            self.search_seconds += time.monotonic() - started
            self.scores[fen] = self.read_bestmove(fen, done, plies_left)
        return self.scores[fen]

    def read_bestmove(self, fen, done, plies_left):
        if done.returncode != 0:
            return -WIN  # no move: the side to move has lost
        lines = done.stdout.splitlines()
        source, move = lines[0].removeprefix("source: "), lines[-1].strip()
        searched = re.match(r"search depth \d+ score (.+?) nodes ", source)
        if searched:
            return parse_score(searched.group(1))
        database = re.match(r"endgame database (win in \d+|loss in \d+|draw)", source)
        if database:
            return parse_score(database.group(1))
        if plies_left == 0:
            raise RuntimeError(f"no search decided in {fen}: {source}")
        return -self.score(self.after(fen, move), plies_left - 1)

    def after(self, fen, move):
        """The position after `move`, which `shashki moves` must list as legal in `fen`."""
        legal = self.run("moves", "--fen", fen).stdout.split()
        if move not in legal:
            raise SystemExit(f"{move} is not a legal move in {fen} (legal: {' '.join(legal)})")
        return play(fen, move)

    def game_count(self, pdn):
        done = self.run("pdn", "check", pdn)
        counted = re.search(r": (\d+) games?, \d+ moves OK", done.stdout)
        if done.returncode != 0 or not counted:
            raise SystemExit(f"shashki pdn check {pdn} failed:\n{done.stdout}{done.stderr}")
        return int(counted.group(1))


def unwrap(text):
    """The console's messages fit 80 columns: a line wrapped goes on four spaces further in
    than the message. Joins those back (a board's letter row also starts with four spaces)."""
    lines = []
    for line in text.splitlines():
        continued = re.match(r"^ {4,}(?![a-h]  [a-h]  [a-h])\S", line)
        if continued and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    return lines


# ---------------------------------------------------------------- games


@dataclass
class MatchGame:
    number: int
    opening: str
    fen: str
    a_color: str
    verdict: str
    moves: list
    depths: tuple = (A_DEPTH, B_DEPTH)

    @property
    def loser(self):
        return self.a_color

    def pdn(self):
        names = {self.a_color: f"shashki depth {self.depths[0]} (A)"}
        names[other(self.a_color)] = f"shashki depth {self.depths[1]} (B)"
        result = "0-1" if self.loser == "White" else "1-0"
        tags = [("Event", f"match game {self.number}, ballot {self.opening}"),
                ("White", names["White"]), ("Black", names["Black"]),
                ("Result", result), ("FEN", self.fen)]
        head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
        body = numbered(self.fen, self.moves) + [result]
        return head + "\n" + wrapped(body) + "\n"


def other(color):
    return "Black" if color == "White" else "White"


def numbered(fen, moves):
    """Movetext numbered from 1 at the FEN: `1. c3-d4 f6-g5 2. ...`, or `1... f6-g5 2. ...`
    when Black moves first (as the console numbers them)."""
    tokens, number, white = [], 1, fen.startswith("W")
    for index, move in enumerate(moves):
        if white:
            tokens.append(f"{number}. {move}")
        else:
            tokens.append(f"{number}... {move}" if index == 0 else move)
            number += 1
        white = not white
    return tokens


def wrapped(tokens, width=79):
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    return "\n".join(lines + [line])


GAME_LINE = re.compile(
    r"^game\s+(\d+): (.*?) \(([WB]:[^)]*)\), A (White|Black): (.*) after \d+ plies$")


def match_games(lines, depths):
    """The games of `match --verbose`'s output as they come: a game's line, its moves below."""
    header = None
    for line in lines:
        if header:
            number, opening, fen, a_color, verdict = header.groups()
            yield MatchGame(int(number), opening, fen, a_color, verdict, line.split(), depths)
            header = None
        else:
            header = GAME_LINE.match(line.rstrip("\n"))


def lost_match_games(shashki, count, seed, depths):
    """Plays `shashki match` (A and B at `depths`) until A has lost `count` games."""
    command = shashki.command(
        "match", "--games", MAX_MATCH_GAMES, "--a-depth", depths[0], "--b-depth", depths[1],
        "--verbose", "--no-egtb", "--seed", seed)
    print("games:", " ".join(command[len(shashki.nice):]), flush=True)
    lost, played = [], 0
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                          cwd=shashki.workdir) as match:
        for game in match_games(match.stdout, depths):
            played += 1
            if game.verdict.startswith("B wins"):
                lost.append(game)
            if len(lost) == count:
                match.terminate()
                break
    print(f"  A lost {len(lost)} of the first {played} games", flush=True)
    if len(lost) < count:
        raise SystemExit(f"only {len(lost)} lost games in {played}")
    return lost


def write_lost_games(shashki, games, path):
    path.write_text("\n".join(game.pdn() for game in games), encoding="utf-8")
    count = shashki.game_count(path)
    print(f"  written to {path}; shashki pdn check: {count} games OK", flush=True)


# ---------------------------------------------------------------- what the console said


@dataclass
class Slip:
    """A move the review lists (or its decisive mistake), with the line that punishes it."""
    number: str  # "26." or "12..."
    side: str
    move: str
    kind: str = "mistake"  # or "blunder"
    line: str = ""
    combination: bool = False
    played: int = 0
    best_move: str = ""
    best: int = 0
    position: str = ""

    @property
    def key(self):
        return (int(self.number.rstrip(".")), self.move)


@dataclass
class Review:
    slips: list = field(default_factory=list)
    decisive: Slip = None
    no_decisive: str = ""  # the review's words when it names none
    lost: bool = False


SLIP = re.compile(r"^(\d+\.(?:\.\.)?) (White|Black) (\S+): a (mistake|blunder), ")
DECISIVE = re.compile(
    r"^(White|Black)'s decisive mistake: (\d+\.(?:\.\.)?) (\S+) \((.+?) after it"
    r"(?:; (\S+) kept (.+?))?\), the game lost from then on")
NO_DECISIVE = re.compile(
    r"^(?:no (?:single )?move of (White|Black)'s .*|(White|Black) was lost from the first .*)$")
ANSWER = re.compile(
    r"^\s+(?:White|Black) answers(?: with (?:a|the) combination(?: \"[^\"]*\")?)?: (.*)$")


def read_review(lines):
    review = Review()
    current = None
    for index, line in enumerate(lines):
        slip, decisive, none = SLIP.match(line), DECISIVE.match(line), NO_DECISIVE.match(line)
        if slip:
            current = Slip(slip[1], slip[2], slip[3], kind=slip[4])
            review.slips.append(current)
        elif decisive:
            current = Slip(decisive[2], decisive[1], decisive[3],
                           played=parse_score(decisive[4]), best_move=decisive[5] or "",
                           best=parse_score(decisive[6]) if decisive[6] else 0)
            review.decisive, review.lost = current, True
        elif none:
            review.no_decisive, review.lost = line.strip(), True
        elif current and ANSWER.match(line):
            read_answer(current, line)
        elif current and line.strip().startswith("position:"):
            fen = line.split("position:", 1)[1].strip() or lines[index + 1].strip()
            current.position = fen
            current = None
    return review


def read_answer(slip, line):
    text = ANSWER.match(line)[1]
    slip.combination = "combination" in line.split(":", 1)[0]
    if slip.combination:
        text = text.rsplit(", winning ", 1)[0]
    slip.line = text.removesuffix(" ...").strip()


@dataclass
class Lesson:
    name: str
    side: str
    fen: str
    moves: list
    provenance: dict

    @property
    def key(self):
        return (int(self.provenance.get("move", 0)), self.provenance.get("played", ""))


def read_lessons(path):
    """The lessons of lessons.txt: each fact's board (the game's own, for either side),
    side to move, `play` moves and provenance."""
    lessons, provenance, rows = [], {}, {}
    if not path.exists():
        return lessons
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("% origin: lesson;"):
            pairs = line.split(";")[1:]
            provenance = dict(pair.strip().split("=", 1) for pair in pairs if "=" in pair)
        elif fact := re.match(r'^fact "(.*)" for (white|black)$', line):
            rows = {}
            lessons.append(Lesson(fact[1], fact[2].capitalize(), "", [], provenance))
            provenance = {}
        elif row := re.match(r"^\s+([1-8])((?: \S){8})$", line):
            rows[row[1]] = row[2].split()
            if len(rows) == 8 and lessons:
                lessons[-1].fen = board_fen(lessons[-1].side, rows)
        elif play_line := re.match(r"^\s+play (\S+)", line):
            lessons[-1].moves.append(play_line[1])
    return lessons


def board_fen(side, rows):
    pieces = {}
    for rank, cells in rows.items():
        for file_index, cell in enumerate(cells):
            if cell in "wWbB":
                pieces[chr(ord("a") + file_index) + rank] = cell
    return write_fen(side[0], pieces)


@dataclass
class TrainAnswer:
    played: str
    right: bool
    line: str  # the line after the mistake


def read_training(lines):
    """Each lesson `train` posed and what it answered to the mistake played again."""
    answers, posed = [], None
    for line in lines:
        asked = re.search(r"you played (\S+?)\. Find a better move", line)
        wrong = re.search(r"not this: (.*?); \S+ keeps the game", line)
        right = re.match(r"^right: (.*)$", line)
        if asked:
            posed = asked[1]
        elif posed and (wrong or right):
            words = (wrong or right)[1].split()
            line_after = " ".join(words[1:]) if words and words[0] == posed else " ".join(words)
            answers.append(TrainAnswer(posed, bool(right), line_after))
            posed = None
    return answers


# ---------------------------------------------------------------- the checks


@dataclass
class Outcome:
    """One game's checks: True (passed), False (failed) or None (does not apply)."""
    label: str
    loser: str = "?"
    decisive: str = "-"
    named: bool = None
    best: int = None  # b) the best move's score and the mistake's, by the checking search
    mistake: int = None
    avoidable: bool = None
    lesson: bool = None
    kb_check: bool = None
    train: bool = None
    lessons: int = 0
    decisive_lessons: int = 0
    blunder_lessons: int = 0
    train_matching: int = 0
    notes: list = field(default_factory=list)

    def failed(self):
        return any(check is False for check in
                   (self.named, self.avoidable, self.lesson, self.kb_check, self.train))


def check_game(shashki, pdn, number, label, data_dir):
    outcome = Outcome(label)
    data_dir.mkdir(parents=True)
    said = shashki.console(data_dir, [f"open {pdn} {number}", "review", "quit"], "review.txt")
    review = read_review(said)
    if not review.lost:
        outcome.notes.append("not a lost game: skipped")
        return outcome
    check_named(outcome, review)
    if review.decisive:
        check_avoidable(shashki, outcome, review.decisive)
    lessons_path = data_dir / "lessons.txt"
    lessons = read_lessons(lessons_path)
    check_lessons(shashki, outcome, review, lessons)
    if lessons:
        check_kb(shashki, outcome, lessons_path)
        check_training(shashki, outcome, review, lessons, data_dir)
    return outcome


def check_kb(shashki, outcome, lessons_path):
    """d) `shashki kb check lessons.txt` exits 0."""
    done = shashki.run("kb", "check", lessons_path)
    outcome.kb_check = done.returncode == 0
    if not outcome.kb_check:
        said = (done.stdout + done.stderr).strip().replace("\n", " | ")
        outcome.notes.append(f"(d) kb check exit {done.returncode}: {said}")


# The review's words where, as the README says, no move of the loser's lost the game.
NONE_BY_DESIGN = ("lost from the first position", "the flag fell", "resigned in a position")


def check_named(outcome, review):
    """a) the review names the loser's decisive mistake, or says there was none for a reason
    the README gives (lost from the start, on time, by resigning)."""
    decisive = review.decisive
    if decisive:
        outcome.named, outcome.loser = True, decisive.side
        outcome.decisive = f"{decisive.number} {decisive.move}"
        return
    outcome.loser = re.search(r"White|Black", review.no_decisive)[0]
    outcome.named = any(words in review.no_decisive for words in NONE_BY_DESIGN)
    outcome.decisive = "none"
    outcome.notes.append(f"(a) {review.no_decisive}")


def check_avoidable(shashki, outcome, decisive):
    """b) the best move of a `--depth` search beats the mistake by a quarter of a man."""
    best = shashki.score(decisive.position)
    mistake = -shashki.score(shashki.after(decisive.position, decisive.move))
    outcome.best, outcome.mistake = best, mistake
    outcome.avoidable = best - mistake >= AVOIDABLE
    if not outcome.avoidable:
        outcome.notes.append(
            f"(b) depth {shashki.depth}: best {show_score(best)}, {decisive.move} "
            f"{show_score(mistake)} (the review: {decisive.best_move} kept "
            f"{show_score(decisive.best)}, {show_score(decisive.played)} after the mistake)")


def filed_by_design(decisive):
    """Whether the README files the decisive mistake: its punishment is concrete."""
    return (standing(decisive.best) != standing(decisive.played)
            or decisive.best - decisive.played >= BLUNDER
            or decisive.combination)


def check_lessons(shashki, outcome, review, lessons):
    """c) the decisive mistake is a lesson (where the README files it), right in every
    part, and the lessons are that one and the loser's blunders."""
    decisive = review.decisive
    loser_blunders = {slip.key for slip in blunders(review) if slip.side == outcome.loser}
    expected = set(loser_blunders)
    if decisive and filed_by_design(decisive):
        expected.add(decisive.key)
    filed = {lesson.key for lesson in lessons}
    outcome.lessons = len(lessons)
    outcome.decisive_lessons = int(bool(decisive) and decisive.key in filed)
    outcome.blunder_lessons = len(filed & loser_blunders - {decisive.key if decisive else None})
    if filed != expected:
        outcome.lesson = False
        outcome.notes.append(f"(c) lessons filed {sorted(filed)}, expected {sorted(expected)}")
    if not decisive:
        return
    lesson = next((lesson for lesson in lessons if lesson.key == decisive.key), None)
    if lesson is None:
        if decisive.key in expected:
            outcome.lesson = False
        else:
            outcome.notes.append("(c) decisive mistake not filed: its punishment is not "
                                 "concrete (README)")
        return
    problems = lesson_problems(shashki, lesson, decisive)
    outcome.notes.extend(f"(c) {problem}" for problem in problems)
    outcome.lesson = outcome.lesson is not False and not problems


def blunders(review):
    return [slip for slip in review.slips if slip.kind == "blunder"]


def lesson_problems(shashki, lesson, decisive):
    problems = []
    if not same_position(lesson.fen, decisive.position):
        problems.append(f"board {lesson.fen} is not the position {decisive.position}")
    if lesson.side != decisive.side:
        problems.append(f"for {lesson.side.lower()}, the mistake was {decisive.side}'s")
    if not lesson.moves:
        return problems + ["no play move"]
    if lesson.moves[0] == decisive.move:
        return problems + [f"the first play move is the mistake itself, {decisive.move} "
                           f"(play lines: {' '.join(lesson.moves)})"]
    mistake = -shashki.score(shashki.after(decisive.position, decisive.move))
    first = -shashki.score(shashki.after(decisive.position, lesson.moves[0]))
    if first - mistake < AVOIDABLE:
        problems.append(f"play {lesson.moves[0]} ({show_score(first)}) is not a quarter of "
                        f"a man above {decisive.move} ({show_score(mistake)})")
    return problems


def check_training(shashki, outcome, review, lessons, data_dir):
    """e) each lesson's mistake played again in `train` is answered with the review's line."""
    script = [step for lesson in lessons for step in ("train", lesson.provenance["played"])]
    said = shashki.console(data_dir, script + ["quit"], "train.txt")
    answers = read_training(said)
    lines = {slip.key: slip.line for slip in review.slips}
    if review.decisive:
        lines[review.decisive.key] = review.decisive.line
    by_move = {lesson.provenance["played"]: lesson for lesson in lessons}
    matching = 0
    for answer in answers:
        lesson = by_move.get(answer.played)
        wanted = lines.get(lesson.key) if lesson else None
        if not answer.right and wanted is not None and answer.line == wanted:
            matching += 1
        else:
            said = "right" if answer.right else "not this"
            outcome.notes.append(
                f"(e) {answer.played} played again: train said '{said}: {answer.played} "
                f"{answer.line}'; the review's line against it: '{wanted}'")
    outcome.train_matching = matching
    outcome.train = matching == len(lessons) == len(answers)
    if len(answers) != len(lessons):
        outcome.notes.append(f"(e) train posed {len(answers)} of {len(lessons)} lessons")


# ---------------------------------------------------------------- the report


def mark(check):
    return {True: "ok", False: "FAIL", None: "-"}[check]


def print_table(outcomes, depth):
    print(f"\nb) scores by a depth-{depth} search, for the loser; lessons: filed (the decisive "
          f"mistake + other blunders)")
    header = (f"{'game':<16} {'loser':<5} {'a) decisive':<15} {'b) best/mistake':<19} "
              f"{'c) lesson':<9} {'d) kb':<5} {'e) train':<8} lessons")
    print(header)
    print("-" * len(header))
    for o in outcomes:
        scores = "-" if o.best is None else (
            f"{short_score(o.best)}/{short_score(o.mistake)} {mark(o.avoidable)}")
        lessons = f"{o.lessons} ({o.decisive_lessons}+{o.blunder_lessons})"
        print(f"{o.label:<16} {o.loser:<5} {o.decisive:<15} {scores:<19} {mark(o.lesson):<9} "
              f"{mark(o.kb_check):<5} {mark(o.train):<8} {lessons}")
    for o in outcomes:
        for note in o.notes:
            print(f"  {o.label}: {note}")


def print_counts(outcomes, shashki, seconds):
    lost = [o for o in outcomes if o.named is not None]
    with_lessons = [o for o in lost if o.lessons]

    def passed(name):
        return sum(getattr(o, name) is True for o in lost)

    filed = sum(o.lessons for o in lost)
    decisive = sum(o.decisive_lessons for o in lost)
    blunder = sum(o.blunder_lessons for o in lost)
    print()
    print(f"games: {len(lost)} lost (of {len(outcomes)} read)")
    named = sum(o.decisive not in ("-", "none") for o in lost)
    print(f"a) decisive mistakes named: {named} of {len(lost)} "
          f"({passed('named') - named} none, for a reason the README gives)")
    print(f"b) avoidable by a depth-{shashki.depth} search (a quarter of a man): "
          f"{passed('avoidable')} of {named}")
    by_design = sum(o.lesson is None and o.decisive not in ("-", "none") for o in lost)
    print(f"c) decisive mistakes filed as lessons, right in every part: {passed('lesson')} of "
          f"{named - by_design} ({by_design} not filed by design: punishment not concrete)")
    print(f"   lessons filed: {filed} ({decisive} decisive mistakes + {blunder} other blunders)")
    print(f"d) kb check passes: {passed('kb_check')} of {len(with_lessons)} lesson files")
    print(f"e) train answers matching the review: {sum(o.train_matching for o in lost)} of "
          f"{filed} lessons ({passed('train')} of {len(with_lessons)} games)")
    print(f"time: {seconds:.0f} s in all, {shashki.search_seconds:.0f} s of them in "
          f"{len(shashki.scores)} depth-{shashki.depth} searches")


# ---------------------------------------------------------------- main


def default_shashki():
    built = Path(__file__).resolve().parent.parent / "target" / "release" / "shashki"
    return str(built) if built.exists() else shutil.which("shashki") or "shashki"


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pdn", nargs="*", type=Path,
                        help="PDN files of lost games (default: games generated by a match)")
    parser.add_argument("--shashki", default=default_shashki(), help="the program to check")
    parser.add_argument("--games", type=int, default=10, help="lost games to generate (10)")
    parser.add_argument("--depth", type=int, default=16, help="the checking search's depth (16)")
    parser.add_argument("--seed", type=int, default=1,
                        help="the match's seed (1; with both sides at a depth, the games "
                        "do not depend on it)")
    parser.add_argument("--a-depth", type=int, default=A_DEPTH,
                        help=f"the losing side A's depth in the match ({A_DEPTH})")
    parser.add_argument("--b-depth", type=int, default=B_DEPTH,
                        help=f"the winning side B's depth in the match ({B_DEPTH})")
    parser.add_argument("--keep", type=Path,
                        help="keep the games, data directories and outputs in this folder")
    return parser.parse_args()


def game_sources(shashki, args, workdir):
    """(PDN file, game number, label) for every game to check."""
    if not args.pdn:
        depths = (args.a_depth, args.b_depth)
        games = lost_match_games(shashki, args.games, args.seed, depths)
        path = workdir / "lost-games.pdn"
        write_lost_games(shashki, games, path)
        return [(path, index + 1, f"match game {game.number}")
                for index, game in enumerate(games)]
    sources = []
    for pdn in args.pdn:
        pdn = pdn.resolve()
        count = shashki.game_count(pdn)
        sources += [(pdn, n, f"{pdn.name} {n}" if count > 1 else pdn.name)
                    for n in range(1, count + 1)]
    return sources


def main():
    args = arguments()
    started = time.monotonic()
    if args.keep and args.keep.exists() and any(args.keep.iterdir()):
        raise SystemExit(f"--keep {args.keep}: the folder is not empty")
    workdir = (args.keep or Path(tempfile.mkdtemp(prefix="lessons-check-"))).resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    try:
        shashki = Shashki(args.shashki, workdir, args.depth)
        outcomes = []
        for index, (pdn, number, label) in enumerate(game_sources(shashki, args, workdir)):
            print(f"checking {label} ...", flush=True)
            data_dir = workdir / f"{index + 1:02}-{re.sub(r'[^A-Za-z0-9]+', '-', label)}"
            outcomes.append(check_game(shashki, pdn, number, label, data_dir))
        print_table(outcomes, args.depth)
        print_counts(outcomes, shashki, time.monotonic() - started)
        if args.keep:
            print(f"kept in {workdir}")
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    return 1 if any(o.failed() for o in outcomes) or not outcomes else 0


if __name__ == "__main__":
    sys.exit(main())
