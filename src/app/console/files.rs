//! Game records on disk: `save` and `open` as PDN, written atomically, never over a file unasked.

use std::path::{Path, PathBuf};

use super::said::{Note, Said};
use super::strength::STRENGTH_TAG;
use super::width::wrap_message;
use super::{Console, Question};
use shashki::Color;
use shashki::files::{DataDir, ReadError, io_error_message, read_text, write_atomically};
use shashki::msg;
use shashki::notation::pdn::{self, GameRecord};
use shashki::words::{Message, Text};

/// The event of the records of games played at this console: a record that has it, or
/// the bot's strength, is the player's own game; any other is a game of others.
pub(super) const CONSOLE_EVENT: &str = "shashki console game";

impl Console {
    /// `save FILE` (`replace` for `save! FILE`): an existing file is replaced only when
    /// the player says so, and a knowledge base never.
    pub(super) fn save(&mut self, path: &Path, replace: bool) {
        // `save game` writes `game.pdn`, as a player means it.
        let named;
        let path = match path.extension() {
            Some(_) => path,
            // A folder is refused as it is, not saved beside it.
            None if path.is_dir() => path,
            None => {
                named = path.with_extension("pdn");
                &named
            }
        };
        let files = self.engines.files();
        let said = if let Some(kb) = files.iter().find(|kb| same_file(kb, path)) {
            msg!(
                "save-over-kb",
                path = path.display().to_string(),
                kb = kb.display().to_string()
            )
            .into()
        // Only a regular file is worth a question; the writer refuses anything else.
        } else if replace || !path.is_file() {
            write_record(path, &self.record.text(&self.strength), self.data.as_ref())
        } else if self.dialogue.interactive {
            self.dialogue.question = Question::Replace(path.to_path_buf());
            Said::nothing()
        } else {
            msg!("save-exists", path = path.display().to_string()).into()
        };
        self.utter(said);
    }

    /// Opens game `number` of the PDN file at `path`, or its only game; lists the games
    /// of a file with several when no number is given.
    pub(super) fn open(&mut self, path: &Path, number: Option<usize>) {
        let shown = path.display().to_string();
        let text = match read_text(path) {
            Ok(text) => text,
            // `FILE:LINE:COL: invalid UTF-8 ...`, placed like the PDN errors below.
            Err(error @ ReadError::BadUtf8(_)) => {
                return self.utter(Note::Placed {
                    path: shown,
                    separator: ":",
                    reason: error.message(),
                });
            }
            Err(error) => {
                return self.utter(msg!("open-failed", path = shown, error = error.message()));
            }
        };
        let mut games = pdn::read_all(&text);
        let count = games.len();
        let chosen = match (number, count) {
            (_, 0) => return self.utter(msg!("open-no-game", path = shown)),
            (None, 1) => 1,
            (None, _) => return self.utter(Note::Plain(games_list(path, &games, &self.text))),
            (Some(n), _) if n > count => {
                return self.utter(msg!("open-out-of-range", path = shown, count = count));
            }
            (Some(n), _) => n,
        };
        let record = match games.swap_remove(chosen - 1) {
            Ok(record) => record,
            Err(error) => {
                return self.utter(Note::Placed {
                    path: shown,
                    separator: ":",
                    reason: error.message(),
                });
            }
        };
        let said = self.saved.keep_unfinished(&self.record, &self.strength);
        self.utter(said);
        let plies = || msg!("plies", count = record.game.moves().len());
        let mut said = Said::from(match count > 1 {
            true => msg!(
                "opened-one-of",
                path = shown,
                chosen = chosen,
                count = count,
                plies = plies()
            ),
            false => msg!("opened", path = shown, plies = plies()),
        });
        if record.moves_lost {
            said.tell(msg!("record-moves-lost", plies = plies()));
        }
        self.utter(said);
        self.go_on(record, GoingOn::Opened);
        let file = path.file_name().unwrap_or(path.as_os_str());
        self.record.opened_from = Some((file.to_string_lossy().into_owned(), chosen));
    }

    /// Goes on with the game of `record`, opened or resumed alike. A record the program
    /// wrote brings back the player's side, the clocks and the bot's strength, and one
    /// line says what came back; in a record of others' game the player is asked to
    /// take a side before the bot moves.
    pub(super) fn go_on(&mut self, record: GameRecord, how: GoingOn) {
        let human = players_side(&record);
        self.take_game(record, human);
        let tag = |name: &str| self.record.tag(name);
        let said = if human.is_some() {
            self.strength.restore_clocks(tag);
            if let Some(strength) = self.record.tag(STRENGTH_TAG) {
                self.strength.restore(&strength);
            }
            let how = match how {
                GoingOn::Opened => "opened",
                GoingOn::Resumed => "resumed",
            };
            msg!(
                "went-on",
                how = how,
                what = self.strength.restored(self.record.human, self.text.lang())
            )
        } else {
            let name = |side: &str| tag(side).unwrap_or_else(|| "?".to_string());
            msg!(
                "opened-others",
                white = name("White"),
                black = name("Black"),
                over = if self.record.game_over() { "yes" } else { "no" }
            )
        };
        self.utter(Said::from(said).and(Note::GameBoard));
        self.proceed();
    }
}

/// Writes `record` to `path` in one step; a bare name where the current folder cannot
/// be written (a program started from Program Files, a read-only folder) goes to the
/// games of `data`.
fn write_record(path: &Path, record: &str, data: Option<&DataDir>) -> Said {
    let failed = |error: &std::io::Error| {
        msg!(
            "save-failed",
            path = path.display().to_string(),
            error = io_error_message(error)
        )
    };
    match write_atomically(path, record.as_bytes()) {
        Ok(()) => msg!("saved", path = path.display().to_string()).into(),
        Err(error) if bare(path) && cannot_write_here(&error) => {
            let Some(games) = data.map(DataDir::games) else {
                return failed(&error).into();
            };
            let stem = path
                .file_stem()
                .and_then(|stem| stem.to_str())
                .unwrap_or("game");
            let elsewhere = free_name(&games, stem);
            let written = std::fs::create_dir_all(&games)
                .and_then(|()| write_atomically(&elsewhere, record.as_bytes()));
            match written {
                Ok(()) => msg!("saved-elsewhere", path = elsewhere.display().to_string()).into(),
                Err(_) => failed(&error).into(),
            }
        }
        Err(error) => failed(&error).into(),
    }
}

/// `FILE has G games; open one with open FILE N:` and a line for each.
fn games_list(
    path: &Path,
    games: &[Result<pdn::GameRecord, pdn::PdnError>],
    text: &Text,
) -> String {
    let mut lines = vec![text.render(&msg!(
        "open-list",
        path = path.display().to_string(),
        count = games.len()
    ))];
    for (number, game) in games.iter().enumerate() {
        let line = match game {
            Ok(record) => {
                let tag = |name: &str| record.tag(name).unwrap_or("?").to_string();
                msg!(
                    "open-list-game",
                    white = tag("White"),
                    black = tag("Black"),
                    event = tag("Event"),
                    date = date_words(&tag("Date")),
                    result = pdn::result_token(record.game.outcome()),
                    plies = msg!("plies", count = record.game.moves().len())
                )
            }
            Err(error) => msg!(
                "open-list-unreadable",
                path = path.display().to_string(),
                error = error.message()
            ),
        };
        let line = format!("{:>4}. {}", number + 1, text.render(&line));
        lines.push(wrap_message(&line));
    }
    lines.join("\n")
}

/// A record's date as it can be read: `1975.03.12`, `1975` for `1975.??.??`, and
/// words for a date not known at all.
fn date_words(date: &str) -> Message {
    let known: Vec<&str> = date
        .split('.')
        .take_while(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    match known.is_empty() {
        true => msg!("date-unknown"),
        false => msg!("as-is", text = known.join(".")),
    }
}

/// Whether `path` is a bare file name, meant for the current folder.
fn bare(path: &Path) -> bool {
    path.parent()
        .is_none_or(|parent| parent.as_os_str().is_empty())
}

/// Whether `error` says that the folder cannot be written to, rather than the name is wrong.
fn cannot_write_here(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
    )
}

/// `dir/STEM.pdn`, or with `-2`, `-3` ... where that is taken: never a file that is there.
pub(super) fn free_name(dir: &Path, stem: &str) -> PathBuf {
    let mut path = dir.join(format!("{stem}.pdn"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}.pdn"));
        n += 1;
    }
    path
}

/// How a game goes on from a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GoingOn {
    /// `open FILE`, or a file named on the command line.
    Opened,
    /// Last time's unfinished game, from the autosave.
    Resumed,
}

/// The player's side in a record the program wrote: the one the bot's name does not
/// hold. `None` for a game of others (the bot on neither side, or on both).
pub(super) fn players_side(record: &GameRecord) -> Option<Color> {
    match (
        record.tag("White") == Some(BOT),
        record.tag("Black") == Some(BOT),
    ) {
        (true, false) => Some(Color::Black),
        (false, true) => Some(Color::White),
        _ => None,
    }
}

/// The player's name in records unless `--name` gives one.
pub const PLAYER: &str = "Player";
/// The bot's name in records: it tells a resumed game which colour the bot had.
pub(super) const BOT: &str = "shashki";

/// Whether `a` and `b` name the same existing file (through links and `..`).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Now as `YYYY-MM-DD-HHMMSS` (UTC), for the names of kept games.
pub(super) fn timestamp() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_from_days((seconds / 86_400) as i64);
    let time = seconds % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}-{:02}{:02}{:02}",
        time / 3600,
        time / 60 % 60,
        time % 60
    )
}

/// Today's date as PDN writes it, `YYYY.MM.DD` (UTC).
pub(super) fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
pub(super) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_day_numbers() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(20_454), (2026, 1, 1));
    }
}
