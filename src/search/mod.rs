//! The search: iterative-deepening principal variation search over the rules core.
//!
//! [`search`] takes a game (for its history: repetitions and the endgame draw
//! counters are scored as draws inside the tree), [`Limits`], a
//! [`TranspositionTable`] passed in by the caller, an [`Evaluator`] and a
//! [`Stop`] that another thread may request, and returns a [`SearchResult`].
//! [`capture_search`] is the exhaustive capture resolution on its own, the bot's
//! third stage.

mod alphabeta;
mod score;
mod stop;
mod tt;
mod zobrist;

use std::time::{Duration, Instant};

use crate::eval::Evaluator;
use crate::tablebase::Tablebase;
use crate::{Game, Move, Position};

use alphabeta::{MAX_PLY, Node, Searcher};
pub use score::Score;
pub use stop::Stop;
pub use tt::{MAX_HASH_MB, TableError, TranspositionTable};
pub use zobrist::key as zobrist_key;

/// The deepest nominal search depth, in plies: half of the deepest ply the
/// search reaches, the other half left for extensions and capture sequences.
pub const MAX_DEPTH: u32 = (MAX_PLY / 2) as u32;

/// The most threads a search may use: more than any machine this runs on has cores.
pub const MAX_THREADS: usize = 256;

/// The longest thinking time a person may ask for, in milliseconds: an hour.
pub const MAX_MOVETIME_MS: u32 = 3_600_000;

/// How long the engine may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limits {
    /// Think for this long (the search stops within a few milliseconds of it).
    MoveTime(Duration),
    /// Search exactly this many plies deep (plus extensions and captures), however long it takes.
    Depth(u32),
    /// Search until about this many nodes (the count is looked at every 1024 nodes).
    Nodes(u64),
    /// Search until stopped (analysis, thinking on the opponent's time).
    Infinite,
    /// A share of a game clock: aim at `target`, and think longer, up to `max`, on a
    /// hard move (one where the best move changes or the score falls between iterations).
    Clock {
        /// The time a move is expected to take.
        target: Duration,
        /// The time a move must never exceed.
        max: Duration,
    },
}

impl Limits {
    /// The time the search must stop at, if any.
    pub fn hard_time(self) -> Option<Duration> {
        match self {
            Limits::MoveTime(time) | Limits::Clock { max: time, .. } => Some(time),
            Limits::Depth(_) | Limits::Nodes(_) | Limits::Infinite => None,
        }
    }

    /// The same limits with `spent` already used of the time.
    pub fn less(self, spent: Duration) -> Limits {
        match self {
            Limits::MoveTime(time) => Limits::MoveTime(time.saturating_sub(spent)),
            Limits::Clock { target, max } => Limits::Clock {
                target: target.saturating_sub(spent),
                max: max.saturating_sub(spent),
            },
            other => other,
        }
    }
}

/// `1000 ms`, `depth 8`, `50000 nodes`, `until stopped`, `clock 400 ms, up to 1600 ms`.
impl std::fmt::Display for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limits::MoveTime(time) => write!(f, "{} ms", time.as_millis()),
            Limits::Depth(depth) => write!(f, "depth {depth}"),
            Limits::Nodes(nodes) => write!(f, "{nodes} nodes"),
            Limits::Infinite => write!(f, "until stopped"),
            Limits::Clock { target, max } => write!(
                f,
                "clock {} ms, up to {} ms",
                target.as_millis(),
                max.as_millis()
            ),
        }
    }
}

impl Default for Limits {
    /// One second a move.
    fn default() -> Limits {
        Limits::MoveTime(Duration::from_millis(1000))
    }
}

/// Remaining search depth in plies (may go negative inside reductions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Depth(pub i32);

/// Distance from the root in plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ply(pub u32);

impl Ply {
    /// The root.
    pub const ROOT: Ply = Ply(0);

    /// The ply below this one.
    #[inline]
    pub const fn next(self) -> Ply {
        Ply(self.0 + 1)
    }

    /// This ply as an index into per-ply tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A report after each completed iteration.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The nominal depth just completed.
    pub depth: u32,
    /// The score of the best move, from the side to move's view.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The principal variation, the best move first.
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Move>,
    /// Its score from the side to move's view.
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-6)) as u64
    }
}

/// Half-width of the first aspiration window.
const ASPIRATION_WINDOW: Score = Score(100);

/// Share of the move time after which no new iteration is started.
const NEW_ITERATION_SHARE: f64 = 0.5;

/// How far a hard move may stretch a clock's target time (within its maximum).
const MAX_STRETCH: f64 = 4.0;

/// A fall of the score between iterations that makes a move hard.
const SCORE_FALL: Score = Score(30);

/// The moment to stop for a move time, leaving a little room to unwind and answer.
fn deadline(started: Instant, limits: Limits) -> Option<Instant> {
    let time = limits.hard_time()?;
    let margin = (time / 50).min(Duration::from_millis(2));
    Some(started + time.saturating_sub(margin))
}

/// The time after which no new iteration is started: half the clock's target stretched
/// by `stretch` for a hard move, so that the time an iteration would not finish in is
/// saved for later moves. A move time cannot be saved: its iterations go on to the
/// deadline, where an unfinished one still gives any root move that beat the best so far.
fn iteration_time(limits: Limits, stretch: f64) -> Option<Duration> {
    match limits {
        Limits::Clock { target, max } => Some(
            target
                .mul_f64(stretch)
                .min(max)
                .mul_f64(NEW_ITERATION_SHARE),
        ),
        Limits::MoveTime(_) | Limits::Depth(_) | Limits::Nodes(_) | Limits::Infinite => None,
    }
}

/// Searches the current position of `game` by iterative deepening within `limits`, or
/// until `stop` is requested.
///
/// A stopped search answers with the best move of the deepest completed iteration,
/// or the interrupted iteration's if that beat it in full; stopped before depth 1
/// completes, it still answers with a legal move. `progress` is called after every
/// completed iteration. Positions the `tablebase` knows exactly under the draw rules
/// (with the counters the node has) take their value from it.
pub fn search(
    game: &Game,
    limits: Limits,
    context: Context,
    progress: &mut dyn FnMut(&Progress),
) -> SearchResult {
    search_first(game, RootMoves::default(), limits, context, 1, progress)
}

/// What a search reads beside the game and its limits: the hash table, the evaluation,
/// the endgame tables and the stop request.
pub struct Context<'a> {
    /// The transposition table, which the threads of one search share.
    pub tt: &'a mut TranspositionTable,
    /// How quiet positions are scored.
    pub eval: &'a Evaluator,
    /// Exact values where they are known (`None`: none).
    pub tablebase: Option<&'a Tablebase>,
    /// Requested, from any thread, the search answers with what it has.
    pub stop: &'a Stop,
}

/// The context as every thread of one search reads it.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub eval: &'a Evaluator,
    pub tablebase: Option<&'a Tablebase>,
}

/// What one search is asked: the game, what is known of its root's moves, the limits.
#[derive(Clone, Copy)]
struct Task<'a> {
    game: &'a Game,
    root_moves: RootMoves<'a>,
    limits: Limits,
}

/// What the caller of [`search_first`] already knows of the root's moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct RootMoves<'a> {
    /// A move searched first where the table names no better one (a move proposed
    /// but not proven: the search decides).
    pub first: Option<Move>,
    /// Moves the search leaves out (exact results show they lose where another
    /// move draws). At least one legal move must remain.
    pub excluded: &'a [Move],
}

/// Like [`search`], with the root's moves as `root_moves` says, on `threads` threads.
///
/// With more than one thread the others are helpers (lazy SMP): each deepens on its
/// own, and the table they share carries what they find to the main thread, whose
/// search alone gives the answer and reports progress. The nodes of the result are
/// those of every thread; a node limit counts the main thread's. Which nodes a helper
/// visits depends on the timing of the threads, so a search on several threads does
/// not repeat exactly, even to a fixed depth.
pub fn search_first(
    game: &Game,
    root_moves: RootMoves,
    limits: Limits,
    context: Context,
    threads: usize,
    progress: &mut dyn FnMut(&Progress),
) -> SearchResult {
    let started = Instant::now();
    context.tt.new_search();
    let shared = Shared {
        tt: context.tt,
        eval: context.eval,
        tablebase: context.tablebase,
    };
    let task = Task {
        game,
        root_moves,
        limits,
    };
    let helpers = if game.position().legal_moves().is_empty() {
        0
    } else {
        threads.saturating_sub(1)
    };
    // The helpers' own stop: the main thread requests it once it has its answer.
    let main_done = Stop::new();
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..=helpers)
            .map(|index| {
                let main_done = &main_done;
                scope.spawn(move || help(task, shared, main_done, index))
            })
            .collect();
        let mut result = deepen(task, started, shared, context.stop, progress);
        main_done.request();
        for helper in helpers {
            result.nodes += helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
        result.elapsed = started.elapsed();
        result
    })
}

/// The main thread's iterative deepening of `task` (see [`search_first`]), started at
/// `started`.
fn deepen(
    task: Task,
    started: Instant,
    shared: Shared,
    stop: &Stop,
    progress: &mut dyn FnMut(&Progress),
) -> SearchResult {
    let Task {
        game,
        root_moves,
        limits,
    } = task;
    let position = *game.position();
    let (root, mut searcher, max_depth) = start(game, limits, started, shared, stop);
    searcher.root_first = root_moves.first;
    searcher.excluded = root_moves.excluded.to_vec();
    let mut stretch: f64 = 1.0;
    let mut result = SearchResult {
        best: position
            .legal_moves()
            .into_iter()
            .find(|mv| !root_moves.excluded.contains(mv)),
        score: Score::DRAW,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: Vec::new(),
    };
    if result.best.is_none() {
        result.score = Score::loss_in(0);
        return result;
    }
    for depth in 1..=max_depth {
        if stop.is_requested() {
            break;
        }
        searcher.new_iteration();
        let score = iterate(&mut searcher, &root, depth, result.score);
        let elapsed = started.elapsed();
        if searcher.stopped {
            // A root move that beat the first (hash) move in full is better than it.
            if let Some((mv, score)) = searcher.root_best
                && Some(mv) != result.best
            {
                result.best = Some(mv);
                result.score = score;
                result.pv = vec![mv];
            }
            break;
        }
        let best = searcher.root_best.map(|(mv, _)| mv).or(result.best);
        if depth > 4 && (best != result.best || score < result.score - SCORE_FALL) {
            stretch = (stretch * 1.5).min(MAX_STRETCH);
        }
        result.best = best;
        result.score = score;
        result.depth = depth;
        result.pv = searcher.pv();
        progress(&Progress {
            depth,
            score,
            nodes: searcher.nodes,
            elapsed,
            pv: result.pv.clone(),
        });
        let out_of_time = iteration_time(limits, stretch).is_some_and(|time| elapsed > time);
        if is_proven(score, depth) || out_of_time {
            break;
        }
    }
    result.nodes = searcher.nodes;
    result
}

/// A helper thread of [`search_first`], numbered from 1: the same deepening with
/// heuristics of its own and no clock, until `main_done` is requested or the depth
/// `limits` allow is searched. The odd helpers search each iteration a ply deeper than
/// the main thread would, so that the threads do not all walk one tree in step.
/// Returns its nodes.
fn help(task: Task, shared: Shared, main_done: &Stop, index: usize) -> u64 {
    let unlimited = match task.limits {
        Limits::Depth(depth) => Limits::Depth(depth),
        _ => Limits::Infinite,
    };
    let (root, mut searcher, max_depth) =
        start(task.game, unlimited, Instant::now(), shared, main_done);
    searcher.excluded = task.root_moves.excluded.to_vec();
    let ahead = (index % 2) as u32;
    let mut last = Score::DRAW;
    for depth in 1..=max_depth.saturating_sub(ahead) {
        if main_done.is_requested() {
            break;
        }
        searcher.new_iteration();
        last = iterate(&mut searcher, &root, depth + ahead, last);
        if searcher.stopped {
            break;
        }
    }
    searcher.nodes
}

/// The root of `game`, a searcher over `shared` for `limits` (started at `started`),
/// and the deepest iteration the limits allow.
fn start<'a>(
    game: &Game,
    limits: Limits,
    started: Instant,
    shared: Shared<'a>,
    stop: &'a Stop,
) -> (Node, Searcher<'a>, u32) {
    let position = *game.position();
    let history: Vec<u64> = game.positions().map(zobrist::key).collect();
    let root = Node {
        position,
        key: zobrist::key(&position),
        counters: game.counters(),
    };
    let mut searcher = Searcher::new(shared, stop, deadline(started, limits), history);
    let max_depth = match limits {
        Limits::Depth(depth) => {
            searcher.wait_for_tables();
            depth.clamp(1, MAX_DEPTH)
        }
        Limits::Nodes(nodes) => {
            searcher.wait_for_tables();
            searcher.limit_nodes(nodes);
            MAX_DEPTH
        }
        Limits::MoveTime(_) | Limits::Infinite | Limits::Clock { .. } => MAX_DEPTH,
    };
    (root, searcher, max_depth)
}

/// One iteration of the root `depth` plies deep. From depth 5 the window is the
/// `last` iteration's score give or take a little, widened when the result falls
/// outside (aspiration).
fn iterate(searcher: &mut Searcher, root: &Node, depth: u32, last: Score) -> Score {
    let mut window = ASPIRATION_WINDOW;
    let (mut alpha, mut beta) = if depth >= 5 && !last.is_decisive() {
        (last - window, last + window)
    } else {
        (-Score::INFINITE, Score::INFINITE)
    };
    loop {
        let score = searcher.search(root, Depth(depth as i32), Ply::ROOT, alpha, beta);
        if searcher.stopped {
            return score;
        }
        window = Score(window.0 * 4);
        if score <= alpha {
            alpha = if window.0 > 1000 {
                -Score::INFINITE
            } else {
                score - window
            };
        } else if score >= beta {
            beta = if window.0 > 1000 {
                Score::INFINITE
            } else {
                score + window
            };
        } else {
            return score;
        }
    }
}

/// Whether a search `depth` plies deep has seen the whole game that `score` announces.
fn is_proven(score: Score, depth: u32) -> bool {
    score.plies_to_end().is_some_and(|plies| depth >= plies + 2)
}

/// One of the best lines of [`search_lines`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its score from the side to move's view.
    pub score: Score,
    /// The moves, the root move first.
    pub pv: Vec<Move>,
}

/// The best lines of the deepest iteration [`search_lines`] completed, best first.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    /// The nominal depth of the lines (0: none completed).
    pub depth: u32,
    /// The lines, one for each of the best root moves.
    pub lines: Vec<Line>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
}

/// Searches the `count` best root moves of `game`'s position (multi-PV) by iterative
/// deepening within `limits`, or until `stop` is requested.
///
/// Each iteration searches the root for its best move, then again without that move
/// for the best of the rest, and so on until `count` lines (or every legal move) are
/// found. `progress` gets the lines after each completed iteration; the answer is the
/// last completed iteration's (no lines when stopped before depth 1 completed).
pub fn search_lines(
    game: &Game,
    count: usize,
    limits: Limits,
    context: Context,
    progress: &mut dyn FnMut(&Lines),
) -> Lines {
    let started = Instant::now();
    let count = count.min(game.position().legal_moves().len());
    context.tt.new_search();
    let stop = context.stop;
    let shared = Shared {
        tt: context.tt,
        eval: context.eval,
        tablebase: context.tablebase,
    };
    let (root, mut searcher, max_depth) = start(game, limits, started, shared, stop);
    let mut result = Lines::default();
    if count == 0 {
        return result;
    }
    'deepening: for depth in 1..=max_depth {
        searcher.excluded.clear();
        let mut lines: Vec<Line> = Vec::with_capacity(count);
        while lines.len() < count {
            if stop.is_requested() {
                break 'deepening;
            }
            searcher.new_iteration();
            let last = result
                .lines
                .get(lines.len())
                .map_or(Score::DRAW, |l| l.score);
            let score = iterate(&mut searcher, &root, depth, last);
            let Some((mv, _)) = searcher.root_best.filter(|_| !searcher.stopped) else {
                break 'deepening;
            };
            let pv = searcher.pv();
            let pv = if pv.first() == Some(&mv) {
                pv
            } else {
                vec![mv]
            };
            searcher.excluded.push(mv);
            lines.push(Line { score, pv });
        }
        // A move left out of an earlier search may score a little better than the move
        // that search found (reductions and windows differ): the best comes first.
        lines.sort_by_key(|line| std::cmp::Reverse(line.score));
        let elapsed = started.elapsed();
        result = Lines {
            depth,
            lines,
            nodes: searcher.nodes,
            elapsed,
        };
        progress(&result);
        let proven = result.lines.iter().all(|line| is_proven(line.score, depth));
        let out_of_time = iteration_time(limits, 1.0).is_some_and(|time| elapsed > time);
        if proven || out_of_time {
            break;
        }
    }
    result.nodes = searcher.nodes;
    result.elapsed = started.elapsed();
    result
}

/// Every capture of the side to move, each resolved with all the captures that follow.
#[derive(Clone, Debug)]
pub struct CaptureResolution {
    /// Each capture with its material score once the board is quiet, best first.
    pub scores: Vec<(Move, Score)>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Resolves every capture sequence of `position` and the forced recaptures until the
/// position is quiet, scoring the end by material only ([`Evaluator::material`]). Empty
/// when there is no capture, and when the resolution ran out of `time` or `stop` was
/// requested before it finished.
pub fn capture_search(
    position: &Position,
    tt: &mut TranspositionTable,
    time: Option<Duration>,
    stop: &Stop,
) -> CaptureResolution {
    let deadline = time.map(|time| Instant::now() + time);
    let shared = Shared {
        tt,
        eval: &Evaluator::material(),
        tablebase: None,
    };
    let mut searcher = Searcher::new(shared, stop, deadline, Vec::new());
    let mut list = crate::MoveList::new();
    position.generate_captures(&mut list);
    let mut scores: Vec<(Move, Score)> = list
        .iter()
        .map(|&mv| {
            let score = -searcher.quiesce_alone(
                &position.play_unchecked(mv),
                Ply::ROOT.next(),
                -Score::INFINITE,
                Score::INFINITE,
            );
            (mv, score)
        })
        .collect();
    scores.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    if searcher.stopped {
        scores.clear();
    }
    CaptureResolution {
        scores,
        nodes: searcher.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> Game {
        Game::new(fen.parse().unwrap())
    }

    /// A context without endgame tables.
    fn context<'a>(
        tt: &'a mut TranspositionTable,
        eval: &'a Evaluator,
        stop: &'a Stop,
    ) -> Context<'a> {
        Context {
            tt,
            eval,
            tablebase: None,
            stop,
        }
    }

    fn best(fen: &str, depth: u32) -> SearchResult {
        search_with(fen, depth, &Evaluator::bot(), 4)
    }

    /// A search of `fen` to `depth` with `eval` and a fresh table of `hash_mb` megabytes.
    fn search_with(fen: &str, depth: u32, eval: &Evaluator, hash_mb: usize) -> SearchResult {
        let mut tt = TranspositionTable::new(hash_mb);
        search(
            &game(fen),
            Limits::Depth(depth),
            context(&mut tt, eval, &Stop::new()),
            &mut |_| {},
        )
    }

    fn text(fen: &str, mv: Move) -> String {
        crate::MoveText::from_move(&fen.parse().unwrap(), mv).to_string()
    }

    #[test]
    fn fixed_depth_searches_visit_the_pinned_number_of_nodes() {
        // The bench positions, shallower. A change to the generator's order, the move
        // ordering or the pruning changes these counts: one meant to keep the tree
        // (a speed change) must not, and one meant to change it updates them here and
        // in benches/search.rs.
        let cases = [
            (crate::START_FEN, 12, [319_296, 280_375, 166_257]),
            (
                "W:Wc1,e1,g1,b2,h2,c3,e3,b4:Ba5,g5,d6,a7,c7,e7,f8,h8",
                12,
                [485_000, 333_742, 292_560],
            ),
            (
                "W:WKa1,Kc3,Kg3,Ka5,Kd6,Ka7,Kf8:BKe1,Kd2,Ka3,Ke3,Kh4,Kb6,Kf6,Ke7,Kg7",
                10,
                [97_130, 90_121, 79_400],
            ),
        ];
        for (fen, depth, expected) in cases {
            let evaluations = [Evaluator::bot(), Evaluator::fitted(), Evaluator::hand()];
            let nodes = evaluations.map(|eval| search_with(fen, depth, &eval, 1).nodes);
            assert_eq!(nodes, expected, "{fen} to depth {depth}");
        }
    }

    /// A search of `fen` to `depth` on `threads` threads (the bot's evaluation, 4 MB).
    fn threaded(fen: &str, depth: u32, threads: usize, stop: &Stop) -> SearchResult {
        let mut tt = TranspositionTable::new(4);
        search_first(
            &game(fen),
            RootMoves::default(),
            Limits::Depth(depth),
            context(&mut tt, &Evaluator::bot(), stop),
            threads,
            &mut |_| {},
        )
    }

    #[test]
    fn helper_threads_find_the_same_combinations() {
        // The helpers' deeper results may reach the main thread through the table, so
        // the score and the depth at which a win counts as proven may differ; the move
        // may not.
        for (fen, depth, expected, wins) in [
            ("W:Wa1,c3:Bb4,d4,f6,g7", 4, "c3:a5", false),
            ("W:Wa1,b2,c3:Ba5,e5,g7", 6, "c3-b4", true),
        ] {
            let alone = threaded(fen, depth, 1, &Stop::new());
            let helped = threaded(fen, depth, 3, &Stop::new());
            assert_eq!(text(fen, alone.best.unwrap()), expected);
            assert_eq!(text(fen, helped.best.unwrap()), expected);
            assert_eq!(helped.score.is_win(), wins, "{fen}: {}", helped.score);
            assert!((1..=depth).contains(&helped.depth), "{fen}");
            assert!(helped.nodes > 0);
        }
    }

    #[test]
    fn helper_threads_leave_the_start_position_with_a_legal_move_at_every_depth() {
        let start = Position::start();
        for depth in 1..=9 {
            let result = threaded(crate::START_FEN, depth, 2, &Stop::new());
            assert!(start.legal_moves().contains(&result.best.unwrap()));
            assert_eq!(result.depth, depth);
        }
    }

    #[test]
    fn a_threaded_search_stops_with_its_helpers() {
        // Stopped before it starts, the main thread answers at once and the helpers
        // are told to stop: the call returns instead of searching to depth 60.
        let stop = Stop::new();
        stop.request();
        let result = threaded(crate::START_FEN, 60, 2, &stop);
        assert_eq!(result.depth, 0);
        assert!(result.best.is_some());
    }

    #[test]
    fn search_takes_a_free_piece() {
        // c3:e5 is answered by f6:d4; c3:a5 wins the man on b4 for nothing.
        let fen = "W:Wa1,c3:Bb4,d4,f6,g7";
        let result = best(fen, 4);
        assert_eq!(text(fen, result.best.unwrap()), "c3:a5");
    }

    #[test]
    fn a_side_without_moves_has_lost() {
        let result = best("W:Wa1:Bb2,c3", 3);
        assert_eq!(result.best, None);
        assert!(result.score.is_loss());
    }

    #[test]
    fn search_finds_the_two_for_one_shot() {
        // c3-b4 a5:c3 b2:d4:f6:h8 wins everything (combos.jsonl, first entry).
        let fen = "W:Wa1,b2,c3:Ba5,e5,g7";
        let result = best(fen, 6);
        assert_eq!(text(fen, result.best.unwrap()), "c3-b4");
        assert!(result.score.is_win(), "{}", result.score);
    }

    #[test]
    fn a_forced_win_is_taken_by_the_shortest_way() {
        // The king captures the last piece at once instead of dawdling.
        let fen = "W:WKa1,Kc1:Bf6";
        let result = best(fen, 8);
        assert_eq!(result.score, Score::win_in(1), "{:?}", result.pv);
    }

    #[test]
    fn king_against_king_searches_to_a_draw() {
        let result = best("W:WKc1:BKh4", 6);
        assert_eq!(result.score, Score::DRAW);
    }

    #[test]
    fn a_depth_limit_is_reached_exactly() {
        let result = best(crate::START_FEN, 5);
        assert_eq!(result.depth, 5);
        assert_eq!(result.pv.first().copied(), result.best);
    }

    #[test]
    fn a_search_stopped_before_it_starts_still_answers_with_a_legal_move() {
        let stop = Stop::new();
        stop.request();
        let game = game(crate::START_FEN);
        let mut tt = TranspositionTable::new(1);
        let limits = Limits::MoveTime(Duration::from_secs(60));
        let result = search(
            &game,
            limits,
            context(&mut tt, &Evaluator::bot(), &stop),
            &mut |_| {},
        );
        assert_eq!(result.depth, 0);
        let best = result.best.expect("a move");
        assert!(game.position().legal_moves().contains(&best));
    }

    #[test]
    fn a_search_stopped_from_another_thread_answers_with_its_best_move_so_far() {
        let stop = Stop::new();
        let (reached, depths) = std::sync::mpsc::channel();
        let remote = stop.clone();
        let stopper = std::thread::spawn(move || {
            // Once depth 3 is complete, ask for the stop and note when.
            while depths.recv().is_ok_and(|depth| depth < 3) {}
            remote.request();
            Instant::now()
        });
        let game = game(crate::START_FEN);
        let mut tt = TranspositionTable::new(4);
        let limits = Limits::MoveTime(Duration::from_secs(60));
        let mut report = |progress: &Progress| {
            let _ = reached.send(progress.depth);
        };
        let result = search(
            &game,
            limits,
            context(&mut tt, &Evaluator::bot(), &stop),
            &mut report,
        );
        let answered = Instant::now();
        let requested = stopper.join().expect("the stopping thread");
        // Generous: the search looks every 1024 nodes, well under a millisecond.
        assert!(answered - requested < Duration::from_secs(10));
        assert!(result.depth >= 3, "depth {}", result.depth);
        let best = result.best.expect("a move");
        assert!(game.position().legal_moves().contains(&best));
    }

    fn lines(fen: &str, count: usize, depth: u32, stop: &Stop) -> Lines {
        let mut tt = TranspositionTable::new(4);
        search_lines(
            &game(fen),
            count,
            Limits::Depth(depth),
            context(&mut tt, &Evaluator::bot(), stop),
            &mut |_| {},
        )
    }

    #[test]
    fn lines_give_each_root_move_once_best_first() {
        let found = lines(crate::START_FEN, 3, 5, &Stop::new());
        assert_eq!(found.depth, 5);
        assert_eq!(found.lines.len(), 3);
        let firsts: Vec<Move> = found.lines.iter().map(|line| line.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        let legal = Position::start().legal_moves();
        assert!(firsts.iter().all(|mv| legal.contains(mv)));
        assert!(found.lines.windows(2).all(|w| w[0].score >= w[1].score));
    }

    #[test]
    fn lines_stop_at_the_legal_moves_and_rank_the_free_piece_first() {
        let fen = "W:Wa1,c3:Bb4,d4,f6,g7";
        let found = lines(fen, 3, 4, &Stop::new());
        let texts: Vec<String> = found.lines.iter().map(|l| text(fen, l.pv[0])).collect();
        assert_eq!(texts, ["c3:a5", "c3:e5"]);
        assert!(found.lines[0].score > found.lines[1].score);
    }

    #[test]
    fn lines_stopped_before_they_start_are_none() {
        let stop = Stop::new();
        stop.request();
        let found = lines(crate::START_FEN, 3, 5, &stop);
        assert_eq!((found.depth, found.lines.len()), (0, 0));
    }

    #[test]
    fn capture_search_scores_each_capture_by_the_material_left() {
        // c3:e5 is answered by f6:d4, c3:a5 keeps the man won.
        let position: Position = "W:Wa1,c3:Bb4,d4,f6,g7".parse().unwrap();
        let mut tt = TranspositionTable::new(1);
        let resolution = capture_search(&position, &mut tt, None, &Stop::new());
        let scores: Vec<(String, Score)> = resolution
            .scores
            .iter()
            .map(|&(mv, score)| (crate::MoveText::from_move(&position, mv).to_string(), score))
            .collect();
        assert_eq!(
            scores,
            vec![
                ("c3:a5".to_string(), Score(-100)),
                ("c3:e5".to_string(), Score(-200))
            ]
        );
    }
}
