//! Command-line arguments and the subcommands behind them.

mod analysis;
mod bestmove;
mod kb;
mod play;
mod selfplay;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use shashki::Position;

/// Russian draughts (русские шашки) in the terminal, with a knowledge base and a searching bot.
#[derive(Parser, Debug)]
#[command(
    name = "shashki",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no subcommand, `shashki` plays: these are the options of `play`.
    #[command(flatten)]
    play: play::PlayArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game against the bot at a readline prompt (the default).
    Play(play::PlayArgs),
    /// Print every legal move, one per line, in full-path notation.
    Moves {
        /// Position string, e.g. W:Wa1,c1,Ke5:Bb8,Kh2 (default: the start position).
        #[arg(long, value_parser = parse_position)]
        fen: Option<Position>,
    },
    /// Count the leaves of the move tree DEPTH plies deep (a move-generator test and benchmark).
    Perft(analysis::PerftArgs),
    /// Let the bot choose a move; prints `source: ...` and the move alone as the last line.
    Bestmove(bestmove::BestmoveArgs),
    /// Self-play between two engine settings, with wins/draws/losses and an Elo estimate.
    Match(selfplay::MatchArgs),
    /// Work with the knowledge base.
    #[command(subcommand)]
    Kb(kb::KbCommand),
}

/// Parses a `--fen` value, so that clap reports a bad one with its reason.
pub fn parse_position(text: &str) -> Result<Position, String> {
    text.parse::<Position>().map_err(|error| error.to_string())
}

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match cli.command {
        Some(Command::Moves { fen }) => analysis::moves(fen.unwrap_or_else(Position::start)),
        Some(Command::Perft(args)) => analysis::perft(args),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Bestmove(args)) => bestmove::bestmove(args),
        Some(Command::Match(args)) => selfplay::run_match(args),
        Some(Command::Kb(command)) => kb::run(command),
        None => play::run(cli.play),
    }
}
