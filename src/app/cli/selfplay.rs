//! `match`: self-play between two engine settings, refereed by the rules core.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::app::hub::HubClient;
use clap::{Args, ValueEnum};
use shashki::Color;
use shashki::engine::{Engine, EngineConfig, Level, Limits};
use shashki::eval::Evaluator;
use shashki::kb::KnowledgeBase;
use shashki::notation::Notation;
use shashki::play::openings::{self, Opening, OpeningError};
use shashki::play::{EnginePlayer, GameEnd, MAX_PLIES, Played, Player, play_game};
use shashki::search::TableError;
use shashki::tablebase::Tablebase;

/// Which openings a match starts its games from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Openings {
    /// The 150 three-move ballots of match play (data/ballots150.tsv).
    Ballots,
    /// The 19 named opening lines of `OPENINGS`.
    Named,
}

impl Openings {
    /// Every opening of the set, in order.
    fn list(self) -> Result<Vec<Opening>, OpeningError> {
        match self {
            Openings::Named => openings::named(),
            Openings::Ballots => openings::ballots(),
        }
    }
}

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
    /// Engine A without the endgame databases.
    #[arg(long)]
    a_no_egtb: bool,
    /// Engine B without the endgame databases.
    #[arg(long)]
    b_no_egtb: bool,
    /// Engine A's own endgame databases, instead of those of --egtb (to weigh one set
    /// of tables against another).
    #[arg(long, value_name = "DIR", conflicts_with = "a_no_egtb")]
    a_egtb: Option<PathBuf>,
    /// Engine B's own endgame databases, instead of those of --egtb. With a side's own
    /// databases, each set of tables has half of --egtb-memory.
    #[arg(long, value_name = "DIR", conflicts_with = "b_no_egtb")]
    b_egtb: Option<PathBuf>,
    /// The endgame databases of the sides that use them.
    #[command(flatten)]
    egtb: super::EgtbArgs,
    #[command(flatten)]
    data: super::DataArgs,
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
          conflicts_with_all = ["b_level", "b_no_kb", "b_no_book", "b_material_only", "b_no_capture_stage", "b_no_egtb", "b_egtb", "b_threads"])]
    b_hub: Option<String>,
    /// Print every game's moves.
    #[arg(long)]
    verbose: bool,
}

/// One side of the match: its player, and how the match's heading describes it.
struct Side {
    player: Box<dyn Player>,
    description: String,
}

impl Side {
    /// The side `name` played by an engine of this process with `settings`.
    fn engine(
        name: &'static str,
        settings: SideSettings,
        movetime: u64,
        seed: u64,
        kb: &KnowledgeBase,
        tablebase: Tablebase,
    ) -> Result<Side, TableError> {
        let config = EngineConfig {
            use_kb: settings.use_kb(),
            seed,
            hash_mb: 16,
            threads: settings.threads,
            eval: if settings.material_only {
                Evaluator::material()
            } else {
                Evaluator::bot()
            },
            capture_margin: if settings.no_capture_stage {
                None
            } else {
                EngineConfig::default().capture_margin
            },
            tablebase,
        };
        let limits = settings.limits(movetime);
        let kb = config.use_kb.then(|| match settings.no_book {
            true => kb.clone().without_book(),
            false => kb.clone(),
        });
        let player = EnginePlayer::new(name, Engine::try_new(config, kb)?, limits);
        Ok(Side {
            description: describe_engine(&player),
            player: Box::new(player),
        })
    }

    /// The side `name` played by the Hub engine that `command` starts.
    fn hub(name: &'static str, command: &str, limits: Limits) -> Result<Side, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("--b-hub needs a program to run")?;
        let args: Vec<String> = words.map(str::to_string).collect();
        let client = HubClient::start(program, &args, limits)?;
        Ok(Side {
            description: format!("{name} (hub engine {}, {limits})", client.name()),
            player: Box::new(client),
        })
    }
}

/// How the match's heading describes an engine side: its name, limits, knowledge,
/// evaluation and stages.
fn describe_engine(player: &EnginePlayer) -> String {
    let engine = player.engine();
    let config = engine.config();
    let limits = player.limits();
    let mut words = vec![limits.to_string()];
    if let Some(level) = Level::of(limits, config.use_kb) {
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
    words.push(if config.eval == Evaluator::material() {
        "material only".to_string()
    } else {
        "fitted eval with patterns".to_string()
    });
    if config.capture_margin.is_none() {
        words.push("no capture stage".to_string());
    }
    if config.threads > 1 {
        words.push(format!("{} threads", config.threads));
    }
    if config.tablebase.dir().is_some() {
        words.push(format!("egtb {} pieces", config.tablebase.pieces()));
    }
    format!("{} ({})", player.name(), words.join(", "))
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

/// How a game ended, as a game line of the match says it.
fn end_text(end: GameEnd) -> String {
    match end {
        GameEnd::Rules(outcome) => outcome.to_string(),
        GameEnd::KingAgainstKing => "draw by agreement: king against king".to_string(),
        GameEnd::PlyCap => format!("draw (adjudicated: {MAX_PLIES}-ply cap)"),
    }
}

/// Runs the match and prints each game and the total with an Elo estimate.
pub fn run_match(args: MatchArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let side =
        |level, depth, (no_kb, no_book), material_only, no_capture_stage, no_egtb, threads| {
            SideSettings {
                level,
                depth,
                no_kb,
                no_book,
                material_only,
                no_capture_stage,
                no_egtb,
                threads,
            }
        };
    let data = args.data.locate();
    let kb = super::bestmove::load_knowledge_base(args.kb.as_deref(), data.as_ref())?;
    // Two sets of tables in one process share its memory budget.
    let sets = if args.a_egtb.is_some() || args.b_egtb.is_some() {
        2
    } else {
        1
    };
    let budget = args.egtb.budget().map(|bytes| bytes / sets);
    let tables = args.egtb.open_within(data.as_ref(), budget)?;
    // A side without the databases still has the built-in king endings.
    let builtin = Tablebase::builtin();
    let tables_for = |no_egtb: bool, own: &Option<PathBuf>| match (no_egtb, own) {
        (true, _) => Ok(builtin.clone()),
        (false, Some(dir)) => super::egtb::open(dir, true, budget),
        (false, None) => Ok(tables.clone()),
    };
    let openings = args.openings.list()?;
    let a_side = side(
        args.a_level,
        args.a_depth,
        (args.a_no_kb, args.a_no_book),
        args.a_material_only,
        args.a_no_capture_stage,
        args.a_no_egtb,
        args.a_threads,
    );
    let mut a = Side::engine(
        "A",
        a_side,
        args.movetime,
        args.seed,
        &kb,
        tables_for(a_side.no_egtb, &args.a_egtb)?,
    )?;
    let b_side = side(
        args.b_level,
        args.b_depth,
        (args.b_no_kb, args.b_no_book),
        args.b_material_only,
        args.b_no_capture_stage,
        args.b_no_egtb,
        args.b_threads,
    );
    let mut b = match &args.b_hub {
        Some(command) => Side::hub("B", command, b_side.limits(args.movetime))?,
        None => Side::engine(
            "B",
            b_side,
            args.movetime,
            args.seed.wrapping_add(1),
            &kb,
            tables_for(b_side.no_egtb, &args.b_egtb)?,
        )?,
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} vs {}", a.description, b.description)?;
    let mut tally = Tally::default();
    let mut adjudicated = 0;
    let pairs = usize::from(args.games).div_ceil(2);
    let first = usize::from(args.first_game) - 1;
    for index in first..first + pairs * 2 {
        let opening = &openings[(index / 2) % openings.len()];
        let (name, line) = (&opening.name, &opening.text);
        let a_is_white = index % 2 == 0;
        let start = opening.game.clone();
        let Played { end, game } = if a_is_white {
            play_game(start, &mut *a.player, &mut *b.player, &builtin)?
        } else {
            play_game(start, &mut *b.player, &mut *a.player, &builtin)?
        };
        let a_color = if a_is_white {
            Color::White
        } else {
            Color::Black
        };
        let verdict = match end.winner() {
            Some(winner) if winner == a_color => {
                tally.wins += 1;
                format!("A wins ({})", end_text(end))
            }
            Some(_) => {
                tally.losses += 1;
                format!("B wins ({})", end_text(end))
            }
            None => {
                tally.draws += 1;
                if end == GameEnd::PlyCap {
                    adjudicated += 1;
                }
                // A draw's own text already starts with "draw".
                end_text(end)
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
                Notation::Full.line(game.start(), &game.moves())
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
    use shashki::Outcome;

    #[test]
    fn a_game_cut_off_at_the_ply_cap_says_so() {
        assert_eq!(end_text(GameEnd::PlyCap), "draw (adjudicated: 400-ply cap)");
    }

    #[test]
    fn every_game_end_names_its_rule() {
        let repetition = GameEnd::Rules(Outcome::Draw(shashki::DrawReason::Repetition));
        let repetition = end_text(repetition);
        assert!(repetition.contains("third time"), "{repetition}");
        assert!(end_text(GameEnd::KingAgainstKing).contains("king against king"));
        assert!(!end_text(GameEnd::PlyCap).contains("agreement"));
    }

    #[test]
    fn an_engine_side_is_described_by_its_limits_knowledge_and_evaluation() {
        let kb = KnowledgeBase::empty("none");
        let settings = SideSettings {
            level: None,
            depth: Some(4),
            no_kb: true,
            no_book: false,
            material_only: false,
            no_capture_stage: false,
            no_egtb: true,
            threads: 1,
        };
        let side =
            Side::engine("A", settings, 100, 0, &kb, Tablebase::builtin()).expect("a 16 MB table");
        assert!(
            side.description.starts_with("A (depth 4, no kb, "),
            "{}",
            side.description
        );
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
