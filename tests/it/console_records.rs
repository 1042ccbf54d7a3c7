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

#[test]
fn every_finished_game_is_kept_listed_and_counted() {
    let home = Home::new("kept-games");
    home.write("kb/combs.txt", "");
    let quick = ["--seed", "7", "--depth", "3"];
    // A win as White, a loss as Black at level club.
    let win = home.run(
        &[&quick[..], &["--fen", "W:Wc3:Bd4"]].concat(),
        "c3:e5\nn\n",
    );
    win.expect("the game is kept with your games");
    let loss = home.run(
        &["--black", "--level", "club", "--seed", "7"],
        "resign\nn\n",
    );
    loss.expect("the game is kept with your games");
    let kept: Vec<String> = std::fs::read_dir(home.data().join("games"))
        .expect("games/")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .into_string()
                .expect("a name")
        })
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert!(
        kept.iter().all(|name| name.contains("-shashki-")),
        "{kept:?}"
    );

    let session = home.run(&quick, "games\nstats\nстатистика\ngames 2\n");
    let list = common::unwrapped(&session.stdout);
    // The list's rows: `   1. 2026-11-29 15:22  Black ...`.
    let numbered = |line: &&str| {
        let (number, _) = line.trim_start().split_once(". ").unwrap_or_default();
        line.starts_with("   ") && number.parse::<usize>().is_ok()
    };
    let rows: Vec<&str> = list.lines().filter(numbered).collect();
    assert!(
        rows[0].contains("Black") && rows[0].contains("club"),
        "{list}"
    );
    assert!(
        rows[0].contains("lost") && rows[0].contains("1 move"),
        "{list}"
    );
    assert!(
        rows[1].contains("White") && rows[1].contains("won"),
        "{list}"
    );
    session.expect("your finished games: 2 (in brackets, the last 20)");
    session.expect("club            Black   0 (0)  0 (0)  1 (1)");
    session.expect("3 plies a move  White   1 (1)  0 (0)  0 (0)");
    session.expect("all                     1 (1)  0 (0)  1 (1)");
    let russian = home.run(
        &["--lang", "ru", "--seed", "7", "--depth", "3"],
        "статистика\n",
    );
    russian.expect("ваши оконченные партии: 2 (в скобках — последние 20)");
    russian.expect("  уровень    цвет    победы  ничьи  поражения");
    // The second of the list, opened by its number, as it was: the player had White.
    session.expect("restored: you play White");
    session.expect("(you win, 2-0)");
    // Opening a finished game keeps no second copy of it.
    let again = std::fs::read_dir(home.data().join("games"))
        .expect("games/")
        .count();
    assert_eq!(again, 2);
}
