//! `shashki match` as a tester runs it: games played at once, the sequential test that
//! stops a match once it decides, and both sides as Hub engines.

use crate::common;

use common::{Session, run};

/// The game lines of a match, in the order of their numbers (games played at once end
/// in any order).
fn games(session: &Session) -> Vec<String> {
    let mut games: Vec<String> = session
        .stdout
        .lines()
        .filter(|line| line.starts_with("game "))
        .map(str::to_string)
        .collect();
    games.sort();
    games
}

#[test]
fn games_played_at_once_are_the_games_played_one_at_a_time() {
    let args = ["match", "--games", "6", "--a-depth", "3", "--b-depth", "2"];
    let alone = run(&args, "");
    let together = run(&[&args[..], &["--concurrency", "3"]].concat(), "");
    assert!(together.success, "{}", together.stderr);
    assert_eq!(games(&together).len(), 6, "{}", together.stdout);
    // Depth-limited sides repeat exactly, whichever worker plays a game.
    assert_eq!(games(&together), games(&alone));
    together.expect("A vs B: ");
    together.expect("time: A ");
}

#[test]
fn a_lopsided_match_stops_as_soon_as_the_test_decides() {
    let strong = ["--a-depth", "4", "--b-level", "beginner"];
    let session = run(
        &[&["match", "--games", "60", "--sprt", "0,200"], &strong[..]].concat(),
        "",
    );
    assert!(session.success, "{}", session.stderr);
    session.expect("SPRT elo0 0 elo1 200 (alpha 0.05, beta 0.05): LLR ");
    session.expect("H1 accepted: A is better than B by more than 0 Elo");
    let played = games(&session).len();
    assert!(played < 60 && played.is_multiple_of(2), "{played} games");

    // The same sides the other way round: the test accepts the null hypothesis.
    let weak = ["--b-depth", "4", "--a-level", "beginner"];
    let session = run(
        &[&["match", "--games", "60", "--sprt", "0,200"], &weak[..]].concat(),
        "",
    );
    session.expect("H0 accepted: A is not 200 Elo better than B");
}

#[test]
fn an_undecided_test_says_so_after_the_games_asked_for() {
    let session = run(
        &["match", "--games", "2", "--a-depth", "1", "--b-depth", "1"],
        "",
    );
    assert!(!session.stdout.contains("SPRT"), "{}", session.stdout);
    let session = run(
        &[
            "match",
            "--games",
            "2",
            "--a-depth",
            "1",
            "--b-depth",
            "1",
            "--sprt=-5,5",
        ],
        "",
    );
    session.expect("after 1 pairs [");
    session.expect(": no decision yet");
}

#[test]
fn a_test_counts_whole_pairs_and_sound_bounds() {
    for (args, words) in [
        (&["--first-game", "2"][..], "--first-game must be odd"),
        (
            &["--alpha", "1.5"][..],
            "a probability above 0 and below 0.5",
        ),
        (&["--sprt", "5,0"][..], "ELO0 below ELO1"),
    ] {
        let sprt = if args.contains(&"--sprt") {
            &[][..]
        } else {
            &["--sprt", "0,5"][..]
        };
        let session = run(&[&["match", "--games", "2"], sprt, args].concat(), "");
        assert!(!session.success, "{args:?}");
        assert!(
            session.stderr.contains(words),
            "{args:?}: {}",
            session.stderr
        );
    }
}

#[test]
fn both_sides_can_be_hub_engines_played_at_once() {
    let hub = format!("{} hub --seed 1", env!("CARGO_BIN_EXE_shashki"));
    let session = run(
        &[
            "match",
            "--games",
            "4",
            "--concurrency",
            "2",
            "--a-depth",
            "2",
            "--b-depth",
            "1",
            "--a-hub",
            &hub,
            "--b-hub",
            &hub,
        ],
        "",
    );
    assert!(session.success, "{}{}", session.stdout, session.stderr);
    session.expect("A (hub engine shashki ");
    session.expect("vs B (hub engine shashki ");
    assert_eq!(games(&session).len(), 4, "{}", session.stdout);
    session.expect("in 4 games");
}
