//! Why a file could not be read or written, as a value that can be kept in a
//! diagnostic: cloned, compared, and worded by the console in the player's language.

use std::fmt;
use std::io;

use super::read::{BadUtf8, NotAFile, ReadError};

/// A [`ReadError`] or an [`io::Error`] kept as plain values: the system's error as
/// its kind (which the console words) and its own text (which `Display` gives).
///
/// # Examples
///
/// ```
/// use shashki::files::{FileFailure, NotAFile, ReadError, read_text};
///
/// let error = read_text(&std::env::temp_dir()).unwrap_err();
/// let failure = FileFailure::from(&error);
/// assert_eq!(failure, FileFailure::NotAFile(NotAFile::Directory));
/// assert_eq!(failure.to_string(), error.to_string());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileFailure {
    /// The system refused: what kind of error, and the system's words for it.
    System {
        /// The kind of the error.
        kind: io::ErrorKind,
        /// The error as the system words it.
        text: String,
    },
    /// The path names something other than a regular file (see [`ReadError::NotAFile`]).
    NotAFile(NotAFile),
    /// The file is larger than [`MAX_TEXT_BYTES`](super::MAX_TEXT_BYTES).
    TooLarge(u64),
    /// The file is not UTF-8 text.
    BadUtf8(BadUtf8),
}

impl From<&io::Error> for FileFailure {
    fn from(error: &io::Error) -> FileFailure {
        FileFailure::System {
            kind: error.kind(),
            text: error.to_string(),
        }
    }
}

impl From<&ReadError> for FileFailure {
    fn from(error: &ReadError) -> FileFailure {
        match error {
            ReadError::Io(error) => FileFailure::from(error),
            ReadError::NotAFile(what) => FileFailure::NotAFile(*what),
            ReadError::TooLarge(bytes) => FileFailure::TooLarge(*bytes),
            ReadError::BadUtf8(bad) => FileFailure::BadUtf8(bad.clone()),
        }
    }
}

impl From<&FileFailure> for ReadError {
    /// The read error again, its system error rebuilt from its kind and words.
    fn from(failure: &FileFailure) -> ReadError {
        match failure {
            FileFailure::System { kind, text } => {
                ReadError::Io(io::Error::new(*kind, text.clone()))
            }
            FileFailure::NotAFile(what) => ReadError::NotAFile(*what),
            FileFailure::TooLarge(bytes) => ReadError::TooLarge(*bytes),
            FileFailure::BadUtf8(bad) => ReadError::BadUtf8(bad.clone()),
        }
    }
}

/// Words it as [`ReadError`] does.
impl fmt::Display for FileFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileFailure::System { text, .. } => f.write_str(text),
            other => write!(f, "{}", ReadError::from(other)),
        }
    }
}

impl std::error::Error for FileFailure {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_words_itself_as_the_error_it_was_made_from_and_back() {
        let bad = BadUtf8 {
            line: 3,
            column: 18,
            byte: 0xFF,
            line_text: "x\u{FFFD}".to_string(),
        };
        for error in [
            ReadError::Io(io::Error::from(io::ErrorKind::NotFound)),
            ReadError::Io(io::Error::other("disk on fire")),
            ReadError::NotAFile(NotAFile::NamedPipe),
            ReadError::TooLarge(1 << 30),
            ReadError::BadUtf8(bad),
        ] {
            let failure = FileFailure::from(&error);
            assert_eq!(failure.to_string(), error.to_string());
            let again = ReadError::from(&failure);
            assert_eq!(again.to_string(), error.to_string());
            assert_eq!(FileFailure::from(&again), failure);
        }
    }
}
