//! How often each built-in motif is named, over the combinations `kb learn` works from:
//! those the positions of a real game collection hold (tests/data/abatsiev.pdn), the
//! shipped learned facts (kb/learned.txt), the bot's self-play games as `kb learn
//! --selfplay` plays them (depth 6, four random plies first, from the ballots), and
//! seeded random games (where the rarer motifs show). A motif named for nearly every
//! line, or never, names nothing: the counts are printed (`--nocapture`), and each must
//! fall between.

use shashki::combination::{self, motif};
use shashki::kb::KnowledgeBase;
use shashki::notation::pdn;
use shashki::play::openings::ballot_games;
use shashki::play::{SelfPlay, selfplay_games};
use shashki::{Move, Position};

/// A combination's start and line.
type Line = (Position, Vec<Move>);

/// The combination lines of `positions`.
fn combinations<'a>(positions: impl IntoIterator<Item = &'a Position>) -> Vec<Line> {
    positions
        .into_iter()
        .filter_map(|position| Some((*position, combination::find(position)?.line)))
        .collect()
}

/// Every combination line, by where it came from.
fn sources() -> Vec<(&'static str, Vec<Line>)> {
    let records = pdn::read_all(include_str!("../data/abatsiev.pdn"));
    let collection = records
        .iter()
        .flatten()
        .flat_map(|record| record.game.positions())
        .collect::<Vec<_>>();
    let (learned, _) =
        KnowledgeBase::parse(include_str!("../../kb/learned.txt"), "kb/learned.txt").unwrap();
    let proofs: Vec<Position> = learned
        .facts()
        .iter()
        .filter_map(|fact| fact.info.proven_in)
        .collect();
    let plan = SelfPlay {
        games: 40,
        depth: 6,
        random_plies: 4,
        seed: 7,
    };
    let games = selfplay_games(&plan, &ballot_games().unwrap(), &mut |_| {}).unwrap();
    let selfplay = games
        .iter()
        .flat_map(|game| game.positions())
        .collect::<Vec<_>>();
    let random = shashki::play::random_positions(20_000, 7, 8);
    vec![
        ("the collection", combinations(collection)),
        ("the learned facts", combinations(&proofs)),
        ("self-play", combinations(selfplay)),
        ("random games", combinations(&random)),
    ]
}

#[test]
fn each_motif_names_some_combinations_and_not_nearly_all() {
    let sources = sources();
    let lines: Vec<&Line> = sources.iter().flat_map(|(_, lines)| lines).collect();
    assert!(lines.len() >= 20, "{} lines", lines.len());
    let heads: Vec<String> = sources
        .iter()
        .map(|(name, lines)| format!("{name} ({})", lines.len()))
        .collect();
    println!("motif: {} = all ({})", heads.join(" + "), lines.len());
    let named_in = |motif: &motif::Motif, lines: &[&Line]| {
        lines
            .iter()
            .filter(|(position, line)| motif::named(position, line).contains(&motif))
            .count()
    };
    for motif in motif::builtin() {
        let each: Vec<String> = sources
            .iter()
            .map(|(_, lines)| named_in(motif, &lines.iter().collect::<Vec<_>>()).to_string())
            .collect();
        let named = named_in(motif, &lines);
        println!("{}: {} = {named}", motif.english, each.join(" + "));
        assert!(
            named * 10 < lines.len() * 9,
            "{} names nearly every line",
            motif.english
        );
        assert!(named > 0, "{} names no line", motif.english);
    }
}
