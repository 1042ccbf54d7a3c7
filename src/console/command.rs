//! What a line typed at the prompt means: one table drives parsing, `help` and completion.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use crate::MoveParseError;
use crate::engine::level;
use crate::notation::TypedMove;
use crate::notation::pdn::strip_move_number;
use crate::search::MAX_MOVETIME_MS;

/// A line typed at the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move in any form of RULES.md.
    Move(TypedMove),
    /// List the commands and a short rules summary.
    Help,
    /// Show the board again.
    Board,
    /// List the legal moves.
    Moves,
    /// Ask the bot what it would play.
    Hint,
    /// Take back your last move and the bot's reply.
    Undo,
    /// Start a new game from the start position.
    New,
    /// Swap colours with the bot.
    Flip,
    /// Show (`None`) or set the bot's thinking time.
    MoveTime(Option<Duration>),
    /// Print the position string.
    Fen,
    /// Start a new game from a position string.
    Load(String),
    /// Save the game as PDN; `replace` (`save!`) replaces an existing file without asking.
    Save { path: PathBuf, replace: bool },
    /// The numbered moves of the game.
    History,
    /// Show the position this many plies earlier.
    Back(usize),
    /// Show the position this many plies later.
    Forward(usize),
    /// Show the position before move `number` (its first ply).
    Goto(usize),
    /// Open game `number` (from 1) of a PDN file; `None`: its only game, or the list.
    Open {
        path: PathBuf,
        number: Option<usize>,
    },
    /// Reread the knowledge base file.
    KbReload,
    /// Check the knowledge base file and report its errors.
    KbCheck,
    /// Add the current position and a move to the knowledge base.
    Remember { mv: TypedMove, name: Option<String> },
    /// Offer the bot a draw.
    Draw,
    /// Give up the game.
    Resign,
    /// Leave the program.
    Quit,
}

/// Why a line is not a command or a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The line is blank.
    Empty,
    /// The first word is no command and the line is no move.
    Unknown { word: String },
    /// The line looks like a move but is not one.
    BadMove(MoveParseError),
    /// A command got an argument it cannot use.
    BadArgument {
        command: &'static str,
        usage: &'static str,
        reason: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => write!(f, "type a move like c3-d4, or help"),
            CommandError::Unknown { word } => {
                write!(f, "unknown command '{word}'; type help for the commands")
            }
            CommandError::BadMove(error) => write!(f, "{error}"),
            CommandError::BadArgument {
                command,
                usage,
                reason,
            } => {
                let usage = format!("{command} {usage}");
                write!(f, "{command}: {reason}; usage: {}", usage.trim_end())
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// One row of the command table.
pub struct Spec {
    /// The name shown by `help` and completed first.
    pub name: &'static str,
    /// Other names for the same command.
    pub aliases: &'static [&'static str],
    /// The arguments, as shown by `help`.
    pub usage: &'static str,
    /// Fixed words that may follow the name, for completion.
    pub words: &'static [&'static str],
    /// What the command does, one line.
    pub summary: &'static str,
    parse: fn(&Spec, &str) -> Result<Command, CommandError>,
}

impl Spec {
    /// Every name of the command, the main one first.
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }

    fn error(&self, reason: impl Into<String>) -> CommandError {
        CommandError::BadArgument {
            command: self.name,
            usage: self.usage,
            reason: reason.into(),
        }
    }
}

/// `command`, if nothing follows its name.
fn no_argument(spec: &Spec, rest: &str, command: Command) -> Result<Command, CommandError> {
    if rest.is_empty() {
        Ok(command)
    } else {
        Err(spec.error(format!("takes no argument, got '{rest}'")))
    }
}

macro_rules! bare {
    ($command:expr) => {
        |spec, rest| no_argument(spec, rest, $command)
    };
}

/// The commands, in the order `help` lists them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        name: "help",
        aliases: &["?"],
        usage: "",
        words: &[],
        summary: "these commands and a short summary of the rules",
        parse: bare!(Command::Help),
    },
    Spec {
        name: "board",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "show the board again",
        parse: bare!(Command::Board),
    },
    Spec {
        name: "moves",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "list your legal moves",
        parse: bare!(Command::Moves),
    },
    Spec {
        name: "history",
        aliases: &["история"],
        usage: "",
        words: &[],
        summary: "the numbered moves of the game",
        parse: bare!(Command::History),
    },
    Spec {
        name: "back",
        aliases: &["назад"],
        usage: "[N]",
        words: &[],
        summary: "show the position N plies earlier (1 unless given)",
        parse: |spec, rest| plies(spec, rest).map(Command::Back),
    },
    Spec {
        name: "forward",
        aliases: &["вперёд", "вперед"],
        usage: "[N]",
        words: &[],
        summary: "show the position N plies later; a move typed there starts a new line",
        parse: |spec, rest| plies(spec, rest).map(Command::Forward),
    },
    Spec {
        name: "goto",
        aliases: &["к"],
        usage: "N",
        words: &[],
        summary: "show the position before move N",
        parse: |spec, rest| match rest.trim().parse::<usize>() {
            Ok(number) if number >= 1 => Ok(Command::Goto(number)),
            _ => Err(spec.error("needs a move number from 1")),
        },
    },
    Spec {
        name: "hint",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "ask the bot what it would play in your place",
        parse: bare!(Command::Hint),
    },
    Spec {
        name: "undo",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "take back your last move and the bot's reply",
        parse: bare!(Command::Undo),
    },
    Spec {
        name: "new",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "start a new game from the start position",
        parse: bare!(Command::New),
    },
    Spec {
        name: "flip",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "swap colours with the bot",
        parse: bare!(Command::Flip),
    },
    Spec {
        name: "movetime",
        aliases: &["level"],
        usage: "[MS | easy | normal | hard]",
        words: &["easy", "normal", "hard"],
        summary: "show or set the bot's thinking time per move",
        parse: parse_movetime,
    },
    Spec {
        name: "fen",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "print the position string",
        parse: bare!(Command::Fen),
    },
    Spec {
        name: "load",
        aliases: &[],
        usage: "FEN",
        words: &[],
        summary: "start a new game from a position string",
        parse: |spec, rest| {
            if rest.is_empty() {
                Err(spec.error("needs a position string"))
            } else {
                Ok(Command::Load(rest.to_string()))
            }
        },
    },
    Spec {
        name: "save",
        aliases: &[],
        usage: "FILE",
        words: &[],
        summary: "save the game as a PDN record (never over a file without asking)",
        parse: |spec, rest| {
            path(spec, rest).map(|path| Command::Save {
                path,
                replace: false,
            })
        },
    },
    Spec {
        name: "save!",
        aliases: &[],
        usage: "FILE",
        words: &[],
        summary: "save the game, replacing the file if it exists",
        parse: |spec, rest| {
            path(spec, rest).map(|path| Command::Save {
                path,
                replace: true,
            })
        },
    },
    Spec {
        name: "open",
        aliases: &[],
        usage: "FILE [N]",
        words: &[],
        summary: "open game N of a PDN file (the list if it has several) and go on from its end",
        parse: parse_open,
    },
    Spec {
        name: "kb",
        aliases: &[],
        usage: "reload | check",
        words: &["reload", "check"],
        summary: "reread the knowledge base after editing it, or only check it",
        parse: |spec, rest| match rest.to_lowercase().as_str() {
            "reload" => Ok(Command::KbReload),
            "check" => Ok(Command::KbCheck),
            "" => Err(spec.error("needs reload or check")),
            other => Err(spec.error(format!("'{other}' is neither reload nor check"))),
        },
    },
    Spec {
        name: "remember",
        aliases: &[],
        usage: "MOVE [NAME]",
        words: &[],
        summary: "add this position and a move to the knowledge base",
        parse: parse_remember,
    },
    Spec {
        name: "draw",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "offer a draw",
        parse: bare!(Command::Draw),
    },
    Spec {
        name: "resign",
        aliases: &[],
        usage: "",
        words: &[],
        summary: "give up the game",
        parse: bare!(Command::Resign),
    },
    Spec {
        name: "quit",
        aliases: &["exit", "выход"],
        usage: "",
        words: &[],
        summary: "leave (Ctrl-D does too); an unfinished game is kept for the next start",
        parse: bare!(Command::Quit),
    },
];

/// A count of plies: 1 when none is given.
fn plies(spec: &Spec, rest: &str) -> Result<usize, CommandError> {
    let rest = rest.trim();
    if rest.is_empty() {
        return Ok(1);
    }
    match rest.parse::<usize>() {
        Ok(count) if count >= 1 => Ok(count),
        _ => Err(spec.error("needs a number of plies from 1")),
    }
}

fn parse_movetime(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    if rest.is_empty() {
        return Ok(Command::MoveTime(None));
    }
    let lower = rest.to_lowercase();
    if let Some((_, time)) = level(&lower) {
        return Ok(Command::MoveTime(Some(time)));
    }
    let digits = lower.strip_suffix("ms").unwrap_or(&lower).trim();
    let out_of_range = || {
        spec.error(format!(
            "the time must be 1 to {MAX_MOVETIME_MS} milliseconds (an hour)"
        ))
    };
    match digits.parse::<u64>() {
        Ok(ms) if (1..=u64::from(MAX_MOVETIME_MS)).contains(&ms) => {
            Ok(Command::MoveTime(Some(Duration::from_millis(ms))))
        }
        Ok(_) => Err(out_of_range()),
        // Digits too many for a number are a time out of range, not a word.
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Err(out_of_range())
        }
        Err(_) => Err(spec.error(format!("'{rest}' is not a number of milliseconds"))),
    }
}

fn path(spec: &Spec, rest: &str) -> Result<PathBuf, CommandError> {
    let rest = rest.trim_matches(|c| c == '"' || c == '\'');
    if rest.is_empty() {
        Err(spec.error("needs a file name"))
    } else {
        Ok(PathBuf::from(rest))
    }
}

/// `open FILE [N]`: a last word that is a number picks the game.
fn parse_open(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    let rest = rest.trim();
    let (file, number) = match rest.rsplit_once(char::is_whitespace) {
        Some((file, last)) if last.bytes().all(|b| b.is_ascii_digit()) => {
            let number = last
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| spec.error("games are numbered from 1"))?;
            (file, Some(number))
        }
        _ => (rest, None),
    };
    Ok(Command::Open {
        path: path(spec, file)?,
        number,
    })
}

fn parse_remember(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    let (word, name) = split_word(rest);
    if word.is_empty() {
        return Err(spec.error("needs a move"));
    }
    let mv = word
        .parse::<TypedMove>()
        .map_err(|error| spec.error(error.to_string()))?;
    let name = name.trim_matches(|c| c == '"' || c == '\'').trim();
    Ok(Command::Remember {
        mv,
        name: (!name.is_empty()).then(|| name.to_string()),
    })
}

/// The first word and the rest, both trimmed.
fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

/// The table row whose name or alias is `word` (any case).
pub fn find(word: &str) -> Option<&'static Spec> {
    let word = word.to_lowercase();
    COMMANDS.iter().find(|spec| spec.names().any(|n| n == word))
}

impl FromStr for Command {
    type Err = CommandError;

    /// A command word from the table, else a move (a move number before it is ignored).
    fn from_str(text: &str) -> Result<Command, CommandError> {
        let text = strip_move_number(text);
        let (word, rest) = split_word(text);
        if word.is_empty() {
            return Err(CommandError::Empty);
        }
        if let Some(spec) = find(word) {
            return (spec.parse)(spec, rest);
        }
        match text.parse::<TypedMove>() {
            Ok(mv) => Ok(Command::Move(mv)),
            Err(error) if looks_like_a_move(word) => Err(CommandError::BadMove(error)),
            Err(_) => Err(CommandError::Unknown {
                word: word.to_string(),
            }),
        }
    }
}

/// Whether a word starts like a square (a file letter and a digit): a move, or a
/// failed one best explained as a move error.
pub(super) fn looks_like_a_move(word: &str) -> bool {
    let mut chars = word.chars().map(crate::notation::latin_char);
    matches!(
        (chars.next(), chars.next()),
        (Some('a'..='h' | 'A'..='H'), Some('0'..='9'))
    )
}

/// An answer to a yes-or-no question: `y`/`yes`/`да` or `n`/`no`/`нет`.
pub fn parse_answer(text: &str) -> Option<bool> {
    match text.trim().to_lowercase().as_str() {
        "y" | "yes" | "да" | "д" => Some(true),
        "n" | "no" | "нет" | "н" => Some(false),
        _ => None,
    }
}

/// The text of `help`: the command table and a short rules summary.
pub fn help() -> String {
    let mut rows: Vec<(String, &str)> = Vec::new();
    for spec in COMMANDS {
        let names = spec.names().collect::<Vec<_>>().join(", ");
        let usage = if spec.usage.is_empty() {
            names
        } else {
            format!("{names} {}", spec.usage)
        };
        rows.push((usage, spec.summary));
    }
    let width = rows
        .iter()
        .map(|(usage, _)| usage.chars().count())
        .max()
        .unwrap_or(0);
    let mut text = String::from(
        "Type a move: c3-d4, a capture c3:e5 or c3:e5:c7 (every landing square), or just its\n\
         ends c3:c7 when that names one move; C3D4, c3 d4 and c3xe5 work too, and so does\n\
         short notation, cd4 or g:e3 (the file left and the square reached), Cyrillic\n\
         look-alike letters (с3-d4) and marks after a move (cd4!?). Tab completes.\n\
         Ctrl-C while the bot thinks makes it play the best move it has found so far.\n\n\
         Commands:\n",
    );
    for (usage, summary) in rows {
        let pad = width - usage.chars().count();
        text.push_str(&format!("  {usage}{}  {summary}\n", " ".repeat(pad)));
    }
    text.push_str(
        "\nRules (Russian draughts): men move one square diagonally forward and capture\n\
         forward and backward; capturing is compulsory, but you may choose any capture, and a\n\
         capture goes on while it can. A man reaching the far rank becomes a king, even in the\n\
         middle of a capture. Kings fly along diagonals, moving and capturing at any distance.\n\
         Captured pieces leave the board only when the move ends (Turkish strike). A side\n\
         that cannot move loses; a threefold repetition and the endgame counts are draws.\n",
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_in_the_table_parses_to_its_command() {
        for spec in COMMANDS {
            for name in spec.names() {
                let line = match spec.usage {
                    "" => name.to_string(),
                    "N" | "[N]" => format!("{name} 2"),
                    _ if spec.words.is_empty() => format!("{name} c3-d4 x"),
                    _ => format!("{name} {}", spec.words[0]),
                };
                assert!(line.parse::<Command>().is_ok(), "{line}");
            }
        }
    }

    #[test]
    fn commands_ignore_case_and_spacing() {
        assert_eq!("  HELP ".parse(), Ok(Command::Help));
        assert_eq!("Выход".parse(), Ok(Command::Quit));
        assert_eq!("kb   Reload".parse(), Ok(Command::KbReload));
        assert_eq!(
            "level 250".parse(),
            Ok(Command::MoveTime(Some(Duration::from_millis(250))))
        );
        assert_eq!(
            "movetime hard".parse(),
            Ok(Command::MoveTime(Some(Duration::from_secs(5))))
        );
        assert_eq!(
            "save my game.pdn".parse(),
            Ok(Command::Save {
                path: "my game.pdn".into(),
                replace: false
            })
        );
    }

    #[test]
    fn moves_in_forgiving_forms_are_moves() {
        for text in [
            "c3-d4",
            "C3D4",
            "c3 d4",
            "c3xe5",
            "c3:e5:c7",
            "12. c3-d4",
            "3...c3-d4",
        ] {
            assert!(matches!(text.parse(), Ok(Command::Move(_))), "{text}");
        }
    }

    #[test]
    fn bad_input_is_explained() {
        assert_eq!("".parse::<Command>(), Err(CommandError::Empty));
        assert_eq!(
            "dance".parse::<Command>().unwrap_err().to_string(),
            "unknown command 'dance'; type help for the commands"
        );
        assert_eq!(
            "c3-d3".parse::<Command>().unwrap_err().to_string(),
            "d3 is a light square; play uses the dark squares only"
        );
        assert!(matches!(
            "movetime soon".parse::<Command>(),
            Err(CommandError::BadArgument { .. })
        ));
        assert!(matches!(
            "movetime 0".parse::<Command>(),
            Err(CommandError::BadArgument { .. })
        ));
        for huge in ["level 3600001", "movetime 99999999999999999999999 ms"] {
            assert_eq!(
                huge.parse::<Command>().unwrap_err().to_string(),
                "movetime: the time must be 1 to 3600000 milliseconds (an hour); \
                 usage: movetime [MS | easy | normal | hard]",
                "{huge}"
            );
        }
        assert!(matches!(
            "undo now".parse::<Command>(),
            Err(CommandError::BadArgument { .. })
        ));
        assert!(matches!(
            "kb".parse::<Command>(),
            Err(CommandError::BadArgument { .. })
        ));
    }

    #[test]
    fn remember_takes_a_move_and_an_optional_name() {
        assert_eq!(
            "remember c3-d4 Городская партия".parse(),
            Ok(Command::Remember {
                mv: "c3-d4".parse().unwrap(),
                name: Some("Городская партия".to_string())
            })
        );
        assert!(matches!(
            "remember c3:e5".parse(),
            Ok(Command::Remember { name: None, .. })
        ));
        assert!("remember".parse::<Command>().is_err());
    }

    #[test]
    fn answers_in_english_and_russian() {
        assert_eq!(parse_answer("Y"), Some(true));
        assert_eq!(parse_answer("да"), Some(true));
        assert_eq!(parse_answer("нет"), Some(false));
        assert_eq!(parse_answer("no"), Some(false));
        assert_eq!(parse_answer("maybe"), None);
    }

    #[test]
    fn help_lists_every_command() {
        let text = help();
        for spec in COMMANDS {
            assert!(text.contains(spec.summary), "{}", spec.name);
        }
    }
}
