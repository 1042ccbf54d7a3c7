//! The player's console settings that last between sessions: `settings.txt` in the data
//! directory, a `name = value` line each, written whole and atomically.

use std::io;

use shashki::files::{DataDir, write_atomically};

/// How Cyrillic letters in a typed move are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Every way they can be meant: as Latin look-alikes and by their keys, asking when
    /// two readings are legal moves.
    #[default]
    Auto,
    /// By the key that gives them on the Russian layout (ф и с в у а п р are a to h), with
    /// no question.
    Russian,
}

/// The settings, each at its default where the file does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub layout: Layout,
}

impl Settings {
    /// The settings kept in `data`: a missing or unreadable file, or a line that cannot
    /// be read, leaves the defaults, and costs nothing else.
    pub fn load(data: Option<&DataDir>) -> Settings {
        let text = data
            .and_then(|data| std::fs::read_to_string(data.settings()).ok())
            .unwrap_or_default();
        Settings::read(&text)
    }

    fn read(text: &str) -> Settings {
        let mut settings = Settings::default();
        for line in text.lines() {
            let Some((name, value)) = line.split_once('=') else {
                continue;
            };
            if name.trim() == "layout" {
                match value.trim() {
                    "russian" => settings.layout = Layout::Russian,
                    "auto" => settings.layout = Layout::Auto,
                    _ => {}
                }
            }
        }
        settings
    }

    /// The file's text.
    fn text(&self) -> String {
        let layout = match self.layout {
            Layout::Auto => "auto",
            Layout::Russian => "russian",
        };
        format!("# shashki's settings: changed by the console's commands\nlayout = {layout}\n")
    }

    /// Keeps the settings in `data`.
    pub fn save(&self, data: &DataDir) -> io::Result<()> {
        let path = data.settings();
        DataDir::prepare(&path)?;
        write_atomically(&path, self.text().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_as_written_and_a_damaged_line_costs_nothing_else() {
        let russian = Settings {
            layout: Layout::Russian,
        };
        assert_eq!(Settings::read(&russian.text()), russian);
        assert_eq!(
            Settings::read("garbage\nlayout = russian\nlayout = ???\n").layout,
            Layout::Russian
        );
        assert_eq!(Settings::read(""), Settings::default());
    }
}
