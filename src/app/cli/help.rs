//! The Russian command tree: clap's, built from the derive, with every text clap
//! shows replaced from `cli.ftl` (the abouts, each argument's help, its value names,
//! defaults and possible values, the headings, the usage line and `-h`/`-V`).
//!
//! A command's texts are the message named by its path (`shashki-egtb-probe`): its
//! value is the about, its attributes the arguments' help by id (`.fen`), and
//! `.value-NAME` a possible value's. An option several commands share with the same
//! English text is written once, under one of them (the options of `play`, which the
//! top level shares, under `shashki-play`). Value names are the attributes of
//! `value-names`, by their English (`FILE.pdn` as `.FILE-pdn`).

use std::collections::HashMap;

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

/// Whether `cmd`, at `path`, is clap's own `help` subcommand or a copy of a command
/// under it (for `shashki help egtb`): those take the texts of the commands they name.
fn is_help_command(path: &[String]) -> bool {
    path.iter().any(|name| name == "help")
}

/// The names of the values an argument takes (clap keeps one for a flag too).
fn value_names(arg: &Arg) -> &[clap::builder::Str] {
    if arg.get_action().takes_values() {
        arg.get_value_names().unwrap_or_default()
    } else {
        &[]
    }
}

/// An argument's English help, which names it among the arguments of that id.
fn english(arg: &Arg) -> String {
    arg.get_help().map(StyledStr::to_string).unwrap_or_default()
}

/// The Russian of every argument and possible value, found by id and English text.
#[derive(Default)]
pub struct Texts {
    /// (argument id, English help) to the Russian help.
    args: HashMap<(String, String), String>,
    /// (value, English help) to the Russian help of a possible value.
    values: HashMap<(String, String), String>,
}

impl Texts {
    /// Collects the texts `cli.ftl` gives the commands of `root`.
    pub fn collect(root: &Command, russian: &Text) -> Texts {
        let mut texts = Texts::default();
        texts.collect_from(root, &[], russian);
        texts
    }

    fn collect_from(&mut self, cmd: &Command, path: &[String], russian: &Text) {
        if is_help_command(path) {
            return;
        }
        let id = message_id(path);
        for arg in cmd.get_arguments() {
            let name = arg.get_id().as_str();
            if let Some(text) = russian.attribute(&id, name) {
                self.args.insert((name.to_string(), english(arg)), text);
            }
            for value in arg.get_possible_values() {
                let key = format!("value-{}", value.get_name());
                if let (Some(text), Some(help)) = (russian.attribute(&id, &key), value.get_help()) {
                    self.values
                        .insert((value.get_name().to_string(), help.to_string()), text);
                }
            }
        }
        for subcommand in cmd.get_subcommands() {
            let mut path = path.to_vec();
            path.push(subcommand.get_name().to_string());
            self.collect_from(subcommand, &path, russian);
        }
    }

    /// The Russian help of `arg`, if `cli.ftl` has it.
    pub fn arg(&self, arg: &Arg) -> Option<&str> {
        self.args
            .get(&(arg.get_id().to_string(), english(arg)))
            .map(String::as_str)
    }

    /// The Russian help of the possible value `value`, if it has help and a text.
    pub fn value(&self, value: &PossibleValue) -> Option<&str> {
        let help = value.get_help()?.to_string();
        self.values
            .get(&(value.get_name().to_string(), help))
            .map(String::as_str)
    }
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

/// Turns `root`, built, into Russian.
pub fn translate(root: Command, russian: &Text) -> Command {
    let texts = Texts::collect(&root, russian);
    let frame = Frame::new(russian);
    translate_command(root, &[], russian, &texts, &frame)
}

fn translate_command(
    cmd: Command,
    path: &[String],
    russian: &Text,
    texts: &Texts,
    frame: &Frame,
) -> Command {
    let about = if path.last().is_some_and(|name| name == "help") {
        russian.text("help-command")
    } else {
        let named: Vec<String> = path
            .iter()
            .filter(|name| *name != "help")
            .cloned()
            .collect();
        russian.text(&message_id(&named))
    };
    let mut cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd,
    };
    cmd = cmd.mut_args(|arg| translate_arg(arg, russian, texts));
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
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|subcommand| subcommand.get_name().to_string())
        .collect();
    for name in names {
        let mut sub_path = path.to_vec();
        sub_path.push(name.clone());
        if let Some(subcommand) = cmd.find_subcommand_mut(&name) {
            let taken = std::mem::take(subcommand);
            *subcommand = translate_command(taken, &sub_path, russian, texts, frame);
        }
    }
    cmd
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

fn translate_arg(arg: Arg, russian: &Text, texts: &Texts) -> Arg {
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
    let Some(help) = texts.arg(&arg) else {
        // The test of every text fails; meanwhile the English stands.
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
                let meaning = texts.value(value).unwrap_or_default();
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

    fn is_builtin(arg: &Arg) -> bool {
        matches!(
            arg.get_action(),
            ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong | ArgAction::Version
        )
    }

    #[test]
    fn every_command_argument_value_and_value_name_has_a_russian_text() {
        let russian = Text::new(Lang::Ru);
        let root = super::super::command(Lang::En);
        let texts = Texts::collect(&root, &russian);
        let mut missing = Vec::new();
        for (path, cmd) in commands(&root) {
            let id = message_id(&path);
            if russian.text(&id).is_none() {
                missing.push(id.clone());
            }
            for arg in cmd.get_arguments().filter(|arg| !is_builtin(arg)) {
                if texts.arg(arg).is_none() {
                    missing.push(format!("{id}.{}", arg.get_id()));
                }
                for value in arg.get_possible_values() {
                    if value.get_help().is_some() && texts.value(&value).is_none() {
                        missing.push(format!("{id}.value-{}", value.get_name()));
                    }
                }
                for name in value_names(arg) {
                    let name = value_name_id(name);
                    if russian.attribute("value-names", &name).is_none() {
                        missing.push(format!("value-names.{name}"));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "no Russian text for {missing:?}");
    }

    /// The ids the command line's code asks `cli.ftl` for by name.
    fn ids_in_the_code() -> BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/cli");
        let mut found = BTreeSet::new();
        for entry in std::fs::read_dir(dir).expect("src/app/cli") {
            let source = std::fs::read_to_string(entry.expect("an entry").path()).expect("read");
            for pattern in ["msg!(", "text(russian, ", ".text(", ".attribute("] {
                for (start, _) in source.match_indices(pattern) {
                    // rustfmt may put the id on the next line.
                    let rest = source[start + pattern.len()..].trim_start();
                    let id = rest
                        .strip_prefix('"')
                        .and_then(|rest| rest.split('"').next());
                    if let Some(id) = id.filter(|id| {
                        !id.is_empty()
                            && id
                                .bytes()
                                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                    }) {
                        found.insert(id.to_string());
                    }
                }
            }
        }
        found
    }

    #[test]
    fn every_text_of_cli_ftl_is_used() {
        let root = super::super::command(Lang::En);
        let mut used: BTreeSet<String> = ids_in_the_code();
        assert!(used.len() > 40, "the scan finds the ids: {used:?}");
        for (path, cmd) in commands(&root) {
            let id = message_id(&path);
            used.insert(id.clone());
            for arg in cmd.get_arguments() {
                used.insert(format!("{id}.{}", arg.get_id()));
                for value in arg.get_possible_values() {
                    used.insert(format!("{id}.value-{}", value.get_name()));
                }
                for name in value_names(arg) {
                    used.insert(format!("value-names.{}", value_name_id(name)));
                }
            }
        }
        let resource = fluent_syntax::parser::parse(shashki::words::RUSSIAN_COMMAND_LINE)
            .expect("cli.ftl parses");
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
        assert!(unused.is_empty(), "in cli.ftl but never used: {unused:?}");
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
