//! Whole games through the real binary: a win, a loss, draws by repetition, by agreement
//! and by the king-against-king offer (made only where neither side can force a win), the
//! bot's answer to a draw offer, and what comes after a game.

use crate::common;

use common::play;

#[test]
fn a_win_is_announced_and_answering_no_quits() {
    let session = play(&["--fen", "W:Wc3:Bd4"], "c3:e5\nn\nfen\n");
    assert!(session.success);
    session.expect("game over: White wins: Black has no pieces left (you win, 2-0)");
    session.expect("new game? (y/n) n\n");
    assert!(!session.stdout.contains("new game? (y/n) fen"), "n quits");
}

#[test]
fn after_a_game_yes_starts_a_new_one() {
    let session = play(&["--fen", "W:Wc3:Bd4"], "c3:e5\nc3-d4\ny\nfen\n");
    assert_eq!(
        session.answer_to("c3-d4"),
        "the game is over: answer y for a new game, or type undo, new or quit"
    );
    assert_eq!(session.answer_to("y"), "new game");
    assert!(session.stdout.contains(
        "> fen\nW:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\n"
    ));
}

#[test]
fn a_blocked_side_loses() {
    // Black's only reply takes g3 and leaves White's a7 without a move.
    let session = play(&["--fen", "W:Wh2,a7:Be3,f2,b8"], "h2-g3\n");
    session.expect("shashki plays f2:h4 (the only move)");
    assert!(session.success);
    session.expect("game over: Black wins: White has no legal move (shashki wins, 0-2)");
}

#[test]
fn resigning_loses_and_undo_takes_it_back() {
    let session = play(&[], "c3-d4\nresign\nundo\nfen\nresign\nresign\n");
    session.expect("game over: Black wins: White resigned (shashki wins, 0-2)");
    assert_eq!(session.answer_to("undo"), "took back 2 moves");
    assert_eq!(session.count("game over: "), 2);
    assert_eq!(
        session.answer_to("resign"),
        "game over: Black wins: White resigned (shashki wins, 0-2)"
    );
    // The game is kept once: the end reached again after undo brings its record up to date.
    assert_eq!(session.count("the game is kept"), 1, "{}", session.stdout);
}

#[test]
fn the_bot_declines_a_draw_when_ahead_and_accepts_when_behind() {
    let ahead = play(&["--fen", "W:Wa1:BKd8,Kf8,Kh8,b8"], "draw\n");
    assert_eq!(
        ahead.answer_to("draw"),
        "shashki declines the draw; play on"
    );
    let ahead_with_white = play(
        &["--black", "--fen", "B:Wa1,c1,e1,g1,b2,d2,f2:Bh8"],
        "draw\n",
    );
    assert_eq!(
        ahead_with_white.answer_to("draw"),
        "shashki declines the draw; play on"
    );
    let behind = play(&["--fen", "W:WKa1,Kc1,Ke1,g1:Bh6"], "draw\n");
    assert_eq!(behind.answer_to("draw"), "shashki accepts the draw");
    behind.expect("game over: draw by agreement (a draw, 1-1)");
}

#[test]
fn king_against_king_offer_accepted() {
    let session = play(&["--fen", "W:WKa1:BKb8"], "y\n");
    assert!(session.success);
    session.expect(
        "shashki offers a draw: king against king, and neither side can force a win\naccept the draw? (y/n) y\n",
    );
    session.expect("game over: draw by agreement (a draw, 1-1)");
}

#[test]
fn a_drawn_king_against_king_brings_the_offer_to_either_colour() {
    let white = play(&["--fen", "W:WKc1:BKh8"], "y\n");
    white.expect("shashki offers a draw: king against king, and neither side can force a win");
    white.expect("game over: draw by agreement");
    let black = play(&["--black", "--fen", "B:WKh8:BKc1"], "y\n");
    black.expect("shashki offers a draw");
    black.expect("game over: draw by agreement");
}

#[test]
fn no_offer_when_the_human_must_step_into_a_capture() {
    // The a1 king can only move along the long diagonal, where h8 takes it.
    let session = play(&["--fen", "W:WKa1:BKh8"], "a1-c3\n");
    assert_eq!(session.count("offers a draw"), 0, "{}", session.stdout);
    session.expect("shashki plays h8:");
    session.expect("game over: Black wins: White has no pieces left (shashki wins, 0-2)");
    let black = play(&["--black", "--fen", "B:WKa1:BKh8"], "h8-f6\n");
    assert_eq!(black.count("offers a draw"), 0, "{}", black.stdout);
    black.expect("game over: White wins: Black has no pieces left (shashki wins, 2-0)");
}

#[test]
fn no_offer_when_the_human_can_take_the_bots_king() {
    let session = play(&["--fen", "W:WKc3:BKd4"], "c3:e5\n");
    assert_eq!(session.count("offers a draw"), 0, "{}", session.stdout);
    session.expect("game over: White wins: Black has no pieces left (you win, 2-0)");
}

#[test]
fn a_draw_is_declined_in_a_king_against_king_the_bot_wins() {
    let session = play(&["--fen", "W:WKa1:BKh8"], "draw\n");
    assert_eq!(
        session.answer_to("draw"),
        "shashki declines the draw; play on"
    );
    let black = play(&["--black", "--fen", "B:WKa1:BKh8"], "draw\n");
    assert_eq!(
        black.answer_to("draw"),
        "shashki declines the draw; play on"
    );
}

#[test]
fn a_draw_is_accepted_in_a_king_against_king_the_bot_loses_or_cannot_win() {
    let lost = play(&["--fen", "W:WKc3:BKd4"], "draw\n");
    assert_eq!(lost.answer_to("draw"), "shashki accepts the draw");
    lost.expect("game over: draw by agreement (a draw, 1-1)");
    let drawn = play(&["--fen", "W:WKc1:BKh8"], "n\ndraw\n");
    assert_eq!(drawn.answer_to("draw"), "shashki accepts the draw");
}

#[test]
fn three_kings_decline_a_draw_when_they_catch_the_lone_king_and_accept_when_they_cannot() {
    let session = play(&["--black", "--fen", "B:WKa1,Kc1,Ke1:BKh4"], "draw\n");
    assert_eq!(
        session.answer_to("draw"),
        "shashki declines the draw; play on"
    );
    // The lone king reaches the long diagonal before the kings from the top edge can
    // stop it; the search alone scores this a little better than level for them.
    let session = play(&["--fen", "W:WKc1:BKb8,Kd8,Kf8"], "draw\n");
    assert_eq!(session.answer_to("draw"), "shashki accepts the draw");
}

#[test]
fn king_against_king_offer_declined_is_not_repeated() {
    let session = play(&["--fen", "W:WKa1:BKb8"], "нет\nmoves\na1-b2\nfen\n");
    assert!(session.success);
    assert_eq!(session.answer_to("нет"), "play on.");
    assert!(session.answer_to("moves").starts_with("White can play"));
    session.expect("shashki plays ");
    assert_eq!(session.count("offers a draw"), 1);
    session.expect("2. White> fen\n");
}

#[test]
fn a_move_instead_of_an_answer_declines_the_offer() {
    let session = play(&["--fen", "W:WKa1:BKb8"], "a1-b2\n");
    session.expect("shashki plays ");
    assert_eq!(session.count("offers a draw"), 1);
}

#[test]
fn king_against_king_arising_in_play_brings_the_offer() {
    // Each king takes the other side's man: one king each remains.
    let session = play(&["--fen", "W:WKd6,b2:BKh8,c7"], "d6:b8\ny\n");
    session.expect("shashki plays h8:a1 (the only move)");
    session.expect("shashki offers a draw");
    session.expect("game over: draw by agreement");
}

#[test]
fn a_threefold_repetition_is_a_draw() {
    // Black's king can only shuttle between a7 and b8; White's king shuttles too.
    let session = play(
        &["--fen", "W:WKh2,c7,d6,b6,c5:BKa7"],
        "h2-g1\ng1-h2\nh2-g1\ng1-h2\nfen\n",
    );
    assert_eq!(session.count("(the only move)"), 4);
    session.expect("game over: draw: the same position occurred for the third time (a draw, 1-1)");
}

#[test]
fn the_opening_is_named_once_the_game_reaches_it() {
    let home = common::Home::new("opening-named");
    home.write("sokov.pdn", "[Event \"x\"]\n\n1. c3-d4 d6-c5 2. g3-h4 *\n");
    let session = home.run(
        &["--seed", "7", "--depth", "3", "--lang", "ru", "sokov.pdn"],
        "",
    );
    session.expect("дебют: Отыгрыш Сокова\n");
    assert_eq!(
        session.stdout.matches("дебют:").count(),
        1,
        "{}",
        session.stdout
    );
}
