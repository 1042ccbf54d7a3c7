//! Text forms: position strings and moves.

mod fen;
mod movetext;

pub use fen::{FenError, FenErrorKind};
pub use movetext::{IllegalMoveError, MoveParseError, MoveText};
