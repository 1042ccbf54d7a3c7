//! Legal move generation: captures (compulsory) first, then quiet moves.
//!
//! Captures are explored depth-first with the Turkish strike rule: jumped
//! pieces stay on the board until the move ends, so they block, and cannot
//! be jumped twice. The capturing piece's own square counts as empty. A king
//! landing behind a captured piece must pick a square from which the capture
//! continues when there is one; a man reaching the far rank mid-capture goes
//! on as a king.

use crate::tables::{Direction, JUMP, NEIGHBOUR, RAY, free_run, index_of, nearest, step};
use crate::{Bitboard, Color, Move, MoveList, Position, Square};

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

/// What one capturing piece sees: its origin (empty while it moves), the enemy and every obstacle.
struct CaptureSearch<'a, V> {
    from: Square,
    them: Bitboard,
    occupied: Bitboard,
    promotion_rank: Bitboard,
    visitor: &'a mut V,
}

#[inline(always)]
fn square_of(single: Bitboard) -> Square {
    Square::wrapping(single.0.trailing_zeros())
}

impl<V: CaptureVisitor> CaptureSearch<'_, V> {
    /// Jumps of a man standing on `at`; returns whether there was any.
    fn man_jumps(&mut self, at: Square, captured: Bitboard) -> bool {
        // The piece just jumped is in `captured`, so the way back is closed without a check.
        let enemies = self.them & !captured;
        let empty = !self.occupied;
        let mut found = false;
        for direction in Direction::ALL {
            let victim = NEIGHBOUR[direction as usize][at.index()];
            let landing = JUMP[direction as usize][at.index()];
            if (victim & enemies).is_empty() || (landing & empty).is_empty() {
                continue;
            }
            found = true;
            let landing_square = square_of(landing);
            let captured = captured | victim;
            let crowned = (landing & self.promotion_rank).any();
            self.visitor.enter(landing_square);
            let continued = if crowned {
                self.king_jumps(landing_square, captured, true, Some(direction))
            } else {
                self.man_jumps(landing_square, captured)
            };
            if !continued {
                self.visitor
                    .finish(Move::new(self.from, landing_square, captured, crowned));
            }
            self.visitor.leave();
        }
        found
    }

    /// Jumps of a king standing on `at`; returns whether there was any.
    fn king_jumps(
        &mut self,
        at: Square,
        captured: Bitboard,
        promoted: bool,
        arrived: Option<Direction>,
    ) -> bool {
        let mut found = false;
        for direction in Direction::ALL {
            if Some(direction.opposite()) == arrived {
                continue;
            }
            let blockers = RAY[direction as usize][at.index()] & self.occupied;
            if blockers.is_empty() {
                continue;
            }
            let victim = nearest(blockers, direction);
            if (victim & self.them & !captured).is_empty() {
                continue;
            }
            let landings = free_run(index_of(victim), direction, self.occupied);
            if landings.is_empty() {
                continue;
            }
            found = true;
            let captured = captured | victim;
            let mut continued = false;
            for landing in landings {
                self.visitor.enter(landing);
                continued |= self.king_jumps(landing, captured, promoted, Some(direction));
                self.visitor.leave();
            }
            if !continued {
                for landing in landings {
                    self.visitor.enter(landing);
                    self.visitor
                        .finish(Move::new(self.from, landing, captured, promoted));
                    self.visitor.leave();
                }
            }
        }
        found
    }
}

/// The side to move's pieces, the opponent's, the kings and the mover's colour.
#[inline(always)]
fn sides(position: &Position) -> (Bitboard, Bitboard, Color) {
    let side = position.side_to_move();
    (
        position.pieces(side),
        position.pieces(side.opposite()),
        side,
    )
}

#[inline(always)]
const fn promotion_rank(side: Color) -> Bitboard {
    match side {
        Color::White => Bitboard::rank(7),
        Color::Black => Bitboard::rank(0),
    }
}

#[inline(always)]
const fn forward(side: Color) -> [Direction; 2] {
    match side {
        Color::White => [Direction::NorthWest, Direction::NorthEast],
        Color::Black => [Direction::SouthWest, Direction::SouthEast],
    }
}

/// Men of `men` that have an enemy piece next to them with an empty square behind.
#[inline(always)]
fn men_that_can_jump(men: Bitboard, them: Bitboard, empty: Bitboard) -> Bitboard {
    let mut jumpers = Bitboard::EMPTY;
    for direction in Direction::ALL {
        let back = direction.opposite();
        jumpers |= men & step(step(empty, back) & them, back);
    }
    jumpers
}

/// Runs every capture of the side to move through `visitor`, piece by piece.
fn visit_captures<V: CaptureVisitor>(position: &Position, pieces: Bitboard, visitor: &mut V) {
    let (us, them, side) = sides(position);
    let all = us | them;
    let kings = position.kings() & us & pieces;
    let men = us & !position.kings() & pieces;
    for from in men_that_can_jump(men, them, !all) {
        let mut search = CaptureSearch {
            from,
            them,
            occupied: all & !from.bitboard(),
            promotion_rank: promotion_rank(side),
            visitor: &mut *visitor,
        };
        search.man_jumps(from, Bitboard::EMPTY);
    }
    for from in kings {
        let mut search = CaptureSearch {
            from,
            them,
            occupied: all & !from.bitboard(),
            promotion_rank: promotion_rank(side),
            visitor: &mut *visitor,
        };
        search.king_jumps(from, Bitboard::EMPTY, false, None);
    }
}

/// Fills `list` with every legal move of the side to move.
pub(crate) fn generate(position: &Position, list: &mut MoveList) {
    list.clear();
    visit_captures(position, Bitboard::ALL, list);
    if list.is_empty() {
        generate_quiet(position, list);
    }
}

/// Fills `list` with the captures only (empty when there is none).
pub(crate) fn generate_captures(position: &Position, list: &mut MoveList) {
    list.clear();
    visit_captures(position, Bitboard::ALL, list);
}

fn generate_quiet(position: &Position, list: &mut MoveList) {
    let (us, them, side) = sides(position);
    let occupied = us | them;
    let men = us & !position.kings();
    for direction in forward(side) {
        let back = direction.opposite() as usize;
        for to in step(men, direction) & !occupied {
            let from = square_of(NEIGHBOUR[back][to.index()]);
            let promotes = promotion_rank(side).contains(to);
            list.push(Move::new(from, to, Bitboard::EMPTY, promotes));
        }
    }
    for from in us & position.kings() {
        for direction in Direction::ALL {
            for to in free_run(from.index(), direction, occupied) {
                list.push(Move::new(from, to, Bitboard::EMPTY, false));
            }
        }
    }
}

/// Whether the side to move has a capture (and so must capture).
pub(crate) fn has_capture(position: &Position) -> bool {
    let (us, them, _) = sides(position);
    let all = us | them;
    let empty = !all;
    if men_that_can_jump(us & !position.kings(), them, empty).any() {
        return true;
    }
    (us & position.kings()).into_iter().any(|king| {
        Direction::ALL.into_iter().any(|direction| {
            let blockers = RAY[direction as usize][king.index()] & all;
            if blockers.is_empty() {
                return false;
            }
            let victim = nearest(blockers, direction);
            (victim & them).any() && (NEIGHBOUR[direction as usize][index_of(victim)] & empty).any()
        })
    })
}

/// Every capture path of the piece on `from`, one entry per path (paths of one move may repeat).
pub(crate) fn capture_paths(position: &Position, from: Square) -> Vec<(Vec<Square>, Move)> {
    let mut collector = PathCollector::default();
    visit_captures(position, from.bitboard(), &mut collector);
    collector.found
}

#[cfg(test)]
mod tests {
    use crate::Position;

    fn moves(fen: &str) -> Vec<String> {
        let position: Position = fen.parse().unwrap();
        let mut found: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|&mv| crate::MoveText::from_move(&position, mv).to_string())
            .collect();
        found.sort();
        found
    }

    #[test]
    fn start_position_has_seven_moves() {
        assert_eq!(
            moves(crate::START_FEN),
            [
                "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"
            ]
        );
    }

    #[test]
    fn men_capture_backwards() {
        assert_eq!(moves("W:Wd4:Bc3"), ["d4:b2"]);
    }

    #[test]
    fn capture_is_compulsory() {
        assert_eq!(moves("W:Wd4,h2:Be5"), ["d4:f6"]);
    }

    #[test]
    fn free_choice_between_captures_not_the_longest() {
        assert_eq!(moves("W:Wc3,e1:Bd4,f6,f2"), ["c3:e5:g7", "e1:g3"]);
    }

    #[test]
    fn kings_fly_and_may_land_anywhere_behind_a_lone_capture() {
        assert_eq!(
            moves("W:WKa1:Bc3"),
            ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]
        );
    }

    #[test]
    fn king_must_land_where_the_capture_continues() {
        // Behind c3 only d4 lets the king go on (over c5), so e5..h8 are not allowed.
        assert_eq!(moves("W:WKa1:Bc3,c5"), ["a1:d4:a7", "a1:d4:b6"]);
    }

    #[test]
    fn closed_loop_taken_either_way_is_one_move() {
        // Clockwise and anticlockwise round e3 capture the same four men and end on c3.
        assert_eq!(moves("W:Wc3:Bd4,f4,f2,d2"), ["c3:e5:g3:e1:c3"]);
    }

    #[test]
    fn man_crowned_mid_capture_continues_as_a_flying_king() {
        // Crowned on d8, the new king flies over e7 to take f6, which a man could not reach.
        let position: Position = "W:Wb6:Bc7,f6".parse().unwrap();
        assert_eq!(moves("W:Wb6:Bc7,f6"), ["b6:d8:g5", "b6:d8:h4"]);
        let moves = position.legal_moves();
        assert!(moves.iter().all(|mv| mv.promotes()));
        let after: Vec<String> = moves
            .iter()
            .map(|&mv| position.play_unchecked(mv).to_fen())
            .collect();
        assert_eq!(after, ["B:WKh4:B", "B:WKg5:B"]);
    }

    #[test]
    fn black_men_move_down_the_board() {
        assert_eq!(moves("B:Wa1:Bd6,h8"), ["d6-c5", "d6-e5", "h8-g7"]);
    }

    #[test]
    fn no_moves_when_every_piece_is_blocked() {
        assert!(moves("W:Wa1:Bb2,c3").is_empty());
    }
}
