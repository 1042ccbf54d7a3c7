//! How a game the loop plays ended.

use crate::{Color, Game, Outcome};

/// Plies after which a game still going is adjudicated a draw.
pub const MAX_PLIES: usize = 400;

/// How a game ended, named by the rule that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The rules ended it: a win, or a draw by repetition or an endgame counter.
    Rules(Outcome),
    /// King against king that neither side can win by force (the exact result): the
    /// side to move offered a draw and the other accepted (RULES.md, draw rule 5).
    KingAgainstKing,
    /// The game reached [`MAX_PLIES`] unfinished and is scored a draw.
    PlyCap,
}

impl GameEnd {
    /// The winner, if any (every other end scores as a draw).
    pub fn winner(self) -> Option<Color> {
        match self {
            GameEnd::Rules(Outcome::Win { winner, .. }) => Some(winner),
            _ => None,
        }
    }
}

/// A game played to its end: how it ended, and its record.
#[derive(Clone, Debug)]
pub struct Played {
    /// How it ended.
    pub end: GameEnd,
    /// The record, from the start it was given (a king-against-king draw agreed in it).
    pub game: Game,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DrawReason, WinReason};

    #[test]
    fn only_a_win_by_the_rules_has_a_winner() {
        let win = GameEnd::Rules(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoPieces,
        });
        assert_eq!(win.winner(), Some(Color::Black));
        let repetition = GameEnd::Rules(Outcome::Draw(DrawReason::Repetition));
        for end in [repetition, GameEnd::KingAgainstKing, GameEnd::PlyCap] {
            assert_eq!(end.winner(), None, "{end:?}");
        }
    }
}
