//! A job file: the analyses of one job of a book's build, one line each, written
//! again whole (atomically) after every position, so that a job stopped at any
//! moment resumes where it stood and a finished job's file is what merging reads.
//!
//! ```text
//! (fields are separated by tabs)
//! % shashki kb book job: resumable; merge with `shashki kb book merge`
//! settings  depth 24, plies 6, breadth 1, margin 0.15, lines 3, hash 256 MB
//! base  146 exact facts, fingerprint 9c0f5e7b1d2a4c61
//! roots  190
//! selection  ballot 1
//! root  1  ballot 1-I cd4 ba5 dc5
//! position  1  B:W...  c3-d4 b6-a5 d4-c5  24  ...
//! done  1
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::Path;

use super::analysis::{Analysis, BadRecord, RECORD};
use super::settings::{BadSettings, Settings};
use crate::files::{Fnv1a, ReadError, read_text, write_atomically};
use crate::kb::KnowledgeBase;
use crate::msg;
use crate::words::Message;

/// What a job is: the book's settings, the base it was built against, and which
/// roots it takes. A job resumes, and jobs merge, only where these agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobHeader {
    /// The settings.
    pub settings: Settings,
    /// The knowledge base whose exact facts the book leaves out and walks through
    /// ([`fingerprint`]).
    pub base: String,
    /// How many roots the whole book has.
    pub roots: usize,
    /// Which of them the job takes, in words (`all`, `ballot 7`, `slice 2/8`).
    pub selection: String,
}

impl JobHeader {
    /// `depth 24, ...; 146 exact facts, fingerprint ...; slice 2/8 of 190 roots`.
    pub fn describe(&self) -> String {
        format!(
            "{}; {}; {} of {} roots",
            self.settings, self.base, self.selection, self.roots
        )
    }
}

/// Something that happened in a job, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The walk of root number `.0`, named `.1`, began.
    Root(usize, String),
    /// A position was analysed.
    Position(Box<Analysis>),
    /// The walk of root number `.0` is complete.
    Done(usize),
}

/// A job's file read into memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// What the job is.
    pub header: JobHeader,
    /// What it has done so far.
    pub events: Vec<Event>,
}

/// Why a job file cannot be used.
#[derive(Debug)]
pub enum JobError {
    /// The file cannot be read or written.
    Io(String, io::Error),
    /// A line of the file is not what a job file holds.
    BadLine {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// Why.
        why: LineProblem,
    },
    /// The file was started for another job.
    OtherJob {
        /// The file.
        path: String,
        /// What its header says, and what was asked for.
        found: Box<(JobHeader, JobHeader)>,
    },
}

/// What is wrong with a line of a job file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// A root's number that is no number.
    RootNumber(String),
    /// The settings do not read.
    Settings(BadSettings),
    /// A position record does not read.
    Record(BadRecord),
    /// A line of no kind a job file has.
    Unknown(String),
    /// The file lacks the line of its `settings`, `base`, `roots` or `selection`.
    Missing(&'static str),
}

impl LineProblem {
    /// What is wrong, to be worded.
    fn message(&self) -> Message {
        match self {
            LineProblem::RootNumber(text) => msg!("job-root-number", text = format!("{text:?}")),
            LineProblem::Settings(error) => error.message(),
            LineProblem::Record(error) => error.message(),
            LineProblem::Unknown(word) => msg!("job-unknown-line", word = format!("{word:?}")),
            LineProblem::Missing(what) => msg!("job-missing", what = *what),
        }
    }
}

impl JobError {
    /// Why the job file cannot be used, to be worded.
    pub fn message(&self) -> Message {
        match self {
            JobError::Io(path, error) => {
                msg!("job-io", path = path.as_str(), error = error.to_string())
            }
            JobError::BadLine { path, line, why } => msg!(
                "job-bad-line",
                path = path.as_str(),
                line = *line,
                why = why.message()
            ),
            JobError::OtherJob { path, found } => {
                let (theirs, ours) = &**found;
                msg!(
                    "job-other",
                    path = path.as_str(),
                    theirs = theirs.describe(),
                    ours = ours.describe()
                )
            }
        }
    }
}

impl fmt::Display for JobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for JobError {}

/// The first line of every job file.
const TITLE: &str = "% shashki kb book job: resumable; merge with `shashki kb book merge`";

impl Job {
    /// A job with nothing done yet.
    pub fn new(header: JobHeader) -> Job {
        Job {
            header,
            events: Vec::new(),
        }
    }

    /// The job of the file at `path` if it exists (it must be the job `header`
    /// describes), else a new one.
    pub fn resume(path: &Path, header: JobHeader) -> Result<Job, JobError> {
        if !path.exists() {
            return Ok(Job::new(header));
        }
        let job = Job::read(path)?;
        if job.header != header {
            return Err(JobError::OtherJob {
                path: path.display().to_string(),
                found: Box::new((job.header, header)),
            });
        }
        Ok(job)
    }

    /// Reads the job file at `path`.
    pub fn read(path: &Path) -> Result<Job, JobError> {
        let shown = path.display().to_string();
        let text = read_text(path).map_err(|error| match error {
            ReadError::Io(error) => JobError::Io(shown.clone(), error),
            other => JobError::Io(shown.clone(), io::Error::other(other.to_string())),
        })?;
        Job::parse(&text).map_err(|(line, why)| JobError::BadLine {
            path: shown,
            line,
            why,
        })
    }

    /// The job of `text`, or the line (from 1) that is wrong and why.
    fn parse(text: &str) -> Result<Job, (usize, LineProblem)> {
        let mut settings = None;
        let mut base = None;
        let mut selection = None;
        let mut roots = None;
        let mut events = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            if line.starts_with('%') || line.trim().is_empty() {
                continue;
            }
            let (word, rest) = line.split_once('\t').unwrap_or((line, ""));
            let root_number = |text: &str| {
                text.parse::<usize>()
                    .map_err(|_| (number, LineProblem::RootNumber(text.to_string())))
            };
            match word {
                "settings" => {
                    settings = Some(
                        rest.parse::<Settings>()
                            .map_err(|e: BadSettings| (number, LineProblem::Settings(e)))?,
                    );
                }
                "base" => base = Some(rest.to_string()),
                "selection" => selection = Some(rest.to_string()),
                "roots" => roots = Some(root_number(rest)?),
                "root" => {
                    let (root, name) = rest.split_once('\t').unwrap_or((rest, ""));
                    events.push(Event::Root(root_number(root)?, name.to_string()));
                }
                "done" => events.push(Event::Done(root_number(rest)?)),
                RECORD => {
                    let analysis = Analysis::from_record(line)
                        .map_err(|e: BadRecord| (number, LineProblem::Record(e)))?;
                    events.push(Event::Position(Box::new(analysis)));
                }
                other => return Err((number, LineProblem::Unknown(other.to_string()))),
            }
        }
        let missing = |what: &'static str| (1, LineProblem::Missing(what));
        Ok(Job {
            header: JobHeader {
                settings: settings.ok_or_else(|| missing("settings"))?,
                base: base.ok_or_else(|| missing("base"))?,
                roots: roots.ok_or_else(|| missing("roots"))?,
                selection: selection.ok_or_else(|| missing("selection"))?,
            },
            events,
        })
    }

    /// The file's text.
    pub fn text(&self) -> String {
        let mut lines = vec![
            TITLE.to_string(),
            format!("settings\t{}", self.header.settings),
            format!("base\t{}", self.header.base),
            format!("roots\t{}", self.header.roots),
            format!("selection\t{}", self.header.selection),
        ];
        for event in &self.events {
            lines.push(match event {
                Event::Root(root, name) => format!("root\t{root}\t{name}"),
                Event::Position(analysis) => analysis.record(),
                Event::Done(root) => format!("done\t{root}"),
            });
        }
        lines.push(String::new());
        lines.join("\n")
    }

    /// Writes the job to `path`, replacing the file in one step.
    pub fn save(&self, path: &Path) -> Result<(), JobError> {
        crate::files::DataDir::prepare(path)
            .and_then(|()| write_atomically(path, self.text().as_bytes()))
            .map_err(|error| JobError::Io(path.display().to_string(), error))
    }

    /// The analyses, in the order they were made.
    pub fn analyses(&self) -> impl Iterator<Item = &Analysis> {
        self.events.iter().filter_map(|event| match event {
            Event::Position(analysis) => Some(&**analysis),
            _ => None,
        })
    }

    /// Whether the walk of root number `root` is complete.
    pub fn is_done(&self, root: usize) -> bool {
        self.events.contains(&Event::Done(root))
    }

    /// The roots begun, by number, with their names.
    pub fn roots(&self) -> BTreeMap<usize, &str> {
        self.events
            .iter()
            .filter_map(|event| match event {
                Event::Root(root, name) => Some((*root, name.as_str())),
                _ => None,
            })
            .collect()
    }
}

/// What a book's walk depends on in a knowledge base, as text: the number of its exact
/// facts and a hash of their boards and moves (the same base gives the same text on
/// every machine).
pub fn fingerprint(base: &KnowledgeBase) -> String {
    let mut hash = Fnv1a::default();
    let mut exact = 0;
    for fact in base.facts().iter().filter(|fact| fact.exact) {
        exact += 1;
        let mask = fact.mask;
        for word in [mask.white.0, mask.black.0, mask.kings.0] {
            hash.add(&word.to_le_bytes());
        }
        for line in fact.sorted_lines() {
            hash.add(line.as_bytes());
            hash.add(b"\n");
        }
    }
    format!("{exact} exact facts, fingerprint {:016x}", hash.value())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::TranspositionTable;

    fn header() -> JobHeader {
        JobHeader {
            settings: Settings {
                effort: super::super::settings::Effort::Depth(2),
                plies: 1,
                ..Settings::default()
            },
            base: "0 exact facts, fingerprint 0".to_string(),
            roots: 3,
            selection: "all".to_string(),
        }
    }

    #[test]
    fn a_job_reads_back_from_its_text() {
        let mut job = Job::new(header());
        let mut table = TranspositionTable::new(1);
        job.events.push(Event::Root(3, "ballot 3 x".to_string()));
        let analysis = Analysis::search(3, &[], &job.header.settings, &mut table);
        job.events.push(Event::Position(Box::new(analysis)));
        job.events.push(Event::Done(3));
        assert_eq!(Job::parse(&job.text()), Ok(job.clone()));
        assert!(job.is_done(3));
        assert_eq!(
            job.roots().into_iter().collect::<Vec<_>>(),
            [(3, "ballot 3 x")]
        );
    }

    #[test]
    fn a_file_of_another_job_or_with_a_bad_line_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.job");
        Job::new(header()).save(&path).unwrap();
        let other = JobHeader {
            selection: "ballot 2".to_string(),
            ..header()
        };
        let refused = Job::resume(&path, other).unwrap_err().to_string();
        assert!(refused.contains("holds another job"), "{refused}");
        assert_eq!(Job::resume(&path, header()).unwrap(), Job::new(header()));
        std::fs::write(&path, format!("{}what\n", Job::new(header()).text())).unwrap();
        let refused = Job::read(&path).unwrap_err().to_string();
        assert!(refused.ends_with(":6: unknown line \"what\""), "{refused}");
    }

    #[test]
    fn the_fingerprint_follows_the_exact_facts() {
        let empty = KnowledgeBase::empty();
        assert_eq!(
            fingerprint(&empty),
            "0 exact facts, fingerprint cbf29ce484222325"
        );
        let builtin = KnowledgeBase::builtin().without_book();
        assert_ne!(fingerprint(&builtin), fingerprint(&empty));
        assert_eq!(fingerprint(&builtin), fingerprint(&builtin.clone()));
    }
}
