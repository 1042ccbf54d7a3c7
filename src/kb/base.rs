//! The knowledge base: facts loaded from a file, checked, compiled and indexed.

use std::path::{Path, PathBuf};

use rand::{Rng, RngExt};

use super::Diagnostic;
use super::build::{parse_facts, starts_fact};
use super::check::{check_fact, duplicates};
use super::choice::{ActiveLine, FactInfo, KbChoice};
use super::compile::Fact;
use super::matcher::Matcher;
use super::problem::Problem;
use super::provenance::{Origin, Provenance};
use super::rule::{CheckedNow, Judge};
use crate::files::{DataDir, FileFailure, ReadError, read_text};
use crate::files::{Severity, SourceText};
use crate::words::Message;
use crate::{Color, Move, MoveText, Position, msg};

/// The starter base shipped in the binary. It lives apart from every base a player
/// edits, so that editing one never rebuilds the program.
pub const BUILTIN_TEXT: &str = include_str!("../../kb/combs.txt");
/// The learned facts shipped in the binary (`shashki kb learn`), loaded with the starter base.
pub const BUILTIN_LEARNED_TEXT: &str = include_str!("../../kb/learned.txt");
/// The name of the file of learned facts beside a knowledge-base file.
pub const LEARNED_NAME: &str = "learned.txt";
/// The opening book shipped in the binary (`shashki kb book`), loaded with the starter base.
pub const BUILTIN_BOOK_TEXT: &str = include_str!("../../kb/book.txt");
/// The name of the opening book beside a knowledge-base file.
pub const BOOK_NAME: &str = "book.txt";

/// What loading gives: the base and every problem found (warnings, and the errors of
/// the facts left out: [`KnowledgeBase::left_out`]), or, when a file cannot be read at
/// all, why.
pub type LoadResult = Result<(KnowledgeBase, Vec<Diagnostic>), Vec<Diagnostic>>;

/// The alternative's index a rule's move has: it has no written line.
const RULE_MOVE: usize = usize::MAX;

/// A matched fact, its legal first moves with their alternative's index (as
/// seen with the mover as White), and whether the board was turned.
type Found<'a> = (&'a Fact, Vec<(Move, usize)>, bool);

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
    /// The parts its name in messages names, in order (a built-in part that joins a
    /// base leaves it its name).
    named: Vec<KbPart>,
    facts: Vec<Fact>,
    matcher: Matcher,
    /// The opening book's part of the facts, always the last ones.
    book: Option<BookPart>,
    /// Facts of the files that were left out for their errors.
    left_out: usize,
}

/// How many of a base's facts, at its end, come from an opening book, and the parts
/// the base's name named before the book joined it.
#[derive(Clone, Debug)]
struct BookPart {
    facts: usize,
    left_out: usize,
    named_before: usize,
}

impl KnowledgeBase {
    /// Parses and checks `text`, the text of the file `origin` names (in messages too),
    /// as a part of the starter's kind. A fact with an error is left out and the others
    /// are kept: parsing resumes at the next line that starts a fact. `Ok` carries every
    /// problem, the errors of the facts left out among them.
    pub fn parse(text: &str, origin: &str) -> LoadResult {
        KnowledgeBase::parse_part(text, &KbPart::file(Origin::Starter, Path::new(origin)))
    }

    /// Parses and checks `text`, the text of `part`, as [`KnowledgeBase::parse`] does;
    /// each fact knows the part it comes from.
    pub fn parse_part(text: &str, part: &KbPart) -> LoadResult {
        let origin = part.origin();
        let source = SourceText::new(text, &origin);
        let (syntax, mut problems) = parse_facts(&source);
        let mut good = Vec::new();
        for fact in &syntax {
            let errors = check_fact(fact, &source);
            if errors.is_empty() {
                good.push(fact);
            }
            problems.extend(errors);
        }
        let facts: Vec<Fact> = good
            .iter()
            .map(|fact| {
                let mut compiled = Fact::compile(fact, part);
                let (sources, proven_in) = provenance(&source, fact.at.line);
                compiled.info.learned_from = sources;
                compiled.info.proven_in = proven_in;
                compiled
            })
            .collect();
        let spots: Vec<_> = good.iter().map(|fact| fact.at).collect();
        problems.extend(duplicates(&facts, &spots, &source));
        problems.sort_by_key(|d| (d.line, d.column));
        let matcher = Matcher::new(&facts);
        let base = KnowledgeBase {
            named: vec![part.clone()],
            facts,
            matcher,
            book: None,
            left_out: broken_facts(text, &problems),
        };
        Ok((base, problems))
    }

    /// How many facts of the files were left out for their errors.
    pub fn left_out(&self) -> usize {
        self.left_out
    }

    /// The base the program plays with, found as [`Sources::locate`] finds it (the file
    /// `explicit`, else `./kb/combs.txt`, else the data directory `data`'s, else the
    /// built-in base, each with the learned facts and the book beside it) and loaded:
    /// the one place the command line, the Hub and the console load it from.
    pub fn locate_and_load(explicit: Option<&Path>, data: Option<&DataDir>) -> LoadResult {
        KnowledgeBase::load(&Sources::locate(explicit, data))
    }

    /// The base `sources` describe: each part read and parsed, the facts answering in
    /// the order of the parts, the book's last. A file that cannot be read fails the
    /// load; the problems of the files come back with the base (the built-in parts are
    /// kept clean by a test).
    pub fn load(sources: &Sources) -> LoadResult {
        let mut base: Option<KnowledgeBase> = None;
        let mut problems = Vec::new();
        for part in sources.parts() {
            let (facts, found) = part.read()?;
            if let Source::File(_) = part.source {
                problems.extend(found);
            }
            base = Some(match base {
                None => facts,
                Some(base) => {
                    let named = base.named.len();
                    let base_named_built_in = base
                        .named
                        .last()
                        .is_some_and(|last| last.source == Source::BuiltIn);
                    let mut joined = match part.kind {
                        Origin::Book => base.joined_book(facts),
                        _ => base.joined(facts),
                    };
                    // A built-in part leaves the name of a built-in base it joins: the
                    // built-in learned facts and book are the built-in base's.
                    if part.source == Source::BuiltIn && base_named_built_in {
                        joined.named.truncate(named);
                    }
                    joined
                }
            });
        }
        Ok((base.unwrap_or_else(KnowledgeBase::empty), problems))
    }

    /// The exact facts of `self` whose position an exact fact of `earlier` (a part read
    /// before it: the player's own facts before the base, the base before the book) has
    /// with other moves: `earlier`'s fact is the one played there. Each as `self`'s fact
    /// and the earlier one.
    pub fn shadowed_by<'a>(&'a self, earlier: &'a KnowledgeBase) -> Vec<(&'a Fact, &'a Fact)> {
        let firsts: std::collections::HashMap<(u32, u32, u32), &Fact> = earlier
            .facts
            .iter()
            .rev()
            .filter_map(|fact| Some((fact.exact_key()?, fact)))
            .collect();
        self.facts
            .iter()
            .filter_map(|fact| {
                let first = firsts.get(&fact.exact_key()?)?;
                (first.sorted_lines() != fact.sorted_lines()).then_some((fact, *first))
            })
            .collect()
    }

    /// The facts of `self` and then of `other`, as one base (`self` has no book yet).
    fn joined(mut self, other: KnowledgeBase) -> KnowledgeBase {
        debug_assert!(self.book.is_none(), "the book's facts come last");
        self.left_out += other.left_out;
        if other.is_empty() {
            return self;
        }
        self.named.extend(other.named);
        self.facts.extend(other.facts);
        self.matcher = Matcher::new(&self.facts);
        self
    }

    /// The facts of `self` and then of the opening book `book` (named in the base's
    /// name even when it has no facts yet).
    fn joined_book(self, book: KnowledgeBase) -> KnowledgeBase {
        let part = BookPart {
            facts: book.len(),
            left_out: book.left_out,
            named_before: self.named.len(),
        };
        let mut named = self.named.clone();
        named.extend(book.named.iter().cloned());
        let mut base = self.joined(book);
        base.named = named;
        base.book = Some(part);
        base
    }

    /// The same base without its opening book's facts (for a bot that plays without it).
    pub fn without_book(mut self) -> KnowledgeBase {
        if let Some(part) = self.book.take() {
            self.facts.truncate(self.facts.len() - part.facts);
            self.left_out -= part.left_out;
            self.matcher = Matcher::new(&self.facts);
            self.named.truncate(part.named_before);
        }
        self
    }

    /// How many of the facts come from an opening book.
    pub fn book_len(&self) -> usize {
        self.book.as_ref().map_or(0, |part| part.facts)
    }

    /// The starter base built into the binary with the built-in learned facts and the
    /// built-in opening book (a test keeps all three clean).
    pub fn builtin() -> KnowledgeBase {
        KnowledgeBase::load(&Sources::builtin())
            .map_or_else(|_| KnowledgeBase::empty(), |(base, _)| base)
    }

    /// A base without facts, named as the built-in starter base.
    pub fn empty() -> KnowledgeBase {
        KnowledgeBase {
            named: vec![KbPart::builtin(Origin::Starter)],
            facts: Vec::new(),
            matcher: Matcher::default(),
            book: None,
            left_out: 0,
        }
    }

    /// Every fact, in the mover-as-White orientation, in the order of the files.
    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    /// Where the facts come from, in English: its parts' names joined with ` + `
    /// (`kb/combs.txt + kb/learned.txt + kb/book.txt`, `built-in starter base`).
    pub fn origin(&self) -> String {
        let names: Vec<String> = self.named.iter().map(KbPart::origin).collect();
        names.join(" + ")
    }

    /// The parts [`KnowledgeBase::origin`] names, in order, to be worded.
    pub fn named_parts(&self) -> &[KbPart] {
        &self.named
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
        self.facts.len() - self.exact_count() - self.rule_count()
    }

    /// Number of rules (counted among the facts: a rule answers as a fact does).
    pub fn rule_count(&self) -> usize {
        self.facts.iter().filter(|fact| fact.rule.is_some()).count()
    }

    /// Number of facts with a combination line.
    pub fn line_count(&self) -> usize {
        self.facts.iter().filter(|fact| fact.has_line()).count()
    }

    /// The best matching fact whose move is legal here, with every legal
    /// alternative it offers (moves on the real board).
    pub fn lookup(&self, position: &Position) -> Option<(FactInfo, Vec<Move>)> {
        let (fact, legal, flip) = self.matching(position, 0, &mut CheckedNow::default())?;
        let moves = legal
            .iter()
            .map(|&(mv, _)| if flip { mv.flipped() } else { mv })
            .collect();
        Some((fact.info.clone(), moves))
    }

    /// The first exact fact for `position` (its every square as here), whether or
    /// not its moves are legal.
    pub fn exact_fact(&self, position: &Position) -> Option<&FactInfo> {
        let view = match position.side_to_move() {
            Color::Black => position.mirrored(),
            Color::White => *position,
        };
        self.matcher
            .matching(&view)
            .map(|index| &self.facts[index])
            .find(|fact| fact.exact)
            .map(|fact| &fact.info)
    }

    /// The move to play from the best matching fact, picked at random among
    /// its legal alternatives, with the rest of its line if it has one.
    pub fn choose(&self, position: &Position, rng: &mut impl Rng) -> Option<KbChoice> {
        self.choices(position, rng, &mut CheckedNow::default())
            .next()
    }

    /// [`KnowledgeBase::choose`]'s choice, then the next matching fact's, and so on: what
    /// is played when a fact before is passed over. Each is drawn as it is asked for;
    /// `judge` answers the rules' `safe` conditions.
    pub fn choices<'a, R: Rng>(
        &'a self,
        position: &'a Position,
        rng: &'a mut R,
        judge: &'a mut dyn Judge,
    ) -> impl Iterator<Item = KbChoice> + 'a {
        (0..).map_while(move |skip| {
            let (fact, legal, flip) = self.matching(position, skip, judge)?;
            Some(Self::choice(position, fact, &legal, flip, rng))
        })
    }

    /// The moves of `position` that the rules' `avoid` clauses hold for, each with the
    /// first rule that avoids it (on the real board).
    pub fn avoided(&self, position: &Position, judge: &mut dyn Judge) -> Vec<(Move, FactInfo)> {
        let flip = position.side_to_move() == Color::Black;
        let view = if flip { position.mirrored() } else { *position };
        let mut avoided: Vec<(Move, FactInfo)> = Vec::new();
        for index in self.matcher.matching(&view) {
            let fact = &self.facts[index];
            let Some(rule) = &fact.rule else {
                continue;
            };
            for mv in rule.moves(&view, true, judge) {
                let mv = if flip { mv.flipped() } else { mv };
                if !avoided.iter().any(|(known, _)| *known == mv) {
                    avoided.push((mv, fact.info.clone()));
                }
            }
        }
        avoided
    }

    fn choice(
        position: &Position,
        fact: &Fact,
        legal: &[(Move, usize)],
        flip: bool,
        rng: &mut impl Rng,
    ) -> KbChoice {
        let view = if flip { position.mirrored() } else { *position };
        let (mv, alternative) = legal[rng.random_range(0..legal.len())];
        // A rule's move is a line of one move.
        let steps = fact
            .alternatives
            .get(alternative)
            .map_or(&[][..], Vec::as_slice);
        let line = (steps.len() > 1).then(|| ActiveLine::new(&steps[1..], flip, fact.info.clone()));
        let turn = |mv: Move| if flip { mv.flipped() } else { mv };
        let mut at = view;
        let whole_line = match steps.is_empty() {
            true => vec![turn(mv)],
            false => steps
                .iter()
                .map_while(|step| {
                    let mv = step.resolve(&at).ok()?;
                    at = at.play_unchecked(mv);
                    Some(turn(mv))
                })
                .collect(),
        };
        KbChoice {
            mv: turn(mv),
            fact: fact.info.clone(),
            line,
            exact: fact.exact,
            whole_line,
            gives: fact.gives,
        }
    }

    /// The matching fact with a legal alternative after `skip` others, in the order they
    /// answer: its legal first moves (as seen with the mover as White) and whether the
    /// board was turned.
    fn matching(
        &self,
        position: &Position,
        skip: usize,
        judge: &mut dyn Judge,
    ) -> Option<Found<'_>> {
        let flip = position.side_to_move() == Color::Black;
        let view = if flip { position.mirrored() } else { *position };
        // A move text names a legal move only if one goes from its first
        // square to its last: a cheap test before resolving it, which
        // generates the moves again and words the reason when it fails.
        let moves = view.legal_moves();
        let may_be_legal = |text: &MoveText| {
            let squares = text.squares();
            moves
                .iter()
                .any(|mv| mv.from() == squares[0] && Some(&mv.to()) == squares.last())
        };
        let mut found = self.matcher.matching(&view).filter_map(|index| {
            let fact = &self.facts[index];
            if let Some(rule) = &fact.rule {
                let legal: Vec<(Move, usize)> = rule
                    .moves(&view, false, judge)
                    .into_iter()
                    .map(|mv| (mv, RULE_MOVE))
                    .collect();
                return (!legal.is_empty()).then_some((fact, legal, flip));
            }
            let legal: Vec<(Move, usize)> = fact
                .alternatives
                .iter()
                .enumerate()
                .filter_map(|(i, line)| {
                    let first = line.first().filter(|text| may_be_legal(text))?;
                    first.resolve(&view).ok().map(|mv| (mv, i))
                })
                .collect();
            (!legal.is_empty()).then_some((fact, legal, flip))
        });
        found.nth(skip)
    }
}

/// How many facts of `text` the errors among `problems` leave out: the facts (each
/// from a line that starts with `fact` to the next) that hold an error, the text
/// before the first fact counting as one.
fn broken_facts(text: &str, problems: &[Diagnostic]) -> usize {
    let starts: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| starts_fact(line))
        .map(|(index, _)| index + 1)
        .collect();
    let mut broken: Vec<usize> = problems
        .iter()
        .filter(|problem| problem.is_error())
        .map(|problem| starts.partition_point(|&start| start <= problem.line))
        .collect();
    broken.sort_unstable();
    broken.dedup();
    broken.len()
}

/// Where a fact was met: the provenance lines ([`Provenance::read`]) in the block of
/// comments right above its heading at `heading_line` (in file order), and the
/// position of a `% ... proof in FEN: ...` line there.
fn provenance(source: &SourceText, heading_line: usize) -> (Vec<Provenance>, Option<Position>) {
    let mut sources = Vec::new();
    let mut proven_in = None;
    for number in (1..heading_line).rev() {
        let text = source.line(number).trim();
        if !text.starts_with('%') {
            break;
        }
        sources.extend(Provenance::read(text));
        if let Some((_, rest)) = text.split_once("proof in ") {
            proven_in = rest.split(": ").next().and_then(|fen| fen.parse().ok());
        }
    }
    sources.reverse();
    (sources, proven_in)
}

/// Where one part of a knowledge base is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The part built into the program: the starter base, its learned facts or its book.
    BuiltIn,
    /// A file.
    File(PathBuf),
}

/// One part of a knowledge base: what kind of facts it holds and where it is read
/// from. Each fact knows its part ([`FactInfo::part`](super::FactInfo::part)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KbPart {
    /// What kind of facts it holds.
    pub kind: Origin,
    /// Where it is read from.
    pub source: Source,
}

impl KbPart {
    /// The part of `kind` in the file at `path`.
    pub fn file(kind: Origin, path: &Path) -> KbPart {
        KbPart {
            kind,
            source: Source::File(path.to_path_buf()),
        }
    }

    /// The part of `kind` built into the program.
    pub fn builtin(kind: Origin) -> KbPart {
        KbPart {
            kind,
            source: Source::BuiltIn,
        }
    }

    /// The part's name, to be worded: its file, or the built-in part's name.
    pub fn name(&self) -> Message {
        match &self.source {
            Source::File(path) => msg!("kb-file", path = path.display().to_string()),
            Source::BuiltIn => msg!("kb-builtin", part = self.kind.keyword()),
        }
    }

    /// The part's name in English, as files and the machine interfaces name it:
    /// `kb/learned.txt`, `built-in starter base`.
    pub fn origin(&self) -> String {
        crate::words::Text::english().render(&self.name())
    }

    /// The part alone, read and parsed, with its problems; a file that cannot be read
    /// is one error, placed at the first bad byte when it is not UTF-8.
    pub fn read(&self) -> LoadResult {
        let builtin = match (&self.source, self.kind) {
            (Source::File(path), _) => {
                let text = read_file(path)?;
                return KnowledgeBase::parse_part(&text, self);
            }
            (Source::BuiltIn, Origin::Starter) => BUILTIN_TEXT,
            (Source::BuiltIn, Origin::Learned) => BUILTIN_LEARNED_TEXT,
            (Source::BuiltIn, Origin::Book) => BUILTIN_BOOK_TEXT,
            // Nothing of the player's is built in.
            (Source::BuiltIn, Origin::Own | Origin::Lesson) => "",
        };
        KnowledgeBase::parse_part(builtin, self)
    }
}

/// Where a knowledge base's facts come from: its parts, in the order their facts
/// answer (the base, its learned facts, its opening book).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sources {
    parts: Vec<KbPart>,
}

impl Sources {
    /// The base the program plays with: the file [`locate_file`] names, with the
    /// learned facts and the book beside it when they exist; else the built-in base
    /// with its learned facts, the learned facts of the player's data directory `data`
    /// if it has any, and the player's own book if there is one, else the built-in book.
    /// The player's own facts (`mine.txt` in `data`) come first, whichever base is used,
    /// so that they play over the others' for the same position.
    pub fn locate(explicit: Option<&Path>, data: Option<&DataDir>) -> Sources {
        Sources::located(explicit, data).with_own(data)
    }

    /// The base [`Sources::locate`] finds, without the player's own facts.
    fn located(explicit: Option<&Path>, data: Option<&DataDir>) -> Sources {
        match locate_file(explicit, data) {
            Some(path) => Sources::file(&path),
            None => Sources::builtin_beside(data),
        }
    }

    /// The built-in base with its learned facts, the learned facts of the data directory
    /// `data` if it has any, and `data`'s book if there is one, else the built-in book;
    /// no file of the current directory (a program loaded into another's folder, such
    /// as the CheckerBoard engine, names its own places).
    pub fn builtin_beside(data: Option<&DataDir>) -> Sources {
        let mut parts = vec![
            KbPart {
                kind: Origin::Starter,
                source: Source::BuiltIn,
            },
            KbPart {
                kind: Origin::Learned,
                source: Source::BuiltIn,
            },
        ];
        parts.extend(existing(Origin::Learned, learned_path(None, data)));
        let book = existing(Origin::Book, book_path(None, data)).unwrap_or(KbPart {
            kind: Origin::Book,
            source: Source::BuiltIn,
        });
        parts.push(book);
        Sources { parts }
    }

    /// `self` with the player's own facts of the data directory `data` first, when it
    /// has them (as [`Sources::locate`] puts them).
    pub fn with_own(mut self, data: Option<&DataDir>) -> Sources {
        if let Some(own) = existing(Origin::Own, data.map(DataDir::own)) {
            self.parts.insert(0, own);
        }
        self
    }

    /// The file at `path` with the learned facts and the book beside it, when they
    /// exist ([`learned_path`], [`book_path`]).
    pub fn file(path: &Path) -> Sources {
        let mut parts = vec![KbPart {
            kind: Origin::Starter,
            source: Source::File(path.to_path_buf()),
        }];
        parts.extend(existing(Origin::Learned, learned_path(Some(path), None)));
        parts.extend(existing(Origin::Book, book_path(Some(path), None)));
        Sources { parts }
    }

    /// The file at `path` alone.
    pub fn alone(path: &Path) -> Sources {
        Sources {
            parts: vec![KbPart {
                kind: Origin::Starter,
                source: Source::File(path.to_path_buf()),
            }],
        }
    }

    /// The parts built into the program: the starter base, its learned facts and its
    /// opening book.
    pub fn builtin() -> Sources {
        Sources {
            parts: [Origin::Starter, Origin::Learned, Origin::Book]
                .into_iter()
                .map(|kind| KbPart {
                    kind,
                    source: Source::BuiltIn,
                })
                .collect(),
        }
    }

    /// The parts, in the order their facts answer.
    pub fn parts(&self) -> &[KbPart] {
        &self.parts
    }
}

/// The part of `kind` in the file at `path`, if there is such a file.
fn existing(kind: Origin, path: Option<PathBuf>) -> Option<KbPart> {
    path.filter(|path| path.exists()).map(|path| KbPart {
        kind,
        source: Source::File(path),
    })
}

/// The text of the file at `path` (see [`read_text`]); a file that cannot be read is
/// one error, placed at the first bad byte when it is not UTF-8.
fn read_file(path: &Path) -> Result<String, Vec<Diagnostic>> {
    let origin = path.display().to_string();
    let text = read_text(path).map_err(|error| {
        vec![match error {
            ReadError::BadUtf8(bad) => Diagnostic {
                severity: Severity::Error,
                origin: origin.clone(),
                line: bad.line,
                column: bad.column,
                problem: Problem::NotUtf8 { byte: bad.byte },
                source_line: bad.line_text,
            },
            other => {
                Diagnostic::file_error(&origin, Problem::CannotRead(FileFailure::from(&other)))
            }
        }]
    })?;
    Ok(text)
}

/// The opening book that goes with the knowledge-base file `base`: `book.txt` beside
/// it (none when `base` is that file itself or a file of learned facts); with no file
/// (the built-in base), the player's own in the data directory `data`. `None` when
/// there is no such place.
pub fn book_path(base: Option<&Path>, data: Option<&DataDir>) -> Option<PathBuf> {
    match base {
        Some(path)
            if path
                .file_name()
                .is_some_and(|name| name == BOOK_NAME || name == LEARNED_NAME) =>
        {
            None
        }
        Some(path) => Some(path.with_file_name(BOOK_NAME)),
        None => data.map(DataDir::book),
    }
}

/// The file of learned facts that goes with the knowledge-base file `base`: `learned.txt`
/// beside it (none when `base` is that file itself); with no file (the built-in base),
/// the player's own in the data directory `data`. `None` when there is no such place.
pub fn learned_path(base: Option<&Path>, data: Option<&DataDir>) -> Option<PathBuf> {
    match base {
        Some(path) if path.file_name().is_some_and(|name| name == LEARNED_NAME) => None,
        Some(path) => Some(path.with_file_name(LEARNED_NAME)),
        None => data.map(DataDir::learned),
    }
}

/// The base in the current directory, `kb/combs.txt` as the system writes paths, used
/// before the player's own when it exists.
pub fn local_path() -> PathBuf {
    Path::new("kb").join("combs.txt")
}

/// The knowledge-base file to use: `explicit` when given, else `kb/combs.txt` in
/// the current directory if it exists, else the player's own base in the data
/// directory `data` if it exists; `None` means the built-in starter base.
pub fn locate_file(explicit: Option<&Path>, data: Option<&DataDir>) -> Option<PathBuf> {
    if let Some(path) = explicit {
        return Some(path.to_path_buf());
    }
    let local = local_path();
    if local.exists() {
        return Some(local);
    }
    data.map(DataDir::knowledge_base)
        .filter(|path| path.exists())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kb::exact_fact_text;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// A fact for White with `rows` (rank 8 first), optional count lines and play lines.
    fn fact(name: &str, side: &str, counts: &str, rows: &str, play: &str) -> String {
        format!("fact \"{name}\" for {side}\n{counts}{rows}  play {play}\n")
    }

    const START_ROWS: &str = crate::start_rows!();

    /// Rows of a pattern: everything free except the given squares.
    fn pattern_rows(fixed: &[(&str, char)]) -> String {
        let mut text = String::new();
        for rank in (0..8u8).rev() {
            text.push_str(&format!("  {}", rank + 1));
            for file in 0..8u8 {
                let symbol = match crate::Square::from_coords(file, rank) {
                    None => '.',
                    Some(square) => fixed
                        .iter()
                        .find(|(name, _)| *name == square.to_string())
                        .map_or('?', |&(_, c)| c),
                };
                text.push(' ');
                text.push(symbol);
            }
            text.push('\n');
        }
        text
    }

    /// The errors of `text`, which has some: its facts with an error are left out.
    fn errors(text: &str) -> Vec<(usize, usize, String)> {
        let (base, problems) = KnowledgeBase::parse(text, "t.txt").expect("the text reads");
        let errors: Vec<_> = problems
            .iter()
            .filter(|p| p.is_error())
            .map(|p| (p.line, p.column, p.problem.to_string()))
            .collect();
        assert!(!errors.is_empty(), "{text}");
        assert!(base.left_out() > 0, "{text}");
        errors
    }

    fn pick(kb: &KnowledgeBase, fen: &str, seed: u64) -> Option<String> {
        let position: Position = fen.parse().unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        kb.choose(&position, &mut rng)
            .map(|choice| MoveText::from_move(&position, choice.mv).to_string())
    }

    fn base(text: &str) -> KnowledgeBase {
        let (kb, warnings) = KnowledgeBase::parse(text, "t.txt").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        kb
    }

    #[test]
    fn a_man_on_its_promotion_rank_is_an_error_at_its_square() {
        let rows = START_ROWS.replace("8 . b", "8 . w");
        let found = errors(&fact("x", "white", "", &rows, "c3-d4"));
        assert_eq!(found.len(), 1, "{found:?} {rows}");
        assert_eq!(found[0].0, 2);
        assert_eq!(found[0].1, 5, "{found:?}");
        assert_eq!(
            found[0].2,
            "a white man cannot stand on b8: it would already be a king"
        );
    }

    #[test]
    fn a_range_that_is_empty_or_contradicts_the_board_is_an_error_at_the_range() {
        let rows = pattern_rows(&[("c3", 'w'), ("d4", '.'), ("e3", 'w'), ("g3", 'o')]);
        let found = errors(&fact(
            "x",
            "white",
            "  white 1..2\n  black 5..3\n  black kings 13\n",
            &rows,
            "c3-d4",
        ));
        let found: Vec<_> = found.iter().map(|(l, c, m)| (*l, *c, m.as_str())).collect();
        assert_eq!(
            found,
            [
                (
                    2,
                    9,
                    "the board already demands 3 white pieces, more than the range 1..2 allows"
                ),
                (3, 9, "the range 5..3 is empty: no count fits"),
                (4, 15, "13 black kings: a side has at most 12 pieces"),
            ]
        );
    }

    #[test]
    fn an_exact_board_must_fit_its_counts() {
        let found = errors(&fact("x", "white", "  black 1..11\n", START_ROWS, "c3-d4"));
        assert_eq!((found[0].0, found[0].1), (2, 9));
        assert!(
            found[0]
                .2
                .starts_with("the board already demands 12 black pieces")
        );
    }

    #[test]
    fn an_illegal_move_of_an_exact_fact_is_an_error_at_the_move() {
        let found = errors(&fact("x", "white", "", START_ROWS, "c3-d4 | c3-e5"));
        assert_eq!((found[0].0, found[0].1), (10, 16));
        assert_eq!(
            found[0].2,
            "c3-e5 is not legal here: no such move for the man on c3; it can play: c3-b4, c3-d4"
        );
    }

    #[test]
    fn every_move_of_an_exact_line_must_be_legal() {
        let found = errors(&fact("x", "white", "", START_ROWS, "c3-d4 f6-e5 g3-h4"));
        assert_eq!((found[0].0, found[0].1), (10, 20));
        assert!(
            found[0]
                .2
                .starts_with("g3-h4 is not legal here (move 3 of the line): capture is compulsory")
        );
    }

    #[test]
    fn a_pattern_move_from_a_square_not_surely_the_movers_is_an_error() {
        let rows = pattern_rows(&[("d4", '.')]);
        let found = errors(&fact("x", "white", "", &rows, "c3-d4"));
        assert_eq!((found[0].0, found[0].1), (10, 8));
        assert!(
            found[0].2.starts_with(
                "c3-d4 starts on c3, which the board does not surely give a white piece"
            )
        );
    }

    #[test]
    fn a_pattern_move_over_a_square_not_surely_free_is_an_error() {
        let rows = pattern_rows(&[("a1", 'W'), ("b2", '.'), ("c3", '.')]);
        let found = errors(&fact("x", "white", "", &rows, "a1-d4"));
        assert_eq!((found[0].0, found[0].1), (10, 8));
        assert_eq!(
            found[0].2,
            "the path of a1-d4 is not surely free: d4 is not marked '.'"
        );
        let rows = pattern_rows(&[("c3", 'w'), ("d4", '?'), ("e5", '.')]);
        let found = errors(&fact("x", "white", "", &rows, "c3:e5"));
        assert!(
            found[0]
                .2
                .starts_with("the jump c3:e5 of c3:e5 does not surely take")
        );
        let rows = pattern_rows(&[("c3", 'w'), ("d4", '.')]);
        let found = errors(&fact("x", "white", "", &rows, "c3-b4"));
        assert_eq!(
            found[0].2,
            "the path of c3-b4 is not surely free: b4 is not marked '.'"
        );
    }

    #[test]
    fn every_problem_of_the_file_is_reported_in_order() {
        let good = fact("good", "white", "", START_ROWS, "c3-d4");
        let text = format!(
            "{}{good}{}",
            fact("bad move", "white", "", START_ROWS, "c3-c5"),
            fact(
                "bad symbol",
                "white",
                "",
                &START_ROWS.replace("5 . .", "5 z ."),
                "c3-d4"
            ),
        );
        let lines: Vec<usize> = errors(&text).iter().map(|e| e.0).collect();
        assert_eq!(lines, [10, 25]);
    }

    #[test]
    fn duplicates_and_contradictions_are_warnings() {
        let one = fact("one", "white", "", START_ROWS, "c3-d4");
        let same = fact("same", "white", "", START_ROWS, "c3-d4");
        let other = fact("other", "white", "", START_ROWS, "g3-h4");
        let (kb, warnings) = KnowledgeBase::parse(&format!("{one}{same}{other}"), "t.txt").unwrap();
        assert_eq!(kb.len(), 3);
        let found: Vec<_> = warnings
            .iter()
            .map(|w| (w.line, w.problem.clone()))
            .collect();
        assert_eq!(
            found,
            [
                (11, Problem::RepeatsFact { line: 1 }),
                (21, Problem::ContradictsFact { line: 1 }),
            ]
        );
        assert_eq!(
            warnings[1].problem.to_string(),
            "this fact contradicts the fact on line 1: the same board, other moves; that one plays, as the first in the file"
        );
        assert!(warnings[0].to_string().starts_with("t.txt:11:1: warning: "));
    }

    #[test]
    fn a_broken_file_gives_errors_and_never_panics() {
        for text in [
            "fact",
            "fact \"x\" for white\n\u{0}\u{1}",
            "\"\"\"",
            "play c3-d4",
            "fact \"a\" for white\n8 9 9",
        ] {
            let (_, problems) = KnowledgeBase::parse(text, "t.txt").expect("the text reads");
            assert!(problems.iter().any(Diagnostic::is_error), "{text:?}");
        }
        assert!(KnowledgeBase::load(&Sources::file(Path::new("/no/such/kb.txt"))).is_err());
    }

    #[test]
    fn exact_facts_come_before_patterns_and_tighter_patterns_before_looser() {
        let loose = fact(
            "loose",
            "white",
            "",
            &pattern_rows(&[("c3", 'w'), ("b4", '.')]),
            "c3-b4",
        );
        let tight = fact(
            "tight",
            "white",
            "",
            &pattern_rows(&[("c3", 'w'), ("d4", '.'), ("e5", '.')]),
            "c3-d4",
        );
        let exact = fact("exact", "white", "", START_ROWS, "g3-h4");
        let kb = base(&format!("{loose}{tight}{exact}"));
        assert_eq!(pick(&kb, crate::START_FEN, 1).as_deref(), Some("g3-h4"));
        assert_eq!(pick(&kb, "W:Wc3,a1:Bh8", 1).as_deref(), Some("c3-d4"));
        assert_eq!(pick(&kb, "W:Wc3,a1:Be5,h8", 1).as_deref(), Some("c3-b4"));
        assert_eq!(pick(&kb, "W:Wc1:Bh8", 1), None);
    }

    #[test]
    fn a_fact_whose_move_is_illegal_here_gives_way_to_the_next() {
        let capture_first = fact(
            "quiet",
            "white",
            "",
            &pattern_rows(&[("c3", 'w'), ("d4", '.')]),
            "c3-d4",
        );
        let fallback = fact(
            "fallback",
            "white",
            "",
            &pattern_rows(&[("g3", 'w'), ("f4", 'x'), ("e5", '.')]),
            "g3:e5",
        );
        let kb = base(&format!("{capture_first}{fallback}"));
        let position: Position = "W:Wc3,g3:Bf4,h8".parse().unwrap();
        let (info, moves) = kb.lookup(&position).unwrap();
        assert_eq!(info.name, "fallback");
        assert_eq!(moves.len(), 1);
    }

    #[test]
    fn a_fact_for_white_serves_black_mirrored_and_the_other_way_round() {
        let kb = base(&fact("start", "white", "", START_ROWS, "c3-d4"));
        // The start with colours swapped and the board turned, Black to move.
        assert_eq!(
            pick(&kb, &Position::start().mirrored().to_fen(), 1).as_deref(),
            Some("f6-e5")
        );
        let rows = pattern_rows(&[("f6", 'b'), ("e5", '.')]);
        let kb = base(&fact("black idea", "black", "  black 1\n", &rows, "f6-e5"));
        assert_eq!(pick(&kb, "B:Wa1:Bf6", 1).as_deref(), Some("f6-e5"));
        assert_eq!(pick(&kb, "W:Wc3:Bh8", 1).as_deref(), Some("c3-d4"));
        assert_eq!(
            pick(&kb, "W:Wc3,e3:Bh8", 1),
            None,
            "the mirrored count is one white piece"
        );
    }

    #[test]
    fn alternatives_are_picked_at_random_but_a_seed_repeats_the_pick() {
        let kb = base(&fact(
            "start",
            "white",
            "",
            START_ROWS,
            "c3-d4 | c3-b4 | g3-h4 | a3-b4",
        ));
        let picks: std::collections::HashSet<_> = (0..40)
            .filter_map(|seed| pick(&kb, crate::START_FEN, seed))
            .collect();
        assert_eq!(picks.len(), 4);
        assert_eq!(
            pick(&kb, crate::START_FEN, 9),
            pick(&kb, crate::START_FEN, 9)
        );
    }

    #[test]
    fn locate_prefers_the_explicit_path_and_reports_its_errors() {
        let errors =
            KnowledgeBase::locate_and_load(Some(Path::new("/no/such/file.txt")), None).unwrap_err();
        assert_eq!(errors[0].origin, "/no/such/file.txt");
        assert!(
            errors[0]
                .to_string()
                .starts_with("/no/such/file.txt: error: cannot read the file")
        );
    }

    #[test]
    fn a_fact_knows_the_games_its_comments_say_it_was_learned_from() {
        let board = |square: &str| {
            let rows = [
                "8 . . . . . . . .",
                "7 . . . . . . . .",
                "6 . . . . . . . .",
                "5 . . . . . . . .",
                "4 . . . . . . . .",
                "3 . . . . . . . .",
            ];
            let low = if square == "a1" {
                "2 . . . . . . . .\n1 w . . . . . . ."
            } else {
                "2 . w . . . . . .\n1 . . . . . . . ."
            };
            format!("{}\n{low}\n", rows.join("\n"))
        };
        let text = format!(
            "% a note\n\nfact \"plain\" for white\n{}play a1-b2\n\n\
             % from a.pdn game 1, move 3: the player missed it (a1-b2)\n\
             % wins a man; proof in W:Wb2:Bh8: 1 nodes, 0 plies deep\n\
             % from b.pdn game 2, move 9: the player found it\n\
             fact \"learned\" for white\n{}play b2-c3\n",
            board("a1"),
            board("b2")
        );
        let (base, _) = KnowledgeBase::parse(&text, "t").unwrap();
        assert!(base.facts()[0].info.learned_from.is_empty());
        assert_eq!(base.facts()[0].info.proven_in, None);
        let places: Vec<String> = base.facts()[1]
            .info
            .learned_from
            .iter()
            .map(|provenance| crate::words::Text::english().render(&provenance.place()))
            .collect();
        assert_eq!(places, ["a.pdn game 1, move 3", "b.pdn game 2, move 9"]);
        assert_eq!(
            base.facts()[1].info.proven_in,
            Some("W:Wb2:Bh8".parse().unwrap())
        );
    }

    #[test]
    fn the_builtin_base_is_the_shipped_files_and_says_so() {
        let [shipped, learned, book] =
            [Origin::Starter, Origin::Learned, Origin::Book].map(|kind| {
                let (part, warnings) = KbPart::builtin(kind).read().unwrap();
                assert!(warnings.is_empty(), "{warnings:?}");
                part
            });
        let builtin = KnowledgeBase::builtin();
        assert_eq!(builtin.len(), shipped.len() + learned.len() + book.len());
        assert_eq!(builtin.book_len(), book.len());
        // The learned facts and the book keep their own origin, so the bot says where
        // they come from.
        let (ours, theirs) = builtin.facts()[shipped.len()..].split_at(learned.len());
        assert!(
            ours.iter()
                .all(|fact| fact.info.part == KbPart::builtin(Origin::Learned))
        );
        assert!(
            theirs
                .iter()
                .all(|fact| fact.info.part == KbPart::builtin(Origin::Book))
        );
        assert_eq!(theirs[0].info.part.origin(), "built-in book");
        assert!(book.facts().iter().all(|fact| fact.exact));
        assert_eq!(builtin.origin(), "built-in starter base");
        assert!(builtin.len() >= 100);
        let without = builtin.without_book();
        assert_eq!(without.len(), shipped.len() + learned.len());
        assert_eq!(without.origin(), "built-in starter base");
    }

    /// A scratch directory with `combs.txt` and, when given, `book.txt` beside it.
    fn base_with_book(book: Option<&str>) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("combs.txt");
        std::fs::write(&path, fact("Начало", "white", "", START_ROWS, "c3-d4")).unwrap();
        if let Some(book) = book {
            std::fs::write(dir.path().join(BOOK_NAME), book).unwrap();
        }
        (dir, path)
    }

    #[test]
    fn the_book_beside_a_base_is_loaded_after_it_and_can_be_left_out() {
        let after_cd4 = Position::start().play_unchecked(Position::start().legal_moves()[1]);
        let text = exact_fact_text(
            "book: 1.cd4 (depth 4)",
            &after_cd4,
            &[vec![after_cd4.legal_moves()[0]]],
        );
        let (_dir, path) = base_with_book(Some(&text));
        let (kb, warnings) = KnowledgeBase::load(&Sources::file(&path)).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!((kb.len(), kb.book_len()), (2, 1));
        assert!(kb.origin().ends_with("book.txt"), "{}", kb.origin());
        let (info, _) = kb.lookup(&after_cd4).unwrap();
        assert_eq!(info.name, "book: 1.cd4 (depth 4)");
        let plain = kb.without_book();
        assert_eq!((plain.len(), plain.book_len()), (1, 0));
        assert!(plain.lookup(&after_cd4).is_none());
        assert_eq!(plain.origin(), path.display().to_string());
        let (_dir, path) = base_with_book(None);
        assert_eq!(
            KnowledgeBase::load(&Sources::file(&path))
                .unwrap()
                .0
                .book_len(),
            0
        );
    }

    #[test]
    fn the_bases_fact_wins_over_the_books_by_design_without_a_word() {
        let book = fact("book: start", "white", "", START_ROWS, "g3-h4");
        let (_dir, path) = base_with_book(Some(&book));
        let (kb, problems) = KnowledgeBase::load(&Sources::file(&path)).unwrap();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(pick(&kb, crate::START_FEN, 1).as_deref(), Some("c3-d4"));
    }

    #[test]
    fn the_sources_name_each_part_the_load_reads() {
        let builtin = |kind| KbPart {
            kind,
            source: Source::BuiltIn,
        };
        let file = |kind, path: &Path| KbPart {
            kind,
            source: Source::File(path.to_path_buf()),
        };
        let parts = [Origin::Starter, Origin::Learned, Origin::Book].map(builtin);
        assert_eq!(Sources::builtin().parts(), parts);
        // A file takes the learned facts and the book beside it only when they exist.
        let (_dir, path) = base_with_book(None);
        assert_eq!(Sources::file(&path).parts(), [file(Origin::Starter, &path)]);
        let learned = path.with_file_name(LEARNED_NAME);
        std::fs::write(&learned, "").unwrap();
        assert_eq!(
            Sources::locate(Some(&path), None).parts(),
            [
                file(Origin::Starter, &path),
                file(Origin::Learned, &learned)
            ]
        );
        assert_eq!(
            Sources::alone(&path).parts(),
            [file(Origin::Starter, &path)]
        );
        // The built-in parts leave the base's name; a file's joins it.
        let (base, _) = KnowledgeBase::load(&Sources::builtin()).unwrap();
        assert_eq!(base.origin(), "built-in starter base");
        assert_eq!(base.named_parts(), [KbPart::builtin(Origin::Starter)]);
        let (_dir, path) = base_with_book(Some(""));
        let (base, _) = KnowledgeBase::load(&Sources::file(&path)).unwrap();
        let book = path.with_file_name(BOOK_NAME);
        assert_eq!(
            base.origin(),
            format!("{} + {}", path.display(), book.display())
        );
    }
}
