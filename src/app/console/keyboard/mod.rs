//! The terminal's keyboard: what is typed reaches the line editor only when a prompt asks
//! for it, so that what waits when a question is shown, typed before it, can be set aside
//! instead of answering it.
//!
//! On Unix a line editor reads whatever the terminal has: lines pasted at once would
//! reach it together, and a question raised by the first would be answered by the next.
//! There the program reads the terminal (raw, without echo) on a thread of its own and
//! holds what is typed; the line editor reads a pseudo-terminal of the program's, put in
//! place of standard input, and gets the held keys only while a prompt waits, up to the
//! end of one line. While the bot works nothing is passed on: Ctrl-C stops the work (the
//! terminal sends it as a key, not a signal), and with a watch for Enter a whole line
//! does too. A terminal paste (between its paste marks) is passed on whole.
//!
//! On Windows the line editor reads the console's input one key at a time, so the keys
//! typed before a prompt wait in the console: a question takes them out of it.

#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub(super) use unix::{Keyboard, PromptBreaker, WorkGuard};

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub(super) use windows::{Keyboard, PromptBreaker, WorkGuard};
