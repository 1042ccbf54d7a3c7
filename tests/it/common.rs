//! Drives the real `shashki` binary with a script on stdin, as a person at a pipe would.

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Long enough for a debug build to start and answer; a hang is far longer.
const PATIENCE: Duration = Duration::from_secs(20);

/// What a scripted session printed and how it ended.
pub struct Session {
    pub stdout: String,
    pub stderr: String,
    /// The exit code (`None` if killed by a signal).
    pub code: Option<i32>,
    /// Whether the program exited with status 0.
    pub success: bool,
}

impl Session {
    /// How many times `text` occurs in the output.
    pub fn count(&self, text: &str) -> usize {
        self.stdout.matches(text).count()
    }

    /// The message right after the echoed input `line` (the first answer to it), its
    /// lines joined again where it was wrapped at 80 columns.
    pub fn answer_to(&self, line: &str) -> String {
        let mut lines = self.stdout.lines().peekable();
        while let Some(echo) = lines.next() {
            if echo.ends_with(&format!("> {line}")) || echo.ends_with(&format!(") {line}")) {
                let mut answer = lines.next().unwrap_or("").to_string();
                while let Some(more) = lines.peek().and_then(|next| continuation(next)) {
                    answer.push(' ');
                    answer.push_str(more);
                    lines.next();
                }
                return answer;
            }
        }
        panic!("no input line {line:?} in:\n{}", self.stdout)
    }

    /// Asserts the output contains `text`, printing the output if not; a message wrapped
    /// at 80 columns is read as one line.
    #[track_caller]
    pub fn expect(&self, text: &str) {
        let unwrapped = unwrapped(&self.stdout);
        assert!(
            self.stdout.contains(text) || unwrapped.contains(text),
            "expected {text:?} in:\n{}",
            self.stdout
        );
    }
}

/// The rest of a wrapped message on `line` (its later lines are indented), if it is one:
/// a board's file letters are not.
fn continuation(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("    ")?.trim_start();
    let board = rest.starts_with("a  b  c") || rest.starts_with("h  g  f");
    (!rest.is_empty() && !board).then_some(rest)
}

/// `text` with every wrapped message on one line.
pub fn unwrapped(text: &str) -> String {
    let mut joined = String::with_capacity(text.len());
    for line in text.lines() {
        match continuation(line) {
            Some(rest) if !joined.is_empty() => {
                joined.pop();
                joined.push(' ');
                joined.push_str(rest);
            }
            _ => joined.push_str(line),
        }
        joined.push('\n');
    }
    joined
}

/// A fresh scratch directory for one test, removed with everything in it when
/// the value is dropped (at the end of the test, passed or failed).
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// A fresh scratch directory for one test; keep the value while the directory is used.
#[must_use = "the directory is removed when the value is dropped"]
pub fn scratch(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("shashki-{name}-"))
        .tempdir()
        .expect("scratch directory");
    Scratch(dir)
}

/// Waits until `done` holds, for what a thread of the library does in the background
/// (a table read or solved). Not a timing claim: the minute is a guard against
/// `what` never happening.
pub fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let asked = Instant::now();
    while !done() {
        assert!(
            asked.elapsed() < Duration::from_secs(60),
            "{what} never happened"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `shashki ARGS` with `input` on stdin; a fixed seed and a shallow search keep it
/// fast and repeatable.
pub fn play(args: &[&str], input: impl AsRef<[u8]>) -> Session {
    let mut all = vec!["--seed", "7", "--depth", "3"];
    all.extend_from_slice(args);
    run(&all, input)
}

/// Runs `shashki ARGS` exactly as given, with `input` on stdin, in a scratch directory
/// with an empty ./kb/combs.txt, so the bot's replies do not depend on the project's
/// knowledge base and `remember` writes there.
pub fn run(args: &[&str], input: impl AsRef<[u8]>) -> Session {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let home = Home::new(&format!("data{}", RUNS.fetch_add(1, Ordering::Relaxed)));
    home.write("kb/combs.txt", "");
    home.run(args, input)
}

/// The shipped knowledge base, `kb/combs.txt` as it is now: a player's edit of it
/// changes what the tests expect, not whether they pass.
pub fn shipped_base() -> shashki::kb::KnowledgeBase {
    let text = include_str!("../../kb/combs.txt");
    shashki::kb::KnowledgeBase::parse(text, "kb/combs.txt")
        .expect("the shipped base reads")
        .0
}

/// `N facts (E exact, P patterns, L lines, R rules)`, as `kb check` counts `base` (no
/// rules, no word of them).
pub fn fact_counts(base: &shashki::kb::KnowledgeBase) -> String {
    let rules = match base.rule_count() {
        0 => String::new(),
        1 => ", 1 rule".to_string(),
        count => format!(", {count} rules"),
    };
    format!(
        "{} facts ({} exact, {} patterns, {} lines{rules})",
        base.len(),
        base.exact_count(),
        base.pattern_count(),
        base.line_count()
    )
}

/// `path`, written with `/`, as the program shows it: with the system's separator
/// (`kb\\combs.txt` on Windows).
pub fn native(path: &str) -> String {
    path.replace('/', std::path::MAIN_SEPARATOR_STR)
}

/// The variable that names shashki's data directory on every system: the tests keep
/// each player's files apart with it, never touching the real ones.
pub const DATA_VARIABLE: &str = "SHASHKI_DATA_DIR";

/// A player's world for one test: the working directory and, in its `shashki`, the data
/// directory of every run in it, kept across runs and removed at the end.
pub struct Home {
    pub dir: Scratch,
}

impl Home {
    /// An empty home: no ./kb/combs.txt, so the built-in base is used until `remember`.
    pub fn new(name: &str) -> Home {
        Home {
            dir: scratch(&format!("home-{name}")),
        }
    }

    /// Writes a file under the home.
    pub fn write(&self, relative: &str, text: &str) {
        let path = self.dir.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("directory");
        std::fs::write(path, text).expect("writing a file");
    }

    /// The player's data directory.
    pub fn data(&self) -> PathBuf {
        self.dir.join("shashki")
    }

    /// Runs `shashki ARGS` here with `input` on stdin.
    #[track_caller]
    pub fn run(&self, args: &[&str], input: impl AsRef<[u8]>) -> Session {
        shashki(&self.dir, args, input)
    }
}

/// Pins `command` to the English console, whatever the locale of the machine running
/// the tests: the expectations quote English texts.
pub fn in_english(command: &mut Command) -> &mut Command {
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
}

/// Runs `shashki ARGS` in `dir` (its data directory `dir/shashki`) with `input` on stdin,
/// in English; see [`shashki_in`].
#[track_caller]
pub fn shashki(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> Session {
    shashki_in(dir, &[], args, input)
}

/// Runs `shashki ARGS` in `dir` (its data directory `dir/shashki`) with `input` on stdin and the
/// variables `env` set over an English locale; kills it and fails the test if it takes
/// longer than [`PATIENCE`] (a regression that hangs, such as a FIFO opened, fails
/// instead of stalling the suite), and if it panicked.
#[track_caller]
pub fn shashki_in(
    dir: &Path,
    env: &[(&str, &str)],
    args: &[&str],
    input: impl AsRef<[u8]>,
) -> Session {
    shashki_paced(dir, env, args, &[(Duration::ZERO, input.as_ref())])
}

/// Starts `command`. A refusal to start is tried twice more, with its reason printed: Wine
/// under load refused a process once in CI, which is not the program's doing.
#[track_caller]
pub fn spawn(command: &mut Command) -> std::process::Child {
    for _ in 0..2 {
        match command.spawn() {
            Ok(child) => return child,
            Err(error) => {
                eprintln!("starting {command:?} failed ({error}); trying again");
                std::thread::sleep(Duration::from_millis(500));
            }
        }
    }
    command.spawn().expect("running shashki")
}

/// Like [`shashki_in`], with the input typed in parts, each after its pause.
#[track_caller]
pub fn shashki_paced(
    dir: &Path,
    env: &[(&str, &str)],
    args: &[&str],
    parts: &[(Duration, &[u8])],
) -> Session {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shashki"));
    in_english(&mut command).envs(env.iter().copied());
    command
        .args(args)
        .current_dir(dir)
        .env(DATA_VARIABLE, dir.join("shashki"))
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = spawn(&mut command);
    let mut stdin = child.stdin.take().expect("stdin");
    let parts: Vec<(Duration, Vec<u8>)> = parts
        .iter()
        .map(|&(pause, text)| (pause, text.to_vec()))
        .collect();
    let feeder = std::thread::spawn(move || {
        for (pause, text) in parts {
            std::thread::sleep(pause);
            if stdin.write_all(&text).and_then(|()| stdin.flush()).is_err() {
                break;
            }
        }
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for shashki") {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("shashki {args:?} did not finish within {PATIENCE:?}: it hangs");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let _ = feeder.join();
    let session = Session {
        stdout: stdout.join().expect("stdout"),
        stderr: stderr.join().expect("stderr"),
        code: status.code(),
        success: status.success(),
    };
    assert!(
        !session.stderr.contains("panicked"),
        "shashki {args:?} panicked:\n{}",
        session.stderr
    );
    session
}

/// The lines of `input`, read on a thread of their own as they come; the channel ends
/// with the input.
pub fn read_lines(input: impl Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(input).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}
