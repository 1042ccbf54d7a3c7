//! Colours, roles and pieces.

use std::fmt;

/// A side: White moves first and its men move up the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The side whose men start on ranks 1 to 3 and move first.
    White,
    /// The side whose men start on ranks 6 to 8.
    Black,
}

impl Color {
    /// The other side.
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as in position strings.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// The index of this colour in per-colour arrays: White 0, Black 1.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// A man or a king ("дамка").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    /// A man ("шашка"): steps forward, captures both ways.
    Man,
    /// A king: flies along the diagonals.
    King,
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = match self.color {
            Color::White => "white",
            Color::Black => "black",
        };
        let role = match self.role {
            Role::Man => "man",
            Role::King => "king",
        };
        write!(f, "{color} {role}")
    }
}
