//! Capture sequences, explored depth-first under the Turkish strike rule.
//!
//! Jumped pieces stay on the board until the move ends, so they block and
//! cannot be jumped twice. The capturing piece's own square counts as empty. A
//! king landing behind a captured piece must pick a square from which the
//! capture continues when there is one; a man reaching the far rank
//! mid-capture goes on as a king.
//!
//! Set operations find the pieces that can capture and, at every landing,
//! whether the chain goes on, so the search walks only where captures exist.

use crate::tables::{
    Direction, JUMP, NEIGHBOUR, NEIGHBOURS, RAY, free_run, jump_origins, nearest, step,
};
use crate::{Bitboard, Move, MoveList, Square};

/// Receives the capture sequences found by the search below.
///
/// `enter` and `leave` bracket each landing square, so a visitor can keep the
/// path; `finish` is called at the end of every complete sequence.
pub(crate) trait CaptureVisitor {
    #[inline(always)]
    fn enter(&mut self, _landing: Square) {}
    #[inline(always)]
    fn leave(&mut self) {}
    fn finish(&mut self, mv: Move);
}

impl CaptureVisitor for MoveList {
    #[inline(always)]
    fn finish(&mut self, mv: Move) {
        self.push_capture(mv);
    }
}

/// Every capture path of one piece, with its landing squares in order.
#[derive(Default)]
pub(crate) struct PathCollector {
    path: Vec<Square>,
    pub(crate) found: Vec<(Vec<Square>, Move)>,
}

impl CaptureVisitor for PathCollector {
    fn enter(&mut self, landing: Square) {
        self.path.push(landing);
    }
    fn leave(&mut self) {
        self.path.pop();
    }
    fn finish(&mut self, mv: Move) {
        self.found.push((self.path.clone(), mv));
    }
}

/// The board as the side to move's captures see it.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    /// The side to move's men and kings.
    pub men: Bitboard,
    pub kings: Bitboard,
    /// The opponent's pieces.
    pub them: Bitboard,
    /// Every piece of both sides.
    pub occupied: Bitboard,
    /// Where the side to move's men are crowned.
    pub promotion_rank: Bitboard,
}

/// Per direction: the enemy pieces with an empty square right behind them that way,
/// the pieces a capture in that direction can take.
#[inline(always)]
pub(crate) fn victims(them: Bitboard, empty: Bitboard) -> [Bitboard; 4] {
    Direction::ALL.map(|direction| them & step(empty, direction.opposite()))
}

/// Per direction: the men of `men` that can jump that way (an enemy next to them and an
/// empty square behind it), found for all men at once.
#[inline(always)]
pub(crate) fn jumpers(men: Bitboard, board: &Board) -> [Bitboard; 4] {
    let empty = !board.occupied;
    Direction::ALL.map(|direction| {
        men & step(board.them, direction.opposite()) & jump_origins(empty, direction)
    })
}

/// Whether any king of `kings` can capture.
#[inline(always)]
pub(crate) fn kings_can_capture(kings: Bitboard, board: &Board) -> bool {
    if kings.is_empty() {
        return false;
    }
    let victims = victims(board.them, !board.occupied);
    kings
        .into_iter()
        .any(|king| king_can_capture(king, board.occupied, &victims))
}

/// Whether the king on `at` has an enemy piece first in some direction with an empty
/// square behind it.
#[inline(always)]
pub(crate) fn king_can_capture(at: Square, occupied: Bitboard, victims: &[Bitboard; 4]) -> bool {
    // Without a branch per direction, which the processor could not foresee.
    let first_in_line = |direction: Direction| {
        nearest(RAY[direction as usize][at.index()] & occupied, direction)
            & victims[direction as usize]
    };
    (first_in_line(Direction::NorthWest)
        | first_in_line(Direction::NorthEast)
        | first_in_line(Direction::SouthWest)
        | first_in_line(Direction::SouthEast))
    .any()
}

/// What one capturing piece sees: its origin (empty while it moves), the enemy and every obstacle.
struct CaptureSearch<'a, V> {
    from: Square,
    occupied: Bitboard,
    /// [`victims`] with the origin counted empty; pieces already jumped are removed on the way.
    victims: [Bitboard; 4],
    promotion_rank: Bitboard,
    visitor: &'a mut V,
}

#[inline(always)]
fn square_of(single: Bitboard) -> Square {
    Square::wrapping(single.0.trailing_zeros())
}

/// The enemy pieces a man on `at` can jump next, `captured` excepted.
#[inline(always)]
fn man_targets(at: Square, captured: Bitboard, victims: &[Bitboard; 4]) -> Bitboard {
    let s = at.index();
    let target =
        |direction: Direction| NEIGHBOUR[direction as usize][s] & victims[direction as usize];
    (target(Direction::NorthWest)
        | target(Direction::NorthEast)
        | target(Direction::SouthWest)
        | target(Direction::SouthEast))
        & !captured
}

impl<'a, V: CaptureVisitor> CaptureSearch<'a, V> {
    /// A search for the piece on `from`, whose square is empty once it moves.
    fn new(board: &Board, victims: &[Bitboard; 4], from: Square, visitor: &'a mut V) -> Self {
        CaptureSearch {
            from,
            occupied: board.occupied & !from.bitboard(),
            // An enemy next to the origin now has an empty square behind it, away from the origin.
            victims: Direction::ALL.map(|direction| {
                victims[direction as usize]
                    | (board.them & NEIGHBOUR[direction.opposite() as usize][from.index()])
            }),
            promotion_rank: board.promotion_rank,
            visitor,
        }
    }

    /// Every chain of the man that has jumped from `self.from` to `at`, taking `captured`.
    fn man_chain(&mut self, at: Square, captured: Bitboard) {
        for direction in Direction::ALL {
            if (NEIGHBOUR[direction as usize][at.index()]
                & man_targets(at, captured, &self.victims))
            .any()
            {
                self.man_jump(at, direction, captured);
            }
        }
    }

    /// The man on `at` jumps the enemy next to it in `direction` (the caller has seen that
    /// it can) and goes on while it can.
    fn man_jump(&mut self, at: Square, direction: Direction, captured: Bitboard) {
        let victim = NEIGHBOUR[direction as usize][at.index()];
        let landing = JUMP[direction as usize][at.index()];
        let landing_square = square_of(landing);
        let captured = captured | victim;
        let crowned = (landing & self.promotion_rank).any();
        self.visitor.enter(landing_square);
        let continued = if crowned {
            self.king_jumps(landing_square, captured, true, Some(direction))
        } else if man_targets(landing_square, captured, &self.victims).any() {
            self.man_chain(landing_square, captured);
            true
        } else {
            false
        };
        if !continued {
            self.visitor
                .finish(Move::man(self.from, landing_square, captured, crowned));
        }
        self.visitor.leave();
    }

    /// Jumps of a king standing on `at`; returns whether there was any.
    fn king_jumps(
        &mut self,
        at: Square,
        captured: Bitboard,
        promoted: bool,
        arrived: Option<Direction>,
    ) -> bool {
        // Written out, in the generation order, so that each direction's tables are constants.
        let north_west =
            self.king_jumps_towards(Direction::NorthWest, at, captured, promoted, arrived);
        let north_east =
            self.king_jumps_towards(Direction::NorthEast, at, captured, promoted, arrived);
        let south_west =
            self.king_jumps_towards(Direction::SouthWest, at, captured, promoted, arrived);
        let south_east =
            self.king_jumps_towards(Direction::SouthEast, at, captured, promoted, arrived);
        north_west | north_east | south_west | south_east
    }

    /// The king on `at` jumps in `direction` if it can; returns whether it could.
    #[inline(always)]
    fn king_jumps_towards(
        &mut self,
        direction: Direction,
        at: Square,
        captured: Bitboard,
        promoted: bool,
        arrived: Option<Direction>,
    ) -> bool {
        if Some(direction.opposite()) == arrived {
            return false;
        }
        let ray = RAY[direction as usize][at.index()];
        let victims = self.victims[direction as usize] & !captured;
        // Only an enemy with an empty square behind it can be taken: most rays stop here.
        if (ray & victims).is_empty() {
            return false;
        }
        let victim = nearest(ray & self.occupied, direction);
        if (victim & victims).is_empty() {
            return false;
        }
        let landings = free_run(
            victim.0.trailing_zeros() as usize & 31,
            direction,
            self.occupied,
        );
        let captured = captured | victim;
        let mut continued = false;
        for landing in landings {
            // Most landings offer nothing more: one set test each spares the call.
            if self.may_continue(landing, captured, direction) {
                self.visitor.enter(landing);
                continued |= self.king_jumps(landing, captured, promoted, Some(direction));
                self.visitor.leave();
            }
        }
        if !continued {
            for landing in landings {
                self.visitor.enter(landing);
                // A piece crowned on the way is a man that set out.
                self.visitor.finish(if promoted {
                    Move::man(self.from, landing, captured, true)
                } else {
                    Move::king(self.from, landing, captured)
                });
                self.visitor.leave();
            }
        }
        true
    }

    /// Whether a king that arrived on `at` going `arrived` sees a piece it may still take
    /// somewhere along its rays (not necessarily first in line: [`Self::king_jumps`] decides).
    #[inline(always)]
    fn may_continue(&self, at: Square, captured: Bitboard, arrived: Direction) -> bool {
        let s = at.index();
        let takeable =
            |direction: Direction| RAY[direction as usize][s] & self.victims[direction as usize];
        let ahead = match arrived {
            Direction::NorthWest | Direction::SouthEast => {
                takeable(Direction::NorthEast) | takeable(Direction::SouthWest)
            }
            Direction::NorthEast | Direction::SouthWest => {
                takeable(Direction::NorthWest) | takeable(Direction::SouthEast)
            }
        };
        ((ahead | takeable(arrived)) & !captured).any()
    }
}

/// Runs every capture of the pieces of `board` that are in `pieces` through `visitor`,
/// piece by piece: men first, each in square order, then kings.
#[inline(always)]
pub(crate) fn visit_captures<V: CaptureVisitor>(board: &Board, pieces: Bitboard, visitor: &mut V) {
    let jumpers = jumpers(board.men & pieces, board);
    visit_captures_of(board, &jumpers, board.kings & pieces, visitor);
}

/// Runs every capture of the men in `jumpers` (as [`jumpers`] gives them) and of the
/// kings in `kings` through `visitor`, in the order of [`visit_captures`].
#[inline(always)]
pub(crate) fn visit_captures_of<V: CaptureVisitor>(
    board: &Board,
    jumpers: &[Bitboard; 4],
    kings: Bitboard,
    visitor: &mut V,
) {
    let [a, b, c, d] = *jumpers;
    // Piece by piece and direction by direction: the order of the list is the search's.
    for from in a | b | c | d {
        // Written out so that each jump's direction, and with it its tables, is a constant.
        let [nw, ne, sw, se] = [a, b, c, d].map(|jumpers| jumpers.contains(from));
        if nw {
            first_jump(board, from, Direction::NorthWest, visitor);
        }
        if ne {
            first_jump(board, from, Direction::NorthEast, visitor);
        }
        if sw {
            first_jump(board, from, Direction::SouthWest, visitor);
        }
        if se {
            first_jump(board, from, Direction::SouthEast, visitor);
        }
    }
    if kings.is_empty() {
        return;
    }
    let victims = victims(board.them, !board.occupied);
    for from in kings {
        if king_can_capture(from, board.occupied, &victims) {
            CaptureSearch::new(board, &victims, from, visitor).king_jumps(
                from,
                Bitboard::EMPTY,
                false,
                None,
            );
        }
    }
}

/// The man on `from` jumps in `direction`. Most captures end there: that case is settled
/// by looking at the landing square's neighbours, without setting up a search.
#[inline(always)]
fn first_jump<V: CaptureVisitor>(
    board: &Board,
    from: Square,
    direction: Direction,
    visitor: &mut V,
) {
    let victim = NEIGHBOUR[direction as usize][from.index()];
    let landing = JUMP[direction as usize][from.index()];
    let landing_square = square_of(landing);
    // The piece just jumped cannot be taken twice; the square the man left is empty now.
    let ends = (landing & board.promotion_rank).is_empty()
        && !man_can_jump(
            landing_square,
            board.them & !victim,
            !board.occupied | from.bitboard(),
        );
    if ends {
        visitor.enter(landing_square);
        visitor.finish(Move::man(from, landing_square, victim, false));
        visitor.leave();
    } else {
        man_chains(board, from, direction, visitor);
    }
}

/// Every chain of the man on `from` that starts with a jump in `direction`.
// Kept out of line: built into its caller, its set-up would be hoisted and paid for
// the single jumps too.
#[inline(never)]
fn man_chains<V: CaptureVisitor>(
    board: &Board,
    from: Square,
    direction: Direction,
    visitor: &mut V,
) {
    let victims = victims(board.them, !board.occupied);
    CaptureSearch::new(board, &victims, from, visitor).man_jump(from, direction, Bitboard::EMPTY);
}

/// Whether a man on `at` can jump a piece of `targets` onto a square of `empty`.
#[inline(always)]
fn man_can_jump(at: Square, targets: Bitboard, empty: Bitboard) -> bool {
    let s = at.index();
    // Often no enemy piece stands next to the landing at all.
    if (NEIGHBOURS[s] & targets).is_empty() {
        return false;
    }
    // Without a branch per direction, which the processor could not foresee.
    Direction::ALL.into_iter().fold(false, |found, direction| {
        let d = direction as usize;
        found | ((NEIGHBOUR[d][s] & targets).any() & (JUMP[d][s] & empty).any())
    })
}
