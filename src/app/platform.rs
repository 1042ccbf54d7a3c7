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
    use windows_sys::Win32::System::Console::{
        CONSOLE_MODE, ENABLE_VIRTUAL_TERMINAL_PROCESSING, GetConsoleMode, GetConsoleProcessList,
        GetStdHandle, STD_OUTPUT_HANDLE, SetConsoleMode,
    };

    /// Switches on virtual-terminal processing of the console on standard output, if it
    /// is a console; whether it is on.
    pub fn enable_virtual_terminal() -> bool {
        // SAFETY: the handle is the process's own standard output, and the mode is read
        // into a local variable before it is written back with one more flag.
        unsafe {
            let out = GetStdHandle(STD_OUTPUT_HANDLE);
            let mut mode: CONSOLE_MODE = 0;
            if GetConsoleMode(out, &mut mode) == 0 {
                return false;
            }
            mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0
                || SetConsoleMode(out, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0
        }
    }

    /// How many processes use this process's console (0 when it has none).
    pub fn console_processes() -> u32 {
        let mut ids = [0u32; 2];
        // SAFETY: the buffer holds as many ids as the length passed says; the call
        // writes at most that many and returns the whole count.
        unsafe { GetConsoleProcessList(ids.as_mut_ptr(), ids.len() as u32) }
    }
}
