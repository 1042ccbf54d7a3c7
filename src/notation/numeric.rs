//! The numbers other programs give the 32 squares.
//!
//! Two numberings are in use for the Russian game, and one program may use both:
//! pydraughts 0.6.7's Hub engine interface writes positions in the standard order and
//! moves counted from White's side, where 0.5.7 writes both in the standard order
//! (`README.md`, "The Hub protocol").

use crate::Square;

/// A way of numbering the squares 1 to 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// PDN's and most programs' numbers: 1 = b8, 4 = h8, 5 = a7, ..., 29 = a1,
    /// 32 = g1, row by row from Black's side; White's men start on 21-32, and c3-d4 is
    /// `22-18`.
    Standard,
    /// Counted from White's side: 1 = a1, 2 = c1, 3 = e1, 4 = g1, 5 = b2, ..., 32 = h8;
    /// c3-d4 is `10-14`. pydraughts 0.6.7 writes the moves of Russian draughts this way.
    FromWhite,
}

impl Numbering {
    /// The number of `square`, 1 to 32.
    pub const fn number(self, square: Square) -> u8 {
        // Square indices count rank by rank from a1: `rank * 4 + file / 2`.
        let index = square.index() as u8;
        match self {
            Numbering::FromWhite => index + 1,
            Numbering::Standard => (7 - index / 4) * 4 + index % 4 + 1,
        }
    }

    /// The square numbered `number`, if it is 1 to 32.
    pub const fn square(self, number: u8) -> Option<Square> {
        if number < 1 || number > 32 {
            return None;
        }
        let n = number - 1;
        match self {
            Numbering::FromWhite => Square::new(n),
            Numbering::Standard => Square::new((7 - n / 4) * 4 + n % 4),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn standard_numbers_run_from_black_side() {
        let table = [
            (1, "b8"),
            (2, "d8"),
            (4, "h8"),
            (5, "a7"),
            (9, "b6"),
            (18, "d4"),
            (22, "c3"),
            (29, "a1"),
            (32, "g1"),
        ];
        for (number, name) in table {
            assert_eq!(Numbering::Standard.number(square(name)), number, "{name}");
            assert_eq!(Numbering::Standard.square(number), Some(square(name)));
        }
    }

    #[test]
    fn numbers_from_white_run_from_a1() {
        let table = [
            (1, "a1"),
            (2, "c1"),
            (4, "g1"),
            (5, "b2"),
            (10, "c3"),
            (14, "d4"),
            (19, "e5"),
            (23, "f6"),
            (32, "h8"),
        ];
        for (number, name) in table {
            assert_eq!(Numbering::FromWhite.number(square(name)), number, "{name}");
            assert_eq!(Numbering::FromWhite.square(number), Some(square(name)));
        }
    }

    #[test]
    fn both_numberings_are_one_to_one_on_1_to_32_and_nothing_else() {
        for numbering in [Numbering::Standard, Numbering::FromWhite] {
            for square in Square::all() {
                assert_eq!(numbering.square(numbering.number(square)), Some(square));
            }
            assert_eq!(numbering.square(0), None);
            assert_eq!(numbering.square(33), None);
        }
    }
}
