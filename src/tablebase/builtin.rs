//! The built-in tables: a lone king against one, two or three kings, either colour,
//! solved in memory by the same solver as the files, the first time they are wanted.
//!
//! They are three units (king against king: 1,984 positions; two kings against one:
//! 29,760; three against one: 287,680), each solved once its smaller ones are, and
//! kept by the [`super::Tablebase`] that owns them: no state outlives it. Solving
//! all three takes a fraction of a second in a release build.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use super::solve::{self, Successors};
use super::{Material, Table};

/// The units of the built-in tables: the strong side's kings, 1 to 3, against a lone king.
const UNITS: usize = 3;

/// The built-in tables of one tablebase, each unit solved once.
#[derive(Default)]
pub(super) struct Builtin {
    units: [OnceLock<Vec<Table>>; UNITS],
    started: AtomicBool,
}

impl Builtin {
    /// The most pieces of a built-in table.
    pub const PIECES: u32 = UNITS as u32 + 1;

    /// Whether `material` is a built-in table: kings only, one to three against one.
    pub fn covers(material: Material) -> bool {
        Builtin::unit(material).is_some()
    }

    /// The unit of `material`: the strong side's kings less one.
    fn unit(material: Material) -> Option<usize> {
        if material.men != [0, 0] {
            return None;
        }
        let [white, black] = material.kings.map(usize::from);
        let strong = match (white, black) {
            (1, strong) | (strong, 1) => strong,
            _ => return None,
        };
        (1..=UNITS).contains(&strong).then(|| strong - 1)
    }

    /// The unit numbered `unit`, solved now (with the smaller ones) if it is not yet.
    fn solved_unit(&self, unit: usize) -> &[Table] {
        self.units[unit].get_or_init(|| {
            for smaller in 0..unit {
                self.solved_unit(smaller);
            }
            let strong = unit as u8 + 1;
            let material = Material {
                men: [0, 0],
                kings: [strong, 1],
            };
            solve::solve(&solve::unit_of(material), self, &mut |_| {})
        })
    }

    /// The table of `material`, a covered one, solved now if it is not yet.
    pub fn table(&self, material: Material) -> &Table {
        let unit = Builtin::unit(material).expect("a built-in material");
        find(self.solved_unit(unit), material)
    }

    /// The table of `material`, if it is a built-in one and solved.
    pub fn ready(&self, material: Material) -> Option<&Table> {
        let unit = Builtin::unit(material)?;
        self.units[unit].get().map(|tables| find(tables, material))
    }

    /// Marks the solving as started; whether it had not been.
    pub fn start(&self) -> bool {
        !self.started.swap(true, Ordering::AcqRel)
    }

    /// Solves every unit (on the thread that [`Builtin::start`] let start).
    pub fn solve_all(&self) {
        self.solved_unit(UNITS - 1);
    }
}

fn find(tables: &[Table], material: Material) -> &Table {
    tables
        .iter()
        .find(|table| table.material() == material)
        .expect("a unit holds its materials")
}

impl Successors for Builtin {
    fn solved(&self, material: Material) -> Option<&Table> {
        self.ready(material)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_tables_are_a_lone_king_against_one_to_three_kings() {
        for (name, covered) in [
            ("w0m1k-b0m1k", true),
            ("w0m3k-b0m1k", true),
            ("w0m1k-b0m2k", true),
            ("w0m2k-b0m2k", false),
            ("w0m4k-b0m1k", false),
            ("w1m1k-b0m1k", false),
        ] {
            assert_eq!(Builtin::covers(name.parse().unwrap()), covered, "{name}");
        }
    }
}
