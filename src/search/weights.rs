//! The weights of the fitted evaluation (see `features.rs` for what each counts).
//!
//! Written by `shashki tune fit`; edit by hand only to try a change.
//! Fitted from the hand-set weights by `shashki tune fit --epochs 2000` to 516574 quiet positions:
//! /tmp/td-d7.tsv: 514993 quiet positions
//! tests/data/abatsiev.pdn: 56 games, 1581 quiet positions
//! Scale 0.6138; mean squared error 0.080745 before, 0.060998 after.

use super::features::Weights;

/// The weights the bot plays with.
pub const TUNED: Weights = Weights {
    opening: [
        100,  // men
        1303, // kings
        406,  // men on rank 2
        395,  // men on rank 3
        401,  // men on rank 4
        408,  // men on rank 5
        356,  // men on rank 6
        254,  // men on rank 7
        -3,   // men in the centre (c5 d4 e5 f4)
        -16,  // men near the centre (c3 e3 d6 f6)
        453,  // men on the golden squares (c1 e1) while they guard
        423,  // men on the corner guards (a1 g1) while they guard
        128,  // runaway men on rank 4
        150,  // runaway men on rank 5
        389,  // runaway men on rank 6
        941,  // runaway men on rank 7
        0,    // squares the kings reach
        296,  // a king on the long diagonal, clear ahead
        225,  // a king on the long diagonal, blocked ahead
        47,   // men on the edge files (a h)
        53,   // men backed by a piece behind
        37,   // quiet steps the men can make
        172,  // kings on the double diagonals
        14,   // the move (side to move)
    ],
    ending: [
        100,  // men
        52,   // kings
        -100, // men on rank 2
        -98,  // men on rank 3
        -96,  // men on rank 4
        -113, // men on rank 5
        -64,  // men on rank 6
        -10,  // men on rank 7
        15,   // men in the centre (c5 d4 e5 f4)
        21,   // men near the centre (c3 e3 d6 f6)
        -108, // men on the golden squares (c1 e1) while they guard
        -135, // men on the corner guards (a1 g1) while they guard
        -23,  // runaway men on rank 4
        -12,  // runaway men on rank 5
        -63,  // runaway men on rank 6
        -133, // runaway men on rank 7
        -1,   // squares the kings reach
        7,    // a king on the long diagonal, clear ahead
        -58,  // a king on the long diagonal, blocked ahead
        -21,  // men on the edge files (a h)
        -28,  // men backed by a piece behind
        10,   // quiet steps the men can make
        -12,  // kings on the double diagonals
        0,    // the move (side to move)
    ],
};

/// The hand-set starting point of the fit: the older evaluation's terms.
pub const HAND: Weights = Weights {
    opening: [
        100, // men
        270, // kings
        0,   // men on rank 2
        1,   // men on rank 3
        2,   // men on rank 4
        4,   // men on rank 5
        6,   // men on rank 6
        9,   // men on rank 7
        8,   // men in the centre (c5 d4 e5 f4)
        3,   // men near the centre (c3 e3 d6 f6)
        10,  // men on the golden squares (c1 e1) while they guard
        4,   // men on the corner guards (a1 g1) while they guard
        8,   // runaway men on rank 4
        16,  // runaway men on rank 5
        30,  // runaway men on rank 6
        50,  // runaway men on rank 7
        2,   // squares the kings reach
        0,   // a king on the long diagonal, clear ahead
        0,   // a king on the long diagonal, blocked ahead
        0,   // men on the edge files (a h)
        0,   // men backed by a piece behind
        0,   // quiet steps the men can make
        0,   // kings on the double diagonals
        0,   // the move (side to move)
    ],
    ending: [
        100, // men
        270, // kings
        3,   // men on rank 2
        6,   // men on rank 3
        10,  // men on rank 4
        15,  // men on rank 5
        22,  // men on rank 6
        32,  // men on rank 7
        0,   // men in the centre (c5 d4 e5 f4)
        0,   // men near the centre (c3 e3 d6 f6)
        0,   // men on the golden squares (c1 e1) while they guard
        0,   // men on the corner guards (a1 g1) while they guard
        8,   // runaway men on rank 4
        16,  // runaway men on rank 5
        30,  // runaway men on rank 6
        50,  // runaway men on rank 7
        2,   // squares the kings reach
        30,  // a king on the long diagonal, clear ahead
        15,  // a king on the long diagonal, blocked ahead
        0,   // men on the edge files (a h)
        0,   // men backed by a piece behind
        0,   // quiet steps the men can make
        0,   // kings on the double diagonals
        0,   // the move (side to move)
    ],
};
