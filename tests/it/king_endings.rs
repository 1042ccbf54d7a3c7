//! The built-in king endings are exact under the draw rules: every position of a lone
//! king against one, two or three kings, with the counters of every rule that can run
//! out there, has the value a brute force over budgets gives (tests/it/support.rs).

use crate::support;

use shashki::tablebase::{Budget, Value, Verdict};
use shashki::{Color, DrawCounters, Position, stronger_against_lone_king};

use support::{BruteForce, MAX_BUDGET};

/// Counter states of `position` that leave `budget` plies: the kings-only count run
/// down, and (three kings against one) the lone-king count run down instead, where
/// the side to move lets it leave exactly that many; none where no state leaves it.
fn counters_leaving(position: &Position, budget: u32) -> Vec<DrawCounters> {
    let kings_only = MAX_BUDGET - budget;
    let stronger = stronger_against_lone_king(position);
    let mut states = vec![DrawCounters {
        kings_only,
        lone_king: stronger.map(|_| 0),
        king_ending: Some(kings_only),
    }];
    if let Some(stronger) = stronger {
        // The stronger side's moves left: budget = 2 * left - (it is to move).
        let first = u32::from(position.side_to_move() == stronger);
        if (budget + first).is_multiple_of(2) {
            let left = (budget + first) / 2;
            states.push(DrawCounters {
                kings_only: 0,
                lone_king: Some(15 - left),
                king_ending: Some(0),
            });
        }
    }
    // With the stronger side to move, the lone-king count never leaves 30 plies.
    states.retain(|counters| counters.plies_left(position) == budget);
    states
}

#[test]
fn every_king_ending_has_its_brute_force_value_with_every_count() {
    let brute = BruteForce::new();
    let tables = support::tables();
    let (mut compared, mut differ_by_budget) = (0, 0);
    for (position, values) in brute.positions() {
        for turned in [position, position.mirrored()] {
            for budget in 0..=MAX_BUDGET {
                let expected = values[budget as usize];
                for counters in counters_leaving(&turned, budget) {
                    let verdict = tables.probe(&turned, &counters).unwrap();
                    assert_eq!(
                        verdict,
                        Verdict::Exact(expected),
                        "{} {counters:?}",
                        turned.to_fen()
                    );
                    compared += 1;
                }
            }
        }
        let mut distinct = values.to_vec();
        distinct.dedup();
        differ_by_budget += usize::from(distinct.iter().filter(|v| v.is_decisive()).count() > 1);
    }
    // 1,984 + 29,760 + 287,680 positions, each turned round; some wins get quicker with
    // more plies left.
    assert!(compared > 2 * 30 * 319_000, "{compared}");
    assert!(differ_by_budget > 1000, "{differ_by_budget}");
}

#[test]
fn a_king_ending_cut_short_by_the_counts_is_a_draw() {
    // Win in 25 from the start of the ending; the lone king takes two kings on plies
    // 22 and 24 (a5:d8:g5 in two moves) before h4:f6, and a capture starts the counts
    // again, so the win needs 22 plies within the rules, not 25.
    let position: Position = "W:WKa1,Kb2,Kc3:BKc1".parse().unwrap();
    for (kings_only, lone_king, left, expected) in [
        (8, 0, 22, Value::Win(25)),
        (9, 0, 21, Value::Draw),
        (0, 3, 23, Value::Win(25)),
        (0, 4, 21, Value::Draw),
    ] {
        let counters = DrawCounters {
            kings_only,
            lone_king: Some(lone_king),
            king_ending: Some(kings_only),
        };
        assert_eq!(counters.plies_left(&position), left);
        assert_eq!(Budget::of(&position, &counters).plies(), left);
        assert_eq!(
            support::exact_with(&position, &counters),
            expected,
            "{left}"
        );
    }
    let lost: Position = "W:WKa1:BKh8".parse().unwrap();
    let counted = |kings_only| {
        let counters = DrawCounters {
            kings_only,
            ..DrawCounters::starting(&lost)
        };
        support::exact_with(&lost, &counters)
    };
    assert_eq!(counted(28), Value::Loss(2));
    assert_eq!(counted(29), Value::Draw);
}

#[test]
fn king_against_king_is_mostly_drawn() {
    let mut counts = std::collections::HashMap::new();
    let solver = support::Solver::new();
    for index in solver.all_indices() {
        for side in [Color::White, Color::Black] {
            let position = solver.position(index, side).unwrap();
            if position.occupied().count() == 2 {
                *counts.entry(support::exact(&position)).or_insert(0) += 1;
            }
        }
    }
    let expected = [
        (Value::Win(1), 364),
        (Value::Win(3), 24),
        (Value::Loss(2), 4),
        (Value::Draw, 1592),
    ];
    assert_eq!(counts, expected.into_iter().collect());
}

#[test]
fn the_longest_win_of_three_kings_fits_the_fifteen_moves() {
    let solver = support::Solver::new();
    let (mut with_the_move, mut without) = (0, 0);
    for index in solver.indices() {
        for side in [Color::White, Color::Black] {
            let position = solver.position(index, side).unwrap();
            match support::exact(&position) {
                Value::Win(plies) if side == Color::White => {
                    with_the_move = with_the_move.max(plies)
                }
                Value::Loss(plies) if side == Color::Black => without = without.max(plies),
                _ => {}
            }
        }
    }
    assert_eq!((with_the_move, without), (25, 26));
    let position: Position = "W:WKa1,Kb2,Kc3:BKc1".parse().unwrap();
    assert_eq!(support::exact(&position), Value::Win(25));
    assert_eq!(DrawCounters::starting(&position).plies_left(&position), 29);
}
