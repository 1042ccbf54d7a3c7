//! Local patterns: what stands on each of nine overlapping 4×4 corners of the board,
//! each arrangement with its own fitted weight, the way the strongest draughts
//! programs evaluate.
//!
//! A region is four ranks by four files (eight dark squares), at file and rank
//! offsets 0, 2 and 4. Each square holds nothing, one of the viewer's pieces or one
//! of the opponent's (men and kings alike), so a region has 3^8 = 6561
//! arrangements. A side's pattern score is the sum of its nine regions' weights,
//! seen from its own side of the board (Black's on the board turned 180 degrees);
//! the position's is White's less Black's, so the evaluation stays exactly
//! colour-symmetric.

use std::fmt;

use crate::{Bitboard, Color, Position};

/// Regions per view.
pub const REGIONS: usize = 9;

/// Arrangements of one region: three states on each of eight squares.
pub const ARRANGEMENTS: usize = 6561;

/// The largest pattern weight, either way: two weights together fit an `i16`.
pub const PATTERN_WEIGHT_LIMIT: i16 = i16::MAX / 2;

/// The arrangement of every region, seen by one side: its own pieces and the other's.
pub type Arrangements = [u16; REGIONS];

/// Per set of a region's squares (bit i for its i-th square), the arrangement number
/// with a 1 in base 3 on each square of the set: the opponent's pieces count twice.
const BASE3: [u16; 256] = {
    let mut table = [0; 256];
    let mut set = 0;
    while set < 256 {
        let (mut value, mut digit, mut bit) = (0, 1, 0);
        while bit < 8 {
            if set & (1 << bit) != 0 {
                value += digit;
            }
            digit *= 3;
            bit += 1;
        }
        table[set] = value;
        set += 1;
    }
    table
};

/// [`BASE3`] of the set with its eight bits in reverse order: the arrangement of the
/// same squares seen from the other side of the board.
const BASE3_TURNED: [u16; 256] = {
    let mut table = [0; 256];
    let mut set = 0;
    while set < 256 {
        table[set] = BASE3[(set as u8).reverse_bits() as usize];
        set += 1;
    }
    table
};

/// Per region, the set of its squares among `pieces`, eight bits: two squares a
/// rank, the region's lowest rank first.
///
/// With squares numbered `rank * 4 + file / 2`, the two squares of a rank inside
/// files `2c..2c+3` are bits `c` and `c + 1` of the rank's four, whatever the rank's
/// parity, so a column of regions is one shift and two folds of the whole board.
#[inline(always)]
fn region_sets(pieces: Bitboard) -> [u8; REGIONS] {
    let mut sets = [0; REGIONS];
    for column in 0..3 {
        // Two bits of each rank's nibble, then each pair of ranks folded into one byte.
        let pairs = (pieces.0 >> column) & 0x3333_3333;
        let ranks = (pairs | pairs >> 2) & 0x0F0F_0F0F;
        // Byte k now holds ranks 2k and 2k + 1; a region takes two such bytes.
        let regions = ranks | ranks >> 4;
        for row in 0..3 {
            sets[column * 3 + row] = (regions >> (8 * row)) as u8;
        }
    }
    sets
}

/// White's view and Black's view of `position`.
#[inline(always)]
pub fn views(position: &Position) -> [Arrangements; 2] {
    let white = region_sets(position.pieces(Color::White));
    let black = region_sets(position.pieces(Color::Black));
    // Turned 180 degrees, region r is region 8 − r with its squares in reverse order,
    // so Black's view needs no turned board.
    [
        std::array::from_fn(|r| BASE3[usize::from(white[r])] + 2 * BASE3[usize::from(black[r])]),
        std::array::from_fn(|r| {
            BASE3_TURNED[usize::from(black[8 - r])] + 2 * BASE3_TURNED[usize::from(white[8 - r])]
        }),
    ]
}

/// A weight for every arrangement of every region, in hundredths of a man.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternWeights {
    table: Box<[[i16; ARRANGEMENTS]; REGIONS]>,
}

impl PatternWeights {
    /// Every weight zero.
    pub fn zero() -> PatternWeights {
        PatternWeights::from_fn(|_, _| 0)
    }

    /// The table whose weight of `arrangement` in `region` is `weight(region, arrangement)`.
    pub fn from_fn(mut weight: impl FnMut(usize, u16) -> i16) -> PatternWeights {
        let rows: Vec<[i16; ARRANGEMENTS]> = (0..REGIONS)
            .map(|region| std::array::from_fn(|a| weight(region, a as u16)))
            .collect();
        PatternWeights {
            table: rows
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("one row a region")),
        }
    }

    /// The weight of `arrangement` in `region`.
    #[inline(always)]
    pub fn weight(&self, region: usize, arrangement: u16) -> i16 {
        // A compare, not a division: arrangements of real positions are always in range.
        self.table[region]
            .get(usize::from(arrangement))
            .copied()
            .unwrap_or(0)
    }

    /// How many weights are not zero.
    pub fn set_count(&self) -> usize {
        self.table.iter().flatten().filter(|&&w| w != 0).count()
    }

    /// The pattern score of one view.
    #[inline(always)]
    pub fn view_score(&self, view: &Arrangements) -> i32 {
        (0..REGIONS)
            .map(|r| i32::from(self.weight(r, view[r])))
            .sum()
    }

    /// White's pattern score less Black's.
    #[inline]
    pub fn score_for_white(&self, position: &Position) -> i32 {
        let [white, black] = views(position);
        self.view_score(&white) - self.view_score(&black)
    }
}

/// The pattern weights laid out for evaluating: per region of the board, a weight for
/// each of its arrangements as White sees it, which is White's weight less Black's for
/// the same eight squares (Black's region `8 − r`, read the other way round). Summed
/// over the nine regions, that is [`PatternWeights::score_for_white`] exactly, with
/// half the lookups and Black's view never computed.
pub(crate) struct PatternEval {
    /// Region by region, the weight of each arrangement: entry `6561 × region +
    /// arrangement`, then zeros up to 2^16 entries, so that an index masked to 16 bits
    /// is always in the table and needs no bounds check.
    by_white_view: Box<[i16; 1 << 16]>,
}

impl PatternEval {
    /// `weights` laid out for evaluating (within ±[`PATTERN_WEIGHT_LIMIT`] each, two
    /// of them fit an `i16`).
    pub fn new(weights: &PatternWeights) -> PatternEval {
        let mut table: Box<[i16; 1 << 16]> = vec![0; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("2^16 entries"));
        for region in 0..REGIONS {
            for arrangement in 0..ARRANGEMENTS {
                table[region * ARRANGEMENTS + arrangement] = weights
                    .weight(region, arrangement as u16)
                    - weights.weight(8 - region, TURNED[arrangement]);
            }
        }
        PatternEval {
            by_white_view: table,
        }
    }

    /// White's pattern score less Black's, with White's pieces on `white` and Black's
    /// on `black`.
    #[inline(always)]
    pub fn score_for_white(&self, white: Bitboard, black: Bitboard) -> i32 {
        // White's set in the low half and Black's in the high half, each shifted and
        // folded as `region_sets` does: the masks keep the halves apart.
        let both = u64::from(white.0) | u64::from(black.0) << 32;
        let mut sum = 0;
        for column in 0..3 {
            let pairs = (both >> column) & 0x3333_3333_3333_3333;
            let ranks = (pairs | pairs >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
            let regions = ranks | ranks >> 4;
            for row in 0..3 {
                let white = (regions >> (8 * row)) as u8;
                let black = (regions >> (32 + 8 * row)) as u8;
                let arrangement = usize::from(BASE3[usize::from(white)])
                    + 2 * usize::from(BASE3[usize::from(black)]);
                let index = ((column * 3 + row) * ARRANGEMENTS + arrangement) & 0xFFFF;
                sum += i32::from(self.by_white_view[index]);
            }
        }
        sum
    }
}

/// Per arrangement, the arrangement of the same eight squares seen from the other side:
/// the squares in reverse order, each side's pieces the other's.
const TURNED: [u16; ARRANGEMENTS] = {
    let mut table = [0; ARRANGEMENTS];
    let mut arrangement = 0;
    while arrangement < ARRANGEMENTS {
        let (mut rest, mut turned, mut i) = (arrangement as u16, 0, 0);
        while i < 8 {
            let digit = rest % 3;
            turned = turned * 3 + (3 - digit) % 3;
            rest /= 3;
            i += 1;
        }
        table[arrangement] = turned;
        arrangement += 1;
    }
    table
};

/// Only the count of weights set: the table is too large to print.
impl fmt::Debug for PatternWeights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PatternWeights({} set)", self.set_count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    /// The arrangement of every region for the side owning `ours`, on a board where
    /// its men move up (for Black, both sets turned 180 degrees).
    fn view(ours: Bitboard, theirs: Bitboard) -> Arrangements {
        let ours = region_sets(ours);
        let theirs = region_sets(theirs);
        std::array::from_fn(|r| BASE3[usize::from(ours[r])] + 2 * BASE3[usize::from(theirs[r])])
    }

    /// The arrangement of `region`, square by square from the board itself.
    fn plain_arrangement(ours: Bitboard, theirs: Bitboard, region: usize) -> u16 {
        let (column, row) = (region / 3, region % 3);
        let mut value = 0;
        let mut digit = 1;
        for rank in 2 * row..2 * row + 4 {
            for file in 2 * column..2 * column + 4 {
                if (rank + file) % 2 == 1 {
                    continue;
                }
                let square = Square::new((rank * 4 + file / 2) as u8).unwrap();
                if ours.contains(square) {
                    value += digit;
                } else if theirs.contains(square) {
                    value += 2 * digit;
                }
                digit *= 3;
            }
        }
        value
    }

    #[test]
    fn every_region_reads_its_own_eight_squares() {
        for position in crate::play::random_positions(300, 9, 2) {
            let white = position.pieces(Color::White);
            let black = position.pieces(Color::Black);
            for (region, &seen) in view(white, black).iter().enumerate() {
                assert_eq!(
                    seen,
                    plain_arrangement(white, black, region),
                    "{position:?} region {region}"
                );
            }
        }
    }

    #[test]
    fn black_sees_the_board_turned() {
        for position in crate::play::random_positions(300, 9, 4) {
            let white = position.pieces(Color::White);
            let black = position.pieces(Color::Black);
            assert_eq!(
                views(&position),
                [view(white, black), view(black.flipped(), white.flipped())],
                "{position:?}"
            );
        }
    }

    #[test]
    fn arrangements_are_below_the_count() {
        let full = view(Bitboard(u32::MAX), Bitboard::EMPTY);
        assert!(full.iter().all(|&a| a == 3280));
        let theirs = view(Bitboard::EMPTY, Bitboard(u32::MAX));
        assert!(theirs.iter().all(|&a| usize::from(a) == ARRANGEMENTS - 1));
    }

    /// Weights that differ from region to region and arrangement to arrangement.
    pub(crate) fn scattered() -> PatternWeights {
        PatternWeights::from_fn(|region, a| {
            let i = region as u32 * 6561 + u32::from(a);
            if i.is_multiple_of(7) {
                (i % 61) as i16 - 30
            } else {
                0
            }
        })
    }

    #[test]
    fn an_arrangement_turned_is_blacks_view_of_the_same_squares() {
        for position in crate::play::random_positions(300, 9, 5) {
            let [white, black] = views(&position);
            for region in 0..REGIONS {
                let turned = |a: u16| TURNED[usize::from(a)];
                assert_eq!(turned(white[region]), black[8 - region], "{position:?}");
                assert_eq!(turned(turned(white[region])), white[region]);
            }
        }
    }

    #[test]
    fn the_laid_out_table_scores_as_the_weights_do() {
        // Every position of real games and random ones, with the bot's weights and with
        // weights that differ everywhere.
        let games = crate::testing::game_positions();
        let random = crate::play::random_positions(3000, 9, 6);
        assert!(games.len() > 2000);
        let bot = crate::eval::weights::bot().patterns.clone().unwrap();
        let extreme = PatternWeights::from_fn(|region, a| {
            if (region + usize::from(a)) % 3 == 0 {
                PATTERN_WEIGHT_LIMIT
            } else {
                -PATTERN_WEIGHT_LIMIT
            }
        });
        for weights in [bot, scattered(), extreme] {
            let laid_out = PatternEval::new(&weights);
            for position in games.iter().chain(&random) {
                let (white, black) = (position.pieces(Color::White), position.pieces(Color::Black));
                assert_eq!(
                    laid_out.score_for_white(white, black),
                    weights.score_for_white(position),
                    "{position:?}"
                );
            }
        }
    }

    #[test]
    fn the_pattern_score_is_colour_symmetric() {
        let weights = scattered();
        for position in crate::play::random_positions(300, 9, 3) {
            assert_eq!(
                weights.score_for_white(&position),
                -weights.score_for_white(&position.mirrored()),
                "{position:?}"
            );
        }
        assert_eq!(weights.score_for_white(&Position::start()), 0);
    }
}
