//! The fitted features: whole-number counts of each side, weighed by one table for
//! the opening and one for the ending and blended by the men left.
//!
//! A feature counts something of one side seen from its own side of the board
//! (men on its third rank, kings on the long diagonal, ...); the position's
//! features are White's counts less Black's, so the evaluation is exactly
//! colour-symmetric. The score for White is
//! `(opening · f × men + ending · f × (24 − men)) / 24`, which is linear in the
//! weights: the tuner (`shashki tune fit`) fits them to game results.

use crate::tables::{Direction, FORWARD, free_run, step};
use crate::{Bitboard, Color, Position};

use super::geometry::{
    BLACK_VIEW, CENTRE, DOUBLE_DIAGONALS, EDGE_FILES, LONG_DIAGONAL, NEAR_CENTRE, Side, View,
    WHITE_VIEW,
};

/// How many features a position has.
pub const FEATURES: usize = 24;

/// Men on the board at the start: the phase runs from 24 (opening) down to 0 (ending).
pub const FULL_PHASE: i32 = 24;

/// The features by name, in the order of the weight tables.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "men",
    "kings",
    "men on rank 2",
    "men on rank 3",
    "men on rank 4",
    "men on rank 5",
    "men on rank 6",
    "men on rank 7",
    "men in the centre (c5 d4 e5 f4)",
    "men near the centre (c3 e3 d6 f6)",
    "men on the golden squares (c1 e1) while they guard",
    "men on the corner guards (a1 g1) while they guard",
    "runaway men on rank 4",
    "runaway men on rank 5",
    "runaway men on rank 6",
    "runaway men on rank 7",
    "squares the kings reach",
    "a king on the long diagonal, clear ahead",
    "a king on the long diagonal, blocked ahead",
    "men on the edge files (a h)",
    "men backed by a piece behind",
    "quiet steps the men can make",
    "kings on the double diagonals",
    "the move (side to move)",
];

const MEN: usize = 0;
const KINGS: usize = 1;
/// Men on their own ranks 2 to 7.
const RANKS: usize = 2;
const IN_CENTRE: usize = 8;
const NEAR: usize = 9;
const GOLDEN: usize = 10;
const CORNER_GUARD: usize = 11;
/// Runaway men on their own ranks 4 to 7.
const RUNAWAYS: usize = 12;
const KING_REACH: usize = 16;
const KING_DIAGONAL_CLEAR: usize = 17;
const KING_DIAGONAL_BLOCKED: usize = 18;
const EDGE: usize = 19;
const BACKED: usize = 20;
const MAN_STEPS: usize = 21;
const KING_DOUBLES: usize = 22;
const TEMPO: usize = 23;

/// The two weight tables of the features, in hundredths of a man per unit of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureWeights {
    /// Weights with all 24 men on the board.
    pub opening: [i32; FEATURES],
    /// Weights with no man on the board.
    pub ending: [i32; FEATURES],
}

/// Feature weights blended ahead of time for every phase, so that an evaluation takes
/// one dot product instead of two; the sum is the two tables' blend exactly.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct PhasedWeights {
    /// Per phase (men on the board): `opening × phase + ending × (24 − phase)`.
    by_phase: [[i32; FEATURES]; FULL_PHASE as usize + 1],
}

impl PhasedWeights {
    /// The blend of `weights` for each phase.
    pub fn new(weights: &FeatureWeights) -> PhasedWeights {
        PhasedWeights {
            by_phase: std::array::from_fn(|phase| {
                let phase = phase as i32;
                std::array::from_fn(|feature| {
                    weights.opening[feature] * phase
                        + weights.ending[feature] * (FULL_PHASE - phase)
                })
            }),
        }
    }

    /// The weighted features of `position` for White: the blend of its [`features`],
    /// each weighed as it is found.
    #[inline]
    pub fn score_for_white(&self, position: &Position) -> i32 {
        let row = &self.by_phase[phase(position) as usize];
        let mut sum = 0;
        visit_features(position, |feature, count| sum += row[feature] * count);
        sum / FULL_PHASE
    }
}

/// White's features less Black's, and the phase (men on the board, 0 to 24).
pub fn features(position: &Position) -> ([i32; FEATURES], i32) {
    let mut counts = [0; FEATURES];
    visit_features(position, |feature, count| counts[feature] += count);
    (counts, phase(position))
}

/// Men on the board, 0 to 24.
#[inline(always)]
fn phase(position: &Position) -> i32 {
    let men = position.occupied() & !position.kings();
    (men.count() as i32).min(FULL_PHASE)
}

/// Hands `add` each feature of White with its count and each of Black's with its count
/// negated (a feature may come more than once), so that a caller can sum the weighted
/// features without setting them out first.
#[inline(always)]
fn visit_features(position: &Position, mut add: impl FnMut(usize, i32)) {
    let white = Side::of(position, Color::White);
    let black = Side::of(position, Color::Black);
    side_features(white, black, &WHITE_VIEW, 1, &mut add);
    side_features(black, white, &BLACK_VIEW, -1, &mut add);
    let tempo = match position.side_to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    add(TEMPO, tempo);
}

/// The men of each rank, four bits a rank (rank 1 lowest): the first two steps of a
/// bit count, which serve all six rank features at once.
#[inline(always)]
const fn rank_counts(set: Bitboard) -> u32 {
    let x = set.0 - ((set.0 >> 1) & 0x5555_5555);
    (x & 0x3333_3333) + ((x >> 2) & 0x3333_3333)
}

/// Hands `add` the features of `us` (seen through `view`), their counts times `sign`.
#[inline(always)]
fn side_features(
    us: Side,
    them: Side,
    view: &View,
    sign: i32,
    add_signed: &mut impl FnMut(usize, i32),
) {
    let mut add = |feature: usize, count: u32| add_signed(feature, sign * count as i32);
    add(MEN, us.men.count());
    add(KINGS, us.kings.count());
    let ranks = rank_counts(us.men);
    for rank in 0..8 {
        let own_rank = view.own_rank(rank);
        if (1..=6).contains(&own_rank) {
            add(RANKS + own_rank - 1, (ranks >> (4 * rank)) & 0xF);
        }
    }
    add(IN_CENTRE, (us.men & CENTRE).count());
    add(NEAR, (us.men & NEAR_CENTRE).count());
    if them.kings.is_empty() && them.men.count() >= 3 {
        add(GOLDEN, (us.men & view.golden).count());
        add(CORNER_GUARD, (us.men & view.corner_guards).count());
    }
    let theirs = them.pieces();
    for man in us.men & view.runaway_zone {
        if (view.front[man.index()] & theirs).is_empty() {
            add(RUNAWAYS + view.own_rank(usize::from(man.rank())) - 3, 1);
        }
    }
    let occupied = us.pieces() | theirs;
    if us.kings.any() {
        for king in us.kings {
            let reach: u32 = Direction::ALL
                .iter()
                .map(|&d| free_run(king.index(), d, occupied).count())
                .sum();
            add(KING_REACH, reach);
        }
        if (us.kings & LONG_DIAGONAL).any() {
            let clear = (view.long_diagonal_ahead & occupied & !us.kings).is_empty();
            add(
                if clear {
                    KING_DIAGONAL_CLEAR
                } else {
                    KING_DIAGONAL_BLOCKED
                },
                1,
            );
        }
        add(KING_DOUBLES, (us.kings & DOUBLE_DIAGONALS).count());
    }
    add(EDGE, (us.men & EDGE_FILES).count());
    let forward = FORWARD[usize::from(view.downwards)];
    let own = us.pieces();
    let backed = step(own, forward[0]) | step(own, forward[1]);
    add(BACKED, (backed & us.men).count());
    let empty = !occupied;
    add(
        MAN_STEPS,
        (step(us.men, forward[0]) & empty).count() + (step(us.men, forward[1]) & empty).count(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights;

    /// `(opening · counts × phase + ending · counts × (24 − phase)) / 24`.
    fn blend(counts: &[i32; FEATURES], phase: i32, weights: &FeatureWeights) -> i32 {
        let dot =
            |table: &[i32; FEATURES]| -> i32 { table.iter().zip(counts).map(|(w, c)| w * c).sum() };
        (dot(&weights.opening) * phase + dot(&weights.ending) * (FULL_PHASE - phase)) / FULL_PHASE
    }

    #[test]
    fn phased_weights_blend_as_the_two_tables_do() {
        for file in [weights::fitted(), weights::bot()] {
            let phased = PhasedWeights::new(&file.features);
            for position in crate::play::random_positions(500, 5, 1) {
                let (counts, phase) = features(&position);
                // Blended ahead of time and weighed as they are found, the features sum to the same.
                assert_eq!(
                    phased.score_for_white(&position),
                    blend(&counts, phase, &file.features),
                    "{position:?}"
                );
            }
        }
    }

    #[test]
    fn the_features_are_level_at_the_start_but_the_move() {
        let (counts, phase) = features(&Position::start());
        assert_eq!(phase, 24);
        assert!(counts[..TEMPO].iter().all(|&c| c == 0), "{counts:?}");
        assert_eq!(counts[TEMPO], 1);
    }

    #[test]
    fn features_count_what_their_names_say() {
        let position: Position = "W:Wa3,c3,e5,Kh4:Bb8,h6".parse().unwrap();
        let (counts, phase) = features(&position);
        assert_eq!(phase, 5);
        assert_eq!(counts[MEN], 3 - 2);
        assert_eq!(counts[KINGS], 1);
        // White: a3 and c3 on rank 3, e5 on rank 5; Black: h6 on its rank 3.
        assert_eq!(counts[RANKS + 1], 2 - 1);
        assert_eq!(counts[RANKS + 3], 1);
        assert_eq!(counts[IN_CENTRE], 1);
        assert_eq!(counts[NEAR], 1);
        // a3 and h6 stand on the edge files.
        assert_eq!(counts[EDGE], 0);
        assert_eq!(counts[TEMPO], 1);
    }
}
