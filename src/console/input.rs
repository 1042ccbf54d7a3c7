//! Where lines come from: rustyline on a terminal, plain stdin lines from a script.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};

use super::helper::{ConsoleHelper, Mode};
use super::text::Lang;
use crate::Position;
use crate::files::{DataDir, write_atomically};

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
    },
    /// A pipe or a file: lines echoed after the prompt, so a transcript reads like a session.
    Script {
        lines: Box<dyn BufRead>,
        echo: Box<dyn Write>,
    },
}

impl Input {
    /// A rustyline editor with history from the user's data directory, if there is one,
    /// completing the words of `lang`. Falls back to plain lines if the terminal cannot
    /// be set up.
    pub fn terminal(position: &Position, lang: Lang, color: bool) -> Input {
        let config = Config::builder()
            .auto_add_history(false)
            .history_ignore_space(true)
            .completion_type(CompletionType::List)
            .build();
        let Ok(mut editor) = Editor::with_config(config) else {
            return Input::script();
        };
        editor.set_helper(Some(ConsoleHelper::new(position, lang, color)));
        let history = history_path();
        if let Some(path) = &history {
            let _ = editor.load_history(path);
        }
        Input::Terminal {
            editor: Box::new(editor),
            history,
        }
    }

    /// Plain lines from stdin, echoed to stdout.
    pub fn script() -> Input {
        Input::Script {
            lines: Box::new(io::stdin().lock()),
            echo: Box::new(io::stdout()),
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

    /// Reads a line after showing `prompt`.
    pub fn read(&mut self, prompt: &str) -> Line {
        match self {
            Input::Terminal { editor, history } => match editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                        if let Some(path) = history {
                            // A history that cannot be written must never end the game.
                            let _ = save_history(editor.history(), path);
                        }
                    }
                    Line::Text(line)
                }
                Err(ReadlineError::Interrupted) => Line::Interrupted,
                Err(ReadlineError::Eof) => Line::Eof,
                Err(error) => Line::Error(match error {
                    ReadlineError::Io(error) if error.kind() == io::ErrorKind::InvalidData => {
                        InputError::NotUtf8
                    }
                    error => InputError::Other(error.to_string()),
                }),
            },
            Input::Script { lines, echo } => {
                let mut bytes = Vec::new();
                match lines.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => Line::Eof,
                    Ok(_) => {
                        // Bytes that are not UTF-8 become U+FFFD: explained, never fatal.
                        let text = String::from_utf8_lossy(&bytes);
                        let text = text.trim_end_matches(['\n', '\r']).to_string();
                        let _ = writeln!(echo, "{prompt}{text}");
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
        } = self
        {
            let _ = save_history(editor.history(), path);
        }
    }
}

/// The history file in the data directory (its directory created); `None` when
/// there is no data directory or it cannot be made.
fn history_path() -> Option<PathBuf> {
    let path = DataDir::locate()?.history();
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
        let mut input = Input::Script {
            lines: Box::new(text),
            echo: Box::new(io::sink()),
        };
        assert_eq!(input.read("> "), Line::Text("c3-d4".into()));
        assert_eq!(input.read("> "), Line::Text("fen".into()));
        assert_eq!(input.read("> "), Line::Text("\u{FFFD}\u{FFFD}help".into()));
        assert_eq!(input.read("> "), Line::Text("last".into()));
        assert_eq!(input.read("> "), Line::Eof);
        assert_eq!(input.read("> "), Line::Eof);
    }

    #[test]
    fn history_is_written_in_rustylines_format_and_read_back() {
        let entries = ["c3-d4".to_string(), "save a\\b.pdn".to_string()];
        let text = history_text(entries.iter());
        assert_eq!(text, "#V2\nc3-d4\nsave a\\\\b.pdn\n");
        let path = std::env::temp_dir().join(format!("shashki-history-{}", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        let mut history = DefaultHistory::new();
        rustyline::history::History::load(&mut history, &path).unwrap();
        let read: Vec<&String> = history.iter().collect();
        assert_eq!(read, entries.iter().collect::<Vec<_>>());
        std::fs::remove_file(&path).unwrap();
    }
}
