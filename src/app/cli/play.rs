//! `play` (also what `shashki` does with no subcommand): a game against the bot.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::app::console::{self, BotOptions, Lang, Options, TimeControl};
use clap::Args;
use shashki::engine::{Level, Limits};
use shashki::notation::Notation;
use shashki::{Color, Position};

/// `--notation`: how moves are written.
#[derive(Clone, Copy, Debug, Default)]
enum NotationArg {
    #[default]
    Full,
    Short,
}

super::help::value_enum!(NotationArg {
    NotationArg::Full => "full",
    NotationArg::Short => "short",
});

/// The id of the PDN file `play` opens: a word in its place that names no file (nor,
/// at the top, a subcommand) is refused before a game starts.
pub const FILE: &str = "file";

/// Arguments of `shashki play`, also accepted with no subcommand.
#[derive(Args, Debug)]
#[command(
    mut_arg("seed", super::SeedArg::from_the_clock),
    mut_arg("threads", super::ThreadsArg::default_in_words)
)]
pub struct PlayArgs {
    #[arg(long, conflicts_with = "black")]
    white: bool,
    #[arg(long)]
    black: bool,
    #[arg(long, value_parser = super::values::parse_position)]
    fen: Option<Position>,
    #[arg(long, value_name = "LEVEL", value_parser = super::values::level_name,
          conflicts_with_all = ["movetime", "depth"])]
    level: Option<Level>,
    #[arg(long, value_name = "MS", value_parser = super::values::movetime_ms())]
    movetime: Option<u64>,
    #[arg(long, value_name = "PLIES", value_parser = super::values::depth())]
    depth: Option<u32>,
    #[command(flatten)]
    kb: super::KbArg,
    #[command(flatten)]
    threads: super::ThreadsArg,
    #[command(flatten)]
    seed: super::SeedArg,
    #[arg(long)]
    no_color: bool,
    #[arg(long, value_enum, default_value_t = NotationArg::Full)]
    notation: NotationArg,
    #[arg(long, value_name = "MIN+SEC", value_parser = super::values::time_control)]
    time: Option<TimeControl>,
    #[arg(long, value_name = "NAME", value_parser = super::values::player_name)]
    name: Option<String>,
    #[arg(id = FILE, value_name = "FILE.pdn")]
    file: Option<PathBuf>,
    #[command(flatten)]
    egtb: super::EgtbArgs,
    #[command(flatten)]
    data: super::DataArgs,
}

/// Plays a console game in `lang`.
pub fn run(args: PlayArgs, lang: Lang) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let (limits, use_kb) = match (args.level, args.depth, args.movetime) {
        (Some(level), _, _) => (level.limits(), level.use_kb),
        (None, Some(depth), _) => (Limits::Depth(depth), true),
        (None, None, Some(ms)) => (Limits::MoveTime(Duration::from_millis(ms)), true),
        (None, None, None) => (Limits::default(), true),
    };
    let data = args.data.locate();
    let options = Options {
        human: if args.black {
            Color::Black
        } else {
            Color::White
        },
        start: args.fen,
        limits,
        study_depth: args.depth,
        strength_chosen: args.level.is_some() || args.depth.is_some() || args.movetime.is_some(),
        bot: BotOptions {
            use_kb,
            kb: args.kb.path().map(Path::to_path_buf),
            threads: args.threads.count(),
            seed: args.seed.get(),
            tablebase: args.egtb.open(data.as_ref())?,
        },
        no_color: args.no_color,
        open: args.file,
        name: args.name.unwrap_or_else(|| console::PLAYER.to_string()),
        notation: match args.notation {
            NotationArg::Full => Notation::Full,
            NotationArg::Short => Notation::Short,
        },
        data,
        lang,
        time: args.time,
    };
    console::run(options)?;
    Ok(ExitCode::SUCCESS)
}
