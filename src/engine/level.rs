//! The named levels, from a beginner who looks one move ahead to the full-strength bot.
//!
//! A weaker level searches less deep or less long and knows less (no knowledge base);
//! it never plays a random blunder on purpose.

use std::time::Duration;

use crate::search::Limits;

/// How far a level's search goes on each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// This many plies deep (captures are always resolved), however long it takes.
    Depth(u32),
    /// This long a move, as deep as the time allows.
    Time(Duration),
}

/// A named strength of the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The name, as commands, `--level` and the Hub protocol write it.
    pub name: &'static str,
    /// How far a move's search goes.
    pub reach: Reach,
    /// Whether the bot plays the knowledge base's facts and combinations.
    pub use_kb: bool,
}

impl Level {
    /// The search limits of one move.
    pub fn limits(&self) -> Limits {
        match self.reach {
            Reach::Depth(depth) => Limits::Depth(depth),
            Reach::Time(time) => Limits::MoveTime(time),
        }
    }

    /// The level that searches to `limits` with the knowledge base on or off, if one does.
    pub fn of(limits: Limits, use_kb: bool) -> Option<Level> {
        LEVELS
            .iter()
            .find(|level| level.limits() == limits && level.use_kb == use_kb)
            .copied()
    }
}

/// The named levels, weakest first; each is measured against the next in docs/STRENGTH.md.
pub const LEVELS: [Level; 7] = [
    Level {
        name: "beginner",
        reach: Reach::Depth(1),
        use_kb: false,
    },
    Level {
        name: "novice",
        reach: Reach::Depth(2),
        use_kb: false,
    },
    Level {
        name: "casual",
        reach: Reach::Depth(4),
        use_kb: true,
    },
    Level {
        name: "club",
        reach: Reach::Depth(8),
        use_kb: true,
    },
    Level {
        name: "easy",
        reach: Reach::Time(Duration::from_millis(200)),
        use_kb: true,
    },
    Level {
        name: "normal",
        reach: Reach::Time(Duration::from_millis(1000)),
        use_kb: true,
    },
    Level {
        name: "hard",
        reach: Reach::Time(Duration::from_millis(5000)),
        use_kb: true,
    },
];

/// The level named `name` (any case).
pub fn level(name: &str) -> Option<Level> {
    LEVELS
        .iter()
        .find(|level| level.name.eq_ignore_ascii_case(name))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_found_by_name_in_any_case() {
        assert_eq!(
            level("Hard").map(|level| level.limits()),
            Some(Limits::MoveTime(Duration::from_millis(5000)))
        );
        assert_eq!(level("extreme"), None);
    }

    #[test]
    fn the_weakest_levels_search_shallow_without_the_knowledge_base() {
        let beginner = level("beginner").expect("a level");
        assert_eq!(beginner.limits(), Limits::Depth(1));
        assert!(!beginner.use_kb);
        assert!(LEVELS.last().is_some_and(|strongest| strongest.use_kb));
    }

    #[test]
    fn a_level_is_recognised_by_what_it_does() {
        assert_eq!(
            Level::of(Limits::Depth(2), false).map(|level| level.name),
            Some("novice")
        );
        assert_eq!(Level::of(Limits::Depth(2), true), None);
        assert_eq!(
            Level::of(Limits::MoveTime(Duration::from_secs(1)), true).map(|level| level.name),
            Some("normal")
        );
    }
}
