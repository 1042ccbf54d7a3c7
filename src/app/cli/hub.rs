//! `hub`: the Hub protocol on standard input and output, for GUIs and other programs.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::hub::{self, MoveNumbering, Output, Settings};
use clap::Args;
use shashki::engine::{EngineConfig, Level};

/// Arguments of `shashki hub`; the GUI may change each with `set-param`.
#[derive(Args, Debug)]
pub struct HubArgs {
    /// Knowledge-base file (default: ./kb/combs.txt, else the data directory's, else the built-in one).
    #[arg(long, value_name = "PATH", conflicts_with = "no_kb")]
    kb: Option<PathBuf>,
    /// Decide without the knowledge base.
    #[arg(long)]
    no_kb: bool,
    /// Transposition table size in megabytes: 1 to 65536, and no more than the memory available.
    #[arg(long, value_name = "MB", default_value_t = EngineConfig::default().hash_mb,
          value_parser = super::values::parse_hash_mb)]
    hash: usize,
    /// Threads of the search, 1 to 256 (see `bestmove --threads`).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::values::threads())]
    threads: usize,
    /// The strength when the GUI sends no `level`: beginner, novice, casual, club, easy (0.2 s
    /// a move), normal (1 s) or hard (5 s); see the README's level table.
    #[arg(long, default_value = "normal", value_parser = super::values::level_name)]
    level: Level,
    /// How the moves number the squares: standard (PDN's: c3-d4 is 22-18; pydraughts 0.5.7
    /// and the lidraughts bridge), from-white (c3-d4 is 10-14; pydraughts 0.6.7), or auto:
    /// read off the client's moves; until they tell, from-white, or standard for the
    /// lidraughts bridge.
    #[arg(long, value_name = "NUMBERING", default_value = "auto", value_parser = super::values::numbering)]
    numbering: MoveNumbering,
    /// Seed for the choice among equally good knowledge-base facts.
    #[arg(long, default_value_t = 0, value_parser = super::values::seed())]
    seed: u64,
    #[command(flatten)]
    egtb: super::EgtbArgs,
    #[command(flatten)]
    data: super::DataArgs,
}

/// Speaks the protocol until `quit` or the end of the input.
pub fn run(args: HubArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let data = args.data.locate();
    let settings = Settings {
        config: EngineConfig {
            use_kb: !args.no_kb,
            hash_mb: args.hash,
            threads: args.threads,
            seed: args.seed,
            tablebase: args.egtb.open(data.as_ref())?,
            ..EngineConfig::default()
        },
        kb_file: args.kb,
        data,
        level: args.level,
        numbering: args.numbering,
    };
    hub::run(
        std::io::BufReader::new(std::io::stdin()),
        Output::new(std::io::stdout()),
        settings,
    )?;
    Ok(ExitCode::SUCCESS)
}
