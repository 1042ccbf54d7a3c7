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
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
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

/// A message in lines of 80 columns: each longer line (the bot's move and why, a hint
/// and its line, an error and its usage) is broken between words, the later parts
/// indented; shorter lines are left as they are.
pub(super) fn wrap_message(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            if line.chars().count() <= WIDTH {
                line.to_string()
            } else {
                wrap(line, WIDTH - INDENT.len()).join(&format!("\n{INDENT}"))
            }
        })
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::Lang;
    use crate::console::text::{Text, msg};

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
