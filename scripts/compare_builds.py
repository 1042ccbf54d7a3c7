#!/usr/bin/env python3
"""Speed of one build of shashki against another, measured alternately in one run.

    scripts/compare_builds.py BASE OTHER [--rounds 7]

Each round runs every workload once with BASE and once with OTHER, in turn
(which goes first alternates), so a change of the machine's load falls on both.
A workload is a `perft` to a fixed depth and a `bestmove` to a fixed depth, with
neither knowledge base nor tables, so the work is the same every run. It prints,
per workload, the time of OTHER over BASE's as a speed ratio (above 1: OTHER is
faster) from the best runs and from the medians. See docs/PERFORMANCE.md.
"""

import argparse
import re
import resource
import statistics
import subprocess
import sys

MIDDLEGAME = "W:Wc1,e1,g1,b2,h2,c3,e3,b4:Ba5,g5,d6,a7,c7,e7,f8,h8"
SEARCH = ["bestmove", "--no-kb", "--no-egtb", "--hash", "16"]

WORKLOADS = {
    "perft 11, start": ["perft", "11", "--bulk"],
    "perft 10, middlegame": ["perft", "10", "--bulk", "--fen", MIDDLEGAME],
    "search 18, start": SEARCH + ["--depth", "18"],
    "search 19, middlegame": SEARCH + ["--depth", "19", "--fen", MIDDLEGAME],
}
# What must agree between the builds: the node counts and the move, not the times.
WORK_DONE = re.compile(r"(\d+ nodes|nodes \S+|^\S+$)", re.MULTILINE)


def timed(binary, arguments):
    """The processor time (user and system) of one run, and the work it reports.

    Processor time rather than the clock's: on a shared machine a run that waits
    for the processor is not slower for it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([binary, *arguments], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{binary} {' '.join(arguments)} failed:\n{done.stderr}")
    spent = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return spent, tuple(WORK_DONE.findall(done.stdout))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("other")
    parser.add_argument("--rounds", type=int, default=7)
    options = parser.parse_args()

    times = {name: {options.base: [], options.other: []} for name in WORKLOADS}
    for round_number in range(options.rounds):
        order = [options.base, options.other]
        if round_number % 2:
            order.reverse()
        for name, arguments in WORKLOADS.items():
            outputs = set()
            for binary in order:
                elapsed, output = timed(binary, arguments)
                times[name][binary].append(elapsed)
                outputs.add(output)
            if len(outputs) != 1:
                sys.exit(f"{name}: the two builds answered differently")
        print(f"round {round_number + 1} of {options.rounds}", file=sys.stderr)

    print(f"speed of {options.other} over {options.base}, {options.rounds} rounds")
    print(f"{'workload':<24}{'base best s':>12}{'best':>8}{'median':>8}")
    for name in WORKLOADS:
        base, other = times[name][options.base], times[name][options.other]
        best = min(base) / min(other)
        median = statistics.median(base) / statistics.median(other)
        print(f"{name:<24}{min(base):>12.2f}{best:>8.3f}{median:>8.3f}")


if __name__ == "__main__":
    main()
