//! The applications built on the library: the console a person plays at, the Hub
//! protocol other programs drive, the tuner that fits the evaluation, and the command
//! line that starts each of them.

pub mod cli;
pub mod console;
pub mod hub;
pub mod platform;
pub mod tune;
pub mod vocabulary;

use std::sync::LazyLock;

use shashki::words::{Lang, Message, Text};

/// `message` in English whatever the locale: what programs read (the Hub protocol's
/// errors and notes, the subcommands' reports) speaks one language.
pub fn english(message: &Message) -> String {
    Text::english().render(message)
}

/// The words the facts the program adds to a knowledge base are named in (`Удар с поля
/// e1`, `Комбинация из партии Белые – Чёрные, ход 12`): the language the starter base
/// and the book name their facts in, Russian, whatever language the console speaks, so
/// that a base reads in one language.
pub fn fact_names() -> &'static Text {
    static NAMES: LazyLock<Text> = LazyLock::new(|| Text::new(Lang::Ru));
    &NAMES
}
