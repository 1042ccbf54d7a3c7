//! The game in progress is never lost: it is kept in the data directory after every
//! change, offered back at the next start, and set aside in `games/` before another
//! game takes its place.

use std::io;
use std::path::{Path, PathBuf};

use super::files::{free_name, timestamp};
use super::record::Record;
use super::said::{Note, Said};
use super::strength::Strength;
use shashki::files::{DataDir, io_error_message, write_atomically};
use shashki::msg;
use shashki::notation::pdn::{self, GameRecord};
use shashki::words::Message;

/// How many unfinished games `games/` keeps: the newest.
const KEPT_GAMES: usize = 5;

/// The autosave's state.
#[derive(Debug, Default)]
pub(super) struct Saved {
    /// The player's data directory, where the autosave and `games/` are.
    data: Option<DataDir>,
    /// The record last written to the autosave.
    last: Option<String>,
    /// The autosave holds last time's unfinished game and the player has not yet
    /// said whether to resume it: it must not be touched.
    pub resume_pending: bool,
    /// Whether an autosave failure was reported (once is enough).
    failed: bool,
}

impl Saved {
    /// The autosave of `data`, if the system names a home.
    pub fn new(data: Option<DataDir>) -> Saved {
        Saved {
            data,
            ..Saved::default()
        }
    }

    /// Brings the autosave up to date: the record of an unfinished game, or no file.
    /// Called after every change; writes only when the record changed.
    pub fn update(&mut self, record: &Record, strength: &Strength) -> Said {
        let unfinished = record.unfinished();
        let Some(path) = self.data.as_ref().map(DataDir::autosave) else {
            return Said::nothing();
        };
        if self.resume_pending {
            return Said::nothing();
        }
        if !unfinished {
            if self.last.take().is_some() || path.exists() {
                let _ = std::fs::remove_file(&path);
            }
            return Said::nothing();
        }
        let record = record.text(strength);
        if self.last.as_ref() == Some(&record) {
            return Said::nothing();
        }
        let written =
            DataDir::prepare(&path).and_then(|()| write_atomically(&path, record.as_bytes()));
        match written {
            Ok(()) => self.last = Some(record),
            Err(error) if !self.failed => {
                self.failed = true;
                return msg!(
                    "autosave-failed",
                    path = path.display().to_string(),
                    error = io_error_message(&error)
                )
                .into();
            }
            Err(_) => {}
        }
        Said::nothing()
    }

    /// Before another game takes this one's place: an unfinished game is written to
    /// `games/` in the data directory, and the player is told where.
    pub fn keep_unfinished(&mut self, record: &Record, strength: &Strength) -> Said {
        match record.unfinished() {
            true => self.put_aside(&record.text(strength)).1,
            false => Said::nothing(),
        }
    }

    /// At the start: the unfinished game left from last time, to offer back; the
    /// autosave then waits for the answer. A finished one is dropped, and an unreadable
    /// one set aside in `games/`.
    pub fn offer(&mut self) -> (Said, bool) {
        let Some(path) = self.data.as_ref().map(DataDir::autosave) else {
            return (Said::nothing(), false);
        };
        if !path.exists() {
            return (Said::nothing(), false);
        }
        match read_record(&path) {
            Ok(record) if record.game.outcome().is_none() => {
                let plies = msg!("plies", count = record.game.moves().len());
                let offer = msg!(
                    "resume-offer",
                    plies = plies,
                    number = record.game.move_number()
                );
                self.resume_pending = true;
                (offer.into(), true)
            }
            Ok(_) => {
                let _ = std::fs::remove_file(&path);
                (Said::nothing(), false)
            }
            Err(error) => {
                let said = unreadable(&path, error).and(self.set_aside(&path));
                (said, false)
            }
        }
    }

    /// The answer to the resume question: the record to go on with, if `yes` and it can
    /// be read; otherwise the autosave is set aside in `games/`.
    pub fn take_back(&mut self, yes: bool) -> (Said, Option<GameRecord>) {
        self.resume_pending = false;
        let Some(path) = self.data.as_ref().map(DataDir::autosave) else {
            return (Said::nothing(), None);
        };
        if !yes {
            return (self.set_aside(&path), None);
        }
        match read_record(&path) {
            Ok(record) => (Said::nothing(), Some(record)),
            Err(error) => (unreadable(&path, error).and(self.set_aside(&path)), None),
        }
    }

    /// Moves the autosave to `games/`, so that the next game cannot overwrite it; the
    /// autosave goes only once its game is kept there.
    fn set_aside(&mut self, path: &Path) -> Said {
        match std::fs::read_to_string(path) {
            Ok(record) => {
                let (kept, said) = self.put_aside(&record);
                if kept {
                    let _ = std::fs::remove_file(path);
                }
                said
            }
            // Not text the program wrote: moved as it is, under a new name.
            Err(_) => {
                let Some(games) = self.data.as_ref().map(DataDir::games) else {
                    return Said::nothing();
                };
                let kept = kept_name(&games);
                let moved =
                    std::fs::create_dir_all(&games).and_then(|()| std::fs::rename(path, &kept));
                kept_message(&kept, moved).into()
            }
        }
    }

    /// Keeps the unfinished game of `record` in `games/`, and says where: in the file
    /// of the same game where one is kept already (the same start, and moves that
    /// begin the same), else in a new file, of which the newest [`KEPT_GAMES`] stay.
    /// Whether the game is kept.
    fn put_aside(&mut self, record: &str) -> (bool, Said) {
        let Some(games) = self.data.as_ref().map(DataDir::games) else {
            return (false, Said::nothing());
        };
        let kept_before = kept_games(&games);
        let game = pdn::read(record).ok().map(|record| record.game);
        let same = game.as_ref().and_then(|game| {
            kept_before.iter().find_map(|path| {
                let other = pdn::read(&std::fs::read_to_string(path).ok()?).ok()?.game;
                let (short, long) = match other.moves().len() <= game.moves().len() {
                    true => (other.moves(), game.moves()),
                    false => (game.moves(), other.moves()),
                };
                let same = other.start() == game.start() && long.starts_with(&short);
                same.then(|| (path.clone(), other.moves().len() > game.moves().len()))
            })
        });
        let (kept, written) = match same {
            // A longer record of this game is kept already.
            Some((path, true)) => (path, Ok(())),
            Some((path, false)) => {
                let written = write_atomically(&path, record.as_bytes());
                (path, written)
            }
            None => {
                let path = kept_name(&games);
                let written = std::fs::create_dir_all(&games)
                    .and_then(|()| write_atomically(&path, record.as_bytes()));
                if written.is_ok() {
                    let surplus = kept_before.len().saturating_sub(KEPT_GAMES - 1);
                    for old in &kept_before[..surplus] {
                        let _ = std::fs::remove_file(old);
                    }
                }
                (path, written)
            }
        };
        (written.is_ok(), kept_message(&kept, written).into())
    }

    /// The last words: where the unfinished game waits, if it does.
    pub fn farewell(&self) -> Option<Message> {
        let kept = self.last.as_ref().and(self.data.as_ref());
        kept.map(DataDir::autosave)
            .map(|path| msg!("farewell-kept", path = path.display().to_string()))
    }
}

/// A record read back from a file the program wrote, or why it cannot be.
fn read_record(path: &Path) -> Result<GameRecord, Message> {
    let text = std::fs::read_to_string(path).map_err(|error| io_error_message(&error))?;
    pdn::read(&text).map_err(|error| error.message())
}

/// `FILE: REASON`, for an autosave that cannot be read.
fn unreadable(path: &Path, reason: Message) -> Said {
    Note::Placed {
        path: path.display().to_string(),
        separator: ": ",
        reason,
    }
    .into()
}

/// Where a game was kept, or why it could not be.
fn kept_message(kept: &Path, result: io::Result<()>) -> Message {
    match result {
        Ok(()) => msg!("kept-aside", path = kept.display().to_string()),
        Err(error) => msg!(
            "keep-aside-failed",
            path = kept.display().to_string(),
            error = io_error_message(&error)
        ),
    }
}

/// The unfinished games kept in `games`, the oldest first (their names hold the time).
fn kept_games(games: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(games) else {
        return Vec::new();
    };
    let mut kept: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("unfinished-") && name.ends_with(".pdn"))
        })
        .collect();
    kept.sort_by_key(|path| {
        let modified = std::fs::metadata(path)
            .and_then(|meta| meta.modified())
            .ok();
        (modified, path.clone())
    });
    kept
}

/// `games/unfinished-YYYY-MM-DD-HHMMSS.pdn`, with `-2`, `-3` ... if that is taken.
fn kept_name(games: &Path) -> PathBuf {
    free_name(games, &format!("unfinished-{}", timestamp()))
}
