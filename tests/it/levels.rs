//! The named levels in `shashki match`: each side plays at its level.

use crate::common;

use common::run;

#[test]
fn a_match_between_levels_names_each_side_s_level_and_plays_it_out() {
    let session = run(
        &[
            "match",
            "--games",
            "2",
            "--a-level",
            "beginner",
            "--b-level",
            "novice",
        ],
        "",
    );
    assert!(session.success, "{}", session.stderr);
    session.expect("A (level beginner, depth 1, no kb, ");
    session.expect("B (level novice, depth 2, no kb, ");
    session.expect("A vs B: ");
    assert_eq!(session.count("\ngame "), 2, "{}", session.stdout);
}

#[test]
fn a_match_can_start_at_a_later_game_of_the_ballots() {
    let args = ["--a-level", "beginner", "--b-level", "beginner", "--games"];
    let whole = run(&[&["match"], &args[..], &["4"]].concat(), "");
    let second_half = run(
        &[&["match"], &args[..], &["2", "--first-game", "3"]].concat(),
        "",
    );
    assert!(second_half.success, "{}", second_half.stderr);
    let games = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| line.starts_with("game "))
            .map(str::to_string)
            .collect()
    };
    // Depth-limited sides repeat exactly: the part is the whole match's games 3 and 4.
    assert_eq!(games(&second_half.stdout), games(&whole.stdout)[2..]);
    assert!(
        second_half.stdout.contains("game   3: 1-II "),
        "{}",
        second_half.stdout
    );
}

#[test]
fn a_side_s_level_and_its_own_depth_or_knowledge_switch_exclude_each_other() {
    for clash in [
        ["--a-level", "casual", "--a-depth", "3"],
        ["--b-level", "casual", "--b-no-kb", ""],
    ] {
        let args: Vec<&str> = ["match"]
            .into_iter()
            .chain(clash.into_iter().filter(|arg| !arg.is_empty()))
            .collect();
        let session = run(&args, "");
        assert!(!session.success, "{args:?}");
        assert!(
            session.stderr.contains("cannot be used with"),
            "{}",
            session.stderr
        );
    }
}
