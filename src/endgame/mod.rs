//! Exact results of the smallest king endings: a lone king against one, two or three kings.
//!
//! [`value`] answers for a position whose pieces are all kings, one side having a
//! single king and the other one to three (either colour, either side to move): a
//! win or a loss in so many plies, or a draw, with best play by both sides. What the
//! results assume:
//!
//! - The move-count draw rules of RULES.md hold: 15 moves of kings only without a
//!   capture (rule 2) and, for three kings, 15 moves of theirs to take the lone king
//!   (rule 3). A win that needs more moves than they leave is a draw. [`value`]
//!   counts them from the position given, as when the ending has just arisen (by a
//!   capture, a promotion or the start of a game); [`value_with`] counts them from a
//!   game's [`DrawCounters`].
//! - A win is the shortest the rules allow, a loss the longest.
//! - Repetition (rule 1) is left out: the winner's shortest way never repeats a
//!   position, but a position seen twice earlier in the game is not looked for.
//!
//! Each table (king against king: 1,984 positions; two kings against one: 29,760;
//! three against one: 287,680) is solved when first asked for, once per process,
//! and kept (immutable) in a static: see `table.rs`. A general endgame database can
//! later stand behind [`value_with`].
//!
//! # Examples
//!
//! ```
//! use shashki::Position;
//! use shashki::endgame::{self, Value};
//!
//! // Every move of the a1 king stays on the long diagonal, where h8 takes it.
//! let lost: Position = "W:WKa1:BKh8".parse().unwrap();
//! assert_eq!(endgame::value(&lost), Some(Value::Loss(2)));
//! let drawn: Position = "W:WKc1:BKh8".parse().unwrap();
//! assert_eq!(endgame::value(&drawn), Some(Value::Draw));
//! assert_eq!(endgame::value(&Position::start()), None);
//! ```

mod table;

use std::fmt;

use self::table::MAX_KINGS;
use crate::{Color, DrawCounters, Position};

/// The exact result of a position with best play, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins: the game ends with its move `plies` plies from now (1: at once).
    Win(u32),
    /// The side to move loses: the game ends `plies` plies from now (0: it has no move now).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The same result seen by the other side.
    pub fn opposite(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies),
            Value::Loss(plies) => Value::Win(plies),
            Value::Draw => Value::Draw,
        }
    }

    /// The result for `side` when `to_move` is to move.
    pub fn for_side(self, side: Color, to_move: Color) -> Value {
        if side == to_move {
            self
        } else {
            self.opposite()
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(plies) => write!(f, "win in {plies}"),
            Value::Loss(plies) => write!(f, "loss in {plies}"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// The exact result of `position` with the draw rules counting from it, if it is covered.
pub fn value(position: &Position) -> Option<Value> {
    value_with(position, &DrawCounters::starting(position))
}

/// The exact result of `position` with the draw rules at `counters`, if it is covered.
pub fn value_with(position: &Position, counters: &DrawCounters) -> Option<Value> {
    let budget = counters.plies_left(position);
    // The tables hold White as the side with the kings; the value is the same turned round.
    let turned = position.mirrored();
    let white_strong = [position, &turned].into_iter().find(|p| covered(p))?;
    Some(table::probe(white_strong, budget))
}

/// Whether the tables hold `position`: kings only, a lone king against one to three.
pub fn covers(position: &Position) -> bool {
    covered(position) || covered(&position.mirrored())
}

/// Whether [`value_with`] answers for `position`, a covered one, at once: its table is
/// solved. (The first question to a table solves it, which for three kings takes
/// 0.3 s in a release build.)
pub fn is_ready(position: &Position) -> bool {
    table::is_solved(strong_kings(position))
}

/// Starts solving the table of `position`, a covered one, on a thread of its own,
/// unless that has been started already: for a caller with a clock, which cannot wait.
pub fn prepare(position: &Position) {
    table::solve_in_background(strong_kings(position));
}

/// The kings of the side against the lone king, in a covered position.
fn strong_kings(position: &Position) -> u32 {
    debug_assert!(covers(position));
    position.occupied().count() - 1
}

/// Whether `position` is one to three White kings against a lone Black king, nothing else.
fn covered(position: &Position) -> bool {
    let kings = position.pieces(Color::White).count();
    position.kings() == position.occupied()
        && (1..=MAX_KINGS).contains(&kings)
        && position.pieces(Color::Black).count() == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn value_of(fen: &str) -> Value {
        value(&fen.parse().unwrap()).unwrap_or_else(|| panic!("{fen} is covered"))
    }

    /// The position reflected in the long diagonal a1-h8 (files and ranks swapped).
    fn transposed(position: &Position) -> Position {
        let turn = |set: crate::Bitboard| {
            set.into_iter()
                .map(|s| Square::from_coords(s.rank(), s.file()).unwrap())
                .collect()
        };
        let none = crate::Bitboard::EMPTY;
        let kings = [Color::White, Color::Black].map(|c| turn(position.kings_of(c)));
        Position::from_pieces([none, none], kings, position.side_to_move()).unwrap()
    }

    /// The position with the colours swapped where they stand (kings move alike both ways).
    fn colours_swapped(position: &Position) -> Position {
        let none = crate::Bitboard::EMPTY;
        let kings = [
            position.kings_of(Color::Black),
            position.kings_of(Color::White),
        ];
        let side = position.side_to_move().opposite();
        Position::from_pieces([none, none], kings, side).unwrap()
    }

    #[test]
    fn a_king_that_must_step_onto_the_long_diagonal_is_taken() {
        assert_eq!(value_of("W:WKa1:BKh8"), Value::Loss(2));
        assert_eq!(value_of("B:WKa1:BKh8"), Value::Loss(2));
        assert_eq!(value_of("W:WKh8:BKa1"), Value::Loss(2));
        assert_eq!(value_of("B:WKh8:BKa1"), Value::Loss(2));
    }

    #[test]
    fn a_king_off_the_long_diagonal_draws() {
        assert_eq!(value_of("W:WKc1:BKh8"), Value::Draw);
        assert_eq!(value_of("B:WKc1:BKh8"), Value::Draw);
        assert_eq!(value_of("W:WKh8:BKf8"), Value::Draw);
    }

    #[test]
    fn a_king_that_can_take_the_other_wins_at_once() {
        assert_eq!(value_of("W:WKc3:BKd4"), Value::Win(1));
        assert_eq!(value_of("B:WKc3:BKd4"), Value::Win(1));
        assert_eq!(value_of("B:WKe5:BKh8"), Value::Win(1));
    }

    #[test]
    fn two_kings_win_by_shutting_the_lone_king_in_or_by_a_blow() {
        // a1 can neither move nor take b2 (c3 stands behind it).
        assert_eq!(value_of("B:WKb2,Kc3:BKa1"), Value::Loss(0));
        assert_eq!(value_of("W:WKe1,Kg1:BKa7"), Value::Win(7));
        assert_eq!(value_of("B:WKe1,Kh2:BKg3"), Value::Loss(8));
        assert_eq!(value_of("W:WKa1,Kc1:BKe1"), Value::Draw);
    }

    #[test]
    fn the_side_with_the_kings_can_be_either_colour() {
        for fen in [
            "W:WKe1,Kg1:BKa7",
            "B:WKe1,Kh2:BKg3",
            "W:WKa1,Kb2,Kc3:BKc1",
            "B:WKa1,Kc1,Ke1:BKh4",
        ] {
            let position: Position = fen.parse().unwrap();
            assert_eq!(value(&position.mirrored()), value(&position), "{fen}");
            let swapped = colours_swapped(&position);
            assert_eq!(value(&swapped), value(&position), "{fen}");
        }
    }

    #[test]
    fn the_longest_win_of_three_kings_fits_the_fifteen_moves() {
        let position: Position = "W:WKa1,Kb2,Kc3:BKc1".parse().unwrap();
        assert_eq!(value(&position), Some(Value::Win(25)));
        assert_eq!(DrawCounters::starting(&position).plies_left(&position), 29);
    }

    #[test]
    fn a_win_the_draw_rules_cut_off_is_a_draw() {
        // The win in 25 lets the lone king take two kings on plies 22 and 24 (a5:d8:g5
        // in two moves) before h4:f6; a capture starts the counts again, so the win
        // needs 22 plies within the rules, not 25.
        let position: Position = "W:WKa1,Kb2,Kc3:BKc1".parse().unwrap();
        // (kings-only plies, moves of the three kings, plies left, value)
        for (kings_only, lone_king, left, expected) in [
            (8, 0, 22, Value::Win(25)),
            (9, 0, 21, Value::Draw),
            (0, 3, 23, Value::Win(25)),
            (0, 4, 21, Value::Draw),
        ] {
            let counters = DrawCounters {
                kings_only,
                lone_king: Some(lone_king),
                king_ending: Some(kings_only),
            };
            assert_eq!(counters.plies_left(&position), left);
            assert_eq!(value_with(&position, &counters), Some(expected), "{left}");
        }
    }

    #[test]
    fn a_king_with_one_ply_left_cannot_be_taken_in_two() {
        let position: Position = "W:WKa1:BKh8".parse().unwrap();
        let counted = |kings_only| {
            let counters = DrawCounters {
                kings_only,
                ..DrawCounters::starting(&position)
            };
            value_with(&position, &counters)
        };
        assert_eq!(counted(28), Some(Value::Loss(2)));
        assert_eq!(counted(29), Some(Value::Draw));
    }

    #[test]
    fn only_king_endings_of_a_lone_king_are_covered() {
        for fen in [
            crate::START_FEN,
            "W:Wa1:BKh8",
            "W:WKa1,Kc1:BKh8,Kf8",
            "W:WKa1,Kc1,Ke1,Kg1:BKh8",
            "W:WKa1:B",
        ] {
            let position = fen.parse().unwrap();
            assert_eq!(value(&position), None, "{fen}");
            assert!(!covers(&position), "{fen}");
        }
        for fen in ["W:WKa1:BKh8", "B:WKb2:BKa1,Kc1,Ke1", "W:WKa1,Kc1,Ke1:BKh8"] {
            assert!(covers(&fen.parse().unwrap()), "{fen}");
        }
    }

    /// Every position of one king against one, either side to move.
    fn kings_against_king() -> impl Iterator<Item = Position> {
        Square::all().flat_map(|white| {
            Square::all()
                .filter(move |&black| black != white)
                .flat_map(move |black| {
                    let none = crate::Bitboard::EMPTY;
                    let kings = [white.bitboard(), black.bitboard()];
                    [Color::White, Color::Black]
                        .map(|side| Position::from_pieces([none, none], kings, side).unwrap())
                })
        })
    }

    #[test]
    fn king_against_king_is_mostly_drawn() {
        let mut counts = std::collections::HashMap::new();
        for position in kings_against_king() {
            *counts.entry(value(&position).unwrap()).or_insert(0) += 1;
        }
        let expected = [
            (Value::Win(1), 364),
            (Value::Win(3), 24),
            (Value::Loss(2), 4),
            (Value::Draw, 1592),
        ];
        assert_eq!(counts, expected.into_iter().collect());
    }

    #[test]
    fn king_against_king_is_the_same_turned_reflected_or_with_colours_swapped() {
        for position in kings_against_king() {
            let expected = value(&position).unwrap();
            for other in [
                position.mirrored(),
                transposed(&position),
                colours_swapped(&position),
            ] {
                assert_eq!(value(&other), Some(expected), "{}", position.to_fen());
            }
        }
    }
}
