//! Search benchmark: nodes per second at a fixed depth from the start, a
//! middlegame and a many-kings position.
//!
//! Run with `cargo bench --bench search`. Each run asserts the node count, so
//! a change that alters the tree (or breaks the generator) is noticed instead
//! of posting a time that compares with nothing.

mod support;

use shashki::eval::Evaluator;
use shashki::search::{Context, Limits, Stop, TranspositionTable, search};
use shashki::{Game, Position, START_FEN};
use support::time_runs;

/// Each position with its depth and the nodes the search visits there with the
/// bot's evaluation (fitted weights and local patterns), with the fitted weights
/// alone, and with the hand-written evaluation (the bot's before the fitted ones,
/// whose tree earlier versions searched too, so their speeds compare).
const CASES: [(&str, &str, u32, [u64; 3]); 3] = [
    ("start", START_FEN, 16, [4_156_896, 5_800_986, 5_613_435]),
    (
        "middlegame",
        "W:Wc1,e1,g1,b2,h2,c3,e3,b4:Ba5,g5,d6,a7,c7,e7,f8,h8",
        17,
        [3_090_688, 4_060_690, 3_597_875],
    ),
    (
        "many kings",
        "W:WKa1,Kc3,Kg3,Ka5,Kd6,Ka7,Kf8:BKe1,Kd2,Ka3,Ke3,Kh4,Kb6,Kf6,Ke7,Kg7",
        15,
        [2_296_866, 3_092_827, 3_518_435],
    ),
];
const RUNS: usize = 5;
/// The same table size every run, cleared by being made afresh, so the tree is repeatable.
const HASH_MB: usize = 16;

fn main() {
    for (name, fen, depth, [pattern_nodes, fitted_nodes, hand_nodes]) in CASES {
        let position: Position = fen.parse().expect("a valid bench position");
        for (eval_name, eval, expected) in [
            ("pattern", Evaluator::bot(), pattern_nodes),
            ("fitted", Evaluator::fitted(), fitted_nodes),
            ("hand", Evaluator::hand(), hand_nodes),
        ] {
            let what = format!("{name}: nodes at depth {depth}, {eval_name} evaluation");
            let fresh_table = || TranspositionTable::new(HASH_MB);
            let timing = time_runs(RUNS, expected, &what, fresh_table, |mut tt| {
                let result = search(
                    &Game::new(position),
                    Limits::Depth(depth),
                    Context {
                        tt: &mut tt,
                        eval: &eval,
                        // No tables: the built-in ones, solved on a thread of their own
                        // while the search runs, would make the tree depend on the timing.
                        tablebase: None,
                        stop: &Stop::new(),
                    },
                    &mut |_| {},
                );
                result.nodes
            });
            println!(
                "search {name} depth {depth} ({eval_name} evaluation): {expected} nodes, {}",
                timing.describe(expected, "nodes")
            );
        }
    }
}
