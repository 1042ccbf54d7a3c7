//! Principal variation search with a capture-resolving quiescence search.
//!
//! Copy-make: every node receives its position by value and plays moves with
//! `play_unchecked`; the Zobrist key and the draw counters travel with it.

use std::sync::LazyLock;
use std::time::Instant;

use crate::movegen::Captures;
use crate::tablebase::{Tablebase, Value, Wait};
use crate::tables::{Direction, step};
use crate::{Color, DrawCounters, Move, MoveList, Position};

use crate::eval::Evaluator;

use super::tt::{Bound, TranspositionTable};
use super::{Depth, Ply, Score, Shared, Stop, zobrist};

/// No killer: a quiet move never ends where it starts.
const NO_KILLER: u16 = 0;

/// The deepest ply the search reaches, extensions and captures included.
pub const MAX_PLY: usize = 128;
/// Nodes between two looks at the clock and the stop request (about 0.1 ms at full speed).
const CLOCK_INTERVAL: u64 = 1024;
/// The shallowest remaining depth at which the transposition table is used.
const TABLE_MIN_DEPTH: i32 = 2;

/// The depths and move indices that [`REDUCTIONS`] covers; larger ones share its last row.
const REDUCTION_RANGE: usize = 64;

/// How many plies a late quiet move is reduced by, by remaining depth and the move's
/// index in the order: ln(depth)·ln(index)/2, rounded, the logarithmic shape of
/// Stockfish and Scan, its divisor set by matches (docs/STRENGTH.md).
static REDUCTIONS: LazyLock<[[u8; REDUCTION_RANGE]; REDUCTION_RANGE]> = LazyLock::new(|| {
    let mut table = [[0; REDUCTION_RANGE]; REDUCTION_RANGE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (index, reduction) in row.iter_mut().enumerate().skip(1) {
            let plies = (depth as f64).ln() * (index as f64).ln() / 2.0;
            *reduction = plies.round() as u8;
        }
    }
    table
});

/// The reduction of the quiet move at `index` with `depth` to go, before the re-search:
/// one ply more off the principal variation, at least one, and never down to the
/// quiescence search.
fn late_move_reduction(depth: Depth, next: Depth, index: usize, pv_node: bool) -> i32 {
    let last = REDUCTION_RANGE - 1;
    let row = &REDUCTIONS[usize::try_from(depth.0).map_or(0, |depth| depth.min(last))];
    let reduction = i32::from(row[index.min(last)]) + i32::from(!pv_node);
    reduction.clamp(1, (next.0 - 1).max(1))
}

/// What the moves of a node share: how deep and how far from the root it is searched,
/// whether it is on the principal variation, and what each move costs in depth.
#[derive(Clone, Copy)]
struct Frame {
    depth: Depth,
    ply: Ply,
    pv_node: bool,
    /// 1, or 0 for a forced move, which is looked past for free.
    step_down: i32,
    /// Whether the moves are quiet (capture is compulsory: all are, or none).
    quiet: bool,
}

/// Where one node stands: its position, key and draw counters.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub position: Position,
    pub key: u64,
    pub counters: DrawCounters,
}

impl Node {
    /// The node reached by `mv`.
    #[inline]
    fn child(&self, mv: Move) -> Node {
        let key = zobrist::key_after(self.key, &self.position, mv);
        let position = self.position.play_unchecked(mv);
        let counters = if position.kings().is_empty() {
            // Without kings no draw counter runs (DrawCounters::after agrees).
            DrawCounters::default()
        } else {
            self.counters.after(&self.position, mv, &position)
        };
        Node {
            position,
            key,
            counters,
        }
    }
}

/// How a quiescence node knows its draw counters: given, or worked out from its
/// parent's only when a table wants them (almost no node does).
#[derive(Clone, Copy)]
enum Counters<'a> {
    /// The node's own.
    Known(&'a DrawCounters),
    /// The counters after the move from the parent position, whose counters are these.
    After(&'a Counters<'a>, &'a Position, Move),
}

impl Counters<'_> {
    /// The counters of `position`, the node's.
    fn of(&self, position: &Position) -> DrawCounters {
        match *self {
            Counters::Known(counters) => *counters,
            Counters::After(parent, before, mv) => parent.of(before).after(before, mv, position),
        }
    }
}

/// The endgame tables a search probes.
struct Tables<'a> {
    tablebase: Option<&'a Tablebase>,
    /// The most pieces the tablebase covers (0 without one): a cheap test before a probe.
    pieces: u32,
    /// Whether a probe waits for a table to be read or solved the first time.
    wait: Wait,
}

/// What orders the moves of a node: per ply, the move list and its keys, the killers;
/// the history of the quiet moves that cut off.
struct Ordering {
    lists: Vec<MoveList>,
    order: Vec<Vec<i32>>,
    /// Per ply, two quiet moves that cut off there lately, by [`Move::route`]
    /// ([`NO_KILLER`] while there are none).
    killers: [[u16; 2]; MAX_PLY],
    history: Box<[[i32; 32]; 32]>,
}

/// The state of one search: counters, heuristics, the hash table, the clock and the stop request.
pub(crate) struct Searcher<'a> {
    tt: &'a TranspositionTable,
    eval: Evaluator,
    deadline: Option<Instant>,
    stop: &'a Stop,
    tables: Tables<'a>,
    node_limit: u64,
    pub nodes: u64,
    /// Positions whose value the tablebase gave.
    pub tablebase_hits: u64,
    pub stopped: bool,
    /// Keys of the game before the root and of the search path; the last is the current node.
    keys: Vec<u64>,
    ordering: Ordering,
    /// Per ply, the best line found from there: its moves and its length.
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// The best root move of the current iteration so far, with its score.
    pub root_best: Option<(Move, Score)>,
    /// Root moves left out: the lines a multi-line search has already found.
    pub excluded: Vec<Move>,
    /// A root move to search first where the table has none (a fact's move that was
    /// not proven here).
    pub root_first: Option<Move>,
}

impl<'a> Searcher<'a> {
    /// A searcher over `shared` that stops at `deadline` or when `stop` is requested;
    /// `history` holds the game's keys up to the root.
    pub fn new(
        shared: Shared<'a>,
        stop: &'a Stop,
        deadline: Option<Instant>,
        history: Vec<u64>,
    ) -> Searcher<'a> {
        let tablebase = shared.tablebase;
        Searcher {
            tt: shared.tt,
            eval: *shared.eval,
            deadline,
            stop,
            tables: Tables {
                tablebase,
                pieces: tablebase.map_or(0, Tablebase::most_pieces),
                wait: Wait::No,
            },
            node_limit: u64::MAX,
            nodes: 0,
            tablebase_hits: 0,
            stopped: false,
            keys: history,
            ordering: Ordering {
                lists: (0..MAX_PLY).map(|_| MoveList::new()).collect(),
                order: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
                killers: [[NO_KILLER; 2]; MAX_PLY],
                history: Box::new([[0; 32]; 32]),
            },
            pv: vec![[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            root_best: None,
            excluded: Vec::new(),
            root_first: None,
        }
    }

    /// The principal variation of the last completed root search.
    pub fn pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    /// Stops the search once about `nodes` nodes are searched.
    pub fn limit_nodes(&mut self, nodes: u64) {
        self.node_limit = nodes;
    }

    /// Makes each probe wait for its table to be read or solved the first time, so
    /// that a search bounded by depth or nodes gives the same result whenever it runs.
    /// A search on the clock does not wait (the table is read or solved on a thread of
    /// its own meanwhile).
    pub fn wait_for_tables(&mut self) {
        self.tables.wait = Wait::Yes;
    }

    /// Counts a node and now and then looks at the clock, the node limit and the stop request.
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL)
            && (self.stop.is_requested()
                || self.nodes >= self.node_limit
                || self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline))
        {
            self.stopped = true;
        }
    }

    /// Whether the node repeats a position since the last irreversible move.
    fn is_repetition(&self, node: &Node) -> bool {
        let reversible = node.counters.kings_only as usize;
        let last = self.keys.len() - 1;
        (2..=reversible.min(last))
            .step_by(2)
            .any(|back| self.keys[last - back] == node.key)
    }

    /// The alpha-beta value of `node` searched `depth` plies deep, `ply` plies from the root.
    pub fn search(
        &mut self,
        node: &Node,
        depth: Depth,
        ply: Ply,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let at = ply.index();
        self.pv_len[at] = at;
        if depth.0 <= 0 && at > 0 {
            let counters = Counters::Known(&node.counters);
            return self.quiesce(&node.position, &counters, ply, alpha, beta);
        }
        self.tick();
        if self.stopped {
            return Score::DRAW;
        }
        let pv_node = beta.0 - alpha.0 > 1;
        if at > 0 {
            if node.position.kings().any()
                && (node.counters.draw(&node.position).is_some() || self.is_repetition(node))
            {
                return Score::DRAW;
            }
            // No line can do better than winning now or worse than losing now.
            alpha = alpha.max(Score::loss_in(ply.0));
            beta = beta.min(Score::win_in(ply.0 + 1));
            if alpha >= beta {
                return alpha;
            }
            if at >= MAX_PLY - 1 {
                return Score(self.eval.evaluate(&node.position));
            }
            if let Some(score) = self.probe(&node.position, &Counters::Known(&node.counters), ply) {
                return score;
            }
        }

        // Below this depth a probe costs more memory latency than it saves.
        let use_table = depth.0 >= TABLE_MIN_DEPTH;
        let entry = if use_table {
            self.tt.probe(node.key)
        } else {
            None
        };
        let hash_move =
            entry
                .and_then(|entry| entry.mv)
                .or(if at == 0 { self.root_first } else { None });
        if let Some(entry) = entry
            && at > 0
            && !pv_node
            && i32::from(entry.depth) >= depth.0
        {
            let score = entry.score(ply.0);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        let frame = Frame {
            depth,
            ply,
            pv_node,
            step_down: 1,
            quiet: true,
        };
        self.search_moves(node, frame, hash_move, use_table, alpha, beta)
    }

    /// The move loop of [`Searcher::search`]: the moves of `node` tried in order, the
    /// hash move first, each searched by [`Searcher::search_child`], until one cuts off;
    /// the result goes into the table when `use_table`.
    fn search_moves(
        &mut self,
        node: &Node,
        mut frame: Frame,
        hash_move: Option<Move>,
        use_table: bool,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let (depth, ply, at) = (frame.depth, frame.ply, frame.ply.index());
        let mut list = std::mem::take(&mut self.ordering.lists[at]);
        node.position.generate_moves(&mut list);
        let excluding = at == 0 && !self.excluded.is_empty();
        if excluding {
            list.retain(|mv| !self.excluded.contains(mv));
        }
        if list.is_empty() {
            self.ordering.lists[at] = list;
            return Score::loss_in(ply.0);
        }
        let captures = list[0].is_capture();
        frame.quiet = !captures;
        // A forced move costs nothing to look past: it does not use up depth.
        frame.step_down = i32::from(list.len() > 1 || at >= MAX_PLY / 2);
        if depth.0 > TABLE_MIN_DEPTH {
            // Ask for every child's bucket at once: the memory accesses overlap.
            for &mv in list.iter() {
                self.tt
                    .prefetch(zobrist::key_after(node.key, &node.position, mv));
            }
        }
        let mut order = std::mem::take(&mut self.ordering.order[at]);
        let moves = list.as_mut_slice();
        // The hash move goes first, and the others are scored only if it does not cut off.
        let unordered = match hash_move.and_then(|hash| moves.iter().position(|&mv| mv == hash)) {
            Some(index) => {
                moves.swap(0, index);
                1
            }
            None => 0,
        };

        // Moves before `placed` stand in the order they are tried: the hash move, then
        // (once it has not cut off) the killers; the rest are picked by their scores.
        let mut placed = unordered;

        let original_alpha = alpha;
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        for i in 0..moves.len() {
            if i == unordered {
                placed += self.order_moves(&mut moves[i..], &mut order, at);
            }
            let mv = if i >= placed {
                // `order` keys the moves from `unordered` on.
                pick_next(
                    &mut moves[placed..],
                    &mut order[placed - unordered..],
                    i - placed,
                )
            } else {
                moves[i]
            };
            let score = self.search_child(node, mv, i, &frame, (alpha, beta));
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(at, mv);
                    if at == 0 {
                        self.root_best = Some((mv, score));
                    }
                    if alpha >= beta {
                        if !captures {
                            self.reward_quiet(at, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.ordering.lists[at] = list;
        self.ordering.order[at] = order;
        if self.stopped {
            return best.max(alpha);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched without some of its moves has no value of its own to keep.
        if use_table && !excluding {
            self.tt
                .store(node.key, ply.0, depth.0, best, bound, best_move);
        }
        best
    }

    /// The value of `mv`, the `index`th move tried at `node`, for the side to move
    /// there within the window `(alpha, beta)`: the first with the full window, the
    /// others with a null window (reduced when late and quiet), searched again in full
    /// when they may be better.
    fn search_child(
        &mut self,
        node: &Node,
        mv: Move,
        index: usize,
        frame: &Frame,
        (alpha, beta): (Score, Score),
    ) -> Score {
        let (depth, ply, at) = (frame.depth, frame.ply, frame.ply.index());
        let next = Depth(depth.0 - frame.step_down);
        if next.0 <= 0 {
            // A frontier child goes straight to the quiescence search, which
            // needs no key and works its draw counters out only for a table.
            let child = node.position.play_unchecked(mv);
            let known = Counters::Known(&node.counters);
            let counters = Counters::After(&known, &node.position, mv);
            // The first move with the full window, the others with a null window.
            let window_top = if index == 0 { beta } else { Score(alpha.0 + 1) };
            let mut score = -self.quiesce(&child, &counters, ply.next(), -window_top, -alpha);
            if index > 0 && score > alpha && score < beta {
                score = -self.quiesce_seldom(&child, &counters, ply.next(), -beta, -alpha);
            }
            return score;
        }
        let child = node.child(mv);
        self.keys.push(child.key);
        let score = if index == 0 {
            -self.search(&child, next, ply.next(), -beta, -alpha)
        } else {
            let is_killer = self.ordering.killers[at].contains(&mv.route());
            // Once a win is in hand every move is searched in full: a reduced
            // one could hide a shorter win (or the defender a longer resistance).
            let reduce = frame.quiet
                && depth.0 >= 3
                && !is_killer
                && !alpha.is_win()
                && !beta.is_loss()
                && !child.position.has_capture();
            let reduction = if reduce {
                late_move_reduction(depth, next, index, frame.pv_node)
            } else {
                0
            };
            let null = Score(alpha.0 + 1);
            let mut score =
                -self.search(&child, Depth(next.0 - reduction), ply.next(), -null, -alpha);
            if score > alpha && reduction > 0 {
                score = -self.search(&child, next, ply.next(), -null, -alpha);
            }
            if score > alpha && score < beta {
                score = -self.search(&child, next, ply.next(), -beta, -alpha);
            }
            score
        };
        self.keys.pop();
        score
    }

    /// Resolves every capture until the side to move has none; a quiet position is evaluated.
    ///
    /// Capture is compulsory, so a side that must capture cannot stand pat. Built into
    /// its callers: most nodes here are quiet leaves, settled without a call.
    #[inline(always)]
    fn quiesce(
        &mut self,
        position: &Position,
        counters: &Counters,
        ply: Ply,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.tick();
        if self.stopped {
            return Score::DRAW;
        }
        let at = ply.index();
        self.pv_len[at] = at;
        if let Some(score) = self.probe(position, counters, ply) {
            return score;
        }
        match position.find_captures() {
            Some(captures) => {
                self.resolve_captures(position, counters, &captures, ply, alpha, beta)
            }
            None if can_move_quietly(position) => Score(self.eval.evaluate(position)),
            None => Score::loss_in(ply.0),
        }
    }

    /// The quiescence search of `position` outside a game (the draw counts start in it).
    pub fn quiesce_alone(
        &mut self,
        position: &Position,
        ply: Ply,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let counters = DrawCounters::starting(position);
        self.quiesce(position, &Counters::Known(&counters), ply, alpha, beta)
    }

    /// [`Self::quiesce`] called where it is seldom needed, so that its code is not built in there.
    #[inline(never)]
    fn quiesce_seldom(
        &mut self,
        position: &Position,
        counters: &Counters,
        ply: Ply,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.quiesce(position, counters, ply, alpha, beta)
    }

    /// The quiescence search of a position whose side to move has `captures`.
    #[inline(never)]
    fn resolve_captures(
        &mut self,
        position: &Position,
        counters: &Counters,
        captures: &Captures,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let at = ply.index();
        if at >= MAX_PLY - 1 {
            return Score(self.eval.evaluate(position));
        }
        let mut list = std::mem::take(&mut self.ordering.lists[at]);
        captures.list(&mut list);
        // Take the most first: big captures settle the exchange sooner.
        list.as_mut_slice()
            .sort_unstable_by_key(|mv| std::cmp::Reverse(capture_value(position, *mv)));
        let mut best = -Score::INFINITE;
        for i in 0..list.len() {
            let mv = list[i];
            let after = Counters::After(counters, position, mv);
            let score = -self.quiesce(
                &position.play_unchecked(mv),
                &after,
                ply.next(),
                -beta,
                -alpha,
            );
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(at, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.ordering.lists[at] = list;
        best
    }

    /// The tablebase's score of `position`, `ply` plies from the root, where the
    /// tables know its exact value under the draw rules with the node's `counters`
    /// (worked out only when the tables may hold the position).
    #[inline(always)]
    fn probe(&mut self, position: &Position, counters: &Counters, ply: Ply) -> Option<Score> {
        // Nearly every node has more pieces than the tables: one count settles it.
        if position.occupied().count_by_processor() > self.tables.pieces {
            return None;
        }
        self.probe_table(position, counters, ply)
    }

    #[inline(never)]
    fn probe_table(&mut self, position: &Position, counters: &Counters, ply: Ply) -> Option<Score> {
        let tables = self.tables.tablebase?;
        // Most small positions have no table: the counters are worked out only for one.
        if !tables.holds(position) {
            return None;
        }
        let value = tables.value(position, &counters.of(position), self.tables.wait)?;
        let score = match value {
            Value::Draw => Score::DRAW,
            Value::Win(plies) => Score::win_in(ply.0 + plies),
            Value::Loss(plies) => Score::loss_in(ply.0 + plies),
        };
        self.tablebase_hits += 1;
        Some(score)
    }

    fn update_pv(&mut self, at: usize, mv: Move) {
        self.pv[at][at] = Some(mv);
        let child_len = if at + 1 < MAX_PLY {
            self.pv_len[at + 1].max(at + 1)
        } else {
            at + 1
        };
        for i in at + 1..child_len {
            self.pv[at][i] = self.pv[at + 1][i];
        }
        self.pv_len[at] = child_len;
    }

    /// Keys `moves` for ordering in `order` (captures by material, quiet moves by
    /// history, crowning first) and brings this ply's killers among them to their
    /// front, the first killer first; returns how many killers there were. They are
    /// tried before every other quiet move: this is the order [`pick_next`] would give them.
    fn order_moves(&self, moves: &mut [Move], order: &mut Vec<i32>, at: usize) -> usize {
        order.clear();
        // Capture is compulsory, so a list holds captures only or quiet moves only.
        if moves[0].is_capture() {
            order.extend(moves.iter().map(|&mv| capture_value_unplayed(mv)));
            return 0;
        }
        // One pass finds the killers too: a quiet move's route is unique in its list, so
        // the last match is the only one, and taking it needs no branch to foresee.
        let [first, second] = self.ordering.killers[at];
        let (mut first_at, mut second_at) = (None, None);
        order.extend(moves.iter().enumerate().map(|(j, &mv)| {
            let route = mv.route();
            first_at = if route == first { Some(j) } else { first_at };
            second_at = if route == second { Some(j) } else { second_at };
            self.ordering.history[mv.from().index()][mv.to().index()]
                + if mv.promotes() { 1 << 26 } else { 0 }
        }));
        let mut placed = 0;
        if let Some(index) = first_at {
            moves.swap(0, index);
            order.swap(0, index);
            placed = 1;
            // The second killer may have stood first, where the swap put the first.
            if second_at == Some(0) {
                second_at = Some(index);
            }
        }
        if let Some(index) = second_at {
            moves.swap(placed, index);
            order.swap(placed, index);
            placed += 1;
        }
        placed
    }

    /// A quiet move caused a cut-off: remember it as a killer and in the history.
    fn reward_quiet(&mut self, at: usize, mv: Move, depth: Depth) {
        if self.ordering.killers[at][0] != mv.route() {
            self.ordering.killers[at][1] = self.ordering.killers[at][0];
            self.ordering.killers[at][0] = mv.route();
        }
        let entry = &mut self.ordering.history[mv.from().index()][mv.to().index()];
        *entry += depth.0 * depth.0;
        if *entry > 1 << 24 {
            for row in self.ordering.history.iter_mut() {
                for value in row.iter_mut() {
                    *value /= 2;
                }
            }
        }
    }

    /// Starts a new iteration: the root's best move is found afresh.
    pub fn new_iteration(&mut self) {
        self.root_best = None;
    }
}

/// Brings the best-ordered remaining move to position `i` (selection sort, one step)
/// and returns it, as read before the swap: read back from the list, it would wait
/// for the swap's store.
#[inline]
fn pick_next(moves: &mut [Move], order: &mut [i32], i: usize) -> Move {
    // The first of the highest keys wins, as ties are broken by generation order.
    let mut best = i;
    let mut best_key = order[i];
    for (j, &key) in order.iter().enumerate().skip(i + 1) {
        if key > best_key {
            best = j;
            best_key = key;
        }
    }
    let picked = moves[best];
    moves.swap(i, best);
    order.swap(i, best);
    picked
}

/// Pieces taken, kings counting triple (ordering only).
#[inline]
fn capture_value(position: &Position, mv: Move) -> i32 {
    let captured = mv.captured();
    (captured.count_by_processor() + 2 * (captured & position.kings()).count_by_processor()) as i32
}

/// Pieces taken (ordering only, without the position at hand).
#[inline]
fn capture_value_unplayed(mv: Move) -> i32 {
    mv.captured().count_by_processor() as i32 * 4 + i32::from(mv.promotes())
}

/// Whether the side to move has a quiet move (used where captures are known to be absent).
#[inline]
pub(crate) fn can_move_quietly(position: &Position) -> bool {
    let us = position.movers();
    let kings = us & position.kings();
    // Men step forward only, kings both ways: one arm per colour, each without a branch.
    let (northward, southward) = match position.side_to_move() {
        Color::White => (us, kings),
        Color::Black => (kings, us),
    };
    let reach = step(northward, Direction::NorthWest)
        | step(northward, Direction::NorthEast)
        | step(southward, Direction::SouthWest)
        | step(southward, Direction::SouthEast);
    (reach & !position.occupied()).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_move_check_agrees_with_the_generator() {
        // Blocked men and kings of both colours, men that step only forward and kings
        // that step back, then positions of real play.
        let chosen = [
            "W:Wa1:Bb2,c3",
            "W:WKa1:Bb2,c3",
            "B:Wa1,c1:Bb4",
            "B:Wa3,c3:Bb4",
            "B:Wa3,c3,d2:Bb4",
            "B:Wa3,c3,d2:Bb4,Kh8",
            "W:Wa7:Bb8,Kh2",
            "W:Wa7,Kh2:Bb8",
            "B:Wa7,Kh2:Bb8",
            "W:WKh8:BKa1",
            crate::START_FEN,
        ]
        .map(|fen| fen.parse::<Position>().unwrap());
        let random = crate::play::random_positions(2000, 17, 2);
        for position in chosen.into_iter().chain(random) {
            let mut list = MoveList::new();
            position.generate_moves(&mut list);
            if list.first().is_some_and(|mv| mv.is_capture()) {
                continue;
            }
            assert_eq!(
                can_move_quietly(&position),
                !list.is_empty(),
                "{position:?}"
            );
        }
    }

    #[test]
    fn a_position_seen_since_the_last_irreversible_move_repeats() {
        let tt = TranspositionTable::new(1);
        let position: Position = "W:WKa1:BKh8".parse().unwrap();
        let key = zobrist::key(&position);
        let counters = DrawCounters {
            kings_only: 4,
            ..DrawCounters::default()
        };
        let node = Node {
            position,
            key,
            counters,
        };
        let stop = Stop::new();
        let shared = Shared {
            tt: &tt,
            eval: &Evaluator::bot(),
            tablebase: None,
        };
        let searcher = Searcher::new(shared, &stop, None, vec![key, 1, 2, 3, key]);
        assert!(searcher.is_repetition(&node));
        let fresh = Node {
            counters: DrawCounters::default(),
            ..node
        };
        assert!(!searcher.is_repetition(&fresh), "a man moved since");
    }
}
