//! Fitting the evaluation's weights to game results ("Texel" tuning).
//!
//! The data are quiet positions (no capture due for either side) from games,
//! each labelled with the game's result for White: 1, ½ or 0. The fit finds the
//! weights under which the evaluation, turned into an expected result by the
//! logistic curve `1 / (1 + e^(−k·score/100))`, is nearest the labels (least
//! squares), by gradient descent (Adam) from a starting table. The scale `k` is
//! fitted first to the starting weights and then held, so that the weights keep
//! their meaning in hundredths of a man; the men's own weight is held at 100.
//! With the local patterns (`eval::patterns`) the fit also finds a weight for
//! every arrangement of every region, from zero, each pulled towards zero by an
//! L2 penalty so that an arrangement seen in a few games stays small.

mod data;
mod hand;

use std::time::{Duration, Instant};

use shashki::Position;
use shashki::eval::features::{FEATURES, FULL_PHASE, FeatureWeights, features};
use shashki::eval::is_known_ending;
use shashki::eval::patterns::{
    self, ARRANGEMENTS, Arrangements, PATTERN_WEIGHT_LIMIT, PatternWeights, REGIONS,
};

pub use self::data::{from_games, read_samples, selfplay, write_samples};
pub use self::hand::HAND;

/// One labelled position, reduced to what the fit needs.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    counts: [i16; FEATURES],
    phase: u8,
    /// The arrangement of every region, in White's view and in Black's.
    views: [Arrangements; 2],
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
            views: patterns::views(position),
            result,
        })
    }

    /// What the fit sees of the position: two samples with one key score alike.
    pub fn key(&self) -> impl Eq + std::hash::Hash + use<> {
        (self.counts, self.phase, self.views)
    }
}

/// Whether no capture is due for either side.
pub fn is_quiet(position: &Position) -> bool {
    !position.has_capture()
        && !position
            .with_side_to_move(position.side_to_move().opposite())
            .has_capture()
}

/// What to fit, and for how long.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Full passes over the samples.
    pub epochs: usize,
    /// Fit a weight for every arrangement of every region too, each pulled towards
    /// zero by this much (the penalty `l2 · w²` a weight, over the samples' count),
    /// so that an arrangement seen in a few games keeps a small weight.
    pub pattern_l2: Option<f64>,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights, rounded.
    pub weights: FeatureWeights,
    /// The fitted pattern weights, rounded, when they were fitted.
    pub patterns: Option<PatternWeights>,
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

/// The dense weights: the opening table, then the ending table.
const DENSE: usize = 2 * FEATURES;

/// Weights as floating-point numbers: the two feature tables, then (when patterns are
/// fitted) every region's arrangements.
struct Vector(Vec<f64>);

impl Vector {
    fn new(weights: &FeatureWeights, patterns: Option<&PatternWeights>) -> Vector {
        let mut vector = Vec::with_capacity(DENSE + REGIONS * ARRANGEMENTS);
        vector.extend(weights.opening.iter().map(|&w| f64::from(w)));
        vector.extend(weights.ending.iter().map(|&w| f64::from(w)));
        if let Some(patterns) = patterns {
            for region in 0..REGIONS {
                vector.extend(
                    (0..ARRANGEMENTS as u16).map(|a| f64::from(patterns.weight(region, a))),
                );
            }
        }
        Vector(vector)
    }

    fn has_patterns(&self) -> bool {
        self.0.len() > DENSE
    }

    fn weights(&self) -> FeatureWeights {
        FeatureWeights {
            opening: std::array::from_fn(|i| self.0[i].round() as i32),
            ending: std::array::from_fn(|i| self.0[FEATURES + i].round() as i32),
        }
    }

    /// The pattern weights, rounded and held within the limit of the weights file.
    fn patterns(&self) -> Option<PatternWeights> {
        if !self.has_patterns() {
            return None;
        }
        let limit = f64::from(PATTERN_WEIGHT_LIMIT);
        Some(PatternWeights::from_fn(|region, arrangement| {
            let w = self.0[Self::pattern_index(region, arrangement)];
            w.round().clamp(-limit, limit) as i16
        }))
    }

    /// Where the weight of `arrangement` in `region` is.
    fn pattern_index(region: usize, arrangement: u16) -> usize {
        DENSE + region * ARRANGEMENTS + usize::from(arrangement)
    }

    /// The evaluation of a sample for White, in hundredths of a man.
    fn score(&self, sample: &Sample) -> f64 {
        let phase = f64::from(sample.phase) / f64::from(FULL_PHASE);
        let (mut opening, mut ending) = (0.0, 0.0);
        for i in 0..FEATURES {
            let count = f64::from(sample.counts[i]);
            opening += self.0[i] * count;
            ending += self.0[FEATURES + i] * count;
        }
        let mut score = opening * phase + ending * (1.0 - phase);
        if self.has_patterns() {
            let [white, black] = &sample.views;
            for region in 0..REGIONS {
                score += self.0[Self::pattern_index(region, white[region])]
                    - self.0[Self::pattern_index(region, black[region])];
            }
        }
        score
    }
}

fn expected(score: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-scale * score / 100.0).exp())
}

/// The mean squared error of `weights` (and `patterns`) with `scale` over `samples`.
pub fn loss(
    samples: &[Sample],
    weights: &FeatureWeights,
    patterns: Option<&PatternWeights>,
    scale: f64,
) -> f64 {
    mean_error(samples, &Vector::new(weights, patterns), scale)
}

fn mean_error(samples: &[Sample], vector: &Vector, scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (expected(vector.score(s), scale) - f64::from(s.result)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale under which `weights` fit `samples` best (golden-section search).
pub fn fit_scale(samples: &[Sample], weights: &FeatureWeights) -> f64 {
    let vector = Vector::new(weights, None);
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

/// Fits the weights to `samples` from `start` (with the pattern weights at zero when
/// they are fitted); `report` hears the loss after every 50th pass and the last.
pub fn fit(
    samples: &[Sample],
    start: &FeatureWeights,
    options: FitOptions,
    report: &mut dyn FnMut(usize, f64),
) -> Fit {
    let started = Instant::now();
    let scale = fit_scale(samples, start);
    let zero = PatternWeights::zero();
    let mut vector = Vector::new(start, options.pattern_l2.map(|_| &zero));
    let loss_before = mean_error(samples, &vector, scale);
    // Adam, with a step of about a hundredth of a man.
    let (rate, beta1, beta2, epsilon) = (1.0, 0.9, 0.999, 1e-8);
    let size = vector.0.len();
    let mut moment = vec![0.0; size];
    let mut energy = vec![0.0; size];
    let mut gradient = vec![0.0; size];
    let count = samples.len().max(1) as f64;
    for epoch in 1..=options.epochs {
        gradient.fill(0.0);
        for sample in samples {
            let p = expected(vector.score(sample), scale);
            let slope = 2.0 * (p - f64::from(sample.result)) * p * (1.0 - p) * scale / 100.0;
            let phase = f64::from(sample.phase) / f64::from(FULL_PHASE);
            for i in 0..FEATURES {
                let count = f64::from(sample.counts[i]);
                gradient[i] += slope * count * phase;
                gradient[FEATURES + i] += slope * count * (1.0 - phase);
            }
            if vector.has_patterns() {
                let [white, black] = &sample.views;
                for region in 0..REGIONS {
                    gradient[Vector::pattern_index(region, white[region])] += slope;
                    gradient[Vector::pattern_index(region, black[region])] -= slope;
                }
            }
        }
        let l2 = options.pattern_l2.unwrap_or(0.0);
        for i in 0..size {
            if i < DENSE && HELD.contains(&(i % FEATURES)) {
                continue;
            }
            let penalty = if i < DENSE {
                0.0
            } else {
                2.0 * l2 * vector.0[i]
            };
            let g = (gradient[i] + penalty) / count;
            if g == 0.0 && moment[i] == 0.0 {
                continue;
            }
            moment[i] = beta1 * moment[i] + (1.0 - beta1) * g;
            energy[i] = beta2 * energy[i] + (1.0 - beta2) * g * g;
            let m = moment[i] / (1.0 - beta1.powi(epoch as i32));
            let v = energy[i] / (1.0 - beta2.powi(epoch as i32));
            vector.0[i] -= rate * m / (v.sqrt() + epsilon);
        }
        if epoch % 50 == 0 || epoch == options.epochs {
            report(epoch, mean_error(samples, &vector, scale));
        }
    }
    let weights = vector.weights();
    let patterns = vector.patterns();
    Fit {
        loss_after: loss(samples, &weights, patterns.as_ref(), scale),
        weights,
        patterns,
        scale,
        loss_before,
        time: started.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_a_weight_the_labels_follow() {
        // Labels made by the hand-set weights themselves, from positions of random
        // games; starting with the kings worth nothing, the fit must find them again.
        let mut samples = Vec::new();
        for position in shashki::play::random_positions(8000, 7, 6) {
            if let Some(mut sample) = Sample::new(&position, 0.5) {
                sample.result = expected(Vector::new(&HAND, None).score(&sample), 1.0) as f32;
                samples.push(sample);
            }
        }
        let no_kings = FeatureWeights {
            opening: std::array::from_fn(|i| if i == 1 { 0 } else { HAND.opening[i] }),
            ending: std::array::from_fn(|i| if i == 1 { 0 } else { HAND.ending[i] }),
        };
        let options = FitOptions {
            epochs: 1500,
            pattern_l2: None,
        };
        let fit = fit(&samples, &no_kings, options, &mut |_, _| {});
        assert!(fit.loss_after < fit.loss_before / 4.0, "{fit:?}");
        assert!(fit.weights.ending[1] > 150, "{fit:?}");
        assert_eq!(fit.weights.opening[0], 100);
    }
}
