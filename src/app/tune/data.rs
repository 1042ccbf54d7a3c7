//! The fit's data: labelled positions from self-play and from game records, and
//! the text file that keeps them (`FEN<TAB>result` a line, the result White's:
//! `1`, `0.5` or `0`).

use super::Sample;
use shashki::msg;
use shashki::play::{GameError, SelfPlay, selfplay_games};
use shashki::words::Message;
use shashki::{Color, FenError, Game, Outcome, Position};

/// Plies at the start of each game whose positions are left out (too alike).
const SKIP_PLIES: usize = 4;

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
) -> Result<Vec<(Position, f32)>, GameError> {
    Ok(selfplay_games(plan, starts, report)?
        .iter()
        .flat_map(|game| labelled(game, result_for_white(game.outcome())))
        .collect())
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
        let bad = |why: Message| {
            crate::app::english(&msg!("report-tune-bad-line", line = number + 1, why = why))
        };
        let (fen, result) = line
            .split_once('\t')
            .ok_or_else(|| bad(msg!("report-tune-no-tab")))?;
        let position: Position = fen.parse().map_err(|e: FenError| bad(e.message()))?;
        let result: f32 = match result.trim() {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(bad(msg!("report-tune-bad-result", result = other))),
        };
        samples.extend(Sample::new(&position, result));
    }
    Ok(samples)
}
