//! Widening a proven position to a pattern: a square is freed only if the
//! combination stays proven on every one of many random legal positions that
//! match the widened pattern.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::prove;
use crate::kb::{Counts, Fact, Symbol};
use crate::{Bitboard, Color, Move, Piece, Position, Role, Square};

/// Positions sampled to free a square (all must be proven).
pub const SAMPLES: usize = 200;
/// Positions of the widened pattern searched at the end for one that refutes the line.
pub const VERIFY_SAMPLES: usize = 2_000;

/// A pattern: what each square must hold, and the piece counts allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The symbol of each dark square, a1 first (indexed like `Square`).
    pub cells: [Symbol; 32],
    /// Piece-count ranges.
    pub counts: Counts,
}

impl Pattern {
    /// The pattern of exactly `position`.
    pub fn exact(position: &Position) -> Pattern {
        let mut cells = [Symbol::Empty; 32];
        for square in Square::all() {
            if let Some(piece) = position.piece_at(square) {
                cells[square.index()] = Symbol::piece(piece.color, piece.role);
            }
        }
        Pattern {
            cells,
            counts: Counts::ANY,
        }
    }

    /// The pattern of a compiled fact (the mover as White).
    pub fn of_fact(fact: &Fact) -> Pattern {
        Pattern {
            cells: fact.mask.cells(),
            counts: fact.counts,
        }
    }

    /// Whether the pattern fixes every square: one position.
    pub fn is_exact(&self) -> bool {
        self.cells.iter().all(|symbol| symbol.is_exact())
    }

    /// The one position an exact pattern names, White to move (`None` for a pattern
    /// with free squares, or one no legal position fits).
    pub fn position(&self) -> Option<Position> {
        let piece = |symbol| match symbol {
            Symbol::WhiteMan => Some(Piece {
                color: Color::White,
                role: Role::Man,
            }),
            Symbol::WhiteKing => Some(Piece {
                color: Color::White,
                role: Role::King,
            }),
            Symbol::BlackMan => Some(Piece {
                color: Color::Black,
                role: Role::Man,
            }),
            Symbol::BlackKing => Some(Piece {
                color: Color::Black,
                role: Role::King,
            }),
            _ => None,
        };
        self.is_exact()
            .then(|| assemble(|square| piece(self.cells[square.index()]), Color::White))
            .flatten()
    }

    /// A random legal position matching the pattern with `side` to move, or `None`
    /// when the draws keep breaking the counts. Each square is drawn alone first; where
    /// the counts are narrow (one king against three, no men), the counts are chosen
    /// first and the pieces then placed.
    pub fn sample(&self, side: Color, rng: &mut StdRng) -> Option<Position> {
        self.drawn(side, rng).or_else(|| self.placed(side, rng))
    }

    /// A position of squares drawn one by one, if one of 100 draws meets the counts.
    fn drawn(&self, side: Color, rng: &mut StdRng) -> Option<Position> {
        for _ in 0..100 {
            let drawn: Vec<Option<Piece>> = Square::all()
                .map(|square| draw(self.cells[square.index()], square, rng))
                .collect();
            let Some(position) = assemble(|square| drawn[square.index()], side) else {
                continue;
            };
            if self.counts.admit(&Counts::of(&position)) {
                return Some(position);
            }
        }
        None
    }

    /// A position of pieces placed to meet the counts: for each side a number of men and
    /// of kings the counts admit is chosen, the pieces the board does not fix are put on
    /// its `o` (`x`) squares, then on `?` squares (never a man on its crowning rank);
    /// `None` when 1,000 tries fail.
    fn placed(&self, side: Color, rng: &mut StdRng) -> Option<Position> {
        let squares = |wanted: Symbol| -> Vec<Square> {
            Square::all()
                .filter(|square| self.cells[square.index()] == wanted)
                .collect()
        };
        let fixed = |symbol: Symbol| squares(symbol).len() as u32;
        let fixed = [
            [fixed(Symbol::WhiteMan), fixed(Symbol::WhiteKing)],
            [fixed(Symbol::BlackMan), fixed(Symbol::BlackKing)],
        ];
        let own = [squares(Symbol::AnyWhite), squares(Symbol::AnyBlack)];
        let free = squares(Symbol::Any);
        // The men and kings of each side that the counts admit, with at least the board's.
        let choices: Vec<[[u32; 2]; 2]> = (0..13u32)
            .flat_map(|wm| (0..13u32).map(move |wk| [wm, wk]))
            .flat_map(|white| {
                (0..13u32).flat_map(move |bm| (0..13u32).map(move |bk| [white, [bm, bk]]))
            })
            .filter(|&[white, black]| {
                let sides = [white, black];
                let counts = sides.map(|[men, kings]| [men + kings, men, kings]);
                (0..2).all(|side| {
                    let [men, kings] = sides[side];
                    men >= fixed[side][0]
                        && kings >= fixed[side][1]
                        && men + kings - fixed[side][0] - fixed[side][1] >= own[side].len() as u32
                        && men + kings <= 12
                }) && self.counts.admit(&counts)
            })
            .collect();
        if choices.is_empty() {
            return None;
        }
        let crowning = |color: Color| match color {
            Color::White => 7,
            Color::Black => 0,
        };
        for _ in 0..1_000 {
            let chosen = choices[rng.random_range(0..choices.len())];
            let mut pieces: Vec<Option<Piece>> = (0..32)
                .map(|index| match self.cells[index] {
                    Symbol::WhiteMan | Symbol::WhiteKing | Symbol::BlackMan | Symbol::BlackKing => {
                        Square::new(index as u8)
                            .and_then(|square| draw(self.cells[index], square, rng))
                    }
                    _ => None,
                })
                .collect();
            let mut open = free.clone();
            let mut fits = true;
            for color in [Color::White, Color::Black] {
                let side = color.index();
                let [men, kings] = chosen[side];
                let mut extra: Vec<Role> =
                    std::iter::repeat_n(Role::Man, (men - fixed[side][0]) as usize)
                        .chain(std::iter::repeat_n(
                            Role::King,
                            (kings - fixed[side][1]) as usize,
                        ))
                        .collect();
                extra.shuffle(rng);
                let mut targets = own[side].clone();
                open.shuffle(rng);
                let spare = extra.len() - targets.len();
                targets.extend(open.drain(..spare.min(open.len())));
                if targets.len() < extra.len() {
                    fits = false;
                    break;
                }
                for (square, role) in targets.into_iter().zip(extra) {
                    if role == Role::Man && square.rank() == crowning(color) {
                        fits = false;
                    }
                    pieces[square.index()] = Some(Piece { color, role });
                }
            }
            if !fits {
                continue;
            }
            if let Some(position) = assemble(|square| pieces[square.index()], side)
                && self.counts.admit(&Counts::of(&position))
            {
                return Some(position);
            }
        }
        None
    }

    /// Whether every position of [`SAMPLES`] drawn from the pattern proves `line`:
    /// the count of distinct positions drawn, or `None` at the first that does not.
    pub fn holds(&self, side: Color, line: &[Move], rng: &mut StdRng) -> Option<Sampled> {
        let mut distinct = HashSet::new();
        let mut counts = [[u32::MAX, 0]; 2];
        for _ in 0..SAMPLES {
            let position = self.sample(side, rng)?;
            prove(&position, line).ok()?;
            for color in [Color::White, Color::Black] {
                let range = &mut counts[color.index()];
                let count = position.count(color);
                *range = [range[0].min(count), range[1].max(count)];
            }
            distinct.insert(position);
        }
        Some(Sampled {
            distinct: distinct.len(),
            counts: counts.map(|[min, max]| (min, max)),
        })
    }
}

impl Pattern {
    /// A position among `count` drawn from the pattern that does not prove `line`.
    fn refutation(
        &self,
        side: Color,
        line: &[Move],
        count: usize,
        rng: &mut StdRng,
    ) -> Option<Position> {
        (0..count).find_map(|_| {
            let position = self.sample(side, rng)?;
            prove(&position, line).is_err().then_some(position)
        })
    }
}

/// `position` with `square` holding `content` instead, if that is a legal position.
fn with_square(position: &Position, square: Square, content: Option<Piece>) -> Option<Position> {
    let piece_at = |other| {
        if other == square {
            content
        } else {
            position.piece_at(other)
        }
    };
    assemble(piece_at, position.side_to_move())
}

/// The position with the piece `piece_at` gives on each square and `side` to move, if legal.
fn assemble(piece_at: impl Fn(Square) -> Option<Piece>, side: Color) -> Option<Position> {
    let mut men = [Bitboard::EMPTY; 2];
    let mut kings = [Bitboard::EMPTY; 2];
    for square in Square::all() {
        if let Some(piece) = piece_at(square) {
            let set = match piece.role {
                Role::Man => &mut men,
                Role::King => &mut kings,
            };
            set[piece.color.index()] |= square.bitboard();
        }
    }
    Position::from_pieces(men, kings, side).ok()
}

/// What a sampling saw: how many distinct positions, and the range of each side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sampled {
    /// Distinct positions among the [`SAMPLES`] drawn.
    pub distinct: usize,
    /// Fewest and most pieces of White, then of Black.
    pub counts: [(u32, u32); 2],
}

/// A generalised combination: the pattern and the sampling that proved it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generalised {
    /// The widened pattern, its counts the ranges the proven samples covered.
    pub pattern: Pattern,
    /// The last sampling of the pattern (all proven).
    pub sampled: Sampled,
}

/// What a square may hold for a symbol, drawn at random (a man never on its crowning rank).
fn draw(symbol: Symbol, square: Square, rng: &mut StdRng) -> Option<Piece> {
    let piece = |color, role| Some(Piece { color, role });
    let role = |rng: &mut StdRng, kings: u32| {
        if rng.random_range(0..100) < kings {
            Role::King
        } else {
            Role::Man
        }
    };
    let drawn = match symbol {
        Symbol::Empty => None,
        Symbol::WhiteMan => piece(Color::White, Role::Man),
        Symbol::WhiteKing => piece(Color::White, Role::King),
        Symbol::BlackMan => piece(Color::Black, Role::Man),
        Symbol::BlackKing => piece(Color::Black, Role::King),
        Symbol::AnyWhite => piece(Color::White, role(rng, 15)),
        Symbol::AnyBlack => piece(Color::Black, role(rng, 15)),
        Symbol::Any => match rng.random_range(0..100) {
            0..40 => None,
            40..70 => piece(Color::White, role(rng, 10)),
            _ => piece(Color::Black, role(rng, 10)),
        },
    }?;
    let crowning_rank = match drawn.color {
        Color::White => 7,
        Color::Black => 0,
    };
    let role = if square.rank() == crowning_rank {
        Role::King
    } else {
        drawn.role
    };
    Some(Piece { role, ..drawn })
}

/// Every square a move of `line` touches: where it starts, lands and captures.
fn line_squares(line: &[Move]) -> Bitboard {
    line.iter().fold(Bitboard::EMPTY, |squares, mv| {
        squares | mv.from().bitboard() | mv.to().bitboard() | mv.captured()
    })
}

/// Widens `position`, where `line` is a proven combination of the side to move, to the
/// widest pattern found greedily: squares far from the line first, each freed (`?`),
/// else loosened to its colour (`o`, `x`), only if [`SAMPLES`] random positions of the
/// widened pattern all prove the line; then [`VERIFY_SAMPLES`] more are searched for
/// one that refutes it, and the freed square that let such a one in is fixed again.
/// The line's own squares stay as they are, and so do squares between the ends of a
/// king's flight. The counts are the ranges of a last [`SAMPLES`] positions, all
/// proven. `None` if the exact position itself does not prove the line.
pub fn generalise(position: &Position, line: &[Move], seed: u64) -> Option<Generalised> {
    let side = position.side_to_move();
    let mut rng = StdRng::seed_from_u64(seed);
    let exact = Pattern::exact(position);
    let mut pattern = exact;
    pattern.holds(side, line, &mut rng)?;
    let kept = line_squares(line) | flight_squares(line);
    let mut candidates: Vec<Square> = Square::all().filter(|&s| !kept.contains(s)).collect();
    let distance = |square: Square| {
        kept.into_iter()
            .map(|other| {
                square
                    .file()
                    .abs_diff(other.file())
                    .max(square.rank().abs_diff(other.rank()))
            })
            .min()
            .unwrap_or(8)
    };
    candidates.sort_by_key(|&square| std::cmp::Reverse(distance(square)));
    for square in candidates {
        let now = pattern.cells[square.index()];
        let looser = match now {
            Symbol::WhiteMan | Symbol::WhiteKing => vec![Symbol::Any, Symbol::AnyWhite],
            Symbol::BlackMan | Symbol::BlackKing => vec![Symbol::Any, Symbol::AnyBlack],
            _ => vec![Symbol::Any],
        };
        for symbol in looser {
            let mut trial = pattern;
            trial.cells[square.index()] = symbol;
            if trial.holds(side, line, &mut rng).is_some() {
                pattern = trial;
                break;
            }
        }
    }
    // A rare position of the widened pattern may still refute the line: look for one
    // among many more positions, and fix again the freed square that let it in.
    while let Some(refuting) = pattern.refutation(side, line, VERIFY_SAMPLES, &mut rng) {
        let freed: Vec<Square> = Square::all()
            .filter(|square| {
                pattern.cells[square.index()] != Pattern::exact(position).cells[square.index()]
            })
            .collect();
        let culprit = freed
            .iter()
            .copied()
            .find(|&square| {
                with_square(&refuting, square, position.piece_at(square))
                    .is_some_and(|mended| prove(&mended, line).is_ok())
            })
            .or_else(|| {
                freed
                    .iter()
                    .copied()
                    .find(|&square| refuting.piece_at(square) != position.piece_at(square))
            });
        let square = culprit?;
        pattern.cells[square.index()] = exact.cells[square.index()];
    }
    let sampled = pattern.holds(side, line, &mut rng)?;
    let [white, black] = sampled.counts;
    pattern.counts.0[Color::White.index()][0] = white;
    pattern.counts.0[Color::Black.index()][0] = black;
    Some(Generalised { pattern, sampled })
}

/// The squares a king flies over in `line` (they must stay empty or hold what it takes).
fn flight_squares(line: &[Move]) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for mv in line {
        let (from, to) = (mv.from(), mv.to());
        let (df, dr) = (
            i32::from(to.file()) - i32::from(from.file()),
            i32::from(to.rank()) - i32::from(from.rank()),
        );
        if df.abs() != dr.abs() {
            continue;
        }
        for step in 1..df.abs() {
            let file = i32::from(from.file()) + df.signum() * step;
            let rank = i32::from(from.rank()) + dr.signum() * step;
            if let Some(square) = Square::from_coords(file as u8, rank as u8) {
                squares |= square.bitboard();
            }
        }
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveText;

    /// The two-for-one shot of `combos.jsonl` with pieces about it, and its line.
    fn shot() -> (Position, Vec<Move>) {
        crate::testing::line(
            "W:Wa1,b2,c3,g3,h2:Ba5,e5,g7,b8,d8",
            &["c3-b4", "a5:c3", "b2:d4:f6:h8"],
        )
    }

    /// Every content a square could hold in a legal position: empty, or a piece that
    /// may stand there.
    fn contents(square: Square) -> Vec<Option<Piece>> {
        let mut all = vec![None];
        for color in [Color::White, Color::Black] {
            for role in [Role::Man, Role::King] {
                let crowning = if color == Color::White { 7 } else { 0 };
                if role == Role::King || square.rank() != crowning {
                    all.push(Some(Piece { color, role }));
                }
            }
        }
        all
    }

    #[test]
    fn no_square_the_proof_depends_on_is_widened() {
        let (position, line) = shot();
        let wide = generalise(&position, &line, 7).unwrap();
        assert!(!wide.pattern.is_exact(), "some square is free");
        let mut freed = 0;
        for square in Square::all() {
            let symbol = wide.pattern.cells[square.index()];
            if symbol.is_exact() {
                continue;
            }
            freed += 1;
            // Every single-square change the widened symbol admits keeps the proof.
            for content in contents(square) {
                let admitted = match (symbol, content) {
                    (Symbol::Any, _) => true,
                    (Symbol::AnyWhite, Some(piece)) => piece.color == Color::White,
                    (Symbol::AnyBlack, Some(piece)) => piece.color == Color::Black,
                    _ => false,
                };
                let Some(changed) = with_square(&position, square, content) else {
                    continue;
                };
                if admitted {
                    assert!(
                        prove(&changed, &line).is_ok(),
                        "{square} freed as {symbol:?}, but {} is not proven",
                        changed.to_fen()
                    );
                }
            }
        }
        assert!(freed > 0);
        // The line's own squares stay exactly as they were.
        for square in line_squares(&line) {
            assert!(wide.pattern.cells[square.index()].is_exact(), "{square}");
        }
    }

    #[test]
    fn every_sample_matches_the_pattern_and_the_counts() {
        let (position, line) = shot();
        let wide = generalise(&position, &line, 3).unwrap();
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..100 {
            let sample = wide.pattern.sample(Color::White, &mut rng).unwrap();
            let mask = crate::kb::Mask::from_cells(&wide.pattern.cells);
            assert!(mask.matches(&sample), "{}", sample.to_fen());
            assert!(wide.pattern.counts.admit(&Counts::of(&sample)));
            assert!(prove(&sample, &line).is_ok(), "{}", sample.to_fen());
        }
        assert!(wide.sampled.distinct > 1);
    }

    #[test]
    fn a_position_whose_line_fails_is_not_generalised() {
        // c3-d4 gives a man that b2 only takes back.
        let (position, _) = shot();
        let trade = "c3-d4"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&position)
            .unwrap();
        assert_eq!(generalise(&position, &[trade], 1), None);
    }
}
