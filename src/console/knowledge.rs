//! The knowledge-base commands: loading at the start, `kb reload`, `kb check`, `remember`.

use super::Console;
use crate::MoveText;
use crate::kb::{
    self, BUILTIN_ORIGIN, BUILTIN_TEXT, Diagnostic, KnowledgeBase, Remembered, locate_file,
    remember,
};
use crate::notation::TypedMove;

impl Console {
    pub(super) fn load_kb_at_start(&mut self) {
        let located = KnowledgeBase::locate(self.kb_path.as_deref());
        if self.adopt_kb(located, "knowledge base").is_err() {
            self.say("playing without the knowledge base");
        }
    }

    pub(super) fn kb_reload(&mut self) {
        let reloaded = KnowledgeBase::locate(self.kb_path.as_deref());
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
        let file = locate_file(self.kb_path.as_deref());
        let loaded = match &file {
            Some(path) => KnowledgeBase::load(path),
            None => KnowledgeBase::parse(BUILTIN_TEXT, BUILTIN_ORIGIN),
        };
        match loaded {
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
                let origin = file.map_or(BUILTIN_ORIGIN.to_string(), |f| f.display().to_string());
                self.say(format!("{origin}: {errors}"));
            }
        }
    }

    /// Teaches the base this position's move: the file in use, or, while the built-in
    /// base is in use, the player's own base in the data directory, seeded from it.
    pub(super) fn remember(&mut self, text: &TypedMove, name: Option<String>) {
        let position = *self.game.position();
        let mv = match text.resolve(&position) {
            Ok(mv) => mv,
            Err(error) => {
                self.say(error.to_string());
                return;
            }
        };
        let (file, seed) = match locate_file(self.kb_path.as_deref()) {
            Some(file) => (file, ""),
            None => match &self.data {
                Some(data) => (data.knowledge_base(), BUILTIN_TEXT),
                None => {
                    self.say("nothing remembered: no data directory; start with --kb FILE");
                    return;
                }
            },
        };
        let name = name.unwrap_or_else(|| {
            format!(
                "remembered at move {}: {}",
                self.game.move_number(),
                MoveText::from_move(&position, mv)
            )
        });
        match remember(&file, seed, &position, mv, &name) {
            Ok(Remembered {
                fact,
                replaced: None,
            }) => self.say(format!("remembered {fact}")),
            Ok(Remembered {
                fact,
                replaced: Some(old),
            }) => self.say(format!(
                "updated {fact}: play {} (was: {})",
                MoveText::from_move(&position, mv),
                old.join("; ")
            )),
            Err(diagnostics) => {
                for diagnostic in diagnostics {
                    self.say(diagnostic.to_string());
                }
                return;
            }
        }
        if let Ok((kb, _)) = KnowledgeBase::load(&file) {
            self.engine.set_knowledge_base(Some(kb));
            self.hint_engine = None;
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
