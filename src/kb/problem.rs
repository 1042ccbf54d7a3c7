//! What can be wrong with a knowledge-base file, as values: a [`Problem`] per kind,
//! with the squares, counts and words it needs, worded in English by `Display`
//! (what `shashki kb check` prints) and by the console in the player's language.

use std::fmt;

use super::choice::FactInfo;
use crate::files::FileFailure;
use crate::{Color, IllegalMoveError, MoveParseError, MoveText, PositionError, Role, Square};

/// A part of a fact as the grammar names it: what a syntax error expected, or found
/// where it should not be. Several rules of the grammar are one part to a reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The end of the fact (the end of its text).
    EndOfFact,
    /// A whole fact.
    Fact,
    /// A heading: `fact "name" for white`.
    Heading,
    /// A name in double quotes.
    Name,
    /// `white` or `black`.
    Side,
    /// A count line: `white 3..6`.
    Count,
    /// `men` or `kings`.
    Role,
    /// A number or a range of a count: `5`, `3..6`.
    Range,
    /// A row of the board.
    Row,
    /// The file letters `a b c d e f g h` under or over the board.
    FileLetters,
    /// `play` or `fact`.
    Keyword,
    /// A `play` line.
    Play,
    /// A move: `c3-d4`.
    Move,
    /// The end of a line.
    EndOfLine,
}

impl Part {
    /// Every part, for tests and tables.
    pub const ALL: [Part; 14] = [
        Part::EndOfFact,
        Part::Fact,
        Part::Heading,
        Part::Name,
        Part::Side,
        Part::Count,
        Part::Role,
        Part::Range,
        Part::Row,
        Part::FileLetters,
        Part::Keyword,
        Part::Play,
        Part::Move,
        Part::EndOfLine,
    ];
}

/// Words a person reads in place of rule names (what `renamed_rules` was given).
impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Part::EndOfFact => "the end of the fact",
            Part::Fact => "a fact",
            Part::Heading => "a fact heading like `fact \"name\" for white`",
            Part::Name => "a name in double quotes",
            Part::Side => "`white` or `black`",
            Part::Count => "a count like `white 3..6`",
            Part::Role => "`men` or `kings`",
            Part::Range => "a count like 5 or 3..6",
            Part::Row => "a board row",
            Part::FileLetters => "the file letters `a b c d e f g h`",
            Part::Keyword => "a keyword",
            Part::Play => "`play` and a move",
            Part::Move => "a move like c3-d4",
            Part::EndOfLine => "the end of the line",
        })
    }
}

/// One thing wrong with a knowledge-base file, or with writing one.
///
/// `Display` words it in English, lower case, exactly as `shashki kb check` prints it.
///
/// # Examples
///
/// ```
/// use shashki::kb::{KnowledgeBase, Part, Problem};
///
/// let (_, errors) = KnowledgeBase::parse("fact \"x\" for purple\n", "my.txt").unwrap();
/// let expected = vec![Part::Side];
/// assert_eq!(errors[0].problem, Problem::Syntax { expected, unexpected: vec![] });
/// assert_eq!(errors[0].problem.to_string(), "expected `white` or `black`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The text does not follow the grammar here: the parts that could come, and the
    /// parts found that cannot (in the grammar's order, as the parser gives them).
    Syntax {
        /// What could come here.
        expected: Vec<Part>,
        /// What was found here and cannot be.
        unexpected: Vec<Part>,
    },
    /// The parser stopped before it was done (it ran out of stack), in its own words.
    ParserStopped(String),
    /// A count's number does not fit in a number.
    CountTooLarge,
    /// The board has other than 8 rows.
    BoardRows(usize),
    /// A row's label is not its rank (counted from 1).
    RankLabel {
        /// The rank the row is.
        rank: u8,
        /// The label written.
        label: char,
    },
    /// A row has other than 8 squares.
    RowSquares {
        /// The rank of the row, from 1.
        rank: u8,
        /// The squares written.
        squares: usize,
    },
    /// A square is marked with a letter that is no symbol.
    UnknownSymbol(char),
    /// A light square is marked other than `.`.
    PieceOnLightSquare,
    /// A `play` line's move is not a move.
    BadMove(MoveParseError),
    /// A man stands on the rank where it would be crowned.
    ManOnPromotionRank {
        /// Whose man.
        side: Color,
        /// Where.
        square: Square,
    },
    /// A count's range is empty: `5..3`.
    EmptyRange {
        /// The smallest count.
        min: u32,
        /// The largest count.
        max: u32,
    },
    /// A count allows more than 12 pieces.
    TooManyInRange {
        /// Whose pieces.
        side: Color,
        /// Men or kings only, or every piece.
        role: Option<Role>,
        /// The largest count.
        max: u32,
    },
    /// The board surely has more pieces than the count allows.
    BoardDemandsMore {
        /// Whose pieces.
        side: Color,
        /// Men or kings only, or every piece.
        role: Option<Role>,
        /// How many the board surely has.
        demanded: u32,
        /// The smallest count.
        min: u32,
        /// The largest count.
        max: u32,
    },
    /// The board has room for fewer pieces than the count needs.
    BoardLeavesRoom {
        /// Whose pieces.
        side: Color,
        /// Men or kings only, or every piece.
        role: Option<Role>,
        /// How many the board can hold at most.
        possible: u32,
        /// The smallest count.
        min: u32,
        /// The largest count.
        max: u32,
    },
    /// An exact fact's board is no position.
    InvalidPosition(PositionError),
    /// A move of an exact fact's line cannot be played.
    IllegalMove {
        /// The move as written.
        mv: MoveText,
        /// Its place in the line, from 1.
        number: usize,
        /// Why not.
        reason: IllegalMoveError,
    },
    /// A pattern's move starts on a square the board does not surely give the mover.
    StartNotSurelyMovers {
        /// The move as written.
        mv: MoveText,
        /// Its first square.
        from: Square,
        /// The side to move.
        side: Color,
    },
    /// A pattern's quiet move names more than two squares.
    QuietMoveSquares(MoveText),
    /// Two squares of a pattern's move are not on one diagonal.
    NotOneDiagonal {
        /// One square.
        from: Square,
        /// The other.
        to: Square,
    },
    /// A pattern's man moves other than one square diagonally forward.
    ManMovesForward(MoveText),
    /// A pattern's quiet move passes a square not marked empty.
    PathNotFree {
        /// The move as written.
        mv: MoveText,
        /// The first square in its way not marked `.`.
        blocked: Square,
    },
    /// A jump of a pattern's capture does not surely take exactly one piece.
    JumpNotSure {
        /// The capture as written.
        mv: MoveText,
        /// Where the jump starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// Whose pieces are taken.
        victim: Color,
    },
    /// A pattern's capture lands on a square not marked empty.
    LandingNotFree {
        /// The capture as written.
        mv: MoveText,
        /// The square.
        square: Square,
    },
    /// A fact repeats an earlier one (a warning).
    RepeatsFact {
        /// The line of the earlier fact.
        line: usize,
    },
    /// A fact has the board of an earlier one and other moves (a warning).
    ContradictsFact {
        /// The line of the earlier fact.
        line: usize,
    },
    /// The file's bytes are not UTF-8 here.
    NotUtf8 {
        /// The first bad byte.
        byte: u8,
    },
    /// The file cannot be read.
    CannotRead(FileFailure),
    /// The file cannot be written.
    CannotWrite(FileFailure),
    /// A fact to remember has a name it cannot have.
    BadFactName,
    /// The file has errors, so nothing was remembered (after those errors).
    NothingRemembered,
    /// The remembered fact would not answer the position; nothing was written.
    WouldNotAnswer(FactInfo),
}

/// `white pieces`, `black kings`.
fn pieces(side: Color, role: Option<Role>) -> String {
    let side = side.to_string().to_lowercase();
    match role {
        None => format!("{side} pieces"),
        Some(Role::Man) => format!("{side} men"),
        Some(Role::King) => format!("{side} kings"),
    }
}

/// `a`, `a or b`, `a, b, or c`: parts listed as pest lists rules.
fn listed(parts: &[Part]) -> String {
    match parts {
        [one] => one.to_string(),
        [first, second] => format!("{first} or {second}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            format!("{}, or {last}", rest.join(", "))
        }
        [] => String::new(),
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Syntax {
                expected,
                unexpected,
            } => match (unexpected.is_empty(), expected.is_empty()) {
                (false, false) => write!(
                    f,
                    "unexpected {}; expected {}",
                    listed(unexpected),
                    listed(expected)
                ),
                (false, true) => write!(f, "unexpected {}", listed(unexpected)),
                (true, false) => write!(f, "expected {}", listed(expected)),
                (true, true) => f.write_str("unknown parsing error"),
            },
            Problem::ParserStopped(message) => f.write_str(message),
            Problem::CountTooLarge => f.write_str("this number is too large for a piece count"),
            Problem::BoardRows(rows) => write!(
                f,
                "the board has {rows} rows; it needs 8, from rank 8 at the top to rank 1"
            ),
            Problem::RankLabel { rank, label } => write!(
                f,
                "this row is rank {rank}, not {label}; rows go from rank 8 down to rank 1"
            ),
            Problem::RowSquares { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares; a board row needs 8")
            }
            Problem::UnknownSymbol(letter) => write!(
                f,
                "unknown symbol '{letter}'; a square is one of {}",
                super::Symbol::letters()
            ),
            Problem::PieceOnLightSquare => {
                f.write_str("a light square must be '.': pieces stand on the dark squares only")
            }
            Problem::BadMove(error) => write!(f, "{error}"),
            Problem::ManOnPromotionRank { side, square } => write!(
                f,
                "a {} man cannot stand on {square}: it would already be a king",
                side.to_string().to_lowercase()
            ),
            Problem::EmptyRange { min, max } => {
                write!(f, "the range {min}..{max} is empty: no count fits")
            }
            Problem::TooManyInRange { side, role, max } => write!(
                f,
                "{max} {}: a side has at most 12 pieces",
                pieces(*side, *role)
            ),
            Problem::BoardDemandsMore {
                side,
                role,
                demanded,
                min,
                max,
            } => write!(
                f,
                "the board already demands {demanded} {}, more than the range {min}..{max} allows",
                pieces(*side, *role)
            ),
            Problem::BoardLeavesRoom {
                side,
                role,
                possible,
                min,
                max,
            } => write!(
                f,
                "the board leaves room for {possible} {} at most, fewer than the range {min}..{max} needs",
                pieces(*side, *role)
            ),
            Problem::InvalidPosition(error) => {
                write!(f, "this board is not a valid position: {error}")
            }
            Problem::IllegalMove { mv, number, reason } => {
                let which = if *number > 1 {
                    format!(" (move {number} of the line)")
                } else {
                    String::new()
                };
                write!(f, "{mv} is not legal here{which}: {reason}")
            }
            Problem::StartNotSurelyMovers { mv, from, side } => {
                let (man, king, any) = match side {
                    Color::White => ('w', 'W', 'o'),
                    Color::Black => ('b', 'B', 'x'),
                };
                write!(
                    f,
                    "{mv} starts on {from}, which the board does not surely give a {} piece (mark it {man}, {king} or {any})",
                    side.to_string().to_lowercase()
                )
            }
            Problem::QuietMoveSquares(mv) => write!(f, "{mv}: a quiet move names two squares"),
            Problem::NotOneDiagonal { from, to } => {
                write!(f, "{from} and {to} are not on one diagonal")
            }
            Problem::ManMovesForward(mv) => {
                write!(f, "{mv}: a man moves one square diagonally forward")
            }
            Problem::PathNotFree { mv, blocked } => write!(
                f,
                "the path of {mv} is not surely free: {blocked} is not marked '.'"
            ),
            Problem::JumpNotSure {
                mv,
                from,
                to,
                victim,
            } => write!(
                f,
                "the jump {from}:{to} of {mv} does not surely take exactly one {} piece over free squares",
                victim.to_string().to_lowercase()
            ),
            Problem::LandingNotFree { mv, square } => write!(
                f,
                "the capture {mv} lands on {square}, which is not marked '.'"
            ),
            Problem::RepeatsFact { line } => write!(f, "this fact repeats the fact on line {line}"),
            Problem::ContradictsFact { line } => write!(
                f,
                "this fact contradicts the fact on line {line}: the same board, other moves"
            ),
            Problem::NotUtf8 { byte } => write!(
                f,
                "invalid UTF-8 (byte 0x{byte:02X}); the file must be saved as UTF-8 text"
            ),
            Problem::CannotRead(failure) => write!(f, "cannot read the file: {failure}"),
            Problem::CannotWrite(failure) => write!(f, "cannot write the file: {failure}"),
            Problem::BadFactName => f.write_str("a fact name cannot contain '\"' or a line break"),
            Problem::NothingRemembered => f.write_str(
                "the file has errors, so nothing was remembered: fix them (kb check) and try again",
            ),
            Problem::WouldNotAnswer(fact) => write!(
                f,
                "{fact} would still not answer the position with this move; nothing was written"
            ),
        }
    }
}

impl std::error::Error for Problem {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_listed_as_pest_lists_rules() {
        assert_eq!(listed(&[Part::Side]), "`white` or `black`");
        assert_eq!(
            listed(&[Part::Play, Part::EndOfLine]),
            "`play` and a move or the end of the line"
        );
        assert_eq!(
            listed(&[Part::Count, Part::Row, Part::FileLetters]),
            "a count like `white 3..6`, a board row, or the file letters `a b c d e f g h`"
        );
    }

    #[test]
    fn a_syntax_problem_says_what_was_found_then_what_was_expected() {
        let problem = |expected: &[Part], unexpected: &[Part]| {
            Problem::Syntax {
                expected: expected.to_vec(),
                unexpected: unexpected.to_vec(),
            }
            .to_string()
        };
        assert_eq!(
            problem(&[Part::Row], &[Part::Keyword]),
            "unexpected a keyword; expected a board row"
        );
        assert_eq!(problem(&[], &[Part::Keyword]), "unexpected a keyword");
        assert_eq!(problem(&[], &[]), "unknown parsing error");
    }
}
