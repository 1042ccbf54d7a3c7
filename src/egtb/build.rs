//! Solving the tables by retrograde analysis.
//!
//! Balances are solved in an order where every move leaving a balance leads to
//! one already solved: a capture to fewer pieces, a promotion to fewer men. A
//! quiet move stays within the pair of a balance and its colour-swapped twin
//! (White to move in one is Black to move in the other), so each pair, a *unit*,
//! is solved together:
//!
//! 1. Every position of the unit generates its moves once. A position without a
//!    move is lost now. Moves leaving the unit take their value from the solved
//!    tables; the moves staying in it are counted.
//! 2. Values are then settled ply by ply, from 0 up. A position lost in `d` plies
//!    makes each of its predecessors (found by taking a quiet move back, and kept
//!    only if that move was legal there, that is, if no capture was due) a win in
//!    `d + 1`. A position won in `d` plies takes one off each predecessor's count of
//!    unsettled moves; a predecessor left with none, and no drawing or winning move
//!    out of the unit, is lost in one more ply than its longest successor.
//! 3. Whatever is left unsettled is a draw.
//!
//! Settling ply by ply makes every win the quickest and every loss the longest.

use std::io;
use std::path::Path;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::table::{self, Table};
use super::{Material, Tablebase, through_move};
use crate::endgame::Value;
use crate::tables::{Direction, NEIGHBOUR, free_run};
use crate::{Bitboard, Color, MoveList, Position};

/// A position's count of unsettled moves once it can no longer lose.
const CANNOT_LOSE: u8 = u8::MAX;
/// Positions between two progress reports.
const REPORT_EVERY: u64 = 1 << 16;

/// What [`build`] tells its caller as it goes.
#[derive(Debug)]
pub enum BuildEvent {
    /// The work ahead: `tables` tables holding `work` units of progress in all.
    Started { tables: usize, work: u64 },
    /// Work done since the last report.
    Advanced(u64),
    /// A table finished (solved now or kept from an earlier build).
    Table(TableSummary),
}

/// One finished table.
#[derive(Clone, Debug)]
pub struct TableSummary {
    /// Its balance.
    pub material: Material,
    /// Bytes of its file.
    pub bytes: u64,
    /// What solving found, or `None` when the file was kept from an earlier build.
    pub solved: Option<Solved>,
}

/// The counts of a table solved now.
#[derive(Clone, Debug, Default)]
pub struct Solved {
    /// Positions (indices whose men collide left out).
    pub positions: u64,
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Positions drawn.
    pub draws: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
    /// Time spent on the unit the table was solved in.
    pub time: Duration,
}

/// Solves every balance of at most `pieces` pieces into `dir`, keeping the tables
/// an earlier build finished there (so an interrupted build resumes).
pub fn build(
    dir: &Path,
    pieces: u32,
    report: &mut dyn FnMut(BuildEvent),
) -> io::Result<Vec<TableSummary>> {
    std::fs::create_dir_all(dir)?;
    let materials = Material::all_up_to(pieces);
    let slots = materials.iter().map(|&m| (m, OnceLock::new())).collect();
    let base = Tablebase::with_slots(dir, slots);
    let units = units(&materials);
    report(BuildEvent::Started {
        tables: materials.len(),
        work: materials.iter().map(|m| 2 * m.size()).sum(),
    });
    let mut summaries = Vec::new();
    for unit in units {
        let kept: Vec<Table> = unit
            .iter()
            .filter_map(|&m| Table::load(&Tablebase::path(dir, m), m).ok())
            .collect();
        if kept.len() == unit.len() {
            for table in kept {
                report(BuildEvent::Advanced(2 * table.material().size()));
                let summary = TableSummary {
                    material: table.material(),
                    bytes: table.file_size(),
                    solved: None,
                };
                base.insert(table);
                report(BuildEvent::Table(summary.clone()));
                summaries.push(summary);
            }
            continue;
        }
        let indices: u64 = unit.iter().map(|m| m.size()).sum();
        if indices >= u64::from(u32::MAX) {
            return Err(io::Error::other(format!(
                "{} has {indices} indices with its twin, more than one build can number",
                unit[0]
            )));
        }
        let started = Instant::now();
        let solved = Solver::new(&base, &unit).solve(report);
        for (material, codes) in unit.iter().zip(solved) {
            let table = Table::new(*material, &codes);
            table.save(&Tablebase::path(dir, *material))?;
            let mut counts = count(*material, &codes);
            counts.time = started.elapsed();
            let summary = TableSummary {
                material: *material,
                bytes: table.file_size(),
                solved: Some(counts),
            };
            base.insert(table);
            report(BuildEvent::Table(summary.clone()));
            summaries.push(summary);
        }
    }
    Ok(summaries)
}

/// The balances grouped with their colour-swapped twins, in solving order.
fn units(materials: &[Material]) -> Vec<Vec<Material>> {
    let mut units: Vec<Vec<Material>> = Vec::new();
    for &material in materials {
        if units.iter().flatten().any(|&m| m == material) {
            continue;
        }
        let twin = material.swapped();
        units.push(if twin == material {
            vec![material]
        } else {
            vec![material, twin]
        });
    }
    units
}

/// Counts the values of a solved table.
fn count(material: Material, codes: &[u16]) -> Solved {
    let mut counts = Solved::default();
    for (index, &code) in codes.iter().enumerate() {
        if material.position(index as u64).is_none() {
            continue;
        }
        counts.positions += 1;
        match table::value(code) {
            Value::Win(plies) => {
                counts.wins += 1;
                counts.longest = counts.longest.max(plies);
            }
            Value::Loss(plies) => {
                counts.losses += 1;
                counts.longest = counts.longest.max(plies);
            }
            Value::Draw => counts.draws += 1,
        }
    }
    counts
}

impl Tablebase {
    /// Puts a table just solved or read into its slot.
    fn insert(&self, table: Table) {
        if let Some(slot) = self.slots.get(&table.material()) {
            let _ = slot.set(Ok(table));
        }
    }
}

/// The retrograde analysis of one unit.
struct Solver<'a> {
    base: &'a Tablebase,
    materials: &'a [Material],
    /// Where each balance's indices start in the unit's numbering.
    offsets: Vec<u64>,
    /// The settled code of each position; 0 while unsettled.
    codes: Vec<u16>,
    /// Moves not yet settled as wins for the opponent, or [`CANNOT_LOSE`].
    unsettled: Vec<u8>,
    /// One more than the longest win of the opponent seen among the moves: the loss's length.
    longest: Vec<u16>,
    /// Positions to settle at each ply: wins at odd plies, losses at even.
    due: Vec<Vec<u32>>,
}

impl<'a> Solver<'a> {
    fn new(base: &'a Tablebase, materials: &'a [Material]) -> Solver<'a> {
        let mut offsets = Vec::new();
        let mut total = 0;
        for material in materials {
            offsets.push(total);
            total += material.size();
        }
        let total = total as usize;
        Solver {
            base,
            materials,
            offsets,
            codes: vec![0; total],
            unsettled: vec![0; total],
            longest: vec![0; total],
            due: Vec::new(),
        }
    }

    /// The codes of each balance of the unit.
    fn solve(mut self, report: &mut dyn FnMut(BuildEvent)) -> Vec<Vec<u16>> {
        self.start(report);
        self.settle(report);
        let mut codes = self.codes;
        let mut tables = Vec::new();
        for material in self.materials.iter().rev() {
            tables.push(codes.split_off(codes.len() - material.size() as usize));
        }
        tables.reverse();
        tables
    }

    fn schedule(&mut self, ply: u32, at: u64) {
        let ply = ply as usize;
        if self.due.len() <= ply {
            self.due.resize_with(ply + 1, Vec::new);
        }
        self.due[ply].push(at as u32);
    }

    /// Step 1: every position's moves, the values of those that leave the unit.
    fn start(&mut self, report: &mut dyn FnMut(BuildEvent)) {
        let mut list = MoveList::new();
        let mut done = 0;
        for (unit_index, &material) in self.materials.iter().enumerate() {
            for index in 0..material.size() {
                done += 1;
                if done % REPORT_EVERY == 0 {
                    report(BuildEvent::Advanced(REPORT_EVERY));
                }
                let Some(position) = material.position(index) else {
                    continue;
                };
                let at = self.offsets[unit_index] + index;
                position.generate_moves(&mut list);
                if list.is_empty() {
                    self.schedule(0, at);
                    continue;
                }
                let mut inside = 0u8;
                let mut quickest_win = None;
                let mut drawn = false;
                let mut longest = 0;
                for &mv in list.iter() {
                    if !mv.is_capture() && !mv.promotes() {
                        inside += 1;
                        continue;
                    }
                    let after = position.play_unchecked(mv);
                    let value = self
                        .base
                        .probe(&after)
                        .expect("every table a move leads to is solved first");
                    match through_move(value) {
                        Value::Win(plies) => {
                            quickest_win = Some(quickest_win.unwrap_or(plies).min(plies))
                        }
                        Value::Loss(plies) => longest = longest.max(plies),
                        Value::Draw => drawn = true,
                    }
                }
                self.longest[at as usize] = longest as u16;
                self.unsettled[at as usize] = if quickest_win.is_some() || drawn {
                    CANNOT_LOSE
                } else {
                    inside
                };
                if let Some(plies) = quickest_win {
                    self.schedule(plies, at);
                } else if inside == 0 && !drawn {
                    self.schedule(longest, at);
                }
            }
        }
        report(BuildEvent::Advanced(done % REPORT_EVERY));
    }

    /// Step 2: settles the positions ply by ply, passing each result to its predecessors.
    fn settle(&mut self, report: &mut dyn FnMut(BuildEvent)) {
        let mut predecessors = Vec::new();
        let mut ply = 0;
        while ply < self.due.len() {
            let due = std::mem::take(&mut self.due[ply]);
            for at in due {
                if self.codes[at as usize] != 0 {
                    continue;
                }
                let value = if ply.is_multiple_of(2) {
                    Value::Loss(ply as u32)
                } else {
                    Value::Win(ply as u32)
                };
                self.codes[at as usize] = table::code(value);
                let position = self.position(u64::from(at));
                predecessors.clear();
                unmoves(&position, &mut predecessors);
                for predecessor in &predecessors {
                    let before = self.unit_index(predecessor) as usize;
                    if self.codes[before] != 0 {
                        continue;
                    }
                    if ply.is_multiple_of(2) {
                        self.schedule(ply as u32 + 1, before as u64);
                    } else if self.unsettled[before] != CANNOT_LOSE {
                        self.unsettled[before] -= 1;
                        let longest = &mut self.longest[before];
                        *longest = (*longest).max(ply as u16 + 1);
                        if self.unsettled[before] == 0 {
                            let plies = u32::from(*longest);
                            self.schedule(plies, before as u64);
                        }
                    }
                }
            }
            ply += 1;
        }
        report(BuildEvent::Advanced(self.codes.len() as u64));
    }

    fn position(&self, at: u64) -> Position {
        let unit_index = self.offsets.partition_point(|&offset| offset <= at) - 1;
        self.materials[unit_index]
            .position(at - self.offsets[unit_index])
            .expect("only positions are scheduled")
    }

    fn unit_index(&self, position: &Position) -> u64 {
        let material = Material::of(position);
        let unit_index = self
            .materials
            .iter()
            .position(|&m| m == material)
            .expect("a quiet move stays in the unit");
        self.offsets[unit_index] + material.index(position)
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
