//! How a book is built: how deep each position is searched, and how far and wide
//! the tree goes. The settings are written at the head of every job file, so that a
//! job resumes, and jobs merge, only with the settings they were started with.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::search::Score;

/// How long each position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// To this nominal depth: the same result on every machine and in every run.
    Depth(u32),
    /// For this long: deeper on a faster machine, and not repeatable.
    Time(Duration),
}

/// The settings of a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// How long each position is searched.
    pub effort: Effort,
    /// Plies of moves the book gives after each root position, on its main line.
    pub plies: u32,
    /// Moves followed from each position: the best, then the next ones within the
    /// margin (1: the main line alone).
    pub breadth: usize,
    /// How much worse than the best a move may score and still be named an
    /// alternative (and followed, within the breadth).
    pub margin: Score,
    /// How many best moves each search ranks (at least the breadth).
    pub lines: usize,
    /// The transposition table of each search, in megabytes (cleared before each
    /// position: a position's analysis does not depend on the ones before it).
    pub hash_mb: usize,
}

impl Default for Settings {
    /// Depth 24, six plies after each root on its main line, alternatives within 0.15
    /// of a man among the best three moves, a 256 MB table.
    fn default() -> Settings {
        Settings {
            effort: Effort::Depth(24),
            plies: 6,
            breadth: 1,
            margin: Score(15),
            lines: 3,
            hash_mb: 256,
        }
    }
}

/// `depth 24, plies 6, breadth 1, margin 0.15, lines 3, hash 256 MB` (`time 30 s` for a time).
impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.effort {
            Effort::Depth(depth) => write!(f, "depth {depth}")?,
            Effort::Time(time) => write!(f, "time {} s", time.as_secs_f64())?,
        }
        write!(
            f,
            ", plies {}, breadth {}, margin {}, lines {}, hash {} MB",
            self.plies,
            self.breadth,
            Men(self.margin),
            self.lines,
            self.hash_mb
        )
    }
}

/// A score in men without a sign: `0.15`.
pub struct Men(pub Score);

impl fmt::Display for Men {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hundredths = self.0.0.unsigned_abs();
        let sign = if self.0.0 < 0 { "-" } else { "" };
        write!(f, "{sign}{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

/// Settings text that is not what [`Settings`]' `Display` writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSettings(pub String);

impl fmt::Display for BadSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl BadSettings {
    /// Why the text is no settings, to be worded.
    pub fn message(&self) -> crate::words::Message {
        crate::msg!("book-bad-settings", text = self.0.as_str())
    }
}

impl std::error::Error for BadSettings {}

impl FromStr for Settings {
    type Err = BadSettings;

    /// Reads what `Display` writes.
    fn from_str(text: &str) -> Result<Settings, BadSettings> {
        let bad = || BadSettings(text.to_string());
        let fields: Vec<&str> = text.split(", ").collect();
        let [effort, plies, breadth, margin, lines, hash] = fields[..] else {
            return Err(bad());
        };
        fn value<'t>(field: &'t str, name: &str) -> Option<&'t str> {
            field.strip_prefix(name)?.strip_prefix(' ')
        }
        let value = |field, name| value(field, name).ok_or_else(bad);
        let number = |field, name| value(field, name)?.parse::<usize>().map_err(|_| bad());
        let effort = if let Ok(depth) = value(effort, "depth") {
            Effort::Depth(depth.parse().map_err(|_| bad())?)
        } else {
            let seconds = value(effort, "time")?.strip_suffix(" s").ok_or_else(bad)?;
            let seconds: f64 = seconds.parse().map_err(|_| bad())?;
            Effort::Time(Duration::try_from_secs_f64(seconds).map_err(|_| bad())?)
        };
        let margin = parse_men(value(margin, "margin")?).ok_or_else(bad)?;
        let hash = value(hash, "hash")?.strip_suffix(" MB").ok_or_else(bad)?;
        Ok(Settings {
            effort,
            plies: u32::try_from(number(plies, "plies")?).map_err(|_| bad())?,
            breadth: number(breadth, "breadth")?,
            margin,
            lines: number(lines, "lines")?,
            hash_mb: hash.parse().map_err(|_| bad())?,
        })
    }
}

/// `0.15` (men, at most two decimals, not negative) as a score: `Score(15)`.
pub fn parse_men(text: &str) -> Option<Score> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || fraction.len() > 2 || !digits(whole) || !digits(fraction) {
        return None;
    }
    let whole: i32 = whole
        .parse()
        .ok()
        .filter(|&men: &i32| (0..=100).contains(&men))?;
    let fraction: i32 = format!("{fraction:0<2}").parse().ok()?;
    Some(Score(whole * 100 + fraction))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_what_they_write() {
        let deep = Settings::default();
        assert_eq!(
            deep.to_string(),
            "depth 24, plies 6, breadth 1, margin 0.15, lines 3, hash 256 MB"
        );
        assert_eq!(deep.to_string().parse(), Ok(deep));
        let timed = Settings {
            effort: Effort::Time(Duration::from_millis(2500)),
            margin: Score(5),
            ..deep
        };
        assert_eq!(
            timed.to_string(),
            "time 2.5 s, plies 6, breadth 1, margin 0.05, lines 3, hash 256 MB"
        );
        assert_eq!(timed.to_string().parse(), Ok(timed));
        assert!("depth x, plies 6".parse::<Settings>().is_err());
    }

    #[test]
    fn margins_are_read_in_men() {
        assert_eq!(parse_men("0.15"), Some(Score(15)));
        assert_eq!(parse_men("1"), Some(Score(100)));
        assert_eq!(parse_men("0.5"), Some(Score(50)));
        assert_eq!(parse_men("0.155"), None);
        assert_eq!(parse_men("-0.1"), None);
        assert_eq!(Men(Score(-7)).to_string(), "-0.07");
    }
}
