//! The squares the evaluations name (the centre, the long diagonal, the guards of
//! the back rank, ...) and each colour's view of them.
//!
//! The tables are defined from White's side; Black's are the same turned 180
//! degrees, so that both colours are evaluated alike and no bitboard is turned
//! during an evaluation.

use crate::tables::RAY;
use crate::{Bitboard, Color, Direction, Position};

/// A set of squares by name, for the tables below.
const fn squares(names: &[&str]) -> Bitboard {
    let mut set = 0;
    let mut i = 0;
    while i < names.len() {
        let name = names[i].as_bytes();
        let file = name[0] - b'a';
        let rank = name[1] - b'1';
        set |= 1 << (rank * 4 + file / 2);
        i += 1;
    }
    Bitboard(set)
}

/// The long diagonal ("большак") a1-h8.
pub(crate) const LONG_DIAGONAL: Bitboard =
    squares(&["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
/// The double diagonals ("двойник") g1-a7 and h2-b8.
pub(crate) const DOUBLE_DIAGONALS: Bitboard = squares(&[
    "g1", "f2", "e3", "d4", "c5", "b6", "a7", "h2", "g3", "f4", "e5", "d6", "c7", "b8",
]);
/// The centre (its own 180-degree turn).
pub(crate) const CENTRE: Bitboard = squares(&["c5", "d4", "e5", "f4"]);
/// The squares next to the centre (their own 180-degree turn).
pub(crate) const NEAR_CENTRE: Bitboard = squares(&["c3", "e3", "d6", "f6"]);
/// The edge files a and h.
pub(crate) const EDGE_FILES: Bitboard = Bitboard(0x0101_0101 | 0x8080_8080);
/// The golden squares of White's back rank.
const GOLDEN: Bitboard = squares(&["c1", "e1"]);
/// The corner guards of White's back rank.
const CORNER_GUARDS: Bitboard = squares(&["a1", "g1"]);

/// Per square (White's view): the squares a man there could ever step through towards rank 8.
const FRONT: [Bitboard; 32] = build_fronts();

const fn build_fronts() -> [Bitboard; 32] {
    let mut table = [Bitboard(0); 32];
    let mut s = 0;
    while s < 32 {
        let rank = (s / 4) as i32;
        let file = ((s % 4) * 2 + (s / 4) % 2) as i32;
        let mut set = 0;
        let mut t: usize = 0;
        while t < 32 {
            let r = (t / 4) as i32;
            let f = ((t % 4) * 2 + (t / 4) % 2) as i32;
            if r > rank && (f - file).abs() <= r - rank {
                set |= 1 << t;
            }
            t += 1;
        }
        table[s] = Bitboard(set);
        s += 1;
    }
    table
}

/// One side's pieces, on the board as it stands.
#[derive(Clone, Copy)]
pub(crate) struct Side {
    pub men: Bitboard,
    pub kings: Bitboard,
}

impl Side {
    /// The pieces of `color` in `position`.
    #[inline(always)]
    pub fn of(position: &Position, color: Color) -> Side {
        Side {
            men: position.men(color),
            kings: position.kings_of(color),
        }
    }

    /// Men and kings.
    #[inline(always)]
    pub fn pieces(self) -> Bitboard {
        self.men | self.kings
    }
}

/// The tables of one colour: White's as defined above, Black's the same turned 180
/// degrees.
pub(crate) struct View {
    /// Whether ranks count down (Black): rank `r` of the board is rank `7 - r` for this side.
    pub downwards: bool,
    /// The golden squares of this side's back rank (c1 and e1 for White).
    pub golden: Bitboard,
    /// The corner guards of this side's back rank (a1 and g1 for White).
    pub corner_guards: Bitboard,
    /// The squares where a man may be a runaway (ranks 4 to 7 for this side).
    pub runaway_zone: Bitboard,
    /// Per square, the squares a man there could ever step through towards crowning.
    pub front: [Bitboard; 32],
    /// The long diagonal but this side's own corner (a1 for White).
    pub long_diagonal_ahead: Bitboard,
}

impl View {
    /// The rank of board rank `rank` (0 = rank 1) counted from this side.
    #[inline(always)]
    pub const fn own_rank(&self, rank: usize) -> usize {
        if self.downwards { 7 - rank } else { rank }
    }
}

/// White's tables.
pub(crate) const WHITE_VIEW: View = View {
    downwards: false,
    golden: GOLDEN,
    corner_guards: CORNER_GUARDS,
    runaway_zone: Bitboard(0x0FFF_F000),
    front: FRONT,
    long_diagonal_ahead: RAY[Direction::NorthEast as usize][0],
};

/// Black's tables: White's turned 180 degrees.
pub(crate) const BLACK_VIEW: View = View {
    downwards: true,
    golden: GOLDEN.flipped(),
    corner_guards: CORNER_GUARDS.flipped(),
    runaway_zone: Bitboard(0x0FFF_F000).flipped(),
    front: turned(FRONT),
    long_diagonal_ahead: RAY[Direction::NorthEast as usize][0].flipped(),
};

/// A per-square table of sets turned 180 degrees.
const fn turned(table: [Bitboard; 32]) -> [Bitboard; 32] {
    let mut out = [Bitboard(0); 32];
    let mut s = 0;
    while s < 32 {
        out[31 - s] = table[s].flipped();
        s += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn named_sets_hold_their_squares() {
        let names =
            |set: Bitboard| -> Vec<String> { set.into_iter().map(|s| s.to_string()).collect() };
        assert_eq!(names(CENTRE), ["d4", "f4", "c5", "e5"]);
        assert_eq!(LONG_DIAGONAL.count(), 8);
        assert_eq!(DOUBLE_DIAGONALS.count(), 14);
        assert_eq!(EDGE_FILES.count(), 8);
    }

    #[test]
    fn blacks_tables_are_whites_turned() {
        for s in 0..32u8 {
            let square = Square::new(s).unwrap();
            let turned = Square::new(31 - s).unwrap();
            assert_eq!(
                BLACK_VIEW.front[usize::from(s)].flipped(),
                WHITE_VIEW.front[turned.index()],
                "{square}"
            );
        }
        assert_eq!(BLACK_VIEW.golden.flipped(), WHITE_VIEW.golden);
        assert_eq!(BLACK_VIEW.own_rank(0), 7);
        assert_eq!(WHITE_VIEW.own_rank(2), 2);
    }
}
