//! Game clocks: `--time 5+3` gives each side minutes for the game and seconds added
//! after each of its moves; a side whose time runs out loses.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use shashki::Color;
use shashki::engine::clock_limits;
use shashki::msg;
use shashki::search::Limits;
use shashki::words::Message;

/// The longest game time, in minutes: ten hours.
const MAX_MINUTES: f64 = 600.0;
/// The largest increment, in seconds: ten minutes.
const MAX_INCREMENT_SECONDS: f64 = 600.0;

/// A time control: each side's time for the game and the increment after each move.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use crate::app::console::TimeControl;
///
/// let control: TimeControl = "5+3".parse().unwrap();
/// assert_eq!(control.base, Duration::from_secs(300));
/// assert_eq!(control.increment, Duration::from_secs(3));
/// assert_eq!(control.pdn(), "300+3");
/// assert_eq!("10".parse::<TimeControl>().unwrap().pdn(), "600");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time for the game.
    pub base: Duration,
    /// What a side's clock gains after each of its moves.
    pub increment: Duration,
}

/// Why a text is not a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// Not `MINUTES` or `MINUTES+SECONDS`.
    Malformed(String),
    /// The game time is not more than 0 and at most ten hours.
    Minutes(String),
    /// The increment is not 0 to ten minutes.
    Increment(String),
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        shashki::words::english(&self.message(), f)
    }
}

impl TimeControlError {
    /// The refusal, to be worded in the player's language.
    pub fn message(&self) -> Message {
        match self {
            TimeControlError::Malformed(text) => msg!("value-time-malformed", text = text.as_str()),
            TimeControlError::Minutes(text) => msg!(
                "value-time-minutes",
                text = text.as_str(),
                max = MAX_MINUTES as u32
            ),
            TimeControlError::Increment(text) => msg!(
                "value-time-increment",
                text = text.as_str(),
                max = MAX_INCREMENT_SECONDS as u32
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

/// A number of minutes or seconds: digits with an optional fraction (`0.05`).
fn amount(text: &str) -> Option<f64> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    plain.then(|| text.parse::<f64>().ok()).flatten()
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `5+3` (minutes, then seconds added after each move), `10` (no increment);
    /// fractions are allowed (`0.5+0.5`).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (minutes, seconds) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let malformed = || TimeControlError::Malformed(text.to_string());
        let minutes = amount(minutes.trim()).ok_or_else(malformed)?;
        let seconds = amount(seconds.trim()).ok_or_else(malformed)?;
        if !(minutes > 0.0 && minutes <= MAX_MINUTES) {
            return Err(TimeControlError::Minutes(text.to_string()));
        }
        if seconds > MAX_INCREMENT_SECONDS {
            return Err(TimeControlError::Increment(text.to_string()));
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs_f64(seconds),
        })
    }
}

impl TimeControl {
    /// The control a PDN `[TimeControl]` value written by [`TimeControl::pdn`] gives.
    pub fn from_pdn(text: &str) -> Option<TimeControl> {
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let base = amount(base)?;
        let increment = amount(increment)?;
        let control = TimeControl {
            base: Duration::try_from_secs_f64(base).ok()?,
            increment: Duration::try_from_secs_f64(increment).ok()?,
        };
        (!control.base.is_zero()).then_some(control)
    }

    /// The PDN `[TimeControl]` value: seconds for the game, `+` the increment if any.
    pub fn pdn(&self) -> String {
        let base = self.base.as_secs_f64();
        if self.increment.is_zero() {
            format!("{base}")
        } else {
            format!("{base}+{}", self.increment.as_secs_f64())
        }
    }
}

/// `5:00 + 3`: the game's time and the seconds added after each move, as a player
/// writes them (`0:35 + 0` for `--time 0.5833+0`).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.base.as_secs_f64() * 10.0).round() as u64;
        let seconds = tenths / 10;
        write!(f, "{}:{:02}", seconds / 60, seconds % 60)?;
        if !tenths.is_multiple_of(10) {
            write!(f, ".{}", tenths % 10)?;
        }
        let increment = (self.increment.as_secs_f64() * 10.0).round() as u64;
        write!(f, " + {}", increment / 10)?;
        match increment % 10 {
            0 => Ok(()),
            tenth => write!(f, ".{tenth}"),
        }
    }
}

fn index(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The time left, in seconds, at which the player's clock warns once as it runs down.
pub(super) const WARNINGS: [u64; 2] = [30, 10];

/// Both sides' clocks; at most one runs.
#[derive(Clone, Debug)]
pub(super) struct Clocks {
    control: TimeControl,
    /// Each side's time, White's first, as of when its clock last stopped.
    left: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Color, Instant)>,
}

impl Clocks {
    /// Both clocks full, neither running.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// Clocks of `control` with `left` on them, White's first, as a record kept them.
    pub fn resumed(control: TimeControl, left: [Duration; 2]) -> Clocks {
        Clocks {
            control,
            left,
            running: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time `side` has now, the time its running clock has used counted.
    pub fn left(&self, side: Color) -> Duration {
        let used = match self.running {
            Some((running, since)) if running == side => since.elapsed(),
            _ => Duration::ZERO,
        };
        self.left[index(side)].saturating_sub(used)
    }

    /// Starts `side`'s clock unless it runs already; a clock that ran stops.
    pub fn start(&mut self, side: Color) {
        if self.running.is_some_and(|(running, _)| running == side) {
            return;
        }
        self.pause();
        self.running = Some((side, Instant::now()));
    }

    /// Stops the running clock, keeping the time it used, without an increment.
    pub fn pause(&mut self) {
        if let Some((side, _)) = self.running {
            self.left[index(side)] = self.left(side);
            self.running = None;
        }
    }

    /// `side` has moved: its clock stops and gains the increment. False when its time
    /// ran out before the move (the clock is left at zero).
    pub fn punch(&mut self, side: Color) -> bool {
        let left = self.left(side);
        if self.running.is_some_and(|(running, _)| running == side) {
            self.running = None;
        }
        if left.is_zero() {
            self.left[index(side)] = Duration::ZERO;
            return false;
        }
        self.left[index(side)] = left + self.control.increment;
        true
    }

    /// Whether `side`'s clock runs.
    pub fn runs(&self, side: Color) -> bool {
        self.running.is_some_and(|(running, _)| running == side)
    }

    /// The side whose running clock has no time left.
    pub fn flagged(&self) -> Option<Color> {
        let (side, _) = self.running?;
        self.left(side).is_zero().then_some(side)
    }

    /// How long `side` may think on its next move (its increment counted as its own).
    pub fn limits(&self, side: Color) -> Limits {
        let increment = self.control.increment;
        clock_limits(self.left(side) + increment, increment, None)
    }
}

/// How far the bot's search may go on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MoveLimits {
    pub limits: Limits,
    /// The time after which the search stops whatever `limits` say.
    pub deadline: Option<Duration>,
}

impl MoveLimits {
    fn new(limits: Limits) -> MoveLimits {
        MoveLimits {
            limits,
            deadline: None,
        }
    }
}

impl From<Limits> for MoveLimits {
    fn from(limits: Limits) -> MoveLimits {
        MoveLimits::new(limits)
    }
}

/// A clock's time as it is read: `4:57.3` (minutes, seconds and tenths).
pub(super) fn clock_text(time: Duration) -> String {
    let tenths = time.as_millis() / 100;
    let seconds = tenths / 10;
    format!("{}:{:02}.{}", seconds / 60, seconds % 60, tenths % 10)
}

/// The time a clock's text gives: `4:57.3` as [`clock_text`] writes it.
pub(super) fn parse_clock_text(text: &str) -> Option<Duration> {
    let (minutes, seconds) = text.trim().split_once(':')?;
    let minutes: u64 = minutes.parse().ok()?;
    let seconds = amount(seconds)?;
    (seconds < 60.0).then(|| Duration::from_secs(minutes * 60) + Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_minutes_and_an_optional_increment_in_seconds() {
        let control: TimeControl = " 0.05+0 ".parse().unwrap();
        assert_eq!(control.base, Duration::from_secs(3));
        assert_eq!(control.pdn(), "3");
        assert_eq!(control.to_string(), "0:03 + 0");
        let control: TimeControl = "1.5+0.5".parse().unwrap();
        assert_eq!(control.pdn(), "90+0.5");
        for bad in ["", "5+", "+3", "five", "5+3+1", "-1", "1e3", "5:3"] {
            assert!(
                matches!(
                    bad.parse::<TimeControl>(),
                    Err(TimeControlError::Malformed(_))
                ),
                "{bad}"
            );
        }
        assert!(matches!(
            "0+3".parse::<TimeControl>(),
            Err(TimeControlError::Minutes(_))
        ));
        assert!(matches!(
            "601".parse::<TimeControl>(),
            Err(TimeControlError::Minutes(_))
        ));
        assert!(matches!(
            "5+601".parse::<TimeControl>(),
            Err(TimeControlError::Increment(_))
        ));
    }

    #[test]
    fn a_move_in_time_gains_the_increment_and_one_too_late_flags() {
        let control: TimeControl = "1+2".parse().unwrap();
        let mut clocks = Clocks::new(control);
        clocks.start(Color::White);
        assert!(clocks.punch(Color::White));
        let white = clocks.left(Color::White);
        assert!(white > Duration::from_secs(61) && white <= Duration::from_secs(62));
        assert_eq!(clocks.left(Color::Black), Duration::from_secs(60));

        clocks.left[index(Color::Black)] = Duration::ZERO;
        clocks.start(Color::Black);
        assert_eq!(clocks.flagged(), Some(Color::Black));
        assert!(!clocks.punch(Color::Black));
        assert_eq!(clocks.left(Color::Black), Duration::ZERO);
    }

    #[test]
    fn starting_one_clock_stops_the_other() {
        let mut clocks = Clocks::new("1".parse().unwrap());
        clocks.start(Color::White);
        clocks.start(Color::Black);
        assert!(clocks.running.is_some_and(|(side, _)| side == Color::Black));
        assert!(clocks.left(Color::White) <= Duration::from_secs(60));
        clocks.pause();
        assert_eq!(clocks.running.map(|(side, _)| side), None);
        assert_eq!(clocks.flagged(), None);
    }

    #[test]
    fn a_record_s_clock_and_control_read_back_as_written() {
        for ms in [0, 3_100, 297_300, 5_400_000] {
            let time = Duration::from_millis(ms);
            assert_eq!(parse_clock_text(&clock_text(time)), Some(time), "{ms}");
        }
        assert_eq!(parse_clock_text("4:61.0"), None);
        for text in ["5+3", "0.5", "1.5+0.5"] {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(
                TimeControl::from_pdn(&control.pdn()),
                Some(control),
                "{text}"
            );
        }
        assert_eq!(TimeControl::from_pdn("90'+30"), None);
    }

    #[test]
    fn clocks_read_in_minutes_seconds_and_tenths() {
        assert_eq!(clock_text(Duration::from_millis(297_350)), "4:57.3");
        assert_eq!(clock_text(Duration::from_millis(3_050)), "0:03.0");
        assert_eq!(clock_text(Duration::from_secs(5400)), "90:00.0");
    }
}
