//! The bot's strength and the clocks: `level` and `movetime` show and set it, a
//! game's record keeps it, and on a clock it is the clock's share.

use std::time::Duration;

use std::time::Instant;

use super::clock::{Clocks, MoveLimits, TimeControl, WARNINGS, clock_text, parse_clock_text};
use super::width::wrap_message;
use crate::app::vocabulary::{LEVEL_WORDS, level_word};
use shashki::Color;
use shashki::engine::{LEVELS, Level, Limits, Reach, Setting, level};
use shashki::msg;
use shashki::words::{Lang, Message, Text};

/// The record's tag that keeps the bot's strength: a level's name, `1500 ms` or `depth 6`.
pub(super) const STRENGTH_TAG: &str = "BotStrength";

/// The bot's strength and the clocks.
pub(super) struct Strength {
    pub seed: u64,
    /// The bot's limits without clocks.
    pub limits: Limits,
    /// Whether the bot plays its knowledge base (the weakest levels do not).
    pub use_kb: bool,
    /// Whether the player chose them: on a clock they then bound the clock's share.
    pub strength_chosen: bool,
    /// The player's `--depth`: hints, analysis and review search to it, so that their
    /// results repeat; otherwise they think for times of their own.
    pub study_depth: Option<u32>,
    /// Both sides' clocks in a timed game.
    pub clocks: Option<Clocks>,
}

/// What the player's running clock brings while the prompt waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Due {
    /// A warning: this many seconds are left.
    Warning(u64),
    /// The flag falls.
    Flag,
}

impl Strength {
    /// The limits of hints, analysis and review: the player's `--depth` when given (for
    /// results that repeat), else `time`. The bot's level never weakens them.
    pub fn study_limits(&self, time: Limits) -> Limits {
        match self.study_depth {
            Some(depth) => Limits::Depth(depth),
            None => time,
        }
    }

    /// The bot's strength: its clock, its level, or its time or depth a move.
    pub fn shown(&self, lang: Lang) -> Message {
        match &self.clocks {
            Some(clocks) if self.strength_chosen => {
                let (level, limits) = match (Level::of(self.limits, self.use_kb), self.limits) {
                    (Some(level), _) => (level_word(&level, lang), level_limits(&level)),
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
                    limits = limits
                )
            }
            Some(clocks) => msg!("bot-clock", control = clocks.control().to_string()),
            None => self.message(false, lang),
        }
    }

    /// Sets the bot's limits and knowledge, and says what they are; on a clock they
    /// bound its share of the time.
    pub fn set(&mut self, limits: Limits, use_kb: bool, lang: Lang) -> Message {
        self.limits = limits;
        self.use_kb = use_kb;
        self.strength_chosen = true;
        self.message(true, lang)
    }

    /// The bot's strength for the record, when it holds: always without a clock, on a
    /// clock when the player chose it.
    pub fn tag(&self) -> Option<String> {
        if self.clocks.is_some() && !self.strength_chosen {
            return None;
        }
        Some(match (Level::of(self.limits, self.use_kb), self.limits) {
            (Some(level), _) => level.name.to_string(),
            (None, Limits::MoveTime(time)) => format!("{} ms", time.as_millis()),
            (None, Limits::Depth(depth)) => format!("depth {depth}"),
            (None, _) => return None,
        })
    }

    /// The bot's strength in a few words (`level «club»`, `1500 ms a move`), when it
    /// holds: as [`Strength::tag`] keeps it in a record.
    pub fn words(&self, lang: Lang) -> Option<Message> {
        if self.clocks.is_some() && !self.strength_chosen {
            return None;
        }
        phrase(self.limits, self.use_kb, true, lang)
    }

    /// The strength a record's tag kept, quietly: a tag that cannot be read leaves
    /// the strength as it is.
    pub fn restore(&mut self, tag: &str) {
        if let Some((limits, use_kb)) = strength_of_tag(tag) {
            self.limits = limits;
            self.use_kb = use_kb;
            self.strength_chosen = true;
        }
    }

    /// The bot's level in words, or its time or depth a move; `now` after a change.
    fn message(&self, now: bool, lang: Lang) -> Message {
        match (Level::of(self.limits, self.use_kb), self.limits) {
            (Some(level), _) => {
                let name = level_word(&level, lang);
                let does = level_limits(&level);
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

    /// The level the bot plays at, if its limits are a level's.
    pub fn level(&self) -> Option<Level> {
        Level::of(self.limits, self.use_kb)
    }

    /// Before the prompt: the clock of `to_move` runs while `running` (not once the
    /// game is over, nor while the game waits).
    pub fn run_clock(&mut self, to_move: Color, running: bool) {
        if let Some(clocks) = &mut self.clocks {
            match running {
                true => clocks.start(to_move),
                false => clocks.pause(),
            }
        }
    }

    /// The limits of `bot`'s move: its level's, or on a clock the clock's share, no
    /// more than the level the player chose allows (a depth a move, or a time). Starts
    /// the bot's clock.
    pub fn bot_limits(&mut self, bot: Color) -> MoveLimits {
        let Some(clocks) = &mut self.clocks else {
            return MoveLimits::from(self.limits);
        };
        clocks.start(bot);
        let share = clocks.limits(bot);
        match (self.strength_chosen, self.limits, share) {
            (true, Limits::MoveTime(time), Limits::Clock { target, max }) => {
                MoveLimits::from(Limits::Clock {
                    target: target.min(time),
                    max: max.min(time),
                })
            }
            // A depth has no time of its own: the clock's share ends it if it must.
            (true, Limits::Depth(depth), share) => MoveLimits {
                limits: Limits::Depth(depth),
                deadline: share.hard_time(),
            },
            _ => MoveLimits::from(share),
        }
    }

    /// What `human`'s running clock brings while the prompt waits: a warning once at
    /// 30 and once at 10 seconds left, and the flag.
    pub fn alarms(&self, human: Color) -> Vec<(Instant, Due)> {
        let Some(clocks) = self.clocks.as_ref().filter(|clocks| clocks.runs(human)) else {
            return Vec::new();
        };
        let now = Instant::now();
        let left = clocks.left(human);
        let mut alarms: Vec<(Instant, Due)> = WARNINGS
            .iter()
            .filter(|&&seconds| left > Duration::from_secs(seconds))
            .map(|&seconds| {
                (
                    now + left - Duration::from_secs(seconds),
                    Due::Warning(seconds),
                )
            })
            .collect();
        alarms.push((now + left, Due::Flag));
        alarms
    }

    /// `clock`: both sides' time left, or that the game has no clock.
    pub fn clocks_now(&self) -> Message {
        match &self.clocks {
            Some(clocks) => {
                let [white, black] =
                    [Color::White, Color::Black].map(|side| clock_text(clocks.left(side)));
                msg!(
                    "clocks-now",
                    white = white,
                    black = black,
                    control = clocks.control().to_string()
                )
            }
            None => msg!("clocks-none"),
        }
    }

    /// Both sides' time under the board, when the game has clocks.
    pub fn clocks_shown(&self) -> Option<Message> {
        let clocks = self.clocks.as_ref()?;
        let [white, black] = [Color::White, Color::Black].map(|side| clock_text(clocks.left(side)));
        Some(msg!("clocks", white = white, black = black))
    }

    /// `you play Black, level club, clock 3:00 + 2 (White 2:51.0, Black 2:40.3)`: the
    /// `human`'s side, the bot's strength and the clocks as they now are.
    pub fn restored(&self, human: Color, lang: Lang) -> Vec<Message> {
        let side = msg!("went-on-side", side = shashki::words::side(human));
        let clocks = self.clocks.as_ref().map(|clocks| {
            msg!(
                "went-on-clock",
                control = clocks.control().to_string(),
                white = clock_text(clocks.left(Color::White)),
                black = clock_text(clocks.left(Color::Black))
            )
        });
        [Some(side), self.words(lang), clocks]
            .into_iter()
            .flatten()
            .collect()
    }

    /// The clocks a record kept (`[TimeControl]`, `[WhiteClock]`, `[BlackClock]`), if
    /// it kept them all: a resumed game goes on with the time each side had.
    pub fn restore_clocks(&mut self, tag: impl Fn(&str) -> Option<String>) {
        let control = tag("TimeControl").and_then(|text| TimeControl::from_pdn(&text));
        let left = ["WhiteClock", "BlackClock"]
            .map(|name| tag(name).and_then(|text| parse_clock_text(&text)));
        if let (Some(control), [Some(white), Some(black)]) = (control, left) {
            self.clocks = Some(Clocks::resumed(control, [white, black]));
        }
    }
}

/// A record's strength tag in words for a table: a level's name in the player's
/// language, or its time or depth a move; a tag that cannot be read as it is.
pub(super) fn strength_name(tag: &str, lang: Lang) -> Message {
    strength_of_tag(tag)
        .and_then(|(limits, use_kb)| phrase(limits, use_kb, false, lang))
        .unwrap_or_else(|| msg!("as-is", text = tag))
}

/// `level club` (`club` without `named`), `1500 ms a move`, `6 plies a move`.
fn phrase(limits: Limits, use_kb: bool, named: bool, lang: Lang) -> Option<Message> {
    Some(match (Level::of(limits, use_kb), limits) {
        (Some(level), _) if !named => msg!("as-is", text = level_word(&level, lang)),
        (Some(level), _) => msg!("went-on-level", level = level_word(&level, lang)),
        (None, Limits::MoveTime(time)) => msg!("went-on-movetime", ms = time.as_millis()),
        (None, Limits::Depth(depth)) => msg!("went-on-depth", depth = depth),
        (None, _) => return None,
    })
}

/// `levels`: every level, its names, what it does and what that means for a player,
/// the `current` one marked.
pub(super) fn levels_table(current: Option<Level>, text: &Text) -> String {
    let mut lines = vec![text.render(&msg!("levels-title"))];
    for (word, level) in LEVEL_WORDS.iter().zip(LEVELS) {
        let line = text.render(&msg!(
            "levels-line",
            en = word.get(Lang::En),
            ru = word.get(Lang::Ru),
            limits = level_limits(&level),
            means = level_meaning(&level)
        ));
        // Every entry wraps as if unmarked, so that all continue at one indent.
        let wrapped = wrap_message(&format!("  {line}"));
        lines.push(match current == Some(level) {
            true => format!("* {}", &wrapped[2..]),
            false => wrapped,
        });
    }
    lines.join("\n")
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
            .filter(|&ms| Setting::MoveTimeMs.takes(ms))
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
