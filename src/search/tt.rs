//! The transposition table: search results keyed by Zobrist hash, passed into the search.

use std::fmt;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::{Bitboard, Move, Square};

use super::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// The true value is exactly the score.
    Exact,
    /// The true value is at least the score (a cut-off happened).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

/// One stored search result, as handed out by [`TranspositionTable::probe`].
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The best or refuting move found, if any.
    pub mv: Option<Move>,
    score: i16,
    /// The remaining depth the result was searched to, in plies.
    pub depth: i8,
    /// How the score bounds the true value.
    pub bound: Bound,
}

impl Entry {
    /// The stored score, made relative to the root at `ply`.
    pub fn score(&self, ply: u32) -> Score {
        Score(i32::from(self.score)).from_table(ply)
    }
}

/// A stored result, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    /// The key's upper half (the lower half chose the bucket).
    check: u32,
    captured: u32,
    score: i16,
    from: u8,
    to: u8,
    /// Remaining depth; negative marks an empty slot.
    depth: i8,
    /// Bit 0: a move is stored; bit 1: it promotes; bit 2: a king makes it.
    flags: u8,
    bound: Bound,
    generation: u8,
}

const HAS_MOVE: u8 = 1;
const PROMOTES: u8 = 2;
const BY_KING: u8 = 4;

const EMPTY: Slot = Slot {
    check: 0,
    captured: 0,
    score: 0,
    from: 0,
    to: 0,
    depth: -1,
    flags: 0,
    bound: Bound::Upper,
    generation: 0,
};

impl Slot {
    fn mv(&self) -> Option<Move> {
        if self.flags & HAS_MOVE == 0 {
            return None;
        }
        let (from, to) = (Square::new(self.from)?, Square::new(self.to)?);
        let captured = Bitboard(self.captured);
        Some(if self.flags & BY_KING != 0 {
            Move::king(from, to, captured)
        } else {
            Move::man(from, to, captured, self.flags & PROMOTES != 0)
        })
    }

    /// The slot in two words: the key's check and the captured squares, then the rest.
    /// The first is stored XORed with the second, so that a slot read while another
    /// thread writes it (half old, half new) fails its check instead of passing with
    /// another position's result.
    fn pack(&self) -> [u64; 2] {
        let rest = u64::from(self.score as u16)
            | u64::from(self.from) << 16
            | u64::from(self.to) << 24
            | u64::from(self.depth as u8) << 32
            | u64::from(self.flags) << 40
            | (self.bound as u64) << 48
            | u64::from(self.generation) << 56;
        let key = u64::from(self.check) | u64::from(self.captured) << 32;
        [key ^ rest, rest]
    }

    fn unpack([keyed, rest]: [u64; 2]) -> Slot {
        let key = keyed ^ rest;
        Slot {
            check: key as u32,
            captured: (key >> 32) as u32,
            score: rest as u16 as i16,
            from: (rest >> 16) as u8,
            to: (rest >> 24) as u8,
            depth: (rest >> 32) as u8 as i8,
            flags: (rest >> 40) as u8,
            bound: match (rest >> 48) as u8 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            generation: (rest >> 56) as u8,
        }
    }
}

/// Four slots of two words on one 64-byte cache line: a probe costs at most one
/// memory access. The words are atomic, so that the threads of one search share the
/// table; relaxed loads and stores are plain moves on x86-64.
#[repr(C, align(64))]
struct Bucket([AtomicU64; 8]);

impl Bucket {
    fn empty() -> Bucket {
        let [keyed, rest] = EMPTY.pack();
        Bucket(std::array::from_fn(|i| {
            AtomicU64::new(if i % 2 == 0 { keyed } else { rest })
        }))
    }

    #[inline(always)]
    fn slot(&self, index: usize) -> Slot {
        Slot::unpack([
            self.0[2 * index].load(Ordering::Relaxed),
            self.0[2 * index + 1].load(Ordering::Relaxed),
        ])
    }

    #[inline(always)]
    fn set(&self, index: usize, slot: &Slot) {
        let [keyed, rest] = slot.pack();
        self.0[2 * index].store(keyed, Ordering::Relaxed);
        self.0[2 * index + 1].store(rest, Ordering::Relaxed);
    }
}

/// The largest table one may ask for, in megabytes (the range of
/// [`Setting::HashMb`](crate::engine::Setting::HashMb), which checks it): 64 GiB, four
/// billion slots. A one-second search stores fewer than ten million results, so this
/// is far past any use and past the memory of the machines this runs on; within it, a
/// size the machine cannot give is refused by the allocation, never an abort.
pub const MAX_HASH_MB: usize = 65_536;

/// Why a table of the size asked for cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The memory could not be had (or not even addressed).
    NoMemory(usize),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl TableError {
    /// Why the table cannot be made, to be worded.
    pub fn message(&self) -> crate::words::Message {
        match self {
            TableError::NoMemory(megabytes) => {
                crate::msg!("hash-no-memory", megabytes = *megabytes)
            }
        }
    }
}

impl std::error::Error for TableError {}

/// `count` values made by `make`, every page written; `None` when the memory cannot be had.
fn filled<T>(count: usize, make: impl FnMut() -> T) -> Option<Vec<T>> {
    let mut values: Vec<T> = Vec::new();
    values.try_reserve_exact(count).ok()?;
    ask_for_huge_pages(values.as_mut_ptr().cast(), count * std::mem::size_of::<T>());
    values.resize_with(count, make);
    Some(values)
}

/// Asks Linux to back the untouched memory of `bytes` at `start` with huge pages
/// (2 MB), where the system leaves that to the program: a table probed at random
/// then needs a few hundred entries of the processor's address cache, not thousands
/// of 4 KB pages. Only the whole huge pages inside the range are asked for; a refusal
/// changes nothing but the speed.
fn ask_for_huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE_PAGE: usize = 2 << 20;
        let first = (start as usize).next_multiple_of(HUGE_PAGE);
        let end = (start as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
        if end > first {
            // SAFETY: the range lies inside an allocation of ours that nothing has read
            // or written yet; the advice changes how pages are backed, never their contents.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// The bit of a bucket's [`TranspositionTable::stored`] byte that stands for `check`.
#[inline(always)]
fn mark(check: u32) -> u8 {
    1 << (check >> 29)
}

/// A fixed-size table of four-slot buckets; depth-preferred, ageing by search generation.
///
/// The threads of one search share it (`probe` and `store` take `&self`); a result
/// one thread stores may be overwritten by another's at any time, as by a collision.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// Per bucket, a byte with a bit set for every check a result was stored under
    /// there (three bits of the check choose it). A probe whose bit is clear cannot
    /// find its key, and is answered without waiting for the bucket, most often far
    /// away in memory; the bytes, a 64th of the buckets' size, stay in the cache far
    /// more often. Half or more of the probes find nothing. Bits are never cleared by
    /// a store, so a set bit says only "maybe"; the answers are the same as without
    /// them. (Threads storing into one bucket at once may lose a bit, and a later
    /// probe the result.)
    stored: Vec<AtomicU8>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table of `megabytes`, rounded down to a power of two (see
    /// [`TranspositionTable::try_new`]).
    ///
    /// # Panics
    ///
    /// When [`TranspositionTable::try_new`] fails; a size a person typed goes there.
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable::try_new(megabytes).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A table of `megabytes` (a size [`Setting::HashMb`](crate::engine::Setting::HashMb)
    /// takes; 0 gives the smallest table), rounded down to a power of two, or why not.
    /// Every page is written here, so that none is first touched, and paid for, during
    /// a search against its clock.
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, TableError> {
        let bytes = megabytes
            .checked_mul(1 << 20)
            .ok_or(TableError::NoMemory(megabytes))?;
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let count = 1 << (usize::BITS - 1 - wanted.leading_zeros());
        let buckets = filled(count, Bucket::empty).ok_or(TableError::NoMemory(megabytes))?;
        let stored = filled(count, || AtomicU8::new(0)).ok_or(TableError::NoMemory(megabytes))?;
        Ok(TranspositionTable {
            buckets,
            stored,
            mask: count - 1,
            generation: 0,
        })
    }

    /// Forgets everything (a pass over the whole table: call it between moves, not in one).
    pub fn clear(&mut self) {
        self.buckets.fill_with(Bucket::empty);
        self.stored.fill_with(|| AtomicU8::new(0));
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline(always)]
    fn split(&self, key: u64) -> (usize, u32) {
        ((key as usize) & self.mask, (key >> 32) as u32)
    }

    /// Asks for `key`'s bucket to be brought into the cache, so that the memory access
    /// overlaps the work before the probe. A hint only: nothing waits for it.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        self.prefetch_bucket(self.split(key).0);
    }

    #[inline(always)]
    fn prefetch_bucket(&self, at: usize) {
        let bucket: *const Bucket = &self.buckets[at];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `prefetcht0` never reads the memory into a register or faults, and
        // SSE, which it belongs to, is part of every x86-64 processor.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (at, check) = self.split(key);
        if self.stored[at].load(Ordering::Relaxed) & mark(check) == 0 {
            // The search stores here once the node is searched: the bucket comes meanwhile.
            self.prefetch_bucket(at);
            return None;
        }
        self.probe_bucket(at, check)
    }

    /// The entry for `check` in bucket `at`, if any, read from the bucket itself.
    #[inline(always)]
    fn probe_bucket(&self, at: usize, check: u32) -> Option<Entry> {
        let bucket = &self.buckets[at];
        (0..4)
            .map(|index| bucket.slot(index))
            .find(|slot| slot.check == check && slot.depth >= 0)
            .map(|slot| Entry {
                mv: slot.mv(),
                score: slot.score,
                depth: slot.depth,
                bound: slot.bound,
            })
    }

    /// Stores a result searched at `ply` from the root to `depth` remaining plies.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        ply: u32,
        depth: i32,
        score: Score,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let (at, check) = self.split(key);
        let generation = self.generation;
        // A load and a store, not an atomic OR, which would lock the cache line.
        let marks = &self.stored[at];
        marks.store(
            marks.load(Ordering::Relaxed) | mark(check),
            Ordering::Relaxed,
        );
        let bucket = &self.buckets[at];
        let slots: [Slot; 4] = std::array::from_fn(|index| bucket.slot(index));
        let index = match slots
            .iter()
            .position(|slot| slot.check == check && slot.depth >= 0)
        {
            Some(same) => same,
            None => {
                let worth = |slot: &Slot| {
                    i32::from(slot.depth)
                        + if slot.generation == generation {
                            256
                        } else {
                            0
                        }
                };
                (0..4).min_by_key(|&i| worth(&slots[i])).unwrap_or(0)
            }
        };
        let old = &slots[index];
        let kept = if old.check == check { old.mv() } else { None };
        let mv = mv.or(kept);
        bucket.set(
            index,
            &Slot {
                check,
                captured: mv.map_or(0, |mv| mv.captured().0),
                score: score.to_table(ply).0 as i16,
                from: mv.map_or(0, |mv| mv.from().index() as u8),
                to: mv.map_or(0, |mv| mv.to().index() as u8),
                depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
                flags: mv.map_or(0, |mv| {
                    let promotes = if mv.promotes() { PROMOTES } else { 0 };
                    let by_king = if mv.by_king() { BY_KING } else { 0 };
                    HAS_MOVE | promotes | by_king
                }),
                bound,
                generation,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_is_found_under_its_key_only() {
        let table = TranspositionTable::new(1);
        table.store(42, 0, 5, Score(17), Bound::Exact, None);
        let entry = table.probe(42).expect("stored");
        assert_eq!(entry.score(0), Score(17));
        assert_eq!(entry.depth, 5);
        assert!(table.probe(43).is_none());
    }

    #[test]
    fn a_probe_answered_by_the_marks_answers_as_the_bucket_would() {
        // A small table filled well past its size, so that results are replaced and
        // bucket mates share marks; every probe, stored key or not, agrees with the bucket.
        let mut table = TranspositionTable::new(1);
        let key = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..100_000 {
            table.store(
                key(i),
                0,
                (i % 9) as i32,
                Score(i as i32 % 500),
                Bound::Lower,
                None,
            );
        }
        let mut answered_by_marks = 0;
        for i in 0..400_000 {
            let (at, check) = table.split(key(i));
            let by_bucket = table.probe_bucket(at, check).map(|entry| entry.score(0));
            assert_eq!(table.probe(key(i)).map(|entry| entry.score(0)), by_bucket);
            answered_by_marks +=
                usize::from(table.stored[at].load(Ordering::Relaxed) & mark(check) == 0);
        }
        assert!(answered_by_marks > 10_000, "{answered_by_marks}");
        table.clear();
        assert!(table.probe(key(1)).is_none());
        assert!(
            table
                .stored
                .iter()
                .all(|marks| marks.load(Ordering::Relaxed) == 0)
        );
    }

    #[test]
    fn a_size_no_address_space_holds_is_refused_before_any_allocation() {
        // The range a person may ask for is the engine's `Setting::HashMb`; the table
        // makes any size it can.
        assert_eq!(
            TranspositionTable::try_new(usize::MAX).err(),
            Some(TableError::NoMemory(usize::MAX))
        );
        assert_eq!(TranspositionTable::new(0).buckets.len(), 1);
    }

    #[test]
    fn memory_that_cannot_be_had_is_an_error_not_an_abort() {
        // More buckets than the address space holds: refused without touching memory.
        assert!(filled(usize::MAX / 64 + 1, Bucket::empty).is_none());
        assert!(filled(usize::MAX, Bucket::empty).is_none());
        assert_eq!(
            filled(2, Bucket::empty).map(|buckets| buckets.len()),
            Some(2)
        );
    }

    #[test]
    fn a_table_has_the_power_of_two_size_asked_for() {
        let table = TranspositionTable::try_new(3).expect("3 MB");
        assert_eq!(table.buckets.len(), 2 * 1024 * 1024 / 64);
        assert_eq!(table.mask, table.buckets.len() - 1);
    }

    #[test]
    fn a_bucket_is_one_cache_line_of_four_slots() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
    }

    #[test]
    fn a_slot_survives_packing_and_a_torn_one_fails_its_check() {
        let slot = Slot {
            check: 0xDEAD_BEEF,
            captured: 0x0102_0304,
            score: -1234,
            from: 9,
            to: 31,
            depth: 17,
            flags: HAS_MOVE | BY_KING,
            bound: Bound::Lower,
            generation: 200,
        };
        assert_eq!(Slot::unpack(slot.pack()), slot);
        assert_eq!(Slot::unpack(EMPTY.pack()), EMPTY);
        // The first word of one write beside the second of another.
        let other = Slot {
            score: 55,
            depth: 3,
            ..slot
        };
        let torn = Slot::unpack([slot.pack()[0], other.pack()[1]]);
        assert_ne!(torn.check, slot.check);
    }

    #[test]
    fn threads_storing_at_once_leave_only_whole_results() {
        // Four threads fill a small table with results whose score is their key's
        // check: every entry found afterwards must agree with its key.
        let table = TranspositionTable::new(1);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = (i * 4 + thread).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        let score = Score(((key >> 32) % 1000) as i32);
                        table.store(key, 0, (i % 20) as i32, score, Bound::Exact, None);
                    }
                });
            }
        });
        let mut found = 0;
        for i in 0..800_000u64 {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            if let Some(entry) = table.probe(key) {
                found += 1;
                assert_eq!(entry.score(0), Score(((key >> 32) % 1000) as i32));
            }
        }
        assert!(found > 10_000, "{found}");
    }

    #[test]
    fn a_stored_move_comes_back_whole() {
        // A man's step, a king's capture and a man crowned in the middle of a capture.
        for fen in [crate::START_FEN, "W:WKa1:Bc3", "W:Wb6:Bc7,f6"] {
            let position: crate::Position = fen.parse().unwrap();
            for mv in position.legal_moves() {
                let table = TranspositionTable::new(1);
                table.store(77 << 32, 0, 3, Score(5), Bound::Lower, Some(mv));
                let back = table.probe(77 << 32).unwrap().mv.unwrap();
                assert_eq!(back, mv);
                assert_eq!(back.promotes(), mv.promotes());
                assert_eq!(back.by_king(), mv.by_king());
                assert_eq!(position.play_unchecked(back), position.play_unchecked(mv));
            }
        }
    }

    #[test]
    fn win_scores_are_stored_relative_to_the_node() {
        let table = TranspositionTable::new(1);
        table.store(9, 3, 2, Score::win_in(7), Bound::Exact, None);
        assert_eq!(table.probe(9).unwrap().score(5), Score::win_in(9));
    }
}
