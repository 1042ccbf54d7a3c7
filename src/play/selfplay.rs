//! Self-play: the bot against itself from given starts, for the tuner's data and for
//! `kb learn`, through the one game loop.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::player::{EnginePlayer, Player, PlayerError};
use super::referee::{GameError, play_itself};
use crate::engine::{Engine, EngineConfig, Limits};
use crate::{Game, Move};

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
/// depth, random first plies; one engine and one hash table for both sides) from
/// `starts` in turn, each to its end under the loop's rules ([`super::play_game`]).
/// `report` hears each finished game's number.
pub fn selfplay_games(
    plan: &SelfPlay,
    starts: &[Game],
    report: &mut dyn FnMut(usize),
) -> Result<Vec<Game>, GameError> {
    let config = EngineConfig {
        use_kb: false,
        hash_mb: 8,
        ..EngineConfig::default()
    };
    // The engine's tables judge the king-against-king draws too.
    let tables = config.tablebase.clone();
    let engine = Engine::new(config, None);
    let mut player = RandomStart {
        player: EnginePlayer::new("self-play", engine, Limits::Depth(plan.depth)),
        plies: plan.random_plies,
        rng: StdRng::seed_from_u64(plan.seed),
    };
    let mut games = Vec::with_capacity(plan.games);
    for number in 0..plan.games {
        let start = starts[number % starts.len()].clone();
        games.push(play_itself(start, &mut player, &tables)?.game);
        report(number + 1);
    }
    Ok(games)
}

/// A player whose first moves of each game are drawn at random.
struct RandomStart {
    player: EnginePlayer,
    /// Plies of each game played at random.
    plies: usize,
    rng: StdRng,
}

impl Player for RandomStart {
    fn name(&self) -> &str {
        self.player.name()
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.player.new_game()
    }

    fn choose(&mut self, game: &Game) -> Result<Option<Move>, PlayerError> {
        if game.moves().len() >= self.plies {
            return self.player.choose(game);
        }
        let moves = game.position().legal_moves();
        Ok(Some(moves[self.rng.random_range(0..moves.len())]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn the_same_seed_plays_the_same_games_and_another_seed_others() {
        let plan = |seed| SelfPlay {
            games: 3,
            depth: 2,
            random_plies: 4,
            seed,
        };
        let starts = [Game::new(Position::start())];
        let mut reported = Vec::new();
        let first = selfplay_games(&plan(1), &starts, &mut |n| reported.push(n)).unwrap();
        assert_eq!(reported, [1, 2, 3]);
        let moves = |games: &[Game]| -> Vec<Vec<Move>> { games.iter().map(Game::moves).collect() };
        let again = selfplay_games(&plan(1), &starts, &mut |_| {}).unwrap();
        assert_eq!(moves(&first), moves(&again));
        let other = selfplay_games(&plan(2), &starts, &mut |_| {}).unwrap();
        assert_ne!(moves(&first), moves(&other));
        for game in &first {
            assert!(game.outcome().is_some() || game.moves().len() >= crate::play::MAX_PLIES);
        }
    }
}
