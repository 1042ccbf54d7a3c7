//! What can be wrong with a knowledge-base file, as values: a [`Problem`] per kind,
//! with the squares, counts and words it needs, worded in English by `Display`
//! (what `shashki kb check` prints) and by the console in the player's language.

use std::fmt;

use super::choice::FactInfo;
use crate::files::{FileFailure, ReadError};
use crate::words::{self, Arg, Message};
use crate::{Color, IllegalMoveError, MoveParseError, MoveText, PositionError, Role, Square, msg};

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
    /// A gambit's line: `gives 1`.
    Gives,
    /// A rule's priority: `priority 2`.
    Priority,
    /// A rule's clause: `play K-T :- ...`.
    Clause,
    /// A rule's condition: `empty(d4)`.
    Condition,
    /// The end of a line.
    EndOfLine,
}

impl Part {
    /// Every part, for tests and tables.
    pub const ALL: [Part; 18] = [
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
        Part::Gives,
        Part::Priority,
        Part::Clause,
        Part::Condition,
        Part::EndOfLine,
    ];
}

impl Part {
    /// The part in words a person reads in place of the grammar's rule names.
    pub fn message(self) -> Message {
        let part = match self {
            Part::EndOfFact => "end-of-fact",
            Part::Fact => "fact",
            Part::Heading => "heading",
            Part::Name => "name",
            Part::Side => "side",
            Part::Count => "count",
            Part::Role => "role",
            Part::Range => "range",
            Part::Row => "row",
            Part::FileLetters => "file-letters",
            Part::Keyword => "keyword",
            Part::Play => "play",
            Part::Move => "move",
            Part::Gives => "gives",
            Part::Priority => "priority",
            Part::Clause => "clause",
            Part::Condition => "condition",
            Part::EndOfLine => "end-of-line",
        };
        msg!("kb-part", part = part)
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        words::english(&self.message(), f)
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
    /// `gives N` with more men than a side has.
    GivesTooMany,
    /// `priority N` above 9.
    PriorityTooHigh,
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
    /// A quiet move that only a king can make, from a square that may hold a man.
    MayBeAMan {
        /// The move.
        mv: MoveText,
        /// Its square, marked `o` or `x`.
        from: Square,
    },
    /// A second count line for the same side and role.
    CountRepeated {
        /// Whose pieces.
        side: Color,
        /// Which pieces (`None`: all).
        role: Option<Role>,
    },
    /// Every count line can be met alone, but no position meets them and the board together.
    CountsTogether,
    /// A pattern's expected reply is quiet where the squares the board fixes force a
    /// capture.
    ReplyMustCapture {
        /// The reply.
        reply: MoveText,
        /// A square the capture surely starts from.
        from: Square,
    },
    /// A pattern's capture stops where the squares the board fixes surely let the piece
    /// take on: it can never be legal, a capture goes on while it can.
    CaptureMustGoOn {
        /// The capture as written.
        mv: MoveText,
        /// A piece it surely takes next.
        on: Square,
    },
    /// A rule's condition names no known predicate.
    RuleUnknownCondition(String),
    /// A rule's condition has the wrong number of arguments.
    RuleArity {
        /// The condition.
        condition: String,
        /// The arguments it takes (at least, for `after`).
        wanted: usize,
        /// The arguments given.
        given: usize,
    },
    /// A rule's condition has an argument of the wrong kind.
    RuleArgument {
        /// The condition (`play` for a clause's head).
        condition: String,
        /// The argument as written.
        given: String,
        /// What it takes there.
        wanted: crate::kb::rule::Wanted,
    },
    /// A variable a test needs is not bound by an earlier condition (or a negated goal
    /// would bind one): negation stays safe, as the docs explain.
    RuleUnbound {
        /// The variable.
        variable: String,
        /// The condition that needs it bound.
        condition: String,
    },
    /// A heading without `for white` or `for black` after the name.
    HeadingWithoutSide,
    /// A move written with Cyrillic letters (look-alikes of the Latin ones).
    CyrillicInMove {
        /// The Cyrillic letters, as written.
        letters: String,
    },
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

/// `13 black kings`, the count agreeing with its words.
fn pieces(count: u32, side: Color, role: Option<Role>) -> Message {
    let role = match role {
        None => "pieces",
        Some(Role::Man) => "men",
        Some(Role::King) => "kings",
    };
    msg!(
        "kb-pieces",
        count = count,
        side = words::side(side),
        role = role
    )
}

/// `a`, `a or b`, `a, b, or c`: parts listed as pest lists rules.
fn listed(parts: &[Part]) -> Arg {
    match parts {
        [] => Arg::Text(String::new()),
        [one] => one.message().into(),
        [rest @ .., last] => msg!(
            "kb-or",
            many = if rest.len() > 1 { "yes" } else { "no" },
            rest = rest.iter().map(|part| part.message()).collect::<Vec<_>>(),
            last = last.message()
        )
        .into(),
    }
}

/// A syntax error: what the grammar expected there and what it found instead.
fn syntax(expected: &[Part], unexpected: &[Part]) -> Message {
    let shape = match (unexpected.is_empty(), expected.is_empty()) {
        (false, false) => "both",
        (false, true) => "unexpected",
        (true, false) => "expected",
        (true, true) => "none",
    };
    msg!(
        "kb-syntax",
        shape = shape,
        expected = listed(expected),
        unexpected = listed(unexpected)
    )
}

/// Why a file could not be read or written.
fn reason(failure: &FileFailure) -> Message {
    ReadError::from(failure).message()
}

impl Problem {
    /// What is wrong, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        match self {
            Problem::Syntax {
                expected,
                unexpected,
            } => syntax(expected, unexpected),
            Problem::ParserStopped(message) => {
                msg!("kb-parser-stopped", message = message.as_str())
            }
            Problem::CountTooLarge => msg!("kb-count-too-large"),
            Problem::GivesTooMany => msg!("kb-gives-too-many"),
            Problem::PriorityTooHigh => msg!("kb-priority-too-high"),
            Problem::BoardRows(rows) => msg!("kb-board-rows", rows = *rows),
            Problem::RankLabel { rank, label } => {
                msg!("kb-rank-label", rank = *rank, label = label.to_string())
            }
            Problem::RowSquares { rank, squares } => {
                msg!("kb-row-squares", rank = *rank, squares = *squares)
            }
            Problem::UnknownSymbol(letter) => msg!(
                "kb-unknown-symbol",
                letter = letter.to_string(),
                symbols = super::Symbol::letters()
            ),
            Problem::PieceOnLightSquare => msg!("kb-light-square"),
            Problem::BadMove(error) => error.message(),
            Problem::ManOnPromotionRank { side, square } => {
                PositionError::ManOnPromotionRank(*side, *square).message()
            }
            Problem::EmptyRange { min, max } => msg!("kb-range-empty", min = *min, max = *max),
            Problem::TooManyInRange { side, role, max } => {
                msg!("kb-too-many", pieces = pieces(*max, *side, *role))
            }
            Problem::BoardDemandsMore {
                side,
                role,
                demanded,
                min,
                max,
            } => msg!(
                "kb-board-demands",
                pieces = pieces(*demanded, *side, *role),
                min = *min,
                max = *max
            ),
            Problem::BoardLeavesRoom {
                side,
                role,
                possible,
                min,
                max,
            } => msg!(
                "kb-board-leaves-room",
                pieces = pieces(*possible, *side, *role),
                min = *min,
                max = *max
            ),
            Problem::InvalidPosition(error) => {
                msg!("kb-invalid-position", reason = error.message())
            }
            Problem::IllegalMove { mv, number, reason } => msg!(
                "kb-illegal-move",
                mv = mv.to_string(),
                number = *number,
                reason = reason.message()
            ),
            Problem::StartNotSurelyMovers { mv, from, side } => msg!(
                "kb-not-surely-movers",
                mv = mv.to_string(),
                from = from.to_string(),
                side = words::side(*side)
            ),
            Problem::QuietMoveSquares(mv) => msg!("kb-quiet-two-squares", mv = mv.to_string()),
            Problem::NotOneDiagonal { from, to } => msg!(
                "kb-not-one-diagonal",
                from = from.to_string(),
                to = to.to_string()
            ),
            Problem::ManMovesForward(mv) => msg!("kb-man-forward", mv = mv.to_string()),
            Problem::MayBeAMan { mv, from } => msg!(
                "kb-may-be-a-man",
                mv = mv.to_string(),
                square = from.to_string()
            ),
            Problem::CaptureMustGoOn { mv, on } => msg!(
                "kb-capture-must-go-on",
                mv = mv.to_string(),
                square = on.to_string()
            ),
            Problem::RuleUnknownCondition(name) => msg!(
                "kb-rule-unknown",
                name = name.as_str(),
                known = crate::kb::rule::PREDICATES
                    .iter()
                    .map(|(name, _)| *name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Problem::RuleArity {
                condition,
                wanted,
                given,
            } => msg!(
                "kb-rule-arity",
                name = condition.as_str(),
                wanted = *wanted,
                given = *given,
                more = if condition == "after" { "yes" } else { "no" }
            ),
            Problem::RuleArgument {
                condition,
                given,
                wanted,
            } => msg!(
                "kb-rule-argument",
                name = condition.as_str(),
                given = given.as_str(),
                wanted = wanted.keyword()
            ),
            Problem::RuleUnbound {
                variable,
                condition,
            } => msg!(
                "kb-rule-unbound",
                variable = variable.as_str(),
                name = condition.as_str()
            ),
            Problem::HeadingWithoutSide => msg!("kb-heading-without-side"),
            Problem::CountRepeated { .. } => msg!("kb-count-repeated"),
            Problem::CountsTogether => msg!("kb-counts-together"),
            Problem::ReplyMustCapture { reply, from } => msg!(
                "kb-reply-must-capture",
                reply = reply.to_string(),
                square = from.to_string()
            ),
            Problem::CyrillicInMove { letters } => {
                msg!("kb-cyrillic-move", letters = letters.as_str())
            }
            Problem::PathNotFree { mv, blocked } => msg!(
                "kb-path-not-free",
                mv = mv.to_string(),
                square = blocked.to_string()
            ),
            Problem::JumpNotSure {
                mv,
                from,
                to,
                victim,
            } => msg!(
                "kb-jump-not-sure",
                from = from.to_string(),
                to = to.to_string(),
                mv = mv.to_string(),
                side = words::side(*victim)
            ),
            Problem::LandingNotFree { mv, square } => msg!(
                "kb-landing-not-free",
                mv = mv.to_string(),
                square = square.to_string()
            ),
            Problem::RepeatsFact { line } => msg!("kb-repeats", line = *line),
            Problem::ContradictsFact { line } => msg!("kb-contradicts", line = *line),
            Problem::NotUtf8 { byte } => msg!("kb-not-utf8", byte = format!("0x{byte:02X}")),
            Problem::CannotRead(failure) => msg!("kb-cannot-read", reason = reason(failure)),
            Problem::CannotWrite(failure) => msg!("kb-cannot-write", reason = reason(failure)),
            Problem::BadFactName => msg!("kb-bad-fact-name"),
            Problem::NothingRemembered => {
                msg!("kb-nothing-remembered", check = msg!("kb-check-words"))
            }
            Problem::WouldNotAnswer(fact) => msg!("kb-would-not-answer", fact = fact.to_string()),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        words::english(&self.message(), f)
    }
}

impl std::error::Error for Problem {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_listed_as_pest_lists_rules() {
        let expected = |parts: &[Part]| {
            Problem::Syntax {
                expected: parts.to_vec(),
                unexpected: vec![],
            }
            .to_string()
        };
        assert_eq!(expected(&[Part::Side]), "expected `white` or `black`");
        assert_eq!(
            expected(&[Part::Play, Part::EndOfLine]),
            "expected `play` and a move or the end of the line"
        );
        assert_eq!(
            expected(&[Part::Count, Part::Row, Part::FileLetters]),
            "expected a count like `white 3..6`, a board row, or the file letters `a b c d e f g h`"
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
