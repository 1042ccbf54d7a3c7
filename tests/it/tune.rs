//! The tuner: it lowers the loss on a small fixed data set and writes a weights file.

use crate::common;

use common::{run, scratch};
use shashki::eval::features::FEATURE_NAMES;
use shashki::eval::weights::WeightsFile;

/// The weights file at `path`, read as the evaluation reads its own.
fn weights_file(path: &std::path::Path) -> WeightsFile {
    let bytes = std::fs::read(path).unwrap();
    WeightsFile::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

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
fn the_fit_lowers_the_loss_on_the_sample_and_writes_a_weights_file() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tune-sample.tsv");
    let dir = scratch("tune");
    let out = dir.join("features.weights");
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
    let written = weights_file(&out);
    assert_eq!(written.features.opening[0], 100, "the men's weight is held");
    assert!(written.patterns.is_none());
    assert!(
        written.provenance[0]
            .starts_with("Fitted from the hand-set weights by `shashki tune fit --epochs 300`"),
        "{:?}",
        written.provenance
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("shashki weights 1\n# Fitted from"),
        "{text}"
    );
    assert!(text.contains("\nfeature 100 100 men\n"), "{text}");
    assert_eq!(text.matches("\nfeature ").count(), FEATURE_NAMES.len());
}

#[test]
fn the_pattern_fit_writes_both_tables_and_reports_the_held_out_loss() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tune-sample.tsv");
    let dir = scratch("tune-patterns");
    let out = dir.join("features.weights");
    let patterns_out = dir.join("patterns.weights");
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
    let written = weights_file(&patterns_out);
    assert_eq!(written.features.opening[0], 100);
    let patterns = written.patterns.as_ref().expect("the pattern weights");
    assert!(patterns.set_count() > 100, "{patterns:?}");
    let provenance = written.provenance.join("\n");
    assert!(
        provenance.contains("--patterns --pattern-l2 0.001"),
        "{provenance}"
    );
    assert!(provenance.contains("held out of the fit"), "{provenance}");
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
            dir.join("w.weights").to_str().unwrap(),
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
    assert!(!dir.join("w.weights").exists());
}

#[test]
fn self_play_data_are_the_same_for_the_same_seed() {
    let dir = scratch("tune-data");
    // `--seed`, the option's old name, still works.
    let make = |name: &str, option: &str, seed: &str| {
        let out = dir.join(name);
        let session = run(
            &[
                "tune",
                "data",
                "--games",
                "4",
                "--depth",
                "3",
                option,
                seed,
                "--out",
                out.to_str().unwrap(),
            ],
            "",
        );
        assert!(session.success, "{}", session.stderr);
        std::fs::read_to_string(out).unwrap()
    };
    let first = make("a.tsv", "--games-seed", "9");
    assert_eq!(first, make("b.tsv", "--seed", "9"));
    assert_ne!(first, make("c.tsv", "--games-seed", "10"));
    let positions = first.lines().filter(|l| !l.starts_with('#')).count();
    assert!(positions > 50, "{first}");
    assert!(
        first
            .lines()
            .skip(1)
            .all(|l| l.ends_with("\t1") || l.ends_with("\t0") || l.ends_with("\t0.5"))
    );
}
