//! The bot's engines and the knowledge base they play: loading it at the start,
//! `kb reload`, `kb check`, `remember`, `learn`'s new facts, and the engine of hints.

use std::path::PathBuf;

use super::phrases;
use super::said::{Note, Said};
use super::thinking::Thinker;
use crate::app::fact_names;
use shashki::combination::learn::NewFacts;
use shashki::combination::safety::{Safety, safety};
use shashki::engine::{Engine, EngineConfig};
use shashki::files::{DataDir, io_error_message, keep_backup, restore_backup};
use shashki::kb::{
    self, Change, Diagnostic, KbPart, KnowledgeBase, Origin, Remembered, book_path, forget,
    learned_path, locate_file, remember,
};
use shashki::msg;
use shashki::notation::Notation;
use shashki::words::Message;
use shashki::{Move, MoveText, Position};

/// The first lines of the player's own facts file, when `remember` makes it.
const OWN_HEADER: &str = "% Your own facts: `remember` and `forget` at the prompt write them here, and they\n\
% play over the other facts of the same position. Edit them as any base (then `kb reload`).\n\
% Ваши факты: их пишут `запомнить` и `забыть`, и они играют раньше других фактов той же\n\
% позиции. Их можно править, как любую базу (затем `kb reload`).\n\n";

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
                    rules = kb.rule_count(),
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

    /// What playing `mv` in `position` loses to the opponent's reply, where the safety
    /// check of a fact's move would refuse it: asked about before it is remembered.
    pub fn remember_risk(position: &Position, mv: Move) -> Option<Message> {
        let Safety::Loses(loss) = safety(position, mv, 0) else {
            return None;
        };
        let after = position.play_unchecked(mv);
        Some(msg!(
            "remember-loses",
            mv = Notation::Full.write(position, mv),
            lost = loss.won.message(),
            reply = Notation::Full.line(&after, &loss.line)
        ))
    }

    /// `remember`: `mv` becomes the player's own fact for `position`, in their own file
    /// (named `name`, else `default_name`), which plays over the other facts of the
    /// position; no other file is touched. The file's last version is kept first.
    pub fn remember(
        &mut self,
        position: &Position,
        mv: Move,
        name: Option<&str>,
        default_name: &str,
    ) -> Said {
        let Some(data) = self.data.clone() else {
            return msg!("remember-no-data").into();
        };
        let file = data.own();
        if let Err(error) = keep_backup(&data, &file) {
            return self.backup_failed(&file, &error);
        }
        let played = MoveText::from_move(position, mv).to_string();
        let mut said = match remember(&file, OWN_HEADER, position, mv, name, default_name) {
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
                    mv = played.as_str(),
                    // The moves alone: `play` is the file's word, not the player's.
                    old = old_lines
                        .iter()
                        .map(|line| line.trim_start_matches("play").trim())
                        .collect::<Vec<_>>()
                        .join("; ")
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
        // The fact of another file for the position, which the player's now plays over.
        if let Some(other) = self
            .engine
            .knowledge_base()
            .and_then(|kb| kb.exact_fact(position))
            .filter(|other| other.part.kind != Origin::Own)
        {
            said.tell(msg!(
                "remember-over",
                fact = other.name.as_str(),
                origin = other.part.name(),
                line = other.line
            ));
        }
        self.reload_quietly();
        said
    }

    /// `forget`: the player's own fact for `position` is taken out of their file, and
    /// the other facts of the position play again. The file's last version is kept
    /// first.
    pub fn forget(&mut self, position: &Position) -> Said {
        let Some(data) = self.data.clone() else {
            return msg!("forget-none").into();
        };
        let file = data.own();
        if let Err(error) = keep_backup(&data, &file) {
            return self.backup_failed(&file, &error);
        }
        match forget(&file, position) {
            Ok(Some(fact)) => {
                self.reload_quietly();
                msg!("forgotten", fact = fact.to_string()).into()
            }
            Ok(None) => msg!("forget-none").into(),
            Err(diagnostics) => Note::Problems(diagnostics).into(),
        }
    }

    /// `restore`: the last change to the player's files is undone, from its backup.
    pub fn restore(&mut self) -> Said {
        let Some(data) = self.data.clone() else {
            return msg!("restore-none").into();
        };
        match restore_backup(&data) {
            Ok(Some(restored)) => {
                self.reload_quietly();
                msg!(
                    "restored-file",
                    path = restored.file.display().to_string(),
                    from = restored.from.display().to_string()
                )
                .into()
            }
            Ok(None) => msg!("restore-none").into(),
            Err(error) => msg!(
                "restore-failed",
                path = data.backups().display().to_string(),
                error = io_error_message(&error)
            )
            .into(),
        }
    }

    /// A file left as it was because its last version could not be kept.
    fn backup_failed(&self, file: &std::path::Path, error: &std::io::Error) -> Said {
        msg!(
            "backup-failed",
            path = file.display().to_string(),
            error = io_error_message(error)
        )
        .into()
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
    /// because its move loses material, or the rule that avoided the search's best move,
    /// if one was.
    pub fn passed_over(&self, thinker: Thinker, position: &Position) -> Option<Message> {
        let engine = match thinker {
            Thinker::Bot => Some(&self.engine),
            Thinker::Hint => self.hint_engine.as_ref(),
        }?;
        if let Some(avoided) = engine.avoided() {
            return Some(avoided.message(position, avoided.rule.part.name()));
        }
        let passed = engine.passed_over()?;
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
