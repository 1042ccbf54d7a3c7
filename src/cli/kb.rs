//! `kb check`: is a knowledge-base file sound?

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use shashki::kb::{BUILTIN_ORIGIN, BUILTIN_TEXT, KnowledgeBase, LoadResult, locate_file};

/// The `kb` subcommands.
#[derive(Subcommand, Debug)]
pub enum KbCommand {
    /// Parse and check a knowledge-base file; print every problem, or a summary.
    Check {
        /// The file to check (default: the base the program uses: ./kb/combs.txt, else the
        /// player's own in the data directory, else the built-in starter base).
        path: Option<PathBuf>,
    },
}

/// Runs a `kb` subcommand.
pub fn run(command: KbCommand) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        KbCommand::Check { path } => check(locate_file(path.as_deref())),
    }
}

/// Prints `PATH: N facts (E exact, P patterns, L lines) OK` after any warnings
/// and exits 0, or prints every problem and exits 1.
fn check(path: Option<PathBuf>) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let (name, loaded): (String, LoadResult) = match &path {
        Some(path) => (path.display().to_string(), KnowledgeBase::load(path)),
        None => (
            BUILTIN_ORIGIN.to_string(),
            KnowledgeBase::parse(BUILTIN_TEXT, BUILTIN_ORIGIN),
        ),
    };
    match loaded {
        Ok((base, warnings)) => {
            for warning in warnings {
                writeln!(out, "{warning}")?;
            }
            writeln!(
                out,
                "{name}: {} facts ({} exact, {} patterns, {} lines) OK",
                base.len(),
                base.exact_count(),
                base.pattern_count(),
                base.line_count()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(problems) => {
            for problem in problems {
                writeln!(out, "{problem}")?;
            }
            Ok(ExitCode::FAILURE)
        }
    }
}
