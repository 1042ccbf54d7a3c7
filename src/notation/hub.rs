//! The Hub protocol's texts: positions and moves.
//!
//! A position is the side to move (`W` or `B`) and a letter for each square in the
//! standard order (1 = b8 ... 32 = g1): `e` empty, `w`/`b` a white/black man, `W`/`B` a
//! white/black king. A move is `from-to` when quiet and `fromxtoxcaptured...` when it
//! captures, the captured squares in any order. Clients number a move's squares in one
//! of two ways, so each move function takes the [`Numbering`]: pydraughts 0.5.7 (and
//! with it the lidraughts bridge) writes c3-d4 as `22-18` ([`Numbering::Standard`]),
//! pydraughts 0.6.7 as `10-14` ([`Numbering::FromWhite`]).
//!
//! ```
//! use shashki::Position;
//! use shashki::notation::{Numbering, hub};
//!
//! let start = Position::start();
//! assert_eq!(hub::position_text(&start), "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
//! let mv = hub::parse_move("22-18", &start, Numbering::Standard).unwrap();
//! assert_eq!(shashki::MoveText::from_move(&start, mv).to_string(), "c3-d4");
//! assert_eq!(hub::move_text(mv, Numbering::FromWhite), "10-14");
//! ```

use std::fmt;

use super::numeric::Numbering;
use crate::{Bitboard, Color, Move, Piece, Position, PositionError, Role, Square};

/// The numbering of the squares in a Hub position, whichever numbers the moves.
const POSITION_NUMBERING: Numbering = Numbering::Standard;

/// Why a Hub position or move is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubTextError {
    /// The position is not 33 characters long.
    PositionLength(usize),
    /// The first character is not `W` or `B`.
    SideToMove(char),
    /// A square's letter is not one of `e w b W B`; `number` is the square's (standard) number.
    SquareLetter {
        /// The square's standard number.
        number: u8,
        /// The character found there.
        found: char,
    },
    /// The pieces do not make a position.
    Position(PositionError),
    /// The move is not written as `from-to` or `fromxto[xcaptured]...`.
    MoveForm(String),
    /// A square number of the move is not 1 to 32.
    SquareNumber(String),
    /// No legal move has these squares.
    Illegal {
        /// The move as the client sent it.
        text: String,
        /// The legal moves, as the Hub writes them.
        legal: Vec<String>,
    },
}

impl fmt::Display for HubTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl HubTextError {
    /// What is wrong with the Hub text, to be worded.
    pub fn message(&self) -> crate::words::Message {
        use crate::msg;
        match self {
            HubTextError::PositionLength(length) => msg!("hub-text-length", length = *length),
            HubTextError::SideToMove(found) => {
                msg!("hub-text-side", found = found.to_string())
            }
            HubTextError::SquareLetter { number, found } => msg!(
                "hub-text-square-letter",
                number = *number,
                found = found.to_string()
            ),
            HubTextError::Position(error) => error.message(),
            HubTextError::MoveForm(text) => msg!("hub-text-move-form", text = text.as_str()),
            HubTextError::SquareNumber(text) => {
                msg!("hub-text-square-number", text = text.as_str())
            }
            HubTextError::Illegal { text, legal } => msg!(
                "hub-text-illegal",
                text = text.as_str(),
                legal = legal.join(" ")
            ),
        }
    }
}

impl std::error::Error for HubTextError {}

/// The Hub text of `position`.
pub fn position_text(position: &Position) -> String {
    let mut text = String::with_capacity(33);
    text.push(match position.side_to_move() {
        Color::White => 'W',
        Color::Black => 'B',
    });
    for number in 1..=32 {
        let square = POSITION_NUMBERING.square(number).expect("1 to 32");
        text.push(match position.piece_at(square) {
            None => 'e',
            Some(Piece { color, role }) => {
                let letter = color.letter();
                match role {
                    Role::King => letter,
                    Role::Man => letter.to_ascii_lowercase(),
                }
            }
        });
    }
    text
}

/// Reads a Hub position.
pub fn parse_position(text: &str) -> Result<Position, HubTextError> {
    let letters: Vec<char> = text.chars().collect();
    if letters.len() != 33 {
        return Err(HubTextError::PositionLength(letters.len()));
    }
    let side = match letters[0] {
        'W' => Color::White,
        'B' => Color::Black,
        other => return Err(HubTextError::SideToMove(other)),
    };
    let mut men = [Bitboard::EMPTY; 2];
    let mut kings = [Bitboard::EMPTY; 2];
    for (number, &letter) in (1..=32).zip(&letters[1..]) {
        let square = POSITION_NUMBERING
            .square(number)
            .expect("1 to 32")
            .bitboard();
        match letter {
            'e' => {}
            'w' => men[0] |= square,
            'b' => men[1] |= square,
            'W' => kings[0] |= square,
            'B' => kings[1] |= square,
            found => return Err(HubTextError::SquareLetter { number, found }),
        }
    }
    Position::from_pieces(men, kings, side).map_err(HubTextError::Position)
}

/// The Hub text of `mv` in `numbering`: `10-14`, or `14x23x19` with the captured squares in
/// ascending order (from White's side).
pub fn move_text(mv: Move, numbering: Numbering) -> String {
    let number = |square: Square| numbering.number(square);
    if !mv.is_capture() {
        return format!("{}-{}", number(mv.from()), number(mv.to()));
    }
    let mut captured: Vec<u8> = mv.captured().into_iter().map(number).collect();
    captured.sort_unstable();
    let mut text = format!("{}x{}", number(mv.from()), number(mv.to()));
    for square in captured {
        text.push_str(&format!("x{square}"));
    }
    text
}

/// Reads a Hub move in `numbering` and finds the legal move of `position` it names.
pub fn parse_move(
    text: &str,
    position: &Position,
    numbering: Numbering,
) -> Result<Move, HubTextError> {
    let form = || HubTextError::MoveForm(text.to_string());
    let (parts, capture): (Vec<&str>, bool) = if text.contains('-') {
        (text.split('-').collect(), false)
    } else {
        (text.split('x').collect(), true)
    };
    if parts.len() < 2 || (!capture && parts.len() != 2) || (capture && parts.len() < 3) {
        return Err(form());
    }
    let mut squares = Vec::with_capacity(parts.len());
    for part in parts {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(form());
        }
        let square = part
            .parse::<u8>()
            .ok()
            .and_then(|number| numbering.square(number))
            .ok_or_else(|| HubTextError::SquareNumber(part.to_string()))?;
        squares.push(square);
    }
    let captured: Bitboard = squares[2..].iter().copied().collect();
    let mut legal: Vec<Move> = position.legal_moves().iter().copied().collect();
    if let Some(&mv) = legal
        .iter()
        .find(|mv| mv.from() == squares[0] && mv.to() == squares[1] && mv.captured() == captured)
    {
        return Ok(mv);
    }
    let number = |square: Square| numbering.number(square);
    legal.sort_by_key(|mv| {
        (
            number(mv.from()),
            number(mv.to()),
            move_text(*mv, numbering),
        )
    });
    Err(HubTextError::Illegal {
        text: text.to_string(),
        legal: legal
            .into_iter()
            .map(|mv| move_text(mv, numbering))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveText;

    fn full(position: &Position, mv: Move) -> String {
        MoveText::from_move(position, mv).to_string()
    }

    #[test]
    fn positions_round_trip_and_match_the_fen() {
        for fen in [crate::START_FEN, "B:WKa1,c3,e5:Bb8,Kh2,g7", "W:WKc1:BKh8"] {
            let position: Position = fen.parse().unwrap();
            let text = position_text(&position);
            assert_eq!(parse_position(&text), Ok(position), "{fen}: {text}");
        }
        // pydraughts' text for White on a1 (square 29) and Black on h8 (square 4).
        let position = parse_position("Weeebeeeeeeeeeeeeeeeeeeeeeeeeweee").unwrap();
        assert_eq!(position.to_fen(), "W:Wa1:Bh8");
    }

    #[test]
    fn bad_positions_say_what_is_wrong() {
        assert_eq!(parse_position("Wbbb"), Err(HubTextError::PositionLength(4)));
        let start = position_text(&Position::start());
        let wrong_side = format!("X{}", &start[1..]);
        assert_eq!(
            parse_position(&wrong_side),
            Err(HubTextError::SideToMove('X'))
        );
        let wrong_letter = format!("{}x{}", &start[..3], &start[4..]);
        assert_eq!(
            parse_position(&wrong_letter),
            Err(HubTextError::SquareLetter {
                number: 3,
                found: 'x'
            })
        );
        // A white man on b8 (square 1).
        let promoted = format!("Ww{}", &start[2..]);
        assert!(matches!(
            parse_position(&promoted),
            Err(HubTextError::Position(_))
        ));
    }

    #[test]
    fn moves_are_read_and_written_in_either_numbering() {
        let start = Position::start();
        for (numbering, line) in [
            (Numbering::FromWhite, ["10-14", "23-19", "14x23x19"]),
            (Numbering::Standard, ["22-18", "11-15", "18x11x15"]),
        ] {
            let c3d4 = parse_move(line[0], &start, numbering).unwrap();
            assert_eq!(full(&start, c3d4), "c3-d4");
            let after = start.play(c3d4).unwrap();
            let f6e5 = parse_move(line[1], &after, numbering).unwrap();
            assert_eq!(full(&after, f6e5), "f6-e5");
            let after = after.play(f6e5).unwrap();
            let capture = parse_move(line[2], &after, numbering).unwrap();
            assert_eq!(full(&after, capture), "d4:f6");
            assert_eq!(move_text(capture, numbering), line[2]);
        }
    }

    #[test]
    fn captured_squares_may_come_in_any_order() {
        // e3:c5:e7:g5 takes d4, d6 and f6.
        let position: Position = "W:Wc1,e3:Bb2,d4,d6,f6".parse().unwrap();
        let written = ["11x20x14x22x23", "11x20x23x22x14", "11x20x22x14x23"];
        for text in written {
            let mv = parse_move(text, &position, Numbering::FromWhite).unwrap();
            assert_eq!(full(&position, mv), "e3:c5:e7:g5", "{text}");
            assert_eq!(move_text(mv, Numbering::FromWhite), "11x20x14x22x23");
            assert_eq!(move_text(mv, Numbering::Standard), "23x16x10x11x18");
        }
    }

    #[test]
    fn bad_moves_say_what_is_wrong() {
        let start = Position::start();
        let parse = |text| parse_move(text, &start, Numbering::FromWhite);
        for text in [
            "", "10", "10-", "10-14-18", "10x14", "a-b", "10 -14", "+10-14",
        ] {
            assert_eq!(
                parse(text),
                Err(HubTextError::MoveForm(text.to_string())),
                "{text}"
            );
        }
        assert_eq!(
            parse("10-33"),
            Err(HubTextError::SquareNumber("33".to_string()))
        );
        assert_eq!(
            parse("10-999"),
            Err(HubTextError::SquareNumber("999".to_string()))
        );
        assert_eq!(
            parse("22-18").unwrap_err().to_string(),
            "22-18 is not a legal move here; the legal moves are 9-13 10-13 10-14 11-14 11-15 12-15 12-16"
        );
        assert_eq!(
            parse_move("10-14", &start, Numbering::Standard)
                .unwrap_err()
                .to_string(),
            "10-14 is not a legal move here; the legal moves are 21-17 22-17 22-18 23-18 23-19 24-19 24-20"
        );
    }
}
