//! Every word a person reads, in the Fluent files of its language (`locales/LANG/*.ftl`,
//! compiled into the program): the one place the bundles of a language are made, and
//! the [`Message`] values, an id and its arguments, that code builds with `msg!` instead
//! of writing English or Russian itself.
//!
//! The library's problems and errors are such values too: their English `Display` is
//! rendered here, from the same files as the console's English, so that nothing is
//! worded twice in one language.

use std::borrow::Cow;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::{LanguageIdentifier, langid};

/// The English words of the console and the library.
pub const ENGLISH: &str = include_str!("../locales/en/shashki.ftl");
/// The Russian words of the console and the library: the same messages as [`ENGLISH`].
pub const RUSSIAN: &str = include_str!("../locales/ru/shashki.ftl");
/// The English words of the command line: its commands' and options' help, and its
/// own errors (clap writes the rest of its pages and refusals in English itself).
pub const ENGLISH_COMMAND_LINE: &str = include_str!("../locales/en/cli.ftl");
/// The reports of the command line's subcommands, in English only: programs read them.
pub const ENGLISH_REPORTS: &str = include_str!("../locales/en/reports.ftl");
/// The words of the Hub protocol, in English only: programs read them.
pub const ENGLISH_HUB: &str = include_str!("../locales/en/hub.ftl");
/// The Russian words of the command line: the same messages as
/// [`ENGLISH_COMMAND_LINE`], and the frame of its pages and its refusals.
pub const RUSSIAN_COMMAND_LINE: &str = include_str!("../locales/ru/cli.ftl");

/// A language the program speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Russian.
    Ru,
}

impl Lang {
    /// The language the locale asks for: the first set, non-empty of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` (as POSIX orders them), else the language of the
    /// system's interface, which `system` gives (Windows and macOS set none of those
    /// variables); `ru*` is Russian, anything else English. `var` reads a variable.
    pub fn from_locale(
        var: impl Fn(&str) -> Option<String>,
        system: impl FnOnce() -> Option<String>,
    ) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| var(name).filter(|value| !value.is_empty()))
            .or_else(system);
        match locale {
            Some(locale) if locale.to_lowercase().starts_with("ru") => Lang::Ru,
            _ => Lang::En,
        }
    }

    /// The language's files and its identifier.
    fn sources(self) -> (&'static [&'static str], LanguageIdentifier) {
        match self {
            Lang::En => (
                &[ENGLISH, ENGLISH_COMMAND_LINE, ENGLISH_HUB, ENGLISH_REPORTS],
                langid!("en"),
            ),
            Lang::Ru => (&[RUSSIAN, RUSSIAN_COMMAND_LINE], langid!("ru")),
        }
    }
}

/// `text` with every character that is not text made visible, so that what was typed
/// or read never reaches the terminal raw: control characters in caret notation (ESC is
/// `^[`, DEL `^?`), other invisible ones, such as the marks that reverse the direction
/// of text, as `U+202E`. Line breaks stay: messages put lists on lines.
pub fn visible(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => shown.push(c),
            '\0'..='\x1f' => {
                shown.push('^');
                shown.push(char::from(c as u8 + b'@'));
            }
            '\x7f' => shown.push_str("^?"),
            c if hidden(c) => shown.push_str(&format!("U+{:04X}", u32::from(c))),
            c => shown.push(c),
        }
    }
    Cow::Owned(shown)
}

/// A value put into a message: text, a number that plural forms are chosen by, or
/// other messages, worded in the same language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Words, a path, a move: put in as they are.
    Text(String),
    /// A count: Russian chooses the plural form by it (1 ход, 2 хода, 5 ходов).
    Number(i64),
    /// A message within the message: a reason, a part.
    Message(Box<Message>),
    /// Messages listed with commas: `a, b, c`.
    List(Vec<Message>),
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Arg {
        Arg::Message(Box::new(message))
    }
}

impl From<Vec<Message>> for Arg {
    fn from(messages: Vec<Message>) -> Arg {
        Arg::List(messages)
    }
}

macro_rules! number_arg {
    ($($number:ty),*) => {$(
        impl From<$number> for Arg {
            fn from(number: $number) -> Arg {
                Arg::Number(i64::try_from(number).unwrap_or(i64::MAX))
            }
        }
    )*};
}

number_arg!(i32, u8, u32, u64, usize, u128);

/// A message to show: its id in the `.ftl` files and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The message's id in the `.ftl` files.
    pub id: &'static str,
    /// The `$name`s of the message and their values.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// The message `id`, which takes no arguments.
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// The files the message names, as they will be shown: a line is never broken inside
    /// one, so that it can be copied as it is.
    pub fn file_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for (name, arg) in &self.args {
            match arg {
                Arg::Text(text) if matches!(*name, "path" | "file" | "origin" | "fact" | "kb") => {
                    names.push(visible(text).into_owned());
                }
                // A file named within a message within this one is kept whole too.
                Arg::Message(inner) => names.extend(inner.file_names()),
                Arg::List(items) => names.extend(items.iter().flat_map(Message::file_names)),
                Arg::Text(_) | Arg::Number(_) => {}
            }
        }
        names
    }
}

/// `msg!("saved", path = name)`: a [`Message`] with its arguments, each value
/// anything an [`Arg`] is made from.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::words::Message {
            id: $id,
            args: vec![$((stringify!($name), $crate::words::Arg::from($value))),*],
        }
    };
}
pub use msg;

/// The selector the `.ftl` files choose a side's word by (`white`, `black`).
pub fn side(color: crate::Color) -> &'static str {
    match color {
        crate::Color::White => "white",
        crate::Color::Black => "black",
    }
}

/// The selector the `.ftl` files choose a piece's word by (`man`, `king`).
pub fn role(role: crate::Role) -> &'static str {
    match role {
        crate::Role::Man => "man",
        crate::Role::King => "king",
    }
}

/// Writes `message` in English: the `Display` of a value that is a message.
pub fn english(message: &Message, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    f.write_str(&Text::english().render(message))
}

/// The messages of one language, ready to be formatted.
pub struct Text {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

/// The English messages, for the library's `Display`.
static ENGLISH_TEXT: LazyLock<Text> = LazyLock::new(|| Text::new(Lang::En));

impl Text {
    /// The messages of `lang`: all its files in one bundle.
    pub fn new(lang: Lang) -> Text {
        let (sources, id) = lang.sources();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Isolation marks are for bidirectional text; in a terminal they are clutter.
        bundle.set_use_isolating(false);
        for source in sources {
            let resource =
                FluentResource::try_new(source.to_string()).unwrap_or_else(|(_, errors)| {
                    panic!("the {lang:?} messages do not parse: {errors:?}")
                });
            bundle
                .add_resource(resource)
                .unwrap_or_else(|errors| panic!("the {lang:?} messages repeat an id: {errors:?}"));
        }
        Text { lang, bundle }
    }

    /// The English messages, made once.
    pub fn english() -> &'static Text {
        &ENGLISH_TEXT
    }

    /// The language spoken.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// `message` in words (its id, if the files lack it: the tests check every id).
    pub fn render(&self, message: &Message) -> String {
        self.format(message.id, None, &message.args)
            .unwrap_or_else(|| message.id.to_string())
    }

    /// The text of message `id`, if it has one.
    pub fn text(&self, id: &str) -> Option<String> {
        self.format(id, None, &[])
    }

    /// The attribute `attribute` of message `id` (a command's usage), if it has one.
    pub fn attribute(&self, id: &str, attribute: &str) -> Option<String> {
        self.format(id, Some(attribute), &[])
    }

    fn format(
        &self,
        id: &str,
        attribute: Option<&str>,
        args: &[(&'static str, Arg)],
    ) -> Option<String> {
        let message = self.bundle.get_message(id)?;
        let pattern = match attribute {
            Some(name) => message.get_attribute(name)?.value(),
            None => message.value()?,
        };
        let mut fluent_args = FluentArgs::new();
        for (name, arg) in args {
            let value = match arg {
                Arg::Text(text) => FluentValue::String(visible(text)),
                Arg::Number(number) => FluentValue::from(*number),
                Arg::Message(inner) => FluentValue::String(self.render(inner).into()),
                Arg::List(items) => {
                    let words: Vec<String> = items.iter().map(|item| self.render(item)).collect();
                    FluentValue::String(words.join(", ").into())
                }
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        Some(text.into_owned())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::message_ids::ids_after;

    use fluent_syntax::ast::{Entry, PatternElement};

    use super::*;

    /// The message ids of an `.ftl` file.
    fn ids(source: &str) -> BTreeSet<String> {
        messages(source).map(|(id, _)| id).collect()
    }

    /// The messages of an `.ftl` file, each with its attributes' names.
    fn messages(source: &str) -> impl Iterator<Item = (String, Vec<String>)> {
        let resource = fluent_syntax::parser::parse(source).expect("the file parses");
        resource.body.into_iter().filter_map(|entry| match entry {
            Entry::Message(message) => Some((
                message.id.name.to_string(),
                // Other forms of a word (`.also`) are each language's own.
                message
                    .attributes
                    .iter()
                    .map(|attribute| attribute.id.name.to_string())
                    .filter(|name| name != "also")
                    .collect(),
            )),
            _ => None,
        })
    }

    #[test]
    fn both_languages_have_the_same_messages() {
        let english = ids(ENGLISH);
        let russian = ids(RUSSIAN);
        let only_english: Vec<_> = english.difference(&russian).collect();
        let only_russian: Vec<_> = russian.difference(&english).collect();
        assert!(only_english.is_empty(), "not in Russian: {only_english:?}");
        assert!(only_russian.is_empty(), "not in English: {only_russian:?}");
        let russian_attributes: Vec<_> = messages(RUSSIAN).collect();
        for message in messages(ENGLISH) {
            assert!(russian_attributes.contains(&message), "{message:?}");
        }
    }

    #[test]
    fn the_command_line_has_the_same_messages_in_both_languages_but_clap_s_frame() {
        let sorted = |(id, mut attributes): (String, Vec<String>)| {
            attributes.sort();
            (id, attributes)
        };
        let english: Vec<_> = messages(ENGLISH_COMMAND_LINE).map(sorted).collect();
        let russian: Vec<_> = messages(RUSSIAN_COMMAND_LINE).map(sorted).collect();
        for message in &english {
            assert!(russian.contains(message), "not so in Russian: {message:?}");
        }
        // The words clap writes itself in English: the frame of the help and the refusals.
        let frame = |id: &str| {
            ["help-", "error", "tip-"]
                .iter()
                .any(|prefix| id.starts_with(prefix))
                || id == "value-names"
        };
        for message in &russian {
            assert!(
                english.contains(message) || frame(&message.0),
                "not so in English: {message:?}"
            );
        }
    }

    #[test]
    fn the_code_uses_exactly_the_messages_of_the_files() {
        let english = ids(ENGLISH);
        let used = ids_after(&["msg!(", "id:", "Word("], "src");
        assert!(used.len() > 100, "the scan finds the ids: {used:?}");
        let mut known = english.clone();
        known.extend(ids(ENGLISH_COMMAND_LINE));
        known.extend(ids(RUSSIAN_COMMAND_LINE));
        known.extend(ids(ENGLISH_HUB));
        known.extend(ids(ENGLISH_REPORTS));
        let missing: Vec<_> = used.difference(&known).collect();
        assert!(missing.is_empty(), "used but not in the files: {missing:?}");
        let mut worded_here = english.clone();
        worded_here.extend(ids(ENGLISH_HUB));
        worded_here.extend(ids(ENGLISH_REPORTS));
        let unused: Vec<_> = worded_here.difference(&used).collect();
        assert!(unused.is_empty(), "in the files but never used: {unused:?}");
    }

    #[test]
    fn fixed_messages_fit_80_columns() {
        for (lang, source) in [(Lang::En, ENGLISH), (Lang::Ru, RUSSIAN)] {
            let text = Text::new(lang);
            let resource = fluent_syntax::parser::parse(source).expect("the file parses");
            for entry in &resource.body {
                let Entry::Message(message) = entry else {
                    continue;
                };
                let fixed = message.value.as_ref().is_some_and(|pattern| {
                    pattern
                        .elements
                        .iter()
                        .all(|element| matches!(element, PatternElement::TextElement { .. }))
                });
                if !fixed {
                    continue;
                }
                let id = message.id.name;
                let shown = text.text(id).unwrap_or_default();
                for line in shown.lines() {
                    assert!(line.chars().count() <= 80, "{lang:?} {id}: {line}");
                }
            }
        }
    }

    #[test]
    fn russian_counts_take_the_right_plural() {
        let text = Text::new(Lang::Ru);
        let plies = |count: usize| text.render(&msg!("plies", count = count));
        assert_eq!(plies(1), "1 полуход");
        assert_eq!(plies(3), "3 полухода");
        assert_eq!(plies(5), "5 полуходов");
        assert_eq!(plies(21), "21 полуход");
        let undo = |count: usize| text.render(&msg!("undo-done", count = count));
        assert_eq!(undo(1), "взято назад 1 ход");
        assert_eq!(undo(2), "взято назад 2 хода");
        assert_eq!(undo(5), "взято назад 5 ходов");
        assert_eq!(undo(12), "взято назад 12 ходов");
        let english = Text::new(Lang::En);
        assert_eq!(english.render(&msg!("plies", count = 1u32)), "1 ply");
        assert_eq!(english.render(&msg!("plies", count = 2u32)), "2 plies");
    }

    #[test]
    fn the_locale_picks_the_language() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        let english = || Some("en-US".to_string());
        assert_eq!(
            Lang::from_locale(env(&[("LANG", "ru_RU.UTF-8")]), english),
            Lang::Ru
        );
        assert_eq!(Lang::from_locale(env(&[]), || None), Lang::En);
        assert_eq!(
            Lang::from_locale(env(&[("LC_ALL", "C"), ("LANG", "ru_RU.UTF-8")]), english),
            Lang::En
        );
        assert_eq!(
            Lang::from_locale(
                env(&[("LC_ALL", ""), ("LC_MESSAGES", "ru_UA"), ("LANG", "C")]),
                english
            ),
            Lang::Ru
        );
    }

    #[test]
    fn without_locale_variables_the_system_s_interface_language_is_used() {
        let none = |_: &str| None;
        assert_eq!(
            Lang::from_locale(none, || Some("ru-RU".to_string())),
            Lang::Ru
        );
        assert_eq!(
            Lang::from_locale(none, || Some("en-GB".to_string())),
            Lang::En
        );
        let empty = |_: &str| Some(String::new());
        assert_eq!(
            Lang::from_locale(empty, || Some("ru".to_string())),
            Lang::Ru
        );
        let english = |name: &str| (name == "LANG").then(|| "en_US.UTF-8".to_string());
        assert_eq!(
            Lang::from_locale(english, || Some("ru-RU".to_string())),
            Lang::En
        );
    }

    #[test]
    fn characters_that_are_not_text_are_shown_visibly() {
        assert_eq!(visible("c3-d4"), "c3-d4");
        assert_eq!(visible("\x1b[31mc3"), "^[[31mc3");
        assert_eq!(visible("a\x7fb\u{202E}c\u{85}"), "a^?bU+202EcU+0085");
        let text = Text::new(Lang::En).render(&msg!("line-unknown", word = "\x1bx"));
        assert_eq!(text, "unknown command '^[x'; type help for the commands");
    }

    #[test]
    fn no_isolation_marks_around_arguments() {
        let text = Text::new(Lang::En).render(&msg!("saved", path = "a.pdn"));
        assert!(!text.contains('\u{2068}'), "{text:?}");
    }
}
