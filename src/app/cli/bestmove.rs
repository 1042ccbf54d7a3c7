//! `bestmove`: the bot's decision for one position, for other tools to call.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use shashki::engine::{Engine, Limits, Source};
use shashki::kb::FactInfo;
use shashki::msg;
use shashki::notation::Notation;
use shashki::tablebase::Value;
use shashki::words::Message;
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
    let passed = match (engine.avoided(), engine.passed_over()) {
        (Some(avoided), _) => Some(avoided.message(&position, avoided.rule.part.origin())),
        (None, Some(passed)) => Some(passed.message(&position, passed.fact.part.origin())),
        (None, None) => None,
    }
    .map(|message| {
        let words = english(&message);
        format!("; {}", words.trim_start_matches('(').trim_end_matches(')'))
    });
    writeln!(
        out,
        "source: {}{}",
        english(&source_message(&decision.source, &position)),
        passed.unwrap_or_default()
    )?;
    writeln!(out, "time: {:.1} ms", took.as_secs_f64() * 1e3)?;
    writeln!(out, "{}", MoveText::from_move(&position, decision.mv))?;
    Ok(ExitCode::SUCCESS)
}

/// The words of the `source: ...` line: which stage decided, with what it knew, the PV
/// in full-path notation from `position` (the position the decision was made in).
fn source_message(source: &Source, position: &Position) -> Message {
    match source {
        Source::KnowledgeBase(fact) => msg!("report-source-kb", fact = fact_message(fact)),
        Source::Combination { fact, won, .. } => msg!(
            "report-source-combination",
            fact = fact_message(fact),
            won = won.message()
        ),
        Source::KnowledgeLine { fact, .. } => {
            msg!("report-source-line", fact = fact_message(fact))
        }
        Source::OnlyMove => msg!("report-source-only-move"),
        Source::Database(value) => {
            let (result, plies) = match *value {
                Value::Win(plies) => ("win", plies),
                Value::Loss(plies) => ("loss", plies),
                Value::Draw => ("draw", 0),
            };
            msg!("report-source-database", result = result, plies = plies)
        }
        Source::CaptureSearch { score, nodes } => msg!(
            "report-source-capture-search",
            score = score.to_string(),
            nodes = count(*nodes)
        ),
        Source::Search {
            depth,
            score,
            nodes,
            nps,
            pv,
        } => msg!(
            "report-source-search",
            depth = *depth,
            score = score.to_string(),
            nodes = count(*nodes),
            nps = count(*nps),
            pv = Notation::Full.line(position, pv)
        ),
    }
}

/// A fact as the report names it: `"Кол" (kb/combs.txt:42)`.
fn fact_message(fact: &FactInfo) -> Message {
    msg!(
        "report-fact",
        name = fact.name.as_str(),
        origin = fact.part.origin(),
        line = fact.line
    )
}

/// A count written short: `950`, `12.3k`, `2.1M`.
fn count(count: u64) -> String {
    let n = count as f64;
    if n >= 1e6 {
        format!("{:.1}M", n / 1e6)
    } else if n >= 1e4 {
        format!("{:.1}k", n / 1e3)
    } else {
        count.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::search::Score;

    #[test]
    fn the_source_line_words_each_stage_as_before() {
        let start = Position::start();
        let search = Source::Search {
            depth: 4,
            score: Score(35),
            nodes: 12_345,
            nps: 2_100_000,
            pv: start.legal_moves()[..1].to_vec(),
        };
        assert_eq!(
            english(&source_message(&search, &start)),
            "search depth 4 score +0.35 nodes 12.3k nps 2.1M pv c3-b4"
        );
        let capture = Source::CaptureSearch {
            score: Score(100),
            nodes: 950,
        };
        assert_eq!(
            english(&source_message(&capture, &start)),
            "capture search score +1.00 nodes 950"
        );
        for (value, words) in [
            (Value::Win(3), "endgame database win in 3"),
            (Value::Loss(12), "endgame database loss in 12"),
            (Value::Draw, "endgame database draw"),
        ] {
            let source = Source::Database(value);
            assert_eq!(english(&source_message(&source, &start)), words);
        }
        assert_eq!(
            english(&source_message(&Source::OnlyMove, &start)),
            "only move"
        );
    }
}
