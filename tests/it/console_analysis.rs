//! `hint` with its line, `analyze` and `review` through the real binary, in a script.

use crate::common;

use common::{Home, Session, run, shashki_in};

/// `shashki --seed 7 --depth DEPTH ARGS` with `input`.
fn at_depth(depth: &str, args: &[&str], input: &str) -> Session {
    let mut all = vec!["--seed", "7", "--depth", depth];
    all.extend_from_slice(args);
    run(&all, input)
}

/// White's f4-e5 walks into f6:d4 (a1-b2 keeps the balance).
const BLUNDER_FEN: &str = "W:Wa1,f4:Bf6,b8";

#[test]
fn a_hint_shows_the_move_and_the_line_it_expects() {
    let session = at_depth("4", &[], "hint\nfen\n");
    let hint = session.answer_to("hint");
    // hint: MOVE (search: depth 4, SCORE): MOVE REPLY ...
    let (head, line) = hint.split_once("): ").expect("a line after the reason");
    let mv = head
        .strip_prefix("hint: ")
        .and_then(|rest| rest.split(' ').next())
        .expect("the move");
    assert!(head.contains("(search: depth 4, "), "{hint}");
    assert!(line.starts_with(&format!("{mv} ")), "{hint}");
    assert!(line.split(' ').count() >= 4, "{hint}");
    assert!(
        session.answer_to("fen").starts_with("W:"),
        "the hint plays nothing"
    );
}

#[test]
fn a_hint_line_follows_the_chosen_notation_and_language() {
    let session = at_depth("3", &["--notation", "short", "--lang", "ru"], "hint\n");
    let hint = session.answer_to("hint");
    assert!(hint.starts_with("подсказка: "), "{hint}");
    let line = hint.split_once("): ").expect("a line").1;
    assert!(!line.contains('-'), "short notation: {hint}");
}

#[test]
fn analyze_with_a_depth_shows_three_lines_a_depth_and_leaves_the_game_alone() {
    let session = at_depth("4", &[], "analyze\nfen\n");
    session.expect("analysis to depth 4, White to move: the best lines");
    for depth in 1..=4 {
        for rank in 1..=3 {
            session.expect(&format!("{rank}. depth {depth}  "));
        }
    }
    assert!(!session.stdout.contains("depth 5  "));
    session.expect("analysis done: depth 4");
    let fen = session.answer_to("fen");
    assert_eq!(fen, shashki::START_FEN);
}

#[test]
fn analyze_lines_start_with_different_moves() {
    let session = at_depth("3", &[], "analyse\n");
    let firsts: Vec<&str> = session
        .stdout
        .lines()
        .filter(|line| line.contains(". depth 3  "))
        .map(|line| {
            line.split("  ")
                .nth(2)
                .and_then(|l| l.split(' ').next())
                .unwrap()
        })
        .collect();
    assert_eq!(firsts.len(), 3, "{}", session.stdout);
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
}

#[test]
fn endless_analysis_in_a_script_ends_at_an_empty_line_or_the_end_of_the_input() {
    let home = Home::new("analysis");
    home.write("kb/combs.txt", "");
    // No depth: the analysis runs until the next line; the empty line is taken as its
    // Enter, and the command after it still runs.
    let session = shashki_in(&home.dir, &[], &["--seed", "1"], "analyze\n\nfen\n");
    session.expect("Enter or Ctrl-C stops");
    assert!(
        session.answer_to("fen").starts_with("W:"),
        "{}",
        session.stdout
    );
    assert!(
        session.stdout.contains("analysis stopped at depth")
            || session.stdout.contains("analysis stopped before depth 1"),
        "{}",
        session.stdout
    );
    let session = shashki_in(&home.dir, &[], &["--seed", "1", "--lang", "ru"], "анализ\n");
    assert!(session.success);
    session.expect("анализ, ход белых");
}

#[test]
fn analyze_at_an_earlier_position_analyses_the_position_shown() {
    let session = at_depth("2", &[], "c3-d4\nback 2\nanalyze\nfen\n");
    session.expect("analysis to depth 2, White to move");
    assert_eq!(session.answer_to("fen"), shashki::START_FEN);
}

#[test]
fn review_lists_a_planted_blunder_with_the_better_move_and_the_position() {
    let session = at_depth("5", &["--fen", BLUNDER_FEN], "f4-e5\nreview\n");
    session.expect("review of 2 plies, depth 5 a position");
    session.expect("1. White f4-e5: a blunder, turns a draw into a loss (-loss in");
    session.expect("; a1-b2 keeps ");
    session.expect(&format!("   position: {BLUNDER_FEN}"));
    session.expect("White: 0 mistakes, 1 blunder");
    session.expect("Black: 0 mistakes, 0 blunders");
}

#[test]
fn review_in_russian_and_with_a_depth_a_position() {
    let session = at_depth(
        "3",
        &["--fen", BLUNDER_FEN, "--lang", "ru"],
        "f4-e5\nразбор 5\n",
    );
    session.expect("разбор 2 полухода, глубина 5 на позицию");
    session.expect("1. белые f4-e5: грубая ошибка превратила ничью в проигрыш");
    session.expect(" сохраняет ");
    // The line that punishes it: Black's capture, then the search's line.
    session.expect("   ответ чёрных: f6:d4 ");
    session.expect(&format!("   позиция: {BLUNDER_FEN}"));
    session.expect("у белых 0 ошибок, 1 грубая");
}

#[test]
fn a_game_without_mistakes_or_moves_is_reviewed_as_such() {
    let session = at_depth("2", &[], "review\nreview 0\n");
    assert_eq!(
        session.answer_to("review"),
        "nothing to review: no moves yet"
    );
    assert_eq!(
        session.answer_to("review 0"),
        "review: the depth must be 1 to 30 plies; usage: review [DEPTH] [SIDE]"
    );
}

#[test]
fn a_lost_game_s_review_names_the_loser_s_decisive_mistake_and_repeats_itself() {
    // Without --depth: the review's own fixed effort, the same every time.
    let home = Home::new("review-decisive");
    home.write("kb/combs.txt", "");
    let input = "f4-e5\nresign\nreview\nreview\n";
    let session = shashki_in(
        &home.dir,
        &[],
        &["--seed", "7", "--movetime", "50", "--fen", BLUNDER_FEN],
        input,
    );
    session.expect("review of 2 plies (Ctrl-C stops)");
    session.expect("White's decisive mistake: 1. f4-e5 (-loss in ");
    session.expect("; a1-b2 kept ");
    // Searched by nodes, not by the clock: the second review is the first, word for word.
    let reviews: Vec<&str> = session.stdout.split("review of 2 plies").skip(1).collect();
    assert_eq!(reviews.len(), 2, "{}", session.stdout);
    // The game's end filed the mistake as a lesson; the reviews find it filed.
    let end = session
        .stdout
        .split("review of 2 plies")
        .next()
        .unwrap_or_default();
    assert!(
        common::unwrapped(end).contains("\n1 lesson filed in"),
        "{end}"
    );
    let judged = |review: &str| {
        review
            .split("\nnew game?")
            .next()
            .map(|text| text.trim_end().to_string())
    };
    assert!(reviews[0].contains("\nno new lesson: "), "{}", reviews[0]);
    assert_eq!(judged(reviews[0]), judged(reviews[1]));
    // In Russian too.
    let russian = shashki_in(
        &home.dir,
        &[],
        &[
            "--seed",
            "7",
            "--depth",
            "5",
            "--lang",
            "ru",
            "--fen",
            BLUNDER_FEN,
        ],
        "f4-e5\nсдаюсь\nразбор\n",
    );
    russian.expect("решающая ошибка белых: 1. f4-e5 (");
}

#[test]
fn a_game_resigned_with_no_losing_move_says_so() {
    // White resigns at once in the starting position: no move of White's lost it.
    let session = at_depth("3", &[], "c3-d4\nresign\nreview\n");
    session.expect("no move of White's lost the game: resigned in a position of ");
}

/// Black's f6-e5 lets White's two-for-one shot in (f6-g5 keeps the balance).
const SHOT_ALLOWED_FEN: &str = "B:Wa1,b2,c3:Ba5,f6,g7";

#[test]
fn review_shows_the_combination_that_punishes_a_mistake_and_names_it_from_the_knowledge_base() {
    let home = Home::new("review-combination");
    home.write("kb/combs.txt", "");
    let args = [
        "--seed",
        "7",
        "--depth",
        "6",
        "--black",
        "--fen",
        SHOT_ALLOWED_FEN,
    ];
    let session = shashki_in(&home.dir, &[], &args, "f6-e5\nreview\n");
    session.expect("1... Black f6-e5: a blunder, turns a draw into a loss");
    session
        .expect("   White answers with a combination: c3-b4 a5:c3 b2:d4:f6:h8, winning the game");
    // A fact of the knowledge base for the position names it, in either language.
    home.write(
        "kb/combs.txt",
        "fact \"Удар через c3\" for white\n\
         8 . . . . . . . .\n7 . . . . . . b .\n6 . . . . . . . .\n5 b . . . b . . .\n\
         4 . . . . . . . .\n3 . . w . . . . .\n2 . w . . . . . .\n1 w . . . . . . .\n\
         \x20 play c3-b4 a5:c3 b2:d4:f6:h8\n",
    );
    let session = shashki_in(&home.dir, &[], &args, "f6-e5\nreview\n");
    session.expect(
        "   White answers with the combination \"Удар через c3\": c3-b4 a5:c3 b2:d4:f6:h8, \
         winning the game",
    );
    let mut russian = args.to_vec();
    russian.extend(["--lang", "ru"]);
    let session = shashki_in(&home.dir, &[], &russian, "f6-e5\nразбор\n");
    session.expect(
        "   белые отвечают комбинацией «Удар через c3»: c3-b4 a5:c3 b2:d4:f6:h8, выигрыш: партия",
    );
}
