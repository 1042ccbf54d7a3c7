//! Timing shared by the benchmarks: several runs, each checked, best and median kept.

use std::time::Instant;

/// Runs timed: the fastest and the middle one, in seconds.
pub struct Timing {
    pub best: f64,
    pub median: f64,
}

impl Timing {
    /// `best` and `median` with `count` items a run turned into millions per second.
    pub fn describe(&self, count: u64, items: &str) -> String {
        let rate = |seconds: f64| count as f64 / seconds / 1e6;
        format!(
            "best {:.3} s ({:.2} M {items}/s), median {:.3} s ({:.2} M {items}/s)",
            self.best,
            rate(self.best),
            self.median,
            rate(self.median)
        )
    }
}

/// Times `run` on what `setup` prepares (setup untimed), `runs` times, asserting that
/// every run counts `expected`, so a broken program cannot post a fast time.
pub fn time_runs<S>(
    runs: usize,
    expected: u64,
    what: &str,
    mut setup: impl FnMut() -> S,
    mut run: impl FnMut(S) -> u64,
) -> Timing {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let prepared = setup();
            let started = Instant::now();
            let counted = run(prepared);
            let seconds = started.elapsed().as_secs_f64();
            assert_eq!(counted, expected, "{what}");
            seconds
        })
        .collect();
    times.sort_by(f64::total_cmp);
    Timing {
        best: times[0],
        median: times[runs / 2],
    }
}
