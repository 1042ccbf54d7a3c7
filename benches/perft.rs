//! Move-generator benchmark: perft 10 from the start, every move made down to depth 0.
//!
//! Run with `cargo bench --bench perft`. Each run asserts the node count, so a
//! broken generator cannot post a fast time.

use std::time::Instant;

use shashki::{PerftMode, Position, perft_with};

const DEPTH: u32 = 10;
const LEAVES: u64 = 22_444_032;
const RUNS: usize = 5;

fn main() {
    let start = Position::start();
    for mode in [PerftMode::MakeEveryLeaf, PerftMode::Bulk] {
        let mut times = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let started = Instant::now();
            let leaves = perft_with(&start, DEPTH, mode);
            times.push(started.elapsed().as_secs_f64());
            assert_eq!(leaves, LEAVES, "perft {DEPTH} from the start");
        }
        times.sort_by(f64::total_cmp);
        let best = times[0];
        let median = times[RUNS / 2];
        println!(
            "perft {DEPTH} ({mode:?}): best {best:.3} s ({:.1} M leaves/s), median {median:.3} s over {RUNS} runs",
            LEAVES as f64 / best / 1e6
        );
    }
}
