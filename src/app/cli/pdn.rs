//! `pdn check`: does every game of a PDN file replay under the rules?

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::app::english;
use clap::Subcommand;
use shashki::files::{Diagnostic, SourceText, Spot, read_text};
use shashki::msg;
use shashki::notation::pdn;

/// The `pdn` subcommands.
#[derive(Subcommand, Debug)]
pub enum PdnCommand {
    Check { path: PathBuf },
}

/// Runs a `pdn` subcommand.
pub fn run(command: PdnCommand) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        PdnCommand::Check { path } => check(&path),
    }
}

/// Prints `FILE: G games, M moves OK` and exits 0, or every problem as
/// `FILE:LINE:COL: error: ...` with the line and a caret, and exits 1.
fn check(path: &std::path::Path) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let name = path.display().to_string();
    let text = match read_text(path) {
        Ok(text) => text,
        Err(error) => {
            writeln!(out, "{}", Diagnostic::file_error(&name, error.to_string()))?;
            return Ok(ExitCode::FAILURE);
        }
    };
    let source = SourceText::new(&text, &name);
    let games = pdn::read_all(&text);
    let mut moves = 0;
    let mut failed = false;
    for game in &games {
        match game {
            Ok(record) => moves += record.game.moves().len(),
            Err(error) => {
                failed = true;
                let spot = Spot {
                    line: error.line,
                    column: error.column,
                };
                writeln!(
                    out,
                    "{}",
                    Diagnostic::error(&source, spot, error.kind.to_string())
                )?;
            }
        }
    }
    if games.is_empty() {
        writeln!(
            out,
            "{}",
            Diagnostic::file_error(&name, english(&msg!("report-pdn-no-game")))
        )?;
        return Ok(ExitCode::FAILURE);
    }
    if failed {
        return Ok(ExitCode::FAILURE);
    }
    let summary = msg!(
        "report-pdn-ok",
        name = name.as_str(),
        games = games.len(),
        moves = moves
    );
    writeln!(out, "{}", english(&summary))?;
    Ok(ExitCode::SUCCESS)
}
