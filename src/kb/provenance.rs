//! Where a fact comes from: its kind ([`Origin`]), and for a fact met in a game (a
//! learned combination; a lesson) the game, the move and what was played there.
//!
//! That is kept as one structured comment line right above the fact's heading, its
//! values and no words, so that it is worded in the reader's language when shown:
//!
//! ```text
//! % origin: learned; source=self-play; game=118; seed=1; move=8; played=d2-e3; verdict=missed
//! ```
//!
//! After `% origin: ` comes the kind, then `key=value` pairs separated by `; `, in any
//! order; a value escapes `\`, `;` and line breaks with a backslash (`\\`, `\;`, `\n`,
//! `\r`). The game is one of `source=record` (`file`, `game`, and the `white`, `black`,
//! `event` and `date` its tags know), `source=self-play` (`game`, `seed`),
//! `source=console` (`white`, `black`, `date`) or `source=other` (`place`, words). Then
//! `move` (the game's move number there), `played` (the move the game went on with, in
//! full notation) and `verdict` (`found`, `missed`, or `unplayed` where the record ends).
//! A key this version does not know is passed over.
//!
//! This module alone writes the line ([`Provenance::line`]) and reads it back
//! ([`Provenance::read`]), the English prose `% from ...` lines of earlier versions too.

use crate::msg;
use crate::words::Message;

/// What kind of knowledge a fact is: where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The starter base: facts written by hand, built in or a file (`kb/combs.txt`, or
    /// the base given in its place).
    Starter,
    /// Combinations `kb learn` and `learn` proved and widened (`learned.txt`).
    Learned,
    /// The opening book (`book.txt`), whose facts answer last.
    Book,
    /// The player's own facts.
    Own,
    /// The player's mistakes, as lessons.
    Lesson,
}

impl Origin {
    /// Every kind.
    pub const ALL: [Origin; 5] = [
        Origin::Starter,
        Origin::Learned,
        Origin::Book,
        Origin::Own,
        Origin::Lesson,
    ];

    /// The kind's word in the structured comment line, which is also the selector the
    /// `.ftl` files choose its words by: `starter`, `learned`, `book`, `own`, `lesson`.
    pub fn keyword(self) -> &'static str {
        match self {
            Origin::Starter => "starter",
            Origin::Learned => "learned",
            Origin::Book => "book",
            Origin::Own => "own",
            Origin::Lesson => "lesson",
        }
    }

    /// The kind `keyword` names.
    pub fn from_keyword(keyword: &str) -> Option<Origin> {
        Origin::ALL
            .into_iter()
            .find(|origin| origin.keyword() == keyword)
    }
}

/// The game a fact was met in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSource {
    /// A game of a file of records.
    Record {
        /// The file's name.
        file: String,
        /// The game's number in the file, from 1.
        number: usize,
        /// The players, White's and Black's, where the record names both.
        players: Option<(String, String)>,
        /// The event, where the record names it.
        event: Option<String>,
        /// The date, where the record gives it.
        date: Option<String>,
    },
    /// A game the program played against itself.
    SelfPlay {
        /// The game's number in the run, from 1.
        number: usize,
        /// The run's seed.
        seed: u64,
    },
    /// The game played or opened at the console.
    Console {
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// The date, as a record writes it (`2026.11.24`).
        date: String,
    },
    /// A place given in words the program does not read: a comment of another shape.
    Other(String),
}

impl GameSource {
    /// The game, to be worded: `self-play game 118 (seed 1)`, `abatsiev.pdn game 3
    /// (Абациев – Петров, Кубок, 1975)`, `the console game Аня – shashki, 2026.11.24`.
    pub fn message(&self) -> Message {
        match self {
            GameSource::Record {
                file,
                number,
                players,
                event,
                date,
            } => {
                let players = players
                    .as_ref()
                    .map(|(white, black)| format!("{white} – {black}"));
                let details: Vec<&str> = [players.as_deref(), event.as_deref(), date.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect();
                msg!(
                    "game-record",
                    file = file.as_str(),
                    number = *number,
                    detailed = if details.is_empty() { "no" } else { "yes" },
                    details = details.join(", ")
                )
            }
            GameSource::SelfPlay { number, seed } => {
                msg!("game-selfplay", number = *number, seed = seed.to_string())
            }
            GameSource::Console { white, black, date } => msg!(
                "game-console",
                white = white.as_str(),
                black = black.as_str(),
                date = date.as_str()
            ),
            GameSource::Other(place) => msg!("game-other", place = place.as_str()),
        }
    }

    /// The game's pairs in the structured line.
    fn pairs(&self) -> Vec<(&'static str, String)> {
        match self {
            GameSource::Record {
                file,
                number,
                players,
                event,
                date,
            } => {
                let mut pairs = vec![
                    ("source", "record".to_string()),
                    ("file", file.clone()),
                    ("game", number.to_string()),
                ];
                if let Some((white, black)) = players {
                    pairs.push(("white", white.clone()));
                    pairs.push(("black", black.clone()));
                }
                pairs.extend(event.clone().map(|event| ("event", event)));
                pairs.extend(date.clone().map(|date| ("date", date)));
                pairs
            }
            GameSource::SelfPlay { number, seed } => vec![
                ("source", "self-play".to_string()),
                ("game", number.to_string()),
                ("seed", seed.to_string()),
            ],
            GameSource::Console { white, black, date } => vec![
                ("source", "console".to_string()),
                ("white", white.clone()),
                ("black", black.clone()),
                ("date", date.clone()),
            ],
            GameSource::Other(place) => {
                vec![("source", "other".to_string()), ("place", place.clone())]
            }
        }
    }

    /// The game the pairs of a structured line give; [`GameSource::Other`] with what
    /// there is when they do not give one.
    fn from_pairs(pairs: &[(String, String)]) -> GameSource {
        let get = |key: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, value)| value.clone())
        };
        let number = |key: &str| get(key).and_then(|value| value.parse().ok());
        let game = match get("source").as_deref() {
            Some("record") => {
                get("file")
                    .zip(number("game"))
                    .map(|(file, number)| GameSource::Record {
                        file,
                        number,
                        players: get("white").zip(get("black")),
                        event: get("event"),
                        date: get("date"),
                    })
            }
            Some("self-play") => number("game")
                .zip(get("seed").and_then(|seed| seed.parse().ok()))
                .map(|(number, seed)| GameSource::SelfPlay { number, seed }),
            Some("console") => match (get("white"), get("black"), get("date")) {
                (Some(white), Some(black), Some(date)) => {
                    Some(GameSource::Console { white, black, date })
                }
                _ => None,
            },
            _ => None,
        };
        game.unwrap_or_else(|| GameSource::Other(get("place").unwrap_or_default()))
    }

    /// The game an earlier version's prose names (`self-play game 118 (seed 1)`,
    /// `a.pdn game 1 (White – Black, Event, Date)`, `the console game White – Black,
    /// Date`); [`GameSource::Other`] with the words when they are of another shape.
    fn from_prose(text: &str) -> GameSource {
        let selfplay = text
            .strip_prefix("self-play game ")
            .and_then(|rest| rest.strip_suffix(')')?.split_once(" (seed "))
            .and_then(|(number, seed)| Some((number.parse().ok()?, seed.parse().ok()?)));
        if let Some((number, seed)) = selfplay {
            return GameSource::SelfPlay { number, seed };
        }
        if let Some(rest) = text.strip_prefix("the console game ") {
            let players = rest.rsplit_once(", ").and_then(|(players, date)| {
                let (white, black) = players.split_once(" – ")?;
                Some((white, black, date))
            });
            if let Some((white, black, date)) = players {
                return GameSource::Console {
                    white: white.to_string(),
                    black: black.to_string(),
                    date: date.to_string(),
                };
            }
        }
        let record = text.split_once(" game ").and_then(|(file, rest)| {
            let (number, details) = match rest.split_once(" (") {
                Some((number, details)) => (number, Some(details.strip_suffix(')')?)),
                None => (rest, None),
            };
            Some((file, number.parse().ok()?, details))
        });
        match record {
            Some((file, number, details)) => {
                let (players, event, date) = details.map_or((None, None, None), read_details);
                GameSource::Record {
                    file: file.to_string(),
                    number,
                    players,
                    event,
                    date,
                }
            }
            None => GameSource::Other(text.to_string()),
        }
    }
}

/// The details an earlier version wrote of a record's game, `White – Black, Event,
/// Date` with any of them left out, read back as well as their shape tells: the players
/// by their dash, the date last when it starts with a digit.
fn read_details(details: &str) -> (Option<(String, String)>, Option<String>, Option<String>) {
    let mut parts: Vec<&str> = details.split(", ").collect();
    let players = match parts.first().and_then(|first| first.split_once(" – ")) {
        Some((white, black)) => {
            let players = (white.to_string(), black.to_string());
            parts.remove(0);
            Some(players)
        }
        None => None,
    };
    let date = match parts.last() {
        Some(last) if last.starts_with(|c: char| c.is_ascii_digit()) => {
            parts.pop().map(str::to_string)
        }
        _ => None,
    };
    let event = (!parts.is_empty()).then(|| parts.join(", "));
    (players, event, date)
}

/// What the side that had the combination did with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It played the combination.
    Found,
    /// It played another move.
    Missed,
    /// The record ends there.
    Unplayed,
}

impl Verdict {
    /// Its word in the structured line.
    fn keyword(self) -> &'static str {
        match self {
            Verdict::Found => "found",
            Verdict::Missed => "missed",
            Verdict::Unplayed => "unplayed",
        }
    }

    /// The verdict `keyword` names.
    fn from_keyword(keyword: &str) -> Option<Verdict> {
        [Verdict::Found, Verdict::Missed, Verdict::Unplayed]
            .into_iter()
            .find(|verdict| verdict.keyword() == keyword)
    }
}

/// Where a fact was met: its kind, the game, the move, what was played there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The kind of fact it made.
    pub origin: Origin,
    /// The game.
    pub game: GameSource,
    /// The game's move number there, where known.
    pub move_number: Option<usize>,
    /// The move the game went on with, in full notation, where known.
    pub played: Option<String>,
    /// What the side that had it did, where said.
    pub verdict: Option<Verdict>,
    /// The line that punished the move played, in full notation, where a review gave
    /// it: a lesson answers the mistake played again with it.
    pub punished: Option<String>,
}

/// How the structured line starts.
const PREFIX: &str = "% origin: ";

/// How an earlier version's prose line starts.
const PROSE_PREFIX: &str = "% from ";

impl Provenance {
    /// The structured comment line, without its line break:
    /// `% origin: learned; source=self-play; game=118; seed=1; move=8; played=d2-e3;
    /// verdict=missed`.
    pub fn line(&self) -> String {
        let mut pairs = self.game.pairs();
        pairs.extend(self.move_number.map(|number| ("move", number.to_string())));
        pairs.extend(self.played.clone().map(|played| ("played", played)));
        pairs.extend(
            self.verdict
                .map(|verdict| ("verdict", verdict.keyword().to_string())),
        );
        pairs.extend(self.punished.clone().map(|line| ("punished", line)));
        let mut line = format!("{PREFIX}{}", self.origin.keyword());
        for (key, value) in pairs {
            line.push_str("; ");
            line.push_str(key);
            line.push('=');
            line.push_str(&escape(&value));
        }
        line
    }

    /// The provenance a comment line gives (the structured line, or an earlier version's
    /// `% from ...` prose); `None` for any other line.
    pub fn read(line: &str) -> Option<Provenance> {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix(PREFIX) {
            return Provenance::from_pairs(rest);
        }
        line.strip_prefix(PROSE_PREFIX).map(Provenance::from_prose)
    }

    /// The game and the move, to be worded: `self-play game 118 (seed 1), move 8`.
    pub fn place(&self) -> Message {
        msg!(
            "learned-place",
            game = self.game.message(),
            known = if self.move_number.is_some() {
                "yes"
            } else {
                "no"
            },
            move_number = self.move_number.unwrap_or(0)
        )
    }

    fn from_pairs(text: &str) -> Option<Provenance> {
        let mut fields = split_unescaped(text).into_iter();
        let origin = Origin::from_keyword(fields.next()?.trim())?;
        let pairs: Vec<(String, String)> = fields
            .filter_map(|field| {
                let (key, value) = field.split_once('=')?;
                Some((key.trim().to_string(), unescape(value.trim())))
            })
            .collect();
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        Some(Provenance {
            origin,
            game: GameSource::from_pairs(&pairs),
            move_number: get("move").and_then(|number| number.parse().ok()),
            played: get("played").cloned(),
            verdict: get("verdict").and_then(|verdict| Verdict::from_keyword(verdict)),
            punished: get("punished").cloned(),
        })
    }

    /// `GAME, move N: VERDICT` as an earlier version wrote it, the verdict `the player
    /// found it`, `the player missed it (MOVE)` or `the record ends there`.
    fn from_prose(text: &str) -> Provenance {
        let (place, verdict) = match text.split_once(": ") {
            Some((place, verdict)) => (place, Some(verdict)),
            None => (text, None),
        };
        let (game, move_number) = match place.rsplit_once(", move ") {
            Some((game, number)) if number.parse::<usize>().is_ok() => (game, number.parse().ok()),
            _ => (place, None),
        };
        let missed = verdict
            .and_then(|verdict| verdict.strip_prefix("the player missed it ("))
            .and_then(|rest| rest.strip_suffix(')'));
        let (verdict, played) = match (verdict, missed) {
            (_, Some(played)) => (Some(Verdict::Missed), Some(played.to_string())),
            (Some("the player found it"), _) => (Some(Verdict::Found), None),
            (Some("the record ends there"), _) => (Some(Verdict::Unplayed), None),
            _ => (None, None),
        };
        Provenance {
            origin: Origin::Learned,
            game: GameSource::from_prose(game),
            move_number,
            played,
            verdict,
            punished: None,
        }
    }
}

/// `value` with `\`, `;` and line breaks escaped, to stand in the line.
fn escape(value: &str) -> String {
    let mut escaped = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => escaped.push_str("\\\\"),
            ';' => escaped.push_str("\\;"),
            '\n' => escaped.push_str("\\n"),
            '\r' => escaped.push_str("\\r"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// `value` as it was before [`escape`].
fn unescape(value: &str) -> String {
    let mut plain = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => plain.push('\n'),
                Some('r') => plain.push('\r'),
                Some(other) => plain.push(other),
                None => plain.push('\\'),
            },
            (c, false) => plain.push(c),
        }
    }
    plain
}

/// `text` cut at each `;` that no backslash escapes, escapes kept.
fn split_unescaped(text: &str) -> Vec<&str> {
    let mut fields = Vec::new();
    let mut start = 0;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            ';' => {
                fields.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    fields.push(&text[start..]);
    fields
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{Lang, Text};

    fn selfplay() -> Provenance {
        Provenance {
            origin: Origin::Learned,
            game: GameSource::SelfPlay {
                number: 118,
                seed: 1,
            },
            move_number: Some(8),
            played: Some("d2-e3".to_string()),
            verdict: Some(Verdict::Missed),
            punished: None,
        }
    }

    #[test]
    fn the_line_holds_values_and_reads_back_as_written() {
        let line = selfplay().line();
        assert_eq!(
            line,
            "% origin: learned; source=self-play; game=118; seed=1; move=8; played=d2-e3; \
             verdict=missed"
        );
        assert_eq!(Provenance::read(&line), Some(selfplay()));
        let record = Provenance {
            origin: Origin::Lesson,
            game: GameSource::Record {
                file: "a;b\\c.pdn".to_string(),
                number: 3,
                players: Some(("Абациев".to_string(), "Петров; мл.".to_string())),
                event: None,
                date: Some("1975.??.??".to_string()),
            },
            move_number: Some(21),
            played: Some("c3-d4".to_string()),
            verdict: Some(Verdict::Found),
            punished: Some("f6-g5 h4:f6 e7:g5".to_string()),
        };
        let line = record.line();
        assert!(line.ends_with("; punished=f6-g5 h4:f6 e7:g5"), "{line}");
        assert!(line.contains("file=a\\;b\\\\c.pdn; game=3;"), "{line}");
        assert_eq!(Provenance::read(&line), Some(record));
    }

    #[test]
    fn keys_come_in_any_order_and_unknown_ones_are_passed_over() {
        let line = "% origin: learned; verdict=missed; seed=1; depth=16; game=118; \
                    source=self-play; played=d2-e3; move=8";
        assert_eq!(Provenance::read(line), Some(selfplay()));
        assert_eq!(Provenance::read("% origin: gossip; source=console"), None);
        assert_eq!(Provenance::read("% wins a man"), None);
    }

    #[test]
    fn an_earlier_version_s_prose_reads_as_the_same_values() {
        let old = "% from self-play game 118 (seed 1), move 8: the player missed it (d2-e3)";
        assert_eq!(Provenance::read(old), Some(selfplay()));
        let record = Provenance::read(
            "% from abatsiev.pdn game 3 (Абациев – Петров, Кубок, 1975), move 21: \
             the player found it",
        )
        .unwrap();
        assert_eq!(
            record.game,
            GameSource::Record {
                file: "abatsiev.pdn".to_string(),
                number: 3,
                players: Some(("Абациев".to_string(), "Петров".to_string())),
                event: Some("Кубок".to_string()),
                date: Some("1975".to_string()),
            }
        );
        assert_eq!(record.verdict, Some(Verdict::Found));
        let unplayed = Provenance::read("% from a.pdn game 1, move 30: the record ends there");
        assert_eq!(unplayed.unwrap().verdict, Some(Verdict::Unplayed));
    }

    #[test]
    fn the_place_is_worded_in_both_languages() {
        for (comment, english, russian) in [
            (
                "% from self-play game 118 (seed 1), move 8: the player missed it (d2-e3)",
                "self-play game 118 (seed 1), move 8",
                "партии самоигры 118 (seed 1), ход 8",
            ),
            (
                "% from abatsiev.pdn game 3 (Абациев – Петров, Кубок, 1975), move 21: the player found it",
                "abatsiev.pdn game 3 (Абациев – Петров, Кубок, 1975), move 21",
                "партии 3 из abatsiev.pdn (Абациев – Петров, Кубок, 1975), ход 21",
            ),
            (
                "% from a.pdn game 1, move 1: the player missed it (g3-h4)",
                "a.pdn game 1, move 1",
                "партии 1 из a.pdn, ход 1",
            ),
            (
                "% from the console game Аня – shashki, 2026.11.24, move 12: the player found it",
                "the console game Аня – shashki, 2026.11.24, move 12",
                "партии в консоли Аня – shashki, 2026.11.24, ход 12",
            ),
            (
                "% origin: learned; source=console; white=Аня; black=shashki; date=2026.11.24; \
                 move=12; played=c3-d4; verdict=found",
                "the console game Аня – shashki, 2026.11.24, move 12",
                "партии в консоли Аня – shashki, 2026.11.24, ход 12",
            ),
            (
                "% from a game someone typed in",
                "a game someone typed in",
                "a game someone typed in",
            ),
        ] {
            let place = Provenance::read(comment).unwrap().place();
            assert_eq!(Text::new(Lang::En).render(&place), english);
            assert_eq!(Text::new(Lang::Ru).render(&place), russian);
        }
    }
}
