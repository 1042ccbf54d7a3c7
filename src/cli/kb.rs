//! `kb check`: is a knowledge-base file sound?

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use shashki::kb::{DEFAULT_PATH, KnowledgeBase};

/// The `kb` subcommands.
#[derive(Subcommand, Debug)]
pub enum KbCommand {
    /// Parse and check a knowledge-base file; print every problem, or a summary.
    Check {
        /// The file to check (default: kb/combs.txt).
        path: Option<PathBuf>,
    },
}

/// Runs a `kb` subcommand.
pub fn run(command: KbCommand) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        KbCommand::Check { path } => check(path.unwrap_or_else(|| PathBuf::from(DEFAULT_PATH))),
    }
}

/// Prints `PATH: N facts (E exact, P patterns, L lines) OK` after any warnings
/// and exits 0, or prints every problem and exits 1.
fn check(path: PathBuf) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    match KnowledgeBase::load(&path) {
        Ok((base, warnings)) => {
            for warning in warnings {
                writeln!(out, "{warning}")?;
            }
            writeln!(
                out,
                "{}: {} facts ({} exact, {} patterns, {} lines) OK",
                path.display(),
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
