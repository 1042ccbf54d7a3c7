//! Helpers for the unit tests of several modules.

use crate::Position;

/// `count` positions of random games from the start (a game that ends, or thins out
/// below `min_pieces`, starts again), the same for the same `seed`.
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

/// Plays the move written `text` (full-path notation) in `game`.
pub fn play(game: &mut crate::Game, text: &str) {
    let mv = text
        .parse::<crate::MoveText>()
        .unwrap()
        .resolve(game.position())
        .unwrap();
    game.play(mv).unwrap();
}

/// The position of `fen` and the moves written `texts` played from it in turn.
pub fn line(fen: &str, texts: &[&str]) -> (crate::Position, Vec<crate::Move>) {
    let position: crate::Position = fen.parse().unwrap();
    let mut at = position;
    let moves = texts
        .iter()
        .map(|text| {
            let mv = text
                .parse::<crate::MoveText>()
                .unwrap()
                .resolve(&at)
                .unwrap();
            at = at.play_unchecked(mv);
            mv
        })
        .collect();
    (position, moves)
}
