//! The solved tables: every position of one, two or three White kings against a lone
//! Black king, either side to move, for every budget of plies the draw rules leave.
//!
//! A position's value with budget `b` (plies that may still be played before a draw
//! rule ends the game, see [`crate::DrawCounters::plies_left`]) follows from its moves: a
//! capture leads to a smaller ending (or the end) whose draw counts start afresh, so
//! its value comes from a smaller table; a quiet move leads to a position of the
//! same table with budget `b - 1`. With budget 0 the game is drawn, unless the side to
//! move has no move (that loses first). So the tables are filled budget by budget,
//! from 0 up to [`MAX_BUDGET`], each from the one below, over a successor list built
//! once with the crate's move generator. A value takes a byte: the table of three
//! kings holds 317,440 indices (some with two pieces on a square, unused) at 31
//! budgets, about 10 MB.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use super::Value;
use crate::{Bitboard, Color, Position, Square};

/// The largest budget the draw rules leave: 15 moves of kings only.
pub(super) const MAX_BUDGET: u32 = 30;

/// Budgets 0..=MAX_BUDGET.
const LAYERS: usize = MAX_BUDGET as usize + 1;

/// The most White kings a table covers.
pub(super) const MAX_KINGS: u32 = 3;

/// The tables for one, two and three White kings, each solved when first asked for.
static TABLES: [OnceLock<Table>; MAX_KINGS as usize] =
    [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// A value packed in a byte, ordered so that the larger is the better for the side to move:
/// losses (longer is better) below the draw, wins (shorter is better) above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Code(u8);

impl Code {
    const DRAW: Code = Code(128);
    /// No move: lost now.
    const LOST: Code = Code(0);

    fn new(value: Value) -> Code {
        let code = match value {
            Value::Loss(plies) => plies,
            Value::Draw => 128,
            Value::Win(plies) => 255 - plies,
        };
        debug_assert!(code <= 255 && (code < 128) == matches!(value, Value::Loss(_)));
        Code(code as u8)
    }

    fn value(self) -> Value {
        match self.0 {
            0..128 => Value::Loss(u32::from(self.0)),
            128 => Value::Draw,
            _ => Value::Win(255 - u32::from(self.0)),
        }
    }

    /// The value for the side that moved into a position of this value.
    fn before(self) -> Code {
        match self.0 {
            // Lost in n: the mover wins in n + 1.
            0..128 => Code(254 - self.0),
            128 => self,
            // Won in n: the mover loses in n + 1.
            _ => Code(0_u8.wrapping_sub(self.0)),
        }
    }
}

/// Every position of `kings` White kings against a lone Black king, at every budget.
struct Table {
    /// Positions in the table (valid or not): white set x lone-king square x side to move.
    size: usize,
    /// Budget-major: the value with budget `b` of index `i` is at `b * size + i`.
    values: Vec<Code>,
}

/// The value of `position` (one to three White kings, all its pieces, against one Black
/// king) with `budget` plies left before a draw rule ends the game.
pub(super) fn probe(position: &Position, budget: u32) -> Value {
    let kings = position.pieces(Color::White).count();
    let table = table(kings);
    let budget = budget.min(MAX_BUDGET) as usize;
    table.values[budget * table.size + index(position)].value()
}

fn table(kings: u32) -> &'static Table {
    TABLES[kings as usize - 1].get_or_init(|| solve(kings))
}

/// Whether the table for `kings` White kings is solved (it solves the smaller ones first).
pub(super) fn is_solved(kings: u32) -> bool {
    TABLES[kings as usize - 1].get().is_some()
}

/// Starts solving the table for `kings` White kings on a thread of its own, once.
pub(super) fn solve_in_background(kings: u32) {
    static STARTED: [AtomicBool; MAX_KINGS as usize] = [
        AtomicBool::new(false),
        AtomicBool::new(false),
        AtomicBool::new(false),
    ];
    if !STARTED[kings as usize - 1].swap(true, Ordering::Relaxed) {
        std::thread::spawn(move || table(kings));
    }
}

/// C(n, k), for the small numbers of the tables.
const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// The rank of a set of squares among the sets of its size (the combinatorial number system).
fn rank(set: Bitboard) -> usize {
    set.into_iter()
        .enumerate()
        .map(|(i, square)| choose(square.index(), i + 1))
        .sum()
}

/// The set of `size` squares with this rank.
fn unrank(mut rank: usize, size: u32) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for k in (1..=size as usize).rev() {
        // The largest square whose count of smaller sets fits (C(s, k) grows with s).
        let square = Square::all()
            .filter(|s| choose(s.index(), k) <= rank)
            .last()
            .expect("C(0, k) is 0");
        rank -= choose(square.index(), k);
        set |= square.bitboard();
    }
    set
}

/// The index of a position of the table for its number of White kings.
fn index(position: &Position) -> usize {
    let lone = position
        .pieces(Color::Black)
        .first()
        .map_or(0, Square::index);
    let side = position.side_to_move().index();
    (rank(position.pieces(Color::White)) * Square::COUNT + lone) * 2 + side
}

/// The position at `index` of the table for `kings` White kings, if its squares differ.
fn position_at(kings: u32, index: usize) -> Option<Position> {
    let side = if index.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let lone = Square::all().nth(index / 2 % Square::COUNT)?.bitboard();
    let white = unrank(index / 2 / Square::COUNT, kings);
    if (white & lone).any() {
        return None;
    }
    let none = Bitboard::EMPTY;
    Position::from_pieces([none, none], [white, lone], side).ok()
}

/// The value of a position reached by a capture: the draw counts start again there.
fn after_capture(position: &Position) -> Code {
    if position.legal_moves().is_empty() {
        return Code::LOST;
    }
    let value = super::value(position)
        .expect("a capture in a covered ending leads to a smaller covered ending or the end");
    Code::new(value)
}

fn solve(kings: u32) -> Table {
    let size = choose(Square::COUNT, kings as usize) * Square::COUNT * 2;
    // For each position: the best capture for the mover, whether it has no move at all,
    // and the table indices after its quiet moves (a flat list with start offsets).
    let mut best_capture: Vec<Option<Code>> = vec![None; size];
    let mut stuck = vec![false; size];
    let mut quiet = Vec::new();
    let mut starts = Vec::with_capacity(size + 1);
    starts.push(0);
    for (i, capture) in best_capture.iter_mut().enumerate() {
        if let Some(position) = position_at(kings, i) {
            let moves = position.legal_moves();
            stuck[i] = moves.is_empty();
            for &mv in moves.iter() {
                let after = position.play_unchecked(mv);
                if mv.is_capture() {
                    *capture = (*capture).max(Some(after_capture(&after).before()));
                } else {
                    quiet.push(index(&after) as u32);
                }
            }
        }
        starts.push(quiet.len());
    }
    let mut values = vec![Code::DRAW; size * LAYERS];
    for budget in 0..LAYERS {
        let (below, layer) = values.split_at_mut(budget * size);
        let below = &below[below.len().saturating_sub(size)..];
        for (i, slot) in layer[..size].iter_mut().enumerate() {
            *slot = if stuck[i] {
                Code::LOST
            } else if budget == 0 {
                Code::DRAW
            } else {
                quiet[starts[i]..starts[i + 1]]
                    .iter()
                    .map(|&next| Some(below[next as usize].before()))
                    .fold(best_capture[i], Ord::max)
                    .unwrap_or(Code::DRAW)
            };
        }
    }
    Table { size, values }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_order_values_from_worst_to_best() {
        let values = [
            Value::Loss(0),
            Value::Loss(1),
            Value::Loss(90),
            Value::Draw,
            Value::Win(90),
            Value::Win(2),
            Value::Win(1),
        ];
        for pair in values.windows(2) {
            assert!(Code::new(pair[0]) < Code::new(pair[1]), "{pair:?}");
        }
        for value in values {
            assert_eq!(Code::new(value).value(), value);
        }
        let before = |value| Code::new(value).before().value();
        assert_eq!(before(Value::Loss(0)), Value::Win(1));
        assert_eq!(before(Value::Win(1)), Value::Loss(2));
        assert_eq!(before(Value::Loss(89)), Value::Win(90));
        assert_eq!(before(Value::Draw), Value::Draw);
    }

    #[test]
    fn every_set_of_squares_has_its_own_rank() {
        for size in 1..=MAX_KINGS {
            let count = choose(Square::COUNT, size as usize);
            for r in 0..count {
                let set = unrank(r, size);
                assert_eq!(set.count(), size);
                assert_eq!(rank(set), r);
            }
        }
    }

    #[test]
    fn no_win_of_three_kings_takes_more_than_thirteen_of_their_moves() {
        let (mut with_the_move, mut without) = (0, 0);
        let size = choose(Square::COUNT, 3) * Square::COUNT * 2;
        for position in (0..size).filter_map(|i| position_at(3, i)) {
            match super::super::value(&position) {
                Some(Value::Win(plies)) if position.side_to_move() == Color::White => {
                    with_the_move = with_the_move.max(plies);
                }
                Some(Value::Loss(plies)) if position.side_to_move() == Color::Black => {
                    without = without.max(plies);
                }
                _ => {}
            }
        }
        assert_eq!((with_the_move, without), (25, 26));
    }

    #[test]
    fn every_index_round_trips_through_its_position() {
        for kings in 1..=2 {
            let size = choose(Square::COUNT, kings as usize) * Square::COUNT * 2;
            let valid = (0..size)
                .filter(|&i| position_at(kings, i).is_some_and(|p| index(&p) == i))
                .count();
            let squares = choose(Square::COUNT, kings as usize) * (Square::COUNT - kings as usize);
            assert_eq!(valid, squares * 2);
        }
    }
}
