//! A move with a clock never waits for a built-in endgame table to be solved: the
//! first one searches while the table is solved on a thread of its own, and the moves
//! after it decide from the table. Alone in its own test binary, so that no other test
//! has solved the tables before it.

use std::time::{Duration, Instant};

use shashki::endgame::{self, Value};
use shashki::engine::{Engine, EngineConfig, Limits, Source};
use shashki::{Game, Position};

#[test]
fn a_move_on_the_clock_does_not_wait_for_a_table_and_the_next_ones_use_it() {
    // Three kings against a lone king off the long diagonal: a win the table knows.
    let position: Position = "W:WKa3,Kc1,Ke1:BKb8".parse().unwrap();
    let game = Game::new(position);
    let mut bot = Engine::new(
        EngineConfig {
            use_kb: false,
            ..EngineConfig::default()
        },
        None,
    );
    assert!(
        !endgame::is_ready(&position),
        "nothing has asked for the table yet"
    );
    // Why the bot chose its move, with 20 ms for it.
    let mut decide = || {
        let limits = Limits::MoveTime(Duration::from_millis(20));
        bot.choose(&game, limits, &mut |_| {}).unwrap().source
    };
    let first = decide();
    assert!(matches!(first, Source::Search { .. }), "{first:?}");

    let asked = Instant::now();
    while !endgame::is_ready(&position) {
        assert!(
            asked.elapsed() < Duration::from_secs(60),
            "the table was never solved"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    match decide() {
        Source::Database(value) => {
            assert_eq!(Some(value), endgame::value(&position));
            assert!(matches!(value, Value::Win(_)), "{value:?}");
        }
        other => panic!("decided by {other:?}"),
    }
}
