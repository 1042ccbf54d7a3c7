//! The knowledge-base commands: loading at the start, `kb reload`, `kb check`, `remember`.

use std::path::PathBuf;

use super::Console;
use crate::MoveText;
use crate::kb::{self, Diagnostic, KnowledgeBase, remember};

impl Console {
    pub(super) fn load_kb_at_start(&mut self) {
        let located = KnowledgeBase::locate(self.kb_path.as_deref());
        if self.adopt_kb(located, "knowledge base").is_err() {
            self.say("playing without the knowledge base");
        }
    }

    /// The knowledge base file that `kb reload`, `kb check` and `remember` work on.
    fn kb_file(&self) -> PathBuf {
        self.kb_path
            .clone()
            .unwrap_or_else(|| PathBuf::from(kb::DEFAULT_PATH))
    }

    pub(super) fn kb_reload(&mut self) {
        let reloaded = match &self.kb_path {
            Some(path) => KnowledgeBase::load(path),
            None => KnowledgeBase::locate(None),
        };
        if let Err(diagnostics) = self.adopt_kb(reloaded, "knowledge base reloaded") {
            let errors = errors(&diagnostics);
            if self.engine.knowledge_base().is_some() {
                self.say(format!(
                    "{errors}; the knowledge base in use stays as it was"
                ));
            } else {
                self.say(format!(
                    "{errors}; still playing without the knowledge base"
                ));
            }
        }
    }

    /// Shows what loading said; a base that loaded replaces the one in use
    /// (`what` heads the line that names it), a broken one is handed back.
    fn adopt_kb(
        &mut self,
        loaded: Result<(KnowledgeBase, Vec<Diagnostic>), Vec<Diagnostic>>,
        what: &str,
    ) -> Result<(), Vec<Diagnostic>> {
        let (kb, diagnostics) = match loaded {
            Ok(found) => found,
            Err(diagnostics) => {
                for diagnostic in &diagnostics {
                    self.say(diagnostic.to_string());
                }
                return Err(diagnostics);
            }
        };
        for diagnostic in diagnostics {
            self.say(diagnostic.to_string());
        }
        self.say(format!("{what}: {} ({})", kb.origin(), facts(kb.len())));
        self.engine.set_knowledge_base(Some(kb));
        self.hint_engine = None;
        Ok(())
    }

    pub(super) fn kb_check(&mut self) {
        let file = self.kb_file();
        match KnowledgeBase::load(&file) {
            Ok((kb, diagnostics)) => {
                for diagnostic in diagnostics {
                    self.say(diagnostic.to_string());
                }
                self.say(format!(
                    "{}: {} ({} exact, {} patterns, {} lines), no errors",
                    kb.origin(),
                    facts(kb.len()),
                    kb.exact_count(),
                    kb.pattern_count(),
                    kb.line_count()
                ));
            }
            Err(diagnostics) => {
                for diagnostic in &diagnostics {
                    self.say(diagnostic.to_string());
                }
                let errors = errors(&diagnostics);
                self.say(format!("{}: {errors}", file.display()));
            }
        }
    }

    pub(super) fn remember(&mut self, text: &MoveText, name: Option<String>) {
        let position = *self.game.position();
        let mv = match text.resolve(&position) {
            Ok(mv) => mv,
            Err(error) => {
                self.say(error.to_string());
                return;
            }
        };
        let name = name.unwrap_or_else(|| {
            format!(
                "remembered at move {}: {}",
                self.game.move_number(),
                MoveText::from_move(&position, mv)
            )
        });
        let file = self.kb_file();
        match remember(&file, &position, mv, &name) {
            Ok(info) => {
                self.say(format!("remembered {info}"));
                let origin = file.display().to_string();
                let in_use = self
                    .engine
                    .knowledge_base()
                    .is_none_or(|kb| kb.origin() == origin);
                if !in_use {
                    self.say(format!(
                        "(the bot uses another knowledge base; start with --kb {origin} to use this one)"
                    ));
                } else if let Ok((kb, _)) = KnowledgeBase::load(&file) {
                    self.engine.set_knowledge_base(Some(kb));
                    self.hint_engine = None;
                }
            }
            Err(diagnostics) => {
                for diagnostic in diagnostics {
                    self.say(diagnostic.to_string());
                }
            }
        }
    }
}

/// `1 fact`, `12 facts`.
fn facts(count: usize) -> String {
    match count {
        1 => "1 fact".to_string(),
        n => format!("{n} facts"),
    }
}

/// `1 error`, `3 errors`: the errors among `diagnostics` (warnings do not count).
fn errors(diagnostics: &[kb::Diagnostic]) -> String {
    match diagnostics.iter().filter(|d| d.is_error()).count() {
        1 => "1 error".to_string(),
        n => format!("{n} errors"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_words() {
        assert_eq!(facts(1), "1 fact");
        assert_eq!(facts(0), "0 facts");
        assert_eq!(errors(&[]), "0 errors");
    }
}
