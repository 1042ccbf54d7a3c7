//! The bot's strength at the prompt: `level` and `movetime` show and set it, and a
//! game's record keeps it.

use std::time::Duration;

use super::width::wrap_message;
use super::{Console, Strength};
use crate::app::vocabulary::{LEVEL_WORDS, level_word};
use shashki::engine::{LEVELS, Level, Limits, Reach, Setting, level};
use shashki::msg;
use shashki::words::{Lang, Message};

/// The record's tag that keeps the bot's strength: a level's name, `1500 ms` or `depth 6`.
pub(super) const STRENGTH_TAG: &str = "BotStrength";

impl Strength {
    /// The limits of hints, analysis and review: the player's `--depth` when given (for
    /// results that repeat), else `time`. The bot's level never weakens them.
    pub(super) fn study_limits(&self, time: Limits) -> Limits {
        match self.study_depth {
            Some(depth) => Limits::Depth(depth),
            None => time,
        }
    }
}

impl Console {
    /// The bot's strength: its clock, its level, or its time or depth a move.
    pub(super) fn show_strength(&mut self) {
        let text = match &self.strength.clocks {
            Some(clocks) if self.strength.strength_chosen => {
                let use_kb = self.engines.engine.config().use_kb;
                let (level, limits) = match (
                    Level::of(self.strength.limits, use_kb),
                    self.strength.limits,
                ) {
                    (Some(level), _) => {
                        (level_word(&level, self.text.lang()), level_limits(&level))
                    }
                    (None, Limits::Depth(depth)) => {
                        ("", msg!("level-depth", depth = depth, kb = "yes"))
                    }
                    (None, limits) => {
                        let ms = limits.hard_time().unwrap_or_default().as_millis();
                        ("", msg!("level-time", ms = ms, kb = "yes"))
                    }
                };
                msg!(
                    "bot-clock-capped",
                    control = clocks.control().to_string(),
                    named = if level.is_empty() { "no" } else { "yes" },
                    level = level,
                    limits = self.words(limits)
                )
            }
            Some(clocks) => msg!("bot-clock", control = clocks.control().to_string()),
            None => self.strength_message(false),
        };
        self.tell(text);
    }

    /// Sets the bot's limits and knowledge, and says what they are; on a clock they
    /// bound its share of the time.
    pub(super) fn set_strength(&mut self, limits: Limits, use_kb: bool) {
        self.strength.limits = limits;
        self.strength.strength_chosen = true;
        self.engines.engine.set_use_kb(use_kb);
        let text = self.strength_message(true);
        self.tell(text);
    }

    /// The bot's strength for the record, when it holds: always without a clock, on a
    /// clock when the player chose it.
    pub(super) fn strength_tag(&self) -> Option<String> {
        if self.strength.clocks.is_some() && !self.strength.strength_chosen {
            return None;
        }
        let use_kb = self.engines.engine.config().use_kb;
        Some(
            match (
                Level::of(self.strength.limits, use_kb),
                self.strength.limits,
            ) {
                (Some(level), _) => level.name.to_string(),
                (None, Limits::MoveTime(time)) => format!("{} ms", time.as_millis()),
                (None, Limits::Depth(depth)) => format!("depth {depth}"),
                (None, _) => return None,
            },
        )
    }

    /// The bot's strength in a few words (`level «club»`, `1500 ms a move`), when it
    /// holds: as [`Console::strength_tag`] keeps it in a record.
    pub(super) fn strength_words(&self) -> Option<String> {
        if self.strength.clocks.is_some() && !self.strength.strength_chosen {
            return None;
        }
        let use_kb = self.engines.engine.config().use_kb;
        self.strength_phrase(self.strength.limits, use_kb, true)
    }

    /// A record's strength tag in words for a table: a level's name in the player's
    /// language, or its time or depth a move; a tag that cannot be read as it is.
    pub(super) fn strength_name(&self, tag: &str) -> String {
        strength_of_tag(tag)
            .and_then(|(limits, use_kb)| self.strength_phrase(limits, use_kb, false))
            .unwrap_or_else(|| tag.to_string())
    }

    /// `level club` (`club` without `named`), `1500 ms a move`, `6 plies a move`.
    fn strength_phrase(&self, limits: Limits, use_kb: bool, named: bool) -> Option<String> {
        let words = match (Level::of(limits, use_kb), limits) {
            (Some(level), _) if !named => return Some(level_word(&level, self.text.lang()).into()),
            (Some(level), _) => msg!(
                "went-on-level",
                level = level_word(&level, self.text.lang())
            ),
            (None, Limits::MoveTime(time)) => msg!("went-on-movetime", ms = time.as_millis()),
            (None, Limits::Depth(depth)) => msg!("went-on-depth", depth = depth),
            (None, _) => return None,
        };
        Some(self.words(words))
    }

    /// The strength a record's tag kept, quietly: a tag that cannot be read leaves
    /// the strength as it is.
    pub(super) fn restore_strength(&mut self, tag: &str) {
        if let Some((limits, use_kb)) = strength_of_tag(tag) {
            self.strength.limits = limits;
            self.strength.strength_chosen = true;
            self.engines.engine.set_use_kb(use_kb);
        }
    }

    /// The bot's level in words, or its time or depth a move; `now` after a change.
    fn strength_message(&self, now: bool) -> Message {
        let level = Level::of(self.strength.limits, self.engines.engine.config().use_kb);
        match (level, self.strength.limits) {
            (Some(level), _) => {
                let name = level_word(&level, self.text.lang());
                let does = self.words(level_limits(&level));
                match now {
                    true => msg!("bot-level-set", level = name, limits = does),
                    false => msg!("bot-level", level = name, limits = does),
                }
            }
            (None, Limits::MoveTime(time)) if now => {
                msg!("bot-movetime-set", ms = time.as_millis())
            }
            (None, Limits::MoveTime(time)) => msg!("bot-movetime", ms = time.as_millis()),
            (None, Limits::Depth(depth)) => msg!("bot-depth", depth = depth),
            (None, other) => msg!("bot-limits", limits = other.to_string()),
        }
    }
}

impl Console {
    /// `levels`: every level, its names, what it does and what that means for a player.
    pub(super) fn list_levels(&mut self) {
        let current = Level::of(self.strength.limits, self.engines.engine.config().use_kb);
        let mut lines = vec![self.words(msg!("levels-title"))];
        for (word, level) in LEVEL_WORDS.iter().zip(LEVELS) {
            let line = self.words(msg!(
                "levels-line",
                en = word.get(Lang::En),
                ru = word.get(Lang::Ru),
                limits = self.words(level_limits(&level)),
                means = self.words(level_meaning(&level))
            ));
            // Every entry wraps as if unmarked, so that all continue at one indent.
            let wrapped = wrap_message(&format!("  {line}"));
            lines.push(match current == Some(level) {
                true => format!("* {}", &wrapped[2..]),
                false => wrapped,
            });
        }
        self.say(lines.join("\n"));
    }
}

/// The limits and knowledge a record's strength tag keeps (see [`STRENGTH_TAG`]).
fn strength_of_tag(tag: &str) -> Option<(Limits, bool)> {
    let tag = tag.trim();
    if let Some(level) = level(tag) {
        Some((level.limits(), level.use_kb))
    } else if let Some(ms) = tag.strip_suffix("ms") {
        ms.trim()
            .parse::<u64>()
            .ok()
            .filter(|&ms| ms >= 1)
            .map(|ms| (Limits::MoveTime(Duration::from_millis(ms)), true))
    } else if let Some(depth) = tag.strip_prefix("depth") {
        depth
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&depth| Setting::Depth.takes(u64::from(depth)))
            .map(|depth| (Limits::Depth(depth), true))
    } else {
        None
    }
}

/// What playing `level` is like, in words.
fn level_meaning(level: &Level) -> Message {
    match level.name {
        "beginner" => msg!("level-means-beginner"),
        "novice" => msg!("level-means-novice"),
        "casual" => msg!("level-means-casual"),
        "club" => msg!("level-means-club"),
        "easy" => msg!("level-means-easy"),
        "normal" => msg!("level-means-normal"),
        _ => msg!("level-means-hard"),
    }
}

/// What a level does, in words: `4 plies deep, with the knowledge base`.
fn level_limits(level: &Level) -> Message {
    let kb = if level.use_kb { "yes" } else { "no" };
    match level.reach {
        Reach::Depth(depth) => msg!("level-depth", depth = depth, kb = kb),
        Reach::Time(time) => msg!("level-time", ms = time.as_millis(), kb = kb),
    }
}
