//! What the console's parts have to say: values, in order, that the console words in
//! the player's language and prints. A part changes its own state and returns these;
//! it never prints.

use super::render::Marks;
use shashki::kb::Diagnostic;
use shashki::words::Message;
use shashki::{Color, Position};

/// One thing to show.
#[derive(Clone, Debug)]
pub(super) enum Note {
    /// A message, in lines of 80 columns, never broken inside the name of a file.
    Tell(Message),
    /// Text as it is: a position string, a table of worded cells.
    Plain(String),
    /// `FILE: REASON` (`FILE:LINE:COL: REASON` where the reason is placed), as tools
    /// write it.
    Placed {
        path: String,
        separator: &'static str,
        reason: Message,
    },
    /// A board seen from `bottom`'s side, with `marks` and the material under it.
    Board {
        position: Position,
        marks: Marks,
        bottom: Color,
    },
    /// A message as one text, never wrapped.
    Verbatim(Message),
    /// The knowledge base's problems, each laid out with its place, its line and a
    /// caret.
    Problems(Vec<Diagnostic>),
    /// The game's board as shown, with its clocks.
    GameBoard,
    /// What the board's symbols mean.
    Legend,
}

/// What a piece of work has to say, in the order it is to be shown.
#[must_use]
#[derive(Clone, Debug, Default)]
pub(super) struct Said(pub Vec<Note>);

impl Said {
    /// Nothing to say.
    pub fn nothing() -> Said {
        Said::default()
    }

    /// Adds a message.
    pub fn tell(&mut self, message: Message) {
        self.0.push(Note::Tell(message));
    }

    /// Adds a note.
    pub fn note(&mut self, note: Note) {
        self.0.push(note);
    }

    /// Adds what `more` says, after this.
    pub fn add(&mut self, more: Said) {
        self.0.extend(more.0);
    }

    /// This, then `more`.
    pub fn and(mut self, more: impl Into<Said>) -> Said {
        self.add(more.into());
        self
    }
}

impl From<Message> for Said {
    fn from(message: Message) -> Said {
        Said(vec![Note::Tell(message)])
    }
}

impl From<Note> for Said {
    fn from(note: Note) -> Said {
        Said(vec![note])
    }
}

impl From<Option<Message>> for Said {
    fn from(message: Option<Message>) -> Said {
        Said(message.into_iter().map(Note::Tell).collect())
    }
}
