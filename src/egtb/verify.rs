//! The consistency pass: every stored value must follow from its successors' values.

use super::{Material, ProbeError, Tablebase, through_move, worth};
use crate::endgame::Value;
use crate::{MoveList, Position};

/// Positions between two progress reports.
const REPORT_EVERY: u64 = 1 << 16;
/// Inconsistencies listed per table; the rest are only counted.
const LISTED: usize = 5;

/// What [`verify`] tells its caller as it goes.
#[derive(Debug)]
pub enum VerifyEvent {
    /// The work ahead, in positions (indices).
    Started { work: u64 },
    /// Indices done since the last report.
    Advanced(u64),
    /// A table checked: its positions and its inconsistencies (the first few listed).
    Table {
        material: Material,
        positions: u64,
        inconsistent: u64,
        listed: Vec<Inconsistency>,
    },
}

/// A position whose stored value is not the one its successors give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistency {
    /// The position, as a FEN.
    pub fen: String,
    /// The value in the table.
    pub stored: Value,
    /// The value its successors give.
    pub expected: Value,
}

/// Checks every position of every table in `base` against its successors; returns
/// the number of inconsistent positions.
pub fn verify(base: &Tablebase, report: &mut dyn FnMut(VerifyEvent)) -> Result<u64, ProbeError> {
    let materials = base.materials();
    report(VerifyEvent::Started {
        work: materials.iter().map(|m| m.size()).sum(),
    });
    let mut total = 0;
    let mut list = MoveList::new();
    for material in materials {
        let table = base.table(material)?;
        let (mut positions, mut inconsistent, mut listed) = (0, 0, Vec::new());
        for index in 0..material.size() {
            if (index + 1) % REPORT_EVERY == 0 {
                report(VerifyEvent::Advanced(REPORT_EVERY));
            }
            let Some(position) = material.position(index) else {
                continue;
            };
            positions += 1;
            let stored = table.value(index);
            let expected = from_successors(base, &position, &mut list)?;
            if stored != expected {
                inconsistent += 1;
                if listed.len() < LISTED {
                    listed.push(Inconsistency {
                        fen: position.to_fen(),
                        stored,
                        expected,
                    });
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

/// The value of `position` from the stored values of the positions its moves reach.
pub(crate) fn from_successors(
    base: &Tablebase,
    position: &Position,
    list: &mut MoveList,
) -> Result<Value, ProbeError> {
    position.generate_moves(list);
    let mut best = Value::Loss(0);
    for &mv in list.iter() {
        let value = through_move(base.probe(&position.play_unchecked(mv))?);
        if worth(value) > worth(best) {
            best = value;
        }
    }
    Ok(best)
}
