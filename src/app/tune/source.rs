//! The weights table as the Rust source the evaluation is built with.

use shashki::search::patterns::PatternWeights;
use shashki::search::{FEATURE_NAMES, FEATURES, Weights};

/// The text of `src/search/weights.rs` holding `tuned` as the bot's weights and
/// `hand` as the fit's starting point; `provenance` says how they were made.
pub fn weights_source(tuned: &Weights, hand: &Weights, provenance: &str) -> String {
    let mut text = header(
        "//! The weights of the fitted evaluation (see `features.rs` for what each counts).\n\
         //!\n\
         //! Written by `shashki tune fit`; edit by hand only to try a change.\n",
        provenance,
    );
    text.push_str("\nuse super::features::Weights;\n\n");
    text.push_str("/// The weights the bot plays with.\n");
    table(&mut text, "TUNED", tuned);
    text.push_str("\n/// The hand-set starting point of the fit: the older evaluation's terms.\n");
    table(&mut text, "HAND", hand);
    text
}

/// The text of `src/search/pattern_weights.rs`: the feature weights fitted with the
/// patterns, and `patterns` one non-zero weight a line (region, arrangement, weight);
/// `provenance` says how they were made.
pub fn patterns_source(weights: &Weights, patterns: &PatternWeights, provenance: &str) -> String {
    let mut text = header(
        "//! The weights of the evaluation with local patterns (see `patterns.rs`): the\n\
         //! features' weights fitted together with the patterns', then each pattern weight\n\
         //! as (region, arrangement, weight).\n\
         //!\n\
         //! Written by `shashki tune fit --patterns`; edit by hand only to try a change.\n",
        provenance,
    );
    text.push_str("\nuse super::features::Weights;\nuse super::patterns::PatternWeights;\n\n");
    text.push_str("/// The feature weights that go with the patterns.\n");
    table(&mut text, "WEIGHTS", weights);
    text.push_str("\n/// The pattern weights.\n");
    text.push_str("pub static PATTERNS: PatternWeights = PatternWeights::from_entries(&[\n");
    for (region, arrangement, weight) in patterns.entries() {
        text.push_str(&format!("    ({region}, {arrangement}, {weight}),\n"));
    }
    text.push_str("]);\n");
    text
}

/// A generated file's opening comment: `intro`, then `provenance` line by line.
fn header(intro: &str, provenance: &str) -> String {
    let mut text = String::from(intro);
    for line in provenance.lines() {
        text.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
    text
}

fn table(text: &mut String, name: &str, weights: &Weights) {
    text.push_str(&format!("pub const {name}: Weights = Weights {{\n"));
    for (phase, values) in [("opening", &weights.opening), ("ending", &weights.ending)] {
        text.push_str(&format!("    {phase}: [\n"));
        for i in 0..FEATURES {
            text.push_str(&format!("        {}, // {}\n", values[i], FEATURE_NAMES[i]));
        }
        text.push_str("    ],\n");
    }
    text.push_str("};\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::search::weights::{HAND, TUNED};

    #[test]
    fn the_written_source_holds_both_tables_with_their_names() {
        let text = weights_source(&TUNED, &HAND, "fitted to nothing");
        assert!(text.contains("pub const TUNED: Weights"));
        assert!(text.contains("pub const HAND: Weights"));
        assert!(text.contains("//! fitted to nothing\n"));
        assert!(text.contains(&format!("        {}, // men\n", TUNED.opening[0])));
        assert_eq!(text.matches("// the move (side to move)").count(), 4);
    }

    #[test]
    fn the_pattern_source_lists_every_weight_set() {
        let patterns = PatternWeights::from_entries(&[(0, 5, -7), (8, 6560, 12)]);
        let text = patterns_source(&TUNED, &patterns, "fitted to nothing");
        assert!(text.contains("pub const WEIGHTS: Weights"));
        assert!(text.contains("pub static PATTERNS: PatternWeights"));
        assert!(text.contains("    (0, 5, -7),\n    (8, 6560, 12),\n]);\n"));
    }
}
