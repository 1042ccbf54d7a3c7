//! The applications built on the library: the console a person plays at, the Hub
//! protocol other programs drive, the tuner that fits the evaluation, and the command
//! line that starts each of them.

pub mod cli;
pub mod console;
pub mod hub;
pub mod platform;
pub mod tune;
pub mod vocabulary;

use shashki::words::{Message, Text};

/// `message` in English whatever the locale: what programs read (the Hub protocol's
/// errors and notes, the subcommands' reports) speaks one language.
pub fn english(message: &Message) -> String {
    Text::english().render(message)
}
