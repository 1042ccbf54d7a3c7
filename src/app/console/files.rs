//! Game records on disk: `save` and `open` as PDN, written atomically, never over a file unasked.

use std::path::{Path, PathBuf};

use super::archive::{self, Verdict};
use super::clock::{TimeControl, clock_text};
use super::strength::{STRENGTH_TAG, strength_name};
use super::width::wrap_message;
use super::{Console, Question, phrases};
use shashki::Color;
use shashki::files::{DataDir, ReadError, read_text, write_atomically};
use shashki::kb::{book_path, learned_path, locate_file};
use shashki::msg;
use shashki::notation::pdn::{self, GameRecord};
use shashki::play::openings::opening_of;

/// The event of the records of games played at this console: a record that has it, or
/// the bot's strength, is the player's own game; any other is a game of others.
pub(super) const CONSOLE_EVENT: &str = "shashki console game";

impl Console {
    /// The game as a PDN record: an opened game's own tags, else the players named by
    /// colour, the event and the date.
    pub(super) fn record_text(&self) -> String {
        // The writer adds these from the game itself; a timed game names its control and
        // each side's time, and the bot's strength is kept, so that a resumed game goes on
        // as it was.
        let own = ["Result", "Termination", "GameType", "FEN"];
        let mut session: Vec<(&str, String)> = self
            .strength
            .tag()
            .map(|strength| (STRENGTH_TAG, strength))
            .into_iter()
            .collect();
        // The opening, where the game began with a named one and the record names none.
        let named = self
            .record
            .tags
            .iter()
            .any(|(tag, _)| tag.eq_ignore_ascii_case("Opening"));
        if let Some(opening) = opening_of(&self.record.game).filter(|_| !named) {
            session.push(("Opening", opening.to_string()));
        }
        if let Some(clocks) = &self.strength.clocks {
            session.push(("TimeControl", clocks.control().pdn()));
            session.push(("WhiteClock", clock_text(clocks.left(Color::White))));
            session.push(("BlackClock", clock_text(clocks.left(Color::Black))));
        }
        let replaced = |name: &str| {
            own.iter().any(|own| own.eq_ignore_ascii_case(name))
                || session
                    .iter()
                    .any(|(tag, _)| tag.eq_ignore_ascii_case(name))
        };
        let mut tags: Vec<(&str, String)> = self
            .record
            .tags
            .iter()
            .filter(|(name, _)| !replaced(name))
            .map(|(name, value)| (name.as_str(), value.clone()))
            .collect();
        if tags.is_empty() {
            let (white, black) = match self.record.human {
                Color::White => (self.record.player.as_str(), BOT),
                Color::Black => (BOT, self.record.player.as_str()),
            };
            tags = vec![
                ("Event", CONSOLE_EVENT.to_string()),
                ("Date", today()),
                ("White", white.to_string()),
                ("Black", black.to_string()),
            ];
        }
        tags.extend(session);
        pdn::write(&self.record.game, &tags, &self.record.comments)
    }

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
        if let Some(kb) = self
            .knowledge_base_files()
            .iter()
            .find(|kb| same_file(kb, path))
        {
            self.tell(msg!(
                "save-over-kb",
                path = path.display().to_string(),
                kb = kb.display().to_string()
            ));
            return;
        }
        // Only a regular file is worth a question; the writer refuses anything else.
        if replace || !path.is_file() {
            self.write_record(path);
        } else if self.dialogue.interactive {
            self.dialogue.question = Question::Replace(path.to_path_buf());
        } else {
            self.tell(msg!("save-exists", path = path.display().to_string()));
        }
    }

    /// Writes the record to `path` in one step.
    pub(super) fn write_record(&mut self, path: &Path) {
        let text = self.record_text();
        match write_atomically(path, text.as_bytes()) {
            Ok(()) => self.tell(msg!("saved", path = path.display().to_string())),
            // A bare name where the current folder cannot be written (a program started
            // from Program Files, a read-only folder): the record goes to games/.
            Err(error) if bare(path) && cannot_write_here(&error) => {
                let Some(games) = self.data.as_ref().map(DataDir::games) else {
                    return self.tell_save_failed(path, &error);
                };
                let stem = path
                    .file_stem()
                    .and_then(|stem| stem.to_str())
                    .unwrap_or("game");
                let elsewhere = free_name(&games, stem);
                let written = std::fs::create_dir_all(&games)
                    .and_then(|()| write_atomically(&elsewhere, text.as_bytes()));
                match written {
                    Ok(()) => self.tell(msg!(
                        "saved-elsewhere",
                        path = elsewhere.display().to_string()
                    )),
                    Err(_) => self.tell_save_failed(path, &error),
                }
            }
            Err(error) => self.tell_save_failed(path, &error),
        }
    }

    fn tell_save_failed(&mut self, path: &Path, error: &std::io::Error) {
        self.tell(msg!(
            "save-failed",
            path = path.display().to_string(),
            error = self.words(shashki::files::io_error_message(error))
        ));
    }

    /// Once the player's game has ended: its record is kept in `games/`, named by the date,
    /// the time and the opponent (an end reached again after `undo` updates it).
    pub(super) fn keep_finished(&mut self) {
        let Some(games) = self.data.as_ref().map(DataDir::games) else {
            return;
        };
        if self.record.over_when_taken == Some(self.record.game.moves().len()) {
            return;
        }
        let path = match &self.record.kept {
            Some(path) => path.clone(),
            None => {
                let opponent = match self.strength.tag() {
                    Some(strength) => format!("{BOT}-{}", strength.replace(' ', "")),
                    None => BOT.to_string(),
                };
                free_name(&games, &format!("{}-{opponent}", timestamp()))
            }
        };
        let text = self.record_text();
        let written =
            std::fs::create_dir_all(&games).and_then(|()| write_atomically(&path, text.as_bytes()));
        match written {
            Ok(()) => {
                if self.record.kept.is_none() {
                    self.tell(msg!("game-kept"));
                }
                self.record.kept = Some(path);
            }
            Err(error) => self.tell(msg!(
                "keep-game-failed",
                path = path.display().to_string(),
                error = self.words(shashki::files::io_error_message(&error))
            )),
        }
    }

    /// `games`: the kept games, the newest first.
    pub(super) fn list_kept_games(&mut self) {
        let Some(dir) = self.data.as_ref().map(DataDir::games) else {
            return self.tell(msg!("games-none"));
        };
        let games = archive::kept_games(&dir);
        if games.is_empty() {
            return self.tell(msg!("games-none"));
        }
        let rows: Vec<[String; 6]> = games
            .iter()
            .map(|game| {
                let side = match game.side {
                    Some(side) => self.words(msg!("prompt-side", side = phrases::side(side))),
                    None => "-".to_string(),
                };
                let level = match (&game.strength, &game.control) {
                    (Some(strength), _) => self.words(strength_name(strength, self.text.lang())),
                    (None, Some(control)) => TimeControl::from_pdn(control)
                        .map_or_else(|| control.clone(), |control| control.to_string()),
                    (None, None) => "-".to_string(),
                };
                let verdict = self.words(msg!("games-verdict", verdict = verdict_id(game.verdict)));
                let moves = self.words(msg!("games-moves", count = game.moves));
                let opening = game.opening.clone().unwrap_or_else(|| "-".to_string());
                [game.when.clone(), side, level, opening, verdict, moves]
            })
            .collect();
        self.tell(msg!("games-title", path = dir.display().to_string()));
        let lines: Vec<String> = table(&rows)
            .into_iter()
            .enumerate()
            .map(|(at, row)| format!("{:>4}. {row}", at + 1))
            .collect();
        self.say(lines.join("\n"));
    }

    /// `games N`: opens game N of the list.
    pub(super) fn open_kept_game(&mut self, number: usize) {
        let dir = self.data.as_ref().map(DataDir::games);
        let games = dir.as_deref().map(archive::kept_games).unwrap_or_default();
        match games.get(number - 1) {
            Some(game) => {
                let path = game.path.clone();
                self.open(&path, None);
            }
            None => self.tell(msg!(
                "games-out-of-range",
                number = number,
                count = games.len()
            )),
        }
    }

    /// `stats`: wins, draws and losses by the bot's level and the player's colour, over
    /// every kept game and over the newest of them.
    pub(super) fn show_stats(&mut self) {
        let dir = self.data.as_ref().map(DataDir::games);
        let games = dir.as_deref().map(archive::kept_games).unwrap_or_default();
        let counted = archive::tally(&games);
        if counted.is_empty() {
            return self.tell(msg!("stats-none"));
        }
        let score = |tally: &archive::Tally| [tally.wins, tally.draws, tally.losses];
        let mut total = [[0; 3]; 2];
        let mut rows = vec![[
            self.words(msg!("stats-level")),
            self.words(msg!("stats-side")),
            self.words(msg!("stats-wins")),
            self.words(msg!("stats-draws")),
            self.words(msg!("stats-losses")),
        ]];
        for ((strength, side), tallies) in &counted {
            let side = if *side == Color::White as usize {
                Color::White
            } else {
                Color::Black
            };
            let [all, recent] = tallies.each_ref().map(score);
            for (sum, counts) in total.iter_mut().zip([all, recent]) {
                for (sum, count) in sum.iter_mut().zip(counts) {
                    *sum += count;
                }
            }
            let cells =
                std::array::from_fn::<_, 3, _>(|at| format!("{} ({})", all[at], recent[at]));
            rows.push([
                self.words(strength_name(strength, self.text.lang())),
                self.words(msg!("prompt-side", side = phrases::side(side))),
                cells[0].clone(),
                cells[1].clone(),
                cells[2].clone(),
            ]);
        }
        let [all, recent] = total;
        let cells = std::array::from_fn::<_, 3, _>(|at| format!("{} ({})", all[at], recent[at]));
        rows.push([
            self.words(msg!("stats-all")),
            String::new(),
            cells[0].clone(),
            cells[1].clone(),
            cells[2].clone(),
        ]);
        let finished: usize = all.iter().sum();
        let mut lines = vec![self.words(msg!(
            "stats-title",
            count = finished,
            recent = archive::RECENT
        ))];
        lines.extend(table(&rows).into_iter().map(|row| format!("  {row}")));
        self.say(lines.join("\n"));
    }

    /// Every knowledge-base file the console may use or write: the one found for
    /// `--kb` or in the current directory, and the player's own.
    fn knowledge_base_files(&self) -> Vec<PathBuf> {
        let base = locate_file(self.engines.kb_path.as_deref(), self.data.as_ref());
        let mut files: Vec<PathBuf> = base.iter().cloned().collect();
        files.extend(self.data.as_ref().map(DataDir::knowledge_base));
        // The learned facts and the book beside it are knowledge bases too.
        files.extend(learned_path(base.as_deref(), self.data.as_ref()));
        files.extend(self.data.as_ref().map(DataDir::learned));
        files.extend(book_path(base.as_deref(), self.data.as_ref()));
        files.extend(self.data.as_ref().map(DataDir::book));
        files
    }

    /// Opens game `number` of the PDN file at `path`, or its only game; lists the games
    /// of a file with several when no number is given.
    pub(super) fn open(&mut self, path: &Path, number: Option<usize>) {
        let text = match read_text(path) {
            Ok(text) => text,
            // `FILE:LINE:COL: invalid UTF-8 ...`, placed like the PDN errors below.
            Err(error @ ReadError::BadUtf8(_)) => {
                let reason = self.words(error.message());
                self.say(format!("{}:{reason}", path.display()));
                return;
            }
            Err(error) => {
                self.tell(msg!(
                    "open-failed",
                    path = path.display().to_string(),
                    error = self.words(error.message())
                ));
                return;
            }
        };
        let mut games = pdn::read_all(&text);
        let count = games.len();
        let chosen = match (number, count) {
            (_, 0) => {
                self.tell(msg!("open-no-game", path = path.display().to_string()));
                return;
            }
            (None, 1) => 1,
            (None, _) => {
                self.list_games(path, &games);
                return;
            }
            (Some(n), _) if n > count => {
                self.tell(msg!(
                    "open-out-of-range",
                    path = path.display().to_string(),
                    count = count
                ));
                return;
            }
            (Some(n), _) => n,
        };
        match games.swap_remove(chosen - 1) {
            Ok(record) => {
                self.keep_unfinished();
                let plies = self.words(msg!("plies", count = record.game.moves().len()));
                let path = path.display().to_string();
                self.tell(if count > 1 {
                    msg!(
                        "opened-one-of",
                        path = path,
                        chosen = chosen,
                        count = count,
                        plies = plies.clone()
                    )
                } else {
                    msg!("opened", path = path, plies = plies.clone())
                });
                if record.moves_lost {
                    self.tell(msg!("record-moves-lost", plies = plies));
                }
                self.go_on(record, GoingOn::Opened);
            }
            Err(error) => {
                let reason = self.words(error.message());
                self.say(format!("{}:{reason}", path.display()));
            }
        }
    }

    /// Goes on with the game of `record`, opened or resumed alike. A record the program
    /// wrote brings back the player's side, the clocks and the bot's strength, and one
    /// line says what came back; in a record of others' game the player is asked to
    /// take a side before the bot moves.
    pub(super) fn go_on(&mut self, record: GameRecord, how: GoingOn) {
        let human = players_side(&record);
        let tags = record.tags.clone();
        let tag = |name: &str| {
            tags.iter()
                .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
                .map(|(_, value)| value.clone())
        };
        self.take_game(record, human);
        if human.is_some() {
            self.strength.restore_clocks(tag);
            if let Some(strength) = tag(STRENGTH_TAG) {
                self.strength.restore(&strength);
            }
            let restored = self.restored_words();
            let how = match how {
                GoingOn::Opened => "opened",
                GoingOn::Resumed => "resumed",
            };
            self.tell(msg!("went-on", how = how, what = restored));
        } else {
            let name = |side: &str| tag(side).unwrap_or_else(|| "?".to_string());
            self.tell(msg!(
                "opened-others",
                white = name("White"),
                black = name("Black"),
                over = if self.record.game_over() { "yes" } else { "no" }
            ));
        }
        self.show_board();
        self.proceed();
    }

    /// `you play Black, level club, clock 3:00 + 2 (White 2:51.0, Black 2:40.3)`: the
    /// side, the bot's strength and the clocks as they now are.
    fn restored_words(&self) -> String {
        let mut parts = vec![self.words(msg!(
            "went-on-side",
            side = phrases::side(self.record.human)
        ))];
        if let Some(strength) = self.strength.words(self.text.lang()) {
            parts.push(self.words(strength));
        }
        if let Some(clocks) = &self.strength.clocks {
            parts.push(self.words(msg!(
                "went-on-clock",
                control = clocks.control().to_string(),
                white = clock_text(clocks.left(Color::White)),
                black = clock_text(clocks.left(Color::Black))
            )));
        }
        parts.join(", ")
    }

    /// Before the prompt: a record of others' game that can go on waits for the
    /// player to take a side.
    pub(super) fn ask_for_a_side(&mut self) {
        if !self.record.side_known
            && self.dialogue.question == Question::None
            && !self.record.game_over()
            && self.record.view.is_none()
            && !self.trainer.active()
        {
            self.dialogue.question = Question::Side;
        }
    }

    /// The player takes `side` in an opened record of others: from now on it is their
    /// game against the bot.
    pub(super) fn take_side(&mut self, side: Color) {
        self.dialogue.question = Question::None;
        self.record.human = side;
        self.record.side_known = true;
        // From here on the record is the player's game against the bot, and says so, so
        // that it comes back on this side, saved or resumed.
        let (white, black) = match side {
            Color::White => (self.record.player.clone(), BOT.to_string()),
            Color::Black => (BOT.to_string(), self.record.player.clone()),
        };
        self.record.set_tag("White", white);
        self.record.set_tag("Black", black);
        self.tell(msg!("you-play-now", side = phrases::side(side)));
        self.proceed();
    }

    /// `FILE has G games; open one with open FILE N:` and a line for each.
    fn list_games(&mut self, path: &Path, games: &[Result<pdn::GameRecord, pdn::PdnError>]) {
        let mut lines = vec![self.words(msg!(
            "open-list",
            path = path.display().to_string(),
            count = games.len()
        ))];
        for (number, game) in games.iter().enumerate() {
            let line = match game {
                Ok(record) => {
                    let tag = |name: &str| record.tag(name).unwrap_or("?").to_string();
                    self.words(msg!(
                        "open-list-game",
                        white = tag("White"),
                        black = tag("Black"),
                        event = tag("Event"),
                        date = self.date_words(&tag("Date")),
                        result = pdn::result_token(record.game.outcome()),
                        plies = self.words(msg!("plies", count = record.game.moves().len()))
                    ))
                }
                Err(error) => self.words(msg!(
                    "open-list-unreadable",
                    path = path.display().to_string(),
                    error = self.words(error.message())
                )),
            };
            let line = format!("{:>4}. {line}", number + 1);
            lines.push(wrap_message(&line));
        }
        self.say(lines.join("\n"));
    }
}

impl Console {
    /// A record's date as it can be read: `1975.03.12`, `1975` for `1975.??.??`, and
    /// words for a date not known at all.
    fn date_words(&self, date: &str) -> String {
        let known: Vec<&str> = date
            .split('.')
            .take_while(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        match known.is_empty() {
            true => self.words(msg!("date-unknown")),
            false => known.join("."),
        }
    }
}

/// The message variant of a kept game's verdict.
fn verdict_id(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Win => "win",
        Verdict::Draw => "draw",
        Verdict::Loss => "loss",
        Verdict::Unfinished => "unfinished",
        Verdict::Over => "over",
    }
}

/// `rows` as lines of columns, each as wide as its widest cell, the last unpadded.
fn table<const N: usize>(rows: &[[String; N]]) -> Vec<String> {
    let widths: Vec<usize> = (0..N)
        .map(|column| {
            rows.iter()
                .map(|row| row[column].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &width)| format!("{cell:<width$}"))
                .collect();
            cells.join("  ").trim_end().to_string()
        })
        .collect()
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
fn civil_from_days(days: i64) -> (i64, u32, u32) {
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
