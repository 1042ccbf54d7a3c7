//! The bot against the reference data and the rules: combinations, legality, endings, time.

use crate::support;

use std::path::Path;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use shashki::engine::{Engine, EngineConfig, Limits, Source};
use shashki::kb::{KnowledgeBase, Sources};
use shashki::tablebase::{Material, Tablebase, Value};
use shashki::{Color, Game, MoveText, Outcome, Position, Square};

const COMBOS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/combos.jsonl"
));

/// The knowledge base shipped in `kb/combs.txt`.
fn shipped_kb() -> KnowledgeBase {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/kb/combs.txt");
    match KnowledgeBase::load(&Sources::file(Path::new(path))) {
        Ok((kb, _)) => kb,
        Err(problems) => panic!("{path}: {problems:?}"),
    }
}

fn engine(use_kb: bool) -> Engine {
    Engine::new(
        EngineConfig {
            use_kb,
            tablebase: support::tables().clone(),
            ..EngineConfig::default()
        },
        use_kb.then(shipped_kb),
    )
}

/// Plays `game` out with `engine` on both sides, at most `max_plies` further plies.
fn play_out(engine: &mut Engine, game: &mut Game, limits: Limits, max_plies: usize) {
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            return;
        }
        let decision = engine
            .choose(game, limits, &mut |_| {})
            .expect("a move while the game goes on");
        game.play(decision.mv).expect("the bot's move is legal");
    }
}

/// Each combination position: (name, fen, first move).
fn combos() -> Vec<(String, String, String)> {
    COMBOS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("valid json");
            let field = |name: &str| value[name].as_str().expect(name).to_string();
            (field("name"), field("fen"), field("first_move"))
        })
        .collect()
}

/// The combinations the bot solves at `limits`, printing every miss.
fn solved_combos(use_kb: bool, limits: Limits) -> (usize, usize) {
    let all = combos();
    let mut solved = 0;
    for (name, fen, first_move) in &all {
        let position: Position = fen.parse().expect("valid fen");
        let expected = first_move
            .parse::<MoveText>()
            .expect("valid move text")
            .resolve(&position)
            .expect("a legal first move");
        let mut engine = engine(use_kb);
        let decision = engine
            .choose(&Game::new(position), limits, &mut |_| {})
            .expect("a move");
        if decision.mv == expected {
            solved += 1;
        } else {
            println!(
                "miss: {name} ({fen}): played {} instead of {first_move}; {:?}",
                MoveText::from_move(&position, decision.mv),
                decision.source
            );
        }
    }
    (solved, all.len())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "needs release speed: 1 s a position")]
fn with_the_shipped_knowledge_base_every_combination_is_played() {
    let (solved, total) = solved_combos(true, Limits::MoveTime(Duration::from_secs(1)));
    assert_eq!(solved, total, "solved only {solved} of {total}");
}

#[test]
fn a_pattern_whose_line_fails_here_is_only_searched_first() {
    // The shipped pattern "Нападение с использованием бортового поля (схема)" matches,
    // but its b4-a5 lets f2 crown: not proven here, so the search decides.
    let fen = "W:Wd6,h6,b4,d4:Bf8,h8,b6,f2";
    let position: Position = fen.parse().unwrap();
    let kb = shipped_kb();
    let (fact, moves) = kb.lookup(&position).expect("the pattern matches");
    assert_eq!(
        fact.name,
        "Нападение с использованием бортового поля (схема)"
    );
    let b4_a5 = "b4-a5"
        .parse::<MoveText>()
        .unwrap()
        .resolve(&position)
        .unwrap();
    assert_eq!(moves, vec![b4_a5]);
    let decision = engine(true)
        .choose(&Game::new(position), Limits::Depth(10), &mut |_| {})
        .unwrap();
    assert!(
        matches!(decision.source, Source::Search { .. }),
        "{decision:?}"
    );
    assert_ne!(decision.mv, b4_a5, "{:?}", decision.source);
}

#[test]
fn a_combination_line_is_played_on_from_the_knowledge_base() {
    // The first combination: c3-b4 a5:c3, then b2:d4:f6:h8 as the line goes on.
    let mut bot = engine(true);
    let mut game = Game::new("W:Wa1,b2,c3:Ba5,e5,g7".parse().unwrap());
    let first = bot.choose(&game, Limits::Depth(4), &mut |_| {}).unwrap();
    // The fact is a pattern, proven here before it is played, and named a combination.
    assert!(
        matches!(first.source, Source::Combination { ref won, .. } if won.game),
        "{first:?}"
    );
    game.play(first.mv).unwrap();
    let reply = "a5:c3"
        .parse::<MoveText>()
        .unwrap()
        .resolve(game.position())
        .unwrap();
    game.play(reply).unwrap();
    let second = bot.choose(&game, Limits::Depth(4), &mut |_| {}).unwrap();
    assert!(
        matches!(
            second.source,
            Source::KnowledgeLine { .. } | Source::OnlyMove
        ),
        "{second:?}"
    );
    assert_eq!(
        MoveText::from_move(game.position(), second.mv).to_string(),
        "b2:d4:f6:h8"
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "needs release speed: 1 s a position")]
fn without_the_knowledge_base_the_search_finds_two_thirds_of_the_combinations() {
    let (solved, total) = solved_combos(false, Limits::MoveTime(Duration::from_secs(1)));
    println!("solved {solved} of {total} without the knowledge base");
    assert!(3 * solved >= 2 * total, "solved only {solved} of {total}");
}

#[test]
fn the_bot_never_plays_an_illegal_move_in_seeded_self_play() {
    let mut rng = StdRng::seed_from_u64(2024);
    // Half the games with the knowledge base, half without.
    let mut bots = [engine(false), engine(true)];
    let mut plies = 0;
    for index in 0..20 {
        let bot = &mut bots[index % 2];
        // A few random plies first, so that every game takes its own way.
        let mut game = Game::new(Position::start());
        for _ in 0..rng.random_range(2..8) {
            let moves = game.position().legal_moves();
            if game.outcome().is_some() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv).expect("a generated move is legal");
        }
        bot.new_game();
        play_out(bot, &mut game, Limits::Depth(3), 200);
        plies += game.moves().len();
    }
    assert!(plies > 20 * 40, "only {plies} plies were played");
}

#[test]
fn the_bot_takes_a_free_piece() {
    // c3:e5 is answered by f6:d4; c3:a5 wins the man on b4 for nothing.
    let position: Position = "W:Wa1,c3:Bb4,d4,f6,g7".parse().unwrap();
    let decision = engine(false)
        .choose(&Game::new(position), Limits::Depth(6), &mut |_| {})
        .unwrap();
    assert_eq!(
        MoveText::from_move(&position, decision.mv).to_string(),
        "c3:a5"
    );
}

#[test]
fn a_forced_win_is_announced_and_played() {
    let position: Position = "W:Wa1,b2,c3:Ba5,e5,g7".parse().unwrap();
    let decision = engine(false)
        .choose(&Game::new(position), Limits::Depth(8), &mut |_| {})
        .unwrap();
    assert_eq!(
        MoveText::from_move(&position, decision.mv).to_string(),
        "c3-b4"
    );
    match decision.source {
        Source::Search { score, .. } => assert!(score.is_win(), "{score}"),
        other => panic!("decided by {other:?}"),
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "needs release speed")]
fn three_kings_catch_a_lone_king_off_the_long_diagonal() {
    for fen in [
        "W:WKa3,Kc1,Ke1:BKb8",
        "W:WKh2,Kg1,Kf2:BKa7",
        "W:WKc1,Ke1,Kg1:BKh6",
    ] {
        let mut game = Game::new(fen.parse().unwrap());
        let mut bot = engine(false);
        play_out(
            &mut bot,
            &mut game,
            Limits::MoveTime(Duration::from_millis(500)),
            200,
        );
        assert!(
            matches!(
                game.outcome(),
                Some(Outcome::Win {
                    winner: Color::White,
                    ..
                })
            ),
            "{fen}: {:?} after {}",
            game.outcome(),
            shashki::notation::Notation::Full.line(game.start(), &game.moves())
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "needs release speed")]
fn a_lone_king_on_the_long_diagonal_holds_the_draw() {
    for fen in ["B:WKa3,Kc1,Ke1:BKd4", "W:WKb8,Kd8,Kh2:BKa1"] {
        let mut game = Game::new(fen.parse().unwrap());
        let mut bot = engine(false);
        play_out(
            &mut bot,
            &mut game,
            Limits::MoveTime(Duration::from_millis(200)),
            200,
        );
        assert!(
            matches!(game.outcome(), Some(Outcome::Draw(_))),
            "{fen}: {:?} after {}",
            game.outcome(),
            shashki::notation::Notation::Full.line(game.start(), &game.moves())
        );
    }
}

/// The exact value `mv` leaves `game` in, for the side that plays it.
fn value_after(game: &Game, mv: shashki::Move) -> Value {
    let mut next = Game::new(*game.position());
    next.play(mv).expect("the bot's move is legal");
    if let Some(outcome) = next.outcome() {
        assert!(matches!(outcome, Outcome::Win { .. }), "{outcome:?}");
        return Value::Win(1);
    }
    support::exact_with(next.position(), &next.counters()).before()
}

#[test]
fn in_the_smallest_king_endings_every_move_keeps_the_exact_result() {
    // A depth-2 search alone missed the quickest win or the longest loss in 12 of these
    // positions; the exact tables decide, and a drawn position's search leaves the
    // losing moves out (a search cut short by its clock once threw such a draw away).
    let mut rng = StdRng::seed_from_u64(11);
    let squares: Vec<Square> = Square::all().collect();
    let mut bot = engine(false);
    let mut seen = [0; 3];
    while seen.iter().sum::<usize>() < 300 {
        let strong = rng.random_range(1..=3);
        let mut picked = squares.clone();
        picked.shuffle(&mut rng);
        let kings = |on: &[Square]| on.iter().map(|s| format!("K{s}")).collect::<Vec<_>>();
        let (strong_kings, lone) = (kings(&picked[..strong]), kings(&picked[strong..=strong]));
        let (white, black) = if rng.random() {
            (strong_kings, lone)
        } else {
            (lone, strong_kings)
        };
        let to_move = if rng.random() { "W" } else { "B" };
        let fen = format!("{to_move}:W{}:B{}", white.join(","), black.join(","));
        let game = Game::new(fen.parse().unwrap());
        if game.outcome().is_some() {
            continue;
        }
        let exact = support::exact(game.position());
        let decision = bot.choose(&game, Limits::Depth(2), &mut |_| {}).unwrap();
        let played = value_after(&game, decision.mv);
        assert_eq!(
            played,
            exact,
            "{fen}: {} ({:?})",
            MoveText::from_move(game.position(), decision.mv),
            decision.source
        );
        seen[match exact {
            Value::Win(_) => 0,
            Value::Draw => 1,
            Value::Loss(_) => 2,
        }] += 1;
    }
    assert!(
        seen.iter().all(|&count| count >= 10),
        "wins, draws, losses: {seen:?}"
    );
}

#[test]
fn a_move_on_the_clock_does_not_wait_for_a_table_and_the_next_ones_use_it() {
    // Three kings against a lone king off the long diagonal: a win the table knows.
    let position: Position = "W:WKa3,Kc1,Ke1:BKb8".parse().unwrap();
    let game = Game::new(position);
    // Tables of its own, which nothing has asked for yet.
    let tables = Tablebase::builtin();
    let material = Material::of(&position);
    assert!(!tables.is_ready(material));
    let mut bot = Engine::new(
        EngineConfig {
            use_kb: false,
            tablebase: tables.clone(),
            ..EngineConfig::default()
        },
        None,
    );
    // Why the bot chose its move, with 20 ms for it.
    let mut decide = || {
        let limits = Limits::MoveTime(Duration::from_millis(20));
        bot.choose(&game, limits, &mut |_| {}).unwrap().source
    };
    let first = decide();
    assert!(matches!(first, Source::Search { .. }), "{first:?}");

    crate::common::wait_until("solving the table", || tables.is_ready(material));
    match decide() {
        Source::Database(value) => {
            let best = support::exact(&position);
            assert_eq!(value, best);
            assert!(matches!(value, Value::Win(_)), "{value:?}");
        }
        other => panic!("decided by {other:?}"),
    }
}

/// The move the bot chooses in `fen` without the knowledge base, with its search score.
fn searched(fen: &str, limits: Limits) -> (String, shashki::search::Score, String) {
    let position: Position = fen.parse().unwrap();
    let decision = engine(false)
        .choose(&Game::new(position), limits, &mut |_| {})
        .unwrap();
    match decision.source {
        Source::Search { score, .. } => (
            MoveText::from_move(&position, decision.mv).to_string(),
            score,
            format!("{:?}", decision.source),
        ),
        ref other => panic!("decided by {other:?}"),
    }
}

#[test]
fn a_win_in_one_is_taken_when_longer_wins_are_there() {
    // Kf4-c1 shuts the man on b2 in at once (Black has no move); d4-e5, d4-c5 and
    // several king moves also win, only later.
    for limits in [
        Limits::Depth(8),
        Limits::MoveTime(Duration::from_millis(100)),
    ] {
        let (mv, score, text) = searched("W:Wa1,c3,d4,Kf4:Bb2", limits);
        assert_eq!(mv, "f4-c1", "{text}");
        assert_eq!(score, shashki::search::Score::win_in(1), "{text}");
        assert_eq!(score.to_string(), "+win in 1", "{text}");
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "needs release speed")]
fn the_shortest_of_several_forced_wins_is_played() {
    // Kf4-c1 wins in 7 plies (4 White moves); d4-c5, d4-e5 and Kf4-h6 win only in 11.
    let (mv, score, text) = searched(
        "W:Wa1,c3,d4,Kf4,g3:Bb2,h8",
        Limits::MoveTime(Duration::from_secs(1)),
    );
    assert_eq!(mv, "f4-c1", "{text}");
    assert_eq!(score, shashki::search::Score::win_in(7), "{text}");
}

/// Tests that count on the wall clock: `.ci/run` runs them apart, one at a time, so that
/// a loaded machine does not fail them.
mod wall_clock {
    use super::*;

    #[test]
    #[cfg_attr(debug_assertions, ignore = "timing is measured in release mode")]
    fn the_move_time_is_kept_within_ten_percent() {
        let fens = [
            shashki::START_FEN,
            "W:Wa1,c1,e1,g1,b2,d2,h2,a3,c3,g3,f4,h4:Ba5,e5,b6,d6,h6,a7,e7,g7,b8,d8,f8,h8",
            "W:WKa1,Kc1,e3:BKh8,Kb8,d6",
            // Black must capture: the capture stage runs first, then the search.
            "B:Wa1,c1,e1,g1,b2,d2,f2,h2,c5,f6:Bb6,h6,a7,e7,g7,b8,d8,f8,h8",
        ];
        let mut bot = engine(false);
        for fen in fens {
            let game = Game::new(fen.parse().unwrap());
            let started = Instant::now();
            bot.choose(
                &game,
                Limits::MoveTime(Duration::from_millis(200)),
                &mut |_| {},
            )
            .unwrap();
            let spent = started.elapsed();
            assert!(spent <= Duration::from_millis(220), "{fen}: {spent:?}");
        }
    }
}
