//! Positions of random games.

use crate::Position;

/// `count` positions of random games from the start (a game that ends, or thins out
/// below `min_pieces`, starts again), the same for the same `seed`.
///
/// ```
/// let positions = shashki::play::random_positions(100, 7, 6);
/// assert_eq!(positions.len(), 100);
/// assert_eq!(positions, shashki::play::random_positions(100, 7, 6));
/// ```
pub fn random_positions(count: usize, seed: u64, min_pieces: u32) -> Vec<Position> {
    let mut position = Position::start();
    let mut state = seed;
    let mut all = Vec::with_capacity(count);
    while all.len() < count {
        let moves = position.legal_moves();
        if moves.is_empty() || position.occupied().count() < min_pieces {
            position = Position::start();
            continue;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        position = position.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
        all.push(position);
    }
    all
}
