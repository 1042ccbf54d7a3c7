//! Finding the combinations of whole games: every position where the side to move
//! had one that a shallow search does not see, and whether the player found it.

use super::{Combination, find};
use crate::search::{self, EvalConfig, Limits, Stop, TranspositionTable};
use crate::{Color, Game, Move, Position};

/// The depth of the search a combination must be beyond.
pub const SHALLOW_DEPTH: u32 = 4;

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
}

impl Finding {
    /// Whether the player started the combination (any of its first moves).
    pub fn found(&self) -> bool {
        self.played
            .is_some_and(|mv| self.combination.first_moves.contains(&mv))
    }

    /// The side that had the combination.
    pub fn attacker(&self) -> Color {
        self.position.side_to_move()
    }
}

/// The shallow search that decides whether a combination is worth learning.
pub struct Shallow {
    tt: TranspositionTable,
    stop: Stop,
}

impl Default for Shallow {
    fn default() -> Shallow {
        Shallow::new()
    }
}

impl Shallow {
    /// A search with a small table of its own.
    pub fn new() -> Shallow {
        Shallow {
            tt: TranspositionTable::new(4),
            stop: Stop::new(),
        }
    }

    /// Whether a search [`SHALLOW_DEPTH`] plies deep plays one of `first_moves`.
    pub fn sees(&mut self, position: &Position, first_moves: &[Move]) -> bool {
        self.tt.clear();
        let result = search::search(
            &Game::new(*position),
            Limits::Depth(SHALLOW_DEPTH),
            &mut self.tt,
            &EvalConfig::default(),
            None,
            &self.stop,
            &mut |_| {},
        );
        result.best.is_some_and(|mv| first_moves.contains(&mv))
    }
}

/// Every combination of `game` that the shallow search does not see, in the order
/// of the game.
pub fn scan(game: &Game, shallow: &mut Shallow) -> Vec<Finding> {
    let moves = game.moves();
    let black_first = usize::from(game.start().side_to_move() == Color::Black);
    game.positions()
        .enumerate()
        .filter_map(|(ply, position)| {
            let combination = find(position)?;
            if shallow.sees(position, &combination.first_moves) {
                return None;
            }
            Some(Finding {
                position: *position,
                ply,
                move_number: (ply + black_first) / 2 + 1,
                combination,
                played: moves.get(ply).copied(),
            })
        })
        .collect()
}
