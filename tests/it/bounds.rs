//! Every number a user types is bounded: out of range is a clear error naming the range,
//! never a panic, an abort, a hang or a silent stand-in (0 meaning 1).

use crate::common;

use common::{scratch, shashki};

/// Runs `args`, expects a refusal (exit code 2, clap's) whose message contains `expected`.
#[track_caller]
fn refused(args: &[&str], expected: &str) {
    let dir = scratch("bounds");
    let run = shashki(&dir, args, "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(run.code, Some(2), "{args:?}: {}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains(expected),
        "{args:?}: expected {expected:?} in:\n{}",
        run.stderr
    );
}

#[test]
fn a_hash_size_that_overflows_or_no_machine_has_is_refused_with_the_range() {
    let range = "the hash table size must be 1 to 65536 MB";
    for size in ["18446744073709551615", "1000000000", "65537", "0"] {
        refused(&["bestmove", "--depth", "1", "--hash", size], range);
    }
}

#[test]
fn a_move_time_of_zero_is_refused_not_taken_as_a_moment() {
    let range = "0 is outside the range 1 to 3600000";
    refused(&["bestmove", "--movetime", "0"], range);
    refused(&["play", "--movetime", "0"], range);
    refused(&["--movetime", "0"], range);
    refused(&["match", "--movetime", "0"], range);
    refused(
        &["bestmove", "--movetime", "3600001"],
        "3600001 is outside the range 1 to 3600000",
    );
}

#[test]
fn a_depth_of_zero_or_past_the_search_limit_is_refused() {
    for option in ["--depth", "--a-depth", "--b-depth"] {
        let command = if option == "--depth" {
            "bestmove"
        } else {
            "match"
        };
        refused(&[command, option, "0"], "0 is outside the range 1 to 64");
        refused(&[command, option, "65"], "65 is outside the range 1 to 64");
    }
    refused(&["play", "--depth", "0"], "0 is outside the range 1 to 64");
}

#[test]
fn a_thread_count_of_zero_or_past_the_limit_is_refused() {
    for (command, option) in [
        ("bestmove", "--threads"),
        ("play", "--threads"),
        ("hub", "--threads"),
        ("match", "--a-threads"),
        ("match", "--b-threads"),
    ] {
        refused(&[command, option, "0"], "0 is outside the range 1 to 256");
        refused(
            &[command, option, "257"],
            "257 is outside the range 1 to 256",
        );
    }
}

#[test]
fn a_perft_deeper_than_anyone_can_wait_for_is_refused() {
    refused(&["perft", "21"], "21 is outside the range 0 to 20");
    refused(
        &["perft", "4294967295"],
        "4294967295 is outside the range 0 to 20",
    );
}

#[test]
fn a_match_of_no_games_is_refused() {
    refused(
        &["match", "--games", "0"],
        "0 is outside the range 1 to 10000",
    );
    refused(
        &["match", "--games", "10001"],
        "10001 is outside the range 1 to 10000",
    );
    refused(
        &["match", "--first-game", "0"],
        "0 is outside the range 1 to 10000",
    );
}

#[test]
fn position_strings_without_piece_lists_say_what_is_missing() {
    for (fen, expected) in [
        ("W", "column 2: the piece lists are missing"),
        ("B", "column 2: the piece lists are missing"),
        ("W:", "column 3: White's piece list is missing"),
        ("W:Wc3", "column 6: Black's piece list is missing"),
        ("W:W:B", "column 3: there are no pieces at all"),
    ] {
        refused(&["moves", "--fen", fen], expected);
    }
}

#[test]
fn the_console_names_the_range_of_a_move_time() {
    let dir = scratch("bounds-console");
    let run = shashki(
        &dir,
        &["--seed", "1", "--depth", "2"],
        "movetime 0\nlevel 99999999999999999999\nmovetime 250\nmovetime\n",
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let range = "movetime: the time must be 1 to 3600000 milliseconds (an hour)";
    assert_eq!(run.stdout.matches(range).count(), 2, "{}", run.stdout);
}
