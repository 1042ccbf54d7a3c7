//! `shashki hub` driven through the real binary, line by line, as a GUI drives it.

use crate::common;

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::common::read_lines;
use shashki::notation::Numbering::{self, FromWhite, Standard};
use shashki::notation::hub::{parse_move, position_text};
use shashki::{Game, Position};

/// Long enough for a debug build to answer; a hang is far longer.
const PATIENCE: Duration = Duration::from_secs(20);

/// A running `shashki hub` and everything it has written so far.
struct Hub {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    transcript: Vec<String>,
    _home: common::Home,
}

impl Hub {
    /// Starts `shashki hub ARGS` in an empty home (no knowledge-base file but the built-in
    /// one), speaking the standard numbering unless `ARGS` choose one.
    fn start(args: &[&str]) -> Hub {
        let chosen = args.iter().any(|arg| arg.starts_with("--numbering"));
        let standard: &[&str] = if chosen {
            &[]
        } else {
            &["--numbering=standard"]
        };
        Hub::with(&[standard, args].concat())
    }

    /// Starts `shashki hub ARGS` as [`Hub::start`] does, with the numbering left to it.
    fn with(args: &[&str]) -> Hub {
        let home = common::Home::new("hub");
        let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
            .arg("hub")
            .args(args)
            .current_dir(&home.dir)
            .env(common::DATA_VARIABLE, home.dir.join("shashki"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("running shashki hub");
        let stdin = child.stdin.take().expect("stdin");
        let lines = read_lines(child.stdout.take().expect("stdout"));
        Hub {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
            _home: home,
        }
    }

    fn send(&mut self, line: &str) {
        self.send_together(&[line]);
    }

    /// Writes `lines` at once, so that the engine reads them one right after another.
    fn send_together(&mut self, lines: &[&str]) {
        let mut text = String::new();
        for line in lines {
            self.transcript.push(format!("> {line}"));
            text.push_str(line);
            text.push('\n');
        }
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush())
            .expect("writing to shashki hub");
    }

    /// The next line within `within`, or `None`.
    fn next_line(&mut self, within: Duration) -> Option<String> {
        match self.lines.recv_timeout(within) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                panic!("shashki hub ended:\n{}", self.transcript.join("\n"))
            }
        }
    }

    /// Every line up to and including the first that starts with `prefix`.
    #[track_caller]
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let started = Instant::now();
        let mut lines = Vec::new();
        while started.elapsed() < PATIENCE {
            if let Some(line) = self.next_line(Duration::from_millis(50)) {
                let found = line.starts_with(prefix);
                lines.push(line);
                if found {
                    return lines;
                }
            }
        }
        panic!(
            "no line starting with {prefix:?} within {PATIENCE:?}:\n{}",
            self.transcript.join("\n")
        )
    }

    /// The first line that starts with `prefix`.
    #[track_caller]
    fn expect(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().expect("a line")
    }

    /// The lines written within `time`.
    fn during(&mut self, time: Duration) -> Vec<String> {
        let started = Instant::now();
        let mut lines = Vec::new();
        while let Some(left) = time.checked_sub(started.elapsed()) {
            if let Some(line) = self.next_line(left) {
                lines.push(line);
            }
        }
        lines
    }

    /// Says `quit` and waits for the process to end; whether it ended well.
    fn quit(mut self) -> bool {
        self.send("quit");
        self.wait()
    }

    /// Every line still to come, up to the end of the output.
    #[track_caller]
    fn rest(&mut self) -> Vec<String> {
        let started = Instant::now();
        let mut lines = Vec::new();
        while started.elapsed() < PATIENCE {
            match self.lines.recv_timeout(Duration::from_millis(50)) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    lines.push(line);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return lines,
            }
        }
        panic!(
            "the output did not end within {PATIENCE:?}:\n{}",
            self.transcript.join("\n")
        )
    }

    /// Waits for the process to end; whether it ended well.
    fn wait(mut self) -> bool {
        let started = Instant::now();
        while started.elapsed() < PATIENCE {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("shashki hub did not quit:\n{}", self.transcript.join("\n"))
    }
}

impl Drop for Hub {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of `name=` in a line (unquoted values only).
fn value<'a>(line: &'a str, name: &str) -> &'a str {
    line.split_whitespace()
        .find_map(|word| word.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name}= in {line:?}"))
}

/// The `pos` line of `game`: its start and every move since, in Hub form.
fn pos_line(start: &Position, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("pos pos={}", position_text(start))
    } else {
        format!(
            "pos pos={} moves=\"{}\"",
            position_text(start),
            moves.join(" ")
        )
    }
}

/// Plays the move of the `done` line, in `numbering`, in `game`, refereed by the rules
/// core, and notes its Hub text in `moves`.
#[track_caller]
fn play_answer(game: &mut Game, moves: &mut Vec<String>, done: &str, numbering: Numbering) {
    let text = value(done, "move").to_string();
    let mv = parse_move(&text, game.position(), numbering)
        .unwrap_or_else(|error| panic!("{done}: {error}\n{moves:?}"));
    game.play(mv).expect("a legal move");
    moves.push(text);
}

#[test]
fn the_introduction_names_the_engine_and_its_parameters() {
    let mut hub = Hub::with(&[]);
    hub.send("hub");
    let lines = hub.until("wait");
    assert!(
        lines[0].starts_with("id name=shashki version="),
        "{lines:?}"
    );
    for name in ["variant", "hash", "threads", "kb", "kb-file", "level"] {
        assert!(
            lines
                .iter()
                .any(|line| line.starts_with(&format!("param name={name} "))),
            "no parameter {name}: {lines:?}"
        );
    }
    assert!(lines.contains(&"param name=variant value=russian type=enum values=russian".into()));
    assert!(lines.contains(&"param name=threads value=1 type=int min=1 max=256".into()));
    let numbering = "param name=numbering value=auto type=enum values=\"auto standard from-white\"";
    assert!(lines.contains(&numbering.into()), "{lines:?}");
    hub.send("set-param name=variant value=russian");
    hub.send("set-param name=hash value=8");
    hub.send("init");
    assert_eq!(hub.until("ready"), vec!["ready".to_string()]);
    hub.send("ping");
    assert_eq!(hub.expect("pong"), "pong");
    assert!(hub.quit());
}

#[test]
fn a_search_on_two_threads_answers_through_the_protocol() {
    // Set before the engine is made, and changed on an engine that exists.
    let mut hub = Hub::start(&[]);
    hub.send("set-param name=threads value=2");
    hub.send("init");
    hub.expect("ready");
    for threads in ["2", "3"] {
        hub.send(&format!("set-param name=threads value={threads}"));
        hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        hub.send("level depth=8");
        hub.send("go think");
        let done = hub.expect("done");
        let mv = done.strip_prefix("done move=").expect("a move");
        // No move tells the numbering yet: the answer is in the standard one.
        let legal = [
            "21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20",
        ];
        assert!(legal.contains(&mv.split(' ').next().unwrap()), "{done}");
    }
    assert!(hub.quit());
}

#[test]
fn a_whole_game_is_played_through_the_protocol() {
    let mut hub = Hub::start(&[]);
    hub.send("init");
    hub.expect("ready");
    hub.send("new-game");
    hub.send("level depth=3");
    let start = Position::start();
    let mut game = Game::new(start);
    let mut moves = Vec::new();
    while game.outcome().is_none() {
        assert!(moves.len() < 400, "the game does not end: {moves:?}");
        hub.send(&pos_line(&start, &moves));
        hub.send("go think");
        let done = hub.expect("done");
        play_answer(&mut game, &mut moves, &done, Standard);
    }
    assert!(moves.len() > 10, "{moves:?}");
    assert!(hub.quit());
}

#[test]
fn stop_ends_an_endless_analysis_with_its_best_move() {
    let mut hub = Hub::start(&[]);
    hub.send(&pos_line(&Position::start(), &[]));
    hub.send("level infinite");
    hub.send("go analyze");
    let first = hub.expect("info depth=");
    assert!(
        first.contains(" score=") && first.contains(" pv="),
        "{first}"
    );
    let meanwhile = hub.during(Duration::from_millis(300));
    assert!(
        !meanwhile.iter().any(|line| line.starts_with("done")),
        "an endless analysis ended by itself: {meanwhile:?}"
    );
    hub.send("ping");
    hub.expect("pong");
    hub.send("stop");
    let done = hub.expect("done");
    let mv = parse_move(value(&done, "move"), &Position::start(), Standard);
    assert!(mv.is_ok(), "{done}");
    assert!(hub.quit());
}

#[test]
fn the_hash_table_is_kept_between_searches_until_a_new_game() {
    let mut hub = Hub::start(&["--no-kb"]);
    let nodes = |hub: &mut Hub| {
        hub.send("go analyze");
        let lines = hub.until("done");
        let last = lines
            .iter()
            .rev()
            .find(|line| line.starts_with("info depth=8 "))
            .unwrap_or_else(|| panic!("no depth 8: {lines:?}"));
        value(last, "nodes").parse::<u64>().expect("a node count")
    };
    hub.send(&pos_line(&Position::start(), &[]));
    hub.send("level depth=8");
    let first = nodes(&mut hub);
    // What the first search left in the table changes the second one's tree
    // (usually smaller, but a better-ordered search may also look further).
    let again = nodes(&mut hub);
    assert_ne!(
        again, first,
        "the second search did not use the first one's table"
    );
    hub.send("new-game");
    assert_eq!(nodes(&mut hub), first);
    assert!(hub.quit());
}

#[test]
fn bad_input_gets_an_error_line_and_the_engine_goes_on() {
    let mut hub = Hub::start(&["--numbering=from-white"]);
    let start = position_text(&Position::start());
    let cases = [
        ("pos pos=Wbbb".to_string(), "33 characters, not 4"),
        (format!("pos pos=X{}", &start[1..]), "starts with W or B"),
        (
            format!("pos pos={}", start.replace("eeee", "eeez")),
            "square 16 is 'z'",
        ),
        (
            format!("pos pos={start} moves=\"10-14 10-14\""),
            "move 2 (10-14): 10-14 is not a legal move here",
        ),
        (
            format!("pos pos={start} moves=\"10-14 23-99\""),
            "'99' is not a square number",
        ),
        ("go think".to_string(), "no position to search"),
        ("pos moves=\"10-14\"".to_string(), "pos needs pos="),
        (
            "set-param name=numbering value=pdn".to_string(),
            "the choices are auto, standard",
        ),
        (
            "set-param name=tt-size value=40".to_string(),
            "N from 16 to 32",
        ),
        ("level depth=0".to_string(), "depth must be 1 to"),
        ("level move-time=soon".to_string(), "a number of seconds"),
        ("go".to_string(), "go needs think, ponder or analyze"),
        (
            "set-param name=variant value=brazilian".to_string(),
            "plays russian",
        ),
        ("set-param name=hash value=0".to_string(), "1 to 65536 MB"),
        (
            "set-param name=threads value=0".to_string(),
            "threads 0: the number must be 1 to 256",
        ),
        ("set-param name=kb value=maybe".to_string(), "true or false"),
        (
            "set-param name=level value=godlike".to_string(),
            "easy, normal, hard",
        ),
        (
            "set-param name=colour value=red".to_string(),
            "unknown parameter 'colour'",
        ),
        (
            "set-param name=kb-file value=missing.txt".to_string(),
            "missing.txt",
        ),
        ("pos pos=\"W".to_string(), "never closed"),
        ("fly".to_string(), "unknown command 'fly'"),
    ];
    for (line, words) in cases {
        hub.send(&line);
        let error = hub.expect("error");
        assert!(error.starts_with("error message=\""), "{line}: {error}");
        assert!(error.contains(words), "{line}: {error}");
        // A refused `go` is answered all the same, so that its client does not wait.
        if line.starts_with("go") {
            assert_eq!(hub.next_line(PATIENCE).as_deref(), Some("done"), "{line}");
        }
    }
    // Still at work: a good position is searched.
    hub.send(&format!("pos pos={start}"));
    hub.send("level depth=2");
    hub.send("go think");
    let done = hub.expect("done");
    assert!(parse_move(value(&done, "move"), &Position::start(), FromWhite).is_ok());
    hub.send("ping");
    hub.expect("pong");
    assert!(hub.quit());
}

#[test]
fn the_end_of_the_input_ends_the_engine_even_mid_search() {
    let session = common::run(
        &["hub"],
        format!(
            "pos pos={}\nlevel infinite\ngo analyze\n",
            position_text(&Position::start())
        ),
    );
    assert!(session.success, "{}", session.stderr);
}

#[test]
fn a_match_plays_against_shashki_through_the_protocol() {
    let hub = format!("{} hub --seed 1", env!("CARGO_BIN_EXE_shashki"));
    let session = common::run(
        &[
            "match",
            "--games",
            "2",
            "--a-depth",
            "2",
            "--b-depth",
            "2",
            "--b-hub",
            &hub,
        ],
        "",
    );
    assert!(session.success, "{}{}", session.stdout, session.stderr);
    session.expect("vs B (hub engine shashki ");
    session.expect("in 2 games");

    let missing = common::run(
        &["match", "--games", "2", "--b-hub", "/no/such/engine hub"],
        "",
    );
    assert!(!missing.success);
    assert!(
        missing.stderr.contains("/no/such/engine: cannot start it"),
        "{}",
        missing.stderr
    );
}

#[test]
fn a_named_level_sets_the_search_when_the_gui_sends_no_level() {
    let mut hub = Hub::start(&["--level", "beginner"]);
    hub.send("hub");
    let lines = hub.until("wait");
    let expected = "param name=level value=beginner type=enum \
                    values=\"beginner novice casual club easy normal hard\"";
    assert!(lines.contains(&expected.to_string()), "{lines:?}");
    hub.send("init");
    hub.expect("ready");
    hub.send(&pos_line(&Position::start(), &[]));
    hub.send("go think");
    let lines = hub.until("done");
    // One ply deep, and no knowledge-base opening move: the search decided.
    assert!(
        lines.iter().any(|line| line.starts_with("info depth=1 ")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|line| line.starts_with("info depth=2 ")),
        "{lines:?}"
    );
    hub.send("set-param name=level value=hard");
    hub.send("set-param name=level value=master");
    assert!(
        hub.expect("error")
            .contains("the levels are beginner, novice")
    );
    assert!(hub.quit());
}

#[test]
fn moves_in_either_numbering_are_read_and_answered_in_it() {
    let start = Position::start();
    let c3d4_after_first = |done: &str, numbering| {
        let c3d4 = parse_move("22-18", &start, Standard).unwrap();
        let after = start.play(c3d4).unwrap();
        parse_move(value(done, "move"), &after, numbering).is_ok()
    };
    // auto: no move yet, answered in from-white as pydraughts 0.6.7 reads it (standard
    // for the lidraughts bridge, below), then the moves tell, either way, and a note says
    // so each time.
    let mut hub = Hub::with(&["--no-kb"]);
    hub.send("level depth=2");
    hub.send(&pos_line(&start, &[]));
    hub.send("go think");
    let lines = hub.until("done");
    assert!(
        lines[0].starts_with("info message=\"numbering: no move so far tells standard"),
        "{lines:?}"
    );
    let done = lines.last().unwrap();
    assert!(
        parse_move(value(done, "move"), &start, FromWhite).is_ok(),
        "{done}"
    );
    for (moves, numbering, name) in [
        ("10-14", FromWhite, "from-white"),
        ("22-18", Standard, "standard"),
    ] {
        hub.send(&pos_line(&start, &[moves.to_string()]));
        hub.send("go think");
        let lines = hub.until("done");
        let note = format!("info message=\"numbering: the moves are legal only in {name}");
        assert!(lines[0].starts_with(&note), "{lines:?}");
        assert!(
            c3d4_after_first(lines.last().unwrap(), numbering),
            "{lines:?}"
        );
    }
    assert!(hub.quit());

    // Fixed, by the command line or by `set-param`: no guess, even with no move.
    for (args, set, numbering) in [
        (&["--numbering", "from-white"][..], None, FromWhite),
        (&["--numbering=standard"][..], None, Standard),
        (&[][..], Some("from-white"), FromWhite),
    ] {
        let mut hub = Hub::start(args);
        if let Some(set) = set {
            hub.send(&format!("set-param name=numbering value={set}"));
        }
        hub.send("level depth=2");
        hub.send(&pos_line(&start, &[]));
        hub.send("go think");
        let lines = hub.until("done");
        assert_eq!(
            lines.len(),
            lines.iter().filter(|l| l.starts_with("info depth")).count() + 1
        );
        let done = lines.last().unwrap();
        assert!(
            parse_move(value(done, "move"), &start, numbering).is_ok(),
            "{done}"
        );
        assert!(hub.quit());
    }
    let mut hub = Hub::start(&["--numbering", "standard"]);
    hub.send(&pos_line(&start, &["10-14".to_string()]));
    let error = hub.expect("error");
    assert!(error.contains("legal in from-white numbering"), "{error}");
    assert!(hub.quit());

    // The lidraughts bridge (its initial-time parameter) runs on pydraughts 0.5.7: auto
    // answers its first move in the standard numbering.
    let mut hub = Hub::with(&["--no-kb"]);
    hub.send("set-param name=initial-time value=60.0");
    hub.send("level depth=2");
    hub.send(&pos_line(&start, &[]));
    hub.send("go think");
    let lines = hub.until("done");
    assert!(
        lines[0].contains("lidraughts bridge's initial-time"),
        "{lines:?}"
    );
    let done = lines.last().unwrap();
    assert!(
        parse_move(value(done, "move"), &start, Standard).is_ok(),
        "{done}"
    );
    assert!(hub.quit());
}

#[test]
fn scan_parameters_as_the_lidraughts_bridge_sends_them_are_taken_quietly() {
    let mut hub = Hub::start(&[]);
    hub.send("hub");
    hub.until("wait");
    // The bridge's `hub_options` of its default config (bb-size 'auto' comes out as 0
    // without Scan's bitbases), then the variant and the game's clock; Scan's others.
    for (name, value) in [
        ("book-ply", "20"),
        ("tt-size", "23"),
        ("bb-size", "0"),
        ("variant", "russian"),
        ("initial-time", "180.0"),
        ("book", "false"),
        ("book-margin", "4"),
        ("ponder", "true"),
    ] {
        hub.send(&format!("set-param name={name} value={value}"));
    }
    hub.send("init");
    let lines = hub.until("ready");
    // One note, for the one parameter that means something here.
    assert_eq!(
        lines,
        [
            "info message=\"tt-size 23 is Scan's table of 2^23 entries of 16 bytes: \
             a hash of 128 MB here\"",
            "ready"
        ],
        "{lines:?}"
    );
    hub.send("hub");
    let introduction = hub.until("wait");
    assert!(
        introduction
            .iter()
            .any(|line| line.starts_with("param name=hash value=128 ")),
        "{introduction:?}"
    );
    // A parameter nobody has is still a mistake worth a word.
    hub.send("set-param name=book-plies value=20");
    assert!(
        hub.expect("error")
            .contains("unknown parameter 'book-plies'")
    );
    assert!(hub.quit());
}

/// The `done` lines among `lines`.
fn dones(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|line| line.starts_with("done"))
        .collect()
}

#[test]
fn every_search_is_answered_once_before_the_engine_ends() {
    let start = position_text(&Position::start());
    let clock = "level time=30 inc=1";
    // Each ending while a search is under way, arriving with the `go` (before the
    // search has started) or at once after it, whatever the moment.
    let sessions: [&[&str]; 7] = [
        &[clock, "go ponder", "stop", "quit"],
        &[clock, "go ponder", "quit"],
        &[clock, "go ponder", "ponder-hit", "stop", "quit"],
        &["level move-time=30", "go think", "stop", "quit"],
        &["level infinite", "go analyze", "stop"],
        &[clock, "go ponder"],
        // Over, or nearly, before the `stop` is read.
        &["level depth=1", "go think", "stop", "quit"],
    ];
    for lines in sessions {
        let input = format!("pos pos={start}\n{}\n", lines.join("\n"));
        let session = common::run(&["hub", "--no-kb", "--numbering=standard"], &input);
        assert!(session.success, "{input}{}", session.stderr);
        let output: Vec<String> = session.stdout.lines().map(String::from).collect();
        let answers = dones(&output);
        assert_eq!(answers.len(), 1, "{input}\n{}", session.stdout);
        assert!(
            parse_move(value(answers[0], "move"), &Position::start(), Standard).is_ok(),
            "{}",
            answers[0]
        );
    }

    // A ponder search well under way, waiting for the hit: the client's `stop` and
    // `quit` come together, as the lidraughts bridge sends them when a game ends.
    let mut hub = Hub::start(&["--no-kb"]);
    hub.send(&pos_line(&Position::start(), &["22-18".to_string()]));
    hub.send(clock);
    hub.send("go ponder");
    hub.expect("info depth=");
    hub.send_together(&["stop", "quit"]);
    let rest = hub.rest();
    assert_eq!(dones(&rest).len(), 1, "{rest:?}");
    assert!(hub.wait());

    // A search that has answered is not answered again by a late `stop`.
    let mut hub = Hub::start(&["--no-kb"]);
    hub.send(&pos_line(&Position::start(), &[]));
    hub.send("level depth=1");
    hub.send("go think");
    hub.expect("done");
    hub.send_together(&["stop", "ping", "quit"]);
    let rest = hub.rest();
    assert!(dones(&rest).is_empty(), "{rest:?}");
    assert!(rest.contains(&"pong".to_string()), "{rest:?}");
    assert!(hub.wait());
}

#[test]
fn a_stop_that_crossed_its_go_ponder_ends_that_search_at_once() {
    let mut hub = Hub::start(&["--no-kb"]);
    // The lidraughts bridge stops its ponder search from one thread while another is
    // still sending it: the `stop` comes first.
    hub.send_together(&[
        "stop",
        &pos_line(&Position::start(), &["22-18".to_string()]),
        "level time=60 inc=1",
        "go ponder",
    ]);
    let done = hub.expect("done");
    let start = Position::start();
    let after = start
        .play(parse_move("22-18", &start, Standard).unwrap())
        .unwrap();
    assert!(
        parse_move(value(&done, "move"), &after, Standard).is_ok(),
        "{done}"
    );
    // A move to think of is not cut short by a `stop` that came before it.
    hub.send_together(&["stop", "level depth=4", "go think"]);
    let lines = hub.until("done");
    assert!(
        lines.iter().any(|line| line.starts_with("info depth=4 ")),
        "{lines:?}"
    );
    assert!(hub.quit());
}

#[test]
fn a_go_in_a_finished_game_is_answered() {
    // Kings shuffle until the position comes a third time: drawn here, though a server
    // that counts otherwise may still want a move.
    let drawn: Position = "W:WKc1:BKf8".parse().unwrap();
    let shuffle: Vec<String> = ["2-6", "31-28", "6-2", "28-31"]
        .iter()
        .cycle()
        .take(8)
        .map(|word| word.to_string())
        .collect();
    let mut hub = Hub::start(&["--no-kb", "--numbering=from-white"]);
    hub.send(&pos_line(&drawn, &shuffle));
    hub.send("level time=30 inc=1");
    hub.send("go ponder");
    let note = hub.expect("info message=\"the game is over here");
    assert!(note.contains("(draw: the same position occurred"), "{note}");
    // The tables end this search at once at its deepest depth; a ponder search still
    // answers only at ponder-hit or stop.
    let meanwhile = hub.during(Duration::from_millis(300));
    assert!(
        !meanwhile.iter().any(|line| line.starts_with("done")),
        "{meanwhile:?}"
    );
    // The opponent played another move than the expected one.
    hub.send("stop");
    let done = hub.expect("done");
    assert!(
        parse_move(value(&done, "move"), &drawn, FromWhite).is_ok(),
        "{done}"
    );

    // No move at all: refused, and answered all the same.
    let lost: Position = "W:W:BKf8".parse().unwrap();
    for go in ["go think", "go ponder"] {
        hub.send(&pos_line(&lost, &[]));
        hub.send(go);
        let error = hub.expect("error");
        assert!(
            error.contains("no move to search: Black wins: White has no pieces left"),
            "{error}"
        );
        assert_eq!(hub.next_line(PATIENCE).as_deref(), Some("done"));
    }
    hub.send("stop");
    hub.send("ping");
    assert_eq!(hub.next_line(PATIENCE).as_deref(), Some("pong"));
    assert!(hub.quit());
}

/// Tests that count on the wall clock (a time limit, a clock, an answer within so long):
/// `.ci/run` runs them apart, one at a time, so that a loaded machine does not fail them.
mod wall_clock {
    use super::*;

    #[test]
    fn a_ponder_search_waits_for_the_hit_and_then_keeps_to_the_move_time() {
        let mut hub = Hub::start(&["--no-kb", "--numbering=from-white"]);
        let start = Position::start();
        hub.send(&pos_line(&start, &["10-14".to_string()]));
        hub.send("level move-time=0.2");
        hub.send("go ponder");
        let meanwhile = hub.during(Duration::from_millis(800));
        assert!(
            !meanwhile.iter().any(|line| line.starts_with("done")),
            "pondering ended before the hit: {meanwhile:?}"
        );
        hub.send("ponder-hit");
        let done = hub.expect("done");
        // 10-14 is legal only from White's side: the answer is in that numbering too.
        let after = start
            .play(parse_move("10-14", &start, FromWhite).unwrap())
            .unwrap();
        assert!(
            parse_move(value(&done, "move"), &after, FromWhite).is_ok(),
            "{done}"
        );

        // A ponder search the opponent's move did not hit is stopped and answers all the same.
        hub.send("go ponder");
        hub.during(Duration::from_millis(200));
        hub.send("stop");
        hub.expect("done");
        assert!(hub.quit());
    }

    #[test]
    fn a_game_on_a_short_clock_ends_without_a_flag_fall() {
        let mut hub = Hub::start(&[]);
        hub.send("init");
        hub.expect("ready");
        let start = Position::start();
        let mut game = Game::new(start);
        let mut moves = Vec::new();
        // Both sides are this engine, each with its own clock: three seconds for the game.
        let mut clocks = [Duration::from_secs(3); 2];
        while game.outcome().is_none() && moves.len() < 300 {
            let side = game.position().side_to_move().index();
            hub.send(&pos_line(&start, &moves));
            hub.send(&format!("level time={:.3}", clocks[side].as_secs_f64()));
            let asked = Instant::now();
            hub.send("go think");
            let done = hub.expect("done");
            let spent = asked.elapsed();
            clocks[side] = clocks[side].checked_sub(spent).unwrap_or_else(|| {
                panic!(
                    "the flag fell at move {}: {spent:?} spent\n{moves:?}",
                    moves.len() + 1
                )
            });
            play_answer(&mut game, &mut moves, &done, Standard);
        }
        assert!(moves.len() > 20, "{moves:?}");
        assert!(hub.quit());
    }

    #[test]
    fn a_clock_below_zero_gets_a_legal_move_at_once() {
        let start = Position::start();
        let after = start
            .play(parse_move("22-18", &start, Standard).unwrap())
            .unwrap();
        let mut hub = Hub::start(&[]);
        hub.send("init");
        hub.expect("ready");
        hub.send(&pos_line(&start, &["22-18".to_string()]));
        // Were any of these refused, the minute before would hold and the test time out.
        for level in [
            "level time=-0.4 inc=0.9",
            "level time=0",
            "level time=-2 inc=0.5",
            "level time=0.0 inc=-0.1",
        ] {
            hub.send("level move-time=60");
            hub.send(level);
            let asked = Instant::now();
            hub.send("go think");
            let lines = hub.until("done");
            let spent = asked.elapsed();
            assert!(
                !lines.iter().any(|line| line.starts_with("error")),
                "{level}: {lines:?}"
            );
            let done = lines.last().unwrap();
            assert!(
                parse_move(value(done, "move"), &after, Standard).is_ok(),
                "{done}"
            );
            assert!(spent < Duration::from_secs(10), "{level}: {spent:?}");
        }
        assert!(hub.quit());
    }
}
