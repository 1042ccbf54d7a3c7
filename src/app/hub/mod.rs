//! `shashki hub`: the Hub protocol (version 2, Scan's), so that GUIs, match tools and
//! pydraughts' `HubEngine` can drive the engine.
//!
//! One engine serves the whole session, so its hash table, the game's history and a
//! knowledge-base line in progress carry over from move to move. Its searches run on
//! a thread of their own; this thread reads the GUI's lines meanwhile, answers `ping`,
//! and passes `stop` and `ponder-hit` to the search through the engine's one
//! [`Stop`]. Every line the engine writes goes through one [`Output`], so that the
//! search's `info` lines and the answers never interleave mid-line.
//!
//! Positions and moves are in the forms of [`shashki::notation::hub`], the moves in the
//! numbering a [`MoveReader`] settles on; bad input of any kind is answered with
//! `error message="..."` and the session goes on.
//!
//! Every `go` gets exactly one `done`: its search's, or a `done` without a move after
//! the `error` that refuses it, so that a client waiting for `done` never waits for
//! ever. A search still under way when the session ends is stopped and answered first.

mod client;
mod level;
mod line;
mod numbering;
mod report;

use std::io::{self, BufRead, Write};
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::app::english;
use crate::app::vocabulary::{level_named, unknown_level};
use shashki::engine::{self, Decision, Engine, EngineConfig, Mode, Setting, Stop};
use shashki::files::DataDir;
use shashki::kb::KnowledgeBase;
use shashki::msg;
use shashki::notation::Numbering;
use shashki::notation::hub::{move_text, parse_position};
use shashki::words::Message;
use shashki::{Game, Position};

pub use self::client::HubClient;
use self::level::Level;
use self::line::{Line, quote};
pub use self::numbering::{MoveNumbering, MoveReader, UnknownNumbering};

/// The engine's settings, from the command line and then `set-param`.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Engine settings: the hash size and whether the knowledge base is used.
    pub config: EngineConfig,
    /// The knowledge-base file; `None` for the usual search (`./kb/combs.txt`, the
    /// player's own base, the built-in one).
    pub kb_file: Option<PathBuf>,
    /// The player's data directory, where the usual search looks for a base.
    pub data: Option<DataDir>,
    /// The named level that sets the search and the knowledge when the GUI sends no `level`.
    pub level: engine::Level,
    /// The numbering of the moves.
    pub numbering: MoveNumbering,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            config: EngineConfig::default(),
            kb_file: None,
            data: None,
            level: engine::level("normal").expect("the normal level"),
            numbering: MoveNumbering::Auto,
        }
    }
}

/// The engine's output: each line written whole and flushed at once, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines go to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `text` and a newline, and flushes.
    pub fn send(&self, text: &str) -> io::Result<()> {
        let mut writer = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        writeln!(writer, "{text}")?;
        writer.flush()
    }
}

/// What the session waits for: a line from the GUI, its end, or a finished search.
enum Event {
    Line(String),
    Closed,
    Finished(Box<Finished>),
}

/// A search's result and the engine that ran it, handed back.
struct Finished {
    /// `None` when the search panicked: the next search makes a new engine.
    engine: Option<Engine>,
    decision: Option<Decision>,
    position: Position,
}

/// A search under way.
struct Running {
    level: Level,
    pondering: bool,
    /// The numbering of its answer, as it was when the search began.
    numbering: Numbering,
    /// A ponder search that ended by itself (at its deepest depth) before `ponder-hit`
    /// or `stop`: its answer waits for one of them, as the protocol has it.
    held: Option<Box<Finished>>,
}

/// Whether the session goes on.
enum Flow {
    Continue,
    Quit,
}

/// Runs the protocol on `input` until `quit` or its end, writing to `output`.
pub fn run(
    input: impl BufRead + Send + 'static,
    output: Output,
    settings: Settings,
) -> io::Result<()> {
    let (events, inbox) = mpsc::channel();
    let reader = events.clone();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if reader.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Closed);
    });
    let mut session = Session {
        output,
        events,
        reader: MoveReader::new(settings.numbering),
        settings,
        engine: None,
        stop: Stop::new(),
        game: None,
        level: None,
        running: None,
        new_game_pending: false,
        stop_before_go: false,
    };
    session.serve(&inbox)
}

struct Session {
    output: Output,
    /// Where a search thread reports its end.
    events: Sender<Event>,
    settings: Settings,
    /// The engine when no search holds it; `None` also before it is first needed.
    engine: Option<Engine>,
    /// The engine's stop signal, kept here while a search holds the engine.
    stop: Stop,
    /// The position of the last `pos`.
    game: Option<Game>,
    /// The last `level`; `None` means the named level of the settings.
    level: Option<Level>,
    running: Option<Running>,
    /// `new-game` arrived during a search: the table is cleared when it ends.
    new_game_pending: bool,
    /// The numbering the client's moves are read in and the answers written in.
    reader: MoveReader,
    /// A `stop` came while no search ran: if a `go ponder` comes next, the two crossed
    /// (the lidraughts bridge stops its ponder search from one thread while another is
    /// still starting it), and that search answers at once.
    stop_before_go: bool,
}

impl Session {
    fn serve(&mut self, inbox: &Receiver<Event>) -> io::Result<()> {
        while let Ok(event) = inbox.recv() {
            let flow = match event {
                Event::Line(text) => self.handle(&text)?,
                Event::Finished(finished) => {
                    self.finish(*finished)?;
                    Flow::Continue
                }
                Event::Closed => Flow::Quit,
            };
            if let Flow::Quit = flow {
                break;
            }
        }
        // A search still under way is stopped and answered: its client may be waiting
        // for the `done` (the lidraughts bridge ends a game with `stop` and `quit` while
        // its ponder thread waits), and a `stop` already read has the same answer.
        if self.running.is_some() {
            self.stop.request();
            if let Some(held) = self
                .running
                .as_mut()
                .and_then(|running| running.held.take())
            {
                return self.finish(*held);
            }
            while let Ok(event) = inbox.recv() {
                if let Event::Finished(finished) = event {
                    return self.finish(*finished);
                }
            }
        }
        Ok(())
    }

    fn send(&self, text: &str) -> io::Result<()> {
        self.output.send(text)
    }

    /// `error message=...`: what went wrong, in English.
    fn error(&self, message: Message) -> io::Result<()> {
        self.send(&format!("error message={}", quote(&english(&message))))
    }

    /// `info message=...`: a note, in English.
    fn note(&self, message: Message) -> io::Result<()> {
        self.send(&report::note(&english(&message)))
    }

    fn handle(&mut self, text: &str) -> io::Result<Flow> {
        let line = match Line::parse(text) {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(Flow::Continue),
            Err(error) => {
                self.error(error.message())?;
                return Ok(Flow::Continue);
            }
        };
        match line.command.as_str() {
            "hub" => {
                for text in report::introduction(&self.settings) {
                    self.send(&text)?;
                }
            }
            "init" => {
                if self.running.is_none() {
                    self.prepare_engine()?;
                }
                self.send("ready")?;
            }
            "ping" => self.send("pong")?,
            "new-game" => self.new_game(),
            "set-param" => self.set_param(&line)?,
            "pos" => self.position(&line)?,
            "level" => match Level::parse(&line) {
                Ok(level) => self.level = Some(level),
                Err(message) => self.error(message)?,
            },
            "go" => self.go(&line)?,
            "ponder-hit" => self.ponder_hit()?,
            "stop" => match self.running.as_mut() {
                Some(running) => {
                    self.stop.request();
                    if let Some(held) = running.held.take() {
                        self.finish(*held)?;
                    }
                }
                None => self.stop_before_go = true,
            },
            "quit" => return Ok(Flow::Quit),
            other => self.error(msg!("hub-unknown-command", command = other))?,
        }
        Ok(Flow::Continue)
    }

    /// Makes the engine if there is none yet; says why when the settings do not allow it.
    fn prepare_engine(&mut self) -> io::Result<()> {
        if self.engine.is_some() {
            return Ok(());
        }
        let kb = match self.knowledge_base() {
            Ok(kb) => kb,
            Err(message) => {
                self.error(message)?;
                None
            }
        };
        let engine = match Engine::try_new(self.settings.config.clone(), kb.clone()) {
            Ok(engine) => engine,
            Err(error) => {
                let fallback = EngineConfig::default().hash_mb;
                self.error(msg!(
                    "hub-hash-fallback",
                    error = error.message(),
                    megabytes = fallback
                ))?;
                self.settings.config.hash_mb = fallback;
                Engine::new(self.settings.config.clone(), kb)
            }
        };
        self.stop = engine.stop_signal();
        self.engine = Some(engine);
        Ok(())
    }

    /// The knowledge base the settings ask for; its problems go to the standard error
    /// (a broken fact is left out, the rest used).
    fn knowledge_base(&self) -> Result<Option<KnowledgeBase>, Message> {
        if !self.settings.config.use_kb {
            return Ok(None);
        }
        match KnowledgeBase::locate_and_load(
            self.settings.kb_file.as_deref(),
            self.settings.data.as_ref(),
        ) {
            Ok((kb, warnings)) => {
                for warning in warnings {
                    eprintln!("{warning}");
                }
                Ok(Some(kb))
            }
            Err(problems) => {
                let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
                Err(msg!("hub-kb-errors", problems = text.join("; ")))
            }
        }
    }

    fn new_game(&mut self) {
        match self.engine.as_mut() {
            Some(engine) => engine.new_game(),
            None if self.running.is_some() => self.new_game_pending = true,
            None => {}
        }
    }

    fn set_param(&mut self, line: &Line) -> io::Result<()> {
        let (Some(name), Some(value)) = (line.get("name"), line.get("value")) else {
            return self.error(msg!("hub-set-param-needs"));
        };
        if self.running.is_some() {
            return self.error(msg!("hub-param-busy", name = name));
        }
        match name {
            "variant" if value == "russian" => Ok(()),
            "variant" => self.error(msg!("hub-variant", value = value)),
            "hash" => match Setting::HashMb.read(value) {
                Ok(megabytes) => self.set_hash(megabytes as usize),
                Err(_) => self.refuse_setting(name, value, Setting::HashMb),
            },
            "tt-size" => self.set_scan_table_size(value),
            "threads" => match Setting::Threads.read(value).map(|threads| threads as usize) {
                Ok(threads) => {
                    // The engine keeps its table and base: only its searches change.
                    self.settings.config.threads = threads;
                    if let Some(engine) = self.engine.as_mut() {
                        engine.set_threads(threads);
                    }
                    Ok(())
                }
                Err(_) => self.refuse_setting(name, value, Setting::Threads),
            },
            "kb" => match value {
                "true" | "false" => {
                    let use_kb = value == "true";
                    self.reconfigure(|settings| settings.config.use_kb = use_kb)
                }
                _ => self.error(msg!("hub-kb", value = value)),
            },
            "kb-file" => {
                let path = (!value.is_empty()).then(|| PathBuf::from(value));
                self.reconfigure(|settings| settings.kb_file = path)
            }
            "level" => match level_named(value) {
                Some(level) => {
                    self.settings.level = level;
                    Ok(())
                }
                None => self.error(unknown_level(value)),
            },
            "numbering" => match value.parse::<MoveNumbering>() {
                Ok(numbering) => {
                    self.settings.numbering = numbering;
                    self.reader = MoveReader::new(numbering);
                    Ok(())
                }
                Err(error) => self.error(error.message()),
            },
            // Other engines' parameters that mean nothing here, taken quietly as the
            // protocol asks: Scan's (its opening book, bitbases and pondering switch),
            // and the game's starting clock that the lidraughts bridge always sends.
            "initial-time" => {
                self.reader.client_is_the_bridge();
                Ok(())
            }
            "book" | "book-ply" | "book-margin" | "bb-size" | "ponder" => Ok(()),
            other => self.error(msg!("hub-unknown-param", name = other)),
        }
    }

    /// A new table of `megabytes`.
    fn set_hash(&mut self, megabytes: usize) -> io::Result<()> {
        let config = EngineConfig {
            hash_mb: megabytes,
            ..self.settings.config.clone()
        };
        self.reconfigure(|settings| settings.config = config)
    }

    /// Scan's `tt-size`: a table of 2^N entries of 16 bytes (Scan's `tt.hpp`), that is
    /// 2^(N - 16) MB, the same memory here.
    fn set_scan_table_size(&mut self, value: &str) -> io::Result<()> {
        let most = Setting::HashMb.max().ilog2() + 16;
        match value.parse::<u32>() {
            Ok(power) if (16..=most).contains(&power) => {
                let megabytes = 1usize << (power - 16);
                self.note(msg!(
                    "hub-note-tt-size",
                    power = power,
                    megabytes = megabytes
                ))?;
                self.set_hash(megabytes)
            }
            _ => self.error(msg!("hub-tt-size", value = value, most = most)),
        }
    }

    /// Refuses `value` for the parameter `name` of `setting`, with the setting's range.
    fn refuse_setting(&self, name: &str, value: &str, setting: Setting) -> io::Result<()> {
        self.error(msg!(
            "hub-setting",
            name = name,
            value = value,
            refusal = setting.refusal()
        ))
    }

    /// Changes the settings and applies them to the engine if it exists: a new base,
    /// or a new engine for a new table size or knowledge switch (the old one stays when
    /// the new settings fail).
    fn reconfigure(&mut self, change: impl FnOnce(&mut Settings)) -> io::Result<()> {
        let before = self.settings.clone();
        change(&mut self.settings);
        let kb = match self.knowledge_base() {
            Ok(kb) => kb,
            Err(message) => {
                self.settings = before;
                return self.error(message);
            }
        };
        // Without an engine yet, `init` makes it with the new settings.
        let Some(old) = self.engine.take() else {
            return Ok(());
        };
        let same_engine = old.config().hash_mb == self.settings.config.hash_mb
            && old.config().use_kb == self.settings.config.use_kb;
        if same_engine {
            let mut engine = old;
            engine.set_knowledge_base(kb);
            self.engine = Some(engine);
            return Ok(());
        }
        // The old table goes first, so that the two need not fit in memory at once.
        drop(old);
        match Engine::try_new(self.settings.config.clone(), kb) {
            Ok(engine) => {
                self.stop = engine.stop_signal();
                self.engine = Some(engine);
                Ok(())
            }
            Err(error) => {
                self.settings = before;
                self.prepare_engine()?;
                self.error(error.message())
            }
        }
    }

    fn position(&mut self, line: &Line) -> io::Result<()> {
        self.game = None;
        let Some(text) = line.get("pos") else {
            return self.error(msg!("hub-pos-needs"));
        };
        let start = match parse_position(text) {
            Ok(position) => position,
            Err(error) => {
                return self.error(msg!("hub-pos", text = text, error = error.message()));
            }
        };
        let moves: Vec<&str> = line.get("moves").unwrap_or("").split_whitespace().collect();
        let (game, note) = self.reader.read(start, &moves);
        if let Some(note) = note {
            self.send(&report::note(&note))?;
        }
        match game {
            Ok(game) => {
                self.game = Some(game);
                Ok(())
            }
            Err(message) => self.error(msg!("hub-moves", error = message)),
        }
    }

    fn go(&mut self, line: &Line) -> io::Result<()> {
        if self.running.is_some() {
            // The search under way answers; a second `done` would answer the wrong `go`.
            return self.error(msg!("hub-searching"));
        }
        let crossed_stop = std::mem::take(&mut self.stop_before_go);
        let mode = ["think", "ponder", "analyze"]
            .into_iter()
            .find(|&mode| line.has(mode));
        let Some(mode) = mode else {
            return self.refuse(msg!("hub-go-needs"));
        };
        let Some(game) = self.game.clone() else {
            return self.refuse(msg!("hub-no-position"));
        };
        let game = match game.outcome() {
            None => game,
            Some(outcome) if game.position().legal_moves().is_empty() => {
                return self.refuse(msg!("hub-no-move", outcome = outcome.message(false)));
            }
            // Drawn here by a rule the client may count otherwise (a server's referee
            // decides, and a pondering client asks before the reply is played): the
            // position is searched without the history that drew it.
            Some(outcome) => {
                self.note(msg!("hub-note-game-over", outcome = outcome.message(false)))?;
                Game::new(*game.position())
            }
        };
        self.prepare_engine()?;
        let named = self.settings.level;
        let level = self.level.unwrap_or(Level::named(named));
        // A named level that plays without the knowledge base turns it off for the move.
        let use_kb = self.settings.config.use_kb && (self.level.is_some() || named.use_kb);
        let (limits, engine_mode) = match mode {
            "ponder" => (level.ponder_limits(), Mode::Play),
            "analyze" => (level.limits(), Mode::Analyze),
            _ => (level.limits(), Mode::Play),
        };
        let mut engine = self.engine.take().expect("the engine was just prepared");
        engine.set_use_kb(use_kb);
        // Withdrawn here, before the thread starts, so that a `stop` read from now on holds.
        self.stop.reset();
        if crossed_stop && mode == "ponder" {
            self.stop.request();
        }
        let numbering = self.reader.numbering();
        self.running = Some(Running {
            level,
            pondering: mode == "ponder",
            numbering,
            held: None,
        });
        let output = self.output.clone();
        let events = self.events.clone();
        std::thread::spawn(move || {
            let position = *game.position();
            let mut report = |progress: &shashki::engine::Progress| {
                let _ = output.send(&report::info(progress, numbering));
            };
            // A search that panics still hands back a result, so that its `done` is sent.
            let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
                let decision = engine.decide(&game, limits, engine_mode, &mut report);
                (engine, decision)
            }));
            let (engine, decision) = match searched {
                Ok((engine, decision)) => (Some(engine), decision),
                Err(_) => (None, None),
            };
            let finished = Finished {
                engine,
                decision,
                position,
            };
            let _ = events.send(Event::Finished(Box::new(finished)));
        });
        Ok(())
    }

    /// Refuses a `go`: the reason, then `done` without a move (Scan's answer when it has
    /// none), so that a client waiting for `done` stops waiting.
    fn refuse(&self, message: Message) -> io::Result<()> {
        self.error(message)?;
        self.send("done")
    }

    /// The opponent played the expected move: the ponder search becomes the move's
    /// search and gets the time the level gives a move, counted from now.
    fn ponder_hit(&mut self) -> io::Result<()> {
        let Some(running) = self.running.as_mut().filter(|running| running.pondering) else {
            return Ok(());
        };
        running.pondering = false;
        // A search that ended already answers now.
        if let Some(held) = running.held.take() {
            return self.finish(*held);
        }
        if let Some(time) = running.level.time_after_ponder_hit() {
            self.stop.request_at(Instant::now() + time);
        }
        Ok(())
    }

    fn finish(&mut self, finished: Finished) -> io::Result<()> {
        // A ponder search that was neither hit nor stopped keeps its answer until it is.
        if let Some(running) = self.running.as_mut()
            && running.pondering
            && !self.stop.is_requested()
        {
            running.held = Some(Box::new(finished));
            return Ok(());
        }
        let Some(running) = self.running.take() else {
            return Ok(());
        };
        match finished.engine {
            Some(mut engine) => {
                if std::mem::take(&mut self.new_game_pending) {
                    engine.new_game();
                }
                self.engine = Some(engine);
            }
            None => self.new_game_pending = false,
        }
        let numbering = running.numbering;
        // A fact that matched and was passed over is named before the move.
        let passed = self.engine.as_ref().and_then(Engine::passed_over);
        if let Some(message) =
            passed.map(|passed| passed.message(&finished.position, passed.fact.part.origin()))
        {
            self.note(message)?;
        }
        match finished.decision {
            Some(decision) => self.send(&report::done(&decision, &finished.position, numbering)),
            None => match finished.position.legal_moves().first() {
                Some(&mv) => {
                    self.error(msg!("hub-search-failed"))?;
                    self.send(&format!("done move={}", move_text(mv, numbering)))
                }
                None => self.send("done"),
            },
        }
    }
}
