//! The puzzle trainer through the real binary: a puzzle played to its end, a wrong
//! move refused with its reason, hints, the score kept and read back, the game left
//! as it was.

use crate::common;

use common::Home;

/// The two-for-one shot: c3-b4 a5:c3 b2:d4:f6:h8 wins every black piece.
const SHOT: &str = "W:Wa1,b2,c3:Ba5,e5,g7";

fn solve_the_shot() -> String {
    format!("puzzle {SHOT}\nhint\nc3-d4\nhint\nc3-b4\nb2:d4:f6:h8\n")
}

#[test]
fn a_puzzle_is_played_to_its_end_with_hints_and_a_refusal() {
    let home = Home::new("puzzle-solve");
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        format!("{}puzzle off\nquit\n", solve_the_shot()),
    );
    assert!(session.success);
    session.expect("White to play and win the game");
    assert_eq!(session.answer_to("hint"), "hint: the man on c3 moves");
    assert_eq!(session.answer_to("c3-d4"), "c3-d4 wins nothing; try again");
    session.expect("hint: c3-b4");
    session.expect("c3-b4: right; Black answers a5:c3; your move");
    session.expect("solved: c3-b4 a5:c3 b2:d4:f6:h8 wins the game");
    session.expect("score: 1 solved of 1 (hints: 2, wrong moves: 1)");
    assert_eq!(session.answer_to("puzzle off"), "back to the game");
    let score = std::fs::read_to_string(home.data().join("puzzles.txt")).expect("the score");
    assert!(
        score.contains("solved 1\nattempted 1\nhints 2\nwrong 1\n"),
        "{score}"
    );
}

#[test]
fn the_score_is_read_back_at_the_next_start() {
    let home = Home::new("puzzle-score");
    home.run(&["--seed", "7", "--depth", "3"], solve_the_shot());
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        format!("puzzle {SHOT}\nc3-b4\nb2:d4:f6:h8\n"),
    );
    session.expect("score: 2 solved of 2 (hints: 2, wrong moves: 1)");
}

#[test]
fn a_malformed_score_file_is_reported_and_left_alone() {
    let home = Home::new("puzzle-bad-score");
    home.write("shashki/puzzles.txt", "solved lots\n");
    let session = home.run(&["--seed", "7", "--depth", "3"], solve_the_shot());
    session.expect("puzzles.txt:1: 'lots' is not a count; the puzzle score lasts this session");
    session.expect("score: 1 solved of 1");
    let score = std::fs::read_to_string(home.data().join("puzzles.txt")).expect("the file");
    assert_eq!(score, "solved lots\n");
}

#[test]
fn the_game_waits_as_it_was() {
    let home = Home::new("puzzle-game");
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        format!(
            "c3-d4\nfen\n{}undo\nfen\npuzzle off\nfen\n",
            solve_the_shot()
        ),
    );
    let answers: Vec<String> = session
        .stdout
        .lines()
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|pair| pair[0].ends_with("> fen"))
        .map(|pair| pair[1].to_string())
        .collect();
    assert_eq!(answers.len(), 3);
    // In the puzzle `fen` is the puzzle's; after it the game's, as before.
    assert_eq!(answers[0], answers[2], "{}", session.stdout);
    assert_ne!(answers[0], answers[1]);
    assert_eq!(
        session.answer_to("undo"),
        "not during a puzzle: puzzle off goes back to the game"
    );
    // The game in progress is still kept for the next start.
    let autosave = std::fs::read_to_string(home.data().join("autosave.pdn")).expect("autosave");
    assert!(autosave.contains("1. c3-d4"), "{autosave}");
}

#[test]
fn a_puzzle_is_posed_from_the_built_in_base_and_a_position_without_one_is_refused() {
    let home = Home::new("puzzle-kb");
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        "puzzle\nhint\npuzzle next\npuzzle W:Wa1:Bh8\nnew\nfen\n",
    );
    assert!(session.count("to play and win") >= 2, "{}", session.stdout);
    let hint = session.answer_to("hint");
    assert!(
        hint.starts_with("hint: the man on ") || hint.starts_with("hint: the king on "),
        "{hint}"
    );
    session.expect("no puzzle: White to move has no combination there");
    // `new` ends the puzzle and starts a game.
    session.expect("new game");
    assert_eq!(
        session.answer_to("fen"),
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    );
}

#[test]
fn a_resume_question_waits_for_the_end_of_the_puzzles() {
    let home = Home::new("puzzle-resume");
    home.run(&["--seed", "7", "--depth", "3"], "c3-d4\nquit\n");
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        format!("puzzle {SHOT}\nc3-b4\npuzzle off\ny\nhistory\n"),
    );
    session.expect("c3-b4: right");
    session.expect("resume it? (y/n) y");
    session.expect("resumed: you play White");
    assert!(
        session.answer_to("history").contains("1. c3-d4"),
        "{}",
        session.stdout
    );
}

#[test]
fn a_puzzle_left_unsolved_shows_its_answer_and_the_fact_it_came_from() {
    let home = Home::new("puzzle-answer");
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        format!("puzzle {SHOT}\nc3-b4\npuzzle off\npuzzle\npuzzle off\nquit\n"),
    );
    assert!(session.success);
    // From where the player got to, the rest of the line.
    session.expect("not solved: the answer was b2:d4:f6:h8\n");
    // A puzzle of the knowledge base names its fact and where it is (the line wraps).
    let words = session
        .stdout
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let second = words
        .split("not solved: the answer was ")
        .nth(2)
        .expect("the second puzzle's answer");
    let answer = &second[..second.find(')').expect("the fact's place") + 1];
    assert!(
        answer.contains(" (\"") && answer.contains("\", built-in "),
        "{answer}"
    );
}

#[test]
fn a_solved_puzzle_names_its_motif_and_a_motif_asked_for_is_posed() {
    let home = Home::new("puzzle-motif");
    let session = home.run(&["--seed", "7", "--depth", "3"], solve_the_shot());
    // kombinashki.ru's «удар с поля b2»: one man given, then the blow.
    session.expect("solved: c3-b4 a5:c3 b2:d4:f6:h8 wins the game");
    session.expect("motif: blow after one man given up\n");
    // The shipped base's Turkish strike, asked for by name in either language.
    for asked in ["puzzle turkish strike", "задача турецкий удар"] {
        let session = home.run(
            &["--seed", "7", "--depth", "3"],
            format!("{asked}\npuzzle off\n"),
        );
        session.expect("\"Турецкий удар: g5-f6 и h4:f6:h8\"");
        session.expect("turkish strike");
    }
    let unknown = home.run(&["--seed", "7", "--depth", "3"], "puzzle windmill\n");
    unknown.expect("'windmill' is not next, off or list, nor a position string, nor a motif");
}

#[test]
fn the_puzzle_list_counts_the_puzzles_under_each_motif() {
    let home = Home::new("puzzle-list");
    let session = home.run(&["--depth", "3"], "puzzle list\n");
    session.expect("the knowledge base's puzzles by motif (puzzle MOTIF poses one):\n");
    // Every motif has its line, the shipped base's Turkish strike among them.
    session.expect("    1  turkish strike\n");
    session.expect("  blockade\n");
    session.expect("  of no motif named\n");
    let session = home.run(&["--depth", "3", "--lang", "ru"], "задача список\n");
    session.expect("задачи базы знаний по мотивам (задача МОТИВ — задача на него):\n");
    session.expect("    1  турецкий удар\n");
}
