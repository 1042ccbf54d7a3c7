//! `enginecommand`: CheckerBoard's questions and settings, each answered in words for
//! its reply buffer. A command the engine does not know is answered `?` and not handled.

use std::path::PathBuf;

use shashki::engine::Setting;
use shashki::{Game, Position, msg};

use crate::board::square;
use crate::movelist;
use crate::session::Session;

/// The protocol version of CheckerBoard's engine interface this engine speaks.
pub const PROTOCOL_VERSION: &str = "2";
/// CheckerBoard's number for Russian draughts.
pub const GAME_TYPE: &str = "25";

/// What a command is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Whether the engine knows the command (`enginecommand` returns 1).
    pub handled: bool,
    /// The reply.
    pub text: String,
    /// The room the reply may take, its end mark included: CheckerBoard's buffer is
    /// 1024 bytes, but it reads most answers into 256 (the name, the settings).
    pub room: usize,
}

/// Most replies go into buffers of 256 bytes.
const SHORT: usize = 256;

impl Answer {
    fn handled(text: impl Into<String>) -> Answer {
        Answer {
            handled: true,
            text: text.into(),
            room: SHORT,
        }
    }

    fn unknown() -> Answer {
        Answer {
            handled: false,
            text: "?".to_string(),
            room: SHORT,
        }
    }

    fn refused(text: String) -> Answer {
        Answer {
            handled: false,
            text,
            room: SHORT,
        }
    }
}

/// The settings CheckerBoard reads and sets by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    HashSize,
    SearchThreads,
    Book,
    DbPath,
    DbMbytes,
}

impl Key {
    fn named(name: &str) -> Option<Key> {
        Some(match name {
            "hashsize" => Key::HashSize,
            "searchthreads" => Key::SearchThreads,
            "book" => Key::Book,
            "dbpath" => Key::DbPath,
            "dbmbytes" => Key::DbMbytes,
            _ => return None,
        })
    }
}

/// The engine's name, as CheckerBoard shows it in its title.
pub fn name() -> String {
    format!("shashki {}", env!("CARGO_PKG_VERSION"))
}

impl Session {
    /// The answer to CheckerBoard's `command`.
    pub fn command(&self, command: &str) -> Answer {
        let command = command.trim();
        let (verb, rest) = command.split_once(' ').unwrap_or((command, ""));
        let (noun, value) = rest.trim().split_once(' ').unwrap_or((rest.trim(), ""));
        let value = value.trim();
        match (verb, noun) {
            ("name", "") => Answer::handled(name()),
            ("about", "") => Answer {
                room: movelist::REPLY_SIZE,
                ..Answer::handled(self.about())
            },
            ("help", "") => Answer::handled(self.text().render(&msg!("cb-help-file"))),
            ("get", "protocolversion") => Answer::handled(PROTOCOL_VERSION),
            ("get", "gametype") => Answer::handled(GAME_TYPE),
            ("get", "movelist") => match movelist::reply(value) {
                Ok(list) => Answer {
                    room: movelist::REPLY_SIZE,
                    ..Answer::handled(list)
                },
                Err(error) => Answer::refused(self.text().render(&error.message())),
            },
            ("set", "gamehist") => match history(value) {
                Some(game) => {
                    self.set_history(Some(game));
                    Answer::handled("gamehist")
                }
                None => {
                    self.set_history(None);
                    Answer::refused("?".to_string())
                }
            },
            ("get", noun) => match Key::named(noun) {
                Some(key) => Answer::handled(self.get(key)),
                None => Answer::unknown(),
            },
            ("set", noun) => match Key::named(noun) {
                Some(key) => match self.set(key, value) {
                    Ok(()) => Answer::handled(self.get(key)),
                    Err(refusal) => Answer::refused(refusal),
                },
                None => Answer::unknown(),
            },
            _ => Answer::unknown(),
        }
    }

    fn get(&self, key: Key) -> String {
        let options = self.options();
        match key {
            Key::HashSize => options.hash_mb.to_string(),
            Key::SearchThreads => options.threads.to_string(),
            Key::Book => options.book.to_string(),
            Key::DbPath => self
                .places()
                .tables_dir(options.dbpath.as_deref())
                .map(|dir| dir.display().to_string())
                .unwrap_or_default(),
            Key::DbMbytes => options.db_mb.to_string(),
        }
    }

    /// Sets `key` to `value`, or says what its value must be.
    fn set(&self, key: Key, value: &str) -> Result<(), String> {
        let number = |setting: Setting| {
            setting
                .read(value)
                .map_err(|_| self.text().render(&setting.refusal()))
        };
        match key {
            Key::HashSize => {
                self.options().hash_mb = number(Setting::HashMb)? as usize;
            }
            Key::SearchThreads => {
                self.options().threads = number(Setting::Threads)? as usize;
            }
            Key::Book => match value.parse::<u8>() {
                Ok(book @ 0..=3) => self.options().book = book,
                _ => return Err(self.text().render(&msg!("cb-book-values"))),
            },
            Key::DbPath => {
                self.options().dbpath = (!value.is_empty()).then(|| PathBuf::from(value));
            }
            Key::DbMbytes => match value.parse::<u64>() {
                Ok(megabytes) if megabytes <= 1 << 24 => self.options().db_mb = megabytes,
                _ => return Err(self.text().render(&msg!("cb-db-mbytes-values"))),
            },
        }
        Ok(())
    }

    /// The about box: the version, the knowledge base and the tables in use.
    fn about(&self) -> String {
        let options = self.options().clone();
        let kb = match options.use_kb() {
            true => {
                let base = self.places().knowledge_base(true);
                let parts: Vec<String> = base
                    .named_parts()
                    .iter()
                    .map(|part| self.text().render(&part.name()))
                    .collect();
                msg!("cb-about-kb", parts = parts.join(" + "), facts = base.len())
            }
            false => msg!("cb-about-no-kb"),
        };
        let budget = (options.db_mb > 0).then_some(options.db_mb << 20);
        let tables = self.places().tablebase(options.dbpath.as_deref(), budget);
        let tables = match tables.dir() {
            Some(dir) if tables.pieces() > 0 => msg!(
                "cb-about-tables",
                pieces = tables.pieces(),
                dir = dir.display().to_string()
            ),
            _ => msg!("cb-about-builtin-tables"),
        };
        self.text().render(&msg!(
            "cb-about",
            version = env!("CARGO_PKG_VERSION"),
            kb = kb,
            tables = tables
        ))
    }
}

/// The game `set gamehist` describes: a position string and the moves after it
/// (`22-18`, king moves, as CheckerBoard numbers squares), or `None` when it is not one.
fn history(text: &str) -> Option<Game> {
    let mut words = text.split_whitespace();
    let start = Position::from_fen(words.next()?).ok()?;
    let mut game = Game::new(start);
    for word in words {
        let (from, to) = word.split_once(['-', 'x'])?;
        let (from, to) = (square(from.parse().ok()?)?, square(to.parse().ok()?)?);
        let position = *game.position();
        let mv = position
            .legal_moves()
            .iter()
            .copied()
            .find(|mv| mv.from() == from && mv.to() == to)?;
        game.play(mv).ok()?;
    }
    Some(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::Places;
    use shashki::words::Lang;

    fn session() -> Session {
        Session::new(Places::default(), Lang::En)
    }

    #[test]
    fn the_protocol_s_questions_are_answered() {
        let session = session();
        assert_eq!(session.command("get protocolversion").text, "2");
        assert_eq!(session.command("get gametype").text, "25");
        assert!(session.command("name").text.starts_with("shashki "));
        let help = session.command("help");
        assert!(help.handled && help.text.ends_with(".html"), "{help:?}");
        let probe = session.command("get movelist B:W1:B");
        assert_eq!((probe.handled, probe.text.as_str()), (true, "movelist 0"));
    }

    #[test]
    fn an_unknown_command_is_not_handled_and_answered_with_a_question_mark() {
        let session = session();
        for command in [
            "get allscores",
            "set solve 1",
            "frobnicate",
            "",
            "name extra",
        ] {
            let answer = session.command(command);
            assert_eq!(
                (answer.handled, answer.text.as_str()),
                (false, "?"),
                "{command}"
            );
        }
    }

    #[test]
    fn settings_are_kept_and_read_back() {
        let session = session();
        assert!(session.command("set hashsize 128").handled);
        assert_eq!(session.command("get hashsize").text, "128");
        assert!(session.command("set searchthreads 2").handled);
        assert_eq!(session.command("get searchthreads").text, "2");
        assert!(session.command("set book 0").handled);
        assert_eq!(session.command("get book").text, "0");
        assert!(!session.options().use_kb());
        assert!(session.command("set dbmbytes 512").handled);
        assert_eq!(session.command("get dbmbytes").text, "512");
        assert!(session.command("set dbpath C:\\db files\\shashki").handled);
        assert_eq!(session.command("get dbpath").text, "C:\\db files\\shashki");
        let refused = session.command("set hashsize 0");
        assert!(!refused.handled);
        assert!(refused.text.contains("hash"), "{refused:?}");
        assert!(!session.command("set book 7").handled);
        assert_eq!(session.command("get hashsize").text, "128");
    }

    #[test]
    fn a_game_history_puts_its_king_moves_on_the_start() {
        let game = history("W:WK30:BK3 30-26 3-7 26-30 7-3").unwrap();
        assert_eq!(game.moves().len(), 4);
        assert!(history("W:WK12:B21 12-16").is_some());
        assert!(history("B:WK12:B21 12-16").is_none());
        assert!(history("B:WK12:B21 13-17").is_none());
        assert!(history("nonsense").is_none());
        let session = session();
        assert!(session.command("set gamehist W:W21,22:B1,2 22-18").handled);
        assert!(!session.command("set gamehist W:W21,22:B1,2 22-19").handled);
    }

    #[test]
    fn about_names_the_base_and_the_tables() {
        let about = session().command("about");
        assert!(about.handled);
        assert!(about.text.contains("shashki"), "{}", about.text);
        assert!(about.text.contains('\n'), "{}", about.text);
    }
}
