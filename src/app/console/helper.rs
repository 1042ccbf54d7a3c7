//! The rustyline helper: completion of commands and legal moves, a hint as you type,
//! and a green line when what you typed is a legal move.

use std::borrow::Cow;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::{Context, Helper, Validator};

use super::command::{COMMANDS, NO, YES, looks_like_a_move};
use shashki::notation::{MoveReadings, ReadMove, readings};
use shashki::words::Lang;
use shashki::{MoveText, Position};

const DIM: &str = "\x1b[2m";
const GREEN: &str = "\x1b[32m";
const RESET: &str = "\x1b[0m";

/// What the prompt is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A move or a command.
    Play,
    /// A yes-or-no answer (or a command).
    Question,
}

/// Completion and highlighting for the prompt; rebuilt once per position, never per keystroke.
#[derive(Helper, Validator)]
pub struct ConsoleHelper {
    position: Position,
    /// Full-path texts of the legal moves, with their compact forms (`c3d4`) for matching.
    moves: Vec<(String, String)>,
    /// Every command line that completion offers, in the player's language: `help`,
    /// `kb reload`, `movetime easy`...
    commands: Vec<String>,
    /// The commands that take a file name, with their space: `save `, `open `...
    file_commands: Vec<String>,
    /// `remember ` in the player's language.
    remember: String,
    /// Yes and no in the player's language.
    answers: [&'static str; 2],
    mode: Mode,
    color: bool,
    files: FilenameCompleter,
}

/// `c3-d4` -> `c3d4`: the squares only, lower case.
fn compact(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .filter(|&c| c != 'x' && c != 'X')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl ConsoleHelper {
    /// A helper for `position` offering the words of `lang`, colouring its hints when
    /// `color` is set.
    pub fn new(position: &Position, lang: Lang, color: bool) -> ConsoleHelper {
        let mut commands = Vec::new();
        let mut file_commands = Vec::new();
        for spec in COMMANDS {
            for name in spec.names(lang) {
                if spec.words.is_empty() {
                    commands.push(name.to_string());
                }
                for word in spec.words {
                    commands.push(format!("{name} {}", word.get(lang)));
                }
                if ["cmd-save", "cmd-save-replace", "cmd-open"].contains(&spec.id) {
                    file_commands.push(format!("{name} "));
                }
            }
        }
        let remember = COMMANDS
            .iter()
            .find(|spec| spec.id == "cmd-remember")
            .map_or(String::new(), |spec| format!("{} ", spec.names(lang)[0]));
        let answers = [YES, NO].map(|word| word.get(lang));
        let mut helper = ConsoleHelper {
            position: *position,
            moves: Vec::new(),
            commands,
            file_commands,
            remember,
            answers,
            mode: Mode::Play,
            color,
            files: FilenameCompleter::new(),
        };
        helper.set_position(position, Mode::Play);
        helper
    }

    /// Completes for a new position and prompt.
    pub fn set_position(&mut self, position: &Position, mode: Mode) {
        self.position = *position;
        self.mode = mode;
        self.moves = position
            .legal_moves()
            .iter()
            .map(|&mv| {
                let text = MoveText::from_move(position, mv).to_string();
                let key = compact(&text);
                (text, key)
            })
            .collect();
    }

    /// The lines that complete `line`: legal moves and commands, moves first.
    fn candidates(&self, line: &str) -> Vec<String> {
        let typed = line.trim_start().to_lowercase();
        if typed.is_empty() {
            return match self.mode {
                Mode::Play => self.moves.iter().map(|(text, _)| text.clone()).collect(),
                Mode::Question => self.answers.iter().map(|a| a.to_string()).collect(),
            };
        }
        // Cyrillic letters are matched every way they may be meant.
        let keys: Vec<String> = readings(&typed)
            .iter()
            .map(|reading| compact(&reading.text))
            .collect();
        let fits = |k: &String| keys.iter().any(|key| k.starts_with(key.as_str()));
        let mut found: Vec<String> = Vec::new();
        let a_file = keys
            .iter()
            .any(|key| matches!(key.as_str(), "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"));
        if a_file || looks_like_a_move(&typed) {
            found.extend(
                self.moves
                    .iter()
                    .filter(|(_, k)| fits(k))
                    .map(|(text, _)| text.clone()),
            );
        }
        if let Some(rest) = typed.strip_prefix(&self.remember) {
            let key = compact(rest);
            found.extend(
                self.moves
                    .iter()
                    .filter(|(_, k)| k.starts_with(&key))
                    .map(|(text, _)| format!("{}{text}", self.remember)),
            );
        }
        if self.mode == Mode::Question {
            found.extend(
                self.answers
                    .iter()
                    .filter(|a| a.starts_with(&typed))
                    .map(|a| a.to_string()),
            );
        }
        found.extend(
            self.commands
                .iter()
                .filter(|c| c.starts_with(&typed))
                .cloned(),
        );
        found
    }
}

impl Completer for ConsoleHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let lower = before.trim_start().to_lowercase();
        if self.file_commands.iter().any(|c| lower.starts_with(c)) {
            return self.files.complete(line, pos, ctx);
        }
        let pairs = self
            .candidates(before)
            .into_iter()
            .map(|text| Pair {
                display: text.clone(),
                replacement: text,
            })
            .collect();
        Ok((0, pairs))
    }
}

impl Hinter for ConsoleHelper {
    type Hint = String;

    /// The rest of the first completion, shown dimmed after the cursor.
    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if line.trim().is_empty() || pos < line.len() {
            return None;
        }
        let first = self.candidates(line).into_iter().next()?;
        // Only a completion that extends what was typed, character for character.
        let rest = first.strip_prefix(line.trim_start())?;
        (!rest.is_empty()).then(|| rest.to_string())
    }
}

impl Highlighter for ConsoleHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if !self.color || self.mode != Mode::Play {
            return Cow::Borrowed(line);
        }
        let legal = line
            .parse::<MoveReadings>()
            .ok()
            .is_some_and(|mv| matches!(mv.resolve(&self.position), ReadMove::One { .. }));
        if legal {
            Cow::Owned(format!("{GREEN}{line}{RESET}"))
        } else {
            Cow::Borrowed(line)
        }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("{DIM}{hint}{RESET}"))
        } else {
            Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        self.color
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::DefaultHistory;

    fn start() -> ConsoleHelper {
        ConsoleHelper::new(&Position::start(), Lang::En, false)
    }

    #[test]
    fn a_square_completes_to_that_pieces_moves() {
        assert_eq!(start().candidates("c3"), ["c3-b4", "c3-d4"]);
        assert_eq!(start().candidates("C3D"), ["c3-d4"]);
        assert_eq!(start().candidates("c3 d"), ["c3-d4"]);
    }

    #[test]
    fn a_word_completes_to_commands() {
        assert_eq!(start().candidates("he"), ["help"]);
        assert_eq!(start().candidates("kb "), ["kb reload", "kb check"]);
        assert_eq!(
            start().candidates("remember g3"),
            ["remember g3-f4", "remember g3-h4"]
        );
        assert!(start().candidates("zz").is_empty());
    }

    #[test]
    fn a_level_completes_to_its_name_in_the_language_of_the_console() {
        assert_eq!(
            start().candidates("level c"),
            ["level casual", "level club"]
        );
        assert_eq!(start().candidates("level b"), ["level beginner"]);
        let russian = ConsoleHelper::new(&Position::start(), Lang::Ru, false);
        assert_eq!(russian.candidates("уровень р"), ["уровень разрядник"]);
    }

    #[test]
    fn cyrillic_letters_complete_every_way_they_may_be_meant() {
        // в: the d key on the Russian layout, or the look-alike of b.
        assert_eq!(start().candidates("с3-в"), ["c3-b4", "c3-d4"]);
        assert_eq!(start().candidates("п3"), ["g3-f4", "g3-h4"]);
    }

    #[test]
    fn an_empty_line_completes_to_every_legal_move() {
        assert_eq!(start().candidates("").len(), 7);
    }

    #[test]
    fn captures_complete_with_their_full_path() {
        let position: Position = "W:Wc3,e1:Bd4,f6,f2".parse().unwrap();
        let helper = ConsoleHelper::new(&position, Lang::En, false);
        assert_eq!(helper.candidates("c3"), ["c3:e5:g7"]);
        assert_eq!(helper.candidates("e"), ["e1:g3", "exit"]);
    }

    #[test]
    fn the_hint_is_the_rest_of_the_first_completion() {
        let helper = start();
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        assert_eq!(helper.hint("c3-", 3, &ctx), Some("b4".to_string()));
        assert_eq!(helper.hint("hel", 3, &ctx), Some("p".to_string()));
        assert_eq!(
            helper.hint("c3d", 3, &ctx),
            None,
            "c3-d4 does not extend c3d"
        );
        assert_eq!(helper.hint("", 0, &ctx), None);
    }

    #[test]
    fn questions_complete_to_yes_and_no() {
        let mut helper = start();
        helper.set_position(&Position::start(), Mode::Question);
        assert_eq!(helper.candidates(""), ["yes", "no"]);
        assert_eq!(helper.candidates("y"), ["yes"]);
    }

    #[test]
    fn russian_completion_offers_russian_words() {
        let mut helper = ConsoleHelper::new(&Position::start(), Lang::Ru, false);
        assert_eq!(helper.candidates("под"), ["подсказка"]);
        assert_eq!(
            helper.candidates("база "),
            ["база перечитать", "база проверить"]
        );
        assert_eq!(
            helper.candidates("запомнить g3"),
            ["запомнить g3-f4", "запомнить g3-h4"]
        );
        assert!(
            helper.candidates("he").is_empty(),
            "English words are not offered"
        );
        helper.set_position(&Position::start(), Mode::Question);
        assert_eq!(helper.candidates(""), ["да", "нет"]);
    }
}
