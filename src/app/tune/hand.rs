//! The hand-set weights the fits start from (`tune fit --from hand`): the
//! hand-written evaluation's terms, as near as the features can say them.

use shashki::eval::features::FeatureWeights;

/// The hand-set starting point of the fit: the hand-written evaluation's terms.
pub const HAND: FeatureWeights = FeatureWeights {
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
