//! How often a knowledge base's learned combinations decide a move: self-play games
//! of the bot at depth 6 (from the start, 8 random plies first), replayed, and at each
//! position the bot's stage 1 asked (depth 1 behind it) whether a learned fact's
//! combination is proven there and played.
//!
//! ```sh
//! cargo run --release --example learned_usage -- [KB_FILE] [GAMES]
//! ```
//!
//! Without `KB_FILE`, the built-in base. Prints the positions seen and the moves a
//! learned fact decided (a fact from a file whose name starts with `learned`, or the
//! built-in learned base), and those other combination facts decided.

use shashki::engine::{Engine, EngineConfig, Limits, Source};
use shashki::kb::{KnowledgeBase, Origin};
use shashki::play::{SelfPlay, selfplay_games};
use shashki::{Game, Position};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let kb = match args.next() {
        Some(path) => {
            KnowledgeBase::load(&shashki::kb::Sources::file(std::path::Path::new(&path)))
                .map_err(|problems| format!("{path}: {} problems", problems.len()))?
                .0
        }
        None => KnowledgeBase::builtin(),
    };
    let games: usize = args
        .next()
        .map_or(Ok(300), |n| n.parse())
        .map_err(|e| format!("{e}"))?;
    let plan = SelfPlay {
        games,
        depth: 6,
        random_plies: 8,
        seed: 7,
    };
    let played = selfplay_games(&plan, &[Game::new(Position::start())], &mut |_| {})
        .map_err(|error| error.to_string())?;
    let config = EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    };
    let mut engine = Engine::new(config, Some(kb));
    let (mut positions, mut learned, mut other) = (0, 0, 0);
    for game in &played {
        let mut replay = Game::new(*game.start());
        for mv in game.moves() {
            positions += 1;
            engine.new_game();
            let decision = engine.choose(&replay, Limits::Depth(1), &mut |_| {});
            if let Some(Source::Combination { fact, .. }) = decision.map(|d| d.source) {
                let from_learned = fact.part.kind == Origin::Learned
                    || std::path::Path::new(&fact.part.origin())
                        .file_name()
                        .is_some_and(|name| name.to_string_lossy().starts_with("learned"));
                if from_learned {
                    learned += 1;
                } else {
                    other += 1;
                }
            }
            replay.play(mv).map_err(|e| format!("{e:?}"))?;
        }
    }
    println!(
        "{} games, {positions} positions: {learned} moves from learned combinations, {other} from other combination facts",
        played.len()
    );
    Ok(())
}
