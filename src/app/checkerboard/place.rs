//! Where the engine finds its knowledge base, book and endgame tables.
//!
//! CheckerBoard loads the DLL from its `engines` folder with its own folder as the
//! current directory, so nothing is looked for there. In order:
//!
//! 1. a folder `shashki` beside the DLL (`engines\shashki`), laid out as the player's
//!    data directory: `kb\combs.txt` (with `learned.txt` and `book.txt` beside it) and
//!    `egtb\`;
//! 2. the player's data directory (`%APPDATA%\shashki\data`, or `SHASHKI_DATA_DIR`);
//! 3. what is built in: the starter base, its learned facts and book, and the king endings.
//!
//! The player's own facts (`kb\mine.txt` of the data directory) come first in every case;
//! `set dbpath` names the tables' folder instead.

use std::path::{Path, PathBuf};

use shashki::files::DataDir;
use shashki::kb::{KnowledgeBase, Sources};
use shashki::tablebase::Tablebase;

/// The folders to look in.
#[derive(Clone, Debug, Default)]
pub struct Places {
    /// The folder `shashki` beside the DLL, when there is one.
    pub beside: Option<DataDir>,
    /// The player's data directory.
    pub player: Option<DataDir>,
}

impl Places {
    /// The places of the DLL that holds this code and of the player's data directory.
    pub fn of_this_library() -> Places {
        let beside = module_dir()
            .map(|dir| dir.join("shashki"))
            .filter(|dir| dir.is_dir())
            .and_then(|dir| DataDir::locate(Some(&dir)));
        Places {
            beside,
            player: DataDir::locate(None),
        }
    }

    fn in_order(&self) -> impl Iterator<Item = &DataDir> {
        self.beside.iter().chain(self.player.iter())
    }

    /// The parts of the knowledge base, as the module's order finds them.
    pub fn knowledge_base_sources(&self) -> Sources {
        let file = self
            .in_order()
            .map(DataDir::knowledge_base)
            .find(|path| path.exists());
        let sources = match file {
            Some(path) => Sources::file(&path),
            None => {
                let extras = self
                    .in_order()
                    .find(|dir| dir.learned().exists() || dir.book().exists());
                Sources::builtin_beside(extras.or(self.player.as_ref()))
            }
        };
        sources.with_own(self.player.as_ref())
    }

    /// The knowledge base, its opening book left out unless `with_book`. A file that
    /// cannot be read leaves the built-in base (CheckerBoard has nowhere to show why
    /// but the about box).
    pub fn knowledge_base(&self, with_book: bool) -> KnowledgeBase {
        let base = KnowledgeBase::load(&self.knowledge_base_sources())
            .map(|(base, _)| base)
            .unwrap_or_else(|_| KnowledgeBase::builtin());
        match with_book {
            true => base,
            false => base.without_book(),
        }
    }

    /// The endgame tables' folder: `named` (`set dbpath`), else the first place's `egtb`
    /// that exists.
    pub fn tables_dir(&self, named: Option<&Path>) -> Option<PathBuf> {
        match named {
            Some(dir) => Some(dir.to_path_buf()),
            None => self.in_order().map(DataDir::egtb).find(|dir| dir.is_dir()),
        }
    }

    /// The endgame tables of [`Places::tables_dir`] holding at most `budget` bytes
    /// (`None`: no limit), and the built-in king endings; those alone where the folder
    /// has no tables.
    pub fn tablebase(&self, named: Option<&Path>, budget: Option<u64>) -> Tablebase {
        self.tables_dir(named)
            .and_then(|dir| Tablebase::open_within(&dir, budget).ok())
            .filter(|tables| !tables.materials().is_empty())
            .unwrap_or_else(Tablebase::builtin)
    }
}

/// The folder of the DLL (or program) this code is in.
#[cfg(windows)]
fn module_dir() -> Option<PathBuf> {
    use std::os::windows::ffi::OsStringExt;
    use windows_sys::Win32::System::LibraryLoader::{
        GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS, GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
        GetModuleFileNameW, GetModuleHandleExW,
    };
    let mut module = std::ptr::null_mut();
    let flags =
        GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT;
    let address = module_dir as fn() -> Option<PathBuf> as *const u16;
    // SAFETY: the address is a function of this module, and `module` a valid place for
    // the handle; with the unchanged count there is nothing to free.
    if unsafe { GetModuleHandleExW(flags, address, &mut module) } == 0 {
        return None;
    }
    let mut name = vec![0u16; 32_768];
    let room = u32::try_from(name.len()).ok()?;
    // SAFETY: `name` holds `room` units, at most what the call writes.
    let length = unsafe { GetModuleFileNameW(module, name.as_mut_ptr(), room) } as usize;
    if length == 0 || length >= name.len() {
        return None;
    }
    let path = PathBuf::from(std::ffi::OsString::from_wide(&name[..length]));
    path.parent().map(Path::to_path_buf)
}

/// Only the Windows DLL has a folder of its own to look in.
#[cfg(not(windows))]
fn module_dir() -> Option<PathBuf> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::kb::{Origin, Source};

    fn dir(path: &Path) -> Option<DataDir> {
        DataDir::locate(Some(path))
    }

    #[test]
    fn the_folder_beside_the_dll_comes_before_the_player_s() {
        let beside = tempfile::tempdir().unwrap();
        let player = tempfile::tempdir().unwrap();
        for root in [beside.path(), player.path()] {
            std::fs::create_dir_all(root.join("kb")).unwrap();
            std::fs::write(root.join("kb").join("combs.txt"), "").unwrap();
            std::fs::create_dir_all(root.join("egtb")).unwrap();
        }
        let places = Places {
            beside: dir(beside.path()),
            player: dir(player.path()),
        };
        let first = places.knowledge_base_sources().parts()[0].clone();
        assert_eq!(
            first.source,
            Source::File(beside.path().join("kb").join("combs.txt"))
        );
        assert_eq!(places.tables_dir(None), Some(beside.path().join("egtb")));
        let named = Path::new("elsewhere");
        assert_eq!(places.tables_dir(Some(named)), Some(named.to_path_buf()));

        std::fs::remove_file(beside.path().join("kb").join("combs.txt")).unwrap();
        let first = places.knowledge_base_sources().parts()[0].clone();
        assert_eq!(
            first.source,
            Source::File(player.path().join("kb").join("combs.txt"))
        );
    }

    #[test]
    fn with_no_files_the_base_and_tables_are_the_built_in_ones() {
        let empty = tempfile::tempdir().unwrap();
        let places = Places {
            beside: None,
            player: dir(empty.path()),
        };
        let parts = places.knowledge_base_sources();
        assert!(
            parts
                .parts()
                .iter()
                .all(|part| part.source == Source::BuiltIn)
        );
        assert_eq!(parts.parts()[0].kind, Origin::Starter);
        assert!(places.tablebase(None, None).materials().is_empty());
        assert!(!places.knowledge_base(true).is_empty());
    }
}
