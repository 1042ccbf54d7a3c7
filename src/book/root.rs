//! The positions a book starts from: the ballots of match play and the named
//! openings, each reached by its moves from the start.

use std::collections::HashSet;
use std::fmt;

use crate::kb::KnowledgeBase;
use crate::notation::{self, BadWord, MoveNumber, Notation, read_line};
use crate::play::openings::{self, OpeningError};
use crate::{Move, Position};

/// A position the book's tree grows from, with its name and the moves that reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    /// What players call it: `ballot 1-I cd4 ba5 dc5`, `Городская партия`.
    pub name: String,
    /// The moves from the start.
    pub moves: Vec<Move>,
}

/// Why an opening does not give a root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RootError {
    /// A move of the opening is not a legal move where it stands.
    BadMove {
        /// The opening.
        name: String,
        /// The move as written.
        word: String,
        /// Why it is not legal.
        reason: BadWord,
    },
    /// A ballot's moves do not reach the position written beside them.
    OtherPosition {
        /// The ballot.
        name: String,
        /// The position written beside it.
        fen: String,
    },
    /// The ballots' data file is broken.
    Ballots(OpeningError),
}

impl fmt::Display for RootError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl RootError {
    /// What is wrong with the opening, to be worded.
    pub fn message(&self) -> crate::words::Message {
        use crate::msg;
        match self {
            RootError::BadMove { name, word, reason } => msg!(
                "book-bad-move",
                name = name.as_str(),
                word = word.as_str(),
                reason = reason.message()
            ),
            RootError::OtherPosition { name, fen } => msg!(
                "book-other-position",
                name = name.as_str(),
                fen = fen.as_str()
            ),
            RootError::Ballots(error) => msg!("book-ballots", error = error.message()),
        }
    }
}

impl std::error::Error for RootError {}

impl Root {
    /// The opening `name` played as `line` from the start: moves in full (`c3-d4`) or
    /// short (`cd4`) notation, separated by spaces.
    pub fn from_line(name: &str, line: &str) -> Result<Root, RootError> {
        let moves = read_line(&Position::start(), line).map_err(|bad| RootError::BadMove {
            name: name.to_string(),
            word: bad.word,
            reason: bad.reason,
        })?;
        Ok(Root {
            name: name.to_string(),
            moves,
        })
    }

    /// A ballot of match play as its line of `ballots150.tsv` gives it: its number and
    /// its moves in short notation (`1-I cd4 ba5 dc5`), and the position they reach.
    /// Where the name gives no moves (`5-VII Free`: the start), the shortest line of at
    /// most three plies to the position is taken.
    pub fn ballot(name: &str, fen: &str) -> Result<Root, RootError> {
        let line = name.split_once(' ').map_or("", |(_, moves)| moves);
        let title = format!("ballot {name}");
        let other = || RootError::OtherPosition {
            name: name.to_string(),
            fen: fen.to_string(),
        };
        let target: Position = fen.parse().map_err(|_| other())?;
        match Root::from_line(&title, line) {
            Ok(root) if root.position() == target => Ok(root),
            Ok(_) => Err(other()),
            Err(error) => (0..=BALLOT_PLIES)
                .find_map(|plies| line_to(Position::start(), target, plies))
                .map(|moves| Root { name: title, moves })
                .ok_or(error),
        }
    }

    /// The position the moves reach.
    pub fn position(&self) -> Position {
        self.moves.iter().fold(Position::start(), |position, &mv| {
            position.play_unchecked(mv)
        })
    }
}

/// The most plies of a ballot.
const BALLOT_PLIES: usize = 3;

/// A line of exactly `plies` moves from `from` to `target`, the first in move order.
fn line_to(from: Position, target: Position, plies: usize) -> Option<Vec<Move>> {
    if plies == 0 {
        return (from == target).then(Vec::new);
    }
    from.legal_moves().iter().find_map(|&mv| {
        let mut line = line_to(from.play_unchecked(mv), target, plies - 1)?;
        line.insert(0, mv);
        Some(line)
    })
}

/// `1.cd4 ba5 2.dc5`: the moves from the start in short notation, numbered.
pub fn short_line(moves: &[Move]) -> String {
    let start = Position::start();
    let texts = Notation::Short.texts(&start, moves);
    notation::numbered_line(MoveNumber::of_ply(&start, 0), &texts)
}

/// Every root, numbered from 1 in this order: the 150 ballots, the named openings of
/// the matches, then the ends of the named openings of `base`; a position already a
/// root is not one again.
pub fn all_roots(base: &KnowledgeBase) -> Result<Vec<Root>, RootError> {
    let mut all = Vec::new();
    for ballot in openings::ballots().map_err(RootError::Ballots)? {
        all.push(Root::ballot(&ballot.name, &ballot.text)?);
    }
    for (name, line) in openings::OPENINGS {
        all.push(Root::from_line(name, line)?);
    }
    all.extend(named_openings(base));
    let mut seen = HashSet::new();
    all.retain(|root| seen.insert(root.position()));
    Ok(all)
}

/// Where the named openings of `base` end: walking from the start through its exact
/// facts, every legal move of each, the positions reached that no exact fact names,
/// each named after the fact whose move reached it (in the order of the walk).
pub fn named_openings(base: &KnowledgeBase) -> Vec<Root> {
    let mut ends = Vec::new();
    let mut seen = HashSet::new();
    let mut path = Vec::new();
    walk_named(
        base,
        Position::start(),
        &mut path,
        None,
        &mut seen,
        &mut ends,
    );
    ends
}

/// The deepest a line of named facts is followed (no opening is this long).
const LONGEST_NAMED_LINE: usize = 40;

fn walk_named(
    base: &KnowledgeBase,
    position: Position,
    path: &mut Vec<Move>,
    reached_by: Option<&str>,
    seen: &mut std::collections::HashSet<Position>,
    ends: &mut Vec<Root>,
) {
    if !seen.insert(position) {
        return;
    }
    let fact = base
        .exact_fact(&position)
        .and_then(|_| base.lookup(&position));
    match fact {
        Some((info, moves)) if path.len() < LONGEST_NAMED_LINE => {
            // The name without the line written after it: "Кол: 1.c3-d4 ..." is "Кол".
            let name = info
                .name
                .split(": ")
                .next()
                .unwrap_or(&info.name)
                .to_string();
            for mv in moves {
                path.push(mv);
                let next = position.play_unchecked(mv);
                walk_named(base, next, path, Some(&name), seen, ends);
                path.pop();
            }
        }
        _ => {
            if let Some(name) = reached_by
                && !position.legal_moves().is_empty()
            {
                ends.push(Root {
                    name: name.to_string(),
                    moves: path.clone(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ballot_is_read_from_its_short_moves_and_checked_against_its_position() {
        let fen = "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,c5:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        let root = Root::ballot("1-I cd4 ba5 dc5", fen).unwrap();
        assert_eq!(root.name, "ballot 1-I cd4 ba5 dc5");
        assert_eq!(short_line(&root.moves), "1.cd4 ba5 2.dc5");
        assert_eq!(root.position().to_fen(), fen);
        assert_eq!(
            Root::ballot("1-II cd4 ba5", fen),
            Err(RootError::OtherPosition {
                name: "1-II cd4 ba5".to_string(),
                fen: fen.to_string()
            })
        );
        // Moves that do not read are looked for among the lines of three plies.
        let found = Root::ballot("x cd5", fen).unwrap();
        assert_eq!((found.position(), found.moves.len()), (root.position(), 3));
        assert!(matches!(
            Root::ballot("x cd5", "W:Wa1:Bh8"),
            Err(RootError::BadMove { .. })
        ));
        let free = Root::ballot("5-VII Free", crate::START_FEN).unwrap();
        assert_eq!(
            (free.name.as_str(), free.moves.len()),
            ("ballot 5-VII Free", 0)
        );
    }

    #[test]
    fn the_named_openings_end_where_the_named_facts_do() {
        let text = "fact \"Начало: 1.c3-d4\" for white\n\
            8 . b . b . b . b\n7 b . b . b . b .\n6 . b . b . b . b\n5 . . . . . . . .\n\
            4 . . . . . . . .\n3 w . w . w . w .\n2 . w . w . w . w\n1 w . w . w . w .\n\
            play c3-d4 | g3-h4\n";
        let (base, _) = KnowledgeBase::parse(text, "t").unwrap();
        let ends = named_openings(&base);
        let lines: Vec<(String, String)> = ends
            .iter()
            .map(|root| (root.name.clone(), short_line(&root.moves)))
            .collect();
        assert_eq!(
            lines,
            [
                ("Начало".to_string(), "1.cd4".to_string()),
                ("Начало".to_string(), "1.gh4".to_string())
            ]
        );
    }
}
