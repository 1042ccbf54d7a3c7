//! `learn`: the combinations of the game at hand that a shallow search misses, proven,
//! widened to patterns and, if the player says yes, added to the learned facts.

use std::path::PathBuf;

use super::text::msg;
use super::{Console, Question, phrases};
use shashki::MoveText;
use shashki::combination::learned::{self, GameSource, LearnedFact};
use shashki::combination::material_won;
use shashki::combination::scan::{DEEP_DEPTH, Judge, scan};
use shashki::kb::{KnowledgeBase, learned_path, locate_file};
use shashki::notation::Notation;

/// Facts waiting for the player's yes: where they would go, and what they are.
pub(super) struct PendingFacts {
    pub path: PathBuf,
    pub facts: Vec<LearnedFact>,
}

impl Console {
    /// Lists the combinations of the game, then asks before it adds the new ones to the
    /// learned facts beside the base in use (the player's own for the built-in base).
    pub(super) fn learn(&mut self) {
        let findings = scan(&self.game, &mut Judge::new());
        if findings.is_empty() {
            self.tell(msg!("learn-none"));
            return;
        }
        for finding in &findings {
            let won = material_won(&finding.position, &finding.combination.line);
            let won = self.words(phrases::won(&won));
            self.tell(msg!(
                "learn-found",
                number = finding.move_number,
                side = phrases::side(finding.attacker()),
                line = Notation::Full.line(&finding.position, &finding.combination.line),
                won = won,
                found = if finding.found() { "yes" } else { "no" },
                depth = DEEP_DEPTH,
                deep = match finding.deep_choice {
                    _ if finding.confirmed() => "same".to_string(),
                    Some(mv) => MoveText::from_move(&finding.position, mv).to_string(),
                    None => "none".to_string(),
                }
            ));
        }
        let confirmed: Vec<_> = findings.iter().filter(|f| f.confirmed()).collect();
        if confirmed.is_empty() {
            self.tell(msg!("learn-unconfirmed", depth = DEEP_DEPTH));
            return;
        }
        let Some(path) = learned_path(locate_file(self.kb_path.as_deref()).as_deref()) else {
            self.tell(msg!("learn-no-data"));
            return;
        };
        let source = self.game_source();
        let facts = confirmed
            .iter()
            .enumerate()
            .filter_map(|(index, finding)| learned::learn(finding, &source, index as u64))
            .collect();
        let facts = match learned::unknown_facts(&path, learned::merge(facts)) {
            Ok(facts) => facts,
            Err(problems) => {
                self.show_problems(&problems);
                return;
            }
        };
        let shown = path.display().to_string();
        if facts.is_empty() {
            self.tell(msg!("learn-known", path = shown, count = confirmed.len()));
            return;
        }
        for fact in &facts {
            let line = fact.line.join(" ");
            self.tell(msg!("learn-fact", name = fact.name.as_str(), line = line));
        }
        self.pending = Some(PendingFacts { path, facts });
        self.question = Question::Learn;
    }

    /// The answer to "add these facts?".
    pub(super) fn answer_learn(&mut self, yes: bool) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        if !yes {
            self.tell(msg!("learn-declined"));
            return;
        }
        match learned::append(&pending.path, &pending.facts) {
            Ok(()) => {
                self.tell(msg!(
                    "learn-written",
                    count = pending.facts.len(),
                    path = pending.path.display().to_string()
                ));
                let reloaded = KnowledgeBase::locate(self.kb_path.as_deref());
                if let Ok((kb, _)) = reloaded {
                    self.engine.set_knowledge_base(Some(kb));
                    self.hint_engine = None;
                }
            }
            Err(problems) => self.show_problems(&problems),
        }
    }

    /// The game at hand as a learned fact names its source: its players and date.
    fn game_source(&self) -> GameSource {
        let tag = |name: &str| {
            self.tags
                .iter()
                .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
                .map(|(_, value)| value.clone())
        };
        let (white, black) = match (tag("White"), tag("Black")) {
            (Some(white), Some(black)) => (white, black),
            _ => match self.human {
                shashki::Color::White => (self.player.clone(), super::files::BOT.to_string()),
                shashki::Color::Black => (super::files::BOT.to_string(), self.player.clone()),
            },
        };
        let date = tag("Date").unwrap_or_else(super::files::today);
        GameSource {
            description: format!("the console game {white} – {black}, {date}"),
            name: format!("партии {white} – {black}"),
        }
    }
}
