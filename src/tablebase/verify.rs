//! The consistency pass: every stored record must follow from its successors' records.
//!
//! For each position the steps are worked out again from the records its moves lead
//! to, budget by budget, as the solver counts the plies a move leaves
//! ([`super::rules::transition`]); where a table's results beyond were solved, they
//! are worked out again too.

use std::collections::HashMap;

use super::rules::transition;
use super::solve::{Landing, landing, unit_of};
use super::value::Code;
use super::{Budget, Class, Material, ProbeError, Record, TableRef, Tablebase, Value, Wait};
use crate::{MoveList, Position};

/// Positions between two progress reports.
const REPORT_EVERY: u64 = 1 << 16;
/// Inconsistencies listed per table; the rest are only counted.
const LISTED: usize = 5;

/// What [`verify`] tells its caller as it goes.
#[derive(Debug)]
pub enum VerifyEvent {
    /// The work ahead, in positions (indices).
    Started {
        /// The positions (indices) to check.
        work: u64,
    },
    /// Indices done since the last report.
    Advanced(u64),
    /// A table checked: its positions and its inconsistencies (the first few listed).
    Table {
        /// The table's material.
        material: Material,
        /// Its positions.
        positions: u64,
        /// How many of them disagree with their successors.
        inconsistent: u64,
        /// The first few of those.
        listed: Vec<Inconsistency>,
    },
}

/// A position whose stored value is not the one its successors give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistency {
    /// The position, as a FEN.
    pub fen: String,
    /// The budget at which they differ, or `None` for the result beyond.
    pub budget: Option<Budget>,
    /// The value in the table.
    pub stored: Value,
    /// The value its successors give.
    pub expected: Value,
}

/// Checks every position of every file of `base` against its successors; returns
/// the number of inconsistent positions.
pub fn verify(base: &Tablebase, report: &mut dyn FnMut(VerifyEvent)) -> Result<u64, ProbeError> {
    verify_tables(base, base.materials(), report)
}

/// Checks the tables of `material` and its colour-swapped twin only, as
/// [`verify`] does: one job of a check spread over machines, beside the files of
/// the materials their moves lead to.
pub fn verify_only(
    base: &Tablebase,
    material: Material,
    report: &mut dyn FnMut(VerifyEvent),
) -> Result<u64, ProbeError> {
    verify_tables(base, unit_of(material), report)
}

fn verify_tables(
    base: &Tablebase,
    materials: Vec<Material>,
    report: &mut dyn FnMut(VerifyEvent),
) -> Result<u64, ProbeError> {
    report(VerifyEvent::Started {
        work: materials.iter().map(|m| m.size()).sum(),
    });
    let mut total = 0;
    let mut list = MoveList::new();
    for material in materials {
        let table = base.table(material, Wait::Yes)?;
        // The tables its moves lead to, kept at hand for the whole table.
        let mut successor_tables = HashMap::new();
        let (mut positions, mut inconsistent, mut listed) = (0, 0, Vec::new());
        for index in 0..material.size() {
            if (index + 1) % REPORT_EVERY == 0 {
                report(VerifyEvent::Advanced(REPORT_EVERY));
            }
            let Some(position) = material.position(index) else {
                continue;
            };
            positions += 1;
            let record = table.record(index);
            let found = check(
                base,
                &mut successor_tables,
                &position,
                record,
                table.is_weighed(),
                &mut list,
            )?;
            if let Some(wrong) = found {
                inconsistent += 1;
                if listed.len() < LISTED {
                    listed.push(wrong);
                }
            }
        }
        report(VerifyEvent::Advanced(material.size() % REPORT_EVERY));
        total += inconsistent;
        report(VerifyEvent::Table {
            material,
            positions,
            inconsistent,
            listed,
        });
    }
    Ok(total)
}

/// A successor of a position: how the move counts the budget, and its record (none:
/// the game is over, won by the mover).
struct Successor<'a> {
    step: super::rules::Transition,
    record: Option<&'a Record>,
    stays: bool,
}

/// The first way `record` differs from what `position`'s successors give, if any.
fn check<'a>(
    base: &'a Tablebase,
    tables: &mut HashMap<Material, TableRef<'a>>,
    position: &Position,
    record: &Record,
    weighed: bool,
    list: &mut MoveList,
) -> Result<Option<Inconsistency>, ProbeError> {
    position.generate_moves(list);
    // The successors' tables first, then their records, borrowed from the tables.
    for &mv in list.iter() {
        if let Landing::At(material, _) = landing(&position.play_unchecked(mv))
            && !tables.contains_key(&material)
        {
            tables.insert(material, base.table(material, Wait::Yes)?);
        }
    }
    let mut successors = Vec::with_capacity(list.len());
    for &mv in list.iter() {
        let after = position.play_unchecked(mv);
        let record = match landing(&after) {
            Landing::Over => None,
            Landing::At(material, index) => Some(tables[&material].record(index)),
        };
        successors.push(Successor {
            step: transition(position, mv, &after),
            record,
            stays: !mv.is_capture() && !mv.promotes(),
        });
    }
    let wrong = |budget, stored: Code, expected: Code| Inconsistency {
        fen: position.to_fen(),
        budget,
        stored: stored.value(),
        expected: expected.value(),
    };
    let budgeted = Class::of(Material::of(position)).is_budgeted();
    for budget in Budget::all() {
        let expected = if successors.is_empty() {
            Code::LOST
        } else if budgeted && budget == Budget::NONE {
            Code::DRAW
        } else {
            let best = successors.iter().map(|next| match next.record {
                None => Code::LOST.before(),
                Some(record) => record.sure_code(next.step.apply(budget)).before(),
            });
            best.max().expect("a move")
        };
        let stored = record.sure_code(budget);
        if stored != expected {
            return Ok(Some(wrong(Some(budget), stored, expected)));
        }
    }
    if weighed {
        let outer = |record: &Record| record.beyond_code().unwrap_or(Code::DRAW);
        let expected = successors
            .iter()
            .map(|next| match next.record {
                None => Code::LOST.before(),
                Some(record) if next.stays => outer(record).before(),
                Some(record) => record.hoped_code().before(),
            })
            .max()
            .unwrap_or(Code::LOST);
        if outer(record) != expected {
            return Ok(Some(wrong(None, outer(record), expected)));
        }
    }
    Ok(None)
}
