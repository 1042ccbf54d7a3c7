//! The openings games start from (`shashki::play::openings`), checked against the
//! reference data they were taken from.

use std::collections::HashSet;

use shashki::Position;
use shashki::notation::TypedMove;
use shashki::play::openings::{ballots, named};

const REFERENCE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/openings.txt"
));

#[test]
fn every_named_opening_begins_a_reference_line() {
    let lines: Vec<&str> = REFERENCE
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split('\t').nth(2).expect("a moves column"))
        .collect();
    for opening in named().unwrap() {
        let moves: Vec<&str> = opening.text.split_whitespace().collect();
        assert!(
            lines.iter().any(|line| line
                .split_whitespace()
                .take(moves.len())
                .eq(moves.iter().copied())),
            "{}: {} begins no line of tests/data/openings.txt",
            opening.name,
            opening.text
        );
    }
}

#[test]
fn every_ballot_is_the_position_its_named_moves_reach() {
    let ballots = ballots().unwrap();
    assert_eq!(ballots.len(), 150);
    for ballot in &ballots {
        // A name is the ballot's number and its moves in short notation (`1-I cd4 ba5
        // dc5`), or `Free`: the start.
        let mut position = Position::start();
        for word in ballot
            .name
            .split_whitespace()
            .skip(1)
            .filter(|&w| w != "Free")
        {
            let typed: TypedMove = word.parse().unwrap_or_else(|e| panic!("{word}: {e}"));
            let mv = typed
                .resolve(&position)
                .unwrap_or_else(|e| panic!("{}: {word}: {e}", ballot.name));
            position = position.play_unchecked(mv);
        }
        assert_eq!(*ballot.game.position(), position, "{}", ballot.name);
    }
    let distinct: HashSet<_> = ballots.iter().map(|b| *b.game.position()).collect();
    assert_eq!(distinct.len(), 150);
}
