//! `shashki kb book`: jobs that resume after an interruption, merged into the book one
//! run writes, whose facts load and pass `kb check`. Tiny settings (depth 4, a few
//! plies, two ballots) keep it fast.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch directory holding a copy of the project's knowledge base (`kb/combs.txt`
/// and `kb/learned.txt`), which the book leaves out and walks through.
struct Workshop {
    dir: common::Scratch,
}

impl Workshop {
    fn new(name: &str) -> Workshop {
        let dir = common::scratch(&format!("book-{name}"));
        std::fs::create_dir_all(dir.join("kb")).unwrap();
        std::fs::write(dir.join("kb/combs.txt"), include_str!("../../kb/combs.txt")).unwrap();
        std::fs::write(
            dir.join("kb/learned.txt"),
            include_str!("../../kb/learned.txt"),
        )
        .unwrap();
        Workshop { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shashki"));
        command
            .args(args)
            .current_dir(&*self.dir)
            .env(common::DATA_VARIABLE, self.dir.join("shashki"));
        command
    }

    /// `shashki kb book` with the tiny settings and `more` arguments; it must succeed.
    fn book(&self, more: &[&str]) -> String {
        let mut args = vec!["kb", "book", "--kb", "kb/combs.txt"];
        args.extend_from_slice(&TINY);
        args.extend_from_slice(more);
        succeeded(self.command(&args).output().unwrap())
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap()
    }
}

/// Depth 4, three plies past each root, the two best moves.
const TINY: [&str; 8] = [
    "--depth", "4", "--plies", "3", "--lines", "2", "--hash", "1",
];

fn succeeded(output: Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The position lines of a job file without their time, the one field that differs
/// from run to run at a fixed depth.
fn positions(job: &str) -> Vec<String> {
    job.lines()
        .filter(|line| line.starts_with("position\t"))
        .map(|line| {
            let mut fields: Vec<&str> = line.split('\t').collect();
            fields[6] = "";
            fields.join("\t")
        })
        .collect()
}

#[test]
fn book_facts_load_and_kb_check_accepts_them() {
    let shop = Workshop::new("check");
    let out = shop.book(&["--ballot", "3", "--out", "kb/book.txt"]);
    assert!(out.contains("complete: "), "{out}");
    let book = shop.read("kb/book.txt");
    let facts = book.matches("\nfact \"book: ").count();
    assert!(facts >= 2, "{book}");
    // A fact's comment says where it comes from and how it was found.
    assert!(
        book.contains("in the tree of ballot 1-III gh4 hg5\n% "),
        "{book}"
    );
    assert!(book.contains(" is best (depth 4, "), "{book}");
    let check = succeeded(
        shop.command(&["kb", "check", "kb/combs.txt"])
            .output()
            .unwrap(),
    );
    assert!(
        check.ends_with(&format!(
            "{}: {facts} facts ({facts} exact, 0 patterns, 0 lines) OK\n",
            common::native("kb/book.txt")
        )),
        "{check}"
    );
    assert!(!check.contains("warning"), "{check}");

    // The bot plays the book's move, and says so.
    let (first, position) = book
        .split("\nfact \"")
        .nth(1)
        .and_then(|fact| fact.split_once('"'))
        .map(|(name, _)| (name.to_string(), first_fact_fen(&book)))
        .unwrap();
    let chosen = succeeded(
        shop.command(&["bestmove", "--fen", &position, "--depth", "2"])
            .output()
            .unwrap(),
    );
    assert!(
        chosen.starts_with(&format!(
            "source: kb \"{first}\" ({}:",
            common::native("kb/book.txt")
        )),
        "{chosen}"
    );
    assert!(
        first.starts_with("book: 1.gh4 hg5") && first.ends_with(" (depth 4)"),
        "{first}"
    );
}

/// The position of the first fact of a book: replayed from its name's moves.
fn first_fact_fen(book: &str) -> String {
    let name = book.split("fact \"book: ").nth(1).unwrap();
    let moves = name.split(" (depth").next().unwrap();
    let mut position = shashki::Position::start();
    for word in moves.split_whitespace() {
        let word = word.rsplit('.').next().unwrap();
        let typed: shashki::notation::TypedMove = word.parse().unwrap();
        position = position.play(typed.resolve(&position).unwrap()).unwrap();
    }
    position.to_fen()
}

#[test]
fn a_job_stopped_after_some_positions_resumes_to_the_same_result() {
    let shop = Workshop::new("resume");
    let args = ["--ballot", "3", "--job", "whole.job", "--out", "whole.txt"];
    shop.book(&args);
    assert!(positions(&shop.read("whole.job")).len() >= 3);
    let stopped = shop.book(&["--ballot", "3", "--job", "part.job", "--limit", "1"]);
    assert!(
        stopped.contains("stopped after 1 new positions"),
        "{stopped}"
    );
    assert_eq!(positions(&shop.read("part.job")).len(), 1);
    let resumed = shop.book(&["--ballot", "3", "--job", "part.job", "--out", "part.txt"]);
    assert!(resumed.contains(": 1 positions done before"), "{resumed}");
    assert_eq!(
        positions(&shop.read("part.job")),
        positions(&shop.read("whole.job"))
    );
    assert_eq!(shop.read("part.txt"), shop.read("whole.txt"));
    // A job file is resumed only with the settings it was started with.
    let mut args = vec!["kb", "book", "--kb", "kb/combs.txt", "--ballot", "3"];
    args.extend_from_slice(&["--job", "part.job", "--depth", "5", "--hash", "1"]);
    let refused = shop.command(&args).output().unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("holds another job"));
}

#[test]
fn a_job_killed_while_it_works_resumes_to_the_same_result() {
    let shop = Workshop::new("kill");
    // Deep enough that the job is still at work when it is killed.
    let deeper = [
        "--depth", "9", "--plies", "4", "--lines", "1", "--hash", "4",
    ];
    let run = |job: &str| {
        let mut args = vec![
            "kb",
            "book",
            "--kb",
            "kb/combs.txt",
            "--ballot",
            "2",
            "--job",
            job,
        ];
        args.extend_from_slice(&deeper);
        shop.command(&args)
    };
    succeeded(run("whole.job").output().unwrap());
    let mut child = run("killed.job").stdout(Stdio::piped()).spawn().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // The heading, then the first position: saved before it is printed.
    lines.next().unwrap().unwrap();
    lines.next().unwrap().unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let killed = positions(&shop.read("killed.job"));
    let whole = positions(&shop.read("whole.job"));
    assert!(
        !killed.is_empty() && killed.len() < whole.len(),
        "{killed:?}"
    );
    succeeded(run("killed.job").output().unwrap());
    assert_eq!(positions(&shop.read("killed.job")), whole);
}

#[test]
fn the_merged_book_equals_one_built_in_a_single_run() {
    let shop = Workshop::new("merge");
    // Slice 1 of 149: the roots numbered 1 and 150, ballots 1 and 150.
    let single = shop.book(&["--slice", "1/149", "--out", "single.txt"]);
    assert!(single.contains("book job slice 1/149 of "), "{single}");
    shop.book(&["--ballot", "150"]);
    shop.book(&["--ballot", "1"]);
    let merge = |jobs: &[&str], out: &str| {
        let mut args = vec!["kb", "book", "merge"];
        args.extend_from_slice(jobs);
        args.extend_from_slice(&["--out", out]);
        succeeded(shop.command(&args).output().unwrap())
    };
    let said = merge(&["book-ballot-1.job", "book-ballot-150.job"], "merged.txt");
    assert!(said.contains("roots walked to the end: 2 of "), "{said}");
    assert_eq!(shop.read("merged.txt"), shop.read("single.txt"));
    // The order of the jobs does not matter.
    merge(
        &["book-ballot-150.job", "book-ballot-1.job"],
        "reversed.txt",
    );
    assert_eq!(shop.read("reversed.txt"), shop.read("single.txt"));
    // Jobs of other settings do not merge.
    let mut args = vec!["kb", "book", "--kb", "kb/combs.txt", "--ballot", "2"];
    args.extend_from_slice(&["--depth", "3", "--plies", "1", "--hash", "1"]);
    succeeded(shop.command(&args).output().unwrap());
    let refused = shop
        .command(&[
            "kb",
            "book",
            "merge",
            "book-ballot-1.job",
            "book-ballot-2.job",
            "--out",
            "x.txt",
        ])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(!Path::new(&shop.path("x.txt")).exists());
}
