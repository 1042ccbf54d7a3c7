//! Ctrl-C while the bot works stops the work instead of ending the program, and what
//! the player types meanwhile waits for the prompt.
//!
//! On Unix the keyboard's thread sees Ctrl-C as a key and stops the work (see
//! [`super::keyboard`]); an analysis also stops at a line typed meanwhile (Enter). The
//! system's interrupt (SIGINT, or the console's Ctrl-C event on Windows) is caught too,
//! through the `ctrlc` crate, and does the same.

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::keyboard::{Keyboard, WorkGuard};
use shashki::engine::Stop;

/// The work Ctrl-C stops now, and the flag that says it was pressed.
type Busy = Arc<Mutex<Option<(Stop, Arc<AtomicBool>)>>>;

/// Ctrl-C caught for the whole session. While no work runs it does nothing: at the
/// prompt the line editor reads Ctrl-C as a key of its own (a console that delivers it
/// as an event all the same, as Wine's does, has it typed as a key on Windows).
pub(super) struct Interrupts {
    busy: Busy,
    keyboard: Option<Rc<Keyboard>>,
}

impl Interrupts {
    /// Catches Ctrl-C from now on, from `keyboard` too where the program holds it;
    /// `None` if the system will not let it be caught (then Ctrl-C ends the program, as
    /// it would anyway).
    pub fn install(keyboard: Option<Rc<Keyboard>>) -> Option<Interrupts> {
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
        Some(Interrupts { busy, keyboard })
    }

    /// Ctrl-C requests `stop` until the returned watch ends; with `enter`, so does a
    /// line typed meanwhile (on Unix; elsewhere the console cannot watch for a line
    /// without taking it).
    pub fn watch(&self, stop: Stop, enter: bool) -> Watch {
        let pressed = Arc::new(AtomicBool::new(false));
        *self.busy.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((stop.clone(), pressed.clone()));
        Watch {
            busy: self.busy.clone(),
            _keys: self
                .keyboard
                .as_ref()
                .map(|keyboard| keyboard.watch(stop, pressed.clone(), enter)),
            pressed,
        }
    }
}

/// Work that Ctrl-C stops, while this lives.
pub(super) struct Watch {
    busy: Busy,
    pressed: Arc<AtomicBool>,
    /// The keyboard's watch, which ends with this.
    _keys: Option<WorkGuard>,
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
