//! Every row of tests/data/perft.tsv. Rows above a million nodes are
//! ignored in unoptimised builds; CI runs them in release (`cargo test --release`).

use shashki::{PerftMode, Position, perft, perft_with};

const REFERENCE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.tsv");
const DEBUG_LIMIT: u64 = 1_000_000;

fn rows() -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string(REFERENCE).expect("reading perft.tsv");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [fen, depth, nodes] = fields[..] else {
                panic!("bad row: {line}")
            };
            (
                fen.to_string(),
                depth.parse().expect("depth"),
                nodes.parse().expect("nodes"),
            )
        })
        .collect()
}

fn check(rows: impl Iterator<Item = (String, u32, u64)>) {
    let mut failures = Vec::new();
    for (fen, depth, expected) in rows {
        let position: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let counted = perft(&position, depth);
        if counted != expected {
            failures.push(format!(
                "{fen} depth {depth}: expected {expected}, counted {counted}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft differs:\n{}",
        failures.join("\n")
    );
}

#[test]
fn small_reference_counts() {
    let rows = rows();
    assert!(
        rows.len() >= 90,
        "perft.tsv should hold all its rows, found {}",
        rows.len()
    );
    check(rows.into_iter().filter(|row| row.2 <= DEBUG_LIMIT));
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "deep counts take minutes without optimisation; run with --release"
)]
fn deep_reference_counts() {
    check(rows().into_iter().filter(|row| row.2 > DEBUG_LIMIT));
}

#[test]
fn bulk_counting_agrees_with_making_every_leaf() {
    for (fen, depth, expected) in rows().into_iter().filter(|row| row.2 <= 200_000) {
        let position: Position = fen.parse().expect("valid fen");
        assert_eq!(
            perft_with(&position, depth, PerftMode::Bulk),
            expected,
            "{fen} depth {depth}"
        );
    }
}
