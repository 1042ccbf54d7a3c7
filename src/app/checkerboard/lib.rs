//! shashki as an engine of CheckerBoard, the Windows draughts program: a DLL that
//! CheckerBoard loads from its `engines` folder and drives through three functions,
//! `getmove`, `enginecommand` and `islegal` (version 2 of its engine interface, game
//! type 25, Russian draughts).
//!
//! This file holds only the exported functions: each turns CheckerBoard's pointers
//! into values, calls the [`Session`] that keeps the engine between calls, and writes
//! back. A panic never crosses into CheckerBoard: each function catches it and answers
//! as for a position it cannot play. What each call means is in the modules: the board's
//! layout in [`board`], the moves in [`moves`] and [`movelist`], the commands in
//! [`command`], the thinking in [`think`], where the files are in [`place`], the text's
//! code page in [`ansi`].

#![warn(missing_docs)]

pub mod ansi;
pub mod board;
pub mod command;
pub mod movelist;
pub mod moves;
pub mod place;
pub mod session;
pub mod think;

use std::ffi::{CStr, c_char, c_int};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::LazyLock;

use crate::ansi::Buffer;
use crate::board::Board;
use crate::moves::{CbMove, Described};
pub use crate::session::Session;

/// The room CheckerBoard gives the status line, its end mark included.
pub const STATUS_SIZE: usize = 1024;

/// The one session of the loaded DLL: CheckerBoard's calls carry no handle.
static SESSION: LazyLock<Session> = LazyLock::new(Session::for_checkerboard);

/// `work`'s value, or `fallback` if it panics.
fn guarded<T>(fallback: T, work: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or(fallback)
}

/// The player's Play button, read while the engine thinks.
struct PlayNow(*const c_int);

// SAFETY: CheckerBoard keeps the flag alive through the `getmove` call, and the thread
// that reads it is joined before `getmove` returns; it is only read.
unsafe impl Sync for PlayNow {}

impl PlayNow {
    fn pressed(&self) -> bool {
        // SAFETY: see `Sync` above; volatile, since CheckerBoard's window thread writes
        // it with a plain store while this one waits for it to change.
        !self.0.is_null() && unsafe { self.0.read_volatile() } != 0
    }
}

/// CheckerBoard asks for the engine's move.
///
/// `board` holds the position (see [`board`]) with `color` to move; on return it holds
/// the position after the engine's move, `mv` describes the move and `status` says what
/// decided it. The engine thinks for about `maxtime` seconds (`info` and `moreinfo`:
/// exact time, an incremental clock; see [`think::limits`]) and answers at once when
/// `*playnow` becomes nonzero. Returns [`think::WIN`], [`think::LOSS`], [`think::DRAW`]
/// or [`think::UNKNOWN`].
///
/// # Safety
///
/// Each pointer is null or valid: `board` for reads and writes of the board, `status`
/// for writes of [`STATUS_SIZE`] bytes, `playnow` for reads until the call returns,
/// `mv` for a write of a [`CbMove`].
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)] // CheckerBoard's signature
pub unsafe extern "system" fn getmove(
    board: *mut Board,
    color: c_int,
    maxtime: f64,
    status: *mut c_char,
    playnow: *const c_int,
    info: c_int,
    moreinfo: c_int,
    mv: *mut CbMove,
) -> c_int {
    // SAFETY: the caller's promise about `status`.
    let status = unsafe { Buffer::new(status, STATUS_SIZE) };
    let write_status = |text: &str| {
        if let Some(status) = &status {
            status.write(text);
        }
    };
    guarded(think::UNKNOWN, || {
        // SAFETY: the caller's promise about `board`.
        let Some(board) = (unsafe { board.as_mut() }) else {
            return think::UNKNOWN;
        };
        let session = &*SESSION;
        let position = match board::position(board, color) {
            Ok(position) => position,
            Err(error) => {
                let reason = session.text().render(&error.message());
                write_status(
                    &session
                        .text()
                        .render(&shashki::msg!("cb-bad-board", reason = reason)),
                );
                return think::UNKNOWN;
            }
        };
        let play_now = PlayNow(playnow);
        let played = session.get_move(
            position,
            think::limits(maxtime, info, moreinfo),
            info & think::RESET_MOVES != 0,
            &|| play_now.pressed(),
            &mut |line: &str| write_status(line),
        );
        if let Some((described, after)) = &played.mv {
            board::write(after, board);
            // SAFETY: the caller's promise about `mv`.
            if let Some(mv) = unsafe { mv.as_mut() } {
                *mv = described.cb_move();
            }
        }
        played.result
    })
}

/// CheckerBoard's other questions and settings (see [`command`]): writes the reply into
/// `reply` and returns 1 for a command the engine handles, 0 for one it does not.
///
/// # Safety
///
/// `command` is null or a string with its end mark; `reply` is null or valid for writes
/// of [`movelist::REPLY_SIZE`] bytes.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn enginecommand(command: *const c_char, reply: *mut c_char) -> c_int {
    guarded(0, || {
        if command.is_null() {
            return 0;
        }
        // SAFETY: the caller's promise about `command`.
        let command = unsafe { CStr::from_ptr(command) }.to_string_lossy();
        let answer = SESSION.command(&command);
        // SAFETY: the caller's promise about `reply`; the answer asks for no more room.
        if let Some(reply) = unsafe { Buffer::new(reply, answer.room.min(movelist::REPLY_SIZE)) } {
            reply.write(&answer.text);
        }
        c_int::from(answer.handled)
    })
}

/// Whether `color` may move from square `from` to square `to` (1 to 32) on `board`;
/// if so, `mv` gets the move (the first, where captures of different pieces share the
/// squares: CheckerBoard asks `get movelist` for those).
///
/// # Safety
///
/// `board` is null or valid for reads of the board; `mv` null or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "system" fn islegal(
    board: *mut Board,
    color: c_int,
    from: c_int,
    to: c_int,
    mv: *mut CbMove,
) -> c_int {
    guarded(0, || {
        // SAFETY: the caller's promise about `board`.
        let Some(board) = (unsafe { board.as_ref() }) else {
            return 0;
        };
        let (Ok(position), Some(from), Some(to)) = (
            board::position(board, color),
            board::square(from),
            board::square(to),
        ) else {
            return 0;
        };
        let legal = position.legal_moves();
        let Some(&found) = legal.iter().find(|m| m.from() == from && m.to() == to) else {
            return 0;
        };
        // SAFETY: the caller's promise about `mv`.
        if let Some(mv) = unsafe { mv.as_mut() } {
            *mv = Described::new(&position, found).cb_move();
        }
        1
    })
}
