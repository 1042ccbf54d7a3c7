//! The tuner: it lowers the loss on a small fixed data set and writes a weights table.

use crate::common;

use common::{run, scratch};

/// The figures of the `tune fit` summary line: positions, loss before and after.
fn summary(stdout: &str) -> (usize, f64, f64) {
    let line = stdout.lines().last().unwrap();
    let positions = line.split(' ').next().unwrap().parse().unwrap();
    let losses = line.split("loss ").nth(1).unwrap();
    let (before, rest) = losses.split_once(" -> ").unwrap();
    let after = rest.split(',').next().unwrap();
    (positions, before.parse().unwrap(), after.parse().unwrap())
}

#[test]
fn the_fit_lowers_the_loss_on_the_sample_and_writes_both_tables() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tune-sample.tsv");
    let dir = scratch("tune");
    let out = dir.join("weights.rs");
    let out_text = out.to_str().unwrap();
    let fit = run(
        &[
            "tune", "fit", "--data", data, "--epochs", "300", "--out", out_text,
        ],
        "",
    );
    assert!(fit.success, "{}{}", fit.stdout, fit.stderr);
    let (positions, before, after) = summary(&fit.stdout);
    assert!(positions > 1000, "{}", fit.stdout);
    assert!(after < before * 0.98, "{}", fit.stdout);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("pub const TUNED: Weights"), "{written}");
    assert!(written.contains("pub const HAND: Weights"), "{written}");
    assert!(written.contains("        100, // men\n"), "{written}");
}

#[test]
fn the_pattern_fit_writes_both_tables_and_reports_the_held_out_loss() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tune-sample.tsv");
    let dir = scratch("tune-patterns");
    let out = dir.join("weights.rs");
    let patterns_out = dir.join("pattern_weights.rs");
    let run_fit = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "fit",
            "--data",
            data,
            "--epochs",
            "300",
            "--from",
            "tuned",
            "--hold-out",
            "20",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(extra);
        let fit = run(&args, "");
        assert!(fit.success, "{}{}", fit.stdout, fit.stderr);
        fit.stdout
    };
    let plain = run_fit(&[]);
    let with_patterns = run_fit(&[
        "--patterns",
        "--patterns-out",
        patterns_out.to_str().unwrap(),
    ]);
    // More weights fit the same positions more closely.
    let (positions, before, plain_after) = summary(&plain);
    let (same_positions, same_before, after) = summary(&with_patterns);
    assert_eq!((positions, before), (same_positions, same_before));
    assert!(after < plain_after * 0.95, "{plain}{with_patterns}");
    assert!(with_patterns.contains("held out: "), "{with_patterns}");
    let written = std::fs::read_to_string(&patterns_out).unwrap();
    assert!(written.contains("pub const WEIGHTS: Weights"), "{written}");
    assert!(
        written.contains("pub static PATTERNS: PatternWeights"),
        "{written}"
    );
    assert!(
        written.contains("--patterns --pattern-l2 0.001"),
        "{written}"
    );
    assert!(
        written
            .lines()
            .filter(|line| line.starts_with("    ("))
            .count()
            > 100
    );
}

#[test]
fn a_bad_data_line_is_named() {
    let dir = scratch("tune-bad");
    let data = dir.join("bad.tsv");
    std::fs::write(&data, "W:Wc3:Bf6\t1\nW:Wc3:Bf6\t2\n").unwrap();
    let fit = run(
        &[
            "tune",
            "fit",
            "--data",
            data.to_str().unwrap(),
            "--out",
            dir.join("w.rs").to_str().unwrap(),
        ],
        "",
    );
    assert!(!fit.success);
    assert!(
        fit.stderr
            .contains("bad.tsv: line 2: result '2' is not 1, 0.5 or 0"),
        "{}",
        fit.stderr
    );
    assert!(!dir.join("w.rs").exists());
}

#[test]
fn self_play_data_are_the_same_for_the_same_seed() {
    let dir = scratch("tune-data");
    let make = |name: &str, seed: &str| {
        let out = dir.join(name);
        let session = run(
            &[
                "tune",
                "data",
                "--games",
                "4",
                "--depth",
                "3",
                "--seed",
                seed,
                "--out",
                out.to_str().unwrap(),
            ],
            "",
        );
        assert!(session.success, "{}", session.stderr);
        std::fs::read_to_string(out).unwrap()
    };
    let first = make("a.tsv", "9");
    assert_eq!(first, make("b.tsv", "9"));
    assert_ne!(first, make("c.tsv", "10"));
    let positions = first.lines().filter(|l| !l.starts_with('#')).count();
    assert!(positions > 50, "{first}");
    assert!(
        first
            .lines()
            .skip(1)
            .all(|l| l.ends_with("\t1") || l.ends_with("\t0") || l.ends_with("\t0.5"))
    );
}
