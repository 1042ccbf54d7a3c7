//! Legal move generation: captures (compulsory) first, then quiet moves.
//!
//! Quiet moves of men come from shifting the whole set of men at once; kings
//! walk their rays from the compile-time tables. Captures are in [`capture`].

mod capture;

use crate::tables::{Direction, FORWARD, NEIGHBOUR, free_run, step};
use crate::{Bitboard, Color, Move, MoveList, Position, Square};

use capture::{
    Board, PathCollector, jumpers, kings_can_capture, visit_captures, visit_captures_of,
};

/// The side to move's view of `position`.
#[inline(always)]
fn board(position: &Position) -> Board {
    let side = position.side_to_move();
    let us = position.movers();
    let them = position.waiters();
    Board {
        men: us & !position.kings(),
        kings: us & position.kings(),
        them,
        occupied: us | them,
        promotion_rank: promotion_rank(side),
    }
}

#[inline(always)]
const fn promotion_rank(side: Color) -> Bitboard {
    match side {
        Color::White => Bitboard::rank(7),
        Color::Black => Bitboard::rank(0),
    }
}

/// Fills `list` with every legal move of the side to move.
#[inline(always)]
pub(crate) fn generate(position: &Position, list: &mut MoveList) {
    list.clear();
    let board = board(position);
    if !list_captures(&board, list) {
        let (steps, table) = man_steps(position.side_to_move(), &board);
        // Both directions in one set, so that one loop writes them (one exit to foresee,
        // not two).
        list.push_from_table(steps, table);
        if board.kings.any() {
            king_steps(&board, list);
        }
    }
}

/// Calls `visit` with every legal move of the side to move, in [`generate`]'s order,
/// and returns their number: perft's leaves, made without being stored. Captures are
/// gathered in `list` first (two paths may make one move); quiet moves are passed on
/// as they are found.
#[inline(always)]
pub(crate) fn visit_moves(
    position: &Position,
    list: &mut MoveList,
    mut visit: impl FnMut(Move),
) -> u64 {
    list.clear();
    let board = board(position);
    let jumpers = jumpers(board.men, &board);
    if can_capture(&board, &jumpers) {
        let mut captures = CapturesOnce {
            list,
            visit,
            count: 0,
        };
        visit_captures_of(&board, &jumpers, board.kings, &mut captures);
        return captures.count;
    }
    let (steps, table) = man_steps(position.side_to_move(), &board);
    let mut count = u64::from(steps.count_ones());
    let mut rest = steps;
    while rest != 0 {
        visit(table[rest.trailing_zeros() as usize]);
        rest &= rest - 1;
    }
    each_king_run(&board, |from, targets| {
        count += u64::from(targets.count());
        for to in targets {
            visit(Move::king(from, to, Bitboard::EMPTY));
        }
    });
    count
}

/// The number of legal moves of the side to move, which [`generate`] would list. Quiet
/// moves are counted from their sets without being written out (perft's bulk mode);
/// captures are listed in `list`, as two paths may make one move.
#[inline(always)]
pub(crate) fn count_moves(position: &Position, list: &mut MoveList) -> u64 {
    list.clear();
    let board = board(position);
    if list_captures(&board, list) {
        return list.len() as u64;
    }
    // perft's bulk count, at every node but the last ply's: counted by the instruction.
    let mut count = crate::cpu::count_bits(man_steps(position.side_to_move(), &board).0);
    each_king_run(&board, |_, targets| count += targets.count_by_processor());
    u64::from(count)
}

/// Passes each capture on as it is found, once: `list` remembers those that two paths
/// could reach.
struct CapturesOnce<'a, F> {
    list: &'a mut MoveList,
    visit: F,
    count: u64,
}

impl<F: FnMut(Move)> capture::CaptureVisitor for CapturesOnce<'_, F> {
    #[inline(always)]
    fn finish(&mut self, mv: Move) {
        if mv.captures_several() {
            if self.list.contains(&mv) {
                return;
            }
            self.list.push(mv);
        }
        self.count += 1;
        (self.visit)(mv);
    }
}

/// Fills `list` with the captures only (empty when there is none).
#[inline(always)]
pub(crate) fn generate_captures(position: &Position, list: &mut MoveList) {
    match find_captures(position) {
        Some(captures) => captures.list(list),
        None => list.clear(),
    }
}

/// The side to move's captures, known to exist and listed on demand.
///
/// Finding them is built into the caller, so that a position without a capture (most
/// of those the quiescence search asks about) costs the set test alone and no call.
#[derive(Clone, Copy)]
pub(crate) struct Captures {
    board: Board,
    jumpers: [Bitboard; 4],
}

impl Captures {
    /// Fills `list` with the captures.
    #[inline(never)]
    pub(crate) fn list(&self, list: &mut MoveList) {
        list.clear();
        visit_captures_of(&self.board, &self.jumpers, self.board.kings, list);
    }
}

/// The side to move's captures, if it has any.
#[inline(always)]
pub(crate) fn find_captures(position: &Position) -> Option<Captures> {
    let board = board(position);
    let jumpers = jumpers(board.men, &board);
    can_capture(&board, &jumpers).then_some(Captures { board, jumpers })
}

/// Adds every capture of the side to move to `list`; false when it has none.
#[inline(always)]
fn list_captures(board: &Board, list: &mut MoveList) -> bool {
    let jumpers = jumpers(board.men, board);
    if !can_capture(board, &jumpers) {
        return false;
    }
    visit_captures_of(board, &jumpers, board.kings, list);
    true
}

/// Whether the side of `board` has a capture, its men's [`jumpers`] given.
#[inline(always)]
fn can_capture(board: &Board, jumpers: &[Bitboard; 4]) -> bool {
    // Most positions have no capture: one set test settles it before any capture is walked.
    let [a, b, c, d] = *jumpers;
    (a | b | c | d).any() || kings_can_capture(board.kings, board)
}

/// The quiet moves of the kings of `board`.
#[inline(never)]
fn king_steps(board: &Board, list: &mut MoveList) {
    each_king_run(board, |from, targets| {
        list.push_each(targets, |to| Move::king(from, to, Bitboard::EMPTY));
    });
}

/// Calls `visit` with each king of `board` and the empty squares it can fly to, one
/// direction at a time.
#[inline(always)]
fn each_king_run(board: &Board, mut visit: impl FnMut(Square, Bitboard)) {
    for from in board.kings {
        for direction in Direction::ALL {
            visit(from, free_run(from.index(), direction, board.occupied));
        }
    }
}

/// The quiet steps of the side to move's men (those of `board`): their indices in
/// `side`'s [`MAN_STEP`] table (the first forward direction's moves first), and the table.
#[inline(always)]
fn man_steps(side: Color, board: &Board) -> (u64, &'static [Move; 64]) {
    // One arm per colour, so that each shifts its men only the two ways they go.
    let [left, right] = match side {
        Color::White => step_targets(Color::White, board),
        Color::Black => step_targets(Color::Black, board),
    };
    (
        u64::from(left.0) | u64::from(right.0) << 32,
        &MAN_STEP[side.index()],
    )
}

/// Where `side`'s men (those of `board`) can step, per forward direction. Called with
/// a constant `side`, it shifts the men only the two ways they go.
#[inline(always)]
fn step_targets(side: Color, board: &Board) -> [Bitboard; 2] {
    FORWARD[side.index()].map(|direction| step(board.men, direction) & !board.occupied)
}

/// Per colour: the quiet step of a man arriving on square `s` in its first forward
/// direction at `s`, in its second at `32 + s`, so that a step costs one lookup.
const MAN_STEP: [[Move; 64]; 2] = build_man_steps();

const fn build_man_steps() -> [[Move; 64]; 2] {
    let none = Square::wrapping(0);
    let mut table = [[Move::man(none, none, Bitboard::EMPTY, false); 64]; 2];
    let mut side = 0;
    while side < 2 {
        let far_rank = promotion_rank([Color::White, Color::Black][side]);
        let mut way = 0;
        while way < 2 {
            let direction = FORWARD[side][way];
            let mut to = 0;
            while to < 32 {
                let behind = NEIGHBOUR[direction.opposite() as usize][to];
                if behind.any() {
                    let from = Square::wrapping(behind.0.trailing_zeros());
                    let promotes = far_rank.0 & (1 << to) != 0;
                    table[side][32 * way + to] =
                        Move::man(from, Square::wrapping(to as u32), Bitboard::EMPTY, promotes);
                }
                to += 1;
            }
            way += 1;
        }
        side += 1;
    }
    table
}

/// Whether the side to move has a capture (and so must capture).
pub(crate) fn has_capture(position: &Position) -> bool {
    find_captures(position).is_some()
}

/// Every capture path of the piece on `from`, one entry per path (paths of one move may repeat).
pub(crate) fn capture_paths(position: &Position, from: Square) -> Vec<(Vec<Square>, Move)> {
    let mut collector = PathCollector::default();
    visit_captures(&board(position), from.bitboard(), &mut collector);
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
    fn counting_moves_gives_the_length_of_the_list() {
        let mut scratch = crate::MoveList::new();
        for position in crate::play::random_positions(2000, 40, 3) {
            assert_eq!(
                super::count_moves(&position, &mut scratch),
                position.legal_moves().len() as u64,
                "{position:?}"
            );
        }
    }

    #[test]
    fn visiting_moves_gives_the_generated_list_in_its_order() {
        let mut scratch = crate::MoveList::new();
        // The closed loop is reached along two paths; the king ending has both kinds of quiet move.
        let chosen =
            ["W:Wc3:Bd4,f4,f2,d2", "W:WKa1,c3,Kh6:Bf8,Kb8"].map(|fen| fen.parse().unwrap());
        let random = crate::play::random_positions(2000, 40, 4);
        for position in chosen.into_iter().chain(random) {
            let mut visited = Vec::new();
            let count = super::visit_moves(&position, &mut scratch, |mv| visited.push(mv));
            let listed = position.legal_moves();
            assert_eq!(count, listed.len() as u64, "{position:?}");
            assert_eq!(visited.len(), listed.len(), "{position:?}");
            for (a, b) in visited.iter().zip(listed.iter()) {
                assert!(a == b && a.promotes() == b.promotes(), "{position:?}");
            }
        }
    }

    #[test]
    fn captures_found_list_the_generated_captures() {
        let mut found = crate::MoveList::new();
        let chosen = [
            "W:Wc3:Bd4,f4,f2,d2",
            "W:WKa1,c3,Kh6:Bf8,Kb8",
            crate::START_FEN,
        ]
        .map(|fen| fen.parse().unwrap());
        let random = crate::play::random_positions(2000, 40, 5);
        for position in chosen.into_iter().chain(random) {
            let listed = position.legal_moves();
            let must_capture = listed.first().is_some_and(|mv| mv.is_capture());
            match super::find_captures(&position) {
                Some(captures) => {
                    assert!(must_capture, "{position:?}");
                    captures.list(&mut found);
                    assert_eq!(&found[..], &listed[..], "{position:?}");
                }
                None => assert!(!must_capture, "{position:?}"),
            }
        }
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
