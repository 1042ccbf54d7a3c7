#!/usr/bin/env python3
"""How many combination puzzles of `tests/data/combos.jsonl` the bot solves: for each,
`shashki bestmove` at a move time with a knowledge base, and the first move compared
with the puzzle's.

    cargo build --release
    python3 scripts/combos_solved.py --movetime 100 [--kb PATH | --no-kb] [--shashki target/release/shashki]

Prints each miss (the move played and the source line) and `solved S of N`. Run it from
a directory without `kb/combs.txt` and with an empty `XDG_DATA_HOME` to measure the
built-in base alone; `--kb DIR/combs.txt` uses that file and the `learned.txt` beside it.
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shashki", default=os.path.join(HERE, "..", "target", "release", "shashki"))
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--kb", help="knowledge-base file (default: the base the program finds)")
    parser.add_argument("--no-kb", action="store_true", help="search alone")
    parser.add_argument("--data", default=os.path.join(HERE, "..", "tests", "data", "combos.jsonl"))
    args = parser.parse_args()

    solved = total = 0
    with open(args.data, encoding="utf-8") as puzzles:
        for line in puzzles:
            if not line.startswith("{"):
                continue
            puzzle = json.loads(line)
            command = [args.shashki, "bestmove", "--fen", puzzle["fen"], "--movetime", str(args.movetime)]
            if args.no_kb:
                command.append("--no-kb")
            elif args.kb:
                command += ["--kb", args.kb]
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout.splitlines()
            total += 1
            if out and out[-1] == puzzle["first_move"]:
                solved += 1
            else:
                print(f"miss: {puzzle['name']} ({puzzle['fen']}): played {out[-1] if out else '?'}, "
                      f"wanted {puzzle['first_move']}; {out[0] if out else ''}")
    print(f"solved {solved} of {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
