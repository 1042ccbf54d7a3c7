//! Lessons through the real binary: a lost game's review files the player's mistake in
//! `lessons.txt` (a file `kb check` passes), `train` poses it, a wrong move is answered
//! with the line that punishes it, a right one moves it up its schedule, and the
//! schedule survives the session.

use crate::common;

use common::Home;

/// White's f4-e5 lets Black's f6:d4 in and loses; a1-b2 keeps the game.
const BLUNDER_FEN: &str = "W:Wa1,f4:Bf6,b8";

/// A player who lost the blunder's game and had it reviewed: its lesson is filed.
fn player_with_a_lesson(name: &str) -> Home {
    let home = Home::new(name);
    home.write("kb/combs.txt", "");
    let session = home.run(
        &["--seed", "7", "--depth", "6", "--fen", BLUNDER_FEN],
        "f4-e5\nresign\nreview\nn\n",
    );
    // A long temporary path (Windows has one) wraps the line at the screen's width.
    let said = common::unwrapped(&session.stdout);
    assert!(said.contains("1 lesson filed in "), "{said}");
    assert!(said.contains("lessons.txt; train practises them"), "{said}");
    home
}

#[test]
fn a_reviewed_mistake_becomes_a_lesson_in_the_knowledge_bases_grammar() {
    let home = player_with_a_lesson("lesson-filed");
    let lessons = home.data().join("lessons.txt");
    let text = std::fs::read_to_string(&lessons).expect("the lessons");
    assert!(
        text.contains("% origin: lesson; source=console; white=Player; black=shashki; "),
        "{text}"
    );
    assert!(
        text.contains("; move=1; played=f4-e5; punished=f6:d4 "),
        "{text}"
    );
    assert!(
        text.contains("\nfact \"Урок: ход 1, f4-e5\" for white\n"),
        "{text}"
    );
    assert!(text.contains("  play a1-b2\n"), "{text}");
    assert!(!text.contains("play f4-e5"), "{text}");
    let check = home.run(&["kb", "check", &lessons.display().to_string()], "");
    assert!(check.success, "{}", check.stdout);
    // The same review again files nothing twice.
    let again = home.run(
        &["--seed", "7", "--depth", "6", "--fen", BLUNDER_FEN],
        "f4-e5\nresign\nreview\nn\n",
    );
    assert!(!again.stdout.contains("lesson filed"), "{}", again.stdout);
    assert_eq!(std::fs::read_to_string(&lessons).unwrap(), text);
}

#[test]
fn a_game_the_player_lost_files_its_lesson_when_it_ends() {
    let home = Home::new("lesson-at-end");
    home.write("kb/combs.txt", "");
    let session = home.run(
        &["--seed", "7", "--depth", "6", "--fen", BLUNDER_FEN],
        "f4-e5\nresign\n",
    );
    session.expect("looking for lessons in your game (Ctrl-C skips)");
    let said = common::unwrapped(&session.stdout);
    assert!(said.contains("1 lesson filed in "), "{said}");
    // The review's whole report is not shown unasked.
    assert!(!said.contains("decisive mistake"), "{said}");
    let text = std::fs::read_to_string(home.data().join("lessons.txt")).expect("the lessons");
    assert!(text.contains("; played=f4-e5; punished=f6:d4"), "{text}");
    // A review afterwards files nothing twice, and says so.
    let review = home.run(&["--seed", "7", "--depth", "6"], "games 1\nreview\n");
    let said = common::unwrapped(&review.stdout);
    assert!(said.contains("no new lesson: "), "{said}");
    assert!(
        said.contains("on the board: [ ] the move played, ( ) the better move"),
        "{said}"
    );
}

#[test]
fn a_lesson_missed_comes_back_next_session_and_one_solved_waits_for_its_day() {
    let home = player_with_a_lesson("lesson-train");
    let quick = ["--seed", "7", "--depth", "6"];
    // The mistake played again: the line that punishes it, and the better move.
    let missed = home.run(&quick, "train\nf4-e5\ntrain\n");
    missed.expect("at move 1 of ");
    missed.expect("you played f4-e5. Find a better move");
    missed.expect("not this: f4-e5 f6:d4 ");
    missed.expect("; a1-b2 keeps the game\n");
    // Not again this session.
    missed.expect("the lessons missed today come back next session");
    // The next session poses it again; the better move is right.
    let solved = home.run(&quick, "train\na1-b2\ntrain\n");
    solved.expect("right: a1-b2");
    solved.expect("no lesson is due now; the next is due on ");
    let schedule = std::fs::read_to_string(home.data().join("lessons-schedule.txt")).unwrap();
    assert!(
        schedule.contains(&format!("{BLUNDER_FEN} box=2 due=")),
        "{schedule}"
    );
}

#[test]
fn with_no_lessons_train_says_how_to_get_some() {
    let home = Home::new("lesson-none");
    home.write("kb/combs.txt", "");
    let session = home.run(
        &["--seed", "7", "--depth", "3", "--lang", "ru"],
        "тренировка\n",
    );
    session.expect("уроков пока нет: сделайте разбор проигранной партии");
}

#[test]
fn in_a_record_of_others_the_side_named_or_the_loser_gets_the_lessons() {
    let home = Home::new("lesson-others");
    home.write("kb/combs.txt", "");
    home.write(
        "others.pdn",
        &format!(
            "[White \"Иванов\"]\n[Black \"Петров\"]\n[FEN \"{BLUNDER_FEN}\"]\n[Result \"0-1\"]\n\n1. f4-e5 f6:d4 0-1\n"
        ),
    );
    let quick = ["--seed", "7", "--depth", "6", "others.pdn"];
    // Black made no mistake: nothing to file for Black.
    let black = home.run(&quick, "разбор чёрных\nreview black\n");
    assert!(!black.stdout.contains("lesson filed"), "{}", black.stdout);
    // By default the loser's, White's.
    let loser = home.run(&quick, "review\n");
    let said = common::unwrapped(&loser.stdout);
    assert!(said.contains("1 lesson filed in "), "{said}");
    let text = std::fs::read_to_string(home.data().join("lessons.txt")).unwrap();
    assert!(text.contains("white=Иванов; black=Петров; "), "{text}");
    assert!(text.contains("played=f4-e5; punished=f6:d4 "), "{text}");
    assert!(
        text.contains("\nfact \"Урок: ход 1, f4-e5\" for white\n"),
        "{text}"
    );
}
