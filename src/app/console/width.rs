//! Text that fits the screen: the terminal's width, a line cut to it, a message wrapped.

/// The width messages are wrapped to, and the terminal's when it does not say.
pub(super) const WIDTH: usize = 80;
/// The indent of the lines after the first of a wrapped message.
const INDENT: &str = "    ";

/// The terminal's width in columns: as the terminal on standard output says, else as
/// the `COLUMNS` variable says, else 80.
pub(super) fn terminal_width() -> usize {
    ::console::Term::stdout()
        .size_checked()
        .map(|(_, columns)| usize::from(columns))
        .or_else(|| columns(std::env::var("COLUMNS").ok()))
        .unwrap_or(WIDTH)
}

/// The width a `COLUMNS` value gives, if it is a number of columns.
fn columns(value: Option<String>) -> Option<usize> {
    value?.trim().parse().ok().filter(|&columns| columns > 0)
}

/// `line` cut to fit `width` columns without wrapping, so that it can be redrawn in
/// place: the last column stays free (a terminal may wrap there), and a cut line ends
/// with `...`.
pub(super) fn cut(line: String, width: usize) -> String {
    let room = width.saturating_sub(1).max(4);
    if line.chars().count() > room {
        line.chars().take(room - 3).collect::<String>() + "..."
    } else {
        line
    }
}

/// `text` in lines of at most `width` characters, broken between words.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    wrap_keeping(text, width, &[])
}

/// `text` in lines of at most `width` characters, broken between words but never inside
/// one of `kept` (a file's name, which must stay whole to be copied); a word longer than
/// the width has a line of its own.
fn wrap_keeping(text: &str, width: usize, kept: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words(text, kept) {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// The words of `text` (runs without white space), each of `kept` one word however many
/// spaces it holds.
fn words<'a>(text: &'a str, kept: &[String]) -> Vec<&'a str> {
    let mut words = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let whole = kept
            .iter()
            .filter(|kept| !kept.is_empty() && rest.starts_with(kept.as_str()))
            .map(String::len)
            .max()
            .unwrap_or(0);
        let end = whole
            + rest[whole..]
                .find(char::is_whitespace)
                .unwrap_or(rest.len() - whole);
        words.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    words
}

/// A line of a file and the caret line under it, cut to 80 columns around the caret
/// where the line is longer: `...` marks what was cut, and the caret stays under its
/// character.
pub(super) fn around_caret(source: &str, caret: &str) -> (String, String) {
    let chars: Vec<char> = source.chars().collect();
    if chars.len() <= WIDTH {
        return (source.to_string(), caret.to_string());
    }
    let at = caret.chars().count().saturating_sub(1);
    let room = WIDTH - 6;
    let start = at.saturating_sub(room / 2).min(chars.len() - room);
    let end = (start + room).min(chars.len());
    let before = if start > 0 { "..." } else { "" };
    let after = if end < chars.len() { "..." } else { "" };
    let window: String = chars[start..end].iter().collect();
    let caret = format!("{}^", " ".repeat(before.len() + at - start));
    (format!("{before}{window}{after}"), caret)
}

/// A message in lines of 80 columns: each longer line (the bot's move and why, a hint
/// and its line, an error and its usage) is broken between words, the later parts
/// indented; shorter lines are left as they are.
pub(super) fn wrap_message(text: &str) -> String {
    wrap_message_keeping(text, &[])
}

/// [`wrap_message`], never breaking a line inside one of `kept` (the names of files).
pub(super) fn wrap_message_keeping(text: &str, kept: &[String]) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.chars().count() <= WIDTH {
                return line.to_string();
            }
            // A line's own indent stays, and its later parts go further in.
            let indent = &line[..line.len() - line.trim_start().len()];
            let room = WIDTH - indent.chars().count() - INDENT.len();
            let parts = wrap_keeping(line.trim_start(), room, kept);
            format!("{indent}{}", parts.join(&format!("\n{indent}{INDENT}")))
        })
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_of_a_file_is_cut_around_its_caret() {
        let source = format!("fact \"{}\" for purple", "д".repeat(120));
        let caret = format!("{}^", " ".repeat(source.chars().count() - 6));
        let (line, under) = around_caret(&source, &caret);
        assert!(line.chars().count() <= WIDTH, "{line}");
        let at = under.chars().count() - 1;
        assert_eq!(line.chars().nth(at), Some('p'), "{line}\n{under}");
        assert!(line.starts_with("...") && !line.ends_with("..."), "{line}");
        let short = ("play c3-d4", "     ^");
        assert_eq!(
            around_caret(short.0, short.1),
            (short.0.into(), short.1.into())
        );
    }

    #[test]
    fn a_file_s_name_is_never_broken_even_with_spaces_in_it() {
        let path = "/home/аня/мои партии/партия с ботом.pdn".to_string();
        let text =
            format!("the unfinished game is kept in {path}; shashki offers it at the next start");
        let wrapped = wrap_message_keeping(&text, std::slice::from_ref(&path));
        assert!(
            wrapped.lines().all(|line| line.chars().count() <= WIDTH),
            "{wrapped}"
        );
        assert!(
            wrapped.lines().any(|line| line.contains(&path)),
            "{wrapped}"
        );
    }
    use crate::app::console::Lang;
    use shashki::msg;
    use shashki::words::Text;

    #[test]
    fn a_cut_line_leaves_the_last_column_free_and_says_it_was_cut() {
        let line = "thinking: depth 12  +0.35  c3-d4 d6-c5 b2-c3 f6-g5 g3-h4".to_string();
        let cut40 = cut(line.clone(), 40);
        assert_eq!(cut40.chars().count(), 39);
        assert!(cut40.ends_with("..."), "{cut40}");
        assert_eq!(cut(line.clone(), 80), line);
        assert_eq!(cut(line, 1), "t...");
    }

    #[test]
    fn the_columns_variable_counts_only_when_it_is_a_width() {
        assert_eq!(columns(Some(" 40 ".to_string())), Some(40));
        assert_eq!(columns(Some("0".to_string())), None);
        assert_eq!(columns(Some("wide".to_string())), None);
        assert_eq!(columns(None), None);
    }

    #[test]
    fn the_bot_s_move_with_a_long_reason_fits_80_columns_in_both_languages() {
        let name = "Обратная городская партия: жертва двух шашек с выходом в дамки \
                    через большую дорогу";
        for lang in [Lang::En, Lang::Ru] {
            let text = Text::new(lang);
            let reason = text.render(&msg!(
                "source-kb",
                name = name,
                origin = "/home/player/.local/share/shashki/knowledge.txt",
                line = 1234_usize
            ));
            let line = text.render(&msg!("bot-plays", mv = "c3:e5:g3:e1", reason = reason));
            assert!(line.chars().count() > WIDTH, "{line}");
            let wrapped = wrap_message(&line);
            for row in wrapped.lines() {
                assert!(row.chars().count() <= WIDTH, "{lang:?}: {row}");
            }
            assert_eq!(
                wrapped.split_whitespace().collect::<Vec<_>>(),
                line.split_whitespace().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn short_lines_are_left_as_they_are() {
        let text = "shashki plays c3-d4 (search: depth 9, +0.35)\n  1. c3-d4";
        assert_eq!(wrap_message(text), text);
        let long = format!("{text}\n{}", "word ".repeat(30));
        let wrapped = wrap_message(&long);
        assert!(wrapped.starts_with(text), "{wrapped}");
        assert_eq!(wrapped.lines().count(), 4, "{wrapped}");
    }
}
