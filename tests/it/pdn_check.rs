//! `shashki pdn check` through the real binary: real collections, other programs'
//! dialects, and every problem reported where it is.

use crate::common;

use common::Home;

/// The game collection of `tests/data` (56 master games).
const COLLECTION: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/abatsiev.pdn");

#[test]
fn a_real_collection_replays_whole() {
    let session = common::run(&["pdn", "check", COLLECTION], "");
    assert_eq!(
        session.stdout,
        format!("{COLLECTION}: 56 games, 2648 moves OK\n")
    );
    assert!(session.success);
}

#[test]
fn numbered_squares_ranges_results_and_a_bom_are_read() {
    let home = Home::new("pdn-dialects");
    home.write(
        "numeric.pdn",
        "\u{feff}[Event \"Чемпионат\"]\n[GameType \"25,W,8,8,N2,0\"]\n\
         [FEN \"W:W21-32:B1,2,3,4,5,6,7,8,9,10,11,12.\"]\n\
         1. 22-18 11-15 2. 18x11 8x15 {comment} 3. 21-17 (3. 23-18) 2-0\n\n\
         [Event \"второй\"]\n[Result \"1-1\"]\n1. cd4 ba5 2. dc5 d:b4 3. a:c5 1-1\n",
    );
    let session = home.run(&["pdn", "check", "numeric.pdn"], "");
    assert_eq!(session.stdout, "numeric.pdn: 2 games, 10 moves OK\n");
    assert!(session.success);
}

#[test]
fn every_problem_is_shown_with_its_place_and_the_other_games_are_checked() {
    let home = Home::new("pdn-problems");
    home.write(
        "bad.pdn",
        "[Event \"one\"]\n1. c3-d4 f6-g5 2. d4-e6 *\n\n\
         [Event \"two\"]\n1. c3-d4 f6-g5 1-0\n\n\
         [Event \"three\"]\n1. c3-d4 {never closed\n",
    );
    let session = home.run(&["pdn", "check", "bad.pdn"], "");
    assert_eq!(
        session.stdout,
        "bad.pdn:2:19: error: 'd4-e6' is not a move: e6 is a light square; play uses the dark squares only\n\
         1. c3-d4 f6-g5 2. d4-e6 *\n\
         \x20                 ^\n\
         bad.pdn:8:10: error: this '{' is never closed\n\
         1. c3-d4 {never closed\n\
         \x20        ^\n"
    );
    assert_eq!(session.code, Some(1));
}

#[test]
fn a_missing_or_empty_file_is_an_error() {
    let home = Home::new("pdn-missing");
    let missing = home.run(&["pdn", "check", "nowhere.pdn"], "");
    assert!(
        missing.stdout.starts_with("nowhere.pdn: error: "),
        "{}",
        missing.stdout
    );
    assert_eq!(missing.code, Some(1));
    home.write("empty.pdn", "\n  \n");
    let empty = home.run(&["pdn", "check", "empty.pdn"], "");
    assert_eq!(empty.stdout, "empty.pdn: error: no game in the file\n");
    assert_eq!(empty.code, Some(1));
}
