//! Words a person types, from the `.ftl` files: the words that follow a command (`kb
//! check`, `puzzle next`) and the bot's levels by name. The console's `level`, the command
//! line's `--level` and the Hub's `level` read a level's name alike, in either language.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use shashki::engine::{Level, level};
use shashki::msg;
use shashki::words::{Lang, Message, Text};

/// A word of the `.ftl` files: its message in each language, shown and completed, and the
/// other forms it is also taken for (the message's `.also` attribute, a list).
#[derive(Clone, Copy, Debug)]
pub struct Word(pub &'static str);

/// A word's forms: the main one in each language, then every form either language takes.
struct Forms {
    main: [String; 2],
    all: Vec<String>,
}

/// The forms of each word asked for so far, read once and kept for the program's life.
static FORMS: LazyLock<Mutex<HashMap<&'static str, &'static Forms>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

static TEXTS: LazyLock<[Text; 2]> = LazyLock::new(|| [Text::new(Lang::En), Text::new(Lang::Ru)]);

impl Word {
    fn forms(self) -> &'static Forms {
        let mut known = FORMS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        known.entry(self.0).or_insert_with(|| {
            let main = TEXTS
                .each_ref()
                .map(|text| text.text(self.0).unwrap_or_else(|| self.0.to_string()));
            let mut all = main.to_vec();
            for text in TEXTS.iter() {
                let also = text.attribute(self.0, "also").unwrap_or_default();
                all.extend(
                    also.split(", ")
                        .filter(|form| !form.is_empty())
                        .map(str::to_string),
                );
            }
            Box::leak(Box::new(Forms { main, all }))
        })
    }

    /// The word in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        &self.forms().main[lang as usize]
    }

    /// Whether `typed` is this word, in either language and any of its forms.
    pub fn is(self, typed: &str) -> bool {
        self.forms().all.iter().any(|form| same_word(form, typed))
    }
}

/// Whether `name` is the word typed, in any case and with ё written as е.
pub fn same_word(name: &str, typed: &str) -> bool {
    let fold = |word: &str| word.trim().to_lowercase().replace('ё', "е");
    fold(name) == fold(typed)
}

/// The levels' names, in the order of the engine's table.
pub const LEVEL_WORDS: &[Word] = &[
    Word("word-level-beginner"),
    Word("word-level-novice"),
    Word("word-level-casual"),
    Word("word-level-club"),
    Word("word-level-easy"),
    Word("word-level-normal"),
    Word("word-level-hard"),
];

/// The word of `level` in `lang`.
pub fn level_word(level: &Level, lang: Lang) -> &'static str {
    LEVEL_WORDS
        .iter()
        .find(|word| word.get(Lang::En) == level.name)
        .map_or(level.name, |word| word.get(lang))
}

/// The level `typed` names, in English or Russian (any of its forms), in any case.
pub fn level_named(typed: &str) -> Option<Level> {
    LEVEL_WORDS
        .iter()
        .find(|word| word.is(typed))
        .and_then(|word| level(word.get(Lang::En)))
}

/// Why `text` names no level, the levels listed in the language it is worded in.
pub fn unknown_level(text: &str) -> Message {
    let levels: Vec<Message> = LEVEL_WORDS
        .iter()
        .map(|word| Message::new(word.0))
        .collect();
    msg!("value-unknown-level", text = text, levels = levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_a_word_in_each_language_in_the_table_order() {
        let names: Vec<&str> = shashki::engine::LEVELS
            .iter()
            .map(|level| level.name)
            .collect();
        let words: Vec<&str> = LEVEL_WORDS.iter().map(|word| word.get(Lang::En)).collect();
        assert_eq!(names, words);
        assert_eq!(level_word(&shashki::engine::LEVELS[0], Lang::Ru), "новичок");
    }

    #[test]
    fn levels_are_named_in_either_language_and_by_their_old_russian_names() {
        let name = |typed: &str| level_named(typed).map(|level| level.name);
        assert_eq!(name("Club"), Some("club"));
        assert_eq!(name("разрядник"), Some("club"));
        assert_eq!(name("кандидат"), Some("easy"));
        assert_eq!(name("ЛЕГКИЙ"), Some("easy"));
        assert_eq!(name("мастер"), Some("normal"));
        assert_eq!(name("средний"), Some("normal"));
        assert_eq!(name("гроссмейстер"), Some("hard"));
        assert_eq!(name("сильный"), Some("hard"));
        assert_eq!(name("extreme"), None);
    }

    #[test]
    fn the_russian_ladder_rises_with_the_strength() {
        let names: Vec<&str> = LEVEL_WORDS.iter().map(|word| word.get(Lang::Ru)).collect();
        assert_eq!(
            names,
            [
                "новичок",
                "ученик",
                "любитель",
                "разрядник",
                "кандидат",
                "мастер",
                "гроссмейстер"
            ]
        );
    }
}
