//! The transposition table: search results keyed by Zobrist hash, passed into the search.

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

/// A stored result packed into 16 bytes, four to a cache line.
#[derive(Clone, Copy)]
struct Slot {
    /// The key's upper half (the lower half chose the bucket).
    check: u32,
    captured: u32,
    score: i16,
    from: u8,
    to: u8,
    /// Remaining depth; negative marks an empty slot.
    depth: i8,
    /// Bit 0: a move is stored; bit 1: it promotes.
    flags: u8,
    bound: Bound,
    generation: u8,
}

const HAS_MOVE: u8 = 1;
const PROMOTES: u8 = 2;

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
        Some(Move::new(
            Square::new(self.from)?,
            Square::new(self.to)?,
            Bitboard(self.captured),
            self.flags & PROMOTES != 0,
        ))
    }
}

/// Four slots on one 64-byte cache line: a probe costs at most one memory access.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Bucket([Slot; 4]);

/// A fixed-size table of four-slot buckets; depth-preferred, ageing by search generation.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table using at most `megabytes` of memory (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let wanted = (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        let buckets = 1 << (usize::BITS - 1 - wanted.leading_zeros());
        TranspositionTable {
            buckets: vec![Bucket([EMPTY; 4]); buckets],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket([EMPTY; 4]));
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

    /// Touches `key`'s bucket so that the memory access overlaps the work before the probe
    /// (a prefetch without `unsafe`: out-of-order execution runs on while the load is pending).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        std::hint::black_box(self.buckets[self.split(key).0].0[0].check);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let (at, check) = self.split(key);
        self.buckets[at]
            .0
            .iter()
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
        &mut self,
        key: u64,
        ply: u32,
        depth: i32,
        score: Score,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let (at, check) = self.split(key);
        let generation = self.generation;
        let bucket = &mut self.buckets[at].0;
        let index = match bucket
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
                (0..4).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
            }
        };
        let slot = &mut bucket[index];
        let kept = if slot.check == check { slot.mv() } else { None };
        let mv = mv.or(kept);
        *slot = Slot {
            check,
            captured: mv.map_or(0, |mv| mv.captured().0),
            score: score.to_table(ply).0 as i16,
            from: mv.map_or(0, |mv| mv.from().index() as u8),
            to: mv.map_or(0, |mv| mv.to().index() as u8),
            depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
            flags: mv.map_or(0, |mv| HAS_MOVE | if mv.promotes() { PROMOTES } else { 0 }),
            bound,
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_is_found_under_its_key_only() {
        let mut table = TranspositionTable::new(1);
        table.store(42, 0, 5, Score(17), Bound::Exact, None);
        let entry = table.probe(42).expect("stored");
        assert_eq!(entry.score(0), Score(17));
        assert_eq!(entry.depth, 5);
        assert!(table.probe(43).is_none());
    }

    #[test]
    fn a_slot_is_sixteen_bytes_and_a_bucket_one_cache_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }

    #[test]
    fn a_stored_move_comes_back_whole() {
        let position = crate::Position::start();
        let mv = position.legal_moves()[3];
        let mut table = TranspositionTable::new(1);
        table.store(77 << 32, 0, 3, Score(5), Bound::Lower, Some(mv));
        let back = table.probe(77 << 32).unwrap().mv.unwrap();
        assert_eq!(back, mv);
        assert_eq!(back.promotes(), mv.promotes());
    }

    #[test]
    fn win_scores_are_stored_relative_to_the_node() {
        let mut table = TranspositionTable::new(1);
        table.store(9, 3, 2, Score::win_in(7), Bound::Exact, None);
        assert_eq!(table.probe(9).unwrap().score(5), Score::win_in(9));
    }
}
