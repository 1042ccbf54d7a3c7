//! `shashki kb learn` and `kb check --prove` through the real binary: a combination in
//! a constructed game is found, proven, generalised and written; a fact whose proof
//! fails is refused.

use crate::common;

use common::Home;

/// A middlegame where White has a shot (f4-g5 h6:f4:d2 e1:c3:a5:c7:e5, from
/// self-play) that a four-ply search does not play and a twelve-ply search does; the
/// game goes on with e3-d4 instead.
const MISSED: &str = "[Event \"constructed\"]\n[White \"Белые\"]\n[Black \"Чёрные\"]\n\
    [FEN \"W:Wa1,c1,e1,b2,a3,e3,f4,h4:Bb4,c5,b6,d6,h6,b8\"]\n\n1. e3-d4 *\n";

#[test]
fn a_missed_combination_is_found_proven_generalised_and_written() {
    let home = Home::new("learn");
    home.write("game.pdn", MISSED);
    let learned = home.dir.join("learned.txt");
    let out = learned.display().to_string();
    let session = home.run(&["kb", "learn", "--from", "game.pdn", "--out", &out], "");
    assert!(session.success, "{}{}", session.stdout, session.stderr);
    session.expect(
        "game.pdn game 1 (Белые – Чёрные, constructed), move 1 (white): \
         f4-g5 h6:f4:d2 e1:c3:a5:c7:e5; wins 2 men; missed; the deep search plays it too\n",
    );
    session.expect(
        "combinations: 1 in 1 games (0 found by the player, 1 missed; 1 played by a 12-ply search too)\n",
    );
    session.expect("learned: 1 facts (1 patterns, 0 exact) from 1 combinations played by the deep search (0 not proven, 0 already known)");
    let text = std::fs::read_to_string(&learned).unwrap();
    assert!(
        text.contains(
            "% origin: learned; source=record; file=game.pdn; game=1; white=Белые; \
             black=Чёрные; event=constructed; move=1; played=e3-d4; verdict=missed\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("proof in W:Wa1,c1,e1,b2,a3,e3,f4,h4:Bb4,c5,b6,d6,h6,b8: "),
        "{text}"
    );
    assert!(text.contains("random positions ("), "{text}");
    assert!(
        text.contains("fact \"Удар с поля e1\" for white\n"),
        "{text}"
    );
    assert!(
        text.contains("  play f4-g5 h6:f4:d2 e1:c3:a5:c7:e5\n"),
        "{text}"
    );
    // Widened: some square is free, and the line's squares are as they were.
    assert!(
        text.lines().any(|line| line.starts_with("  ")
            && (line.contains('?') || line.contains('o') || line.contains('x'))),
        "{text}"
    );

    let check = home.run(&["kb", "check", "--prove", &out], "");
    assert_eq!(
        check.stdout,
        format!(
            "{out}: 1 facts (0 exact, 1 patterns, 1 lines) OK\n{out}: proven: 1 of 1 facts with lines, 0 of 0 facts of single moves safe\n"
        )
    );
    assert!(check.success);

    // Learning the same game again adds nothing.
    let again = home.run(&["kb", "learn", "--from", "game.pdn", "--out", &out], "");
    again.expect("learned: 0 facts (0 patterns, 0 exact) from 1 combinations played by the deep search (0 not proven, 1 already known)");
    assert_eq!(std::fs::read_to_string(&learned).unwrap(), text);
}

#[test]
fn a_found_combination_is_reported_found() {
    let home = Home::new("learn-found");
    home.write(
        "game.pdn",
        &MISSED.replace("1. e3-d4 *", "1. f4-g5 h6:f4:d2 2. e1:c3:a5:c7:e5 *"),
    );
    let session = home.run(
        &["kb", "learn", "--from", "game.pdn", "--out", "learned.txt"],
        "",
    );
    session.expect("move 1 (white): f4-g5 h6:f4:d2 e1:c3:a5:c7:e5; wins 2 men; found;");
    session.expect("(1 found by the player, 0 missed;");
}

#[test]
fn a_line_whose_proof_fails_is_reported() {
    let home = Home::new("learn-refused");
    home.write("game.pdn", MISSED);
    let session = home.run(
        &["kb", "learn", "--from", "game.pdn", "--out", "learned.txt"],
        "",
    );
    assert!(session.success);
    let text = std::fs::read_to_string(home.dir.join("learned.txt")).unwrap();
    // The same board with a quiet line that wins nothing.
    let broken = text.replace("play f4-g5 h6:f4:d2 e1:c3:a5:c7:e5", "play c1-d2 h6-g5");
    home.write("learned.txt", &broken);
    let check = home.run(&["kb", "check", "--prove", "learned.txt"], "");
    // What the proofs find are warnings: the fact still loads.
    assert!(check.success);
    check.expect("learned.txt: 1 facts (0 exact, 1 patterns, 1 lines) OK\n");
    check.expect(": warning: fact \"Удар с поля e1\" is not proven: not proven in W:");
    check.expect("a defence keeps the gain below a man\n");
    check.expect(
        "learned.txt: proven: 0 of 1 facts with lines, 0 of 0 facts of single moves safe (see above)\n",
    );
}

#[test]
fn the_shipped_learned_facts_are_all_proven() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/kb/learned.txt");
    let session = common::run(&["kb", "check", "--prove", path], "");
    assert!(session.success, "{}", session.stdout);
    assert!(
        session
            .stdout
            .contains(" 14 of 14 facts with lines, 0 of 0 facts of single moves safe\n"),
        "{}",
        session.stdout
    );
    assert!(!session.stdout.contains("warning"), "{}", session.stdout);
}

#[test]
fn nothing_to_learn_from_is_an_error() {
    let session = common::run(&["kb", "learn", "--out", "x.txt"], "");
    assert!(!session.success);
    assert!(
        session.stderr.contains("nothing to learn from"),
        "{}",
        session.stderr
    );
}

#[test]
fn without_out_the_facts_go_beside_the_base_in_use() {
    let home = Home::new("learn-beside");
    home.write("game.pdn", MISSED);
    home.write("kb/combs.txt", "% a club's base\n");
    let session = home.run(&["kb", "learn", "--from", "game.pdn"], "");
    assert!(session.success, "{}{}", session.stdout, session.stderr);
    session.expect(&format!(
        "written to {}\n",
        common::native("kb/learned.txt")
    ));
    assert!(home.dir.join("kb/learned.txt").exists());
    // Without a base file, the player's own in the data directory.
    let alone = Home::new("learn-data");
    alone.write("game.pdn", MISSED);
    let session = alone.run(&["kb", "learn", "--from", "game.pdn"], "");
    assert!(session.success, "{}{}", session.stdout, session.stderr);
    assert!(alone.data().join("kb/learned.txt").exists());
}
