//! The integration tests, in one binary: the library through its public interface, and
//! the `shashki` program driven as a player, a script or another program drives it.
//! Reference data is in `tests/data`, each file naming its source in its first line.
//!
//! A test that counts on the wall clock (a time limit, a game clock, an answer within so
//! long) stands in a module `wall_clock` of its file: CI runs those apart, one at a time
//! (`cargo test wall_clock:: -- --test-threads=1`), and the rest with `--skip wall_clock::`.

mod common;
mod support;

mod bot;
mod bounds;
mod cli_language;
mod console_analysis;
mod console_clock;
mod console_commands;
mod console_games;
mod console_kb;
mod console_language;
mod console_lessons;
mod console_puzzle;
mod console_records;
// A pseudo-terminal (rexpect) is Unix's; the Windows console is tried by hand under Wine.
#[cfg(unix)]
mod console_terminal;
mod egtb;
mod evaluation;
mod file_reading;
mod hub_protocol;
mod kb_book;
mod kb_check_cli;
mod kb_combs;
mod kb_learn;
mod kb_rules;
mod kb_safety;
mod kb_three_kings;
mod king_endings;
mod levels;
mod matches;
mod motifs;
mod openings;
mod pdn_check;
mod random_games;
mod reference_movegen;
mod reference_perft;
mod tune;
mod user_files;
