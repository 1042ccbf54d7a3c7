//! The one learning pipeline: the combinations of games found ([`scan`]), the ones a
//! deep search plays too proven and widened to facts ([`LearnedFact::from_finding`]),
//! merged, and compared with the file of learned facts they would go to.
//! `shashki kb learn` and the console's `learn` present its report; writing the new
//! facts is one call on it ([`NewFacts::write`]).

use std::path::{Path, PathBuf};

use super::learned::{LearnedFact, append, merge, unknown_facts};
use super::scan::{Finding, Judge, scan};
use crate::Game;
use crate::kb::{Diagnostic, GameSource};
use crate::words::Text;

/// The seed a run widens its facts with unless told another: the `i`-th combination
/// worth learning in a run is widened with `seed + i`.
pub const DEFAULT_SEED: u64 = 1;

/// What the pipeline is doing, for a progress display.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// A combination found in the game `source` names.
    Found(&'a GameSource, &'a Finding),
    /// `done` of the `of` games are searched.
    Searched {
        /// Games searched so far.
        done: usize,
        /// All the games.
        of: usize,
    },
    /// Every game is searched: what was found, before any of it is proven.
    Scanned(&'a Findings),
    /// `done` of the `of` combinations worth learning are proven and widened (or failed).
    Widened {
        /// Combinations done so far.
        done: usize,
        /// All of them.
        of: usize,
    },
}

/// The combinations found in a run's games.
#[derive(Clone, Debug, Default)]
pub struct Findings {
    /// How many games were searched.
    pub games: usize,
    /// Each combination, with the game it was found in, in the order of the games.
    pub all: Vec<(GameSource, Finding)>,
}

impl Findings {
    /// How many of them the player started.
    pub fn found_by_the_player(&self) -> usize {
        self.all
            .iter()
            .filter(|(_, finding)| finding.found())
            .count()
    }

    /// Those a deep search plays too: the ones worth learning.
    pub fn confirmed(&self) -> impl Iterator<Item = &(GameSource, Finding)> {
        self.all.iter().filter(|(_, finding)| finding.confirmed())
    }
}

/// What a run of the pipeline found and made.
#[derive(Clone, Debug)]
pub struct LearnReport {
    /// The combinations of the games.
    pub findings: Findings,
    /// How many of them a deep search plays too.
    pub confirmed: usize,
    /// How many of those were proven and widened to a fact (before merging).
    pub proven: usize,
    /// How many facts those became once identical and subsumed ones were merged.
    pub merged: usize,
    /// The merged facts the target file does not know yet, with the file; none when
    /// the run had no target.
    pub new: Option<NewFacts>,
}

impl LearnReport {
    /// Combinations worth learning whose proof or widening failed.
    pub fn not_proven(&self) -> usize {
        self.confirmed - self.proven
    }

    /// Merged facts the target knew already.
    pub fn already_known(&self) -> usize {
        self.merged - self.new.as_ref().map_or(0, |new| new.facts.len())
    }
}

/// Facts to add to a file of learned facts.
#[derive(Clone, Debug)]
pub struct NewFacts {
    /// The file.
    pub target: PathBuf,
    /// The facts, in the order their games came.
    pub facts: Vec<LearnedFact>,
}

impl NewFacts {
    /// How many of the facts are patterns (the rest name one position each).
    pub fn patterns(&self) -> usize {
        self.facts.iter().filter(|fact| !fact.is_exact()).count()
    }

    /// Adds the facts to the end of the target (made, with its directory, if missing;
    /// nothing is written when there are none), each named in the words of `names`,
    /// through the knowledge base's one editor: in one step, only if the whole file then
    /// loads, every other byte kept.
    pub fn write(&self, names: &Text) -> Result<(), Vec<Diagnostic>> {
        if self.facts.is_empty() {
            return Ok(());
        }
        append(&self.target, &self.facts, names)
    }
}

/// Learns from `games` (each with the game it is): finds their combinations that
/// a shallow search misses, proves and widens those a deep search plays too (the `i`-th
/// with `seed + i`), merges them, and keeps those the file of learned facts `target`
/// does not know yet. `progress` hears each step.
///
/// The target's problems when it exists and does not load (after the games are
/// searched, so that what was found has been told).
pub fn learn(
    games: &[(GameSource, Game)],
    target: Option<&Path>,
    seed: u64,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<LearnReport, Vec<Diagnostic>> {
    let mut judge = Judge::new();
    let mut findings = Findings {
        games: games.len(),
        all: Vec::new(),
    };
    for (done, (source, game)) in games.iter().enumerate() {
        for finding in scan(game, &mut judge) {
            progress(Progress::Found(source, &finding));
            findings.all.push((source.clone(), finding));
        }
        progress(Progress::Searched {
            done: done + 1,
            of: games.len(),
        });
    }
    progress(Progress::Scanned(&findings));
    let confirmed: Vec<&(GameSource, Finding)> = findings.confirmed().collect();
    let mut facts = Vec::new();
    for (index, (source, finding)) in confirmed.iter().enumerate() {
        facts.extend(LearnedFact::from_finding(
            finding,
            source,
            seed.wrapping_add(index as u64),
        ));
        progress(Progress::Widened {
            done: index + 1,
            of: confirmed.len(),
        });
    }
    let proven = facts.len();
    let merged = merge(facts);
    let merged_count = merged.len();
    let new = match target {
        Some(target) => Some(NewFacts {
            target: target.to_path_buf(),
            facts: unknown_facts(target, merged)?,
        }),
        None => None,
    };
    Ok(LearnReport {
        confirmed: confirmed.len(),
        findings,
        proven,
        merged: merged_count,
        new,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kb::{KnowledgeBase, Sources};
    use crate::notation::pdn;

    /// The game of `tests/it/kb_learn.rs`: White misses f4-g5 h6:f4:d2 e1:c3:a5:c7:e5,
    /// which a twelve-ply search plays.
    const MISSED: &str = "[FEN \"W:Wa1,c1,e1,b2,a3,e3,f4,h4:Bb4,c5,b6,d6,h6,b8\"]\n\n1. e3-d4 *\n";

    fn games() -> Vec<(GameSource, Game)> {
        let record = pdn::read_all(MISSED).remove(0).unwrap();
        let source = GameSource::Record {
            file: "game.pdn".to_string(),
            number: 1,
            players: None,
            event: None,
            date: None,
        };
        vec![(source, record.game)]
    }

    fn scratch() -> (tempfile::TempDir, PathBuf) {
        crate::testing::scratch_file("learn", "learned.txt")
    }

    #[test]
    fn a_missed_combination_is_reported_written_and_then_known() {
        let (_dir, target) = scratch();
        let mut events = Vec::new();
        let report = learn(&games(), Some(&target), DEFAULT_SEED, &mut |event| {
            events.push(match event {
                Progress::Found(..) => "found",
                Progress::Searched { .. } => "searched",
                Progress::Scanned(_) => "scanned",
                Progress::Widened { .. } => "widened",
            })
        })
        .unwrap();
        assert_eq!(events, ["found", "searched", "scanned", "widened"]);
        assert_eq!(report.findings.games, 1);
        assert_eq!(report.findings.all.len(), 1);
        assert_eq!(report.findings.found_by_the_player(), 0);
        assert_eq!((report.confirmed, report.proven, report.merged), (1, 1, 1));
        let new = report.new.as_ref().unwrap();
        assert_eq!((new.facts.len(), new.patterns()), (1, 1));
        assert_eq!(report.already_known(), 0);
        new.write(&Text::new(crate::words::Lang::Ru)).unwrap();
        let (base, _) = KnowledgeBase::load(&Sources::alone(&target)).unwrap();
        assert_eq!(base.len(), 1);

        let again = learn(&games(), Some(&target), DEFAULT_SEED, &mut |_| {}).unwrap();
        assert!(again.new.as_ref().unwrap().facts.is_empty());
        assert_eq!(again.already_known(), 1);
    }

    #[test]
    fn without_a_target_every_fact_is_reported_and_none_is_new() {
        let report = learn(&games(), None, DEFAULT_SEED, &mut |_| {}).unwrap();
        assert_eq!(report.merged, 1);
        assert!(report.new.is_none());
        assert_eq!(report.already_known(), 1);
    }

    #[test]
    fn a_target_with_errors_is_refused_after_the_games_are_searched() {
        let (_dir, target) = scratch();
        std::fs::write(&target, "fact \"broken\" for white\n").unwrap();
        let mut scanned = false;
        let problems = learn(&games(), Some(&target), DEFAULT_SEED, &mut |event| {
            scanned |= matches!(event, Progress::Scanned(_));
        })
        .unwrap_err();
        assert!(scanned);
        assert!(!problems.is_empty());
    }
}
