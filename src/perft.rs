//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use std::hint::black_box;

use crate::{Move, MoveList, Position, movegen};

/// The deepest perft the command line runs. From the start position perft 10 is
/// 2.2e7 leaves and each ply multiplies that by about 5, so perft 20 is some 2e14
/// leaves, weeks at 1e8 leaves a second: the deepest run anyone could wait for.
/// No count that can finish overflows a `u64` (1.8e19 leaves would take millennia).
pub const MAX_PERFT_DEPTH: u32 = 20;

/// How the last ply is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftMode {
    /// Make every move down to depth 0, so the speed compares fairly with other generators.
    MakeEveryLeaf,
    /// Count the moves of the last ply without making them.
    Bulk,
}

/// Number of leaves `depth` plies below `position`, with one reusable move list per
/// ply in `lists` (at least `depth` of them).
fn count(lists: &mut [MoveList], position: &Position, depth: u32, mode: PerftMode) -> u64 {
    if depth == 0 {
        return 1;
    }
    let [moves, deeper @ ..] = lists else {
        unreachable!("perft has a move list for every ply")
    };
    if depth == 1 {
        return count_leaves(moves, position, mode);
    }
    position.generate_moves(moves);
    match depth {
        // The last two plies in one loop, without a call for every node above the leaves.
        2 => {
            let [leaves, ..] = deeper else {
                unreachable!("perft has a move list for every ply")
            };
            moves
                .iter()
                .map(|&mv| count_leaves(leaves, &position.play_unchecked(mv), mode))
                .sum()
        }
        _ => moves
            .iter()
            .map(|&mv| count(deeper, &position.play_unchecked(mv), depth - 1, mode))
            .sum(),
    }
}

/// Number of moves in `position`, each made unless `mode` is bulk (then the quiet ones
/// are counted without being listed); `moves` is the list to use.
#[inline(always)]
fn count_leaves(moves: &mut MoveList, position: &Position, mode: PerftMode) -> u64 {
    match mode {
        PerftMode::MakeEveryLeaf => {
            // black_box keeps the optimiser from dropping a leaf that nobody reads.
            movegen::visit_moves(position, moves, |mv| {
                black_box(position.play_unchecked(mv));
            })
        }
        PerftMode::Bulk => movegen::count_moves(position, moves),
    }
}

/// One move list for each of `depth` plies.
fn lists(depth: u32) -> Vec<MoveList> {
    (0..depth).map(|_| MoveList::new()).collect()
}

/// Number of leaves `depth` plies below `position`, making every move.
///
/// # Examples
///
/// ```
/// use shashki::{perft, Position};
///
/// assert_eq!(perft(&Position::start(), 3), 302);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_with(position, depth, PerftMode::MakeEveryLeaf)
}

/// Number of leaves `depth` plies below `position`, counted as `mode` says.
pub fn perft_with(position: &Position, depth: u32, mode: PerftMode) -> u64 {
    count(&mut lists(depth), position, depth, mode)
}

/// The leaf count under each legal move, in generation order.
pub fn perft_divide(position: &Position, depth: u32, mode: PerftMode) -> Vec<(Move, u64)> {
    let below = depth.saturating_sub(1);
    let mut lists = lists(below);
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            (
                mv,
                count(&mut lists, &position.play_unchecked(mv), below, mode),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_start_counts_match_the_rule_book() {
        let start = Position::start();
        let counts: Vec<u64> = (1..=5).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [7, 49, 302, 1469, 7482]);
    }

    #[test]
    fn bulk_counting_gives_the_same_numbers() {
        let start = Position::start();
        assert_eq!(perft_with(&start, 6, PerftMode::Bulk), perft(&start, 6));
    }

    #[test]
    fn divide_sums_to_the_total() {
        let start = Position::start();
        let divided = perft_divide(&start, 4, PerftMode::MakeEveryLeaf);
        assert_eq!(divided.len(), 7);
        assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 1469);
    }
}
