//! Sets of squares as 32-bit masks.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::Square;

/// A set of dark squares; bit `i` stands for `Square` index `i`.
///
/// # Examples
///
/// ```
/// use shashki::{Bitboard, Square};
///
/// let c3: Square = "c3".parse().unwrap();
/// let d4: Square = "d4".parse().unwrap();
/// let set = c3.bitboard() | d4.bitboard();
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.into_iter().collect::<Vec<_>>(), [c3, d4]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u32);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 32 squares.
    pub const ALL: Bitboard = Bitboard(u32::MAX);

    /// The squares of one rank (0 = rank 1).
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xF << (4 * rank))
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `square` is in the set.
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// Number of squares in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Number of squares in the set, counted by the processor's instruction where it
    /// has one ([`crate::cpu::count_bits`]): for the search's counts at every node.
    #[inline(always)]
    pub fn count_by_processor(self) -> u32 {
        crate::cpu::count_bits(u64::from(self.0))
    }

    /// The square with the lowest index, if any.
    pub const fn first(self) -> Option<Square> {
        Square::new(self.0.trailing_zeros() as u8)
    }

    /// The square with the highest index, if any.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(31 - self.0.leading_zeros() as u8)
        }
    }

    /// The set with the board turned 180 degrees.
    pub const fn flipped(self) -> Bitboard {
        Bitboard(self.0.reverse_bits())
    }
}

/// Iterates squares from the lowest index up.
#[derive(Clone)]
pub struct Squares(u32);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        // Known not to be zero, the lowest bit's index needs no case for an empty set.
        let bits = std::num::NonZeroU32::new(self.0)?;
        self.0 &= self.0 - 1;
        Some(Square::wrapping(bits.trailing_zeros()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares
            .into_iter()
            .fold(Bitboard::EMPTY, |set, sq| set | sq.bitboard())
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Prints an 8 x 8 diagram, rank 8 on top: `x` in the set, `.` a dark square outside it.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#010x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let cell = match Square::from_coords(file, rank) {
                    Some(square) if self.contains(square) => 'x',
                    Some(_) => '.',
                    None => ' ',
                };
                write!(f, "{cell}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_yields_each_square_once_in_order() {
        let set = Bitboard(0b1010_0001);
        let indices: Vec<usize> = set.into_iter().map(Square::index).collect();
        assert_eq!(indices, [0, 5, 7]);
        assert_eq!(set.into_iter().len(), 3);
    }

    #[test]
    fn first_and_last_of_empty_set_are_none() {
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(Bitboard::EMPTY.last(), None);
        assert_eq!(Bitboard(0b110).first().map(Square::index), Some(1));
        assert_eq!(Bitboard(0b110).last().map(Square::index), Some(2));
    }

    #[test]
    fn rank_masks_hold_four_squares() {
        let names: Vec<String> = Bitboard::rank(7)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, ["b8", "d8", "f8", "h8"]);
    }

    #[test]
    fn debug_draws_a_diagram_with_rank_8_on_top() {
        let text = format!("{:?}", Bitboard(1));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[8], "x . . . ");
        assert_eq!(lines[1], " . . . .");
    }
}
