//! The meaning-level checks of a fact: the board is a possible one, the
//! counts agree with the board, and the moves can be played.
//!
//! Exact facts are replayed on their position, every move of every line.
//! Pattern facts stand for many positions, so their first move must be
//! possible in all of them: it starts on a square that surely holds the
//! mover's piece, and its path is surely free.

use super::Diagnostic;
use super::ast::{FactSyntax, MoveSyntax, Spot, Symbol};
use super::compile::{Counts, Fact, Mask};
use super::hash::FastMap;
use super::problem::Problem;
use crate::files::SourceText;
use crate::{Bitboard, Color, Position, PositionError, Role, Square};

/// Every error of one fact.
pub fn check_fact(fact: &FactSyntax, source: &SourceText) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let mut error = |spot: Spot, problem: Problem| {
        problems.push(Diagnostic::error(source, spot, problem));
    };
    let board_ok = check_promotion_ranks(fact, &mut error);
    check_counts(fact, &mut error);
    if !board_ok {
        return problems;
    }
    if fact.is_exact() {
        check_exact_moves(fact, &mut error);
    } else {
        for line in &fact.alternatives {
            if let Some(first) = line.first()
                && let Err(problem) = pattern_move_possible(&fact.board.cells, fact.side, first)
            {
                error(first.at, problem);
            }
        }
    }
    problems
}

/// A man on its promotion rank would already be a king. Returns whether none is.
fn check_promotion_ranks(fact: &FactSyntax, error: &mut impl FnMut(Spot, Problem)) -> bool {
    let mut ok = true;
    for square in Square::all() {
        let symbol = fact.board.cells[square.index()];
        let (side, far_rank) = match symbol {
            Symbol::WhiteMan => (Color::White, 7),
            Symbol::BlackMan => (Color::Black, 0),
            _ => continue,
        };
        if square.rank() == far_rank {
            error(
                fact.board.spots[square.index()],
                Problem::ManOnPromotionRank { side, square },
            );
            ok = false;
        }
    }
    ok
}

/// Ranges must be non-empty, at most 12, and agree with what the board demands.
fn check_counts(fact: &FactSyntax, error: &mut impl FnMut(Spot, Problem)) {
    for count in &fact.counts {
        let (side, role, min, max) = (count.side, count.role, count.min, count.max);
        if min > max {
            error(count.at, Problem::EmptyRange { min, max });
            continue;
        }
        if max > 12 {
            error(count.at, Problem::TooManyInRange { side, role, max });
            continue;
        }
        let surely = |symbol: Symbol| match count.role {
            None => symbol.surely(count.side),
            Some(role) => symbol == Symbol::piece(count.side, role),
        };
        let maybe = |symbol: Symbol| match count.role {
            None => symbol.maybe(count.side),
            Some(role) => {
                symbol == Symbol::Any
                    || symbol == Symbol::piece(count.side, role)
                    || symbol == any_of(count.side)
            }
        };
        let demanded = fact.board.cells.iter().filter(|s| surely(**s)).count() as u32;
        let possible = fact.board.cells.iter().filter(|s| maybe(**s)).count() as u32;
        if demanded > max {
            let problem = Problem::BoardDemandsMore {
                side,
                role,
                demanded,
                min,
                max,
            };
            error(count.at, problem);
        } else if possible < min {
            let problem = Problem::BoardLeavesRoom {
                side,
                role,
                possible,
                min,
                max,
            };
            error(count.at, problem);
        }
    }
}

/// The "any piece of this colour" symbol.
fn any_of(color: Color) -> Symbol {
    match color {
        Color::White => Symbol::AnyWhite,
        Color::Black => Symbol::AnyBlack,
    }
}

/// The position of an exact fact, if the board is a valid one.
pub fn exact_position(fact: &FactSyntax) -> Result<Position, PositionError> {
    let mut men = [Bitboard::EMPTY; 2];
    let mut kings = [Bitboard::EMPTY; 2];
    for square in Square::all() {
        match fact.board.cells[square.index()] {
            Symbol::WhiteMan => men[0] |= square.bitboard(),
            Symbol::BlackMan => men[1] |= square.bitboard(),
            Symbol::WhiteKing => kings[0] |= square.bitboard(),
            Symbol::BlackKing => kings[1] |= square.bitboard(),
            _ => {}
        }
    }
    Position::from_pieces(men, kings, fact.side)
}

/// Replays every line of an exact fact from its position.
fn check_exact_moves(fact: &FactSyntax, error: &mut impl FnMut(Spot, Problem)) {
    let start = match exact_position(fact) {
        Ok(position) => position,
        Err(reason) => {
            error(fact.board.at, Problem::InvalidPosition(reason));
            return;
        }
    };
    for line in &fact.alternatives {
        let mut position = start;
        for (index, mv) in line.iter().enumerate() {
            match mv.text.resolve(&position) {
                Ok(legal) => position = position.play_unchecked(legal),
                Err(reason) => {
                    let problem = Problem::IllegalMove {
                        mv: mv.text.clone(),
                        number: index + 1,
                        reason,
                    };
                    error(mv.at, problem);
                    break;
                }
            }
        }
    }
}

/// Whether a pattern's first move can be legal in every position the pattern matches.
pub fn pattern_move_possible(
    cells: &[Symbol; 32],
    side: Color,
    mv: &MoveSyntax,
) -> Result<(), Problem> {
    let squares = mv.text.squares();
    let from = squares[0];
    let symbol = cells[from.index()];
    let text = || mv.text.clone();
    if !symbol.surely(side) {
        return Err(Problem::StartNotSurelyMovers {
            mv: text(),
            from,
            side,
        });
    }
    let is_man = symbol == Symbol::piece(side, Role::Man);
    let free = |square: Square| cells[square.index()] == Symbol::Empty || square == from;
    if !mv.capture {
        let [_, to] = squares else {
            return Err(Problem::QuietMoveSquares(text()));
        };
        let to = *to;
        let path = between(from, to).ok_or(Problem::NotOneDiagonal { from, to })?;
        let forward = match side {
            Color::White => to.rank() == from.rank() + 1,
            Color::Black => to.rank() + 1 == from.rank(),
        };
        if is_man && !(path.is_empty() && forward) {
            return Err(Problem::ManMovesForward(text()));
        }
        // Any piece (`o`, `x`) may be a man: only a king moves back or far.
        let surely_king = symbol == Symbol::piece(side, Role::King);
        if !(is_man || surely_king || path.is_empty() && forward) {
            return Err(Problem::MayBeAMan { mv: text(), from });
        }
        if let Some(&blocked) = path.iter().chain([&to]).find(|s| !free(**s)) {
            return Err(Problem::PathNotFree {
                mv: text(),
                blocked,
            });
        }
        return Ok(());
    }
    let mut taken: Vec<Square> = Vec::new();
    for hop in squares.windows(2) {
        let (a, b) = (hop[0], hop[1]);
        let path = between(a, b).ok_or(Problem::NotOneDiagonal { from: a, to: b })?;
        let pieces: Vec<Square> = path.into_iter().filter(|s| !free(*s)).collect();
        let victim = match pieces.as_slice() {
            [one] if cells[one.index()].surely(side.opposite()) && !taken.contains(one) => *one,
            _ => {
                return Err(Problem::JumpNotSure {
                    mv: text(),
                    from: a,
                    to: b,
                    victim: side.opposite(),
                });
            }
        };
        if !free(b) {
            return Err(Problem::LandingNotFree {
                mv: text(),
                square: b,
            });
        }
        taken.push(victim);
    }
    Ok(())
}

/// The squares strictly between `a` and `b`, if they share a diagonal.
fn between(a: Square, b: Square) -> Option<Vec<Square>> {
    let (df, dr) = (
        i16::from(b.file()) - i16::from(a.file()),
        i16::from(b.rank()) - i16::from(a.rank()),
    );
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let squares = (1..df.abs())
        .filter_map(|k| {
            let file = u8::try_from(i16::from(a.file()) + sf * k).ok()?;
            let rank = u8::try_from(i16::from(a.rank()) + sr * k).ok()?;
            Square::from_coords(file, rank)
        })
        .collect();
    Some(squares)
}

/// Warnings for facts that repeat or contradict an earlier fact (same board,
/// side and counts after mirroring).
pub fn duplicates(facts: &[Fact], spots: &[Spot], source: &SourceText) -> Vec<Diagnostic> {
    let mut seen: FastMap<(Mask, Counts), usize> = FastMap::default();
    seen.reserve(facts.len());
    let mut warnings = Vec::new();
    for (index, fact) in facts.iter().enumerate() {
        let key = (fact.mask, fact.counts);
        let Some(&earlier) = seen.get(&key) else {
            seen.insert(key, index);
            continue;
        };
        let first = facts[earlier].info.line;
        let problem = if fact.sorted_lines() == facts[earlier].sorted_lines() {
            Problem::RepeatsFact { line: first }
        } else {
            Problem::ContradictsFact { line: first }
        };
        warnings.push(Diagnostic::warning(source, spots[index], problem));
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_lists_the_squares_of_a_diagonal_and_refuses_others() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let names = |v: Vec<Square>| v.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(
            names(between(sq("a1"), sq("e5")).unwrap()),
            ["b2", "c3", "d4"]
        );
        assert_eq!(
            names(between(sq("h2"), sq("g1")).unwrap()),
            Vec::<String>::new()
        );
        assert_eq!(between(sq("a1"), sq("c1")), None);
    }
}
