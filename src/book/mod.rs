//! The opening book: exact facts of the knowledge base found by deep analysis, offline.
//!
//! The book's tree grows from its [`Root`]s (the ballots of match play and the ends of
//! the named openings): from each, [`Walk`] follows the best move and the alternatives
//! within a margin for a number of plies, searching each position far deeper than a
//! move's time allows ([`Analysis`], as [`Settings`] say). The work is cut into jobs
//! (a root, or a slice of the roots), each kept in its own file ([`Job`]) after every
//! position, so that a job resumes where it stopped; [`MergedBook`] joins finished jobs
//! into the book file, `kb/book.txt`, whose facts the knowledge base loads after its
//! own (see [`crate::kb::KnowledgeBase::load`]). `docs/BOOK.md` tells how to build one.

mod analysis;
mod job;
mod merged;
mod root;
mod settings;
mod walk;

pub use analysis::{Analysis, BadRecord, RecordProblem};
pub use job::{Event, Job, JobError, JobHeader, LineProblem, fingerprint};
pub use merged::{BookFactName, MergedBook, Mismatch};
pub use root::{Root, RootError, all_roots, named_openings, short_line};
pub use settings::{BadSettings, Effort, Men, Settings, parse_men};
pub use walk::{Finish, Walk};
