//! Board geometry, computed at compile time: diagonal steps, neighbours and rays.
//!
//! With squares numbered `rank * 4 + file / 2`, a diagonal step is a shift by
//! 3, 4 or 5 bits depending on the parity of the rank, so whole sets of men
//! move with two shifts and two masks.

use crate::Bitboard;

/// A diagonal direction, seen from White (north is towards rank 8).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Up and to the left (towards a8).
    NorthWest = 0,
    /// Up and to the right (towards h8).
    NorthEast = 1,
    /// Down and to the left (towards a1).
    SouthWest = 2,
    /// Down and to the right (towards h1).
    SouthEast = 3,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthWest,
        Direction::NorthEast,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// The direction pointing back.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::NorthWest => Direction::SouthEast,
            Direction::NorthEast => Direction::SouthWest,
            Direction::SouthWest => Direction::NorthEast,
            Direction::SouthEast => Direction::NorthWest,
        }
    }

    /// Whether squares along this direction have rising indices.
    pub const fn is_north(self) -> bool {
        matches!(self, Direction::NorthWest | Direction::NorthEast)
    }
}

/// Ranks 1, 3, 5, 7 (files a, c, e, g).
const ODD_RANKS: u32 = 0x0F0F_0F0F;
/// Ranks 2, 4, 6, 8 (files b, d, f, h).
const EVEN_RANKS: u32 = 0xF0F0_F0F0;
const FILE_A: u32 = 0x0101_0101;
const FILE_B: u32 = 0x1010_1010;
const FILE_G: u32 = 0x0808_0808;
const FILE_H: u32 = 0x8080_8080;

/// Every square of `set` moved one step in `direction`; squares that would leave the board vanish.
#[inline(always)]
pub const fn step(set: Bitboard, direction: Direction) -> Bitboard {
    let b = set.0;
    Bitboard(match direction {
        Direction::NorthWest => ((b & ODD_RANKS & !FILE_A) << 3) | ((b & EVEN_RANKS) << 4),
        Direction::NorthEast => ((b & ODD_RANKS) << 4) | ((b & EVEN_RANKS & !FILE_H) << 5),
        Direction::SouthWest => ((b & ODD_RANKS & !FILE_A) >> 5) | ((b & EVEN_RANKS) >> 4),
        Direction::SouthEast => ((b & ODD_RANKS) >> 4) | ((b & EVEN_RANKS & !FILE_H) >> 3),
    })
}

/// The squares from which a jump in `direction` (two diagonal steps) lands on a square of
/// `landings`. Two steps are a constant shift (7 or 9 bits) whatever the rank, so only
/// landings that a jump cannot reach (the two files it comes from beyond the edge) are masked.
#[inline(always)]
pub const fn jump_origins(landings: Bitboard, direction: Direction) -> Bitboard {
    let b = landings.0;
    Bitboard(match direction {
        Direction::NorthWest => (b & !(FILE_G | FILE_H)) >> 7,
        Direction::NorthEast => (b & !(FILE_A | FILE_B)) >> 9,
        Direction::SouthWest => (b & !(FILE_G | FILE_H)) << 9,
        Direction::SouthEast => (b & !(FILE_A | FILE_B)) << 7,
    })
}

/// Per colour (by [`Color::index`](crate::Color::index)): the two directions its men step in.
pub const FORWARD: [[Direction; 2]; 2] = [
    [Direction::NorthWest, Direction::NorthEast],
    [Direction::SouthWest, Direction::SouthEast],
];

/// Per direction and square: the neighbouring square, or the empty set at the edge.
pub const NEIGHBOUR: [[Bitboard; 32]; 4] = build_steps(1);

/// Per square: its diagonal neighbours in all four directions.
pub const NEIGHBOURS: [Bitboard; 32] = build_neighbours();

const fn build_neighbours() -> [Bitboard; 32] {
    let mut table = [Bitboard::EMPTY; 32];
    let mut s = 0;
    while s < 32 {
        let mut d = 0;
        while d < 4 {
            table[s] = Bitboard(table[s].0 | NEIGHBOUR[d][s].0);
            d += 1;
        }
        s += 1;
    }
    table
}

/// Per direction and square: the square two steps away, where a man lands after a jump.
pub const JUMP: [[Bitboard; 32]; 4] = build_steps(2);

/// Per direction and square: every square along the diagonal from it, itself excluded.
pub const RAY: [[Bitboard; 32]; 4] = build_rays();

/// Per direction and square: the square `steps` diagonal steps away, or the empty set.
const fn build_steps(steps: u32) -> [[Bitboard; 32]; 4] {
    let mut table = [[Bitboard::EMPTY; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 32 {
            let mut at = Bitboard(1 << s);
            let mut taken = 0;
            while taken < steps {
                at = step(at, Direction::ALL[d]);
                taken += 1;
            }
            table[d][s] = at;
            s += 1;
        }
        d += 1;
    }
    table
}

const fn build_rays() -> [[Bitboard; 32]; 4] {
    let mut table = [[Bitboard::EMPTY; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 32 {
            let mut ray = 0;
            let mut at = step(Bitboard(1 << s), Direction::ALL[d]);
            while at.0 != 0 {
                ray |= at.0;
                at = step(at, Direction::ALL[d]);
            }
            table[d][s] = Bitboard(ray);
            s += 1;
        }
        d += 1;
    }
    table
}

/// The square of `set` nearest to the origin of a ray going in `direction`; empty
/// for an empty set, so that callers need not branch on it.
#[inline(always)]
pub fn nearest(set: Bitboard, direction: Direction) -> Bitboard {
    if direction.is_north() {
        Bitboard(set.0 & set.0.wrapping_neg())
    } else {
        // The highest square, 1 << (31 - leading zeros), written so that an empty set
        // (32 leading zeros) shifts the bit out instead of overflowing.
        Bitboard(((1u64 << 32) >> (set.0.leading_zeros() + 1)) as u32)
    }
}

/// The squares of the ray from `square_index` in `direction` up to, not including, the first of `occupied`.
#[inline(always)]
pub fn free_run(square_index: usize, direction: Direction, occupied: Bitboard) -> Bitboard {
    let ray = RAY[direction as usize][square_index].0;
    let blockers = ray & occupied.0;
    // Without a branch on whether a blocker stands there, which the processor could not
    // foresee: with none, every mask below keeps the whole ray.
    let before_blocker = if direction.is_north() {
        // The squares below the lowest blocker.
        (blockers & blockers.wrapping_neg()).wrapping_sub(1)
    } else {
        // The squares above the highest blocker.
        (u64::MAX << (32 - blockers.leading_zeros())) as u32
    };
    Bitboard(ray & before_blocker)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn names(set: Bitboard) -> Vec<String> {
        set.into_iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn neighbours_of_c3_are_the_four_diagonal_squares() {
        let c3 = sq("c3").index();
        let around: Vec<Vec<String>> = Direction::ALL
            .iter()
            .map(|&d| names(NEIGHBOUR[d as usize][c3]))
            .collect();
        assert_eq!(around, [["b4"], ["d4"], ["b2"], ["d2"]]);
    }

    #[test]
    fn edge_squares_have_no_neighbour_off_the_board() {
        assert!(NEIGHBOUR[Direction::NorthWest as usize][sq("a3").index()].is_empty());
        assert!(NEIGHBOUR[Direction::SouthEast as usize][sq("h2").index()].is_empty());
        assert!(NEIGHBOUR[Direction::NorthEast as usize][sq("h8").index()].is_empty());
        assert!(NEIGHBOUR[Direction::SouthWest as usize][sq("a1").index()].is_empty());
    }

    #[test]
    fn the_long_diagonal_is_one_ray() {
        let ray = RAY[Direction::NorthEast as usize][sq("a1").index()];
        assert_eq!(names(ray), ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
        let back = RAY[Direction::SouthWest as usize][sq("h8").index()];
        assert_eq!(back.count(), 7);
    }

    #[test]
    fn neighbours_agree_with_coordinates() {
        let deltas = [(-1i8, 1i8), (1, 1), (-1, -1), (1, -1)];
        for square in Square::all() {
            for (d, (df, dr)) in deltas.iter().enumerate() {
                let expected = Square::from_coords(
                    (square.file() as i8 + df) as u8,
                    (square.rank() as i8 + dr) as u8,
                )
                .map_or(Bitboard::EMPTY, Square::bitboard);
                assert_eq!(NEIGHBOUR[d][square.index()], expected, "{square} dir {d}");
            }
        }
    }

    #[test]
    fn jump_origins_are_two_steps_back() {
        for direction in Direction::ALL {
            for square in Square::all() {
                let landing = JUMP[direction as usize][square.index()];
                let expected = if landing.any() {
                    square.bitboard()
                } else {
                    Bitboard::EMPTY
                };
                let origins = Square::all()
                    .filter(|s| JUMP[direction as usize][s.index()] == square.bitboard())
                    .fold(Bitboard::EMPTY, |set, s| set | s.bitboard());
                assert_eq!(jump_origins(square.bitboard(), direction), origins);
                assert_eq!(
                    jump_origins(landing, direction) & square.bitboard(),
                    expected,
                    "{square} {direction:?}"
                );
            }
        }
    }

    #[test]
    fn free_run_stops_before_the_first_blocker() {
        let blockers = sq("e5").bitboard() | sq("g7").bitboard();
        let run = free_run(sq("a1").index(), Direction::NorthEast, blockers);
        assert_eq!(names(run), ["b2", "c3", "d4"]);
    }

    #[test]
    fn runs_and_nearest_squares_agree_with_a_walk_step_by_step() {
        // Every square and direction, on boards from empty to full (with a blocker right
        // beside, at the far end, and none at all).
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let boards = (0..400).map(|i| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let bits = (state >> 32) as u32;
            Bitboard(match i % 4 {
                0 => bits,
                1 => bits & (state >> 16) as u32,
                2 => bits & (state >> 8) as u32 & (state >> 24) as u32,
                _ => [0, u32::MAX][i % 8 / 4],
            })
        });
        for occupied in boards {
            for direction in Direction::ALL {
                for square in Square::all() {
                    let (mut run, mut first) = (Bitboard::EMPTY, Bitboard::EMPTY);
                    let mut at = step(square.bitboard(), direction);
                    while at.any() {
                        if (at & occupied).any() {
                            first = at;
                            break;
                        }
                        run |= at;
                        at = step(at, direction);
                    }
                    let ray = RAY[direction as usize][square.index()];
                    let case = format!("{square} {direction:?} {occupied:?}");
                    assert_eq!(free_run(square.index(), direction, occupied), run, "{case}");
                    assert_eq!(nearest(ray & occupied, direction), first, "{case}");
                }
            }
        }
    }
}
