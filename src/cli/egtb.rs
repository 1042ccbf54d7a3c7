//! `egtb build`, `egtb probe` and `egtb verify`: the endgame databases from the command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use shashki::Position;
use shashki::egtb::{self, BuildEvent, Tablebase, VerifyEvent};
use shashki::files::DataDir;

use super::parse_position;

/// The most pieces a build may be asked for: a side has at most 12.
const MAX_PIECES: u32 = 24;

/// The `egtb` subcommands.
#[derive(Subcommand, Debug)]
pub enum EgtbCommand {
    /// Solve every balance of at most N pieces (resumes an interrupted build).
    Build {
        /// The most pieces on the board, men and kings of both sides.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..=i64::from(MAX_PIECES)))]
        pieces: u32,
        /// Where the tables go (default: the data directory's `egtb`).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Print a position's exact value: `win in N`, `loss in N` or `draw` (N in plies).
    Probe {
        /// Where the tables are (default: the data directory's `egtb`).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// The position, e.g. W:WKa1,Kc1,Ke1:BKh8.
        #[arg(long, value_parser = parse_position)]
        fen: Position,
    },
    /// Check that every position's value follows from its successors' values.
    Verify {
        /// Where the tables are (default: the data directory's `egtb`).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// Runs an `egtb` subcommand.
pub fn run(command: EgtbCommand) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        EgtbCommand::Build { pieces, dir } => build(&directory(dir)?, pieces),
        EgtbCommand::Probe { dir, fen } => probe(&directory(dir)?, &fen),
        EgtbCommand::Verify { dir } => verify(&directory(dir)?),
    }
}

/// `--dir`, or the data directory's `egtb`.
fn directory(dir: Option<PathBuf>) -> Result<PathBuf, String> {
    dir.or_else(|| DataDir::locate().map(|data| data.egtb()))
        .ok_or_else(|| "no home directory to keep the tables in: give --dir".to_string())
}

/// A progress bar on standard error with the time left (hidden when that is no terminal).
fn progress_bar(work: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(work);
    let template = format!("{what} {{wide_bar}} {{percent:>3}}% {{elapsed_precise}}, ETA {{eta}}");
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
    bar
}

fn build(dir: &Path, pieces: u32) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let started = Instant::now();
    let mut bar = ProgressBar::hidden();
    let (mut positions, mut bytes, mut tables) = (0u64, 0u64, 0usize);
    let mut report = |event: BuildEvent| match event {
        BuildEvent::Started { tables, work } => {
            println!(
                "building {tables} tables of 2 to {pieces} pieces in {}",
                dir.display()
            );
            bar = progress_bar(work, "solving");
        }
        BuildEvent::Advanced(work) => bar.inc(work),
        BuildEvent::Table(summary) => {
            tables += 1;
            bytes += summary.bytes;
            let line = match summary.solved {
                Some(solved) => {
                    positions += solved.positions;
                    format!(
                        "{}: {} positions: {} wins, {} losses, {} draws, longest {} plies ({:.1} s)",
                        summary.material,
                        solved.positions,
                        solved.wins,
                        solved.losses,
                        solved.draws,
                        solved.longest,
                        solved.time.as_secs_f64()
                    )
                }
                None => format!("{}: kept from an earlier build", summary.material),
            };
            bar.suspend(|| println!("{line}"));
        }
    };
    egtb::build(dir, pieces, &mut report)?;
    bar.finish_and_clear();
    println!(
        "{tables} tables, {positions} positions solved now, {bytes} bytes, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn probe(dir: &Path, position: &Position) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let base = open(dir)?;
    match base.probe(position) {
        Ok(value) => {
            println!("{value}");
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("error: {error}");
            Ok(ExitCode::FAILURE)
        }
    }
}

fn verify(dir: &Path) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let base = open(dir)?;
    let mut bar = ProgressBar::hidden();
    let (mut tables, mut positions) = (0usize, 0u64);
    let mut report = |event: VerifyEvent| match event {
        VerifyEvent::Started { work } => bar = progress_bar(work, "verifying"),
        VerifyEvent::Advanced(work) => bar.inc(work),
        VerifyEvent::Table {
            material,
            positions: checked,
            inconsistent,
            listed,
        } => {
            tables += 1;
            positions += checked;
            if inconsistent == 0 {
                let line = format!("{material}: {checked} positions consistent");
                bar.suspend(|| println!("{line}"));
            } else {
                let mut lines =
                    format!("{material}: {inconsistent} of {checked} positions inconsistent");
                for wrong in listed {
                    lines += &format!(
                        "\n  {}: stored {}, its moves give {}",
                        wrong.fen, wrong.stored, wrong.expected
                    );
                }
                bar.suspend(|| println!("{lines}"));
            }
        }
    };
    let inconsistent = egtb::verify(&base, &mut report)?;
    bar.finish_and_clear();
    if inconsistent == 0 {
        println!("{tables} tables, {positions} positions, all consistent");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("{tables} tables, {positions} positions, {inconsistent} inconsistent");
        Ok(ExitCode::FAILURE)
    }
}

/// The tables in `dir`, or why there are none.
pub fn open(dir: &Path) -> Result<Tablebase, String> {
    let base = Tablebase::open(dir)
        .map_err(|error| format!("cannot read the tables in {}: {error}", dir.display()))?;
    if base.materials().is_empty() {
        return Err(format!(
            "no tables in {}: build them with `shashki egtb build`",
            dir.display()
        ));
    }
    Ok(base)
}
