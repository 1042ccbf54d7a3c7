//! The knowledge base: facts the bot consults before it searches.
//!
//! A fact says "in a position like this, play this". The file format is described at
//! the top of `kb/combs.txt` (the built-in base) and in the README, the internals in
//! `docs/KNOWLEDGE_BASE.md`; `kb.pest` is its grammar. Loading parses (`build`), checks
//! (`check`), compiles masks to bitboards (`compile`) and indexes them (`matcher`);
//! `choose` then answers a position in microseconds.
//! An opening book (`kb/book.txt`, see [`crate::book`]) is a file of exact facts loaded
//! after the others, which win where both name a position.

pub(crate) mod ast;
mod base;
mod build;
mod check;
mod choice;
mod compile;
mod editor;
mod hash;
mod learn;
mod matcher;
mod problem;
mod provenance;
pub mod rule;

pub use crate::files::{Severity, SourceText};
pub use ast::{Spot, Symbol};
pub use base::{
    BOOK_NAME, BUILTIN_BOOK_TEXT, BUILTIN_LEARNED_TEXT, BUILTIN_TEXT, KbPart, KnowledgeBase,
    LEARNED_NAME, LoadResult, Source, Sources, book_path, learned_path, local_path, locate_file,
};
pub(crate) use build::parse_goals;
pub use choice::{ActiveLine, FactInfo, KbChoice};
pub use compile::{Counts, Fact, Mask};
pub use editor::KbEditor;
pub use learn::{Change, Remembered, exact_fact_text, fact_text, forget, remember};
pub use problem::{Part, Problem};
pub use provenance::{GameSource, Origin, Provenance, Verdict};

/// A problem of a knowledge-base file with its place: `PATH:LINE:COL: error: ...`.
pub type Diagnostic = crate::files::Diagnostic<Problem>;
