//! The player's data directory: history, their own knowledge base, the game in progress.

use std::io;
use std::path::{Path, PathBuf};

/// Where the player's files live: a directory the player names (`--data-dir`, or the
/// variable [`DataDir::VARIABLE`]), else the platform's data directory for shashki
/// (`$XDG_DATA_HOME/shashki`, else `~/.local/share/shashki` on Linux;
/// `~/Library/Application Support/shashki` on macOS; `%APPDATA%\shashki\data` on Windows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    /// The environment variable that names the data directory, on every system.
    pub const VARIABLE: &'static str = "SHASHKI_DATA_DIR";

    /// The data directory (not created): `explicit` when given, else the directory
    /// [`DataDir::VARIABLE`] names when it is set and not empty, else the platform's;
    /// `None` when the system names no home directory.
    pub fn locate(explicit: Option<&Path>) -> Option<DataDir> {
        DataDir::locate_with(explicit, |name| std::env::var_os(name))
    }

    /// [`DataDir::locate`], reading the environment through `var`.
    fn locate_with(
        explicit: Option<&Path>,
        var: impl Fn(&str) -> Option<std::ffi::OsString>,
    ) -> Option<DataDir> {
        let named = explicit.map(Path::to_path_buf).or_else(|| {
            var(DataDir::VARIABLE)
                .filter(|value| !value.is_empty())
                .map(PathBuf::from)
        });
        let root = match named {
            Some(root) => root,
            None => directories::ProjectDirs::from("", "", "shashki")?
                .data_dir()
                .to_path_buf(),
        };
        Some(DataDir { root })
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The prompt's line history.
    pub fn history(&self) -> PathBuf {
        self.root.join("history")
    }

    /// The player's own knowledge base, seeded from the built-in base on the first `remember`.
    pub fn knowledge_base(&self) -> PathBuf {
        self.root.join("kb").join("combs.txt")
    }

    /// The player's own facts (`remember`, `forget`): loaded before any other base, so
    /// that they play over the others' for the same position.
    pub fn own(&self) -> PathBuf {
        self.root.join("kb").join("mine.txt")
    }

    /// The player's lessons: the positions of their mistakes that `review` filed.
    pub fn lessons(&self) -> PathBuf {
        self.root.join("lessons.txt")
    }

    /// When each lesson comes back (`train`).
    pub fn lessons_schedule(&self) -> PathBuf {
        self.root.join("lessons-schedule.txt")
    }

    /// Where the previous versions of the player's files are kept before each change.
    pub fn backups(&self) -> PathBuf {
        self.root.join("backups")
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

    /// The player's console settings that last between sessions (the keyboard layout).
    pub fn settings(&self) -> PathBuf {
        self.root.join("settings.txt")
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn variable(value: &str) -> impl Fn(&str) -> Option<OsString> {
        move |name| (name == DataDir::VARIABLE).then(|| OsString::from(value))
    }

    #[test]
    fn the_option_comes_before_the_variable_and_the_variable_before_the_system() {
        let given = Path::new("given");
        let chosen = DataDir::locate_with(Some(given), variable("from-variable"));
        assert_eq!(chosen.map(|data| data.root), Some(given.to_path_buf()));
        let chosen = DataDir::locate_with(None, variable("from-variable"));
        assert_eq!(
            chosen.map(|data| data.root),
            Some(PathBuf::from("from-variable"))
        );
        let system = DataDir::locate_with(None, |_| None);
        assert_eq!(DataDir::locate_with(None, variable("")), system);
        assert!(
            system.is_none_or(|data| data.root.ends_with("shashki") || data.root.ends_with("data"))
        );
    }
}
