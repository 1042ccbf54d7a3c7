//! The player's data directory: history, their own knowledge base, the game in progress.

use std::io;
use std::path::{Path, PathBuf};

/// Where the player's files live: the platform's data directory for shashki
/// (`$XDG_DATA_HOME/shashki`, else `~/.local/share/shashki` on Linux;
/// `~/Library/Application Support/shashki` on macOS; `%APPDATA%\shashki\data` on Windows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    /// The platform's data directory for shashki (not created); `None` when the
    /// system names no home directory.
    pub fn locate() -> Option<DataDir> {
        let dirs = directories::ProjectDirs::from("", "", "shashki")?;
        Some(DataDir {
            root: dirs.data_dir().to_path_buf(),
        })
    }

    /// The prompt's line history.
    pub fn history(&self) -> PathBuf {
        self.root.join("history")
    }

    /// The player's own knowledge base, seeded from the built-in base on the first `remember`.
    pub fn knowledge_base(&self) -> PathBuf {
        self.root.join("kb").join("combs.txt")
    }

    /// The combinations the player's `kb learn` found, loaded with the base in use.
    pub fn learned(&self) -> PathBuf {
        self.root.join("kb").join("learned.txt")
    }

    /// The player's own opening book (`shashki kb book`), used in place of the built-in one.
    pub fn book(&self) -> PathBuf {
        self.root.join("kb").join("book.txt")
    }

    /// The game in progress, rewritten after every move until the game ends.
    pub fn autosave(&self) -> PathBuf {
        self.root.join("autosave.pdn")
    }

    /// Where unfinished games are kept when another game takes their place.
    pub fn games(&self) -> PathBuf {
        self.root.join("games")
    }

    /// The player's puzzle score (`puzzle`).
    pub fn puzzles(&self) -> PathBuf {
        self.root.join("puzzles.txt")
    }

    /// The endgame databases (`shashki egtb build`).
    pub fn egtb(&self) -> PathBuf {
        self.root.join("egtb")
    }

    /// Creates the directory that will hold `file`, if it is missing.
    pub fn prepare(file: &Path) -> io::Result<()> {
        match file.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => std::fs::create_dir_all(parent),
            _ => Ok(()),
        }
    }
}
