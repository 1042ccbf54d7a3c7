//! Knowledge-base speed over a synthetic base of 10,000 facts: loading and
//! checking, and looking positions up. Run with `cargo bench --bench kb`.
//!
//! Each figure comes with a sanity check (fact counts, matches found), so a
//! broken parser or matcher cannot post a fast time. `cargo bench --bench kb
//! -- load` times loading only (quicker under `valgrind --tool=callgrind`);
//! `cargo bench --bench kb -- problems` times checking a file with 10,000
//! problems instead (each diagnostic once cost a rescan of the file).

use std::collections::HashSet;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shashki::kb::{KnowledgeBase, exact_fact_text};
use shashki::{Color, Move, Position, Role, Square};

const FACTS: usize = 10_000;

/// Distinct positions from seeded random games, each with a legal move.
fn random_positions(count: usize, rng: &mut StdRng) -> Vec<(Position, Move)> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut position = Position::start();
    while found.len() < count {
        let moves = position.legal_moves();
        if moves.is_empty() || rng.random_range(0..80) == 0 {
            position = Position::start();
            continue;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        if seen.insert(position) {
            found.push((position, mv));
        }
        position = position.play_unchecked(mv);
    }
    found
}

/// A pattern fact keeping the move's squares and six others, the rest free.
fn pattern_text(index: usize, position: &Position, mv: Move, rng: &mut StdRng) -> String {
    let mut fixed: HashSet<Square> = [mv.from(), mv.to()].into_iter().collect();
    let (ff, fr) = (i32::from(mv.from().file()), i32::from(mv.from().rank()));
    let (tf, tr) = (i32::from(mv.to().file()), i32::from(mv.to().rank()));
    let steps = (tf - ff).abs();
    for k in 1..steps {
        let file = ff + (tf - ff).signum() * k;
        let rank = fr + (tr - fr).signum() * k;
        fixed.extend(Square::from_coords(file as u8, rank as u8));
    }
    while fixed.len() < 8 + steps as usize {
        fixed.insert(
            Square::all()
                .nth(rng.random_range(0..32))
                .expect("32 squares"),
        );
    }
    let side = match position.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let mut text = format!("fact \"pattern {index}\" for {side}\n  white 1..12\n");
    for rank in (0..8u8).rev() {
        text.push(' ');
        for file in 0..8u8 {
            let symbol = match Square::from_coords(file, rank) {
                None => '.',
                Some(square) if !fixed.contains(&square) => '?',
                Some(square) => match position.piece_at(square) {
                    None => '.',
                    Some(piece) => match (piece.color, piece.role) {
                        (Color::White, Role::Man) => 'w',
                        (Color::White, Role::King) => 'W',
                        (Color::Black, Role::Man) => 'b',
                        (Color::Black, Role::King) => 'B',
                    },
                },
            };
            text.push(' ');
            text.push(symbol);
        }
        text.push('\n');
    }
    let _ = writeln!(text, "  play {:?}", mv);
    text
}

/// Times checking a file of 10,000 facts, each with a move to a light square: every
/// problem is found, at its own line, with its line's text.
fn problems() {
    let board = "8 . ? . ? . ? . ?\n7 ? . ? . ? . ? .\n6 . ? . ? . ? . ?\n5 ? . ? . ? . ? .\n\
                 4 . ? . ? . . . ?\n3 ? . ? . w . ? .\n2 . ? . ? . ? . ?\n1 ? . ? . ? . ? .\n";
    let mut text = String::new();
    for index in 0..FACTS {
        let _ = write!(text, "fact \"f{index}\" for white\n{board}play e3-f5\n\n");
    }
    let mut best = f64::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        let loaded = KnowledgeBase::parse(black_box(&text), "problems");
        best = best.min(started.elapsed().as_secs_f64());
        let Err(problems) = loaded else {
            panic!("every fact of the file has a problem");
        };
        assert_eq!(problems.len(), FACTS, "one problem a fact");
        for (index, problem) in problems.iter().enumerate() {
            assert_eq!((problem.line, problem.column), (11 * index + 10, 9));
            assert_eq!(problem.source_line, "play e3-f5");
        }
    }
    println!(
        "check {FACTS} problems ({} bytes): {:.1} ms",
        text.len(),
        best * 1e3
    );
}

fn main() {
    if std::env::args().any(|arg| arg == "problems") {
        problems();
        return;
    }
    let mut rng = StdRng::seed_from_u64(2024);
    let sources = random_positions(FACTS, &mut rng);
    let mut text = String::new();
    let mut patterns = 0;
    for (index, &(position, mv)) in sources.iter().enumerate() {
        if index % 2 == 1 && !mv.is_capture() {
            text.push_str(&pattern_text(index, &position, mv, &mut rng));
            patterns += 1;
        } else {
            text.push_str(&exact_fact_text(
                &format!("exact {index}"),
                &position,
                &[vec![mv]],
            ));
        }
    }

    // Loading and checking: parse, check every fact, compile and index.
    // Every run is checked, outside the timing: all facts, no problem.
    let mut best = f64::MAX;
    let mut base = None;
    for _ in 0..5 {
        let started = Instant::now();
        let loaded = KnowledgeBase::parse(black_box(&text), "synthetic");
        best = best.min(started.elapsed().as_secs_f64());
        let (kb, warnings) = match loaded {
            Ok(loaded) => loaded,
            Err(errors) => panic!("the synthetic base must load clean: {}", errors[0]),
        };
        assert_eq!(kb.len(), FACTS, "every synthetic fact loads");
        assert_eq!(kb.pattern_count(), patterns);
        assert_eq!(kb.exact_count(), FACTS - patterns);
        assert!(warnings.is_empty(), "{}", warnings[0]);
        base = Some((kb, warnings));
    }
    let Some((kb, warnings)) = base else {
        unreachable!("five runs");
    };
    println!(
        "load+check {FACTS} facts ({} exact, {patterns} patterns, {} bytes, {} warnings): {:.1} ms",
        kb.exact_count(),
        text.len(),
        warnings.len(),
        best * 1e3
    );

    if std::env::args().any(|arg| arg == "load") {
        return;
    }

    // Lookups of the positions the facts were made from: every one must match.
    let mut rng = StdRng::seed_from_u64(7);
    let started = Instant::now();
    let matched = sources
        .iter()
        .filter(|(position, _)| kb.choose(black_box(position), &mut rng).is_some())
        .count();
    let per = started.elapsed().as_secs_f64() / sources.len() as f64;
    assert_eq!(matched, FACTS, "every source position finds its fact");
    println!(
        "lookup, positions in the base: {:.2} us per position ({matched} of {FACTS} matched)",
        per * 1e6
    );

    // Lookups of fresh positions: mostly a full scan of the patterns.
    let known: HashSet<Position> = sources.iter().map(|(p, _)| *p).collect();
    let fresh = random_positions(2 * FACTS, &mut StdRng::seed_from_u64(99));
    let fresh: Vec<Position> = fresh
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| !known.contains(p))
        .take(FACTS)
        .collect();
    let started = Instant::now();
    let matched = fresh
        .iter()
        .filter(|position| kb.choose(black_box(*position), &mut rng).is_some())
        .count();
    let per = started.elapsed().as_secs_f64() / fresh.len() as f64;
    assert!(matched < fresh.len(), "fresh positions cannot all match");
    println!(
        "lookup, fresh positions: {:.2} us per position ({matched} of {} matched a pattern)",
        per * 1e6,
        fresh.len()
    );
}
