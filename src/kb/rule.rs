//! Rules: a move to play or to avoid, with conditions on the position, as Prolog has
//! them: `play K-T :- king(K), \+ on(K, big_road), on(T, big_road), safe(K-T)`.
//!
//! A rule is evaluated on the position, never expanded into board masks: its head is
//! tried on each legal move, which binds the head's variables, and its conditions are
//! then proved left to right with backtracking over the squares (and directions) a
//! condition can bind. Negation is negation as failure, and safe: every variable in
//! a negated goal, a comparison, or a condition that only tests (`attacked`,
//! `protected`, `safe`, `after`) is bound before it, which the check at load ensures.
//! There is no recursion and no rule calls another, so every rule ends, and quickly: a
//! goal binds at most 32 squares or 4 directions.
//!
//! A rule written for Black is turned once when it is compiled, as facts are: squares
//! turned 180 degrees, colours swapped, directions reversed, and the named square sets
//! are their own turned images.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::ast::{ClauseSyntax, Spot, TermSyntax};
use super::problem::Problem;
use crate::combination::safety::{lone_piece_kept, safety};
use crate::tablebase::{Tablebase, Wait};
use crate::tables::{Direction, NEIGHBOUR};
use crate::{Bitboard, Color, Move, Position, Square};

/// The safety check a rule's `safe(M)` asks: the engine answers with its own cache and
/// node cap; [`CheckedNow`] runs the check itself.
pub trait Judge {
    /// Whether `mv` in `position` passes the safety check (loses no material by force).
    fn safe(&mut self, position: &Position, mv: Move) -> bool;
}

/// The safety check run where it is asked, each position and move once for as long
/// as it is kept (one lookup: two rules of one position often ask the same move). A
/// lone piece's move is first looked up in the built-in king endings
/// ([`lone_piece_kept`]): the check's verdict there, without its search.
#[derive(Default)]
pub struct CheckedNow(Vec<(Position, Move, bool)>);

/// The built-in king endings, solved the first time a lookup asks (a fraction of a
/// second), for [`CheckedNow`].
fn king_endings() -> &'static Tablebase {
    static TABLES: LazyLock<Tablebase> = LazyLock::new(Tablebase::builtin);
    &TABLES
}

impl Judge for CheckedNow {
    fn safe(&mut self, position: &Position, mv: Move) -> bool {
        if let Some(&(_, _, safe)) = self
            .0
            .iter()
            .find(|(known, known_move, _)| known == position && *known_move == mv)
        {
            return safe;
        }
        let safe = lone_piece_kept(king_endings(), position, mv, Wait::Yes)
            || safety(position, mv, 0).is_safe();
        self.0.push((*position, mv, safe));
        safe
    }
}

/// A named set of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareSet {
    /// The long diagonal a1–h8 («большак»).
    BigRoad,
    /// The double diagonals a7–g1 and b8–h2 («двойник»).
    Doubles,
    /// The triple diagonals c1–h6, a3–f8, a3–c1, f8–h6 («тройник»).
    Triples,
    /// The squares of the board's edge.
    Edges,
}

impl SquareSet {
    /// Every set, with its name in rules.
    pub const NAMED: [(&'static str, SquareSet); 4] = [
        ("big_road", SquareSet::BigRoad),
        ("doubles", SquareSet::Doubles),
        ("triples", SquareSet::Triples),
        ("edges", SquareSet::Edges),
    ];

    /// Its squares. Each set is its own image with the board turned 180 degrees, so a
    /// rule turned for Black keeps its sets.
    pub fn squares(self) -> Bitboard {
        Square::all()
            .filter(|square| {
                let (file, rank) = (i32::from(square.file()), i32::from(square.rank()));
                match self {
                    SquareSet::BigRoad => file == rank,
                    SquareSet::Doubles => file + rank == 6 || file + rank == 8,
                    SquareSet::Triples => {
                        (rank - file).abs() == 2 || file + rank == 2 || file + rank == 12
                    }
                    SquareSet::Edges => file == 0 || file == 7 || rank == 0 || rank == 7,
                }
            })
            .collect()
    }

    fn named(word: &str) -> Option<SquareSet> {
        SquareSet::NAMED
            .iter()
            .find(|(name, _)| *name == word)
            .map(|&(_, set)| set)
    }
}

/// What a square holds, as a condition names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Occupant {
    Empty,
    White,
    Black,
    Man,
    King,
    WhiteMan,
    WhiteKing,
    BlackMan,
    BlackKing,
    EmptyOrWhite,
    EmptyOrBlack,
}

impl Occupant {
    const NAMED: [(&'static str, Occupant); 11] = [
        ("empty", Occupant::Empty),
        ("white", Occupant::White),
        ("black", Occupant::Black),
        ("man", Occupant::Man),
        ("king", Occupant::King),
        ("white_man", Occupant::WhiteMan),
        ("white_king", Occupant::WhiteKing),
        ("black_man", Occupant::BlackMan),
        ("black_king", Occupant::BlackKing),
        ("empty_or_white", Occupant::EmptyOrWhite),
        ("empty_or_black", Occupant::EmptyOrBlack),
    ];

    /// The squares of `position` that hold it.
    fn squares(self, position: &Position) -> Bitboard {
        let white = position.pieces(Color::White);
        let black = position.pieces(Color::Black);
        let kings = position.kings();
        let empty = !position.occupied() & Bitboard::ALL;
        match self {
            Occupant::Empty => empty,
            Occupant::White => white,
            Occupant::Black => black,
            Occupant::Man => position.occupied() & !kings,
            Occupant::King => kings,
            Occupant::WhiteMan => white & !kings,
            Occupant::WhiteKing => white & kings,
            Occupant::BlackMan => black & !kings,
            Occupant::BlackKing => black & kings,
            Occupant::EmptyOrWhite => empty | white,
            Occupant::EmptyOrBlack => empty | black,
        }
    }

    /// The same with the colours swapped.
    fn mirrored(self) -> Occupant {
        match self {
            Occupant::White => Occupant::Black,
            Occupant::Black => Occupant::White,
            Occupant::WhiteMan => Occupant::BlackMan,
            Occupant::WhiteKing => Occupant::BlackKing,
            Occupant::BlackMan => Occupant::WhiteMan,
            Occupant::BlackKing => Occupant::WhiteKing,
            Occupant::EmptyOrWhite => Occupant::EmptyOrBlack,
            Occupant::EmptyOrBlack => Occupant::EmptyOrWhite,
            other => other,
        }
    }
}

/// A square in a condition: written, a variable's, or `_` (any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Square(Square),
    Var(usize),
    Any,
}

/// A direction in a condition: written (`ne`, `nw`, `se`, `sw`) or a variable's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Heading {
    Known(Direction),
    Var(usize),
}

const DIRECTIONS: [(&str, Direction); 4] = [
    ("nw", Direction::NorthWest),
    ("ne", Direction::NorthEast),
    ("sw", Direction::SouthWest),
    ("se", Direction::SouthEast),
];

/// A move in a condition or a head: `X-Y` (not a capture) or `X:Y` (a capture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MoveTerm {
    from: Slot,
    to: Slot,
    capture: bool,
}

/// A condition, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Goal {
    /// `empty(S)`, `white_king(S)`, ...; on a named set, every square of it.
    Holds(Occupant, Slot),
    HoldsAll(Occupant, SquareSet),
    /// `on(S, SET)`.
    On(Slot, SquareSet),
    /// `next(S, D, T)`: T is S's neighbour in direction D.
    Next(Slot, Heading, Slot),
    /// `pieces_on(SET, N)`.
    PiecesOn(SquareSet, u32),
    /// `has_capture(SIDE)`.
    HasCapture(Color),
    /// `captures(SIDE, N)`: the side has exactly N legal captures.
    Captures(Color, u32),
    /// `attacked(S)`.
    Attacked(Slot),
    /// `protected(S)`.
    Protected(Slot),
    /// `after(M, GOALS...)`.
    After(MoveTerm, Vec<Goal>),
    /// `safe(M)`.
    Safe(MoveTerm),
    /// `\+ GOAL`.
    Not(Box<Goal>),
    /// `X = Y` (`true`) or `X \= Y`.
    Same(Slot, Slot, bool),
}

/// A variable's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Square(Square),
    Direction(Direction),
}

type Env = Vec<Option<Value>>;

/// One clause, compiled: its head and its conditions, over `vars` variables.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Clause {
    avoid: bool,
    head: MoveTerm,
    goals: Vec<Goal>,
    vars: usize,
}

/// A rule's clauses, compiled, with the mover as White.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    clauses: Vec<Clause>,
}

impl Rule {
    /// Compiles the clauses of a rule written for `side` (turned when it is Black), or
    /// every problem found, each at its place.
    pub fn compile(clauses: &[ClauseSyntax], side: Color) -> Result<Rule, Vec<(Spot, Problem)>> {
        let mut problems = Vec::new();
        let mut compiled = Vec::new();
        for clause in clauses {
            let mut compiler = Compiler {
                side,
                names: HashMap::new(),
                bound: Vec::new(),
                problems: &mut problems,
            };
            let head = compiler.head(clause);
            let goals = compiler.goals(&clause.goals);
            compiled.push(Clause {
                avoid: clause.avoid,
                head,
                goals,
                vars: compiler.names.len(),
            });
        }
        match problems.is_empty() {
            true => Ok(Rule { clauses: compiled }),
            false => Err(problems),
        }
    }

    /// The legal moves of `position` (White to move: the view the base matches) that a
    /// `play` clause (`avoid` false) or an `avoid` clause (true) holds for, in the
    /// order the moves are generated, each once.
    pub fn moves(&self, position: &Position, avoid: bool, judge: &mut dyn Judge) -> Vec<Move> {
        let legal = position.legal_moves();
        let mut found = Vec::new();
        for clause in self.clauses.iter().filter(|clause| clause.avoid == avoid) {
            for &mv in legal.iter() {
                if found.contains(&mv) {
                    continue;
                }
                let mut env: Env = vec![None; clause.vars];
                let bound = bind_move(&clause.head, mv, &mut env, &mut |env| {
                    solve(&clause.goals, position, env, judge)
                });
                if bound {
                    found.push(mv);
                }
            }
        }
        found
    }
}

/// Binds `term`'s squares to `mv`'s, then asks `then`; the bindings are undone after.
fn bind_move(
    term: &MoveTerm,
    mv: Move,
    env: &mut Env,
    then: &mut dyn FnMut(&mut Env) -> bool,
) -> bool {
    if term.capture != mv.is_capture() {
        return false;
    }
    each(term.from, mv.from().bitboard(), env, &mut |env| {
        each(term.to, mv.to().bitboard(), env, then)
    })
}

/// `then` for each square of `candidates` that `slot` can be: the slot's own square, or
/// each candidate bound to its variable in turn (undone after). Whether one held.
fn each(
    slot: Slot,
    candidates: Bitboard,
    env: &mut Env,
    then: &mut dyn FnMut(&mut Env) -> bool,
) -> bool {
    match slot {
        Slot::Square(square) => candidates.contains(square) && then(env),
        Slot::Any => candidates.any() && then(env),
        Slot::Var(var) => match env[var] {
            Some(Value::Square(square)) => candidates.contains(square) && then(env),
            Some(Value::Direction(_)) => false,
            None => {
                let held = candidates.into_iter().any(|square| {
                    env[var] = Some(Value::Square(square));
                    then(env)
                });
                env[var] = None;
                held
            }
        },
    }
}

/// The square a bound slot holds.
fn square_of(slot: Slot, env: &Env) -> Option<Square> {
    match slot {
        Slot::Square(square) => Some(square),
        Slot::Var(var) => match env[var] {
            Some(Value::Square(square)) => Some(square),
            _ => None,
        },
        Slot::Any => None,
    }
}

/// The legal moves of `position` that `term` names, its squares bound.
fn resolve(term: &MoveTerm, position: &Position, env: &Env) -> Vec<Move> {
    let (Some(from), Some(to)) = (square_of(term.from, env), square_of(term.to, env)) else {
        return Vec::new();
    };
    position
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| mv.from() == from && mv.to() == to && mv.is_capture() == term.capture)
        .collect()
}

/// Whether `goals` hold in `position` with some binding of their free variables that
/// extends `env` (left as it was).
fn solve(goals: &[Goal], position: &Position, env: &mut Env, judge: &mut dyn Judge) -> bool {
    let Some((goal, rest)) = goals.split_first() else {
        return true;
    };
    // The goals after this one, with what this one bound.
    macro_rules! go_on {
        ($env:expr) => {
            solve(rest, position, $env, judge)
        };
    }
    match goal {
        Goal::Holds(occupant, slot) => each(*slot, occupant.squares(position), env, &mut |env| {
            go_on!(env)
        }),
        Goal::HoldsAll(occupant, set) => {
            (set.squares() & !occupant.squares(position)).is_empty() && go_on!(env)
        }
        Goal::On(slot, set) => each(*slot, set.squares(), env, &mut |env| go_on!(env)),
        Goal::Next(from, heading, to) => each(*from, Bitboard::ALL, env, &mut |env| {
            let Some(from) = square_of(*from, env) else {
                return false;
            };
            let mut step = |direction: Direction, env: &mut Env| {
                let neighbour = NEIGHBOUR[direction as usize][from.index()];
                each(*to, neighbour, env, &mut |env| go_on!(env))
            };
            match *heading {
                Heading::Known(direction) => step(direction, env),
                Heading::Var(var) => match env[var] {
                    Some(Value::Direction(direction)) => step(direction, env),
                    Some(Value::Square(_)) => false,
                    None => {
                        let held = Direction::ALL.into_iter().any(|direction| {
                            env[var] = Some(Value::Direction(direction));
                            step(direction, env)
                        });
                        env[var] = None;
                        held
                    }
                },
            }
        }),
        Goal::PiecesOn(set, count) => {
            (position.occupied() & set.squares()).count() == *count && go_on!(env)
        }
        Goal::HasCapture(side) => position.with_side_to_move(*side).has_capture() && go_on!(env),
        Goal::Captures(side, count) => {
            let moves = position.with_side_to_move(*side).legal_moves();
            let captures = moves.iter().filter(|mv| mv.is_capture()).count();
            captures == *count as usize && go_on!(env)
        }
        Goal::Attacked(slot) => {
            square_of(*slot, env).is_some_and(|square| attacked(position, square)) && go_on!(env)
        }
        Goal::Protected(slot) => {
            square_of(*slot, env).is_some_and(|square| protected(position, square)) && go_on!(env)
        }
        Goal::After(term, goals) => {
            let held = resolve(term, position, env).into_iter().any(|mv| {
                let after = position.play_unchecked(mv);
                solve(goals, &after, env, judge)
            });
            held && go_on!(env)
        }
        Goal::Safe(term) => {
            let moves = resolve(term, position, env);
            let safe = !moves.is_empty() && moves.iter().all(|&mv| judge.safe(position, mv));
            safe && go_on!(env)
        }
        Goal::Not(goal) => {
            !solve(std::slice::from_ref(goal.as_ref()), position, env, judge) && go_on!(env)
        }
        Goal::Same(left, right, equal) => match (square_of(*left, env), square_of(*right, env)) {
            (Some(a), Some(b)) => (a == b) == *equal && go_on!(env),
            // `X = c3` with X free binds it (the check at load lets no `\=` through so).
            (Some(known), None) => each(*right, known.bitboard(), env, &mut |env| go_on!(env)),
            (None, Some(known)) => each(*left, known.bitboard(), env, &mut |env| go_on!(env)),
            (None, None) => false,
        },
    }
}

/// Whether some legal capture of the opponent of the piece on `square` takes it (the
/// opponent to move), under every rule of capturing: compulsory, long king jumps, and
/// the Turkish rule.
fn attacked(position: &Position, square: Square) -> bool {
    let Some(piece) = position.piece_at(square) else {
        return false;
    };
    let opponent = position.with_side_to_move(piece.color.opposite());
    opponent
        .legal_moves()
        .iter()
        .any(|mv| mv.is_capture() && mv.captured().contains(square))
}

/// Whether the piece on `square` cannot be jumped from any direction: along each
/// diagonal through it, the square beyond it is off the board or taken, or the square
/// before it is off the board or holds a piece of its own side (where an attacker
/// would have to stand or pass).
fn protected(position: &Position, square: Square) -> bool {
    let Some(piece) = position.piece_at(square) else {
        return false;
    };
    let own = position.pieces(piece.color);
    Direction::ALL.into_iter().all(|direction| {
        let landing = NEIGHBOUR[direction as usize][square.index()];
        let before = NEIGHBOUR[direction.opposite() as usize][square.index()];
        landing.is_empty()
            || (landing & position.occupied()).any()
            || before.is_empty()
            || (before & own).any()
    })
}

/// The predicates a condition may call, with the number of arguments each takes.
pub const PREDICATES: [(&str, usize); 21] = [
    ("empty", 1),
    ("white", 1),
    ("black", 1),
    ("man", 1),
    ("king", 1),
    ("white_man", 1),
    ("white_king", 1),
    ("black_man", 1),
    ("black_king", 1),
    ("empty_or_white", 1),
    ("empty_or_black", 1),
    ("on", 2),
    ("next", 3),
    ("pieces_on", 2),
    ("has_capture", 1),
    ("captures", 2),
    ("attacked", 1),
    ("protected", 1),
    ("after", 2),
    ("safe", 1),
    ("not", 1),
];

/// What a place in a condition takes, for the message when it gets something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A square (`c3`), a variable (`K`) or `_`.
    Square,
    /// A square, a variable, or a named set of squares.
    SquareOrSet,
    /// A named set of squares.
    Set,
    /// A direction (`ne`, `nw`, `se`, `sw`) or a variable.
    Direction,
    /// `white` or `black`.
    Side,
    /// A number.
    Number,
    /// A move `X-Y` or `X:Y`.
    Move,
    /// A condition.
    Condition,
}

impl Wanted {
    /// Its word in the messages.
    pub fn keyword(self) -> &'static str {
        match self {
            Wanted::Square => "square",
            Wanted::SquareOrSet => "square-or-set",
            Wanted::Set => "set",
            Wanted::Direction => "direction",
            Wanted::Side => "side",
            Wanted::Number => "number",
            Wanted::Move => "move",
            Wanted::Condition => "condition",
        }
    }
}

/// The kind of value a variable holds, fixed where it is first used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Square,
    Direction,
}

/// Compiles one clause: names its variables, checks each condition's arguments and
/// that every variable a test needs is bound before it.
struct Compiler<'a> {
    side: Color,
    /// Each variable's index and kind.
    names: HashMap<String, (usize, Kind)>,
    /// Whether each variable is bound at the point reached.
    bound: Vec<bool>,
    problems: &'a mut Vec<(Spot, Problem)>,
}

impl Compiler<'_> {
    fn fail(&mut self, at: Spot, problem: Problem) {
        self.problems.push((at, problem));
    }

    fn turned(&self) -> bool {
        self.side == Color::Black
    }

    fn head(&mut self, clause: &ClauseSyntax) -> MoveTerm {
        let at = clause.at;
        let from = self.binding_slot(&clause.from, at, "play");
        let to = self.binding_slot(&clause.to, at, "play");
        MoveTerm {
            from,
            to,
            capture: clause.capture,
        }
    }

    fn goals(&mut self, terms: &[TermSyntax]) -> Vec<Goal> {
        terms.iter().filter_map(|term| self.goal(term)).collect()
    }

    /// A variable by its name, made (unbound) where it is new.
    fn variable(&mut self, name: &str, kind: Kind, at: Spot, predicate: &str) -> Option<usize> {
        let next = self.names.len();
        let (index, known) = *self.names.entry(name.to_string()).or_insert((next, kind));
        if index == next {
            self.bound.push(false);
        }
        if known != kind {
            let wanted = match kind {
                Kind::Square => Wanted::Square,
                Kind::Direction => Wanted::Direction,
            };
            self.fail(at, argument(predicate, name, wanted));
            return None;
        }
        Some(index)
    }

    /// A square, a variable or `_` where the goal may bind it.
    fn binding_slot(&mut self, word: &str, at: Spot, predicate: &str) -> Slot {
        self.slot(word, at, predicate, true)
    }

    /// A square, a variable or `_`; with `binds`, the variable is bound from here on,
    /// else it must be bound already.
    fn slot(&mut self, word: &str, at: Spot, predicate: &str, binds: bool) -> Slot {
        if word == "_" {
            return Slot::Any;
        }
        if is_variable(word) {
            let Some(index) = self.variable(word, Kind::Square, at, predicate) else {
                return Slot::Any;
            };
            if binds {
                self.bound[index] = true;
            } else if !self.bound[index] {
                self.fail(
                    at,
                    Problem::RuleUnbound {
                        variable: word.to_string(),
                        condition: predicate.to_string(),
                    },
                );
            }
            return Slot::Var(index);
        }
        match word.parse::<Square>() {
            Ok(square) if self.turned() => Slot::Square(square.flipped()),
            Ok(square) => Slot::Square(square),
            Err(_) => {
                self.fail(at, argument(predicate, word, Wanted::Square));
                Slot::Any
            }
        }
    }

    /// A square argument of `predicate`.
    fn square_arg(&mut self, term: &TermSyntax, predicate: &str, binds: bool) -> Option<Slot> {
        match term {
            TermSyntax::Word(word, at) => Some(self.slot(word, *at, predicate, binds)),
            other => {
                self.fail(
                    other.at(),
                    argument(predicate, &shown(other), Wanted::Square),
                );
                None
            }
        }
    }

    fn set_arg(&mut self, term: &TermSyntax, predicate: &str) -> Option<SquareSet> {
        let set = match term {
            TermSyntax::Word(word, _) => SquareSet::named(word),
            _ => None,
        };
        if set.is_none() {
            self.fail(term.at(), argument(predicate, &shown(term), Wanted::Set));
        }
        set
    }

    fn side_arg(&mut self, term: &TermSyntax, predicate: &str) -> Option<Color> {
        let side = match term {
            TermSyntax::Word(word, _) if word == "white" => Some(Color::White),
            TermSyntax::Word(word, _) if word == "black" => Some(Color::Black),
            _ => None,
        };
        match side {
            Some(side) if self.turned() => Some(side.opposite()),
            Some(side) => Some(side),
            None => {
                self.fail(term.at(), argument(predicate, &shown(term), Wanted::Side));
                None
            }
        }
    }

    fn number_arg(&mut self, term: &TermSyntax, predicate: &str) -> Option<u32> {
        match term {
            TermSyntax::Number(number, _) if *number <= 32 => Some(*number),
            _ => {
                self.fail(term.at(), argument(predicate, &shown(term), Wanted::Number));
                None
            }
        }
    }

    fn heading_arg(&mut self, term: &TermSyntax, predicate: &str) -> Option<Heading> {
        let TermSyntax::Word(word, at) = term else {
            self.fail(
                term.at(),
                argument(predicate, &shown(term), Wanted::Direction),
            );
            return None;
        };
        if is_variable(word) {
            let index = self.variable(word, Kind::Direction, *at, predicate)?;
            self.bound[index] = true;
            return Some(Heading::Var(index));
        }
        let direction = DIRECTIONS
            .iter()
            .find(|(name, _)| name == word)
            .map(|&(_, direction)| direction);
        match direction {
            Some(direction) if self.turned() => Some(Heading::Known(direction.opposite())),
            Some(direction) => Some(Heading::Known(direction)),
            None => {
                self.fail(*at, argument(predicate, word, Wanted::Direction));
                None
            }
        }
    }

    /// A move argument: its squares must be bound already.
    fn move_arg(&mut self, term: &TermSyntax, predicate: &str) -> Option<MoveTerm> {
        let TermSyntax::Move {
            from,
            to,
            capture,
            at,
        } = term
        else {
            self.fail(term.at(), argument(predicate, &shown(term), Wanted::Move));
            return None;
        };
        let from = self.slot(from, *at, predicate, false);
        let to = self.slot(to, *at, predicate, false);
        Some(MoveTerm {
            from,
            to,
            capture: *capture,
        })
    }

    fn goal(&mut self, term: &TermSyntax) -> Option<Goal> {
        match term {
            TermSyntax::Not(inner, _) => self.negated(inner),
            TermSyntax::Compare {
                left,
                right,
                equal,
                at,
            } => {
                let name = if *equal { "=" } else { "\\=" };
                let bound = |compiler: &Compiler, term: &TermSyntax| match term {
                    TermSyntax::Word(word, _) if is_variable(word) => compiler
                        .names
                        .get(word)
                        .is_some_and(|&(index, _)| compiler.bound[index]),
                    _ => true,
                };
                // `X = Y` binds the one not bound yet; `X \= Y` tests only.
                let (left_binds, right_binds) =
                    match (*equal, bound(self, left), bound(self, right)) {
                        (true, true, false) => (false, true),
                        (true, false, true) => (true, false),
                        _ => (false, false),
                    };
                let left = self.square_arg(left, name, left_binds);
                let right = self.square_arg(right, name, right_binds);
                if !equal && (left == Some(Slot::Any) || right == Some(Slot::Any)) {
                    self.fail(*at, argument(name, "_", Wanted::Square));
                }
                Some(Goal::Same(left?, right?, *equal))
            }
            TermSyntax::Word(name, at) => self.call(name, &[], *at),
            TermSyntax::Call { name, args, at } => self.call(name, args, *at),
            other => {
                self.fail(other.at(), argument("", &shown(other), Wanted::Condition));
                None
            }
        }
    }

    /// `\+ GOAL`: the goal only tests, so what it names must be bound before it, and
    /// nothing it binds outlives it.
    fn negated(&mut self, inner: &TermSyntax) -> Option<Goal> {
        let before = self.bound.clone();
        let names_before = self.names.len();
        let goal = self.goal(inner);
        // A variable the negated goal would bind is one not bound before it.
        let newly: Vec<String> = self
            .names
            .iter()
            .filter(|&(_, &(index, _))| {
                self.bound[index] && (index >= names_before || !before[index])
            })
            .map(|(name, _)| name.clone())
            .collect();
        if let Some(variable) = newly.into_iter().min() {
            self.fail(
                inner.at(),
                Problem::RuleUnbound {
                    variable,
                    condition: "not".to_string(),
                },
            );
        }
        self.bound.truncate(before.len());
        self.bound.copy_from_slice(&before);
        self.bound.resize(self.names.len(), false);
        goal.map(|goal| Goal::Not(Box::new(goal)))
    }

    fn call(&mut self, name: &str, args: &[TermSyntax], at: Spot) -> Option<Goal> {
        let Some(&(_, arity)) = PREDICATES.iter().find(|(known, _)| *known == name) else {
            self.fail(at, Problem::RuleUnknownCondition(name.to_string()));
            return None;
        };
        // `after` takes a move and one or more conditions.
        let fits = match name {
            "after" => args.len() >= arity,
            _ => args.len() == arity,
        };
        if !fits {
            self.fail(
                at,
                Problem::RuleArity {
                    condition: name.to_string(),
                    wanted: arity,
                    given: args.len(),
                },
            );
            return None;
        }
        if let Some(&(_, occupant)) = Occupant::NAMED.iter().find(|(known, _)| *known == name) {
            let occupant = if self.turned() {
                occupant.mirrored()
            } else {
                occupant
            };
            if let TermSyntax::Word(word, _) = &args[0]
                && let Some(set) = SquareSet::named(word)
            {
                return Some(Goal::HoldsAll(occupant, set));
            }
            let slot = self.square_arg(&args[0], name, true)?;
            return Some(Goal::Holds(occupant, slot));
        }
        match name {
            "on" => {
                let slot = self.square_arg(&args[0], name, true);
                let set = self.set_arg(&args[1], name);
                Some(Goal::On(slot?, set?))
            }
            "next" => {
                let from = self.square_arg(&args[0], name, true);
                let heading = self.heading_arg(&args[1], name);
                let to = self.square_arg(&args[2], name, true);
                Some(Goal::Next(from?, heading?, to?))
            }
            "pieces_on" => {
                let set = self.set_arg(&args[0], name);
                let count = self.number_arg(&args[1], name);
                Some(Goal::PiecesOn(set?, count?))
            }
            "has_capture" => Some(Goal::HasCapture(self.side_arg(&args[0], name)?)),
            "captures" => {
                let side = self.side_arg(&args[0], name);
                let count = self.number_arg(&args[1], name);
                Some(Goal::Captures(side?, count?))
            }
            "attacked" => Some(Goal::Attacked(self.square_arg(&args[0], name, false)?)),
            "protected" => Some(Goal::Protected(self.square_arg(&args[0], name, false)?)),
            "safe" => Some(Goal::Safe(self.move_arg(&args[0], name)?)),
            "not" => self.negated(&args[0]),
            "after" => {
                let mv = self.move_arg(&args[0], name);
                // What the conditions after the move bind stays theirs.
                let before = self.bound.clone();
                let goals = self.goals(&args[1..]);
                self.bound.truncate(before.len());
                self.bound.copy_from_slice(&before);
                self.bound.resize(self.names.len(), false);
                Some(Goal::After(mv?, goals))
            }
            _ => unreachable!("every predicate is compiled: {name}"),
        }
    }
}

/// Whether a word is a variable: it starts with a capital letter.
fn is_variable(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_uppercase())
}

/// A term as the reader wrote it, for a message.
fn shown(term: &TermSyntax) -> String {
    match term {
        TermSyntax::Word(word, _) => word.clone(),
        TermSyntax::Number(number, _) => number.to_string(),
        TermSyntax::Move {
            from, to, capture, ..
        } => format!("{from}{}{to}", if *capture { ":" } else { "-" }),
        TermSyntax::Call { name, .. } => format!("{name}(…)"),
        TermSyntax::Not(..) => "\\+ …".to_string(),
        TermSyntax::Compare { .. } => "… = …".to_string(),
    }
}

fn argument(condition: &str, given: &str, wanted: Wanted) -> Problem {
    Problem::RuleArgument {
        condition: condition.to_string(),
        given: given.to_string(),
        wanted,
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;
    use crate::kb::KnowledgeBase;

    /// The moves a rule of one clause `play X-Y :- BODY` for White plays in `fen`,
    /// written in full, sorted.
    fn played(head: &str, body: &str, fen: &str) -> Vec<String> {
        let text = format!("rule \"r\" for white\n  play {head} :- {body}\n");
        let (kb, problems) = KnowledgeBase::parse(&text, "t.txt").expect("the rule reads");
        assert!(problems.is_empty(), "{body}: {problems:?}");
        let position: Position = fen.parse().unwrap();
        let mut moves: Vec<String> = kb
            .lookup(&position)
            .map(|(_, moves)| moves)
            .unwrap_or_default()
            .into_iter()
            .map(|mv| crate::MoveText::from_move(&position, mv).to_string())
            .collect();
        moves.sort();
        moves
    }

    /// Each predicate in a position where it holds (the rule plays every quiet move of
    /// the man on c3) and one where it fails (it plays none).
    #[test]
    fn every_predicate_holds_where_the_docs_say_and_fails_where_they_say() {
        let cases = [
            ("empty(d4)", "W:Wc3:Bh8", "W:Wc3,d4:Bh8"),
            ("white(e3)", "W:Wc3,e3:Bh8", "W:Wc3:Bh8"),
            ("black(f6)", "W:Wc3:Bf6", "W:Wc3:Bh8"),
            ("man(f6)", "W:Wc3:Bf6", "W:Wc3:BKf6"),
            ("king(f6)", "W:Wc3:BKf6", "W:Wc3:Bf6"),
            ("white_man(e1)", "W:Wc3,e1:Bh8", "W:Wc3,Ke1:Bh8"),
            ("white_king(e1)", "W:Wc3,Ke1:Bh8", "W:Wc3,e1:Bh8"),
            ("black_man(h8)", "W:Wc3:Bh8", "W:Wc3:BKh8"),
            ("black_king(h8)", "W:Wc3:BKh8", "W:Wc3:Bh8"),
            ("empty_or_white(e5)", "W:Wc3,e5:Bh8", "W:Wc3:Be5,h8"),
            ("empty_or_black(e5)", "W:Wc3:Be5,h8", "W:Wc3,e5:Bh8"),
            ("empty(big_road)", "W:Wa3:Bh6", "W:Wa3:Bh8"),
            ("on(c3, big_road)", "W:Wc3:Bh8", "W:Wc3:Bh8"),
            ("pieces_on(big_road, 2)", "W:Wc3:Bh8", "W:Wc3:Bh6"),
            ("has_capture(black)", "W:Wc3,e5:Bf6,g7", "W:Wc3:Bf6,g7"),
            (
                "captures(black, 2)",
                "W:Wc3,e5,g5:Be7,f6,g7",
                "W:Wc3,e5:Be7,f6,g7",
            ),
            ("attacked(e5)", "W:Wc3,e5:Bf6,g7", "W:Wc3,d4,e5:Bf6,g7"),
            ("protected(c3)", "W:Wb2,c3,d2:Bh8", "W:Wc3:Bh8"),
            ("next(c3, ne, d4)", "W:Wc3:Bh8", "W:Wc3:Bh8"),
            ("after(c3-d4, attacked(d4))", "W:Wc3:Be5", "W:Wc3:Bh8"),
            ("safe(c3-d4)", "W:Wc3:Bh8", "W:Wc3,a1:Be5,h8"),
            ("\\+ empty(d4)", "W:Wc3,d4:Bh8", "W:Wc3:Bh8"),
            ("not(empty(d4))", "W:Wc3,d4:Bh8", "W:Wc3:Bh8"),
        ];
        for (body, holds, fails) in cases {
            let body = format!("white_man(X), {body}");
            assert!(!played("X-Y", &body, holds).is_empty(), "{body} in {holds}");
            if holds != fails {
                assert!(played("X-Y", &body, fails).is_empty(), "{body} in {fails}");
            }
        }
        // The ones the same position cannot show both ways.
        assert!(played("X-Y", "on(X, big_road)", "W:Wb4:Bh8").is_empty());
        assert!(played("X-Y", "next(X, sw, Y)", "W:Wc3:Bh8").is_empty());
        assert_eq!(played("X-Y", "next(X, ne, Y)", "W:Wc3:Bh8"), ["c3-d4"]);
    }

    #[test]
    fn variables_bind_squares_and_directions_and_comparisons_test_them() {
        // Every quiet move onto the big road.
        assert_eq!(
            played("X-Y", "on(Y, big_road)", "W:Wc3,e3:Bh8"),
            ["c3-d4", "e3-d4"]
        );
        assert_eq!(
            played("X-Y", "Y \\= d4", "W:Wc3,e3:Bh8"),
            ["c3-b4", "e3-f4"]
        );
        assert_eq!(played("X-Y", "X = c3", "W:Wc3,e3:Bh8"), ["c3-b4", "c3-d4"]);
        // A square two steps north-east of the man, reached through a free neighbour.
        let body = "next(X, D, M), empty(M), next(M, D, Z), black(Z)";
        assert_eq!(played("X-Y", body, "W:Wc3,g1:Be5"), ["c3-b4", "c3-d4"]);
        // A head's square written out.
        assert_eq!(
            played("c3-Y", "empty(Y)", "W:Wc3,e3:Bh8"),
            ["c3-b4", "c3-d4"]
        );
        // A capture's head matches captures only.
        assert_eq!(played("X:Y", "black(f6)", "W:We5:Bf6"), ["e5:g7"]);
        assert!(played("X-Y", "black(f6)", "W:We5:Bf6").is_empty());
    }

    #[test]
    fn a_rule_for_white_serves_black_turned() {
        let text = "rule \"к большаку\" for white\n  play X-Y :- on(Y, big_road), \
                    \\+ after(X-Y, attacked(Y))\n";
        let (kb, _) = KnowledgeBase::parse(text, "t.txt").unwrap();
        let white: Position = "W:Wc3:Bh8".parse().unwrap();
        let black = white.mirrored();
        let (_, moves) = kb.lookup(&black).expect("the turned rule plays for Black");
        let (_, white_moves) = kb.lookup(&white).unwrap();
        assert_eq!(
            moves,
            white_moves
                .iter()
                .map(|mv| mv.flipped())
                .collect::<Vec<_>>()
        );
    }

    /// `PATH:LINE:COL: error: ...` of each problem `text` has.
    fn errors(text: &str) -> Vec<String> {
        let problems = match KnowledgeBase::parse(text, "t.txt") {
            Ok((_, problems)) => problems,
            Err(problems) => problems,
        };
        problems.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_rule_s_errors_name_the_condition_and_what_it_takes() {
        let rule = |body: &str| format!("rule \"r\" for white\n  play X-Y :- {body}\n");
        let unknown = errors(&rule("emtpy(d4)"));
        assert!(
            unknown[0].contains("no condition is called `emtpy`"),
            "{unknown:?}"
        );
        let arity = errors(&rule("empty(d4, d5)"));
        assert!(
            arity[0].contains("`empty` takes 1 argument, not 2"),
            "{arity:?}"
        );
        let argument = errors(&rule("on(d4, road)"));
        assert!(
            argument[0].contains("`road` cannot stand here in `on`"),
            "{argument:?}"
        );
        assert!(argument[0].contains("big_road, doubles, triples or edges"));
        let unbound = errors(&rule("attacked(Z)"));
        assert!(
            unbound[0].contains("`attacked` needs Z bound"),
            "{unbound:?}"
        );
        let negated = errors(&rule("\\+ white(Z)"));
        assert!(
            negated[0].contains("the negated goal would bind Z"),
            "{negated:?}"
        );
        // Placed at the condition: line 2, after `play X-Y :- `.
        assert!(unknown[0].starts_with("t.txt:2:15: error: "), "{unknown:?}");
        // A syntax error names the parts that could come.
        let syntax = errors("rule \"r\" for white\n  play X-Y :- empty(d4\n");
        assert!(syntax[0].contains("expected"), "{syntax:?}");
    }

    #[test]
    fn the_named_sets_are_the_diagonals_players_name() {
        use super::SquareSet;
        let names = |set: SquareSet| {
            let mut names: Vec<String> = set
                .squares()
                .into_iter()
                .map(|square| square.to_string())
                .collect();
            names.sort();
            names.join(" ")
        };
        assert_eq!(names(SquareSet::BigRoad), "a1 b2 c3 d4 e5 f6 g7 h8");
        assert_eq!(
            names(SquareSet::Doubles),
            "a7 b6 b8 c5 c7 d4 d6 e3 e5 f2 f4 g1 g3 h2"
        );
        assert_eq!(
            names(SquareSet::Triples),
            "a3 b2 b4 c1 c5 d2 d6 e3 e7 f4 f8 g5 g7 h6"
        );
        assert_eq!(SquareSet::Edges.squares().count(), 14);
        for (_, set) in SquareSet::NAMED {
            assert_eq!(
                set.squares().flipped(),
                set.squares(),
                "{set:?} is its own turn"
            );
        }
    }
}
