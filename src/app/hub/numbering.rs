//! Which numbering a session's moves are in: the user's choice, or read off the client's
//! moves.
//!
//! The clients disagree: pydraughts 0.5.7, and with it the lidraughts bridge, writes c3-d4
//! as `22-18` ([`Numbering::Standard`]); pydraughts 0.6.7 as `10-14`
//! ([`Numbering::FromWhite`]). Both send the same position strings, and at the start no
//! move has been played yet. So `auto` reads the numbering off the client's moves where
//! they are legal in one numbering and not in the other, and says so in a note. Until
//! then it answers in from-white, the numbering a plain pydraughts 0.6.7 client speaks,
//! unless the client sent the lidraughts bridge's `initial-time` parameter: the bridge
//! pins pydraughts 0.5.7, so its sessions start in the standard numbering. Either way
//! the first move of a game that shashki opens is answered in a numbering the client
//! reads.

use std::fmt;
use std::str::FromStr;

use crate::app::english;
use shashki::msg;
use shashki::notation::Numbering;
use shashki::notation::hub::parse_move;
use shashki::{Game, Position};

/// The `--numbering` option of `shashki hub` and its `numbering` parameter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveNumbering {
    /// Read off the client's moves where only one numbering makes them legal; until they
    /// do, from-white, or standard for the lidraughts bridge.
    #[default]
    Auto,
    /// Always this numbering.
    Fixed(Numbering),
}

impl MoveNumbering {
    /// The values, as the `hub` introduction lists them.
    pub const NAMES: &str = "auto standard from-white";
}

impl fmt::Display for MoveNumbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveNumbering::Auto => f.write_str("auto"),
            MoveNumbering::Fixed(numbering) => f.write_str(name(*numbering)),
        }
    }
}

/// A numbering setting that is none of [`MoveNumbering::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownNumbering(String);

impl fmt::Display for UnknownNumbering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        shashki::words::english(&self.message(), f)
    }
}

impl std::error::Error for UnknownNumbering {}

impl UnknownNumbering {
    /// The refusal, to be worded in the player's language.
    pub fn message(&self) -> shashki::words::Message {
        msg!("value-unknown-numbering", text = self.0.as_str())
    }
}

impl FromStr for MoveNumbering {
    type Err = UnknownNumbering;

    fn from_str(text: &str) -> Result<MoveNumbering, UnknownNumbering> {
        match text {
            "auto" => Ok(MoveNumbering::Auto),
            "standard" => Ok(MoveNumbering::Fixed(Numbering::Standard)),
            "from-white" => Ok(MoveNumbering::Fixed(Numbering::FromWhite)),
            other => Err(UnknownNumbering(other.to_string())),
        }
    }
}

/// The name of `numbering` in the setting.
fn name(numbering: Numbering) -> &'static str {
    match numbering {
        Numbering::Standard => "standard",
        Numbering::FromWhite => "from-white",
    }
}

/// The other numbering.
fn other(numbering: Numbering) -> Numbering {
    match numbering {
        Numbering::Standard => Numbering::FromWhite,
        Numbering::FromWhite => Numbering::Standard,
    }
}

/// How c3-d4 is written in `numbering`, to show which one is meant.
fn example(numbering: Numbering) -> &'static str {
    match numbering {
        Numbering::Standard => "22-18",
        Numbering::FromWhite => "10-14",
    }
}

/// What a session reads its clients' moves in and answers in.
#[derive(Clone, Debug)]
pub struct MoveReader {
    setting: MoveNumbering,
    /// The numbering of the answers.
    in_use: Numbering,
    /// Whether the client's moves have shown `in_use` (or the user fixed it).
    shown: bool,
    /// Whether the session has said that the moves do not tell yet.
    told_undecided: bool,
    /// The client sent the lidraughts bridge's parameters: the reason for the guess.
    bridge: bool,
}

/// Moves that could not all be played, and how far they went.
struct Stuck {
    played: usize,
    message: String,
}

impl MoveReader {
    /// A reader for a session with `setting`.
    pub fn new(setting: MoveNumbering) -> MoveReader {
        let (in_use, shown) = match setting {
            MoveNumbering::Auto => (Numbering::FromWhite, false),
            MoveNumbering::Fixed(numbering) => (numbering, true),
        };
        MoveReader {
            setting,
            in_use,
            shown,
            told_undecided: false,
            bridge: false,
        }
    }

    /// The client sent a parameter only the lidraughts bridge sends (`initial-time`): it
    /// runs on pydraughts 0.5.7, so `auto` answers in the standard numbering until the
    /// moves tell.
    pub fn client_is_the_bridge(&mut self) {
        if self.setting == MoveNumbering::Auto && !self.shown {
            self.in_use = Numbering::Standard;
            self.bridge = true;
        }
    }

    /// The numbering of the answers, now.
    pub fn numbering(&self) -> Numbering {
        self.in_use
    }

    /// The game of the client's `moves` from `start`, or why they cannot be played, with
    /// a note to pass on where the reading of the numbering changed.
    pub fn read(
        &mut self,
        start: Position,
        moves: &[&str],
    ) -> (Result<Game, String>, Option<String>) {
        let MoveNumbering::Auto = self.setting else {
            return (self.read_fixed(start, moves), None);
        };
        let in_use = play(start, moves, self.in_use);
        let other_reading = play(start, moves, other(self.in_use));
        match (in_use, other_reading) {
            (Ok(game), Err(_)) => (Ok(game), self.show(self.in_use)),
            (Err(_), Ok(game)) => (Ok(game), self.show(other(self.in_use))),
            (Ok(game), Ok(_)) => {
                // Both readings are legal (no moves, or moves that read either way): the
                // numbering stays as it was.
                let note = (!self.shown && !self.told_undecided).then(|| {
                    self.told_undecided = true;
                    english(&msg!(
                        "hub-note-numbering-undecided",
                        numbering = name(self.in_use),
                        bridge = if self.bridge { "yes" } else { "no" }
                    ))
                });
                (Ok(game), note)
            }
            // Neither: the reading that got further says best what is wrong.
            (Err(in_use), Err(other_reading)) if other_reading.played > in_use.played => {
                (Err(other_reading.message), None)
            }
            (Err(in_use), Err(_)) => (Err(in_use.message), None),
        }
    }

    /// The moves in the numbering the user chose; where only the other one reads them,
    /// the error says so.
    fn read_fixed(&self, start: Position, moves: &[&str]) -> Result<Game, String> {
        play(start, moves, self.in_use).map_err(|stuck| {
            let other = other(self.in_use);
            if play(start, moves, other).is_ok() {
                english(&msg!(
                    "hub-other-numbering",
                    error = stuck.message,
                    other = name(other),
                    example = example(other)
                ))
            } else {
                stuck.message
            }
        })
    }

    /// The client's moves were legal in `numbering` alone: the answers use it from now
    /// on; a note when that is news.
    fn show(&mut self, numbering: Numbering) -> Option<String> {
        if self.shown && self.in_use == numbering {
            return None;
        }
        self.in_use = numbering;
        self.shown = true;
        Some(english(&msg!(
            "hub-note-numbering-shown",
            numbering = name(numbering),
            example = example(numbering)
        )))
    }
}

/// Plays `moves` from `start` in `numbering`.
fn play(start: Position, moves: &[&str], numbering: Numbering) -> Result<Game, Stuck> {
    let mut game = Game::new(start);
    for (played, &word) in moves.iter().enumerate() {
        let result = match game.outcome() {
            Some(outcome) => Err(english(&msg!(
                "hub-already-over",
                outcome = outcome.message(false)
            ))),
            None => parse_move(word, game.position(), numbering)
                .map_err(|error| error.to_string())
                .and_then(|mv| game.play(mv).map_err(|error| error.to_string())),
        };
        if let Err(message) = result {
            return Err(Stuck {
                played,
                message: english(&msg!(
                    "hub-move",
                    number = played + 1,
                    played = word,
                    error = message
                )),
            });
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::notation::hub::move_text;

    fn reader(setting: &str) -> MoveReader {
        MoveReader::new(setting.parse().unwrap())
    }

    /// The last move of the game read, in `numbering`.
    fn last(game: &Game, numbering: Numbering) -> String {
        move_text(*game.moves().last().unwrap(), numbering)
    }

    #[test]
    fn the_settings_read_and_print_as_named() {
        for name in MoveNumbering::NAMES.split(' ') {
            assert_eq!(name.parse::<MoveNumbering>().unwrap().to_string(), name);
        }
        let error = "pdn".parse::<MoveNumbering>().unwrap_err().to_string();
        assert!(error.contains("auto, standard (c3-d4 is 22-18)"), "{error}");
    }

    #[test]
    fn auto_answers_in_from_white_until_the_moves_tell_and_says_so_once() {
        let start = Position::start();
        let mut reader = reader("auto");
        let (game, note) = reader.read(start, &[]);
        assert!(game.is_ok());
        assert!(
            note.unwrap()
                .contains("the answers are in from-white until")
        );
        assert_eq!(reader.numbering(), Numbering::FromWhite);
        assert_eq!(reader.read(start, &[]).1, None);

        // The moves tell: standard.
        let (game, note) = reader.read(start, &["22-18"]);
        assert_eq!(last(&game.unwrap(), Numbering::FromWhite), "10-14");
        assert!(note.unwrap().contains("only in standard numbering"));
        assert_eq!(reader.numbering(), Numbering::Standard);

        let (game, note) = reader.read(start, &["10-14"]);
        assert_eq!(last(&game.unwrap(), Numbering::Standard), "22-18");
        assert!(
            note.unwrap()
                .contains("only in from-white numbering (c3-d4 is 10-14)")
        );
        assert_eq!(reader.numbering(), Numbering::FromWhite);
        assert_eq!(reader.read(start, &["10-14", "23-19"]).1, None);

        // Moves that only the other numbering reads: the answers follow them.
        let (game, note) = reader.read(start, &["22-18"]);
        assert!(game.is_ok());
        assert!(note.unwrap().contains("only in standard numbering"));
        assert_eq!(reader.numbering(), Numbering::Standard);
    }

    #[test]
    fn the_lidraughts_bridge_starts_in_the_standard_numbering_until_the_moves_tell() {
        let start = Position::start();
        let mut bridge = reader("auto");
        bridge.client_is_the_bridge();
        let (game, note) = bridge.read(start, &[]);
        assert!(game.is_ok());
        assert!(
            note.unwrap()
                .contains("in standard (the client sends the lidraughts bridge's initial-time)")
        );
        assert_eq!(bridge.numbering(), Numbering::Standard);
        // A fixed setting is not second-guessed.
        let mut fixed = reader("from-white");
        fixed.client_is_the_bridge();
        assert_eq!(fixed.numbering(), Numbering::FromWhite);
    }

    #[test]
    fn moves_legal_both_ways_keep_the_numbering_shown() {
        // White king a1, Black king h8: 1-10 is a1-c3 from White's side and b8-d6 in
        // the standard numbers, both legal king moves here.
        let start: Position = "W:WKa1,Kb8:BKh8".parse().unwrap();
        let mut reader = reader("auto");
        assert!(reader.read(Position::start(), &["10-14"]).0.is_ok());
        let (game, note) = reader.read(start, &["1-10"]);
        assert_eq!(note, None);
        assert_eq!(reader.numbering(), Numbering::FromWhite);
        assert_eq!(last(&game.unwrap(), Numbering::FromWhite), "1-10");
    }

    #[test]
    fn moves_legal_neither_way_are_refused_where_they_went_further() {
        let start = Position::start();
        let mut reader = reader("auto");
        let (game, _) = reader.read(start, &["10-14", "10-14"]);
        let error = game.unwrap_err();
        assert!(
            error.starts_with("move 2 (10-14): 10-14 is not a legal move"),
            "{error}"
        );
        assert_eq!(
            reader.numbering(),
            Numbering::FromWhite,
            "nothing was shown"
        );
    }

    #[test]
    fn a_fixed_numbering_reads_no_other_and_points_to_the_one_that_fits() {
        let start = Position::start();
        let mut standard = reader("standard");
        assert_eq!(standard.read(start, &[]).1, None);
        let (game, note) = standard.read(start, &["10-14"]);
        assert_eq!(note, None);
        let error = game.unwrap_err();
        assert!(
            error.contains(
                "legal in from-white numbering (c3-d4 is 10-14): hub --numbering from-white"
            ),
            "{error}"
        );
        let mut from_white = reader("from-white");
        let error = from_white.read(start, &["22-18", "1-2"]).0.unwrap_err();
        assert!(!error.contains("numbering"), "{error}");
        assert_eq!(from_white.numbering(), Numbering::FromWhite);
    }

    #[test]
    fn the_notes_hold_no_equals_sign_which_pydraughts_would_misread() {
        let start = Position::start();
        let mut reader = reader("auto");
        let notes = [
            reader.read(start, &[]).1,
            reader.read(start, &["10-14"]).1,
            reader.read(start, &["22-18"]).1,
        ];
        for note in notes {
            let note = note.expect("a note");
            assert!(!note.contains('='), "{note}");
        }
    }
}
