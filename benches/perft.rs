//! Move-generator benchmark: perft from the start, a middlegame and a many-kings
//! ending, every move made down to depth 0 and in bulk mode.
//!
//! Run with `cargo bench --bench perft`. Each run asserts the node count, so a
//! broken generator cannot post a fast time.

mod support;

use shashki::{PerftMode, Position, START_FEN, perft_with};
use support::time_runs;

/// Each position with its depth and leaf count. The start's count is the rule
/// book's; the others extend rows of tests/data/perft.tsv (the many-kings ending
/// is there to depth 8) and the middlegame of tests/data/movegen.jsonl, counted by
/// the generator that matched all the reference data, making and bulk agreeing.
const CASES: [(&str, &str, u32, u64); 3] = [
    ("start", START_FEN, 10, 22_444_032),
    (
        "middlegame",
        "W:Wc1,e1,g1,b2,h2,c3,e3,b4:Ba5,g5,d6,a7,c7,e7,f8,h8",
        9,
        18_723_811,
    ),
    (
        "many kings",
        "W:WKg1,Kd2,Kh2,Ka3,Kd4,Kh4,Kc5,Ke5,Kg5,Kf6,Kh8:BKc1,Kf2,Kc3,Ke3,Kb4,Kf4,Kb6,Ka7,Ke7,Kg7",
        9,
        13_438_466,
    ),
];
const RUNS: usize = 5;

fn main() {
    for (name, fen, depth, leaves) in CASES {
        let position: Position = fen.parse().expect("a valid bench position");
        for mode in [PerftMode::MakeEveryLeaf, PerftMode::Bulk] {
            let what = format!("perft {depth} ({mode:?}) from the {name}");
            let timing = time_runs(
                RUNS,
                leaves,
                &what,
                || (),
                |()| perft_with(&position, depth, mode),
            );
            println!(
                "perft {depth} {name} ({mode:?}): {}",
                timing.describe(leaves, "leaves")
            );
        }
    }
}
