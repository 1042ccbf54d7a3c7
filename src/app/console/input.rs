//! Where lines come from: rustyline on a terminal, plain stdin lines from a script.
//!
//! Nothing typed is lost. Lines typed while the bot works are held by the keyboard (see
//! [`super::keyboard`]) and reach the prompt one by one; lines of a terminal paste wait
//! here and run in order, each echoed after its prompt as a script's lines are. A
//! question is never answered by a line typed before it was asked: [`Input::set_aside`]
//! takes such lines out (into the history, where the arrow keys find them).

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{ColorMode, CompletionType, Config, Editor, ExternalPrinter};

use super::helper::{ConsoleHelper, Mode};
use shashki::Position;
use shashki::engine::Stop;
use shashki::files::{DataDir, write_atomically};
use shashki::words::{Lang, visible};

use super::interrupt::{Interrupts, Watch};
use super::keyboard::{Keyboard, PromptBreaker};

/// One read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its end of line.
    Text(String),
    /// Ctrl-C.
    Interrupted,
    /// Ctrl-D or the end of the input.
    Eof,
    /// The line could not be read.
    Error(InputError),
    /// The player's flag fell while the prompt waited (an [`Alarm::Flag`]).
    Flag,
}

/// What happens at a time while the prompt waits for a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Alarm {
    /// Words printed above the prompt (a clock's warning).
    Say(String),
    /// The player's flag falls: the wait ends with [`Line::Flag`]; where the line editor
    /// cannot be stopped, these words are printed instead and the next line ends it.
    Flag(String),
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// What was typed is not UTF-8 text.
    NotUtf8,
    /// A terminal hiccup, in the system's words.
    Other(String),
}

/// The source of lines.
pub enum Input {
    /// A terminal: line editing, completion and history.
    Terminal {
        editor: Box<Editor<ConsoleHelper, DefaultHistory>>,
        history: Option<PathBuf>,
        /// Whole lines pasted together, to run in order before anything new is read.
        ahead: VecDeque<String>,
        /// What is typed, held until a prompt asks for it (`None`: the terminal read
        /// directly, where it cannot be held).
        keyboard: Option<Rc<Keyboard>>,
    },
    /// A pipe or a file: lines echoed after the prompt, so a transcript reads like a session.
    Script {
        /// The raw lines, read by a thread of their own so that a running analysis can
        /// watch for the next one; the channel closes at the end of the input.
        lines: Receiver<Vec<u8>>,
        /// A line an analysis saw and left for the prompt (`None`: the end of the input).
        ahead: Option<Option<Vec<u8>>>,
        echo: Box<dyn Write>,
    },
}

/// How often a script's watcher looks whether the work it watches is done.
const WATCH_INTERVAL: Duration = Duration::from_millis(20);

impl Input {
    /// A rustyline editor with history from the player's data directory `data`, if
    /// there is one, completing the words of `lang`, reading what `keyboard` passes on.
    /// Falls back to plain lines if the terminal cannot be set up.
    pub fn terminal(
        position: &Position,
        lang: Lang,
        color: bool,
        data: Option<&DataDir>,
        keyboard: Option<Rc<Keyboard>>,
    ) -> Input {
        let config = Config::builder()
            .auto_add_history(false)
            .history_ignore_space(true)
            .completion_type(CompletionType::List)
            // Without colours the editor writes no escape sequence of its own either.
            .color_mode(if color {
                ColorMode::Enabled
            } else {
                ColorMode::Disabled
            })
            .build();
        let Ok(mut editor) = Editor::with_config(config) else {
            return Input::script();
        };
        editor.set_helper(Some(ConsoleHelper::new(position, lang, color)));
        let history = data.and_then(history_path);
        if let Some(path) = &history {
            let _ = editor.load_history(path);
        }
        Input::Terminal {
            editor: Box::new(editor),
            history,
            ahead: VecDeque::new(),
            keyboard,
        }
    }

    /// Plain lines from stdin, echoed to stdout.
    pub fn script() -> Input {
        Input::lines_from(io::BufReader::new(io::stdin()), Box::new(io::stdout()))
    }

    /// Plain lines from `source`, echoed to `echo`.
    fn lines_from(mut source: impl BufRead + Send + 'static, echo: Box<dyn Write>) -> Input {
        let (sender, lines) = std::sync::mpsc::channel();
        // The reader ends at the end of the input, or when nobody listens any more.
        let _ = std::thread::Builder::new()
            .name("script".to_string())
            .spawn(move || {
                loop {
                    let mut bytes = Vec::new();
                    match source.read_until(b'\n', &mut bytes) {
                        Ok(0) | Err(_) => break,
                        Ok(_) if sender.send(bytes).is_err() => break,
                        Ok(_) => {}
                    }
                }
            });
        Input::Script {
            lines,
            ahead: None,
            echo,
        }
    }

    /// Runs `work` until it ends or the player asks it to: `stop` is requested at Enter or
    /// Ctrl-C on a terminal (through `interrupts`), and at the next line or the end of a script (an empty line is
    /// taken as the Enter that stopped it, any other is left for the prompt). `watch`
    /// false runs `work` without listening to the script. Returns what `work` returned and
    /// whether Ctrl-C was pressed.
    pub fn until_enter<T>(
        &mut self,
        interrupts: Option<&Interrupts>,
        stop: &Stop,
        watch: bool,
        work: impl FnOnce() -> T,
    ) -> (T, bool) {
        match self {
            Input::Terminal {
                ahead, keyboard, ..
            } => {
                // A line typed before already waits: it is the one that stops the work.
                if !ahead.is_empty() {
                    stop.request();
                }
                let watch = interrupts.map(|interrupts| interrupts.watch(stop.clone(), true));
                let value = work();
                let interrupted = watch.is_some_and(Watch::finish);
                // The Enter that stopped it is taken; any other line runs at the prompt.
                if let Some(keyboard) = keyboard {
                    keyboard.take_an_empty_line();
                }
                (value, interrupted)
            }
            Input::Script { lines, ahead, .. } if watch && ahead.is_none() => {
                let done = AtomicBool::new(false);
                let (value, seen) = std::thread::scope(|scope| {
                    let watcher = scope.spawn(|| next_line(lines, &done, stop));
                    let value = work();
                    done.store(true, Ordering::Relaxed);
                    (value, watcher.join().unwrap_or(None))
                });
                *ahead = seen.filter(|line| line.as_ref().is_none_or(|bytes| !is_blank(bytes)));
                (value, false)
            }
            Input::Script { ahead: Some(_), .. } if watch => {
                // The next line is there already.
                stop.request();
                (work(), false)
            }
            Input::Script { .. } => (work(), false),
        }
    }

    /// Tells completion about the position and what the prompt asks.
    pub fn set_position(&mut self, position: &Position, mode: Mode) {
        if let Input::Terminal { editor, .. } = self
            && let Some(helper) = editor.helper_mut()
        {
            helper.set_position(position, mode);
        }
    }

    /// Takes out the lines typed ahead, whole or not, so that they do not answer a
    /// question asked after they were typed; they go into the history.
    pub fn set_aside(&mut self) -> Vec<String> {
        let Input::Terminal {
            editor,
            history,
            ahead,
            keyboard,
        } = self
        else {
            return Vec::new();
        };
        let mut lines: Vec<String> = ahead.drain(..).collect();
        lines.extend(keyboard.iter().flat_map(|keyboard| keyboard.set_aside()));
        lines.retain(|line| !line.trim().is_empty());
        for line in &lines {
            remember(editor, history.as_deref(), line);
        }
        lines
    }

    /// Reads a line after showing `prompt`; while it waits, each of `alarms` happens at
    /// its time, in order.
    pub fn read(&mut self, prompt: &str, alarms: &[(Instant, Alarm)]) -> Line {
        match self {
            Input::Terminal {
                editor,
                history,
                ahead,
                keyboard,
            } => {
                let typed_ahead = ahead
                    .pop_front()
                    .or_else(|| keyboard.as_ref().and_then(|keyboard| keyboard.take_line()));
                if let Some(line) = typed_ahead {
                    // As a script's lines are: the prompt and the line, as if typed now.
                    println!("{prompt}{}", visible(&line));
                    remember(editor, history.as_deref(), &line);
                    return Line::Text(line);
                }
                if let Some(keyboard) = keyboard {
                    keyboard.prompt();
                }
                let breaker = keyboard.as_ref().map(|keyboard| keyboard.breaker());
                let (read, flagged) = read_with_alarms(editor, prompt, alarms, breaker);
                if let Some(keyboard) = keyboard {
                    keyboard.prompt_done();
                }
                match read {
                    Err(ReadlineError::Interrupted) if flagged => Line::Flag,
                    Ok(line) => {
                        // Lines pasted together: the first runs now, the others after it.
                        let mut lines = line.split('\n').map(|line| line.trim_end_matches('\r'));
                        let first = lines.next().unwrap_or_default().to_string();
                        for (at, later) in lines.filter(|l| !l.trim().is_empty()).enumerate() {
                            ahead.insert(at, later.to_string());
                        }
                        remember(editor, history.as_deref(), &first);
                        Line::Text(first)
                    }
                    Err(ReadlineError::Interrupted) => Line::Interrupted,
                    Err(ReadlineError::Eof) => Line::Eof,
                    Err(error) => Line::Error(match error {
                        ReadlineError::Io(error) if error.kind() == io::ErrorKind::InvalidData => {
                            InputError::NotUtf8
                        }
                        error => InputError::Other(error.to_string()),
                    }),
                }
            }
            Input::Script { lines, ahead, echo } => {
                let next = match ahead.take() {
                    Some(line) => line,
                    None => match next_before_alarms(lines, alarms) {
                        Ok(line) => line,
                        Err(Flagged) => return Line::Flag,
                    },
                };
                match next {
                    None => Line::Eof,
                    Some(bytes) => {
                        // Bytes that are not UTF-8 become U+FFFD: explained, never fatal.
                        let text = String::from_utf8_lossy(&bytes);
                        let text = text.trim_end_matches(['\n', '\r']).to_string();
                        let _ = writeln!(echo, "{prompt}{}", visible(&text));
                        Line::Text(text)
                    }
                }
            }
        }
    }

    /// Saves what is left to save before the program ends.
    pub fn finish(&mut self) {
        if let Input::Terminal {
            editor,
            history: Some(path),
            ..
        } = self
        {
            let _ = save_history(editor.history(), path);
        }
    }
}

/// The flag fell before a line came.
struct Flagged;

/// A script's next line (`None` at the end of the input), the alarms due before it
/// happening on the way: a warning is printed, the flag ends the wait.
fn next_before_alarms(
    lines: &Receiver<Vec<u8>>,
    alarms: &[(Instant, Alarm)],
) -> Result<Option<Vec<u8>>, Flagged> {
    for (at, alarm) in alarms {
        match lines.recv_timeout(at.saturating_duration_since(Instant::now())) {
            Ok(bytes) => return Ok(Some(bytes)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => match alarm {
                Alarm::Say(text) => println!("{text}"),
                Alarm::Flag(_) => return Err(Flagged),
            },
        }
    }
    Ok(lines.recv().ok())
}

/// The line editor's read, with `alarms` happening on a thread of their own while it
/// waits: a warning printed above the prompt, the flag ending the wait through `breaker`
/// (the editor then reads Ctrl-C). Whether the flag fell.
fn read_with_alarms(
    editor: &mut Editor<ConsoleHelper, DefaultHistory>,
    prompt: &str,
    alarms: &[(Instant, Alarm)],
    breaker: Option<PromptBreaker>,
) -> (rustyline::Result<String>, bool) {
    if alarms.is_empty() {
        return (editor.readline(prompt), false);
    }
    let mut printer = editor.create_external_printer().ok();
    let flagged = AtomicBool::new(false);
    let (done, finished) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let fell = &flagged;
        scope.spawn(move || {
            for (at, alarm) in alarms {
                let wait = at.saturating_duration_since(Instant::now());
                if !matches!(finished.recv_timeout(wait), Err(RecvTimeoutError::Timeout)) {
                    return;
                }
                let text = match alarm {
                    Alarm::Say(text) => text,
                    Alarm::Flag(text) => {
                        fell.store(true, Ordering::SeqCst);
                        if breaker.as_ref().is_some_and(PromptBreaker::interrupt) {
                            return;
                        }
                        text
                    }
                };
                match &mut printer {
                    Some(printer) => {
                        let _ = printer.print(format!("{text}\n"));
                    }
                    None => println!("{text}"),
                }
            }
        });
        let read = editor.readline(prompt);
        drop(done);
        (read, flagged.load(Ordering::SeqCst))
    })
}

/// Puts a line that was typed into the history, and the history into its file.
fn remember(
    editor: &mut Editor<ConsoleHelper, DefaultHistory>,
    history: Option<&Path>,
    line: &str,
) {
    if line.trim().is_empty() {
        return;
    }
    let _ = editor.add_history_entry(line);
    if let Some(path) = history {
        // A history that cannot be written must never end the game.
        let _ = save_history(editor.history(), path);
    }
}

/// Waits for the next line of a script until `done`; requests `stop` when one comes or
/// the input ends. `Some(None)` is the end of the input.
fn next_line(
    lines: &mut Receiver<Vec<u8>>,
    done: &AtomicBool,
    stop: &Stop,
) -> Option<Option<Vec<u8>>> {
    while !done.load(Ordering::Relaxed) {
        let seen = match lines.recv_timeout(WATCH_INTERVAL) {
            Ok(bytes) => Some(bytes),
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => continue,
        };
        stop.request();
        return Some(seen);
    }
    None
}

/// Whether a raw line holds nothing but white space.
fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace)
}

/// The history file in the data directory (its directory created); `None` when it
/// cannot be made.
fn history_path(data: &DataDir) -> Option<PathBuf> {
    let path = data.history();
    DataDir::prepare(&path).ok()?;
    Some(path)
}

/// Writes the whole history in rustyline's own format (`#V2`, then one entry a line
/// with `\\` and `\n` escaped) through the one file writer, so that the file is
/// never left half written.
fn save_history(history: &DefaultHistory, path: &Path) -> io::Result<()> {
    write_atomically(path, history_text(history.iter()).as_bytes())
}

fn history_text<'a>(entries: impl Iterator<Item = &'a String>) -> String {
    let mut text = String::from("#V2\n");
    for entry in entries {
        text.push_str(&entry.replace('\\', "\\\\").replace('\n', "\\n"));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_lines_are_read_and_echoed_after_the_prompt() {
        let text: &[u8] = b"c3-d4\r\nfen\n\xff\xfehelp\nlast";
        let mut input = Input::lines_from(text, Box::new(io::sink()));
        assert_eq!(input.read("> ", &[]), Line::Text("c3-d4".into()));
        assert_eq!(input.read("> ", &[]), Line::Text("fen".into()));
        assert_eq!(
            input.read("> ", &[]),
            Line::Text("\u{FFFD}\u{FFFD}help".into())
        );
        assert_eq!(input.read("> ", &[]), Line::Text("last".into()));
        assert_eq!(input.read("> ", &[]), Line::Eof);
        assert_eq!(input.read("> ", &[]), Line::Eof);
    }

    #[test]
    fn a_watched_script_stops_the_work_at_the_next_line_and_keeps_a_command() {
        let text: &[u8] = b"\nfen\n";
        let mut input = Input::lines_from(text, Box::new(io::sink()));
        let stop = Stop::new();
        let wait = || {
            while !stop.is_requested() {
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        // The empty line stops the first work and is taken; "fen" stops the second and stays.
        input.until_enter(None, &stop, true, wait);
        stop.reset();
        input.until_enter(None, &stop, true, wait);
        assert_eq!(input.read("> ", &[]), Line::Text("fen".into()));
        stop.reset();
        input.until_enter(None, &stop, true, wait);
        assert_eq!(input.read("> ", &[]), Line::Eof);
    }

    #[test]
    fn work_that_ends_by_itself_leaves_the_script_alone() {
        let (reader, mut writer) = io::pipe().unwrap();
        let mut input = Input::lines_from(io::BufReader::new(reader), Box::new(io::sink()));
        let stop = Stop::new();
        let (value, interrupted) = input.until_enter(None, &stop, true, || 7);
        assert_eq!((value, interrupted, stop.is_requested()), (7, false, false));
        writer.write_all(b"board\n").unwrap();
        assert_eq!(input.read("> ", &[]), Line::Text("board".into()));
    }

    #[test]
    fn history_is_written_in_rustylines_format_and_read_back() {
        let entries = ["c3-d4".to_string(), "save a\\b.pdn".to_string()];
        let text = history_text(entries.iter());
        assert_eq!(text, "#V2\nc3-d4\nsave a\\\\b.pdn\n");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history");
        std::fs::write(&path, &text).unwrap();
        let mut history = DefaultHistory::new();
        rustyline::history::History::load(&mut history, &path).unwrap();
        let read: Vec<&String> = history.iter().collect();
        assert_eq!(read, entries.iter().collect::<Vec<_>>());
        std::fs::remove_file(&path).unwrap();
    }
}
