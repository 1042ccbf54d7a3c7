//! Position strings: PDN FEN with algebraic squares, e.g. `W:Wa1,c1,Ke5:Bb8,Kh2`.

use std::fmt;
use std::str::FromStr;

use super::Numbering;
use crate::words::{self, Message};
use crate::{Bitboard, Color, Position, PositionError, Square, msg};

/// What is wrong with a position string, and the character column (1-based) where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// 1-based character column in the string as given.
    pub column: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
}

/// The kinds of position-string errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// The string is empty.
    Empty,
    /// The side to move is not `W` or `B`.
    BadSideToMove(String),
    /// A piece list does not start with `W` or `B`.
    BadColor(String),
    /// The same colour's list is given twice.
    ColorTwice(Color),
    /// Nothing follows the side to move: no `:W...:B...` piece lists at all.
    NoPieceLists,
    /// One colour's piece list is missing (an empty list is written as the letter alone).
    MissingPieceList(Color),
    /// Both piece lists are empty.
    NoPieces,
    /// More than two piece lists.
    ExtraSection,
    /// A piece is not `[K]square`.
    BadSquare(String),
    /// The pieces do not make a valid position.
    Invalid(PositionError),
    /// A `[FEN "..."]` wrapper that is not closed.
    BadWrapper,
}

impl FenError {
    /// What is wrong and where, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        let mut message = match &self.kind {
            FenErrorKind::Empty => msg!("fen-empty", start = crate::START_FEN),
            FenErrorKind::BadSideToMove(text) => msg!("fen-bad-side", text = text.as_str()),
            FenErrorKind::BadColor(text) => msg!("fen-bad-color", text = text.as_str()),
            FenErrorKind::ColorTwice(color) => msg!("fen-color-twice", side = words::side(*color)),
            FenErrorKind::NoPieceLists => msg!("fen-no-lists"),
            FenErrorKind::MissingPieceList(color) => msg!(
                "fen-missing-list",
                side = words::side(*color),
                letter = color.letter().to_string()
            ),
            FenErrorKind::NoPieces => msg!("fen-no-pieces"),
            FenErrorKind::ExtraSection => msg!("fen-extra-section"),
            FenErrorKind::BadSquare(text) => msg!("fen-bad-square", text = text.as_str()),
            FenErrorKind::Invalid(error) => msg!("fen-invalid", reason = error.message()),
            FenErrorKind::BadWrapper => msg!("fen-bad-wrapper"),
        };
        message.args.push(("column", self.column.into()));
        message
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        words::english(&self.message(), f)
    }
}

impl std::error::Error for FenError {}

/// Strips an optional PDN `[FEN "..."]` wrapper; returns the inner text and its byte offset.
fn unwrap_pdn(text: &str) -> Result<(&str, usize), FenError> {
    let start = text.len() - text.trim_start().len();
    let body = text.trim();
    if !body.starts_with('[') {
        return Ok((body, start));
    }
    let bad = FenError {
        column: column_of(text, start),
        kind: FenErrorKind::BadWrapper,
    };
    let (Some(open), Some(close)) = (body.find('"'), body.rfind('"')) else {
        return Err(bad);
    };
    let tag_ok = body[1..open].trim() == "FEN" && body[close + 1..].trim() == "]";
    if open == close || !tag_ok {
        return Err(bad);
    }
    Ok((&body[open + 1..close], start + open + 1))
}

/// The squares a piece entry names: `c3`, a number in the standard numbering (`22`),
/// or a range of numbers (`21-32`).
fn squares_named(text: &str) -> Option<Vec<Square>> {
    let number = |text: &str| {
        let number = text.parse::<u8>().ok()?;
        Numbering::Standard.square(number).map(|_| number)
    };
    if !text.starts_with(|c: char| c.is_ascii_digit()) {
        return Square::from_str(text).ok().map(|square| vec![square]);
    }
    let (first, last) = match text.split_once('-') {
        Some((first, last)) => (number(first)?, number(last)?),
        None => (number(text)?, number(text)?),
    };
    (first <= last).then(|| {
        (first..=last)
            .filter_map(|number| Numbering::Standard.square(number))
            .collect()
    })
}

fn column_of(text: &str, byte_offset: usize) -> usize {
    text[..byte_offset].chars().count() + 1
}

impl Position {
    /// Parses a position string; see the module documentation for the form.
    ///
    /// # Examples
    ///
    /// ```
    /// use shashki::Position;
    ///
    /// let position = Position::from_fen("B:Wa1,Ke5:Bb8").unwrap();
    /// assert_eq!(position.to_fen(), "B:Wa1,Ke5:Bb8");
    /// let error = Position::from_fen("W:Wa1,d3:Bb8").unwrap_err();
    /// assert_eq!(error.column, 7);
    /// ```
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        // Cyrillic look-alikes (`В:Wа1,Кс3`) fold one character for one: columns hold.
        let text = &*super::latin(text);
        let (body, offset) = unwrap_pdn(text)?;
        let error = |at: usize, kind| FenError {
            column: column_of(text, offset + at),
            kind,
        };
        if body.is_empty() {
            return Err(error(0, FenErrorKind::Empty));
        }
        let body = body.strip_suffix('.').unwrap_or(body);
        let mut sections = body.split(':');
        let side_text = sections.next().unwrap_or("");
        let side = match side_text.trim() {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            other => return Err(error(0, FenErrorKind::BadSideToMove(other.to_string()))),
        };
        let mut men = [Bitboard::EMPTY; 2];
        let mut kings = [Bitboard::EMPTY; 2];
        let mut seen = [false; 2];
        let mut at = side_text.len() + 1;
        if at > body.len() {
            return Err(error(side_text.len(), FenErrorKind::NoPieceLists));
        }
        // The first list not yet given: the one a blank list stands for.
        let missing = |seen: [bool; 2]| {
            if seen[Color::White.index()] {
                Color::Black
            } else {
                Color::White
            }
        };
        for (number, section) in sections.enumerate() {
            if number >= 2 {
                return Err(error(at - 1, FenErrorKind::ExtraSection));
            }
            let lead = section.len() - section.trim_start().len();
            let list = section.trim();
            let color = match list.chars().next() {
                Some('W' | 'w') => Color::White,
                Some('B' | 'b') => Color::Black,
                None => {
                    let kind = FenErrorKind::MissingPieceList(missing(seen));
                    return Err(error(at + lead, kind));
                }
                _ => return Err(error(at + lead, FenErrorKind::BadColor(list.to_string()))),
            };
            if std::mem::replace(&mut seen[color.index()], true) {
                return Err(error(at + lead, FenErrorKind::ColorTwice(color)));
            }
            let mut piece_at = at + lead + 1;
            for piece in list[1..].split(',') {
                let piece_lead = piece.len() - piece.trim_start().len();
                let name = piece.trim();
                if !name.is_empty() {
                    let (is_king, square_text) = match name.strip_prefix(['K', 'k']) {
                        Some(rest) => (true, rest),
                        None => (false, name),
                    };
                    let squares = squares_named(square_text).ok_or_else(|| {
                        error(
                            piece_at + piece_lead,
                            FenErrorKind::BadSquare(name.to_string()),
                        )
                    })?;
                    for square in squares {
                        let already = men[0] | men[1] | kings[0] | kings[1];
                        if already.contains(square) {
                            return Err(error(
                                piece_at + piece_lead,
                                FenErrorKind::Invalid(PositionError::SquareTwice(square)),
                            ));
                        }
                        let set = if is_king { &mut kings } else { &mut men };
                        set[color.index()] |= square.bitboard();
                    }
                }
                piece_at += piece.len() + 1;
            }
            at += section.len() + 1;
        }
        if seen != [true; 2] {
            let kind = FenErrorKind::MissingPieceList(missing(seen));
            return Err(error(body.len(), kind));
        }
        if (men[0] | men[1] | kings[0] | kings[1]).is_empty() {
            return Err(error(side_text.len() + 1, FenErrorKind::NoPieces));
        }
        Position::from_pieces(men, kings, side).map_err(|e| error(0, FenErrorKind::Invalid(e)))
    }

    /// The position string, pieces in square order, e.g. `W:Wa1,Ke5:Bb8`.
    pub fn to_fen(&self) -> String {
        let list = |color: Color| {
            self.pieces(color)
                .into_iter()
                .map(|square| {
                    let king = if self.kings().contains(square) {
                        "K"
                    } else {
                        ""
                    };
                    format!("{king}{square}")
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}:W{}:B{}",
            self.side_to_move().letter(),
            list(Color::White),
            list(Color::Black)
        )
    }
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Position, FenError> {
        Position::from_fen(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> (usize, FenErrorKind) {
        let error = Position::from_fen(text).unwrap_err();
        (error.column, error.kind)
    }

    #[test]
    fn start_position_round_trips() {
        let start = Position::from_fen(crate::START_FEN).unwrap();
        assert_eq!(start, Position::start());
        assert_eq!(start.to_fen(), crate::START_FEN);
    }

    #[test]
    fn pdn_wrapper_and_section_order_are_accepted() {
        let wrapped = Position::from_fen("[FEN \"B:Bb8,Kh2:Wa1,c1,Ke5\"]").unwrap();
        assert_eq!(wrapped.to_fen(), "B:Wa1,c1,Ke5:BKh2,b8");
        assert!(Position::from_fen("  W:W:Bb8. ").is_ok());
    }

    #[test]
    fn cyrillic_look_alikes_are_read_as_latin_letters() {
        // В (Black to move), а, К (king), с and е typed in the Cyrillic layout.
        let position = Position::from_fen("В:Wа1,Кс3:Bh8,Ке5").unwrap();
        assert_eq!(position.to_fen(), "B:Wa1,Kc3:BKe5,h8");
        // One character for one: the column of an error is where the person typed it.
        assert_eq!(kind("W:Wа1,с4").0, 7);
    }

    #[test]
    fn numbered_squares_and_ranges_are_read() {
        let numbered = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
        assert_eq!(Position::from_fen(numbered).unwrap(), Position::start());
        assert_eq!(
            Position::from_fen("W:W21-32:B1-12.").unwrap(),
            Position::start()
        );
        let kings = Position::from_fen("B:WK29:B4,K5-6").unwrap();
        assert_eq!(kings.to_fen(), "B:WKa1:BKa7,Kc7,h8");
        for bad in ["W:W33:B1", "W:W0:B1", "W:W12-3:B1", "W:W1-40:B1"] {
            assert!(matches!(kind(bad).1, FenErrorKind::BadSquare(_)), "{bad}");
        }
    }

    #[test]
    fn an_empty_side_is_allowed() {
        let position = Position::from_fen("W:W:BKc1,h2").unwrap();
        assert_eq!(position.count(Color::White), 0);
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(
            kind("X:Wa1:Bb8"),
            (1, FenErrorKind::BadSideToMove("X".into()))
        );
        assert_eq!(
            kind("W:Wa1,d3:Bb8"),
            (7, FenErrorKind::BadSquare("d3".into()))
        );
        assert_eq!(kind("W:Wa1:Qb8"), (7, FenErrorKind::BadColor("Qb8".into())));
        assert_eq!(
            kind("W:Wa1:Wb8"),
            (7, FenErrorKind::ColorTwice(Color::White))
        );
        assert_eq!(kind("W:Wa1:Bb8:Bc7"), (10, FenErrorKind::ExtraSection));
        assert_eq!(kind(""), (1, FenErrorKind::Empty));
        assert_eq!(kind("[FEN \"W:Wa1:Bb8\""), (1, FenErrorKind::BadWrapper));
        assert_eq!(
            kind("[FEN \"W:Wa1:Bz8\"]"),
            (14, FenErrorKind::BadSquare("z8".into()))
        );
    }

    #[test]
    fn missing_piece_lists_are_named() {
        let missing = |color| FenErrorKind::MissingPieceList(color);
        assert_eq!(kind("W"), (2, FenErrorKind::NoPieceLists));
        assert_eq!(kind(" B "), (3, FenErrorKind::NoPieceLists));
        assert_eq!(kind("W:"), (3, missing(Color::White)));
        assert_eq!(kind("W:Wa1:"), (7, missing(Color::Black)));
        assert_eq!(kind("W:Wa1"), (6, missing(Color::Black)));
        assert_eq!(kind("B:Bb8."), (6, missing(Color::White)));
        assert_eq!(kind("W:W"), (4, missing(Color::Black)));
        assert_eq!(kind("W:W:B"), (3, FenErrorKind::NoPieces));
        assert_eq!(kind("[FEN \"B:B:W\"]"), (9, FenErrorKind::NoPieces));
        let shown = Position::from_fen("W:Wa1").unwrap_err().to_string();
        assert_eq!(
            shown,
            "position string, column 6: Black's piece list is missing; \
             write :B alone if Black has no pieces"
        );
    }

    #[test]
    fn rule_breaking_positions_are_errors_with_reasons() {
        let (_, error) = kind("W:Wa1,a1:Bb8");
        assert!(matches!(
            error,
            FenErrorKind::Invalid(PositionError::SquareTwice(_))
        ));
        let (_, error) = kind("W:Wb8:Ba1");
        assert!(matches!(
            error,
            FenErrorKind::Invalid(PositionError::ManOnPromotionRank(..))
        ));
        let thirteen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:B";
        let (_, error) = kind(thirteen);
        assert!(matches!(
            error,
            FenErrorKind::Invalid(PositionError::TooManyPieces(..))
        ));
    }
}
