//! What a Cyrillic letter in typed notation may have meant.
//!
//! A Russian player types a move with Cyrillic letters in two ways. On purpose, with a
//! look-alike of the Latin letter: `а3-b4`, `с3хе5`. Or by accident, with the Russian
//! layout (ЙЦУКЕН) still on: the keys a b c d e f g h then give ф и с в у а п р, so that
//! c3-d4 comes out as `с3-в4`. Some letters can be meant both ways: `а` is the
//! look-alike of a and the f key, `в` the look-alike of B and the d key. Every way of
//! reading the text is a [`Reading`]; the caller keeps the readings that name something
//! (a legal move, a valid position) and asks when more than one does.

use super::latin::latin_char;

/// One way of reading a typed text: every letter as a Latin one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The text in Latin letters.
    pub text: String,
    /// Letters read as the key pressed on the Russian layout.
    pub by_key: usize,
    /// Letters read as Latin look-alikes.
    pub by_look: usize,
}

impl Reading {
    /// Whether the reading changed a letter of what was typed.
    pub fn differs_from(&self, typed: &str) -> bool {
        self.text != typed
    }
}

/// The Russian layout's letters and the Latin keys that give them (ЙЦУКЕН on QWERTY),
/// without and with Shift.
const KEYS: [(char, char); 66] = [
    ('й', 'q'),
    ('ц', 'w'),
    ('у', 'e'),
    ('к', 'r'),
    ('е', 't'),
    ('н', 'y'),
    ('г', 'u'),
    ('ш', 'i'),
    ('щ', 'o'),
    ('з', 'p'),
    ('х', '['),
    ('ъ', ']'),
    ('ф', 'a'),
    ('ы', 's'),
    ('в', 'd'),
    ('а', 'f'),
    ('п', 'g'),
    ('р', 'h'),
    ('о', 'j'),
    ('л', 'k'),
    ('д', 'l'),
    ('ж', ';'),
    ('э', '\''),
    ('я', 'z'),
    ('ч', 'x'),
    ('с', 'c'),
    ('м', 'v'),
    ('и', 'b'),
    ('т', 'n'),
    ('ь', 'm'),
    ('б', ','),
    ('ю', '.'),
    ('ё', '`'),
    ('Й', 'Q'),
    ('Ц', 'W'),
    ('У', 'E'),
    ('К', 'R'),
    ('Е', 'T'),
    ('Н', 'Y'),
    ('Г', 'U'),
    ('Ш', 'I'),
    ('Щ', 'O'),
    ('З', 'P'),
    ('Х', '{'),
    ('Ъ', '}'),
    ('Ф', 'A'),
    ('Ы', 'S'),
    ('В', 'D'),
    ('А', 'F'),
    ('П', 'G'),
    ('Р', 'H'),
    ('О', 'J'),
    ('Л', 'K'),
    ('Д', 'L'),
    ('Ж', ':'),
    ('Э', '"'),
    ('Я', 'Z'),
    ('Ч', 'X'),
    ('С', 'C'),
    ('М', 'V'),
    ('И', 'B'),
    ('Т', 'N'),
    ('Ь', 'M'),
    ('Б', '<'),
    ('Ю', '>'),
    ('Ё', '~'),
];

/// The Latin key that gives `c` on the Russian layout, if `c` is on that layout.
pub fn key_of(c: char) -> Option<char> {
    KEYS.iter()
        .find(|&&(cyrillic, _)| cyrillic == c)
        .map(|&(_, latin)| latin)
}

/// How a letter may be read: as typed, as the key pressed, or as its look-alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    AsTyped,
    ByKey,
    ByLook,
}

/// The ways `c` may be read, each with the Latin character it gives; one way at least.
fn ways(c: char) -> Vec<(Way, char)> {
    if c.is_ascii() {
        return vec![(Way::AsTyped, c)];
    }
    let mut ways = Vec::with_capacity(2);
    if let Some(key) = key_of(c) {
        ways.push((Way::ByKey, key));
    }
    let look = latin_char(c);
    if look != c && !ways.iter().any(|&(_, latin)| latin == look) {
        ways.push((Way::ByLook, look));
    }
    if ways.is_empty() {
        ways.push((Way::AsTyped, c));
    }
    ways
}

/// More readings than this are not spelled out letter by letter: only the two
/// consistent ones (every letter by its key, every letter by its look) are given.
const MAX_READINGS: usize = 64;

/// Every way `typed` may be read, the likeliest first: all letters read one way (by
/// their keys, then by their looks) before the readings that mix the two. A text of
/// Latin letters has one reading, itself.
///
/// ```
/// use shashki::notation::readings;
///
/// let texts: Vec<String> = readings("с3-в4").into_iter().map(|r| r.text).collect();
/// assert_eq!(texts, ["c3-d4", "c3-b4"]);
/// assert_eq!(readings("c3-d4")[0].text, "c3-d4");
/// ```
pub fn readings(typed: &str) -> Vec<Reading> {
    let letters: Vec<Vec<(Way, char)>> = typed.chars().map(ways).collect();
    let count = letters
        .iter()
        .try_fold(1usize, |product, ways| product.checked_mul(ways.len()))
        .unwrap_or(usize::MAX);
    let mut found: Vec<Reading> = if count <= MAX_READINGS {
        let mut all = vec![Reading {
            text: String::new(),
            by_key: 0,
            by_look: 0,
        }];
        for choices in &letters {
            all = all
                .into_iter()
                .flat_map(|reading| {
                    choices
                        .iter()
                        .map(move |&(way, c)| extended(reading.clone(), way, c))
                })
                .collect();
        }
        all
    } else {
        [Way::ByKey, Way::ByLook]
            .into_iter()
            .map(|preferred| {
                letters.iter().fold(
                    Reading {
                        text: String::new(),
                        by_key: 0,
                        by_look: 0,
                    },
                    |reading, choices| {
                        let &(way, c) = choices
                            .iter()
                            .find(|(way, _)| *way == preferred)
                            .unwrap_or(&choices[0]);
                        extended(reading, way, c)
                    },
                )
            })
            .collect()
    };
    // One way throughout first, by key before by look; then the fewest mixed letters.
    found.sort_by_key(|reading| match (reading.by_key, reading.by_look) {
        (_, 0) => (0, 0),
        (0, _) => (1, 0),
        (key, look) => (2, key.min(look)),
    });
    let mut unique: Vec<Reading> = Vec::with_capacity(found.len());
    for reading in found {
        if !unique.iter().any(|kept| kept.text == reading.text) {
            unique.push(reading);
        }
    }
    unique
}

fn extended(mut reading: Reading, way: Way, c: char) -> Reading {
    reading.text.push(c);
    match way {
        Way::ByKey => reading.by_key += 1,
        Way::ByLook => reading.by_look += 1,
        Way::AsTyped => {}
    }
    reading
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(typed: &str) -> Vec<String> {
        readings(typed).into_iter().map(|r| r.text).collect()
    }

    #[test]
    fn the_russian_layout_gives_the_files_from_other_letters() {
        let files: String = "фисвуапр".chars().filter_map(key_of).collect();
        assert_eq!(files, "abcdefgh");
        assert_eq!(key_of('Ж'), Some(':'));
        assert_eq!(key_of('ч'), Some('x'));
        assert_eq!(key_of('d'), None);
    }

    #[test]
    fn a_letter_meant_two_ways_gives_two_readings_the_layout_first() {
        assert_eq!(texts("с3-в4"), ["c3-d4", "c3-b4"]);
        assert_eq!(texts("а3"), ["f3", "a3"]);
        // с is c both ways; е is the t key, and t is no file.
        assert_eq!(texts("с3-с5"), ["c3-c5"]);
        assert_eq!(texts("с3-е5"), ["c3-t5", "c3-e5"]);
        assert_eq!(texts("ф3-и4"), ["a3-b4"]);
    }

    #[test]
    fn consistent_readings_come_before_mixed_ones() {
        let all = readings("а3:в5");
        let first = &all[0];
        assert_eq!((first.text.as_str(), first.by_look), ("f3:d5", 0));
        assert_eq!(all[1].text, "a3:b5");
        assert_eq!(all.len(), 4);
        assert!(all[2].by_key > 0 && all[2].by_look > 0);
    }

    #[test]
    fn latin_text_reads_as_itself() {
        let all = readings("C3D4");
        assert_eq!(all.len(), 1);
        assert!(!all[0].differs_from("C3D4"));
        assert!(readings("с3-d4")[0].differs_from("с3-d4"));
    }

    #[test]
    fn a_long_text_gets_only_its_two_consistent_readings() {
        let typed = "в".repeat(12);
        assert_eq!(texts(&typed), ["d".repeat(12), "b".repeat(12)]);
    }

    #[test]
    fn letters_of_neither_kind_stay_as_typed() {
        assert_eq!(texts("✓"), ["✓"]);
    }
}
