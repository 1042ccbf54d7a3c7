//! The command line in the player's language: the help and the refusals in Russian
//! under a Russian locale or `--lang ru`, words that are neither a command nor a
//! file, level names in both languages, and `egtb probe` without databases.

use crate::common;

use common::{Home, Session, scratch, shashki_in};

const RUSSIAN: &[(&str, &str)] = &[("LANG", "ru_RU.UTF-8")];

/// Runs `shashki ARGS` in a fresh home with the variables `env` over an English locale.
fn run_in(env: &[(&str, &str)], args: &[&str], input: &str) -> Session {
    let home = Home::new("cli");
    home.write("kb/combs.txt", "");
    shashki_in(&home.dir, env, args, input)
}

/// Asserts `session` was refused as clap refuses (exit 2, nothing run) with every
/// part of `expected` on standard error.
#[track_caller]
fn refused(session: &Session, expected: &[&str]) {
    assert_eq!(
        session.code,
        Some(2),
        "{}{}",
        session.stdout,
        session.stderr
    );
    assert_eq!(session.stdout, "", "nothing runs");
    for part in expected {
        assert!(
            session.stderr.contains(part),
            "expected {part:?} in:\n{}",
            session.stderr
        );
    }
}

#[test]
fn help_under_a_russian_locale_or_lang_ru_is_russian() {
    let russian = run_in(RUSSIAN, &["--help"], "");
    assert!(russian.success, "{}", russian.stderr);
    for part in [
        "Русские шашки в терминале",
        "\nИспользование: shashki [ПАРАМЕТРЫ] [ФАЙЛ.pdn]\n               shashki <КОМАНДА>\n",
        "\nКоманды:\n  play      Партия с ботом",
        "\nАргументы:\n  [ФАЙЛ.pdn]\n",
        "\nПараметры:\n      --white\n          Играть белыми (по умолчанию)\n",
        "      --level <УРОВЕНЬ>\n",
        "[по умолчанию: full]",
        "  -h, --help\n          Вывести справку (кратко: -h)\n",
    ] {
        assert!(
            russian.stdout.contains(part),
            "{part:?} in:\n{}",
            russian.stdout
        );
    }
    for english in ["Usage:", "Options:", "Print help", "[default:"] {
        assert!(!russian.stdout.contains(english), "{english:?} in Russian");
    }
    for line in russian.stdout.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    let asked = run_in(&[], &["--lang", "ru", "--help"], "");
    assert_eq!(asked.stdout, russian.stdout);
    let english = run_in(RUSSIAN, &["--lang", "en", "--help"], "");
    assert!(english.success);
    assert!(
        english
            .stdout
            .contains("\nUsage: shashki [OPTIONS] [FILE.pdn]\n       shashki <COMMAND>\n"),
        "{}",
        english.stdout
    );
    assert!(!english.stdout.contains("Использование"));
}

#[test]
fn a_subcommand_s_help_is_russian_too_wherever_lang_stands() {
    let english: &[(&str, &str)] = &[];
    for (env, args) in [
        (RUSSIAN, &["egtb", "probe", "--help"][..]),
        (english, &["--lang", "ru", "egtb", "probe", "-h"]),
        (english, &["egtb", "--lang=ru", "probe", "--help"]),
        (RUSSIAN, &["help", "egtb", "probe"]),
    ] {
        let session = run_in(env, args, "");
        assert!(session.success, "{args:?}: {}", session.stderr);
        assert!(
            session.stdout.starts_with(
                "Вывести точную оценку позиции: `win in N` (выигрыш), `loss in N` (проигрыш) или\n"
            ),
            "{args:?}:\n{}",
            session.stdout
        );
        assert!(
            session
                .stdout
                .contains("Использование: shashki egtb probe [ПАРАМЕТРЫ] --fen <FEN>"),
            "{args:?}:\n{}",
            session.stdout
        );
    }
}

#[test]
fn bad_values_and_unknown_options_are_refused_in_russian() {
    let depth = run_in(RUSSIAN, &["--depth", "0"], "");
    refused(
        &depth,
        &[
            "ошибка: недопустимое значение «0» для «--depth <ПОЛУХОДЫ>»: нужно число от 1 до 64, \
             а не 0\n",
            "\nПодробнее: shashki --help\n",
        ],
    );
    let level = run_in(RUSSIAN, &["--level", "nosuch"], "");
    refused(
        &level,
        &[
            "«nosuch» — не уровень; уровни: новичок, ученик, любитель, разрядник, кандидат, \
           мастер, гроссмейстер",
        ],
    );
    let fen = run_in(RUSSIAN, &["bestmove", "--fen", "W:Wc3:Bz9"], "");
    refused(
        &fen,
        &[
            "для «--fen <FEN>»: строка позиции, позиция 8: «z9» — не шашка",
            "Подробнее: shashki bestmove --help",
        ],
    );
    let option = run_in(RUSSIAN, &["perft", "--dept", "3"], "");
    refused(
        &option,
        &[
            "ошибка: неизвестный параметр «--dept»\n",
            "Использование: shashki perft [ПАРАМЕТРЫ] <ГЛУБИНА>\n",
        ],
    );
    // The English stays clap's.
    let english = run_in(&[], &["--depth", "0"], "");
    refused(
        &english,
        &["error: invalid value '0' for '--depth <PLIES>': 0 is outside the range 1 to 64"],
    );
}

#[test]
fn a_word_that_is_neither_a_command_nor_a_file_is_refused_naming_it() {
    let word = run_in(&[], &["nosuchcommand"], "");
    refused(
        &word,
        &["error: 'nosuchcommand' is neither a command nor an existing file\n"],
    );
    assert!(!word.stderr.contains("tip:"), "{}", word.stderr);
    let perf = run_in(&[], &["perf", "5"], "");
    refused(
        &perf,
        &[
            "error: 'perf' is neither a command nor an existing file\n\n  \
             tip: a similar command exists: 'perft'\n",
            "Usage: shashki [OPTIONS] [FILE.pdn]",
        ],
    );
    let russian = run_in(RUSSIAN, &["perf", "5"], "");
    refused(
        &russian,
        &["ошибка: «perf» — не команда и не файл\n\n  совет: похожая команда — «perft»\n"],
    );
    let file = run_in(RUSSIAN, &["play", "--black", "nosuch.pdn"], "");
    refused(&file, &["ошибка: файла «nosuch.pdn» нет"]);
}

#[test]
fn an_existing_file_still_opens_and_russian_level_names_are_taken() {
    let home = Home::new("cli-file");
    home.write("kb/combs.txt", "");
    home.write("game.pdn", "1. c3-d4 f6-g5 *\n");
    let session = shashki_in(
        &home.dir,
        &[],
        &["--lang", "ru", "--level", "ЛЕГКИЙ", "game.pdn"],
        "уровень\nвыход\n",
    );
    assert!(session.success, "{}", session.stderr);
    session.expect("открыт файл «game.pdn»: 2 полухода");
    session.expect("бот играет на уровне «кандидат»");
    let matched = run_in(
        &[],
        &[
            "match",
            "--games",
            "2",
            "--a-level",
            "новичок",
            "--b-level",
            "beginner",
        ],
        "",
    );
    assert!(matched.success, "{}", matched.stderr);
    matched.expect("A (level beginner, depth 1, no kb, ");
}

#[test]
fn egtb_probe_without_databases_answers_from_the_built_in_tables_or_says_how_to_build() {
    let empty = scratch("egtb-none");
    let dir = empty.to_str().expect("a UTF-8 path");
    let probe = |env: &[(&str, &str)], dir: &str, fen: &str| {
        run_in(env, &["egtb", "probe", "--dir", dir, "--fen", fen], "")
    };
    let draw = probe(&[], dir, "W:WKc1:BKh8");
    assert!(draw.success, "{}", draw.stderr);
    assert_eq!(draw.stdout, "draw\n");
    assert_eq!(probe(RUSSIAN, dir, "W:WKa1:BKh8").stdout, "loss in 2\n");
    let men = probe(&[], dir, "W:Wc3:Bf6");
    assert_eq!(men.code, Some(1));
    assert_eq!(men.stdout, "");
    assert_eq!(
        men.stderr,
        format!("shashki: no tables in {dir}: build them with `shashki egtb build --dir {dir}`\n")
    );
    let russian = probe(RUSSIAN, dir, "W:Wc3:Bf6");
    assert_eq!(
        russian.stderr,
        format!(
            "shashki: в {dir} нет таблиц: постройте их командой `shashki egtb build --dir {dir}`\n"
        )
    );
    let missing = format!("{dir}/nosuch");
    let nowhere = probe(&[], &missing, "W:Wc3:Bf6");
    assert_eq!(nowhere.code, Some(1));
    assert!(
        nowhere
            .stderr
            .contains("there is no such directory; build them with"),
        "{}",
        nowhere.stderr
    );
    assert_eq!(probe(&[], &missing, "W:WKc1:BKh8").stdout, "draw\n");
    std::fs::write(empty.join("file"), "").expect("a file");
    let file = probe(&[], &format!("{dir}/file"), "W:Wc3:Bf6");
    assert!(
        file.stderr.contains("/file is not a directory"),
        "{}",
        file.stderr
    );
    for session in [&men, &russian, &nowhere, &file] {
        assert!(!session.stderr.contains("os error"), "{}", session.stderr);
    }
    // The data directory's tables, none yet.
    let default = run_in(&[], &["egtb", "probe", "--fen", "W:Wc3:Bf6"], "");
    assert!(
        default
            .stderr
            .ends_with("build them with `shashki egtb build`\n"),
        "{}",
        default.stderr
    );
}

#[test]
fn version_names_the_commit_and_the_day_of_the_build_in_any_language() {
    for env in [&[][..], RUSSIAN] {
        let session = run_in(env, &["--version"], "");
        assert!(session.success);
        let line = session.stdout.trim_end();
        let rest = line
            .strip_prefix(concat!("shashki ", env!("CARGO_PKG_VERSION"), " ("))
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{line}"));
        let (commit, day) = rest.split_once(", ").unwrap_or_else(|| panic!("{line}"));
        assert!(
            commit == "unknown"
                || (commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit())),
            "{line}"
        );
        let parts: Vec<&str> = day.split('-').collect();
        assert!(
            parts.len() == 3
                && [4, 2, 2] == [parts[0].len(), parts[1].len(), parts[2].len()]
                && parts
                    .iter()
                    .all(|part| part.bytes().all(|b| b.is_ascii_digit())),
            "{line}"
        );
    }
}
