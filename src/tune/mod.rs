//! Fitting the evaluation's weights to game results ("Texel" tuning).
//!
//! The data are quiet positions (no capture due for either side) from games,
//! each labelled with the game's result for White: 1, ½ or 0. The fit finds the
//! weights under which the evaluation, turned into an expected result by the
//! logistic curve `1 / (1 + e^(−k·score/100))`, is nearest the labels (least
//! squares), by gradient descent (Adam) from a starting table. The scale `k` is
//! fitted first to the starting weights and then held, so that the weights keep
//! their meaning in hundredths of a man; the men's own weight is held at 100.

mod data;
mod source;

use std::time::{Duration, Instant};

use crate::Position;
use crate::search::{FEATURES, FULL_PHASE, Weights, features, is_known_ending};

pub use self::data::{SelfPlay, from_games, read_samples, selfplay, selfplay_games, write_samples};
pub use self::source::weights_source;

/// One labelled position, reduced to what the fit needs.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    counts: [i16; FEATURES],
    phase: u8,
    /// The game's result for White: 1, 0.5 or 0.
    result: f32,
}

impl Sample {
    /// The sample of `position` with `result` for White, or `None` when the position is
    /// not quiet or is a king ending the evaluation's own rules score.
    pub fn new(position: &Position, result: f32) -> Option<Sample> {
        if !is_quiet(position) || is_known_ending(position) {
            return None;
        }
        let (counts, phase) = features(position);
        Some(Sample {
            counts: counts.map(|c| c as i16),
            phase: phase as u8,
            result,
        })
    }
}

/// Whether no capture is due for either side.
pub fn is_quiet(position: &Position) -> bool {
    !position.has_capture()
        && !position
            .with_side_to_move(position.side_to_move().opposite())
            .has_capture()
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights, rounded.
    pub weights: Weights,
    /// The logistic scale.
    pub scale: f64,
    /// The mean squared error of the starting weights.
    pub loss_before: f64,
    /// The mean squared error of the fitted weights (rounded).
    pub loss_after: f64,
    /// Time spent.
    pub time: Duration,
}

/// The features whose weights stay as they start: the men (the unit of the scale).
const HELD: [usize; 1] = [0];

/// Weights as floating-point numbers: the opening table, then the ending table.
type Vector = [f64; 2 * FEATURES];

fn vector(weights: &Weights) -> Vector {
    let mut vector = [0.0; 2 * FEATURES];
    for i in 0..FEATURES {
        vector[i] = f64::from(weights.opening[i]);
        vector[FEATURES + i] = f64::from(weights.ending[i]);
    }
    vector
}

fn rounded(vector: &Vector) -> Weights {
    Weights {
        opening: std::array::from_fn(|i| vector[i].round() as i32),
        ending: std::array::from_fn(|i| vector[FEATURES + i].round() as i32),
    }
}

/// The evaluation of a sample for White, in hundredths of a man.
fn score(sample: &Sample, vector: &Vector) -> f64 {
    let phase = f64::from(sample.phase) / f64::from(FULL_PHASE);
    let (mut opening, mut ending) = (0.0, 0.0);
    for i in 0..FEATURES {
        let count = f64::from(sample.counts[i]);
        opening += vector[i] * count;
        ending += vector[FEATURES + i] * count;
    }
    opening * phase + ending * (1.0 - phase)
}

fn expected(score: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-scale * score / 100.0).exp())
}

/// The mean squared error of `vector` with `scale` over `samples`.
pub fn loss(samples: &[Sample], weights: &Weights, scale: f64) -> f64 {
    mean_error(samples, &vector(weights), scale)
}

fn mean_error(samples: &[Sample], vector: &Vector, scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (expected(score(s, vector), scale) - f64::from(s.result)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale under which `weights` fit `samples` best (golden-section search).
pub fn fit_scale(samples: &[Sample], weights: &Weights) -> f64 {
    let vector = vector(weights);
    let (mut low, mut high) = (0.01_f64, 10.0_f64);
    let ratio = (5.0_f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if mean_error(samples, &vector, a) < mean_error(samples, &vector, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Fits the weights to `samples` from `start` in `epochs` full passes; `report` hears
/// the loss after each pass.
pub fn fit(
    samples: &[Sample],
    start: &Weights,
    epochs: usize,
    report: &mut dyn FnMut(usize, f64),
) -> Fit {
    let started = Instant::now();
    let scale = fit_scale(samples, start);
    let mut vector = vector(start);
    let loss_before = mean_error(samples, &vector, scale);
    // Adam, with a step of about a hundredth of a man.
    let (rate, beta1, beta2, epsilon) = (1.0, 0.9, 0.999, 1e-8);
    let mut moment = [0.0; 2 * FEATURES];
    let mut energy = [0.0; 2 * FEATURES];
    let count = samples.len().max(1) as f64;
    for epoch in 1..=epochs {
        let mut gradient = [0.0; 2 * FEATURES];
        for sample in samples {
            let p = expected(score(sample, &vector), scale);
            let slope = 2.0 * (p - f64::from(sample.result)) * p * (1.0 - p) * scale / 100.0;
            let phase = f64::from(sample.phase) / f64::from(FULL_PHASE);
            for i in 0..FEATURES {
                let count = f64::from(sample.counts[i]);
                gradient[i] += slope * count * phase;
                gradient[FEATURES + i] += slope * count * (1.0 - phase);
            }
        }
        for i in 0..2 * FEATURES {
            if HELD.contains(&(i % FEATURES)) {
                continue;
            }
            let g = gradient[i] / count;
            moment[i] = beta1 * moment[i] + (1.0 - beta1) * g;
            energy[i] = beta2 * energy[i] + (1.0 - beta2) * g * g;
            let m = moment[i] / (1.0 - beta1.powi(epoch as i32));
            let v = energy[i] / (1.0 - beta2.powi(epoch as i32));
            vector[i] -= rate * m / (v.sqrt() + epsilon);
        }
        if epoch % 50 == 0 || epoch == epochs {
            report(epoch, mean_error(samples, &vector, scale));
        }
    }
    let weights = rounded(&vector);
    Fit {
        loss_after: loss(samples, &weights, scale),
        weights,
        scale,
        loss_before,
        time: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::weights::HAND;

    #[test]
    fn the_fit_recovers_a_weight_the_labels_follow() {
        // Labels made by the hand-set weights themselves, from positions of random
        // games; starting with the kings worth nothing, the fit must find them again.
        let mut samples = Vec::new();
        for position in crate::testing::random_positions(8000, 7, 6) {
            if let Some(mut sample) = Sample::new(&position, 0.5) {
                sample.result = expected(score(&sample, &vector(&HAND)), 1.0) as f32;
                samples.push(sample);
            }
        }
        let no_kings = Weights {
            opening: std::array::from_fn(|i| if i == 1 { 0 } else { HAND.opening[i] }),
            ending: std::array::from_fn(|i| if i == 1 { 0 } else { HAND.ending[i] }),
        };
        let fit = fit(&samples, &no_kings, 1500, &mut |_, _| {});
        assert!(fit.loss_after < fit.loss_before / 4.0, "{fit:?}");
        assert!(fit.weights.ending[1] > 150, "{fit:?}");
        assert_eq!(fit.weights.opening[0], 100);
    }
}
