//! Command-line arguments and the subcommands behind them, with the help and the
//! refusals in English or Russian.
//!
//! [`take_lang`] takes `--lang` out of the arguments; [`parse`] reads the rest with
//! clap's tree in that language ([`command`]), after refusing a word that is neither
//! a subcommand nor a file; [`run`] runs the subcommand, and [`describe`] words its
//! errors in the same language.

mod analysis;
mod bestmove;
mod book;
mod egtb;
mod error;
mod help;
mod hub;
mod kb;
mod learn;
mod match_play;
mod pdn;
mod play;
mod refusal;
mod selfplay;
mod tune;
mod values;
mod words;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::app::console::Lang;
use clap::{Arg, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use shashki::Position;
use shashki::engine::EngineConfig;
use shashki::files::DataDir;
use shashki::kb::KnowledgeBase;
use shashki::tablebase::Tablebase;
use shashki::words::Text;

use self::error::CliError;
pub use self::error::describe;
pub use self::refusal::Refusal;
pub use self::words::take_lang;

/// `--version`: the version, the commit it was built from and the day it was built (see
/// `build.rs`), in no language: `0.2.0 (94986c4d2507, 2026-11-29)`.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("SHASHKI_COMMIT"),
    ", ",
    env!("SHASHKI_BUILD_DATE"),
    ")"
);

/// Russian draughts (русские шашки) in the terminal, with a knowledge base and a searching bot.
#[derive(Parser, Debug)]
#[command(name = "shashki", version = VERSION, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: play::PlayArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    Play(play::PlayArgs),
    Moves {
        #[arg(long, value_parser = values::parse_position)]
        fen: Option<Position>,
    },
    Perft(analysis::PerftArgs),
    Bestmove(bestmove::BestmoveArgs),
    Match(selfplay::MatchArgs),
    #[command(subcommand)]
    Pdn(pdn::PdnCommand),
    Hub(hub::HubArgs),
    #[command(subcommand)]
    Kb(kb::KbCommand),
    #[command(subcommand)]
    Egtb(egtb::EgtbCommand),
    #[command(subcommand)]
    Tune(tune::TuneCommand),
}

/// `--data-dir DIR`: where the player's files are, for every command that reads or
/// writes them.
#[derive(Args, Debug, Default, Clone)]
pub struct DataArgs {
    #[arg(long = "data-dir", value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

impl DataArgs {
    /// The data directory chosen; `None` when none is named and the system has no home.
    pub fn locate(&self) -> Option<DataDir> {
        DataDir::locate(self.data_dir.as_deref())
    }
}

/// `--kb PATH`: the knowledge base's file, for every command that plays or walks one
/// (`play`, `bestmove`, `hub`, `match`, `kb book`).
#[derive(Args, Debug, Default, Clone)]
pub struct KbArg {
    #[arg(long, value_name = "PATH")]
    kb: Option<PathBuf>,
}

impl KbArg {
    /// The file named, if one is.
    pub fn path(&self) -> Option<&Path> {
        self.kb.as_deref()
    }

    /// The knowledge base of the file named, else of `./kb/combs.txt`, the data
    /// directory `data` or the built-in one; its problems go to stderr (a broken fact
    /// is left out, the rest used).
    pub fn load(&self, data: Option<&DataDir>) -> Result<KnowledgeBase, CliError> {
        match KnowledgeBase::locate_and_load(self.path(), data) {
            Ok((kb, warnings)) => {
                for warning in warnings {
                    eprintln!("{warning}");
                }
                Ok(kb)
            }
            Err(problems) => Err(CliError::KnowledgeBase(
                problems.iter().map(ToString::to_string).collect(),
            )),
        }
    }
}

/// `--seed N`: the seed of the bot's choices among equal moves (`play`, `bestmove`,
/// `hub`, `match`), 0 unless given; `play`'s is from the clock
/// ([`SeedArg::from_the_clock`]).
#[derive(Args, Debug)]
pub struct SeedArg {
    #[arg(long, default_value = "0", value_parser = values::seed())]
    seed: Option<u64>,
}

impl SeedArg {
    /// The seed: given, or the command's default; `None` for one from the clock.
    pub fn get(&self) -> Option<u64> {
        self.seed
    }

    /// `play`'s seed, which has no default: a game without one takes it from the clock
    /// (as its help says, with the value named `N`).
    pub fn from_the_clock(seed: Arg) -> Arg {
        seed.value_name("N").default_value(None::<&str>)
    }
}

/// `--hash MB`: the transposition table's size (`bestmove`, `hub`, `kb book`), the
/// engine's default unless given; `kb book` has its own.
#[derive(Args, Debug)]
pub struct HashArg {
    #[arg(long, value_name = "MB", default_value_t = EngineConfig::default().hash_mb,
          value_parser = values::parse_hash_mb)]
    hash: usize,
}

impl HashArg {
    /// The size, in megabytes.
    pub fn megabytes(&self) -> usize {
        self.hash
    }
}

/// `--threads N`: the threads of the search (`play`, `bestmove`, `hub`; `match`
/// declares each side's in its macro), the engine's default (1) unless given.
#[derive(Args, Debug)]
pub struct ThreadsArg {
    #[arg(long, value_name = "N", default_value_t = EngineConfig::default().threads,
          value_parser = values::threads())]
    threads: usize,
}

impl ThreadsArg {
    /// The number of threads.
    pub fn count(&self) -> usize {
        self.threads
    }

    /// `play`'s threads, whose help says the default in words.
    pub fn default_in_words(threads: Arg) -> Arg {
        threads.hide_default_value(true)
    }
}

/// The engine's options for the commands that run one engine (`bestmove`, `hub`): its
/// knowledge base or none, seed, hash table, threads and tables.
#[derive(Args, Debug)]
pub struct EngineArgs {
    #[command(flatten)]
    pub kb: KbArg,
    #[arg(long, conflicts_with = "kb")]
    pub no_kb: bool,
    #[command(flatten)]
    seed: SeedArg,
    #[command(flatten)]
    hash: HashArg,
    #[command(flatten)]
    threads: ThreadsArg,
    #[command(flatten)]
    egtb: EgtbArgs,
}

impl EngineArgs {
    /// The engine's settings, its tables opened (those of the data directory `data` by
    /// default).
    pub fn config(&self, data: Option<&DataDir>) -> Result<EngineConfig, CliError> {
        Ok(EngineConfig {
            use_kb: !self.no_kb,
            seed: self.seed.get().unwrap_or_default(),
            hash_mb: self.hash.megabytes(),
            threads: self.threads.count(),
            tablebase: self.egtb.open(data)?,
            ..EngineConfig::default()
        })
    }
}

/// `--egtb DIR` and `--no-egtb`: which endgame databases the bot uses.
#[derive(Args, Debug, Default)]
pub struct EgtbArgs {
    #[arg(long, value_name = "DIR")]
    egtb: Option<PathBuf>,
    #[arg(long, conflicts_with = "egtb")]
    no_egtb: bool,
    #[arg(long, value_name = "MB", conflicts_with = "no_egtb",
          value_parser = values::egtb_memory_mb())]
    egtb_memory: Option<u64>,
}

impl EgtbArgs {
    /// The tables chosen: the databases of `--egtb` (an error if there are none), else
    /// those of the data directory `data` if it has any, else none; the built-in king
    /// endings always.
    pub fn open(&self, data: Option<&DataDir>) -> Result<Tablebase, CliError> {
        self.open_within(data, self.budget())
    }

    /// Like [`EgtbArgs::open`], the tables holding at most `budget` bytes (`None`: no limit).
    pub fn open_within(
        &self,
        data: Option<&DataDir>,
        budget: Option<u64>,
    ) -> Result<Tablebase, CliError> {
        if self.no_egtb {
            return Ok(Tablebase::builtin());
        }
        if let Some(dir) = &self.egtb {
            return egtb::open(dir, true, budget);
        }
        let found = data
            .map(DataDir::egtb)
            .and_then(|dir| Tablebase::open_within(&dir, budget).ok())
            .filter(|base| !base.materials().is_empty());
        Ok(found.unwrap_or_else(Tablebase::builtin))
    }

    /// The bytes the databases' tables may hold: `--egtb-memory`, else half the
    /// machine's memory (or the container's) where the system tells, else no limit.
    pub fn budget(&self) -> Option<u64> {
        let megabytes = self
            .egtb_memory
            .or_else(|| values::total_memory_mb().map(|total| total as u64 / 2))?;
        Some(megabytes << 20)
    }
}

/// The most columns the help takes: less on a narrower terminal.
const HELP_WIDTH: usize = 80;

/// `--lang`, declared for the help of every command and for clap to refuse a value
/// other than `en` and `ru`: [`take_lang`] takes it out of the arguments before
/// clap reads them, so that it may stand anywhere, even before a subcommand.
fn lang_arg() -> Arg {
    Arg::new("lang")
        .long("lang")
        .global(true)
        .value_name("LANG")
        .value_parser(["en", "ru"])
}

/// The command tree clap reads the arguments with, built, its texts in `lang`.
pub fn command(lang: Lang) -> clap::Command {
    let mut root = Cli::command()
        .arg(lang_arg())
        .bin_name("shashki")
        .max_term_width(HELP_WIDTH);
    root.build();
    let text = Text::new(lang);
    let root = help::word(root, &text);
    match lang {
        // clap writes the frame of the pages in English.
        Lang::En => root,
        Lang::Ru => help::translate(root, &text),
    }
}

/// What `args` (the program's name first, `--lang` taken out) ask to run, or, in
/// `lang`, what to print instead: the help, the version, or why they are refused.
pub fn parse(args: &[OsString], lang: Lang) -> Result<Cli, Refusal> {
    let mut root = command(lang);
    if let Some(unknown) = words::unknown_word(&root, args) {
        return Err(refusal::refuse_word(&unknown, &mut root, lang));
    }
    let matches = root.try_get_matches_from_mut(args);
    let refuse = |error| refusal::refuse(error, &root, args, lang);
    Cli::from_arg_matches(&matches.map_err(refuse)?).map_err(refuse)
}

/// Runs the chosen subcommand; the console speaks `lang`.
pub fn run(cli: Cli, lang: Lang) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match cli.command {
        Some(Command::Moves { fen }) => analysis::moves(fen.unwrap_or_else(Position::start)),
        Some(Command::Perft(args)) => analysis::perft(args),
        Some(Command::Play(args)) => play::run(args, lang),
        Some(Command::Bestmove(args)) => bestmove::bestmove(args),
        Some(Command::Match(args)) => selfplay::run_match(args),
        Some(Command::Kb(command)) => kb::run(command),
        Some(Command::Hub(args)) => hub::run(args),
        Some(Command::Pdn(command)) => pdn::run(command),
        Some(Command::Egtb(command)) => egtb::run(command, lang),
        Some(Command::Tune(command)) => tune::run(command),
        None => play::run(cli.play, lang),
    }
}

/// The command line `shashki WORDS...`, as the tests of the parsing give it.
#[cfg(test)]
fn args(words: &[&str]) -> Vec<OsString> {
    std::iter::once("shashki")
        .chain(words.iter().copied())
        .map(OsString::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_keeps_its_own_defaults_of_the_options_it_shares() {
        let root = command(Lang::En);
        let default = |path: &[&str], id: &str| -> Vec<String> {
            let found = path.iter().fold(&root, |command, name| {
                command.find_subcommand(name).expect("a subcommand")
            });
            let arg = found
                .get_arguments()
                .find(|arg| arg.get_id() == id)
                .expect("the option");
            let values = arg.get_default_values().iter();
            values
                .map(|value| value.to_string_lossy().into_owned())
                .collect()
        };
        // `play`'s seed is from the clock: it has no default.
        assert!(default(&[], "seed").is_empty());
        assert!(default(&["play"], "seed").is_empty());
        for command in ["bestmove", "hub", "match"] {
            assert_eq!(default(&[command], "seed"), ["0"], "{command}");
        }
        assert_eq!(default(&["bestmove"], "hash"), ["16"]);
        assert_eq!(default(&["hub"], "hash"), ["16"]);
        assert_eq!(default(&["kb", "book"], "hash"), ["256"]);
        for path in [&["play"][..], &["bestmove"], &["hub"]] {
            assert_eq!(default(path, "threads"), ["1"], "{path:?}");
        }
    }
}
