//! The previous versions of the player's files: kept in the data directory's
//! `backups/` before each change, the newest restored by one command.

use std::io;
use std::path::{Path, PathBuf};

use super::DataDir;
use super::write::write_atomically;

/// What [`restore_backup`] put back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restored {
    /// The file put back as it was.
    pub file: PathBuf,
    /// The backup it came from.
    pub from: PathBuf,
}

/// Keeps the version of `file` (a file in `data`) that is about to change, as
/// `backups/PATH.N` (`N` counting up); nothing when the file does not exist yet.
pub fn keep_backup(data: &DataDir, file: &Path) -> io::Result<()> {
    let Ok(relative) = file.strip_prefix(data.root()) else {
        return Ok(());
    };
    let text = match std::fs::read(file) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(error),
    };
    let kept = data.backups().join(relative);
    let number = versions(&kept).last().map_or(1, |(number, _)| number + 1);
    let path = numbered(&kept, number);
    DataDir::prepare(&path)?;
    write_atomically(&path, &text)
}

/// Puts back the newest backup of any of the player's files: the last change is
/// undone. The version it replaces is kept first, so that the next restore undoes this
/// one. `None` when there is no backup.
pub fn restore_backup(data: &DataDir) -> io::Result<Option<Restored>> {
    let Some((kept, from)) = newest(&data.backups()) else {
        return Ok(None);
    };
    let Ok(relative) = kept.strip_prefix(data.backups()) else {
        return Ok(None);
    };
    let file = data.root().join(relative);
    let text = std::fs::read(&from)?;
    keep_backup(data, &file)?;
    DataDir::prepare(&file)?;
    write_atomically(&file, &text)?;
    // The backup put back is now the file itself.
    std::fs::remove_file(&from)?;
    Ok(Some(Restored { file, from }))
}

/// `kept.N`.
fn numbered(kept: &Path, number: u64) -> PathBuf {
    let mut name = kept.as_os_str().to_os_string();
    name.push(format!(".{number}"));
    PathBuf::from(name)
}

/// The backups of one file, `kept.N`, by their number.
fn versions(kept: &Path) -> Vec<(u64, PathBuf)> {
    let (Some(dir), Some(name)) = (kept.parent(), kept.file_name()) else {
        return Vec::new();
    };
    let prefix = format!("{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(u64, PathBuf)> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter_map(|path| {
            let name = path.file_name()?.to_string_lossy().into_owned();
            let number = name.strip_prefix(&prefix)?.parse().ok()?;
            Some((number, path))
        })
        .collect();
    found.sort();
    found
}

/// The newest backup under `dir` (by when it was written, then by its number), and the
/// file it keeps.
fn newest(dir: &Path) -> Option<(PathBuf, PathBuf)> {
    let mut newest: Option<((std::time::SystemTime, u64), PathBuf, PathBuf)> = None;
    let mut pending = vec![dir.to_path_buf()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).ok()?.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let shown = path.to_string_lossy().into_owned();
            let Some((stem, Ok(number))) = shown
                .rsplit_once('.')
                .map(|(stem, number)| (stem, number.parse::<u64>()))
            else {
                continue;
            };
            let written = entry.metadata().and_then(|meta| meta.modified()).ok()?;
            let when = (written, number);
            if newest.as_ref().is_none_or(|(newest, _, _)| when > *newest) {
                newest = Some((when, PathBuf::from(stem), path));
            }
        }
    }
    newest.map(|(_, kept, path)| (kept, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_change_is_kept_and_restored_newest_first() {
        let root = std::env::temp_dir().join(format!("shashki-backup-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let data = DataDir::locate(Some(&root)).expect("a data directory");
        let file = data.own();
        DataDir::prepare(&file).unwrap();
        // Nothing to keep before the file exists.
        keep_backup(&data, &file).unwrap();
        assert_eq!(restore_backup(&data).unwrap(), None);
        for version in ["one\n", "two\n", "three\n"] {
            keep_backup(&data, &file).unwrap();
            std::fs::write(&file, version).unwrap();
        }
        let restored = restore_backup(&data).unwrap().expect("a backup");
        assert_eq!(restored.file, file);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "two\n");
        // A second restore undoes the first.
        restore_backup(&data)
            .unwrap()
            .expect("the version it replaced");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "three\n");
        let _ = std::fs::remove_dir_all(&root);
    }
}
