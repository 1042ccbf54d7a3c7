//! The 32 dark squares of the board.

use std::fmt;
use std::str::FromStr;

use crate::Bitboard;

/// One of the 32 dark squares, numbered 0 (a1) to 31 (h8), rank by rank.
///
/// The index is `rank * 4 + file / 2` with files and ranks counted from 0,
/// so a1 = 0, c1 = 1, b2 = 4, h8 = 31.
///
/// # Examples
///
/// ```
/// use shashki::Square;
///
/// let c3: Square = "c3".parse().unwrap();
/// assert_eq!(c3.to_string(), "c3");
/// assert_eq!((c3.file(), c3.rank()), (2, 2));
/// assert!("d3".parse::<Square>().is_err()); // a light square
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of playable squares.
    pub const COUNT: usize = 32;

    /// The square with this index, if it is below 32.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < Self::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index % 32`, for indices the caller already knows are in range.
    #[inline(always)]
    pub(crate) const fn wrapping(index: u32) -> Square {
        Square((index & 31) as u8)
    }

    /// The square at `file` and `rank` (both 0..8), if it is a dark square.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 && (file + rank).is_multiple_of(2) {
            Some(Square(rank * 4 + file / 2))
        } else {
            None
        }
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }

    /// The index 0..32.
    #[inline(always)]
    pub const fn index(self) -> usize {
        // The mask is free and proves the bound to the optimiser, so table lookups skip their checks.
        (self.0 & 31) as usize
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    pub const fn rank(self) -> u8 {
        self.0 / 4
    }

    /// The file, 0 (a) to 7 (h).
    pub const fn file(self) -> u8 {
        (self.0 % 4) * 2 + self.rank() % 2
    }

    /// The square seen from the other side of the board (turned 180 degrees).
    pub const fn flipped(self) -> Square {
        Square(31 - self.0)
    }

    /// A bitboard holding only this square.
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self.0)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file());
        let rank = char::from(b'1' + self.rank());
        write!(f, "{file}{rank}")
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a string is not a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSquareError {
    /// Not a file letter a..h followed by a rank digit 1..8.
    Malformed(String),
    /// A real square, but a light one, where no piece ever stands.
    LightSquare(String),
}

impl ParseSquareError {
    /// What is wrong, as a message of the `.ftl` files.
    pub fn message(&self) -> crate::words::Message {
        match self {
            ParseSquareError::Malformed(text) => {
                crate::msg!("square-malformed", text = text.as_str())
            }
            ParseSquareError::LightSquare(text) => {
                crate::msg!("square-light", text = text.as_str())
            }
        }
    }
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `c3` or `C3`. (Text a person typed goes through `notation`, whose
    /// readers fold Cyrillic look-alikes such as the `с` of `с3` to Latin first.)
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let malformed = || ParseSquareError::Malformed(text.to_string());
        let &[file, rank] = text.as_bytes() else {
            return Err(malformed());
        };
        let file = file.to_ascii_lowercase();
        if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(&rank) {
            return Err(malformed());
        }
        Square::from_coords(file - b'a', rank - b'1')
            .ok_or_else(|| ParseSquareError::LightSquare(text.to_ascii_lowercase()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_follows_ranks_from_a1() {
        let names: Vec<String> = Square::all().take(8).map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2"]);
        assert_eq!(Square::new(31).unwrap().to_string(), "h8");
        assert_eq!(Square::new(32), None);
    }

    #[test]
    fn every_square_round_trips_through_text() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
    }

    #[test]
    fn upper_case_is_accepted() {
        assert_eq!("C3".parse::<Square>().unwrap().to_string(), "c3");
    }

    #[test]
    fn light_and_malformed_squares_are_told_apart() {
        assert_eq!(
            "d3".parse::<Square>(),
            Err(ParseSquareError::LightSquare("d3".into()))
        );
        assert!(matches!(
            "i1".parse::<Square>(),
            Err(ParseSquareError::Malformed(_))
        ));
        assert!(matches!(
            "c9".parse::<Square>(),
            Err(ParseSquareError::Malformed(_))
        ));
        assert!(matches!(
            "c".parse::<Square>(),
            Err(ParseSquareError::Malformed(_))
        ));
        assert!(matches!(
            "ж3".parse::<Square>(),
            Err(ParseSquareError::Malformed(_))
        ));
    }

    #[test]
    fn flipping_turns_the_board_around() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.flipped().to_string(), "h8");
        let c3: Square = "c3".parse().unwrap();
        assert_eq!(c3.flipped().to_string(), "f6");
    }
}
