//! Zobrist keys: a 64-bit hash of a position, updated move by move in search.

use crate::{Color, Move, Position, Square};

/// Random keys per (colour, role) and square, from a `const fn` generator: no runtime init.
const PIECE_KEYS: [[u64; 32]; 4] = build_keys();
/// Toggled when Black is to move.
const BLACK_TO_MOVE: u64 = splitmix64(0x005E_ED0F_5A5B_C0DE).1;

/// One step of SplitMix64: the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_keys() -> [[u64; 32]; 4] {
    let mut keys = [[0; 32]; 4];
    let mut state = 0x0DA1_4B0A_12D5_u64;
    let mut kind = 0;
    while kind < 4 {
        let mut square = 0;
        while square < 32 {
            let (next, key) = splitmix64(state);
            state = next;
            keys[kind][square] = key;
            square += 1;
        }
        kind += 1;
    }
    keys
}

#[inline(always)]
fn piece_key(color: Color, king: bool, square: Square) -> u64 {
    PIECE_KEYS[color.index() * 2 + usize::from(king)][square.index()]
}

/// The key of a whole position.
pub fn key(position: &Position) -> u64 {
    let mut key = if position.side_to_move() == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    };
    for color in [Color::White, Color::Black] {
        for square in position.pieces(color) {
            key ^= piece_key(color, position.kings().contains(square), square);
        }
    }
    key
}

/// The key after `mv` is played in `position` (whose key is `key`), without rehashing.
#[inline]
pub fn key_after(key: u64, position: &Position, mv: Move) -> u64 {
    let us = position.side_to_move();
    let them = us.opposite();
    let was_king = position.kings().contains(mv.from());
    let mut key = key
        ^ BLACK_TO_MOVE
        ^ piece_key(us, was_king, mv.from())
        ^ piece_key(us, was_king || mv.promotes(), mv.to());
    for square in mv.captured() {
        key ^= piece_key(them, position.kings().contains(square), square);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_keys_match_full_rehash_along_random_games() {
        let mut seed = 7_u64;
        for _ in 0..50 {
            let mut position = Position::start();
            let mut incremental = key(&position);
            for _ in 0..120 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let (next_seed, random) = splitmix64(seed);
                seed = next_seed;
                let mv = moves[(random % moves.len() as u64) as usize];
                incremental = key_after(incremental, &position, mv);
                position = position.play_unchecked(mv);
                assert_eq!(incremental, key(&position), "after {mv:?} in {position:?}");
            }
        }
    }

    #[test]
    fn side_to_move_changes_the_key() {
        let start = Position::start();
        assert_ne!(key(&start), key(&start.with_side_to_move(Color::Black)));
    }
}
