//! Games played out: the one game loop with the draw rules and adjudication
//! ([`play_game`]), players as a trait ([`Player`]; the engine of this process is
//! [`EnginePlayer`]), the openings and ballots games start from ([`openings`]),
//! self-play ([`selfplay_games`]), random positions, and the sequential test of a
//! match ([`sprt`]).

mod ending;
pub mod openings;
mod player;
mod random;
mod referee;
mod selfplay;
pub mod sprt;

pub use ending::{GameEnd, MAX_PLIES, Played};
pub use player::{EnginePlayer, Player, PlayerError};
pub use random::random_positions;
pub use referee::{GameError, play_game, play_itself};
pub use selfplay::{SelfPlay, selfplay_games};
