//! Numbered move lines, from any start: `1.cd4 ba5 2.dc5` and `2...d6:b4 3.a3:c5` in
//! the book's notes, `1. c3-d4 b6-a5` in a PDN record, and a game's history one move
//! pair a line. A game counts its moves from 1 whichever side moves first.

use crate::{Color, Position};

/// The move number of a ply and whose ply it is: 3 and Black for the `3...` of
/// `3...f6-e5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number of the move, from 1.
    pub number: usize,
    /// Whose ply it is.
    pub side: Color,
}

impl MoveNumber {
    /// The number of ply `ply` (from 0) of a game that starts in `start` with move 1.
    ///
    /// ```
    /// use shashki::notation::MoveNumber;
    /// use shashki::{Color, Position};
    ///
    /// let black_first: Position = "B:Wc3:Bf6".parse().unwrap();
    /// let third = MoveNumber::of_ply(&black_first, 2);
    /// assert_eq!(third, MoveNumber { number: 2, side: Color::Black });
    /// assert_eq!(third.label(), "2...");
    /// ```
    pub fn of_ply(start: &Position, ply: usize) -> MoveNumber {
        let half = ply + usize::from(start.side_to_move() == Color::Black);
        let side = if half.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        MoveNumber {
            number: half / 2 + 1,
            side,
        }
    }

    /// The number of the next ply.
    pub fn next(self) -> MoveNumber {
        match self.side {
            Color::White => MoveNumber {
                side: Color::Black,
                ..self
            },
            Color::Black => MoveNumber {
                number: self.number + 1,
                side: Color::White,
            },
        }
    }

    /// `3.` before White's ply, `3...` before Black's.
    pub fn label(self) -> String {
        match self.side {
            Color::White => format!("{}.", self.number),
            Color::Black => format!("{}...", self.number),
        }
    }
}

/// The plies `texts` numbered from `first`, the number of the first: each White ply
/// has its number, and a Black ply when it comes first: `2...d6:b4 3.a3:c5 f6-e5`.
///
/// ```
/// use shashki::notation::{MoveNumber, numbered_line};
/// use shashki::{Color, Position};
///
/// let texts = ["cd4", "ba5", "dc5"].map(String::from);
/// let first = MoveNumber::of_ply(&Position::start(), 0);
/// assert_eq!(numbered_line(first, &texts), "1.cd4 ba5 2.dc5");
/// let black = MoveNumber { number: 2, side: Color::Black };
/// assert_eq!(numbered_line(black, &texts), "2...cd4 3.ba5 dc5");
/// ```
pub fn numbered_line(first: MoveNumber, texts: &[String]) -> String {
    let mut number = first;
    let mut words = Vec::with_capacity(texts.len());
    for (index, text) in texts.iter().enumerate() {
        words.push(match (number.side, index) {
            (Color::Black, 1..) => text.clone(),
            _ => format!("{}{text}", number.label()),
        });
        number = number.next();
    }
    words.join(" ")
}

/// A game's plies `texts` from `start`, one move pair a line: `3. c3-d4 f6-e5`, and
/// `1. ... f6-e5` first when Black starts.
///
/// ```
/// use shashki::notation::move_pairs;
///
/// let texts = ["f6-e5", "c3-d4", "e5:c3"].map(String::from);
/// let black_first = "B:Wc3,e3:Bf6".parse().unwrap();
/// assert_eq!(move_pairs(&black_first, &texts), ["1. ... f6-e5", "2. c3-d4 e5:c3"]);
/// ```
pub fn move_pairs(start: &Position, texts: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut number = MoveNumber::of_ply(start, 0);
    for text in texts {
        match (number.side, lines.last_mut()) {
            (Color::White, _) => lines.push(format!("{}. {text}", number.number)),
            (Color::Black, Some(line)) => line.push_str(&format!(" {text}")),
            (Color::Black, None) => lines.push(format!("{}. ... {text}", number.number)),
        }
        number = number.next();
    }
    lines
}
