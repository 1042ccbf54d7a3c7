//! A material balance and the compact index of its positions.
//!
//! Tables hold White to move only: a Black-to-move position is the same as the
//! board turned round with the colours swapped ([`Position::mirrored`]), which
//! belongs to the table of the swapped material. Within a table a position's
//! index is built from four sets, each ranked in the combinatorial number system:
//! White's men among the 28 squares off rank 8, Black's men among the 28 off
//! rank 1, then White's kings among the squares the men leave free, then Black's
//! kings among those still free. Only the men can collide (an index whose men
//! share a square names no position); the kings' sets are exact.

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, Color, Position};

/// Black's men skip rank 1: their squares are ranked from b2 (index 4) up.
const BLACK_MAN_SHIFT: u32 = 4;
/// The most pieces a set can hold (a side's pieces).
const MAX_SET: usize = 12;

/// `BINOMIAL[n][k]` = n choose k, for n ≤ 32 and k ≤ 12.
static BINOMIAL: [[u64; MAX_SET + 1]; 33] = binomials();

const fn binomials() -> [[u64; MAX_SET + 1]; 33] {
    let mut table = [[0; MAX_SET + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_SET {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
}

fn choose(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// How many men and kings each side has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Men of White and Black.
    pub men: [u8; 2],
    /// Kings of White and Black.
    pub kings: [u8; 2],
}

impl Material {
    /// The material on the board of `position`, White first whoever is to move.
    pub fn of(position: &Position) -> Material {
        let count = |set: Bitboard| set.count() as u8;
        Material {
            men: [Color::White, Color::Black].map(|c| count(position.men(c))),
            kings: [Color::White, Color::Black].map(|c| count(position.kings_of(c))),
        }
    }

    /// Pieces of `color`.
    pub fn side(self, color: Color) -> u32 {
        u32::from(self.men[color.index()] + self.kings[color.index()])
    }

    /// Every piece on the board.
    pub fn pieces(self) -> u32 {
        self.side(Color::White) + self.side(Color::Black)
    }

    /// Every man on the board.
    pub fn total_men(self) -> u32 {
        u32::from(self.men[0] + self.men[1])
    }

    /// The colours swapped: the material of the mirrored positions.
    pub fn swapped(self) -> Material {
        Material {
            men: [self.men[1], self.men[0]],
            kings: [self.kings[1], self.kings[0]],
        }
    }

    /// Every balance of `1..=pieces` pieces in which both sides have a piece, in the
    /// order they are solved: fewer pieces first (captures lead there), then fewer
    /// men (promotions lead there).
    pub fn all_up_to(pieces: u32) -> Vec<Material> {
        let pieces = pieces.min(2 * MAX_SET as u32) as u8;
        let mut all = Vec::new();
        for wm in 0..=pieces {
            for wk in 0..=pieces - wm {
                for bm in 0..=pieces - wm - wk {
                    for bk in 0..=pieces - wm - wk - bm {
                        let material = Material {
                            men: [wm, bm],
                            kings: [wk, bk],
                        };
                        if material.is_table() {
                            all.push(material);
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.pieces(), m.total_men(), *m));
        all
    }

    /// Whether positions of this balance have a table: both sides have pieces,
    /// neither more than 12, and the men fit on their squares.
    fn is_table(self) -> bool {
        let fits = |color: Color| {
            let side = self.side(color);
            (1..=MAX_SET as u32).contains(&side)
        };
        fits(Color::White) && fits(Color::Black) && self.total_men() <= 32
    }

    /// How many indices the table has (positions whose men collide included).
    pub fn size(self) -> u64 {
        let [wm, bm] = self.men.map(u32::from);
        let [wk, bk] = self.kings.map(u32::from);
        let free = 32u32.saturating_sub(wm + bm);
        choose(28, wm) * choose(28, bm) * choose(free, wk) * choose(free.saturating_sub(wk), bk)
    }

    /// The index of `position`, which must have this material and White to move.
    pub fn index(self, position: &Position) -> u64 {
        debug_assert_eq!(Material::of(position), self);
        debug_assert_eq!(position.side_to_move(), Color::White);
        let white_men = position.men(Color::White).0;
        let black_men = position.men(Color::Black).0;
        let white_kings = position.kings_of(Color::White).0;
        let black_kings = position.kings_of(Color::Black).0;
        let free = !(white_men | black_men);
        let still_free = free & !white_kings;
        let [wm, bm] = self.men.map(u32::from);
        let [wk, bk] = self.kings.map(u32::from);
        let mut index = rank(white_men);
        index = index * choose(28, bm) + rank(black_men >> BLACK_MAN_SHIFT);
        index = index * choose(32 - wm - bm, wk) + rank(compress(white_kings, free));
        index * choose(32 - wm - bm - wk, bk) + rank(compress(black_kings, still_free))
    }

    /// The position at `index` (White to move), or `None` where the men collide.
    pub fn position(self, index: u64) -> Option<Position> {
        let [wm, bm] = self.men.map(u32::from);
        let [wk, bk] = self.kings.map(u32::from);
        let black_kings_count = choose(32 - wm - bm - wk, bk);
        let white_kings_count = choose(32 - wm - bm, wk);
        let black_men_count = choose(28, bm);
        let (rest, black_kings) = (index / black_kings_count, index % black_kings_count);
        let (rest, white_kings) = (rest / white_kings_count, rest % white_kings_count);
        let (white_men, black_men) = (rest / black_men_count, rest % black_men_count);
        let white_men = unrank(white_men, wm);
        let black_men = unrank(black_men, bm) << BLACK_MAN_SHIFT;
        if white_men & black_men != 0 {
            return None;
        }
        let free = !(white_men | black_men);
        let white_kings = expand(unrank(white_kings, wk), free);
        let black_kings = expand(unrank(black_kings, bk), free & !white_kings);
        let position = Position::from_pieces(
            [Bitboard(white_men), Bitboard(black_men)],
            [Bitboard(white_kings), Bitboard(black_kings)],
            Color::White,
        );
        debug_assert!(position.is_ok(), "index {index} of {self}");
        position.ok()
    }
}

/// The rank of a set in the combinatorial number system: the sum of C(s, i + 1) over
/// its squares s in rising order.
fn rank(set: u32) -> u64 {
    let mut rank = 0;
    let mut rest = set;
    let mut i = 1;
    while rest != 0 {
        rank += choose(rest.trailing_zeros(), i);
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// The set of `k` squares with rank `rank`.
fn unrank(mut rank: u64, k: u32) -> u32 {
    let mut set = 0;
    let mut square = 32;
    for i in (1..=k).rev() {
        square -= 1;
        while choose(square, i) > rank {
            square -= 1;
        }
        rank -= choose(square, i);
        set |= 1 << square;
    }
    set
}

/// `set`'s squares numbered among the squares of `within` (which holds them all).
fn compress(set: u32, within: u32) -> u32 {
    let mut compressed = 0;
    let mut rest = set;
    while rest != 0 {
        let square = rest.trailing_zeros();
        compressed |= 1 << (within & ((1 << square) - 1)).count_ones();
        rest &= rest - 1;
    }
    compressed
}

/// The squares of `within` whose numbers among them are in `compressed`.
fn expand(compressed: u32, within: u32) -> u32 {
    let mut set = 0;
    let mut rest = within;
    let mut number = 0;
    while rest != 0 {
        let square = rest.trailing_zeros();
        if compressed & (1 << number) != 0 {
            set |= 1 << square;
        }
        rest &= rest - 1;
        number += 1;
    }
    set
}

/// `w1m2k-b0m1k`: men and kings of White, then of Black (the tables' file names).
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "w{}m{}k-b{}m{}k",
            self.men[0], self.kings[0], self.men[1], self.kings[1]
        )
    }
}

/// Why a table name is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMaterial(pub String);

impl fmt::Display for BadMaterial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl BadMaterial {
    /// Why the name is no table's, to be worded.
    pub fn message(&self) -> crate::words::Message {
        crate::msg!("material-malformed", text = self.0.as_str())
    }
}

impl std::error::Error for BadMaterial {}

impl FromStr for Material {
    type Err = BadMaterial;

    fn from_str(text: &str) -> Result<Material, BadMaterial> {
        let bad = || BadMaterial(text.to_string());
        let (white, black) = text.split_once('-').ok_or_else(bad)?;
        let side = |part: &str, letter: char| -> Option<(u8, u8)> {
            let rest = part.strip_prefix(letter)?.strip_suffix('k')?;
            let (men, kings) = rest.split_once('m')?;
            Some((men.parse().ok()?, kings.parse().ok()?))
        };
        let (wm, wk) = side(white, 'w').ok_or_else(bad)?;
        let (bm, bk) = side(black, 'b').ok_or_else(bad)?;
        let material = Material {
            men: [wm, bm],
            kings: [wk, bk],
        };
        if material.is_table() {
            Ok(material)
        } else {
            Err(bad())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_of_small_tables_round_trips() {
        for material in Material::all_up_to(3) {
            let mut positions = 0;
            for index in 0..material.size() {
                if let Some(position) = material.position(index) {
                    assert_eq!(Material::of(&position), material);
                    assert_eq!(material.index(&position), index, "{material}");
                    positions += 1;
                }
            }
            assert!(positions > 0, "{material}");
        }
    }

    #[test]
    fn sizes_count_men_off_their_last_rank_and_exact_king_sets() {
        let two_kings_one: Material = "w0m2k-b0m1k".parse().unwrap();
        assert_eq!(two_kings_one.size(), 496 * 30);
        let man_against_man: Material = "w1m0k-b1m0k".parse().unwrap();
        assert_eq!(man_against_man.size(), 28 * 28);
    }

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for material in Material::all_up_to(4) {
            assert_eq!(material.to_string().parse::<Material>(), Ok(material));
        }
        for bad in [
            "w1m0k",
            "w1m0k-b0m0k",
            "x1m0k-b1m0k",
            "w1m0kb1m0k",
            "w1mk-b1m0k",
        ] {
            assert!(bad.parse::<Material>().is_err(), "{bad}");
        }
    }

    #[test]
    fn balances_come_in_solving_order() {
        let all = Material::all_up_to(4);
        assert_eq!(all.len(), 41);
        assert!(
            all.windows(2)
                .all(|w| (w[0].pieces(), w[0].total_men()) <= (w[1].pieces(), w[1].total_men()))
        );
    }
}
