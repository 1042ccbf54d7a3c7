//! An exact solver for three kings against a lone king, for the knowledge
//! base's endgame tests.
//!
//! Every position of three white kings against one black king, with either
//! side to move, gets the number of White moves needed to capture the lone
//! king against the best defence (the distance to win), or none. The values
//! come from a fixpoint over a successor table built once with the crate's
//! own move generator: a position with White to move needs one move more
//! than its best successor; with Black to move, as many as its worst reply.
//! A reply that takes a white king (forced, as captures are compulsory) goes
//! on with two kings or one: the solver covers those positions too, and the
//! count of White moves runs on, so a sacrifice counts only if the capture
//! still comes in time.

use std::collections::HashMap;

use shashki::{Bitboard, Color, Position, Square};

/// No forced capture.
pub const NONE: u8 = u8::MAX;

/// A successor that ends the question: the lone king taken, or every white king lost.
const END: u32 = u32::MAX;

/// Distances to win for every position of one to three white kings against one black king.
pub struct Solver {
    /// The sets of one, two or three squares, in a fixed order.
    trios: Vec<Bitboard>,
    /// The index of each set.
    trio_index: HashMap<u32, u32>,
    /// White to move: White moves needed to take the lone king.
    white_to_move: Vec<u8>,
    /// Black to move: White moves needed after Black's move.
    black_to_move: Vec<u8>,
}

impl Solver {
    /// Builds the tables and solves every position.
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
        let mut solver = Solver {
            white_to_move: vec![NONE; trios.len() * 32],
            black_to_move: vec![NONE; trios.len() * 32],
            trios,
            trio_index,
        };
        solver.solve();
        solver
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
        let Some(index) = self.index(position) else {
            return NONE;
        };
        match position.side_to_move() {
            Color::White => self.white_to_move[index],
            Color::Black => self.black_to_move[index],
        }
    }

    /// The table index of a position after a move, or END.
    fn successor(&self, after: &Position) -> u32 {
        self.index(after).map_or(END, |i| i as u32)
    }

    fn solve(&mut self) {
        let size = self.trios.len() * 32;
        // Successor lists, flat: for White, END is the lone king taken; for
        // Black, END is the last white king taken. A Black position without moves is lost.
        let (mut white_next, mut white_start) = (Vec::new(), vec![0usize]);
        let (mut black_next, mut black_start) = (Vec::new(), vec![0usize]);
        let mut black_stuck = Vec::with_capacity(size);
        for index in 0..size {
            if let Some(position) = self.position(index, Color::White) {
                for &mv in position.legal_moves().iter() {
                    white_next.push(self.successor(&position.play_unchecked(mv)));
                }
            }
            white_start.push(white_next.len());
            let mut stuck = false;
            if let Some(position) = self.position(index, Color::Black) {
                let moves = position.legal_moves();
                stuck = moves.is_empty();
                for &mv in moves.iter() {
                    black_next.push(self.successor(&position.play_unchecked(mv)));
                }
            }
            black_stuck.push(stuck);
            black_start.push(black_next.len());
        }
        loop {
            let mut changed = false;
            for index in 0..size {
                let best = white_next[white_start[index]..white_start[index + 1]]
                    .iter()
                    .map(|&next| match next {
                        END => 1,
                        next => self.black_to_move[next as usize].saturating_add(1),
                    })
                    .min()
                    .unwrap_or(NONE);
                if best < self.white_to_move[index] {
                    self.white_to_move[index] = best;
                    changed = true;
                }
            }
            for index in 0..size {
                let worst = if black_stuck[index] {
                    0
                } else {
                    black_next[black_start[index]..black_start[index + 1]]
                        .iter()
                        .map(|&next| match next {
                            END => NONE,
                            next => self.white_to_move[next as usize],
                        })
                        .max()
                        .unwrap_or(NONE)
                };
                if worst < self.black_to_move[index] {
                    self.black_to_move[index] = worst;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }
}
