//! Stand-in for the knowledge base (issue 3) until its branch lands: the same
//! names the engine uses, none of them constructible, so stage 1 never fires.

use std::fmt;

use crate::{Move, Position};

/// The knowledge base of combinations (not available yet: cannot be constructed).
#[derive(Clone, Debug)]
pub enum KnowledgeBase {}

impl KnowledgeBase {
    /// Where the knowledge base was read from.
    pub fn origin(&self) -> &str {
        match *self {}
    }

    /// The best matching fact whose move is legal in `position`.
    pub fn choose(&self, _position: &Position, _rng: &mut impl rand::Rng) -> Option<KbChoice> {
        match *self {}
    }
}

/// A fact chosen for a position.
#[derive(Clone, Debug)]
pub struct KbChoice {
    /// The move the fact recommends.
    pub mv: Move,
    /// Which fact it is.
    pub fact: FactInfo,
    /// The rest of the combination, if the fact is a line.
    pub line: Option<ActiveLine>,
}

/// Which fact decided, and where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactInfo {
    /// The fact's name.
    pub name: String,
    /// The file (or built-in source) it comes from.
    pub origin: String,
    /// Its line there.
    pub line: usize,
}

/// `"Городская партия" (kb/combs.txt:42)`
impl fmt::Display for FactInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" ({}:{})", self.name, self.origin, self.line)
    }
}

/// A combination line being played out.
#[derive(Clone, Debug)]
pub enum ActiveLine {}

impl ActiveLine {
    /// The bot's next move if the opponent replied as the line expects.
    pub fn next(&mut self, _position_before_reply: &Position, _reply: Move) -> Option<Move> {
        match *self {}
    }
}
