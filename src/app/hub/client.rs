//! The other end of the protocol: drives a Hub engine run as a child process (for
//! `shashki match` against another engine, or against shashki itself through the
//! protocol).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::line::Line;
use shashki::msg;
use shashki::notation::Numbering;
use shashki::notation::hub::{move_text, parse_move, position_text};
use shashki::play::{Player, PlayerError};
use shashki::search::Limits;
use shashki::words::Message;
use shashki::{Game, Move};

/// The numbering of the moves: PDN's. An engine that has a `numbering` parameter (as
/// `shashki hub` has) is told so.
const NUMBERING: Numbering = Numbering::Standard;

/// How long an engine may take to start, or to answer beyond its move's time.
const GRACE: Duration = Duration::from_secs(10);

/// A Hub engine in a child process, a player of the game loop: each move within fixed
/// limits.
pub struct HubClient {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    limits: Limits,
    /// The folder the engine runs in, removed with the client.
    _home: tempfile::TempDir,
}

impl HubClient {
    /// Starts `program` with `args` in an empty folder of its own, with an empty data
    /// directory (so that it reads no knowledge base nor tables but those it is told
    /// of), introduces itself (`hub`), asks for the Russian variant, sets `params`
    /// (`set-param`) and waits until the engine is `ready`; each move is asked within
    /// `limits`.
    pub fn start(
        program: &str,
        args: &[String],
        params: &[(&str, String)],
        limits: Limits,
    ) -> Result<HubClient, Message> {
        let home = tempfile::Builder::new()
            .prefix("shashki-hub-")
            .tempdir()
            .map_err(|error| {
                msg!(
                    "hub-client-no-folder",
                    program = program,
                    error = error.to_string()
                )
            })?;
        let data = home.path().join("data");
        // A program found by its path runs from the empty folder all the same.
        let program_path = match std::path::Path::new(program) {
            path if path.components().count() > 1 => {
                std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
            }
            path => path.to_path_buf(),
        };
        let mut child = Command::new(&program_path)
            .args(args)
            .current_dir(home.path())
            .env(shashki::files::DataDir::VARIABLE, &data)
            // Builds from before that variable look here on Linux.
            .env("XDG_DATA_HOME", &data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|error| {
                msg!(
                    "hub-client-cannot-start",
                    program = program,
                    error = error.to_string()
                )
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(msg!("hub-client-no-pipes", program = program));
        };
        let lines = read_lines(stdout);
        let mut client = HubClient {
            child,
            stdin,
            lines,
            name: program.to_string(),
            limits,
            _home: home,
        };
        client.send("hub")?;
        let mut numbering_parameter = false;
        for line in client.until("wait", GRACE)? {
            let Ok(Some(line)) = Line::parse(&line) else {
                continue;
            };
            if line.command == "id"
                && let Some(name) = line.get("name")
            {
                let version = line.get("version").unwrap_or("");
                client.name = format!("{name} {version}").trim().to_string();
            }
            numbering_parameter |= line.command == "param" && line.get("name") == Some("numbering");
        }
        client.send("set-param name=variant value=russian")?;
        if numbering_parameter {
            let numbering = super::MoveNumbering::Fixed(NUMBERING);
            client.send(&format!("set-param name=numbering value={numbering}"))?;
        }
        for (name, value) in params {
            client.send(&format!("set-param name={name} value={value}"))?;
        }
        client.send("init")?;
        client.until("ready", GRACE)?;
        Ok(client)
    }

    /// The engine's move in `game` within `limits`, checked against the rules.
    fn ask(&mut self, game: &Game, limits: Limits) -> Result<Move, Message> {
        let mut pos = format!("pos pos={}", position_text(game.start()));
        if !game.moves().is_empty() {
            let moves: Vec<String> = game
                .moves()
                .into_iter()
                .map(|mv| move_text(mv, NUMBERING))
                .collect();
            pos.push_str(&format!(" moves=\"{}\"", moves.join(" ")));
        }
        self.send(&pos)?;
        let level = match limits {
            Limits::MoveTime(time) | Limits::Clock { target: time, .. } => {
                format!("level move-time={:.3}", time.as_secs_f64())
            }
            Limits::Depth(depth) => format!("level depth={depth}"),
            Limits::Nodes(nodes) => format!("level nodes={nodes}"),
            Limits::Infinite => return Err(msg!("hub-client-no-limit")),
        };
        self.send(&level)?;
        self.send("go think")?;
        // A depth or node limit has no time: the patience is then long.
        let patience = limits.hard_time().unwrap_or(Duration::from_secs(3600)) + GRACE;
        let answer = self.until("done", patience)?.pop().expect("a done line");
        let done = Line::parse(&answer)
            .ok()
            .flatten()
            .ok_or_else(|| self.says(msg!("hub-client-unreadable", line = answer.as_str())))?;
        let text = done
            .get("move")
            .ok_or_else(|| self.says(msg!("hub-client-no-move", line = answer.as_str())))?;
        parse_move(text, game.position(), NUMBERING).map_err(|error| self.says(error.message()))
    }

    fn send(&mut self, line: &str) -> Result<(), Message> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|error| self.says(msg!("hub-client-cannot-write", error = error.to_string())))
    }

    /// What went wrong with the engine, said with its name.
    fn says(&self, message: Message) -> Message {
        msg!(
            "hub-client-error",
            name = self.name.as_str(),
            error = message
        )
    }

    /// The lines up to and including the first starting with `command`; an `error` line
    /// on the way is the engine's complaint and ends the wait.
    fn until(&mut self, command: &str, patience: Duration) -> Result<Vec<String>, Message> {
        let started = Instant::now();
        let mut lines = Vec::new();
        loop {
            let left = patience.saturating_sub(started.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with("error") => {
                    return Err(self.says(msg!("hub-client-complaint", line = line.as_str())));
                }
                Ok(line) => {
                    let found = line.split_whitespace().next() == Some(command);
                    lines.push(line);
                    if found {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.says(msg!(
                        "hub-client-timeout",
                        command = command,
                        seconds = patience.as_secs()
                    )));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.says(msg!("hub-client-ended", command = command)));
                }
            }
        }
    }
}

impl Player for HubClient {
    /// The engine's name and version from its `id` line.
    fn name(&self) -> &str {
        &self.name
    }

    /// Tells the engine that a new game starts.
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.send("new-game").map_err(PlayerError)
    }

    /// The engine's move, checked against the rules.
    fn choose(&mut self, game: &Game) -> Result<Option<Move>, PlayerError> {
        self.ask(game, self.limits).map(Some).map_err(PlayerError)
    }
}

/// The lines of `input`, read on a thread of their own as they come; the channel ends
/// with the input.
pub fn read_lines(input: impl Read + Send + 'static) -> Receiver<String> {
    let (sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(input).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

impl Drop for HubClient {
    /// Says `quit`, and ends the process if it does not go within the grace time.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let started = Instant::now();
        while started.elapsed() < GRACE {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
