//! Ctrl-C while the bot thinks: it stops the search instead of ending the program.

use crate::engine::Stop;

/// While it lives, the terminal on stdin is quiet and watched: typing is neither echoed
/// nor kept (it would garble the progress line and answer a prompt not yet shown), and
/// Ctrl-C requests a stop of the search (so does Enter, for an analysis). The terminal is restored when it ends, on every
/// path (a panic included).
///
/// On unix the terminal's interrupt signal, echo and line editing are off meanwhile, and
/// a thread reads the keys as they come; elsewhere the terminal is left alone.
pub(super) struct InterruptWatch {
    #[cfg(unix)]
    watch: Option<unix::Watch>,
}

impl InterruptWatch {
    /// Starts watching the terminal on stdin, if it is one, for Ctrl-C (and Enter when
    /// `enter`) to request `stop`.
    pub fn start(stop: Stop, enter: bool) -> InterruptWatch {
        #[cfg(unix)]
        {
            InterruptWatch {
                watch: unix::Watch::start(stop, enter),
            }
        }
        #[cfg(not(unix))]
        {
            let _ = (stop, enter);
            InterruptWatch {}
        }
    }

    /// Ends the watch and restores the terminal: whether Ctrl-C was pressed meanwhile.
    pub fn finish(self) -> bool {
        #[cfg(unix)]
        {
            self.watch.is_some_and(unix::Watch::finish)
        }
        #[cfg(not(unix))]
        {
            false
        }
    }
}

#[cfg(unix)]
mod unix {
    use std::fs::File;
    use std::io::{self, PipeReader, PipeWriter, Read};
    use std::os::fd::AsFd;
    use std::thread::JoinHandle;

    use nix::errno::Errno;
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use nix::sys::termios::{
        FlushArg, LocalFlags, SetArg, SpecialCharacterIndices, Termios, tcflush, tcgetattr,
        tcsetattr,
    };

    use crate::engine::Stop;

    /// The byte a terminal sends for Ctrl-C when it does not turn it into a signal.
    const CTRL_C: u8 = 0x03;

    /// The quiet terminal's saved settings and the thread reading its keys.
    pub(super) struct Watch {
        saved: Termios,
        /// Dropping it wakes the reader, which then ends.
        wake: Option<PipeWriter>,
        reader: Option<JoinHandle<bool>>,
    }

    impl Watch {
        /// Quietens the terminal on stdin and starts reading its keys; `None` if stdin is
        /// not a terminal (or will not be set up).
        pub fn start(stop: Stop, enter: bool) -> Option<Watch> {
            let stdin = io::stdin();
            let saved = tcgetattr(stdin.as_fd()).ok()?;
            let mut quiet = saved.clone();
            // Keys arrive one by one, Ctrl-C as a byte rather than a signal, none echoed.
            quiet.local_flags.remove(
                LocalFlags::ISIG | LocalFlags::ICANON | LocalFlags::IEXTEN | LocalFlags::ECHO,
            );
            quiet.control_chars[SpecialCharacterIndices::VMIN as usize] = 1;
            quiet.control_chars[SpecialCharacterIndices::VTIME as usize] = 0;
            tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &quiet).ok()?;
            let mut watch = Watch {
                saved,
                wake: None,
                reader: None,
            };
            // Without the reader the keys are still dropped, but Ctrl-C does nothing.
            if let Ok((tty, wake, woken)) = stdin
                .as_fd()
                .try_clone_to_owned()
                .and_then(|tty| io::pipe().map(|(woken, wake)| (File::from(tty), wake, woken)))
                && let Ok(reader) = std::thread::Builder::new()
                    .name("ctrl-c".to_string())
                    .spawn(move || read_keys(&tty, &woken, &stop, enter))
            {
                watch.wake = Some(wake);
                watch.reader = Some(reader);
            }
            Some(watch)
        }

        /// Stops the reader and restores the terminal: whether Ctrl-C was pressed.
        pub fn finish(mut self) -> bool {
            self.stop_reading()
        }

        fn stop_reading(&mut self) -> bool {
            drop(self.wake.take());
            self.reader
                .take()
                .is_some_and(|reader| reader.join().unwrap_or(false))
        }
    }

    impl Drop for Watch {
        fn drop(&mut self) {
            self.stop_reading();
            let stdin = io::stdin();
            // What was typed meanwhile is dropped, not left for the next prompt.
            let _ = tcflush(stdin.as_fd(), FlushArg::TCIFLUSH);
            let _ = tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &self.saved);
        }
    }

    /// Reads and drops the keys typed at `tty`, requesting `stop` at Ctrl-C (and at Enter
    /// when `enter`), until `woken` is closed at its other end (or the terminal is gone):
    /// whether Ctrl-C came.
    fn read_keys(tty: &File, woken: &PipeReader, stop: &Stop, enter: bool) -> bool {
        let mut interrupted = false;
        let mut keys = [0u8; 64];
        loop {
            let mut fds = [
                PollFd::new(tty.as_fd(), PollFlags::POLLIN),
                PollFd::new(woken.as_fd(), PollFlags::POLLIN),
            ];
            match poll(&mut fds, PollTimeout::NONE) {
                Ok(_) | Err(Errno::EINTR) => {}
                Err(_) => return interrupted,
            }
            let [key, wake] = fds.map(|fd| fd.revents().unwrap_or(PollFlags::empty()));
            if !wake.is_empty() {
                return interrupted;
            }
            if key.contains(PollFlags::POLLIN) {
                match (&*tty).read(&mut keys) {
                    Ok(0) => return interrupted,
                    Ok(n) => {
                        if keys[..n].contains(&CTRL_C) {
                            stop.request();
                            interrupted = true;
                        } else if enter && keys[..n].iter().any(|&key| key == b'\r' || key == b'\n')
                        {
                            stop.request();
                        }
                    }
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => return interrupted,
                }
            } else if !key.is_empty() {
                // Hung up or in error: nothing more will come from this terminal.
                return interrupted;
            }
        }
    }
}
