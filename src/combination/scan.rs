//! Finding the combinations of whole games: every position where the side to move
//! had one that a shallow search does not see, and whether the player found it.

use super::{Combination, find};
use crate::eval::Evaluator;
use crate::search::{self, Limits, Stop, TranspositionTable};
use crate::{Color, Game, Move, Position};

/// The depth of the search a combination must be beyond.
pub const SHALLOW_DEPTH: u32 = 4;
/// The depth of the search that must play a combination for it to be learned.
pub const DEEP_DEPTH: u32 = 12;

/// A combination met in a game.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The position, the attacker to move.
    pub position: Position,
    /// Plies played in the game before it.
    pub ply: usize,
    /// The game's move number at the position (as the record numbers it).
    pub move_number: usize,
    /// The combination.
    pub combination: Combination,
    /// The move the game went on with, if any.
    pub played: Option<Move>,
    /// The move a search [`DEEP_DEPTH`] plies deep plays.
    pub deep_choice: Option<Move>,
}

impl Finding {
    /// Whether the player started the combination (any of its first moves).
    pub fn found(&self) -> bool {
        self.played
            .is_some_and(|mv| self.combination.first_moves.contains(&mv))
    }

    /// Whether the deep search plays the combination too: the only kind worth learning
    /// (elsewhere the material it wins costs more than it brings).
    pub fn confirmed(&self) -> bool {
        self.deep_choice
            .is_some_and(|mv| self.combination.first_moves.contains(&mv))
    }

    /// The side that had the combination.
    pub fn attacker(&self) -> Color {
        self.position.side_to_move()
    }
}

/// The searches that judge a combination: a shallow one it must be beyond to be worth
/// learning, a deep one that must play it too to be worth playing.
pub struct Judge {
    tt: TranspositionTable,
    stop: Stop,
}

impl Default for Judge {
    fn default() -> Judge {
        Judge::new()
    }
}

impl Judge {
    /// Searches with a table of their own.
    pub fn new() -> Judge {
        Judge {
            tt: TranspositionTable::new(16),
            stop: Stop::new(),
        }
    }

    /// The move a search `depth` plies deep plays in `position` (no knowledge base).
    pub fn choice(&mut self, position: &Position, depth: u32) -> Option<Move> {
        self.tt.clear();
        let context = search::Context {
            tt: &mut self.tt,
            eval: &Evaluator::bot(),
            tablebase: None,
            stop: &self.stop,
        };
        search::search(
            &Game::new(*position),
            Limits::Depth(depth),
            context,
            &mut |_| {},
        )
        .best
    }
}

/// Every combination of `game` that a search [`SHALLOW_DEPTH`] plies deep does not play,
/// in the order of the game, each with the deep search's choice.
pub fn scan(game: &Game, judge: &mut Judge) -> Vec<Finding> {
    let moves = game.moves();
    let black_first = usize::from(game.start().side_to_move() == Color::Black);
    game.positions()
        .enumerate()
        .filter_map(|(ply, position)| {
            let combination = find(position)?;
            let shallow = judge.choice(position, SHALLOW_DEPTH);
            if shallow.is_some_and(|mv| combination.first_moves.contains(&mv)) {
                return None;
            }
            Some(Finding {
                position: *position,
                ply,
                move_number: (ply + black_first) / 2 + 1,
                combination,
                played: moves.get(ply).copied(),
                deep_choice: judge.choice(position, DEEP_DEPTH),
            })
        })
        .collect()
}
