//! Text forms: position strings and moves.

mod fen;
pub mod hub;
mod latin;
mod movetext;
mod numeric;
pub mod pdn;

pub use fen::{FenError, FenErrorKind};
pub use latin::{latin, latin_char};
pub use movetext::{IllegalMoveError, MoveParseError, MoveText};
pub use numeric::Numbering;
