//! Moves, identified by origin, destination and captured squares.

use std::fmt;
use std::ops::Deref;

use crate::{Bitboard, Square};

/// A legal move's identity: where it starts, where it ends and what it captures.
///
/// Two capture paths with the same identity are the same move (RULES.md).
/// `promotes` is derived from the path (a man can be crowned in the middle of
/// a capture) and is not part of the identity. The move also carries what it
/// changes on the board, so that making it is a few set operations whatever the
/// piece: the search and perft make a move at every node.
#[derive(Clone, Copy, Eq)]
pub struct Move {
    /// Low half: every square but the captured, the opponent's pieces that stay (kept
    /// so rather than as the captured, which making the move would have to invert).
    /// High half: the squares whose occupancy the move flips, origin and destination
    /// (none after a closed loop).
    sets: u64,
    /// Low half: the squares that gain or lose a king, the captured aside (both of
    /// the flipped squares when a king moves, the destination when a man is
    /// crowned). Then a byte each: origin, destination, and the flags.
    crowns_and_squares: u64,
}

/// The flags, in the top byte of a move's `crowns_and_squares`.
const PROMOTES: u64 = 1;
const BY_KING: u64 = 2;

impl Move {
    /// A move of a man; `promotes` says that it is crowned on the way.
    pub const fn man(from: Square, to: Square, captured: Bitboard, promotes: bool) -> Move {
        let (crowns, flags) = if promotes {
            (to.bitboard(), PROMOTES)
        } else {
            (Bitboard::EMPTY, 0)
        };
        Move::packed(from, to, captured, crowns, flags)
    }

    /// A move of a king.
    pub const fn king(from: Square, to: Square, captured: Bitboard) -> Move {
        let moved = Bitboard(from.bitboard().0 ^ to.bitboard().0);
        Move::packed(from, to, captured, moved, BY_KING)
    }

    /// Each half is built whole, so that it is written in one store: a reader
    /// soon after generation then gets it straight from the store.
    const fn packed(
        from: Square,
        to: Square,
        captured: Bitboard,
        crowns: Bitboard,
        flags: u64,
    ) -> Move {
        let moved = from.bitboard().0 ^ to.bitboard().0;
        Move {
            sets: !captured.0 as u64 | (moved as u64) << 32,
            crowns_and_squares: crowns.0 as u64
                | (from.index() as u64) << 32
                | (to.index() as u64) << 40
                | flags << 48,
        }
    }

    /// The square the piece leaves.
    pub const fn from(self) -> Square {
        Square::wrapping((self.crowns_and_squares >> 32) as u32)
    }

    /// The square the piece ends on (the same as `from` after a closed loop).
    pub const fn to(self) -> Square {
        Square::wrapping((self.crowns_and_squares >> 40) as u32)
    }

    /// The squares of the pieces this move captures.
    pub const fn captured(self) -> Bitboard {
        Bitboard(!self.kept().0)
    }

    /// Every square but the captured ones.
    pub(crate) const fn kept(self) -> Bitboard {
        Bitboard(self.sets as u32)
    }

    /// The origin and the destination in one number (`from + 256 * to`): the identity
    /// of a quiet move, cheaper to compare than the whole move.
    pub(crate) const fn route(self) -> u16 {
        (self.crowns_and_squares >> 32) as u16
    }

    /// Whether the move captures.
    pub const fn is_capture(self) -> bool {
        self.captured().any()
    }

    /// Whether the move captures two pieces or more: only such a chain can be reached
    /// along two paths.
    #[inline]
    pub(crate) const fn captures_several(self) -> bool {
        // "More than one bit set", cheaper than a count.
        let captured = self.captured().0;
        captured & captured.wrapping_sub(1) != 0
    }

    /// Whether a man is crowned by this move.
    pub const fn promotes(self) -> bool {
        self.crowns_and_squares >> 48 & PROMOTES != 0
    }

    /// Whether the moving piece is a king.
    pub const fn by_king(self) -> bool {
        self.crowns_and_squares >> 48 & BY_KING != 0
    }

    /// The squares whose occupancy the move flips (origin and destination).
    pub(crate) const fn moved(self) -> Bitboard {
        Bitboard((self.sets >> 32) as u32)
    }

    /// The squares that gain or lose a king, the captured pieces aside.
    pub(crate) const fn crowns(self) -> Bitboard {
        Bitboard(self.crowns_and_squares as u32)
    }

    /// The same move on the board turned 180 degrees.
    pub const fn flipped(self) -> Move {
        let flags = self.crowns_and_squares >> 48;
        Move::packed(
            self.from().flipped(),
            self.to().flipped(),
            self.captured().flipped(),
            self.crowns().flipped(),
            flags,
        )
    }
}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.from(), self.to(), self.captured()).hash(state);
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from() == other.from()
            && self.to() == other.to()
            && self.captured() == other.captured()
    }
}

/// Short form without intermediate squares: `c3-d4`, or `c3:e5` for a capture
/// (full paths need the position; see `MoveText`).
impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { ':' } else { '-' };
        write!(f, "{}{separator}{}", self.from(), self.to())?;
        if self.is_capture() {
            let captured: Vec<String> =
                self.captured().into_iter().map(|s| s.to_string()).collect();
            write!(f, " x{}", captured.join(","))?;
        }
        Ok(())
    }
}

/// A list of moves, reused across calls so that generation allocates nothing in search.
#[derive(Clone, Default, Debug)]
pub struct MoveList(Vec<Move>);

impl MoveList {
    /// An empty list with room for a typical position.
    pub fn new() -> MoveList {
        MoveList(Vec::with_capacity(64))
    }

    /// Removes every move, keeping the memory.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Adds a move.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.0.push(mv);
    }

    /// Adds the move `make` gives for each square of `squares`, lowest first.
    #[inline(always)]
    pub(crate) fn push_each(&mut self, squares: Bitboard, mut make: impl FnMut(Square) -> Move) {
        let mut rest = squares.0;
        // A counted range lets `extend` reserve once and write without a check per move.
        self.0.extend((0..squares.count()).map(|_| {
            // `rest` keeps a bit for every round left; ORing the top bit in tells the
            // compiler so, and the lowest bit's index needs no case for an empty set.
            let square = Square::wrapping((rest | 1 << 31).trailing_zeros());
            rest &= rest.wrapping_sub(1);
            make(square)
        }));
    }

    /// Adds `table[i]` for each bit `i` of `indices`, lowest first.
    #[inline(always)]
    pub(crate) fn push_from_table(&mut self, indices: u64, table: &[Move; 64]) {
        let mut rest = indices;
        // As in `push_each`: a counted range, and the top bit ORed in.
        self.0.extend((0..indices.count_ones()).map(|_| {
            let index = (rest | 1 << 63).trailing_zeros();
            rest &= rest.wrapping_sub(1);
            table[index as usize]
        }));
    }

    /// Adds a capture unless a move with the same identity is already listed.
    #[inline]
    pub(crate) fn push_capture(&mut self, mv: Move) {
        if mv.captures_several() && self.0.contains(&mv) {
            return;
        }
        self.0.push(mv);
    }

    /// Keeps only the moves `keep` accepts, in their order.
    pub(crate) fn retain(&mut self, keep: impl FnMut(&Move) -> bool) {
        self.0.retain(keep);
    }

    /// The moves as a mutable slice, for ordering.
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_fits_in_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 16);
    }

    #[test]
    fn the_route_tells_quiet_moves_apart_and_no_quiet_move_has_route_zero() {
        for position in crate::play::random_positions(300, 5, 0) {
            let quiet: Vec<Move> = (position.legal_moves().iter())
                .copied()
                .filter(|mv| !mv.is_capture())
                .collect();
            for &a in &quiet {
                assert_ne!(a.route(), 0, "{position:?} {a:?}");
                for &b in &quiet {
                    assert_eq!(a.route() == b.route(), a == b, "{position:?} {a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn identity_ignores_the_promotion_flag() {
        let a = Square::new(0).unwrap();
        let b = Square::new(9).unwrap();
        let captured = Square::new(4).unwrap().bitboard();
        assert_eq!(
            Move::man(a, b, captured, true),
            Move::man(a, b, captured, false)
        );
    }

    #[test]
    fn duplicate_multi_captures_are_listed_once() {
        let a = Square::new(0).unwrap();
        let captured = Bitboard(0b1_0001_0000_0000_0000_0000_0000_0000);
        let mut list = MoveList::new();
        list.push_capture(Move::king(a, a, captured));
        list.push_capture(Move::king(a, a, captured));
        assert_eq!(list.len(), 1);
    }
}
