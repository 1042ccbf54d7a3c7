//! What differs between systems for a program run in a console: whether the console
//! understands escape sequences (a Windows console must be asked to), the language of
//! the system's interface, and whether the program has its console to itself (started
//! from Explorer, whose window closes with the program).

/// Asks the console on standard output to understand escape sequences (colours, a line
/// redrawn in place), and says whether it will. A Windows console does once its
/// virtual-terminal processing is on, which Windows 10 and later have; elsewhere a
/// terminal always does.
pub fn escape_sequences() -> bool {
    #[cfg(windows)]
    {
        windows::enable_virtual_terminal()
    }
    #[cfg(not(windows))]
    {
        true
    }
}

/// The language of the system's interface as a language tag (`ru-RU`), for when no
/// locale variable names one: the first preferred language of Windows and of macOS,
/// and on other systems the locale variables again.
pub fn interface_language() -> Option<String> {
    sys_locale::get_locale()
}

/// Whether this program is the only one using its console window: on Windows, a
/// program started from Explorer (a double-click), whose window vanishes as soon as it
/// ends. Never elsewhere, nor when another program (a shell, a GUI) shares the console.
pub fn console_of_its_own() -> bool {
    #[cfg(windows)]
    {
        windows::console_processes() == 1
    }
    #[cfg(not(windows))]
    {
        false
    }
}

#[cfg(windows)]
mod windows {
    use windows_sys::Win32::Foundation::HANDLE;
    use windows_sys::Win32::System::Console::{
        CONSOLE_MODE, CONSOLE_SCREEN_BUFFER_INFO, COORD, ENABLE_VIRTUAL_TERMINAL_PROCESSING,
        FillConsoleOutputCharacterW, GetConsoleMode, GetConsoleProcessList,
        GetConsoleScreenBufferInfo, GetStdHandle, STD_OUTPUT_HANDLE, SetConsoleCursorPosition,
        SetConsoleMode, WriteConsoleW,
    };

    /// Switches on virtual-terminal processing of the console on standard output, if it
    /// is a console; whether escape sequences are now understood there.
    pub fn enable_virtual_terminal() -> bool {
        // SAFETY: the handle is the process's own standard output, and the mode is read
        // into a local variable before it is written back with one more flag.
        unsafe {
            let out = GetStdHandle(STD_OUTPUT_HANDLE);
            let mut mode: CONSOLE_MODE = 0;
            if GetConsoleMode(out, &mut mode) == 0 {
                return false;
            }
            if mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING == 0
                && SetConsoleMode(out, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) == 0
            {
                return false;
            }
            understands_escapes(out)
        }
    }

    /// Whether the console `out` really reads escape sequences: some take the mode and
    /// print the sequence as text all the same (Wine 8's). A sequence that moves nothing
    /// must leave the cursor where it was; where it moved, the cells it took are blanked
    /// and the cursor put back.
    ///
    /// # Safety
    /// `out` is a console screen buffer's handle.
    unsafe fn understands_escapes(out: HANDLE) -> bool {
        const RESET: &[u16] = &[0x1b, b'[' as u16, b'0' as u16, b'm' as u16];
        let cursor = || {
            // SAFETY: the information is written into a local variable.
            unsafe {
                let mut info: CONSOLE_SCREEN_BUFFER_INFO = std::mem::zeroed();
                (GetConsoleScreenBufferInfo(out, &mut info) != 0).then_some(info.dwCursorPosition)
            }
        };
        let Some(before) = cursor() else {
            return false;
        };
        let mut written = 0;
        // SAFETY: the text is a local array of its stated length.
        unsafe {
            WriteConsoleW(
                out,
                RESET.as_ptr().cast(),
                RESET.len() as u32,
                &mut written,
                std::ptr::null(),
            );
        }
        let Some(after) = cursor() else {
            return false;
        };
        if same(before, after) {
            return true;
        }
        // SAFETY: the cells from `before` on are the console's own.
        unsafe {
            FillConsoleOutputCharacterW(out, u16::from(b' '), written.max(4), before, &mut written);
            SetConsoleCursorPosition(out, before);
        }
        false
    }

    fn same(a: COORD, b: COORD) -> bool {
        (a.X, a.Y) == (b.X, b.Y)
    }

    /// How many processes use this process's console (0 when it has none).
    pub fn console_processes() -> u32 {
        let mut ids = [0u32; 2];
        // SAFETY: the buffer holds as many ids as the length passed says; the call
        // writes at most that many and returns the whole count.
        unsafe { GetConsoleProcessList(ids.as_mut_ptr(), ids.len() as u32) }
    }
}
