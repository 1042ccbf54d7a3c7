//! `learn`: the combinations of the game at hand that a shallow search misses, proven,
//! widened to patterns and, if the player says yes, added to the learned facts.

use super::phrases;
use super::said::Said;
use shashki::MoveText;
use shashki::combination::learn::Findings;
use shashki::combination::material_won;
use shashki::combination::scan::DEEP_DEPTH;
use shashki::msg;
use shashki::notation::Notation;

/// Each combination `learn` found in the game, and whether any is worth learning (a
/// deep search plays it too).
pub(super) fn findings(findings: &Findings) -> (Said, bool) {
    let mut said = Said::nothing();
    if findings.all.is_empty() {
        return (msg!("learn-none").into(), false);
    }
    for (_, finding) in &findings.all {
        let won = material_won(&finding.position, &finding.combination.line);
        let won = won.message();
        said.tell(msg!(
            "learn-found",
            number = finding.move_number,
            side = phrases::side(finding.attacker()),
            line = Notation::Full.line(&finding.position, &finding.combination.line),
            won = won,
            found = if finding.found() { "yes" } else { "no" },
            depth = DEEP_DEPTH,
            deep = match finding.deep_choice {
                _ if finding.confirmed() => "same".to_string(),
                Some(mv) => MoveText::from_move(&finding.position, mv).to_string(),
                None => "none".to_string(),
            }
        ));
    }
    if findings.confirmed().next().is_none() {
        said.tell(msg!("learn-unconfirmed", depth = DEEP_DEPTH));
        return (said, false);
    }
    (said, true)
}
