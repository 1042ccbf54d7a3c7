//! `shashki kb check`: the exact output and exit codes.

use crate::common;

use std::process::Command;

fn kb_check(path: &str) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["kb", "check", path])
        .output()
        .expect("the binary runs");
    let code = output.status.code().unwrap_or(-1);
    (code, String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn a_sound_file_prints_its_counts_and_exits_0() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/kb/starter.txt");
    let (code, out) = kb_check(path);
    assert_eq!(code, 0, "{out}");
    // The learned facts beside it are checked with it.
    let learned = concat!(env!("CARGO_MANIFEST_DIR"), "/kb/learned.txt");
    let (base, _) = shashki::kb::KnowledgeBase::load_alone(std::path::Path::new(learned)).unwrap();
    let expected = format!(
        "{path}: 236 facts (146 exact, 90 patterns, 17 lines) OK\n\
         {learned}: {} facts ({} exact, {} patterns, {} lines) OK\n",
        base.len(),
        base.exact_count(),
        base.pattern_count(),
        base.line_count()
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
         {shown}:14:9: error: the range 4..2 is empty: no count fits\n  white 4..2\n        ^\n"
    );
    assert_eq!(out, expected);
}
