//! Runs the real `shashki` binary in a scratch directory under a watchdog, so that a
//! regression that hangs (a FIFO opened, an endless perft) fails the test instead.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Long enough for a debug build to start and answer; a hang is far longer.
const PATIENCE: Duration = Duration::from_secs(20);

/// What a run printed and how it ended.
pub struct Run {
    /// The exit code (`None` if killed by a signal).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// A fresh scratch directory: the run's working directory and its `XDG_DATA_HOME`.
pub fn scratch(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "shashki-{name}-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Runs `shashki ARGS` in `dir` with `input` on stdin; kills it and fails the test if it
/// takes longer than [`PATIENCE`]; fails it too if it panicked.
#[track_caller]
pub fn shashki(dir: &Path, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running shashki");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
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
    let run = Run {
        code: status.code(),
        stdout: stdout.join().expect("stdout"),
        stderr: stderr.join().expect("stderr"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "shashki {args:?} panicked:\n{}",
        run.stderr
    );
    run
}
