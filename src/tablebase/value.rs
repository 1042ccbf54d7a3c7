//! The value code: the result of a position, what a table stores of it at every
//! budget the draw rules leave, and what a probe can say from that.
//!
//! A [`Value`] is a result with best play: a win or a loss in so many plies, or a
//! draw. A [`Budget`] is the number of plies the draw rules still allow (see
//! [`super::rules`]). A position's value can depend on its budget: a win that needs
//! twenty plies before the next capture is a draw with ten left. So a table stores,
//! for each position, a [`Record`]: its [`Steps`] (the value from each budget on,
//! budgets rising: a draw below the budget a win needs, then the win, perhaps a
//! quicker one from a larger budget on) and, where the tables cannot tell a win from
//! a draw at every budget, the result beyond that (see [`Record::verdict`]).

use std::fmt;

use crate::{Color, DrawCounters, Position};

/// The exact result of a position with best play, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins: the game ends with its move `plies` plies from now (1: at once).
    Win(u32),
    /// The side to move loses: the game ends `plies` plies from now (0: it has no move now).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The same result seen by the other side.
    pub fn opposite(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies),
            Value::Loss(plies) => Value::Win(plies),
            Value::Draw => Value::Draw,
        }
    }

    /// The result for `side` when `to_move` is to move.
    pub fn for_side(self, side: Color, to_move: Color) -> Value {
        if side == to_move {
            self
        } else {
            self.opposite()
        }
    }

    /// The value of a move for the side that makes it, from the value of the position
    /// it leads to for the side to move there: one ply longer, seen the other way.
    pub fn before(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies + 1),
            Value::Loss(plies) => Value::Win(plies + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// Whether one side wins.
    pub fn is_decisive(self) -> bool {
        self != Value::Draw
    }

    /// A number that orders values by what they are worth to the side to move: a
    /// quicker win is better, a later loss is better, a draw lies between.
    pub fn worth(self) -> i64 {
        match self {
            Value::Win(plies) => i64::from(u32::MAX) - i64::from(plies),
            Value::Draw => 0,
            Value::Loss(plies) => -i64::from(u32::MAX) + i64::from(plies),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(plies) => write!(f, "win in {plies}"),
            Value::Loss(plies) => write!(f, "loss in {plies}"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// Plies the draw rules still allow before they end the game, from 0 (drawn now)
/// to [`Budget::MAX`]: the least of what each running rule leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Budget(u8);

impl Budget {
    /// The largest budget: 15 moves of kings only, the longest any rule allows.
    pub const MAX: Budget = Budget(30);
    /// No ply left: the game is drawn (unless the side to move has no move, which loses first).
    pub const NONE: Budget = Budget(0);

    /// The budget of `position` in a game whose draw counters are `counters`.
    pub fn of(position: &Position, counters: &DrawCounters) -> Budget {
        Budget::new(counters.plies_left(position))
    }

    /// The budget of `plies` plies, at most [`Budget::MAX`].
    pub fn new(plies: u32) -> Budget {
        Budget(plies.min(u32::from(Budget::MAX.0)) as u8)
    }

    /// Its plies.
    pub fn plies(self) -> u32 {
        u32::from(self.0)
    }

    /// The budget after one more ply (none after none).
    pub fn spent(self) -> Budget {
        Budget(self.0.saturating_sub(1))
    }

    /// Every budget, from none up.
    pub fn all() -> impl Iterator<Item = Budget> {
        (0..=Budget::MAX.0).map(Budget)
    }
}

/// A value in two bytes, ordered by what it is worth to the side to move (the
/// larger the better): losses below the draw (longer is better), wins above it
/// (shorter is better). The solver takes maxima of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Code(u16);

impl Code {
    /// A draw.
    pub const DRAW: Code = Code(0x8000);
    /// No move: lost now.
    pub const LOST: Code = Code(0);
    /// The longest win or loss a code holds, in plies.
    const MAX_PLIES: u32 = 0x7ffe;

    pub fn new(value: Value) -> Code {
        match value {
            Value::Loss(plies) => Code(plies.min(Code::MAX_PLIES) as u16),
            Value::Draw => Code::DRAW,
            Value::Win(plies) => Code(0xffff - plies.min(Code::MAX_PLIES) as u16),
        }
    }

    pub fn value(self) -> Value {
        match self.0 {
            0..0x8000 => Value::Loss(u32::from(self.0)),
            0x8000 => Value::Draw,
            _ => Value::Win(u32::from(0xffff - self.0)),
        }
    }

    /// The value for the side that moved into a position of this value.
    #[inline]
    pub fn before(self) -> Code {
        match self.0 {
            // Lost in n: the mover wins in n + 1.
            0..0x8000 => Code(0xfffe - self.0),
            0x8000 => self,
            // Won in n: the mover loses in n + 1.
            _ => Code(0u16.wrapping_sub(self.0)),
        }
    }

    pub fn is_decisive(self) -> bool {
        self != Code::DRAW
    }

    /// The two bytes, for files.
    pub fn bits(self) -> u16 {
        self.0
    }

    /// A code from its two bytes.
    pub fn from_bits(bits: u16) -> Code {
        Code(bits)
    }
}

/// A position's value at every budget: from each step's budget on, its value, until
/// the next step. The first step is at budget 0, where the game is drawn unless the
/// side to move has no move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Steps(Box<[(Budget, Code)]>);

impl Steps {
    /// The same value at every budget.
    pub fn constant(value: Value) -> Steps {
        Steps(Box::new([(Budget::NONE, Code::new(value))]))
    }

    /// Steps from `(budget, code)` pairs, budgets rising from 0, each code differing from the last.
    pub(crate) fn from_codes(steps: Vec<(Budget, Code)>) -> Steps {
        debug_assert!(steps.first().is_some_and(|&(b, _)| b == Budget::NONE));
        debug_assert!(
            steps
                .windows(2)
                .all(|w| w[0].0 < w[1].0 && w[0].1 != w[1].1)
        );
        Steps(steps.into_boxed_slice())
    }

    /// Steps from a value at each budget.
    #[cfg(test)]
    pub(crate) fn from_layers(codes: &[Code]) -> Steps {
        let mut steps: Vec<(Budget, Code)> = Vec::new();
        for (budget, &code) in Budget::all().zip(codes) {
            if steps.last().is_none_or(|&(_, last)| last != code) {
                steps.push((budget, code));
            }
        }
        Steps::from_codes(steps)
    }

    /// The value with `budget` plies left.
    #[inline]
    pub fn at(&self, budget: Budget) -> Value {
        self.code_at(budget).value()
    }

    #[inline]
    pub(crate) fn code_at(&self, budget: Budget) -> Code {
        let mut code = self.0[0].1;
        for &(from, step) in &self.0[1..] {
            if from > budget {
                break;
            }
            code = step;
        }
        code
    }

    /// The steps: each budget from which a value holds, with the value.
    pub fn iter(&self) -> impl Iterator<Item = (Budget, Value)> + '_ {
        self.0.iter().map(|&(budget, code)| (budget, code.value()))
    }

    pub(crate) fn codes(&self) -> &[(Budget, Code)] {
        &self.0
    }
}

/// What a probe can say of a position at a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The exact result under the draw rules.
    Exact(Value),
    /// Either this win or loss, or a draw: the tables do not know which (see [`Record::verdict`]).
    ValueOrDraw(Value),
}

impl Verdict {
    /// The exact result, if known.
    pub fn exact(self) -> Option<Value> {
        match self {
            Verdict::Exact(value) => Some(value),
            Verdict::ValueOrDraw(_) => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Exact(value) => write!(f, "{value}"),
            Verdict::ValueOrDraw(value) => write!(f, "{value} or draw"),
        }
    }
}

/// What a table stores of one position.
///
/// `steps` are exact where they say win or loss. Where they say draw they are exact
/// too, unless `beyond` holds a win or a loss: the result if no draw rule ran inside
/// this position's material (exits to other materials valued as they would be at
/// best). Then the truth is that result or a draw, and the tables do not know which:
/// in a king ending of four to seven pieces with men on the board the 15-move
/// kings-only count restarts at every man move while the 30- or 60-move count runs
/// on, so the value depends on both counts, not on their least alone; `steps` there
/// assume (at worst) that man moves do not restart it. See docs/TABLEBASE.md.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    steps: Steps,
    beyond: Option<Code>,
}

impl Record {
    /// A record of `steps`, with `beyond` (kept only if it is a win or a loss).
    pub fn new(steps: Steps, beyond: Option<Value>) -> Record {
        let beyond = beyond.map(Code::new).filter(|code| code.is_decisive());
        Record { steps, beyond }
    }

    /// The record of a position whose value is `value` at every budget.
    pub fn exact(value: Value) -> Record {
        Record::new(Steps::constant(value), None)
    }

    pub(crate) fn from_parts(steps: Steps, beyond: Option<Code>) -> Record {
        Record { steps, beyond }
    }

    /// The values by budget, exact where they are wins or losses.
    pub fn steps(&self) -> &Steps {
        &self.steps
    }

    /// The result beyond a draw of the steps, where the tables cannot tell which holds.
    pub fn beyond(&self) -> Option<Value> {
        self.beyond.map(Code::value)
    }

    pub(crate) fn beyond_code(&self) -> Option<Code> {
        self.beyond
    }

    /// What is known with `budget` plies left.
    #[inline]
    pub fn verdict(&self, budget: Budget) -> Verdict {
        let code = self.steps.code_at(budget);
        match self.beyond {
            // With no ply left the game is drawn (or lost at once): nothing is open.
            Some(beyond) if !code.is_decisive() && budget != Budget::NONE => {
                Verdict::ValueOrDraw(beyond.value())
            }
            _ => Verdict::Exact(code.value()),
        }
    }

    /// The value at `budget` where it is exact, else a draw: what no side can do better
    /// than count on (the solver values an exit so for the steps of its predecessors).
    #[inline]
    pub(crate) fn sure_code(&self, budget: Budget) -> Code {
        self.steps.code_at(budget)
    }

    /// The result at the best budget, or beyond it: what a side may at most hope for
    /// (the solver values an exit so for the results beyond of its predecessors).
    pub(crate) fn hoped_code(&self) -> Code {
        let at_best = self.steps.code_at(Budget::MAX);
        match self.beyond {
            Some(beyond) if !at_best.is_decisive() => beyond,
            _ => at_best,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_order_values_from_worst_to_best_and_round_trip() {
        let values = [
            Value::Loss(0),
            Value::Loss(1),
            Value::Loss(300),
            Value::Draw,
            Value::Win(300),
            Value::Win(2),
            Value::Win(1),
        ];
        for pair in values.windows(2) {
            assert!(Code::new(pair[0]) < Code::new(pair[1]), "{pair:?}");
            assert!(pair[0].worth() < pair[1].worth(), "{pair:?}");
        }
        for value in values {
            assert_eq!(Code::new(value).value(), value);
            assert_eq!(Code::new(value).before().value(), value.before());
        }
    }

    #[test]
    fn a_value_before_a_move_is_one_ply_longer_for_the_other_side() {
        assert_eq!(Value::Loss(0).before(), Value::Win(1));
        assert_eq!(Value::Win(1).before(), Value::Loss(2));
        assert_eq!(Value::Draw.before(), Value::Draw);
    }

    #[test]
    fn steps_give_the_value_from_each_budget_on() {
        let codes: Vec<Code> = Budget::all()
            .map(|b| match b.plies() {
                0..=21 => Code::DRAW,
                22..=25 => Code::new(Value::Win(7)),
                _ => Code::new(Value::Win(5)),
            })
            .collect();
        let steps = Steps::from_layers(&codes);
        assert_eq!(steps.iter().count(), 3);
        assert_eq!(steps.at(Budget::new(21)), Value::Draw);
        assert_eq!(steps.at(Budget::new(22)), Value::Win(7));
        assert_eq!(steps.at(Budget::new(26)), Value::Win(5));
        assert_eq!(steps.at(Budget::MAX), Value::Win(5));
    }

    #[test]
    fn a_record_with_a_result_beyond_its_draws_is_open_only_there() {
        let codes: Vec<Code> = Budget::all()
            .map(|b| {
                if b.plies() < 10 {
                    Code::DRAW
                } else {
                    Code::new(Value::Loss(9))
                }
            })
            .collect();
        let record = Record::new(Steps::from_layers(&codes), Some(Value::Loss(9)));
        assert_eq!(
            record.verdict(Budget::new(4)),
            Verdict::ValueOrDraw(Value::Loss(9))
        );
        assert_eq!(record.verdict(Budget::NONE), Verdict::Exact(Value::Draw));
        assert_eq!(
            record.verdict(Budget::new(10)),
            Verdict::Exact(Value::Loss(9))
        );
        let drawn = Record::new(Steps::constant(Value::Draw), Some(Value::Draw));
        assert_eq!(drawn.verdict(Budget::MAX), Verdict::Exact(Value::Draw));
        assert_eq!(drawn.beyond(), None);
    }
}
