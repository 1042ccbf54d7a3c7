//! `bestmove`: the bot's decision for one position, for other tools to call.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use shashki::engine::{Engine, Limits};
use shashki::{Game, MoveText, Position};

use super::error::CliError;
use crate::app::english;

/// Arguments of `shashki bestmove`.
#[derive(Args, Debug)]
pub struct BestmoveArgs {
    #[arg(long, value_parser = super::values::parse_position)]
    fen: Option<Position>,
    #[arg(long, value_name = "MS", conflicts_with = "depth", value_parser = super::values::movetime_ms())]
    movetime: Option<u64>,
    #[arg(long, value_name = "N", value_parser = super::values::depth())]
    depth: Option<u32>,
    #[command(flatten)]
    engine: super::EngineArgs,
    #[command(flatten)]
    data: super::DataArgs,
}

/// Default thinking time.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// The limits the arguments ask for.
fn limits(movetime: Option<u64>, depth: Option<u32>) -> Limits {
    match (depth, movetime) {
        (Some(depth), _) => Limits::Depth(depth),
        (None, time) => {
            Limits::MoveTime(Duration::from_millis(time.unwrap_or(DEFAULT_MOVETIME_MS)))
        }
    }
}

/// Prints `source: ...`, the time the move took (`time: 1003.2 ms`), and then the chosen
/// move alone, in full-path notation, as the last line.
pub fn bestmove(args: BestmoveArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let position = args.fen.unwrap_or_else(Position::start);
    let game = Game::new(position);
    if let Some(outcome) = game.outcome() {
        return Err(CliError::NoMove(Some(outcome.to_string())).into());
    }
    let data = args.data.locate();
    let config = args.engine.config(data.as_ref())?;
    let kb = if args.engine.no_kb {
        None
    } else {
        Some(args.engine.kb.load(data.as_ref())?)
    };
    let mut engine = Engine::try_new(config, kb)?;
    // The time the move really took, from the question to the answer.
    let asked = std::time::Instant::now();
    let decision = engine
        .choose(&game, limits(args.movetime, args.depth), &mut |_| {})
        .ok_or(CliError::NoMove(None))?;
    let took = asked.elapsed();
    let mut out = std::io::stdout().lock();
    let passed = engine.passed_over().map(|passed| {
        let words = english(&passed.message(&position, passed.fact.origin.as_str()));
        format!("; {}", words.trim_start_matches('(').trim_end_matches(')'))
    });
    writeln!(
        out,
        "source: {}{}",
        decision.describe(&position),
        passed.unwrap_or_default()
    )?;
    writeln!(out, "time: {:.1} ms", took.as_secs_f64() * 1e3)?;
    writeln!(out, "{}", MoveText::from_move(&position, decision.mv))?;
    Ok(ExitCode::SUCCESS)
}
