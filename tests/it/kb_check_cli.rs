//! `shashki kb check`: the exact output and exit codes.

use crate::common;

use std::path::Path;
use std::process::Command;

fn kb_check(path: &str) -> (i32, String) {
    let home = common::Home::new("kb-check");
    let output = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["kb", "check", path])
        .env(common::DATA_VARIABLE, home.data())
        .output()
        .expect("the binary runs");
    let code = output.status.code().unwrap_or(-1);
    (code, String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn a_sound_file_prints_its_counts_and_exits_0() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("kb")
        .join("combs.txt");
    let (code, out) = kb_check(&path.display().to_string());
    assert_eq!(code, 0, "{out}");
    // The learned facts and the opening book beside it are checked with it.
    let learned = path.with_file_name("learned.txt");
    let (base, _) =
        shashki::kb::KnowledgeBase::load(&shashki::kb::Sources::alone(&learned)).unwrap();
    let book = path.with_file_name("book.txt");
    let (facts, _) = shashki::kb::KnowledgeBase::load(&shashki::kb::Sources::alone(&book)).unwrap();
    let expected = format!(
        "{}: {} OK\n\
         {}: {} facts ({} exact, {} patterns, {} lines) OK\n\
         {}: {} facts ({} exact, 0 patterns, 0 lines) OK\n",
        path.display(),
        common::fact_counts(&common::shipped_base()),
        learned.display(),
        base.len(),
        base.exact_count(),
        base.pattern_count(),
        base.line_count(),
        book.display(),
        facts.len(),
        facts.len()
    );
    assert_eq!(out, expected);
}

#[test]
fn a_broken_file_prints_every_problem_with_a_caret_and_exits_1() {
    let dir = common::scratch("kb-cli");
    let path = dir.join("broken.txt");
    let board = "8 . ? . ? . ? . ?\n7 ? . ? . ? . ? .\n6 . ? . ? . ? . ?\n5 ? . ? . ? . ? .\n\
                 4 . ? . ? . . . ?\n3 ? . ? . w . ? .\n2 . ? . ? . ? . ?\n1 ? . ? . ? . ? .\n";
    let text = format!(
        "% two broken facts\nfact \"a\" for white\n{board}play e3-f5\n\nfact \"b\" for white\n  white 4..2\n{board}play e3-f4\n"
    );
    std::fs::write(&path, text).unwrap();
    let shown = path.display().to_string();
    let (code, out) = kb_check(&shown);
    assert_eq!(code, 1, "{out}");
    let expected = format!(
        "{shown}:11:9: error: f5 is a light square; play uses the dark squares only\nplay e3-f5\n        ^\n\
         {shown}:14:9: error: the range 4..2 is empty: no count fits\n  white 4..2\n        ^\n\
         {shown}: 0 facts (0 exact, 0 patterns, 0 lines) in use, 2 left out\n"
    );
    assert_eq!(out, expected);
}

#[test]
fn run_from_a_checkout_its_kb_combs_txt_is_the_base_read_at_run_time() {
    // A copy of the checkout's base with one fact more: the program reads the file in
    // the current directory, not the copy built into it.
    let dir = common::scratch("kb-checkout");
    std::fs::create_dir_all(dir.join("kb")).unwrap();
    let base = include_str!("../../kb/combs.txt");
    let extra = "\nfact \"edited\" for white\n  white 1\n  black 1\n\
                 8 . . . . . . . B\n7 . . . . . . . .\n6 . . . . . . . .\n5 . . . . . . . .\n\
                 4 . . . . . . . .\n3 . . . . . . . .\n2 . . . . . . . .\n1 . . W . . . . .\n  play c1-d2\n";
    std::fs::write(dir.join("kb/combs.txt"), format!("{base}{extra}")).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["kb", "check"])
        .current_dir(&*dir)
        .env(common::DATA_VARIABLE, dir.join("shashki"))
        .output()
        .expect("the binary runs");
    let out = String::from_utf8_lossy(&output.stdout);
    let shipped = common::shipped_base();
    assert!(
        out.starts_with(&format!(
            "{}: {} facts ({} exact, {} patterns, {} lines, {} rules) OK\n",
            common::native("kb/combs.txt"),
            shipped.len() + 1,
            shipped.exact_count() + 1,
            shipped.pattern_count(),
            shipped.line_count(),
            shipped.rule_count()
        )),
        "{out}"
    );
}

/// A board for the coach's mistakes: a white man on c3 and on e3, d4 and f4 empty, the
/// rest unknown, and b2 `o` (any white piece) with c1 empty.
const COACH_BOARD: &str = ". ? . ? . ? . ?\n? . ? . ? . ? .\n. ? . ? . ? . ?\n? . ? . ? . ? .\n\
                           . ? . . . . . ?\n? . w . w . ? .\n. o . ? . ? . ?\n? . . . ? . ? .\n";

/// `kb check` on a file of `facts`, each written after its heading.
fn coach_file(name: &str, facts: &[(&str, &str)]) -> (i32, String) {
    let dir = common::scratch(name);
    let path = dir.join("coach.txt");
    let text: String = facts
        .iter()
        .map(|(heading, play)| format!("{heading}\n{COACH_BOARD}{play}\n\n"))
        .collect();
    std::fs::write(&path, text).unwrap();
    let (code, out) = kb_check(&path.display().to_string());
    (code, out.replace(&path.display().to_string(), "coach.txt"))
}

#[test]
fn a_coachs_mistakes_are_each_reported_at_their_line_and_cost_their_fact_alone() {
    let good = ("fact \"good\" for white", "play c3-d4");
    // A misspelt keyword: that fact alone is left out, not the one above it.
    let (code, out) = coach_file(
        "kb-typo",
        &[good, ("fakt \"typo\" for white", "play e3-f4"), good],
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("coach.txt:12:1: error: "), "{out}");
    assert!(
        out.ends_with("coach.txt: 2 facts (0 exact, 2 patterns, 0 lines) in use, 1 left out\n"),
        "{out}"
    );
    // A heading without its side says what is missing, after the name.
    let (code, out) = coach_file("kb-side", &[("fact \"no side\"", "play c3-d4")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("coach.txt:1:15: error: a heading needs the side after the name"),
        "{out}"
    );
    // A Cyrillic с in a move is named as Cyrillic.
    let (code, out) = coach_file("kb-cyrillic", &[("fact \"c\" for white", "play с3-d4")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("coach.txt:10:6: error: с: Cyrillic letters;"),
        "{out}"
    );
    // Counts that each hold alone but no position meets together, and a count repeated.
    let counted = |name: &str, counts: &str| {
        coach_file(
            name,
            &[(&format!("fact \"n\" for white\n{counts}"), "play c3-d4")],
        )
    };
    let (code, out) = counted("kb-counts", "black 3\nblack kings 1\nblack men 0");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("coach.txt:4:11: error: no position meets the board"),
        "{out}"
    );
    let (code, out) = counted("kb-counts-board", "white 3\nwhite kings 2");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("coach.txt:3:13: error: no position meets the board"),
        "{out}"
    );
    let (code, out) = counted("kb-counts-twice", "white kings 1\nwhite kings 2");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("coach.txt:3:13: error: these pieces are counted"),
        "{out}"
    );
    assert_eq!(counted("kb-counts-fine", "white 2..5\nblack 1..3").0, 0);
    // Any white piece may be a man: a backward move is refused, as for `w`.
    let (code, out) = coach_file("kb-any", &[("fact \"o\" for white", "play b2-c1")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("coach.txt:10:6: error: b2-c1: the piece on b2 may be a man"),
        "{out}"
    );
}

#[test]
fn a_fact_of_yours_that_differs_from_the_book_is_warned_of_at_the_books_fact() {
    let dir = common::scratch("kb-book-differs");
    let book = include_str!("../../kb/book.txt");
    std::fs::write(dir.join("book.txt"), book).unwrap();
    // The book's first fact, with another move: yours is played, and kb check says so.
    let start = book.find("fact \"book:").expect("a book fact");
    let end = start + book[start..].find("\n\n").expect("the fact's end");
    let fact = &book[start..end];
    let book_line = book[..start].lines().count() + 1;
    let name_end = fact.find("\" for ").expect("a heading");
    let play = fact.rfind("play ").expect("a play line");
    let mine = format!("fact \"мой ход{}play f6-e5\n", &fact[name_end..play]);
    std::fs::write(dir.join("mine.txt"), &mine).unwrap();
    let (code, out) = kb_check(&dir.join("mine.txt").display().to_string());
    assert_eq!(code, 0, "{out}");
    let warning = format!(
        "{}:{book_line}: warning: \"мой ход\" ({}:1) has this position with other moves, \
         and it is the one played: its file is read first",
        dir.join("book.txt").display(),
        dir.join("mine.txt").display()
    );
    assert!(out.contains(&warning), "{warning}\n{out}");
}

#[test]
fn a_patterns_reply_that_the_fixed_squares_make_illegal_is_an_error() {
    let dir = common::scratch("kb-reply");
    let path = dir.join("reply.txt");
    // After c3-d4, the black man on e5 surely takes d4 (c3 is empty then): d6-c5 can
    // never be Black's reply, and the line's proof would be silently off.
    let board = ". ? . ? . ? . ?\n? . ? . ? . ? .\n. . . b . ? . ?\n? . . . b . ? .\n\
                 . ? . . . ? . ?\n? . w . ? . ? .\n. ? . ? . ? . ?\n? . ? . ? . ? .\n";
    std::fs::write(
        &path,
        format!("fact \"reply\" for white\n{board}play c3-d4 d6-c5 d4:b6\n"),
    )
    .unwrap();
    let (code, out) = kb_check(&path.display().to_string());
    assert_eq!(code, 1, "{out}");
    let expected = format!(
        "{}:10:12: error: d6-c5 cannot be the reply: the piece on e5 surely has a capture",
        path.display()
    );
    assert!(out.starts_with(&expected), "{out}");
    // Without the man on e5 the reply can be played, and the fact is sound.
    let open = board.replace("? . . . b . ? .", "? . . . ? . ? .");
    std::fs::write(
        &path,
        format!("fact \"reply\" for white\n{open}play c3-d4 d6-c5 d4:b6\n"),
    )
    .unwrap();
    assert_eq!(kb_check(&path.display().to_string()).0, 0);
}

#[test]
fn prove_checks_each_kind_of_fact_its_own_way_and_only_warns() {
    let dir = common::scratch("kb-prove");
    let path = dir.join("mine.txt");
    // A lone king's move onto the long diagonal, with one to three black kings anywhere
    // on `?`: a pattern no square-by-square draw meets (no men at all), sampled all the
    // same. In some of its positions the move loses the king: a warning that names one.
    let lone = "fact \"lone king\" for white\nwhite 1\nwhite kings 1\nblack 1..3\nblack men 0\n\
                . ? . ? . ? . .\n. . ? . ? . . .\n. W . ? . . . ?\n? . . . . . ? .\n\
                . ? . . . ? . ?\n? . . . . . ? .\n. . . ? . . . ?\n. . ? . ? . . .\n\
                play b6-d4\n";
    // The start position, exact, with a sound first move.
    let start = "fact \"start\" for white\n\
                 . b . b . b . b\nb . b . b . b .\n. b . b . b . b\n. . . . . . . .\n\
                 . . . . . . . .\nw . w . w . w .\n. w . w . w . w\nw . w . w . w .\n\
                 play c3-d4\n";
    std::fs::write(&path, format!("{lone}\n{start}")).unwrap();
    let home = common::Home::new("kb-prove");
    let output = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["kb", "check", "--prove", &path.display().to_string()])
        .env(common::DATA_VARIABLE, home.data())
        .output()
        .expect("the binary runs");
    let out =
        String::from_utf8_lossy(&output.stdout).replace(&path.display().to_string(), "mine.txt");
    assert!(output.status.success(), "{out}");
    assert!(!out.contains("no legal position"), "{out}");
    assert!(
        out.contains("mine.txt:1: warning: fact \"lone king\" is not proven: in W:WKb6:B"),
        "{out}"
    );
    assert!(out.contains(": b6-d4 loses the game to "), "{out}");
    assert!(
        out.ends_with("mine.txt: proven: 0 of 0 facts with lines, 1 of 2 facts of single moves safe (see above)\n"),
        "{out}"
    );
}

#[test]
fn a_patterns_capture_that_the_fixed_squares_make_go_on_is_an_error() {
    let dir = common::scratch("kb-go-on");
    let path = dir.join("go-on.txt");
    // c3:e5 takes d4; on e5 the man then surely takes f6 (g7 is empty): the capture as
    // written stops short, and can never be played.
    let board = ". ? . ? . ? . ?\n. . ? . ? . . .\n. ? . ? . b . ?\n? . ? . . . ? .\n\
                 . ? . b . ? . ?\n? . w . ? . ? .\n. ? . ? . ? . ?\n? . ? . ? . ? .\n";
    std::fs::write(
        &path,
        format!("fact \"short\" for white\n{board}play c3:e5\n"),
    )
    .unwrap();
    let (code, out) = kb_check(&path.display().to_string());
    assert_eq!(code, 1, "{out}");
    let expected = format!(
        "{}:10:6: error: c3:e5 stops short: the piece then surely takes f6 too, and a capture goes on while it can",
        path.display()
    );
    assert!(out.starts_with(&expected), "{out}");
    // With g7 left open to anything, the capture may end on e5: the fact stands.
    let open = board.replace(". . ? . ? . . .", ". . ? . ? . ? .");
    std::fs::write(
        &path,
        format!("fact \"short\" for white\n{open}play c3:e5\n"),
    )
    .unwrap();
    let (code, out) = kb_check(&path.display().to_string());
    assert_eq!(code, 0, "{out}");
}
