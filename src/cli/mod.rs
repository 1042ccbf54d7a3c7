//! Command-line arguments and the subcommands behind them.

mod analysis;
mod bestmove;
mod egtb;
mod hub;
mod kb;
mod learn;
mod pdn;
mod play;
mod selfplay;
mod tune;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use shashki::Position;
use shashki::egtb::Tablebase;
use shashki::engine::{Level, level, unknown_level};
use shashki::files::DataDir;
use shashki::search::{EvalConfig, MAX_DEPTH, MAX_HASH_MB, MAX_MOVETIME_MS, MAX_THREADS};

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
    /// Work with PDN game records.
    #[command(subcommand)]
    Pdn(pdn::PdnCommand),
    /// Speak the Hub protocol (Scan's, version 2) on stdin/stdout, for GUIs and pydraughts.
    Hub(hub::HubArgs),
    /// Work with the knowledge base.
    #[command(subcommand)]
    Kb(kb::KbCommand),
    /// Build, probe and verify the endgame databases.
    #[command(subcommand)]
    Egtb(egtb::EgtbCommand),
    /// Fit the evaluation's weights to game results.
    #[command(subcommand)]
    Tune(tune::TuneCommand),
}

/// Which evaluation a side plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Evaluation {
    /// The hand-written evaluation (`src/search/eval.rs`).
    Hand,
    /// The fitted weights (`src/search/weights.rs`) without the local patterns.
    Fitted,
    /// The fitted weights and the local patterns (`src/search/pattern_weights.rs`).
    Patterns,
}

impl Evaluation {
    /// The evaluation's configuration.
    pub fn config(self) -> EvalConfig {
        match self {
            Evaluation::Hand => EvalConfig::hand(),
            Evaluation::Fitted => EvalConfig::fitted(),
            Evaluation::Patterns => EvalConfig::with_patterns(),
        }
    }
}

/// `--egtb DIR` and `--no-egtb`: which endgame databases the bot uses.
#[derive(Args, Debug, Default)]
pub struct EgtbArgs {
    /// Endgame databases to use (default: the data directory's `egtb`, when it has tables).
    #[arg(long, value_name = "DIR")]
    egtb: Option<PathBuf>,
    /// Play without the endgame databases (the built-in exact tables of a lone king against
    /// one to three kings stay on).
    #[arg(long, conflicts_with = "egtb")]
    no_egtb: bool,
}

impl EgtbArgs {
    /// The databases chosen: those of `--egtb` (an error if there are none), else the
    /// data directory's if it has any, else none.
    pub fn open(&self) -> Result<Option<Arc<Tablebase>>, String> {
        if self.no_egtb {
            return Ok(None);
        }
        if let Some(dir) = &self.egtb {
            return egtb::open(dir).map(|base| Some(Arc::new(base)));
        }
        let found = DataDir::locate()
            .map(|data| data.egtb())
            .and_then(|dir| Tablebase::open(&dir).ok())
            .filter(|base| !base.materials().is_empty());
        Ok(found.map(Arc::new))
    }
}

/// Parses a `--fen` value, so that clap reports a bad one with its reason.
pub fn parse_position(text: &str) -> Result<Position, String> {
    text.parse::<Position>().map_err(|error| error.to_string())
}

/// `--level NAME`: a named level, or the names there are.
pub fn level_name(text: &str) -> Result<Level, String> {
    level(text).ok_or_else(|| unknown_level(text))
}

/// `--movetime MS`: 1 ms (0 would be no thought at all) to an hour.
pub fn movetime_ms() -> RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..=u64::from(MAX_MOVETIME_MS))
}

/// `--threads N`: 1 (the search alone) to [`MAX_THREADS`].
pub fn threads() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64)
}

/// `--depth N`: 1 ply (0 would be no search at all) to the search's deepest depth.
pub fn depth() -> RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH))
}

/// Parses `--hash MB`: 1 to `MAX_HASH_MB`, and, where the system says, no more than the
/// memory available now (a larger table would be killed or swapped, not refused).
pub fn parse_hash_mb(text: &str) -> Result<usize, String> {
    let range = format!("the hash table size must be 1 to {MAX_HASH_MB} MB");
    let megabytes = match text.trim().parse::<usize>() {
        Ok(megabytes) if (1..=MAX_HASH_MB).contains(&megabytes) => megabytes,
        Ok(_) => return Err(range),
        // All digits but too many for a number: out of range all the same.
        Err(_) if !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            return Err(range);
        }
        Err(_) => return Err(format!("'{text}' is not a number of megabytes")),
    };
    match available_memory_mb() {
        Some(available) if megabytes > available => Err(format!(
            "a hash table of {megabytes} MB is more than the {available} MB of memory available"
        )),
        _ => Ok(megabytes),
    }
}

/// The memory available for a new table, in megabytes, where the system tells
/// (`MemAvailable` of Linux's `/proc/meminfo`); `None` elsewhere.
fn available_memory_mb() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    mem_available_mb(&meminfo)
}

/// The `MemAvailable:` figure of a `/proc/meminfo` text, in megabytes.
fn mem_available_mb(meminfo: &str) -> Option<usize> {
    let line = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kilobytes = line
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse::<usize>()
        .ok()?;
    Some(kilobytes / 1024)
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
        Some(Command::Hub(args)) => hub::run(args),
        Some(Command::Pdn(command)) => pdn::run(command),
        Some(Command::Egtb(command)) => egtb::run(command),
        Some(Command::Tune(command)) => tune::run(command),
        None => play::run(cli.play),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_sizes_outside_the_range_are_refused_with_the_range() {
        for text in [
            "0",
            "65537",
            "18446744073709551615",
            "99999999999999999999999",
        ] {
            assert_eq!(
                parse_hash_mb(text),
                Err("the hash table size must be 1 to 65536 MB".to_string()),
                "{text}"
            );
        }
        assert!(parse_hash_mb("-1").unwrap_err().contains("not a number"));
        assert_eq!(parse_hash_mb("16"), Ok(16));
    }

    #[test]
    fn available_memory_is_read_from_meminfo() {
        let meminfo = "MemTotal:       24684000 kB\nMemFree:  1 kB\nMemAvailable:   24173568 kB\n";
        assert_eq!(mem_available_mb(meminfo), Some(23_607));
        assert_eq!(mem_available_mb("MemTotal: 5 kB\n"), None);
    }
}
