//! The retrograde solver: the tables of one unit, a material and its colour-swapped
//! twin, from the solved tables its captures and promotions lead to.
//!
//! A quiet move stays within a unit (White to move in one material is Black to move
//! in the twin, seen turned round), so a unit is solved together. Every move out of
//! it, an *exit*, leads to a table solved before; its value there is read at the
//! budget the move leaves ([`super::rules::transition`]).
//!
//! Where a budget runs ([`Class::is_budgeted`]), the solver fills the values budget by
//! budget: with no ply left a position is drawn (or lost, without a move); with `b`
//! plies, a quiet move leads to a position of the unit one ply down, whose value at
//! `b - 1` is known from the layer below. A man move restarts nothing in some classes
//! and restarts the kings-only count in others, so the unit is cut into *slices* by
//! how far its men have advanced: a man move leads to a slice further on, solved
//! before, and only king moves stay within a slice. Each position's values by budget
//! become its [`Steps`].
//!
//! Where no budget runs, the classic retrograde analysis settles values ply by ply,
//! from 0 up: a position lost in `d` plies makes each predecessor (a quiet move taken
//! back, kept if it was legal) a win in `d + 1`; a position won in `d` takes one off
//! each predecessor's count of unsettled moves, and a predecessor left with none and
//! no drawing or winning exit is lost one ply after its longest successor. What is
//! never settled is drawn. The same analysis gives a [`Record`]'s result *beyond*:
//! the value with no count running inside the unit, exits valued at best; it runs
//! where the steps can be short of the truth (king endings with men, and units whose
//! exits are such).
//!
//! Either way every win is the quickest the count allows and every loss the longest.

use std::collections::HashMap;

use super::retrograde::Retrograde;
use super::rules::{Transition, transition};
use super::table::Palette;
use super::value::{Code, Steps};
use super::{Budget, Class, Material, Record, Table, Value};
use crate::{Color, MoveList, Position};

/// The solved tables the exits of a unit lead to.
pub(crate) trait Successors {
    /// The table of `material`, if solved.
    fn solved(&self, material: Material) -> Option<&Table>;
}

impl Successors for HashMap<Material, Table> {
    fn solved(&self, material: Material) -> Option<&Table> {
        self.get(&material)
    }
}

/// Where a move leads: the end of the game (the side to move there has no piece), or
/// a position of a table, White to move.
pub(crate) enum Landing {
    Over,
    At(Material, u64),
}

/// Where the position `after` (reached by a move) is found in the tables.
pub(crate) fn landing(after: &Position) -> Landing {
    let turned = after.mirrored();
    if turned.pieces(Color::White).is_empty() {
        return Landing::Over;
    }
    let material = Material::of(&turned);
    Landing::At(material, material.index(&turned))
}

/// A material and its colour-swapped twin (one material when they are the same).
pub(crate) fn unit_of(material: Material) -> Vec<Material> {
    let twin = material.swapped();
    if twin == material {
        vec![material]
    } else {
        vec![material, twin]
    }
}

/// Solves the unit of `materials` (a material and its twin) into one table each.
/// `report` gets the positions done as the work goes.
pub(crate) fn solve(
    materials: &[Material],
    solved: &dyn Successors,
    report: &mut dyn FnMut(u64),
) -> Vec<Table> {
    let unit = Unit::new(materials);
    let class = Class::of(materials[0]);
    let mut open_exit = false;
    // Each position's steps, as a number into a list of the distinct ones.
    let (steps, numbers): (Vec<Steps>, Vec<u32>) = if class.is_budgeted() {
        Layers::new(&unit, solved).solve(report, &mut open_exit)
    } else {
        let mut sure = |before: &Position, mv, after: &Position| {
            let (code, open) = exit_code(solved, before, mv, after, Flavour::Sure);
            open_exit |= open;
            code
        };
        let codes = Retrograde::new(&unit).solve(&mut sure, report);
        let mut distinct: HashMap<Code, u32> = HashMap::new();
        let numbers = codes
            .iter()
            .map(|&code| {
                let next = distinct.len() as u32;
                *distinct.entry(code).or_insert(next)
            })
            .collect();
        let mut steps = vec![Steps::constant(Value::Draw); distinct.len()];
        for (code, number) in distinct {
            steps[number as usize] = Steps::constant(code.value());
        }
        (steps, numbers)
    };
    let beyond = (class == Class::KingEnding || open_exit).then(|| {
        let mut hoped = |before: &Position, mv, after: &Position| {
            exit_code(solved, before, mv, after, Flavour::Hoped).0
        };
        Retrograde::new(&unit).solve(&mut hoped, &mut |_| {})
    });
    let mut tables = Vec::new();
    let mut at = 0;
    for &material in materials {
        let mut palette = Palette::default();
        // Records by their steps' number and result beyond: each built once.
        let mut known: HashMap<(u32, Option<Code>), u32> = HashMap::new();
        let table_numbers: Vec<u32> = (0..material.size())
            .map(|_| {
                let beyond = beyond
                    .as_ref()
                    .map(|codes| codes[at])
                    .filter(|code| code.is_decisive());
                let key = (numbers[at], beyond);
                at += 1;
                *known.entry(key).or_insert_with(|| {
                    let record = Record::from_parts(steps[key.0 as usize].clone(), beyond);
                    palette.number(record)
                })
            })
            .collect();
        tables.push(Table::new(
            material,
            palette,
            &table_numbers,
            beyond.is_some(),
        ));
    }
    tables
}

/// How an exit is valued.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Flavour {
    /// At the budget the move leaves, where sure (else a draw): for the steps.
    Sure,
    /// At best, beyond the draws of its steps: for the results beyond.
    Hoped,
}

/// The value for the mover of the exit `mv` from `before` to `after`, where no count
/// runs on through it, and whether its record is open.
fn exit_code(
    solved: &dyn Successors,
    before: &Position,
    mv: crate::Move,
    after: &Position,
    flavour: Flavour,
) -> (Code, bool) {
    let Landing::At(material, index) = landing(after) else {
        return (Code::LOST.before(), false);
    };
    let record = solved
        .solved(material)
        .expect("every table a move leads to is solved first")
        .record(index);
    let code = match (flavour, transition(before, mv, after)) {
        (Flavour::Hoped, _) => record.hoped_code(),
        (Flavour::Sure, Transition::Restart(budget)) => record.sure_code(budget),
        (Flavour::Sure, Transition::CountDown) => {
            unreachable!("a count runs on only through a budgeted unit's exits")
        }
    };
    (code.before(), record.beyond_code().is_some())
}

/// The positions of a unit numbered one after another, each material's from an offset.
pub(super) struct Unit<'a> {
    materials: &'a [Material],
    offsets: Vec<u64>,
    /// Positions in all.
    pub size: u64,
}

impl<'a> Unit<'a> {
    fn new(materials: &'a [Material]) -> Unit<'a> {
        let mut offsets = Vec::new();
        let mut size = 0;
        for material in materials {
            offsets.push(size);
            size += material.size();
        }
        assert!(
            size < u64::from(u32::MAX),
            "{} has {size} indices with its twin, more than one build can number",
            materials[0]
        );
        Unit {
            materials,
            offsets,
            size,
        }
    }

    /// The position numbered `at`, if its men do not collide.
    pub fn position(&self, at: u64) -> Option<Position> {
        let part = self.offsets.partition_point(|&offset| offset <= at) - 1;
        self.materials[part].position(at - self.offsets[part])
    }

    /// The number of `position` (White to move), which must belong to the unit.
    pub fn number(&self, position: &Position) -> u32 {
        let material = Material::of(position);
        let part = self
            .materials
            .iter()
            .position(|&m| m == material)
            .expect("a quiet move stays in the unit");
        (self.offsets[part] + material.index(position)) as u32
    }

    /// The number of the position a quiet move leads to (Black to move there).
    fn number_after(&self, after: &Position) -> u32 {
        self.number(&after.mirrored())
    }
}

/// How far the men of `position` have advanced, both sides together: the same for a
/// position turned round, and one more after a man's quiet move.
fn progress(position: &Position) -> usize {
    let white: u32 = position
        .men(Color::White)
        .into_iter()
        .map(|s| u32::from(s.rank()))
        .sum();
    let black: u32 = position
        .men(Color::Black)
        .into_iter()
        .map(|s| 7 - u32::from(s.rank()))
        .sum();
    (white + black) as usize
}

/// A move of a position in a slice, for the layers (see [`Layers`]).
#[derive(Clone, Copy)]
enum Next {
    /// The same value at every budget, for the mover.
    Fixed(Code),
    /// A position of the same slice, one ply down: its slot.
    Slot(u32),
    /// A position of a slice solved before, one ply down: its steps.
    Solved(u32),
    /// A position of another table, one ply down (the lone-king count runs on): its steps.
    Carried(u32),
}

/// The budget-by-budget solution of a unit where a budget runs.
struct Layers<'a> {
    unit: &'a Unit<'a>,
    solved: &'a dyn Successors,
    /// The steps of every position solved so far, by number (`u32::MAX`: not yet).
    steps: Vec<u32>,
    /// Distinct steps, numbered.
    arena: Vec<Steps>,
    numbers: HashMap<Steps, u32>,
}

impl<'a> Layers<'a> {
    fn new(unit: &'a Unit<'a>, solved: &'a dyn Successors) -> Layers<'a> {
        Layers {
            unit,
            solved,
            steps: vec![u32::MAX; unit.size as usize],
            arena: Vec::new(),
            numbers: HashMap::new(),
        }
    }

    fn intern(&mut self, steps: Steps) -> u32 {
        if let Some(&number) = self.numbers.get(&steps) {
            return number;
        }
        let number = self.arena.len() as u32;
        self.arena.push(steps.clone());
        self.numbers.insert(steps, number);
        number
    }

    /// The distinct steps, and the number among them of every position of the unit's
    /// steps; `open_exit` is set when an exit leads to an open record.
    fn solve(
        mut self,
        report: &mut dyn FnMut(u64),
        open_exit: &mut bool,
    ) -> (Vec<Steps>, Vec<u32>) {
        let mut slices: Vec<Vec<u32>> = Vec::new();
        for at in 0..self.unit.size {
            if let Some(position) = self.unit.position(at) {
                let slice = progress(&position);
                if slices.len() <= slice {
                    slices.resize_with(slice + 1, Vec::new);
                }
                slices[slice].push(at as u32);
            }
        }
        let drawn = self.intern(Steps::constant(Value::Draw));
        let mut slot_of = vec![u32::MAX; self.unit.size as usize];
        for slice in slices.iter().rev() {
            self.solve_slice(slice, &mut slot_of, open_exit);
            report(slice.len() as u64);
        }
        // Indices whose men collide name no position: drawn, as nothing reaches them.
        for number in &mut self.steps {
            if *number == u32::MAX {
                *number = drawn;
            }
        }
        (self.arena, self.steps)
    }

    fn solve_slice(&mut self, slice: &[u32], slot_of: &mut [u32], open_exit: &mut bool) {
        for (slot, &at) in slice.iter().enumerate() {
            slot_of[at as usize] = slot as u32;
        }
        let mut nexts: Vec<Next> = Vec::new();
        let mut starts: Vec<u32> = Vec::with_capacity(slice.len() + 1);
        let mut stuck = vec![false; slice.len()];
        let mut carried: Vec<&Steps> = Vec::new();
        let mut list = MoveList::new();
        for (slot, &at) in slice.iter().enumerate() {
            starts.push(nexts.len() as u32);
            let position = self.unit.position(u64::from(at)).expect("a position");
            position.generate_moves(&mut list);
            stuck[slot] = list.is_empty();
            for &mv in list.iter() {
                let after = position.play_unchecked(mv);
                let step = transition(&position, mv, &after);
                if mv.is_capture() || mv.promotes() {
                    let Landing::At(material, index) = landing(&after) else {
                        nexts.push(Next::Fixed(Code::LOST.before()));
                        continue;
                    };
                    let record = self
                        .solved
                        .solved(material)
                        .expect("every table a move leads to is solved first")
                        .record(index);
                    *open_exit |= record.beyond_code().is_some();
                    nexts.push(match step {
                        Transition::Restart(budget) => {
                            Next::Fixed(record.sure_code(budget).before())
                        }
                        Transition::CountDown => {
                            carried.push(record.steps());
                            Next::Carried(carried.len() as u32 - 1)
                        }
                    });
                    continue;
                }
                let number = self.unit.number_after(&after);
                let solved = self.steps[number as usize];
                nexts.push(match step {
                    Transition::Restart(budget) => {
                        debug_assert_ne!(solved, u32::MAX, "a man move leads to a later slice");
                        let code = self.arena[solved as usize].code_at(budget);
                        Next::Fixed(code.before())
                    }
                    Transition::CountDown if solved != u32::MAX => Next::Solved(solved),
                    Transition::CountDown => Next::Slot(slot_of[number as usize]),
                });
            }
        }
        starts.push(nexts.len() as u32);

        // Budget by budget; each position's changes of value are logged as its steps.
        let mut below = vec![Code::DRAW; slice.len()];
        let mut layer = vec![Code::DRAW; slice.len()];
        let mut changes: Vec<(u32, Budget, Code)> = Vec::new();
        for budget in Budget::all() {
            let spent = budget.spent();
            for slot in 0..slice.len() {
                let code = if stuck[slot] {
                    Code::LOST
                } else if budget == Budget::NONE {
                    Code::DRAW
                } else {
                    let moves = &nexts[starts[slot] as usize..starts[slot + 1] as usize];
                    moves
                        .iter()
                        .map(|&next| match next {
                            Next::Fixed(code) => code,
                            Next::Slot(other) => below[other as usize].before(),
                            Next::Solved(steps) => {
                                self.arena[steps as usize].code_at(spent).before()
                            }
                            Next::Carried(steps) => carried[steps as usize].code_at(spent).before(),
                        })
                        .max()
                        .expect("a position that is not stuck has a move")
                };
                if budget == Budget::NONE || code != below[slot] {
                    changes.push((slot as u32, budget, code));
                }
                layer[slot] = code;
            }
            std::mem::swap(&mut below, &mut layer);
        }
        changes.sort_by_key(|&(slot, budget, _)| (slot, budget));
        for run in changes.chunk_by(|a, b| a.0 == b.0) {
            let steps = Steps::from_codes(run.iter().map(|&(_, b, c)| (b, c)).collect());
            let number = self.intern(steps);
            self.steps[slice[run[0].0 as usize] as usize] = number;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_man_move_advances_the_progress_by_one_and_turning_keeps_it() {
        let position: Position = "W:Wc3,Kh2:Bf6,Kb8".parse().unwrap();
        for mv in position.legal_moves() {
            let after = position.play_unchecked(mv);
            let expected = progress(&position) + usize::from(!mv.by_king());
            assert_eq!(progress(&after), expected);
            assert_eq!(progress(&after.mirrored()), expected);
        }
    }
}
