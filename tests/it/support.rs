//! Three kings against a lone king, every position, for the knowledge base's
//! endgame tests and the endgame databases' tests.
//!
//! Every position of one to three white kings against one black king, with
//! either side to move, gets the number of White moves needed to capture the
//! lone king against the best defence (the distance to win), or none. The
//! values are the library's exact results ([`shashki::endgame`]), which count
//! plies under the draw rules with their counts starting in the position: in
//! these endings no win needs more than 13 White moves, so the rules never cut
//! one off and the White moves are the plies to the capture, halved and rounded
//! up. A reply that takes a white king (forced, as captures are compulsory)
//! goes on with two kings or one, and the count of White moves runs on, so a
//! sacrifice counts only if the capture still comes in time.
// Each test crate uses a part of this module.
#![allow(dead_code)]

use std::collections::HashMap;

use shashki::endgame::{self, Value};
use shashki::{Bitboard, Color, Position, Square};

/// No forced capture.
pub const NONE: u8 = u8::MAX;

/// Distances to win for every position of one to three white kings against one black king.
pub struct Solver {
    /// The sets of one, two or three squares, in a fixed order.
    trios: Vec<Bitboard>,
    /// The index of each set.
    trio_index: HashMap<u32, u32>,
}

impl Solver {
    /// Lists every position.
    pub fn new() -> Solver {
        let squares: Vec<Square> = Square::all().collect();
        let mut trios = Vec::new();
        for a in 0..32 {
            trios.push(squares[a].bitboard());
            for b in a + 1..32 {
                trios.push(squares[a].bitboard() | squares[b].bitboard());
                for c in b + 1..32 {
                    trios.push(
                        squares[a].bitboard() | squares[b].bitboard() | squares[c].bitboard(),
                    );
                }
            }
        }
        let trio_index = trios
            .iter()
            .enumerate()
            .map(|(i, set)| (set.0, i as u32))
            .collect();
        Solver { trios, trio_index }
    }

    /// The index of a position of one to three white kings and one black king.
    pub fn index(&self, position: &Position) -> Option<usize> {
        let white = position.kings_of(Color::White);
        let black = position.kings_of(Color::Black);
        if white != position.pieces(Color::White)
            || !(1..=3).contains(&white.count())
            || black.count() != 1
            || position.count(Color::Black) != 1
        {
            return None;
        }
        let trio = *self.trio_index.get(&white.0)? as usize;
        Some(trio * 32 + black.first()?.index())
    }

    /// The position at `index` with `side` to move, if the squares differ.
    pub fn position(&self, index: usize, side: Color) -> Option<Position> {
        let white = self.trios[index / 32];
        let black = Square::all().nth(index % 32)?.bitboard();
        if (white & black) != Bitboard::EMPTY {
            return None;
        }
        let none = Bitboard::EMPTY;
        Position::from_pieces([none, none], [white, black], side).ok()
    }

    /// Every index of a valid position with three white kings.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.trios.len() * 32).filter(|&i| {
            self.trios[i / 32].count() == 3 && self.position(i, Color::White).is_some()
        })
    }

    /// Every index of a valid position with one, two or three white kings.
    pub fn all_indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.trios.len() * 32).filter(|&i| self.position(i, Color::White).is_some())
    }

    /// White moves needed to take the lone king from `position` (either side to move).
    pub fn distance(&self, position: &Position) -> u8 {
        if self.index(position).is_none() {
            return NONE;
        }
        let value = endgame::value(position).expect("a lone king against kings is covered");
        match value.for_side(Color::White, position.side_to_move()) {
            Value::Win(plies) => u8::try_from(plies.div_ceil(2)).expect("a short win"),
            Value::Loss(_) | Value::Draw => NONE,
        }
    }
}
