//! Files people write: reading them whole, safely.

mod read;

pub use read::{BadUtf8, MAX_TEXT_BYTES, ReadError, read_text};
