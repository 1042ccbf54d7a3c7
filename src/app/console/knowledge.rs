//! The knowledge-base commands: loading at the start, `kb reload`, `kb check`, `remember`.

use super::{Console, Intent, phrases};
use shashki::Move;
use shashki::MoveText;
use shashki::kb::{
    self, BUILTIN_BOOK_TEXT, BUILTIN_LEARNED_TEXT, BUILTIN_TEXT, Change, Diagnostic, KbEditor,
    KbPart, KnowledgeBase, Origin, Remembered, Sources, book_path, learned_path, locate_file,
    remember,
};
use shashki::msg;
use shashki::notation::MoveReadings;

impl Console {
    pub(super) fn load_kb_at_start(&mut self) {
        let located = KnowledgeBase::load(&Sources::locate(
            self.engines.kb_path.as_deref(),
            self.data.as_ref(),
        ));
        if self.adopt_kb(located, false).is_err() {
            self.tell(msg!("kb-none"));
        }
    }

    /// `kb reload`: the base read again, its broken facts left out and shown; a file
    /// that cannot be read at all leaves the base in use as it was.
    pub(super) fn kb_reload(&mut self) {
        let reloaded = KnowledgeBase::load(&Sources::locate(
            self.engines.kb_path.as_deref(),
            self.data.as_ref(),
        ));
        if let Err(diagnostics) = self.adopt_kb(reloaded, true) {
            let errors = errors(&diagnostics);
            if self.engines.engine.knowledge_base().is_some() {
                self.tell(msg!("kb-reload-kept", errors = errors));
            } else {
                self.tell(msg!("kb-reload-none", errors = errors));
            }
        }
    }

    /// Shows what loading said; a base that loaded replaces the one in use (the line
    /// that names it says whether it was `reloaded`, how many facts are in use and how
    /// many were left out), a file that could not be read is handed back.
    fn adopt_kb(
        &mut self,
        loaded: Result<(KnowledgeBase, Vec<Diagnostic>), Vec<Diagnostic>>,
        reloaded: bool,
    ) -> Result<(), Vec<Diagnostic>> {
        let (kb, diagnostics) = match loaded {
            Ok(found) => found,
            Err(diagnostics) => {
                self.show_problems(&diagnostics);
                return Err(diagnostics);
            }
        };
        self.show_problems(&diagnostics);
        let origin = phrases::base_origin(&kb, &self.text);
        self.tell(msg!(
            "kb-loaded",
            reloaded = if reloaded { "yes" } else { "no" },
            origin = origin,
            facts = kb.len(),
            left = kb.left_out()
        ));
        self.engines.engine.set_knowledge_base(Some(kb));
        self.engines.hint_engine = None;
        Ok(())
    }

    pub(super) fn kb_check(&mut self) {
        // The base in use, as the bot loads it: the file and its learned facts, or the
        // built-in base with them.
        let file = locate_file(self.engines.kb_path.as_deref(), self.data.as_ref());
        let loaded = KnowledgeBase::load(&Sources::locate(
            self.engines.kb_path.as_deref(),
            self.data.as_ref(),
        ));
        match loaded {
            Ok((kb, diagnostics)) => {
                self.show_problems(&diagnostics);
                let origin = phrases::base_origin(&kb, &self.text);
                self.tell(msg!(
                    "kb-check-ok",
                    origin = origin,
                    facts = kb.len(),
                    exact = kb.exact_count(),
                    patterns = kb.pattern_count(),
                    lines = kb.line_count(),
                    errors = errors(&diagnostics),
                    left = kb.left_out()
                ));
            }
            Err(diagnostics) => {
                self.show_problems(&diagnostics);
                let errors = errors(&diagnostics);
                let part = file.map_or(KbPart::builtin(Origin::Starter), |f| {
                    KbPart::file(Origin::Starter, &f)
                });
                let origin = phrases::origin(&part, &self.text);
                self.tell(msg!("kb-check-failed", origin = origin, errors = errors));
            }
        }
    }

    /// Teaches the base this position's move: the file in use, or, while the built-in
    /// base is in use, the player's own base in the data directory, seeded from it.
    pub(super) fn remember(&mut self, typed: &MoveReadings, name: Option<String>) {
        let position = *self.record.game.position();
        if let Some(mv) = self.read_move(typed, &position, Intent::Remember(name.clone())) {
            self.remember_move(mv, name);
        }
    }

    /// Teaches the base the legal move `mv` of this position, under `name` if given.
    pub(super) fn remember_move(&mut self, mv: Move, name: Option<String>) {
        let position = *self.record.game.position();
        let (file, seed) = match locate_file(self.engines.kb_path.as_deref(), self.data.as_ref()) {
            Some(file) => (file, ""),
            None => match &self.data {
                Some(data) => (data.knowledge_base(), BUILTIN_TEXT),
                None => {
                    self.tell(msg!("remember-no-data"));
                    return;
                }
            },
        };
        let default_name = self.words(msg!(
            "remember-default-name",
            number = self.record.game.move_number(),
            mv = MoveText::from_move(&position, mv).to_string()
        ));
        let played = MoveText::from_move(&position, mv).to_string();
        match remember(&file, seed, &position, mv, name.as_deref(), &default_name) {
            Ok(Remembered {
                fact,
                change: Change::Added,
            }) => self.tell(msg!("remembered", fact = fact.to_string())),
            Ok(Remembered {
                fact,
                change:
                    Change::Updated {
                        old_lines,
                        old_name,
                    },
            }) => {
                self.tell(msg!(
                    "remember-updated",
                    fact = fact.to_string(),
                    mv = played,
                    old = old_lines.join("; ")
                ));
                if let Some(old_name) = old_name {
                    self.tell(msg!("remember-renamed", old = old_name, name = fact.name));
                }
            }
            Ok(Remembered {
                fact,
                change: Change::Unchanged,
            }) => {
                self.tell(msg!(
                    "remember-unchanged",
                    fact = fact.to_string(),
                    mv = played
                ));
                return;
            }
            Err(diagnostics) => {
                self.show_problems(&diagnostics);
                return;
            }
        }
        // A base seeded from the built-in one keeps the built-in learned facts and the
        // built-in book beside it.
        let companions = [
            (learned_path(Some(&file), None), BUILTIN_LEARNED_TEXT),
            (book_path(Some(&file), None), BUILTIN_BOOK_TEXT),
        ];
        for (path, text) in companions {
            if !seed.is_empty()
                && let Some(path) = path.filter(|path| !path.exists())
                && let Err(problems) = KbEditor::open(&path, text).and_then(|kb| kb.save())
            {
                self.show_problems(&problems);
            }
        }
        if let Ok((kb, _)) = KnowledgeBase::load(&Sources::file(&file)) {
            self.engines.engine.set_knowledge_base(Some(kb));
            self.engines.hint_engine = None;
        }
    }
}

/// The errors among `diagnostics` (warnings do not count), as a message argument.
fn errors(diagnostics: &[kb::Diagnostic]) -> usize {
    diagnostics.iter().filter(|d| d.is_error()).count()
}
