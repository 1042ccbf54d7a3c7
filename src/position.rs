//! A position: who stands where, and whose move it is.

use std::fmt;

use crate::movegen;
use crate::{Bitboard, Color, Move, MoveList, Piece, Role, Square};

/// The start position string.
pub const START_FEN: &str =
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

/// Pieces on the 32 dark squares and the side to move; 16 bytes, copied freely.
///
/// # Examples
///
/// ```
/// use shashki::Position;
///
/// let start = Position::start();
/// let moves = start.legal_moves();
/// assert_eq!(moves.len(), 7);
/// let after = start.play(moves[0]).unwrap();
/// assert_eq!(after.side_to_move(), shashki::Color::Black);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces of the side to move, and of the other side: a move swaps them, with
    /// no choice by colour.
    mover: Bitboard,
    waiting: Bitboard,
    kings: Bitboard,
    side: Color,
}

/// Why a set of pieces is not a valid position (RULES.md, "A valid position").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Two pieces claim one square.
    SquareTwice(Square),
    /// More than 12 pieces of one colour.
    TooManyPieces(Color, u32),
    /// A man on the rank where it would already have been crowned.
    ManOnPromotionRank(Color, Square),
}

impl PositionError {
    /// What is wrong, as a message of the `.ftl` files.
    pub fn message(&self) -> crate::words::Message {
        use crate::{msg, words};
        match self {
            PositionError::SquareTwice(square) => {
                msg!("kb-position-square-twice", square = square.to_string())
            }
            PositionError::TooManyPieces(color, count) => msg!(
                "kb-position-too-many",
                side = words::side(*color),
                count = *count
            ),
            PositionError::ManOnPromotionRank(color, square) => msg!(
                "kb-man-on-last-rank",
                side = words::side(*color),
                square = square.to_string()
            ),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for PositionError {}

/// Why a move was refused by [`Position::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl IllegalMove {
    /// Why the move was refused, to be worded.
    pub fn message(&self) -> crate::words::Message {
        crate::msg!("move-not-legal", mv = format!("{:?}", self.0))
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// The start position, White to move.
    pub fn start() -> Position {
        Position {
            mover: Bitboard(0x0000_0FFF),
            waiting: Bitboard(0xFFF0_0000),
            kings: Bitboard::EMPTY,
            side: Color::White,
        }
    }

    /// A position from the men and kings of each side, checked for validity.
    pub fn from_pieces(
        men: [Bitboard; 2],
        kings: [Bitboard; 2],
        side: Color,
    ) -> Result<Position, PositionError> {
        let sets = [men[0], kings[0], men[1], kings[1]];
        let mut seen = Bitboard::EMPTY;
        for set in sets {
            if let Some(square) = (seen & set).first() {
                return Err(PositionError::SquareTwice(square));
            }
            seen |= set;
        }
        for color in [Color::White, Color::Black] {
            let i = color.index();
            let count = (men[i] | kings[i]).count();
            if count > 12 {
                return Err(PositionError::TooManyPieces(color, count));
            }
            let far = match color {
                Color::White => Bitboard::rank(7),
                Color::Black => Bitboard::rank(0),
            };
            if let Some(square) = (men[i] & far).first() {
                return Err(PositionError::ManOnPromotionRank(color, square));
            }
        }
        let [white, black] = [men[0] | kings[0], men[1] | kings[1]];
        let (mover, waiting) = match side {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        Ok(Position {
            mover,
            waiting,
            kings: kings[0] | kings[1],
            side,
        })
    }

    /// The side to move.
    #[inline]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// Every piece of `color`.
    #[inline]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        if color as u8 == self.side as u8 {
            self.mover
        } else {
            self.waiting
        }
    }

    /// The pieces of the side to move.
    #[inline]
    pub const fn movers(&self) -> Bitboard {
        self.mover
    }

    /// The pieces of the side not to move.
    #[inline]
    pub const fn waiters(&self) -> Bitboard {
        self.waiting
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces(color) & !self.kings
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings_of(&self, color: Color) -> Bitboard {
        self.pieces(color) & self.kings
    }

    /// Every king on the board, of either colour.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.mover | self.waiting
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let color = if self.mover.contains(square) {
            self.side
        } else if self.waiting.contains(square) {
            self.side.opposite()
        } else {
            return None;
        };
        let role = if self.kings.contains(square) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// The same position with the side to move changed (for analysis and tests).
    pub fn with_side_to_move(mut self, side: Color) -> Position {
        if side != self.side {
            std::mem::swap(&mut self.mover, &mut self.waiting);
            self.side = side;
        }
        self
    }

    /// The position turned 180 degrees with the colours swapped: White's view of a Black position.
    pub fn mirrored(&self) -> Position {
        // Colours and the side to move both change: the side to move keeps its pieces.
        Position {
            mover: self.mover.flipped(),
            waiting: self.waiting.flipped(),
            kings: self.kings.flipped(),
            side: self.side.opposite(),
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        movegen::generate(self, &mut list);
        list
    }

    /// Fills `list` with every legal move, reusing its memory (for search loops).
    #[inline]
    pub fn generate_moves(&self, list: &mut MoveList) {
        movegen::generate(self, list);
    }

    /// Fills `list` with the legal captures only; empty when the side to move has none.
    #[inline]
    pub fn generate_captures(&self, list: &mut MoveList) {
        movegen::generate_captures(self, list);
    }

    /// The side to move's captures, found but not yet listed; `None` when it has none.
    #[inline(always)]
    pub(crate) fn find_captures(&self) -> Option<movegen::Captures> {
        movegen::find_captures(self)
    }

    /// Whether the side to move must capture.
    #[inline]
    pub fn has_capture(&self) -> bool {
        movegen::has_capture(self)
    }

    /// Every capture path of the piece on `from`, as landing squares after `from`.
    ///
    /// A move reachable along several paths appears once per path.
    pub fn capture_paths(&self, from: Square) -> Vec<(Vec<Square>, Move)> {
        movegen::capture_paths(self, from)
    }

    /// The position after `mv`, if `mv` is legal here.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        // The generated move, not the one given: it says which piece moves.
        match self.legal_moves().iter().find(|&&legal| legal == mv) {
            Some(&legal) => Ok(self.play_unchecked(legal)),
            None => Err(IllegalMove(mv)),
        }
    }

    /// The position after `mv`, which must come from this position's move generator.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let captured = mv.captured();
        debug_assert!(
            (self.mover & mv.from().bitboard()).any(),
            "no piece of the side to move on {:?}",
            mv.from()
        );
        debug_assert!(
            (self.waiting & captured) == captured,
            "capturing a missing piece"
        );
        debug_assert_eq!(
            self.kings.contains(mv.from()),
            mv.by_king(),
            "a move generated for another piece"
        );
        Position {
            mover: self.waiting & mv.kept(),
            waiting: self.mover ^ mv.moved(),
            kings: (self.kings & mv.kept()) ^ mv.crowns(),
            side: self.side.opposite(),
        }
    }

    /// Number of pieces of `color`.
    pub fn count(&self, color: Color) -> u32 {
        self.pieces(color).count()
    }
}

/// Prints the position string, e.g. the start position as [`START_FEN`].
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_sixteen_bytes() {
        assert!(std::mem::size_of::<Position>() <= 16);
    }

    #[test]
    fn start_matches_the_rule_book() {
        assert_eq!(Position::start().to_fen(), START_FEN);
    }

    #[test]
    fn mirroring_twice_is_identity_and_swaps_colours() {
        let position: Position = "W:Wa1,Kc3:Bh8".parse().unwrap();
        let mirrored = position.mirrored();
        assert_eq!(mirrored.to_fen(), "B:Wa1:BKf6,h8");
        assert_eq!(mirrored.mirrored(), position);
    }

    #[test]
    fn invalid_piece_sets_are_refused() {
        let c3 = "c3".parse::<Square>().unwrap().bitboard();
        let b8 = "b8".parse::<Square>().unwrap().bitboard();
        assert_eq!(
            Position::from_pieces([c3, Bitboard::EMPTY], [Bitboard::EMPTY, c3], Color::White),
            Err(PositionError::SquareTwice("c3".parse().unwrap()))
        );
        assert!(matches!(
            Position::from_pieces([b8, Bitboard::EMPTY], [Bitboard::EMPTY; 2], Color::White),
            Err(PositionError::ManOnPromotionRank(Color::White, _))
        ));
        assert!(matches!(
            Position::from_pieces(
                [Bitboard(0x1FFF), Bitboard::EMPTY],
                [Bitboard::EMPTY; 2],
                Color::White
            ),
            Err(PositionError::TooManyPieces(Color::White, 13))
        ));
    }

    #[test]
    fn each_colour_keeps_its_pieces_whoever_is_to_move() {
        let position: Position = "W:Wa1,Kc3:Bh8".parse().unwrap();
        let black = position.with_side_to_move(Color::Black);
        assert_eq!(black.to_fen(), "B:Wa1,Kc3:Bh8");
        assert_eq!(black.pieces(Color::White), position.pieces(Color::White));
        assert_eq!(black.movers(), position.waiters());
        assert_eq!(black.with_side_to_move(Color::White), position);
    }

    #[test]
    fn play_refuses_a_move_that_is_not_legal() {
        let start = Position::start();
        let a1 = "a1".parse().unwrap();
        let b2 = "b2".parse().unwrap();
        assert!(
            start
                .play(Move::man(a1, b2, Bitboard::EMPTY, false))
                .is_err()
        );
    }
}
