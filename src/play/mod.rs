//! Games played out by the engine and by chance.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::{Engine, EngineConfig, Limits};
use crate::{Game, Position};

/// Plies after which a self-play game is scored a draw.
const MAX_PLIES: usize = 300;
/// How self-play games are made.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// The search depth of each move.
    pub depth: u32,
    /// Random moves at the start of each game, for variety.
    pub random_plies: usize,
    /// Seed of the random moves.
    pub seed: u64,
}

/// Plays `plan.games` games of the bot against itself (no knowledge base, fixed
/// depth, random first plies) from `starts` in turn, each as far as it went (at most
/// 300 plies). `report` hears each finished game's number.
pub fn selfplay_games(
    plan: &SelfPlay,
    starts: &[Game],
    report: &mut dyn FnMut(usize),
) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let config = EngineConfig {
        use_kb: false,
        hash_mb: 8,
        ..EngineConfig::default()
    };
    let mut engine = Engine::new(config, None);
    let mut games = Vec::with_capacity(plan.games);
    for number in 0..plan.games {
        let mut game = starts[number % starts.len()].clone();
        engine.new_game();
        while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
            let moves = game.position().legal_moves();
            let mv = if game.moves().len() < plan.random_plies {
                moves[rng.random_range(0..moves.len())]
            } else {
                match engine.choose(&game, Limits::Depth(plan.depth), &mut |_| {}) {
                    Some(decision) => decision.mv,
                    None => break,
                }
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        games.push(game);
        report(number + 1);
    }
    games
}

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
