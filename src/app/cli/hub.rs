//! `hub`: the Hub protocol on standard input and output, for GUIs and other programs.

use std::path::Path;
use std::process::ExitCode;

use crate::app::hub::{self, MoveNumbering, Output, Settings};
use clap::Args;
use shashki::engine::{EngineConfig, Level};

/// Arguments of `shashki hub`; the GUI may change each with `set-param`.
#[derive(Args, Debug)]
pub struct HubArgs {
    #[command(flatten)]
    engine: super::EngineArgs,
    #[arg(long, default_value = "normal", value_parser = super::values::level_name)]
    level: Level,
    #[arg(long, value_name = "NUMBERING", default_value = "auto", value_parser = super::values::numbering)]
    numbering: MoveNumbering,
    #[command(flatten)]
    data: super::DataArgs,
}

/// Speaks the protocol until `quit` or the end of the input.
pub fn run(args: HubArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let data = args.data.locate();
    let settings = Settings {
        // A Hub engine plays on a clock: the facts it may play without a check are
        // checked when the base loads.
        config: EngineConfig {
            check_kb_at_load: true,
            ..args.engine.config(data.as_ref())?
        },
        kb_file: args.engine.kb.path().map(Path::to_path_buf),
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
