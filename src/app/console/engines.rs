//! The bot's engines and the knowledge base they play: loading it at the start,
//! `kb reload`, `kb check`, `remember`, `learn`'s new facts, and the engine of hints.

use std::path::PathBuf;

use super::phrases;
use super::said::{Note, Said};
use super::thinking::Thinker;
use crate::app::fact_names;
use shashki::combination::learn::NewFacts;
use shashki::engine::{Engine, EngineConfig};
use shashki::files::DataDir;
use shashki::kb::{
    self, BUILTIN_BOOK_TEXT, BUILTIN_LEARNED_TEXT, BUILTIN_TEXT, Change, Diagnostic, KbEditor,
    KbPart, KnowledgeBase, Origin, Remembered, Sources, book_path, learned_path, locate_file,
    remember,
};
use shashki::msg;
use shashki::words::Message;
use shashki::{Move, MoveText, Position};

/// The hint engine's transposition table, in megabytes.
const HINT_HASH_MB: usize = 16;

/// The engines and the knowledge base they use.
pub(super) struct Engines {
    pub engine: Engine,
    /// A second engine for hints, analysis and review, made at its first use, so that
    /// they leave the bot's combination line and table alone.
    hint_engine: Option<Engine>,
    /// Learned facts waiting for the answer to the question whether to keep them.
    pub pending: Option<NewFacts>,
    /// `--kb`: the knowledge base asked for.
    kb_path: Option<PathBuf>,
    /// The player's data directory, where their own knowledge base is.
    data: Option<DataDir>,
}

impl Engines {
    /// The bot's engine, with no knowledge base until [`Engines::load`].
    pub fn new(config: EngineConfig, kb_path: Option<PathBuf>, data: Option<DataDir>) -> Engines {
        Engines {
            engine: Engine::new(config, None),
            hint_engine: None,
            pending: None,
            kb_path,
            data,
        }
    }

    /// The knowledge base found for `--kb`, in the current directory, in the data
    /// directory or built in.
    fn located(&self) -> Result<(KnowledgeBase, Vec<Diagnostic>), Vec<Diagnostic>> {
        KnowledgeBase::locate_and_load(self.kb_path.as_deref(), self.data.as_ref())
    }

    /// The knowledge-base file found for `--kb` or in the current directory or in the
    /// data directory, if there is one.
    fn file(&self) -> Option<PathBuf> {
        locate_file(self.kb_path.as_deref(), self.data.as_ref())
    }

    /// Loads the knowledge base at the start (`reloaded`: for `kb reload`) and plays it;
    /// one with errors leaves the one in use.
    pub fn load(&mut self, reloaded: bool) -> Said {
        let (kb, diagnostics) = match self.located() {
            Ok(found) => found,
            Err(diagnostics) => {
                let errors = errors(&diagnostics);
                let said = Said::from(Note::Problems(diagnostics));
                return said.and(match (reloaded, self.engine.knowledge_base()) {
                    (false, _) => msg!("kb-none"),
                    (true, Some(_)) => msg!("kb-reload-kept", errors = errors),
                    (true, None) => msg!("kb-reload-none", errors = errors),
                });
            }
        };
        let loaded = msg!(
            "kb-loaded",
            reloaded = if reloaded { "yes" } else { "no" },
            origin = phrases::base_origin_message(&kb),
            facts = kb.len(),
            left = kb.left_out()
        );
        self.play(kb);
        Said::from(Note::Problems(diagnostics)).and(loaded)
    }

    /// The engines play `kb` from now on.
    fn play(&mut self, kb: KnowledgeBase) {
        self.engine.set_knowledge_base(Some(kb));
        self.hint_engine = None;
    }

    /// Reads the knowledge base again after a change to its files, quietly.
    fn reload_quietly(&mut self) {
        if let Ok((kb, _)) = self.located() {
            self.play(kb);
        }
    }

    /// `kb check`: the knowledge base's problems and what it holds, leaving the one in
    /// use alone.
    pub fn check(&self) -> Said {
        match self.located() {
            Ok((kb, diagnostics)) => {
                let errors = errors(&diagnostics);
                Said::from(Note::Problems(diagnostics)).and(msg!(
                    "kb-check-ok",
                    origin = phrases::base_origin_message(&kb),
                    facts = kb.len(),
                    exact = kb.exact_count(),
                    patterns = kb.pattern_count(),
                    lines = kb.line_count(),
                    errors = errors,
                    left = kb.left_out()
                ))
            }
            Err(diagnostics) => {
                let errors = errors(&diagnostics);
                let part = self
                    .file()
                    .map_or(KbPart::builtin(Origin::Starter), |file| {
                        KbPart::file(Origin::Starter, &file)
                    });
                Said::from(Note::Problems(diagnostics)).and(msg!(
                    "kb-check-failed",
                    origin = part.name(),
                    errors = errors
                ))
            }
        }
    }

    /// `remember`: `mv` becomes the knowledge base's move in `position` (a fact named
    /// `name`, else `default_name`); the base in use is read again.
    pub fn remember(
        &mut self,
        position: &Position,
        mv: Move,
        name: Option<&str>,
        default_name: &str,
    ) -> Said {
        let (file, seed) = match self.file() {
            Some(file) => (file, ""),
            None => match &self.data {
                Some(data) => (data.knowledge_base(), BUILTIN_TEXT),
                None => return msg!("remember-no-data").into(),
            },
        };
        let played = MoveText::from_move(position, mv).to_string();
        let mut said = match remember(&file, seed, position, mv, name, default_name) {
            Ok(Remembered {
                fact,
                change: Change::Added,
            }) => Said::from(msg!("remembered", fact = fact.to_string())),
            Ok(Remembered {
                fact,
                change:
                    Change::Updated {
                        old_lines,
                        old_name,
                    },
            }) => {
                let said = Said::from(msg!(
                    "remember-updated",
                    fact = fact.to_string(),
                    mv = played,
                    old = old_lines.join("; ")
                ));
                said.and(old_name.map(|old| msg!("remember-renamed", old = old, name = fact.name)))
            }
            Ok(Remembered {
                fact,
                change: Change::Unchanged,
            }) => {
                let fact = fact.to_string();
                return msg!("remember-unchanged", fact = fact, mv = played).into();
            }
            Err(diagnostics) => return Note::Problems(diagnostics).into(),
        };
        // A base made from the built-in one gets its learned facts and book beside it.
        let companions = [
            (learned_path(Some(&file), None), BUILTIN_LEARNED_TEXT),
            (book_path(Some(&file), None), BUILTIN_BOOK_TEXT),
        ];
        for (path, text) in companions {
            if !seed.is_empty()
                && let Some(path) = path.filter(|path| !path.exists())
                && let Err(problems) = KbEditor::open(&path, text).and_then(|kb| kb.save())
            {
                said.note(Note::Problems(problems));
            }
        }
        if let Ok((kb, _)) = KnowledgeBase::load(&Sources::file(&file)) {
            self.play(kb);
        }
        said
    }

    /// Where `learn` writes the facts it finds: beside the knowledge base in use.
    pub fn learned_file(&self) -> Option<PathBuf> {
        learned_path(self.file().as_deref(), self.data.as_ref())
    }

    /// The answer to whether to keep the facts `learn` found.
    pub fn keep_learned(&mut self, yes: bool) -> Said {
        let Some(pending) = self.pending.take() else {
            return Said::nothing();
        };
        if !yes {
            return msg!("learn-declined").into();
        }
        match pending.write(fact_names()) {
            Ok(()) => {
                self.reload_quietly();
                msg!(
                    "learn-written",
                    count = pending.facts.len(),
                    path = pending.target.display().to_string()
                )
                .into()
            }
            Err(problems) => Note::Problems(problems).into(),
        }
    }

    /// Every knowledge-base file the console may use or write: the one found for
    /// `--kb` or in the current directory, and the player's own.
    pub fn files(&self) -> Vec<PathBuf> {
        let data = self.data.as_ref();
        let base = self.file();
        let mut files: Vec<PathBuf> = base.iter().cloned().collect();
        files.extend(data.map(DataDir::knowledge_base));
        // The learned facts and the book beside it are knowledge bases too.
        files.extend(learned_path(base.as_deref(), data));
        files.extend(data.map(DataDir::learned));
        files.extend(book_path(base.as_deref(), data));
        files.extend(data.map(DataDir::book));
        files
    }

    /// The engine that thinks for `thinker`: the engine for hints, analysis and review
    /// is made at its first use, with the knowledge base and the tables at full
    /// strength and a table of its own.
    pub fn of(&mut self, thinker: Thinker, seed: u64) -> &mut Engine {
        match thinker {
            Thinker::Bot => &mut self.engine,
            Thinker::Hint => self.hint_engine.get_or_insert_with(|| {
                let config = EngineConfig {
                    seed,
                    hash_mb: HINT_HASH_MB,
                    tablebase: self.engine.config().tablebase.clone(),
                    ..EngineConfig::default()
                };
                Engine::new(config, self.engine.knowledge_base().cloned())
            }),
        }
    }

    /// The fact that matched in `position` but was passed over by `thinker`'s engine
    /// because its move loses material, if one was.
    pub fn passed_over(&self, thinker: Thinker, position: &Position) -> Option<Message> {
        let engine = match thinker {
            Thinker::Bot => Some(&self.engine),
            Thinker::Hint => self.hint_engine.as_ref(),
        };
        let passed = engine.and_then(Engine::passed_over)?;
        Some(passed.message(position, passed.fact.part.name()))
    }

    /// A new game: the engines forget the last one's lines, and hints start afresh.
    pub fn new_game(&mut self) {
        self.engine.new_game();
        self.hint_engine = None;
    }
}

fn errors(diagnostics: &[kb::Diagnostic]) -> usize {
    diagnostics.iter().filter(|d| d.is_error()).count()
}
