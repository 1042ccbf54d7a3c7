//! `learn`: the combinations of the game at hand that a shallow search misses, proven,
//! widened to patterns and, if the player says yes, added to the learned facts.

use super::{Console, Question, Record, phrases};
use crate::app::fact_names;
use shashki::MoveText;
use shashki::combination::learn::{
    self as pipeline, DEFAULT_SEED, Findings, LearnReport, Progress,
};
use shashki::combination::material_won;
use shashki::combination::scan::DEEP_DEPTH;
use shashki::kb::{GameSource, KnowledgeBase, Sources, learned_path, locate_file};
use shashki::msg;
use shashki::notation::Notation;

impl Console {
    /// Lists the combinations of the game, then asks before it adds the new ones to the
    /// learned facts beside the base in use (the player's own for the built-in base).
    pub(super) fn learn(&mut self) {
        let games = [(self.record.game_source(), self.record.game.clone())];
        let target = learned_path(
            locate_file(self.engines.kb_path.as_deref(), self.data.as_ref()).as_deref(),
            self.data.as_ref(),
        );
        let mut worth_learning = false;
        let report = pipeline::learn(&games, target.as_deref(), DEFAULT_SEED, &mut |event| {
            if let Progress::Scanned(findings) = event {
                worth_learning = self.tell_findings(findings);
            }
        });
        if !worth_learning {
            return;
        }
        let (new, confirmed) = match report {
            Ok(LearnReport {
                new: Some(new),
                confirmed,
                ..
            }) => (new, confirmed),
            Ok(LearnReport { new: None, .. }) => {
                self.tell(msg!("learn-no-data"));
                return;
            }
            Err(problems) => {
                self.show_problems(&problems);
                return;
            }
        };
        if new.facts.is_empty() {
            let shown = new.target.display().to_string();
            self.tell(msg!("learn-known", path = shown, count = confirmed));
            return;
        }
        for fact in &new.facts {
            let line = fact.line.join(" ");
            let name = fact_names().render(&fact.name.message());
            self.tell(msg!("learn-fact", name = name, line = line));
        }
        self.engines.pending = Some(new);
        self.dialogue.question = Question::Learn;
    }

    /// Tells each combination of the game; whether any is worth learning (a deep search
    /// plays it too).
    fn tell_findings(&mut self, findings: &Findings) -> bool {
        if findings.all.is_empty() {
            self.tell(msg!("learn-none"));
            return false;
        }
        for (_, finding) in &findings.all {
            let won = material_won(&finding.position, &finding.combination.line);
            let won = self.words(won.message());
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
        if findings.confirmed().next().is_none() {
            self.tell(msg!("learn-unconfirmed", depth = DEEP_DEPTH));
            return false;
        }
        true
    }

    /// The answer to "add these facts?".
    pub(super) fn answer_learn(&mut self, yes: bool) {
        let Some(pending) = self.engines.pending.take() else {
            return;
        };
        if !yes {
            self.tell(msg!("learn-declined"));
            return;
        }
        match pending.write(fact_names()) {
            Ok(()) => {
                self.tell(msg!(
                    "learn-written",
                    count = pending.facts.len(),
                    path = pending.target.display().to_string()
                ));
                let reloaded = KnowledgeBase::load(&Sources::locate(
                    self.engines.kb_path.as_deref(),
                    self.data.as_ref(),
                ));
                if let Ok((kb, _)) = reloaded {
                    self.engines.engine.set_knowledge_base(Some(kb));
                    self.engines.hint_engine = None;
                }
            }
            Err(problems) => self.show_problems(&problems),
        }
    }
}

impl Record {
    /// The game at hand as a learned fact names its source: its players and date.
    pub(super) fn game_source(&self) -> GameSource {
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
        GameSource::Console { white, black, date }
    }
}
