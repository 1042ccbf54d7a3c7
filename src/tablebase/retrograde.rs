//! The classic retrograde analysis, for a unit where no count runs and for the
//! results beyond (see `solve.rs`).

use super::Value;
use super::solve::Unit;
use super::value::Code;
use crate::tables::{Direction, NEIGHBOUR, free_run};
use crate::{Bitboard, Color, MoveList, Position};

/// Positions between two progress reports.
const REPORT_EVERY: u64 = 1 << 16;
/// A position's count of unsettled moves once it can no longer lose.
const CANNOT_LOSE: u8 = u8::MAX;

/// The classic retrograde analysis of a unit where no count runs (see the module's docs).
pub(super) struct Retrograde<'a> {
    unit: &'a Unit<'a>,
    /// The settled code of each position; [`Code::DRAW`] while unsettled.
    codes: Vec<Code>,
    /// Moves not yet settled as wins for the opponent, or [`CANNOT_LOSE`].
    unsettled: Vec<u8>,
    /// One more than the longest win of the opponent seen among the moves: the loss's length.
    longest: Vec<u16>,
    /// Positions to settle at each ply: wins at odd plies, losses at even.
    due: Vec<Vec<u32>>,
}

impl<'a> Retrograde<'a> {
    pub fn new(unit: &'a Unit<'a>) -> Retrograde<'a> {
        let size = unit.size as usize;
        Retrograde {
            unit,
            codes: vec![Code::DRAW; size],
            unsettled: vec![0; size],
            longest: vec![0; size],
            due: Vec::new(),
        }
    }

    /// The code of every position of the unit, by number; `exit` values the moves
    /// that leave it, for the mover.
    pub fn solve(
        mut self,
        exit: &mut dyn FnMut(&Position, crate::Move, &Position) -> Code,
        report: &mut dyn FnMut(u64),
    ) -> Vec<Code> {
        self.start(exit, report);
        self.settle();
        self.codes
    }

    fn schedule(&mut self, ply: u32, at: u32) {
        let ply = ply as usize;
        if self.due.len() <= ply {
            self.due.resize_with(ply + 1, Vec::new);
        }
        self.due[ply].push(at);
    }

    /// Every position's moves, and the values of those that leave the unit.
    fn start(
        &mut self,
        exit: &mut dyn FnMut(&Position, crate::Move, &Position) -> Code,
        report: &mut dyn FnMut(u64),
    ) {
        let mut list = MoveList::new();
        for at in 0..self.unit.size {
            if (at + 1) % REPORT_EVERY == 0 {
                report(REPORT_EVERY);
            }
            let Some(position) = self.unit.position(at) else {
                continue;
            };
            let at = at as u32;
            position.generate_moves(&mut list);
            if list.is_empty() {
                self.schedule(0, at);
                continue;
            }
            let mut inside = 0u8;
            let mut best = None;
            for &mv in list.iter() {
                if !mv.is_capture() && !mv.promotes() {
                    inside += 1;
                    continue;
                }
                let code = exit(&position, mv, &position.play_unchecked(mv));
                best = best.max(Some(code));
            }
            let longest = match best {
                Some(code) => match code.value() {
                    Value::Loss(plies) => plies,
                    _ => 0,
                },
                None => 0,
            };
            self.longest[at as usize] = longest as u16;
            let can_draw = best.is_some_and(|code| code >= Code::DRAW);
            self.unsettled[at as usize] = if can_draw { CANNOT_LOSE } else { inside };
            match best.map(Code::value) {
                Some(Value::Win(plies)) => self.schedule(plies, at),
                _ if inside == 0 && !can_draw => self.schedule(longest, at),
                _ => {}
            }
        }
        report(self.unit.size % REPORT_EVERY);
    }

    /// Settles the positions ply by ply, passing each result to its predecessors.
    fn settle(&mut self) {
        let mut settled = vec![false; self.codes.len()];
        let mut predecessors = Vec::new();
        let mut ply = 0;
        while ply < self.due.len() {
            let due = std::mem::take(&mut self.due[ply]);
            for at in due {
                if settled[at as usize] {
                    continue;
                }
                settled[at as usize] = true;
                let value = if ply % 2 == 0 {
                    Value::Loss(ply as u32)
                } else {
                    Value::Win(ply as u32)
                };
                self.codes[at as usize] = Code::new(value);
                let position = self.unit.position(u64::from(at)).expect("a position");
                predecessors.clear();
                unmoves(&position, &mut predecessors);
                for predecessor in &predecessors {
                    let before = self.unit.number(predecessor) as usize;
                    if settled[before] {
                        continue;
                    }
                    if ply % 2 == 0 {
                        self.schedule(ply as u32 + 1, before as u32);
                    } else if self.unsettled[before] != CANNOT_LOSE {
                        self.unsettled[before] -= 1;
                        let longest = &mut self.longest[before];
                        *longest = (*longest).max(ply as u16 + 1);
                        if self.unsettled[before] == 0 {
                            let plies = u32::from(*longest);
                            self.schedule(plies, before as u32);
                        }
                    }
                }
            }
            ply += 1;
        }
    }
}

/// Every position (White to move) from which White reaches `position` (Black to
/// move, seen turned round: White to move) by a legal quiet move that neither
/// captures nor promotes.
///
/// In `position` the side that just moved is Black: each Black man steps back
/// north, each Black king back along any free diagonal. The move was legal only if
/// Black had no capture before it.
fn unmoves(position: &Position, predecessors: &mut Vec<Position>) {
    let occupied = position.occupied();
    let men = [position.men(Color::White), position.men(Color::Black)];
    let kings = [
        position.kings_of(Color::White),
        position.kings_of(Color::Black),
    ];
    let mut take_back = |to: Bitboard, from: Bitboard, king: bool| {
        let (mut men, mut kings) = (men, kings);
        let set = if king { &mut kings[1] } else { &mut men[1] };
        *set = (*set & !to) | from;
        let before = Position::from_pieces(men, kings, Color::Black)
            .expect("taking a quiet move back keeps the position valid");
        if !before.has_capture() {
            predecessors.push(before.mirrored());
        }
    };
    for to in men[1] {
        for direction in [Direction::NorthWest, Direction::NorthEast] {
            let from = NEIGHBOUR[direction as usize][to.index()];
            if from.any() && (from & occupied).is_empty() {
                take_back(to.bitboard(), from, false);
            }
        }
    }
    for to in kings[1] {
        for direction in Direction::ALL {
            for from in free_run(to.index(), direction, occupied) {
                take_back(to.bitboard(), from.bitboard(), true);
            }
        }
    }
}
