//! `moves` and `perft`: the rules core on the command line.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use shashki::{MAX_PERFT_DEPTH, MoveText, PerftMode, Position, perft_divide, perft_with};

/// Arguments of `shashki perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[arg(value_parser = super::values::Ranged::<u32>::new(0, u64::from(MAX_PERFT_DEPTH)))]
    depth: u32,
    #[arg(long, value_parser = super::values::parse_position)]
    fen: Option<Position>,
    #[arg(long)]
    divide: bool,
    #[arg(long)]
    bulk: bool,
}

/// Prints every legal move in full-path notation.
pub fn moves(position: Position) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    for &mv in position.legal_moves().iter() {
        writeln!(out, "{}", MoveText::from_move(&position, mv))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Counts and times the move tree; the last line is `perft D: N nodes, S s, X Mnps`.
pub fn perft(args: PerftArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let position = args.fen.unwrap_or_else(Position::start);
    let mode = if args.bulk {
        PerftMode::Bulk
    } else {
        PerftMode::MakeEveryLeaf
    };
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, count) in perft_divide(&position, args.depth, mode) {
            writeln!(out, "{}: {count}", MoveText::from_move(&position, mv))?;
            total += count;
        }
        total
    } else {
        perft_with(&position, args.depth, mode)
    };
    let seconds = started.elapsed().as_secs_f64();
    let mnps = nodes as f64 / seconds.max(1e-9) / 1e6;
    writeln!(
        out,
        "perft {}: {nodes} nodes, {seconds:.3} s, {mnps:.1} Mnps",
        args.depth
    )?;
    Ok(ExitCode::SUCCESS)
}
