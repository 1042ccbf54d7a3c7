//! Every position of tests/data/movegen.jsonl: the generator must produce exactly
//! the reference set of move identities (from, to, captured set).

use std::collections::BTreeSet;

use serde_json::Value;
use shashki::{MoveText, Position, Square};

const REFERENCE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/movegen.jsonl");

/// (from, to, captured squares) as text, for readable differences.
type Identity = (String, String, Vec<String>);

fn square(value: &Value) -> Square {
    value
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad square {value}"))
}

fn reference_identities(moves: &Value) -> BTreeSet<Identity> {
    let mut set = BTreeSet::new();
    for mv in moves.as_array().expect("moves array") {
        let path: Vec<Square> = mv["path"]
            .as_array()
            .expect("path")
            .iter()
            .map(square)
            .collect();
        let mut captured: Vec<String> = mv["captures"]
            .as_array()
            .expect("captures")
            .iter()
            .map(|c| square(c).to_string())
            .collect();
        captured.sort();
        let from = path.first().expect("path start").to_string();
        let to = path.last().expect("path end").to_string();
        assert!(
            set.insert((from, to, captured)),
            "the reference lists a move twice: {mv}"
        );
    }
    set
}

fn generated_identities(position: &Position) -> BTreeSet<Identity> {
    let moves = position.legal_moves();
    let set: BTreeSet<Identity> = moves
        .iter()
        .map(|mv| {
            let mut captured: Vec<String> =
                mv.captured().into_iter().map(|s| s.to_string()).collect();
            captured.sort();
            (mv.from().to_string(), mv.to().to_string(), captured)
        })
        .collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "the generator listed a move twice in {position:?}"
    );
    set
}

#[test]
fn every_reference_position_has_exactly_the_reference_moves() {
    let text = std::fs::read_to_string(REFERENCE).expect("reading the reference move list");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
    {
        let case: Value = serde_json::from_str(line).expect("a JSON object per line");
        let fen = case["fen"].as_str().expect("fen");
        let position: Position = fen
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        let expected = reference_identities(&case["moves"]);
        let generated = generated_identities(&position);
        if expected != generated {
            let missing: Vec<_> = expected.difference(&generated).collect();
            let extra: Vec<_> = generated.difference(&expected).collect();
            failures.push(format!(
                "line {}: {fen}\n  missing {missing:?}\n  extra {extra:?}",
                number + 1
            ));
        }
        checked += 1;
    }
    assert_eq!(
        checked, 4000,
        "the reference file should hold 4000 positions"
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} positions differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_reference_move_round_trips_through_notation() {
    let text = std::fs::read_to_string(REFERENCE).expect("reading the reference move list");
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(7)
    {
        let case: Value = serde_json::from_str(line).expect("JSON");
        let position: Position = case["fen"]
            .as_str()
            .expect("fen")
            .parse()
            .expect("valid fen");
        for mv in position.legal_moves().iter() {
            let text = MoveText::from_move(&position, *mv).to_string();
            let parsed: MoveText = text.parse().expect("own output parses");
            assert_eq!(parsed.resolve(&position), Ok(*mv), "{text} in {position:?}");
            let landings = parsed.squares().len() - 1;
            assert_eq!(
                landings,
                mv.captured().count().max(1) as usize,
                "one landing per capture: {text}"
            );
        }
    }
}
