//! Three kings against a lone king, every position, for the knowledge base's
//! endgame tests, the endgame tables' tests and the bot's.
//!
//! [`Solver`] gives every position of one to three white kings against one black
//! king, with either side to move, the number of White moves needed to capture the
//! lone king against the best defence (the distance to win), or none, from the
//! library's built-in tables with the draw counts starting in the position. In these
//! endings no win needs more than 13 White moves, so the rules never cut one off and
//! the White moves are the plies to the capture, halved and rounded up. A reply that
//! takes a white king (forced, as captures are compulsory) goes on with two kings or
//! one, and the count of White moves runs on, so a sacrifice counts only if the
//! capture still comes in time.
//!
//! [`BruteForce`] solves the same endings again, independently of the library's
//! solver: a value for every budget of plies the draw rules leave, each budget from
//! the one below (the way the engine's first built-in tables were solved), for the
//! tests that the library's tables are exact under the rules.

use std::collections::HashMap;
use std::sync::OnceLock;

use shashki::tablebase::{Tablebase, Value, Verdict};
use shashki::{Bitboard, Color, DrawCounters, Position, Square};

/// No forced capture.
pub const NONE: u8 = u8::MAX;

/// The built-in tables, solved once for every test that wants them.
pub fn tables() -> &'static Tablebase {
    static TABLES: OnceLock<Tablebase> = OnceLock::new();
    TABLES.get_or_init(Tablebase::builtin)
}

/// The exact value of a built-in king ending with the draw counts starting in it.
pub fn exact(position: &Position) -> Value {
    exact_with(position, &DrawCounters::starting(position))
}

/// The exact value of a built-in king ending with the draw counts at `counters`.
pub fn exact_with(position: &Position, counters: &DrawCounters) -> Value {
    match tables().probe(position, counters) {
        Ok(Verdict::Exact(value)) => value,
        other => panic!("{}: {other:?}", position.to_fen()),
    }
}

/// Distances to win for every position of one to three white kings against one black king.
pub struct Solver {
    /// The sets of one, two or three squares, in a fixed order.
    trios: Vec<Bitboard>,
    /// The index of each set.
    trio_index: HashMap<u32, u32>,
}

impl Solver {
    /// Lists every position.
    pub fn new() -> Solver {
        let squares: Vec<Square> = Square::all().collect();
        let mut trios = Vec::new();
        for a in 0..32 {
            trios.push(squares[a].bitboard());
            for b in a + 1..32 {
                trios.push(squares[a].bitboard() | squares[b].bitboard());
                for c in b + 1..32 {
                    trios.push(
                        squares[a].bitboard() | squares[b].bitboard() | squares[c].bitboard(),
                    );
                }
            }
        }
        let trio_index = trios
            .iter()
            .enumerate()
            .map(|(i, set)| (set.0, i as u32))
            .collect();
        Solver { trios, trio_index }
    }

    /// The index of a position of one to three white kings and one black king.
    pub fn index(&self, position: &Position) -> Option<usize> {
        let white = position.kings_of(Color::White);
        let black = position.kings_of(Color::Black);
        if white != position.pieces(Color::White)
            || !(1..=3).contains(&white.count())
            || black.count() != 1
            || position.count(Color::Black) != 1
        {
            return None;
        }
        let trio = *self.trio_index.get(&white.0)? as usize;
        Some(trio * 32 + black.first()?.index())
    }

    /// The position at `index` with `side` to move, if the squares differ.
    pub fn position(&self, index: usize, side: Color) -> Option<Position> {
        let white = self.trios[index / 32];
        let black = Square::all().nth(index % 32)?.bitboard();
        if (white & black) != Bitboard::EMPTY {
            return None;
        }
        let none = Bitboard::EMPTY;
        Position::from_pieces([none, none], [white, black], side).ok()
    }

    /// Every index of a valid position with three white kings.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.trios.len() * 32).filter(|&i| {
            self.trios[i / 32].count() == 3 && self.position(i, Color::White).is_some()
        })
    }

    /// Every index of a valid position with one, two or three white kings.
    pub fn all_indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.trios.len() * 32).filter(|&i| self.position(i, Color::White).is_some())
    }

    /// White moves needed to take the lone king from `position` (either side to move).
    pub fn distance(&self, position: &Position) -> u8 {
        if self.index(position).is_none() {
            return NONE;
        }
        match exact(position).for_side(Color::White, position.side_to_move()) {
            Value::Win(plies) => u8::try_from(plies.div_ceil(2)).expect("a short win"),
            Value::Loss(_) | Value::Draw => NONE,
        }
    }
}

/// The largest budget: 15 moves of kings only.
pub const MAX_BUDGET: u32 = 30;

/// Every position of one to three white kings against a lone black king, either side
/// to move, with its value at every budget of plies the draw rules leave (0 to
/// [`MAX_BUDGET`]), solved by brute force: with budget `b` a quiet move leads to a
/// position of the same ending with `b - 1`; a capture leads to a smaller ending (or
/// the end), whose counts start afresh; with no budget the game is drawn, unless
/// the side to move has no move.
pub struct BruteForce {
    solver: Solver,
    /// Per index and side to move (White first): the value at each budget.
    values: HashMap<(usize, Color), Vec<Value>>,
}

impl BruteForce {
    /// Solves every ending, smaller ones first.
    pub fn new() -> BruteForce {
        let solver = Solver::new();
        let mut values = HashMap::new();
        for kings in 1..=3 {
            let keys: Vec<(usize, Color)> = solver
                .all_indices()
                .filter(|&i| solver.trios[i / 32].count() == kings)
                .flat_map(|i| [(i, Color::White), (i, Color::Black)])
                .collect();
            // Each position's quiet successors (keys in this ending), its best
            // capture's value, and whether it has no move.
            let mut quiet: Vec<Vec<usize>> = Vec::with_capacity(keys.len());
            let mut best_capture: Vec<Option<Value>> = Vec::with_capacity(keys.len());
            let mut stuck = Vec::with_capacity(keys.len());
            let slot: HashMap<(usize, Color), usize> =
                keys.iter().enumerate().map(|(s, &k)| (k, s)).collect();
            for &(index, side) in &keys {
                let position = solver.position(index, side).expect("a position");
                let moves = position.legal_moves();
                stuck.push(moves.is_empty());
                let mut nexts = Vec::new();
                let mut capture: Option<Value> = None;
                for &mv in moves.iter() {
                    let after = position.play_unchecked(mv);
                    if mv.is_capture() {
                        let value = fresh_value(&solver, &values, &after).before();
                        if capture.is_none_or(|best| value.worth() > best.worth()) {
                            capture = Some(value);
                        }
                    } else {
                        let key = (
                            solver.index(&after).expect("a quiet move stays"),
                            after.side_to_move(),
                        );
                        nexts.push(slot[&key]);
                    }
                }
                quiet.push(nexts);
                best_capture.push(capture);
            }
            let mut layers: Vec<Vec<Value>> = Vec::new();
            for budget in 0..=MAX_BUDGET as usize {
                let layer: Vec<Value> = (0..keys.len())
                    .map(|s| {
                        if stuck[s] {
                            Value::Loss(0)
                        } else if budget == 0 {
                            Value::Draw
                        } else {
                            let below = &layers[budget - 1];
                            quiet[s]
                                .iter()
                                .map(|&next| below[next].before())
                                .chain(best_capture[s])
                                .max_by_key(|value| value.worth())
                                .expect("a position that is not stuck has a move")
                        }
                    })
                    .collect();
                layers.push(layer);
            }
            for (s, &key) in keys.iter().enumerate() {
                values.insert(key, layers.iter().map(|layer| layer[s]).collect());
            }
        }
        BruteForce { solver, values }
    }

    /// Every position, with its value at each budget from 0 up.
    pub fn positions(&self) -> impl Iterator<Item = (Position, &[Value])> + '_ {
        self.values.iter().map(|(&(index, side), values)| {
            let position = self.solver.position(index, side).expect("a position");
            (position, values.as_slice())
        })
    }
}

/// The value of `position`, reached by a capture (its counts start afresh): from the
/// smaller ending solved already, or lost at once without a move.
fn fresh_value(
    solver: &Solver,
    values: &HashMap<(usize, Color), Vec<Value>>,
    position: &Position,
) -> Value {
    if position.legal_moves().is_empty() {
        return Value::Loss(0);
    }
    // The lone king may be either colour: turned round, the kings are White's.
    let white_strong = if solver.index(position).is_some() {
        *position
    } else {
        position.mirrored()
    };
    let index = solver.index(&white_strong).expect("a smaller king ending");
    let budget = DrawCounters::starting(position).plies_left(position) as usize;
    values[&(index, white_strong.side_to_move())][budget]
}
