//! What the command line says instead of running a subcommand: the help, the version,
//! or why the arguments are refused. English is clap's own rendering; Russian is
//! written here from the error's kind and context, never from clap's English.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command};
use shashki::words::Message;

use super::help::usage;
use super::values::ValueError;
use super::words::{UnknownWord, command_path};
use shashki::msg;
use shashki::words::{Lang, Text};

/// clap's exit status for arguments it refuses.
const USAGE_ERROR: u8 = 2;

/// The help, the version or a refusal, ready to be printed.
pub enum Refusal {
    /// clap prints it: the help and the version in either language (the Russian tree
    /// writes them in Russian), and refusals in English.
    Clap(clap::Error),
    /// A refusal in Russian, written here.
    Written(String),
}

impl Refusal {
    /// Prints it where it belongs and gives the exit status: 0 for the help and the
    /// version, on standard output; 2 for a refusal, on standard error.
    pub fn report(self) -> ExitCode {
        match self {
            Refusal::Clap(error) => {
                // A closed output is no reason to fail louder.
                let _ = error.print();
                ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(USAGE_ERROR))
            }
            Refusal::Written(text) => {
                eprint!("{text}");
                ExitCode::from(USAGE_ERROR)
            }
        }
    }
}

/// The command at `path` under `root`.
fn find<'a>(root: &'a Command, path: &[String]) -> &'a Command {
    path.iter()
        .try_fold(root, |cmd, name| cmd.find_subcommand(name))
        .unwrap_or(root)
}

/// The refusal of `error`, which clap gave for `args` (the program's name first)
/// read with `root`, the tree of `lang`.
pub fn refuse(error: clap::Error, root: &Command, args: &[OsString], lang: Lang) -> Refusal {
    let printed_by_clap = matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if lang == Lang::En || printed_by_clap {
        return Refusal::Clap(error);
    }
    let cmd = find(root, &command_path(root, args));
    Refusal::Written(russian_error(&error, cmd, args, &Text::new(Lang::Ru)))
}

/// The refusal of a word that is neither a command nor a file.
pub fn refuse_word(unknown: &UnknownWord, root: &mut Command, lang: Lang) -> Refusal {
    let text = Text::new(lang);
    let message = if unknown.path.is_empty() {
        msg!("error-unknown-word", word = unknown.word.as_str())
    } else {
        msg!("error-no-such-file", word = unknown.word.as_str())
    };
    let tips: Vec<Message> = unknown
        .nearest
        .iter()
        .map(|nearest| msg!("tip-command", name = nearest.as_str()))
        .collect();
    match lang {
        // clap writes the frame around the words in English.
        Lang::En => {
            let mut words = text.render(&message);
            for tip in &tips {
                words += &format!("\n\n  {}", text.render(tip));
            }
            let mut cmd = root;
            for name in &unknown.path {
                cmd = cmd
                    .find_subcommand_mut(name)
                    .expect("the path was read from this tree");
            }
            Refusal::Clap(cmd.error(ErrorKind::InvalidSubcommand, words))
        }
        Lang::Ru => Refusal::Written(written(
            &text,
            text.render(&message),
            tips,
            find(root, &unknown.path),
            true,
        )),
    }
}

/// A context value as text (one string, or several joined).
fn text(value: Option<&ContextValue>) -> String {
    match value {
        Some(ContextValue::String(text)) => text.clone(),
        Some(ContextValue::Strings(texts)) => texts.join(", "),
        Some(ContextValue::Number(number)) => number.to_string(),
        _ => String::new(),
    }
}

/// Several context values, one a line (for the arguments a refusal lists).
fn listed(value: Option<&ContextValue>) -> String {
    match value {
        Some(ContextValue::Strings(texts)) => texts
            .iter()
            .map(|text| format!("\n  {text}"))
            .collect::<String>(),
        Some(ContextValue::String(text)) => format!("\n  {text}"),
        _ => String::new(),
    }
}

/// `error` in Russian, for `cmd`.
fn russian_error(error: &clap::Error, cmd: &Command, args: &[OsString], russian: &Text) -> String {
    let get = |kind: ContextKind| error.get(kind);
    let arg = text(get(ContextKind::InvalidArg));
    let value = text(get(ContextKind::InvalidValue));
    let message = match error.kind() {
        ErrorKind::InvalidValue if value.is_empty() => {
            msg!("error-value-missing", arg = arg.as_str())
        }
        ErrorKind::InvalidValue => msg!(
            "error-invalid-value",
            arg = arg.as_str(),
            value = value.as_str()
        ),
        ErrorKind::ValueValidation => {
            let source = std::error::Error::source(error);
            let reason = match source.and_then(|source| source.downcast_ref::<ValueError>()) {
                Some(reason) => russian.render(&reason.message()),
                // Every parser of this program gives a `ValueError` (a test checks).
                None => source.map(ToString::to_string).unwrap_or_default(),
            };
            msg!(
                "error-bad-value",
                arg = arg.as_str(),
                value = value.as_str(),
                reason = reason
            )
        }
        ErrorKind::UnknownArgument if arg.starts_with('-') => {
            msg!("error-unknown-option", arg = arg.as_str())
        }
        ErrorKind::UnknownArgument => msg!("error-unexpected-word", word = arg.as_str()),
        ErrorKind::InvalidSubcommand => msg!(
            "error-unknown-command",
            name = text(get(ContextKind::InvalidSubcommand))
        ),
        ErrorKind::MissingRequiredArgument => msg!(
            "error-missing-arguments",
            args = listed(get(ContextKind::InvalidArg))
        ),
        ErrorKind::MissingSubcommand => msg!(
            "error-missing-command",
            command = text(get(ContextKind::InvalidSubcommand)),
            commands = text(get(ContextKind::ValidSubcommand))
        ),
        ErrorKind::ArgumentConflict => conflict(error),
        ErrorKind::NoEquals => msg!("error-no-equals", arg = arg.as_str()),
        ErrorKind::TooManyValues => msg!(
            "error-too-many-values",
            arg = arg.as_str(),
            value = value.as_str()
        ),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => msg!(
            "error-value-count",
            arg = arg.as_str(),
            expected = text(get(ContextKind::ExpectedNumValues).or(get(ContextKind::MinValues))),
            given = text(get(ContextKind::ActualNumValues))
        ),
        ErrorKind::InvalidUtf8 => msg!("error-not-utf8"),
        _ => msg!("error-other", kind = error.kind().to_string()),
    };
    let mut message = russian.render(&message);
    // As clap does: the values there are, on a line of their own.
    if error.kind() == ErrorKind::InvalidValue
        && let Some(ContextValue::Strings(values)) = get(ContextKind::ValidValue)
        && !values.is_empty()
    {
        let values = msg!("help-values", values = values.join(", "));
        message += &format!("\n  {}", russian.render(&values));
    }
    let mut tips = Vec::new();
    if let Some(ContextValue::Strings(names)) = get(ContextKind::SuggestedSubcommand)
        && !names.is_empty()
    {
        tips.push(msg!("tip-command", name = names.join("», «")));
    }
    if let Some(ContextValue::String(name)) = get(ContextKind::SuggestedArg) {
        tips.push(msg!("tip-option", name = name.as_str()));
    }
    if let Some(ContextValue::String(name)) = get(ContextKind::SuggestedValue) {
        tips.push(msg!("tip-value", value = name.as_str()));
    }
    tips.extend(advice(error, cmd, &arg, args));
    let with_usage = get(ContextKind::Usage).is_some();
    written(russian, message, tips, cmd, with_usage)
}

/// clap's advice beyond the suggestions it names in the context (which it words
/// in English only): as many tips, in its order, from the cases it gives them in.
fn advice(error: &clap::Error, cmd: &Command, arg: &str, args: &[OsString]) -> Vec<Message> {
    let count = match error.get(ContextKind::Suggested) {
        Some(ContextValue::StyledStrs(tips)) => tips.len(),
        _ => 0,
    };
    if count == 0 {
        return Vec::new();
    }
    let word = match error.get(ContextKind::InvalidSubcommand) {
        Some(ContextValue::String(word)) => word.clone(),
        _ => arg.to_string(),
    };
    // `shashki -- perft`: the subcommand was given after `--`.
    if cmd.find_subcommand(&word).is_some() {
        return vec![msg!("tip-remove-dashes", name = word)];
    }
    let mut tips = Vec::new();
    let of_a_subcommand = (error.kind() == ErrorKind::UnknownArgument
        && error.get(ContextKind::SuggestedArg).is_none())
    .then(|| option_of_a_subcommand(cmd, arg, args))
    .flatten();
    if count > usize::from(of_a_subcommand.is_some()) {
        let written = match error.kind() {
            ErrorKind::InvalidSubcommand => {
                let name = cmd.get_bin_name().unwrap_or(cmd.get_name());
                format!("{name} -- {word}")
            }
            _ => format!("-- {word}"),
        };
        tips.push(msg!("tip-dashes", arg = word, written = written));
    }
    tips.extend(of_a_subcommand);
    tips
}

/// `shashki egtb --dri x probe`: the option of a subcommand named later that is
/// nearest the unknown one, as clap finds it.
fn option_of_a_subcommand(cmd: &Command, arg: &str, args: &[OsString]) -> Option<Message> {
    let typed = arg.strip_prefix("--")?;
    let (subcommand, option) = cmd
        .get_subcommands()
        .filter_map(|sub| {
            let position = args.iter().position(|word| word == sub.get_name())?;
            let option = sub
                .get_arguments()
                .filter_map(Arg::get_long)
                .map(|long| (strsim::jaro(typed, long), long))
                .filter(|(likeness, _)| *likeness > 0.7)
                .max_by(|a, b| a.0.total_cmp(&b.0))?
                .1;
            Some((position, sub.get_name(), option))
        })
        .min_by_key(|(position, _, _)| *position)
        .map(|(_, sub, option)| (sub, option))?;
    Some(msg!(
        "tip-subcommand-option",
        option = format!("{subcommand} --{option}")
    ))
}

/// Why the arguments cannot go together.
fn conflict(error: &clap::Error) -> Message {
    let arg = text(error.get(ContextKind::InvalidArg));
    let prior = error.get(ContextKind::PriorArg);
    if arg.is_empty() {
        let name = text(error.get(ContextKind::InvalidSubcommand));
        return match prior {
            Some(ContextValue::Strings(_)) => {
                msg!(
                    "error-command-conflict-many",
                    name = name,
                    with = listed(prior)
                )
            }
            _ => msg!("error-command-conflict", name = name, with = text(prior)),
        };
    }
    match prior {
        Some(ContextValue::String(other)) if *other == arg => {
            msg!("error-repeated", arg = arg)
        }
        Some(ContextValue::String(other)) => {
            msg!("error-conflict", arg = arg, with = other.as_str())
        }
        Some(ContextValue::Strings(_)) => {
            msg!("error-conflict-many", arg = arg, with = listed(prior))
        }
        _ => msg!("error-conflict-some", arg = arg),
    }
}

/// A Russian refusal: the message, any tips, the usage line if asked for, and where
/// to read more.
fn written(
    russian: &Text,
    message: String,
    tips: Vec<Message>,
    cmd: &Command,
    with_usage: bool,
) -> String {
    let mut text = russian.render(&msg!("error", message = message));
    if !tips.is_empty() {
        text += "\n";
        for tip in &tips {
            text += &format!("\n  {}", russian.render(tip));
        }
    }
    if with_usage {
        let heading = russian.text("help-usage").unwrap_or_default();
        let options = russian.text("help-options-placeholder").unwrap_or_default();
        let command = russian.text("help-command-placeholder").unwrap_or_default();
        let line = usage(cmd, &options, &command, heading.chars().count() + 1);
        text += &format!("\n\n{heading} {line}");
    }
    let name = cmd.get_bin_name().unwrap_or(cmd.get_name());
    text += &format!(
        "\n\n{}\n",
        russian.render(&msg!("error-more", command = name))
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::cli::{args, command, parse};

    /// What the command line prints for `words` in `lang` instead of running.
    fn said(words: &[&str], lang: Lang) -> String {
        match parse(&args(words), lang) {
            Err(Refusal::Written(text)) => text,
            Err(Refusal::Clap(error)) => error.render().to_string(),
            Ok(_) => panic!("{words:?} is accepted"),
        }
    }

    #[test]
    fn russian_refusals_say_what_is_wrong_and_where_to_read_more() {
        for (words, expected) in [
            (
                &["--dept", "3"][..],
                &[
                    "ошибка: неизвестный параметр «--dept»\n\n  совет: похожий параметр — «--depth»\n",
                    "\nИспользование: shashki [ПАРАМЕТРЫ] [ФАЙЛ.pdn]\n               shashki <КОМАНДА>\n",
                    "\n\nПодробнее: shashki --help\n",
                ][..],
            ),
            (
                &["--white", "--black"],
                &["ошибка: «--white» нельзя указывать вместе с «--black»"],
            ),
            (
                &["--notation", "long"],
                &[
                    "недопустимое значение «long» для «--notation <ЗАПИСЬ>»\n  [значения: full, short]",
                ],
            ),
            (
                &["egtb", "probe"],
                &[
                    "не указаны обязательные аргументы:\n  --fen <FEN>\n",
                    "Использование: shashki egtb probe [ПАРАМЕТРЫ] --fen <FEN>",
                    "Подробнее: shashki egtb probe --help",
                ],
            ),
            (
                &["egtb", "prob"],
                &["неизвестная команда «prob»\n\n  совет: похожая команда — «probe»"],
            ),
            (&["perft", "3", "4"], &["ошибка: лишний аргумент «4»"]),
            (
                &["perft", "--x", "3"],
                &["совет: чтобы передать «--x» как значение, пишите «-- --x»"],
            ),
            (
                &["--seed", "1", "--seed", "2"],
                &["«--seed <N>» можно указать только один раз"],
            ),
            (
                &["--level", "nosuch"],
                &["«nosuch» — не уровень; уровни: новичок, ученик,"],
            ),
            (
                &["bestmove", "--depth", "0"],
                &["недопустимое значение «0» для «--depth <N>»: нужно число от 1 до 64, а не 0"],
            ),
            (
                &["--depth", "3", "perft", "3"],
                &["команду «3» нельзя давать вместе с:\n  --depth <ПОЛУХОДЫ>\n  [ФАЙЛ.pdn]"],
            ),
            (
                &["perf", "5"],
                &["ошибка: «perf» — не команда и не файл\n\n  совет: похожая команда — «perft»"],
            ),
            (&["play", "nosuch.pdn"], &["ошибка: файла «nosuch.pdn» нет"]),
        ] {
            let text = said(words, Lang::Ru);
            for part in expected {
                assert!(text.contains(part), "{words:?}: {part:?} in\n{text}");
            }
        }
    }

    #[test]
    fn english_refusals_are_clap_s() {
        let unknown = said(&["--dept", "3"], Lang::En);
        assert!(unknown.starts_with("error: unexpected argument '--dept' found"));
        assert!(unknown.contains("tip: a similar argument exists: '--depth'"));
        let word = said(&["perf", "5"], Lang::En);
        assert!(
            word.starts_with(
                "error: 'perf' is neither a command nor an existing file\n\n  \
                 tip: a similar command exists: 'perft'\n\nUsage: shashki [OPTIONS] [FILE.pdn]\n"
            ),
            "{word}"
        );
        assert!(
            word.ends_with("For more information, try '--help'.\n"),
            "{word}"
        );
        let range = said(&["--depth", "0"], Lang::En);
        assert!(
            range.contains(
                "invalid value '0' for '--depth <PLIES>': 0 is outside the range 1 to 64"
            ),
            "{range}"
        );
    }

    #[test]
    fn the_help_and_the_version_are_printed_in_the_language_asked() {
        for (lang, heading) in [
            (Lang::En, "Usage: shashki"),
            (Lang::Ru, "Использование: shashki"),
        ] {
            for words in [
                &["--help"][..],
                &["-h"],
                &["egtb", "probe", "--help"],
                &["help", "kb"],
            ] {
                let Err(Refusal::Clap(error)) = parse(&args(words), lang) else {
                    panic!("{words:?} is no help");
                };
                assert_eq!(error.kind(), ErrorKind::DisplayHelp, "{words:?}");
                assert!(error.render().to_string().contains(heading), "{words:?}");
            }
        }
        let Err(Refusal::Clap(version)) = parse(&args(&["-V"]), Lang::Ru) else {
            panic!("no version");
        };
        let expected = format!("shashki {}\n", super::super::VERSION);
        assert_eq!(version.render().to_string(), expected);
    }

    #[test]
    fn every_refused_value_is_a_value_error_not_clap_s_words() {
        let root = command(Lang::En);
        let mut checked = 0;
        let mut pending = vec![(Vec::<String>::new(), &root)];
        while let Some((path, cmd)) = pending.pop() {
            for sub in cmd.get_subcommands().filter(|sub| sub.get_name() != "help") {
                let mut path = path.clone();
                path.push(sub.get_name().to_string());
                pending.push((path, sub));
            }
            for arg in cmd.get_arguments() {
                if !arg.get_action().takes_values() {
                    continue;
                }
                let mut words: Vec<String> = path.clone();
                match arg.get_long() {
                    Some(long) => words.extend([format!("--{long}"), "x!".into()]),
                    None => words.push("x!".into()),
                }
                let mut argv = vec!["shashki".to_string()];
                argv.extend(words);
                let Err(error) = root.clone().try_get_matches_from(&argv) else {
                    continue;
                };
                if error.kind() == ErrorKind::ValueValidation {
                    let source = std::error::Error::source(&error);
                    assert!(
                        source.is_some_and(|source| source.is::<ValueError>()),
                        "{argv:?}: {error}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{checked} values checked");
    }
}
