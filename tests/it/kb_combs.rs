//! The shipped starter base, checked against the shared reference data.

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::StdRng;
use shashki::kb::{KnowledgeBase, Sources};
use shashki::{Move, MoveText, Position};

const OPENINGS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/openings.txt"
));
const COMBOS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/combos.jsonl"
));

fn shipped() -> KnowledgeBase {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/kb/combs.txt"));
    let (kb, warnings) = KnowledgeBase::load(&Sources::file(path)).unwrap_or_else(|errors| {
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        panic!("the shipped base has errors:\n{}", shown.join("\n"))
    });
    assert!(warnings.is_empty(), "{warnings:?}");
    kb
}

fn resolve(position: &Position, text: &str) -> Move {
    text.parse::<MoveText>()
        .unwrap()
        .resolve(position)
        .unwrap_or_else(|e| panic!("{text} in {position:?}: {e}"))
}

#[test]
fn the_shipped_base_checks_clean_with_at_least_100_facts() {
    let kb = shipped();
    assert!(kb.len() >= 100, "{} facts", kb.len());
    assert!(kb.exact_count() > 0 && kb.pattern_count() > 0 && kb.line_count() > 0);
    assert_eq!(KnowledgeBase::builtin().len(), kb.len());
}

#[test]
fn every_opening_is_followed_from_either_side() {
    let kb = shipped();
    for line in OPENINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let columns: Vec<&str> = line.split('\t').collect();
        let (name, moves) = (columns[0], columns[2]);
        let mut position = Position::start();
        for text in moves.split_whitespace() {
            let mv = resolve(&position, text);
            let (fact, offered) = kb
                .lookup(&position)
                .unwrap_or_else(|| panic!("{name}: no fact before {text}"));
            assert!(
                offered.contains(&mv),
                "{name}: {fact} does not offer {text}"
            );
            position = position.play(mv).unwrap();
        }
    }
}

#[test]
fn every_combination_position_plays_its_first_move_and_follows_its_line() {
    let kb = shipped();
    for line in COMBOS.lines().filter(|l| !l.starts_with('#')) {
        let combo: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = combo["name"].as_str().unwrap();
        let position: Position = combo["fen"].as_str().unwrap().parse().unwrap();
        let solution: Vec<&str> = combo["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(solution[0], combo["first_move"].as_str().unwrap());
        for seed in 0..4 {
            let mut rng = StdRng::seed_from_u64(seed);
            let choice = kb
                .choose(&position, &mut rng)
                .unwrap_or_else(|| panic!("{name}: no fact"));
            assert_eq!(choice.mv, resolve(&position, solution[0]), "{name}");
            assert_eq!(choice.fact.name, name);
        }
        // Follow the line while the opponent answers as it expects.
        let mut rng = StdRng::seed_from_u64(0);
        let choice = kb.choose(&position, &mut rng).unwrap();
        let mut line = choice.line.expect("a combination is a line fact");
        let mut here = position.play(choice.mv).unwrap();
        for pair in solution[1..].chunks(2) {
            let reply = resolve(&here, pair[0]);
            let next = line.next(&here, reply);
            here = here.play(reply).unwrap();
            if let Some(mine) = pair.get(1) {
                assert_eq!(
                    next,
                    Some(resolve(&here, mine)),
                    "{name}: after {}",
                    pair[0]
                );
                here = here.play(resolve(&here, mine)).unwrap();
            }
        }
        // The same combination on the other side of the board.
        let (fact, offered) = kb.lookup(&position.mirrored()).unwrap();
        assert_eq!(fact.name, name);
        assert_eq!(offered, [resolve(&position, solution[0]).flipped()]);
    }
}

#[test]
fn a_deviating_reply_ends_a_combination_line() {
    let kb = shipped();
    let position: Position = "W:Wa1,c1,g1,b2,f2,h2,c3,f4,c5:Bh4,a5,f6,h6,a7,c7,g7,b8,f8"
        .parse()
        .unwrap();
    let choice = kb.choose(&position, &mut StdRng::seed_from_u64(1)).unwrap();
    let mut line = choice.line.unwrap();
    let after = position.play(choice.mv).unwrap();
    let other = after
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != resolve(&after, "h6:f4"));
    if let Some(other) = other {
        assert_eq!(line.next(&after, other), None);
        assert!(line.is_finished());
    }
}

#[test]
fn the_strike_from_b2_pattern_fires_in_a_new_position() {
    let kb = shipped();
    // Not the reference position: extra men on g1, h2 and h6.
    let position: Position = "W:Wa1,b2,c3,g1,h2:Ba5,e5,g7,h6".parse().unwrap();
    let choice = kb.choose(&position, &mut StdRng::seed_from_u64(1)).unwrap();
    assert_eq!(choice.fact.name, "Удар с поля b2 (схема)");
    assert_eq!(choice.mv, resolve(&position, "c3-b4"));
}

#[test]
fn a_lone_king_runs_to_the_long_diagonal_and_keeps_it() {
    let kb = shipped();
    let offered = |fen: &str| -> Vec<String> {
        let position: Position = fen.parse().unwrap();
        let (_, moves) = kb
            .lookup(&position)
            .unwrap_or_else(|| panic!("nothing for {fen}"));
        let mut moves: Vec<String> = moves
            .iter()
            .map(|&m| MoveText::from_move(&position, m).to_string())
            .collect();
        moves.sort();
        moves
    };
    assert_eq!(offered("W:WKc3:BKh2"), ["c3-a1", "c3-h8"]);
    assert_eq!(offered("W:WKa1:BKh2,Kb8,Kd8"), ["a1-h8"]);
    assert_eq!(offered("W:WKa5:BKh2"), ["a5-c3"]);
    // The same for Black, mirrored.
    assert_eq!(offered("B:WKa7:BKf6"), ["f6-a1", "f6-h8"]);
    // The corner trap: kings h2+f4 with the third on a1's side shut a1.
    assert_eq!(offered("B:WKc1,Kh2,Kf4:BKd4"), ["d4-h8"]);
}

#[test]
fn three_kings_away_from_the_triangle_are_left_to_the_search() {
    // Taking the big road is not a sound pattern (it can leave a king to be
    // taken): the base has no fact here, the search plays.
    let kb = shipped();
    let position: Position = "W:WKa3,Kg1,Kh2:BKa7".parse().unwrap();
    assert!(kb.lookup(&position).is_none());
}
