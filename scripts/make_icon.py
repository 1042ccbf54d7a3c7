#!/usr/bin/env python3
"""Draws assets/shashki.ico, the program's icon on Windows: a red draughts king (a man
with a crown ring) on a dark square, at 16, 32, 48 and 64 pixels. Run from the
repository's root; the icon is committed, so a build never runs this."""

import math
import struct

SIZES = (16, 32, 48, 64)
DARK = (94, 58, 36, 255)  # the dark square
PIECE = (176, 34, 34, 255)  # the man
RIM = (110, 16, 16, 255)  # its edge and the crown ring
GOLD = (230, 190, 60, 255)  # the crown


def pixel(size, x, y):
    """The colour of pixel (x, y), y down, of the icon `size` pixels wide."""
    c = (size - 1) / 2
    r = math.hypot(x - c, y - c) / (size / 2)
    if r > 0.86:
        return DARK
    if r > 0.78:
        return RIM
    if 0.40 < r < 0.50:
        return GOLD
    if r < 0.16:
        return RIM
    return PIECE


def image(size):
    """One image of the icon: a BITMAPINFOHEADER, BGRA rows bottom up, an empty mask."""
    rows = []
    for y in reversed(range(size)):
        row = b"".join(bytes((b, g, r, a)) for (r, g, b, a) in (pixel(size, x, y) for x in range(size)))
        rows.append(row)
    mask_row = ((size + 31) // 32) * 4
    header = struct.pack("<IiiHHIIiiII", 40, size, 2 * size, 1, 32, 0, 0, 0, 0, 0, 0)
    return header + b"".join(rows) + bytes(mask_row * size)


def main():
    images = [image(size) for size in SIZES]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, data in zip(SIZES, images):
        side = 0 if size == 256 else size
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    out += b"".join(images)
    with open("assets/shashki.ico", "wb") as f:
        f.write(out)


if __name__ == "__main__":
    main()
