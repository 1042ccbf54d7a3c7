//! The index that finds the facts matching a position, best first.
//!
//! Exact facts sit in a hash map keyed by the position; patterns sit in one
//! array ordered by how many squares they constrain, each tried with a cheap
//! count filter and three AND-and-compare steps.

use super::compile::{Counts, Fact, Mask, position_key};
use super::hash::FastMap;
use crate::Position;

/// One pattern as the scan sees it: small and contiguous.
#[derive(Clone, Copy, Debug)]
struct PatternEntry {
    counts: Counts,
    mask: Mask,
    fact: usize,
}

/// Exact facts by position, patterns by preference.
#[derive(Clone, Debug, Default)]
pub struct Matcher {
    exact: FastMap<(u32, u32, u32), Vec<usize>>,
    patterns: Vec<PatternEntry>,
}

impl Matcher {
    /// The index of `facts` (all in the mover-as-White orientation).
    pub fn new(facts: &[Fact]) -> Matcher {
        let mut matcher = Matcher::default();
        matcher.exact.reserve(facts.len());
        for (index, fact) in facts.iter().enumerate() {
            match fact.exact_key() {
                Some(key) => matcher.exact.entry(key).or_default().push(index),
                None => matcher.patterns.push(PatternEntry {
                    counts: fact.counts,
                    mask: fact.mask,
                    fact: index,
                }),
            }
        }
        // Stable: among equally constrained patterns the file order stays.
        matcher
            .patterns
            .sort_by_key(|entry| std::cmp::Reverse(entry.mask.constrained()));
        matcher
    }

    /// The facts matching `view` (White to move), in the order of preference:
    /// exact facts in file order, then patterns, most constrained first.
    pub fn matching<'a>(&'a self, view: &'a Position) -> impl Iterator<Item = usize> + 'a {
        let exact = self
            .exact
            .get(&position_key(view))
            .map(|facts| facts.as_slice())
            .unwrap_or(&[]);
        let counts = Counts::of(view);
        let patterns = self
            .patterns
            .iter()
            .filter(move |entry| entry.counts.admit(&counts) && entry.mask.matches(view))
            .map(|entry| entry.fact);
        exact.iter().copied().chain(patterns)
    }
}
