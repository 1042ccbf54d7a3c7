//! The sequential probability ratio test of a match, as fishtest runs it: the games are
//! counted in pairs (one opening, both colours), a pair's two results make one of five
//! outcomes (the pentanomial model), and the generalized log-likelihood ratio of
//! "the Elo difference is `elo1`" against "it is `elo0`" (logistic Elo) decides as soon
//! as it leaves the bounds that `alpha` and `beta` set.
//!
//! The ratio is that of fishtest's `LLR_logistic` (`server/fishtest/stats/LLRcalc.py`):
//! the maximum-likelihood distributions of the pair scores whose expected score is that
//! of `elo0` and of `elo1` (the secular equation of M. Van den Bergh, "Support of the
//! MLE for a multinomial"), empty outcomes counted as 0.001 pairs.

use std::fmt;

/// Pairs of games by their score for the tested side: 0, ½, 1, 1½ and 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Counts a pair whose games scored `first` and `second` for the tested side (1 a
    /// win, 0.5 a draw, 0 a loss).
    pub fn add(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[half_points] += 1;
    }

    /// The pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}

/// The expected score of an Elo difference (logistic Elo).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference whose expected score is `score` (clamped away from 0 and 1): the
/// inverse of [`score_of_elo`].
pub fn elo_of_score(score: f64) -> f64 {
    let score = score.clamp(0.001, 0.999);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The generalized log-likelihood ratio of Elo `elo1` against Elo `elo0` for the pairs
/// `pairs` (fishtest's `LLR_logistic` of a pentanomial).
pub fn llr_logistic(elo0: f64, elo1: f64, pairs: &Pentanomial) -> f64 {
    const EMPTY: f64 = 1e-3;
    let counts: Vec<f64> = pairs
        .0
        .iter()
        .map(|&n| if n == 0 { EMPTY } else { f64::from(n) })
        .collect();
    let total: f64 = counts.iter().sum();
    let empirical: Vec<(f64, f64)> = counts
        .iter()
        .enumerate()
        .map(|(i, &n)| (i as f64 / 4.0, n / total))
        .collect();
    let under = |elo| maximum_likelihood(&empirical, score_of_elo(elo));
    let (null, alternative) = (under(elo0), under(elo1));
    total
        * empirical
            .iter()
            .zip(null.iter().zip(&alternative))
            .map(|(&(_, p), (&p0, &p1))| p * (p1.ln() - p0.ln()))
            .sum::<f64>()
}

/// The distribution on the values of `empirical` nearest it (in likelihood) whose
/// expected value is `s`: `p_i / (1 + x (a_i - s))`, with `x` the root of the secular
/// equation Σ p_i (a_i - s) / (1 + x (a_i - s)) = 0.
fn maximum_likelihood(empirical: &[(f64, f64)], s: f64) -> Vec<f64> {
    let centred: Vec<(f64, f64)> = empirical.iter().map(|&(a, p)| (a - s, p)).collect();
    let f = |x: f64| -> f64 { centred.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum() };
    let lowest = centred
        .iter()
        .map(|&(a, _)| a)
        .fold(f64::INFINITY, f64::min);
    let highest = centred
        .iter()
        .map(|&(a, _)| a)
        .fold(f64::NEG_INFINITY, f64::max);
    // The root lies where every 1 + x a_i stays positive; f falls on that interval.
    let margin = 1e-9;
    let (mut low, mut high) = (-1.0 / highest + margin, -1.0 / lowest - margin);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let x = (low + high) / 2.0;
    centred.iter().map(|&(a, p)| p / (1.0 + x * a)).collect()
}

/// What a test has concluded so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not yet: more pairs are needed.
    Continue,
    /// The difference is `elo1` or more (H1 accepted).
    Accepted,
    /// The difference is `elo0` or less (H0 accepted, H1 rejected).
    Rejected,
}

/// A test of Elo `elo1` against `elo0` with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The chance of accepting the alternative when the null hypothesis holds.
    pub alpha: f64,
    /// The chance of accepting the null hypothesis when the alternative holds.
    pub beta: f64,
}

impl Sprt {
    /// The log-likelihood ratios below and above which the test decides:
    /// ln(β / (1 − α)) and ln((1 − β) / α).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The ratio of `pairs` and what it decides.
    pub fn judge(&self, pairs: &Pentanomial) -> (f64, Verdict) {
        let llr = llr_logistic(self.elo0, self.elo1, pairs);
        let (lower, upper) = self.bounds();
        let verdict = if llr >= upper {
            Verdict::Accepted
        } else if llr <= lower {
            Verdict::Rejected
        } else {
            Verdict::Continue
        };
        (llr, verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values of `LLR_logistic(elo0, elo1, results)` from fishtest's
    /// `server/fishtest/stats/LLRcalc.py` (official-stockfish/fishtest at b8eecff2), run
    /// with Python and SciPy's brentq: the published formulas, computed independently.
    const FISHTEST: [(f64, f64, [u32; 5], f64); 8] = [
        (0.0, 5.0, [0, 0, 0, 0, 0], -1.0354483502281707e-06),
        (0.0, 5.0, [10, 20, 30, 20, 10], -0.027953199389112594),
        (0.0, 5.0, [5, 40, 100, 50, 8], 0.5397189492972182),
        (-5.0, 0.0, [30, 80, 200, 60, 20], -1.1351419036342625),
        (0.0, 10.0, [1, 12, 60, 30, 9], 2.4701966081411504),
        (0.0, 70.0, [2, 10, 40, 30, 18], 11.593047657481282),
        (-10.0, 10.0, [0, 3, 50, 4, 0], 0.8495257127782169),
        (0.0, 5.0, [300, 1200, 2500, 1300, 310], 1.2832083852121832),
    ];

    #[test]
    fn the_ratio_is_fishtest_s() {
        for (elo0, elo1, counts, expected) in FISHTEST {
            let llr = llr_logistic(elo0, elo1, &Pentanomial(counts));
            let tolerance = 1e-7 * expected.abs().max(1.0);
            assert!(
                (llr - expected).abs() < tolerance,
                "{counts:?} [{elo0}, {elo1}]: {llr} against {expected}"
            );
        }
    }

    #[test]
    fn elo_and_score_are_inverses() {
        for elo in [-300.0, -40.0, 0.0, 25.0, 400.0] {
            assert!(
                (elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9,
                "{elo}"
            );
        }
        assert!((score_of_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn the_bounds_are_those_of_the_error_rates() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lower, upper) = test.bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-6 && (upper - 2.944_438_979).abs() < 1e-6);
    }

    #[test]
    fn a_pair_counts_by_its_points() {
        let mut pairs = Pentanomial::default();
        pairs.add(1.0, 1.0);
        pairs.add(0.5, 0.0);
        pairs.add(0.0, 1.0);
        pairs.add(0.5, 0.5);
        pairs.add(1.0, 0.5);
        assert_eq!(pairs, Pentanomial([0, 1, 2, 1, 1]));
        assert_eq!(pairs.pairs(), 5);
    }

    /// Feeds `stream` (pairs' points, repeated) to `test` until it decides: the verdict
    /// and the pairs it took.
    fn run(test: &Sprt, stream: &[(f64, f64)], most: usize) -> (Verdict, usize) {
        let mut pairs = Pentanomial::default();
        for (count, &(first, second)) in stream.iter().cycle().take(most).enumerate() {
            pairs.add(first, second);
            let (_, verdict) = test.judge(&pairs);
            if verdict != Verdict::Continue {
                return (verdict, count + 1);
            }
        }
        (Verdict::Continue, most)
    }

    #[test]
    fn a_clearly_better_side_is_accepted_a_worse_one_rejected_and_an_even_one_undecided() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // Scoring some 60 % in pairs: far above 10 Elo, accepted soon.
        let better = [(1.0, 0.5), (0.5, 0.5), (1.0, 0.0), (0.5, 1.0), (0.5, 0.0)];
        let (verdict, took) = run(&test, &better, 10_000);
        assert_eq!(verdict, Verdict::Accepted);
        assert!(took < 500, "{took}");
        // Some 40 %: rejected.
        let worse = [(0.0, 0.5), (0.5, 0.5), (0.0, 1.0), (0.5, 0.0), (0.5, 1.0)];
        assert_eq!(run(&test, &worse, 10_000).0, Verdict::Rejected);
        // Exactly 50 % at 5 Elo's midway: neither after a few dozen pairs.
        let even = [(1.0, 0.0), (0.5, 0.5)];
        assert_eq!(run(&test, &even, 40).0, Verdict::Continue);
    }
}
