//! Console play: a game against the bot at a readline prompt, or line by line from a script.
//!
//! [`run`] reads lines from rustyline when stdin is a terminal (history, completion,
//! hints, colours, a progress line while the bot thinks) and plainly from stdin
//! otherwise, so that the same commands drive scripted games and tests.

mod analysis;
mod archive;
mod clock;
pub mod command;
mod dialogue;
mod engines;
mod files;
mod help;
mod helper;
mod input;
mod interrupt;
mod keyboard;
mod learning;
mod lessons;
mod phrases;
mod problems;
mod puzzle;
mod record;
pub mod render;
mod review;
mod said;
mod saved;
mod score;
mod settings;
mod strength;
mod study;
mod thinking;
mod width;

pub use self::clock::{TimeControl, TimeControlError};
pub use self::files::PLAYER;
pub use shashki::words::Lang;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use self::clock::{Clocks, clock_text};
use self::command::{Command, CommandError, parse_answer, parse_side};
use self::dialogue::{Dialogue, Intent, Meant, Question, chosen};
use self::engines::Engines;
use self::files::GoingOn;
use self::help::help;
use self::helper::Mode;
use self::input::{Alarm, Input, InputError, Line};
use self::interrupt::Interrupts;
use self::keyboard::Keyboard;
use self::record::Record;
use self::render::Style;
use self::said::{Note, Said};
use self::saved::Saved;
use self::settings::{Layout, Settings};
use self::strength::{Due, Strength};
use self::study::Reviewing;
use self::thinking::{Screen, Thinker};
use crate::app::platform;
use shashki::engine::{EngineConfig, Limits};
use shashki::files::DataDir;
use shashki::msg;
use shashki::notation::pdn::{self, GameRecord};
use shashki::notation::{MoveReadings, Notation, ReadMove, readings};
use shashki::tablebase::{Tablebase, Value};
use shashki::words::{Message, Text};
use shashki::{Color, Game, Move, MoveText, Outcome, Position, is_king_against_king};

/// Input errors in a row after which the terminal is taken to be gone, as at Ctrl-D.
const MAX_INPUT_ERRORS: u32 = 10;

/// How a console session starts.
#[derive(Clone, Debug)]
pub struct Options {
    /// The human's colour.
    pub human: Color,
    /// The start position (default: the standard start).
    pub start: Option<Position>,
    /// The bot's limits per move without clocks: a time, a depth.
    pub limits: Limits,
    /// `--depth`: hints, analysis and review search to this depth too.
    pub study_depth: Option<u32>,
    /// Whether the player chose the bot's strength (a level, a time or a depth a move):
    /// on a clock it then bounds the clock's share too.
    pub strength_chosen: bool,
    /// The bot's engine: its knowledge, threads, seed and tables.
    pub bot: BotOptions,
    /// Plain text even on a terminal.
    pub no_color: bool,
    /// How the bot's moves and hints are written.
    pub notation: Notation,
    /// A PDN file to open at the start.
    pub open: Option<PathBuf>,
    /// The player's name in game records.
    pub name: String,
    /// The language the console speaks.
    pub lang: Lang,
    /// The player's data directory (`None`: the system names no home).
    pub data: Option<DataDir>,
    /// Game clocks: the bot manages its time on them, a flag fall loses.
    pub time: Option<TimeControl>,
}

/// The console's engine settings.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// Whether the bot plays the knowledge base (the weakest levels do not).
    pub use_kb: bool,
    /// The knowledge base file (default: ./kb/combs.txt, else your own in the data directory, else the built-in base).
    pub kb: Option<PathBuf>,
    /// The threads the bot searches with.
    pub threads: usize,
    /// The bot's random seed (default: from the clock).
    pub seed: Option<u64>,
    /// The endgame tables the bot uses (the built-in king endings, and databases if given).
    pub tablebase: Tablebase,
}

impl Default for BotOptions {
    fn default() -> BotOptions {
        BotOptions {
            use_kb: true,
            kb: None,
            threads: 1,
            seed: None,
            tablebase: Tablebase::builtin(),
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            human: Color::White,
            start: None,
            limits: Limits::default(),
            study_depth: None,
            strength_chosen: false,
            bot: BotOptions::default(),
            no_color: false,
            notation: Notation::Full,
            open: None,
            name: files::PLAYER.to_string(),
            lang: Lang::En,
            data: None,
            time: None,
        }
    }
}

/// Pieces of each kind, to see whether the material changed.
type Material = [u32; 4];

fn material(position: &Position) -> Material {
    [
        position.men(Color::White).count(),
        position.kings_of(Color::White).count(),
        position.men(Color::Black).count(),
        position.kings_of(Color::Black).count(),
    ]
}

/// Whether the session goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// One session: the game, the bot, and the conversation, each part owning its state.
struct Console {
    /// The game and what is shown of it.
    record: Record,
    /// What the autosave holds.
    saved: Saved,
    /// How strongly and how fast the bot plays.
    strength: Strength,
    /// The bot and its knowledge.
    engines: Engines,
    /// Where lines come from and what they answer.
    dialogue: Dialogue,
    /// The player's data directory (history, own knowledge base, the game in progress).
    data: Option<DataDir>,
    style: Style,
    /// How the bot's moves and hints are written.
    notation: Notation,
    screen: Screen,
    /// The puzzle trainer.
    trainer: puzzle::Trainer,
    /// The player's lessons, and the one being trained.
    lessons: lessons::Lessons,
    /// The messages in the player's language.
    text: Text,
    out: io::Stdout,
}

/// Plays a console session until the player quits or the input ends.
pub fn run(options: Options) -> io::Result<()> {
    let mut console = Console::new(&options);
    console.begin(&options);
    console.converse();
    let said = console.saved.update(&console.record, &console.strength);
    console.utter(said);
    let farewell = console.saved.farewell();
    console.utter(farewell);
    console.dialogue.input.finish();
    Ok(())
}

impl Console {
    /// The console `options` ask for, its terminal found out: colours, the keyboard,
    /// Ctrl-C.
    fn new(options: &Options) -> Console {
        let interactive = io::stdin().is_terminal();
        let terminal_out = io::stdout().is_terminal();
        let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        // A dumb terminal shows escape sequences as they are: no colours, no redrawing.
        let dumb = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
        // A console that cannot be taught escape sequences (before Windows 10) shows them
        // raw: plain text then, and no line redrawn in place.
        let escapes = interactive && terminal_out && !dumb && platform::escape_sequences();
        let style = Style {
            color: escapes && !options.no_color && !no_color_env,
        };
        let seed = options.bot.seed.unwrap_or_else(clock_seed);
        let start = options.start.unwrap_or_else(Position::start);
        // At a terminal, the program holds what is typed until a prompt asks for it.
        let keyboard = interactive.then(Keyboard::take_over).flatten();
        Console {
            record: Record {
                game: Game::new(start),
                view: None,
                tags: Vec::new(),
                recorded_plies: None,
                comments: Vec::new(),
                player: options.name.clone(),
                human: options.human,
                side_known: true,
                kept: None,
                over_when_taken: None,
                opening: None,
                opened_from: None,
                announced: false,
                declined: None,
            },
            saved: Saved::new(options.data.clone()),
            strength: Strength {
                seed,
                limits: options.limits,
                use_kb: options.bot.use_kb,
                strength_chosen: options.strength_chosen,
                study_depth: options.study_depth,
                clocks: options.time.map(Clocks::new),
            },
            engines: Engines::new(
                EngineConfig {
                    use_kb: options.bot.use_kb,
                    seed,
                    threads: options.bot.threads,
                    tablebase: options.bot.tablebase.clone(),
                    check_kb_at_load: options.time.is_some(),
                    ..EngineConfig::default()
                },
                options.bot.kb.clone(),
                options.data.clone(),
            ),
            dialogue: Dialogue {
                question: Question::None,
                input: match interactive {
                    true => Input::terminal(
                        &start,
                        options.lang,
                        style.color,
                        options.data.as_ref(),
                        keyboard.clone(),
                    ),
                    false => Input::script(),
                },
                interrupts: interactive.then(|| Interrupts::install(keyboard)).flatten(),
                interactive,
                settings: Settings::load(options.data.as_ref()),
            },
            data: options.data.clone(),
            style,
            notation: options.notation,
            screen: Screen { progress: escapes },
            trainer: puzzle::Trainer::new(
                seed,
                options.data.as_ref(),
                Text::new(options.lang).render(&msg!("puzzle-score-header")),
            ),
            lessons: lessons::Lessons::new(options.data.clone()),
            text: Text::new(options.lang),
            out: io::stdout(),
        }
    }

    /// Greets the player, loads the knowledge base and shows the board, then starts on
    /// the file or position asked for, or offers last time's game.
    fn begin(&mut self, options: &Options) {
        self.utter(msg!("welcome"));
        let loaded = self.engines.load(false);
        self.utter(loaded);
        self.utter(self.strength.shown(self.text.lang()));
        self.show_board();
        // An unfinished game left from last time is offered back: the game waits for
        // the answer.
        let (said, offered) = self.saved.offer();
        self.utter(said);
        if offered {
            self.dialogue.question = Question::Resume;
        }
        // The file named on the command line wins: last time's game is set aside. So
        // does the position asked for: it is the game already.
        let asked_for = options.open.is_some() || options.start.is_some();
        if offered && asked_for {
            self.answer(false);
        }
        match &options.open {
            Some(path) => self.open(path, None),
            None if !offered => self.proceed(),
            None => {}
        }
    }

    /// Before the prompt: the game is kept, the question that is due is asked, and the
    /// clock of the side to move runs (none once the game is over, nor while the game
    /// kept from last time waits to be resumed, nor in puzzles).
    fn before_the_prompt(&mut self) {
        let said = self.saved.update(&self.record, &self.strength);
        self.utter(said);
        let over = self.record.game_over();
        let position = *self.record.game.position();
        let studying = self.trainer.active() || self.lessons.active();
        if self.dialogue.question == Question::None && !studying {
            if !self.record.side_known && !over && self.record.view.is_none() {
                // A record of others' game that can go on: the player takes a side.
                self.dialogue.question = Question::Side;
            } else if self.record.announced && over {
                // Every other question answered: a new game?
                self.dialogue.question = Question::NewGame;
            } else if !over
                && position.side_to_move() == self.record.human
                && is_king_against_king(&position)
                && self.record.declined != Some(material(&position))
                && self.engines.engine.exact_value(&self.record.game) == Some(Value::Draw)
            {
                // A king-against-king ending that neither side can win by force: the
                // bot offers a draw before the human's move, once per material balance.
                self.utter(msg!("draw-offer"));
                self.dialogue.question = Question::Draw;
            }
        }
        let running = !over && !self.saved.resume_pending && !studying;
        self.strength.run_clock(position.side_to_move(), running);
    }

    /// Reads and answers lines until the player quits or the input ends.
    fn converse(&mut self) {
        let mut interrupts = 0;
        let mut errors = 0;
        loop {
            self.before_the_prompt();
            let mode = match self.dialogue.question {
                Question::None => Mode::Play,
                _ => Mode::Question,
            };
            let position = (self.trainer.position())
                .or(self.lessons.position())
                .unwrap_or(*self.record.game.position());
            self.dialogue.input.set_position(&position, mode);
            if mode == Mode::Question {
                let said = self.dialogue.set_typed_ahead_aside();
                self.utter(said);
            }
            let prompt = self.prompt();
            let alarms: Vec<_> = (self.strength.alarms(self.record.human).into_iter())
                .map(|(at, due)| {
                    let alarm = match due {
                        Due::Warning(seconds) => {
                            Alarm::Say(self.words(msg!("clock-warning", seconds = seconds)))
                        }
                        Due::Flag => Alarm::Flag(self.words(msg!("clock-flag-press-enter"))),
                    };
                    (at, alarm)
                })
                .collect();
            match self.dialogue.input.read(&prompt, &alarms) {
                Line::Text(text) => {
                    interrupts = 0;
                    errors = 0;
                    // A move typed after the flag fell is not played: the game's end,
                    // told once, says why.
                    let flag_fell = self.check_flag();
                    let parsed = text.parse::<Command>();
                    if flag_fell && matches!(parsed, Ok(Command::Move(_))) {
                        continue;
                    }
                    if self.handle(&text, parsed) == Flow::Quit {
                        break;
                    }
                }
                Line::Interrupted => {
                    errors = 0;
                    interrupts += 1;
                    if self.dialogue.question == Question::Quit || interrupts >= 3 {
                        break;
                    }
                    if interrupts == 2 {
                        self.dialogue.question = Question::Quit;
                    } else {
                        self.utter(msg!("line-cleared"));
                    }
                }
                // The flag fell while the player thought: the game's end is told now.
                Line::Flag => {
                    self.check_flag();
                }
                Line::Eof => break,
                Line::Error(error) => {
                    errors += 1;
                    let error = match error {
                        InputError::NotUtf8 => self.words(msg!("input-not-utf8")),
                        InputError::Other(error) => error,
                    };
                    if errors >= MAX_INPUT_ERRORS {
                        self.utter(msg!("input-gone", error = error));
                        break;
                    }
                    self.utter(msg!("input-error", error = error));
                }
            }
        }
    }
}

/// Keeps a console window that closes with the program (started from Explorer) open
/// until the player has read its last words and pressed Enter.
pub fn hold_the_window(lang: Lang) {
    let mut out = io::stdout();
    let _ = write!(out, "\n{} ", Text::new(lang).render(&msg!("window-close")));
    let _ = out.flush();
    let _ = io::BufRead::read_line(&mut io::stdin().lock(), &mut String::new());
}

/// A seed from the clock, for games without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ u64::from(std::process::id())
}

impl Console {
    /// Prints what a part said, in the player's language.
    fn utter(&mut self, said: impl Into<Said>) {
        for note in said.into().0 {
            match note {
                Note::Tell(message) => {
                    let files = message.file_names();
                    let text = self.words(message);
                    say(&mut self.out, &width::wrap_message_keeping(&text, &files));
                }
                Note::Plain(text) => say(&mut self.out, &text),
                Note::Board {
                    position,
                    marks,
                    bottom,
                } => {
                    let text = render::board(&position, marks, bottom, self.style);
                    let _ = write!(self.out, "{text}");
                    let material = phrases::material(&position, &self.text);
                    say(&mut self.out, &material);
                }
                Note::Verbatim(message) => {
                    let text = self.words(message);
                    say(&mut self.out, &text);
                }
                Note::Placed {
                    path,
                    separator,
                    reason,
                } => {
                    let reason = self.words(reason);
                    say(&mut self.out, &format!("{path}{separator}{reason}"));
                }
                Note::Problems(diagnostics) => {
                    for problem in problems::fitted(&diagnostics, &self.text) {
                        say(&mut self.out, &problem);
                    }
                }
                Note::GameBoard => self.show_board(),
                Note::Legend => {
                    let legend = match self.style.color {
                        true => msg!("legend-color"),
                        false => msg!("legend-plain"),
                    };
                    self.utter(legend);
                }
            }
        }
    }

    /// A message in the player's language.
    fn words(&self, message: Message) -> String {
        self.text.render(&message)
    }

    fn prompt(&self) -> String {
        // Fluent drops a message's trailing space: the prompts get theirs here.
        let question = match &self.dialogue.question {
            Question::Resume => msg!("ask-resume"),
            Question::Replace(path) => msg!("ask-replace", path = path.display().to_string()),
            Question::Draw => msg!("ask-draw"),
            Question::NewGame => msg!("ask-new-game"),
            Question::Quit => msg!("ask-quit"),
            Question::Side => msg!("ask-side"),
            Question::Branch { .. } => msg!("ask-branch"),
            Question::Remember { .. } => msg!("ask-remember"),
            Question::Which { typed, choices, .. } if choices.len() == 1 => msg!(
                "ask-which-one",
                typed = typed.as_str(),
                choice = choices[0].0.as_str()
            ),
            Question::Which { typed, choices, .. } => msg!(
                "ask-which",
                typed = typed.as_str(),
                choices = choices
                    .iter()
                    .enumerate()
                    .map(|(n, (text, _))| format!("{} {text}", n + 1))
                    .collect::<Vec<_>>()
                    .join(", "),
                count = choices.len()
            ),
            Question::Learn => match &self.engines.pending {
                Some(pending) => msg!(
                    "ask-learn",
                    count = pending.facts.len(),
                    path = pending.target.display().to_string()
                ),
                None => msg!("learn-declined"),
            },
            Question::None if self.trainer.active() => {
                let side = self.trainer.side().expect("puzzle mode");
                let side = self.words(msg!("prompt-side", side = phrases::side(side)));
                return format!("{} {side}> ", self.words(msg!("prompt-puzzle")));
            }
            Question::None if self.lessons.active() => {
                let side = self.lessons.position().expect("a lesson").side_to_move();
                let side = self.words(msg!("prompt-side", side = phrases::side(side)));
                return format!("{} {side}> ", self.words(msg!("prompt-lesson")));
            }
            Question::None => {
                let (number, side) = self.record.number_at(self.record.shown_ply());
                let dots = match side {
                    Color::White => ".",
                    Color::Black => "...",
                };
                let side = self.words(msg!("prompt-side", side = phrases::side(side)));
                let viewing = match self.record.view {
                    Some(_) => format!(" {}", self.words(msg!("prompt-back"))),
                    None => String::new(),
                };
                // The player's time, as it was when the prompt was shown.
                let time = match &self.strength.clocks {
                    Some(clocks) if clocks.runs(self.record.human) => {
                        format!("[{}] ", clock_text(clocks.left(self.record.human)))
                    }
                    _ => String::new(),
                };
                return format!("{time}{number}{dots} {side}{viewing}> ");
            }
        };
        format!("{} ", self.words(question))
    }

    fn show_board(&mut self) {
        let (position, marks) = self.record.shown();
        let text = render::board(&position, marks, self.record.human, self.style);
        let _ = write!(self.out, "{text}");
        let material = phrases::material(&position, &self.text);
        say(&mut self.out, &material);
        if let Some(clocks) = self.strength.clocks_shown() {
            self.utter(clocks);
        }
    }

    /// Handles one line of input, `parsed` as a command (parsed once, by the caller).
    fn handle(&mut self, text: &str, parsed: Result<Command, CommandError>) -> Flow {
        if let Question::Which {
            choices, intent, ..
        } = &self.dialogue.question
            && let Some(meant) = chosen(text, choices).or_else(|| {
                (choices.len() == 1 && parse_answer(text) == Some(true))
                    .then(|| choices[0].1.clone())
            })
        {
            let intent = intent.clone();
            self.dialogue.question = Question::None;
            self.act(meant, intent);
            return Flow::Continue;
        }
        if self.dialogue.question == Question::Side
            && let Some(side) = parse_side(text)
        {
            self.dialogue.question = Question::None;
            let said = self.record.take_side(side);
            self.utter(said);
            self.proceed();
            return Flow::Continue;
        }
        if self.dialogue.question != Question::None
            && let Some(yes) = parse_answer(text)
        {
            return self.answer(yes);
        }
        let command = match parsed {
            Ok(command) => command,
            Err(CommandError::Empty) if self.dialogue.question != Question::None => {
                self.utter(msg!("answer-please"));
                return Flow::Continue;
            }
            Err(CommandError::Empty) => return Flow::Continue,
            Err(error) => {
                let text = width::wrap_message(&error.explain(&self.text));
                self.utter(Note::Plain(text));
                return Flow::Continue;
            }
        };
        if self.dialogue.question == Question::Quit {
            self.dialogue.settle(
                self.trainer.active(),
                self.saved.resume_pending,
                self.record.ended(),
            );
        }
        match self.dialogue.question {
            // A puzzle leaves the game alone: the question waits for the end of it.
            Question::Resume if matches!(command, Command::Puzzle(_)) => {}
            // Playing on instead of answering says no.
            Question::Resume => {
                self.answer(false);
            }
            Question::Replace(_) => {
                self.utter(msg!("not-saved"));
                self.dialogue.question = Question::None;
            }
            Question::Learn => {
                self.dialogue.question = Question::None;
                let said = self.engines.keep_learned(false);
                self.utter(said);
            }
            // Anything else than a choice: the typed move is dropped.
            Question::Which { .. } => self.dialogue.question = Question::None,
            // Anything else than yes: nothing is remembered.
            Question::Remember { .. } => {
                self.dialogue.question = Question::None;
                self.utter(msg!("remember-declined"));
            }
            // Looking through the record waits for the side: the question comes back.
            Question::Side => self.dialogue.question = Question::None,
            _ => {}
        }
        self.execute(command)
    }

    fn answer(&mut self, yes: bool) -> Flow {
        let question = std::mem::replace(&mut self.dialogue.question, Question::None);
        match (question, yes) {
            (Question::Resume, yes) => {
                let (said, record) = self.saved.take_back(yes);
                self.utter(said);
                match record {
                    Some(record) => self.go_on(record, GoingOn::Resumed),
                    None => self.proceed(),
                }
            }
            (Question::Replace(path), true) => self.save(&path, true),
            (Question::Replace(_), false) => self.utter(msg!("not-saved")),
            (Question::Draw, true) => {
                self.record.game.agree_draw();
                self.proceed();
            }
            (Question::Draw, false) => {
                self.record.declined = Some(material(self.record.game.position()));
                self.utter(msg!("play-on"));
            }
            (Question::NewGame, true) => self.new_game(Position::start()),
            (Question::NewGame, false) | (Question::Quit, true) => return Flow::Quit,
            (Question::Quit, false) => {
                let ended = self.record.ended();
                (self.dialogue).settle(self.trainer.active(), self.saved.resume_pending, ended);
            }
            (Question::Branch { mv, ply }, true) => self.branch(mv, ply),
            (Question::Branch { .. }, false) => self.utter(msg!("branch-declined")),
            (Question::Remember { mv, name }, true) => self.remember(mv, name),
            (Question::Remember { .. }, false) => self.utter(msg!("remember-declined")),
            (Question::Learn, yes) => {
                let said = self.engines.keep_learned(yes);
                self.utter(said);
            }
            (question @ Question::Side, _) => {
                self.dialogue.question = question;
                self.utter(msg!("answer-side"));
            }
            (Question::Which { choices, .. }, false) if choices.len() == 1 => {
                self.utter(msg!("which-declined"));
            }
            (question @ Question::Which { .. }, _) => {
                self.dialogue.question = question;
                self.utter(msg!("answer-which"));
            }
            (Question::None, _) => {}
        }
        Flow::Continue
    }

    fn execute(&mut self, command: Command) -> Flow {
        if let Some(flow) = self.puzzle_command(&command) {
            return flow;
        }
        // Only looking at the game keeps an earlier position shown.
        let looking = matches!(
            command,
            Command::History
                | Command::Back(_)
                | Command::Forward(_)
                | Command::Goto(_)
                | Command::Board
                | Command::Fen
                | Command::Help
                | Command::Analyze
                | Command::Move(_)
        );
        if !looking {
            self.record.view = None;
        }
        let command = match self.show_or_set(command) {
            Ok(()) => return Flow::Continue,
            Err(command) => command,
        };
        match command {
            Command::Move(typed) => self.human_move(&typed),
            Command::Hint => self.hint(),
            Command::Analyze => self.analyze(),
            Command::Review { depth, side } => self.review(depth, side, Reviewing::Report),
            Command::Undo => match self.record.undo() {
                Ok(done) => {
                    self.engines.new_game();
                    self.dialogue.question = Question::None;
                    self.utter(Said::from(done).and(Note::GameBoard));
                }
                Err(why) => self.utter(why),
            },
            Command::New => self.new_game(Position::start()),
            Command::Flip => {
                self.record.human = self.record.human.opposite();
                self.record.side_known = true;
                let side = phrases::side(self.record.human);
                self.utter(msg!("you-play-now", side = side));
                self.show_board();
                self.proceed();
            }
            Command::Load(text) => {
                if let Some(position) = self.read_position(&text, Intent::Load) {
                    self.new_game(position);
                }
            }
            Command::Save { path, replace } => self.save(&path, replace),
            Command::Open { path, number } => self.open(&path, number),
            Command::Remember { mv, name } => {
                let position = *self.record.game.position();
                if let Some(mv) = self.read_move(&mv, &position, Intent::Remember(name.clone())) {
                    self.act(Meant::Move(mv), Intent::Remember(name));
                }
            }
            Command::Learn => self.learn(),
            Command::Puzzle(action) => self.puzzle(action),
            Command::Draw => self.offer_draw(),
            Command::Resign => {
                if self.record.game_over() {
                    self.utter(msg!("game-already-over"));
                } else {
                    self.record.game.resign(self.record.human);
                    self.proceed();
                }
            }
            Command::Games(Some(number)) => {
                let games = self.data.as_ref().map(DataDir::games);
                match archive::kept_game_path(games.as_deref(), number) {
                    Ok(path) => self.open(&path, None),
                    Err(why) => self.utter(why),
                }
            }
            Command::Quit => return Flow::Quit,
            // Shown or set above.
            Command::History
            | Command::Back(_)
            | Command::Forward(_)
            | Command::Goto(_)
            | Command::Help
            | Command::Board
            | Command::Moves
            | Command::MoveTime(_)
            | Command::Level(_)
            | Command::Levels
            | Command::Fen
            | Command::KbReload
            | Command::KbCheck
            | Command::Games(None)
            | Command::Stats
            | Command::Clock
            | Command::Layout(_)
            | Command::Forget
            | Command::Restore
            | Command::Train => {}
        }
        Flow::Continue
    }

    /// Does a command that only shows or sets something of one part (the record, the
    /// strength, the engines, the dialogue, the kept games); gives any other back.
    fn show_or_set(&mut self, command: Command) -> Result<(), Command> {
        let lang = self.text.lang();
        let games = self.data.as_ref().map(DataDir::games);
        let said = match command {
            Command::History => self.record.history(self.notation),
            Command::Back(plies) => {
                (self.record).show_ply(self.record.shown_ply().saturating_sub(plies))
            }
            Command::Forward(plies) => self.record.show_ply(self.record.shown_ply() + plies),
            Command::Goto(number) => self.record.goto(number),
            Command::Help => {
                Note::Plain(help(&self.text).trim_end_matches('\n').to_string()).into()
            }
            Command::Board => Said::from(Note::GameBoard).and(Note::Legend),
            Command::Moves => self.record.legal_moves().into(),
            Command::Fen => Note::Plain(self.record.shown().0.to_fen()).into(),
            Command::MoveTime(None) => self.strength.shown(lang).into(),
            Command::MoveTime(Some(time)) => {
                self.strength.set(Limits::MoveTime(time), true, lang).into()
            }
            Command::Level(level) => self.strength.set(level.limits(), level.use_kb, lang).into(),
            Command::Levels => {
                Note::Plain(strength::levels_table(self.strength.level(), &self.text)).into()
            }
            Command::KbReload => self.engines.load(true),
            Command::KbCheck => self.engines.check(),
            Command::Games(None) => archive::games_table(games.as_deref(), &self.text),
            Command::Stats => archive::stats_table(games.as_deref(), &self.text),
            Command::Clock => self.strength.clocks_now().into(),
            Command::Layout(layout) => self.dialogue.set_layout(layout, self.data.as_ref()),
            Command::Forget => self.engines.forget(self.record.game.position()),
            Command::Train => self.lessons.pose(),
            Command::Restore => self.engines.restore(),
            other => return Err(other),
        };
        self.utter(said);
        Ok(())
    }

    /// Forgets the comments on moves taken back: they would stand by other moves.
    /// After any change: announce the end, or let the bot move when it is its turn.
    fn proceed(&mut self) {
        let said = self.saved.update(&self.record, &self.strength);
        self.utter(said);
        if !self.record.game_over()
            && self.record.side_known
            && self.record.game.position().side_to_move() == self.record.bot()
        {
            self.bot_move();
        }
        let opening = self.record.opening_reached();
        self.utter(opening);
        if let Some(outcome) = self.record.game.outcome()
            && !self.record.announced
        {
            self.announce(outcome);
        }
    }

    fn announce(&mut self, outcome: Outcome) {
        self.record.announced = true;
        let token = pdn::result_token(Some(outcome));
        // A record of other players' game that ended as it was written, or whose
        // player's side is not known: no "you".
        if !self.record.side_known
            || self
                .record
                .recorded_plies
                .is_some_and(|plies| self.record.game.moves().len() <= plies)
        {
            self.utter(msg!(
                "record-over",
                outcome = self.words(outcome.message(true)),
                token = token
            ));
            self.utter(msg!("game-over-help", undo = self.record.undo_allowed()));
            self.dialogue.question = Question::NewGame;
            return;
        }
        let verdict = match outcome {
            Outcome::Win { winner, .. } if winner == self.record.human => msg!("verdict-you-win"),
            Outcome::Win { .. } => msg!("verdict-bot-wins"),
            Outcome::Draw(_) => msg!("verdict-draw"),
        };
        self.utter(msg!(
            "game-over",
            outcome = self.words(outcome.message(false)),
            verdict = self.words(verdict),
            token = token
        ));
        if let Some(games) = self.data.as_ref().map(DataDir::games) {
            let said = self.record.keep_finished(&games, &self.strength);
            self.utter(said);
            // The player's mistakes become lessons at once.
            self.review(None, None, Reviewing::Lessons);
        }
        self.utter(msg!("game-over-help", undo = self.record.undo_allowed()));
        self.dialogue.question = Question::NewGame;
    }

    fn new_game(&mut self, start: Position) {
        let said = self.saved.keep_unfinished(&self.record, &self.strength);
        self.utter(said);
        let record = GameRecord {
            tags: Vec::new(),
            game: Game::new(start),
            comments: Vec::new(),
            moves_lost: false,
        };
        self.take_game(record, Some(self.record.human));
        self.utter(msg!("new-game"));
        self.show_board();
        self.proceed();
    }

    /// Another game takes this one's place, with its record's tags and comments, the
    /// player on side `human` (`None`: a game of others, whose side the player is yet to
    /// take): the bot, the questions and the clocks start afresh.
    fn take_game(&mut self, record: GameRecord, human: Option<Color>) {
        self.record.take(record, human);
        self.engines.new_game();
        self.dialogue.question = Question::None;
        if let Some(clocks) = &mut self.strength.clocks {
            *clocks = Clocks::new(clocks.control());
        }
    }

    /// A move typed in the game, or at the earlier position shown: there it starts a
    /// new line once the player says so.
    fn human_move(&mut self, typed: &MoveReadings) {
        let (position, _) = self.record.shown();
        let intent = match self.record.view {
            Some(ply) => Intent::Branch(ply),
            None => Intent::Play,
        };
        let refusal = if intent == Intent::Play && self.record.game_over() {
            Some(msg!("move-after-end"))
        } else if !self.record.side_known {
            Some(msg!("side-first"))
        } else if position.side_to_move() != self.record.human {
            Some(match intent {
                Intent::Play => msg!("not-your-move"),
                _ => msg!("branch-bot-to-move"),
            })
        } else {
            None
        };
        if let Some(refusal) = refusal {
            return self.utter(refusal);
        }
        if let Some(mv) = self.read_move(typed, &position, intent.clone()) {
            self.act(Meant::Move(mv), intent);
        }
    }

    /// `remember`: `mv` becomes the player's own fact for the position.
    fn remember(&mut self, mv: Move, name: Option<String>) {
        let position = *self.record.game.position();
        let default_name = self.words(msg!(
            "remember-default-name",
            number = self.record.game.move_number(),
            mv = MoveText::from_move(&position, mv).to_string()
        ));
        let said = (self.engines).remember(&position, mv, name.as_deref(), &default_name);
        self.utter(said);
    }

    /// The new line: the game cut back to `ply` plies, then `mv` played.
    fn branch(&mut self, mv: Move, ply: usize) {
        let said = self.saved.keep_unfinished(&self.record, &self.strength);
        self.utter(said);
        while self.record.game.moves().len() > ply {
            self.record.game.undo();
        }
        self.record.drop_lost_comments();
        self.record.view = None;
        self.record.start_afresh();
        self.dialogue.question = Question::None;
        self.engines.new_game();
        self.play_human(mv);
    }

    /// The move `typed` means in `position`: the one legal move its readings name (and
    /// how it was read, when its letters were others). When several readings are legal
    /// the player is asked which is meant, and when none is the likeliest is explained:
    /// `None` then.
    fn read_move(
        &mut self,
        typed: &MoveReadings,
        position: &Position,
        intent: Intent,
    ) -> Option<Move> {
        let typed = match self.dialogue.settings.layout {
            Layout::Russian => &typed.on_the_russian_layout(),
            Layout::Auto => typed,
        };
        match typed.resolve(position) {
            ReadMove::One { mv, read_as } => {
                if let Some(reading) = read_as {
                    self.utter(msg!("read-as", typed = typed.typed(), reading = reading));
                }
                Some(mv)
            }
            ReadMove::Several(choices) => {
                let choices = choices
                    .into_iter()
                    .map(|(_, mv)| (self.notation.write(position, mv), Meant::Move(mv)))
                    .collect();
                self.dialogue.question = Question::Which {
                    typed: typed.typed().to_string(),
                    choices,
                    intent,
                };
                None
            }
            ReadMove::LayoutIllegal {
                layout,
                error,
                others,
            } => {
                let reason = self.words(error.message());
                self.utter(msg!(
                    "read-as-layout-illegal",
                    typed = typed.typed(),
                    reading = layout,
                    reason = reason
                ));
                let choices = others
                    .into_iter()
                    .map(|(_, mv)| (self.notation.write(position, mv), Meant::Move(mv)))
                    .collect();
                self.dialogue.question = Question::Which {
                    typed: typed.typed().to_string(),
                    choices,
                    intent,
                };
                None
            }
            ReadMove::Illegal { read_as, error } => {
                let reason = self.words(error.message());
                match read_as {
                    Some(reading) => self.utter(msg!(
                        "read-as-illegal",
                        typed = typed.typed(),
                        reading = reading,
                        reason = reason
                    )),
                    None => self.utter(Note::Plain(width::wrap_message(&reason))),
                }
                None
            }
        }
    }

    /// The position `typed` means, read every way its letters can be meant: the one
    /// valid reading (and how it was read, when its letters were others). When several
    /// readings are valid positions the player is asked which is meant, and when none is
    /// the likeliest reading's error is explained: `None` then.
    fn read_position(&mut self, typed: &str, intent: Intent) -> Option<Position> {
        let typed = typed.trim();
        let mut valid: Vec<(String, Position)> = Vec::new();
        let mut first_error = None;
        for reading in readings(typed) {
            match reading.text.parse::<Position>() {
                Ok(position) if valid.iter().any(|(_, found)| *found == position) => {}
                Ok(position) => valid.push((reading.text, position)),
                Err(error) => {
                    first_error.get_or_insert((reading.text, error));
                }
            }
        }
        match valid.len() {
            0 => {
                let (reading, error) = first_error.expect("a reading at least");
                let reason = self.words(error.message());
                match reading != typed {
                    true => self.utter(msg!(
                        "read-as-illegal",
                        typed = typed,
                        reading = reading,
                        reason = reason
                    )),
                    false => self.utter(Note::Plain(width::wrap_message(&reason))),
                }
                None
            }
            1 => {
                let (reading, position) = valid.remove(0);
                if reading != typed {
                    self.utter(msg!("read-as", typed = typed, reading = reading));
                }
                Some(position)
            }
            _ => {
                let choices = valid
                    .into_iter()
                    .map(|(reading, position)| (reading, Meant::Position(position)))
                    .collect();
                self.dialogue.question = Question::Which {
                    typed: typed.to_string(),
                    choices,
                    intent,
                };
                None
            }
        }
    }

    /// Does with what the player meant what it was typed for.
    fn act(&mut self, meant: Meant, intent: Intent) {
        match (meant, intent) {
            (Meant::Move(mv), Intent::Play) => self.play_human(mv),
            (Meant::Move(mv), Intent::Branch(ply)) => {
                let dropped = self.record.game.moves().len() - ply;
                self.dialogue.question = Question::Branch { mv, ply };
                self.utter(msg!(
                    "branch-warning",
                    plies = msg!("plies", count = dropped)
                ));
            }
            // A move that loses material is remembered only when the player says so.
            (Meant::Move(mv), Intent::Remember(name)) => {
                match Engines::remember_risk(self.record.game.position(), mv) {
                    Some(risk) => {
                        self.dialogue.question = Question::Remember { mv, name };
                        self.utter(risk);
                    }
                    None => self.remember(mv, name),
                }
            }
            (Meant::Move(mv), Intent::Lesson) => self.lesson_move(mv),
            (Meant::Move(mv), Intent::Puzzle) => {
                let said = self.trainer.play(mv, self.notation);
                self.utter(said);
            }
            (Meant::Position(position), Intent::Load) => self.new_game(position),
            (Meant::Position(position), Intent::PuzzleAt) => {
                let said = self.trainer.pose_at(position, self.notation);
                self.puzzle_posed(said);
            }
            // A choice is always made for what it was offered for.
            (Meant::Move(_), Intent::Load | Intent::PuzzleAt)
            | (Meant::Position(_), Intent::Play | Intent::Branch(_))
            | (Meant::Position(_), Intent::Remember(_) | Intent::Puzzle | Intent::Lesson) => {}
        }
    }

    /// After a line is typed: a flag that fell while the player thought ends the game.
    /// Whether it did.
    fn check_flag(&mut self) -> bool {
        match self.strength.clocks.as_ref().and_then(Clocks::flagged) {
            Some(side) => !self.punch_clock(side),
            None => false,
        }
    }

    /// `side` has moved (or its flag fell): false, and the game lost, when its time
    /// ran out first.
    fn punch_clock(&mut self, side: Color) -> bool {
        let Some(clocks) = &mut self.strength.clocks else {
            return true;
        };
        if clocks.punch(side) {
            return true;
        }
        self.record.game.flag(side);
        self.show_board();
        self.proceed();
        false
    }

    /// The player's legal move `mv`, played on the clock.
    fn play_human(&mut self, mv: Move) {
        if self.dialogue.question == Question::Draw {
            self.record.declined = Some(material(self.record.game.position()));
            self.dialogue.question = Question::None;
        }
        if !self.punch_clock(self.record.human) {
            return;
        }
        if self.record.game.play(mv).is_err() {
            self.utter(msg!("move-refused"));
            return;
        }
        if self.record.game_over() {
            self.show_board();
        }
        self.proceed();
    }

    /// The bot decides and plays; prints the board and its move with the reason.
    fn bot_move(&mut self) {
        let before = *self.record.game.position();
        let bot = self.record.bot();
        // The level the player chose plays its knowledge base or not.
        self.engines.engine.set_use_kb(self.strength.use_kb);
        let limits = self.strength.bot_limits(bot);
        let thought = self.think(Thinker::Bot, limits);
        let Some(decision) = thought.decision else {
            return;
        };
        if thought.interrupted {
            self.utter(msg!("bot-interrupted"));
        }
        if !self.punch_clock(bot) {
            return;
        }
        if self.record.game.play(decision.mv).is_err() {
            self.utter(msg!("bot-illegal"));
            return;
        }
        self.show_board();
        let text = self.notation.write(&before, decision.mv);
        let reason = phrases::source(&decision.source, &self.text);
        self.utter(msg!("bot-plays", mv = text, reason = reason));
        let passed = self.engines.passed_over(Thinker::Bot, &before);
        self.utter(passed);
    }

    fn offer_draw(&mut self) {
        if self.record.game_over() {
            self.utter(msg!("game-already-over"));
            return;
        }
        let bot = self.record.bot();
        let stop = self.engines.engine.stop_signal();
        let watching = self.dialogue.watch(stop);
        let accepts = self.engines.engine.accepts_draw(&self.record.game, bot);
        let interrupted = watching.finish();
        if interrupted {
            self.utter(msg!("draw-interrupted"));
        }
        if accepts {
            self.utter(msg!("draw-accepted"));
            self.record.game.agree_draw();
            self.proceed();
        } else {
            self.utter(msg!("draw-declined"));
        }
    }
}

/// Prints `text` and a new line; output errors (a closed pipe) must not end the game.
fn say(out: &mut io::Stdout, text: &str) {
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}
