"""The jobs of an endgame-table build of N pieces, as waves a scheduler can run.

Usage: python3 scripts/egtb_waves.py PIECES OUTDIR

Writes OUTDIR/wave-M.txt for M = 0, 1, ...: the materials of exactly PIECES
pieces with M men in all, one line per unit (a material and its colour-swapped
twin, solved by one `shashki egtb build --only MATERIAL` job), the largest
first. A wave needs the tables of fewer pieces and the waves before it (a
promotion leaves one man fewer); the jobs of one wave need nothing of each
other. docs/TABLEBASE.md shows how to run them.
"""
import os
import sys
from math import comb


def positions(white_men, white_kings, black_men, black_kings):
    """The indices of a material's table: men off their promotion row, kings on the rest."""
    men = white_men + black_men
    return (comb(28, white_men) * comb(28, black_men)
            * comb(32 - men, white_kings) * comb(32 - men - white_kings, black_kings))


def units(pieces):
    """Each unit of `pieces` pieces once: (men in all, indices of both tables, name)."""
    seen = {}
    for wm in range(pieces + 1):
        for wk in range(pieces + 1 - wm):
            for bm in range(pieces + 1 - wm - wk):
                bk = pieces - wm - wk - bm
                if wm + wk == 0 or bm + bk == 0:
                    continue
                name, twin = f"w{wm}m{wk}k-b{bm}m{bk}k", f"w{bm}m{bk}k-b{wm}m{wk}k"
                if twin in seen:
                    continue
                size = positions(wm, wk, bm, bk) * (1 if name == twin else 2)
                seen[name] = (wm + bm, size)
    return [(men, size, name) for name, (men, size) in seen.items()]


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    pieces, out = int(sys.argv[1]), sys.argv[2]
    os.makedirs(out, exist_ok=True)
    all_units = units(pieces)
    for men in sorted({men for men, _, _ in all_units}):
        wave = sorted((u for u in all_units if u[0] == men), key=lambda u: -u[1])
        with open(os.path.join(out, f"wave-{men}.txt"), "w") as file:
            file.writelines(name + "\n" for _, _, name in wave)
        total = sum(size for _, size, _ in wave)
        print(f"wave-{men}.txt: {len(wave)} jobs, {total:,} positions")


if __name__ == "__main__":
    main()
