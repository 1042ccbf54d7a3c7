//! The knowledge-base commands through the real binary: remember, kb check, kb reload.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

use common::{native, play, scratch};

/// A player with an empty `./kb/combs.txt` (so the bot's replies do not depend on the
/// project's base), and where their own facts go: `mine.txt` in their data directory.
fn player(name: &str) -> (common::Home, String) {
    let home = common::Home::new(name);
    home.write("kb/combs.txt", "");
    let mine = home
        .data()
        .join("kb")
        .join("mine.txt")
        .display()
        .to_string();
    (home, mine)
}

#[test]
fn a_remembered_move_is_played_by_the_bot_from_the_players_own_facts() {
    let (home, mine) = player("remember");
    // After `flip` the bot stands where the fact is.
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        "remember c3-d4 Проверка\nkb check\nflip\n",
    );
    assert!(session.success);
    assert_eq!(
        session.answer_to("remember c3-d4 Проверка"),
        format!("remembered \"Проверка\" ({mine}:7)")
    );
    // The base of the current directory is not touched.
    assert_eq!(
        std::fs::read_to_string(home.dir.join("kb/combs.txt")).unwrap(),
        ""
    );
    assert_eq!(
        session.answer_to("kb check"),
        format!("{mine}: 1 fact (1 exact, 0 patterns, 0 lines), no errors")
    );
    session.expect(&format!(
        "shashki plays c3-d4 (knowledge base: \"Проверка\", {mine}:7)"
    ));
}

#[test]
fn remember_again_renames_the_fact_or_says_nothing_changed() {
    let (home, mine) = player("remember-again");
    let session = home.run(
        &["--seed", "7", "--depth", "3"],
        "remember c3-d4 Первый\nremember c3-d4 Второй\nremember c3-d4\nkb check\n",
    );
    assert_eq!(
        session.answer_to("remember c3-d4 Первый"),
        format!("remembered \"Первый\" ({mine}:7)")
    );
    session.expect(&format!(
        "updated \"Второй\" ({mine}:7): play c3-d4 (was: c3-d4)"
    ));
    session.expect("the fact \"Первый\" is now called \"Второй\"");
    assert_eq!(
        session.answer_to("remember c3-d4"),
        format!("\"Второй\" ({mine}:7) plays c3-d4 already: the file is unchanged")
    );
    session.expect(": 1 fact (1 exact");
}

#[test]
fn remember_at_the_start_keeps_the_opening_fact_plays_yours_and_forget_brings_it_back() {
    let home = common::Home::new("remember-start");
    let mine = home.data().join("kb").join("mine.txt");
    // Each game from the start: last time's game is not offered back.
    let run = |seed: &str, input: &str| {
        let _ = std::fs::remove_file(home.data().join("autosave.pdn"));
        home.run(&["--seed", seed, "--depth", "3", "--black"], input)
    };
    // As White at the start: the bot would answer from «Начало партии».
    let session = home.run(
        &["--seed", "1", "--depth", "3"],
        "remember g3-h4 Мой дебют\n",
    );
    session.expect(&format!("remembered \"Мой дебют\" ({}:7)", mine.display()));
    session.expect("yours plays here over \"Начало партии\" (built-in starter base:");
    let text = std::fs::read_to_string(&mine).expect("your own facts");
    assert!(text.contains("play g3-h4\n"), "{text}");
    // The bot plays it, under any seed.
    for seed in ["1", "2", "3", "4", "5"] {
        run(seed, "").expect("shashki plays g3-h4 (knowledge base: \"Мой дебют\"");
    }
    // The opening fact is as it was: seven moves, under its name.
    let check = common::shashki(&home.dir, &["kb", "check"], "");
    assert!(
        check.stdout.contains("warning: \"Мой дебют\""),
        "{}",
        check.stdout
    );
    // `forget` (with the bot's move taken back first) brings the old choice back.
    let session = home.run(&["--seed", "1", "--depth", "3"], "forget\n");
    session.expect("forgotten: \"Мой дебют\"");
    let moves: std::collections::BTreeSet<String> = ["1", "2", "3", "4", "5", "6", "7", "8"]
        .iter()
        .map(|seed| {
            let session = run(seed, "");
            let line = session
                .stdout
                .lines()
                .find(|line| line.starts_with("shashki plays "))
                .expect("the bot's move")
                .to_string();
            assert!(line.contains("\"Начало партии\""), "{line}");
            line["shashki plays ".len()..][..5].to_string()
        })
        .collect();
    assert!(moves.len() > 1, "{moves:?}");
    // `restore` undoes the forget.
    let session = home.run(&["--seed", "1", "--depth", "3"], "restore\n");
    session.expect(&format!("restored {}", mine.display()));
    run("1", "").expect("shashki plays g3-h4 (knowledge base: \"Мой дебют\"");
}

#[test]
fn remember_explains_a_move_that_is_not_legal() {
    let session = play(&[], "remember c3-e5\nkb check\n");
    assert_eq!(
        session.answer_to("remember c3-e5"),
        "no such move for the man on c3; it can play: c3-b4, c3-d4"
    );
    assert_eq!(
        session.answer_to("kb check"),
        format!(
            "{}: 0 facts (0 exact, 0 patterns, 0 lines), no errors",
            native("kb/combs.txt")
        )
    );
}

/// The start position as a fact's board.
const START_BOARD: &str = "8 . b . b . b . b\n7 b . b . b . b .\n6 . b . b . b . b\n\
                           5 . . . . . . . .\n4 . . . . . . . .\n3 w . w . w . w .\n\
                           2 . w . w . w . w\n1 w . w . w . w .\n";

#[test]
fn a_broken_fact_is_left_out_and_shown_and_the_others_stay_in_use() {
    let dir = scratch("kbcheck");
    let file = dir.join("combs.txt");
    let text = format!(
        "fact \"broken\" for purple\n\nfact \"Кол\" for white\n{START_BOARD}  play g3-h4\n"
    );
    std::fs::write(&file, text).expect("the base");
    let path = file.to_str().expect("utf-8 temp path");
    let session = play(&["--kb", path, "--black"], "kb check\nflip\n");
    session.expect(&format!("{path}:1:19: error: expected `white` or `black`"));
    session.expect("fact \"broken\" for purple\n                  ^\n");
    session.expect(&format!(
        "knowledge base: {path} (1 fact; 1 left out for its errors, shown above)"
    ));
    // The level's words agree: the base is in use.
    assert!(
        !session.stdout.contains("without the knowledge base"),
        "{}",
        session.stdout
    );
    session.expect(&format!(
        "{path}: 1 fact (1 exact, 0 patterns, 0 lines), 1 error: 1 fact left out"
    ));
    session.expect("shashki plays g3-h4 (knowledge base: \"Кол\"");
    // kb check on the command line reports it too, and fails.
    let checked = common::shashki(&dir, &["kb", "check", path], "");
    assert_eq!(checked.code, Some(1), "{}", checked.stdout);
    assert!(
        checked.stdout.ends_with(&format!(
            "{path}: 1 facts (1 exact, 0 patterns, 0 lines) in use, 1 left out\n"
        )),
        "{}",
        checked.stdout
    );
    // So does bestmove, which still uses the rest.
    let chosen = common::shashki(&dir, &["bestmove", "--kb", path, "--depth", "1"], "");
    assert!(
        chosen.stdout.starts_with("source: kb \"Кол\""),
        "{}",
        chosen.stdout
    );
    assert!(
        chosen.stderr.contains("error: expected `white` or `black`"),
        "{}",
        chosen.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kb_reload_shows_the_problems_of_a_broken_file_in_russian() {
    let home = common::Home::new("kb-russian");
    let board = "8 . b . b . b . b\n7 b . b . b . b .\n6 . b . b . b . b\n5 . . . . . . . .\n\
                 4 . . . . . . . .\n3 w . w . w . w .\n2 . w . w . w . w\n1 w . w . w . w .\n";
    home.write(
        "kb/combs.txt",
        &format!(
            "fact \"a\" for purple\n\nfact \"b\" for white\n  white 4..2\n{board}play c3-d4\n"
        ),
    );
    let session = home.run(
        &["--seed", "7", "--depth", "3", "--lang", "ru"],
        "база перечитать\n",
    );
    assert!(session.success, "{}", session.stdout);
    // A syntax error and an error of meaning, each with its place, its line and a caret.
    let base = native("kb/combs.txt");
    let problems = format!(
        "{base}:1:14: ошибка: здесь должно быть: `white` или `black`\n\
         fact \"a\" for purple\n             ^\n\
         {base}:4:9: ошибка: диапазон 4..2 пуст: ни одно число не подходит\n\
         \x20 white 4..2\n        ^\n"
    );
    assert_eq!(
        session.count(&problems),
        2,
        "at the start and on reload:\n{}",
        session.stdout
    );
    let (_, reloaded) = session
        .stdout
        .split_once("база перечитать\n")
        .expect("the command echoed");
    assert!(reloaded.starts_with(&problems), "{reloaded}");
    session.expect(&format!(
        "база знаний перечитана: {base} (0 фактов; 2 факта с ошибками пропущены, ошибки выше)"
    ));
}

#[test]
fn a_reload_with_a_broken_fact_keeps_every_other_fact() {
    let dir = scratch("kbreload");
    let file = dir.join("combs.txt");
    let path = file.to_str().expect("utf-8 temp path").to_string();
    // A base with one fact for the start position.
    std::fs::write(
        &file,
        format!("fact \"Старая\" for white\n{START_BOARD}  play c3-d4\n"),
    )
    .expect("the base");

    let mut command = Command::new(env!("CARGO_BIN_EXE_shashki"));
    common::in_english(&mut command)
        .args(["--seed", "7", "--depth", "3", "--kb", &path])
        .current_dir(&dir)
        .env(common::DATA_VARIABLE, dir.join("shashki"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut child = common::spawn(&mut command);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    stdin.write_all(b"fen\n").expect("first line");
    stdin.flush().expect("flush");
    let mut seen = String::new();
    let mut line = String::new();
    while !line.starts_with("W:") {
        line.clear();
        assert!(stdout.read_line(&mut line).expect("reading") > 0, "{seen}");
        seen.push_str(&line);
    }
    // Add a broken fact while the game is on, then reload and let the bot play White.
    let text = std::fs::read_to_string(&file).expect("the base");
    std::fs::write(&file, format!("{text}\nfact \"broken\" for purple\n")).expect("editing");
    stdin.write_all(b"kb reload\nflip\n").expect("more lines");
    drop(stdin);
    stdout.read_to_string(&mut seen).expect("the rest");
    assert!(child.wait().expect("exit").success());
    assert!(
        seen.contains(&format!("knowledge base: {path} (1 fact)")),
        "{seen}"
    );
    // A long temporary path (Windows has one) wraps these lines at the screen's width.
    assert!(
        common::unwrapped(&seen).contains(": error: expected `white` or `black`"),
        "{seen}"
    );
    assert!(
        common::unwrapped(&seen).contains(&format!(
            "knowledge base reloaded: {path} (1 fact; 1 left out for its errors, shown above)"
        )),
        "{seen}"
    );
    assert!(
        seen.contains("shashki plays c3-d4 (knowledge base: \"Старая\""),
        "{seen}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A middlegame where White has a shot a four-ply search does not play, and played
/// e3-d4 instead (the game of `tests/it/kb_learn.rs`).
const MISSED: &str = "[Event \"constructed\"]\n[White \"Белые\"]\n[Black \"Чёрные\"]\n\
    [FEN \"W:Wa1,c1,e1,b2,a3,e3,f4,h4:Bb4,c5,b6,d6,h6,b8\"]\n\n1. e3-d4 *\n";

#[test]
fn learn_finds_the_games_combination_and_adds_it_when_told_yes() {
    let home = common::Home::new("console-learn");
    home.write("kb/combs.txt", "");
    home.write("game.pdn", MISSED);
    let session = home.run(
        &["--seed", "7", "--depth", "3", "game.pdn"],
        "learn\ny\nlearn\n",
    );
    assert!(session.success, "{}", session.stdout);
    // Wrapped to 80 columns.
    session.expect(
        "move 1 (White): f4-g5 h6:f4:d2 e1:c3:a5:c7:e5; wins 2 men; missed; a 12-ply\n    \
         search plays it too\n",
    );
    session.expect("\"Удар с поля e1\": f4-g5 h6:f4:d2 e1:c3:a5:c7:e5\n");
    let learned = native("kb/learned.txt");
    session.expect(&format!("add this fact to {learned}? (y/n) y\n"));
    session.expect(&format!("learned: 1 fact added to {learned}\n"));
    session.expect(&format!("{learned} knows it already: nothing to learn\n"));
    let learned = std::fs::read_to_string(home.dir.join("kb/learned.txt")).unwrap();
    assert!(
        learned.contains(
            "% origin: learned; source=record; file=game.pdn; game=1; white=Белые; \
             black=Чёрные; "
        ),
        "{learned}"
    );
    assert!(
        learned.contains("fact \"Удар с поля e1\" for white\n"),
        "{learned}"
    );
}

#[test]
fn learn_writes_nothing_when_told_no() {
    let home = common::Home::new("console-learn-no");
    home.write("kb/combs.txt", "");
    home.write("game.pdn", MISSED);
    let session = home.run(
        &["--seed", "7", "--depth", "3", "--lang", "ru", "game.pdn"],
        "выучить\nн\n",
    );
    assert!(session.success, "{}", session.stdout);
    session.expect(
        "ход 1 (белые): f4-g5 h6:f4:d2 e1:c3:a5:c7:e5; выигрыш: 2 шашки; упущена;\n    \
         расчёт на 12 полуходов тоже её играет\n",
    );
    session.expect(&format!(
        "добавить 1 факт в {}? (д/н) н\n",
        native("kb/learned.txt")
    ));
    session.expect("ничего не выучено\n");
    assert!(!home.dir.join("kb/learned.txt").exists());
}

#[test]
fn learn_says_when_the_game_has_no_combination() {
    let session = play(&[], "c3-d4\nlearn\n");
    assert_eq!(
        session.answer_to("learn"),
        "no combination in this game that a 4-ply search misses"
    );
}

#[test]
fn the_bot_names_a_learned_combination_when_it_plays_one() {
    // No ./kb/combs.txt: the built-in base, with the built-in learned facts.
    let home = common::Home::new("console-learned-play");
    let session = home.run(
        &["--seed", "1", "--depth", "6"],
        "load W:Wa1,c1,e1,g1,f2,h2,a3,c3,g3,f4:Be5,b6,d6,h6,d8,f8,h8\nflip\n",
    );
    session.expect(
        "shashki plays c3-d4 (combination \"Удар с поля g3\", learned from self-play\n    \
         game 118 (seed 1), move 8, wins a man; motif: blow after two men given up)\n",
    );
    let russian = home.run(
        &["--seed", "1", "--depth", "6", "--lang", "ru"],
        "load W:Wa1,c1,e1,g1,f2,h2,a3,c3,g3,f4:Be5,b6,d6,h6,d8,f8,h8\nflip\n",
    );
    russian.expect(
        "shashki играет c3-d4 (комбинация «Удар с поля g3», выучена из партии\n    \
         самоигры 118 (seed 1), ход 8, выигрыш: 1 шашка; мотив: удар с отдачей двух\n    \
         шашек)\n",
    );
}

#[test]
fn a_move_that_loses_material_is_remembered_only_when_the_player_says_so() {
    let (home, mine) = player("remember-loses");
    let centre = "B:Wa1,c1,e1,g1,c3,d2,f2,h2,a3,d4,e3,g3:Bb6,d6,f6,g5,h6,a7,c7,e7,b8,d8,f8,h8";
    let session = home.run(
        &["--seed", "7", "--depth", "3", "--black", "--fen", centre],
        "remember f6-e5\nn\nremember f6-e5 Центр\ny\n",
    );
    assert_eq!(
        session.answer_to("remember f6-e5"),
        "f6-e5 loses 2 men to d4:f6:h4"
    );
    session.expect("remember it anyway? (y/n) n\nnothing remembered\n");
    session.expect(&format!(
        "remember it anyway? (y/n) y\nremembered \"Центр\" ({mine}:7)"
    ));
}
