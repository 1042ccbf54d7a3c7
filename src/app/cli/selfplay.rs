//! `match`: self-play between two engine settings, refereed by the rules core.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use super::error::CliError;
use super::match_play::{self, Plan, Side};
use crate::app::english;
use crate::app::hub::HubClient;
use clap::Args;
use shashki::engine::{Engine, EngineConfig, Level, Limits};
use shashki::eval::Evaluator;
use shashki::kb::KnowledgeBase;
use shashki::msg;
use shashki::play::openings::{self, Opening, OpeningError};
use shashki::play::sprt::Sprt;
use shashki::play::{EnginePlayer, Player};
use shashki::search::TableError;
use shashki::tablebase::Tablebase;

/// Which openings a match starts its games from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Openings {
    /// The 150 three-move ballots of match play (data/ballots150.tsv).
    Ballots,
    /// The 19 named opening lines of `OPENINGS`.
    Named,
}

super::help::value_enum!(Openings {
    Openings::Ballots => "ballots",
    Openings::Named => "named",
});

impl Openings {
    /// Every opening of the set, in order.
    fn list(self) -> Result<Vec<Opening>, OpeningError> {
        match self {
            Openings::Named => openings::named(),
            Openings::Ballots => openings::ballots(),
        }
    }
}

/// The hash table of each engine of a match, in MB.
const HASH_MB: usize = 16;

/// The most games a match plays: at 100 ms a move, about a day.
const MAX_GAMES: u16 = 10_000;

/// One side's options of `match`, declared once for both sides. Clap's derive cannot
/// flatten one struct twice with a prefix, so each side has a struct of its own whose
/// fields, and so its options' names (`--a-depth`, `--b-depth`), carry its prefix.
macro_rules! side_options {
    ($name:ident, $side:literal, $level:ident, $depth:ident, $movetime:ident,
     $threads:ident, $no_kb:ident, $no_book:ident, $material_only:ident,
     $no_capture_stage:ident, $no_egtb:ident, $egtb:ident, $hub:ident) => {
        #[doc = concat!("Engine ", $side, "'s options of `match`.")]
        #[derive(Args, Debug)]
        pub struct $name {
            #[arg(long, value_name = "MS", value_parser = super::values::movetime_ms())]
            $movetime: Option<u64>,
            #[arg(long, value_name = "N", value_parser = super::values::depth())]
            $depth: Option<u32>,
            #[arg(long, value_name = "LEVEL", value_parser = super::values::level_name,
                  conflicts_with_all = [stringify!($depth), stringify!($no_kb), stringify!($movetime)])]
            $level: Option<Level>,
            #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::values::threads())]
            $threads: usize,
            #[arg(long)]
            $no_kb: bool,
            #[arg(long, conflicts_with = stringify!($no_kb))]
            $no_book: bool,
            #[arg(long)]
            $material_only: bool,
            #[arg(long)]
            $no_capture_stage: bool,
            #[arg(long)]
            $no_egtb: bool,
            #[arg(long, value_name = "DIR", conflicts_with = stringify!($no_egtb))]
            $egtb: Option<PathBuf>,
            #[arg(long, value_name = "COMMAND",
                  conflicts_with_all = [stringify!($level), stringify!($no_kb), stringify!($no_book),
                                        stringify!($material_only), stringify!($no_capture_stage)])]
            $hub: Option<String>,
        }

        impl $name {
            /// The side's settings, its own databases and its Hub command.
            fn settings(&self) -> (SideSettings, Option<&PathBuf>, Option<&String>) {
                let settings = SideSettings {
                    level: self.$level,
                    depth: self.$depth,
                    movetime: self.$movetime,
                    no_kb: self.$no_kb,
                    no_book: self.$no_book,
                    material_only: self.$material_only,
                    no_capture_stage: self.$no_capture_stage,
                    no_egtb: self.$no_egtb,
                    threads: self.$threads,
                };
                (settings, self.$egtb.as_ref(), self.$hub.as_ref())
            }
        }
    };
}

side_options!(
    SideA,
    "A",
    a_level,
    a_depth,
    a_movetime,
    a_threads,
    a_no_kb,
    a_no_book,
    a_material_only,
    a_no_capture_stage,
    a_no_egtb,
    a_egtb,
    a_hub
);
side_options!(
    SideB,
    "B",
    b_level,
    b_depth,
    b_movetime,
    b_threads,
    b_no_kb,
    b_no_book,
    b_material_only,
    b_no_capture_stage,
    b_no_egtb,
    b_egtb,
    b_hub
);

/// Arguments of `shashki match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[arg(long, default_value_t = 20,
          value_parser = super::values::Ranged::<u16>::new(1, u64::from(MAX_GAMES)))]
    games: u16,
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = super::values::Ranged::<u16>::new(1, u64::from(MAX_GAMES)))]
    first_game: u16,
    #[arg(long, value_name = "MS", default_value_t = 100, value_parser = super::values::movetime_ms())]
    movetime: u64,
    #[command(flatten)]
    a: SideA,
    #[command(flatten)]
    b: SideB,
    #[command(flatten)]
    egtb: super::EgtbArgs,
    #[command(flatten)]
    data: super::DataArgs,
    #[arg(long, value_enum, default_value_t = Openings::Ballots)]
    openings: Openings,
    #[command(flatten)]
    seed: super::SeedArg,
    #[command(flatten)]
    kb: super::KbArg,
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::values::Ranged::<usize>::new(1, 256))]
    concurrency: usize,
    #[arg(long, value_name = "ELO0,ELO1", value_parser = super::values::elo_pair)]
    sprt: Option<(f64, f64)>,
    #[arg(long, value_name = "P", default_value_t = 0.05, value_parser = super::values::probability, requires = "sprt")]
    alpha: f64,
    #[arg(long, value_name = "P", default_value_t = 0.05, value_parser = super::values::probability, requires = "sprt")]
    beta: f64,
    #[arg(long)]
    verbose: bool,
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
            // A match plays at a fixed, often short, time a move.
            check_kb_at_load: true,
            hash_mb: HASH_MB,
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

    /// The side `name` played by the Hub engine that `command` starts, in a folder of
    /// its own with the tables `tables`, a hash of [`HASH_MB`] and `threads` threads.
    fn hub(
        name: &'static str,
        command: &str,
        limits: Limits,
        tables: &Tablebase,
        threads: usize,
    ) -> Result<Side, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("a Hub side needs a program to run")?;
        let mut args: Vec<String> = words.map(str::to_string).collect();
        match tables.dir() {
            Some(dir) => args.extend(["--egtb".to_string(), dir.display().to_string()]),
            None => args.push("--no-egtb".to_string()),
        }
        let params = [
            ("hash", HASH_MB.to_string()),
            ("threads", threads.to_string()),
        ];
        let client =
            HubClient::start(program, &args, &params, limits).map_err(|error| english(&error))?;
        Ok(Side {
            description: english(&msg!(
                "report-side-hub",
                name = name,
                engine = client.name(),
                limits = limits.to_string()
            )),
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
        words.insert(0, english(&msg!("report-side-level", level = level.name)));
    }
    match engine.knowledge_base() {
        Some(kb) => {
            words.push(english(&msg!("report-side-kb", origin = kb.origin())));
            words.push(english(&match kb.book_len() {
                0 => msg!("report-side-no-book"),
                facts => msg!("report-side-book", facts = facts),
            }));
        }
        None => words.push(english(&msg!("report-side-no-kb"))),
    }
    words.push(english(&if config.eval == Evaluator::material() {
        msg!("report-side-material")
    } else {
        msg!("report-side-fitted")
    }));
    if config.capture_margin.is_none() {
        words.push(english(&msg!("report-side-no-capture-stage")));
    }
    if config.threads > 1 {
        words.push(english(&msg!(
            "report-side-threads",
            threads = config.threads
        )));
    }
    if config.tablebase.dir().is_some() {
        let pieces = config.tablebase.pieces();
        words.push(english(&msg!("report-side-egtb", pieces = pieces)));
    }
    english(&msg!(
        "report-side",
        name = player.name(),
        words = words.join(", ")
    ))
}

#[derive(Clone, Copy)]
struct SideSettings {
    level: Option<Level>,
    depth: Option<u32>,
    movetime: Option<u64>,
    no_kb: bool,
    no_book: bool,
    material_only: bool,
    no_capture_stage: bool,
    no_egtb: bool,
    threads: usize,
}

impl SideSettings {
    /// The side's level, else its depth, else its own time a move, else `movetime`
    /// milliseconds.
    fn limits(&self, movetime: u64) -> Limits {
        match (self.level, self.depth) {
            (Some(level), _) => level.limits(),
            (None, Some(depth)) => Limits::Depth(depth),
            (None, None) => {
                Limits::MoveTime(Duration::from_millis(self.movetime.unwrap_or(movetime)))
            }
        }
    }

    /// Whether the side plays the knowledge base: as its level says, else unless told not to.
    fn use_kb(&self) -> bool {
        self.level.map_or(!self.no_kb, |level| level.use_kb)
    }
}

/// Runs the match and prints each game, the time each side took a move, the total with
/// an Elo estimate and the test's verdict.
pub fn run_match(args: MatchArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let (a_side, a_egtb, a_hub) = args.a.settings();
    let (b_side, b_egtb, b_hub) = args.b.settings();
    let data = args.data.locate();
    let kb = args.kb.load(data.as_ref())?;
    // Two sets of tables in one process share its memory budget.
    let sets = if a_egtb.is_some() || b_egtb.is_some() {
        2
    } else {
        1
    };
    let budget = args.egtb.budget().map(|bytes| bytes / sets);
    let tables = args.egtb.open_within(data.as_ref(), budget)?;
    // A side without the databases still has the built-in king endings.
    let builtin = Tablebase::builtin();
    let tables_for = |no_egtb: bool, own: Option<&PathBuf>| match (no_egtb, own) {
        (true, _) => Ok(builtin.clone()),
        (false, Some(dir)) => super::egtb::open(dir, true, budget),
        (false, None) => Ok(tables.clone()),
    };
    let openings = args.openings.list()?;
    let a_tables = tables_for(a_side.no_egtb, a_egtb)?;
    let b_tables = tables_for(b_side.no_egtb, b_egtb)?;
    let make =
        |name, settings: SideSettings, hub: Option<&String>, seed: u64, tables: &Tablebase| {
            match hub {
                Some(command) => Side::hub(
                    name,
                    command,
                    settings.limits(args.movetime),
                    tables,
                    settings.threads,
                ),
                None => Side::engine(name, settings, args.movetime, seed, &kb, tables.clone())
                    .map_err(|error| error.to_string()),
            }
        };
    let seed = args.seed.get().unwrap_or_default();
    let sides = || {
        let a = make("A", a_side, a_hub, seed, &a_tables)?;
        let b = make("B", b_side, b_hub, seed.wrapping_add(1), &b_tables)?;
        Ok((a, b))
    };
    let first = usize::from(args.first_game) - 1;
    let sprt = args.sprt.map(|(elo0, elo1)| Sprt {
        elo0,
        elo1,
        alpha: args.alpha,
        beta: args.beta,
    });
    if sprt.is_some() && first % 2 == 1 {
        return Err(CliError::PairsSplit.into());
    }
    let mut out = std::io::stdout().lock();
    // The heading names the sides as the first worker makes them.
    let (a, b) = sides()?;
    let heading = msg!(
        "report-match-sides",
        a = a.description.as_str(),
        b = b.description.as_str()
    );
    writeln!(out, "{}", english(&heading))?;
    drop((a, b));
    let plan = Plan {
        openings: &openings,
        first,
        pairs: usize::from(args.games).div_ceil(2),
        concurrency: args.concurrency,
        sprt,
        verbose: args.verbose,
        referee: &builtin,
    };
    let outcome = match_play::play(&plan, &sides, &mut out)?;
    for line in outcome.summary(sprt.as_ref()) {
        writeln!(out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A side without knowledge or databases, by the match's time.
    const PLAIN: SideSettings = SideSettings {
        level: None,
        depth: None,
        movetime: None,
        no_kb: true,
        no_book: false,
        material_only: false,
        no_capture_stage: false,
        no_egtb: true,
        threads: 1,
    };

    #[test]
    fn an_engine_side_is_described_by_its_limits_knowledge_and_evaluation() {
        let kb = KnowledgeBase::empty();
        let settings = SideSettings {
            depth: Some(4),
            ..PLAIN
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
    fn a_side_s_own_move_time_comes_before_the_match_s() {
        let odds = SideSettings {
            movetime: Some(20),
            ..PLAIN
        };
        let even = SideSettings {
            movetime: None,
            ..odds
        };
        assert_eq!(odds.limits(10), Limits::MoveTime(Duration::from_millis(20)));
        assert_eq!(even.limits(10), Limits::MoveTime(Duration::from_millis(10)));
        let deep = SideSettings {
            depth: Some(3),
            ..odds
        };
        assert_eq!(deep.limits(10), Limits::Depth(3));
    }
}
