//! `match`: self-play between two engine settings, refereed by the rules core.

use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use crate::app::hub::HubClient;
use clap::{Args, ValueEnum};
use shashki::egtb::Tablebase;
use shashki::endgame::{self, Value};
use shashki::engine::{Engine, EngineConfig, Level, Limits};
use shashki::kb::KnowledgeBase;
use shashki::search::{EvalConfig, TableError};

use super::Evaluation;
use shashki::{Color, Game, Move, MoveText, Outcome, Position, is_king_against_king};

/// Short opening lines (from `tests/data/openings.txt`), each played with both colours.
pub const OPENINGS: &[(&str, &str)] = &[
    ("Городская партия", "c3-d4 d6-c5 b2-c3 f6-g5"),
    ("Старая партия", "c3-d4 d6-c5 b2-c3 e7-d6"),
    ("Отыгрыш", "c3-d4 d6-c5 b2-c3 c7-d6"),
    ("Отыгрыш Сокова", "c3-d4 d6-c5 g3-h4"),
    ("Кол", "c3-d4 b6-a5 d4-c5 d6:b4 a3:c5"),
    ("Перекрёсток", "c3-d4 d6-e5 b2-c3 e7-d6 e3-f4"),
    ("Обратный перекрёсток", "c3-d4 d6-e5 b2-c3 e7-d6 g3-h4"),
    ("Вилочка", "c3-d4 d6-e5 g3-f4"),
    ("Игра Романычева", "c3-d4 f6-e5 d4:f6 g7:e5"),
    ("Киевская защита", "c3-d4 f6-g5 b2-c3 g5-h4"),
    ("Обратная игра Бодянского", "c3-d4 h6-g5 g3-h4"),
    ("Обратная городская партия", "c3-b4 f6-e5 e3-f4 g7-f6"),
    ("Тычок", "c3-b4 f6-e5 b4-c5 d6:b4 a3:c5"),
    ("Игра Бодянского", "a3-b4 b6-a5"),
    ("Отказанная игра Бодянского", "a3-b4 f6-e5"),
    ("Игра Филиппова", "e3-d4 d6-e5 a3-b4 h6-g5"),
    ("Игра Боброва", "e3-f4 f6-g5 d2-e3"),
    ("Игра Каулена", "g3-f4 f6-e5 h2-g3"),
    ("Обратная игра Боброва", "g3-f4 d6-c5 c3-b4 e7-d6"),
];

/// The 150 three-move openings of match play: a name and the position after them.
const BALLOTS: &str = include_str!("../../../data/ballots150.tsv");

/// Which openings a match starts its games from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Openings {
    /// The 150 three-move ballots of match play (data/ballots150.tsv).
    Ballots,
    /// The 19 named opening lines of `OPENINGS`.
    Named,
}

/// One opening: its name, its moves or position, and the game it starts.
pub struct Opening {
    pub name: String,
    pub text: String,
    pub game: Game,
}

impl Openings {
    /// Every opening of the set, in order.
    fn list(self) -> Result<Vec<Opening>, String> {
        match self {
            Openings::Named => OPENINGS
                .iter()
                .map(|&(name, line)| {
                    Ok(Opening {
                        name: name.to_string(),
                        text: line.to_string(),
                        game: opening_game(line)?,
                    })
                })
                .collect(),
            Openings::Ballots => ballots(),
        }
    }
}

/// The games the 150 ballots start.
pub fn ballot_games() -> Result<Vec<Game>, String> {
    Ok(ballots()?.into_iter().map(|ballot| ballot.game).collect())
}

/// The ballots, from the lines `name<TAB>fen` of [`BALLOTS`] (`#` lines are comments).
pub fn ballots() -> Result<Vec<Opening>, String> {
    BALLOTS
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(number, line)| {
            let bad = |why: String| format!("data/ballots150.tsv:{}: {why}", number + 1);
            let (name, fen) = line
                .split_once('\t')
                .ok_or_else(|| bad("no tab between name and position".into()))?;
            let position: Position = fen.parse().map_err(|e| bad(format!("{e}")))?;
            Ok(Opening {
                name: name.to_string(),
                text: fen.to_string(),
                game: Game::new(position),
            })
        })
        .collect()
}

/// Plies after which an unfinished game is scored a draw.
const MAX_PLIES: usize = 400;

/// The most games a match plays: at 100 ms a move, about a day.
const MAX_GAMES: u16 = 10_000;

/// Arguments of `shashki match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Games to play, 1 to 10000 (rounded up to an even number: each opening with both colours).
    #[arg(long, default_value_t = 20,
          value_parser = super::values::Ranged::<u16>::new(1, u64::from(MAX_GAMES)))]
    games: u16,
    /// Number the games from N, starting with the opening and colours game N has in a
    /// longer match (1 to 10000): a long match can be played in parts, one a core.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = super::values::Ranged::<u16>::new(1, u64::from(MAX_GAMES)))]
    first_game: u16,
    /// Time per move in milliseconds for both sides (unless a side has a depth): 1 to 3600000.
    #[arg(long, value_name = "MS", default_value_t = 100, value_parser = super::values::movetime_ms())]
    movetime: u64,
    /// Engine A searches to this fixed depth (1 to 64) instead of by time.
    #[arg(long, value_name = "N", value_parser = super::values::depth())]
    a_depth: Option<u32>,
    /// Engine B searches to this fixed depth (1 to 64) instead of by time.
    #[arg(long, value_name = "N", value_parser = super::values::depth())]
    b_depth: Option<u32>,
    /// Engine A plays at this named level (its depth or time, and its knowledge).
    #[arg(long, value_name = "LEVEL", value_parser = super::values::level_name,
          conflicts_with_all = ["a_depth", "a_no_kb"])]
    a_level: Option<Level>,
    /// Engine B plays at this named level.
    #[arg(long, value_name = "LEVEL", value_parser = super::values::level_name,
          conflicts_with_all = ["b_depth", "b_no_kb"])]
    b_level: Option<Level>,
    /// Engine A's search threads, 1 to 256 (see `bestmove --threads`).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::values::threads())]
    a_threads: usize,
    /// Engine B's search threads.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::values::threads())]
    b_threads: usize,
    /// Engine A plays without the knowledge base.
    #[arg(long)]
    a_no_kb: bool,
    /// Engine B plays without the knowledge base.
    #[arg(long)]
    b_no_kb: bool,
    /// Engine A plays the knowledge base without its opening book.
    #[arg(long, conflicts_with = "a_no_kb")]
    a_no_book: bool,
    /// Engine B plays the knowledge base without its opening book.
    #[arg(long, conflicts_with = "b_no_kb")]
    b_no_book: bool,
    /// Engine A evaluates material only.
    #[arg(long)]
    a_material_only: bool,
    /// Engine B evaluates material only.
    #[arg(long)]
    b_material_only: bool,
    /// Engine A without the capture-search stage (captures go to the full search).
    #[arg(long)]
    a_no_capture_stage: bool,
    /// Engine B without the capture-search stage.
    #[arg(long)]
    b_no_capture_stage: bool,
    /// Engine A's evaluation (default: the bot's).
    #[arg(long, value_enum)]
    a_eval: Option<Evaluation>,
    /// Engine B's evaluation (default: the bot's).
    #[arg(long, value_enum)]
    b_eval: Option<Evaluation>,
    /// Engine A without the endgame databases.
    #[arg(long)]
    a_no_egtb: bool,
    /// Engine B without the endgame databases.
    #[arg(long)]
    b_no_egtb: bool,
    /// The endgame databases of the sides that use them.
    #[command(flatten)]
    egtb: super::EgtbArgs,
    /// The openings the games start from, each played with both colours in turn.
    #[arg(long, value_enum, default_value_t = Openings::Ballots)]
    openings: Openings,
    /// Seed for the engines' choices among knowledge-base alternatives.
    #[arg(long, default_value_t = 0, value_parser = super::values::seed())]
    seed: u64,
    /// Knowledge-base file for the sides that use one (default: ./kb/combs.txt, else the data directory's, else built-in).
    #[arg(long, value_name = "PATH")]
    kb: Option<PathBuf>,
    /// Engine B is a Hub engine run as a child process: the program and its arguments,
    /// e.g. "target/release/shashki hub --seed 1" (B's other options do not apply, but
    /// --b-depth does).
    #[arg(long, value_name = "COMMAND",
          conflicts_with_all = ["b_level", "b_no_kb", "b_no_book", "b_material_only", "b_no_capture_stage", "b_no_egtb", "b_eval", "b_threads"])]
    b_hub: Option<String>,
    /// Print every game's moves.
    #[arg(long)]
    verbose: bool,
}

/// One side: who decides its moves, and within which limits.
struct Player {
    name: &'static str,
    brain: Brain,
    limits: Limits,
}

/// What decides a side's moves.
enum Brain {
    /// An engine in this process.
    Engine(Box<Engine>),
    /// An engine driven through the Hub protocol.
    Hub(HubClient),
}

impl Player {
    fn new(
        name: &'static str,
        settings: SideSettings,
        movetime: u64,
        seed: u64,
        kb: &KnowledgeBase,
        tablebase: Option<&Arc<Tablebase>>,
    ) -> Result<Player, TableError> {
        let config = EngineConfig {
            use_kb: settings.use_kb(),
            seed,
            hash_mb: 16,
            threads: settings.threads,
            eval: EvalConfig {
                positional: !settings.material_only,
                ..settings
                    .eval
                    .map_or_else(EvalConfig::default, Evaluation::config)
            },
            capture_margin: if settings.no_capture_stage {
                None
            } else {
                EngineConfig::default().capture_margin
            },
            tablebase: tablebase.filter(|_| !settings.no_egtb).cloned(),
        };
        let limits = settings.limits(movetime);
        let kb = config.use_kb.then(|| {
            if settings.no_book {
                kb.clone().without_book()
            } else {
                kb.clone()
            }
        });
        Ok(Player {
            name,
            brain: Brain::Engine(Box::new(Engine::try_new(config, kb)?)),
            limits,
        })
    }

    /// The side `name` played by the Hub engine that `command` starts.
    fn hub(name: &'static str, command: &str, limits: Limits) -> Result<Player, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("--b-hub needs a program to run")?;
        let args: Vec<String> = words.map(str::to_string).collect();
        Ok(Player {
            name,
            brain: Brain::Hub(HubClient::start(program, &args)?),
            limits,
        })
    }

    fn new_game(&mut self) -> Result<(), String> {
        match &mut self.brain {
            Brain::Engine(engine) => {
                engine.new_game();
                Ok(())
            }
            Brain::Hub(client) => client.new_game(),
        }
    }

    /// The side's move in `game`.
    fn choose(&mut self, game: &Game) -> Result<Move, String> {
        match &mut self.brain {
            Brain::Engine(engine) => engine
                .choose(game, self.limits, &mut |_| {})
                .map(|decision| decision.mv)
                .ok_or_else(|| format!("{} found no move in {:?}", self.name, game.position())),
            Brain::Hub(client) => client.choose(game, self.limits),
        }
    }

    fn describe(&self) -> String {
        let engine = match &self.brain {
            Brain::Engine(engine) => engine,
            Brain::Hub(client) => {
                return format!(
                    "{} (hub engine {}, {})",
                    self.name,
                    client.name(),
                    self.limits
                );
            }
        };
        let config = engine.config();
        let mut words = vec![self.limits.to_string()];
        if let Some(level) = Level::of(self.limits, config.use_kb) {
            words.insert(0, format!("level {}", level.name));
        }
        match engine.knowledge_base() {
            Some(kb) => {
                words.push(format!("kb {}", kb.origin()));
                words.push(match kb.book_len() {
                    0 => "no book".to_string(),
                    facts => format!("book {facts} facts"),
                });
            }
            None => words.push("no kb".to_string()),
        }
        if !config.eval.positional {
            words.push("material only".to_string());
        } else if config.eval.patterns.is_some() {
            words.push("fitted eval with patterns".to_string());
        } else if config.eval.weights.is_some() {
            words.push("fitted eval".to_string());
        } else {
            words.push("hand eval".to_string());
        }
        if config.capture_margin.is_none() {
            words.push("no capture stage".to_string());
        }
        if config.threads > 1 {
            words.push(format!("{} threads", config.threads));
        }
        if let Some(base) = &config.tablebase {
            words.push(format!("egtb {} pieces", base.pieces()));
        }
        format!("{} ({})", self.name, words.join(", "))
    }
}

#[derive(Clone, Copy)]
struct SideSettings {
    level: Option<Level>,
    depth: Option<u32>,
    no_kb: bool,
    no_book: bool,
    material_only: bool,
    no_capture_stage: bool,
    no_egtb: bool,
    eval: Option<Evaluation>,
    threads: usize,
}

impl SideSettings {
    /// The side's level, else its depth, else `movetime` milliseconds a move.
    fn limits(&self, movetime: u64) -> Limits {
        match (self.level, self.depth) {
            (Some(level), _) => level.limits(),
            (None, Some(depth)) => Limits::Depth(depth),
            (None, None) => Limits::MoveTime(Duration::from_millis(movetime)),
        }
    }

    /// Whether the side plays the knowledge base: as its level says, else unless told not to.
    fn use_kb(&self) -> bool {
        self.level.map_or(!self.no_kb, |level| level.use_kb)
    }
}

/// Wins, draws and losses from engine A's view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score as a fraction of the points.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// A's Elo advantage and its 95 % error margin, from the score and its standard deviation.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let variance = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let deviation = (variance / n).sqrt();
        let low = elo_of(p - 1.96 * deviation);
        let high = elo_of(p + 1.96 * deviation);
        (elo_of(p), (high - low) / 2.0)
    }
}

/// The Elo difference that predicts the score fraction `p` (clamped away from 0 and 1).
fn elo_of(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The game after an opening line, or why the line does not replay.
pub fn opening_game(line: &str) -> Result<Game, String> {
    let mut game = Game::new(Position::start());
    for word in line.split_whitespace() {
        let mv = word
            .parse::<MoveText>()
            .map_err(|e| format!("{word}: {e}"))?
            .resolve(game.position())
            .map_err(|e| format!("{word}: {e}"))?;
        game.play(mv).map_err(|e| format!("{word}: {e}"))?;
    }
    Ok(game)
}

/// How a match game ended, named by the rule that ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameEnd {
    /// The rules ended it: a win, or a draw by repetition or an endgame counter.
    Rules(Outcome),
    /// King against king that neither side can win by force (the exact result): the side
    /// to move offered a draw and the other accepted (RULES.md, draw rule 5).
    KingAgainstKing,
    /// The game reached the match's ply cap unfinished and is scored a draw.
    PlyCap,
}

impl GameEnd {
    /// The winner, if any (every other end scores as a draw).
    fn winner(self) -> Option<Color> {
        match self {
            GameEnd::Rules(Outcome::Win { winner, .. }) => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Rules(outcome) => write!(f, "{outcome}"),
            GameEnd::KingAgainstKing => write!(f, "draw by agreement: king against king"),
            GameEnd::PlyCap => write!(f, "draw (adjudicated: {MAX_PLIES}-ply cap)"),
        }
    }
}

/// Plays one game from `game` between `white` and `black`; returns how it ended and the record.
fn play_game(
    mut game: Game,
    white: &mut Player,
    black: &mut Player,
) -> Result<(GameEnd, Game), String> {
    white.new_game()?;
    black.new_game()?;
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok((GameEnd::Rules(outcome), game));
        }
        if game.moves().len() >= MAX_PLIES {
            return Ok((GameEnd::PlyCap, game));
        }
        if is_king_against_king(game.position())
            && endgame::value_with(game.position(), &game.counters()) == Some(Value::Draw)
        {
            // Neither side can force a win: the bot offers a draw here and the other bot
            // accepts (RULES.md, draw rule 5). One that a side wins is played out.
            game.agree_draw();
            return Ok((GameEnd::KingAgainstKing, game));
        }
        let side = game.position().side_to_move();
        let player = match side {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let mv = player.choose(&game)?;
        // The referee: the rules core refuses anything illegal.
        game.play(mv).map_err(|error| {
            format!(
                "{} played an illegal move in {:?}: {error}",
                player.name,
                game.position()
            )
        })?;
    }
}

/// Runs the match and prints each game and the total with an Elo estimate.
pub fn run_match(args: MatchArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let side = |level,
                depth,
                (no_kb, no_book),
                material_only,
                no_capture_stage,
                no_egtb,
                eval,
                threads| {
        SideSettings {
            level,
            depth,
            no_kb,
            no_book,
            material_only,
            no_capture_stage,
            no_egtb,
            eval,
            threads,
        }
    };
    let kb = super::bestmove::load_knowledge_base(args.kb.as_deref())?;
    let tablebase = args.egtb.open()?;
    let openings = args.openings.list()?;
    let mut a = Player::new(
        "A",
        side(
            args.a_level,
            args.a_depth,
            (args.a_no_kb, args.a_no_book),
            args.a_material_only,
            args.a_no_capture_stage,
            args.a_no_egtb,
            args.a_eval,
            args.a_threads,
        ),
        args.movetime,
        args.seed,
        &kb,
        tablebase.as_ref(),
    )?;
    let b_side = side(
        args.b_level,
        args.b_depth,
        (args.b_no_kb, args.b_no_book),
        args.b_material_only,
        args.b_no_capture_stage,
        args.b_no_egtb,
        args.b_eval,
        args.b_threads,
    );
    let mut b = match &args.b_hub {
        Some(command) => Player::hub("B", command, b_side.limits(args.movetime))?,
        None => Player::new(
            "B",
            b_side,
            args.movetime,
            args.seed.wrapping_add(1),
            &kb,
            tablebase.as_ref(),
        )?,
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} vs {}", a.describe(), b.describe())?;
    let mut tally = Tally::default();
    let mut adjudicated = 0;
    let pairs = usize::from(args.games).div_ceil(2);
    let first = usize::from(args.first_game) - 1;
    for index in first..first + pairs * 2 {
        let opening = &openings[(index / 2) % openings.len()];
        let (name, line) = (&opening.name, &opening.text);
        let a_is_white = index % 2 == 0;
        let start = opening.game.clone();
        let (end, game) = if a_is_white {
            play_game(start, &mut a, &mut b)?
        } else {
            play_game(start, &mut b, &mut a)?
        };
        let a_color = if a_is_white {
            Color::White
        } else {
            Color::Black
        };
        let verdict = match end.winner() {
            Some(winner) if winner == a_color => {
                tally.wins += 1;
                format!("A wins ({end})")
            }
            Some(_) => {
                tally.losses += 1;
                format!("B wins ({end})")
            }
            None => {
                tally.draws += 1;
                if end == GameEnd::PlyCap {
                    adjudicated += 1;
                }
                // A draw's own text already starts with "draw".
                end.to_string()
            }
        };
        writeln!(
            out,
            "game {:>3}: {name} ({line}), A {}: {verdict} after {} plies",
            index + 1,
            if a_is_white { "White" } else { "Black" },
            game.moves().len()
        )?;
        if args.verbose {
            writeln!(
                out,
                "  {}",
                shashki::engine::line_text(game.start(), &game.moves())
            )?;
        }
        out.flush()?;
    }
    let (elo, margin) = tally.elo();
    let estimate = if tally.wins == tally.games() || tally.losses == tally.games() {
        // A clean sweep has no spread to measure: only a bound can be given.
        format!("Elo beyond {elo:+.0} (one side won every game)")
    } else {
        format!("Elo {elo:+.0} ± {margin:.0} (95%)")
    };
    writeln!(
        out,
        "A vs B: +{} ={} -{} in {} games{}, score {:.1}%, {estimate}",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        if adjudicated > 0 {
            format!(" ({adjudicated} drawn at the {MAX_PLIES}-ply cap)")
        } else {
            String::new()
        },
        100.0 * tally.score()
    )?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_150_ballots_are_read_and_each_is_a_game_in_progress() {
        let ballots = Openings::Ballots.list().unwrap();
        assert_eq!(ballots.len(), 150);
        assert_eq!(ballots[0].name, "1-I cd4 ba5 dc5");
        for ballot in &ballots {
            assert!(ballot.game.outcome().is_none(), "{}", ballot.name);
            assert_eq!(
                ballot.game.position().occupied().count(),
                24,
                "{}",
                ballot.name
            );
        }
    }

    #[test]
    fn every_built_in_opening_replays_legally() {
        for (name, line) in OPENINGS {
            let game = opening_game(line).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(game.outcome().is_none(), "{name}");
        }
    }

    #[test]
    fn a_game_cut_off_at_the_ply_cap_says_so() {
        assert_eq!(
            GameEnd::PlyCap.to_string(),
            "draw (adjudicated: 400-ply cap)"
        );
        assert_eq!(GameEnd::PlyCap.winner(), None);
    }

    #[test]
    fn every_game_end_names_its_rule() {
        let repetition = GameEnd::Rules(Outcome::Draw(shashki::DrawReason::Repetition));
        assert!(
            repetition.to_string().contains("third time"),
            "{repetition}"
        );
        assert!(
            GameEnd::KingAgainstKing
                .to_string()
                .contains("king against king")
        );
        assert!(!GameEnd::PlyCap.to_string().contains("agreement"));
        let win = GameEnd::Rules(Outcome::Win {
            winner: Color::Black,
            reason: shashki::WinReason::NoPieces,
        });
        assert_eq!(win.winner(), Some(Color::Black));
    }

    /// Two engines without a knowledge base, searching four plies.
    fn players() -> (Player, Player) {
        let kb = KnowledgeBase::empty("none");
        let settings = SideSettings {
            level: None,
            depth: Some(4),
            no_kb: true,
            no_book: false,
            material_only: false,
            no_capture_stage: false,
            no_egtb: true,
            eval: None,
            threads: 1,
        };
        (
            Player::new("A", settings, 100, 0, &kb, None).expect("a 100 MB table"),
            Player::new("B", settings, 100, 1, &kb, None).expect("a 100 MB table"),
        )
    }

    fn play_from(fen: &str) -> (GameEnd, Game) {
        let (mut white, mut black) = players();
        play_game(Game::new(fen.parse().unwrap()), &mut white, &mut black).unwrap()
    }

    #[test]
    fn a_drawn_king_against_king_is_agreed_at_once() {
        let (end, game) = play_from("W:WKc1:BKh8");
        assert_eq!(end, GameEnd::KingAgainstKing);
        assert_eq!(game.moves().len(), 0);
    }

    #[test]
    fn a_king_against_king_that_one_side_wins_is_played_out() {
        // Every move of the a1 king stays on the long diagonal, where h8 takes it.
        let (end, game) = play_from("W:WKa1:BKh8");
        assert_eq!(end.winner(), Some(Color::Black), "{end}");
        assert_eq!(game.moves().len(), 2);
        let (end, game) = play_from("B:WKc3:BKd4");
        assert_eq!(end.winner(), Some(Color::Black), "{end}");
        assert_eq!(game.moves().len(), 1);
    }

    #[test]
    fn an_even_score_is_zero_elo() {
        let tally = Tally {
            wins: 5,
            draws: 10,
            losses: 5,
        };
        let (elo, margin) = tally.elo();
        assert!(elo.abs() < 1e-9);
        assert!(margin > 50.0 && margin < 200.0, "{margin}");
    }

    #[test]
    fn three_quarters_of_the_points_is_about_191_elo() {
        let tally = Tally {
            wins: 15,
            draws: 0,
            losses: 5,
        };
        assert!((tally.elo().0 - 190.85).abs() < 0.1);
    }
}
