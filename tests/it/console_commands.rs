//! Every console command and every illegal-move explanation, through the real binary.

use crate::common;

use common::{play, run, scratch};

const START: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

#[test]
fn no_arguments_means_play_and_the_board_is_plain_text_on_a_pipe() {
    let session = run(&["--seed", "1", "--depth", "2"], "");
    assert!(session.success);
    session.expect("    a  b  c  d  e  f  g  h\n  8    b     b     b     b  8\n");
    session.expect("material: White 12 men; Black 12 men");
    assert!(!session.stdout.contains('\x1b'), "no colours on a pipe");

    let explicit = run(&["play", "--seed", "1", "--depth", "2", "--black"], "fen\n");
    assert!(explicit.success);
    explicit.expect("shashki plays ");
    explicit.expect("1... Black> fen\nB:W");
}

#[test]
fn information_commands() {
    let session = play(&[], "help\nmoves\nfen\nboard\nhint\nfen\nmovetime\n");
    assert!(session.success);
    session.expect("Commands:\n");
    session.expect("  kb reload | check ");
    session.expect("Rules (Russian draughts)");
    assert_eq!(
        session.answer_to("moves"),
        "White can play (7): a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4"
    );
    assert_eq!(session.answer_to("fen"), START);
    session.expect("w/b: white/black man  W/B: king");
    assert!(session.answer_to("hint").starts_with("hint: "));
    assert_eq!(
        session.count(&format!("\n{START}\n")),
        2,
        "a hint does not move"
    );
    assert_eq!(
        session.answer_to("movetime"),
        "the bot searches 3 plies deep"
    );
}

#[test]
fn level_and_movetime_set_the_thinking_time() {
    let session = play(
        &[],
        "level 100\nmovetime\nlevel easy\nmovetime soon\nlevel 0\n",
    );
    assert_eq!(
        session.answer_to("level 100"),
        "the bot now thinks up to 100 ms a move"
    );
    assert_eq!(
        session.answer_to("movetime"),
        "the bot thinks up to 100 ms a move"
    );
    assert_eq!(
        session.answer_to("level easy"),
        "the bot now plays at level easy: 200 ms a move, with the knowledge base"
    );
    assert!(
        session
            .answer_to("movetime soon")
            .contains("is not a number")
    );
    assert!(
        session
            .answer_to("level 0")
            .contains("1 to 3600000 milliseconds")
    );
}

#[test]
fn a_named_level_sets_depth_and_knowledge_and_is_shown() {
    let session = run(
        &["--seed", "7", "--level", "novice"],
        "level\nc3-d4\nlevel beginner\nlevel 1000\nlevel\n",
    );
    assert!(session.success, "{}", session.stderr);
    assert_eq!(
        session.answer_to("level"),
        "the bot plays at level novice: 2 plies deep, without the knowledge base"
    );
    // Two plies from the start: the search decides, never the knowledge base.
    session.expect("(search: depth 2");
    assert_eq!(
        session.answer_to("level beginner"),
        "the bot now plays at level beginner: 1 ply deep, without the knowledge base"
    );
    assert_eq!(
        session.answer_to("level 1000"),
        "the bot now plays at level normal: 1000 ms a move, with the knowledge base"
    );
}

#[test]
fn an_unknown_level_is_refused_with_the_levels_there_are() {
    let session = run(&["--level", "master"], "");
    assert!(!session.success);
    assert!(
        session
            .stderr
            .contains("the levels are beginner, novice, casual, club, easy, normal, hard"),
        "{}",
        session.stderr
    );
}

#[test]
fn the_last_move_is_marked_along_its_whole_path_with_the_pieces_it_took() {
    let session = play(&[], "load W:Wc3,a1:Bd4,d6,f6,h8\nc3:e5:g7\nback\n");
    assert!(session.success, "{}", session.stderr);
    for row in [
        "  7 .     .     .    [w]    7",
        "  6    .     b    [x]    .  6",
        "  5 .     .    [.]    .     5",
        "  4    .    [x]    .     .  4",
        "  3 .    [.]    .     .     3",
    ] {
        session.expect(row);
    }
}

#[test]
fn the_bot_s_move_with_a_long_reason_is_wrapped_to_80_columns() {
    let home = common::Home::new("long-reason");
    let name = "Обратная городская партия: жертва двух шашек с выходом в дамки через \
                большую дорогу и долгим эндшпилем";
    home.write(
        "kb/combs.txt",
        &format!(
            "fact \"{name}\" for white\n  8 . b . b . b . b\n  7 b . b . b . b .\n\
             \x20 6 . b . b . b . b\n  5 . . . . . . . .\n  4 . . . . . . . .\n\
             \x20 3 w . w . w . w .\n  2 . w . w . w . w\n  1 w . w . w . w .\n\
             \x20   a b c d e f g h\n  play c3-d4\n"
        ),
    );
    let session = home.run(&["--seed", "1", "--depth", "1", "--black"], "");
    assert!(session.success, "{}", session.stderr);
    let lines: Vec<&str> = session.stdout.lines().collect();
    let first = lines
        .iter()
        .position(|line| line.starts_with("shashki plays c3-d4 (knowledge base: "))
        .unwrap_or_else(|| panic!("{}", session.stdout));
    let wrapped: Vec<&str> = lines[first..]
        .iter()
        .take_while(|line| *line == &lines[first] || line.starts_with("    "))
        .copied()
        .collect();
    assert!(wrapped.len() >= 2, "{wrapped:?}");
    for line in &wrapped {
        assert!(line.chars().count() <= 80, "{line}");
    }
    assert!(
        wrapped
            .last()
            .is_some_and(|line| line.ends_with(&common::native("kb/combs.txt:1)"))),
        "{wrapped:?}"
    );
}

#[test]
fn a_move_gets_a_reply_and_undo_takes_both_back() {
    let session = play(&[], "c3-d4\nundo\nfen\nundo\n");
    assert!(session.success);
    session.expect("shashki plays ");
    assert_eq!(session.answer_to("undo"), "took back 2 moves");
    assert_eq!(session.answer_to("fen"), START);
    session.expect("nothing to undo: you have not moved yet");
}

#[test]
fn moves_and_positions_typed_in_the_cyrillic_layout_are_understood() {
    // с and а are Cyrillic, as a player with the Russian layout on types them.
    let session = play(&[], "с3-d4\nundo\nload W:Wа1,Кс3:Bh8\nfen\n");
    assert!(session.success);
    assert_eq!(session.answer_to("undo"), "took back 2 moves");
    assert_eq!(session.answer_to("fen"), "W:Wa1,Kc3:Bh8");
}

#[test]
fn a_layout_reading_that_is_no_move_here_is_explained_and_another_is_only_played_when_asked() {
    // White on c3 and d4: с3-в4 typed with the Russian layout on is c3-d4, blocked here;
    // its в also reads as B, and c3-b4 is legal.
    let fen = ["--fen", "W:Wc3,d4:Bf6,h8"];
    let session = play(&fen, "с3-в4\nn\nс3-в4\ny\nhistory\n");
    session.expect("с3-в4 on the Russian layout is c3-d4, which is no move here: ");
    session.expect("did you mean c3-b4? (y/n) n");
    assert_eq!(session.answer_to("n"), "nothing done");
    session.expect("did you mean c3-b4? (y/n) y");
    session.expect("1. c3-b4 ");
    let russian = play(&["--lang", "ru", fen[0], fen[1]], "с3-в4\nд\n");
    russian.expect("с3-в4 в русской раскладке — это c3-d4, а такого хода здесь нет: ");
    russian.expect("вы имели в виду c3-b4? (д/н) д");
    russian.expect("shashki играет ");
}

#[test]
fn a_move_that_is_not_one_is_explained_in_the_letters_typed() {
    let session = play(&[], "е3-е4\nб2-ц3\nвс4\nс3-д4\n");
    assert_eq!(
        session.answer_to("е3-е4"),
        "е4 is a light square; play uses the dark squares only"
    );
    assert_eq!(
        session.answer_to("б2-ц3"),
        "б2-ц3: the letters б, ц are no files; a square is a file a-h and a rank 1-8, like c3"
    );
    assert_eq!(
        session.answer_to("вс4"),
        "с4 is a light square; play uses the dark squares only"
    );
    assert_eq!(
        session.answer_to("с3-д4"),
        "'д4' is not a square (expected a file a-h and a rank 1-8, like c3)"
    );
    let russian = play(&["--lang", "ru"], "б2-ц3\nе3-е4\n");
    assert_eq!(
        russian.answer_to("б2-ц3"),
        "б2-ц3: непонятны буквы б, ц; поле — это вертикаль a-h и горизонталь 1-8, например c3"
    );
    assert_eq!(
        russian.answer_to("е3-е4"),
        "е4 — белое поле; играют только на тёмных"
    );
}

#[test]
fn short_notation_and_annotation_marks_are_understood() {
    let session = play(&["--notation", "short"], "cd4!?\nundo\nce5\ncd4\n");
    assert!(session.success, "{}{}", session.stdout, session.stderr);
    assert_eq!(session.answer_to("undo"), "took back 2 moves");
    assert!(
        session
            .answer_to("ce5")
            .starts_with("no move of a piece on the c-file ends on e5; the legal moves are: "),
        "{}",
        session.stdout
    );
    // The bot's replies are written short too: a file letter, then the square (`fg5`).
    let replies: Vec<&str> = session
        .stdout
        .lines()
        .filter_map(|line| line.strip_prefix("shashki plays "))
        .collect();
    assert_eq!(replies.len(), 2, "{}", session.stdout);
    for reply in replies {
        let word: Vec<char> = reply.split(' ').next().unwrap().chars().collect();
        assert!(word.len() == 3 && word[1].is_ascii_lowercase(), "{reply}");
    }
}

#[test]
fn every_illegal_move_is_explained() {
    let session = play(&[], "c3-d3\nb6-a5\nd4-e5\nc3-e5\nc3\ne9-f8\n");
    assert_eq!(
        session.answer_to("c3-d3"),
        "d3 is a light square; play uses the dark squares only"
    );
    assert_eq!(
        session.answer_to("b6-a5"),
        "the piece on b6 is Black's; it is White to move"
    );
    assert_eq!(session.answer_to("d4-e5"), "there is no piece on d4");
    assert_eq!(
        session.answer_to("c3-e5"),
        "no such move for the man on c3; it can play: c3-b4, c3-d4"
    );
    assert!(session.answer_to("c3").starts_with("only one square (c3)"));
    assert!(session.answer_to("e9-f8").contains("is not a square"));

    let capture = play(&["--fen", "W:Wd4,h2:Be5,a7"], "h2-g3\n");
    assert_eq!(
        capture.answer_to("h2-g3"),
        "capture is compulsory; you must play one of: d4:f6"
    );

    let ambiguous = play(&["--fen", "W:WKb2:Bc3,d6,b6,e7"], "b2:a5\n");
    let answer = ambiguous.answer_to("b2:a5");
    assert!(
        answer.starts_with("that could mean several moves; type one of: "),
        "{answer}"
    );
    assert!(answer.contains("b2:e5:c7:a5") && answer.contains("b2:f6:d8:a5"));

    let forms = play(&[], "C3D4\n");
    forms.expect("shashki plays ");
    let forms = play(&[], "c3 d4\n");
    forms.expect("shashki plays ");
}

#[test]
fn unknown_commands_and_bad_arguments_are_explained() {
    let session = play(&[], "dance\nundo now\nkb\nload\nsave\nremember\n");
    assert_eq!(
        session.answer_to("dance"),
        "unknown command 'dance'; type help for the commands"
    );
    assert!(
        session
            .answer_to("undo now")
            .starts_with("undo: takes no argument")
    );
    assert!(
        session
            .answer_to("kb")
            .starts_with("kb: needs reload or check")
    );
    assert!(
        session
            .answer_to("load")
            .starts_with("load: needs a position string")
    );
    assert!(
        session
            .answer_to("save")
            .starts_with("save: needs a file name")
    );
    assert!(
        session
            .answer_to("remember")
            .starts_with("remember: needs a move")
    );
}

#[test]
fn load_starts_from_a_position_and_explains_a_bad_one() {
    let session = play(&[], "load W:Wc3:Bz9\nload W:Wc3,e3:Bd6\nfen\n");
    let error = session.answer_to("load W:Wc3:Bz9");
    assert!(error.starts_with("position string, column "), "{error}");
    assert_eq!(session.answer_to("load W:Wc3,e3:Bd6"), "new game");
    assert_eq!(session.answer_to("fen"), "W:Wc3,e3:Bd6");
}

#[test]
fn flip_swaps_colours_and_the_bot_moves() {
    let session = play(&["--fen", "W:Wc3:Bd4"], "flip\nn\n");
    assert!(session.success);
    assert_eq!(session.answer_to("flip"), "you now play Black");
    session.expect("shashki plays c3:e5 (the only move)");
    session.expect("game over: White wins: Black has no pieces left (shashki wins, 2-0)");
}

#[test]
fn new_starts_again_and_the_bot_opens_for_a_black_player() {
    let session = play(&["--black", "--fen", "W:Wc3,e3:Bd6"], "new\nfen\n");
    assert_eq!(session.count("shashki plays "), 2);
    assert!(
        session.answer_to("fen").starts_with("B:W"),
        "the bot has moved"
    );
}

#[test]
fn save_and_open_round_trip_a_game() {
    let dir = scratch("saveopen");
    let file = dir.join("game.pdn");
    let file = file.to_str().expect("utf-8 temp path");
    // One move and the bot's reply: a second move of ours would depend on that reply.
    let script = format!("c3-d4\nfen\nsave {file}\nnew\nopen {file}\nfen\n");
    let session = play(&[], &script);
    let fen_before = session.answer_to("fen").to_string();
    assert_eq!(
        session.answer_to(&format!("save {file}")),
        format!("saved to {file}")
    );
    let record = std::fs::read_to_string(file).expect("the saved file");
    for tag in [
        "[Event ",
        "[Date ",
        "[White \"Player\"]",
        "[Black \"shashki\"]",
    ] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    assert!(record.contains("[Result \"*\"]") && record.contains("[GameType \"25\"]"));
    assert!(record.contains("\n1. c3-d4 ") && record.trim_end().ends_with('*'));
    assert_eq!(
        session.answer_to(&format!("open {file}")),
        format!("opened {file}: 2 plies")
    );
    assert_eq!(session.count(&format!("\n{fen_before}\n")), 2);

    // Another run reads the same file, and saving from there gives the same moves.
    let again = play(&[], format!("open {file}\nfen\nsave {file}\n"));
    assert_eq!(again.answer_to("fen"), fen_before);
    let second = std::fs::read_to_string(file).expect("saved again");
    let moves = |text: &str| text.split("\n\n").nth(1).map(str::to_string);
    assert_eq!(moves(&record), moves(&second));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn opening_a_bad_file_keeps_the_game() {
    let dir = scratch("badpdn");
    let bad = dir.join("bad.pdn");
    std::fs::write(&bad, "[Event \"x\"]\n1. c3-d4 d6-c5\n2. c3-b4 *\n").expect("write");
    let bad = bad.to_str().expect("utf-8 temp path");
    let missing = dir.join("missing.pdn");
    let missing = missing.to_str().expect("utf-8 temp path");
    let session = play(
        &[],
        format!("open {bad}\nopen {missing}\nsave {}\nfen\n", dir.display()),
    );
    assert_eq!(
        session.answer_to(&format!("open {bad}")),
        format!("{bad}:3:4: c3-b4: there is no piece on c3")
    );
    assert!(
        session
            .answer_to(&format!("open {missing}"))
            .starts_with(&format!("could not open {missing}"))
    );
    assert!(
        session
            .answer_to(&format!("save {}", dir.display()))
            .starts_with("could not save")
    );
    assert_eq!(session.answer_to("fen"), START);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_knowledge_base_path_is_reported_and_play_goes_on() {
    let session = play(
        &["--kb", "/nonexistent/combs.txt"],
        "kb check\nkb reload\nc3-d4\n",
    );
    assert!(session.success);
    session.expect("/nonexistent/combs.txt");
    session.expect("playing without the knowledge base");
    session.expect("1 error: the file cannot be read; still playing without the knowledge base");
    session.expect("shashki plays ");
}

#[test]
fn quit_exit_and_vykhod_leave_at_once() {
    for word in ["quit", "exit", "выход", "QUIT"] {
        let session = play(&[], format!("{word}\nfen\n"));
        assert!(session.success);
        assert!(!session.stdout.contains(START), "{word} did not quit");
    }
}

#[test]
fn no_input_makes_it_panic_or_lose_the_game() {
    let mut script: Vec<u8> = Vec::new();
    script.extend_from_slice(b"c3-d4\n");
    for line in [
        "",
        "   ",
        ":::",
        "x",
        "-",
        "c3-",
        "a1-h8-a1-h8-a1-h8",
        "c3:e5:g7:e5:c3:e5",
        "kb frobnicate",
        "movetime 99999999999999999999999",
        "load [FEN \"",
        "open /",
        "save /",
        "remember z9",
        "remember c3-d4",
        "hint now",
        "draw please",
        "\u{1F600}",
        "no",
        "да",
    ] {
        script.extend_from_slice(line.as_bytes());
        script.push(b'\n');
    }
    script.extend_from_slice(&[0xff, 0xfe, b'\n', 0, b'\r', b'\n']);
    script.extend_from_slice("a".repeat(100_000).as_bytes());
    script.extend_from_slice(b"\nfen\nundo\nfen");
    let session = play(&[], &script);
    assert!(session.success);
    assert_eq!(
        session.count("took back 2 moves"),
        1,
        "the game survived to be undone"
    );
    assert!(session.stdout.contains(&format!("> fen\n{START}")));
}

#[test]
fn a_file_of_many_games_is_listed_and_any_of_them_opened() {
    let collection = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/abatsiev.pdn");
    let session = play(
        &[],
        format!("open {collection}\nopen {collection} 3\nfen\nopen {collection} 57\n"),
    );
    assert!(session.success);
    assert_eq!(
        session.answer_to(&format!("open {collection}")),
        format!("{collection} has 56 games; open one with: open {collection} N")
    );
    session.expect("   1. Абаулин В. - Абациев Н., XXV первенство СССР, 1.1.1965 (2-0, 83 plies)");
    session.expect(&format!("opened {collection} game 3 of 56: 66 plies"));
    session.expect("W:Wc3,b4,f4,d6,Kf6:Bh4,a5,h6,a7,Kd8");
    session.expect(&format!("{collection} has 56 games: open one of 1 to 56"));
}

#[test]
fn an_opened_game_keeps_its_tags_when_saved_again() {
    let collection = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/abatsiev.pdn");
    let dir = scratch("keeptags");
    let file = dir.join("copy.pdn");
    let file = file.to_str().expect("utf-8 temp path");
    let session = play(&[], format!("open {collection} 2\nsave {file}\n"));
    assert_eq!(
        session.answer_to(&format!("save {file}")),
        format!("saved to {file}")
    );
    let record = std::fs::read_to_string(file).expect("the saved file");
    for tag in [
        "[Event \"7 командное первенство СССР\"]",
        "[Site \"Москва, 1965 г.\"]",
        "[White \"Абаулин В.\"]",
        "[Black \"Абациев Н.\"]",
        "[Opening \"Игра Филиппова\"]",
        "[Result \"1-1\"]",
    ] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    assert_eq!(record.matches("[Result ").count(), 1, "{record}");
    let again = common::run(&["pdn", "check", file], "");
    assert!(again.success, "{}", again.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_opened_game_keeps_its_comments_when_saved_again_while_their_moves_stand() {
    let dir = scratch("keepcomments");
    let path = |name: &str| {
        dir.join(name)
            .to_str()
            .expect("utf-8 temp path")
            .to_string()
    };
    let (original, copy, shorter) = (path("notes.pdn"), path("copy.pdn"), path("short.pdn"));
    std::fs::write(
        &original,
        "[Event \"Club\"]\n{Played at the club}\n1. c3-d4 {the city game} d6-c5\n\
         2. b2-c3 f6-g5 {a sharp line\nfollows} *\n",
    )
    .expect("writing the record");
    let session = play(&[&original], format!("save {copy}\nundo\nsave {shorter}\n"));
    assert!(session.success, "{}", session.stderr);
    let comments = |file: &str| -> Vec<(usize, String)> {
        let text = std::fs::read_to_string(file).expect("the saved file");
        let record = shashki::notation::pdn::read(&text).expect("a record");
        record
            .comments
            .into_iter()
            .map(|comment| (comment.ply, comment.text))
            .collect()
    };
    let all = vec![
        (0, "Played at the club".to_string()),
        (1, "the city game".to_string()),
        (4, "a sharp line follows".to_string()),
    ];
    assert_eq!(comments(&copy), all);
    let saved = std::fs::read_to_string(&copy).expect("the saved file");
    assert!(
        saved.contains("{Played at the club} 1. c3-d4 {the city game} 1... d6-c5"),
        "{saved}"
    );
    // The moves taken back take their comment with them.
    assert_eq!(comments(&shorter), all[..2].to_vec());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn history_back_forward_and_goto_step_through_the_game_and_a_move_there_starts_a_new_line() {
    let session = play(
        &["--notation", "short"],
        "c3-d4\nhistory\nback 2\nfen\nforward\ngoto 1\ng3-h4\ny\nhistory\nforward 5\n",
    );
    assert!(session.success, "{}", session.stderr);
    let first = session.answer_to("history");
    assert!(first.starts_with("1. cd4 "), "{first}");
    // Each step shows the board, then says where it is.
    session.expect("move 1, White to move (0 of 2 plies;");
    session.expect("1. White (back)> fen\n");
    assert_eq!(session.answer_to("fen"), START);
    session.expect("move 1, Black to move (1 of 2 plies;");
    session.expect("1... Black (back)> goto 1\n");
    assert_eq!(
        session.answer_to("g3-h4"),
        "playing here starts a new line and drops the 2 plies after it"
    );
    session.expect("start the new line? (y/n) y\n");
    // The new line: g3-h4 and the bot's reply.
    let second = session
        .stdout
        .lines()
        .rev()
        .find(|line| line.starts_with("1. "))
        .expect("the second history");
    assert!(second.starts_with("1. gh4 "), "{second}");
    session.expect("the current position: move 2, White to move");
}

#[test]
fn a_pdn_file_named_on_the_command_line_is_open_at_the_start() {
    let dir = scratch("startfile");
    let file = dir.join("one.pdn");
    std::fs::write(&file, "[Event \"x\"]\n1. c3-d4 f6-g5 2. g3-f4 *\n").expect("a record");
    let file = file.to_str().expect("utf-8 temp path");
    let session = play(&[file], "w\nfen\n");
    assert!(session.success, "{}", session.stderr);
    session.expect(&format!("opened {file}: 3 plies"));
    // A record of others: the player takes White, then the bot answers Black's move,
    // and the position is White's.
    session.expect("which side do you take? (w/b) w\nyou now play White");
    session.expect("shashki plays ");
    assert!(
        session.answer_to("fen").starts_with("W:"),
        "{}",
        session.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_record_names_the_player_and_why_the_game_ended() {
    let dir = scratch("named");
    let file = dir.join("named.pdn");
    let file = file.to_str().expect("utf-8 temp path");
    let session = play(
        &["--name", "Иван Петров"],
        format!("resign\nsave {file}\nn\n"),
    );
    assert_eq!(
        session.answer_to(&format!("save {file}")),
        format!("saved to {file}")
    );
    let record = std::fs::read_to_string(file).expect("the saved file");
    for tag in [
        "[White \"Иван Петров\"]",
        "[Black \"shashki\"]",
        "[Result \"0-2\"]",
        "[Termination \"Black wins: White resigned\"]",
    ] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
    let bad = common::run(&["--name", "two\nlines"], "");
    assert_eq!(bad.code, Some(2));
    assert!(
        bad.stderr.contains("one line of printable text"),
        "{}",
        bad.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}
