//! The book made from finished jobs: their analyses in the order one job walking every
//! root would have made them, each position once, written as exact facts of the
//! knowledge base with comments a player reads as opening notes.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::{self, Write as _};

use super::analysis::Analysis;
use super::job::{Job, JobHeader};
use super::root::short_line;
use super::settings::{Effort, Men};
use crate::kb::exact_fact_text;
use crate::notation::{MoveNumber, Notation, numbered_line};
use crate::search::Line;
use crate::{Move, Position};

/// Jobs merged into one book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergedBook {
    /// The settings and base the jobs share (the selection of the first job).
    pub header: JobHeader,
    /// Every root begun, by number, with its name.
    pub roots: BTreeMap<usize, String>,
    /// The roots whose walk is complete.
    pub complete: BTreeSet<usize>,
    /// The analyses, each position once, in the order of the roots and the walk.
    pub analyses: Vec<Analysis>,
    /// Analyses of a position some other analysis already had, left out.
    pub repeated: usize,
}

/// Jobs that cannot be merged: built with other settings or against another base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What the first job is ([`JobHeader::describe`]).
    pub first: String,
    /// What the job that differs is.
    pub other: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl Mismatch {
    /// Why the jobs cannot be merged, to be worded.
    pub fn message(&self) -> crate::words::Message {
        crate::msg!(
            "book-mismatch",
            first = self.first.as_str(),
            other = self.other.as_str()
        )
    }
}

impl std::error::Error for Mismatch {}

impl MergedBook {
    /// Merges `jobs`, which must share their settings, base and number of roots. The
    /// analyses are taken root by root, each root's in the order its job made them,
    /// and a position already taken is left out: the result does not depend on how
    /// the roots were shared among the jobs, nor on the order of the jobs.
    pub fn from_jobs(jobs: &[Job]) -> Result<MergedBook, Mismatch> {
        let Some(first) = jobs.first() else {
            return Ok(MergedBook {
                header: JobHeader {
                    settings: super::Settings::default(),
                    base: String::new(),
                    roots: 0,
                    selection: String::new(),
                },
                roots: BTreeMap::new(),
                complete: BTreeSet::new(),
                analyses: Vec::new(),
                repeated: 0,
            });
        };
        let shared = |header: &JobHeader| (header.settings, header.base.clone(), header.roots);
        if let Some(other) = jobs
            .iter()
            .find(|job| shared(&job.header) != shared(&first.header))
        {
            return Err(Mismatch {
                first: first.header.describe(),
                other: other.header.describe(),
            });
        }
        let mut roots = BTreeMap::new();
        let mut complete = BTreeSet::new();
        let mut all: Vec<&Analysis> = Vec::new();
        for job in jobs {
            for (root, name) in job.roots() {
                roots.insert(root, name.to_string());
                if job.is_done(root) {
                    complete.insert(root);
                }
            }
            all.extend(job.analyses());
        }
        // Stable: within a root, the order of its job's walk.
        all.sort_by_key(|analysis| analysis.root);
        let mut seen = HashSet::new();
        let analyses: Vec<Analysis> = all
            .iter()
            .filter(|analysis| seen.insert(analysis.position))
            .map(|&analysis| analysis.clone())
            .collect();
        Ok(MergedBook {
            header: first.header.clone(),
            roots,
            complete,
            repeated: all.len() - analyses.len(),
            analyses,
        })
    }

    /// The book file's text: a heading that says how it was made, then a fact for
    /// each analysis.
    pub fn text(&self) -> String {
        let settings = self.header.settings;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "% The opening book of shashki (kb/book.txt), written by `shashki kb book`: see docs/BOOK.md.\n\
             %\n\
             % Each fact is a position of the trees that grow from the 150 ballots of match play\n\
             % and from the ends of the named openings, with the move a deep search found best.\n\
             % Its comment says where the position comes from, the depth and the score of the\n\
             % search (for the side to move, in men), the line it expects, and the other moves\n\
             % that scored within {} of the best. The knowledge base's own facts win: the book\n\
             % leaves their positions out, and `shashki kb check` warns where they differ.\n\
             %\n\
             % settings: {settings}\n\
             % base: {}\n\
             % roots: {} of {} walked to the end; {} positions",
            Men(settings.margin),
            self.header.base,
            self.complete.len(),
            self.header.roots,
            self.analyses.len()
        );
        for analysis in &self.analyses {
            text.push('\n');
            text.push_str(&self.fact(analysis));
        }
        text
    }

    /// The fact of one analysis, with its comment.
    fn fact(&self, analysis: &Analysis) -> String {
        let path = short_line(&analysis.path);
        let place = match self.roots.get(&analysis.root) {
            Some(name) => format!("{}, in the tree of {name}", after(&path)),
            None => after(&path),
        };
        let effort = match self.header.settings.effort {
            Effort::Depth(_) => format!("depth {}", analysis.depth),
            Effort::Time(time) => format!("{} s, depth {}", time.as_secs_f64(), analysis.depth),
        };
        let ply = analysis.path.len();
        let Some(best) = analysis.lines.first() else {
            return String::new();
        };
        let mut notes = format!(
            "% {} is best ({effort}, {}",
            numbered(&analysis.position, ply, &best.pv[..1]),
            best.score
        );
        if best.pv.len() > 1 {
            let shown = &best.pv[..best.pv.len().min(1 + SHOWN_REPLIES)];
            let after_best = analysis.position.play_unchecked(best.pv[0]);
            let _ = write!(
                notes,
                "; then {}",
                numbered(&after_best, ply + 1, &shown[1..])
            );
        }
        notes.push(')');
        let margin = self.header.settings.margin;
        let alternatives = analysis.alternatives(margin);
        if !alternatives.is_empty() {
            let also: Vec<String> = alternatives
                .iter()
                .map(|line| alternative(&analysis.position, ply, line))
                .collect();
            let _ = write!(notes, "; also {}", also.join(", "));
        } else if let Some(next) = analysis.lines.get(1) {
            let _ = write!(
                notes,
                "; nothing else within {}: next {}",
                Men(margin),
                alternative(&analysis.position, ply, next)
            );
        }
        let name = BookFactName {
            line: path.clone(),
            depth: analysis.depth,
        }
        .to_string();
        let fact = exact_fact_text(&name, &analysis.position, &[best.pv[..1].to_vec()]);
        format!("% {place}\n{notes}\n{fact}")
    }
}

/// Moves of the expected line shown after the best move.
const SHOWN_REPLIES: usize = 4;

/// `after 1.cd4 ba5 2.dc5`, or `at the start`.
fn after(path: &str) -> String {
    if path.is_empty() {
        "at the start".to_string()
    } else {
        format!("after {path}")
    }
}

/// `2...f6-g5 (+0.01)`.
fn alternative(position: &Position, ply: usize, line: &Line) -> String {
    format!(
        "{} ({})",
        numbered(position, ply, &line.pv[..1.min(line.pv.len())]),
        line.score
    )
}

/// `moves` from `position`, the first of them ply `ply` of the game (from 0), in full
/// notation with move numbers: `2...d6:b4 3.a3:c5 f6-e5`.
fn numbered(position: &Position, ply: usize, moves: &[Move]) -> String {
    let texts = Notation::Full.texts(position, moves);
    numbered_line(MoveNumber::of_ply(&Position::start(), ply), &texts)
}

/// The name the book gives a fact: the line from the start that leads to its position,
/// in short notation, and the depth it was searched to (`book: 1.cd4 ba5 (depth 19)`).
/// Written and read here alone, worded by the applications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookFactName {
    /// The moves from the start: `1.cd4 ba5 2.dc5`.
    pub line: String,
    /// The depth of the search, in plies.
    pub depth: u32,
}

impl std::fmt::Display for BookFactName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "book: {} (depth {})", self.line, self.depth)
    }
}

impl BookFactName {
    /// The parts of a book fact's name, if `name` is one.
    pub fn read(name: &str) -> Option<BookFactName> {
        let rest = name.strip_prefix("book: ")?;
        let (line, depth) = rest.strip_suffix(')')?.rsplit_once(" (depth ")?;
        Some(BookFactName {
            line: line.to_string(),
            depth: depth.parse().ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_book_facts_name_reads_back_as_written() {
        let name = BookFactName {
            line: "1.cd4 ba5 2.dc5".to_string(),
            depth: 19,
        };
        assert_eq!(name.to_string(), "book: 1.cd4 ba5 2.dc5 (depth 19)");
        assert_eq!(BookFactName::read(&name.to_string()), Some(name));
        assert_eq!(BookFactName::read("Кол"), None);
    }

    use super::*;
    use crate::book::job::Event;
    use crate::book::settings::{Effort, Settings};
    use crate::search::TranspositionTable;
    use crate::{MoveText, Position};

    fn settings() -> Settings {
        Settings {
            effort: Effort::Depth(2),
            plies: 2,
            lines: 2,
            hash_mb: 1,
            ..Settings::default()
        }
    }

    fn line(text: &str) -> Vec<Move> {
        crate::notation::read_line(&Position::start(), text).unwrap()
    }

    fn job(selection: &str, events: Vec<Event>) -> Job {
        Job {
            header: JobHeader {
                settings: settings(),
                base: "0 exact facts, fingerprint 0".to_string(),
                roots: 2,
                selection: selection.to_string(),
            },
            events,
        }
    }

    #[test]
    fn jobs_merge_into_what_one_job_finds_whatever_their_order() {
        let mut table = TranspositionTable::new(1);
        let mut analyse = |root, text: &str| {
            Event::Position(Box::new(Analysis::search(
                root,
                &line(text),
                &settings(),
                &mut table,
            )))
        };
        // Root 2 reaches the position after a3-b4 h6-g5 g3-h4 as root 1 does, another way.
        let first = vec![
            Event::Root(1, "one".to_string()),
            analyse(1, "a3-b4"),
            analyse(1, "a3-b4 h6-g5 g3-h4"),
            Event::Done(1),
        ];
        let second = vec![
            Event::Root(2, "two".to_string()),
            analyse(2, "g3-h4 h6-g5 a3-b4"),
            analyse(2, "g3-h4 h6-g5 a3-b4 f6-e5"),
            Event::Done(2),
        ];
        let mut whole = first.clone();
        whole.extend([second[0].clone(), second[2].clone(), second[3].clone()]);
        let single = MergedBook::from_jobs(&[job("all", whole)]).unwrap();
        let parts = [job("ballot 1", first), job("ballot 2", second)];
        let merged = MergedBook::from_jobs(&parts).unwrap();
        assert_eq!((merged.analyses.len(), merged.repeated), (3, 1));
        assert_eq!(merged.text(), single.text());
        let reversed = MergedBook::from_jobs(&[parts[1].clone(), parts[0].clone()]).unwrap();
        assert_eq!(reversed.text(), single.text());
        assert!(
            single
                .text()
                .contains("% roots: 2 of 2 walked to the end; 3 positions\n")
        );
        // The position both reach is named by the way root 1 took.
        assert!(
            merged
                .text()
                .contains("fact \"book: 1.ab4 hg5 2.gh4 (depth 2)\" for black")
        );
        let other = Job {
            header: JobHeader {
                settings: Settings {
                    plies: 3,
                    ..settings()
                },
                ..parts[1].header.clone()
            },
            ..parts[1].clone()
        };
        assert!(MergedBook::from_jobs(&[parts[0].clone(), other]).is_err());
    }

    #[test]
    fn a_fact_reads_as_opening_notes() {
        let mut table = TranspositionTable::new(1);
        let mut analysis = Analysis::search(1, &line("c3-d4 b6-a5"), &settings(), &mut table);
        analysis.lines[0].score = crate::search::Score(12);
        analysis.lines[1].score = crate::search::Score(5);
        let events = vec![
            Event::Root(1, "ballot 1-I cd4 ba5 dc5".to_string()),
            Event::Position(Box::new(analysis.clone())),
        ];
        let text = MergedBook::from_jobs(&[job("all", events)]).unwrap().text();
        let best = MoveText::from_move(&analysis.position, analysis.lines[0].pv[0]);
        let also = MoveText::from_move(&analysis.position, analysis.lines[1].pv[0]);
        let expected = format!(
            "% after 1.cd4 ba5, in the tree of ballot 1-I cd4 ba5 dc5\n\
             % 2.{best} is best (depth 2, +0.12; then 2..."
        );
        assert!(text.contains(&expected), "{text}");
        assert!(
            text.contains(&format!(
                "); also 2.{also} (+0.05)\nfact \"book: 1.cd4 ba5 (depth 2)\" for white\n"
            )),
            "{text}"
        );
        assert!(text.contains(&format!("  play {best}\n")), "{text}");
        assert!(text.contains("% roots: 0 of 2 walked to the end; 1 positions\n"));
    }
}
