//! The `level` command: how long the next searches may take.

use std::time::Duration;

use super::line::Line;
use shashki::engine::{self, Reach, Setting, clock_limits};
use shashki::msg;
use shashki::search::Limits;
use shashki::words::Message;

/// A limit the GUI set with `level`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// `level depth=N`.
    Depth(u32),
    /// `level move-time=S`.
    MoveTime(Duration),
    /// `level nodes=N`.
    Nodes(u64),
    /// `level infinite`: until `stop`.
    Infinite,
    /// `level time=S [inc=S] [moves=N]`: the engine's game clock.
    Clock {
        /// The time this move may use at most: the time left and this move's increment.
        left: Duration,
        /// Added before every move.
        increment: Duration,
        /// Moves until the next time control.
        moves: Option<u32>,
    },
}

impl Level {
    /// Reads a `level` line.
    pub fn parse(line: &Line) -> Result<Level, Message> {
        if line.has("infinite") {
            return Ok(Level::Infinite);
        }
        if let Some(depth) = line.get("depth") {
            return match Setting::Depth.read(depth) {
                Ok(plies) => Ok(Level::Depth(plies as u32)),
                Err(_) => Err(msg!(
                    "hub-level-depth",
                    depth = depth,
                    refusal = Setting::Depth.refusal()
                )),
            };
        }
        if let Some(nodes) = line.get("nodes") {
            return match nodes.parse::<u64>() {
                Ok(nodes) if nodes >= 1 => Ok(Level::Nodes(nodes)),
                _ => Err(msg!("hub-level-nodes", nodes = nodes)),
            };
        }
        if let Some(time) = line.get("move-time") {
            let max = Duration::from_millis(Setting::MoveTimeMs.max());
            let time = seconds("move-time", time)?;
            if time.is_zero() || time > max {
                return Err(msg!(
                    "hub-level-move-time",
                    time = time.as_secs_f64().to_string(),
                    max = max.as_secs()
                ));
            }
            return Ok(Level::MoveTime(time));
        }
        if let Some(time_text) = line.get("time") {
            let time = signed_seconds("time", time_text)?;
            let increment = line
                .get("inc")
                .map_or(Ok(0.0), |inc| signed_seconds("inc", inc))?;
            let moves = match line.get("moves") {
                None => None,
                Some(moves) => match moves.parse::<u32>() {
                    Ok(moves) if moves >= 1 => Some(moves),
                    _ => return Err(msg!("hub-level-moves", moves = moves)),
                },
            };
            // Near its flag a client may send less than nothing (the lidraughts bridge takes
            // its margin off the clock, and then the increment, which the engine adds back):
            // that is almost no time, never an error.
            let left = Duration::try_from_secs_f64((time + increment).max(0.0))
                .map_err(|_| msg!("hub-level-signed-seconds", name = "time", text = time_text))?;
            return Ok(Level::Clock {
                left,
                increment: Duration::from_secs_f64(increment.max(0.0)),
                moves,
            });
        }
        Err(msg!("hub-level-needs"))
    }

    /// The level a named level sets when the GUI sends none.
    pub fn named(level: engine::Level) -> Level {
        match level.reach {
            Reach::Depth(depth) => Level::Depth(depth),
            Reach::Time(time) => Level::MoveTime(time),
        }
    }

    /// The limits of `go think` and `go analyze`.
    pub fn limits(self) -> Limits {
        match self {
            Level::Depth(depth) => Limits::Depth(depth),
            Level::MoveTime(time) => Limits::MoveTime(time),
            Level::Nodes(nodes) => Limits::Nodes(nodes),
            Level::Infinite => Limits::Infinite,
            Level::Clock {
                left,
                increment,
                moves,
            } => clock_limits(left, increment, moves),
        }
    }

    /// The limits of `go ponder`: the engine's clock is not running yet, so a time
    /// limit waits for `ponder-hit` (see [`Level::time_after_ponder_hit`]).
    pub fn ponder_limits(self) -> Limits {
        match self.time_after_ponder_hit() {
            Some(_) => Limits::Infinite,
            None => self.limits(),
        }
    }

    /// How long a search that pondered may go on after `ponder-hit`: the time the move
    /// would have had (a clock's target time), or `None` when the level has no time.
    pub fn time_after_ponder_hit(self) -> Option<Duration> {
        match self.limits() {
            Limits::MoveTime(time) | Limits::Clock { target: time, .. } => Some(time),
            Limits::Depth(_) | Limits::Nodes(_) | Limits::Infinite => None,
        }
    }
}

/// A number of seconds: a real number, 0 or more.
fn seconds(name: &str, text: &str) -> Result<Duration, Message> {
    text.parse::<f64>()
        .ok()
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| msg!("hub-level-seconds", name = name, text = text))
}

/// A clock's number of seconds, which may be below 0.
fn signed_seconds(name: &str, text: &str) -> Result<f64, Message> {
    text.parse::<f64>()
        .ok()
        .filter(|seconds| seconds.is_finite())
        .ok_or_else(|| msg!("hub-level-signed-seconds", name = name, text = text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Result<Level, String> {
        Level::parse(&Line::parse(text).unwrap().unwrap())
            .map_err(|message| crate::app::english(&message))
    }

    #[test]
    fn every_form_of_the_protocol_is_read() {
        assert_eq!(level("level depth=12"), Ok(Level::Depth(12)));
        assert_eq!(
            level("level move-time=1.5"),
            Ok(Level::MoveTime(Duration::from_millis(1500)))
        );
        assert_eq!(level("level nodes=100000"), Ok(Level::Nodes(100_000)));
        assert_eq!(level("level infinite"), Ok(Level::Infinite));
        assert_eq!(
            level("level moves=9 time=291.5 inc=2"),
            Ok(Level::Clock {
                left: Duration::from_millis(293_500),
                increment: Duration::from_secs(2),
                moves: Some(9)
            })
        );
        assert_eq!(
            level("level time=60"),
            Ok(Level::Clock {
                left: Duration::from_secs(60),
                increment: Duration::ZERO,
                moves: None
            })
        );
    }

    #[test]
    fn a_clock_below_zero_is_almost_no_time() {
        // What the lidraughts bridge sends with 0.5 s left and a 0.9 s increment.
        let low = level("level time=-0.4 inc=0.9").unwrap();
        let Level::Clock {
            left, increment, ..
        } = low
        else {
            panic!("{low:?}");
        };
        assert!((left.as_secs_f64() - 0.5).abs() < 1e-9, "{left:?}");
        assert_eq!(increment, Duration::from_millis(900));
        let Limits::Clock { max, .. } = low.limits() else {
            panic!("{:?}", low.limits());
        };
        assert!(max <= Duration::from_millis(250), "{max:?}");
        for text in ["level time=0", "level time=-2 inc=0.5", "level time=-0.1"] {
            let Ok(Level::Clock { left, .. }) = level(text) else {
                panic!("{text}: {:?}", level(text));
            };
            assert_eq!(left, Duration::ZERO, "{text}");
        }
        // The bridge's ponder search in a game without increment: the clock and -0.1 s.
        let Ok(Level::Clock {
            left, increment, ..
        }) = level("level time=5.1 inc=-0.1")
        else {
            panic!();
        };
        assert!((left.as_secs_f64() - 5.0).abs() < 1e-9 && increment.is_zero());
    }

    #[test]
    fn bad_levels_say_what_is_wrong() {
        for (text, words) in [
            ("level depth=0", "depth must be 1 to"),
            ("level depth=deep", "depth must be 1 to"),
            ("level move-time=-1", "a number of seconds"),
            ("level move-time=0", "more than 0"),
            ("level move-time=NaN", "a number of seconds"),
            ("level time=1e400", "a number of seconds"),
            ("level time=-inf", "a number of seconds"),
            ("level time=1e300 inc=1e300", "a number of seconds"),
            ("level time=10 inc=x", "inc=x"),
            ("level time=10 moves=0", "moves to go"),
            ("level nodes=0", "node count"),
            ("level", "level needs"),
        ] {
            let error = level(text).unwrap_err();
            assert!(error.contains(words), "{text}: {error}");
        }
    }

    #[test]
    fn a_clock_adds_the_increment_and_pondering_waits_for_the_hit() {
        let clock = level("level time=10 inc=1").unwrap();
        let Limits::Clock { target, max } = clock.limits() else {
            panic!("{:?}", clock.limits());
        };
        assert!(target > Duration::from_millis(750) && max <= Duration::from_millis(5500));
        assert_eq!(clock.ponder_limits(), Limits::Infinite);
        assert_eq!(clock.time_after_ponder_hit(), Some(target));
        let depth = Level::Depth(6);
        assert_eq!(depth.ponder_limits(), Limits::Depth(6));
        assert_eq!(depth.time_after_ponder_hit(), None);
    }
}
