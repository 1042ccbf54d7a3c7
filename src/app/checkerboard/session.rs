//! What the engine keeps between CheckerBoard's calls: the settings `enginecommand`
//! changes, the game history `set gamehist` sends, and the engine itself, made at the
//! first move and remade when a setting it was made with changes.
//!
//! Each is behind a lock of its own, so that CheckerBoard's window thread, which asks
//! `get movelist` or changes a setting while a search runs on its engine thread, is
//! answered at once: a setting is taken up by the next move.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, PoisonError};

use shashki::engine::{Engine, EngineConfig};
use shashki::words::{Lang, Text};
use shashki::{Game, Position};

use crate::ansi;
use crate::place::Places;

/// The settings CheckerBoard sets and reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The transposition table, in MiB (`hashsize`).
    pub hash_mb: usize,
    /// Search threads (`searchthreads`).
    pub threads: usize,
    /// CheckerBoard's book setting (`book`): 0 plays without the knowledge base and its
    /// book, 1 to 3 (its kinds of book moves) with both.
    pub book: u8,
    /// The endgame tables' folder (`dbpath`), when one is named.
    pub dbpath: Option<PathBuf>,
    /// The most memory the tables' files may hold, in MiB (`dbmbytes`); 0 for no limit.
    pub db_mb: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 64,
            threads: 1,
            book: 3,
            dbpath: None,
            db_mb: 0,
        }
    }
}

impl Options {
    /// Whether the knowledge base (and its book) is used.
    pub fn use_kb(&self) -> bool {
        self.book > 0
    }

    /// Whether an engine made with `self` must be made again for `wanted`: what cannot
    /// be changed in an engine (the threads and the knowledge base can).
    fn must_remake(&self, wanted: &Options) -> bool {
        self.hash_mb != wanted.hash_mb || self.dbpath != wanted.dbpath || self.db_mb != wanted.db_mb
    }
}

/// An engine and the settings it was made with.
struct Made {
    engine: Engine,
    options: Options,
}

/// The engine's whole state.
pub struct Session {
    places: Places,
    text: Text,
    options: Mutex<Options>,
    history: Mutex<Option<Game>>,
    engine: Mutex<Option<Made>>,
}

/// The guarded value, even if a call panicked while it held the lock: each value here
/// is whole between statements.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Session {
    /// A session finding its files in `places` and speaking `lang`.
    pub fn new(places: Places, lang: Lang) -> Session {
        Session {
            places,
            text: Text::new(lang),
            options: Mutex::new(Options::default()),
            history: Mutex::new(None),
            engine: Mutex::new(None),
        }
    }

    /// The session of the DLL: its files beside it or in the player's data directory,
    /// in the system's language.
    pub fn for_checkerboard() -> Session {
        Session::new(Places::of_this_library(), system_language())
    }

    /// The words of the session's language.
    pub fn text(&self) -> &Text {
        &self.text
    }

    /// Where the files are looked for.
    pub fn places(&self) -> &Places {
        &self.places
    }

    /// The settings, to read or change.
    pub fn options(&self) -> MutexGuard<'_, Options> {
        lock(&self.options)
    }

    /// Keeps `game`, the history CheckerBoard sent, for the next move.
    pub fn set_history(&self, game: Option<Game>) {
        *lock(&self.history) = game;
    }

    /// The game to play `position` in: the history sent, when it ends in `position`,
    /// else the position alone.
    pub fn game_at(&self, position: &Position) -> Game {
        match &*lock(&self.history) {
            Some(game) if game.position() == position => game.clone(),
            _ => Game::new(*position),
        }
    }

    /// Runs `work` with the engine, made or brought up to the settings first. An engine
    /// that a panic left half-way is made anew.
    pub fn with_engine<R>(&self, work: impl FnOnce(&mut Engine) -> R) -> R {
        let mut slot = self.engine.lock().unwrap_or_else(|poisoned| {
            let mut slot = poisoned.into_inner();
            *slot = None;
            slot
        });
        self.engine.clear_poison();
        let wanted = self.options().clone();
        let made = match slot.take() {
            Some(made) if !made.options.must_remake(&wanted) => self.refreshed(made, &wanted),
            _ => self.make(&wanted),
        };
        let made = slot.insert(made);
        work(&mut made.engine)
    }

    fn make(&self, options: &Options) -> Made {
        let budget = (options.db_mb > 0).then_some(options.db_mb << 20);
        let config = EngineConfig {
            use_kb: options.use_kb(),
            hash_mb: options.hash_mb,
            threads: options.threads,
            tablebase: self.places.tablebase(options.dbpath.as_deref(), budget),
            ..EngineConfig::default()
        };
        let kb = options.use_kb().then(|| self.places.knowledge_base(true));
        let engine = Engine::try_new(config.clone(), kb.clone()).unwrap_or_else(|_| {
            // A table CheckerBoard's setting asks for that the machine cannot give.
            let hash_mb = EngineConfig::default().hash_mb;
            Engine::new(EngineConfig { hash_mb, ..config }, kb)
        });
        Made {
            engine,
            options: options.clone(),
        }
    }

    fn refreshed(&self, mut made: Made, wanted: &Options) -> Made {
        made.engine.set_threads(wanted.threads);
        if wanted.use_kb() && made.engine.knowledge_base().is_none() {
            made.engine
                .set_knowledge_base(Some(self.places.knowledge_base(true)));
        }
        made.engine.set_use_kb(wanted.use_kb());
        made.options = wanted.clone();
        made
    }
}

/// The system's language, where its ANSI code page can write it (a Russian interface on
/// a system whose code page has no Cyrillic letters gets English).
fn system_language() -> Lang {
    let wanted = Lang::from_locale(|name| std::env::var(name).ok(), sys_locale::get_locale);
    match wanted {
        Lang::Ru if !ansi::can_write("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАЯЁ") => {
            Lang::En
        }
        lang => lang,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_is_used_only_when_it_ends_in_the_position_asked() {
        let session = Session::new(Places::default(), Lang::En);
        let mut game = Game::new(Position::start());
        let mv = Position::start().legal_moves()[0];
        game.play(mv).unwrap();
        session.set_history(Some(game.clone()));
        assert_eq!(session.game_at(game.position()).moves(), vec![mv]);
        assert!(session.game_at(&Position::start()).moves().is_empty());
    }

    #[test]
    fn a_changed_hash_size_remakes_the_engine_and_threads_do_not() {
        let session = Session::new(Places::default(), Lang::En);
        session.options().hash_mb = 1;
        session.with_engine(|engine| assert_eq!(engine.config().hash_mb, 1));
        session.options().threads = 2;
        session.options().book = 0;
        session.with_engine(|engine| {
            assert_eq!(engine.config().threads, 2);
            assert!(!engine.config().use_kb);
        });
        session.options().hash_mb = 2;
        session.with_engine(|engine| assert_eq!(engine.config().hash_mb, 2));
    }
}
