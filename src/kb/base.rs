//! The knowledge base: facts loaded from a file, checked, compiled and indexed.

use std::path::Path;

use rand::{Rng, RngExt};

use super::build::parse_facts;
use super::check::{check_fact, duplicates};
use super::choice::{ActiveLine, FactInfo, KbChoice};
use super::compile::Fact;
use super::diagnostic::Diagnostic;
use super::matcher::Matcher;
use crate::{Color, Move, Position};

/// The starter base shipped in the binary.
const BUILTIN_TEXT: &str = include_str!("../../kb/combs.txt");
/// The origin of the starter base in messages.
pub const BUILTIN_ORIGIN: &str = "built-in starter base";
/// Where the base is looked for when no `--kb` is given.
pub const DEFAULT_PATH: &str = "kb/combs.txt";

/// What loading gives: the base and its warnings, or every problem found.
pub type LoadResult = Result<(KnowledgeBase, Vec<Diagnostic>), Vec<Diagnostic>>;

/// Facts the bot consults before it searches: "in a position like this, play this".
///
/// # Examples
///
/// ```
/// use rand::SeedableRng;
/// use shashki::kb::KnowledgeBase;
/// use shashki::Position;
///
/// let kb = KnowledgeBase::builtin();
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let choice = kb.choose(&Position::start(), &mut rng).expect("the openings cover the start");
/// assert!(Position::start().legal_moves().contains(&choice.mv));
/// ```
#[derive(Clone, Debug)]
pub struct KnowledgeBase {
    origin: String,
    facts: Vec<Fact>,
    matcher: Matcher,
}

impl KnowledgeBase {
    /// Parses and checks `text`; `origin` names it in messages. `Ok` carries the warnings.
    pub fn parse(text: &str, origin: &str) -> LoadResult {
        let (syntax, mut problems) = parse_facts(text, origin);
        let mut good = Vec::new();
        for fact in &syntax {
            let errors = check_fact(fact, origin, text);
            if errors.is_empty() {
                good.push(fact);
            }
            problems.extend(errors);
        }
        let facts: Vec<Fact> = good
            .iter()
            .map(|fact| Fact::compile(fact, origin))
            .collect();
        let spots: Vec<_> = good.iter().map(|fact| fact.at).collect();
        problems.extend(duplicates(&facts, &spots, origin, text));
        problems.sort_by_key(|d| (d.line, d.column));
        if problems.iter().any(Diagnostic::is_error) {
            return Err(problems);
        }
        let matcher = Matcher::new(&facts);
        let base = KnowledgeBase {
            origin: origin.to_string(),
            facts,
            matcher,
        };
        Ok((base, problems))
    }

    /// Reads and parses the file at `path`; a file that cannot be read is one error.
    pub fn load(path: &Path) -> LoadResult {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| {
            vec![Diagnostic::file_error(
                &origin,
                format!("cannot read the file: {error}"),
            )]
        })?;
        KnowledgeBase::parse(&text, &origin)
    }

    /// The starter base built into the binary (a test keeps it clean).
    pub fn builtin() -> KnowledgeBase {
        match KnowledgeBase::parse(BUILTIN_TEXT, BUILTIN_ORIGIN) {
            Ok((base, _)) => base,
            Err(_) => KnowledgeBase::empty(BUILTIN_ORIGIN),
        }
    }

    /// A base without facts.
    pub fn empty(origin: &str) -> KnowledgeBase {
        KnowledgeBase {
            origin: origin.to_string(),
            facts: Vec::new(),
            matcher: Matcher::default(),
        }
    }

    /// The base to use: `explicit` when given, else `kb/combs.txt` in the
    /// current directory if it exists, else the built-in starter base.
    pub fn locate(explicit: Option<&Path>) -> LoadResult {
        if let Some(path) = explicit {
            return KnowledgeBase::load(path);
        }
        let default = Path::new(DEFAULT_PATH);
        if default.exists() {
            return KnowledgeBase::load(default);
        }
        Ok((KnowledgeBase::builtin(), Vec::new()))
    }

    /// Where the facts come from: a path or "built-in starter base".
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Number of facts.
    pub fn len(&self) -> usize {
        self.facts.len()
    }

    /// Whether there are no facts.
    pub fn is_empty(&self) -> bool {
        self.facts.is_empty()
    }

    /// Number of exact facts (every square given).
    pub fn exact_count(&self) -> usize {
        self.facts.iter().filter(|fact| fact.exact).count()
    }

    /// Number of pattern facts (some squares free).
    pub fn pattern_count(&self) -> usize {
        self.facts.len() - self.exact_count()
    }

    /// Number of facts with a combination line.
    pub fn line_count(&self) -> usize {
        self.facts.iter().filter(|fact| fact.has_line()).count()
    }

    /// The best matching fact whose move is legal here, with every legal
    /// alternative it offers (moves on the real board).
    pub fn lookup(&self, position: &Position) -> Option<(FactInfo, Vec<Move>)> {
        let (fact, legal, flip) = self.best(position)?;
        let moves = legal
            .iter()
            .map(|&(mv, _)| if flip { mv.flipped() } else { mv })
            .collect();
        Some((fact.info.clone(), moves))
    }

    /// The move to play from the best matching fact, picked at random among
    /// its legal alternatives, with the rest of its line if it has one.
    pub fn choose(&self, position: &Position, rng: &mut impl Rng) -> Option<KbChoice> {
        let (fact, legal, flip) = self.best(position)?;
        let (mv, alternative) = legal[rng.random_range(0..legal.len())];
        let steps = &fact.alternatives[alternative];
        let line = (steps.len() > 1).then(|| ActiveLine::new(&steps[1..], flip, fact.info.clone()));
        Some(KbChoice {
            mv: if flip { mv.flipped() } else { mv },
            fact: fact.info.clone(),
            line,
        })
    }

    /// The first matching fact with a legal alternative, its legal first
    /// moves (as seen with the mover as White) and whether the board was turned.
    fn best(&self, position: &Position) -> Option<(&Fact, Vec<(Move, usize)>, bool)> {
        let flip = position.side_to_move() == Color::Black;
        let view = if flip { position.mirrored() } else { *position };
        self.matcher.matching(&view).find_map(|index| {
            let fact = &self.facts[index];
            let legal: Vec<(Move, usize)> = fact
                .alternatives
                .iter()
                .enumerate()
                .filter_map(|(i, line)| line.first()?.resolve(&view).ok().map(|mv| (mv, i)))
                .collect();
            (!legal.is_empty()).then_some((fact, legal, flip))
        })
    }
}
