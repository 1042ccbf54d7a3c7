//! CheckerBoard's board: `int board[8][8]` indexed `[x][y]`, in the layout its
//! `cb_interface.h` gives Russian draughts (the default branch of `numbertocoors`):
//! x = 7 − file and y = 8 − rank, so that square 1 (b8) is `[6][0]`, c1 (30) is
//! `[5][7]`, and White's men start on y 5 to 7. White moves first.

use std::ffi::c_int;
use std::fmt;

use shashki::notation::Numbering;
use shashki::words::Message;
use shashki::{Bitboard, Color, Piece, Position, PositionError, Role, Square, msg};

/// The board as CheckerBoard passes it.
pub type Board = [[c_int; 8]; 8];

/// An empty square.
pub const FREE: c_int = 0;
/// White's colour bit.
pub const WHITE: c_int = 1;
/// Black's colour bit.
pub const BLACK: c_int = 2;
/// A man.
pub const MAN: c_int = 4;
/// A king.
pub const KING: c_int = 8;

/// A place on CheckerBoard's board (its `struct coor`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coor {
    /// 7 − file (a = 0).
    pub x: c_int,
    /// 8 − rank.
    pub y: c_int,
}

impl Coor {
    /// Where `square` is.
    pub fn of(square: Square) -> Coor {
        Coor {
            x: 7 - c_int::from(square.file()),
            y: 7 - c_int::from(square.rank()),
        }
    }

    /// The dark square here, if this is one.
    pub fn square(self) -> Option<Square> {
        let file = u8::try_from(7 - self.x).ok()?;
        let rank = u8::try_from(7 - self.y).ok()?;
        Square::from_coords(file, rank)
    }
}

/// The square CheckerBoard numbers `number` (1 = b8, 32 = g1: PDN's numbers).
pub fn square(number: c_int) -> Option<Square> {
    Numbering::Standard.square(u8::try_from(number).ok()?)
}

/// The number CheckerBoard gives `square`.
pub fn number(square: Square) -> u8 {
    Numbering::Standard.number(square)
}

/// CheckerBoard's colour code.
pub fn color_code(color: Color) -> c_int {
    match color {
        Color::White => WHITE,
        Color::Black => BLACK,
    }
}

/// The colour of CheckerBoard's code, if it is one.
pub fn color_of(code: c_int) -> Option<Color> {
    match code {
        WHITE => Some(Color::White),
        BLACK => Some(Color::Black),
        _ => None,
    }
}

/// CheckerBoard's code of `piece`: its colour and its kind.
pub fn piece_code(piece: Piece) -> c_int {
    color_code(piece.color)
        | match piece.role {
            Role::Man => MAN,
            Role::King => KING,
        }
}

/// Why a board is no position of Russian draughts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The side to move is neither CheckerBoard's White nor its Black.
    BadColor(c_int),
    /// A square holds a code that is no piece, or a piece stands on a light square.
    BadSquare {
        /// The place.
        at: Coor,
        /// What it holds.
        code: c_int,
    },
    /// The pieces make no valid position.
    Invalid(PositionError),
}

impl BoardError {
    /// What is wrong, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        match self {
            BoardError::BadColor(code) => msg!("cb-bad-color", code = *code),
            BoardError::BadSquare { at, code } => {
                msg!("cb-bad-square", x = at.x, y = at.y, code = *code)
            }
            BoardError::Invalid(error) => error.message(),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        shashki::words::english(&self.message(), f)
    }
}

impl std::error::Error for BoardError {}

/// The position on `board` with `color` (CheckerBoard's code) to move.
pub fn position(board: &Board, color: c_int) -> Result<Position, BoardError> {
    let side = color_of(color).ok_or(BoardError::BadColor(color))?;
    let mut men = [Bitboard::EMPTY; 2];
    let mut kings = [Bitboard::EMPTY; 2];
    for (x, column) in (0..).zip(board) {
        for (y, &code) in (0..).zip(column) {
            if code == FREE {
                continue;
            }
            let at = Coor { x, y };
            let bad = BoardError::BadSquare { at, code };
            let square = at.square().ok_or(bad.clone())?;
            let (set, color) = match code {
                c if c == WHITE | MAN => (&mut men, Color::White),
                c if c == BLACK | MAN => (&mut men, Color::Black),
                c if c == WHITE | KING => (&mut kings, Color::White),
                c if c == BLACK | KING => (&mut kings, Color::Black),
                _ => return Err(bad),
            };
            set[color.index()] |= square.bitboard();
        }
    }
    Position::from_pieces(men, kings, side).map_err(BoardError::Invalid)
}

/// Writes `position`'s pieces onto `board`, every other square free.
pub fn write(position: &Position, board: &mut Board) {
    *board = [[FREE; 8]; 8];
    for square in Square::all() {
        if let Some(piece) = position.piece_at(square) {
            let at = Coor::of(square);
            board[at.x as usize][at.y as usize] = piece_code(piece);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn squares_sit_where_cb_interface_h_puts_russian_numbers() {
        // cb_interface.h, default branch: y = (n-1)/4, x = 2*(3-(n-1)%4) + y%2.
        for n in 1..=32 {
            let m = n - 1;
            let y = m / 4;
            let x = 2 * (3 - m % 4) + y % 2;
            assert_eq!(Coor::of(square(n).unwrap()), Coor { x, y }, "square {n}");
        }
        assert_eq!(Coor::of(sq("c1")), Coor { x: 5, y: 7 });
        assert_eq!(Coor::of(sq("b8")), Coor { x: 6, y: 0 });
        assert_eq!(number(sq("c1")), 30);
        assert_eq!(number(sq("b8")), 1);
    }

    /// CheckerBoard's `InitCheckerBoard`: Black's men on y 0 to 2 from `[0][0]`, White's
    /// on y 5 to 7 from `[1][7]`.
    #[test]
    fn the_start_reads_as_checkerboard_s_init_sets_it() {
        let mut board = [[FREE; 8]; 8];
        write(&Position::start(), &mut board);
        for (x, column) in board.iter().enumerate() {
            for (y, &code) in column.iter().enumerate() {
                let expected = match ((x + y) % 2, y) {
                    (0, 0..=2) => BLACK | MAN,
                    (0, 5..=7) => WHITE | MAN,
                    _ => FREE,
                };
                assert_eq!(code, expected, "[{x}][{y}]");
            }
        }
        assert_eq!(position(&board, WHITE), Ok(Position::start()));
    }

    #[test]
    fn a_board_that_is_no_position_is_refused_with_the_reason() {
        let mut board = [[FREE; 8]; 8];
        board[1][0] = WHITE | MAN; // g8, a light square
        assert!(matches!(
            position(&board, WHITE),
            Err(BoardError::BadSquare { .. })
        ));
        board[1][0] = FREE;
        board[6][0] = WHITE | MAN; // b8: a White man would be a king
        assert!(matches!(
            position(&board, BLACK),
            Err(BoardError::Invalid(PositionError::ManOnPromotionRank(..)))
        ));
        board[6][0] = 3;
        assert!(position(&board, WHITE).is_err());
        assert_eq!(position(&[[FREE; 8]; 8], 3), Err(BoardError::BadColor(3)));
    }
}
