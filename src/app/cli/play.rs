//! `play` (also what `shashki` does with no subcommand): a game against the bot.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::app::console::{self, BotOptions, Lang, Options, TimeControl};
use clap::Args;
use shashki::engine::{Level, Limits};
use shashki::notation::Notation;
use shashki::{Color, Position};

/// `--notation`: how moves are written.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
enum NotationArg {
    /// Every square of the path: c3-d4, e3:c5:e7.
    #[default]
    Full,
    /// Russian short notation: cd4, e:e7.
    Short,
}

/// The id of the PDN file `play` opens: a word in its place that names no file (nor,
/// at the top, a subcommand) is refused before a game starts.
pub const FILE: &str = "file";

/// Arguments of `shashki play`, also accepted with no subcommand.
#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    /// Play White (the default).
    #[arg(long, conflicts_with = "black")]
    white: bool,
    /// Play Black: the bot moves first.
    #[arg(long)]
    black: bool,
    /// Start from this position, e.g. W:Wa1,c1,Ke5:Bb8,Kh2.
    #[arg(long, value_parser = super::values::parse_position)]
    fen: Option<Position>,
    /// The bot's strength: beginner, novice, casual, club, easy, normal (the default) or
    /// hard, or the Russian name (новичок ... сильный; see the README's level table).
    #[arg(long, value_name = "LEVEL", value_parser = super::values::level_name,
          conflicts_with_all = ["movetime", "depth"])]
    level: Option<Level>,
    /// The bot's thinking time per move, in milliseconds: 1 to 3600000 (an hour).
    #[arg(long, value_name = "MS", value_parser = super::values::movetime_ms())]
    movetime: Option<u64>,
    /// Search this many plies deep instead of thinking for a time (repeatable results): 1 to 64.
    #[arg(long, value_name = "PLIES", value_parser = super::values::depth())]
    depth: Option<u32>,
    /// The knowledge base file (default: ./kb/combs.txt, else your own in the data directory, else the built-in base).
    #[arg(long, value_name = "PATH")]
    kb: Option<PathBuf>,
    /// Threads the bot searches with, 1 (the default) to 256: more play stronger on a
    /// machine with the cores to spare.
    #[arg(long, value_name = "N", value_parser = super::values::threads())]
    threads: Option<usize>,
    /// Seed for the bot's choices among equal moves (default: from the clock).
    #[arg(long, value_name = "N", value_parser = super::values::seed())]
    seed: Option<u64>,
    /// Plain text even on a terminal (so does the NO_COLOR variable).
    #[arg(long)]
    no_color: bool,
    /// How the bot's moves and hints are written: full (c3-d4, e3:c5:e7) or short
    /// (Russian short notation: cd4, e:e7). Both are accepted from you either way.
    #[arg(long, value_enum, default_value_t = NotationArg::Full)]
    notation: NotationArg,
    /// Play on the clock: minutes for the game + seconds added after each move (5+3; 10
    /// for no increment; fractions allowed). The bot manages its own time; a side whose
    /// time runs out loses.
    #[arg(long, value_name = "MIN+SEC", value_parser = super::values::time_control)]
    time: Option<TimeControl>,
    /// Your name in the game records you save (default: Player).
    #[arg(long, value_name = "NAME", value_parser = super::values::player_name)]
    name: Option<String>,
    /// A PDN file to open at the start (a file of several games is listed; `open FILE N` opens one).
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
            kb: args.kb,
            threads: args.threads.unwrap_or(1),
            seed: args.seed,
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
