//! How often each built-in motif is named, over the combinations `kb learn` works from:
//! those the positions of a real game collection hold (tests/data/abatsiev.pdn), the
//! shipped learned facts (kb/learned.txt), and those of seeded random games (where the
//! rarer motifs show). A motif named for nearly every line, or never, names nothing:
//! the counts are printed (`--nocapture`), and each must fall between.

use shashki::combination::{self, motif};
use shashki::kb::KnowledgeBase;
use shashki::notation::pdn;
use shashki::{Move, Position};

/// Every combination line of the collection's positions and of the learned facts.
fn lines() -> Vec<(Position, Vec<Move>)> {
    let text = include_str!("../data/abatsiev.pdn");
    let mut lines = Vec::new();
    for record in pdn::read_all(text).into_iter().flatten() {
        for position in record.game.positions() {
            if let Some(found) = combination::find(position) {
                lines.push((*position, found.line));
            }
        }
    }
    let (learned, _) =
        KnowledgeBase::parse(include_str!("../../kb/learned.txt"), "kb/learned.txt").unwrap();
    for fact in learned.facts() {
        let Some(position) = fact.info.proven_in else {
            continue;
        };
        if let Some(found) = combination::find(&position) {
            lines.push((position, found.line));
        }
    }
    for position in shashki::play::random_positions(20_000, 7, 8) {
        if let Some(found) = combination::find(&position) {
            lines.push((position, found.line));
        }
    }
    lines
}

#[test]
fn each_motif_names_some_combinations_and_not_nearly_all() {
    let lines = lines();
    assert!(lines.len() >= 20, "{} lines", lines.len());
    let counts: Vec<(&str, usize)> = motif::builtin()
        .iter()
        .map(|motif| {
            let named = lines
                .iter()
                .filter(|(position, line)| motif::named(position, line).contains(&motif))
                .count();
            println!("{}: {named} of {} lines", motif.english, lines.len());
            (motif.english.as_str(), named)
        })
        .collect();
    for (motif, named) in counts {
        assert!(
            named * 10 < lines.len() * 9,
            "{motif} names nearly every line"
        );
        assert!(named > 0, "{motif} names no line");
    }
}
