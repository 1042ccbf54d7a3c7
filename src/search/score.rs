//! Scores: hundredths of a man from the side to move's view, with wins counted in plies.

use std::fmt;
use std::ops::{Add, Neg, Sub};

/// An evaluation in hundredths of a man, from the side to move's view.
///
/// Found wins and losses lie beyond [`Score::WIN_BOUND`]: `Score::win_in(n)`
/// means the side to move wins with its move `n` plies from now (the game
/// ends after ply `n`). They print as `+win in 7` / `-loss in 4`, counted in plies.
///
/// # Examples
///
/// ```
/// use shashki::search::Score;
///
/// assert_eq!(Score(35).to_string(), "+0.35");
/// assert_eq!(Score(-100).to_string(), "-1.00");
/// assert_eq!(Score::win_in(7).to_string(), "+win in 7");
/// assert_eq!((-Score::win_in(4)).to_string(), "-loss in 4");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// A drawn or balanced position.
    pub const DRAW: Score = Score(0);
    /// The score of winning right now; wins further away score less.
    pub const WIN: Score = Score(30_000);
    /// Scores at or above this (or at or below its negation) are found wins (losses).
    pub const WIN_BOUND: Score = Score(30_000 - 1_000);
    /// Above every reachable score: the bounds of a full search window.
    pub const INFINITE: Score = Score(32_000);
    /// One man, as the evaluation's material counts it.
    pub const MAN: Score = Score(crate::eval::Material::SEARCH.man);

    /// A win for the side to move `plies` plies from now.
    pub const fn win_in(plies: u32) -> Score {
        Score(Score::WIN.0 - plies as i32)
    }

    /// A loss for the side to move `plies` plies from now.
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Score::WIN.0 + plies as i32)
    }

    /// Whether this is a found win for the side to move.
    pub const fn is_win(self) -> bool {
        self.0 >= Score::WIN_BOUND.0
    }

    /// Whether this is a found loss for the side to move.
    pub const fn is_loss(self) -> bool {
        self.0 <= -Score::WIN_BOUND.0
    }

    /// Whether this is a found win or loss.
    pub const fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// Plies to the end of the game for a decisive score.
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_win() {
            Some((Score::WIN.0 - self.0) as u32)
        } else if self.is_loss() {
            Some((Score::WIN.0 + self.0) as u32)
        } else {
            None
        }
    }

    /// The score as seen `ply` plies nearer the root, for storing in the hash table.
    pub const fn to_table(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 + ply as i32)
        } else if self.is_loss() {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// A score read from the hash table, made relative to the root again at `ply`.
    pub const fn from_table(self, ply: u32) -> Score {
        if self.is_win() {
            Score(self.0 - ply as i32)
        } else if self.is_loss() {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add for Score {
    type Output = Score;

    fn add(self, other: Score) -> Score {
        Score(self.0 + other.0)
    }
}

impl Sub for Score {
    type Output = Score;

    fn sub(self, other: Score) -> Score {
        Score(self.0 - other.0)
    }
}

/// `+0.35`, `-1.00`, `+win in 7`, `-loss in 4` (plies).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(plies) if self.is_win() => write!(f, "+win in {plies}"),
            Some(plies) => write!(f, "-loss in {plies}"),
            None => {
                let sign = if self.0 < 0 { '-' } else { '+' };
                let hundredths = self.0.unsigned_abs();
                write!(f, "{sign}{}.{:02}", hundredths / 100, hundredths % 100)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_in_men_with_two_decimals() {
        assert_eq!(Score(0).to_string(), "+0.00");
        assert_eq!(Score(-5).to_string(), "-0.05");
        assert_eq!(Score(250).to_string(), "+2.50");
    }

    #[test]
    fn nearer_wins_score_higher() {
        assert!(Score::win_in(3) > Score::win_in(5));
        assert!(Score::loss_in(5) > Score::loss_in(3));
        assert!(Score::win_in(900).is_win());
        assert!(!Score(2_000).is_decisive());
    }

    #[test]
    fn table_scores_round_trip_through_the_ply() {
        let score = Score::win_in(9);
        assert_eq!(score.to_table(4).from_table(4), score);
        assert_eq!(score.to_table(4), Score::win_in(5));
    }
}
