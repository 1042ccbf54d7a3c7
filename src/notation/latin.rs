//! Cyrillic letters that look like the Latin letters of draughts notation.
//!
//! A Russian player with the Cyrillic layout on types `с3-d4` or `а3:с5`: letters that
//! look like the Latin ones but are others. Every reader of squares, moves and position
//! strings folds them to their twins first, one character for one, so that columns in
//! error messages stay true.

use std::borrow::Cow;

/// Each Cyrillic look-alike and its Latin twin: the files a, b (в), c, e, h (Н), the
/// capture sign x (х), and K (К) and B (В) of position strings.
const TWINS: [(char, char); 13] = [
    ('а', 'a'),
    ('А', 'A'),
    ('в', 'b'),
    ('В', 'B'),
    ('с', 'c'),
    ('С', 'C'),
    ('е', 'e'),
    ('Е', 'E'),
    ('Н', 'H'),
    ('х', 'x'),
    ('Х', 'X'),
    ('к', 'k'),
    ('К', 'K'),
];

/// `c`, or its Latin twin if it is a Cyrillic look-alike.
pub fn latin_char(c: char) -> char {
    TWINS
        .iter()
        .find(|&&(cyrillic, _)| cyrillic == c)
        .map_or(c, |&(_, latin)| latin)
}

/// `text` with every Cyrillic look-alike read as its Latin twin.
///
/// ```
/// use shashki::notation::latin;
///
/// assert_eq!(latin("а3:с5"), "a3:c5");
/// assert_eq!(latin("c3-d4"), "c3-d4");
/// ```
pub fn latin(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.chars().map(latin_char).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_become_their_twins_and_nothing_else_changes() {
        assert_eq!(latin("ВАСЕНХК вас ех к"), "BACEHXK bac ex k");
        assert_eq!(latin("ход d4"), "xод d4");
        assert_eq!(latin("помощь"), "помощь");
    }
}
