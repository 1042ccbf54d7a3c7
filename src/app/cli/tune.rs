//! `tune data` and `tune fit`: the evaluation's weights fitted to game results.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::app::tune;
use clap::Subcommand;
use indicatif::ProgressBar;
use shashki::eval::weights::{self, WeightsFile};
use shashki::files::{read_text, write_atomically};
use shashki::msg;
use shashki::notation::pdn;
use shashki::play::SelfPlay;
use shashki::play::openings::ballot_games;

use super::error::CliError;
use crate::app::english;

/// The `tune` subcommands.
#[derive(Subcommand, Debug)]
pub enum TuneCommand {
    Data {
        #[arg(long, default_value_t = 1000, value_parser = super::values::Ranged::<u32>::new(1, 1_000_000))]
        games: u32,
        #[arg(long, default_value_t = 6, value_parser = super::values::depth())]
        depth: u32,
        #[arg(long, default_value_t = 2, value_parser = super::values::Ranged::<u32>::new(0, 40))]
        random_plies: u32,
        #[arg(long, alias = "seed", value_name = "SEED", default_value_t = 1,
              value_parser = super::values::seed())]
        games_seed: u64,
        #[arg(long)]
        out: PathBuf,
    },
    Fit {
        #[arg(long)]
        data: Vec<PathBuf>,
        #[arg(long)]
        pdn: Vec<PathBuf>,
        #[arg(long, default_value_t = 2000, value_parser = super::values::Ranged::<u32>::new(1, 1_000_000))]
        epochs: u32,
        #[arg(long, default_value = "data/eval/features.weights")]
        out: PathBuf,
        #[arg(long, value_enum, default_value_t = Start::Hand)]
        from: Start,
        #[arg(long)]
        patterns: bool,
        #[arg(long, default_value_t = 1e-3, requires = "patterns", value_parser = super::values::decimal)]
        pattern_l2: f64,
        #[arg(
            long,
            default_value = "data/eval/patterns.weights",
            requires = "patterns"
        )]
        patterns_out: PathBuf,
        #[arg(long, default_value_t = 0, value_parser = super::values::Ranged::<u32>::new(0, 50))]
        hold_out: u32,
    },
}

/// Where a fit starts.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// The hand-set weights (the hand-written evaluation's terms).
    Hand,
    /// The fitted features' weights (`data/eval/features.weights`).
    Tuned,
}

super::help::value_enum!(Start {
    Start::Hand => "hand",
    Start::Tuned => "tuned",
});

/// Runs a `tune` subcommand.
pub fn run(command: TuneCommand) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match command {
        TuneCommand::Data {
            games,
            depth,
            random_plies,
            games_seed,
            out,
        } => {
            let started = Instant::now();
            let plan = SelfPlay {
                games: games as usize,
                depth,
                random_plies: random_plies as usize,
                seed: games_seed,
            };
            let bar = ProgressBar::new(u64::from(games));
            let positions = tune::selfplay(&plan, &ballot_games()?, &mut |_| bar.inc(1))?;
            bar.finish_and_clear();
            let header = format!(
                "# shashki tune data --games {games} --depth {depth} --random-plies {random_plies} --games-seed {games_seed}\n"
            );
            write_atomically(&out, (header + &tune::write_samples(&positions)).as_bytes())?;
            let done = msg!(
                "report-tune-data",
                positions = positions.len(),
                games = games,
                seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
                path = out.display().to_string()
            );
            println!("{}", english(&done));
            Ok(ExitCode::SUCCESS)
        }
        TuneCommand::Fit {
            data,
            pdn,
            epochs,
            out,
            from,
            patterns,
            pattern_l2,
            patterns_out,
            hold_out,
        } => {
            let plan = FitPlan {
                start: from,
                options: tune::FitOptions {
                    epochs: epochs as usize,
                    pattern_l2: patterns.then_some(pattern_l2),
                },
                hold_out: hold_out as usize,
                out,
                patterns_out,
            };
            fit(&data, &pdn, &plan)
        }
    }
}

/// What `tune fit` does besides reading its data.
struct FitPlan {
    start: Start,
    options: tune::FitOptions,
    hold_out: usize,
    out: PathBuf,
    patterns_out: PathBuf,
}

/// The quiet positions of the data files (the last `hold_out` percent of each held
/// out) and of the PDN files' finished games, the held-out ones, and a line for each file.
type Read = (Vec<tune::Sample>, Vec<tune::Sample>, Vec<String>);

fn read_positions(
    data: &[PathBuf],
    pdn_files: &[PathBuf],
    hold_out: usize,
) -> Result<Read, Box<dyn std::error::Error>> {
    let mut samples = Vec::new();
    let mut held_out = Vec::new();
    let mut sources = Vec::new();
    for path in data {
        let text = read_text(path)?;
        let mut found =
            tune::read_samples(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let kept = found.len() - found.len() * hold_out / 100;
        held_out.extend(found.split_off(kept));
        sources.push(english(&msg!(
            "report-tune-data-file",
            path = path.display().to_string(),
            positions = found.len()
        )));
        samples.extend(found);
    }
    for path in pdn_files {
        let text = read_text(path)?;
        let games: Vec<_> = pdn::read_all(&text)
            .into_iter()
            .filter_map(Result::ok)
            .map(|record| record.game)
            .collect();
        let found: Vec<_> = tune::from_games(&games)
            .iter()
            .filter_map(|(position, result)| tune::Sample::new(position, *result))
            .collect();
        sources.push(english(&msg!(
            "report-tune-pdn-file",
            path = path.display().to_string(),
            games = games.len(),
            positions = found.len()
        )));
        samples.extend(found);
    }
    Ok((samples, held_out, sources))
}

fn fit(
    data: &[PathBuf],
    pdn_files: &[PathBuf],
    plan: &FitPlan,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let (samples, mut held_out, sources) = read_positions(data, pdn_files, plan.hold_out)?;
    if samples.is_empty() {
        return Err(CliError::NothingToFit.into());
    }
    for source in &sources {
        println!("{source}");
    }
    let (start, start_name) = match plan.start {
        Start::Hand => (&tune::HAND, msg!("report-tune-hand")),
        Start::Tuned => (&weights::fitted().features, msg!("report-tune-fitted")),
    };
    let epochs = plan.options.epochs;
    let fit = tune::fit(&samples, start, plan.options, &mut |epoch, loss| {
        if epoch % 500 == 0 {
            let line = msg!(
                "report-tune-epoch",
                epoch = epoch,
                loss = format!("{loss:.6}")
            );
            println!("{}", english(&line));
        }
    });
    let mut command = format!("shashki tune fit --epochs {epochs}");
    if let Some(l2) = plan.options.pattern_l2 {
        command += &format!(" --patterns --pattern-l2 {l2}");
    }
    let mut provenance = vec![english(&msg!(
        "report-tune-provenance",
        start = start_name,
        command = command.as_str(),
        positions = samples.len()
    ))];
    provenance.extend(sources);
    provenance.push(english(&msg!(
        "report-tune-scale",
        scale = format!("{:.4}", fit.scale),
        before = format!("{:.6}", fit.loss_before),
        after = format!("{:.6}", fit.loss_after)
    )));
    // Self-play repeats positions: a held-out one the fit saw tells nothing.
    let seen: HashSet<_> = samples.iter().map(tune::Sample::key).collect();
    held_out.retain(|sample| !seen.contains(&sample.key()));
    if !held_out.is_empty() {
        let before = tune::loss(&held_out, start, None, fit.scale);
        let after = tune::loss(&held_out, &fit.weights, fit.patterns.as_ref(), fit.scale);
        let (before, after) = (format!("{before:.6}"), format!("{after:.6}"));
        provenance.push(english(&msg!(
            "report-tune-held-out-provenance",
            positions = held_out.len(),
            before = before.as_str(),
            after = after.as_str()
        )));
        let line = msg!(
            "report-tune-held-out",
            positions = held_out.len(),
            before = before,
            after = after
        );
        println!("{}", english(&line));
    }
    let out = match fit.patterns {
        Some(_) => &plan.patterns_out,
        None => &plan.out,
    };
    let file = WeightsFile {
        provenance,
        features: fit.weights,
        patterns: fit.patterns,
    };
    write_atomically(out, &file.to_bytes())?;
    let done = msg!(
        "report-tune-fit",
        positions = samples.len(),
        scale = format!("{:.4}", fit.scale),
        before = format!("{:.6}", fit.loss_before),
        after = format!("{:.6}", fit.loss_after),
        seconds = format!("{:.1}", fit.time.as_secs_f64()),
        path = out.display().to_string()
    );
    println!("{}", english(&done));
    Ok(ExitCode::SUCCESS)
}
