//! Building the database files: every material of up to N pieces, or one material
//! as a job of its own.
//!
//! Materials are solved in an order where every capture or promotion leads to one
//! already solved: fewer pieces first, then fewer men. A material is solved with its
//! colour-swapped twin (a *unit*, see `solve.rs`). [`build`] keeps the files an
//! earlier build finished (so an interrupted build resumes); [`build_only`] solves
//! one unit from the files of its successors, so that a scheduler can spread a build
//! over machines, one material a job (docs/TABLEBASE.md shows how).

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::solve::{self, unit_of};
use super::{Budget, Material, Table, Tablebase, Value, Verdict};

/// What a build tells its caller as it goes.
#[derive(Debug)]
pub enum BuildEvent {
    /// The work ahead: `tables` tables holding `work` positions in all.
    Started {
        /// The tables to solve.
        tables: usize,
        /// The positions they hold in all.
        work: u64,
    },
    /// Positions done since the last report.
    Advanced(u64),
    /// A table finished (solved now or kept from an earlier build).
    Table(TableSummary),
}

/// One finished table.
#[derive(Clone, Debug)]
pub struct TableSummary {
    /// Its material.
    pub material: Material,
    /// Bytes of its file.
    pub bytes: u64,
    /// What solving found, or `None` when the file was kept from an earlier build.
    pub solved: Option<Solved>,
}

/// The counts of a table solved now, with the draw counts fresh (as when the
/// material has just arisen).
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
    /// Positions the tables know only as a win or a draw, or a loss or a draw.
    pub open: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
    /// Time spent on the unit the table was solved in.
    pub time: Duration,
}

/// Why a build could not be done.
#[derive(Debug)]
pub enum BuildError {
    /// Reading or writing the directory failed.
    Io(io::Error),
    /// A one-material job lacks the file of a material its moves lead to.
    Missing {
        /// The material asked for.
        material: Material,
        /// The material whose table it needs first.
        needs: Material,
        /// Its file, missing or unreadable.
        path: PathBuf,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl BuildError {
    /// Why the build stopped, to be worded.
    pub fn message(&self) -> crate::words::Message {
        match self {
            BuildError::Io(error) => crate::msg!("egtb-io", error = error.to_string()),
            BuildError::Missing {
                material,
                needs,
                path,
            } => crate::msg!(
                "egtb-needs-first",
                material = material.to_string(),
                needs = needs.to_string(),
                path = path.display().to_string()
            ),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<io::Error> for BuildError {
    fn from(error: io::Error) -> BuildError {
        BuildError::Io(error)
    }
}

/// Solves every material of at most `pieces` pieces into `dir`, keeping the tables
/// an earlier build finished there. Each unit is solved as [`build_only`] solves it,
/// from the files of its successors, so that no more tables are in memory at once
/// than one job of a build spread over machines holds.
pub fn build(
    dir: &Path,
    pieces: u32,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<Vec<TableSummary>, BuildError> {
    std::fs::create_dir_all(dir)?;
    let materials = Material::all_up_to(pieces);
    report(BuildEvent::Started {
        tables: materials.len(),
        work: materials.iter().map(|m| m.size()).sum(),
    });
    let mut done = HashSet::new();
    let mut summaries = Vec::new();
    for material in materials {
        if done.contains(&material) {
            continue;
        }
        let unit = unit_of(material);
        let kept: Vec<(Table, u64)> = unit
            .iter()
            .filter_map(|&m| {
                let path = Tablebase::path(dir, m);
                let table = Table::load(&path, m).ok()?;
                Some((table, std::fs::metadata(&path).ok()?.len()))
            })
            .collect();
        let finished = if kept.len() == unit.len() {
            kept.into_iter()
                .map(|(table, bytes)| {
                    report(BuildEvent::Advanced(table.material().size()));
                    (table, bytes, None)
                })
                .collect()
        } else {
            solve_unit(dir, &unit, &successors(dir, material, &unit)?, report)?
        };
        for (table, bytes, counts) in finished {
            summaries.push(announce(&table, bytes, counts, report));
            done.insert(table.material());
        }
    }
    Ok(summaries)
}

/// Solves the unit of `material` (it and its colour-swapped twin) into `dir`, from
/// the files of the materials its captures and promotions lead to, which must be there.
pub fn build_only(
    dir: &Path,
    material: Material,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<Vec<TableSummary>, BuildError> {
    let unit = unit_of(material);
    let successors = successors(dir, material, &unit)?;
    report(BuildEvent::Started {
        tables: unit.len(),
        work: unit.iter().map(|m| m.size()).sum(),
    });
    let finished = solve_unit(dir, &unit, &successors, report)?;
    Ok(finished
        .into_iter()
        .map(|(table, bytes, counts)| announce(&table, bytes, counts, report))
        .collect())
}

/// The tables, read from `dir`, of the materials that the captures and promotions of
/// `unit` (the unit of `material`) lead to.
fn successors(
    dir: &Path,
    material: Material,
    unit: &[Material],
) -> Result<HashMap<Material, Table>, BuildError> {
    let mut successors = HashMap::new();
    for needs in unit.iter().flat_map(|&m| successors_of(m)) {
        if successors.contains_key(&needs) || unit.contains(&needs) {
            continue;
        }
        let path = Tablebase::path(dir, needs);
        let table = Table::load(&path, needs).map_err(|_| BuildError::Missing {
            material,
            needs,
            path,
        })?;
        successors.insert(needs, table);
    }
    Ok(successors)
}

/// The summary of a finished table, reported as it is made.
fn announce(
    table: &Table,
    bytes: u64,
    solved: Option<Solved>,
    report: &mut dyn FnMut(BuildEvent),
) -> TableSummary {
    let summary = TableSummary {
        material: table.material(),
        bytes,
        solved,
    };
    report(BuildEvent::Table(summary.clone()));
    summary
}

/// Solves `unit` and writes its files; each table with its file's bytes and counts.
fn solve_unit(
    dir: &Path,
    unit: &[Material],
    solved: &HashMap<Material, Table>,
    report: &mut dyn FnMut(BuildEvent),
) -> Result<Vec<(Table, u64, Option<Solved>)>, BuildError> {
    let started = Instant::now();
    let tables = solve::solve(unit, solved, &mut |work| report(BuildEvent::Advanced(work)));
    let mut finished = Vec::new();
    for table in tables {
        let bytes = table.save(&Tablebase::path(dir, table.material()))?;
        let mut counts = count(&table);
        counts.time = started.elapsed();
        finished.push((table, bytes, Some(counts)));
    }
    Ok(finished)
}

/// Every material a capture or a promotion can lead to from `material`, White to
/// move (seen as the tables hold it: with the colours swapped, White to move again),
/// that has a table (the side to move there has pieces).
fn successors_of(material: Material) -> Vec<Material> {
    let [wm, bm] = material.men;
    let [wk, bk] = material.kings;
    let mut all = Vec::new();
    for men_left in 0..=bm {
        for kings_left in 0..=bk {
            let taken = (bm - men_left) + (bk - kings_left);
            if men_left + kings_left == 0 {
                continue;
            }
            // White takes `taken` pieces (or none, a quiet promotion), crowning or not.
            for crowns in [false, true] {
                if (taken == 0 && !crowns) || (crowns && wm == 0) {
                    continue;
                }
                let crowned = u8::from(crowns);
                // Black is to move there: the tables hold it with the colours swapped.
                all.push(Material {
                    men: [men_left, wm - crowned],
                    kings: [kings_left, wk + crowned],
                });
            }
        }
    }
    all
}

/// The counts of `table`'s positions at the budget of a fresh start.
fn count(table: &Table) -> Solved {
    let material = table.material();
    let mut counts = Solved::default();
    for index in 0..material.size() {
        let Some(position) = material.position(index) else {
            continue;
        };
        counts.positions += 1;
        let budget = Budget::of(&position, &crate::DrawCounters::starting(&position));
        match table.verdict(index, budget) {
            Verdict::Exact(Value::Win(plies)) => {
                counts.wins += 1;
                counts.longest = counts.longest.max(plies);
            }
            Verdict::Exact(Value::Loss(plies)) => {
                counts.losses += 1;
                counts.longest = counts.longest.max(plies);
            }
            Verdict::Exact(Value::Draw) => counts.draws += 1,
            Verdict::ValueOrDraw(_) => counts.open += 1,
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_successors_of_a_material_are_solved_before_it() {
        let all = Material::all_up_to(5);
        for (at, material) in all.iter().enumerate() {
            for successor in successors_of(*material) {
                let place = all.iter().position(|&m| m == successor);
                assert!(
                    place.is_some_and(|place| place < at),
                    "{material} leads to {successor}"
                );
            }
        }
        let three_kings: Material = "w0m3k-b0m1k".parse().unwrap();
        assert_eq!(successors_of(three_kings), Vec::<Material>::new());
        let lone: Material = "w0m1k-b0m3k".parse().unwrap();
        let taken_one_or_two: Vec<Material> = ["w0m1k-b0m1k", "w0m2k-b0m1k"]
            .map(|name| name.parse().unwrap())
            .into();
        assert_eq!(successors_of(lone), taken_one_or_two);
    }
}
