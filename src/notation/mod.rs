//! Text forms: position strings and moves.

mod fen;
pub mod hub;
mod keyboard;
mod latin;
mod movetext;
mod numbered;
mod numeric;
pub mod pdn;
mod short;
mod typed;

pub use fen::{FenError, FenErrorKind};
pub use keyboard::{Reading, readings};
pub use latin::{latin, latin_char};
pub use movetext::move_list;
pub use movetext::{IllegalMoveError, MoveParseError, MoveText};
pub use numbered::{MoveNumber, move_pairs, numbered_line};
pub use numeric::Numbering;
pub use short::{NotShort, ShortMove};
pub use typed::{
    BadLineMove, BadWord, MoveReadings, Notation, ReadMove, TypedMove, read_line,
    without_annotation,
};
