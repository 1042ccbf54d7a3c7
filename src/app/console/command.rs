//! What a line typed at the prompt means: one table drives parsing, `help` and completion.

use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::LazyLock;
use std::time::Duration;

use super::phrases;
use super::settings::Layout;
use crate::app::vocabulary::{LEVEL_WORDS, Word, level_named, same_word};
use shashki::engine::{Level, NumberError, Setting};
use shashki::msg;
use shashki::notation::pdn::strip_move_number;
use shashki::notation::{MoveReadings, readings};
use shashki::words::{Lang, Message, Text};
use shashki::{Color, MoveParseError};

/// A line typed at the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move in any form of RULES.md, read every way its letters can be meant.
    Move(MoveReadings),
    /// List the commands and a short rules summary.
    Help,
    /// Show the board again.
    Board,
    /// List the legal moves.
    Moves,
    /// Ask the bot what it would play.
    Hint,
    /// Analyse the position shown: the best three lines until stopped.
    Analyze,
    /// Each side's mistakes in the game, searching each position this long (`None`: the default).
    /// `review [DEPTH] [SIDE]`: a depth a position, or the review's own budget; the side
    /// whose mistakes become lessons, in a record of others (by default the loser).
    Review {
        depth: Option<u32>,
        side: Option<Color>,
    },
    /// Take back your last move and the bot's reply.
    Undo,
    /// Start a new game from the start position.
    New,
    /// Swap colours with the bot.
    Flip,
    /// Show (`None`) or set the bot's thinking time.
    MoveTime(Option<Duration>),
    /// Play at a named level.
    Level(Level),
    /// List the levels and what each means.
    Levels,
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
    Remember {
        mv: MoveReadings,
        name: Option<String>,
    },
    /// Take the player's own fact for the current position out.
    Forget,
    /// Undo the last change to the player's files, from its backup.
    Restore,
    /// Find the combinations of the game and offer to add them to the learned facts.
    Learn,
    /// Pose the next lesson due.
    Train,
    /// Puzzle mode: a new puzzle, a given position's, or back to the game.
    Puzzle(PuzzleAction),
    /// List the kept games (`None`), or open game N of that list.
    Games(Option<usize>),
    /// Count wins, draws and losses by level and colour.
    Stats,
    /// Show both clocks.
    Clock,
    /// Show the keyboard layout moves are read for, or set it (`None`: show it).
    Layout(Option<Layout>),
    /// Offer the bot a draw.
    Draw,
    /// Give up the game.
    Resign,
    /// Leave the program.
    Quit,
}

/// What `puzzle` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// A new puzzle from the knowledge base (`puzzle`, `puzzle next`).
    Next,
    /// The combination of this position string to find.
    Position(String),
    /// Leave puzzle mode: back to the game.
    Off,
    /// A puzzle of this motif (its index among the built-in motifs): `puzzle turkish
    /// strike`, `задача турецкий удар`.
    Motif(usize),
    /// The puzzles of the knowledge base by motif (`puzzle list`, `задача список`).
    List,
}

/// Why a line is not a command or a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The line is blank.
    Empty,
    /// The first word is no command and the line is no move.
    Unknown { word: String },
    /// The line looks like a move but is not one: what was typed, and why.
    BadMove {
        typed: String,
        error: MoveParseError,
    },
    /// The line has a move's shape, but these letters of it name no file.
    NotFiles { typed: String, letters: Vec<char> },
    /// A command got an argument it cannot use.
    BadArgument {
        /// The command's first English word, which finds its table row.
        command: &'static str,
        /// What is wrong with the argument.
        reason: Message,
    },
}

impl CommandError {
    /// The error in words: `movetime: ...; usage: movetime [MS | ...]`.
    pub fn explain(&self, text: &Text) -> String {
        match self {
            CommandError::Empty => text.render(&msg!("line-empty")),
            CommandError::Unknown { word } => match nearest_command(word, text.lang()) {
                Some(near) => text.render(&msg!(
                    "line-unknown-near",
                    word = word.as_str(),
                    near = near
                )),
                None => text.render(&msg!("line-unknown", word = word.as_str())),
            },
            CommandError::BadMove { typed, error } => {
                text.render(&phrases::typed_move_error(error, typed))
            }
            CommandError::NotFiles { typed, letters } => text.render(&msg!(
                "move-not-files",
                typed = typed.as_str(),
                letters = letters
                    .iter()
                    .map(char::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                count = letters.len()
            )),
            CommandError::BadArgument { command, reason } => {
                let spec = find(command).expect("a command of the table");
                let name = spec.names(text.lang())[0].as_str();
                let usage = spec.usage(name, text);
                text.render(&msg!(
                    "line-bad-argument",
                    command = name,
                    reason = text.render(reason),
                    usage = usage
                ))
            }
        }
    }
}

/// The commands' names in both languages, from the `.ftl` files, read once: a command
/// is accepted in either language whichever the console speaks.
struct Names {
    /// By message id: the names in English and in Russian, the main one first (`.names`:
    /// shown and completed).
    names: HashMap<&'static str, [Vec<String>; 2]>,
    /// By message id: the other forms a command is taken for (`.also`: the infinitive and
    /// the imperative beside the noun), in English and in Russian.
    also: HashMap<&'static str, [Vec<String>; 2]>,
}

static NAMES: LazyLock<Names> = LazyLock::new(|| {
    let texts = [Text::new(Lang::En), Text::new(Lang::Ru)];
    let listed = |attribute: &str| {
        COMMANDS
            .iter()
            .map(|spec| {
                let names = texts.each_ref().map(|text| {
                    let listed = text.attribute(spec.id, attribute).unwrap_or_default();
                    listed
                        .split(", ")
                        .filter(|name| !name.is_empty())
                        .map(str::to_string)
                        .collect()
                });
                (spec.id, names)
            })
            .collect()
    };
    Names {
        names: listed("names"),
        also: listed("also"),
    }
});

impl Names {
    fn names(&self, id: &str, lang: Lang) -> &[String] {
        self.names
            .get(id)
            .map_or(&[], |names| &names[lang as usize])
    }

    fn also(&self, id: &str, lang: Lang) -> &[String] {
        self.also.get(id).map_or(&[], |also| &also[lang as usize])
    }
}

/// One row of the command table. Its names are the `.names` of its message in each
/// language: shown and completed in the console's, the first first; both accepted.
pub struct Spec {
    /// Fixed words that may follow the name, for completion.
    pub words: &'static [Word],
    /// The message id of what the command does; its `.usage` attribute shows the
    /// arguments and its `.names` the command's names.
    pub id: &'static str,
    parse: fn(&Spec, &str) -> Result<Command, CommandError>,
}

impl Spec {
    /// The names in `lang`, the main one first.
    pub fn names(&self, lang: Lang) -> &'static [String] {
        NAMES.names(self.id, lang)
    }

    /// Every name in either language, and every other form it is taken for.
    pub fn all_names(&self) -> impl Iterator<Item = &'static str> {
        let id = self.id;
        [Lang::En, Lang::Ru]
            .into_iter()
            .flat_map(move |lang| NAMES.names(id, lang).iter().chain(NAMES.also(id, lang)))
            .map(String::as_str)
    }

    /// `name` and the arguments, as `help` and errors show them.
    pub(super) fn usage(&self, name: &str, text: &Text) -> String {
        match text.attribute(self.id, "usage") {
            Some(usage) => format!("{name} {usage}"),
            None => name.to_string(),
        }
    }

    fn error(&self, reason: Message) -> CommandError {
        CommandError::BadArgument {
            command: self.names(Lang::En).first().map_or(self.id, String::as_str),
            reason,
        }
    }
}

/// The command name nearest to the unknown `word`, when it is near enough to be a slip
/// (a letter or two): in `lang` where one is, else in the other language.
fn nearest_command(word: &str, lang: Lang) -> Option<&'static str> {
    let fold = |word: &str| word.to_lowercase().replace('ё', "е");
    let typed = fold(word);
    let length = typed.chars().count();
    let other = match lang {
        Lang::En => Lang::Ru,
        Lang::Ru => Lang::En,
    };
    [lang, other].into_iter().find_map(|lang| {
        COMMANDS
            .iter()
            .flat_map(|spec| spec.names(lang))
            .filter(|name| name.chars().count() > 2)
            .map(|name| (strsim::damerau_levenshtein(&typed, &fold(name)), name))
            .filter(|&(distance, _)| distance <= 2 && distance * 3 <= length)
            .min_by_key(|&(distance, _)| distance)
            .map(|(_, name)| name.as_str())
    })
}

/// `command`, if nothing follows its name.
fn no_argument(spec: &Spec, rest: &str, command: Command) -> Result<Command, CommandError> {
    if rest.is_empty() {
        Ok(command)
    } else {
        Err(spec.error(msg!("arg-none", got = rest)))
    }
}

macro_rules! bare {
    ($command:expr) => {
        |spec, rest| no_argument(spec, rest, $command)
    };
}

const KB_RELOAD: Word = Word("word-kb-reload");
const KB_CHECK: Word = Word("word-kb-check");
const PUZZLE_NEXT: Word = Word("word-puzzle-next");
const PUZZLE_OFF: Word = Word("word-puzzle-off");
const PUZZLE_LIST: Word = Word("word-puzzle-list");
const LAYOUT_RUSSIAN: Word = Word("word-layout-russian");
const LAYOUT_AUTO: Word = Word("word-layout-auto");

/// The commands, in the order `help` lists them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        words: &[],
        id: "cmd-help",
        parse: bare!(Command::Help),
    },
    Spec {
        words: &[],
        id: "cmd-board",
        parse: bare!(Command::Board),
    },
    Spec {
        words: &[],
        id: "cmd-moves",
        parse: bare!(Command::Moves),
    },
    Spec {
        words: &[],
        id: "cmd-history",
        parse: bare!(Command::History),
    },
    Spec {
        words: &[],
        id: "cmd-back",
        parse: |spec, rest| plies(spec, rest).map(Command::Back),
    },
    Spec {
        words: &[],
        id: "cmd-forward",
        parse: |spec, rest| plies(spec, rest).map(Command::Forward),
    },
    Spec {
        words: &[],
        id: "cmd-goto",
        parse: |spec, rest| match rest.trim().parse::<usize>() {
            Ok(number) if number >= 1 => Ok(Command::Goto(number)),
            _ => Err(spec.error(msg!("arg-move-number"))),
        },
    },
    Spec {
        words: &[],
        id: "cmd-hint",
        parse: bare!(Command::Hint),
    },
    Spec {
        words: &[],
        id: "cmd-analyze",
        parse: bare!(Command::Analyze),
    },
    Spec {
        words: &[],
        id: "cmd-review",
        parse: |spec, rest| {
            let (mut depth, mut side) = (None, None);
            for word in rest.split_whitespace() {
                match parse_side(word) {
                    Some(color) if side.is_none() => side = Some(color),
                    _ if depth.is_none() => depth = Some(review_depth(spec, word)?),
                    _ => return Err(spec.error(Setting::ReviewDepth.refusal())),
                }
            }
            Ok(Command::Review { depth, side })
        },
    },
    Spec {
        words: &[PUZZLE_NEXT, PUZZLE_OFF, PUZZLE_LIST],
        id: "cmd-puzzle",
        parse: parse_puzzle,
    },
    Spec {
        words: &[],
        id: "cmd-undo",
        parse: bare!(Command::Undo),
    },
    Spec {
        words: &[],
        id: "cmd-new",
        parse: bare!(Command::New),
    },
    Spec {
        words: &[],
        id: "cmd-flip",
        parse: bare!(Command::Flip),
    },
    Spec {
        words: LEVEL_WORDS,
        id: "cmd-movetime",
        parse: parse_movetime,
    },
    Spec {
        words: &[],
        id: "cmd-levels",
        parse: bare!(Command::Levels),
    },
    Spec {
        words: &[],
        id: "cmd-fen",
        parse: bare!(Command::Fen),
    },
    Spec {
        words: &[],
        id: "cmd-load",
        parse: |spec, rest| {
            if rest.is_empty() {
                Err(spec.error(msg!("arg-position")))
            } else {
                Ok(Command::Load(rest.to_string()))
            }
        },
    },
    Spec {
        words: &[],
        id: "cmd-save",
        parse: |spec, rest| {
            path(spec, rest).map(|path| Command::Save {
                path,
                replace: false,
            })
        },
    },
    Spec {
        words: &[],
        id: "cmd-save-replace",
        parse: |spec, rest| {
            path(spec, rest).map(|path| Command::Save {
                path,
                replace: true,
            })
        },
    },
    Spec {
        words: &[],
        id: "cmd-open",
        parse: parse_open,
    },
    Spec {
        words: &[KB_RELOAD, KB_CHECK],
        id: "cmd-kb",
        parse: |spec, rest| match rest {
            _ if KB_RELOAD.is(rest) => Ok(Command::KbReload),
            _ if KB_CHECK.is(rest) => Ok(Command::KbCheck),
            "" => Err(spec.error(msg!("arg-kb-word"))),
            other => Err(spec.error(msg!("arg-kb-unknown", word = other.to_lowercase()))),
        },
    },
    Spec {
        words: &[],
        id: "cmd-remember",
        parse: parse_remember,
    },
    Spec {
        words: &[],
        id: "cmd-forget",
        parse: bare!(Command::Forget),
    },
    Spec {
        words: &[],
        id: "cmd-restore",
        parse: bare!(Command::Restore),
    },
    Spec {
        words: &[],
        id: "cmd-learn",
        parse: bare!(Command::Learn),
    },
    Spec {
        words: &[],
        id: "cmd-train",
        parse: bare!(Command::Train),
    },
    Spec {
        words: &[],
        id: "cmd-draw",
        parse: bare!(Command::Draw),
    },
    Spec {
        words: &[],
        id: "cmd-resign",
        parse: bare!(Command::Resign),
    },
    Spec {
        words: &[],
        id: "cmd-games",
        parse: parse_games,
    },
    Spec {
        words: &[],
        id: "cmd-stats",
        parse: bare!(Command::Stats),
    },
    Spec {
        words: &[],
        id: "cmd-clock",
        parse: bare!(Command::Clock),
    },
    Spec {
        words: &[LAYOUT_RUSSIAN, LAYOUT_AUTO],
        id: "cmd-layout",
        parse: parse_layout,
    },
    Spec {
        words: &[],
        id: "cmd-quit",
        parse: bare!(Command::Quit),
    },
];

fn parse_games(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    match rest.trim() {
        "" => Ok(Command::Games(None)),
        number => match number.parse::<usize>() {
            Ok(number) if number >= 1 => Ok(Command::Games(Some(number))),
            _ => Err(spec.error(msg!("arg-games-number", text = number))),
        },
    }
}

fn parse_layout(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    match rest.trim() {
        "" => Ok(Command::Layout(None)),
        word if LAYOUT_RUSSIAN.is(word) => Ok(Command::Layout(Some(Layout::Russian))),
        word if LAYOUT_AUTO.is(word) => Ok(Command::Layout(Some(Layout::Auto))),
        word => Err(spec.error(msg!("arg-layout", word = word))),
    }
}

/// A count of plies: 1 when none is given.
fn plies(spec: &Spec, rest: &str) -> Result<usize, CommandError> {
    let rest = rest.trim();
    if rest.is_empty() {
        return Ok(1);
    }
    match rest.parse::<usize>() {
        Ok(count) if count >= 1 => Ok(count),
        _ => Err(spec.error(msg!("arg-plies"))),
    }
}

fn parse_movetime(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    if rest.is_empty() {
        return Ok(Command::MoveTime(None));
    }
    if let Some(level) = level_named(rest) {
        return Ok(Command::Level(level));
    }
    if !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(spec.error(msg!("arg-not-strength", text = rest)));
    }
    milliseconds(spec, rest).map(|time| Command::MoveTime(Some(time)))
}

/// The depth of `review DEPTH`, as [`Setting::ReviewDepth`] takes it.
fn review_depth(spec: &Spec, rest: &str) -> Result<u32, CommandError> {
    match Setting::ReviewDepth.read(rest) {
        Ok(depth) => Ok(depth as u32),
        Err(_) => Err(spec.error(Setting::ReviewDepth.refusal())),
    }
}

/// A time in milliseconds, 1 to an hour (`250` or `250ms`).
fn milliseconds(spec: &Spec, rest: &str) -> Result<Duration, CommandError> {
    let lower = rest.to_lowercase();
    let digits = lower.strip_suffix("ms").unwrap_or(&lower).trim();
    match Setting::MoveTimeMs.read(digits) {
        Ok(ms) => Ok(Duration::from_millis(ms)),
        Err(NumberError::OutOfRange) => Err(spec.error(Setting::MoveTimeMs.refusal())),
        Err(NumberError::NotANumber) => Err(spec.error(msg!("arg-not-ms", text = rest))),
    }
}

fn path(spec: &Spec, rest: &str) -> Result<PathBuf, CommandError> {
    let rest = rest.trim_matches(|c| c == '"' || c == '\'');
    if rest.is_empty() {
        Err(spec.error(msg!("arg-file")))
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
                .ok_or_else(|| spec.error(msg!("arg-game-number")))?;
            (file, Some(number))
        }
        _ => (rest, None),
    };
    Ok(Command::Open {
        path: path(spec, file)?,
        number,
    })
}

/// The built-in motif `words` name, in either language, in any case (`турецкий удар`,
/// `Turkish strike`), or the one whose name holds them all (`турецкий`).
fn motif_named(words: &str) -> Option<usize> {
    let wanted = words.to_lowercase();
    let motifs = shashki::combination::motif::builtin();
    let names = |motif: &shashki::combination::motif::Motif| {
        [motif.russian.to_lowercase(), motif.english.to_lowercase()]
    };
    motifs
        .iter()
        .position(|motif| names(motif).contains(&wanted))
        .or_else(|| {
            motifs.iter().position(|motif| {
                names(motif)
                    .iter()
                    .any(|name| wanted.split_whitespace().all(|word| name.contains(word)))
            })
        })
}

/// `puzzle [next | off | list | FEN | MOTIF]`: a word, else a position string (it has
/// a colon), else a motif's name.
fn parse_puzzle(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    match rest {
        "" => Ok(Command::Puzzle(PuzzleAction::Next)),
        _ if PUZZLE_NEXT.is(rest) => Ok(Command::Puzzle(PuzzleAction::Next)),
        _ if PUZZLE_OFF.is(rest) => Ok(Command::Puzzle(PuzzleAction::Off)),
        _ if PUZZLE_LIST.is(rest) => Ok(Command::Puzzle(PuzzleAction::List)),
        _ if rest.contains(':') => Ok(Command::Puzzle(PuzzleAction::Position(rest.to_string()))),
        other => motif_named(other)
            .map(PuzzleAction::Motif)
            .map(Command::Puzzle)
            .ok_or_else(|| spec.error(msg!("arg-puzzle-word", word = other.to_lowercase()))),
    }
}

fn parse_remember(spec: &Spec, rest: &str) -> Result<Command, CommandError> {
    let (word, name) = split_word(rest);
    if word.is_empty() {
        return Err(spec.error(msg!("arg-move")));
    }
    let mv = word
        .parse::<MoveReadings>()
        .map_err(|error| spec.error(error.message()))?;
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

/// The table row with the name `word` in either language (any case, ё or е).
pub fn find(word: &str) -> Option<&'static Spec> {
    COMMANDS
        .iter()
        .find(|spec| spec.all_names().any(|name| same_word(name, word)))
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
        let typed = text.trim();
        match typed.parse::<MoveReadings>() {
            Ok(mv) => Ok(Command::Move(mv)),
            Err(error) if looks_like_a_move(word) => Err(CommandError::BadMove {
                typed: typed.to_string(),
                error,
            }),
            Err(error) => match move_shape_letters(word) {
                Some(letters) => {
                    let letters: Vec<char> = letters
                        .into_iter()
                        .filter(|&letter| !reads_as_a_file(letter))
                        .collect();
                    match letters.is_empty() {
                        true => Err(CommandError::BadMove {
                            typed: typed.to_string(),
                            error,
                        }),
                        false => Err(CommandError::NotFiles {
                            typed: typed.to_string(),
                            letters,
                        }),
                    }
                }
                None => Err(CommandError::Unknown {
                    word: word.to_string(),
                }),
            },
        }
    }
}

/// The letters of `word` where a move has its files, if `word` has a move's shape
/// whatever its letters: squares of a letter and a digit, joined or by a sign
/// (`c3-d4`, `c3:e5:c7`, `c3d4`), or short notation (`cd4`, `c:d4`).
fn move_shape_letters(word: &str) -> Option<Vec<char>> {
    let chars: Vec<char> = word.chars().collect();
    let is_sign = |c: char| matches!(c, '-' | ':' | 'x' | 'X' | '×' | '–' | 'х' | 'Х');
    // Short notation: a file, a sign or none, a square.
    match chars.as_slice() {
        [file, to, rank] | [file, _, to, rank]
            if file.is_alphabetic() && to.is_alphabetic() && rank.is_ascii_digit() =>
        {
            if chars.len() == 4 && !is_sign(chars[1]) {
                return None;
            }
            return Some(vec![*file, *to]);
        }
        _ => {}
    }
    // Squares, two at least.
    let mut letters = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        if !letters.is_empty() && is_sign(chars[at]) {
            at += 1;
        }
        let (Some(&file), Some(&rank)) = (chars.get(at), chars.get(at + 1)) else {
            return None;
        };
        if !file.is_alphabetic() || !rank.is_ascii_digit() {
            return None;
        }
        letters.push(file);
        at += 2;
    }
    (letters.len() >= 2).then_some(letters)
}

/// Whether `letter` is a file in one of the ways it may be meant.
fn reads_as_a_file(letter: char) -> bool {
    readings(&letter.to_string()).iter().any(|reading| {
        let mut chars = reading.text.chars();
        matches!(
            (chars.next(), chars.next()),
            (Some('a'..='h' | 'A'..='H'), None)
        )
    })
}

/// Whether a word starts like a square (a file letter, read any way it may be meant,
/// and a digit): a move, or a failed one best explained as a move error.
pub(super) fn looks_like_a_move(word: &str) -> bool {
    let start: String = word.chars().take(2).collect();
    readings(&start).iter().any(|reading| {
        let mut chars = reading.text.chars();
        matches!(
            (chars.next(), chars.next()),
            (Some('a'..='h' | 'A'..='H'), Some('0'..='9'))
        )
    })
}

/// The answers to the console's questions: the word shown and completed in each
/// language, and their other forms; either language's are taken whichever is spoken.
pub const YES: Word = Word("answer-yes");
pub const NO: Word = Word("answer-no");
const WHITE: Word = Word("answer-white");
const BLACK: Word = Word("answer-black");

/// An answer to a yes-or-no question: `y`/`yes`/`да` or `n`/`no`/`нет`.
pub fn parse_answer(text: &str) -> Option<bool> {
    match (YES.is(text), NO.is(text)) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// An answer to "which side do you take?": `w`/`white`/`белые` or `b`/`black`/`чёрные`.
pub fn parse_side(text: &str) -> Option<Color> {
    match (WHITE.is(text), BLACK.is(text)) {
        (true, _) => Some(Color::White),
        (_, true) => Some(Color::Black),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::engine::LEVELS;

    #[test]
    fn the_library_names_kb_check_in_the_console_s_own_words() {
        for lang in [Lang::En, Lang::Ru] {
            let kb = &find("kb").expect("the kb command").names(lang)[0];
            assert_eq!(
                Text::new(lang).render(&msg!("kb-check-words")),
                format!("{kb} {}", KB_CHECK.get(lang))
            );
        }
    }

    #[test]
    fn every_name_in_the_table_parses_to_its_command() {
        let english = Text::new(Lang::En);
        for spec in COMMANDS {
            let usage = english.attribute(spec.id, "usage").unwrap_or_default();
            for name in spec.all_names() {
                let line = match usage.as_str() {
                    "" => name.to_string(),
                    "N" | "[N]" => format!("{name} 2"),
                    "[MS]" | "[DEPTH]" => format!("{name} 5"),
                    "[DEPTH] [SIDE]" => format!("{name} 5 white"),
                    _ if spec.words.is_empty() => format!("{name} c3-d4 x"),
                    _ => format!("{name} {}", spec.words[0].get(Lang::En)),
                };
                assert!(line.parse::<Command>().is_ok(), "{line}");
            }
        }
    }

    #[test]
    fn russian_words_are_the_same_commands() {
        assert_eq!("помощь".parse(), Ok(Command::Help));
        assert_eq!("ХОДЫ".parse(), Ok(Command::Moves));
        assert_eq!("вперед 2".parse(), Ok(Command::Forward(2)));
        assert_eq!("вперёд".parse(), Ok(Command::Forward(1)));
        assert_eq!("база перечитать".parse(), Ok(Command::KbReload));
        assert_eq!("kb проверить".parse(), Ok(Command::KbCheck));
        assert_eq!("уровень легкий".parse(), Ok(Command::Level(LEVELS[4])));
        assert_eq!("уровень Новичок".parse(), Ok(Command::Level(LEVELS[0])));
        assert_eq!(
            "сохранить! партия.pdn".parse(),
            Ok(Command::Save {
                path: "партия.pdn".into(),
                replace: true
            })
        );
        assert_eq!("сдаюсь".parse(), Ok(Command::Resign));
        assert_eq!("анализ".parse(), Ok(Command::Analyze));
        assert_eq!(
            "разбор 12".parse(),
            Ok(Command::Review {
                depth: Some(12),
                side: None
            })
        );
        assert_eq!(
            "разбор белых".parse(),
            Ok(Command::Review {
                depth: None,
                side: Some(Color::White)
            })
        );
        assert_eq!(
            "review 8 black".parse(),
            Ok(Command::Review {
                depth: Some(8),
                side: Some(Color::Black)
            })
        );
    }

    #[test]
    fn every_command_has_a_word_in_each_language_and_no_word_two_commands() {
        for spec in COMMANDS {
            for lang in [Lang::En, Lang::Ru] {
                let names = spec.names(lang);
                assert!(names.iter().all(|name| !name.is_empty()), "{}", spec.id);
                assert!(!names.is_empty(), "{}", spec.id);
                for word in spec.words {
                    assert_ne!(word.get(lang), word.0, "{} in {lang:?}", spec.id);
                }
            }
            for name in spec.all_names() {
                assert_eq!(find(name).map(|found| found.id), Some(spec.id), "{name}");
            }
        }
    }

    #[test]
    fn russian_commands_are_taken_in_the_forms_people_type() {
        for (typed, command) in [
            ("сдаться", Command::Resign),
            ("сдаюсь", Command::Resign),
            ("отмена", Command::Undo),
            ("отменить", Command::Undo),
            ("отмени", Command::Undo),
            ("выход", Command::Quit),
            ("выйти", Command::Quit),
            ("выйди", Command::Quit),
            ("подскажи", Command::Hint),
        ] {
            assert_eq!(typed.parse(), Ok(command), "{typed}");
        }
    }

    #[test]
    fn an_unknown_command_suggests_the_nearest_one() {
        let russian = Text::new(Lang::Ru);
        let explain = |typed: &str| typed.parse::<Command>().unwrap_err().explain(&russian);
        assert_eq!(
            explain("отмна"),
            "неизвестная команда «отмна»; может быть, «отмена»?"
        );
        assert_eq!(
            explain("абракадабра"),
            "неизвестная команда «абракадабра»; список команд: помощь"
        );
        let english = Text::new(Lang::En);
        assert_eq!(
            "histroy".parse::<Command>().unwrap_err().explain(&english),
            "unknown command 'histroy'; did you mean 'history'?"
        );
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
        assert_eq!("movetime hard".parse(), Ok(Command::Level(LEVELS[6])));
        assert_eq!("LEVEL Casual".parse(), Ok(Command::Level(LEVELS[2])));
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
        let english = Text::new(Lang::En);
        let explain = |line: &str| line.parse::<Command>().unwrap_err().explain(&english);
        assert_eq!("".parse::<Command>(), Err(CommandError::Empty));
        assert_eq!(
            explain("dance"),
            "unknown command 'dance'; type help for the commands"
        );
        assert_eq!(
            explain("c3-d3"),
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
                explain(huge),
                "movetime: the time must be 1 to 3600000 milliseconds (an hour); \
                 usage: movetime [MS | LEVEL]",
                "{huge}"
            );
        }
        assert_eq!(
            explain("review soon"),
            "review: the depth must be 1 to 30 plies; usage: review [DEPTH] [SIDE]"
        );
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
    fn puzzle_takes_a_word_or_a_position() {
        assert_eq!("puzzle".parse(), Ok(Command::Puzzle(PuzzleAction::Next)));
        assert_eq!(
            "задача дальше".parse(),
            Ok(Command::Puzzle(PuzzleAction::Next))
        );
        assert_eq!(
            "Задача выход".parse(),
            Ok(Command::Puzzle(PuzzleAction::Off))
        );
        assert_eq!("puzzle OFF".parse(), Ok(Command::Puzzle(PuzzleAction::Off)));
        assert_eq!(
            "puzzle W:Wa1,b2,c3:Ba5,e5,g7".parse(),
            Ok(Command::Puzzle(PuzzleAction::Position(
                "W:Wa1,b2,c3:Ba5,e5,g7".to_string()
            )))
        );
        let english = Text::new(Lang::En);
        assert_eq!(
            "puzzle now"
                .parse::<Command>()
                .unwrap_err()
                .explain(&english),
            "puzzle: 'now' is not next, off or list, nor a position string, nor a motif; \
             usage: puzzle [next | off | list | FEN | MOTIF]"
        );
        // A motif by its name in either language, or by a word of it.
        let turkish = |text: &str| match text.parse() {
            Ok(Command::Puzzle(PuzzleAction::Motif(index))) => {
                shashki::combination::motif::builtin()[index]
                    .english
                    .clone()
            }
            other => format!("{other:?}"),
        };
        assert_eq!(turkish("puzzle Turkish strike"), "Turkish strike");
        assert_eq!(turkish("задача турецкий удар"), "Turkish strike");
        assert_eq!(turkish("задача турецкий"), "Turkish strike");
        assert_eq!(
            "задача список".parse(),
            Ok(Command::Puzzle(PuzzleAction::List))
        );
        assert_eq!(
            "puzzle list".parse(),
            Ok(Command::Puzzle(PuzzleAction::List))
        );
    }

    #[test]
    fn answers_in_english_and_russian() {
        assert_eq!(parse_answer("Y"), Some(true));
        assert_eq!(parse_answer("да"), Some(true));
        assert_eq!(parse_answer("нет"), Some(false));
        assert_eq!(parse_answer("no"), Some(false));
        assert_eq!(parse_answer("maybe"), None);
        assert_eq!(parse_answer(" Д "), Some(true));
        assert_eq!(parse_side("чёрные"), Some(Color::Black));
        assert_eq!(parse_side("черные"), Some(Color::Black));
        assert_eq!(parse_side("W"), Some(Color::White));
        assert_eq!(parse_side("б"), Some(Color::White));
        assert_eq!(parse_side("b"), Some(Color::Black));
        assert_eq!(parse_side("yes"), None);
    }
}
