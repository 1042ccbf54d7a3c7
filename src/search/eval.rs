//! Static evaluation: material, advancement (tempo), centre, back rank, runaways,
//! king mobility and the long diagonal in endings, from the side to move's view.
//!
//! Every term is computed for White on the board as it stands and for Black on
//! the board turned 180 degrees, with the same tables, so the evaluation is
//! exactly colour-symmetric: `evaluate(p) == evaluate(&p.mirrored())`.

use crate::tables::{RAY, free_run};
use crate::{Bitboard, Color, Direction, Position};

use super::Score;
use super::features::{PhasedWeights, evaluate_weighted};
use super::pattern_weights::{PATTERNS, WEIGHTS as WEIGHTS_WITH_PATTERNS};
use super::patterns::PatternWeights;
use super::weights::TUNED;

/// Evaluation switches and weights (the defaults are the full evaluation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalConfig {
    /// A king's worth in hundredths of a man (a man is 100).
    pub king_value: i32,
    /// Whether to add the positional terms; material only when off.
    pub positional: bool,
    /// The fitted evaluation's weights ([`super::evaluate_weighted`]); `None`: the
    /// hand-written evaluation of this file.
    pub weights: Option<&'static PhasedWeights>,
    /// The local patterns' weights, added to the fitted evaluation; `None`: no patterns.
    pub patterns: Option<&'static PatternWeights>,
}

/// The bot's fitted weights, blended for every phase.
pub static TUNED_BY_PHASE: PhasedWeights = PhasedWeights::new(&TUNED);

/// The weights fitted together with the local patterns, blended for every phase.
pub static WITH_PATTERNS_BY_PHASE: PhasedWeights = PhasedWeights::new(&WEIGHTS_WITH_PATTERNS);

impl EvalConfig {
    /// The hand-written evaluation (the bot's before the fitted weights).
    pub fn hand() -> EvalConfig {
        EvalConfig {
            weights: None,
            patterns: None,
            ..EvalConfig::default()
        }
    }

    /// The fitted evaluation without the local patterns.
    pub fn fitted() -> EvalConfig {
        EvalConfig {
            weights: Some(&TUNED_BY_PHASE),
            patterns: None,
            ..EvalConfig::default()
        }
    }

    /// The fitted evaluation with the local patterns: the bot's.
    pub fn with_patterns() -> EvalConfig {
        EvalConfig::default()
    }
}

impl Default for EvalConfig {
    /// The bot's evaluation: the fitted weights.
    fn default() -> EvalConfig {
        EvalConfig {
            king_value: 270,
            positional: true,
            weights: Some(&WITH_PATTERNS_BY_PHASE),
            patterns: Some(&PATTERNS),
        }
    }
}

/// A set of squares by name, for the tables below.
const fn squares(names: &[&str]) -> Bitboard {
    let mut set = 0;
    let mut i = 0;
    while i < names.len() {
        let name = names[i].as_bytes();
        let file = name[0] - b'a';
        let rank = name[1] - b'1';
        set |= 1 << (rank * 4 + file / 2);
        i += 1;
    }
    Bitboard(set)
}

/// The long diagonal ("большак") a1-h8.
pub const LONG_DIAGONAL: Bitboard = squares(&["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
/// The double diagonals ("двойник") g1-a7 and h2-b8.
pub(super) const DOUBLE_DIAGONALS: Bitboard = squares(&[
    "g1", "f2", "e3", "d4", "c5", "b6", "a7", "h2", "g3", "f4", "e5", "d6", "c7", "b8",
]);
pub(super) const CENTRE: Bitboard = squares(&["c5", "d4", "e5", "f4"]);
pub(super) const NEAR_CENTRE: Bitboard = squares(&["c3", "e3", "d6", "f6"]);
const GOLDEN: Bitboard = squares(&["c1", "e1"]);
const CORNER_GUARDS: Bitboard = squares(&["a1", "g1"]);

/// Per square (White's view): the squares a man there could ever step through towards rank 8.
const FRONT: [Bitboard; 32] = build_fronts();

const fn build_fronts() -> [Bitboard; 32] {
    let mut table = [Bitboard(0); 32];
    let mut s = 0;
    while s < 32 {
        let rank = (s / 4) as i32;
        let file = ((s % 4) * 2 + (s / 4) % 2) as i32;
        let mut set = 0;
        let mut t: usize = 0;
        while t < 32 {
            let r = (t / 4) as i32;
            let f = ((t % 4) * 2 + (t / 4) % 2) as i32;
            if r > rank && (f - file).abs() <= r - rank {
                set |= 1 << t;
            }
            t += 1;
        }
        table[s] = Bitboard(set);
        s += 1;
    }
    table
}

/// Bonus per man by rank (index 0 = rank 1), opening and ending weights.
const ADVANCE_OPENING: [i32; 8] = [0, 0, 1, 2, 4, 6, 9, 0];
const ADVANCE_ENDING: [i32; 8] = [0, 3, 6, 10, 15, 22, 32, 0];
/// Advancement bonus by phase (men on the board, 0..=24) and rank, blended at compile time.
const ADVANCE: [[i32; 8]; 25] = build_advance();

const fn build_advance() -> [[i32; 8]; 25] {
    let mut table = [[0; 8]; 25];
    let mut phase = 0;
    while phase <= 24 {
        let mut rank = 0;
        while rank < 8 {
            table[phase][rank] = (ADVANCE_OPENING[rank] * phase as i32
                + ADVANCE_ENDING[rank] * (FULL_PHASE - phase as i32))
                / FULL_PHASE;
            rank += 1;
        }
        phase += 1;
    }
    table
}

/// The advancement bonus by bit: per colour (by [`Color::index`]) and phase, for each
/// bit of the weights, the squares of the ranks whose weight has that bit. A man's
/// bonus is then the sum over the bits it stands under, and the bonus of all men six
/// bit counts instead of a count and a product per rank.
const ADVANCE_BITS: [[[Bitboard; ADVANCE_WEIGHT_BITS]; 25]; 2] = build_advance_bits();
/// Bits enough for every advancement weight (at most 32).
const ADVANCE_WEIGHT_BITS: usize = 6;

const fn build_advance_bits() -> [[[Bitboard; ADVANCE_WEIGHT_BITS]; 25]; 2] {
    let mut table = [[[Bitboard(0); ADVANCE_WEIGHT_BITS]; 25]; 2];
    let mut phase = 0;
    while phase <= 24 {
        let mut rank = 0;
        while rank < 8 {
            let weight = ADVANCE[phase][rank];
            assert!(weight >= 0 && weight < 1 << ADVANCE_WEIGHT_BITS);
            let mut bit = 0;
            while bit < ADVANCE_WEIGHT_BITS {
                if weight & 1 << bit != 0 {
                    // White's rank as it stands, Black's counted from the other side.
                    let white = &mut table[0][phase][bit];
                    white.0 |= Bitboard::rank(rank as u8).0;
                    let black = &mut table[1][phase][bit];
                    black.0 |= Bitboard::rank(7 - rank as u8).0;
                }
                bit += 1;
            }
            rank += 1;
        }
        phase += 1;
    }
    table
}

/// Bonus for a man with no enemy piece in front of it, by rank.
const RUNAWAY: [i32; 8] = [0, 0, 0, 8, 16, 30, 50, 0];
/// Men on the board at the start: the phase runs from 24 (opening) down to 0.
const FULL_PHASE: i32 = 24;

/// One side's pieces, on the board as it stands.
#[derive(Clone, Copy)]
pub(super) struct Side {
    pub men: Bitboard,
    pub kings: Bitboard,
}

impl Side {
    pub fn of(position: &Position, color: Color) -> Side {
        Side {
            men: position.men(color),
            kings: position.kings_of(color),
        }
    }

    pub fn pieces(self) -> Bitboard {
        self.men | self.kings
    }
}

/// The tables of one colour: White's as defined above, Black's the same turned 180
/// degrees, so that no bitboard is turned during the evaluation.
pub(super) struct View {
    /// Whether ranks count down (Black): rank `r` of the board is rank `7 - r` for this side.
    pub downwards: bool,
    pub golden: Bitboard,
    pub corner_guards: Bitboard,
    /// The squares where a man may be a runaway (ranks 4 to 7 for this side).
    pub runaway_zone: Bitboard,
    pub front: [Bitboard; 32],
    /// The long diagonal but this side's own corner (a1 for White).
    pub long_diagonal_ahead: Bitboard,
}

pub(super) const WHITE_VIEW: View = View {
    downwards: false,
    golden: GOLDEN,
    corner_guards: CORNER_GUARDS,
    runaway_zone: Bitboard(0x0FFF_F000),
    front: FRONT,
    long_diagonal_ahead: RAY[Direction::NorthEast as usize][0],
};

pub(super) const BLACK_VIEW: View = View {
    downwards: true,
    golden: GOLDEN.flipped(),
    corner_guards: CORNER_GUARDS.flipped(),
    runaway_zone: Bitboard(0x0FFF_F000).flipped(),
    front: turned(FRONT),
    long_diagonal_ahead: RAY[Direction::NorthEast as usize][0].flipped(),
};

/// A per-square table of sets turned 180 degrees.
const fn turned(table: [Bitboard; 32]) -> [Bitboard; 32] {
    let mut out = [Bitboard(0); 32];
    let mut s = 0;
    while s < 32 {
        out[31 - s] = table[s].flipped();
        s += 1;
    }
    out
}

/// The evaluation of `position` from the side to move's view.
pub fn evaluate(position: &Position, config: &EvalConfig) -> Score {
    if config.positional
        && let Some(weights) = config.weights
    {
        return evaluate_weighted(position, weights, config.patterns);
    }
    let white = Side::of(position, Color::White);
    let black = Side::of(position, Color::Black);
    let for_white = if config.positional {
        // The ending tables use only 180-degree symmetric squares. They know kings only.
        let ending_score = if (white.men | black.men).is_empty() {
            ending(white, black).or_else(|| ending(black, white).map(|s| -s))
        } else {
            None
        };
        match ending_score {
            Some(score) => score,
            None => {
                // The phase counts the men of both sides each seen from its own side;
                // the two sets overlap where the squares mirror each other, so the
                // start counts 12, not 24. Kept as it is: counting every man changes
                // the evaluation and is to be tried by a match first.
                let phase_men = (white.men | black.men.flipped()).count() as i32;
                side_score::<false>(white, black, phase_men, config)
                    - side_score::<true>(black, white, phase_men, config)
            }
        }
    } else {
        material(white, config) - material(black, config)
    };
    Score(match position.side_to_move() {
        Color::White => for_white,
        Color::Black => -for_white,
    })
}

fn material(side: Side, config: &EvalConfig) -> i32 {
    side.men.count() as i32 * 100 + side.kings.count() as i32 * config.king_value
}

/// Known king endings for `strong` against a lone king, scored for `strong`
/// (both sides on the same board orientation).
pub(super) fn ending(strong: Side, weak: Side) -> Option<i32> {
    if weak.men.any() || weak.kings.count() != 1 || strong.men.any() {
        return None;
    }
    let lone = weak.kings;
    let kings = strong.kings.count() as i32;
    if kings <= 2 {
        // One or two kings cannot catch a lone king: a draw.
        return Some(0);
    }
    if (lone & LONG_DIAGONAL).any() && (strong.kings & LONG_DIAGONAL).is_empty() && kings == 3 {
        // The lone king holding the long diagonal draws against three kings.
        return Some(5);
    }
    // A win in principle: take the long diagonal, then squeeze the lone king.
    let occupied = strong.kings | lone;
    let lone_square = lone.first().map_or(0, |s| s.index());
    let lone_room: i32 = Direction::ALL
        .iter()
        .map(|&d| free_run(lone_square, d, occupied).count() as i32)
        .sum();
    let holds_diagonal = i32::from((strong.kings & LONG_DIAGONAL).any());
    let doubles = (strong.kings & DOUBLE_DIAGONALS).count() as i32;
    Some(800 + 150 * holds_diagonal + 20 * doubles - 12 * lone_room)
}

/// The advancement bonus of `men` (Black's when `black`) at `phase`: for each bit of
/// the weights, the men under it counted and shifted to its place.
#[inline(always)]
fn advancement(men: Bitboard, phase: usize, black: bool) -> i32 {
    ADVANCE_BITS[usize::from(black)][phase]
        .iter()
        .enumerate()
        .map(|(bit, squares)| ((men & *squares).count() as i32) << bit)
        .sum()
}

/// Material and position of `us` against `them`, seen through the tables of `us`'s
/// colour (Black's when `BLACK`); `men_on_board` sets the phase.
fn side_score<const BLACK: bool>(
    us: Side,
    them: Side,
    men_on_board: i32,
    config: &EvalConfig,
) -> i32 {
    let view = if BLACK { &BLACK_VIEW } else { &WHITE_VIEW };
    let phase = men_on_board.min(FULL_PHASE);
    let mut score = us.men.count() as i32 * 100;

    // Advancement (the tempo count), worth more as the board empties.
    score += advancement(us.men, phase as usize, BLACK);

    // The centre, in the opening and middle game (both sets are their own 180-degree turn).
    score += ((us.men & CENTRE).count() as i32 * 8 + (us.men & NEAR_CENTRE).count() as i32 * 3)
        * phase
        / FULL_PHASE;

    // The guarded back rank, while the opponent still has men that could crown.
    if them.kings.is_empty()
        && (us.men & (view.golden | view.corner_guards)).any()
        && them.men.count() >= 3
    {
        score += ((us.men & view.golden).count() as i32 * 10
            + (us.men & view.corner_guards).count() as i32 * 4)
            * phase
            / FULL_PHASE;
    }

    // Runaways: men on the upper half with nothing in front of them.
    let theirs = them.pieces();
    for man in us.men & view.runaway_zone {
        if (view.front[man.index()] & theirs).is_empty() {
            let rank = usize::from(man.rank());
            score += RUNAWAY[if view.downwards { 7 - rank } else { rank }];
        }
    }

    // Kings: material, mobility, and the long diagonal once the board thins out.
    if us.kings.any() {
        score += us.kings.count() as i32 * config.king_value;
        let occupied = us.pieces() | theirs;
        for king in us.kings {
            let reach: u32 = Direction::ALL
                .iter()
                .map(|&d| free_run(king.index(), d, occupied).count())
                .sum();
            score += reach as i32 * 2;
        }
        if men_on_board <= 12 {
            let on_diagonal = (us.kings & LONG_DIAGONAL).any();
            let diagonal_clear = (view.long_diagonal_ahead & occupied & !us.kings).is_empty();
            if on_diagonal {
                score += if diagonal_clear { 25 } else { 12 };
            }
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> Score {
        evaluate(&fen.parse().unwrap(), &EvalConfig::hand())
    }

    #[test]
    fn the_start_position_is_level() {
        assert_eq!(evaluate(&Position::start(), &EvalConfig::hand()), Score(0));
    }

    #[test]
    fn evaluation_is_the_same_for_the_mirrored_position() {
        let config = EvalConfig::hand();
        for position in crate::play::random_positions(400, 11, 0) {
            assert_eq!(
                evaluate(&position, &config),
                evaluate(&position.mirrored(), &config),
                "{position:?}"
            );
        }
    }

    #[test]
    fn advancement_by_bits_is_each_mans_weight_by_rank() {
        let boards = crate::play::random_positions(300, 23, 0);
        for (i, position) in boards.iter().enumerate() {
            let phase = i % 25;
            for (black, color) in [(false, Color::White), (true, Color::Black)] {
                let men = position.men(color);
                let by_rank: i32 = men
                    .into_iter()
                    .map(|man| {
                        let rank = usize::from(man.rank());
                        ADVANCE[phase][if black { 7 - rank } else { rank }]
                    })
                    .sum();
                assert_eq!(advancement(men, phase, black), by_rank, "{position:?}");
            }
        }
    }

    #[test]
    fn an_extra_man_is_worth_about_a_man() {
        let score = eval("W:Wc3,e3,g3:Bb6,d6");
        assert!(score.0 > 70 && score.0 < 200, "{score}");
    }

    #[test]
    fn a_king_is_worth_between_two_and_a_half_and_three_men() {
        let config = EvalConfig::hand();
        assert!((250..=300).contains(&config.king_value));
    }

    #[test]
    fn the_score_is_from_the_side_to_moves_view() {
        assert_eq!(eval("W:Wc3,e3,g3:Bb6,d6"), -eval("B:Wc3,e3,g3:Bb6,d6"));
    }

    #[test]
    fn king_against_king_is_a_dead_draw() {
        assert_eq!(eval("W:WKc3:BKf8"), Score(0));
        assert_eq!(eval("W:WKc3,Kd2:BKf8"), Score(0));
    }

    #[test]
    fn three_kings_win_only_against_a_lone_king_off_the_long_diagonal() {
        assert!(eval("W:WKa3,Kc1,Ke1:BKb8").0 > 500);
        assert!(eval("W:WKa3,Kc1,Ke1:BKd4").0 < 50);
    }
}
