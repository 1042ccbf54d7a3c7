//! Going on with a game from its record: a record the program saved opens as it was (the
//! player's side, the clocks, the bot's level), the same whether opened at the prompt, named
//! on the command line or resumed; a record of others' game waits for the player to take a
//! side before the bot moves.

use crate::common;

use common::Home;

/// Saves a game played as Black on a 3+2 clock at level `club` in `home`, as `game.pdn`;
/// the position it was saved in.
fn a_saved_game_as_black(home: &Home) -> String {
    let first = home.run(
        &["--black", "--time", "3+2", "--level", "club", "--seed", "1"],
        "f6-g5\nfen\nsave game\nquit\n",
    );
    assert!(first.success, "{}", first.stderr);
    // `save game` writes game.pdn.
    assert_eq!(first.answer_to("save game"), "saved to game.pdn");
    let record = std::fs::read_to_string(home.dir.join("game.pdn")).expect("the record");
    for tag in [
        "[White \"shashki\"]",
        "[Black \"Player\"]",
        "[BotStrength \"club\"]",
        "[TimeControl \"180+2\"]",
    ] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    first.answer_to("fen")
}

#[test]
fn a_saved_game_opened_at_the_prompt_goes_on_as_it_was() {
    let home = Home::new("open-as-black");
    home.write("kb/combs.txt", "");
    let position = a_saved_game_as_black(&home);
    assert!(position.starts_with("B:"), "Black to move: {position}");
    // A new session as White with no clock at the default level: the record decides.
    let second = home.run(&["--seed", "2"], "n\nopen game.pdn\nfen\nquit\n");
    assert!(second.success, "{}", second.stderr);
    second.expect("opened game.pdn: 3 plies");
    second.expect("restored: you play Black, level club, clock 3:00 + 2 (White ");
    // The bot did not play the player's move: the position is as it was saved.
    assert_eq!(second.answer_to("fen"), position);
    assert_eq!(second.count("shashki plays"), 0, "{}", second.stdout);
    second.expect("2... Black> fen");
}

#[test]
fn a_saved_game_named_on_the_command_line_goes_on_as_it_was_in_russian() {
    let home = Home::new("open-as-black-ru");
    home.write("kb/combs.txt", "");
    let position = a_saved_game_as_black(&home);
    let second = home.run(&["--lang", "ru", "--seed", "2", "game.pdn"], "fen\nвыход\n");
    assert!(second.success, "{}", second.stderr);
    second.expect("открыт файл «game.pdn»: 3 полухода");
    second
        .expect("восстановлено: вы играете чёрными, уровень «разрядник», часы 3:00 + 2 (у белых ");
    assert_eq!(second.answer_to("fen"), position);
    assert_eq!(second.count("shashki играет"), 0, "{}", second.stdout);
}

#[test]
fn the_autosave_and_an_opened_record_go_on_the_same_way() {
    let home = Home::new("resume-as-black");
    home.write("kb/combs.txt", "");
    let position = a_saved_game_as_black(&home);
    let resumed = home.run(&["--seed", "2"], "y\nfen\nquit\n");
    resumed.expect("resumed: you play Black, level club, clock 3:00 + 2 (White ");
    assert_eq!(resumed.answer_to("fen"), position);
}

#[test]
fn a_record_of_others_waits_for_the_player_to_take_a_side() {
    let home = Home::new("open-others");
    home.write("kb/combs.txt", "");
    home.write(
        "others.pdn",
        "[Event \"club match\"]\n[White \"Иванов\"]\n[Black \"Петров\"]\n\n\
         1. c3-d4 f6-g5 2. g3-f4 *\n",
    );
    let session = home.run(
        &["--seed", "7", "--depth", "3", "others.pdn"],
        "fen\nh6-g7\nhistory\nb\nfen\n",
    );
    assert!(session.success, "{}", session.stderr);
    session.expect("a game between Иванов and Петров: look through it, review it, or take a side");
    // Black to move, and the bot plays neither side until the player takes one.
    assert!(
        session.answer_to("fen").starts_with("B:"),
        "{}",
        session.stdout
    );
    assert_eq!(
        session.answer_to("h6-g7"),
        "this is a record of others' game: first say which side you take (w or b)"
    );
    session.expect("which side do you take? (w/b) history\n1. c3-d4 f6-g5\n");
    assert_eq!(session.answer_to("b"), "you now play Black");
    // Black to move, the player's: still no move by the bot.
    assert!(
        session.answer_to("fen").starts_with("B:"),
        "{}",
        session.stdout
    );
    assert_eq!(session.count("shashki plays"), 0, "{}", session.stdout);

    // Taking White, the bot answers as Black at once.
    let white = home.run(
        &["--seed", "7", "--depth", "3", "others.pdn"],
        "белые\nfen\n",
    );
    white.expect("you now play White");
    assert_eq!(white.count("shashki plays"), 1, "{}", white.stdout);
    assert!(white.answer_to("fen").starts_with("W:"), "{}", white.stdout);
}

#[test]
fn a_finished_record_speaks_of_the_player_only_where_the_bot_was_one_side() {
    let home = Home::new("open-verdict");
    home.write("kb/combs.txt", "");
    let lost = home.run(
        &["--seed", "1", "--depth", "3"],
        "resign\nsave lost.pdn\nn\n",
    );
    assert!(lost.success, "{}", lost.stderr);
    // Opened while playing Black: the record says the player had White, and lost.
    let opened = home.run(
        &["--black", "--seed", "1", "--depth", "3"],
        "open lost.pdn\nn\n",
    );
    opened.expect("restored: you play White");
    opened.expect("(shashki wins, 0-2)");
    assert!(!opened.stdout.contains("you win"), "{}", opened.stdout);

    home.write(
        "others.pdn",
        "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-2\"]\n\n1. c3-d4 f6-g5 0-2\n",
    );
    let others = home.run(
        &["--black", "--seed", "1", "--depth", "3", "others.pdn"],
        "n\n",
    );
    others.expect("the game of the record is over: Black won");
    assert!(!others.stdout.contains("you win"), "{}", others.stdout);
    assert!(!others.stdout.contains("which side"), "{}", others.stdout);
}
