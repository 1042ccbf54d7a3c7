//! The walk of a book's tree: from each root, the moves the book follows for the
//! number of plies the settings give, each position that needs it searched deeply.
//!
//! At each position of the walk:
//! - where the knowledge base has an exact fact, the book has none (the base's fact
//!   wins) and the walk follows the fact's moves, as the bot would play them;
//! - where there is only one legal move, it is followed: no fact is needed to play it;
//! - anywhere else the position is analysed (or its analysis taken from the job
//!   file, or from earlier in the walk), and the walk follows its best move and the
//!   alternatives within the margin, `breadth` in all.
//!
//! The walk is depth first, in the order of the roots and of the moves, and every
//! analysis depends on its position alone (a cleared table, a fixed depth): jobs that
//! walk the roots apart find what one job walking them all finds.

use std::collections::HashMap;
use std::path::Path;

use super::analysis::Analysis;
use super::job::{Event, Job, JobError};
use super::root::Root;
use super::settings::Settings;
use crate::kb::KnowledgeBase;
use crate::search::TranspositionTable;
use crate::{Move, Position};

/// How a job's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every root of the job is walked.
    Complete,
    /// The run analysed as many positions as it was allowed; run it again to go on.
    Stopped,
}

/// A job's run: the walk of its roots, with what it knows so far.
pub struct Walk<'a> {
    settings: Settings,
    base: &'a KnowledgeBase,
    table: TranspositionTable,
    known: HashMap<Position, Analysis>,
    /// Positions this run may still analyse (`None`: no limit).
    allowed: Option<usize>,
}

impl<'a> Walk<'a> {
    /// A walk with `settings`, leaving out and walking through the exact facts of
    /// `base`, knowing the analyses `job` holds; it analyses at most `allowed`
    /// positions when given.
    pub fn new(
        settings: Settings,
        base: &'a KnowledgeBase,
        job: &Job,
        allowed: Option<usize>,
    ) -> Walk<'a> {
        let known = job
            .analyses()
            .map(|analysis| (analysis.position, analysis.clone()))
            .collect();
        Walk {
            settings,
            base,
            table: TranspositionTable::new(settings.hash_mb),
            known,
            allowed,
        }
    }

    /// Walks `roots` (each with its number) that `job` has not finished, saving the job
    /// to `path` after every position analysed and every root finished; `report` hears
    /// each new analysis.
    pub fn run(
        &mut self,
        roots: &[(usize, Root)],
        job: &mut Job,
        path: &Path,
        report: &mut dyn FnMut(&Analysis),
    ) -> Result<Finish, JobError> {
        for (number, root) in roots {
            if job.is_done(*number) {
                continue;
            }
            if !job.roots().contains_key(number) {
                job.events.push(Event::Root(*number, root.name.clone()));
                job.save(path)?;
            }
            let mut path_moves = root.moves.clone();
            let position = root.position();
            let mut visit = Visit {
                root: *number,
                job: &mut *job,
                file: path,
                report: &mut *report,
            };
            if !self.visit(&mut visit, position, &mut path_moves, self.settings.plies)? {
                return Ok(Finish::Stopped);
            }
            job.events.push(Event::Done(*number));
            job.save(path)?;
        }
        Ok(Finish::Complete)
    }

    /// Walks from `position` (reached by `path`) for `plies` more plies; `false` when
    /// the run must stop.
    fn visit(
        &mut self,
        visit: &mut Visit,
        position: Position,
        path: &mut Vec<Move>,
        plies: u32,
    ) -> Result<bool, JobError> {
        if plies == 0 {
            return Ok(true);
        }
        let legal = position.legal_moves();
        let next: Vec<Move> = if let Some((_, moves)) = self.written(&position) {
            moves.into_iter().take(self.settings.breadth).collect()
        } else if legal.len() <= 1 {
            legal.iter().copied().collect()
        } else {
            let Some(analysis) = self.analysis(visit, position, path)? else {
                return Ok(false);
            };
            analysis.followed(self.settings.breadth, self.settings.margin)
        };
        for mv in next {
            path.push(mv);
            let going_on = self.visit(visit, position.play_unchecked(mv), path, plies - 1)?;
            path.pop();
            if !going_on {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The knowledge base's exact fact for `position`, with its legal moves.
    fn written(&self, position: &Position) -> Option<(crate::kb::FactInfo, Vec<Move>)> {
        self.base.exact_fact(position)?;
        self.base.lookup(position)
    }

    /// The analysis of `position`: known already, or searched now and saved. `None`
    /// when the run may analyse no more.
    fn analysis(
        &mut self,
        visit: &mut Visit,
        position: Position,
        path: &[Move],
    ) -> Result<Option<Analysis>, JobError> {
        if let Some(known) = self.known.get(&position) {
            return Ok(Some(known.clone()));
        }
        if self.allowed == Some(0) {
            return Ok(None);
        }
        let analysis = Analysis::search(visit.root, path, &self.settings, &mut self.table);
        self.allowed = self.allowed.map(|left| left - 1);
        visit
            .job
            .events
            .push(Event::Position(Box::new(analysis.clone())));
        visit.job.save(visit.file)?;
        (visit.report)(&analysis);
        self.known.insert(position, analysis.clone());
        Ok(Some(analysis))
    }
}

/// Where one root's walk records what it finds.
struct Visit<'j> {
    root: usize,
    job: &'j mut Job,
    file: &'j Path,
    report: &'j mut dyn FnMut(&Analysis),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::job::JobHeader;
    use crate::book::settings::Effort;
    use crate::kb::exact_fact_text;
    use crate::search::Score;

    #[test]
    fn the_walk_follows_the_bases_facts_without_analysing_them_and_resumes() {
        let start = Position::start();
        let cd4 = start.legal_moves()[1];
        let text = exact_fact_text("Начало", &start, &[vec![cd4]]);
        let (base, _) = KnowledgeBase::parse(&text, "t").unwrap();
        let settings = Settings {
            effort: Effort::Depth(2),
            plies: 3,
            breadth: 2,
            margin: Score(1000),
            lines: 2,
            hash_mb: 1,
        };
        let header = JobHeader {
            settings,
            base: String::new(),
            roots: 1,
            selection: "all".to_string(),
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("walk.job");
        let roots = [(
            1,
            Root {
                name: "start".to_string(),
                moves: Vec::new(),
            },
        )];
        let mut job = Job::new(header.clone());
        let mut seen = Vec::new();
        let finish = Walk::new(settings, &base, &job, Some(2))
            .run(&roots, &mut job, &path, &mut |analysis| {
                seen.push(analysis.path.clone())
            })
            .unwrap();
        assert_eq!(finish, Finish::Stopped);
        // The start has the base's fact: the walk plays c3-d4 and analyses from there.
        assert_eq!(
            seen,
            [
                vec![cd4],
                vec![cd4, job.analyses().next().unwrap().best().unwrap()]
            ]
        );
        let mut resumed = Job::resume(&path, header).unwrap();
        assert_eq!(resumed, job);
        let finish = Walk::new(settings, &base, &resumed, None)
            .run(&roots, &mut resumed, &path, &mut |_| {})
            .unwrap();
        assert_eq!(finish, Finish::Complete);
        // Ply 1 (after c3-d4) and two replies at ply 2: breadth 2 at each.
        assert_eq!(resumed.analyses().count(), 3);
        assert!(
            resumed
                .analyses()
                .all(|analysis| analysis.position != start)
        );
        assert!(resumed.is_done(1));
    }
}
