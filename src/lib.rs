//! Russian draughts (русские шашки): rules, notation, knowledge base, search and console.
//!
//! The rules core is a 16-byte [`Position`] on 32-square bitboards with a
//! legal move generator that follows `RULES.md` exactly: men capture
//! backwards, kings fly, capture is compulsory but the choice is free, the
//! Turkish strike rule holds, and a man crowned mid-capture goes on as a king.
//!
//! ```
//! use shashki::{MoveText, Position};
//!
//! let position = Position::start();
//! let mv = "c3-d4".parse::<MoveText>().unwrap().resolve(&position).unwrap();
//! let after = position.play(mv).unwrap();
//! assert_eq!(after.legal_moves().len(), 7);
//! assert_eq!(shashki::perft(&Position::start(), 4), 1469);
//! ```

#![warn(missing_docs)]

mod bitboard;
pub mod book;
pub mod combination;
mod cpu;
pub mod engine;
pub mod eval;
pub mod files;
mod game;
pub mod kb;
#[cfg(test)]
mod message_ids;
mod movegen;
mod mv;
pub mod notation;
mod perft;
mod piece;
pub mod play;
mod position;
pub mod search;
mod square;
pub mod tablebase;
mod tables;
#[cfg(test)]
mod testing;
pub mod words;

pub use bitboard::Bitboard;
pub use engine::{Decision, Engine, EngineConfig, Source};
pub use game::{
    DrawCounters, DrawReason, Game, Outcome, WinReason, is_king_against_king,
    stronger_against_lone_king,
};
pub use mv::{Move, MoveList};
pub use notation::{FenError, IllegalMoveError, MoveParseError, MoveText};
pub use perft::{MAX_PERFT_DEPTH, PerftMode, perft, perft_divide, perft_with};
pub use piece::{Color, Piece, Role};
pub use position::{IllegalMove, Position, PositionError, START_FEN};
pub use square::{ParseSquareError, Square};
pub use tables::Direction;
