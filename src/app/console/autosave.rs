//! The game in progress is never lost: it is kept in the data directory after every
//! change, offered back at the next start, and set aside in `games/` before another
//! game takes its place.

use std::io;
use std::path::{Path, PathBuf};

use super::files::{GoingOn, free_name, timestamp};
use super::{Console, Question};
use shashki::files::{DataDir, write_atomically};
use shashki::msg;
use shashki::notation::pdn::{self, GameRecord};

impl Console {
    /// Brings the autosave up to date: the record of an unfinished game, or no file.
    /// Called after every change; writes only when the record changed.
    pub(super) fn autosave(&mut self) {
        let Some(path) = self.data.as_ref().map(DataDir::autosave) else {
            return;
        };
        if self.saved.resume_pending {
            return;
        }
        if !self.record.unfinished() {
            if self.saved.last.take().is_some() || path.exists() {
                let _ = std::fs::remove_file(&path);
            }
            return;
        }
        let record = self.record_text();
        if self.saved.last.as_ref() == Some(&record) {
            return;
        }
        let written =
            DataDir::prepare(&path).and_then(|()| write_atomically(&path, record.as_bytes()));
        match written {
            Ok(()) => self.saved.last = Some(record),
            Err(error) if !self.saved.failed => {
                self.saved.failed = true;
                self.tell(msg!(
                    "autosave-failed",
                    path = path.display().to_string(),
                    error = self.words(shashki::files::io_error_message(&error))
                ));
            }
            Err(_) => {}
        }
    }

    /// Before another game takes this one's place: an unfinished game is written to
    /// `games/` in the data directory, and the player is told where.
    pub(super) fn keep_unfinished(&mut self) {
        if !self.record.unfinished() {
            return;
        }
        let record = self.record_text();
        self.put_aside(&record);
    }

    /// At the start: an unfinished game left from last time is offered back. Returns
    /// whether the question was asked (the game waits for the answer).
    pub(super) fn offer_resume(&mut self) -> bool {
        let Some(path) = self.data.as_ref().map(DataDir::autosave) else {
            return false;
        };
        if !path.exists() {
            return false;
        }
        match self.read_record(&path) {
            Ok(record) if record.game.outcome().is_none() => {
                let plies = record.game.moves().len();
                let plies = self.words(msg!("plies", count = plies));
                self.tell(msg!(
                    "resume-offer",
                    plies = plies,
                    number = record.game.move_number()
                ));
                self.dialogue.question = Question::Resume;
                self.saved.resume_pending = true;
                true
            }
            Ok(_) => {
                let _ = std::fs::remove_file(&path);
                false
            }
            Err(error) => {
                self.say(format!("{}: {error}", path.display()));
                self.set_autosave_aside(&path);
                false
            }
        }
    }

    /// The answer to the resume question.
    pub(super) fn resume(&mut self, yes: bool) {
        self.saved.resume_pending = false;
        let Some(path) = self.data.as_ref().map(DataDir::autosave) else {
            return;
        };
        if !yes {
            self.set_autosave_aside(&path);
            self.proceed();
            return;
        }
        match self.read_record(&path) {
            Ok(record) => self.go_on(record, GoingOn::Resumed),
            Err(error) => {
                self.say(format!("{}: {error}", path.display()));
                self.set_autosave_aside(&path);
                self.proceed();
            }
        }
    }

    /// A record read back from a file the program wrote, or why it cannot be, in words.
    fn read_record(&self, path: &Path) -> Result<GameRecord, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| self.words(shashki::files::io_error_message(&error)))?;
        pdn::read(&text).map_err(|error| self.words(error.message()))
    }

    /// Moves the autosave to `games/`, so that the next game cannot overwrite it; the
    /// autosave goes only once its game is kept there.
    fn set_autosave_aside(&mut self, path: &Path) {
        match std::fs::read_to_string(path) {
            Ok(record) if self.put_aside(&record) => {
                let _ = std::fs::remove_file(path);
            }
            Ok(_) => {}
            // Not text the program wrote: moved as it is, under a new name.
            Err(_) => {
                let Some(games) = self.data.as_ref().map(DataDir::games) else {
                    return;
                };
                let kept = kept_name(&games);
                let moved =
                    std::fs::create_dir_all(&games).and_then(|()| std::fs::rename(path, &kept));
                self.tell_kept(&kept, moved);
            }
        }
    }

    /// Keeps the unfinished game of `record` in `games/`, and says where: in the file
    /// of the same game where one is kept already (the same start, and moves that
    /// begin the same), else in a new file, of which the newest [`KEPT_GAMES`] stay.
    /// Whether the game is kept.
    fn put_aside(&mut self, record: &str) -> bool {
        let Some(games) = self.data.as_ref().map(DataDir::games) else {
            return false;
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
        let done = written.is_ok();
        self.tell_kept(&kept, written);
        done
    }

    /// Says where a game was kept, or why it could not be.
    fn tell_kept(&mut self, kept: &Path, result: io::Result<()>) {
        match result {
            Ok(()) => self.tell(msg!("kept-aside", path = kept.display().to_string())),
            Err(error) => self.tell(msg!(
                "keep-aside-failed",
                path = kept.display().to_string(),
                error = self.words(shashki::files::io_error_message(&error))
            )),
        }
    }

    /// The last words: where the unfinished game waits.
    pub(super) fn farewell(&mut self) {
        self.autosave();
        let kept = self.saved.last.as_ref().and(self.data.as_ref());
        if let Some(path) = kept.map(DataDir::autosave) {
            self.tell(msg!("farewell-kept", path = path.display().to_string()));
        }
    }
}

/// How many unfinished games `games/` keeps: the newest.
const KEPT_GAMES: usize = 5;

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
