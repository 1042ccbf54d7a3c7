//! Nothing the player has is lost: their knowledge base, their saved games and the
//! game in progress, through the real binary with its own data directory.

use crate::common;

use common::{Home, play};

/// `--seed 7 --depth 3`: fast and repeatable.
const QUICK: [&str; 4] = ["--seed", "7", "--depth", "3"];

#[test]
fn a_remembered_move_goes_to_the_players_own_facts_and_plays_over_the_built_in_base() {
    let home = Home::new("remember-own");
    let session = home.run(&QUICK, "remember g3-h4\nflip\n");
    let (builtin_learned, _) =
        shashki::kb::KnowledgeBase::parse(include_str!("../../kb/learned.txt"), "learned").unwrap();
    let learned = builtin_learned.len();
    let (builtin_book, _) =
        shashki::kb::KnowledgeBase::parse(include_str!("../../kb/book.txt"), "book").unwrap();
    let book = builtin_book.len();
    let builtin = common::shipped_base().len() + learned + book;
    session.expect(&format!(
        "knowledge base: built-in starter base ({builtin} facts)"
    ));
    let mine = home.data().join("kb").join("mine.txt");
    let answer = session.answer_to("remember g3-h4");
    assert!(
        answer.starts_with(&format!(
            "remembered \"remembered at move 1: g3-h4\" ({}:7)",
            mine.display()
        )),
        "{answer}"
    );
    // The built-in base's fact for the start stays as it is; the player's plays over it.
    session.expect("yours plays here over \"Начало партии\" (built-in starter base:");
    session.expect("shashki plays g3-h4 (knowledge base: \"remembered at move 1: g3-h4\"");
    let text = std::fs::read_to_string(&mine).expect("the player's own facts");
    assert!(text.starts_with("% Your own facts"), "{text}");
    // Nothing else is written.
    for other in ["combs.txt", "learned.txt", "book.txt"] {
        assert!(!home.data().join("kb").join(other).exists(), "{other}");
    }

    // The next start loads the player's facts first, and so does `kb check`, which says
    // which fact plays.
    let again = home.run(&QUICK, "flip\n");
    again.expect(&format!(
        "knowledge base: {} + built-in starter base ({} facts)",
        mine.display(),
        builtin + 1
    ));
    again.expect("shashki plays g3-h4 (knowledge base: \"remembered at move 1: g3-h4\"");
    let check = home.run(&["kb", "check"], "");
    assert!(check.success, "{}", check.stdout);
    check.expect(&format!(
        "{}: 1 facts (1 exact, 0 patterns, 0 lines) OK\n",
        mine.display()
    ));
    let start_fact = include_str!("../../kb/combs.txt")
        .lines()
        .position(|line| line.starts_with("fact \"Начало партии\""))
        .expect("the fact for the start")
        + 1;
    check.expect(&format!(
        "built-in starter base:{start_fact}: warning: \"remembered at move 1: g3-h4\" ({}:7) has \
         this position with other moves, and it is the one played: its file is read first\n",
        mine.display()
    ));
}

#[test]
fn without_any_file_kb_check_checks_the_built_in_base() {
    let home = Home::new("check-builtin");
    let (learned, _) =
        shashki::kb::KnowledgeBase::parse(include_str!("../../kb/learned.txt"), "learned").unwrap();
    let (book, _) =
        shashki::kb::KnowledgeBase::parse(include_str!("../../kb/book.txt"), "book").unwrap();
    assert_eq!(
        home.run(&["kb", "check"], "").stdout,
        format!(
            "built-in starter base: {} OK\n\
             built-in learned base: {} facts ({} exact, {} patterns, {} lines) OK\n\
             built-in book: {} facts ({} exact, 0 patterns, 0 lines) OK\n",
            common::fact_counts(&common::shipped_base()),
            learned.len(),
            learned.exact_count(),
            learned.pattern_count(),
            learned.line_count(),
            book.len(),
            book.len()
        )
    );
}

#[test]
fn remember_refuses_while_the_players_facts_on_disk_have_errors() {
    let home = Home::new("remember-broken");
    let session = home.run(&QUICK, "remember c3-d4 first\n");
    let mine = home.data().join("kb").join("mine.txt");
    session.expect(&format!("remembered \"first\" ({}:7)", mine.display()));
    // Break the file behind the program's back, then remember again: refused, untouched.
    let broken = "% mine\nfact \"x\" for white\n  play c3-d4\n";
    std::fs::write(&mine, broken).unwrap();
    let session = home.run(&QUICK, "remember e3-f4 second\n");
    session.expect("nothing was remembered: fix them (kb check) and try again");
    assert_eq!(std::fs::read_to_string(&mine).expect("the file"), broken);
}

#[test]
fn save_never_replaces_a_file_unasked_and_never_the_knowledge_base() {
    let home = Home::new("save");
    home.write("kb/combs.txt", "% my base\n");
    home.write("old.pdn", "my old game\n");
    let session = home.run(
        &QUICK,
        "c3-d4\nsave old.pdn\nsave kb/combs.txt\nsave! kb/combs.txt\nsave new.pdn\nsave! old.pdn\n",
    );
    assert_eq!(
        session.answer_to("save old.pdn"),
        "not saved: old.pdn exists; save! old.pdn replaces it"
    );
    assert!(
        session
            .answer_to("save kb/combs.txt")
            .starts_with("not saved: kb/combs.txt is the knowledge base")
    );
    assert!(
        session
            .answer_to("save! kb/combs.txt")
            .starts_with("not saved: kb/combs.txt is the knowledge base")
    );
    assert_eq!(session.answer_to("save new.pdn"), "saved to new.pdn");
    assert_eq!(session.answer_to("save! old.pdn"), "saved to old.pdn");
    let base = std::fs::read_to_string(home.dir.join("kb/combs.txt")).expect("the base");
    assert_eq!(base, "% my base\n");
    let old = std::fs::read_to_string(home.dir.join("old.pdn")).expect("the record");
    assert!(old.contains("1. c3-d4"), "{old}");
}

// Making a symbolic link takes a privilege on Windows that a test cannot count on.
#[cfg(unix)]
#[test]
fn saving_through_a_link_writes_its_target_and_keeps_the_link() {
    let home = Home::new("save-link");
    home.write("games/real.pdn", "");
    std::os::unix::fs::symlink("games/real.pdn", home.dir.join("link.pdn")).expect("a link");
    let session = home.run(&QUICK, "c3-d4\nsave! link.pdn\n");
    assert_eq!(session.answer_to("save! link.pdn"), "saved to link.pdn");
    let link = std::fs::symlink_metadata(home.dir.join("link.pdn")).expect("the link");
    assert!(link.file_type().is_symlink());
    let record = std::fs::read_to_string(home.dir.join("games/real.pdn")).expect("the target");
    assert!(record.contains("1. c3-d4"), "{record}");
}

#[test]
fn an_unfinished_game_is_kept_at_quit_and_offered_at_the_next_start() {
    let home = Home::new("resume");
    home.write("kb/combs.txt", "");
    let first = home.run(&QUICK, "c3-d4\nfen\nquit\n");
    let autosave = home.data().join("autosave.pdn");
    first.expect(&format!(
        "the unfinished game is kept in {}; shashki offers it at the next start",
        autosave.display()
    ));
    let position = first.answer_to("fen").to_string();
    assert!(first.success && autosave.exists());

    // Leaving without an answer touches nothing.
    let before = std::fs::read(&autosave).expect("the autosave");
    home.run(&QUICK, "");
    assert_eq!(std::fs::read(&autosave).expect("the autosave"), before);

    let second = home.run(&QUICK, "y\nfen\n");
    second.expect("an unfinished game (2 plies, move 2) was kept from last time");
    second.expect("resume it? (y/n) y");
    assert_eq!(
        second.answer_to("y"),
        "resumed: you play White, 3 plies a move"
    );
    assert_eq!(second.answer_to("fen"), position);

    // Ctrl-D (the end of the input) keeps it just the same.
    let third = home.run(&QUICK, "n\n");
    let kept = std::fs::read_dir(home.data().join("games"))
        .expect("games/")
        .map(|entry| entry.expect("an entry").path())
        .collect::<Vec<_>>();
    assert_eq!(kept.len(), 1, "{kept:?}");
    third.expect(&format!(
        "the unfinished game is kept in {} (open it to go on)",
        kept[0].display()
    ));
    let record = std::fs::read_to_string(&kept[0]).expect("the kept game");
    assert!(record.contains("1. c3-d4"), "{record}");
    assert!(!autosave.exists(), "an empty game leaves no autosave");
}

#[test]
fn a_data_directory_named_on_the_command_line_comes_before_the_variable() {
    let home = Home::new("data-dir");
    home.write("kb/combs.txt", "");
    let mine = home.dir.join("на флешке");
    let named = mine.to_str().expect("a UTF-8 path");
    let first = home.run(
        &["--data-dir", named, "--seed", "7", "--depth", "3"],
        "c3-d4
",
    );
    let autosave = mine.join("autosave.pdn");
    first.expect(&format!("kept in {};", autosave.display()));
    assert!(autosave.exists() && !home.data().exists());
    // `kb check` takes it too; without it the variable names the directory.
    assert!(home.run(&["kb", "check", "--data-dir", named], "").success);
    let second = home.run(&QUICK, "fen\n");
    assert!(
        !second.stdout.contains("kept from last time"),
        "{}",
        second.stdout
    );
    let third = home.run(&["--data-dir", named, "--seed", "7", "--depth", "3"], "y\n");
    third.expect("resumed: you play White");
}

#[test]
fn the_bots_colour_comes_back_with_a_resumed_game() {
    let home = Home::new("resume-black");
    home.write("kb/combs.txt", "");
    let first = home.run(&["--black", "--seed", "7", "--depth", "3"], "fen\n");
    let position = first.answer_to("fen").to_string();
    let second = home.run(&QUICK, "yes\nfen\n");
    second.expect("resumed: you play Black");
    assert_eq!(second.answer_to("fen"), position);
}

#[test]
fn new_load_and_open_set_an_unfinished_game_aside() {
    let home = Home::new("aside");
    home.write("kb/combs.txt", "");
    let session = home.run(&QUICK, "c3-d4\nnew\ng3-h4\nload W:Wc3:Bf6\n");
    let games = home.data().join("games");
    let kept: Vec<_> = std::fs::read_dir(&games)
        .expect("games/")
        .map(|entry| std::fs::read_to_string(entry.expect("entry").path()).expect("text"))
        .collect();
    assert_eq!(kept.len(), 2, "{}", session.stdout);
    assert!(kept.iter().any(|record| record.contains("1. c3-d4")));
    assert!(kept.iter().any(|record| record.contains("1. g3-h4")));
    assert_eq!(session.count("the unfinished game is kept in"), 2);
}

#[test]
fn a_game_set_aside_again_is_brought_up_to_date_and_only_the_newest_five_stay() {
    let home = Home::new("aside-once");
    home.write("kb/combs.txt", "");
    let games = home.data().join("games");
    let kept = || -> Vec<String> {
        let mut files: Vec<String> = std::fs::read_dir(&games)
            .map(|entries| {
                entries
                    .map(|entry| {
                        std::fs::read_to_string(entry.expect("entry").path()).expect("text")
                    })
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    };
    // The same game set aside twice, the second time longer: one file, the longer record.
    let far = ["--seed", "7", "--depth", "3", "--fen", "W:Wa1,c1,e1:Bf8,h8"];
    home.run(&far, "a1-b2\nnew\n");
    assert_eq!(kept().len(), 1, "{:?}", kept());
    let again = home.run(&far, "a1-b2\nc1-d2\nnew\n");
    let files = kept();
    assert_eq!(files.len(), 1, "{}", again.stdout);
    assert!(files[0].contains("c1-d2"), "{files:?}");
    // Five are kept at most: the oldest goes.
    for first in ["a3-b4", "c3-b4", "e3-d4", "e3-f4", "g3-f4"] {
        home.run(&QUICK, format!("{first}\nnew\n"));
    }
    let files = kept();
    assert_eq!(files.len(), 5, "{files:?}");
    assert!(
        files.iter().any(|record| record.contains("1. g3-f4")),
        "{files:?}"
    );
    assert!(
        !files.iter().any(|record| record.contains("a1-b2")),
        "{files:?}"
    );
}

#[test]
fn a_finished_game_is_not_kept() {
    let session = play(&["--fen", "W:Wc3:Bd4"], "c3:e5\n");
    session.expect("game over");
    assert_eq!(session.count("unfinished"), 0, "{}", session.stdout);
}
