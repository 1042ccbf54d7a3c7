//! Three kings against a lone king: the knowledge base's endgame facts,
//! checked against an exact solver (tests/it/support.rs).

use crate::support;

use std::path::Path;
use std::sync::OnceLock;

use shashki::kb::{KnowledgeBase, Sources};
use shashki::{Color, MoveText, Position, Square};
use support::{NONE, Solver};

/// The solver, built once for all tests of this file.
fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

fn shipped() -> KnowledgeBase {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/kb/combs.txt"));
    KnowledgeBase::load(&Sources::file(path))
        .expect("the shipped base loads")
        .0
}

/// Whether `square` lies on the long diagonal a1-h8.
fn on_long_diagonal(square: Square) -> bool {
    square.file() == square.rank()
}

/// Petrov's triangle, White kings c3, e3 and d6, with the lone king on
/// each square off the long diagonal, White to move.
fn triangle_starts() -> Vec<Position> {
    Square::all()
        .filter(|s| !on_long_diagonal(*s) && !["e3", "d6"].contains(&s.to_string().as_str()))
        .map(|s| format!("W:WKc3,Ke3,Kd6:BK{s}").parse().unwrap())
        .collect()
}

/// Follows the base's facts for White from `position` (White to move)
/// against every defence: the most White moves the capture of the lone king
/// takes, or why it fails. A position where White can capture needs no fact
/// (captures are compulsory and the lone king is the only piece to take);
/// any other position without a fact is a failure.
fn hunt(kb: &KnowledgeBase, position: &Position, budget: u8) -> Result<u8, String> {
    let fen = position.to_fen();
    if budget == 0 {
        return Err(format!("{fen}: the lone king is not caught in time"));
    }
    let legal = position.legal_moves();
    if legal.iter().next().is_some_and(|mv| mv.is_capture()) {
        return Ok(1);
    }
    let (fact, moves) = kb
        .lookup(position)
        .ok_or_else(|| format!("{fen}: no fact"))?;
    let mut worst = 1;
    for mv in moves {
        let after = position.play_unchecked(mv);
        if after.count(Color::Black) == 0 {
            continue;
        }
        for &reply in after.legal_moves().iter() {
            let next = after.play_unchecked(reply);
            if next.count(Color::White) == 0 {
                return Err(format!("{fen}: {fact} loses every king"));
            }
            worst = worst.max(1 + hunt(kb, &next, budget - 1)?);
        }
    }
    Ok(worst)
}

#[test]
fn the_solver_agrees_with_the_theory_of_three_kings_against_one() {
    // Three kings holding the big road catch a lone king off it in at most
    // 13 moves (Petrov); a lone king alone on the big road holds the draw.
    let solver = solver();
    let (mut longest, mut road_draws, mut road_tactics) = (0, 0, 0);
    for index in solver.indices() {
        let white = solver.position(index, Color::White).unwrap();
        let lone = white.kings_of(Color::Black).first().unwrap();
        let road_held = white
            .kings_of(Color::White)
            .into_iter()
            .any(on_long_diagonal);
        let distance = solver.distance(&white);
        if !on_long_diagonal(lone) && road_held && distance != NONE {
            longest = longest.max(distance);
        }
        let black = solver.position(index, Color::Black).unwrap();
        if on_long_diagonal(lone) && !road_held {
            match solver.distance(&black) {
                NONE => road_draws += 1,
                // The lone king already caught by a short blow: never 5 moves or more.
                short => {
                    assert!(short <= 4, "{}: {short}", black.to_fen());
                    road_tactics += 1;
                }
            }
        }
    }
    assert_eq!(longest, 13);
    assert_eq!((road_draws, road_tactics), (15824, 368));
}

#[test]
fn petrovs_triangle_catches_the_lone_king_from_every_square_within_five_moves() {
    let kb = shipped();
    let starts = triangle_starts();
    assert_eq!(starts.len(), 22);
    for start in starts {
        let worst = hunt(&kb, &start, 15).unwrap_or_else(|why| panic!("{why}"));
        assert!(worst <= 5, "{}: {worst} moves", start.to_fen());
        assert!(worst >= solver().distance(&start));
    }
}

/// The 15-move limit of RULES.md: a win that takes more White moves is a draw.
const LIMIT: u8 = 15;

/// Positions of the solver (either side to move) where a fact applies.
const AUDIT_MATCHED: u32 = 38206;

/// Lone-king moves onto the big road, in positions lost within the limit
/// anyway, that bring the capture nearer than the best defence: harmless
/// with the full budget, but with fewer moves left before the limit one of
/// them could lose what running out the clock would have drawn.
const AUDIT_HASTEN: u32 = 492;

/// The lone king alone on the big road against three kings, its move, not
/// lost: (positions, fact moves that all keep the draw, positions without a
/// fact, of those the ones where the lone king must capture). The rules that
/// replaced the 64 facts of the road offer 208 drawing moves more than they
/// did (23,140 against 22,932): a safe road square where the table named a
/// corner only.
const ROAD_COVERAGE: (u32, u32, u32, u32) = (15824, 23140, 2128, 2128);

/// What the base's endgame facts do over every position of one to three
/// kings against a lone king, either side to move.
#[derive(Debug, Default, PartialEq, Eq)]
struct Audit {
    /// Positions where a fact applies.
    matched: u32,
    /// Lone-king moves that let a position not won within the limit be won within it.
    spoil_draw: u32,
    /// Lone-king moves in lost positions that bring the capture nearer than the best defence.
    hasten_loss: u32,
    /// Stronger-side moves that let a win within the limit slip past it.
    spoil_win: u32,
    /// Stronger-side moves slower than the fastest win.
    slow_win: u32,
}

/// Audits the shipped base with the solver; `--nocapture` lists every bad move.
fn audit(kb: &KnowledgeBase) -> Audit {
    let solver = solver();
    let mut audit = Audit::default();
    for index in solver.all_indices() {
        for side in [Color::White, Color::Black] {
            let position = solver.position(index, side).unwrap();
            let Some((fact, moves)) = kb.lookup(&position) else {
                continue;
            };
            audit.matched += 1;
            let before = solver.distance(&position);
            for mv in moves {
                let after = position.play_unchecked(mv);
                let (spoils, slower) = match side {
                    // The lone king moves: the distance after its move is
                    // what the stronger side needs from there.
                    Color::Black => {
                        let distance = solver.distance(&after);
                        let spoils = before > LIMIT && distance <= LIMIT;
                        (spoils, !spoils && distance < before)
                    }
                    Color::White => {
                        let needed = match after.count(Color::Black) {
                            0 => 1,
                            _ => solver.distance(&after).saturating_add(1),
                        };
                        let spoils = before <= LIMIT && needed > LIMIT;
                        (spoils, !spoils && needed > before)
                    }
                };
                match (side, spoils, slower) {
                    (Color::Black, true, _) => audit.spoil_draw += 1,
                    (Color::Black, _, true) => audit.hasten_loss += 1,
                    (Color::White, true, _) => audit.spoil_win += 1,
                    (Color::White, _, true) => audit.slow_win += 1,
                    _ => continue,
                }
                let shown = MoveText::from_move(&position, mv);
                println!("{}: {fact} plays {shown}", position.to_fen());
            }
        }
    }
    audit
}

#[test]
fn no_endgame_fact_spoils_a_draw_or_a_win() {
    // Every position of one to three White kings against a lone Black king,
    // either side to move; by mirroring this is also every position of
    // Black kings against a lone White king. The budget assumed is the full
    // 15 moves of the limit: a lone-king move must not let a position that
    // is not won within 15 moves be won within 15; a stronger-side move
    // must not let a win within 15 moves slip past 15. The stronger side's
    // facts (Petrov's triangle) are moreover the fastest wins, so they keep
    // a win within any smaller budget left too. The only blemish
    // (AUDIT_HASTEN): in positions already lost, stepping onto the big road
    // can bring the end nearer than the best defence would.
    let audit = audit(&shipped());
    assert_eq!(
        audit,
        Audit {
            matched: AUDIT_MATCHED,
            spoil_draw: 0,
            hasten_loss: AUDIT_HASTEN,
            spoil_win: 0,
            slow_win: 0,
        }
    );
}

#[test]
fn a_lone_king_on_the_big_road_keeps_the_draw_with_the_base() {
    // Black to move, the lone king alone on a1-h8 against three kings, and
    // no forced win for White: every fact move keeps the draw. Positions
    // without a fact are left to the search; all of them are ones where the
    // lone king must capture (a White king offered on the road), so no
    // quiet fact move is legal.
    let kb = shipped();
    let solver = solver();
    let (mut drawn, mut moves_kept, mut without_fact, mut must_capture) = (0, 0, 0, 0);
    for index in solver.indices() {
        let position = solver.position(index, Color::Black).unwrap();
        let lone = position.kings_of(Color::Black).first().unwrap();
        let road_held = position
            .kings_of(Color::White)
            .into_iter()
            .any(on_long_diagonal);
        if !on_long_diagonal(lone) || road_held || solver.distance(&position) != NONE {
            continue;
        }
        drawn += 1;
        let Some((fact, moves)) = kb.lookup(&position) else {
            without_fact += 1;
            if position.legal_moves().iter().any(|mv| mv.is_capture()) {
                must_capture += 1;
            }
            continue;
        };
        for mv in moves {
            let shown = MoveText::from_move(&position, mv);
            let after = position.play_unchecked(mv);
            assert_eq!(
                solver.distance(&after),
                NONE,
                "{}: {fact} plays {shown} and loses",
                position.to_fen()
            );
            moves_kept += 1;
        }
    }
    assert_eq!(
        (drawn, moves_kept, without_fact, must_capture),
        ROAD_COVERAGE
    );
}

#[test]
#[ignore = "prints the facts of Petrov's triangle for kb/combs.txt"]
fn write_triangle_facts() {
    use shashki::MoveText;
    let solver = solver();
    let mut stack = triangle_starts();
    let mut seen = std::collections::HashSet::new();
    let mut nodes = Vec::new();
    while let Some(p) = stack.pop() {
        if !seen.insert(p) {
            continue;
        }
        let mv = p
            .legal_moves()
            .iter()
            .copied()
            .min_by_key(|&m| {
                let a = p.play_unchecked(m);
                let d = if a.count(Color::Black) == 0 {
                    0
                } else {
                    solver.distance(&a) as usize + 1
                };
                (
                    d,
                    a.legal_moves().len(),
                    MoveText::from_move(&p, m).to_string(),
                )
            })
            .unwrap();
        let after = p.play_unchecked(mv);
        if after.count(Color::Black) == 0 {
            continue;
        }
        nodes.push((solver.distance(&p), p, mv));
        for &r in after.legal_moves().iter() {
            stack.push(after.play_unchecked(r));
        }
    }
    nodes.sort_by_key(|(d, p, _)| (std::cmp::Reverse(*d), p.to_fen()));
    let mut text = String::new();
    for (d, p, mv) in nodes {
        let lone = p.kings_of(Color::Black).first().unwrap();
        let moves = if d < 5 { "хода" } else { "ходов" };
        let name = format!("Треугольник Петрова: дамка {lone}, поимка за {d} {moves}");
        text.push_str(&shashki::kb::exact_fact_text(&name, &p, &[vec![mv]]));
        text.push('\n');
    }
    print!("{text}");
}

/// The pairs of kings that, with a third king on one side, shut a corner.
const TRAP_PAIRS: [[&str; 2]; 4] = [["a7", "c5"], ["b8", "d6"], ["g1", "e3"], ["h2", "f4"]];

/// An 8 x 8 board of `cell(square)` for a fact, rank 8 first.
fn board_text(cell: &dyn Fn(Square) -> char) -> String {
    let mut text = String::new();
    for rank in (0..8u8).rev() {
        text.push_str(&format!("  {}", rank + 1));
        for file in 0..8u8 {
            text.push(' ');
            text.push(Square::from_coords(file, rank).map_or('.', cell));
        }
        text.push('\n');
    }
    text.push_str("    a b c d e f g h\n");
    text
}

#[test]
#[ignore = "prints the facts of the lone king on the big road for kb/combs.txt"]
fn write_big_road_facts() {
    use shashki::Bitboard;
    let solver = solver();
    let square = |name: &str| name.parse::<Square>().unwrap();
    let road: Vec<Square> = Square::all().filter(|s| on_long_diagonal(*s)).collect();
    let corners = [square("a1"), square("h8")];
    let pair = |p: usize| square(TRAP_PAIRS[p][0]).bitboard() | square(TRAP_PAIRS[p][1]).bitboard();
    // Drawn positions, the lone king alone on the road, its move, no capture.
    let drawn: Vec<Position> = solver
        .all_indices()
        .filter_map(|index| solver.position(index, Color::Black))
        .filter(|p| {
            let lone = p.kings_of(Color::Black).first().unwrap();
            on_long_diagonal(lone)
                && !p.kings_of(Color::White).into_iter().any(on_long_diagonal)
                && solver.distance(p) == NONE
                && !p.legal_moves().iter().any(|mv| mv.is_capture())
        })
        .collect();
    // danger[pair][corner]: the third king's squares that shut the corner.
    let mut danger = [[Bitboard::EMPTY; 2]; 4];
    for position in &drawn {
        let kings = position.kings_of(Color::White);
        for &mv in position.legal_moves().iter() {
            let Some(c) = corners.iter().position(|&c| c == mv.to()) else {
                continue;
            };
            if solver.distance(&position.play_unchecked(mv)) != NONE {
                let p = (0..4)
                    .find(|&p| (kings & pair(p)) == pair(p))
                    .expect("every corner trap has a pair");
                danger[p][c] |= kings & !pair(p);
            }
        }
    }
    let head = |name: String| {
        format!(
            "fact \"{name}\" for black\n  white men 0\n  white kings 1..3\n  black 1\n  black kings 1\n"
        )
    };
    let mut text = String::new();
    for &s in &road {
        let targets: Vec<String> = corners
            .iter()
            .filter(|&&c| c != s)
            .map(|c| format!("{s}-{c}"))
            .collect();
        text.push_str(&head(format!("Одинокая дамка держит большак ({s}): ничья")));
        text.push_str(&board_text(&|q| match q {
            q if q == s => 'B',
            q if on_long_diagonal(q) => '.',
            _ => '?',
        }));
        text.push_str(&format!("  play {}\n\n", targets.join(" | ")));
    }
    for &s in &road {
        for p in 0..4 {
            let [a, b] = TRAP_PAIRS[p];
            for c in 0..2 {
                let (corner, shut) = (corners[c], danger[p][c]);
                if corner == s {
                    continue;
                }
                if !corners.contains(&s) {
                    // Run to this corner when the third king is not on its side.
                    let name = format!(
                        "Одинокая дамка держит большак ({s}): ловушка {a}+{b}, в угол {corner}"
                    );
                    text.push_str(&head(name));
                    text.push_str(&board_text(&|q| match q {
                        q if q == s => 'B',
                        q if pair(p).contains(q) => 'W',
                        q if on_long_diagonal(q) || shut.contains(q) => '.',
                        _ => '?',
                    }));
                    text.push_str(&format!("  play {s}-{corner}\n\n"));
                    continue;
                }
                // From a corner whose far end is shut: the road square that
                // keeps the draw in every such position.
                let trapped: Vec<&Position> = drawn
                    .iter()
                    .filter(|position| {
                        let kings = position.kings_of(Color::White);
                        position.kings_of(Color::Black).first() == Some(s)
                            && (kings & pair(p)) == pair(p)
                            && (kings & !pair(p) & !shut) == Bitboard::EMPTY
                    })
                    .collect();
                let target = road.iter().copied().find(|&t| {
                    t != s
                        && trapped.iter().all(|position| {
                            position.legal_moves().iter().any(|&mv| {
                                mv.to() == t
                                    && solver.distance(&position.play_unchecked(mv)) == NONE
                            })
                        })
                });
                let target = target.expect("a safe square on the road");
                let name = format!(
                    "Одинокая дамка держит большак ({s}): ловушка {a}+{b}, угол {corner} закрыт"
                );
                text.push_str(&head(name));
                text.push_str(&board_text(&|q| match q {
                    q if q == s => 'B',
                    q if pair(p).contains(q) => 'W',
                    q if shut.contains(q) => '?',
                    _ => '.',
                }));
                text.push_str(&format!("  play {s}-{target}\n\n"));
            }
        }
    }
    print!("{text}");
}
