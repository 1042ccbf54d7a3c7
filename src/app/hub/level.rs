//! The `level` command: how long the next searches may take.

use std::time::Duration;

use super::line::Line;
use shashki::engine::{self, Reach, clock_limits};
use shashki::search::{Limits, MAX_DEPTH, MAX_MOVETIME_MS};

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
        /// Time left, without this move's increment.
        time: Duration,
        /// Added before every move.
        increment: Duration,
        /// Moves until the next time control.
        moves: Option<u32>,
    },
}

impl Level {
    /// Reads a `level` line.
    pub fn parse(line: &Line) -> Result<Level, String> {
        if line.has("infinite") {
            return Ok(Level::Infinite);
        }
        if let Some(depth) = line.get("depth") {
            return match depth.parse::<u32>() {
                Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => Ok(Level::Depth(depth)),
                _ => Err(format!("depth={depth}: the depth must be 1 to {MAX_DEPTH}")),
            };
        }
        if let Some(nodes) = line.get("nodes") {
            return match nodes.parse::<u64>() {
                Ok(nodes) if nodes >= 1 => Ok(Level::Nodes(nodes)),
                _ => Err(format!(
                    "nodes={nodes}: the node count must be a whole number from 1"
                )),
            };
        }
        if let Some(time) = line.get("move-time") {
            let max = Duration::from_millis(u64::from(MAX_MOVETIME_MS));
            let time = seconds("move-time", time)?;
            if time.is_zero() || time > max {
                return Err(format!(
                    "move-time={}: the time must be more than 0 and at most {} seconds",
                    time.as_secs_f64(),
                    max.as_secs()
                ));
            }
            return Ok(Level::MoveTime(time));
        }
        if let Some(time) = line.get("time") {
            let increment = line
                .get("inc")
                .map_or(Ok(Duration::ZERO), |inc| seconds("inc", inc))?;
            let moves = match line.get("moves") {
                None => None,
                Some(moves) => match moves.parse::<u32>() {
                    Ok(moves) if moves >= 1 => Some(moves),
                    _ => return Err(format!("moves={moves}: the moves to go must be 1 or more")),
                },
            };
            return Ok(Level::Clock {
                time: seconds("time", time)?,
                increment,
                moves,
            });
        }
        Err(
            "level needs depth=N, move-time=S, time=S [inc=S] [moves=N], nodes=N or infinite"
                .into(),
        )
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
                time,
                increment,
                moves,
            } => clock_limits(time + increment, increment, moves),
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
fn seconds(name: &str, text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .ok_or_else(|| format!("{name}={text}: a time is a number of seconds, 0 or more"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Result<Level, String> {
        Level::parse(&Line::parse(text).unwrap().unwrap())
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
                time: Duration::from_millis(291_500),
                increment: Duration::from_secs(2),
                moves: Some(9)
            })
        );
        assert_eq!(
            level("level time=60"),
            Ok(Level::Clock {
                time: Duration::from_secs(60),
                increment: Duration::ZERO,
                moves: None
            })
        );
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
