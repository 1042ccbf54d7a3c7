//! The text of `help`: the command table in the player's language and a short summary
//! of the rules, fitting 80 columns.

use super::command::COMMANDS;
use super::width::{WIDTH, wrap};
use shashki::msg;
use shashki::words::{Message, Text};

/// The widest usage beside its summary; a longer one has the summary on the next line.
const USAGE_COLUMN: usize = 26;

/// The text of `help`: the command table in the language of `text` and a short rules
/// summary, fitting 80 columns.
pub(super) fn help(text: &Text) -> String {
    let rows: Vec<(String, String)> = COMMANDS
        .iter()
        .map(|spec| {
            let names = spec.names(text.lang()).join(", ");
            let summary = Message {
                id: spec.id,
                args: Vec::new(),
            };
            (spec.usage(&names, text), text.render(&summary))
        })
        .collect();
    let width = rows
        .iter()
        .map(|(usage, _)| usage.chars().count())
        .filter(|&used| used <= USAGE_COLUMN)
        .max()
        .unwrap_or(0);
    let indent = " ".repeat(2 + width + 2);
    let mut out = text.render(&msg!("help-intro"));
    out.push_str("\n\n");
    out.push_str(&text.render(&msg!("help-commands")));
    out.push('\n');
    for (usage, summary) in rows {
        let used = usage.chars().count();
        out.push_str(&format!("  {usage}"));
        if used <= width {
            out.push_str(&" ".repeat(width - used + 2));
        } else {
            out.push('\n');
            out.push_str(&indent);
        }
        out.push_str(&wrap(&summary, WIDTH - indent.len()).join(&format!("\n{indent}")));
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&text.render(&msg!("help-rules")));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::console::Lang;

    #[test]
    fn help_lists_every_command_in_its_language_within_80_columns() {
        for lang in [Lang::En, Lang::Ru] {
            let text = Text::new(lang);
            let help = help(&text);
            for spec in COMMANDS {
                assert!(help.contains(spec.names(lang)[0].as_str()), "{}", spec.id);
            }
            for line in help.lines() {
                assert!(line.chars().count() <= WIDTH, "{line:?}");
            }
        }
        assert!(help(&Text::new(Lang::Ru)).contains("  сохранить ФАЙЛ"));
        assert!(!help(&Text::new(Lang::Ru)).contains("save"));
    }

    #[test]
    fn long_summaries_wrap_between_words() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("", 7), [""]);
    }
}
