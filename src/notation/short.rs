//! Russian short notation: the file a piece leaves and the square it ends on.
//!
//! Books and club score sheets write `1.cd4 ba5 2.dc5`: `cd4` is the move of the piece
//! on the c-file that ends on d4, and a capture names the last square, `g:e3` (or
//! `gxe3`). A short move is read only when it names one legal move.

use std::fmt;
use std::str::FromStr;

use super::movetext::{IllegalMoveError, MoveText};
use crate::{Move, Position, Square};

/// A move in short notation: `cd4`, `g:e3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortMove {
    /// The file the piece leaves, 0 (a) to 7 (h).
    file: u8,
    /// Whether a capture sign was written.
    capture: bool,
    /// The square the piece ends on.
    to: Square,
}

/// The text is not short notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotShort;

impl FromStr for ShortMove {
    type Err = NotShort;

    /// `cd4`, `Cd4`, `c-d4`, `g:e3`, `gxe3`, and Cyrillic look-alikes (`сd4`, `gхe3`).
    fn from_str(text: &str) -> Result<ShortMove, NotShort> {
        let folded = super::latin(text.trim());
        let chars: Vec<char> = folded.chars().collect();
        let (file, sign, square) = match chars.as_slice() {
            [file, to_file, rank] => (*file, None, [*to_file, *rank]),
            [file, sign, to_file, rank] => (*file, Some(*sign), [*to_file, *rank]),
            _ => return Err(NotShort),
        };
        let file = file.to_ascii_lowercase();
        if !('a'..='h').contains(&file) {
            return Err(NotShort);
        }
        let capture = match sign {
            None | Some('-') => false,
            Some(':' | 'x' | 'X' | '×') => true,
            Some(_) => return Err(NotShort),
        };
        let to = String::from_iter(square)
            .parse::<Square>()
            .map_err(|_| NotShort)?;
        Ok(ShortMove {
            file: file as u8 - b'a',
            capture,
            to,
        })
    }
}

impl fmt::Display for ShortMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file);
        let sign = if self.capture { ":" } else { "" };
        write!(f, "{file}{sign}{}", self.to)
    }
}

impl ShortMove {
    /// The short form of the legal move `mv` of `position`.
    fn of(mv: Move) -> ShortMove {
        ShortMove {
            file: mv.from().file(),
            capture: mv.is_capture(),
            to: mv.to(),
        }
    }

    /// Whether `mv` fits this text: its file, its last square, and a capture if one was written.
    fn fits(self, mv: Move) -> bool {
        mv.from().file() == self.file && mv.to() == self.to && (mv.is_capture() || !self.capture)
    }

    /// The one legal move of `position` this text names, or why there is none.
    pub fn resolve(self, position: &Position) -> Result<Move, IllegalMoveError> {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return Err(IllegalMoveError::NoMoves);
        }
        let texts = |moves: &mut dyn Iterator<Item = &Move>| -> Vec<MoveText> {
            moves.map(|&mv| MoveText::from_move(position, mv)).collect()
        };
        let candidates: Vec<Move> = legal.iter().copied().filter(|&mv| self.fits(mv)).collect();
        match candidates.as_slice() {
            [mv] => Ok(*mv),
            [] if legal[0].is_capture() && !self.capture => {
                Err(IllegalMoveError::CaptureCompulsory {
                    captures: texts(&mut legal.iter()),
                })
            }
            [] => Err(IllegalMoveError::NoShortMove {
                file: char::from(b'a' + self.file),
                to: self.to,
                moves: texts(&mut legal.iter()),
            }),
            _ => Err(IllegalMoveError::Ambiguous {
                candidates: texts(&mut candidates.iter()),
            }),
        }
    }

    /// `mv` of `position` in short notation, or in full-path notation when the short
    /// form would name more than one legal move.
    pub fn text(position: &Position, mv: Move) -> String {
        let short = ShortMove::of(mv);
        let alike = position
            .legal_moves()
            .iter()
            .filter(|&&other| ShortMove::of(other) == short)
            .count();
        if alike == 1 {
            short.to_string()
        } else {
            MoveText::from_move(position, mv).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(fen: &str, text: &str) -> Result<String, IllegalMoveError> {
        let position: Position = fen.parse().unwrap();
        let short: ShortMove = text.parse().expect("short notation");
        short
            .resolve(&position)
            .map(|mv| MoveText::from_move(&position, mv).to_string())
    }

    #[test]
    fn the_file_and_the_target_name_the_move() {
        assert_eq!(resolve(crate::START_FEN, "cd4").unwrap(), "c3-d4");
        assert_eq!(resolve(crate::START_FEN, "gf4").unwrap(), "g3-f4");
        assert_eq!(resolve(crate::START_FEN, "C-D4").unwrap(), "c3-d4");
        assert_eq!(resolve(crate::START_FEN, "сd4").unwrap(), "c3-d4");
        let black = "B:Wa1,c3:Bb6,d6";
        assert_eq!(resolve(black, "ba5").unwrap(), "b6-a5");
    }

    #[test]
    fn a_capture_names_its_last_square() {
        assert_eq!(
            resolve("W:Wc1,e3:Bb2,d4,d6,f6", "e:g5").unwrap(),
            "e3:c5:e7:g5"
        );
        assert_eq!(resolve("W:Wc3:Bd4", "cxe5").unwrap(), "c3:e5");
        assert_eq!(resolve("W:Wc3:Bd4", "ce5").unwrap(), "c3:e5");
    }

    #[test]
    fn a_text_naming_no_move_or_several_says_so() {
        let none = resolve(crate::START_FEN, "ce5").unwrap_err();
        assert!(
            none.to_string()
                .starts_with("no move of a piece on the c-file ends on e5; the legal moves are: "),
            "{none}"
        );
        // Both kings on the c-file reach d4.
        let error = resolve("W:WKc3,Kc5:Bh8", "cd4").unwrap_err();
        assert!(
            matches!(&error, IllegalMoveError::Ambiguous { candidates } if candidates.len() == 2),
            "{error}"
        );
        assert!(matches!(
            resolve("W:Wc3,h2:Bd4", "hg3"),
            Err(IllegalMoveError::CaptureCompulsory { .. })
        ));
    }

    #[test]
    fn only_short_forms_are_read() {
        for text in ["c3-d4", "c3", "cd", "zd4", "cd9", "c?d4", "cd4e5", ""] {
            assert_eq!(text.parse::<ShortMove>(), Err(NotShort), "{text}");
        }
    }

    #[test]
    fn moves_are_written_short_unless_that_would_be_ambiguous() {
        let start = Position::start();
        let c3d4 = "c3-d4"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&start)
            .unwrap();
        assert_eq!(ShortMove::text(&start, c3d4), "cd4");
        let capture: Position = "W:Wc1,e3:Bb2,d4,d6,f6".parse().unwrap();
        let long = "e3:g5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&capture)
            .unwrap();
        assert_eq!(ShortMove::text(&capture, long), "e:g5");
        let kings: Position = "W:WKc3,Kc5:Bh8".parse().unwrap();
        let mv = "c5-d4"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&kings)
            .unwrap();
        assert_eq!(ShortMove::text(&kings, mv), "c5-d4");
    }
}
