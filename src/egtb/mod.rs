//! Endgame databases: the exact value of every position of few pieces.
//!
//! For every material balance of at most N pieces (men and kings, both sides
//! having at least one) a table holds the value of every position with best
//! play: a win or a loss in so many plies (until the losing side has no move),
//! or a draw. The values follow RULES.md without the move-count draw rules, which
//! depend on the game's history: the search applies those on top.
//!
//! [`build`] solves the tables by retrograde analysis into a directory, one file a
//! balance; [`Tablebase::open`] reads a directory and [`Tablebase::probe`] answers
//! for a position, loading each table the first time it is needed; [`verify`]
//! checks every value against its successors'.
//!
//! # Examples
//!
//! ```no_run
//! use shashki::Position;
//! use shashki::egtb::Tablebase;
//!
//! let base = Tablebase::open("egtb".as_ref()).unwrap();
//! let position: Position = "W:WKa1,Kc1,Ke1:BKh8".parse().unwrap();
//! println!("{:?}", base.probe(&position));
//! ```

mod build;
mod material;
mod table;
mod verify;

use std::collections::HashMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use self::build::{BuildEvent, TableSummary, build};
pub use self::material::{BadMaterial, Material};
pub use self::table::{Table, TableFileError};
pub use self::verify::{Inconsistency, VerifyEvent, verify};
use crate::endgame::Value;
use crate::{Color, Position};

/// The extension of table files.
const EXTENSION: &str = "egtb";

/// A directory of tables, each read when first probed.
pub struct Tablebase {
    dir: PathBuf,
    slots: HashMap<Material, OnceLock<Result<Table, TableFileError>>>,
    pieces: u32,
}

/// Why a position has no value in the tables.
#[derive(Debug, PartialEq, Eq)]
pub enum ProbeError {
    /// No table of this balance is in the directory.
    Missing(Material),
    /// The side that just moved has no pieces: the game ended before this position.
    NoGame,
    /// The table's file could not be read.
    Damaged(String),
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Missing(material) => write!(
                f,
                "no table for {material} ({} pieces) in the directory",
                material.pieces()
            ),
            ProbeError::NoGame => write!(
                f,
                "the side not to move has no pieces: the game is already over"
            ),
            ProbeError::Damaged(problem) => write!(f, "{problem}"),
        }
    }
}

impl std::error::Error for ProbeError {}

impl fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebase")
            .field("dir", &self.dir)
            .field("pieces", &self.pieces)
            .field("tables", &self.slots.len())
            .finish()
    }
}

impl Tablebase {
    /// The tables in `dir` (none yet read).
    pub fn open(dir: &Path) -> io::Result<Tablebase> {
        let mut slots = HashMap::new();
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == EXTENSION)
                && let Some(material) = path
                    .file_stem()
                    .and_then(|stem| stem.to_str())
                    .and_then(|stem| stem.parse::<Material>().ok())
            {
                slots.insert(material, OnceLock::new());
            }
        }
        Ok(Tablebase::with_slots(dir, slots))
    }

    fn with_slots(
        dir: &Path,
        slots: HashMap<Material, OnceLock<Result<Table, TableFileError>>>,
    ) -> Tablebase {
        let pieces = (2..)
            .take_while(|&n| {
                Material::all_up_to(n)
                    .iter()
                    .all(|material| slots.contains_key(material))
            })
            .last()
            .unwrap_or(0);
        Tablebase {
            dir: dir.to_path_buf(),
            slots,
            pieces,
        }
    }

    /// The most pieces for which every balance has its table (0 when not even 2).
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The directory the tables are in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every balance with a table, in solving order.
    pub fn materials(&self) -> Vec<Material> {
        let mut all: Vec<Material> = self.slots.keys().copied().collect();
        all.sort_by_key(|m| (m.pieces(), m.total_men(), *m));
        all
    }

    /// The file of `material`'s table in `dir`.
    pub fn path(dir: &Path, material: Material) -> PathBuf {
        dir.join(format!("{material}.{EXTENSION}"))
    }

    /// The exact value of `position` for the side to move.
    pub fn probe(&self, position: &Position) -> Result<Value, ProbeError> {
        let white_to_move = match position.side_to_move() {
            Color::White => *position,
            Color::Black => position.mirrored(),
        };
        if white_to_move.pieces(Color::White).is_empty() {
            return Ok(Value::Loss(0));
        }
        if white_to_move.pieces(Color::Black).is_empty() {
            return Err(ProbeError::NoGame);
        }
        let material = Material::of(&white_to_move);
        let table = self.table(material)?;
        Ok(table.value(material.index(&white_to_move)))
    }

    /// The value of `position` when it is covered and readable, for the search.
    #[inline]
    pub fn value(&self, position: &Position) -> Option<Value> {
        if position.occupied().count() > self.pieces {
            return None;
        }
        self.probe(position).ok()
    }

    /// The table of `material`, read now if it has not been.
    pub fn table(&self, material: Material) -> Result<&Table, ProbeError> {
        let slot = self
            .slots
            .get(&material)
            .ok_or(ProbeError::Missing(material))?;
        slot.get_or_init(|| Table::load(&Tablebase::path(&self.dir, material), material))
            .as_ref()
            .map_err(|error| ProbeError::Damaged(error.to_string()))
    }
}

/// Orders values by what they are worth to the side to move: a quicker win is
/// better, a later loss is better, a draw lies between.
pub(crate) fn worth(value: Value) -> i64 {
    match value {
        Value::Win(plies) => i64::from(u32::MAX) - i64::from(plies),
        Value::Draw => 0,
        Value::Loss(plies) => -i64::from(u32::MAX) + i64::from(plies),
    }
}

/// The value of a position reached by a move, for the side that made it, from the
/// value of that position for its side to move.
pub(crate) fn through_move(after: Value) -> Value {
    match after {
        Value::Win(plies) => Value::Loss(plies + 1),
        Value::Loss(plies) => Value::Win(plies + 1),
        Value::Draw => Value::Draw,
    }
}
