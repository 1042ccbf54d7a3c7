//! Endgame tables: the exact result of every position of few pieces under the draw rules.
//!
//! For every material of few pieces (men and kings of each side, both sides having
//! a piece) a [`Table`] holds every position with White to move (a Black-to-move
//! position is looked up turned round). Its [`Record`] gives the value with best play
//! (a win or a loss in so many plies, or a draw) at every [`Budget`], the plies the
//! move-count draw rules of RULES.md still allow: a probe with a game's
//! [`DrawCounters`] gives the result under the rules. Wins are the quickest and
//! losses the longest the rules allow. Repetition (rule 1) is left out.
//!
//! The tables come from one place, a [`Tablebase`], in which two sources stand side
//! by side: database files of up to N pieces that [`build`] solves into a directory,
//! and the built-in tables of a lone king against one to three kings, which need no
//! files and are solved in memory on a thread of their own the first time they are
//! wanted (a fraction of a second). A file is read whole the first time its table is
//! wanted; a probe that may not wait has it read on a thread of its own. The tables
//! read from files may be held to a memory budget: the one used longest ago is let go
//! to make room, and read again when it is wanted again. One solver
//! (`solve.rs`) makes both, with one index ([`Material`]) and one value code
//! (`value.rs`); [`verify`] checks a directory's every value against its
//! successors'. docs/TABLEBASE.md has the internals.
//!
//! # Examples
//!
//! ```
//! use shashki::tablebase::{Tablebase, Value, Verdict};
//! use shashki::{DrawCounters, Position};
//!
//! // No files: the built-in tables answer for the king endings they hold.
//! let tables = Tablebase::builtin();
//! // Every move of the a1 king stays on the long diagonal, where h8 takes it.
//! let lost: Position = "W:WKa1:BKh8".parse().unwrap();
//! let fresh = DrawCounters::starting(&lost);
//! assert_eq!(tables.probe(&lost, &fresh), Ok(Verdict::Exact(Value::Loss(2))));
//! // With one ply left before the kings-only count runs out, h8 is too late.
//! let late = DrawCounters { kings_only: 29, ..fresh };
//! assert_eq!(tables.probe(&lost, &late), Ok(Verdict::Exact(Value::Draw)));
//! ```

mod build;
mod builtin;
mod file;
mod material;
mod retrograde;
pub(crate) mod rules;
mod solve;
mod table;
mod value;
mod verify;

use std::collections::HashMap;
use std::fmt;
use std::io;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock, TryLockError};
use std::time::{Duration, Instant};

pub use self::build::{BuildError, BuildEvent, Solved, TableSummary, build, build_only};
use self::builtin::Builtin;
pub use self::file::{TableFileError, TableProblem};
pub use self::material::{BadMaterial, Material};
pub use self::rules::Class;
pub use self::table::Table;
pub use self::value::{Budget, Record, Steps, Value, Verdict};
pub use self::verify::{Inconsistency, VerifyEvent, verify, verify_only};
use crate::msg;
use crate::words::Message;
use crate::{Color, DrawCounters, Position};

/// The extension of table files.
const EXTENSION: &str = "egtb";

/// The endgame tables an engine uses: database files, if any, and the built-in king
/// endings. A handle: clones share the same tables, read or solved once.
#[derive(Clone)]
pub struct Tablebase {
    shared: Arc<Shared>,
}

/// What the clones of a [`Tablebase`] share.
struct Shared {
    /// The directory of the files, if any.
    dir: Option<PathBuf>,
    /// A slot for each file, filled when the table is wanted.
    files: HashMap<Material, FileSlot>,
    /// The most pieces for which every material has a file.
    pieces: u32,
    /// The most pieces of any table, built-in ones included.
    most_pieces: u32,
    builtin: Builtin,
    /// The most bytes the tables read from files may hold at once (`None`: no limit).
    budget: Option<u64>,
    /// The bytes they hold now.
    held: Mutex<u64>,
    /// Held while a file is read: one at a time, so that each read can make its room
    /// by letting go of tables that are held (none is half read), and a second reader
    /// of a table waits for the first.
    reader: Mutex<()>,
    /// Counts the changes of the table probed: a probe of a table other than the last
    /// stamps it with the next count, so that the table used longest ago has the lowest.
    clock: AtomicU64,
}

/// The table of one file: read when it is wanted, and let go when the budget needs
/// its room.
#[derive(Default)]
struct FileSlot {
    /// The table while it is held, or why its file cannot be used; `None` before it
    /// is read and after it is let go.
    state: RwLock<Option<Result<Arc<Table>, ProbeError>>>,
    /// Whether a thread of its own is reading it.
    reading: AtomicBool,
    /// The clock's count when it was last probed (see [`Shared::clock`]).
    last_used: AtomicU64,
}

impl FileSlot {
    /// The table, or why there is none, if the file has been read.
    fn current(&self) -> Option<Result<Arc<Table>, ProbeError>> {
        self.state
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set(&self, state: Option<Result<Arc<Table>, ProbeError>>) {
        *self.state.write().unwrap_or_else(PoisonError::into_inner) = state;
    }

    /// The bytes its table holds, if it is held.
    fn held(&self) -> Option<u64> {
        match &*self.state.read().unwrap_or_else(PoisonError::into_inner) {
            Some(Ok(table)) => Some(table.memory()),
            _ => None,
        }
    }
}

/// A table from a [`Tablebase`]: a file's, kept while it is in use even if the
/// budget lets it go meanwhile, or a built-in one.
pub enum TableRef<'a> {
    /// Read from a file.
    File(Arc<Table>),
    /// Built in.
    Builtin(&'a Table),
}

impl Deref for TableRef<'_> {
    type Target = Table;

    fn deref(&self) -> &Table {
        match self {
            TableRef::File(table) => table,
            TableRef::Builtin(table) => table,
        }
    }
}

/// Whether a probe may wait for a table to be read or solved when it is not at hand:
/// the built-in tables take a fraction of a second to solve, the largest six-piece
/// file a second or more to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// Wait.
    Yes,
    /// Wait for what is expected to be ready by then: the built-in tables solved
    /// ([`SOLVING_BUILTIN`]), a file read at [`READ_RATE`], when no other file is being
    /// read. Otherwise as [`Wait::No`].
    Until(Instant),
    /// Do not: start reading or solving it on its own thread and answer without it.
    No,
}

/// What solving the built-in tables is expected to take: 0.65 s here.
pub const SOLVING_BUILTIN: Duration = Duration::from_millis(700);

/// Bytes of a table file read a second, as expected before a read: a file of
/// 189 MB, the largest of six pieces, took 3.7 s to read and inflate here.
pub const READ_RATE: u64 = 50 << 20;

/// Why a position has no value in the tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProbeError {
    /// No table of this material.
    Missing(Material),
    /// The side that just moved has no pieces: the game ended before this position.
    NoGame,
    /// The table's file could not be read.
    Damaged(TableFileError),
    /// The table is being read or solved, and the probe did not wait.
    NotReady,
    /// The table needs more memory than the tables may hold.
    OverBudget {
        /// The table's material.
        material: Material,
        /// The bytes it needs.
        needs: u64,
        /// The bytes the tables may hold.
        budget: u64,
    },
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl ProbeError {
    /// The reason, to be worded in the reader's language.
    pub fn message(&self) -> Message {
        match self {
            ProbeError::Missing(material) => msg!(
                "probe-missing",
                material = material.to_string(),
                pieces = material.pieces()
            ),
            ProbeError::NoGame => msg!("probe-no-game"),
            ProbeError::Damaged(error) => error.message(),
            ProbeError::NotReady => msg!("probe-not-ready"),
            ProbeError::OverBudget {
                material,
                needs,
                budget,
            } => msg!(
                "probe-over-budget",
                material = material.to_string(),
                needs = needs.div_ceil(1 << 20),
                budget = budget / (1 << 20)
            ),
        }
    }
}

impl std::error::Error for ProbeError {}

impl fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebase")
            .field("dir", &self.shared.dir)
            .field("pieces", &self.shared.pieces)
            .field("files", &self.shared.files.len())
            .finish()
    }
}

impl Default for Tablebase {
    fn default() -> Tablebase {
        Tablebase::builtin()
    }
}

impl Tablebase {
    /// The built-in king endings alone, none solved yet.
    pub fn builtin() -> Tablebase {
        Tablebase::with_files(None, HashMap::new(), None)
    }

    /// The files of `dir` (none read yet) and the built-in king endings. A table read
    /// from a file is held from then on.
    pub fn open(dir: &Path) -> io::Result<Tablebase> {
        Tablebase::open_within(dir, None)
    }

    /// Like [`Tablebase::open`], with the tables read from files holding at most
    /// `budget` bytes at once (`None`: no limit). To make room for a table, those used
    /// longest ago are let go; a table larger than the whole budget is never read.
    pub fn open_within(dir: &Path, budget: Option<u64>) -> io::Result<Tablebase> {
        let mut files = HashMap::new();
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == EXTENSION)
                && let Some(material) = path
                    .file_stem()
                    .and_then(|stem| stem.to_str())
                    .and_then(|stem| stem.parse::<Material>().ok())
            {
                files.insert(material, FileSlot::default());
            }
        }
        Ok(Tablebase::with_files(Some(dir), files, budget))
    }

    fn with_files(
        dir: Option<&Path>,
        files: HashMap<Material, FileSlot>,
        budget: Option<u64>,
    ) -> Tablebase {
        let pieces = (2..)
            .take_while(|&n| {
                Material::all_up_to(n)
                    .iter()
                    .all(|material| files.contains_key(material))
            })
            .last()
            .unwrap_or(0);
        let most_pieces = files
            .keys()
            .map(|m| m.pieces())
            .chain([Builtin::PIECES])
            .max()
            .unwrap_or(0);
        Tablebase {
            shared: Arc::new(Shared {
                dir: dir.map(Path::to_path_buf),
                files,
                pieces,
                most_pieces,
                builtin: Builtin::default(),
                budget,
                held: Mutex::new(0),
                reader: Mutex::new(()),
                // Above every new slot's stamp of 0: its first probe stamps it.
                clock: AtomicU64::new(1),
            }),
        }
    }

    /// The most pieces for which every material has a file (0 when not even 2).
    pub fn pieces(&self) -> u32 {
        self.shared.pieces
    }

    /// The most pieces of any table, the built-in ones included: a position with more
    /// has no value here, whatever its material (one count settles most positions).
    #[inline]
    pub fn most_pieces(&self) -> u32 {
        self.shared.most_pieces
    }

    /// The directory of the files, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.shared.dir.as_deref()
    }

    /// Every material with a file, in solving order.
    pub fn materials(&self) -> Vec<Material> {
        let mut all: Vec<Material> = self.shared.files.keys().copied().collect();
        all.sort_by_key(|m| (m.pieces(), m.total_men(), *m));
        all
    }

    /// The file of `material`'s table in `dir`.
    pub fn path(dir: &Path, material: Material) -> PathBuf {
        dir.join(format!("{material}.{EXTENSION}"))
    }

    /// Whether the built-in tables hold `material`.
    pub fn is_builtin(material: Material) -> bool {
        Builtin::covers(material)
    }

    /// The table of `material`: its file, read now if it is not held, else the
    /// built-in one, solved now. A table not at hand that `wait` does not wait for
    /// is started on a thread of its own (read or solved there), and the answer is
    /// [`ProbeError::NotReady`].
    pub fn table(&self, material: Material, wait: Wait) -> Result<TableRef<'_>, ProbeError> {
        if let Some(slot) = self.shared.files.get(&material) {
            let read = match (slot.current(), wait) {
                (Some(held), _) => Some(held),
                (None, Wait::Yes) => Some(self.shared.read(material)),
                (None, Wait::Until(deadline)) if self.shared.can_read_by(material, deadline) => {
                    self.shared.read_unless_busy(material)
                }
                (None, Wait::Until(_) | Wait::No) => None,
            };
            let Some(read) = read else {
                self.read_in_background(material, slot);
                return Err(ProbeError::NotReady);
            };
            self.shared.stamp(slot);
            return read.map(TableRef::File);
        }
        if !Builtin::covers(material) {
            return Err(ProbeError::Missing(material));
        }
        let solved_in_time = |deadline: Instant| Instant::now() + SOLVING_BUILTIN <= deadline;
        match wait {
            Wait::Yes => Ok(TableRef::Builtin(self.shared.builtin.table(material))),
            Wait::Until(deadline) if solved_in_time(deadline) => {
                Ok(TableRef::Builtin(self.shared.builtin.table(material)))
            }
            Wait::Until(_) | Wait::No => self
                .shared
                .builtin
                .ready(material)
                .map(TableRef::Builtin)
                .ok_or_else(|| {
                    self.solve_builtin_in_background();
                    ProbeError::NotReady
                }),
        }
    }

    /// Starts reading `material`'s file on a thread of its own, unless one is at it.
    fn read_in_background(&self, material: Material, slot: &FileSlot) {
        if !slot.reading.swap(true, Ordering::AcqRel) {
            let shared = Arc::clone(&self.shared);
            std::thread::spawn(move || {
                // What it finds, the table or why there is none, waits in the slot.
                let _ = shared.read(material);
                // A table let go later is read again the next time it is wanted.
                shared.files[&material]
                    .reading
                    .store(false, Ordering::Release);
            });
        }
    }

    /// The bytes the tables read from files hold now.
    pub fn memory_held(&self) -> u64 {
        *self
            .shared
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts solving the built-in tables on a thread of their own, once.
    fn solve_builtin_in_background(&self) {
        if self.shared.builtin.start() {
            let shared = Arc::clone(&self.shared);
            std::thread::spawn(move || shared.builtin.solve_all());
        }
    }

    /// Whether a table holds `position`'s material (a file, or a built-in one, solved
    /// or not): a cheap test before the counters a probe needs are worked out.
    #[inline]
    pub fn holds(&self, position: &Position) -> bool {
        let material = match position.side_to_move() {
            Color::White => Material::of(position),
            Color::Black => Material::of(position).swapped(),
        };
        Builtin::covers(material)
            || (!self.shared.files.is_empty() && self.shared.files.contains_key(&material))
    }

    /// Whether the table of `material` is at hand without waiting: a file held (or
    /// found damaged or too large), or a built-in table solved already. Asks for nothing.
    pub fn is_ready(&self, material: Material) -> bool {
        match self.shared.files.get(&material) {
            Some(slot) => slot.current().is_some(),
            None => self.shared.builtin.ready(material).is_some(),
        }
    }

    /// What the tables know of `position` in a game whose draw counters are
    /// `counters`, waiting for a built-in table to be solved.
    pub fn probe(
        &self,
        position: &Position,
        counters: &DrawCounters,
    ) -> Result<Verdict, ProbeError> {
        self.probe_with(position, counters, Wait::Yes)
    }

    /// Like [`Tablebase::probe`], waiting or not as `wait` says.
    pub fn probe_with(
        &self,
        position: &Position,
        counters: &DrawCounters,
        wait: Wait,
    ) -> Result<Verdict, ProbeError> {
        let white_to_move = match position.side_to_move() {
            Color::White => *position,
            Color::Black => position.mirrored(),
        };
        if white_to_move.pieces(Color::White).is_empty() {
            return Ok(Verdict::Exact(Value::Loss(0)));
        }
        if white_to_move.pieces(Color::Black).is_empty() {
            return Err(ProbeError::NoGame);
        }
        let material = Material::of(&white_to_move);
        let table = self.table(material, wait)?;
        let budget = Budget::of(position, counters);
        Ok(table.verdict(material.index(&white_to_move), budget))
    }

    /// The exact value of `position` with `counters`, for the search: none where the
    /// tables do not hold it, do not know it exactly, or are still being read or
    /// solved and `wait` does not wait for them.
    #[inline]
    pub fn value(&self, position: &Position, counters: &DrawCounters, wait: Wait) -> Option<Value> {
        if position.occupied().count() > self.most_pieces() {
            return None;
        }
        self.probe_with(position, counters, wait)
            .ok()
            .and_then(Verdict::exact)
    }
}

impl Shared {
    /// The table of `material`'s file, read now if it is not held; a second reader
    /// waits for the first. Tables used longest ago are let go to make room for it
    /// within the budget.
    fn read(&self, material: Material) -> Result<Arc<Table>, ProbeError> {
        let reader = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
        self.read_holding(material, reader)
    }

    /// Like [`Shared::read`], unless another file is being read (`None`): waiting for
    /// it could take seconds.
    fn read_unless_busy(&self, material: Material) -> Option<Result<Arc<Table>, ProbeError>> {
        let reader = match self.reader.try_lock() {
            Ok(reader) => reader,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => return None,
        };
        Some(self.read_holding(material, reader))
    }

    /// Whether `material`'s file is expected to be read by `deadline`, at [`READ_RATE`].
    fn can_read_by(&self, material: Material, deadline: Instant) -> bool {
        let dir = self.dir.as_deref().expect("files have a directory");
        let Ok(file) = std::fs::metadata(Tablebase::path(dir, material)) else {
            // Reading finds out what is wrong with it at once.
            return true;
        };
        let expected = Duration::from_secs_f64(file.len() as f64 / READ_RATE as f64);
        Instant::now() + expected <= deadline
    }

    /// [`Shared::read`] with the reader's lock in hand.
    fn read_holding(
        &self,
        material: Material,
        _reader: MutexGuard<()>,
    ) -> Result<Arc<Table>, ProbeError> {
        let slot = &self.files[&material];
        if let Some(held) = slot.current() {
            return held;
        }
        let dir = self.dir.as_deref().expect("files have a directory");
        let path = Tablebase::path(dir, material);
        let damaged = ProbeError::Damaged;
        let read = Table::memory_of_file(&path, material)
            .map_err(damaged)
            .and_then(|needs| {
                // The room is taken before the file is read, so that the tables never
                // hold more than the budget, and given back if the file fails.
                self.reserve(needs, material)?;
                let table = Table::load(&path, material).map_err(damaged);
                let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
                *held -= needs;
                let table = Arc::new(table?);
                *held += table.memory();
                Ok(table)
            });
        self.stamp(slot);
        slot.set(Some(read.clone()));
        read
    }

    /// Marks `slot` as the table used last. Most probes are of the table probed last,
    /// which needs no new count.
    #[inline]
    fn stamp(&self, slot: &FileSlot) {
        if slot.last_used.load(Ordering::Relaxed) != self.clock.load(Ordering::Relaxed) {
            let now = self.clock.fetch_add(1, Ordering::Relaxed) + 1;
            slot.last_used.store(now, Ordering::Relaxed);
        }
    }

    /// Takes `needs` bytes of the budget for `material`'s table, letting go of the
    /// tables used longest ago until they fit; refuses a table larger than the budget.
    fn reserve(&self, needs: u64, material: Material) -> Result<(), ProbeError> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(budget) = self.budget {
            if needs > budget {
                return Err(ProbeError::OverBudget {
                    material,
                    needs,
                    budget,
                });
            }
            let before = *held;
            while *held + needs > budget {
                let oldest = self
                    .files
                    .iter()
                    .filter(|(_, slot)| slot.held().is_some())
                    .min_by_key(|(_, slot)| slot.last_used.load(Ordering::Relaxed));
                // Reads come one at a time: with nothing else held, the table fits.
                let Some((_, slot)) = oldest else {
                    break;
                };
                *held -= slot.held().unwrap_or(0);
                // A search still using it keeps its copy until it is done.
                slot.set(None);
            }
            if *held < before {
                give_back_freed_memory();
            }
        }
        *held += needs;
        Ok(())
    }
}

/// Hands the memory of the tables let go back to the system. The C library of most
/// Linux systems keeps freed blocks for reuse instead: a palette's many small records,
/// and tables below its threshold for mapping memory of their own (which rises to
/// 32 MB as large blocks are freed), would stay with the process.
fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tablebase_without_files_answers_for_the_built_in_endings_only() {
        let tables = Tablebase::builtin();
        assert_eq!(tables.pieces(), 0);
        assert_eq!(tables.most_pieces(), 4);
        let position: Position = "W:WKa1,Kc1,Ke1:BKh8".parse().unwrap();
        let counters = DrawCounters::starting(&position);
        assert!(matches!(
            tables.probe(&position, &counters),
            Ok(Verdict::Exact(Value::Win(_)))
        ));
        let men: Position = "W:Wc3:Bf6".parse().unwrap();
        assert_eq!(
            tables.probe(&men, &DrawCounters::starting(&men)),
            Err(ProbeError::Missing("w1m0k-b1m0k".parse().unwrap()))
        );
        assert_eq!(
            tables.probe(&"W:W:BKh8".parse().unwrap(), &DrawCounters::default()),
            Ok(Verdict::Exact(Value::Loss(0)))
        );
    }

    #[test]
    fn clones_share_their_tables_and_separate_bases_do_not() {
        let tables = Tablebase::builtin();
        let clone = tables.clone();
        let material: Material = "w0m1k-b0m1k".parse().unwrap();
        tables.table(material, Wait::Yes).unwrap();
        assert!(clone.table(material, Wait::No).is_ok());
        let other = Tablebase::builtin();
        assert!(other.shared.builtin.ready(material).is_none());
    }
}
