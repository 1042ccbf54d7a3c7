//! Files people actually write: a byte-order mark, bad UTF-8, a FIFO or a directory in
//! place of a file, and a knowledge base with thousands of problems.

use crate::common;

use common::{scratch, shashki};

const BOARD: &str = "\
8 . ? . ? . ? . ?
7 ? . ? . ? . ? .
6 . ? . ? . ? . ?
5 ? . ? . ? . ? .
4 . ? . ? . . . ?
3 ? . ? . w . ? .
2 . ? . ? . ? . ?
1 ? . ? . ? . ? .
";

/// A sound one-fact knowledge base.
fn one_fact() -> String {
    format!("fact \"шаг\" for white\n{BOARD}play e3-f4\n")
}

// A named pipe in the file system is Unix's (Windows keeps its pipes under \\.\pipe\).
#[cfg(unix)]
/// A named pipe at `path`, made by the `mkfifo` command.
fn make_fifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|status| status.success()), "mkfifo {path:?}");
}

#[test]
fn a_knowledge_base_with_a_byte_order_mark_loads() {
    let dir = scratch("files-bom-kb");
    std::fs::write(dir.join("bom.txt"), format!("\u{FEFF}{}", one_fact())).unwrap();
    let run = shashki(&dir, &["kb", "check", "bom.txt"], "");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "bom.txt: 1 facts (0 exact, 1 patterns, 0 lines) OK\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_record_with_a_byte_order_mark_opens() {
    let dir = scratch("files-bom-pdn");
    let record = "\u{FEFF}[GameType \"25\"]\n\n1. c3-d4 d6-c5 *\n";
    std::fs::write(dir.join("game.pdn"), record).unwrap();
    let run = shashki(&dir, &["--seed", "1", "--depth", "2"], "open game.pdn\n");
    assert!(
        run.stdout.contains("opened game.pdn: 2 plies"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Line 3 is `  play e3-f4 % ая` with a bad byte after `я`: column 18 in characters,
/// byte 20 (the Cyrillic letters are two bytes each).
fn with_bad_byte_on_line_3() -> Vec<u8> {
    let mut bytes = b"% one\n% two\n  play e3-f4 % \xD0\xB0\xD1\x8F".to_vec();
    bytes.extend_from_slice(b"\xFF tail\n% four\n");
    bytes
}

#[test]
fn invalid_utf8_in_a_knowledge_base_is_placed_by_line_and_column() {
    let dir = scratch("files-utf8-kb");
    std::fs::write(dir.join("bad.txt"), with_bad_byte_on_line_3()).unwrap();
    let run = shashki(&dir, &["kb", "check", "bad.txt"], "");
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "bad.txt:3:18: error: invalid UTF-8 (byte 0xFF); the file must be saved as UTF-8 text\n\
         \x20 play e3-f4 % ая\u{FFFD} tail\n\
         \x20                ^\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn invalid_utf8_in_a_game_record_is_placed_by_line_and_column() {
    let dir = scratch("files-utf8-pdn");
    std::fs::write(dir.join("bad.pdn"), with_bad_byte_on_line_3()).unwrap();
    let run = shashki(&dir, &["--seed", "1", "--depth", "2"], "open bad.pdn\n");
    assert!(
        run.stdout
            .contains("bad.pdn:3:18: invalid UTF-8 (byte 0xFF); the file must be saved as UTF-8"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// A named pipe in the file system is Unix's.
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_at_once_by_kb_check() {
    let dir = scratch("files-fifo-kb");
    make_fifo(&dir.join("pipe"));
    let run = shashki(&dir, &["kb", "check", "pipe"], "");
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "pipe: error: cannot read the file: it is a named pipe (FIFO), not a regular file\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// A named pipe in the file system is Unix's.
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_at_once_by_the_console() {
    let dir = scratch("files-fifo-console");
    make_fifo(&dir.join("pipe"));
    let script = "open pipe\nkb check\nkb reload\n";
    let run = shashki(
        &dir,
        &["--seed", "1", "--depth", "2", "--kb", "pipe"],
        script,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("could not open pipe: it is a named pipe (FIFO), not a regular file"),
        "{}",
        run.stdout
    );
    // Once at the start, once for `kb check`, once for `kb reload`.
    let refusal = "pipe: error: cannot read the file: it is a named pipe (FIFO)";
    assert_eq!(run.stdout.matches(refusal).count(), 3, "{}", run.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_given_as_a_knowledge_base_is_refused() {
    let dir = scratch("files-dir");
    std::fs::create_dir(dir.join("kbdir")).unwrap();
    let run = shashki(&dir, &["kb", "check", "kbdir"], "");
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "kbdir: error: cannot read the file: it is a directory, not a regular file\n"
    );
    let run = shashki(&dir, &["bestmove", "--kb", "kbdir"], "");
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("it is a directory, not a regular file"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ten_thousand_problems_are_each_reported_at_their_place() {
    let dir = scratch("files-many");
    let mut text = String::new();
    for index in 0..10_000 {
        text.push_str(&format!(
            "fact \"f{index}\" for white\n{BOARD}play e3-f5\n\n"
        ));
    }
    std::fs::write(dir.join("many.txt"), text).unwrap();
    let run = shashki(&dir, &["kb", "check", "many.txt"], "");
    assert_eq!(run.code, Some(1));
    let places: Vec<&str> = run
        .stdout
        .lines()
        .filter(|line| line.starts_with("many.txt:") && line.contains(": error: "))
        .collect();
    assert_eq!(places.len(), 10_000);
    assert!(
        run.stdout
            .ends_with("many.txt: 0 facts (0 exact, 0 patterns, 0 lines) in use, 10000 left out\n"),
        "{}",
        &run.stdout[run.stdout.len().saturating_sub(300)..]
    );
    for (index, place) in places.iter().enumerate() {
        // Each fact is 11 lines; its `play` line is the tenth.
        let expected = format!(
            "many.txt:{}:9: error: f5 is a light square; play uses the dark squares only",
            11 * index + 10
        );
        assert_eq!(*place, expected);
    }
    assert_eq!(
        run.stdout.matches("\nplay e3-f5\n        ^\n").count(),
        10_000
    );
    let _ = std::fs::remove_dir_all(&dir);
}
