//! The dialogue: where lines come from, the question they answer, what a typed text
//! turned out to mean, Ctrl-C, and the settings that last between sessions.

use std::path::PathBuf;

use super::input::Input;
use super::interrupt::{Interrupts, Watch};
use super::said::Said;
use super::settings::{Layout, Settings};
use shashki::engine::Stop;
use shashki::files::{DataDir, io_error_message};
use shashki::msg;
use shashki::{Move, Position};

/// What the prompt waits for besides moves and commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Question {
    None,
    /// At the start: resume the unfinished game kept from last time?
    Resume,
    /// `save FILE` at a terminal, and the file exists: replace it?
    Replace(PathBuf),
    /// The bot offered a draw in a drawn king-against-king ending.
    Draw,
    /// The game is over: a new one?
    NewGame,
    /// Ctrl-C twice: really quit?
    Quit,
    /// A move typed at an earlier position: drop the later plies and play it?
    Branch {
        mv: Move,
        ply: usize,
    },
    /// A typed move reads as several legal moves: which was meant?
    Which {
        typed: String,
        choices: Vec<(String, Meant)>,
        intent: Intent,
    },
    /// `learn` found new facts: add them to the learned facts?
    Learn,
    /// The move to remember loses material to the reply: remember it anyway?
    Remember {
        mv: Move,
        name: Option<String>,
    },
    /// An opened record of others' game goes on: which side does the player take?
    Side,
}

/// What a typed move is for, once it is known which move was meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Intent {
    /// Play it in the game.
    Play,
    /// Play it at the earlier position shown, `ply` plies from the start.
    Branch(usize),
    /// Teach it to the knowledge base, under this name if one was given.
    Remember(Option<String>),
    /// Try it in the puzzle.
    Puzzle,
    /// Answer the lesson with it.
    Lesson,
    /// A position string: start a new game from it.
    Load,
    /// A position string: find its combination as a puzzle.
    PuzzleAt,
}

/// What a typed text turned out to mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Meant {
    Move(Move),
    Position(Position),
}

/// Type-ahead and questions: where lines come from, the question they answer, and
/// Ctrl-C.
pub(super) struct Dialogue {
    pub question: Question,
    /// Where lines come from.
    pub input: Input,
    /// Ctrl-C caught while the bot works (on a terminal).
    pub interrupts: Option<Interrupts>,
    /// Whether a person is at a terminal (questions may be asked).
    pub interactive: bool,
    /// The settings that last between sessions: how typed moves are read.
    pub settings: Settings,
}

impl Dialogue {
    /// `layout`: how Cyrillic letters in moves are read; a change is kept in `data` for
    /// the next sessions.
    pub fn set_layout(&mut self, layout: Option<Layout>, data: Option<&DataDir>) -> Said {
        let mut said = Said::nothing();
        if let Some(layout) = layout {
            self.settings.layout = layout;
            if let Some(data) = data
                && let Err(error) = self.settings.save(data)
            {
                said.tell(msg!(
                    "settings-not-kept",
                    path = data.settings().display().to_string(),
                    error = io_error_message(&error)
                ));
            }
        }
        let layout = match self.settings.layout {
            Layout::Russian => "russian",
            Layout::Auto => "auto",
        };
        said.and(msg!("layout-is", layout = layout))
    }

    /// Before a question's prompt: lines typed before it was asked do not answer it.
    /// They are shown as not run, and wait in the history.
    pub fn set_typed_ahead_aside(&mut self) -> Said {
        let lines = self.input.set_aside();
        match lines.is_empty() {
            true => Said::nothing(),
            false => msg!("typed-ahead-set-aside", lines = lines.join(" | ")).into(),
        }
    }

    /// While work runs: Ctrl-C (on a terminal) stops `stop`. [`Watching::finish`]
    /// says whether it did.
    pub fn watch(&self, stop: Stop) -> Watching {
        Watching(
            self.interrupts
                .as_ref()
                .map(|interrupts| interrupts.watch(stop, false)),
        )
    }

    /// The question that comes back once another is answered or a puzzle ends: the
    /// resume question if it was not answered, or the new-game question if the game is
    /// over; none while puzzles go on (the game's questions wait for their end).
    pub fn settle(&mut self, in_puzzle: bool, resume_pending: bool, game_ended: bool) {
        self.question = if in_puzzle {
            Question::None
        } else if resume_pending {
            Question::Resume
        } else if game_ended {
            Question::NewGame
        } else {
            Question::None
        };
    }
}

/// Ctrl-C watched while work runs.
pub(super) struct Watching(Option<Watch>);

impl Watching {
    /// Whether Ctrl-C stopped the work.
    pub fn finish(self) -> bool {
        self.0.is_some_and(Watch::finish)
    }
}

/// The choice `text` picks: its number (from 1), or its text.
pub(super) fn chosen(text: &str, choices: &[(String, Meant)]) -> Option<Meant> {
    let text = text.trim();
    let at = match text.parse::<usize>() {
        Ok(number) => number.checked_sub(1),
        Err(_) => choices
            .iter()
            .position(|(written, _)| written.eq_ignore_ascii_case(text)),
    };
    at.and_then(|at| choices.get(at))
        .map(|(_, meant)| meant.clone())
}
