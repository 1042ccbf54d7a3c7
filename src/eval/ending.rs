//! Known king endings: several kings against a lone king, scored by rule instead of
//! by the evaluation's terms, which know nothing of them.

use crate::tables::free_run;
use crate::{Color, Direction, Position};

use super::geometry::{DOUBLE_DIAGONALS, LONG_DIAGONAL, Side};

/// The score for White of a position whose pieces are all kings and one side's a lone
/// king, if the rules below know it.
#[inline(always)]
pub(crate) fn known_ending(white: Side, black: Side) -> Option<i32> {
    if (white.men | black.men).any() {
        return None;
    }
    ending(white, black).or_else(|| ending(black, white).map(|s| -s))
}

/// Whether the rules of known king endings, not the evaluation's terms, score `position`.
pub fn is_known_ending(position: &Position) -> bool {
    let white = Side::of(position, Color::White);
    let black = Side::of(position, Color::Black);
    known_ending(white, black).is_some()
}

/// Known king endings for `strong` against a lone king, scored for `strong`
/// (both sides on the same board orientation).
fn ending(strong: Side, weak: Side) -> Option<i32> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn score(fen: &str) -> Option<i32> {
        let position: Position = fen.parse().unwrap();
        known_ending(
            Side::of(&position, Color::White),
            Side::of(&position, Color::Black),
        )
    }

    #[test]
    fn one_or_two_kings_against_a_lone_king_draw() {
        assert_eq!(score("W:WKc3:BKf8"), Some(0));
        assert_eq!(score("B:WKc3,Kd2:BKf8"), Some(0));
    }

    #[test]
    fn three_kings_win_only_against_a_lone_king_off_the_long_diagonal() {
        assert!(score("W:WKa3,Kc1,Ke1:BKb8").unwrap() > 500);
        assert_eq!(score("W:WKa3,Kc1,Ke1:BKd4"), Some(5));
        assert!(score("W:WKb8:BKa3,Kc1,Ke1").unwrap() < -500);
    }

    #[test]
    fn endings_with_men_or_without_a_lone_king_are_unknown() {
        assert_eq!(score("W:WKa3,Kc1,e1:BKb8"), None);
        assert_eq!(score("W:WKa3,Kc1:BKb8,Kh8"), None);
        assert!(!is_known_ending(&Position::start()));
        assert!(is_known_ending(&"W:WKa3:BKb8".parse().unwrap()));
    }
}
