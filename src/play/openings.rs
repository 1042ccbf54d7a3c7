//! The openings games start from: the 150 three-move ballots of match play
//! (`data/ballots150.tsv`) and 19 named opening lines.

use std::fmt;
use std::sync::LazyLock;

use crate::notation::{BadLineMove, FenError, read_line};
use crate::words::Message;
use crate::{Game, IllegalMove, Move, MoveText, Position, msg};

/// Short opening lines (from `tests/data/openings.txt`): a name and its moves.
pub const OPENINGS: &[(&str, &str)] = &[
    ("Городская партия", "c3-d4 d6-c5 b2-c3 f6-g5"),
    ("Старая партия", "c3-d4 d6-c5 b2-c3 e7-d6"),
    ("Отыгрыш", "c3-d4 d6-c5 b2-c3 c7-d6"),
    ("Отыгрыш Сокова", "c3-d4 d6-c5 g3-h4"),
    ("Кол", "c3-d4 b6-a5 d4-c5 d6:b4 a3:c5"),
    ("Перекрёсток", "c3-d4 d6-e5 b2-c3 e7-d6 e3-f4"),
    ("Обратный перекрёсток", "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4"),
    ("Вилочка", "c3-d4 d6-e5 g3-f4"),
    ("Игра Романычева", "c3-d4 f6-e5 d4:f6 g7:e5"),
    ("Киевская защита", "c3-d4 f6-g5 b2-c3 g5-h4"),
    ("Обратная игра Бодянского", "c3-d4 h6-g5 g3-h4"),
    ("Обратная городская партия", "c3-b4 f6-e5 e3-f4 g7-f6"),
    ("Тычок", "c3-b4 f6-e5 b4-c5 d6:b4 a3:c5"),
    ("Игра Бодянского", "a3-b4 b6-a5"),
    ("Отказанная игра Бодянского", "a3-b4 f6-e5"),
    ("Игра Филиппова", "e3-d4 d6-e5 a3-b4 h6-g5"),
    ("Игра Боброва", "e3-f4 f6-g5 d2-e3"),
    ("Игра Каулена", "g3-f4 f6-e5 h2-g3"),
    ("Обратная игра Боброва", "g3-f4 d6-c5 c3-b4 e7-d6"),
];

/// The 150 three-move openings of match play, a line `name<TAB>position` each (`#`
/// lines are comments).
const BALLOTS: &str = include_str!("../../data/ballots150.tsv");

/// Where [`BALLOTS`] comes from, for its errors.
const BALLOTS_FILE: &str = "data/ballots150.tsv";

/// One opening: its name, its moves or position as written, and the game it starts.
#[derive(Clone, Debug)]
pub struct Opening {
    /// Its name.
    pub name: String,
    /// Its moves, or for a ballot its position.
    pub text: String,
    /// The game after it.
    pub game: Game,
}

/// Why an opening does not make a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// A word of the opening's line is no legal move where it stands.
    BadMove(BadLineMove),
    /// The game refuses a move of the line (it is over before it).
    Refused {
        /// The move, in full notation.
        mv: String,
        /// Why.
        error: IllegalMove,
    },
    /// A line of the ballots' data file has no tab between name and position.
    NoTab {
        /// The line's number.
        line: usize,
    },
    /// A ballot's position is not a position.
    BadPosition {
        /// The line's number in the ballots' data file.
        line: usize,
        /// Why.
        error: FenError,
    },
}

impl OpeningError {
    /// Where, and why, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        let at_line = |line: &usize| format!("{BALLOTS_FILE}:{line}");
        let (place, reason) = match self {
            OpeningError::BadMove(bad) => (bad.word.clone(), bad.reason.message()),
            OpeningError::Refused { mv, error } => (mv.clone(), error.message()),
            OpeningError::NoTab { line } => (at_line(line), msg!("opening-no-tab")),
            OpeningError::BadPosition { line, error } => (at_line(line), error.message()),
        };
        msg!("opening-error", place = place, reason = reason)
    }
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for OpeningError {}

/// The 19 named openings of [`OPENINGS`], in order.
pub fn named() -> Result<Vec<Opening>, OpeningError> {
    OPENINGS
        .iter()
        .map(|&(name, line)| {
            Ok(Opening {
                name: name.to_string(),
                text: line.to_string(),
                game: opening_game(line)?,
            })
        })
        .collect()
}

/// The 150 ballots, in order.
pub fn ballots() -> Result<Vec<Opening>, OpeningError> {
    BALLOTS
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(number, line)| {
            let line_number = number + 1;
            let (name, fen) = line
                .split_once('\t')
                .ok_or(OpeningError::NoTab { line: line_number })?;
            let position: Position = fen.parse().map_err(|error| OpeningError::BadPosition {
                line: line_number,
                error,
            })?;
            Ok(Opening {
                name: name.to_string(),
                text: fen.to_string(),
                game: Game::new(position),
            })
        })
        .collect()
}

/// The games the 150 ballots start.
pub fn ballot_games() -> Result<Vec<Game>, OpeningError> {
    Ok(ballots()?.into_iter().map(|ballot| ballot.game).collect())
}

/// The name of the longest named opening of [`OPENINGS`] that `game` begins with, from
/// the standard start.
pub fn opening_of(game: &Game) -> Option<&'static str> {
    static LINES: LazyLock<Vec<(&'static str, Vec<Move>)>> = LazyLock::new(|| {
        OPENINGS
            .iter()
            .filter_map(|&(name, line)| Some((name, opening_game(line).ok()?.moves().to_vec())))
            .collect()
    });
    if *game.start() != Position::start() {
        return None;
    }
    let moves = game.moves();
    LINES
        .iter()
        .filter(|(_, line)| moves.starts_with(line))
        .max_by_key(|(_, line)| line.len())
        .map(|&(name, _)| name)
}

/// The game after the opening `line` (moves in full notation) from the start.
pub fn opening_game(line: &str) -> Result<Game, OpeningError> {
    let moves = read_line(&Position::start(), line).map_err(OpeningError::BadMove)?;
    let mut game = Game::new(Position::start());
    for mv in moves {
        game.play(mv).map_err(|error| OpeningError::Refused {
            mv: MoveText::from_move(game.position(), mv).to_string(),
            error,
        })?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_named_by_the_longest_opening_it_begins_with() {
        let game = opening_game("c3-d4 d6-c5 b2-c3 c7-d6 c3-b4").unwrap();
        assert_eq!(opening_of(&game), Some("Отыгрыш"));
        let short = opening_game("c3-d4 d6-c5").unwrap();
        assert_eq!(opening_of(&short), None);
        let sokov = opening_game("c3-d4 d6-c5 g3-h4 c7-d6").unwrap();
        assert_eq!(opening_of(&sokov), Some("Отыгрыш Сокова"));
    }

    #[test]
    fn the_150_ballots_are_read_and_each_is_a_game_in_progress() {
        let ballots = ballots().unwrap();
        assert_eq!(ballots.len(), 150);
        assert_eq!(ballots[0].name, "1-I cd4 ba5 dc5");
        for ballot in &ballots {
            assert!(ballot.game.outcome().is_none(), "{}", ballot.name);
            assert_eq!(
                ballot.game.position().occupied().count(),
                24,
                "{}",
                ballot.name
            );
        }
    }

    #[test]
    fn every_named_opening_replays_legally() {
        let named = named().unwrap();
        assert_eq!(named.len(), 19);
        for opening in &named {
            assert!(opening.game.outcome().is_none(), "{}", opening.name);
        }
    }

    #[test]
    fn a_line_that_does_not_replay_names_its_move() {
        let error = opening_game("c3-d4 c3-d4").unwrap_err();
        assert!(matches!(&error, OpeningError::BadMove(bad) if bad.word == "c3-d4"));
        assert!(error.to_string().starts_with("c3-d4: "), "{error}");
        let unreadable = opening_game("c3-d4 x9").unwrap_err();
        assert!(unreadable.to_string().starts_with("x9: "), "{unreadable}");
    }
}
