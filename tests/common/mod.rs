//! Drives the real `shashki` binary with a script on stdin, as a person at a pipe would.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a scripted session printed.
pub struct Session {
    pub stdout: String,
    pub stderr: String,
    /// Whether the program exited with status 0.
    pub success: bool,
}

impl Session {
    /// How many times `text` occurs in the output.
    pub fn count(&self, text: &str) -> usize {
        self.stdout.matches(text).count()
    }

    /// The output line right after the echoed input `line` (the first answer to it).
    pub fn answer_to(&self, line: &str) -> &str {
        let mut lines = self.stdout.lines();
        while let Some(echo) = lines.next() {
            if echo.ends_with(&format!("> {line}")) || echo.ends_with(&format!(") {line}")) {
                return lines.next().unwrap_or("");
            }
        }
        panic!("no input line {line:?} in:\n{}", self.stdout)
    }

    /// Asserts the output contains `text`, printing the output if not.
    #[track_caller]
    pub fn expect(&self, text: &str) {
        assert!(
            self.stdout.contains(text),
            "expected {text:?} in:\n{}",
            self.stdout
        );
    }
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A fresh directory for one session of the binary, to be its working directory and its
/// `XDG_DATA_HOME`: it holds an empty ./kb/combs.txt, so the bot's replies do not depend
/// on the project's knowledge base and `remember` writes there.
pub fn session_dir() -> PathBuf {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let data = scratch(&format!("data{}", RUNS.fetch_add(1, Ordering::Relaxed)));
    std::fs::create_dir_all(data.join("kb")).expect("kb directory");
    std::fs::write(data.join("kb/combs.txt"), "").expect("empty knowledge base");
    data
}

/// Runs `shashki ARGS` with `input` on stdin; a fixed seed and a shallow search keep it
/// fast and repeatable.
pub fn play(args: &[&str], input: impl AsRef<[u8]>) -> Session {
    let mut all = vec!["--seed", "7", "--depth", "3"];
    all.extend_from_slice(args);
    run(&all, input)
}

/// Runs `shashki ARGS` exactly as given, with `input` on stdin, in a scratch directory.
pub fn run(args: &[&str], input: impl AsRef<[u8]>) -> Session {
    let data = session_dir();
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .current_dir(&data)
        .env("XDG_DATA_HOME", &data)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running shashki");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_ref()).expect("writing the script");
    drop(stdin);
    let output = child.wait_with_output().expect("waiting for shashki");
    let _ = std::fs::remove_dir_all(&data);
    let session = Session {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        success: output.status.success(),
    };
    assert!(
        !session.stderr.contains("panicked"),
        "shashki panicked:\n{}",
        session.stderr
    );
    session
}
