//! The evaluation: how good a quiet position is for the side to move, in hundredths
//! of a man (roughly: the fitted evaluations measure a share of the expected result).
//!
//! An [`Evaluator`] is one of the evaluations that mean something:
//!
//! - the bot's ([`Evaluator::bot`], the default): the fitted [features] and the
//!   local [patterns], with the weights fitted together
//!   (`data/eval/patterns.weights`);
//! - the fitted features alone ([`Evaluator::fitted`], `data/eval/features.weights`)
//!   and the hand-written evaluation ([`Evaluator::hand`]), which the bot's has beaten:
//!   kept for the tuner, whose fits start from them, and for the search benchmark's
//!   fixed trees;
//! - material alone ([`Evaluator::material`]), for the capture resolution.
//!
//! All but material alone score the known king endings by rule. The weights are
//! data, fitted by `shashki tune fit` and built in with `include_bytes!`
//! ([`weights`]). The internals (every feature and pattern, how the weights are
//! fitted and stored) are described in `docs/EVALUATION.md`.
//!
//! # Examples
//!
//! ```
//! use shashki::Position;
//! use shashki::eval::Evaluator;
//!
//! let bot = Evaluator::bot();
//! let start = Position::start();
//! // Level but for the move.
//! assert!(bot.evaluate(&start).abs() < 20);
//! // A man up is good for White, bad for Black to move.
//! let up: Position = "W:Wc3,e3,g3:Bb6,d6".parse().unwrap();
//! assert!(bot.evaluate(&up) > 50);
//! assert!(bot.evaluate(&up.with_side_to_move(shashki::Color::Black)) < 0);
//! ```

mod ending;
pub mod features;
mod geometry;
mod hand;
mod material;
pub mod patterns;
pub mod weights;

use std::fmt;
use std::sync::LazyLock;

use crate::cpu::counting_bits_by_processor;
use crate::{Color, Position};

pub use ending::is_known_ending;
pub use material::Material;

use features::FeatureEval;
use geometry::Side;
use patterns::PatternEval;

/// How the search scores a quiet position: one of the evaluations that mean something
/// (see the [module](self)). Cheap to copy: the weights are built into the program.
#[derive(Clone, Copy)]
pub struct Evaluator(Kind);

#[derive(Clone, Copy)]
enum Kind {
    Material,
    Hand,
    Fitted(&'static FeatureEval),
    Patterns(&'static WithPatterns),
}

/// The bot's evaluation: features and patterns, fitted together.
struct WithPatterns {
    features: Box<FeatureEval>,
    patterns: PatternEval,
}

/// The fitted features alone, laid out for evaluating.
static FITTED: LazyLock<Box<FeatureEval>> =
    LazyLock::new(|| FeatureEval::new(&weights::fitted().features));

/// The bot's weights, laid out for evaluating.
static BOT: LazyLock<WithPatterns> = LazyLock::new(|| {
    let file = weights::bot();
    let patterns = file
        .patterns
        .as_ref()
        .expect("data/eval/patterns.weights holds patterns (a test checks)");
    WithPatterns {
        features: FeatureEval::new(&file.features),
        patterns: PatternEval::new(patterns),
    }
});

impl Evaluator {
    /// The bot's evaluation: the fitted features and the local patterns.
    pub fn bot() -> Evaluator {
        Evaluator(Kind::Patterns(&BOT))
    }

    /// The fitted features without the patterns (the seed of the pattern fit, and a
    /// tree of the search benchmark).
    pub fn fitted() -> Evaluator {
        Evaluator(Kind::Fitted(&FITTED))
    }

    /// The hand-written evaluation (the bot's before the fitted ones; a tree of the
    /// search benchmark).
    pub fn hand() -> Evaluator {
        Evaluator(Kind::Hand)
    }

    /// Material alone, counted with [`Material::SEARCH`].
    pub fn material() -> Evaluator {
        Evaluator(Kind::Material)
    }

    /// The score of `position` for the side to move, in hundredths of a man.
    #[inline(always)]
    pub fn evaluate(&self, position: &Position) -> i32 {
        // Each evaluation a function of its own: the bot's is not crowded by the others.
        let for_white = match self.0 {
            Kind::Material => Material::SEARCH.balance(position, Color::White),
            Kind::Hand => hand::score_for_white(position),
            Kind::Fitted(features) => fitted_for_white(position, features),
            Kind::Patterns(bot) => bot_for_white(position, bot),
        };
        match position.side_to_move() {
            Color::White => for_white,
            Color::Black => -for_white,
        }
    }

    /// What the evaluation is, in a few words.
    pub fn name(&self) -> &'static str {
        match self.0 {
            Kind::Material => "material",
            Kind::Hand => "hand-written",
            Kind::Fitted(_) => "fitted features",
            Kind::Patterns(_) => "fitted features and local patterns",
        }
    }
}

impl Default for Evaluator {
    /// The bot's evaluation.
    fn default() -> Evaluator {
        Evaluator::bot()
    }
}

/// Two evaluators are equal when they are the same evaluation.
impl PartialEq for Evaluator {
    fn eq(&self, other: &Evaluator) -> bool {
        match (self.0, other.0) {
            (Kind::Material, Kind::Material) | (Kind::Hand, Kind::Hand) => true,
            (Kind::Fitted(a), Kind::Fitted(b)) => std::ptr::eq(a, b),
            (Kind::Patterns(a), Kind::Patterns(b)) => std::ptr::eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Evaluator {}

/// `Evaluator(fitted features and local patterns)`: the weights are too many to print.
impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Evaluator({})", self.name())
    }
}

counting_bits_by_processor! {
    /// The fitted features' score of `position` for White, the known endings by rule.
    fn fitted_for_white(position: &Position, features: &FeatureEval) -> i32 {
        let white = Side::of(position, Color::White);
        let black = Side::of(position, Color::Black);
        match ending::known_ending(white, black) {
            Some(score) => score,
            None => features.score_for_white(white, black, position.side_to_move()),
        }
    }
}

counting_bits_by_processor! {
    /// The bot's score of `position` for White: the known endings by rule, else the
    /// features and the patterns.
    fn bot_for_white(position: &Position, bot: &WithPatterns) -> i32 {
        let white = Side::of(position, Color::White);
        let black = Side::of(position, Color::Black);
        match ending::known_ending(white, black) {
            Some(score) => score,
            None => {
                bot.features
                    .score_for_white(white, black, position.side_to_move())
                    + bot.patterns.score_for_white(white.pieces(), black.pieces())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_evaluation_is_colour_symmetric() {
        for evaluator in [
            Evaluator::bot(),
            Evaluator::fitted(),
            Evaluator::hand(),
            Evaluator::material(),
        ] {
            for position in crate::play::random_positions(500, 5, 7) {
                assert_eq!(
                    evaluator.evaluate(&position),
                    evaluator.evaluate(&position.mirrored()),
                    "{evaluator:?} {position:?}"
                );
            }
        }
    }

    #[test]
    fn the_start_is_level_but_for_the_move() {
        let start = Position::start();
        assert_eq!(
            Evaluator::bot().evaluate(&start),
            weights::bot().features.opening[features::FEATURES - 1]
        );
        assert_eq!(
            Evaluator::fitted().evaluate(&start),
            weights::fitted().features.opening[features::FEATURES - 1]
        );
        assert_eq!(Evaluator::hand().evaluate(&start), 0);
        assert_eq!(Evaluator::material().evaluate(&start), 0);
    }

    #[test]
    fn material_counts_men_and_kings() {
        let position: Position = "B:Wc3,e3,Kg3:Bb6,d6".parse().unwrap();
        assert_eq!(Evaluator::material().evaluate(&position), 200 - 470);
    }

    #[test]
    fn evaluators_are_equal_when_they_are_the_same_evaluation() {
        assert_eq!(Evaluator::default(), Evaluator::bot());
        assert_ne!(Evaluator::bot(), Evaluator::fitted());
        assert_ne!(Evaluator::hand(), Evaluator::material());
        assert_eq!(
            format!("{:?}", Evaluator::hand()),
            "Evaluator(hand-written)"
        );
    }
}
