//! The bot: decides a move in stages and says which one decided.
//!
//! 0. Exact results under the draw rules, where they cover every move (the endgame
//!    tables, see [`crate::tablebase`]: the built-in king endings of a lone king
//!    against one to three kings, and the database files when they are given): the
//!    quickest win or the longest loss. In a drawn position
//!    the one move that keeps the draw is played at once; where there are several,
//!    the later stages choose among them: a losing move is neither played from the
//!    knowledge base nor searched.
//! 1. The knowledge base: a combination line in progress, else the best matching fact.
//!    A pattern's line is a hypothesis: it is played only when it is proven here (a
//!    combination that wins a man against every defence); otherwise the search
//!    decides, trying its move first.
//! 2. Only move: a single legal move is played at once.
//! 3. Capture search: when the side to move must capture and resolving every
//!    capture sequence with its forced recaptures shows one capture clearly
//!    better in material than every other, it is played.
//! 4. Search: iterative-deepening principal variation search (see [`crate::search`]).
//!
//! Every search the engine runs (stages 3 and 4, and the one that weighs a draw
//! offer) stops when the engine's [`Stop`] is requested, from any thread, and the
//! engine then answers with the best move found so far.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::combination::motif::Motif;
use crate::combination::safety::{Loss, Safety, lone_piece_kept, safety};
use crate::combination::{self, MaterialWon};
use crate::eval::Evaluator;
use crate::kb::rule::Judge;
use crate::kb::{ActiveLine, FactInfo, KbChoice, KnowledgeBase, Origin};
use crate::notation::Notation;
use crate::search::{self, RootMoves, Score, TableError, TranspositionTable};
use crate::tablebase::{Material, Tablebase, Value, Verdict, Wait};
use crate::{Color, Game, Move, Position};

mod level;
mod prechecked;
use self::prechecked::Prechecked;
mod settings;
mod time;

pub use crate::search::{Limits, Line, Lines, Progress, Stop};
pub use level::{LEVELS, Level, Reach, level};
pub use settings::{NumberError, REVIEW_MAX_DEPTH, Setting, read_number};
pub use time::clock_limits;

/// Engine settings (all public; `Default` is the full-strength bot: kb on, seed 0).
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Stage 1 (the knowledge base) on or off.
    pub use_kb: bool,
    /// Seed of the random choice among knowledge-base alternatives.
    pub seed: u64,
    /// Transposition table size in megabytes, as [`Setting::HashMb`] takes it.
    pub hash_mb: usize,
    /// Threads of the search, as [`Setting::Threads`] takes them (see
    /// [`search::search_first`]).
    pub threads: usize,
    /// The evaluation of the search (the bot's by default).
    pub eval: Evaluator,
    /// Stage 3: the material margin by which one capture must beat every other to be
    /// played without a full search; `None` turns the stage off.
    pub capture_margin: Option<Score>,
    /// The endgame tables (the built-in king endings, and database files if given), for
    /// stage 0, the search and draw offers. A handle: engines given clones share them.
    pub tablebase: Tablebase,
    /// Whether the knowledge base's exact facts are checked when it loads, on a thread
    /// of their own: for play on a clock, where a move may have no time to check a
    /// fact, and then plays only the facts checked at load.
    pub check_kb_at_load: bool,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            use_kb: true,
            seed: 0,
            hash_mb: 16,
            threads: 1,
            eval: Evaluator::bot(),
            capture_margin: Some(Score(2 * Score::MAN.0)),
            tablebase: Tablebase::builtin(),
            check_kb_at_load: false,
        }
    }
}

/// What the engine is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A move to play in a game: every stage, from the knowledge base to the search.
    Play,
    /// Analysis: the search alone, even of a single legal move, with its lines.
    Analyze,
}

/// The move chosen and the stage that chose it.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The move to play.
    pub mv: Move,
    /// Why.
    pub source: Source,
}

/// Which stage decided, with what it knew.
#[derive(Clone, Debug)]
pub enum Source {
    /// A knowledge-base fact matched.
    KnowledgeBase(FactInfo),
    /// A fact's combination, proven in this position: its line wins `won` against
    /// every defence.
    Combination {
        /// The fact.
        fact: FactInfo,
        /// What the line wins.
        won: MaterialWon,
        /// The motifs the line earns (the blow with two men given up, the breakthrough).
        motifs: Vec<&'static Motif>,
    },
    /// The next move of a fact's line in progress: a combination where the line was
    /// `proven` one when it started, else a line the fact's author wrote.
    KnowledgeLine {
        /// The fact.
        fact: FactInfo,
        /// Whether the line was proven a combination.
        proven: bool,
    },
    /// The only legal move.
    OnlyMove,
    /// Resolving the captures settled it by material.
    CaptureSearch {
        /// The material balance once the captures are over, side to move's view.
        score: Score,
        /// Nodes searched.
        nodes: u64,
    },
    /// The endgame tables: the exact value of the move under the draw rules.
    Database(Value),
    /// The alpha-beta search.
    Search {
        /// The deepest completed iteration.
        depth: u32,
        /// The score, side to move's view.
        score: Score,
        /// Nodes searched.
        nodes: u64,
        /// Nodes per second.
        nps: u64,
        /// The principal variation, the chosen move first.
        pv: Vec<Move>,
    },
}

/// The share of a move's time that the tables of its positions may take to be read
/// or solved when they are not at hand: a table that cannot be ready by then is read
/// or solved on a thread of its own while the move searches, and the search uses it
/// as soon as it is ready (the largest six-piece files take seconds to read).
const WAIT_FOR_TABLES: u32 = 4;

/// Nodes a fact's proof may take before the bot plays it (a few milliseconds; a larger
/// proof leaves the move to the search).
const PROOF_NODES: u64 = 20_000;

/// How many facts' moves the safety check may look at for one move.
const CHECKED_FACTS: usize = 2;

/// The least time a move must have for the safety check of a fact not checked at load:
/// a check takes up to a few milliseconds, a tenth of this.
const TIME_TO_CHECK: Duration = Duration::from_millis(50);

/// What a fact's choice is in `game`'s position: a combination proven here (named so),
/// a move to play once the safety check passes it (an exact fact, or a fact of one
/// move as written, such as the lone-king endings, which `tests/it/kb_three_kings.rs`
/// audits against the exact results for every position they match), or a line not
/// proven here, which the search decides.
fn judged(game: &Game, choice: &KbChoice) -> Judged {
    let position = game.position();
    let line = &choice.whole_line;
    if line.len() > 1 && combination::prove_within(position, line, PROOF_NODES).is_ok() {
        return Judged::Proven(Source::Combination {
            fact: choice.fact.clone(),
            won: combination::material_won(position, line),
            motifs: combination::motif::named(position, line),
        });
    }
    // A fact is judged by its written length: a line whose reply cannot be played here
    // is still a line, and unproven.
    match choice.exact || choice.line.is_none() {
        true => Judged::ToCheck,
        false => Judged::Unproven,
    }
}

/// See [`judged`].
enum Judged {
    Proven(Source),
    ToCheck,
    Unproven,
}

/// A fact that matched but was passed over: its move loses material (the safety check
/// of [`combination::safety`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassedOver {
    /// The fact.
    pub fact: FactInfo,
    /// Its move.
    pub mv: Move,
    /// What the move loses, and to what.
    pub loss: Loss,
}

/// The safety check of `mv` in `position` for a fact that gives `gives` men: each
/// position and move is checked once, through the exact facts' verdicts kept at load
/// and the engine's own (`checked`). The verdict
/// when it was checked at load, or before, or `may_check` allows a check now; `None`
/// when it was not checked and there is no time for it.
fn checked_safety(
    (prechecked, checked): (&Prechecked, &Checked),
    position: &Position,
    mv: Move,
    gives: u32,
    may_check: bool,
) -> Option<Safety> {
    if let Some(verdict) = prechecked.get(position, mv, gives) {
        return Some(verdict);
    }
    let key = (*position, mv, gives);
    if let Some(verdict) = checked.borrow().get(&key) {
        return Some(verdict.clone());
    }
    may_check.then(|| {
        checked
            .borrow_mut()
            .entry(key)
            .or_insert_with(|| safety(position, mv, gives))
            .clone()
    })
}

/// The engine's safety verdicts, each position and move checked once. A cell: the
/// rules' `safe` conditions ask while the facts' choices are drawn.
type Checked = RefCell<HashMap<(Position, Move, u32), Safety>>;

/// The rules' `safe(M)`, answered by the engine's safety check with its verdicts: a
/// move not checked, with no time to check it, is not called safe.
struct Verdicts<'a> {
    prechecked: &'a Prechecked,
    checked: &'a Checked,
    may_check: bool,
    /// The engine's tables: a lone piece's move they know is judged by them, where
    /// they are at hand ([`lone_piece_kept`]).
    tables: &'a Tablebase,
}

impl Judge for Verdicts<'_> {
    fn safe(&mut self, position: &Position, mv: Move) -> bool {
        if lone_piece_kept(self.tables, position, mv, Wait::No) {
            return true;
        }
        let verdicts = (self.prechecked, self.checked);
        matches!(
            checked_safety(verdicts, position, mv, 0, self.may_check),
            Some(Safety::Safe)
        )
    }
}

impl PassedOver {
    /// Why the fact was passed over, to be worded: `(the fact "центр", mine.txt:3, was
    /// passed over: f6-e5 loses 2 men to d4:f6:h4)`, its move written from `position`,
    /// its place from `origin` (the fact's origin as the reader names it).
    pub fn message(
        &self,
        position: &Position,
        origin: impl Into<crate::words::Arg>,
    ) -> crate::words::Message {
        let origin: crate::words::Arg = origin.into();
        let after = position.play_unchecked(self.mv);
        crate::msg!(
            "passed-over",
            rule = if self.fact.is_rule { "yes" } else { "no" },
            name = self.fact.name.as_str(),
            origin = origin,
            line = self.fact.line,
            mv = Notation::Full.write(position, self.mv),
            lost = self.loss.won.message(),
            reply = Notation::Full.line(&after, &self.loss.line)
        )
    }
}

/// The most a rule's `avoid` may cost: the move played instead keeps within a quarter
/// of a man of the move avoided, so that an `avoid` never forces a blunder.
pub const AVOID_MARGIN: Score = Score(Score::MAN.0 / 4);

/// A move the search found best and a rule avoided: another was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Avoided {
    /// The rule.
    pub rule: FactInfo,
    /// The move it avoided.
    pub mv: Move,
}

impl Avoided {
    /// Why the search's best move was not played, to be worded: `(the rule "центр",
    /// mine.txt:3, avoids c3-d4)`, its move written from `position`, its place from
    /// `origin` (the rule's origin as the reader names it).
    pub fn message(
        &self,
        position: &Position,
        origin: impl Into<crate::words::Arg>,
    ) -> crate::words::Message {
        crate::msg!(
            "avoided-by-rule",
            name = self.rule.name.as_str(),
            origin = origin.into(),
            line = self.rule.line,
            mv = Notation::Full.write(position, self.mv)
        )
    }
}

/// A combination line being played: what it expects and where it came from.
struct LineInProgress {
    line: ActiveLine,
    fact: FactInfo,
    /// Whether the line was proven a combination when it started: an unproven one
    /// (an exact fact's line) has each of its later moves checked too.
    proven: bool,
    /// The men the fact gives on purpose.
    gives: u32,
    /// The position after the bot's last move of the line (the opponent's to reply).
    after_our_move: Position,
}

/// The bot.
pub struct Engine {
    config: EngineConfig,
    kb: Option<KnowledgeBase>,
    tt: TranspositionTable,
    rng: StdRng,
    line: Option<LineInProgress>,
    /// A fact's move that was not proven in the position: the search tries it first.
    unproven: Option<Move>,
    /// The fact the last decision passed over, if one was.
    passed_over: Option<PassedOver>,
    /// The rule that turned the last decision from the search's best move, if one did.
    avoided: Option<Avoided>,
    /// The safety check's verdicts: each position and move is checked once.
    checked: Checked,
    /// The exact facts' verdicts, checked when the base loaded (see
    /// [`EngineConfig::check_kb_at_load`]).
    prechecked: Prechecked,
    stop: Stop,
}

impl Engine {
    /// What the engine's searches read: its table, evaluation, tables and stop.
    fn context(&mut self) -> search::Context<'_> {
        search::Context {
            tt: &mut self.tt,
            eval: &self.config.eval,
            tablebase: Some(&self.config.tablebase),
            stop: &self.stop,
        }
    }

    /// An engine with `config` and an optional knowledge base.
    ///
    /// # Panics
    ///
    /// When the hash table cannot be had (see [`Engine::try_new`]).
    pub fn new(config: EngineConfig, kb: Option<KnowledgeBase>) -> Engine {
        Engine::try_new(config, kb).unwrap_or_else(|error| panic!("{error}"))
    }

    /// An engine with `config` and an optional knowledge base, or why its hash table of
    /// `config.hash_mb` megabytes cannot be had. The table is allocated and written
    /// here, so that no move's clock pays for it.
    pub fn try_new(config: EngineConfig, kb: Option<KnowledgeBase>) -> Result<Engine, TableError> {
        Ok(Engine {
            tt: TranspositionTable::try_new(config.hash_mb)?,
            rng: StdRng::seed_from_u64(config.seed),
            prechecked: match (&kb, config.check_kb_at_load) {
                (Some(kb), true) => Prechecked::start(kb),
                _ => Prechecked::default(),
            },
            config,
            kb,
            line: None,
            unproven: None,
            passed_over: None,
            avoided: None,
            checked: RefCell::new(HashMap::new()),
            stop: Stop::new(),
        })
    }

    /// A handle on the engine's stop request: [`Stop::request`] from any thread ends the
    /// search under way (`choose` then answers with the best move found so far). Each
    /// `choose` and `accepts_draw` withdraws an earlier request when it starts.
    pub fn stop_signal(&self) -> Stop {
        self.stop.clone()
    }

    /// The settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Replaces the knowledge base (after `kb reload`); a line in progress is dropped.
    pub fn set_knowledge_base(&mut self, kb: Option<KnowledgeBase>) {
        self.prechecked = match (&kb, self.config.check_kb_at_load) {
            (Some(kb), true) => Prechecked::start(kb),
            _ => Prechecked::default(),
        };
        self.checked.borrow_mut().clear();
        self.kb = kb;
        self.line = None;
    }

    /// Whether the knowledge base's exact facts checked at load are all checked (see
    /// [`EngineConfig::check_kb_at_load`]).
    pub fn kb_checked_at_load(&self) -> bool {
        self.prechecked.ready()
    }

    /// Sets the threads of the search: a number [`Setting::Threads`] takes, as each
    /// interface has checked.
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads;
    }

    /// Turns stage 1 (the knowledge base) on or off, as a level asks; a line in
    /// progress is dropped when it goes off.
    pub fn set_use_kb(&mut self, use_kb: bool) {
        self.config.use_kb = use_kb;
        if !use_kb {
            self.line = None;
        }
    }

    /// The knowledge base in use, if any.
    pub fn knowledge_base(&self) -> Option<&KnowledgeBase> {
        self.kb.as_ref()
    }

    /// Forgets the combination line in progress and clears the hash table (now, between
    /// moves: no move's clock pays for it).
    pub fn new_game(&mut self) {
        self.line = None;
        self.tt.clear();
        self.rng = StdRng::seed_from_u64(self.config.seed);
    }

    /// Decides a move for the side to move in `game`; `None` when the game is over.
    ///
    /// `progress` is called after each completed search iteration (not for the
    /// knowledge base, only-move or capture-search decisions). A stop requested
    /// meanwhile (see [`Engine::stop_signal`]) ends the search with the best move so far;
    /// one requested before the call is withdrawn.
    pub fn choose(
        &mut self,
        game: &Game,
        limits: Limits,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Decision> {
        self.stop.reset();
        self.decide(game, limits, Mode::Play, progress)
    }

    /// Like [`Engine::choose`], in `mode`, but a stop already requested holds: the caller
    /// withdraws old requests ([`Stop::reset`]) before it hands the engine to the thread
    /// that calls this, so that a stop sent while that thread starts is not lost.
    pub fn decide(
        &mut self,
        game: &Game,
        limits: Limits,
        mode: Mode,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Decision> {
        self.decide_among(game, limits, mode, None, progress)
    }

    /// Like [`Engine::decide`], choosing only among the legal moves `allowed` names, where
    /// it names some (a GUI that holds fewer moves than a position of many kings has).
    pub fn decide_among(
        &mut self,
        game: &Game,
        limits: Limits,
        mode: Mode,
        allowed: Option<&[Move]>,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Decision> {
        let started = Instant::now();
        self.unproven = None;
        self.passed_over = None;
        self.avoided = None;
        if game.outcome().is_some() {
            return None;
        }
        let position = *game.position();
        let legal = position.legal_moves();
        let may = |mv: &Move| allowed.is_none_or(|allowed| allowed.contains(mv));
        let mut moves: Vec<Move> = legal.iter().copied().filter(may).collect();
        if moves.is_empty() {
            moves = legal.iter().copied().collect();
        }
        let barred: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| !moves.contains(mv))
            .collect();
        if mode == Mode::Analyze {
            self.line = None;
            return self.search_stage(game, &barred, limits, progress);
        }
        let wait = match limits.hard_time() {
            None => Wait::Yes,
            Some(time) => Wait::Until(started + time / WAIT_FOR_TABLES),
        };
        let exact: Vec<(Move, Value)> = self
            .exact_values(game, wait)
            .into_iter()
            .filter(|(mv, _)| moves.contains(mv))
            .collect();
        if let Some(&(mv, value)) = exact.first()
            && value != Value::Draw
        {
            self.line = None;
            return Some(Decision {
                mv,
                source: Source::Database(value),
            });
        }
        // Where the position is known to be drawn, a move must keep the draw.
        let keeps_draw = |mv: Move| exact.is_empty() || exact.contains(&(mv, Value::Draw));
        if self.config.use_kb
            && let Some(decision) = self.knowledge_stage(game, limits)
            && moves.contains(&decision.mv)
            && keeps_draw(decision.mv)
        {
            return Some(decision);
        }
        self.line = None;
        if moves.len() == 1 {
            return Some(Decision {
                mv: moves[0],
                source: Source::OnlyMove,
            });
        }
        let (drawing, mut losing): (Vec<Move>, Vec<Move>) =
            moves.iter().copied().partition(|&mv| keeps_draw(mv));
        if let [only_draw] = drawing[..]
            && !losing.is_empty()
        {
            // The one move that keeps the draw needs no search.
            return Some(Decision {
                mv: only_draw,
                source: Source::Database(Value::Draw),
            });
        }
        // Material alone may pick a capture that loses the draw.
        if moves[0].is_capture()
            && losing.is_empty()
            && let Some(decision) = self.capture_stage(&position, limits)
            && moves.contains(&decision.mv)
        {
            return Some(decision);
        }
        // The earlier stages' time counts against the move time.
        losing.extend(barred);
        self.search_avoiding(game, &losing, limits.less(started.elapsed()), progress)
    }

    /// The `count` best lines of `game`'s position by the search alone (see
    /// [`search::search_lines`]); `progress` gets them after each completed depth. As
    /// with [`Engine::decide`], a stop already requested holds: the caller withdraws old
    /// requests before it starts what may request a stop.
    pub fn lines(
        &mut self,
        game: &Game,
        count: usize,
        limits: Limits,
        progress: &mut dyn FnMut(&Lines),
    ) -> Lines {
        search::search_lines(game, count, limits, self.context(), progress)
    }

    /// The exact value of `game`'s position for the side to move under the draw rules,
    /// where the endgame tables know it (waiting for a table to be read or solved).
    pub fn exact_value(&self, game: &Game) -> Option<Value> {
        let own = self
            .config
            .tablebase
            .probe(game.position(), &game.counters());
        match own {
            Ok(Verdict::Exact(value)) => Some(value),
            _ => self
                .exact_values(game, Wait::Yes)
                .first()
                .map(|&(_, value)| value),
        }
    }

    /// Every legal move of `game` with its exact value, best first, where the endgame
    /// tables know them all (waiting for a table to be read or solved); empty elsewhere.
    pub fn exact_moves(&self, game: &Game) -> Vec<(Move, Value)> {
        self.exact_values(game, Wait::Yes)
    }

    /// Stage 0: every move with its exact value under the draw rules (the tables read
    /// with the counters the move leaves), best first, where the tables know them all:
    /// in a built-in king ending, or where every move leads to a position of no more
    /// pieces than the database files cover for every material. Empty elsewhere.
    /// A table not at hand that `wait` does not wait for is started on a thread of its
    /// own and not used.
    fn exact_values(&self, game: &Game, wait: Wait) -> Vec<(Move, Value)> {
        let position = game.position();
        let counters = game.counters();
        let tables = &self.config.tablebase;
        let in_builtin = Tablebase::is_builtin(Material::of(position));
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let after = position.play_unchecked(mv);
            if !in_builtin && after.occupied().count() > tables.pieces() {
                return Vec::new();
            }
            let next = counters.after(position, mv, &after);
            let Ok(Verdict::Exact(value)) = tables.probe_with(&after, &next, wait) else {
                return Vec::new();
            };
            values.push((mv, value.before()));
        }
        values.sort_by_key(|&(_, value)| std::cmp::Reverse(value.worth()));
        values
    }

    /// Stage 4: the search, leaving out the `excluded` moves.
    fn search_stage(
        &mut self,
        game: &Game,
        excluded: &[Move],
        limits: Limits,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Decision> {
        let root_moves = RootMoves {
            first: self.unproven.take(),
            excluded,
        };
        let threads = self.config.threads;
        let result =
            search::search_first(game, root_moves, limits, self.context(), threads, progress);
        let mv = result.best?;
        let pv = if result.pv.first() == Some(&mv) {
            result.pv.clone()
        } else {
            vec![mv]
        };
        Some(Decision {
            mv,
            source: Source::Search {
                depth: result.depth,
                score: result.score,
                nodes: result.nodes,
                nps: result.nps(),
                pv,
            },
        })
    }

    /// The search, where rules avoid some moves: the best move, unless a rule avoids it
    /// and the best other move keeps within [`AVOID_MARGIN`] of it. Where a rule avoids a
    /// move here, each of the two searches has half the time.
    fn search_avoiding(
        &mut self,
        game: &Game,
        losing: &[Move],
        limits: Limits,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Decision> {
        let position = *game.position();
        let mut avoided = match (&self.kb, self.config.use_kb) {
            (Some(kb), true) => {
                let mut judge = Verdicts {
                    prechecked: &self.prechecked,
                    checked: &self.checked,
                    may_check: limits.hard_time().is_none_or(|time| time >= TIME_TO_CHECK),
                    tables: &self.config.tablebase,
                };
                kb.avoided(&position, &mut judge)
            }
            _ => Vec::new(),
        };
        avoided.retain(|(mv, _)| !losing.contains(mv));
        let others = position
            .legal_moves()
            .iter()
            .filter(|mv| !losing.contains(mv) && !avoided.iter().any(|(known, _)| known == *mv))
            .count();
        if avoided.is_empty() || others == 0 {
            return self.search_stage(game, losing, limits, progress);
        }
        let started = Instant::now();
        let halved = match limits {
            Limits::MoveTime(time) => Limits::MoveTime(time / 2),
            Limits::Clock { target, max } => Limits::Clock {
                target: target / 2,
                max: max / 2,
            },
            other => other,
        };
        let best = self.search_stage(game, losing, halved, progress)?;
        let Some((_, rule)) = avoided.iter().find(|(mv, _)| *mv == best.mv) else {
            return Some(best);
        };
        let excluded: Vec<Move> = losing
            .iter()
            .copied()
            .chain(avoided.iter().map(|&(mv, _)| mv))
            .collect();
        let other = self.search_stage(game, &excluded, limits.less(started.elapsed()), progress);
        let score = |decision: &Decision| match decision.source {
            Source::Search { score, .. } => Some(score),
            _ => None,
        };
        match other {
            Some(other) if matches!((score(&best), score(&other)), (Some(best), Some(kept)) if kept >= best - AVOID_MARGIN) =>
            {
                self.avoided = Some(Avoided {
                    rule: rule.clone(),
                    mv: best.mv,
                });
                Some(other)
            }
            _ => Some(best),
        }
    }

    /// The rule that turned the last decision from the search's best move, if one did.
    pub fn avoided(&self) -> Option<&Avoided> {
        self.avoided.as_ref()
    }

    /// Stage 1: the next move of a line in progress, else the best matching fact.
    /// A fact not checked at load is checked only where the move has the time.
    fn knowledge_stage(&mut self, game: &Game, limits: Limits) -> Option<Decision> {
        let position = *game.position();
        let may_check = limits.hard_time().is_none_or(|time| time >= TIME_TO_CHECK);
        let verdicts = (&self.prechecked, &self.checked);
        if let Some(mut progress) = self.line.take() {
            let reply = game.moves().last().copied();
            let before = game.positions().rev().nth(1).copied();
            if let (Some(reply), Some(before)) = (reply, before)
                && before == progress.after_our_move
                && let Some(mv) = progress.line.next(&before, reply)
                && position.legal_moves().contains(&mv)
            {
                let fact = progress.fact.clone();
                if !progress.proven {
                    match checked_safety(verdicts, &position, mv, progress.gives, may_check) {
                        Some(Safety::Loses(loss)) => {
                            self.passed_over = Some(PassedOver { fact, mv, loss });
                            return None;
                        }
                        Some(Safety::Safe) => {}
                        // No time to check it: the search decides.
                        None => return None,
                    }
                }
                progress.after_our_move = position.play_unchecked(mv);
                let proven = progress.proven;
                self.line = Some(progress);
                return Some(Decision {
                    mv,
                    source: Source::KnowledgeLine { fact, proven },
                });
            }
        }
        let legal = position.legal_moves();
        let kb = self.kb.as_ref()?;
        let mut checks = 0;
        let mut accepted = None;
        let mut judge = Verdicts {
            prechecked: &self.prechecked,
            checked: &self.checked,
            may_check,
            tables: &self.config.tablebase,
        };
        for choice in kb.choices(&position, &mut self.rng, &mut judge) {
            if !legal.contains(&choice.mv) {
                break;
            }
            let source = match judged(game, &choice) {
                Judged::Proven(source) => source,
                Judged::Unproven => {
                    self.unproven = Some(choice.mv);
                    break;
                }
                // The player's own fact plays as they asked: they were told at
                // `remember` what its move loses, if anything.
                Judged::ToCheck if choice.fact.part.kind == Origin::Own => {
                    Source::KnowledgeBase(choice.fact.clone())
                }
                Judged::ToCheck if checks == CHECKED_FACTS => break,
                Judged::ToCheck => {
                    checks += 1;
                    let verdicts = (&self.prechecked, &self.checked);
                    match checked_safety(verdicts, &position, choice.mv, choice.gives, may_check) {
                        Some(Safety::Loses(loss)) => {
                            self.passed_over.get_or_insert(PassedOver {
                                fact: choice.fact.clone(),
                                mv: choice.mv,
                                loss,
                            });
                            continue;
                        }
                        Some(Safety::Safe) => Source::KnowledgeBase(choice.fact.clone()),
                        // Not checked at load, and no time to check it now.
                        None => continue,
                    }
                }
            };
            accepted = Some((choice, source));
            break;
        }
        let (choice, source) = accepted?;
        let proven = matches!(source, Source::Combination { .. });
        self.line = choice.line.map(|line| LineInProgress {
            line,
            fact: choice.fact.clone(),
            proven,
            gives: choice.gives,
            after_our_move: position.play_unchecked(choice.mv),
        });
        Some(Decision {
            mv: choice.mv,
            source,
        })
    }

    /// The fact the last decision passed over because its move loses material, if one was.
    pub fn passed_over(&self) -> Option<&PassedOver> {
        self.passed_over.as_ref()
    }

    /// Stage 3: a capture that wins clearly more material than every other.
    fn capture_stage(&mut self, position: &Position, limits: Limits) -> Option<Decision> {
        let margin = self.config.capture_margin?;
        // The resolution gets a tenth of the move time; an unfinished one decides nothing.
        let time = match limits {
            Limits::MoveTime(time) | Limits::Clock { target: time, .. } => Some(time / 10),
            Limits::Depth(_) | Limits::Nodes(_) | Limits::Infinite => None,
        };
        let resolution = search::capture_search(position, &mut self.tt, time, &self.stop);
        let (best, rest) = resolution.scores.split_first()?;
        let clear = rest
            .iter()
            .all(|&(_, score)| score.0 + margin.0 <= best.1.0)
            || best.1.is_win();
        (clear && !rest.is_empty()).then_some(Decision {
            mv: best.0,
            source: Source::CaptureSearch {
                score: best.1,
                nodes: resolution.nodes,
            },
        })
    }

    /// Whether `engine_side` accepts a draw offer in `game`'s position: only when it is
    /// not winning. Where there is an exact result ([`Engine::exact_value`], under the
    /// draw rules with the game's counters) it decides: a draw or a loss is accepted. Elsewhere a short
    /// search decides: a score no better than level is accepted.
    pub fn accepts_draw(&mut self, game: &Game, engine_side: Color) -> bool {
        self.stop.reset();
        if game.outcome().is_some() {
            return false;
        }
        let position = game.position();
        if let Some(value) = self.exact_value(game) {
            let ours = value.for_side(engine_side, position.side_to_move());
            return !matches!(ours, Value::Win(_));
        }
        let limits = Limits::MoveTime(Duration::from_millis(200));
        let result = search::search(game, limits, self.context(), &mut |_| {});
        if result.depth == 0 {
            // Stopped before it saw anything: no grounds to accept.
            return false;
        }
        let ours = if position.side_to_move() == engine_side {
            result.score
        } else {
            -result.score
        };
        ours <= Score::DRAW
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveText;

    fn decide(fen: &str, limits: Limits) -> (Position, Decision) {
        let position: Position = fen.parse().unwrap();
        let mut engine = Engine::new(EngineConfig::default(), None);
        let decision = engine
            .choose(&Game::new(position), limits, &mut |_| {})
            .expect("a move");
        (position, decision)
    }

    #[test]
    fn a_single_legal_move_is_played_at_once() {
        let (_, decision) = decide("W:Wa1:Bh8", Limits::Depth(10));
        assert!(matches!(decision.source, Source::OnlyMove));
    }

    #[test]
    fn a_capture_that_wins_clearly_is_decided_by_the_capture_search() {
        // e3:c5:e7:g5 takes three men; c1:a3 takes one and loses e3 to d4:f2.
        let (position, decision) = decide("W:Wc1,e3:Bb2,d4,d6,f6", Limits::Depth(4));
        let text = MoveText::from_move(&position, decision.mv).to_string();
        assert_eq!(text, "e3:c5:e7:g5");
        assert!(
            matches!(
                decision.source,
                Source::CaptureSearch {
                    score: Score(100),
                    ..
                }
            ),
            "{:?}",
            decision.source
        );
    }

    #[test]
    fn the_engine_searches_when_nothing_simpler_decides() {
        let (_, decision) = decide(crate::START_FEN, Limits::Depth(4));
        assert!(matches!(decision.source, Source::Search { depth: 4, .. }));
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let mut engine = Engine::new(EngineConfig::default(), None);
        let game = Game::new("W:Wa1:Bb2,c3".parse().unwrap());
        assert!(
            engine
                .choose(&game, Limits::Depth(3), &mut |_| {})
                .is_none()
        );
    }

    /// Whether the engine playing `bot` accepts a draw in the position `fen`.
    fn accepts(fen: &str, bot: Color) -> bool {
        let mut engine = Engine::new(EngineConfig::default(), None);
        engine.accepts_draw(&Game::new(fen.parse().unwrap()), bot)
    }

    #[test]
    fn a_drawn_king_against_king_is_accepted_by_either_side() {
        assert!(accepts("W:WKc1:BKh8", Color::White));
        assert!(accepts("W:WKc1:BKh8", Color::Black));
    }

    #[test]
    fn a_king_against_king_the_bot_wins_is_declined_and_one_it_loses_accepted() {
        // White takes d4 at once.
        assert!(!accepts("W:WKc3:BKd4", Color::White));
        assert!(accepts("W:WKc3:BKd4", Color::Black));
        // White must step onto the long diagonal, where h8 takes it.
        assert!(!accepts("W:WKa1:BKh8", Color::Black));
        assert!(accepts("W:WKa1:BKh8", Color::White));
    }

    #[test]
    fn three_kings_decline_when_they_catch_the_lone_king_and_accept_when_they_cannot() {
        assert!(!accepts("W:WKa1,Kb2,Kc3:BKc1", Color::White));
        assert!(accepts("W:WKa1,Kb2,Kc3:BKc1", Color::Black));
        // c1 reaches the long diagonal in time; the search alone calls this a little
        // better than level for the kings.
        assert!(accepts("W:WKc1:BKb8,Kd8,Kf8", Color::Black));
    }

    #[test]
    fn a_large_material_advantage_is_not_given_away() {
        let fen = "W:Wa1,c1,e1,g1,b2,d2,f2:Bh8";
        assert!(!accepts(fen, Color::White));
        assert!(accepts(fen, Color::Black));
    }

    #[test]
    fn a_finished_game_takes_no_offer() {
        assert!(!accepts("W:Wa1:Bb2,c3", Color::Black));
    }

    /// Chooses from the start with a minute to think, stopped from another thread once
    /// `depth` is complete; the decision and how long it took after the request.
    fn interrupted_choice(engine: &mut Engine, depth: u32) -> (Decision, Duration) {
        let stop = engine.stop_signal();
        let (reached, depths) = std::sync::mpsc::channel();
        let stopper = std::thread::spawn(move || {
            while depths.recv().is_ok_and(|done| done < depth) {}
            stop.request();
            Instant::now()
        });
        let game = Game::new(Position::start());
        let limits = Limits::MoveTime(Duration::from_secs(60));
        let mut report = |progress: &Progress| {
            let _ = reached.send(progress.depth);
        };
        let decision = engine.choose(&game, limits, &mut report).expect("a move");
        let answered = Instant::now();
        let requested = stopper.join().expect("the stopping thread");
        (decision, answered - requested)
    }

    #[test]
    fn a_stopped_choice_plays_the_best_move_found_so_far() {
        let mut engine = Engine::new(EngineConfig::default(), None);
        let (decision, after_request) = interrupted_choice(&mut engine, 2);
        // Generous: the search looks every 1024 nodes, well under a millisecond.
        assert!(after_request < Duration::from_secs(10), "{after_request:?}");
        assert!(Position::start().legal_moves().contains(&decision.mv));
        assert!(
            matches!(decision.source, Source::Search { depth, .. } if depth >= 2),
            "{:?}",
            decision.source
        );
    }

    #[test]
    fn a_stop_request_does_not_outlive_the_search_it_stopped() {
        let nodes = |engine: &mut Engine| {
            let game = Game::new(Position::start());
            match engine.choose(&game, Limits::Depth(8), &mut |_| {}) {
                Some(Decision {
                    source:
                        Source::Search {
                            depth: 8, nodes, ..
                        },
                    ..
                }) => nodes,
                other => panic!("{other:?}"),
            }
        };
        let mut fresh = Engine::new(EngineConfig::default(), None);
        let never_stopped = nodes(&mut fresh);

        let mut engine = Engine::new(EngineConfig::default(), None);
        interrupted_choice(&mut engine, 1);
        engine.new_game();
        // A request left over from before is withdrawn when the next choice starts.
        engine.stop_signal().request();
        assert_eq!(nodes(&mut engine), never_stopped);
    }
}
