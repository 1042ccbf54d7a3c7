//! Reading a user's text file whole: a knowledge base or a PDN record.
//!
//! Only regular files are read. A named pipe or a device is refused by its
//! metadata before it is opened (opening a FIFO waits for a writer, and a
//! device may never end), and the file is opened without blocking so that
//! one swapped in between is refused too. A leading UTF-8 byte-order mark is
//! dropped; bytes that are not UTF-8 are an error naming the line and column.

use std::fmt;
use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

use super::write::WriteRefusal;

/// The largest file read whole: 64 MiB, thirty times the 10,000-fact
/// benchmark base, far more than any knowledge base or game record a person
/// writes, and small enough to hold in memory anywhere.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Where a file stops being UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadUtf8 {
    /// 1-based line of the first bad byte.
    pub line: usize,
    /// 1-based column of the first bad byte, in characters.
    pub column: usize,
    /// The first bad byte.
    pub byte: u8,
    /// The line, bad bytes shown as U+FFFD, without its line break.
    pub line_text: String,
}

impl BadUtf8 {
    /// What is wrong, as a message of the `.ftl` files.
    pub fn message(&self) -> crate::words::Message {
        crate::msg!("kb-not-utf8", byte = format!("0x{:02X}", self.byte))
    }
}

impl fmt::Display for BadUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

/// What a path names when it is not a regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAFile {
    /// A directory.
    Directory,
    /// A named pipe (FIFO).
    NamedPipe,
    /// A character or block device.
    Device,
    /// A socket.
    Socket,
    /// Any other special file.
    Special,
}

impl NotAFile {
    /// The selector the `.ftl` files choose its word by.
    pub fn selector(self) -> &'static str {
        match self {
            NotAFile::Directory => "directory",
            NotAFile::NamedPipe => "pipe",
            NotAFile::Device => "device",
            NotAFile::Socket => "socket",
            NotAFile::Special => "special",
        }
    }
}

/// Why a text file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(io::Error),
    /// The path names something other than a regular file.
    NotAFile(NotAFile),
    /// The file is larger than [`MAX_TEXT_BYTES`].
    TooLarge(u64),
    /// The file is not UTF-8 text.
    BadUtf8(BadUtf8),
}

impl ReadError {
    /// Why not, as a message of the `.ftl` files.
    pub fn message(&self) -> crate::words::Message {
        use crate::msg;
        match self {
            ReadError::Io(error) => io_error_message(error),
            ReadError::NotAFile(what) => msg!("read-not-a-file", what = what.selector()),
            ReadError::TooLarge(bytes) => {
                msg!("read-too-large", bytes = *bytes, max = MAX_TEXT_BYTES >> 20)
            }
            ReadError::BadUtf8(bad) => msg!(
                "read-bad-utf8",
                line = bad.line,
                column = bad.column,
                reason = bad.message()
            ),
        }
    }
}

/// An operating system's error as a message: the everyday ones by their kind (the words
/// of a Russian message), others as the system says them.
pub fn io_error_message(error: &io::Error) -> crate::words::Message {
    let inner = error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<WriteRefusal>());
    if let Some(refusal) = inner {
        return refusal.message();
    }
    let kind = match error.kind() {
        io::ErrorKind::NotFound => "not-found",
        io::ErrorKind::PermissionDenied => "denied",
        io::ErrorKind::IsADirectory => "directory",
        io::ErrorKind::StorageFull => "full",
        _ => "other",
    };
    crate::msg!("io-error", kind = kind, system = error.to_string())
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(error: io::Error) -> ReadError {
        ReadError::Io(error)
    }
}

/// The text of the regular file at `path`, without a leading byte-order mark.
///
/// # Examples
///
/// ```
/// use shashki::files::{NotAFile, ReadError, read_text};
///
/// let error = read_text(&std::env::temp_dir()).unwrap_err();
/// assert!(matches!(error, ReadError::NotAFile(NotAFile::Directory)));
/// ```
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    read_text_and_mark(path).map(|(text, _)| text)
}

/// The text of the regular file at `path` without a leading byte-order mark, and
/// whether it had one (for an editor that writes the file back as it found it).
pub fn read_text_and_mark(path: &Path) -> Result<(String, bool), ReadError> {
    let expected = regular(std::fs::metadata(path)?)?;
    let file = open_without_waiting(path)?;
    // Checked again on the open file, in case another kind of file took the name meanwhile.
    regular(file.metadata()?)?;
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(expected.min(MAX_TEXT_BYTES) as usize)
        .map_err(|_| io::Error::from(io::ErrorKind::OutOfMemory))?;
    // A file that grows while it is read still stops one byte past the limit.
    file.take(MAX_TEXT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(ReadError::TooLarge(bytes.len() as u64));
    }
    let mark = bytes.starts_with(BOM);
    if mark {
        bytes.drain(..BOM.len());
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        ReadError::BadUtf8(locate_bad_byte(error.as_bytes(), at))
    })?;
    Ok((text, mark))
}

/// The length of a regular file, or what else it is.
fn regular(metadata: Metadata) -> Result<u64, ReadError> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return Ok(metadata.len());
    }
    if kind.is_dir() {
        return Err(ReadError::NotAFile(NotAFile::Directory));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Err(ReadError::NotAFile(NotAFile::NamedPipe));
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Err(ReadError::NotAFile(NotAFile::Device));
        }
        if kind.is_socket() {
            return Err(ReadError::NotAFile(NotAFile::Socket));
        }
    }
    Err(ReadError::NotAFile(NotAFile::Special))
}

/// Opens `path` for reading; on Unix without waiting, should it be a FIFO after all.
fn open_without_waiting(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(nix::libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The line and column of the byte at `at`, all bytes before it being UTF-8.
fn locate_bad_byte(bytes: &[u8], at: usize) -> BadUtf8 {
    let line_start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |newline| newline + 1);
    let line_end = bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |newline| at + newline);
    let before = String::from_utf8_lossy(&bytes[line_start..at]);
    let line_text = String::from_utf8_lossy(&bytes[line_start..line_end]);
    BadUtf8 {
        line: 1 + bytes[..line_start].iter().filter(|&&b| b == b'\n').count(),
        column: 1 + before.chars().count(),
        byte: bytes[at],
        line_text: line_text.trim_end_matches('\r').to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file named `name` holding `bytes` in a fresh directory, removed with the guard.
    fn scratch(name: &str, bytes: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
        let (dir, path) = crate::testing::scratch_file("read", name);
        std::fs::write(&path, bytes).unwrap();
        (dir, path)
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_told() {
        let (_dir, path) = scratch("bom.txt", b"\xEF\xBB\xBFfact\n");
        assert_eq!(read_text(&path).unwrap(), "fact\n");
        assert_eq!(read_text_and_mark(&path).unwrap(), ("fact\n".into(), true));
        let (_dir, path) = scratch("plain.txt", b"fact\n");
        assert_eq!(read_text_and_mark(&path).unwrap(), ("fact\n".into(), false));
    }

    #[test]
    fn a_bad_byte_is_placed_by_line_and_character_column() {
        // Line 3 holds two Cyrillic letters (two bytes each) before the bad byte.
        let (_dir, path) = scratch("bad.txt", b"one\r\ntwo\n\xD0\xB0\xD0\xB1x\xFFy\nfour\n");
        let Err(ReadError::BadUtf8(bad)) = read_text(&path) else {
            panic!("invalid UTF-8 must be refused");
        };
        assert_eq!((bad.line, bad.column, bad.byte), (3, 4, 0xFF));
        assert_eq!(bad.line_text, "абx\u{FFFD}y");
    }

    #[test]
    fn a_byte_order_mark_does_not_count_as_a_column() {
        let (_dir, path) = scratch("bom-bad.txt", b"\xEF\xBB\xBFab\x80");
        let Err(ReadError::BadUtf8(bad)) = read_text(&path) else {
            panic!("invalid UTF-8 must be refused");
        };
        assert_eq!((bad.line, bad.column), (1, 3));
    }

    #[test]
    fn a_directory_is_refused_by_name() {
        let error = read_text(&std::env::temp_dir()).unwrap_err();
        assert_eq!(error.to_string(), "it is a directory, not a regular file");
    }

    // A device with a path in the file system (/dev/zero) is Unix's.
    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_without_reading_it() {
        let error = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(
            matches!(error, ReadError::NotAFile(NotAFile::Device)),
            "{error}"
        );
    }

    // A named pipe in the file system is Unix's.
    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_at_once() {
        let (_dir, marker) = scratch("pipe-dir-marker", b"");
        let path = marker.with_file_name("pipe");
        let _ = std::fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.is_ok_and(|status| status.success()), "mkfifo");
        // Reading in a thread, so that a regression (opening the pipe, which waits for a
        // writer) fails the test instead of hanging it.
        let (tell, told) = std::sync::mpsc::channel();
        let reading = path.clone();
        std::thread::spawn(move || tell.send(read_text(&reading).map_err(|e| e.to_string())));
        let result = told.recv_timeout(std::time::Duration::from_secs(5));
        let _ = std::fs::remove_file(&path);
        assert_eq!(
            result.expect("read_text returned within 5 s"),
            Err("it is a named pipe (FIFO), not a regular file".to_string())
        );
    }
}
