//! The player's files: where they live, how they are read (whole and safely), how a
//! problem in one is shown, and how they are written without ever losing one.

mod backup;
mod checksum;
mod data;
mod diagnostic;
mod failure;
mod read;
mod write;

pub use backup::{Restored, keep_backup, restore_backup};
pub use checksum::Fnv1a;
pub use data::DataDir;
pub use diagnostic::{Diagnostic, Severity, SourceText, Spot};
pub use failure::FileFailure;
pub use read::{
    BadUtf8, MAX_TEXT_BYTES, NotAFile, ReadError, io_error_message, read_text, read_text_and_mark,
};
pub use write::{WriteRefusal, write_atomically};
