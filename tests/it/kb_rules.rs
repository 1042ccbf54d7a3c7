//! Rules as a coach writes them, through `bestmove` as other programs call it: each of
//! the five conditions a coach asked for is a rule that plays where it holds and not
//! where it fails; `avoid` turns the bot from a move only where another keeps within a
//! quarter of a man of it, and the reason names the rule.

use crate::common::{scratch, shashki};

/// `bestmove`'s answer with `rules` as the whole knowledge base: its `source:` line
/// and its move.
fn answer(rules: &str, fen: &str) -> (String, String) {
    let dir = scratch("rules");
    std::fs::write(dir.join("rules.txt"), rules).unwrap();
    let session = shashki(
        &dir,
        &[
            "bestmove",
            "--kb",
            "rules.txt",
            "--depth",
            "6",
            "--fen",
            fen,
        ],
        "",
    );
    assert!(session.success, "{}", session.stdout);
    let lines: Vec<&str> = session.stdout.lines().collect();
    let source = lines.first().unwrap_or(&"").to_string();
    let mv = lines.last().unwrap_or(&"").to_string();
    (source, mv)
}

/// Whether `rules` (one rule, named "r") plays in `fen`, and its move.
fn plays(rules: &str, fen: &str) -> Option<String> {
    let (source, mv) = answer(rules, fen);
    source.starts_with("source: kb \"r\"").then_some(mv)
}

fn rule(counts: &str, clause: &str) -> String {
    format!("rule \"r\" for white\n{counts}  {clause}\n")
}

#[test]
fn no_opponent_capture_after_my_move() {
    let rules = rule("", "play X-Y :- \\+ after(X-Y, has_capture(black))");
    // a3-b4 lets c5 take; g3's moves do not.
    let mv = plays(&rules, "W:Wa3,g3:Bc5,h8").expect("the rule plays");
    assert!(mv == "g3-f4" || mv == "g3-h4", "{mv}");
    // The one move lets a capture in: the rule has nothing to play.
    assert_eq!(plays(&rules, "W:Wa3:Bc5,h8"), None);
}

#[test]
fn no_capture_for_the_side_to_move() {
    let rules = rule("", "play X-Y :- \\+ has_capture(white), on(Y, big_road)");
    assert_eq!(plays(&rules, "W:Wc3:Bh6").as_deref(), Some("c3-d4"));
    // White must take on d4's way: the rule is silent.
    assert_eq!(plays(&rules, "W:Wc3,g3:Bf4,h6"), None);
}

#[test]
fn this_man_is_protected() {
    let rules = rule("", "play X-Y :- after(X-Y, protected(Y))");
    // On the edge a man cannot be jumped.
    assert_eq!(plays(&rules, "W:Wb4:Bh8").as_deref(), Some("b4-a5"));
    assert_eq!(plays(&rules, "W:Wd4:Bh8"), None);
}

#[test]
fn empty_or_white_on_this_square() {
    let rules = rule("", "play c3-d4 :- empty_or_white(e5)");
    assert_eq!(plays(&rules, "W:Wc3,a1:Bh8").as_deref(), Some("c3-d4"));
    assert_eq!(plays(&rules, "W:Wc3,e5,a1:Bh8").as_deref(), Some("c3-d4"));
    assert_eq!(plays(&rules, "W:Wc3,a1:Be5,h8"), None);
}

#[test]
fn a_lone_king_anywhere_on_the_big_road() {
    let rules = rule(
        "  white 1\n  white kings 1\n",
        "play K-T :- white_king(K), on(K, big_road), pieces_on(big_road, 1), \
         on(T, big_road), safe(K-T)",
    );
    let mv = plays(&rules, "W:WKd4:BKa7,Kc7").expect("the rule plays");
    assert!(mv.starts_with("d4-"), "{mv}");
    // Off the road, or not alone on it: silent.
    assert_eq!(plays(&rules, "W:WKd2:BKa7,Kc7"), None);
    assert_eq!(plays(&rules, "W:WKd4:BKg7,Kc7"), None);
    // The same rule serves Black, turned.
    let mv = plays(&rules, "B:WKa7,Kc7:BKd4").expect("the turned rule plays");
    assert!(mv.starts_with("d4-"), "{mv}");
}

#[test]
fn avoid_turns_the_bot_only_where_another_move_keeps_the_game() {
    let fen = "W:Wc3,e3,g3:Bb6,d6,f6";
    let (_, best) = answer("", fen);
    // The search's own choice avoided: another move, and the reason names the rule.
    let rules = rule("", &format!("avoid {best} :- white_man(c3)"));
    let (source, mv) = answer(&rules, fen);
    assert_ne!(mv, best, "{source}");
    assert!(
        source.contains(&format!("the rule \"r\", rules.txt:1, avoids {best}")),
        "{source}"
    );
    // Avoiding a man's crowning where every other move loses it: not honoured.
    let rules = rule("", "avoid X-Y :- on(Y, edges)");
    let (source, mv) = answer(&rules, "W:Wg7,e1:Bb4,d4");
    assert!(mv == "g7-h8" || mv == "g7-f8", "{source} {mv}");
    assert!(!source.contains("avoids"), "{source}");
}

/// The docs' first worked example plays as they say: c3-d4 at the start, and f6-e5 for
/// Black in the turned position.
#[test]
fn the_docs_safe_centre_rule_plays_for_either_side() {
    let rules = "rule \"r\" for white\n  play c3-d4 :- empty(d4), \
                 \\+ after(c3-d4, has_capture(black)), \\+ has_capture(black)\n";
    let start = shashki::START_FEN;
    assert_eq!(plays(rules, start).as_deref(), Some("c3-d4"));
    let turned = start
        .parse::<shashki::Position>()
        .unwrap()
        .mirrored()
        .to_fen();
    assert_eq!(plays(rules, &turned).as_deref(), Some("f6-e5"));
    // With d4 taken, or a capture for Black after it, the rule is silent.
    assert_eq!(plays(rules, "W:Wc3,d4:Bh8"), None);
    assert_eq!(plays(rules, "W:Wc3:Be5,h8"), None);
}

#[test]
fn a_rule_of_higher_priority_is_tried_first() {
    // Both rules play here, equally constrained: the first in the file goes first,
    // unless the second states a priority.
    let off_road = "rule \"off road\" for white\n  play X-Y :- \\+ on(Y, big_road)\n";
    let road = "rule \"road\" for white\n  play X-Y :- on(Y, big_road)\n";
    let first = |rules: &str| answer(rules, "W:Wc3:Bh6");
    let (source, mv) = first(&format!("{off_road}{road}"));
    assert!(source.starts_with("source: kb \"off road\""), "{source}");
    assert_eq!(mv, "c3-b4");
    let prior = road.replace("for white\n", "for white\n  priority 2\n");
    let (source, mv) = first(&format!("{off_road}{prior}"));
    assert!(source.starts_with("source: kb \"road\""), "{source}");
    assert_eq!(mv, "c3-d4");
}

#[test]
fn a_priority_above_nine_is_refused_in_words() {
    let dir = scratch("priority");
    let text = "rule \"r\" for white\n  priority 12\n  play X-Y :- empty(Y)\n";
    std::fs::write(dir.join("rules.txt"), text).unwrap();
    let session = shashki(&dir, &["kb", "check", "rules.txt", "--lang", "en"], "");
    assert!(!session.success);
    assert!(
        session.stdout.contains("rules.txt:2") && session.stdout.contains("priority is 1 to 9"),
        "{}",
        session.stdout
    );
}
