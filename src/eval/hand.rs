//! The hand-written evaluation: material, advancement (tempo), centre, back rank,
//! runaways, king mobility and the long diagonal in endings, for White.
//!
//! The bot played with it before the fitted evaluation beat it; it stays as the
//! tuner's ancestor (its terms are the hand-set weights the fit starts from) and as
//! one of the fixed trees of the search benchmark. Every term is computed for White
//! on the board as it stands and for Black on the board turned 180 degrees, with
//! the same tables, so the evaluation is exactly colour-symmetric.

use crate::cpu::counting_bits_by_processor;
use crate::tables::free_run;
use crate::{Bitboard, Color, Direction, Position};

use super::Material;
use super::ending::known_ending;
use super::features::FULL_PHASE;
use super::geometry::{BLACK_VIEW, CENTRE, LONG_DIAGONAL, NEAR_CENTRE, Side, WHITE_VIEW};

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

counting_bits_by_processor! {
    /// The hand-written evaluation of `position` for White.
    pub(crate) fn score_for_white(position: &Position) -> i32 {
        let white = Side::of(position, Color::White);
        let black = Side::of(position, Color::Black);
        // The ending rules use only 180-degree symmetric squares. They know kings only.
        if let Some(score) = known_ending(white, black) {
            return score;
        }
        // The phase counts the men of both sides each seen from its own side; the two
        // sets overlap where the squares mirror each other, so the start counts 12, not
        // 24. Kept as it is: counting every man changes the evaluation and is to be tried
        // by a match first.
        let phase_men = (white.men | black.men.flipped()).count() as i32;
        side_score::<false>(white, black, phase_men) - side_score::<true>(black, white, phase_men)
    }
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
#[inline(always)]
fn side_score<const BLACK: bool>(us: Side, them: Side, men_on_board: i32) -> i32 {
    let view = if BLACK { &BLACK_VIEW } else { &WHITE_VIEW };
    let phase = men_on_board.min(FULL_PHASE);
    let mut score = us.men.count() as i32 * Material::SEARCH.man;

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
            score += RUNAWAY[view.own_rank(usize::from(man.rank()))];
        }
    }

    // Kings: material, mobility, and the long diagonal once the board thins out.
    if us.kings.any() {
        score += us.kings.count() as i32 * Material::SEARCH.king;
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
    use crate::eval::Evaluator;

    fn eval(fen: &str) -> i32 {
        Evaluator::hand().evaluate(&fen.parse().unwrap())
    }

    #[test]
    fn the_start_position_is_level() {
        assert_eq!(score_for_white(&Position::start()), 0);
    }

    #[test]
    fn evaluation_is_the_same_for_the_mirrored_position() {
        let hand = Evaluator::hand();
        for position in crate::play::random_positions(400, 11, 0) {
            assert_eq!(
                hand.evaluate(&position),
                hand.evaluate(&position.mirrored()),
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
        assert!(score > 70 && score < 200, "{score}");
    }

    #[test]
    fn the_score_is_from_the_side_to_moves_view() {
        assert_eq!(eval("W:Wc3,e3,g3:Bb6,d6"), -eval("B:Wc3,e3,g3:Bb6,d6"));
    }

    #[test]
    fn king_against_king_is_a_dead_draw() {
        assert_eq!(eval("W:WKc3:BKf8"), 0);
        assert_eq!(eval("W:WKc3,Kd2:BKf8"), 0);
    }

    #[test]
    fn three_kings_win_only_against_a_lone_king_off_the_long_diagonal() {
        assert!(eval("W:WKa3,Kc1,Ke1:BKb8") > 500);
        assert!(eval("W:WKa3,Kc1,Ke1:BKd4") < 50);
    }
}
