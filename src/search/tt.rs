//! The transposition table: search results keyed by Zobrist hash, passed into the search.

use crate::Move;

use super::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is exactly the score.
    Exact,
    /// The true value is at least the score (a cut-off happened).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// The best or refuting move found, if any.
    pub mv: Option<Move>,
    score: i16,
    /// The remaining depth the result was searched to, in plies.
    pub depth: i8,
    /// How `score` bounds the true value.
    pub bound: Bound,
    generation: u8,
}

impl Entry {
    /// The stored score, made relative to the root at `ply`.
    pub fn score(&self, ply: u32) -> Score {
        Score(i32::from(self.score)).from_table(ply)
    }
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
    generation: 0,
};

/// A fixed-size table of two-entry buckets; depth-preferred, ageing by search generation.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table using at most `megabytes` of memory (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let wanted = megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Entry>();
        let pairs = (wanted / 2).max(1);
        let buckets = 1 << (usize::BITS - 1 - pairs.leading_zeros());
        TranspositionTable {
            entries: vec![EMPTY; buckets * 2],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        ((key as usize) & self.mask) * 2
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let at = self.bucket(key);
        self.entries[at..at + 2]
            .iter()
            .find(|entry| entry.key == key && entry.depth >= 0)
            .copied()
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
        let at = self.bucket(key);
        let generation = self.generation;
        let bucket = &mut self.entries[at..at + 2];
        let slot = match bucket.iter().position(|entry| entry.key == key) {
            Some(same) => same,
            None => {
                let worth = |entry: &Entry| {
                    i32::from(entry.depth)
                        + if entry.generation == generation {
                            256
                        } else {
                            0
                        }
                };
                usize::from(worth(&bucket[1]) < worth(&bucket[0]))
            }
        };
        let entry = &mut bucket[slot];
        let mv = mv.or(if entry.key == key { entry.mv } else { None });
        *entry = Entry {
            key,
            mv,
            score: score.to_table(ply).0 as i16,
            depth: depth.clamp(0, i32::from(i8::MAX)) as i8,
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
    fn win_scores_are_stored_relative_to_the_node() {
        let mut table = TranspositionTable::new(1);
        table.store(9, 3, 2, Score::win_in(7), Bound::Exact, None);
        assert_eq!(table.probe(9).unwrap().score(5), Score::win_in(9));
    }
}
