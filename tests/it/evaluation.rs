//! The evaluations score as they did before their weights became data files: the
//! scores of `tests/data/eval-scores.tsv` were written by the build before.

use shashki::Position;
use shashki::eval::Evaluator;

#[test]
fn every_evaluation_scores_the_recorded_positions_as_before() {
    let text = include_str!("../data/eval-scores.tsv");
    let evaluators = [
        Evaluator::bot(),
        Evaluator::fitted(),
        Evaluator::hand(),
        Evaluator::material(),
    ];
    let mut checked = 0;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let position: Position = fields[0]
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        for (evaluator, recorded) in evaluators.iter().zip(&fields[1..]) {
            assert_eq!(
                evaluator.evaluate(&position).to_string(),
                *recorded,
                "line {}: {evaluator:?} of {}",
                number + 1,
                fields[0]
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 3559);
}
