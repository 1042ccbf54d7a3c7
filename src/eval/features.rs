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

/// A weight of the opening table and one of the ending table, added up together in
/// one 64-bit number: the opening's in the low half, the ending's in the high half.
/// Sums of weights stay far within 32 bits, so a sum of such numbers is the pair of
/// sums (the low half's carries and borrows are undone by [`Phased::blend`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Phased(i64);

impl Phased {
    /// Feature `feature`'s two weights times `sign`.
    fn of(weights: &FeatureWeights, feature: usize, sign: i32) -> Phased {
        Phased::new(
            weights.opening[feature] * sign,
            weights.ending[feature] * sign,
        )
    }

    /// The pair of `opening` and `ending`.
    fn new(opening: i32, ending: i32) -> Phased {
        Phased((i64::from(ending) << 32).wrapping_add(i64::from(opening)))
    }

    /// The opening's and the ending's sums.
    #[inline(always)]
    fn halves(self) -> (i32, i32) {
        let opening = self.0 as i32;
        (opening, (self.0.wrapping_sub(opening as i64) >> 32) as i32)
    }

    /// `opening × phase + ending × (24 − phase)`, over 24.
    #[inline(always)]
    fn blend(self, phase: i32) -> i32 {
        let (opening, ending) = self.halves();
        (opening * phase + ending * (FULL_PHASE - phase)) / FULL_PHASE
    }
}

impl std::ops::Add for Phased {
    type Output = Phased;
    #[inline(always)]
    fn add(self, other: Phased) -> Phased {
        Phased(self.0.wrapping_add(other.0))
    }
}

impl std::ops::AddAssign for Phased {
    #[inline(always)]
    fn add_assign(&mut self, other: Phased) {
        *self = *self + other;
    }
}

impl std::ops::Mul<u32> for Phased {
    type Output = Phased;
    #[inline(always)]
    fn mul(self, count: u32) -> Phased {
        Phased(self.0.wrapping_mul(i64::from(count)))
    }
}

/// The features' weights laid out for evaluating: the features that are a sum over the
/// men's squares (men, ranks, centre, edge files) as tables of every byte of the men's
/// set, the others one weight each, every weight of Black's negated. It adds the same
/// weights for the same features as [`features`] counts, in both tables, and blends
/// the sums once: the score is [`features`] weighed exactly.
pub(crate) struct FeatureEval {
    /// Per colour, per byte of the men's set (ranks 1 and 2 first) and its value: the
    /// weights of the men on those squares.
    men: [[[Phased; 256]; 4]; 2],
    /// Per colour and square: the weight of a runaway man there.
    runaway: [[Phased; 32]; 2],
    /// Per colour, the weights of one unit of the other features.
    units: [Units; 2],
    /// The move's weight, by the colour to move (Black's negated).
    tempo: [Phased; 2],
}

/// One side's weights of the features that are not a sum over the men's squares.
#[derive(Clone, Copy)]
struct Units {
    golden: Phased,
    corner_guard: Phased,
    kings: Phased,
    king_reach: Phased,
    king_diagonal_clear: Phased,
    king_diagonal_blocked: Phased,
    king_doubles: Phased,
    backed: Phased,
    man_steps: Phased,
}

impl FeatureEval {
    /// `weights` laid out for evaluating.
    pub fn new(weights: &FeatureWeights) -> Box<FeatureEval> {
        let views = [&WHITE_VIEW, &BLACK_VIEW];
        let signs = [1, -1];
        let man_square = |colour: usize, square: usize| -> Phased {
            let (view, sign) = (views[colour], signs[colour]);
            let bit = Bitboard(1 << square);
            let own_rank = view.own_rank(square / 4);
            let mut sum = Phased::of(weights, MEN, sign);
            if (1..=6).contains(&own_rank) {
                sum += Phased::of(weights, RANKS + own_rank - 1, sign);
            }
            for (set, feature) in [(CENTRE, IN_CENTRE), (NEAR_CENTRE, NEAR), (EDGE_FILES, EDGE)] {
                if (bit & set).any() {
                    sum += Phased::of(weights, feature, sign);
                }
            }
            sum
        };
        let runaway = |colour: usize, square: usize| -> Phased {
            let (view, sign) = (views[colour], signs[colour]);
            if (Bitboard(1 << square) & view.runaway_zone).is_empty() {
                return Phased::default();
            }
            Phased::of(weights, RUNAWAYS + view.own_rank(square / 4) - 3, sign)
        };
        let units = |colour: usize| {
            let unit = |feature| Phased::of(weights, feature, signs[colour]);
            Units {
                golden: unit(GOLDEN),
                corner_guard: unit(CORNER_GUARD),
                kings: unit(KINGS),
                king_reach: unit(KING_REACH),
                king_diagonal_clear: unit(KING_DIAGONAL_CLEAR),
                king_diagonal_blocked: unit(KING_DIAGONAL_BLOCKED),
                king_doubles: unit(KING_DOUBLES),
                backed: unit(BACKED),
                man_steps: unit(MAN_STEPS),
            }
        };
        Box::new(FeatureEval {
            men: std::array::from_fn(|colour| {
                std::array::from_fn(|byte| {
                    std::array::from_fn(|value| {
                        (0..8)
                            .filter(|bit| value & 1 << bit != 0)
                            .map(|bit| man_square(colour, 8 * byte + bit))
                            .fold(Phased::default(), |sum, weight| sum + weight)
                    })
                })
            }),
            runaway: std::array::from_fn(|colour| {
                std::array::from_fn(|square| runaway(colour, square))
            }),
            units: [units(0), units(1)],
            tempo: [
                Phased::of(weights, TEMPO, 1),
                Phased::of(weights, TEMPO, -1),
            ],
        })
    }

    /// The weighted features for White of a position with `white` and `black`, `to_move`
    /// to move.
    #[inline(always)]
    pub fn score_for_white(&self, white: Side, black: Side, to_move: Color) -> i32 {
        let sum = self.side(0, white, black, &WHITE_VIEW)
            + self.side(1, black, white, &BLACK_VIEW)
            + self.tempo[to_move.index()];
        sum.blend(((white.men | black.men).count() as i32).min(FULL_PHASE))
    }

    /// The weighted features of `us`, of colour `colour` (Black's negated).
    #[inline(always)]
    fn side(&self, colour: usize, us: Side, them: Side, view: &View) -> Phased {
        let units = &self.units[colour];
        let men = &self.men[colour];
        let set = us.men.0;
        let mut sum = men[0][(set & 0xFF) as usize]
            + men[1][(set >> 8 & 0xFF) as usize]
            + men[2][(set >> 16 & 0xFF) as usize]
            + men[3][(set >> 24) as usize];
        if them.kings.is_empty() && them.men.count() >= 3 {
            sum += units.golden * (us.men & view.golden).count()
                + units.corner_guard * (us.men & view.corner_guards).count();
        }
        let theirs = them.pieces();
        for man in us.men & view.runaway_zone {
            if (view.front[man.index()] & theirs).is_empty() {
                sum += self.runaway[colour][man.index()];
            }
        }
        let occupied = us.pieces() | theirs;
        let forward = FORWARD[usize::from(view.downwards)];
        let ahead = [step(us.men, forward[0]), step(us.men, forward[1])];
        // A man is backed where a piece of its own stands a step behind it.
        let mut backed = ahead[0] | ahead[1];
        if us.kings.any() {
            backed |= step(us.kings, forward[0]) | step(us.kings, forward[1]);
            sum += units.kings * us.kings.count();
            for king in us.kings {
                let reach: u32 = Direction::ALL
                    .iter()
                    .map(|&d| free_run(king.index(), d, occupied).count())
                    .sum();
                sum += units.king_reach * reach;
            }
            if (us.kings & LONG_DIAGONAL).any() {
                let clear = (view.long_diagonal_ahead & occupied & !us.kings).is_empty();
                sum += if clear {
                    units.king_diagonal_clear
                } else {
                    units.king_diagonal_blocked
                };
            }
            sum += units.king_doubles * (us.kings & DOUBLE_DIAGONALS).count();
        }
        let empty = !occupied;
        sum + units.backed * (backed & us.men).count()
            + units.man_steps * ((ahead[0] & empty).count() + (ahead[1] & empty).count())
    }
}

/// White's features less Black's, and the phase (men on the board, 0 to 24).
pub fn features(position: &Position) -> ([i32; FEATURES], i32) {
    let mut counts = [0; FEATURES];
    visit_features(position, |feature, count| counts[feature] += count);
    (counts, phase(position))
}

/// Men on the board, 0 to 24.
fn phase(position: &Position) -> i32 {
    let men = position.occupied() & !position.kings();
    (men.count() as i32).min(FULL_PHASE)
}

/// Hands `add` each feature of White with its count and each of Black's with its count
/// negated (a feature may come more than once): the features as the tuner counts them,
/// and the reference [`FeatureEval`] is tested against.
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
    fn the_laid_out_weights_score_every_feature_counted() {
        // Positions of real games and of random ones (many with kings): the evaluation's
        // tables weigh exactly the features the tuner counts.
        let games = crate::testing::game_positions();
        let random = crate::play::random_positions(3000, 5, 1);
        assert!(games.len() > 2000);
        for file in [weights::fitted(), weights::bot(), &zero_but_one(7)] {
            let laid_out = FeatureEval::new(&file.features);
            for position in games.iter().chain(&random) {
                let (counts, phase) = features(position);
                let white = Side::of(position, Color::White);
                let black = Side::of(position, Color::Black);
                assert_eq!(
                    laid_out.score_for_white(white, black, position.side_to_move()),
                    blend(&counts, phase, &file.features),
                    "{position:?}"
                );
            }
        }
    }

    /// Weights of every feature zero but one of each table (so that a feature weighed
    /// by the wrong table or with the wrong sign shows).
    fn zero_but_one(seed: usize) -> weights::WeightsFile {
        let mut file = weights::fitted().clone();
        for feature in 0..FEATURES {
            file.features.opening[feature] = if feature % 5 == seed % 5 {
                7 + feature as i32
            } else {
                0
            };
            file.features.ending[feature] = if feature % 3 == seed % 3 {
                -3 - feature as i32
            } else {
                0
            };
        }
        file
    }

    #[test]
    fn phased_sums_are_the_pairs_of_sums() {
        let weights = [(1634, -20), (-177, 25), (0, -1), (-5, 0), (977, -184)];
        let counts = [3, 0, 7, 12, 1];
        let mut sum = Phased::default();
        for (&(opening, ending), &count) in weights.iter().zip(&counts) {
            sum += Phased::new(opening, ending) * count + Phased::new(-opening, 2 * ending);
        }
        let opening: i32 = weights
            .iter()
            .zip(&counts)
            .map(|(w, &c)| w.0 * (c as i32 - 1))
            .sum();
        let ending: i32 = weights
            .iter()
            .zip(&counts)
            .map(|(w, &c)| w.1 * (c as i32 + 2))
            .sum();
        assert_eq!(sum.halves(), (opening, ending));
        assert_eq!(Phased::new(-3, -7).blend(12), -5);
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
