//! `kb learn`: combinations found in games and self-play, proven, generalised and
//! written as facts.

use std::io::{StdoutLock, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use indicatif::ProgressBar;
use shashki::combination::learn::{DEFAULT_SEED, Findings, Progress, learn};
use shashki::combination::material_won;
use shashki::combination::scan::{DEEP_DEPTH, Finding};
use shashki::files::read_text;
use shashki::kb::{Diagnostic, GameSource, learned_path, locate_file};
use shashki::notation::Notation;
use shashki::notation::pdn::{self, GameRecord};
use shashki::play::openings::ballot_games;
use shashki::play::{SelfPlay, selfplay_games};
use shashki::{Color, Game, MoveText};

use super::error::CliError;
use crate::app::{english, fact_names};
use shashki::msg;

/// Arguments of `kb learn`.
#[derive(Args, Debug)]
pub struct LearnArgs {
    #[arg(long = "from", value_name = "FILE.pdn")]
    from: Vec<PathBuf>,
    #[arg(long, default_value_t = 0, value_parser = super::values::Ranged::<u32>::new(0, 100_000))]
    selfplay: u32,
    #[arg(long)]
    out: Option<PathBuf>,
    #[arg(long, alias = "seed", value_name = "SEED", default_value_t = DEFAULT_SEED,
          value_parser = super::values::seed())]
    games_seed: u64,
    #[command(flatten)]
    data: super::DataArgs,
}

/// Where a game came from: the file's name, the game's number in it, and the players,
/// the event and the date where its tags know them.
fn record_source(file: &Path, number: usize, record: &GameRecord) -> GameSource {
    let name = file.file_name().map_or_else(
        || file.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    let known = |tag: &str| {
        record
            .tag(tag)
            .filter(|text| !text.is_empty() && !text.contains('?'))
            .map(str::to_string)
    };
    GameSource::Record {
        file: name,
        number,
        players: known("White").zip(known("Black")),
        event: known("Event"),
        date: known("Date"),
    }
}

/// Every game to learn from, each with the game it is; a file that cannot be read
/// is an error, a game that does not replay is reported and skipped.
fn games(
    args: &LearnArgs,
    out: &mut impl Write,
) -> Result<Vec<(GameSource, Game)>, Box<dyn std::error::Error>> {
    let mut all = Vec::new();
    for file in &args.from {
        let text = read_text(file).map_err(|error| format!("{}: {error}", file.display()))?;
        for (index, record) in pdn::read_all(&text).into_iter().enumerate() {
            match record {
                Ok(record) => all.push((record_source(file, index + 1, &record), record.game)),
                Err(error) => {
                    let skipped = msg!(
                        "report-learn-skipped",
                        file = file.display().to_string(),
                        game = index + 1,
                        error = error.to_string()
                    );
                    let _ = writeln!(out, "{}", english(&skipped));
                }
            }
        }
    }
    if args.selfplay > 0 {
        let plan = SelfPlay {
            games: args.selfplay as usize,
            depth: 6,
            random_plies: 4,
            seed: args.games_seed,
        };
        let bar = ProgressBar::new(u64::from(args.selfplay))
            .with_message(english(&msg!("report-learn-selfplay")));
        let played = selfplay_games(&plan, &ballot_games()?, &mut |_| bar.inc(1))?;
        bar.finish_and_clear();
        all.extend(played.into_iter().enumerate().map(|(index, game)| {
            let number = index + 1;
            let source = GameSource::SelfPlay {
                number,
                seed: args.games_seed,
            };
            (source, game)
        }));
    }
    Ok(all)
}

/// One line of the report: where, which side, the line, what it wins, found or missed.
fn finding_line(source: &GameSource, finding: &Finding) -> String {
    let side = match finding.attacker() {
        Color::White => "white",
        Color::Black => "black",
    };
    let won = material_won(&finding.position, &finding.combination.line);
    let verdict = match finding.played {
        None => "unplayed",
        Some(_) if finding.found() => "found",
        Some(_) => "missed",
    };
    let (deep, deep_move) = match finding.deep_choice {
        _ if finding.confirmed() => ("same", String::new()),
        Some(mv) => (
            "other",
            MoveText::from_move(&finding.position, mv).to_string(),
        ),
        None => ("none", String::new()),
    };
    english(&msg!(
        "report-learn-finding",
        source = source.message(),
        number = finding.move_number,
        side = side,
        line = Notation::Full.line(&finding.position, &finding.combination.line),
        won = won.message(),
        verdict = verdict,
        deep = deep,
        deep_move = deep_move
    ))
}

/// The line that sums up what the games held.
fn findings_line(findings: &Findings) -> String {
    let found = findings.found_by_the_player();
    english(&msg!(
        "report-learn-findings",
        all = findings.all.len(),
        games = findings.games,
        found = found,
        missed = findings.all.len() - found,
        confirmed = findings.confirmed().count(),
        depth = DEEP_DEPTH
    ))
}

/// Runs `kb learn`.
pub fn run(args: LearnArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    if args.from.is_empty() && args.selfplay == 0 {
        return Err(CliError::NothingToLearn.into());
    }
    let target = match &args.out {
        Some(path) => path.clone(),
        None => {
            let data = args.data.locate();
            learned_path(locate_file(None, data.as_ref()).as_deref(), data.as_ref())
                .ok_or(CliError::NoLearnedFile)?
        }
    };
    let games = games(&args, &mut out)?;
    let mut bar =
        ProgressBar::new(games.len() as u64).with_message(english(&msg!("report-learn-searching")));
    let mut written = Ok(());
    let mut show = |out: &mut StdoutLock, bar: &ProgressBar, line: String| {
        if written.is_ok() {
            written = bar.suspend(|| writeln!(out, "{line}"));
        }
    };
    let fail = |problems: Vec<Diagnostic>| {
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        lines.join("\n")
    };
    let learned_report = learn(
        &games,
        Some(&target),
        args.games_seed,
        &mut |event| match event {
            Progress::Found(source, finding) => show(&mut out, &bar, finding_line(source, finding)),
            Progress::Searched { done, .. } => bar.set_position(done as u64),
            Progress::Scanned(findings) => {
                bar.finish_and_clear();
                show(&mut out, &bar, findings_line(findings));
                bar = ProgressBar::new(findings.confirmed().count() as u64)
                    .with_message(english(&msg!("report-learn-generalising")));
            }
            Progress::Widened { done, .. } => bar.set_position(done as u64),
        },
    );
    bar.finish_and_clear();
    written?;
    let outcome = learned_report.map_err(fail)?;
    let new = outcome.new.as_ref().expect("kb learn always has a target");
    new.write(fact_names()).map_err(fail)?;
    let count = new.facts.len();
    let patterns = new.patterns();
    let learned = msg!(
        "report-learn-learned",
        count = count,
        patterns = patterns,
        exact = count - patterns,
        confirmed = outcome.confirmed,
        not_proven = outcome.not_proven(),
        known = outcome.already_known(),
        written = if count == 0 { "no" } else { "yes" },
        target = target.display().to_string()
    );
    writeln!(out, "{}", english(&learned))?;
    Ok(ExitCode::SUCCESS)
}
