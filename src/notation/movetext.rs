//! Move text: `c3-d4`, `c3:e5:c7`, and the forgiving forms people type.

use std::fmt;
use std::str::FromStr;

use crate::words::{self, Message};
use crate::{Color, Move, ParseSquareError, Position, Role, Square, msg};

/// A move as written: its squares in order and whether it was marked as a capture.
///
/// Parse it from what a person typed, then [`resolve`](MoveText::resolve) it
/// against a position; or build the full-path text of a generated move with
/// [`MoveText::from_move`].
///
/// # Examples
///
/// ```
/// use shashki::{MoveText, Position};
///
/// let position = Position::start();
/// let typed: MoveText = "C3D4".parse().unwrap();
/// let mv = typed.resolve(&position).unwrap();
/// assert_eq!(MoveText::from_move(&position, mv).to_string(), "c3-d4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    squares: Vec<Square>,
    capture: bool,
}

/// Why a string is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// Nothing was typed.
    Empty,
    /// Only one square was given.
    OneSquare(Square),
    /// A square is wrong; `column` is its 1-based character position.
    Square {
        /// Where the square starts, counting characters from 1.
        column: usize,
        /// What is wrong with it.
        error: ParseSquareError,
    },
    /// A character that belongs in no move.
    Unexpected {
        /// Where, counting characters from 1.
        column: usize,
        /// The character.
        found: char,
    },
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for MoveParseError {}

impl MoveParseError {
    /// What is wrong, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        match self {
            MoveParseError::Empty => msg!("move-empty"),
            MoveParseError::OneSquare(square) => {
                msg!("move-one-square", square = square.to_string())
            }
            MoveParseError::Square { error, .. } => error.message(),
            MoveParseError::Unexpected { column, found } => msg!(
                "move-unexpected",
                found = found.to_string(),
                column = *column
            ),
        }
    }

    /// The character, counting from 1, where the text stopped being a move (0 when the
    /// text as a whole is too little).
    pub fn column(&self) -> usize {
        match self {
            MoveParseError::Empty | MoveParseError::OneSquare(_) => 0,
            MoveParseError::Square { column, .. } | MoveParseError::Unexpected { column, .. } => {
                *column
            }
        }
    }
}

/// Why a move text names no legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The side to move has no move at all: the game is over.
    NoMoves,
    /// The first square is empty.
    NoPiece(Square),
    /// The first square holds the opponent's piece.
    NotYourPiece {
        /// The first square.
        square: Square,
        /// The side to move.
        side: Color,
    },
    /// A capture is available elsewhere, so this quiet move (or other piece) is not allowed.
    CaptureCompulsory {
        /// The captures the side to move has.
        captures: Vec<MoveText>,
    },
    /// The piece has no move matching the text; its legal moves are listed.
    NoSuchMove {
        /// The first square.
        square: Square,
        /// The piece standing there.
        role: Role,
        /// Its legal moves.
        moves: Vec<MoveText>,
    },
    /// No legal move leaves `file` and ends on `to` (short notation); the legal moves are listed.
    NoShortMove {
        /// The file the move leaves.
        file: char,
        /// The square it ends on.
        to: Square,
        /// The legal moves of the position.
        moves: Vec<MoveText>,
    },
    /// Several moves match (a shortened capture); they are listed.
    Ambiguous {
        /// The moves the text matches.
        candidates: Vec<MoveText>,
    },
}

/// Move texts as a comma-separated list, as errors name the moves there are.
pub fn move_list(moves: &[MoveText]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl IllegalMoveError {
    /// Why not, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        match self {
            IllegalMoveError::NoMoves => msg!("illegal-no-moves"),
            IllegalMoveError::NoPiece(square) => {
                msg!("illegal-no-piece", square = square.to_string())
            }
            IllegalMoveError::NotYourPiece { square, side } => msg!(
                "illegal-not-yours",
                square = square.to_string(),
                owner = words::side(side.opposite()),
                side = words::side(*side)
            ),
            IllegalMoveError::CaptureCompulsory { captures } => {
                msg!("illegal-capture-compulsory", moves = move_list(captures))
            }
            IllegalMoveError::NoSuchMove {
                square,
                role,
                moves,
            } if moves.is_empty() => msg!(
                "illegal-piece-stuck",
                role = words::role(*role),
                square = square.to_string()
            ),
            IllegalMoveError::NoSuchMove {
                square,
                role,
                moves,
            } => msg!(
                "illegal-no-such-move",
                role = words::role(*role),
                square = square.to_string(),
                moves = move_list(moves)
            ),
            IllegalMoveError::NoShortMove { file, to, moves } => msg!(
                "illegal-no-short-move",
                file = file.to_string(),
                to = to.to_string(),
                moves = move_list(moves)
            ),
            IllegalMoveError::Ambiguous { candidates } => {
                msg!("illegal-ambiguous", moves = move_list(candidates))
            }
        }
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        words::english(&self.message(), f)
    }
}

impl std::error::Error for IllegalMoveError {}

impl MoveText {
    /// The squares as written.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// A text of these squares, a capture if `capture`; `squares` holds two or more.
    pub fn from_squares(squares: Vec<Square>, capture: bool) -> MoveText {
        debug_assert!(squares.len() >= 2, "a move text has two squares or more");
        MoveText { squares, capture }
    }

    /// The same text on the board turned 180 degrees (`c3:e5` becomes `f6:d4`).
    pub fn flipped(&self) -> MoveText {
        MoveText {
            squares: self.squares.iter().map(|square| square.flipped()).collect(),
            capture: self.capture,
        }
    }

    /// The full-path text of a legal move: `c3-d4`, or every landing square of a capture.
    pub fn from_move(position: &Position, mv: Move) -> MoveText {
        let mut squares = vec![mv.from()];
        if mv.is_capture() {
            let path = position
                .capture_paths(mv.from())
                .into_iter()
                .find(|(_, found)| *found == mv)
                .map(|(path, _)| path)
                .unwrap_or_else(|| vec![mv.to()]);
            squares.extend(path);
        } else {
            squares.push(mv.to());
        }
        MoveText {
            squares,
            capture: mv.is_capture(),
        }
    }

    /// The one legal move this text names, or why there is none.
    ///
    /// A capture may be shortened to any of its squares in order, as long as
    /// the first and last are given (`c3:c7` for `c3:e5:c7`).
    pub fn resolve(&self, position: &Position) -> Result<Move, IllegalMoveError> {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return Err(IllegalMoveError::NoMoves);
        }
        let from = self.squares[0];
        let side = position.side_to_move();
        let piece = match position.piece_at(from) {
            None => return Err(IllegalMoveError::NoPiece(from)),
            Some(piece) if piece.color != side => {
                return Err(IllegalMoveError::NotYourPiece { square: from, side });
            }
            Some(piece) => piece,
        };
        let to = *self
            .squares
            .last()
            .expect("a move text has two squares or more");
        let via = &self.squares[1..self.squares.len() - 1];
        let mut candidates: Vec<Move> = Vec::new();
        if legal[0].is_capture() {
            let paths = position.capture_paths(from);
            // A complete path names its move even when it is also a shortening of a longer one.
            let exact = paths
                .iter()
                .find(|(path, _)| path.as_slice() == &self.squares[1..]);
            if let Some(&(_, mv)) = exact {
                return Ok(mv);
            }
            for (path, mv) in paths {
                if mv.to() == to && is_subsequence(via, &path) && !candidates.contains(&mv) {
                    candidates.push(mv);
                }
            }
        } else if via.is_empty() {
            candidates.extend(legal.iter().filter(|mv| mv.from() == from && mv.to() == to));
        }
        let texts = |moves: &mut dyn Iterator<Item = &Move>| -> Vec<MoveText> {
            moves.map(|&mv| MoveText::from_move(position, mv)).collect()
        };
        match candidates.len() {
            1 => Ok(candidates[0]),
            0 => {
                let own: Vec<MoveText> = texts(&mut legal.iter().filter(|mv| mv.from() == from));
                // A quiet move while a capture is due is refused alike from every piece,
                // whether it can capture itself or not.
                let quiet = !self.capture && self.squares.len() == 2;
                if legal[0].is_capture() && (own.is_empty() || quiet) {
                    Err(IllegalMoveError::CaptureCompulsory {
                        captures: texts(&mut legal.iter()),
                    })
                } else {
                    Err(IllegalMoveError::NoSuchMove {
                        square: from,
                        role: piece.role,
                        moves: own,
                    })
                }
            }
            _ => Err(IllegalMoveError::Ambiguous {
                candidates: texts(&mut candidates.iter()),
            }),
        }
    }
}

/// Whether every square of `wanted` appears in `path`, in order.
fn is_subsequence(wanted: &[Square], path: &[Square]) -> bool {
    let mut rest = path.iter();
    wanted.iter().all(|square| rest.any(|s| s == square))
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.capture { ":" } else { "-" };
        let parts: Vec<String> = self.squares.iter().map(ToString::to_string).collect();
        f.write_str(&parts.join(separator))
    }
}

impl FromStr for MoveText {
    type Err = MoveParseError;

    /// Accepts `c3-d4`, `C3-D4`, `c3d4`, `c3 d4`, `c3xe5`, `c3:e5:c7` and `c3:c7`, and
    /// Cyrillic look-alike letters (`с3хе5`).
    fn from_str(text: &str) -> Result<MoveText, MoveParseError> {
        let text = &*super::latin(text);
        let mut squares = Vec::with_capacity(4);
        let mut capture = false;
        // (character column from 1, byte offset, character)
        let mut chars = text
            .char_indices()
            .enumerate()
            .map(|(n, (at, c))| (n + 1, at, c));
        while let Some((column, at, c)) = chars.next() {
            match c {
                ':' | 'x' | 'X' | '×' => capture = true,
                '-' | '–' | '—' => {}
                c if c.is_whitespace() => {}
                c if c.is_ascii_alphabetic() => {
                    // A square is the letter and the character after it.
                    let end = chars
                        .next()
                        .map_or(text.len(), |(_, next_at, next)| next_at + next.len_utf8());
                    let square = text[at..end]
                        .parse::<Square>()
                        .map_err(|error| MoveParseError::Square { column, error })?;
                    squares.push(square);
                }
                found => return Err(MoveParseError::Unexpected { column, found }),
            }
        }
        match squares.as_slice() {
            [] => Err(MoveParseError::Empty),
            [only] => Err(MoveParseError::OneSquare(*only)),
            _ => Ok(MoveText { squares, capture }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(fen: &str, text: &str) -> Result<String, IllegalMoveError> {
        let position: Position = fen.parse().unwrap();
        let typed: MoveText = text.parse().expect("parses");
        typed
            .resolve(&position)
            .map(|mv| MoveText::from_move(&position, mv).to_string())
    }

    #[test]
    fn forgiving_forms_name_the_same_move() {
        for typed in ["c3-d4", "C3-D4", "c3d4", "c3 d4", " c3 - d4 "] {
            assert_eq!(
                resolve(crate::START_FEN, typed).unwrap(),
                "c3-d4",
                "{typed}"
            );
        }
        assert_eq!(resolve("W:Wc3:Bd4", "c3xe5").unwrap(), "c3:e5");
    }

    #[test]
    fn cyrillic_look_alikes_are_read_as_latin_letters() {
        // а, с, е and х typed in the Cyrillic layout.
        assert_eq!(resolve(crate::START_FEN, "с3-d4").unwrap(), "c3-d4");
        assert_eq!(resolve(crate::START_FEN, "а3-b4").unwrap(), "a3-b4");
        assert_eq!(resolve("W:Wc3:Bd4", "с3хе5").unwrap(), "c3:e5");
        assert_eq!(resolve("W:Wc3:Bd4", "С3:Е5").unwrap(), "c3:e5");
    }

    #[test]
    fn a_capture_may_be_shortened_to_its_ends() {
        assert_eq!(resolve("W:Wc3,e1:Bd4,f6,f2", "c3:g7").unwrap(), "c3:e5:g7");
    }

    #[test]
    fn a_shortened_capture_that_names_no_move_lists_the_piece_moves() {
        let error = resolve("W:WKa1:Bc3,c5", "a1:d4").unwrap_err();
        let expected = vec!["a1:d4:b6".parse().unwrap(), "a1:d4:a7".parse().unwrap()];
        let square = "a1".parse().unwrap();
        assert_eq!(
            error,
            IllegalMoveError::NoSuchMove {
                square,
                role: Role::King,
                moves: expected
            }
        );
    }

    #[test]
    fn a_complete_path_wins_over_a_longer_capture_it_shortens() {
        let fen = "W:WKc3,Ka5,Kc5:BKa1,Kg1,Kb4,d4,Kf4,Kh4,Ke5,Kf6,c7,Kb8,f8";
        assert_eq!(resolve(fen, "c5:a3").unwrap(), "c5:a3");
        assert_eq!(resolve(fen, "c5:g5:a3").unwrap(), "c5:e3:g5:e7:a3");
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(
            resolve(crate::START_FEN, "d4-e5"),
            Err(IllegalMoveError::NoPiece("d4".parse().unwrap()))
        );
        assert!(matches!(
            resolve(crate::START_FEN, "b6-a5"),
            Err(IllegalMoveError::NotYourPiece {
                side: Color::White,
                ..
            })
        ));
        assert!(matches!(
            resolve("W:Wd4,h2:Be5", "h2-g3"),
            Err(IllegalMoveError::CaptureCompulsory { captures }) if captures.len() == 1
        ));
        let error = resolve(crate::START_FEN, "c3-e5").unwrap_err();
        assert_eq!(
            error.to_string(),
            "no such move for the man on c3; it can play: c3-b4, c3-d4"
        );
    }

    #[test]
    fn a_quiet_move_while_a_capture_is_due_is_refused_alike_from_every_piece() {
        // d4 can capture e5, h2 cannot: both quiet moves get the same answer.
        let fen = "W:Wd4,h2:Be5";
        let from_the_capturer = resolve(fen, "d4-c5").unwrap_err();
        let from_another = resolve(fen, "h2-g3").unwrap_err();
        assert_eq!(from_the_capturer, from_another);
        assert_eq!(
            from_the_capturer.to_string(),
            "capture is compulsory; you must play one of: d4:f6"
        );
        // A capture typed wrong still lists the piece's own captures.
        assert!(matches!(
            resolve("W:WKa1:Bc3,c5", "a1:d4"),
            Err(IllegalMoveError::NoSuchMove { .. })
        ));
    }

    #[test]
    fn parse_errors_point_at_the_problem() {
        assert_eq!("".parse::<MoveText>(), Err(MoveParseError::Empty));
        assert!(matches!(
            "c3".parse::<MoveText>(),
            Err(MoveParseError::OneSquare(_))
        ));
        assert!(matches!(
            "c3-d3".parse::<MoveText>(),
            Err(MoveParseError::Square {
                column: 4,
                error: ParseSquareError::LightSquare(_)
            })
        ));
        assert!(matches!(
            "c3?d4".parse::<MoveText>(),
            Err(MoveParseError::Unexpected {
                column: 3,
                found: '?'
            })
        ));
    }
}
