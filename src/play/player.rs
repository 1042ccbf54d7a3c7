//! Who decides the moves of a game the loop plays: a trait, and the engine of this
//! process as one. (The Hub engine in a child process is a player of the application.)

use std::fmt;

use crate::engine::{Engine, Limits};
use crate::words::Message;
use crate::{Game, Move};

/// Who decides a side's moves.
pub trait Player {
    /// The player's name in messages.
    fn name(&self) -> &str;

    /// Makes ready for a new game.
    fn new_game(&mut self) -> Result<(), PlayerError>;

    /// The player's move in `game`, a game still going; `None` when it finds none.
    fn choose(&mut self, game: &Game) -> Result<Option<Move>, PlayerError>;
}

/// Why a player could not answer (a child process that ended, an answer that could not
/// be read), as a message of the application that runs the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerError(pub Message);

impl PlayerError {
    /// Why, to be worded.
    pub fn message(&self) -> Message {
        self.0.clone()
    }
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.0, f)
    }
}

impl std::error::Error for PlayerError {}

/// The engine of this process as a player: its move within fixed limits.
pub struct EnginePlayer {
    name: String,
    engine: Engine,
    limits: Limits,
}

impl EnginePlayer {
    /// `engine`, named `name`, choosing each move within `limits`.
    pub fn new(name: &str, engine: Engine, limits: Limits) -> EnginePlayer {
        EnginePlayer {
            name: name.to_string(),
            engine,
            limits,
        }
    }

    /// The engine.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The limits of each move.
    pub fn limits(&self) -> Limits {
        self.limits
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> &str {
        &self.name
    }

    /// Forgets the last game: its combination line and its hash table.
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.engine.new_game();
        Ok(())
    }

    fn choose(&mut self, game: &Game) -> Result<Option<Move>, PlayerError> {
        let decision = self.engine.choose(game, self.limits, &mut |_| {});
        Ok(decision.map(|decision| decision.mv))
    }
}
