//! Lessons: the player's mistakes, filed when their game ends and by `review` in
//! `lessons.txt` in the data directory, in the knowledge base's own grammar (an exact
//! fact each: the position before the mistake, the moves that keep the game as `play`
//! lines, the best first, and where it came from as a provenance line, with the line
//! that punished the mistake), and trained by `train` on a schedule
//! kept in `lessons-schedule.txt`: Leitner boxes.
//!
//! The bot never plays from lessons: the file is not a part of the base in use.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use super::files::{civil_from_days, today};
use super::render::Marks;
use super::said::{Note, Said};
use shashki::engine::{Engine, Limits};
use shashki::files::{DataDir, io_error_message, keep_backup, read_text, write_atomically};
use shashki::kb::{
    Diagnostic, KbEditor, KnowledgeBase, Origin, Provenance, Sources, exact_fact_text,
};
use shashki::msg;
use shashki::notation::{Notation, read_line};
use shashki::search::{Lines, Score};
use shashki::{Game, Move, MoveText, Position};

/// The days a lesson waits in each box before it comes back: box 1 is the next
/// session's, a lesson solved moves up a box, one missed goes back to box 1.
const INTERVALS: [u32; 5] = [0, 1, 3, 7, 14];

/// The days on which a lesson must be solved for it to be learned.
const LEARNED_AFTER: usize = 3;

/// The least a move may keep less than the best for a lesson to take it: a quarter of a
/// man.
pub(super) const MARGIN: Score = Score(Score::MAN.0 / 4);

/// The first lines of `lessons.txt`, when the first lesson makes it.
const HEADER: &str = "% Your lessons: positions where you went wrong, filed when your game ends \
and by `review`,\n% with the moves that keep the game. `train` poses them. The bot does not \
play from this file.\n\
% Ваши уроки: позиции ваших ошибок, записанные в конце партии и разбором, с ходами,\n\
% которые сохраняют партию. Их задаёт `тренировка`. Бот из этого файла не играет.\n\n";

/// One lesson: a position of the player's game and the moves that keep it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Lesson {
    /// The position before the mistake, the player to move.
    pub position: Position,
    /// The moves that keep the game, the best first.
    pub moves: Vec<Move>,
    /// Where it came from: the game, the move number, the move played.
    pub provenance: Provenance,
}

impl Lesson {
    /// The line the review gave against `mv`, where `mv` is the mistake itself.
    fn punished(&self, mv: Move) -> Option<Vec<Move>> {
        let after = self.position.play(mv).ok()?;
        let line = read_line(&after, self.provenance.punished.as_deref()?).ok()?;
        (self.mistake() == Some(mv) && !line.is_empty()).then_some(line)
    }

    /// The move the game went on with: the mistake.
    fn mistake(&self) -> Option<Move> {
        let played = self.provenance.played.as_deref()?;
        played
            .parse::<MoveText>()
            .ok()?
            .resolve(&self.position)
            .ok()
    }
}

/// A lesson's place on the schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Entry {
    /// The box, from 1.
    level: u32,
    /// The day it is due, `YYYY-MM-DD`.
    due: String,
    /// The days it was solved on.
    days: Vec<String>,
}

/// The lessons, the schedule and the one on the board.
pub(super) struct Lessons {
    data: Option<DataDir>,
    /// The lesson on the board: training mode.
    current: Option<Lesson>,
    /// The lessons missed this session: they come back in the next one.
    missed: HashSet<Position>,
}

impl Lessons {
    /// The lessons of the player's data directory `data`.
    pub fn new(data: Option<DataDir>) -> Lessons {
        Lessons {
            data,
            current: None,
            missed: HashSet::new(),
        }
    }

    /// Whether a lesson is on the board.
    pub fn active(&self) -> bool {
        self.current.is_some()
    }

    /// The lesson's position, in training mode.
    pub fn position(&self) -> Option<Position> {
        self.current.as_ref().map(|lesson| lesson.position)
    }

    /// Leaves training mode.
    pub fn leave(&mut self) {
        self.current = None;
    }

    fn file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(DataDir::lessons)
    }

    /// Files `lesson` in `lessons.txt` under `name`, unless the file has the position
    /// already: whether it was filed, or why it could not be.
    pub fn keep(&self, lesson: &Lesson, name: &str) -> Result<bool, Said> {
        let (Some(data), Some(path)) = (self.data.as_ref(), self.file()) else {
            return Ok(false);
        };
        if lesson.moves.is_empty() {
            return Ok(false);
        }
        if self
            .read()
            .iter()
            .any(|known| known.position == lesson.position)
        {
            return Ok(false);
        }
        keep_backup(data, &path).map_err(|error| {
            Said::from(msg!(
                "backup-failed",
                path = path.display().to_string(),
                error = io_error_message(&error)
            ))
        })?;
        let lines: Vec<Vec<Move>> = lesson.moves.iter().map(|&mv| vec![mv]).collect();
        let block = format!(
            "{}\n{}",
            lesson.provenance.line(),
            exact_fact_text(name, &lesson.position, &lines)
        );
        let problems = |problems: Vec<Diagnostic>| Said::from(Note::Problems(problems));
        DataDir::prepare(&path).map_err(|error| {
            Said::from(msg!(
                "lessons-failed",
                path = path.display().to_string(),
                error = io_error_message(&error)
            ))
        })?;
        let mut editor = KbEditor::open(&path, HEADER).map_err(problems)?;
        editor.append(&block);
        editor.save().map_err(problems)?;
        Ok(true)
    }

    /// Every lesson of `lessons.txt`, in file order; a file that cannot be read gives
    /// none.
    fn read(&self) -> Vec<Lesson> {
        let Some(path) = self.file().filter(|path| path.exists()) else {
            return Vec::new();
        };
        let (Ok(text), Ok((base, _))) = (
            read_text(&path),
            KnowledgeBase::load(&Sources::alone(&path)),
        ) else {
            return Vec::new();
        };
        let lines: Vec<&str> = text.lines().collect();
        base.facts()
            .iter()
            .filter_map(|fact| {
                let view = fact.exact_position()?;
                // A fact written for Black is kept turned: the game's position is its mirror.
                let heading = lines.get(fact.info.line.checked_sub(1)?)?;
                let for_black = heading.rsplit_once('"')?.1.contains("black");
                let position = if for_black { view.mirrored() } else { view };
                let moves = fact
                    .alternatives
                    .iter()
                    .filter_map(|line| line.first()?.resolve(&view).ok())
                    .map(|mv| if for_black { mv.flipped() } else { mv })
                    .collect();
                let provenance = fact.info.learned_from.first().cloned()?;
                (provenance.origin == Origin::Lesson).then_some(Lesson {
                    position,
                    moves,
                    provenance,
                })
            })
            .collect()
    }

    /// `train`: the next lesson due, posed, or when the next one is due.
    pub fn pose(&mut self) -> Said {
        let lessons = self.read();
        if lessons.is_empty() {
            return msg!("train-none").into();
        }
        let schedule = self.schedule();
        let today = today().replace('.', "-");
        let entry = |lesson: &Lesson| {
            schedule
                .get(&lesson.position.to_fen())
                .cloned()
                .unwrap_or_default()
        };
        let open: Vec<(&Lesson, Entry)> = lessons
            .iter()
            .map(|lesson| (lesson, entry(lesson)))
            .filter(|(_, entry)| entry.days.len() < LEARNED_AFTER)
            .collect();
        let due = open
            .iter()
            .find(|(lesson, entry)| entry.due <= today && !self.missed.contains(&lesson.position));
        let Some((lesson, _)) = due else {
            let next = open
                .iter()
                .filter(|(lesson, _)| !self.missed.contains(&lesson.position))
                .map(|(_, entry)| entry.due.clone())
                .min();
            return match next {
                Some(day) => msg!("train-next", day = day),
                None if open.is_empty() => msg!("train-all-learned", count = lessons.len()),
                None => msg!("train-next-session"),
            }
            .into();
        };
        let lesson = (*lesson).clone();
        let side = shashki::words::side(lesson.position.side_to_move());
        let said = Said::from(Note::Board {
            position: lesson.position,
            marks: lesson.mistake().map_or_else(Marks::default, |mistake| {
                Marks::of(&lesson.position, mistake)
            }),
            bottom: lesson.position.side_to_move(),
        })
        .and(msg!(
            "train-posed",
            side = side,
            number = lesson.provenance.move_number.unwrap_or(0),
            played = lesson.provenance.played.clone().unwrap_or_default(),
            game = lesson.provenance.game.message()
        ));
        self.current = Some(lesson);
        said
    }

    /// The player's `mv` in the lesson on the board, judged by `lines` (a search of every
    /// move there at training time): right when it keeps the game within the margin of
    /// the best, or is one of the lesson's moves; otherwise the line that punishes it.
    /// The lesson moves on the schedule, and training mode ends.
    pub fn answer(&mut self, mv: Move, lines: &Lines, notation: Notation) -> Said {
        let Some(lesson) = self.current.take() else {
            return Said::nothing();
        };
        let position = lesson.position;
        let best = lines.lines.first().map(|line| line.score);
        let own = lines.lines.iter().find(|line| line.pv.first() == Some(&mv));
        // The mistake is never right, whatever a search at training time makes of it.
        let kept = lesson.mistake() != Some(mv)
            && (lesson.moves.contains(&mv)
                || matches!((best, own), (Some(best), Some(own)) if own.score >= best - MARGIN));
        let mut line = own.map_or_else(Vec::new, |own| own.pv.clone());
        // The mistake played again is answered with the line the review gave.
        if let Some(punished) = lesson.punished(mv) {
            line = [vec![mv], punished].concat();
        }
        let written = notation.line(&position, &line);
        let mut said = Said::nothing();
        if kept {
            said.tell(msg!("train-right", line = written));
        } else {
            let better = lesson
                .moves
                .first()
                .map(|&best| notation.write(&position, best))
                .unwrap_or_default();
            said.tell(msg!("train-wrong", line = written, better = better));
            // What kind of blow punishes it, where a motif names it.
            let after = position.play_unchecked(mv);
            let motifs =
                shashki::combination::motif::named(&after, line.get(1..).unwrap_or_default());
            if !motifs.is_empty() {
                let names = shashki::combination::motif::names(&motifs);
                said.tell(msg!("puzzle-motifs", motifs = names));
            }
            self.missed.insert(position);
        }
        said.add(self.reschedule(&position, kept));
        said.and(msg!("train-more"))
    }

    /// The schedule: each lesson's box, day due and days solved, by its position's FEN.
    /// A line that cannot be read is passed over: the lesson counts as new.
    fn schedule(&self) -> BTreeMap<String, Entry> {
        let Some(path) = self.data.as_ref().map(DataDir::lessons_schedule) else {
            return BTreeMap::new();
        };
        let text = read_text(&path).unwrap_or_default();
        text.lines()
            .filter(|line| !line.trim().is_empty() && !line.starts_with('%'))
            .filter_map(|line| {
                let mut words = line.split_whitespace();
                let fen = words.next()?.to_string();
                let mut entry = Entry::default();
                for word in words {
                    match word.split_once('=')? {
                        ("box", level) => entry.level = level.parse().ok()?,
                        ("due", day) => entry.due = day.to_string(),
                        ("days", days) => {
                            entry.days = days
                                .split(',')
                                .filter(|day| !day.is_empty())
                                .map(str::to_string)
                                .collect();
                        }
                        _ => {}
                    }
                }
                Some((fen, entry))
            })
            .collect()
    }

    /// Moves the lesson of `position` up a box when `solved` (due again after the box's
    /// interval, learned once solved on three days), else back to the first.
    fn reschedule(&self, position: &Position, solved: bool) -> Said {
        let Some(path) = self.data.as_ref().map(DataDir::lessons_schedule) else {
            return Said::nothing();
        };
        let mut schedule = self.schedule();
        let today = today().replace('.', "-");
        let entry = schedule.entry(position.to_fen()).or_default();
        if solved {
            // A new lesson stands in the first box.
            entry.level = (entry.level.max(1) + 1).min(INTERVALS.len() as u32);
            if !entry.days.contains(&today) {
                entry.days.push(today.clone());
            }
        } else {
            entry.level = 1;
        }
        entry.due = add_days(&today, INTERVALS[entry.level as usize - 1]);
        let learned = entry.days.len() >= LEARNED_AFTER;
        let mut text = String::from(
            "% The lessons' schedule: a lesson's position, its box, the day it is due, the days \
             it was solved.\n",
        );
        for (fen, entry) in &schedule {
            text.push_str(&format!(
                "{fen} box={} due={} days={}\n",
                entry.level,
                entry.due,
                entry.days.join(",")
            ));
        }
        let written =
            DataDir::prepare(&path).and_then(|()| write_atomically(&path, text.as_bytes()));
        let mut said = Said::nothing();
        if let Err(error) = written {
            said.tell(msg!(
                "lessons-failed",
                path = path.display().to_string(),
                error = io_error_message(&error)
            ));
        }
        if learned && solved {
            said.tell(msg!("train-learned"));
        }
        said
    }
}

/// The moves of `game`'s position that keep the game within the margin of the best, by
/// a search of every move within `limits`: the best first.
pub(super) fn keeping_moves(engine: &mut Engine, game: &Game, limits: Limits) -> Vec<Move> {
    engine.new_game();
    let count = game.position().legal_moves().len();
    let lines = engine.lines(game, count, limits, &mut |_| {});
    let Some(best) = lines.lines.first().map(|line| line.score) else {
        return Vec::new();
    };
    lines
        .lines
        .iter()
        .filter(|line| line.score >= best - MARGIN)
        .filter_map(|line| line.pv.first().copied())
        .collect()
}

/// `day` (`YYYY-MM-DD`) and `days` more.
fn add_days(day: &str, days: u32) -> String {
    let mut parts = day.split('-').map(|part| part.parse::<i64>().unwrap_or(1));
    let (year, month, date) = (
        parts.next().unwrap_or(1970),
        parts.next().unwrap_or(1),
        parts.next().unwrap_or(1),
    );
    // Days from the civil date (Howard Hinnant's algorithm), then back.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + date - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let number = era * 146_097 + doe - 719_468 + i64::from(days);
    let (year, month, date) = civil_from_days(number);
    format!("{year:04}-{month:02}-{date:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_added_across_months_and_years() {
        assert_eq!(add_days("2026-11-29", 0), "2026-11-29");
        assert_eq!(add_days("2026-11-29", 3), "2026-12-02");
        assert_eq!(add_days("2026-12-30", 14), "2027-01-13");
        assert_eq!(add_days("2028-02-28", 1), "2028-02-29");
    }
}
