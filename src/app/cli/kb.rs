//! `kb check`, `kb learn` and `kb book`: is a knowledge-base file sound, what can games
//! teach it, and what does deep analysis of the openings add?

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use shashki::combination::learned::prove_fact;
use shashki::files::DataDir;
use shashki::kb::{KnowledgeBase, LoadResult, Origin, Sources};

use super::book::{self, BookArgs};
use super::learn::{self, LearnArgs};
use crate::app::english;
use shashki::msg;

/// The `kb` subcommands.
#[derive(Subcommand, Debug)]
pub enum KbCommand {
    Check {
        path: Option<PathBuf>,
        #[arg(long)]
        prove: bool,
        #[command(flatten)]
        data: super::DataArgs,
    },
    Learn(LearnArgs),
    Book(BookArgs),
}

/// Runs a `kb` subcommand.
pub fn run(command: KbCommand) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        KbCommand::Check { path, prove, data } => check(path, prove, data.locate().as_ref()),
        KbCommand::Learn(args) => learn::run(args),
        KbCommand::Book(args) => book::run(args),
    }
}

/// One file to check: its name, what loading it gave, and whether it is the opening
/// book.
type Checked = (String, LoadResult, bool);

/// The files `kb check` looks at: the base (given or in use), its learned facts and its
/// opening book, each alone. A named file is checked with the learned facts and the
/// book beside it; the base in use with the parts it is loaded with.
fn files_to_check(path: Option<PathBuf>, data: Option<&DataDir>) -> Vec<Checked> {
    Sources::locate(path.as_deref(), data)
        .parts()
        .iter()
        .map(|part| (part.origin(), part.read(), part.kind == Origin::Book))
        .collect()
}

/// Prints `PATH: N facts (E exact, P patterns, L lines) OK` for each file after any
/// warnings (with `--prove`, what the proofs found after it), and exits 0; or
/// prints every problem, and for a file whose broken facts were left out `PATH: N facts
/// (...) in use, K left out`, and exits 1.
fn check(
    path: Option<PathBuf>,
    prove: bool,
    data: Option<&DataDir>,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    // The parts read so far, whose exact facts are played before a later part's: the
    // player's own facts first, the book last.
    let mut earlier: Vec<KnowledgeBase> = Vec::new();
    for (name, loaded, book) in files_to_check(path, data) {
        match loaded {
            Ok((base, problems)) => {
                for problem in &problems {
                    writeln!(out, "{problem}")?;
                }
                for first in &earlier {
                    for (fact, played) in base.shadowed_by(first) {
                        let warning = msg!(
                            "report-kb-shadowed",
                            name = name.as_str(),
                            line = fact.info.line,
                            fact = played.info.name.as_str(),
                            origin = played.info.part.origin(),
                            played = played.info.line
                        );
                        writeln!(out, "{}", english(&warning))?;
                    }
                }
                let counts = english(&msg!(
                    "report-kb-counts",
                    name = name.as_str(),
                    facts = base.len(),
                    exact = base.exact_count(),
                    patterns = base.pattern_count(),
                    lines = base.line_count(),
                    rules = base.rule_count()
                ));
                let line = if problems.iter().any(|problem| problem.is_error()) {
                    failed = true;
                    msg!(
                        "report-kb-left-out",
                        counts = counts,
                        left = base.left_out()
                    )
                } else {
                    msg!("report-kb-ok", counts = counts)
                };
                writeln!(out, "{}", english(&line))?;
                // Its findings are warnings: a fact not proven still loads, and plays
                // where the bot's own checks pass it.
                if prove {
                    prove_all(&name, &base, &mut out)?;
                }
                if !book {
                    earlier.push(base);
                }
            }
            Err(problems) => {
                for problem in problems {
                    writeln!(out, "{problem}")?;
                }
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Proves every fact of `base` again by its kind (see [`prove_fact`]); prints each
/// one not proven as a warning `NAME:LINE: warning: ...`, then the counts.
fn prove_all(
    name: &str,
    base: &KnowledgeBase,
    out: &mut impl Write,
) -> Result<(), Box<dyn std::error::Error>> {
    // Facts with lines and facts of single moves: how many, and how many proven.
    let (mut lines, mut moves) = ([0usize; 2], [0usize; 2]);
    // A rule's moves are found on each position: the safety check judges them there.
    let facts = base.facts().iter().enumerate();
    for (index, fact) in facts.filter(|(_, fact)| fact.rule.is_none()) {
        let kind = match fact.alternatives.iter().any(|line| line.len() > 1) {
            true => &mut lines,
            false => &mut moves,
        };
        kind[0] += 1;
        match prove_fact(fact, index as u64) {
            Ok(_) => kind[1] += 1,
            Err(why) => writeln!(
                out,
                "{}",
                english(&msg!(
                    "report-kb-not-proven",
                    name = name,
                    line = fact.info.line,
                    fact = fact.info.name.as_str(),
                    why = why.message()
                ))
            )?,
        }
    }
    let summary = msg!(
        "report-kb-proven",
        name = name,
        lines = lines[1],
        line_facts = lines[0],
        safe = moves[1],
        move_facts = moves[0],
        all = if lines[0] == lines[1] && moves[0] == moves[1] {
            "yes"
        } else {
            "no"
        }
    );
    writeln!(out, "{}", english(&summary))?;
    Ok(())
}
