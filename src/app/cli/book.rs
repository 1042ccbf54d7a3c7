//! `kb book`: build the opening book in jobs that resume, and merge the jobs into one
//! book file (see `docs/BOOK.md` and [`shashki::book`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use shashki::book::{
    Analysis, Effort, Finish, Job, JobHeader, Men, MergedBook, Root, Settings, Walk, all_roots,
    fingerprint, short_line,
};
use shashki::kb::{self, KbEditor, KnowledgeBase};
use shashki::msg;
use shashki::search::Score;

use super::values::{self, Ranged};
use crate::app::english;

/// `kb book`: a job of the build, or `kb book merge`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BookArgs {
    #[command(subcommand)]
    command: Option<BookCommand>,
    #[command(flatten)]
    build: BuildArgs,
}

/// The subcommands of `kb book`.
#[derive(Subcommand, Debug)]
enum BookCommand {
    Merge(MergeArgs),
}

/// The number of ballots, the first roots.
const BALLOTS: u64 = 150;

/// The hash table of each search of the book's build, in MB, unless `--hash` says.
const HASH_MB: usize = 256;

/// One job of the book's build.
#[derive(Args, Debug)]
#[command(mut_arg("hash", |hash| hash.default_value(HASH_MB.to_string())))]
struct BuildArgs {
    #[arg(long, value_name = "N", conflicts_with = "slice",
          value_parser = Ranged::<usize>::new(1, BALLOTS))]
    ballot: Option<usize>,
    #[arg(long, value_name = "K/M", value_parser = values::slice)]
    slice: Option<(usize, usize)>,
    #[arg(long, value_name = "N", value_parser = values::depth(), conflicts_with = "time")]
    depth: Option<u32>,
    #[arg(long, value_name = "SECONDS", value_parser = Ranged::<u64>::new(1, 3600))]
    time: Option<u64>,
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = Ranged::<u32>::new(1, 40))]
    plies: u32,
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = Ranged::<usize>::new(1, 8))]
    breadth: usize,
    #[arg(long, value_name = "MEN", default_value = "0.15", value_parser = values::margin)]
    margin: Score,
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = Ranged::<usize>::new(1, 8))]
    lines: usize,
    #[command(flatten)]
    hash: super::HashArg,
    #[command(flatten)]
    kb: super::KbArg,
    #[arg(long, value_name = "FILE")]
    job: Option<PathBuf>,
    #[arg(long, value_name = "N", value_parser = Ranged::<usize>::new(1, u64::from(u32::MAX)))]
    limit: Option<usize>,
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    data: super::DataArgs,
}

/// `kb book merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    #[arg(value_name = "JOB", required = true)]
    jobs: Vec<PathBuf>,
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Runs `kb book` or `kb book merge`.
pub fn run(args: BookArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    match args.command {
        Some(BookCommand::Merge(merge)) => run_merge(&merge),
        None => run_job(&args.build),
    }
}

impl BuildArgs {
    fn settings(&self) -> Settings {
        let effort = match (self.time, self.depth) {
            (Some(seconds), _) => Effort::Time(Duration::from_secs(seconds)),
            (None, depth) => Effort::Depth(depth.unwrap_or(24)),
        };
        Settings {
            effort,
            plies: self.plies,
            breadth: self.breadth,
            margin: self.margin,
            lines: self.lines.max(self.breadth),
            hash_mb: self.hash.megabytes(),
        }
    }

    /// Which roots (numbered from 1) the job takes, and its name in words.
    fn selection(&self, roots: usize) -> (Vec<usize>, String) {
        match (self.ballot, self.slice) {
            (Some(ballot), _) => (vec![ballot], format!("ballot {ballot}")),
            (None, Some((k, m))) => ((k..=roots).step_by(m).collect(), format!("slice {k}/{m}")),
            (None, None) => ((1..=roots).collect(), "all".to_string()),
        }
    }

    fn job_path(&self) -> PathBuf {
        match (&self.job, self.ballot, self.slice) {
            (Some(path), _, _) => path.clone(),
            (None, Some(ballot), _) => PathBuf::from(format!("book-ballot-{ballot}.job")),
            (None, None, Some((k, m))) => PathBuf::from(format!("book-slice-{k}-of-{m}.job")),
            (None, None, None) => PathBuf::from("book-all.job"),
        }
    }
}

/// The knowledge base the book goes with, without any book of its own.
fn hand_written(args: &BuildArgs) -> Result<KnowledgeBase, Box<dyn std::error::Error>> {
    let data = args.data.locate();
    Ok(args.kb.load(data.as_ref())?.without_book())
}

/// `1 h 02 min`, `3 min 20 s`, `12.3 s`.
fn duration(time: Duration) -> String {
    let seconds = time.as_secs();
    let said = match seconds {
        0..60 => msg!(
            "report-seconds",
            seconds = format!("{:.1}", time.as_secs_f64())
        ),
        60..3600 => msg!(
            "report-minutes",
            minutes = seconds / 60,
            seconds = format!("{:02}", seconds % 60)
        ),
        _ => msg!(
            "report-hours",
            hours = seconds / 3600,
            minutes = format!("{:02}", seconds / 60 % 60)
        ),
    };
    english(&said)
}

/// `1, 3-5, 9`: increasing numbers, a run of them as its first and last.
fn ranges(numbers: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &number in numbers {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == number => *last = number,
            _ => runs.push((number, number)),
        }
    }
    let texts: Vec<String> = runs
        .iter()
        .map(|&(first, last)| match last - first {
            0 => first.to_string(),
            _ => format!("{first}-{last}"),
        })
        .collect();
    texts.join(", ")
}

/// The time the analyses of a job took.
fn total_time<'a>(analyses: impl Iterator<Item = &'a Analysis>) -> Duration {
    analyses.map(|analysis| analysis.elapsed).sum()
}

fn run_job(args: &BuildArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let base = hand_written(args)?;
    let roots = all_roots(&base)?;
    let settings = args.settings();
    let (chosen, selection) = args.selection(roots.len());
    let header = JobHeader {
        settings,
        base: fingerprint(&base),
        roots: roots.len(),
        selection,
    };
    let path = args.job_path();
    let mut job = Job::resume(&path, header)?;
    let mut out = std::io::stdout().lock();
    let heading = msg!(
        "report-book-job",
        selection = job.header.selection.as_str(),
        roots = roots.len(),
        settings = settings.to_string(),
        path = path.display().to_string(),
        done = job.analyses().count()
    );
    writeln!(out, "{}", english(&heading))?;
    let numbered: Vec<(usize, Root)> = chosen
        .iter()
        .map(|&number| (number, roots[number - 1].clone()))
        .collect();
    let started = Instant::now();
    let mut new = 0;
    let mut walk = Walk::new(settings, &base, &job, args.limit);
    let finish = walk.run(&numbered, &mut job, &path, &mut |analysis| {
        new += 1;
        let _ = writeln!(out, "{}", progress_line(analysis, &roots));
        let _ = out.flush();
    })?;
    let done = job.analyses().count();
    let end = match finish {
        Finish::Stopped => msg!(
            "report-book-stopped",
            new = new,
            time = duration(started.elapsed()),
            done = done
        ),
        Finish::Complete => msg!(
            "report-book-complete",
            done = done,
            total = duration(total_time(job.analyses())),
            new = new,
            time = duration(started.elapsed())
        ),
    };
    writeln!(out, "{}", english(&end))?;
    if let (Finish::Complete, Some(book)) = (finish, &args.out) {
        let merged = MergedBook::from_jobs(std::slice::from_ref(&job))?;
        let facts = write_book(&merged, book)?;
        let wrote = msg!(
            "report-book-wrote",
            path = book.display().to_string(),
            facts = facts
        );
        writeln!(out, "{}", english(&wrote))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `ballot 1-I cd4 ba5 dc5: after 1.cd4 ba5 2.dc5: d6:b4 +0.05 (depth 20, 12.3 s, 51.2M nodes)`.
fn progress_line(analysis: &Analysis, roots: &[Root]) -> String {
    let root = roots
        .get(analysis.root.wrapping_sub(1))
        .map_or("?", |root| root.name.as_str());
    let best = analysis.lines.first().map_or_else(String::new, |line| {
        let mv = line.pv.first().map_or_else(String::new, |&mv| {
            shashki::MoveText::from_move(&analysis.position, mv).to_string()
        });
        format!("{mv} {}", line.score)
    });
    english(&msg!(
        "report-book-position",
        root = root,
        line = short_line(&analysis.path),
        best = best,
        depth = analysis.depth,
        time = duration(analysis.elapsed),
        nodes = format!("{:.1}", analysis.nodes as f64 / 1e6)
    ))
}

/// Writes the book of `merged` to `path` if it loads without errors; its facts.
fn write_book(merged: &MergedBook, path: &Path) -> Result<usize, Box<dyn std::error::Error>> {
    let refused = |problems: Vec<kb::Diagnostic>| {
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        super::error::CliError::KnowledgeBase(shown)
    };
    let mut editor = KbEditor::open(path, "").map_err(refused)?;
    editor.replace(merged.text());
    let book = editor.save().map_err(refused)?;
    Ok(book.len())
}

fn run_merge(args: &MergeArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let jobs = args
        .jobs
        .iter()
        .map(|path| Job::read(path))
        .collect::<Result<Vec<Job>, _>>()?;
    let merged = MergedBook::from_jobs(&jobs)?;
    let facts = write_book(&merged, &args.out)?;
    let mut out = std::io::stdout().lock();
    let all_roots = merged.header.roots;
    let unfinished: Vec<usize> = (1..=all_roots)
        .filter(|root| !merged.complete.contains(root))
        .collect();
    let summary = msg!(
        "report-book-merged",
        jobs = jobs.len(),
        positions = merged.analyses.len(),
        repeated = merged.repeated,
        time = duration(total_time(jobs.iter().flat_map(Job::analyses))),
        complete = merged.complete.len(),
        roots = all_roots,
        unfinished = if unfinished.is_empty() {
            "none"
        } else {
            "some"
        },
        list = ranges(&unfinished)
    );
    writeln!(out, "{}", english(&summary))?;
    let wrote = msg!(
        "report-book-wrote-merged",
        path = args.out.display().to_string(),
        facts = facts,
        settings = merged.header.settings.to_string(),
        margin = Men(merged.header.settings.margin).to_string()
    );
    writeln!(out, "{}", english(&wrote))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_numbers_are_written_as_ranges() {
        assert_eq!(ranges(&[1, 3, 4, 5, 9]), "1, 3-5, 9");
        assert_eq!(ranges(&[27]), "27");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn a_slice_takes_every_mth_root_from_the_kth() {
        let args = |slice| BuildArgs {
            ballot: None,
            slice,
            depth: None,
            time: None,
            plies: 6,
            breadth: 1,
            margin: Score(15),
            lines: 3,
            hash: crate::app::cli::HashArg { hash: 1 },
            kb: Default::default(),
            job: None,
            limit: None,
            out: None,
            data: Default::default(),
        };
        assert_eq!(
            args(Some((2, 3))).selection(8),
            (vec![2, 5, 8], "slice 2/3".to_string())
        );
        assert_eq!(args(None).selection(3).0, [1, 2, 3]);
        assert_eq!(args(Some((1, 149))).selection(178).0, [1, 150]);
        assert_eq!(args(None).settings().effort, Effort::Depth(24));
        assert_eq!(
            args(Some((1, 1))).job_path(),
            PathBuf::from("book-slice-1-of-1.job")
        );
    }
}
