//! The command line's own errors from running a subcommand, worded by `cli.ftl` in
//! either language (the English is also their `Display`). Errors the library words (a knowledge base's problems,
//! a file's) are shown as the library words them.

use std::fmt;
use std::io;
use std::path::PathBuf;

use shashki::msg;

use shashki::words::{Lang, Message, Text};

/// An error of the command line's own.
#[derive(Debug)]
pub enum CliError {
    /// No home directory, so no data directory to keep the tables in.
    NoHome,
    /// The directory of the tables does not exist (`given`: named on the command line).
    MissingDirectory { dir: PathBuf, given: bool },
    /// The path given for the tables is not a directory.
    NotADirectory(PathBuf),
    /// The directory of the tables cannot be read.
    Unreadable { dir: PathBuf, error: io::Error },
    /// The directory holds no tables (`given`: named on the command line).
    NoTables { dir: PathBuf, given: bool },
    /// The knowledge base has errors, each worded by the library.
    KnowledgeBase(Vec<String>),
    /// There is no move to choose: the game is over (how, in English, when known).
    NoMove(Option<String>),
    /// `kb learn` was given neither games nor self-play.
    NothingToLearn,
    /// `kb learn` has nowhere to keep the facts.
    NoLearnedFile,
    /// `tune fit` found no quiet positions.
    NothingToFit,
    /// `match --sprt` from a game that is the second of its pair.
    PairsSplit,
}

impl CliError {
    /// `shashki egtb build`, with `--dir` when the directory was given.
    fn build_command(dir: &std::path::Path, given: bool) -> String {
        if given {
            format!("shashki egtb build --dir {}", dir.display())
        } else {
            "shashki egtb build".to_string()
        }
    }

    /// The error, to be worded in the player's language.
    pub fn message(&self) -> Message {
        match self {
            CliError::NoHome => msg!("run-no-home"),
            CliError::MissingDirectory { dir, given } => msg!(
                "run-missing-directory",
                dir = dir.display().to_string(),
                build = CliError::build_command(dir, *given)
            ),
            CliError::NotADirectory(dir) => {
                msg!("run-not-a-directory", dir = dir.display().to_string())
            }
            CliError::Unreadable { dir, error } => msg!(
                "run-unreadable",
                dir = dir.display().to_string(),
                denied = if error.kind() == io::ErrorKind::PermissionDenied {
                    "yes"
                } else {
                    "no"
                },
                system = error.to_string()
            ),
            CliError::NoTables { dir, given } => msg!(
                "run-no-tables",
                dir = dir.display().to_string(),
                build = CliError::build_command(dir, *given)
            ),
            CliError::KnowledgeBase(problems) => {
                msg!("run-knowledge-base", problems = problems.join("\n"))
            }
            CliError::NoMove(Some(outcome)) => msg!("run-game-over", outcome = outcome.as_str()),
            CliError::NoMove(None) => msg!("run-no-move"),
            CliError::NothingToLearn => msg!("run-nothing-to-learn"),
            CliError::NoLearnedFile => msg!("run-no-learned-file"),
            CliError::NothingToFit => msg!("run-nothing-to-fit"),
            CliError::PairsSplit => msg!("run-pairs-split"),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        shashki::words::english(&self.message(), f)
    }
}

impl std::error::Error for CliError {}

/// `error` in `lang`: the command line's own errors in either language, others as
/// they word themselves.
pub fn describe(error: &(dyn std::error::Error + 'static), lang: Lang) -> String {
    match error.downcast_ref::<CliError>() {
        Some(error) => Text::new(lang).render(&error.message()),
        None => error.to_string(),
    }
}
