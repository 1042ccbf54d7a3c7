//! The console's words in the player's language: one Fluent bundle per session, built
//! from the `.ftl` files compiled into the program, and the [`Message`] values the
//! console code builds with `msg!` instead of writing English or Russian itself.

use std::borrow::Cow;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use unic_langid::{LanguageIdentifier, langid};

/// The English texts.
pub(super) const ENGLISH: &str = include_str!("../../../locales/en/shashki.ftl");
/// The Russian texts.
pub(super) const RUSSIAN: &str = include_str!("../../../locales/ru/shashki.ftl");

/// A language the console speaks.
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

    fn source(self) -> (&'static str, LanguageIdentifier) {
        match self {
            Lang::En => (ENGLISH, langid!("en")),
            Lang::Ru => (RUSSIAN, langid!("ru")),
        }
    }
}

/// `text` with every character that is not text made visible, so that what was typed
/// or read never reaches the terminal raw: control characters in caret notation (ESC is
/// `^[`, DEL `^?`), other invisible ones, such as the marks that reverse the direction
/// of text, as `U+202E`.
pub fn visible(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
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

/// A value put into a message: text, or a number that plural forms are chosen by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Words, a path, a move: put in as they are.
    Text(String),
    /// A count: Russian chooses the plural form by it (1 ход, 2 хода, 5 ходов).
    Number(i64),
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

macro_rules! number_arg {
    ($($number:ty),*) => {$(
        impl From<$number> for Arg {
            fn from(number: $number) -> Arg {
                Arg::Number(i64::try_from(number).unwrap_or(i64::MAX))
            }
        }
    )*};
}

number_arg!(i32, u32, u64, usize, u128);

/// A message to show: its id in the `.ftl` files and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The message's id in both `.ftl` files.
    pub id: &'static str,
    /// The `$name`s of the message and their values.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// The files the message names, as they will be shown: a line is never broken inside
    /// one, so that it can be copied as it is.
    pub fn file_names(&self) -> Vec<String> {
        self.args
            .iter()
            .filter(|(name, _)| matches!(*name, "path" | "file" | "origin" | "fact" | "kb"))
            .filter_map(|(_, arg)| match arg {
                Arg::Text(text) => Some(visible(text).into_owned()),
                Arg::Number(_) => None,
            })
            .collect()
    }
}

/// `msg!("saved", path = name)`: a [`Message`] with its arguments, each value
/// anything an [`Arg`] is made from.
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::app::console::text::Message {
            id: $id,
            args: vec![$((stringify!($name), $crate::app::console::text::Arg::from($value))),*],
        }
    };
}
pub(crate) use msg;

/// The messages of one language, ready to be formatted.
pub struct Text {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Text {
    /// The messages of `lang`.
    pub fn new(lang: Lang) -> Text {
        let (source, id) = lang.source();
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(_, errors)| panic!("the {lang:?} messages do not parse: {errors:?}"));
        let mut bundle = FluentBundle::new(vec![id]);
        // Isolation marks are for bidirectional text; in a terminal they are clutter.
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("the {lang:?} messages repeat an id: {errors:?}"));
        Text { lang, bundle }
    }

    /// The language spoken.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// `message` in words.
    pub fn render(&self, message: &Message) -> String {
        self.format(message.id, None, &message.args)
    }

    /// The attribute `attribute` of message `id` (a command's usage), if it has one.
    pub fn attribute(&self, id: &str, attribute: &str) -> Option<String> {
        self.bundle
            .get_message(id)?
            .get_attribute(attribute)
            .map(|_| self.format(id, Some(attribute), &[]))
    }

    fn format(&self, id: &str, attribute: Option<&str>, args: &[(&'static str, Arg)]) -> String {
        let Some(message) = self.bundle.get_message(id) else {
            // The tests check every id; a slip still shows something to go on.
            return id.to_string();
        };
        let pattern = match attribute {
            Some(name) => message.get_attribute(name).map(|a| a.value()),
            None => message.value(),
        };
        let Some(pattern) = pattern else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, arg) in args {
            let value = match arg {
                Arg::Text(text) => FluentValue::String(visible(text)),
                Arg::Number(number) => FluentValue::from(*number),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

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
                message
                    .attributes
                    .iter()
                    .map(|attribute| attribute.id.name.to_string())
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

    /// The string literals right after `pattern` in the console's sources.
    fn used_ids(pattern: &str) -> BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/console");
        let mut found = BTreeSet::new();
        let mut files = Vec::new();
        let mut dirs = vec![dir];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).expect("a source directory") {
                let path = entry.expect("an entry").path();
                match path.is_dir() {
                    true => dirs.push(path),
                    false => files.push(path),
                }
            }
        }
        for path in files {
            let source = std::fs::read_to_string(path).expect("read");
            for (start, _) in source.match_indices(pattern) {
                // rustfmt may put the id on the next line.
                let rest = source[start + pattern.len()..].trim_start();
                let id = rest.strip_prefix('"').and_then(|r| r.split('"').next());
                let is_id = |id: &&str| {
                    !id.is_empty()
                        && id
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                };
                if let Some(id) = id.filter(is_id) {
                    found.insert(id.to_string());
                }
            }
        }
        found
    }

    #[test]
    fn the_code_uses_exactly_the_messages_of_the_files() {
        let english = ids(ENGLISH);
        let mut used = used_ids("msg!(");
        used.extend(used_ids("id:"));
        assert!(used.len() > 100, "the scan finds the ids: {used:?}");
        let missing: Vec<_> = used.difference(&english).collect();
        assert!(missing.is_empty(), "used but not in the files: {missing:?}");
        let unused: Vec<_> = english.difference(&used).collect();
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
                let shown = text.format(id, None, &[]);
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
