//! The console in English and Russian: the same scripted game in both, the language
//! taken from the locale unless `--lang` says otherwise, and the Russian command words.

use crate::common;

use common::{Home, Session, play, shashki_in};

/// A game typed with the English command words: help, the moves, a move, the history,
/// an undo, a bad move, a resignation, and no to a new game.
const ENGLISH_SCRIPT: &str = "help\nmoves\nc3-d4\nhistory\nundo\nc3-d3\nresign\nn\n";
/// The same game typed with the Russian words.
const RUSSIAN_SCRIPT: &str = "помощь\nходы\nc3-d4\nистория\nотмена\nc3-d3\nсдаюсь\nн\n";

/// The lines the program wrote, without the echoes of the `script`'s lines (the prompt
/// and the line typed).
fn answers<'a>(session: &'a Session, script: &str) -> Vec<&'a str> {
    let echoed = |output: &str| {
        script.lines().any(|line| {
            output.ends_with(&format!("> {line}")) || output.ends_with(&format!(") {line}"))
        })
    };
    session
        .stdout
        .lines()
        .filter(|line| !echoed(line))
        .collect()
}

#[test]
fn the_same_game_in_english() {
    let session = play(&["--lang", "en"], ENGLISH_SCRIPT);
    assert!(session.success);
    session.expect("Commands:\n");
    session.expect("material: White 12 men; Black 12 men");
    session.expect("White can play (7): a3-b4, c3-b4, c3-d4");
    session.expect("shashki plays ");
    session.expect("took back 2 moves");
    session.expect("d3 is a light square; play uses the dark squares only");
    session.expect("game over: Black wins: White resigned (shashki wins, 0-2)");
    session.expect("new game? (y/n) n\n");
}

#[test]
fn the_same_game_in_russian() {
    let session = play(&["--lang", "ru"], RUSSIAN_SCRIPT);
    assert!(session.success);
    session.expect("shashki: русские шашки.");
    session.expect("Команды:\n");
    session.expect("  помощь, справка, ?");
    session.expect("материал: у белых 12 шашек; у чёрных 12 шашек");
    session.expect("1. белые> ходы\nбелые могут сыграть (7): a3-b4, c3-b4, c3-d4");
    session.expect("shashki играет ");
    session.expect("1. c3-d4 ");
    session.expect("взято назад 2 хода");
    session.expect("d3 — белое поле; играют только на тёмных");
    session.expect("партия окончена: победа чёрных: белые сдались (выиграл shashki, 0-2)");
    session.expect("новая партия? (д/н) н\n");
    for english in ["Commands:", "material:", "White", "took back", "game over"] {
        assert!(!session.stdout.contains(english), "{english:?} in Russian");
    }
}

#[test]
fn russian_and_english_words_play_the_same_game_in_either_language() {
    for lang in ["en", "ru"] {
        let english = play(&["--lang", lang], ENGLISH_SCRIPT);
        let russian = play(&["--lang", lang], RUSSIAN_SCRIPT);
        assert_eq!(
            answers(&english, ENGLISH_SCRIPT),
            answers(&russian, RUSSIAN_SCRIPT),
            "--lang {lang}"
        );
    }
}

#[test]
fn russian_words_name_every_kind_of_command() {
    let session = play(
        &["--lang", "ru"],
        "c3-d4\nназад\nвперед\nперейти 1\nвперёд\nпозиция\nуровень лёгкий\nвремя\n\
         загрузить W:Wc3:Bd4\nподсказка\nничья\nсмена\nновая\nдоска\nзапомнить\n\
         сохранить п.pdn\nоткрыть п.pdn\nоткрыть нет.pdn\nбаза проверить\nвыход\n",
    );
    assert!(session.success);
    session.expect("ход 1, ход чёрных (1 из 2 полуходов;");
    session.expect("текущая позиция: ход 2, ход белых");
    session.expect("теперь бот играет на уровне «кандидат»: 200 мс на ход, с базой знаний");
    session.expect("бот играет на уровне «кандидат»: 200 мс на ход, с базой знаний\n");
    session.expect("подсказка: c3:e5");
    session.expect("теперь вы играете чёрными");
    session.expect("новая партия\n");
    session.expect("w/b: белая/чёрная простая");
    session.expect("запомнить: нужен ход; как: запомнить ХОД [НАЗВАНИЕ]");
    session.expect("сохранено в п.pdn\n");
    session.expect("открыт файл «п.pdn»: 1 полуход\n");
    session.expect("не удалось открыть нет.pdn: такого файла или каталога нет\n");
    session.expect(&format!(
        "{}: 0 фактов (точных: 0, шаблонов: 0, линий: 0), ошибок нет",
        common::native("kb/combs.txt")
    ));
    assert!(
        !session.stdout.contains("неизвестная команда"),
        "{}",
        session.stdout
    );
}

/// Runs `shashki ARGS` with `env` over the English test locale.
fn in_locale(env: &[(&str, &str)], args: &[&str], input: &str) -> Session {
    let home = Home::new("locale");
    home.write("kb/combs.txt", "");
    shashki_in(&home.dir, env, args, input)
}

#[test]
fn the_locale_chooses_russian_and_lang_overrides_it() {
    let russian_locale = [("LANG", "ru_RU.UTF-8")];
    let russian = in_locale(&russian_locale, &["--depth", "1"], "ходы\n");
    russian.expect("белые могут сыграть (7)");
    let english = in_locale(&russian_locale, &["--depth", "1", "--lang", "en"], "ходы\n");
    english.expect("White can play (7)");
    let messages = in_locale(
        &[("LC_MESSAGES", "ru_UA.UTF-8")],
        &["--depth", "1"],
        "ходы\n",
    );
    messages.expect("белые могут сыграть (7)");
    let all = [("LC_ALL", "C"), ("LANG", "ru_RU.UTF-8")];
    in_locale(&all, &["--depth", "1"], "moves\n").expect("White can play (7)");
    let play = in_locale(&[("LC_ALL", "")], &["play", "--lang", "ru"], "ходы\n");
    play.expect("белые могут сыграть (7)");
}

#[test]
fn an_unknown_language_is_refused_by_the_command_line() {
    let session = play(&["--lang", "de"], "");
    assert_eq!(session.code, Some(2));
    assert!(
        session.stderr.contains("invalid value 'de'"),
        "{}",
        session.stderr
    );
    assert!(
        session.stderr.contains("[possible values: en, ru]"),
        "{}",
        session.stderr
    );
}

#[test]
fn machine_interfaces_stay_english_in_a_russian_locale() {
    let russian_locale = [("LANG", "ru_RU.UTF-8")];
    // Not `bestmove` nor `perft`: their speeds differ from run to run.
    for args in [
        &["moves"][..],
        &["moves", "--fen", "W:Wc3:Bd4,Kh8"],
        &["kb", "check"],
    ] {
        let russian = in_locale(&russian_locale, args, "");
        let english = in_locale(&[], args, "");
        assert_eq!(russian.stdout, english.stdout, "{args:?}");
        assert_eq!(russian.stderr, english.stderr, "{args:?}");
        assert!(russian.success, "{args:?}: {}", russian.stderr);
    }
}

#[test]
fn a_russian_player_s_forms_suggestions_levels_and_layout() {
    let home = common::Home::new("russian-words");
    home.write("kb/combs.txt", "");
    let args = ["--lang", "ru", "--seed", "7", "--depth", "3"];
    let session = home.run(
        &args,
        "с3-в4\n1\nотменить\nотмна\nуровни\nраскладка русская\nс3-в4\nсдаться\nн\n",
    );
    assert!(session.success, "{}", session.stderr);
    // Asked which move is meant while the layout is read every way.
    session.expect("с3-в4 можно прочитать как 1 c3-d4, 2 c3-b4: какой ход? (1-2)");
    session.expect("взято назад 2 хода");
    assert_eq!(
        session.answer_to("отмна"),
        "неизвестная команда «отмна»; может быть, «отмена»?"
    );
    // The ladder rises: кандидат after разрядник.
    let levels = session.stdout.find("разрядник (club)").expect("the levels");
    let candidate = session.stdout.find("кандидат (easy)").expect("кандидат");
    assert!(levels < candidate, "{}", session.stdout);
    // On the Russian layout the key's reading is played with no question, and kept.
    assert_eq!(session.count("какой ход?"), 1, "{}", session.stdout);
    session.expect("с3-в4 прочитано как c3-d4");
    session.expect("партия окончена: победа чёрных: белые сдались");
    let next = home.run(&args, "с3-в4\n");
    next.expect("с3-в4 прочитано как c3-d4");
    assert!(!next.stdout.contains("какой ход?"), "{}", next.stdout);
}
