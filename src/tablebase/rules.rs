//! The draw rules as the tables see them: which rule can end a game inside the
//! positions of a material, and how a move changes the plies it leaves.
//!
//! RULES.md has three move-count draws (the referee keeps them in [`DrawCounters`]):
//! 15 moves of kings only, restarted by a man move or a capture (rule 2); three or
//! more kings against a lone king, 15 moves of the stronger side from when that
//! balance arose (rule 3); and, with kings on both sides, 30 moves (4–5 pieces) or 60
//! (6–7) without a capture or promotion (rule 4). A quiet move keeps the material,
//! so inside one material's table these hold (docs/TABLEBASE.md has the proofs):
//!
//! - [`Class::Unbounded`]: one side has no king. Its every move is a man's, so no
//!   count runs long enough to end the game.
//! - [`Class::LoneKing`]: rule 3 always ends the game first. Its count falls by one
//!   each ply, whatever moves, and runs on through a capture or promotion that keeps
//!   the balance (the lone king takes one of four kings).
//! - [`Class::KingsOnly`]: only kings, or men with fewer than four or more than seven
//!   pieces: rule 2 ends the game first (rule 4, where it runs, restarted with it and
//!   allows more). A man move restarts it.
//! - [`Class::KingEnding`]: both sides have kings and men are on the board, four to
//!   seven pieces: rules 2 and 4 both run, and a man move restarts the first but not
//!   the second, so the value depends on both counts. The tables' steps assume there,
//!   at worst, that a man move restarts neither (every quiet move takes a ply off the
//!   least of the two), which makes their wins and losses sure; see [`super::Record`].
//!
//! In the first three classes the plies left, [`Budget::of`] the game's counters,
//! decide the value alone.

use crate::{DrawCounters, Move, Position, stronger_against_lone_king};

use super::{Budget, Material};

/// Which draw rule can end a game inside the positions of a material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// One side has no king: no count can run out.
    Unbounded,
    /// Three or more kings against a lone king: rule 3.
    LoneKing,
    /// Rule 2, the 15 moves of kings only.
    KingsOnly,
    /// Rules 2 and 4 together, in four to seven pieces with men and kings on both sides.
    KingEnding,
}

impl Class {
    /// The class of `material`'s positions.
    pub fn of(material: Material) -> Class {
        let [white_kings, black_kings] = material.kings;
        if white_kings == 0 || black_kings == 0 {
            return Class::Unbounded;
        }
        let lone = |strong: usize| {
            let weak = 1 - strong;
            material.kings[strong] >= 3 && material.kings[weak] == 1 && material.men[weak] == 0
        };
        if lone(0) || lone(1) {
            Class::LoneKing
        } else if material.total_men() > 0 && (4..=7).contains(&material.pieces()) {
            Class::KingEnding
        } else {
            Class::KingsOnly
        }
    }

    /// Whether the budget matters: every class but [`Class::Unbounded`].
    pub fn is_budgeted(self) -> bool {
        self != Class::Unbounded
    }
}

/// How a move changes the budget, as the solver counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Transition {
    /// One ply less.
    CountDown,
    /// This budget, whatever there was.
    Restart(Budget),
}

impl Transition {
    /// The budget after the move from `budget`.
    #[inline]
    pub fn apply(self, budget: Budget) -> Budget {
        match self {
            Transition::CountDown => budget.spent(),
            Transition::Restart(next) => next,
        }
    }
}

/// How `mv`, played from `before` to reach `after`, changes the budget.
///
/// A capture or a promotion starts the counts afresh (the referee's own counters say
/// how many plies that leaves), except where the lone-king count runs on. A man move
/// restarts the kings-only count, which in [`Class::KingsOnly`] is the budget; in
/// [`Class::KingEnding`] it is taken as not restarting anything (see the module's
/// docs). Every other move takes one ply.
pub(crate) fn transition(before: &Position, mv: Move, after: &Position) -> Transition {
    if mv.is_capture() || mv.promotes() {
        let stronger = stronger_against_lone_king(after);
        if stronger.is_some() && stronger == stronger_against_lone_king(before) {
            return Transition::CountDown;
        }
        return Transition::Restart(fresh(before, mv, after));
    }
    let man_moved = !before.kings().contains(mv.from());
    if man_moved && Class::of(Material::of(before)) == Class::KingsOnly {
        return Transition::Restart(fresh(before, mv, after));
    }
    Transition::CountDown
}

/// The budget after `mv` where it restarts the counts that run.
fn fresh(before: &Position, mv: Move, after: &Position) -> Budget {
    Budget::of(after, &DrawCounters::default().after(before, mv, after))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Game};
    use rand::rngs::StdRng;
    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{RngExt, SeedableRng};

    fn class(text: &str) -> Class {
        Class::of(text.parse().unwrap())
    }

    #[test]
    fn each_material_has_the_class_of_the_rule_that_ends_its_games() {
        assert_eq!(class("w1m0k-b0m1k"), Class::Unbounded);
        assert_eq!(class("w2m1k-b3m0k"), Class::Unbounded);
        assert_eq!(class("w0m1k-b0m1k"), Class::KingsOnly);
        assert_eq!(class("w0m2k-b0m2k"), Class::KingsOnly);
        assert_eq!(class("w1m1k-b0m1k"), Class::KingsOnly);
        assert_eq!(class("w0m3k-b0m1k"), Class::LoneKing);
        assert_eq!(class("w0m1k-b1m3k"), Class::LoneKing);
        assert_eq!(class("w0m3k-b1m1k"), Class::KingEnding);
        assert_eq!(class("w1m1k-b1m1k"), Class::KingEnding);
        assert_eq!(class("w0m2k-b1m1k"), Class::KingEnding);
    }

    /// A random position of at most `pieces` pieces with kings on both sides.
    fn random_ending(rng: &mut StdRng, pieces: usize) -> Option<Position> {
        let mut squares: Vec<crate::Square> = crate::Square::all().collect();
        squares.shuffle(rng);
        let count = rng.random_range(2..=pieces);
        let (mut men, mut kings) = ([crate::Bitboard::EMPTY; 2], [crate::Bitboard::EMPTY; 2]);
        for (i, &square) in squares[..count].iter().enumerate() {
            let side = if i < 2 { i } else { rng.random_range(0..2) };
            let last_rank = if side == 0 { 7 } else { 0 };
            if i < 2 || square.rank() == last_rank || rng.random_bool(0.5) {
                kings[side] |= square.bitboard();
            } else {
                men[side] |= square.bitboard();
            }
        }
        let side = if rng.random() {
            Color::White
        } else {
            Color::Black
        };
        Position::from_pieces(men, kings, side).ok()
    }

    #[test]
    fn the_solver_counts_the_plies_the_referee_leaves() {
        // Random games of small endings, played with the referee's counters: where the
        // budget decides the value, the solver's count is the referee's exactly; in
        // king endings with men it is never more.
        let mut rng = StdRng::seed_from_u64(5);
        let (mut exact, mut cautious) = (0, 0);
        for _ in 0..3000 {
            let Some(start) = random_ending(&mut rng, 6) else {
                continue;
            };
            let mut game = Game::new(start);
            for _ in 0..80 {
                if game.outcome().is_some() {
                    break;
                }
                let before = *game.position();
                let budget = Budget::of(&before, &game.counters());
                let moves = before.legal_moves();
                let mv = *moves[..].choose(&mut rng).unwrap();
                let after = before.play_unchecked(mv);
                let counted = transition(&before, mv, &after).apply(budget);
                game.play(mv).unwrap();
                let real = Budget::of(&after, &game.counters());
                if Class::of(Material::of(&before)) == Class::KingEnding {
                    assert!(counted <= real, "{} {mv:?}", before.to_fen());
                    cautious += 1;
                } else if Class::of(Material::of(&after)).is_budgeted() {
                    assert_eq!(counted, real, "{} {mv:?}", before.to_fen());
                    exact += 1;
                }
            }
        }
        assert!(exact > 10_000 && cautious > 1_000, "{exact} {cautious}");
    }
}
