//! Ctrl-C while the bot works stops the work instead of ending the program, and what
//! the player types meanwhile waits for the prompt.
//!
//! The interrupt is caught as the system delivers it (SIGINT on unix, the console's
//! Ctrl-C event on Windows, both through the `ctrlc` crate), so the terminal is not read
//! while the bot thinks: the lines typed or pasted meanwhile stay in the terminal's
//! input, and the prompt reads them afterwards, in order (see [`super::input`]).
//!
//! On unix the terminal stops echoing while the bot works, so that typing does not
//! garble the progress line, and Ctrl-C no longer flushes what was typed; an analysis
//! also stops at a line typed meanwhile (Enter).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use shashki::engine::Stop;

/// The work Ctrl-C stops now, and the flag that says it was pressed.
type Busy = Arc<Mutex<Option<(Stop, Arc<AtomicBool>)>>>;

/// Ctrl-C caught for the whole session. While no work runs it does nothing: at the
/// prompt the line editor reads Ctrl-C as a key of its own (a console that delivers it
/// as an event all the same, as Wine's does, has it typed as a key on Windows).
pub(super) struct Interrupts {
    busy: Busy,
}

impl Interrupts {
    /// Catches Ctrl-C from now on; `None` if the system will not let it be caught (then
    /// Ctrl-C ends the program, as it would anyway).
    pub fn install() -> Option<Interrupts> {
        let busy: Busy = Arc::new(Mutex::new(None));
        let handler = busy.clone();
        ctrlc::set_handler(move || {
            let busy = handler.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((stop, pressed)) = busy.as_ref() {
                pressed.store(true, Ordering::SeqCst);
                stop.request();
            } else {
                #[cfg(windows)]
                windows::type_ctrl_c_for_the_line_editor();
            }
        })
        .ok()?;
        Some(Interrupts { busy })
    }

    /// Ctrl-C requests `stop` until the returned watch ends; with `enter`, so does a
    /// line typed meanwhile (on a unix terminal).
    pub fn watch(&self, stop: Stop, enter: bool) -> Watch {
        // Elsewhere only Ctrl-C stops an analysis: the console cannot watch for a line
        // there without taking it.
        #[cfg(not(unix))]
        let _ = enter;
        let pressed = Arc::new(AtomicBool::new(false));
        *self.busy.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((stop.clone(), pressed.clone()));
        Watch {
            busy: self.busy.clone(),
            pressed,
            #[cfg(unix)]
            quiet: unix::Quiet::start(stop, enter),
        }
    }
}

/// Work that Ctrl-C stops, while this lives; the terminal is as it was when it ends, on
/// every path (a panic included).
pub(super) struct Watch {
    busy: Busy,
    pressed: Arc<AtomicBool>,
    #[cfg(unix)]
    quiet: Option<unix::Quiet>,
}

impl Watch {
    /// Ends the watch: whether Ctrl-C was pressed meanwhile.
    pub fn finish(self) -> bool {
        self.pressed.load(Ordering::SeqCst)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        *self.busy.lock().unwrap_or_else(PoisonError::into_inner) = None;
        #[cfg(unix)]
        drop(self.quiet.take());
    }
}

#[cfg(windows)]
mod windows {
    use windows_sys::Win32::System::Console::{
        CONSOLE_MODE, ENABLE_PROCESSED_INPUT, GetConsoleMode, GetStdHandle, INPUT_RECORD,
        INPUT_RECORD_0, KEY_EVENT, KEY_EVENT_RECORD, KEY_EVENT_RECORD_0, LEFT_CTRL_PRESSED,
        STD_INPUT_HANDLE, WriteConsoleInputW,
    };

    /// Puts Ctrl-C into the console's input as the key it is, for the line editor reading
    /// it to take as it takes Ctrl-C on Unix. Only while the console delivers keys raw
    /// (no processed input, as the line editor sets it): a console in its usual mode
    /// would turn the key back into the event this answers, over and over.
    pub fn type_ctrl_c_for_the_line_editor() {
        const C_KEY: u16 = 0x43;
        const CTRL_C: u16 = 3;
        let key = KEY_EVENT_RECORD {
            bKeyDown: 1,
            wRepeatCount: 1,
            wVirtualKeyCode: C_KEY,
            wVirtualScanCode: 0,
            uChar: KEY_EVENT_RECORD_0 {
                UnicodeChar: CTRL_C,
            },
            dwControlKeyState: LEFT_CTRL_PRESSED,
        };
        let record = INPUT_RECORD {
            EventType: KEY_EVENT as u16,
            Event: INPUT_RECORD_0 { KeyEvent: key },
        };
        // SAFETY: the handle is the process's standard input; the mode is read into a
        // local variable, and one record is written from a local variable.
        unsafe {
            let input = GetStdHandle(STD_INPUT_HANDLE);
            let mut mode: CONSOLE_MODE = 0;
            if GetConsoleMode(input, &mut mode) == 0 || mode & ENABLE_PROCESSED_INPUT != 0 {
                return;
            }
            let mut written = 0;
            WriteConsoleInputW(input, &record, 1, &mut written);
        }
    }
}

#[cfg(unix)]
pub(super) mod unix {
    use std::fs::File;
    use std::io::{self, PipeReader, PipeWriter, Read};
    use std::os::fd::AsFd;
    use std::thread::JoinHandle;

    use nix::errno::Errno;
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use nix::sys::termios::{
        LocalFlags, SetArg, SpecialCharacterIndices, Termios, tcgetattr, tcsetattr,
    };

    use shashki::engine::Stop;

    /// The terminal on stdin with its echo off, and, for an analysis, a thread that
    /// requests a stop once a line has been typed.
    pub(in crate::app::console) struct Quiet {
        saved: Termios,
        /// Dropping it wakes the watcher, which then ends.
        wake: Option<PipeWriter>,
        watcher: Option<JoinHandle<()>>,
    }

    impl Quiet {
        /// Turns the echo of the terminal on stdin off (and keeps what was typed at
        /// Ctrl-C); `None` if stdin is not a terminal.
        pub fn start(stop: Stop, enter: bool) -> Option<Quiet> {
            let stdin = io::stdin();
            let saved = tcgetattr(stdin.as_fd()).ok()?;
            let mut quiet = saved.clone();
            quiet
                .local_flags
                .remove(LocalFlags::ECHO | LocalFlags::ECHONL);
            quiet.local_flags.insert(LocalFlags::NOFLSH);
            tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &quiet).ok()?;
            let mut watch = Quiet {
                saved,
                wake: None,
                watcher: None,
            };
            if enter
                && let Ok((tty, woken, wake)) = stdin
                    .as_fd()
                    .try_clone_to_owned()
                    .and_then(|tty| io::pipe().map(|(woken, wake)| (File::from(tty), woken, wake)))
                && let Ok(watcher) = std::thread::Builder::new()
                    .name("enter".to_string())
                    .spawn(move || wait_for_a_line(&tty, &woken, &stop))
            {
                watch.wake = Some(wake);
                watch.watcher = Some(watcher);
            }
            Some(watch)
        }
    }

    impl Drop for Quiet {
        fn drop(&mut self) {
            drop(self.wake.take());
            if let Some(watcher) = self.watcher.take() {
                let _ = watcher.join();
            }
            let _ = tcsetattr(io::stdin().as_fd(), SetArg::TCSANOW, &self.saved);
        }
    }

    /// Requests `stop` once a whole line waits on `tty` (the terminal reads lines, so it
    /// is ready only at Enter); leaves the line there for the prompt. Ends when `woken`
    /// is closed at its other end.
    fn wait_for_a_line(tty: &File, woken: &PipeReader, stop: &Stop) {
        loop {
            let mut fds = [
                PollFd::new(tty.as_fd(), PollFlags::POLLIN),
                PollFd::new(woken.as_fd(), PollFlags::POLLIN),
            ];
            match poll(&mut fds, PollTimeout::NONE) {
                Ok(_) | Err(Errno::EINTR) => {}
                Err(_) => return,
            }
            let [line, wake] = fds.map(|fd| fd.revents().unwrap_or(PollFlags::empty()));
            if !wake.is_empty() {
                return;
            }
            if !line.is_empty() {
                stop.request();
                return;
            }
        }
    }

    /// Everything typed at the terminal on stdin and not yet read: whole lines and the
    /// start of the next one. Nothing if stdin is not a terminal.
    pub(in crate::app::console) fn typed_ahead() -> Vec<u8> {
        let stdin = io::stdin();
        let Ok(saved) = tcgetattr(stdin.as_fd()) else {
            return Vec::new();
        };
        let Ok(tty) = stdin.as_fd().try_clone_to_owned().map(File::from) else {
            return Vec::new();
        };
        // Byte by byte and without waiting: a read then returns what there is, the
        // unfinished line included, and nothing at all when nothing was typed.
        let mut at_once = saved.clone();
        at_once.local_flags.remove(LocalFlags::ICANON);
        at_once.control_chars[SpecialCharacterIndices::VMIN as usize] = 0;
        at_once.control_chars[SpecialCharacterIndices::VTIME as usize] = 0;
        if tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &at_once).is_err() {
            return Vec::new();
        }
        let mut typed = Vec::new();
        let mut chunk = [0u8; 1024];
        loop {
            match (&tty).read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => typed.extend_from_slice(&chunk[..n]),
            }
        }
        let _ = tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &saved);
        typed
    }
}
