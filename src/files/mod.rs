//! The player's files: where they live, and how they are written without ever losing one.

mod data;
mod write;

pub use data::DataDir;
pub use write::write_atomically;
