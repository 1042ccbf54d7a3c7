//! Windows: the keys typed before a question wait in the console's input, where the
//! line editor reads them one at a time; a question takes them out first. Ctrl-C while
//! the bot works is the console's event (see [`super::super::interrupt`]).

use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use shashki::engine::Stop;
use windows_sys::Win32::System::Console::{
    GetNumberOfConsoleInputEvents, GetStdHandle, INPUT_RECORD, KEY_EVENT, ReadConsoleInputW,
    STD_INPUT_HANDLE,
};

/// The virtual key of Enter.
const VK_RETURN: u16 = 0x0d;

/// The console's input, for the questions.
pub(in crate::app::console) struct Keyboard;

/// Nothing to end: Ctrl-C is the console's event.
pub(in crate::app::console) struct WorkGuard;

/// The line editor's wait cannot be ended from another thread here: a flag that falls
/// while it waits is said at once, and the game ends at the next line.
#[derive(Clone)]
pub(in crate::app::console) struct PromptBreaker;

impl PromptBreaker {
    /// Never ends the wait.
    pub fn interrupt(&self) -> bool {
        false
    }
}

impl Keyboard {
    /// The console on standard input.
    pub fn take_over() -> Option<Rc<Keyboard>> {
        Some(Rc::new(Keyboard))
    }

    /// Lines typed ahead wait in the console, for the line editor.
    pub fn take_line(&self) -> Option<String> {
        None
    }

    /// The line editor reads the console itself.
    pub fn prompt(&self) {}

    /// The line editor reads the console itself.
    pub fn prompt_done(&self) {}

    /// Ctrl-C is the console's event: nothing to watch here.
    pub fn watch(&self, _: Stop, _: Arc<AtomicBool>, _: bool) -> WorkGuard {
        WorkGuard
    }

    /// Nothing was taken.
    pub fn take_an_empty_line(&self) {}

    /// The line editor reads the console itself: its wait cannot be ended from here.
    pub fn breaker(&self) -> PromptBreaker {
        PromptBreaker
    }

    /// Takes the keys waiting in the console's input, typed before a question was shown:
    /// their whole lines and the start of the next one, as text.
    pub fn set_aside(&self) -> Vec<String> {
        let mut text = String::new();
        let mut units: Vec<u16> = Vec::new();
        // SAFETY: the handle is the process's standard input; the records are read into
        // a buffer of the count asked for, and only as many as were read are looked at.
        unsafe {
            let input = GetStdHandle(STD_INPUT_HANDLE);
            let mut waiting = 0;
            if GetNumberOfConsoleInputEvents(input, &mut waiting) == 0 || waiting == 0 {
                return Vec::new();
            }
            let mut records: Vec<INPUT_RECORD> = vec![std::mem::zeroed(); waiting as usize];
            let mut read = 0;
            if ReadConsoleInputW(input, records.as_mut_ptr(), waiting, &mut read) == 0 {
                return Vec::new();
            }
            for record in &records[..read as usize] {
                if u32::from(record.EventType) != KEY_EVENT {
                    continue;
                }
                let key = record.Event.KeyEvent;
                if key.bKeyDown == 0 {
                    continue;
                }
                if key.wVirtualKeyCode == VK_RETURN {
                    units.push(u16::from(b'\n'));
                } else if key.uChar.UnicodeChar != 0 {
                    units.push(key.uChar.UnicodeChar);
                }
            }
        }
        text.push_str(&String::from_utf16_lossy(&units));
        text.split(['\r', '\n'])
            .map(|line| line.chars().filter(|c| !c.is_control()).collect::<String>())
            .filter(|line| !line.trim().is_empty())
            .collect()
    }
}
