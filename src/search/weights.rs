//! The weights of the fitted evaluation (see `features.rs` for what each counts).
//!
//! Written by `shashki tune fit`; edit by hand only to try a change.

use super::features::{FEATURES, Weights};

/// The weights the bot plays with.
pub const TUNED: Weights = Weights {
    opening: OPENING,
    ending: ENDING,
};

/// The hand-set starting point of the fit: the older evaluation's terms.
pub const HAND: Weights = Weights {
    opening: [
        100, 270, 0, 1, 2, 4, 6, 9, 8, 3, 10, 4, 8, 16, 30, 50, 2, 0, 0, 0, 0, 0, 0, 0,
    ],
    ending: [
        100, 270, 3, 6, 10, 15, 22, 32, 0, 0, 0, 0, 8, 16, 30, 50, 2, 30, 15, 0, 0, 0, 0, 0,
    ],
};

const OPENING: [i32; FEATURES] = HAND.opening;
const ENDING: [i32; FEATURES] = HAND.ending;
