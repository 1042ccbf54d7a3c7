//! `egtb build`, `egtb probe` and `egtb verify`: the endgame databases from the command line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use shashki::tablebase::{self, BuildEvent, Material, ProbeError, Tablebase, VerifyEvent};
use shashki::{DrawCounters, Position};

use super::error::CliError;
use crate::app::english;
use shashki::msg;
use shashki::words::{Lang, Message, Text};

/// The most pieces a build may be asked for: a side has at most 12.
const MAX_PIECES: u32 = 24;

/// The `egtb` subcommands.
#[derive(Subcommand, Debug)]
pub enum EgtbCommand {
    Build {
        #[arg(long, default_value_t = 5, value_parser = super::values::Ranged::<u32>::new(2, u64::from(MAX_PIECES)))]
        pieces: u32,
        #[arg(long, value_name = "MATERIAL", conflicts_with = "pieces", value_parser = super::values::parse_material)]
        only: Option<Material>,
        #[arg(long)]
        dir: Option<PathBuf>,
        #[command(flatten)]
        data: super::DataArgs,
    },
    Probe {
        #[arg(long)]
        dir: Option<PathBuf>,
        #[command(flatten)]
        data: super::DataArgs,
        #[arg(long, value_parser = super::values::parse_position)]
        fen: Position,
    },
    Verify {
        #[arg(long, value_name = "MATERIAL", value_parser = super::values::parse_material)]
        only: Option<Material>,
        #[arg(long)]
        dir: Option<PathBuf>,
        #[command(flatten)]
        data: super::DataArgs,
    },
}

/// Runs an `egtb` subcommand; a probe says in `lang` why it has no answer.
pub fn run(command: EgtbCommand, lang: Lang) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        EgtbCommand::Build {
            pieces,
            only,
            dir,
            data,
        } => build(&directory(dir, &data)?.0, pieces, only),
        EgtbCommand::Probe { dir, data, fen } => probe(directory(dir, &data), &fen, lang),
        EgtbCommand::Verify { only, dir, data } => {
            let (dir, given) = directory(dir, &data)?;
            verify(&open(&dir, given, None)?, only)
        }
    }
}

/// `--dir` (and that it was given), or the data directory's `egtb`.
fn directory(dir: Option<PathBuf>, data: &super::DataArgs) -> Result<(PathBuf, bool), CliError> {
    match dir {
        Some(dir) => Ok((dir, true)),
        None => data
            .locate()
            .map(|data| (data.egtb(), false))
            .ok_or(CliError::NoHome),
    }
}

/// A progress bar on standard error with the time left (hidden when that is no terminal).
fn progress_bar(work: u64, what: &Message) -> ProgressBar {
    let bar = ProgressBar::new(work);
    let what = english(what);
    let template = format!("{what} {{wide_bar}} {{percent:>3}}% {{elapsed_precise}}, ETA {{eta}}");
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template"));
    bar
}

fn build(
    dir: &Path,
    pieces: u32,
    only: Option<Material>,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let started = Instant::now();
    let mut bar = ProgressBar::hidden();
    let (mut positions, mut bytes, mut tables) = (0u64, 0u64, 0usize);
    let mut on_event = |event: BuildEvent| match event {
        BuildEvent::Started { tables, work } => {
            let dir = dir.display().to_string();
            let heading = match only {
                Some(material) => msg!(
                    "report-egtb-building-only",
                    tables = tables,
                    material = material.to_string(),
                    dir = dir
                ),
                None => msg!(
                    "report-egtb-building",
                    tables = tables,
                    pieces = pieces,
                    dir = dir
                ),
            };
            println!("{}", english(&heading));
            bar = progress_bar(work, &msg!("report-egtb-solving"));
        }
        BuildEvent::Advanced(work) => bar.inc(work),
        BuildEvent::Table(summary) => {
            tables += 1;
            bytes += summary.bytes;
            let material = summary.material.to_string();
            let line = match summary.solved {
                Some(solved) => {
                    positions += solved.positions;
                    english(&msg!(
                        "report-egtb-solved",
                        material = material,
                        positions = solved.positions,
                        wins = solved.wins,
                        losses = solved.losses,
                        draws = solved.draws,
                        open = solved.open,
                        longest = solved.longest,
                        seconds = format!("{:.1}", solved.time.as_secs_f64())
                    ))
                }
                None => english(&msg!("report-egtb-kept", material = material)),
            };
            bar.suspend(|| println!("{line}"));
        }
    };
    match only {
        Some(material) => {
            std::fs::create_dir_all(dir)?;
            tablebase::build_only(dir, material, &mut on_event)?
        }
        None => tablebase::build(dir, pieces, &mut on_event)?,
    };
    bar.finish_and_clear();
    let built = msg!(
        "report-egtb-built",
        tables = tables,
        positions = positions,
        bytes = bytes,
        seconds = format!("{:.1}", started.elapsed().as_secs_f64())
    );
    println!("{}", english(&built));
    Ok(ExitCode::SUCCESS)
}

/// Prints the value of `position` under the draw rules, counted from it as from the
/// start of a game: from the databases, else from the built-in tables of a lone king
/// against one to three kings; or says why there is none. Where the tables know only a
/// win or a draw (or a loss or a draw), it prints `win in N or draw`.
fn probe(
    directory: Result<(PathBuf, bool), CliError>,
    position: &Position,
    lang: Lang,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let tables = directory.and_then(|(dir, given)| open(&dir, given, None));
    let counters = DrawCounters::starting(position);
    let answer = match &tables {
        Ok(base) => base.probe(position, &counters).map_err(Some),
        Err(_) => Err(None),
    };
    let builtin = || Tablebase::builtin().probe(position, &counters).ok();
    match answer.or_else(|reason| builtin().ok_or(reason)) {
        Ok(verdict) => {
            println!("{verdict}");
            Ok(ExitCode::SUCCESS)
        }
        Err(Some(reason)) => {
            eprintln!("{}", probe_error(&reason, lang));
            Ok(ExitCode::FAILURE)
        }
        // No databases, and not a position of the built-in tables: how to build them.
        Err(None) => Err(tables
            .expect_err("only missing databases leave no reason")
            .into()),
    }
}

/// Why the databases have no value for a position, as `error: ...`.
fn probe_error(error: &ProbeError, lang: Lang) -> String {
    Text::new(lang).render(&msg!("error", message = error.message()))
}

fn verify(
    base: &Tablebase,
    only: Option<Material>,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let mut bar = ProgressBar::hidden();
    let (mut tables, mut positions) = (0usize, 0u64);
    let mut on_event = |event: VerifyEvent| match event {
        VerifyEvent::Started { work } => bar = progress_bar(work, &msg!("report-egtb-verifying")),
        VerifyEvent::Advanced(work) => bar.inc(work),
        VerifyEvent::Table {
            material,
            positions: checked,
            inconsistent,
            listed,
        } => {
            tables += 1;
            positions += checked;
            let material = material.to_string();
            if inconsistent == 0 {
                let line = msg!(
                    "report-egtb-consistent",
                    material = material,
                    checked = checked
                );
                bar.suspend(|| println!("{}", english(&line)));
            } else {
                let mut lines = english(&msg!(
                    "report-egtb-inconsistent",
                    material = material,
                    inconsistent = inconsistent,
                    checked = checked
                ));
                for wrong in listed {
                    let wrong = msg!(
                        "report-egtb-wrong",
                        fen = wrong.fen.to_string(),
                        budget = if wrong.budget.is_some() {
                            "some"
                        } else {
                            "none"
                        },
                        plies = wrong.budget.map_or(0, |budget| budget.plies()),
                        stored = wrong.stored.to_string(),
                        expected = wrong.expected.to_string()
                    );
                    lines += &format!("\n  {}", english(&wrong));
                }
                bar.suspend(|| println!("{lines}"));
            }
        }
    };
    let inconsistent = match only {
        Some(material) => tablebase::verify_only(base, material, &mut on_event)?,
        None => tablebase::verify(base, &mut on_event)?,
    };
    bar.finish_and_clear();
    if inconsistent == 0 {
        let summary = msg!(
            "report-egtb-all-consistent",
            tables = tables,
            positions = positions
        );
        println!("{}", english(&summary));
        Ok(ExitCode::SUCCESS)
    } else {
        let summary = msg!(
            "report-egtb-some-inconsistent",
            tables = tables,
            positions = positions,
            inconsistent = inconsistent
        );
        println!("{}", english(&summary));
        Ok(ExitCode::FAILURE)
    }
}

/// The tables in `dir` (named on the command line: `given`), holding at most `budget`
/// bytes at once (`None`: no limit), or why there are none.
pub fn open(dir: &Path, given: bool, budget: Option<u64>) -> Result<Tablebase, CliError> {
    match std::fs::metadata(dir) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(CliError::MissingDirectory {
                dir: dir.to_path_buf(),
                given,
            });
        }
        Ok(metadata) if !metadata.is_dir() => {
            return Err(CliError::NotADirectory(dir.to_path_buf()));
        }
        _ => {}
    }
    let base = Tablebase::open_within(dir, budget).map_err(|error| CliError::Unreadable {
        dir: dir.to_path_buf(),
        error,
    })?;
    if base.materials().is_empty() {
        return Err(CliError::NoTables {
            dir: dir.to_path_buf(),
            given,
        });
    }
    Ok(base)
}
