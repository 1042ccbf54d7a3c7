//! The words of the command tree: clap's, built from the derive (which carries no
//! text), worded from `cli.ftl` in the player's language ([`word`]: the abouts and
//! each argument's help), and for Russian its frame written too ([`translate`]: value
//! names, defaults and possible values, the headings, the usage line and `-h`/`-V`),
//! which clap writes in English itself.
//!
//! A command's texts are the message named by its path (`shashki-egtb-probe`): its
//! value is the about, its attributes the arguments' help by id (`.fen`). An argument's
//! text is looked for in its command's message, then at the top level in `play`'s
//! (which it shares), then in `options`, where an option several commands share is
//! written once. Possible values are explained in `values`; value names are the
//! attributes of `value-names`, by their English (`FILE.pdn` as `.FILE-pdn`).

use clap::builder::{PossibleValue, StyledStr};
use clap::{Arg, ArgAction, Command};

use shashki::msg;

use shashki::words::Text;

/// The message id of the command at `path` (`shashki`, `shashki-egtb-probe`).
pub fn message_id(path: &[String]) -> String {
    std::iter::once("shashki")
        .chain(path.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("-")
}

/// The attribute of `value-names` for the English value name `name`.
pub fn value_name_id(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// The names of the values an argument takes (clap keeps one for a flag too).
fn value_names(arg: &Arg) -> &[clap::builder::Str] {
    if arg.get_action().takes_values() {
        arg.get_value_names().unwrap_or_default()
    } else {
        &[]
    }
}

/// The messages the texts of the arguments of the command at `path` are looked up in,
/// in order: the command's own (`shashki-egtb-probe`); at the top, `play`'s, since
/// with no subcommand it plays; and `options`, the texts of options several commands
/// share.
fn text_sources(path: &[String]) -> Vec<String> {
    let mut sources = vec![message_id(path)];
    if path.is_empty() {
        sources.push("shashki-play".to_string());
    }
    sources.push("options".to_string());
    sources
}

/// The help of argument `id` of the command at `path`, in the language of `text`.
fn arg_text(text: &Text, path: &[String], id: &str) -> Option<String> {
    text_sources(path)
        .iter()
        .find_map(|message| text.attribute(message, id))
}

/// The help of a possible value of an option, in the language of `text`.
fn value_text(text: &Text, name: &str) -> Option<String> {
    text.attribute("values", name)
}

/// A possible value of an option, with its help in English: clap lists the values
/// of the English tree; the Russian one lists them itself ([`translate`]).
pub fn possible_value(name: &'static str) -> PossibleValue {
    let value = PossibleValue::new(name);
    match value_text(Text::english(), name) {
        Some(help) => value.help(help),
        None => value,
    }
}

/// `clap::ValueEnum` for the values of an option, each named and with its English
/// help from `cli.ftl`: `value_enum!(Start { Start::Hand => "hand", Start::Tuned => "tuned" })`.
macro_rules! value_enum {
    ($type:ty { $($variant:path => $name:literal),+ $(,)? }) => {
        impl clap::ValueEnum for $type {
            fn value_variants<'a>() -> &'a [Self] {
                &[$($variant),+]
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                let name = match self {
                    $($variant => $name),+
                };
                Some($crate::app::cli::help::possible_value(name))
            }
        }
    };
}
pub(crate) use value_enum;

/// Whether clap gave `arg` itself: `-h`, `--help`, `-V`.
fn is_builtin(arg: &Arg) -> bool {
    matches!(
        arg.get_action(),
        ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version
    )
}

/// Gives every command of `root` its about and every argument its help from the
/// command line's messages in the language of `text` (`cli.ftl`). clap's own
/// `help` and the help of its flags are left to clap, and to [`translate`].
pub fn word(root: Command, text: &Text) -> Command {
    word_command(root, &[], text)
}

fn word_command(cmd: Command, path: &[String], text: &Text) -> Command {
    // clap's `help` speaks for itself (and [`translate`] for it); its copies of the
    // commands it names (`help egtb`) take their abouts.
    let mut cmd = cmd;
    if path.last().is_none_or(|name| name != "help") {
        let named: Vec<String> = path
            .iter()
            .filter(|name| *name != "help")
            .cloned()
            .collect();
        if let Some(about) = text.text(&message_id(&named)) {
            cmd = cmd.about(about);
        }
        cmd = cmd.mut_args(|arg| {
            if is_builtin(&arg) {
                return arg;
            }
            match arg_text(text, &named, arg.get_id().as_str()) {
                Some(help) => arg.help(help),
                // The test of every text fails.
                None => arg,
            }
        });
    }
    for_each_subcommand(cmd, path, |sub, sub_path| word_command(sub, sub_path, text))
}

/// `cmd` with `change` made to each of its subcommands, given its path.
fn for_each_subcommand(
    mut cmd: Command,
    path: &[String],
    change: impl Fn(Command, &[String]) -> Command,
) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|subcommand| subcommand.get_name().to_string())
        .collect();
    for name in names {
        let mut sub_path = path.to_vec();
        sub_path.push(name.clone());
        if let Some(subcommand) = cmd.find_subcommand_mut(&name) {
            let taken = std::mem::take(subcommand);
            *subcommand = change(taken, &sub_path);
        }
    }
    cmd
}

/// The words of the help page around the texts of the commands.
struct Frame {
    usage: String,
    commands: String,
    arguments: String,
    options: String,
    options_placeholder: String,
    command_placeholder: String,
}

impl Frame {
    fn new(russian: &Text) -> Frame {
        Frame {
            usage: text(russian, "help-usage"),
            commands: text(russian, "help-subcommands"),
            arguments: text(russian, "help-arguments"),
            options: text(russian, "help-options"),
            options_placeholder: text(russian, "help-options-placeholder"),
            command_placeholder: text(russian, "help-command-placeholder"),
        }
    }
}

/// The text of message `id` (the id itself if `cli.ftl` lacks it: the tests check).
fn text(russian: &Text, id: &str) -> String {
    russian.text(id).unwrap_or_else(|| id.to_string())
}

/// Turns the frame of `root`, built and worded in Russian ([`word`]), into Russian:
/// the headings, the usage, the defaults and possible values, the value names, clap's
/// own flags and its `help` subcommand.
pub fn translate(root: Command, russian: &Text) -> Command {
    let frame = Frame::new(russian);
    translate_command(root, &[], russian, &frame)
}

fn translate_command(cmd: Command, path: &[String], russian: &Text, frame: &Frame) -> Command {
    let mut cmd = match path.last().is_some_and(|name| name == "help") {
        true => cmd.about(text(russian, "help-command")),
        false => cmd,
    };
    cmd = cmd.mut_args(|arg| translate_arg(arg, russian));
    // Both from the arguments in Russian: their value names are in the usage.
    let indent = frame.usage.chars().count() + 1;
    let usage = usage(
        &cmd,
        &frame.options_placeholder,
        &frame.command_placeholder,
        indent,
    );
    let template = template(&cmd, frame);
    cmd = cmd.override_usage(usage).help_template(template);
    for_each_subcommand(cmd, path, |sub, sub_path| {
        translate_command(sub, sub_path, russian, frame)
    })
}

/// The help page's template: clap's default, with the headings in Russian.
fn template(cmd: &Command, frame: &Frame) -> String {
    let styles = cmd.get_styles();
    let (header, usage) = (styles.get_header(), styles.get_usage());
    let mut template = format!(
        "{{before-help}}{{about-with-newline}}\n{usage}{}{usage:#} {{usage}}",
        frame.usage
    );
    let mut section = |shown: bool, heading: &str, tag: &str| {
        if shown {
            template += &format!("\n\n{header}{heading}{header:#}\n{{{tag}}}");
        }
    };
    section(
        cmd.get_subcommands()
            .any(|subcommand| !subcommand.is_hide_set()),
        &frame.commands,
        "subcommands",
    );
    section(
        cmd.get_positionals().any(|arg| !arg.is_hide_set()),
        &frame.arguments,
        "positionals",
    );
    section(
        cmd.get_arguments()
            .any(|arg| !arg.is_positional() && !arg.is_hide_set()),
        &frame.options,
        "options",
    );
    template + "{after-help}"
}

/// The usage line clap writes for `cmd` (the test compares them in English), with
/// `options` for `OPTIONS` and `command` for `COMMAND`: clap writes `[OPTIONS]` in
/// English whatever the template. `indent` lines up a second line under the first.
pub fn usage(cmd: &Command, options: &str, command: &str, indent: usize) -> String {
    let name = cmd.get_bin_name().unwrap_or(cmd.get_name()).to_string();
    let builtin = |arg: &Arg| {
        matches!(
            arg.get_action(),
            ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version
        )
    };
    let mut words = vec![name.clone()];
    let optional = |arg: &&Arg| {
        !arg.is_positional() && !builtin(arg) && !arg.is_hide_set() && !arg.is_required_set()
    };
    if cmd.get_arguments().any(|arg| optional(&arg)) {
        words.push(format!("[{options}]"));
    }
    words.extend(
        cmd.get_arguments()
            .filter(|arg| !arg.is_positional() && arg.is_required_set() && !arg.is_hide_set())
            .map(ToString::to_string),
    );
    let mut positionals: Vec<&Arg> = cmd
        .get_positionals()
        .filter(|arg| !arg.is_hide_set())
        .collect();
    positionals.sort_by_key(|arg| arg.get_index());
    words.extend(positionals.iter().map(ToString::to_string));
    let mut usage = words.join(" ");
    if cmd
        .get_subcommands()
        .any(|subcommand| !subcommand.is_hide_set())
    {
        if cmd.is_args_conflicts_with_subcommands_set() {
            usage += &format!("\n{:indent$}{name} <{command}>", "");
        } else if cmd.is_subcommand_required_set() {
            usage += &format!(" <{command}>");
        } else {
            usage += &format!(" [{command}]");
        }
    }
    usage
}

fn translate_arg(arg: Arg, russian: &Text) -> Arg {
    match arg.get_action() {
        ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong => {
            // clap gives `-h` a pointer to `--help` where that shows more.
            return if arg.get_long_help().is_some() {
                arg.help(text(russian, "help-flag-summary"))
                    .long_help(text(russian, "help-flag-detailed"))
            } else {
                arg.help(text(russian, "help-flag"))
            };
        }
        ArgAction::Version => return arg.help(text(russian, "help-version")),
        _ => {}
    }
    let Some(help) = arg.get_help().map(StyledStr::to_string) else {
        return arg;
    };
    let mut short = help.to_string();
    let mut long = None;
    let values: Vec<PossibleValue> = arg
        .get_possible_values()
        .into_iter()
        .filter(|value| !value.is_hide_set())
        .collect();
    let mut arg = arg;
    if !values.is_empty() {
        let names: Vec<&str> = values.iter().map(PossibleValue::get_name).collect();
        short += &format!(
            " {}",
            russian.render(&msg!("help-values", values = names.join(", ")))
        );
        // As clap does: `--help` lists the values with their help, when they have some.
        if values.iter().any(|value| value.get_help().is_some()) {
            let width = names
                .iter()
                .map(|name| name.chars().count())
                .max()
                .unwrap_or(0);
            let mut list = format!("{help}\n\n{}", text(russian, "help-values-heading"));
            for value in &values {
                let name = value.get_name();
                let meaning = value_text(russian, name).unwrap_or_default();
                let pad = width - name.chars().count();
                list += &format!("\n- {name}: {:pad$}{meaning}", "");
            }
            long = Some(list);
        }
        arg = arg.hide_possible_values(true);
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|value| value.to_string_lossy().into_owned())
        .collect();
    if arg.get_action().takes_values() && !defaults.is_empty() && !arg.is_hide_default_value_set() {
        let default = russian.render(&msg!("help-default", value = defaults.join(" ")));
        short += &format!(" {default}");
        long = long.map(|long| format!("{long}\n\n{default}"));
        arg = arg.hide_default_value(true);
    }
    if arg.get_action().takes_values() {
        let translated: Vec<String> = value_names(&arg)
            .iter()
            .map(|name| {
                russian
                    .attribute("value-names", &value_name_id(name))
                    .unwrap_or_else(|| name.to_string())
            })
            .collect();
        arg = arg.value_names(translated);
    }
    let arg = arg.help(short);
    match long {
        Some(long) => arg.long_help(long),
        None => arg,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::app::console::Lang;
    use fluent_syntax::ast::Entry;

    use super::*;

    /// Whether `cmd`, at `path`, is clap's own `help` subcommand or a copy of a command
    /// under it (for `shashki help egtb`): those take the texts of the commands they name.
    fn is_help_command(path: &[String]) -> bool {
        path.iter().any(|name| name == "help")
    }

    /// Every command of `root` with its path, the top first; not clap's `help`.
    fn commands(root: &Command) -> Vec<(Vec<String>, &Command)> {
        let mut all = vec![(Vec::new(), root)];
        let mut index = 0;
        while index < all.len() {
            let (path, cmd) = all[index].clone();
            for sub in cmd.get_subcommands() {
                let mut path = path.clone();
                path.push(sub.get_name().to_string());
                if !is_help_command(&path) {
                    all.push((path, sub));
                }
            }
            index += 1;
        }
        all
    }

    /// The possible values that must have a text: those of an option that takes a
    /// value, but `--lang`'s (`en`, `ru` say it all).
    fn worded_values(arg: &Arg) -> Vec<PossibleValue> {
        if arg.get_action().takes_values() && arg.get_id() != "lang" {
            arg.get_possible_values()
        } else {
            Vec::new()
        }
    }

    #[test]
    fn every_command_argument_and_value_has_a_text_in_both_languages() {
        let root = super::super::command(Lang::En);
        for lang in [Lang::En, Lang::Ru] {
            let text = Text::new(lang);
            let mut missing = Vec::new();
            for (path, cmd) in commands(&root) {
                let id = message_id(&path);
                if text.text(&id).is_none() {
                    missing.push(id.clone());
                }
                for arg in cmd.get_arguments().filter(|arg| !is_builtin(arg)) {
                    if arg_text(&text, &path, arg.get_id().as_str()).is_none() {
                        missing.push(format!("{id}.{}", arg.get_id()));
                    }
                    for value in worded_values(arg) {
                        if value_text(&text, value.get_name()).is_none() {
                            missing.push(format!("values.{}", value.get_name()));
                        }
                    }
                }
            }
            assert!(missing.is_empty(), "no {lang:?} text for {missing:?}");
        }
        let russian = Text::new(Lang::Ru);
        for (_, cmd) in commands(&root) {
            for arg in cmd.get_arguments() {
                for name in value_names(arg) {
                    let name = value_name_id(name);
                    assert!(
                        russian.attribute("value-names", &name).is_some(),
                        "no Russian for the value name {name}"
                    );
                }
            }
        }
    }

    /// The ids the applications' code asks `cli.ftl` for by name (the console and the
    /// Hub word some refusals of values the command line shares).
    fn ids_in_the_code() -> BTreeSet<String> {
        let patterns = ["msg!(", "text(russian, ", ".text(", ".attribute("];
        crate::message_ids::ids_after(&patterns, "src/app")
    }

    #[test]
    fn every_text_of_both_cli_ftl_files_is_used() {
        let root = super::super::command(Lang::En);
        for (lang, source) in [
            (Lang::En, shashki::words::ENGLISH_COMMAND_LINE),
            (Lang::Ru, shashki::words::RUSSIAN_COMMAND_LINE),
        ] {
            let text = Text::new(lang);
            let mut used: BTreeSet<String> = ids_in_the_code();
            assert!(used.len() > 40, "the scan finds the ids: {used:?}");
            for (path, cmd) in commands(&root) {
                let id = message_id(&path);
                used.insert(id.clone());
                for arg in cmd.get_arguments() {
                    let name = arg.get_id().as_str();
                    // The message the text is found in: a text shadowed everywhere is unused.
                    if let Some(source) = text_sources(&path)
                        .into_iter()
                        .find(|source| text.attribute(source, name).is_some())
                    {
                        used.insert(format!("{source}.{name}"));
                    }
                    for value in arg.get_possible_values() {
                        used.insert(format!("values.{}", value.get_name()));
                    }
                    for name in value_names(arg) {
                        used.insert(format!("value-names.{}", value_name_id(name)));
                    }
                }
            }
            let resource = fluent_syntax::parser::parse(source).expect("cli.ftl parses");
            let mut unused = Vec::new();
            for entry in &resource.body {
                let Entry::Message(message) = entry else {
                    continue;
                };
                let id = message.id.name;
                if message.value.is_some() && !used.contains(id) {
                    unused.push(id.to_string());
                }
                for attribute in &message.attributes {
                    let full = format!("{id}.{}", attribute.id.name);
                    if !used.contains(&full) {
                        unused.push(full);
                    }
                }
            }
            assert!(
                unused.is_empty(),
                "in {lang:?} cli.ftl but never used: {unused:?}"
            );
        }
    }

    /// Every page of help of `root`: `-h` and `--help` of every command.
    fn every_help(lang: Lang) -> Vec<(String, String)> {
        let root = super::super::command(lang);
        let mut pages = Vec::new();
        for (path, _) in commands(&root) {
            let mut cmd = root.clone();
            for name in &path {
                cmd = cmd.find_subcommand(name).expect("a subcommand").clone();
            }
            let name = format!("{lang:?} shashki {}", path.join(" "));
            pages.push((format!("{name} -h"), cmd.render_help().to_string()));
            pages.push((format!("{name} --help"), cmd.render_long_help().to_string()));
        }
        pages
    }

    #[test]
    fn every_line_of_help_fits_80_columns_in_both_languages() {
        for lang in [Lang::En, Lang::Ru] {
            for (name, page) in every_help(lang) {
                for line in page.lines() {
                    assert!(line.chars().count() <= 80, "{name}: {line:?}");
                }
            }
        }
    }

    #[test]
    fn russian_help_is_russian_throughout() {
        for (name, page) in every_help(Lang::Ru) {
            for english in [
                "Usage:",
                "Commands:",
                "Arguments:",
                "Options:",
                "[OPTIONS]",
                "<COMMAND>",
                "[default:",
                "[possible values:",
                "Possible values:",
                "Print help",
                "Print version",
            ] {
                assert!(!page.contains(english), "{name}: {english:?} in\n{page}");
            }
            assert!(page.contains("Использование: shashki"), "{name}:\n{page}");
        }
        let top = &every_help(Lang::Ru)[1].1;
        for russian in [
            "Команды:\n",
            "Аргументы:\n",
            "Параметры:\n",
            "--level <УРОВЕНЬ>",
            "Играть чёрными: первым ходит бот",
            "[по умолчанию: full]",
            "- short: Краткая запись: cd4, e:e7",
            "[значения: en, ru]",
        ] {
            assert!(top.contains(russian), "{russian:?} in\n{top}");
        }
    }

    #[test]
    fn the_usage_line_is_the_one_clap_writes() {
        let root = super::super::command(Lang::En);
        for (path, _) in commands(&root) {
            let mut cmd = root.clone();
            for name in &path {
                cmd = cmd.find_subcommand(name).expect("a subcommand").clone();
            }
            let clap = cmd.render_usage().to_string();
            let ours = usage(&cmd, "OPTIONS", "COMMAND", "Usage: ".len());
            assert_eq!(clap, format!("Usage: {ours}"), "shashki {}", path.join(" "));
        }
    }
}
