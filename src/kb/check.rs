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
use super::rule::Rule;
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
    if let Some(clauses) = &fact.rule
        && let Err(problems) = Rule::compile(clauses, fact.side)
    {
        for (spot, problem) in problems {
            error(spot, problem);
        }
    }
    if !board_ok {
        return problems;
    }
    if fact.is_exact() {
        check_exact_moves(fact, &mut error);
    } else {
        for line in &fact.alternatives {
            let Some(first) = line.first() else {
                continue;
            };
            if let Err(problem) = pattern_move_possible(&fact.board.cells, fact.side, first) {
                error(first.at, problem);
            } else if first.capture
                && let Some(on) = capture_goes_on(&fact.board.cells, fact.side, first)
            {
                let problem = Problem::CaptureMustGoOn {
                    mv: first.text.clone(),
                    on,
                };
                error(first.at, problem);
            } else if let Some(reply) = line.get(1)
                && !reply.capture
                && let Some(from) = sure_capture_after(&fact.board.cells, fact.side, first)
            {
                let problem = Problem::ReplyMustCapture {
                    reply: reply.text.clone(),
                    from,
                };
                error(reply.at, problem);
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

/// Ranges must be non-empty, at most 12, and agree with what the board demands; one
/// count line a side and role; and together with the board they must admit a position.
fn check_counts(fact: &FactSyntax, error: &mut impl FnMut(Spot, Problem)) {
    let mut sound = true;
    for (index, count) in fact.counts.iter().enumerate() {
        let repeated = fact.counts[..index]
            .iter()
            .any(|other| (other.side, other.role) == (count.side, count.role));
        if repeated {
            let (side, role) = (count.side, count.role);
            error(count.at, Problem::CountRepeated { side, role });
            sound = false;
        }
    }
    for count in &fact.counts {
        let (side, role, min, max) = (count.side, count.role, count.min, count.max);
        if min > max {
            error(count.at, Problem::EmptyRange { min, max });
            sound = false;
            continue;
        }
        if max > 12 {
            error(count.at, Problem::TooManyInRange { side, role, max });
            sound = false;
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
            sound = false;
        } else if possible < min {
            let problem = Problem::BoardLeavesRoom {
                side,
                role,
                possible,
                min,
                max,
            };
            error(count.at, problem);
            sound = false;
        }
    }
    // Each line may be met alone and not all together: decided exactly, below.
    if let Some(last) = fact.counts.last().filter(|_| sound)
        && !counts_admit_a_position(fact)
    {
        error(last.at, Problem::CountsTogether);
    }
}

/// Whether some position fits the board and every count line of `fact` together: some
/// number of men and kings of each side within the ranges that can be placed, the board's
/// men and kings where it puts them, an `o` or `x` square holding a man or a king of its
/// side (never a man on its side's last rank), and the rest on `?` squares (no white man
/// on rank 8, no black man on rank 1).
fn counts_admit_a_position(fact: &FactSyntax) -> bool {
    let cells = &fact.board.cells;
    let on = |wanted: Symbol| -> Vec<Square> {
        (0..32)
            .filter(|&index| cells[index] == wanted)
            .filter_map(|index| Square::new(index as u8))
            .collect()
    };
    let free = on(Symbol::Any);
    let top = free.iter().filter(|square| square.rank() == 7).count() as i32;
    let bottom = free.iter().filter(|square| square.rank() == 0).count() as i32;
    let middle = free.len() as i32 - top - bottom;
    let fits = |side: Color, men: i32, kings: i32| {
        fact.counts
            .iter()
            .filter(|count| count.side == side)
            .all(|count| {
                let n = match count.role {
                    None => men + kings,
                    Some(Role::Man) => men,
                    Some(Role::King) => kings,
                } as u32;
                (count.min..=count.max).contains(&n)
            })
    };
    // For each side: the board's own men and kings, its any-piece squares, and those of
    // them on its last rank (kings there).
    let side_of = |side: Color| {
        let last = match side {
            Color::White => 7,
            Color::Black => 0,
        };
        let any = on(any_of(side));
        let any_last = any.iter().filter(|square| square.rank() == last).count() as i32;
        (
            on(Symbol::piece(side, Role::Man)).len() as i32,
            on(Symbol::piece(side, Role::King)).len() as i32,
            any.len() as i32,
            any_last,
        )
    };
    let (white, black) = (side_of(Color::White), side_of(Color::Black));
    // The men and kings each side may have, and how many of each stand on `?` squares.
    let options = |side: Color, (men0, kings0, any, any_last): (i32, i32, i32, i32)| {
        let mut found = Vec::new();
        for men in 0..=12 {
            for kings in 0..=12 - men {
                if !fits(side, men, kings) {
                    continue;
                }
                for men_on_any in 0..=(any - any_last) {
                    let men_free = men - men0 - men_on_any;
                    let kings_free = kings - kings0 - (any - men_on_any);
                    if men_free >= 0 && kings_free >= 0 {
                        found.push((men_free, kings_free));
                    }
                }
            }
        }
        found.sort_unstable();
        found.dedup();
        found
    };
    let (whites, blacks) = (options(Color::White, white), options(Color::Black, black));
    whites.iter().any(|&(white_men, white_kings)| {
        blacks.iter().any(|&(black_men, black_kings)| {
            let men_in_middle = (white_men - bottom).max(0) + (black_men - top).max(0);
            white_men <= bottom + middle
                && black_men <= top + middle
                && men_in_middle <= middle
                && white_men + black_men + white_kings + black_kings <= free.len() as i32
        })
    })
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

/// After the first move `mv` of a pattern written for `side` (legal wherever it
/// matches): a square from which the opponent surely has a capture on the squares the
/// board fixes, so that a quiet reply can never be legal. A man or a king of either
/// role (`x`, `o`) takes an adjacent piece with an empty square behind it; a king also
/// from afar, along squares surely empty.
fn sure_capture_after(cells: &[Symbol; 32], side: Color, mv: &MoveSyntax) -> Option<Square> {
    let mut after = *cells;
    let squares = mv.text.squares();
    let (from, to) = (squares[0], *squares.last()?);
    for pair in squares.windows(2) {
        for jumped in between(pair[0], pair[1]).unwrap_or_default() {
            if after[jumped.index()].surely(side.opposite()) {
                after[jumped.index()] = Symbol::Empty;
            }
        }
    }
    let last_rank = match side {
        Color::White => 7,
        Color::Black => 0,
    };
    let moved = match after[from.index()] {
        symbol if symbol == Symbol::piece(side, Role::Man) && to.rank() == last_rank => {
            Symbol::piece(side, Role::King)
        }
        symbol => symbol,
    };
    after[from.index()] = Symbol::Empty;
    after[to.index()] = moved;
    let opponent = side.opposite();
    let step = |square: Square, df: i16, dr: i16| {
        let file = u8::try_from(i16::from(square.file()) + df).ok()?;
        let rank = u8::try_from(i16::from(square.rank()) + dr).ok()?;
        Square::from_coords(file, rank)
    };
    Square::all().find(|&square| {
        let symbol = after[square.index()];
        if !symbol.surely(opponent) {
            return false;
        }
        let king = symbol == Symbol::piece(opponent, Role::King);
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(df, dr)| {
                let mut at = step(square, df, dr);
                // A king flies over squares surely empty to the piece it takes.
                while king && at.is_some_and(|at| after[at.index()] == Symbol::Empty) {
                    at = at.and_then(|at| step(at, df, dr));
                }
                let Some(taken) = at.filter(|at| after[at.index()].surely(side)) else {
                    return false;
                };
                step(taken, df, dr).is_some_and(|landing| after[landing.index()] == Symbol::Empty)
            })
    })
}

/// After the capture `mv` of a pattern written for `side`: a piece of the opponent
/// that the capturing piece surely takes next, from where it lands, so that the capture
/// as written stops short and can never be legal (a capture goes on while it can). The
/// pieces it took stay on the board until the capture ends and are not taken twice; a
/// man that lands on its crowning rank goes on as a king.
fn capture_goes_on(cells: &[Symbol; 32], side: Color, mv: &MoveSyntax) -> Option<Square> {
    let squares = mv.text.squares();
    let (from, to) = (squares[0], *squares.last()?);
    let mut taken = Vec::new();
    for pair in squares.windows(2) {
        taken.extend(between(pair[0], pair[1]).unwrap_or_default());
    }
    let crowning = match side {
        Color::White => 7,
        Color::Black => 0,
    };
    let king = cells[from.index()] == Symbol::piece(side, Role::King) || to.rank() == crowning;
    // The square it left is empty now; every other square is as the board has it.
    let empty = |square: Square| square == from || cells[square.index()] == Symbol::Empty;
    let step = |square: Square, df: i16, dr: i16| {
        let file = u8::try_from(i16::from(square.file()) + df).ok()?;
        let rank = u8::try_from(i16::from(square.rank()) + dr).ok()?;
        Square::from_coords(file, rank)
    };
    [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        .iter()
        .find_map(|&(df, dr)| {
            let mut at = step(to, df, dr);
            // A king flies over squares surely empty to the piece it takes.
            while king && at.is_some_and(empty) {
                at = at.and_then(|at| step(at, df, dr));
            }
            let victim =
                at.filter(|at| cells[at.index()].surely(side.opposite()) && !taken.contains(at))?;
            step(victim, df, dr).is_some_and(empty).then_some(victim)
        })
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
    // A rule's moves are found on the position: two rules of one board are two ideas.
    for (index, fact) in facts
        .iter()
        .enumerate()
        .filter(|(_, fact)| fact.rule.is_none())
    {
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
