//! The one file writer: every file the program writes goes through [`write_atomically`].

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::msg;
use crate::words::Message;

/// Why [`write_atomically`] writes no file where the system itself did not refuse: the
/// error inside the [`io::Error`] it returns, worded by
/// [`io_error_message`](super::io_error_message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteRefusal {
    /// The path names something other than a regular file: it is never replaced.
    NotAFile(PathBuf),
    /// Symbolic links lead on past [`MAX_LINKS`] of them.
    TooManyLinks(PathBuf),
}

impl WriteRefusal {
    /// Why, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        match self {
            WriteRefusal::NotAFile(path) => {
                msg!("write-not-a-file", path = path.display().to_string())
            }
            WriteRefusal::TooManyLinks(path) => {
                msg!("write-too-many-links", path = path.display().to_string())
            }
        }
    }
}

impl fmt::Display for WriteRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for WriteRefusal {}

/// Symbolic links followed before giving up (as the kernel's own limit of 40).
const MAX_LINKS: usize = 40;

/// Replaces the file at `path` with `bytes` so that a reader, a crash or a full disk
/// never leaves half a file.
///
/// A symbolic link is followed to its target, which is replaced (the link stays a link).
/// The bytes go to a temporary file in the target's directory, which gets the old
/// file's permissions, is flushed to disk, and is renamed over the target; then the
/// directory itself is flushed so that the rename survives a power cut. On any error
/// the temporary file is removed and the old file is untouched.
///
/// # Examples
///
/// ```
/// let path = std::env::temp_dir().join(format!("shashki-doc-{}.txt", std::process::id()));
/// shashki::files::write_atomically(&path, b"one").unwrap();
/// shashki::files::write_atomically(&path, b"two").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"two");
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve_links(path)?;
    let old = match fs::metadata(&target) {
        Ok(metadata) if !metadata.is_file() => {
            return Err(io::Error::other(WriteRefusal::NotAFile(target)));
        }
        Ok(metadata) => Some(metadata.permissions()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(error),
    };
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let temporary = temporary_beside(&target);
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(bytes)?;
        if let Some(permissions) = old {
            file.set_permissions(permissions)?;
        }
        file.sync_all()?;
        fs::rename(&temporary, &target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
        return written;
    }
    sync_directory(&directory);
    Ok(())
}

/// The file a chain of symbolic links ends at (the path itself when it is no link,
/// including a path that does not exist yet).
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok(current),
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::other(WriteRefusal::TooManyLinks(
        path.to_path_buf(),
    )))
}

/// `.NAME.PID.N.tmp` beside `target`: hidden, and unique within and across processes.
fn temporary_beside(target: &Path) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy());
    let unique = NEXT.fetch_add(1, Ordering::Relaxed);
    target.with_file_name(format!(".{name}.{}.{unique}.tmp", std::process::id()))
}

/// Flushes a directory's entries (the rename) to disk. Where a directory cannot be
/// opened or synced (some platforms and file systems), the rename already happened
/// and is as durable as that system makes it.
fn sync_directory(directory: &Path) {
    if let Ok(handle) = File::open(directory) {
        let _ = handle.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory, removed when the guard is dropped.
    fn scratch(name: &str) -> (tempfile::TempDir, PathBuf) {
        let guard = tempfile::Builder::new()
            .prefix(&format!("shashki-write-{name}-"))
            .tempdir()
            .unwrap();
        let dir = guard.path().to_path_buf();
        (guard, dir)
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_file_is_left() {
        let (_guard, dir) = scratch("replace");
        let path = dir.join("game.pdn");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    // Making a symbolic link takes a privilege on Windows that a test cannot count on.
    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_stays_a_link_and_its_target_is_written() {
        let (_guard, dir) = scratch("link");
        fs::create_dir_all(dir.join("real")).unwrap();
        let target = dir.join("real/combs.txt");
        fs::write(&target, "old").unwrap();
        let link = dir.join("combs.txt");
        std::os::unix::fs::symlink("real/combs.txt", &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.join("real")).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    // Making a symbolic link takes a privilege on Windows that a test cannot count on.
    #[cfg(unix)]
    #[test]
    fn a_dangling_link_creates_its_target() {
        let (_guard, dir) = scratch("dangling");
        let link = dir.join("history");
        std::os::unix::fs::symlink("kept/history", &link).unwrap();
        fs::create_dir_all(dir.join("kept")).unwrap();
        write_atomically(&link, b"c3-d4\n").unwrap();
        assert_eq!(fs::read(dir.join("kept/history")).unwrap(), b"c3-d4\n");
        fs::remove_dir_all(&dir).unwrap();
    }

    // File modes are Unix's; Windows has a read-only flag only.
    #[cfg(unix)]
    #[test]
    fn the_permissions_of_the_old_file_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let (_guard, dir) = scratch("mode");
        let path = dir.join("private.txt");
        fs::write(&path, "secret").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_atomically(&path, b"still secret").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_is_never_replaced() {
        let (_guard, dir) = scratch("directory");
        fs::create_dir_all(dir.join("games")).unwrap();
        let error = write_atomically(&dir.join("games"), b"x").unwrap_err();
        assert!(
            error.to_string().ends_with("games is not a regular file"),
            "{error}"
        );
        let refusal = error
            .get_ref()
            .and_then(|e| e.downcast_ref::<WriteRefusal>());
        assert_eq!(refusal, Some(&WriteRefusal::NotAFile(dir.join("games"))));
        assert!(dir.join("games").is_dir());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_write_that_fails_creates_nothing() {
        let (_guard, dir) = scratch("missing");
        let error = write_atomically(&dir.join("no/such/dir/game.pdn"), b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }
}
