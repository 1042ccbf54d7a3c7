//! Knowledge-base speed over synthetic bases of 10,000 facts, one mixed (two
//! thirds exact facts) and one of patterns only: loading and checking, and
//! looking positions up. Run with `cargo bench --bench kb`.
//!
//! Each figure comes with a sanity check (fact counts, matches found, and for
//! fresh positions among the patterns the same answer as a plain scan), so a
//! broken parser, matcher or index cannot post a fast time. `cargo bench
//! --bench kb -- load` times loading only (quicker under `valgrind
//! --tool=callgrind`); `-- patterns` skips the mixed base; `-- problems` times
//! checking a file with 10,000 problems instead (each diagnostic once cost a
//! rescan of the file). `-- safety` times the safety check of a fact's move instead;
//! `-- stage` the knowledge stage of the bot on a clock, with the shipped base; `-- rules`
//! the shipped base's answer (its rules among its facts) in endings of kings where its
//! rules match, and in positions of random games.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shashki::kb::{KnowledgeBase, Symbol, exact_fact_text};
use shashki::{Bitboard, Color, Move, MoveText, Piece, Position, Role, Square};

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

/// The squares a quiet move touches: where it starts, the ones it passes, where it lands.
fn move_squares(mv: Move) -> Vec<Square> {
    let (ff, fr) = (i32::from(mv.from().file()), i32::from(mv.from().rank()));
    let (tf, tr) = (i32::from(mv.to().file()), i32::from(mv.to().rank()));
    let mut squares = vec![mv.from(), mv.to()];
    for k in 1..(tf - ff).abs() {
        let file = ff + (tf - ff).signum() * k;
        let rank = fr + (tr - fr).signum() * k;
        squares.extend(Square::from_coords(file as u8, rank as u8));
    }
    squares
}

/// The move's squares and random others, `others` more than the move's length.
fn fixed_squares(mv: Move, others: usize, rng: &mut StdRng) -> HashSet<Square> {
    let mut fixed: HashSet<Square> = move_squares(mv).into_iter().collect();
    let steps = (i32::from(mv.to().file()) - i32::from(mv.from().file())).unsigned_abs() as usize;
    while fixed.len() < others + steps {
        fixed.insert(
            Square::all()
                .nth(rng.random_range(0..32))
                .expect("32 squares"),
        );
    }
    fixed
}

/// The symbol of a square's content on a written board.
fn symbol(piece: Option<Piece>) -> char {
    piece.map_or('.', |piece| Symbol::piece(piece.color, piece.role).letter())
}

/// A pattern fact as written: a symbol for every dark square (by square
/// index, `?` free), count lines, the move, for one side.
#[derive(Clone, Debug)]
struct Pattern {
    side: Color,
    cells: [char; 32],
    counts: Vec<(Color, Option<Role>, u32, u32)>,
    play: String,
}

impl Pattern {
    /// The pattern of `position` keeping the `fixed` squares as they are.
    fn of(position: &Position, mv: Move, fixed: &HashSet<Square>) -> Pattern {
        let mut cells = ['?'; 32];
        for &square in fixed {
            cells[square.index()] = symbol(position.piece_at(square));
        }
        Pattern {
            side: position.side_to_move(),
            cells,
            counts: Vec::new(),
            play: format!("{mv:?}"),
        }
    }

    /// The fact's text.
    fn text(&self, name: &str) -> String {
        let word = |color| match color {
            Color::White => "white",
            Color::Black => "black",
        };
        let mut text = format!("fact \"{name}\" for {}\n", word(self.side));
        for &(color, role, min, max) in &self.counts {
            let role = match role {
                None => "",
                Some(Role::Man) => " men",
                Some(Role::King) => " kings",
            };
            let range = if min == max {
                min.to_string()
            } else {
                format!("{min}..{max}")
            };
            let _ = writeln!(text, "  {}{role} {range}", word(color));
        }
        for rank in (0..8u8).rev() {
            text.push(' ');
            for file in 0..8u8 {
                text.push(' ');
                text.push(Square::from_coords(file, rank).map_or('.', |s| self.cells[s.index()]));
            }
            text.push('\n');
        }
        let _ = writeln!(text, "  play {}", self.play);
        text
    }

    /// What makes two facts the same board for the loader: the cells and
    /// counts seen with the mover as White.
    fn key(&self) -> ([char; 32], [[(u32, u32); 3]; 2]) {
        let mut counts = [[(0, 12); 3]; 2];
        for &(color, role, min, max) in &self.counts {
            let slot = role.map_or(0, |role| 1 + usize::from(role == Role::King));
            counts[usize::from(color != self.side)][slot] = (min, max);
        }
        if self.side == Color::White {
            return (self.cells, counts);
        }
        let swap = |c: char| match c {
            'w' => 'b',
            'W' => 'B',
            'b' => 'w',
            'B' => 'W',
            'o' => 'x',
            'x' => 'o',
            other => other,
        };
        (std::array::from_fn(|i| swap(self.cells[31 - i])), counts)
    }

    /// How many squares it fixes (its colour, at least).
    fn constrained(&self) -> usize {
        self.cells.iter().filter(|&&c| c != '?').count()
    }

    /// Whether the pattern, read plainly square by square, fits `position`
    /// (seen from the pattern's side) and its move is legal there.
    fn applies(&self, position: &Position) -> bool {
        let fits = |cell: char, piece: Option<Piece>| match cell {
            '?' => true,
            'o' => piece.is_some_and(|p| p.color == Color::White),
            'x' => piece.is_some_and(|p| p.color == Color::Black),
            other => other == symbol(piece),
        };
        let counted = |color: Color, role: Option<Role>| match role {
            None => position.count(color),
            Some(Role::King) => position.kings_of(color).count(),
            Some(Role::Man) => position.men(color).count(),
        };
        Square::all().all(|square| fits(self.cells[square.index()], position.piece_at(square)))
            && self
                .counts
                .iter()
                .all(|&(color, role, min, max)| (min..=max).contains(&counted(color, role)))
            && self
                .play
                .parse::<MoveText>()
                .is_ok_and(|text| text.resolve(position).is_ok())
    }
}

/// A pattern fact keeping the move's squares and seven others, the rest free
/// (the mixed base's patterns).
fn pattern_text(index: usize, position: &Position, mv: Move, rng: &mut StdRng) -> String {
    let mut pattern = Pattern::of(position, mv, &fixed_squares(mv, 8, rng));
    pattern.counts.push((Color::White, None, 1, 12));
    pattern.text(&format!("pattern {index}"))
}

/// A pattern like a written one: the move's squares and 2 to 10 others
/// fixed, a quarter of the fixed pieces off the move loosened to `o` or `x`,
/// and about half with piece-count ranges around the position's counts.
fn realistic_pattern(position: &Position, mv: Move, rng: &mut StdRng) -> Pattern {
    let others = rng.random_range(3..=11);
    let mut pattern = Pattern::of(position, mv, &fixed_squares(mv, others, rng));
    let on_move = move_squares(mv);
    for square in Square::all() {
        let cell = &mut pattern.cells[square.index()];
        if on_move.contains(&square) || rng.random_range(0..4) != 0 {
            continue;
        }
        match position.piece_at(square) {
            Some(piece) if *cell != '?' && piece.color == Color::White => *cell = 'o',
            Some(piece) if *cell != '?' && piece.color == Color::Black => *cell = 'x',
            _ => {}
        }
    }
    for color in [Color::White, Color::Black] {
        for role in [None, Some(Role::Man), Some(Role::King)] {
            if rng.random_range(0..8) != 0 {
                continue;
            }
            let n = match role {
                None => position.count(color),
                Some(Role::King) => position.kings_of(color).count(),
                Some(Role::Man) => position.men(color).count(),
            };
            let min = n.saturating_sub(rng.random_range(0..3));
            let max = (n + rng.random_range(0..3)).min(12);
            pattern.counts.push((color, role, min, max));
        }
    }
    pattern
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

/// The pattern a plain scan finds first for `position`: the most constrained
/// (file order among equals) that fits and whose move is legal. `preference`
/// lists the patterns' indices in that order.
fn scan(patterns: &[Pattern], preference: &[usize], position: &Position) -> Option<usize> {
    let mirrored = position.mirrored();
    preference.iter().copied().find(|&index| {
        let pattern = &patterns[index];
        let seen = if pattern.side == position.side_to_move() {
            position
        } else {
            &mirrored
        };
        pattern.applies(seen)
    })
}

/// The fastest of five loads of `text` (seconds) and the base, which must load with
/// neither an error nor a warning each time.
fn load_clean(text: &str, name: &str) -> (f64, KnowledgeBase) {
    let mut best = f64::MAX;
    let mut base = None;
    for _ in 0..5 {
        let started = Instant::now();
        let loaded = KnowledgeBase::parse(black_box(text), name);
        best = best.min(started.elapsed().as_secs_f64());
        let (kb, warnings) = match loaded {
            Ok(loaded) => loaded,
            Err(errors) => panic!("the {name} base must load clean: {}", errors[0]),
        };
        assert!(warnings.is_empty(), "{}", warnings[0]);
        base = Some(kb);
    }
    (best, base.expect("five runs"))
}

/// Looks each of `positions` up once: how many found a fact, and the seconds a lookup
/// took on average.
fn time_lookups(kb: &KnowledgeBase, positions: &[Position], rng: &mut StdRng) -> (usize, f64) {
    let started = Instant::now();
    let matched = positions
        .iter()
        .filter(|position| kb.choose(black_box(*position), rng).is_some())
        .count();
    (
        matched,
        started.elapsed().as_secs_f64() / positions.len() as f64,
    )
}

/// [`FACTS`] random positions (seed 99) that are not among `known`.
fn fresh_positions(known: &HashSet<Position>) -> Vec<Position> {
    random_positions(2 * FACTS, &mut StdRng::seed_from_u64(99))
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| !known.contains(p))
        .take(FACTS)
        .collect()
}

/// Times a base of 10,000 patterns: loading and checking it, looking up the
/// positions they come from (each finds a fact) and fresh positions (each
/// answered with the fact a plain scan finds first).
fn patterns() {
    let mut rng = StdRng::seed_from_u64(2025);
    let mut seen = HashSet::new();
    let mut patterns = Vec::new();
    let mut sources = Vec::new();
    for (position, mv) in random_positions(4 * FACTS, &mut StdRng::seed_from_u64(31)) {
        if patterns.len() == FACTS {
            break;
        }
        if mv.is_capture() {
            continue;
        }
        let pattern = realistic_pattern(&position, mv, &mut rng);
        if seen.insert(pattern.key()) {
            patterns.push(pattern);
            sources.push(position);
        }
    }
    assert_eq!(patterns.len(), FACTS, "enough distinct quiet positions");
    let mut text = String::new();
    for (index, pattern) in patterns.iter().enumerate() {
        text.push_str(&pattern.text(&format!("pattern {index}")));
    }
    let loosened = patterns
        .iter()
        .filter(|p| p.cells.iter().any(|&c| c == 'o' || c == 'x'))
        .count();
    let counted = patterns.iter().filter(|p| !p.counts.is_empty()).count();

    let (best, kb) = load_clean(&text, "patterns");
    assert_eq!(kb.pattern_count(), FACTS, "every pattern loads");
    println!(
        "load+check {FACTS} patterns ({loosened} with o/x, {counted} with counts, {} bytes): {:.1} ms",
        text.len(),
        best * 1e3
    );
    if std::env::args().any(|arg| arg == "load") {
        return;
    }

    let mut rng = StdRng::seed_from_u64(7);
    let (matched, per) = time_lookups(&kb, &sources, &mut rng);
    assert_eq!(matched, FACTS, "every source position finds a fact");
    println!(
        "lookup among {FACTS} patterns, positions they come from: {:.2} us per position ({matched} matched)",
        per * 1e6
    );

    let fresh = fresh_positions(&sources.iter().copied().collect());
    let (matched, per) = time_lookups(&kb, &fresh, &mut rng);
    // Outside the timing: every answer is the one a plain scan gives.
    let mut preference: Vec<usize> = (0..patterns.len()).collect();
    preference.sort_by_key(|&index| std::cmp::Reverse(patterns[index].constrained()));
    for position in &fresh {
        let found = kb.lookup(position).map(|(info, _)| info.name);
        let scanned = scan(&patterns, &preference, position).map(|i| format!("pattern {i}"));
        assert_eq!(found, scanned, "{}", position.to_fen());
    }
    println!(
        "lookup among {FACTS} patterns, fresh positions: {:.2} us per position ({matched} of {} matched, as a plain scan finds)",
        per * 1e6,
        fresh.len()
    );
}

fn main() {
    if std::env::args().any(|arg| arg == "stage") {
        knowledge_stage();
        return;
    }
    if std::env::args().any(|arg| arg == "rules") {
        rules();
        return;
    }
    if std::env::args().any(|arg| arg == "safety") {
        safety_check();
        return;
    }
    if std::env::args().any(|arg| arg == "problems") {
        problems();
        return;
    }
    if !std::env::args().any(|arg| arg == "patterns") {
        mixed();
    }
    patterns();
}

/// Times the safety check of a fact's move (`combination::safety`) over the quiet
/// moves of positions from seeded random games: the median, the 99th percentile and the
/// slowest, and how many it refused. `cargo bench --bench kb -- safety`.
fn safety_check() {
    use shashki::combination::safety::safety;
    let mut rng = StdRng::seed_from_u64(2026);
    let cases: Vec<(Position, Move)> = random_positions(20_000, &mut rng)
        .into_iter()
        .filter(|(position, mv)| !mv.is_capture() && !position.has_capture())
        .take(5_000)
        .collect();
    let mut times = Vec::with_capacity(cases.len());
    let mut refused = 0;
    for (position, mv) in &cases {
        let started = Instant::now();
        let verdict = black_box(safety(position, *mv, 0));
        times.push(started.elapsed().as_secs_f64());
        refused += usize::from(!verdict.is_safe());
    }
    let (median, p99, slowest) = percentiles(&mut times);
    println!(
        "safety check of {} quiet moves ({refused} refused): median {median:.1} µs, 99th percentile {p99:.1} µs, slowest {slowest:.1} µs",
        times.len(),
    );
}

/// Times the mixed base: two thirds exact facts, one third patterns.
fn mixed() {
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
    let (best, kb) = load_clean(&text, "synthetic");
    assert_eq!(kb.len(), FACTS, "every synthetic fact loads");
    assert_eq!(kb.pattern_count(), patterns);
    assert_eq!(kb.exact_count(), FACTS - patterns);
    println!(
        "load+check {FACTS} facts ({} exact, {patterns} patterns, {} bytes, no warnings): {:.1} ms",
        kb.exact_count(),
        text.len(),
        best * 1e3
    );

    if std::env::args().any(|arg| arg == "load") {
        return;
    }

    // Lookups of the positions the facts were made from: every one must match.
    let mut rng = StdRng::seed_from_u64(7);
    let positions: Vec<Position> = sources.iter().map(|(p, _)| *p).collect();
    let (matched, per) = time_lookups(&kb, &positions, &mut rng);
    assert_eq!(matched, FACTS, "every source position finds its fact");
    println!(
        "lookup, positions in the base: {:.2} us per position ({matched} of {FACTS} matched)",
        per * 1e6
    );

    // Lookups of fresh positions: mostly a full scan of the patterns.
    let fresh = fresh_positions(&positions.iter().copied().collect());
    let (matched, per) = time_lookups(&kb, &fresh, &mut rng);
    assert!(matched < fresh.len(), "fresh positions cannot all match");
    println!(
        "lookup, fresh positions: {:.2} us per position ({matched} of {} matched a pattern)",
        per * 1e6,
        fresh.len()
    );
}

/// Times the bot's moves decided by the shipped base's exact facts (the starter base,
/// the learned facts, the book) at 10 ms a move, with the facts checked at load: how
/// long the check at load took, and the median, 99th percentile and slowest move.
/// `cargo bench --bench kb -- stage`.
fn knowledge_stage() {
    use shashki::Game;
    use shashki::engine::{Engine, EngineConfig, Limits, Source};
    use std::time::Duration;
    let (kb, _) = KnowledgeBase::locate_and_load(None, None).expect("the shipped base");
    let positions: Vec<Position> = kb
        .facts()
        .iter()
        .filter_map(|fact| fact.exact_position())
        .collect();
    let config = EngineConfig {
        check_kb_at_load: true,
        ..EngineConfig::default()
    };
    let loaded = Instant::now();
    let mut engine = Engine::new(config, Some(kb));
    while !engine.kb_checked_at_load() {
        std::thread::sleep(Duration::from_millis(1));
    }
    let checked_in = loaded.elapsed();
    let mut times = Vec::new();
    for position in &positions {
        for side in [*position, position.mirrored()] {
            engine.new_game();
            let started = Instant::now();
            let decision = engine.choose(
                &Game::new(side),
                Limits::MoveTime(Duration::from_millis(10)),
                &mut |_| {},
            );
            let took = started.elapsed().as_secs_f64();
            if decision.is_some_and(|decision| matches!(decision.source, Source::KnowledgeBase(_)))
            {
                times.push(took);
            }
        }
    }
    let (median, p99, slowest) = percentiles(&mut times);
    println!(
        "{} exact facts checked at load in {:.0} ms; {} moves played from them at 10 ms a move: median {median:.1} µs, 99th percentile {p99:.1} µs, slowest {slowest:.1} µs",
        positions.len(),
        checked_in.as_secs_f64() * 1e3,
        times.len(),
    );
}

/// Times the shipped base's answer (`KnowledgeBase::lookup`: matching, and each rule
/// that matches evaluated on the position, its `safe` checked at once) in seeded random
/// positions of one to three kings against a lone king, either side to move, where its
/// rules match; and in positions of seeded random games, where their counts turn them
/// away. The median, the 99th percentile and the slowest of each.
fn rules() {
    let (kb, _) = KnowledgeBase::locate_and_load(None, None).expect("the shipped base");
    let mut rng = StdRng::seed_from_u64(7);
    let mut endings = Vec::new();
    while endings.len() < 20_000 {
        let mut squares: Vec<Square> = Square::all().collect();
        let strong = rng.random_range(1..=3);
        let mut pick = || squares.swap_remove(rng.random_range(0..squares.len()));
        let lone = pick();
        let kings: Bitboard = (0..strong).map(|_| pick()).collect();
        let side = if endings.len() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Ok(position) = Position::from_pieces(
            [Bitboard::EMPTY, Bitboard::EMPTY],
            [kings, lone.bitboard()],
            side,
        ) else {
            continue;
        };
        if !position.legal_moves().is_empty() {
            endings.push(position);
        }
    }
    let games: Vec<Position> = random_positions(20_000, &mut rng)
        .into_iter()
        .map(|(position, _)| position)
        .collect();
    for (what, positions) in [("king endings", &endings), ("random games", &games)] {
        let mut times = Vec::with_capacity(positions.len());
        let mut answered = 0;
        for position in positions {
            let started = Instant::now();
            let found = black_box(kb.lookup(black_box(position)));
            times.push(started.elapsed().as_secs_f64());
            answered += usize::from(found.is_some_and(|(fact, _)| fact.name.contains("большак")));
        }
        let (median, p99, slowest) = percentiles(&mut times);
        println!(
            "{what}: {} positions, {answered} answered by the big road's rules: median {median:.1} µs, 99th percentile {p99:.1} µs, slowest {slowest:.1} µs",
            positions.len(),
        );
    }
}

/// The median, the 99th percentile and the slowest of `times` (seconds), in µs.
fn percentiles(times: &mut [f64]) -> (f64, f64, f64) {
    times.sort_by(f64::total_cmp);
    let at = |share: f64| times[((times.len() - 1) as f64 * share) as usize] * 1e6;
    (at(0.5), at(0.99), at(1.0))
}
