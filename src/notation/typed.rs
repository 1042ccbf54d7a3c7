//! Moves as people write them: read in either notation, written in the one chosen.

use std::fmt;
use std::str::FromStr;

use super::movetext::{IllegalMoveError, MoveParseError, MoveText};
use super::short::ShortMove;
use crate::{Move, Position};

/// A move typed at the prompt or read from a record: full squares (`c3-d4`,
/// `c3:e5:c7`, `c3:c7`) or short notation (`cd4`, `g:e3`); annotation marks after it
/// (`!`, `?`, `!?`, `?!`, `*`, `+`, `#`) are ignored.
///
/// ```
/// use shashki::Position;
/// use shashki::notation::TypedMove;
///
/// let start = Position::start();
/// let full: TypedMove = "c3-d4!".parse().unwrap();
/// let short: TypedMove = "cd4?!".parse().unwrap();
/// assert_eq!(full.resolve(&start), short.resolve(&start));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedMove {
    /// Squares from the first to the last.
    Full(MoveText),
    /// The file left and the square reached.
    Short(ShortMove),
}

/// `text` without the annotation marks after the move.
pub fn without_annotation(text: &str) -> &str {
    text.trim_end().trim_end_matches(['!', '?', '*', '+', '#'])
}

impl FromStr for TypedMove {
    type Err = MoveParseError;

    /// Full notation first; short notation when that fails, else full notation's error.
    fn from_str(text: &str) -> Result<TypedMove, MoveParseError> {
        let text = without_annotation(text);
        match text.parse::<MoveText>() {
            Ok(full) => Ok(TypedMove::Full(full)),
            Err(error) => text
                .parse::<ShortMove>()
                .map(TypedMove::Short)
                .map_err(|_| error),
        }
    }
}

impl TypedMove {
    /// The one legal move of `position` this text names, or why there is none.
    pub fn resolve(&self, position: &Position) -> Result<Move, IllegalMoveError> {
        match self {
            TypedMove::Full(full) => full.resolve(position),
            TypedMove::Short(short) => short.resolve(position),
        }
    }
}

impl fmt::Display for TypedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypedMove::Full(full) => write!(f, "{full}"),
            TypedMove::Short(short) => write!(f, "{short}"),
        }
    }
}

/// How moves are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Every square of the path: `c3-d4`, `e3:c5:e7:g5`.
    #[default]
    Full,
    /// Russian short notation: `cd4`, `e:g5` (the full path where the short form would
    /// name two moves).
    Short,
}

impl Notation {
    /// The text of the legal move `mv` of `position`.
    pub fn write(self, position: &Position, mv: Move) -> String {
        match self {
            Notation::Full => MoveText::from_move(position, mv).to_string(),
            Notation::Short => ShortMove::text(position, mv),
        }
    }

    /// A line of moves from `position`, separated by spaces; it ends before a move that
    /// is not legal where it stands.
    pub fn line(self, position: &Position, line: &[Move]) -> String {
        let mut position = *position;
        let mut words = Vec::with_capacity(line.len());
        for &mv in line {
            if !position.legal_moves().contains(&mv) {
                break;
            }
            words.push(self.write(&position, mv));
            position = position.play_unchecked(mv);
        }
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(text: &str) -> String {
        let position = Position::start();
        let mv = text
            .parse::<TypedMove>()
            .unwrap()
            .resolve(&position)
            .unwrap();
        MoveText::from_move(&position, mv).to_string()
    }

    #[test]
    fn both_notations_and_annotation_marks_are_read() {
        for text in [
            "c3-d4", "cd4", "c3-d4!", "cd4?", "cd4!?", "c3d4?!", "cd4*", "сd4!!",
        ] {
            assert_eq!(full(text), "c3-d4", "{text}");
        }
    }

    #[test]
    fn a_text_in_neither_notation_gets_full_notation_s_error() {
        assert_eq!(
            "c3-d3".parse::<TypedMove>().unwrap_err().to_string(),
            "d3 is a light square; play uses the dark squares only"
        );
        assert_eq!("!".parse::<TypedMove>(), Err(MoveParseError::Empty));
    }

    #[test]
    fn moves_are_written_in_the_chosen_notation() {
        let start = Position::start();
        let mv = "cd4".parse::<TypedMove>().unwrap().resolve(&start).unwrap();
        assert_eq!(Notation::Full.write(&start, mv), "c3-d4");
        assert_eq!(Notation::Short.write(&start, mv), "cd4");
        let reply = start.play_unchecked(mv).legal_moves()[0];
        let line = Notation::Short.line(&start, &[mv, reply, mv]);
        let reply_text = Notation::Short.write(&start.play_unchecked(mv), reply);
        assert_eq!(
            line,
            format!("cd4 {reply_text}"),
            "the third move is not legal"
        );
    }
}
