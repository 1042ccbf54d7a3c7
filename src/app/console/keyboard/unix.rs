//! Unix: the terminal read by a thread of the program, the line editor reading a
//! pseudo-terminal of the program's own in place of standard input.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use nix::pty::openpty;
use nix::sys::signal::{Signal, kill};
use nix::sys::termios::{
    InputFlags, LocalFlags, SetArg, SpecialCharacterIndices, Termios, tcgetattr, tcsetattr,
};
use nix::unistd::{Pid, dup, dup2_stdin};

use shashki::engine::Stop;

const CTRL_C: u8 = 0x03;
const CTRL_D: u8 = 0x04;
const CTRL_Z: u8 = 0x1a;
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// The work that Ctrl-C, and perhaps Enter, stops while it runs.
struct Work {
    stop: Stop,
    pressed: Arc<AtomicBool>,
    /// Whether a whole line stops it too (an analysis).
    at_a_line: bool,
}

#[derive(Default)]
struct State {
    /// Typed and not yet passed on.
    held: Vec<u8>,
    /// A prompt waits for its line.
    passing: bool,
    /// Whether the bytes passed on so far end inside a paste.
    in_paste: bool,
    work: Option<Work>,
}

struct Shared {
    state: Mutex<State>,
    /// Where the line editor reads from.
    editor: Mutex<File>,
}

/// The keyboard of the terminal, held by the program for the session (see the module).
pub(in crate::app::console) struct Keyboard {
    shared: Arc<Shared>,
    terminal: OwnedFd,
    /// The terminal's mode before, restored at the end.
    saved: Termios,
    /// Standard input as it was, put back at the end.
    stdin: OwnedFd,
}

impl Keyboard {
    /// Takes the terminal on standard input over; `None` (and nothing changed) where it
    /// cannot be, when the program then reads the terminal directly.
    pub fn take_over() -> Option<Rc<Keyboard>> {
        let stdin = dup(std::io::stdin().as_fd()).ok()?;
        let terminal = dup(stdin.as_fd()).ok()?;
        let saved = tcgetattr(terminal.as_fd()).ok()?;
        let pty = openpty(None, None).ok()?;
        // The editor's side never echoes nor turns a key into a signal. It reads lines
        // as they are (a dumb terminal's editor reads whole lines); the editor sets a
        // mode of its own on it while it edits.
        let mut quiet = tcgetattr(pty.slave.as_fd()).ok()?;
        quiet.local_flags.remove(
            LocalFlags::ECHO
                | LocalFlags::ECHOE
                | LocalFlags::ECHOK
                | LocalFlags::ECHONL
                | LocalFlags::ECHOCTL
                | LocalFlags::ISIG,
        );
        tcsetattr(pty.slave.as_fd(), SetArg::TCSANOW, &quiet).ok()?;
        // The terminal gives each key as it is pressed, Ctrl-C and Ctrl-Z as keys, and
        // shows nothing typed; what is written to it is shown as before.
        let mut raw = saved.clone();
        raw.local_flags
            .remove(LocalFlags::ICANON | LocalFlags::ECHO | LocalFlags::ISIG | LocalFlags::IEXTEN);
        raw.input_flags
            .remove(InputFlags::IXON | InputFlags::ICRNL | InputFlags::INLCR | InputFlags::IGNCR);
        raw.control_chars[SpecialCharacterIndices::VMIN as usize] = 1;
        raw.control_chars[SpecialCharacterIndices::VTIME as usize] = 0;
        tcsetattr(terminal.as_fd(), SetArg::TCSANOW, &raw).ok()?;
        if dup2_stdin(pty.slave.as_fd()).is_err() {
            let _ = tcsetattr(terminal.as_fd(), SetArg::TCSANOW, &saved);
            return None;
        }
        let keyboard = Rc::new(Keyboard {
            shared: Arc::new(Shared {
                state: Mutex::new(State::default()),
                editor: Mutex::new(File::from(pty.master)),
            }),
            terminal,
            saved,
            stdin,
        });
        let reader = File::from(dup(keyboard.terminal.as_fd()).ok()?);
        let shared = keyboard.shared.clone();
        let (terminal, saved) = (keyboard.terminal.try_clone().ok()?, keyboard.saved.clone());
        std::thread::Builder::new()
            .name("keyboard".to_string())
            .spawn(move || read_keys(reader, &shared, &terminal, &saved, &raw))
            .ok()?;
        Some(keyboard)
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The first whole line held, typed while no prompt waited, with its editing keys
    /// done (backspace, Ctrl-U); the prompt runs it as a script's line.
    pub fn take_line(&self) -> Option<String> {
        let mut state = self.state();
        let end = line_end(&state.held, state.in_paste)?;
        let line: Vec<u8> = state.held.drain(..=end).collect();
        Some(edited(&line[..end]))
    }

    /// A prompt waits: the line editor may have the held keys, to the end of a line.
    pub fn prompt(&self) {
        let mut state = self.state();
        state.passing = true;
        pass_on(&mut state, &self.shared.editor);
    }

    /// The prompt has its line (or gave up on it): nothing more is passed on.
    pub fn prompt_done(&self) {
        self.state().passing = false;
    }

    /// While the returned guard lives, Ctrl-C sets `pressed` and requests `stop`, and
    /// with `at_a_line` a whole line typed requests it too (one held already, at once).
    pub fn watch(&self, stop: Stop, pressed: Arc<AtomicBool>, at_a_line: bool) -> WorkGuard {
        let mut state = self.state();
        if at_a_line && line_end(&state.held, false).is_some() {
            stop.request();
        }
        state.work = Some(Work {
            stop,
            pressed,
            at_a_line,
        });
        WorkGuard {
            shared: self.shared.clone(),
        }
    }

    /// What ends the prompt's wait from another thread.
    pub fn breaker(&self) -> PromptBreaker {
        PromptBreaker {
            shared: self.shared.clone(),
        }
    }

    /// After a watch for a line: the empty line that stopped the work is taken.
    pub fn take_an_empty_line(&self) {
        let mut state = self.state();
        if let Some(end) = line_end(&state.held, false) {
            let line = &state.held[..end];
            if line.iter().all(u8::is_ascii_whitespace) {
                state.held.drain(..=end);
            }
        }
    }

    /// Takes everything held, which was typed before a question was shown: its whole
    /// lines and the start of the next one, as text.
    pub fn set_aside(&self) -> Vec<String> {
        let mut state = self.state();
        let held = std::mem::take(&mut state.held);
        state.in_paste = false;
        lines_of(&held)
    }
}

impl Drop for Keyboard {
    fn drop(&mut self) {
        let _ = tcsetattr(self.terminal.as_fd(), SetArg::TCSANOW, &self.saved);
        let _ = dup2_stdin(self.stdin.as_fd());
    }
}

/// Ends the line editor's wait from another thread (a clock's flag fell): the editor
/// reads Ctrl-C, as if it was pressed.
#[derive(Clone)]
pub(in crate::app::console) struct PromptBreaker {
    shared: Arc<Shared>,
}

impl PromptBreaker {
    /// Whether the wait was ended: not where a whole line is on its way already.
    pub fn interrupt(&self) -> bool {
        let mut state = self
            .shared
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if !state.passing {
            return false;
        }
        state.passing = false;
        let mut editor = self
            .shared
            .editor
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        editor
            .write_all(&[CTRL_C])
            .and_then(|()| editor.flush())
            .is_ok()
    }
}

/// Ends a [`Keyboard::watch`] when dropped.
pub(in crate::app::console) struct WorkGuard {
    shared: Arc<Shared>,
}

impl Drop for WorkGuard {
    fn drop(&mut self) {
        let mut state = self
            .shared
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        state.work = None;
    }
}

/// The end of the first line of `bytes` (its CR or LF) outside a paste, the bytes
/// starting `in_paste` or not.
fn line_end(bytes: &[u8], mut in_paste: bool) -> Option<usize> {
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        if rest.starts_with(PASTE_START) {
            in_paste = true;
        } else if rest.starts_with(PASTE_END) {
            in_paste = false;
        } else if !in_paste && matches!(bytes[at], b'\r' | b'\n') {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// The text of a line typed at the keyboard: backspace takes the character before it,
/// Ctrl-U the whole line; escape sequences (arrow keys) and paste marks are left out.
fn edited(bytes: &[u8]) -> String {
    let mut line: Vec<char> = Vec::new();
    let text = String::from_utf8_lossy(bytes);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x7f' | '\x08' => {
                line.pop();
            }
            '\x15' => line.clear(),
            '\x1b' => {
                // A sequence `ESC [ ... final` or `ESC O x`: left out whole.
                match chars.next() {
                    Some('[') => {
                        while chars.next_if(|c| !('@'..='~').contains(c)).is_some() {}
                        chars.next();
                    }
                    Some(_) | None => {
                        chars.next();
                    }
                }
            }
            c if c.is_control() && c != '\t' => {}
            c => line.push(c),
        }
    }
    line.into_iter().collect()
}

/// The lines of typed `bytes`, paste marks and other keys that are no text left out.
fn lines_of(bytes: &[u8]) -> Vec<String> {
    let mut text = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        if rest.starts_with(PASTE_START) || rest.starts_with(PASTE_END) {
            at += PASTE_START.len();
            continue;
        }
        text.push(bytes[at]);
        at += 1;
    }
    String::from_utf8_lossy(&text)
        .split(['\r', '\n'])
        .map(|line| line.chars().filter(|c| !c.is_control()).collect::<String>())
        .filter(|line| !line.trim().is_empty())
        .collect()
}

/// Whether `bytes` end inside a paste, starting `in_paste` or not.
fn ends_in_paste(bytes: &[u8], mut in_paste: bool) -> bool {
    for at in 0..bytes.len() {
        if bytes[at..].starts_with(PASTE_START) {
            in_paste = true;
        } else if bytes[at..].starts_with(PASTE_END) {
            in_paste = false;
        }
    }
    in_paste
}

/// Passes held keys on to the line editor while a prompt waits, up to the end of one
/// line; once that is passed, the rest waits for the next prompt.
fn pass_on(state: &mut State, editor: &Mutex<File>) {
    if !state.passing || state.held.is_empty() {
        return;
    }
    let end = line_end(&state.held, state.in_paste);
    let count = end.map_or(state.held.len(), |end| end + 1);
    let passed: Vec<u8> = state.held.drain(..count).collect();
    state.in_paste = ends_in_paste(&passed, state.in_paste);
    if end.is_some() {
        state.passing = false;
    }
    let mut editor = editor.lock().unwrap_or_else(PoisonError::into_inner);
    let _ = editor.write_all(&passed).and_then(|()| editor.flush());
}

/// The keyboard's thread: reads the terminal until it is gone, and holds, passes on or
/// acts on each key (see the module). Ctrl-Z gives the terminal back as it was while
/// the program is stopped.
fn read_keys(
    mut reader: File,
    shared: &Shared,
    terminal: &OwnedFd,
    saved: &Termios,
    raw: &Termios,
) {
    let mut chunk = [0u8; 1024];
    loop {
        let count = match reader.read(&mut chunk) {
            Ok(0) | Err(_) => {
                // The terminal is gone: the editor reads the end of the input.
                let mut editor = shared.editor.lock().unwrap_or_else(PoisonError::into_inner);
                let _ = editor.write_all(&[CTRL_D]);
                return;
            }
            Ok(count) => count,
        };
        let mut state = shared.state.lock().unwrap_or_else(PoisonError::into_inner);
        for &byte in &chunk[..count] {
            let in_paste = ends_in_paste(&state.held, state.in_paste);
            match byte {
                CTRL_C if !in_paste => match &state.work {
                    Some(work) => {
                        work.pressed.store(true, Ordering::SeqCst);
                        work.stop.request();
                    }
                    None if state.passing => state.held.push(byte),
                    // Between prompts there is nothing to stop or clear.
                    None => {}
                },
                CTRL_Z if !in_paste => {
                    let _ = tcsetattr(terminal.as_fd(), SetArg::TCSANOW, saved);
                    let _ = kill(Pid::from_raw(0), Signal::SIGTSTP);
                    let _ = tcsetattr(terminal.as_fd(), SetArg::TCSANOW, raw);
                }
                _ => state.held.push(byte),
            }
        }
        if let Some(work) = &state.work
            && work.at_a_line
            && line_end(&state.held, state.in_paste).is_some()
        {
            work.stop.request();
        }
        pass_on(&mut state, &shared.editor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_ends_at_its_first_return_outside_a_paste() {
        assert_eq!(line_end(b"c3-d4\rfen\r", false), Some(5));
        assert_eq!(line_end(b"c3-d4", false), None);
        let pasted = b"\x1b[200~fen\rmoves\x1b[201~\rhistory\r";
        assert_eq!(line_end(pasted, false), Some(pasted.len() - 9));
        assert_eq!(line_end(b"fen\rx", true), None);
        assert!(ends_in_paste(b"\x1b[200~fen", false));
        assert!(!ends_in_paste(b"fen\x1b[201~", true));
    }

    #[test]
    fn a_line_typed_ahead_is_read_with_its_editing_done() {
        assert_eq!(edited(b"fem\x7fn"), "fen");
        assert_eq!(edited(b"junk\x15moves"), "moves");
        assert_eq!(edited(b"c3\x1b[D\x1b[C-d4"), "c3-d4");
        assert_eq!(edited("сохранить п.pdn".as_bytes()), "сохранить п.pdn");
    }

    #[test]
    fn held_keys_read_as_their_lines() {
        let held = "save партия.pdn\r\x1b[200~да\x1b[201~\rc3\x03".as_bytes();
        assert_eq!(lines_of(held), ["save партия.pdn", "да", "c3"]);
    }
}
