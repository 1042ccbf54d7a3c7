//! The named levels in `shashki match`: each side plays at its level.

mod common;

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
