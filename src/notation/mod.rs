//! Text forms: position strings and moves.

mod fen;
mod movetext;
pub mod pdn;

pub use fen::{FenError, FenErrorKind};
pub use movetext::{IllegalMoveError, MoveParseError, MoveText};
