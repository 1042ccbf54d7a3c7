//! The index that finds the facts matching a position, best first.
//!
//! Exact facts sit in a hash map keyed by the position. Patterns are kept in
//! the order of preference (the higher priority first, then the most
//! constrained, file order among equals) and indexed by what rules them out, as
//! rows of bits with one bit a pattern in that order: a row for every square
//! and what it may hold (empty, a man or a king of either colour), the patterns
//! that forbid it there, and a row for every piece count of each side (all
//! pieces, men, kings), the patterns whose range leaves it out. The patterns
//! matching a position are those in none of its 32 square rows and 6 count
//! rows: the OR of the rows, inverted, read out in bit order, which is the
//! order of preference. No pattern is tried one by one: with 10,000 patterns a
//! lookup reads 38 rows of 157 words, where a scan made 10,000 mask tests.
//! Filing a pattern touches only the squares and counts it constrains.

use std::cmp::Reverse;

use super::compile::{Counts, Fact, Mask, position_key};
use super::hash::FastMap;
use crate::{Color, Piece, Position, Role, Square};

/// What a square may hold, in the order of its rows: empty, then the pieces.
const CONTENTS: [Option<Piece>; 5] = [
    None,
    Some(Piece {
        color: Color::White,
        role: Role::Man,
    }),
    Some(Piece {
        color: Color::White,
        role: Role::King,
    }),
    Some(Piece {
        color: Color::Black,
        role: Role::Man,
    }),
    Some(Piece {
        color: Color::Black,
        role: Role::King,
    }),
];
/// The piece counts a side can have, 0 to 12, a row each.
const COUNTS: usize = 13;
/// The rows: square contents first, then counts by colour and slot
/// (`Counts::slot`: all pieces, men, kings).
const ROWS: usize = 32 * CONTENTS.len() + 2 * 3 * COUNTS;

/// The row of `square` holding `piece` (`None`: empty).
fn square_row(square: Square, piece: Option<Piece>) -> usize {
    let content = match piece {
        None => 0,
        Some(piece) => 1 + 2 * piece.color.index() + usize::from(piece.role == Role::King),
    };
    square.index() * CONTENTS.len() + content
}

/// The row of `count` pieces of `color` in `slot` (all pieces, men, kings).
fn count_row(color: Color, slot: usize, count: u32) -> usize {
    let count = usize::try_from(count).expect("a side has at most 12 pieces");
    32 * CONTENTS.len() + (color.index() * 3 + slot) * COUNTS + count
}

/// One pattern as the index files it.
#[derive(Clone, Copy, Debug)]
struct PatternEntry {
    counts: Counts,
    mask: Mask,
    fact: usize,
}

/// Exact facts by position, patterns by preference with the rows that rule them out.
#[derive(Clone, Debug, Default)]
pub struct Matcher {
    exact: FastMap<(u32, u32, u32), Vec<usize>>,
    patterns: Vec<PatternEntry>,
    /// Words a row.
    words: usize,
    /// `ROWS` rows of `words` words one after the other; bit `i` of a row
    /// stands for `patterns[i]`, set when the row's content or count rules
    /// it out.
    rows: Vec<u64>,
}

impl Matcher {
    /// The index of `facts` (all in the mover-as-White orientation).
    pub fn new(facts: &[Fact]) -> Matcher {
        let mut matcher = Matcher::default();
        matcher.exact.reserve(facts.len());
        for (index, fact) in facts.iter().enumerate() {
            match fact.exact_key() {
                Some(key) => matcher.exact.entry(key).or_default().push(index),
                None => matcher.patterns.push(PatternEntry {
                    counts: fact.counts,
                    mask: fact.mask,
                    fact: index,
                }),
            }
        }
        // The higher priority first, then the more constrained; stable: among equals the
        // file order stays.
        matcher.patterns.sort_by_key(|entry| {
            let fact = &facts[entry.fact];
            (Reverse(fact.priority), Reverse(entry.mask.constrained()))
        });
        matcher.words = matcher.patterns.len().div_ceil(64);
        matcher.rows = vec![0; ROWS * matcher.words];
        for (index, entry) in matcher.patterns.iter().enumerate() {
            let (word, bit) = (index / 64, 1 << (index % 64));
            let mut rule_out = |row: usize| matcher.rows[row * matcher.words + word] |= bit;
            for square in entry.mask.care | entry.mask.king_care {
                for piece in CONTENTS {
                    if !entry.mask.admits(square, piece) {
                        rule_out(square_row(square, piece));
                    }
                }
            }
            for color in [Color::White, Color::Black] {
                for slot in 0..3 {
                    let (min, max) = entry.counts.0[color.index()][slot];
                    for count in (0..=12).filter(|n| !(min..=max).contains(n)) {
                        rule_out(count_row(color, slot, count));
                    }
                }
            }
        }
        // The bits past the last pattern stand for none: ruled out everywhere.
        let used = matcher.patterns.len() % 64;
        if used > 0 {
            for row in 0..ROWS {
                matcher.rows[row * matcher.words + matcher.words - 1] |= u64::MAX << used;
            }
        }
        matcher
    }

    /// The facts matching `view` (White to move), in the order of preference:
    /// exact facts in file order, then patterns, most constrained first.
    pub fn matching<'a>(&'a self, view: &'a Position) -> impl Iterator<Item = usize> + 'a {
        let exact = self
            .exact
            .get(&position_key(view))
            .map(|facts| facts.as_slice())
            .unwrap_or(&[]);
        let patterns = self
            .candidates(view)
            .into_iter()
            .enumerate()
            .flat_map(|(word, bits)| Ones(bits).map(move |bit| word * 64 + bit))
            .map(move |index| {
                let entry = &self.patterns[index];
                debug_assert!(entry.counts.admit(&Counts::of(view)) && entry.mask.matches(view));
                entry.fact
            });
        exact.iter().copied().chain(patterns)
    }

    /// The bits of the patterns matching `view`: those none of its rows rules out.
    fn candidates(&self, view: &Position) -> Vec<u64> {
        let row = |row: usize| &self.rows[row * self.words..(row + 1) * self.words];
        let mut ruled_out = vec![0; self.words];
        let mut or = |row: &[u64]| {
            for (ruled_out, bits) in ruled_out.iter_mut().zip(row) {
                *ruled_out |= bits;
            }
        };
        let counts = Counts::of(view);
        for color in [Color::White, Color::Black] {
            for (slot, &count) in counts[color.index()].iter().enumerate() {
                or(row(count_row(color, slot, count)));
            }
        }
        for square in Square::all() {
            or(row(square_row(square, view.piece_at(square))));
        }
        ruled_out.into_iter().map(|bits| !bits).collect()
    }
}

/// The places of the set bits of a word, lowest first.
struct Ones(u64);

impl Iterator for Ones {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(bit as usize)
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::super::build::parse_facts;
    use super::*;
    use crate::kb::{KnowledgeBase, SourceText, Symbol};
    use crate::{Bitboard, Move};

    /// What a plain scan finds: exact facts in file order, then every
    /// pattern that fits, the higher priority first, then the most constrained, file
    /// order among equals.
    fn scan(facts: &[Fact], view: &Position) -> Vec<usize> {
        let exact = (0..facts.len()).filter(|&i| facts[i].exact_key() == Some(position_key(view)));
        let mut patterns: Vec<usize> = (0..facts.len()).filter(|&i| !facts[i].exact).collect();
        patterns.sort_by_key(|&i| {
            (
                Reverse(facts[i].priority),
                Reverse(facts[i].mask.constrained()),
            )
        });
        let fits =
            |&i: &usize| facts[i].counts.admit(&Counts::of(view)) && facts[i].mask.matches(view);
        exact.chain(patterns.into_iter().filter(fits)).collect()
    }

    /// The position as the matcher sees it: the mover as White.
    fn view(position: &Position) -> Position {
        match position.side_to_move() {
            Color::White => *position,
            Color::Black => position.mirrored(),
        }
    }

    /// A random position with men and kings of both sides, either to move.
    fn random_position(rng: &mut StdRng) -> Position {
        let density = rng.random_range(2..24);
        let mut men = [Bitboard::EMPTY; 2];
        let mut kings = [Bitboard::EMPTY; 2];
        for square in Square::all() {
            let color = [Color::White, Color::Black][rng.random_range(0..2)];
            let i = color.index();
            if rng.random_range(0..32) >= density || (men[i] | kings[i]).count() == 12 {
                continue;
            }
            let far = [7, 0][i];
            if square.rank() == far || rng.random_range(0..4) == 0 {
                kings[i] |= square.bitboard();
            } else {
                men[i] |= square.bitboard();
            }
        }
        let side = [Color::White, Color::Black][rng.random_range(0..2)];
        Position::from_pieces(men, kings, side).expect("a sound random position")
    }

    /// The written symbol of a square's content.
    fn symbol(piece: Option<Piece>) -> char {
        piece.map_or('.', |piece| Symbol::piece(piece.color, piece.role).letter())
    }

    /// A fact written from `position` for its side to move: the `fixed`
    /// squares as they are (a piece off `keep` loosened to `o` or `x` now and
    /// then), the rest `?`, sometimes with count ranges around its counts.
    fn fact_text(
        position: &Position,
        fixed: Bitboard,
        keep: Bitboard,
        play: &str,
        rng: &mut StdRng,
    ) -> String {
        let side = ["white", "black"][position.side_to_move().index()];
        let mut text = format!("fact \"f\" for {side}\n");
        for color in [Color::White, Color::Black] {
            for (slot, role) in ["", " men", " kings"].into_iter().enumerate() {
                if fixed == Bitboard::ALL || rng.random_range(0..6) != 0 {
                    continue;
                }
                let n = Counts::of(position)[color.index()][slot];
                let min = n.saturating_sub(rng.random_range(0..3));
                let max = (n + rng.random_range(0..3)).min(12);
                let word = ["white", "black"][color.index()];
                let _ = writeln!(text, "  {word}{role} {min}..{max}");
            }
        }
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let cell = match Square::from_coords(file, rank) {
                    None => '.',
                    Some(square) if !fixed.contains(square) => '?',
                    Some(square) => match position.piece_at(square) {
                        Some(piece) if !keep.contains(square) && rng.random_range(0..4) == 0 => {
                            ['o', 'x'][piece.color.index()]
                        }
                        piece => symbol(piece),
                    },
                };
                text.push(' ');
                text.push(cell);
            }
            text.push('\n');
        }
        let _ = writeln!(text, "  play {play}");
        text
    }

    /// `count` random squares.
    fn random_squares(count: usize, rng: &mut StdRng) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        while set.count() < count.min(32) as u32 {
            set |= Square::new(rng.random_range(0..32))
                .expect("a square")
                .bitboard();
        }
        set
    }

    /// The position with up to three squares changed at random.
    fn nudged(position: &Position, rng: &mut StdRng) -> Position {
        let other = random_position(rng);
        let changed = random_squares(rng.random_range(1..4), rng);
        let take = |a: Bitboard, b: Bitboard| (a & !changed) | (b & changed);
        let side = position.side_to_move();
        let men = [Color::White, Color::Black].map(|c| take(position.men(c), other.men(c)));
        let kings =
            [Color::White, Color::Black].map(|c| take(position.kings_of(c), other.kings_of(c)));
        Position::from_pieces(men, kings, side).unwrap_or(*position)
    }

    fn compiled(text: &str) -> Vec<Fact> {
        let part = crate::kb::KbPart::file(crate::kb::Origin::Starter, "t.txt".as_ref());
        let (syntax, problems) = parse_facts(&SourceText::new(text, "t.txt"));
        assert!(problems.is_empty(), "{problems:?}");
        syntax
            .iter()
            .map(|fact| Fact::compile(fact, &part))
            .collect()
    }

    #[test]
    fn the_index_finds_what_a_plain_scan_finds_in_the_same_order() {
        let mut rng = StdRng::seed_from_u64(11);
        for round in 0..6 {
            let sources: Vec<Position> = (0..400).map(|_| random_position(&mut rng)).collect();
            let mut text = String::new();
            for source in &sources {
                // Exact facts, patterns fixing every square, looser patterns.
                let (fixed, keep) = match rng.random_range(0..12) {
                    0 | 1 => (Bitboard::ALL, Bitboard::ALL),
                    2 => (Bitboard::ALL, Bitboard::EMPTY),
                    _ => (
                        random_squares(rng.random_range(0..12), &mut rng),
                        Bitboard::EMPTY,
                    ),
                };
                text.push_str(&fact_text(source, fixed, keep, "c3-d4", &mut rng));
            }
            let facts = compiled(&text);
            let matcher = Matcher::new(&facts);
            let mut matched = 0;
            for source in &sources {
                for position in [*source, nudged(source, &mut rng), random_position(&mut rng)] {
                    let view = view(&position);
                    let found: Vec<usize> = matcher.matching(&view).collect();
                    assert_eq!(
                        found,
                        scan(&facts, &view),
                        "round {round}: {}",
                        position.to_fen()
                    );
                    matched += usize::from(!found.is_empty());
                }
            }
            assert!(
                matched > 400,
                "round {round}: only {matched} positions matched"
            );
        }
    }

    #[test]
    fn an_index_without_patterns_finds_only_exact_facts() {
        let matcher = Matcher::new(&[]);
        assert_eq!(matcher.matching(&Position::start()).count(), 0);
        let mut rng = StdRng::seed_from_u64(3);
        let text = fact_text(
            &Position::start(),
            Bitboard::ALL,
            Bitboard::ALL,
            "c3-d4",
            &mut rng,
        );
        let facts = compiled(&text);
        assert_eq!(
            Matcher::new(&facts)
                .matching(&Position::start())
                .collect::<Vec<_>>(),
            [0]
        );
    }

    #[test]
    fn the_knowledge_base_answers_either_side_as_a_plain_scan() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut games = Vec::new();
        let mut position = Position::start();
        while games.len() < 3000 {
            let moves = position.legal_moves();
            if moves.is_empty() || rng.random_range(0..70) == 0 {
                position = Position::start();
                continue;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            games.push((position, mv));
            position = position.play_unchecked(mv);
        }
        let (sources, fresh) = games.split_at(1000);
        let steps = |&&(_, mv): &&(Position, Move)| {
            !mv.is_capture() && mv.from().file().abs_diff(mv.to().file()) == 1
        };
        let mut text = String::new();
        for &(source, mv) in sources.iter().filter(steps) {
            let keep = mv.from().bitboard() | mv.to().bitboard();
            let fixed = keep | random_squares(rng.random_range(0..10), &mut rng);
            text.push_str(&fact_text(
                &source,
                fixed,
                keep,
                &format!("{mv:?}"),
                &mut rng,
            ));
        }
        let (kb, _) = KnowledgeBase::parse(&text, "t.txt").expect("the facts are sound");
        let facts = compiled(&text);
        assert_eq!(kb.len(), facts.len());
        let mut answered = [0; 2];
        for &(position, _) in fresh.iter().chain(sources) {
            let view = view(&position);
            let expected = scan(&facts, &view)
                .into_iter()
                .find(|&i| facts[i].alternatives[0][0].resolve(&view).is_ok());
            let found = kb.lookup(&position).map(|(info, _)| info);
            assert_eq!(
                found,
                expected.map(|i| facts[i].info.clone()),
                "{}",
                position.to_fen()
            );
            answered[position.side_to_move().index()] += usize::from(found.is_some());
        }
        assert!(answered.iter().all(|&n| n > 100), "{answered:?}");
    }
}
