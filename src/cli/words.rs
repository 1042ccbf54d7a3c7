//! The words of the command line read before clap reads them: `--lang`, which may
//! stand anywhere, and the subcommands named.

use std::ffi::OsString;

use clap::Command;
use shashki::console::Lang;

/// The language `--lang ru`, `--lang en`, `--lang=ru` or `--lang=en` asks for (the last
/// one given), taken out of `args` so that it may stand anywhere, before or after a
/// subcommand. A `--lang` with another value is left for clap to refuse.
pub fn take_lang(args: &mut Vec<OsString>) -> Option<Lang> {
    let lang = |value: Option<&OsString>| match value.and_then(|value| value.to_str()) {
        Some("en") => Some(Lang::En),
        Some("ru") => Some(Lang::Ru),
        _ => None,
    };
    let mut chosen = None;
    let mut index = 1;
    while index < args.len() {
        let word = args[index].to_str();
        if word == Some("--") {
            break;
        }
        let found = match word {
            Some("--lang") => lang(args.get(index + 1)).map(|lang| (lang, 2)),
            Some(word) => word
                .strip_prefix("--lang=")
                .and_then(|value| lang(Some(&OsString::from(value))))
                .map(|lang| (lang, 1)),
            None => None,
        };
        match found {
            Some((lang, taken)) => {
                chosen = Some(lang);
                args.drain(index..index + taken);
            }
            None => index += 1,
        }
    }
    chosen
}

/// The first word of `args` that is not an option or an option's value, as `cmd`
/// reads them, if no option `cmd` does not know comes first (clap refuses that one).
struct Word {
    /// Its index in the arguments.
    index: usize,
    /// Whether `--` came before it: then it is no subcommand.
    literal: bool,
    /// Whether options came before it: where options exclude a subcommand (at the
    /// top, those of `play`), it is no subcommand either.
    after_options: bool,
}

fn first_word(cmd: &Command, args: &[OsString]) -> Option<Word> {
    let find = |matches: &dyn Fn(&clap::Arg) -> bool| cmd.get_arguments().find(|arg| matches(arg));
    let word = |index, literal, after_options| {
        Some(Word {
            index,
            literal,
            after_options,
        })
    };
    let mut index = 0;
    while index < args.len() {
        let Some(text) = args[index].to_str() else {
            // Not UTF-8: no option, so a file's name.
            return word(index, false, index > 0);
        };
        if text == "--" {
            return (index + 1 < args.len()).then(|| word(index + 1, true, index > 0))?;
        }
        if let Some(long) = text.strip_prefix("--") {
            let (name, value) = long.split_once('=').unwrap_or((long, ""));
            let arg = find(&|arg| arg.get_long() == Some(name))?;
            if value.is_empty() && !long.contains('=') && arg.get_action().takes_values() {
                index += 1;
            }
        } else if let Some(shorts) = text.strip_prefix('-').filter(|shorts| !shorts.is_empty()) {
            // Short flags run together; one that takes a value takes the rest of the
            // word, or the next argument when it is the last.
            let count = shorts.chars().count();
            for (position, short) in shorts.chars().enumerate() {
                let arg = find(&|arg| arg.get_short() == Some(short))?;
                if arg.get_action().takes_values() {
                    if position + 1 == count {
                        index += 1;
                    }
                    break;
                }
            }
        } else {
            return word(index, false, index > 0);
        }
        index += 1;
    }
    None
}

/// The subcommands `args` (the program's name first) name, outermost first:
/// `["egtb", "probe"]` for `shashki egtb probe --fen W:WKc1:BKh8`.
pub fn command_path(root: &Command, args: &[OsString]) -> Vec<String> {
    walk(root, args).0
}

/// The subcommands named, and the first word after them that names none (and
/// whether it came after `--`), with the command it was given to.
fn walk<'a>(
    root: &'a Command,
    args: &[OsString],
) -> (Vec<String>, &'a Command, Option<(OsString, bool)>) {
    let mut path = Vec::new();
    let mut cmd = root;
    let mut rest = args.get(1..).unwrap_or_default();
    while let Some(found) = first_word(cmd, rest) {
        let word = &rest[found.index];
        let excluded = found.after_options && cmd.is_args_conflicts_with_subcommands_set();
        let subcommand = word
            .to_str()
            .filter(|_| !found.literal && !excluded)
            .and_then(|name| cmd.find_subcommand(name));
        match subcommand {
            Some(subcommand) => {
                path.push(subcommand.get_name().to_string());
                cmd = subcommand;
                rest = &rest[found.index + 1..];
            }
            None => return (path, cmd, Some((word.clone(), found.literal))),
        }
    }
    (path, cmd, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        std::iter::once("shashki")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn lang_is_taken_out_wherever_it_stands() {
        let mut given = args(&["egtb", "probe", "--lang", "ru", "--fen", "W:WKc1:BKh8"]);
        assert_eq!(take_lang(&mut given), Some(Lang::Ru));
        assert_eq!(given, args(&["egtb", "probe", "--fen", "W:WKc1:BKh8"]));
        let mut given = args(&["--lang=ru", "perft", "3", "--lang", "en"]);
        assert_eq!(take_lang(&mut given), Some(Lang::En));
        assert_eq!(given, args(&["perft", "3"]));
        // Refused by clap, which names the values there are.
        let mut given = args(&["--lang", "de"]);
        assert_eq!(take_lang(&mut given), None);
        assert_eq!(given, args(&["--lang", "de"]));
        let mut given = args(&["--", "--lang", "ru"]);
        assert_eq!(take_lang(&mut given), None);
    }

    #[test]
    fn the_subcommands_named_are_found_past_options_and_their_values() {
        let root = super::super::command(Lang::En);
        let path = |words: &[&str]| command_path(&root, &args(words));
        assert_eq!(path(&["egtb", "probe", "--fen", "x"]), ["egtb", "probe"]);
        assert_eq!(path(&["--level", "egtb", "x"]), Vec::<String>::new());
        assert_eq!(path(&["perft", "--fen", "kb", "3"]), ["perft"]);
        assert_eq!(path(&["--", "perft"]), Vec::<String>::new());
        assert_eq!(path(&["-h"]), Vec::<String>::new());
        // Options of `play` exclude a subcommand after them, and clap says so.
        assert_eq!(path(&["--depth", "3", "perft", "3"]), Vec::<String>::new());
        assert_eq!(path(&["egtb", "--nosuch", "probe"]), ["egtb"]);
    }
}
