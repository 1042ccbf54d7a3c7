//! The bot's strength at the prompt: `level` and `movetime` show and set it.

use super::Console;
use super::command::level_word;
use super::text::{Message, msg};
use crate::engine::{Level, Limits, Reach};

impl Console {
    /// The bot's strength: its clock, its level, or its time or depth a move.
    pub(super) fn show_strength(&mut self) {
        let text = match &self.clocks {
            Some(clocks) => msg!("bot-clock", control = clocks.control().to_string()),
            None => self.strength(false),
        };
        self.tell(text);
    }

    /// Sets the bot's limits and knowledge (on a clock, those of hints and analysis),
    /// and says what they are.
    pub(super) fn set_strength(&mut self, limits: Limits, use_kb: bool) {
        self.limits = limits;
        self.engine.set_use_kb(use_kb);
        let text = self.strength(true);
        self.tell(text);
    }

    /// The bot's level in words, or its time or depth a move; `now` after a change.
    fn strength(&self, now: bool) -> Message {
        let level = Level::of(self.limits, self.engine.config().use_kb);
        match (level, self.limits) {
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

/// What a level does, in words: `4 plies deep, with the knowledge base`.
fn level_limits(level: &Level) -> Message {
    let kb = if level.use_kb { "yes" } else { "no" };
    match level.reach {
        Reach::Depth(depth) => msg!("level-depth", depth = depth, kb = kb),
        Reach::Time(time) => msg!("level-time", ms = time.as_millis(), kb = kb),
    }
}
