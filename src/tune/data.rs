//! The fit's data: labelled positions from self-play and from game records, and
//! the text file that keeps them (`FEN<TAB>result` a line, the result White's:
//! `1`, `0.5` or `0`).

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::Sample;
use crate::engine::{Engine, EngineConfig, Limits};
use crate::{Color, Game, Outcome, Position};

/// Plies after which a self-play game is scored a draw.
const MAX_PLIES: usize = 300;
/// Plies at the start of each game whose positions are left out (too alike).
const SKIP_PLIES: usize = 4;

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

/// The result for White of a finished game: 1, 0.5 or 0 (a game still going is a draw).
fn result_for_white(outcome: Option<Outcome>) -> f32 {
    match outcome {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    }
}

/// Every position of `game` after its first plies, labelled with `result`.
fn labelled(game: &Game, result: f32) -> impl Iterator<Item = (Position, f32)> + '_ {
    game.positions()
        .skip(SKIP_PLIES)
        .copied()
        .map(move |position| (position, result))
}

/// Plays `plan.games` games of the bot against itself (no knowledge base, fixed
/// depth, random first plies) from `starts` in turn; returns every position with
/// its game's result. `report` hears each finished game's number.
pub fn selfplay(
    plan: &SelfPlay,
    starts: &[Game],
    report: &mut dyn FnMut(usize),
) -> Vec<(Position, f32)> {
    selfplay_games(plan, starts, report)
        .iter()
        .flat_map(|game| labelled(game, result_for_white(game.outcome())))
        .collect()
}

/// The games [`selfplay`] plays, each as far as it went (at most 300 plies).
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

/// Every position of finished `games`, labelled with each game's result.
pub fn from_games(games: &[Game]) -> Vec<(Position, f32)> {
    games
        .iter()
        .filter(|game| game.outcome().is_some())
        .flat_map(|game| labelled(game, result_for_white(game.outcome())))
        .collect()
}

/// The text of a data file.
pub fn write_samples(positions: &[(Position, f32)]) -> String {
    let mut text = String::new();
    for (position, result) in positions {
        text.push_str(&format!("{}\t{result}\n", position.to_fen()));
    }
    text
}

/// The samples of a data file's text (non-quiet positions left out), or the first
/// line that is not `FEN<TAB>result` with why.
pub fn read_samples(text: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| format!("line {}: {why}", number + 1);
        let (fen, result) = line
            .split_once('\t')
            .ok_or_else(|| bad("no tab between the position and the result".into()))?;
        let position: Position = fen.parse().map_err(|e| bad(format!("{e}")))?;
        let result: f32 = match result.trim() {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(bad(format!("result '{other}' is not 1, 0.5 or 0"))),
        };
        samples.extend(Sample::new(&position, result));
    }
    Ok(samples)
}
