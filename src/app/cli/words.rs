//! The words of the command line read before clap reads them: `--lang`, which may
//! stand anywhere, the subcommands named, and a word that is neither a subcommand
//! nor a file (clap would take it for the file `play` opens).

use std::ffi::OsString;
use std::path::Path;

use crate::app::console::Lang;
use clap::Command;

/// How alike a word and a subcommand's name must be for the name to be suggested
/// (Jaro similarity, as clap's own suggestions).
const NEAR: f64 = 0.7;

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

/// A word of the arguments that is neither an option nor an option's value.
struct Word {
    /// Its index in the arguments.
    index: usize,
    /// Whether `--` came before it: then it is no subcommand.
    literal: bool,
    /// Whether options came before it: where options exclude a subcommand (at the
    /// top, those of `play`), it is no subcommand either.
    after_options: bool,
}

/// The first [`Word`] of `args` as `cmd` reads them; none if an option `cmd` does
/// not know comes first (clap refuses that one).
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
            // `--fen=W:Wc3:B` carries its value; `--fen W:Wc3:B` takes the next word.
            let (name, attached) = match long.split_once('=') {
                Some((name, _)) => (name, true),
                None => (long, false),
            };
            let arg = find(&|arg| arg.get_long() == Some(name))?;
            if !attached && arg.get_action().takes_values() {
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

/// A word given where `shashki` or `shashki play` takes a command or the PDN file to
/// open, that is neither.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWord {
    /// The word as typed.
    pub word: String,
    /// The subcommands before it (empty at the top, `["play"]` after `play`).
    pub path: Vec<String>,
    /// The subcommand nearest the word, when one is near (only where a subcommand
    /// may stand).
    pub nearest: Option<String>,
}

/// The first word of `args` (the program's name first) that stands where `play`'s
/// file may, but names neither a subcommand nor anything that exists.
pub fn unknown_word(root: &Command, args: &[OsString]) -> Option<UnknownWord> {
    let (path, cmd, word) = walk(root, args);
    let (word, literal) = word?;
    let takes_file = cmd
        .get_positionals()
        .any(|arg| arg.get_id() == super::play::FILE);
    // A subcommand after the options of `play` is clap's to refuse; after `--`, a
    // word is a file.
    let misplaced = !literal
        && word
            .to_str()
            .is_some_and(|name| cmd.find_subcommand(name).is_some());
    if !takes_file || misplaced || Path::new(&word).exists() {
        return None;
    }
    let word = word.to_string_lossy().into_owned();
    let nearest = (!literal)
        .then(|| cmd.get_subcommands())
        .into_iter()
        .flatten()
        .filter(|subcommand| !subcommand.is_hide_set())
        .map(|subcommand| {
            let name = subcommand.get_name();
            (strsim::jaro(&word.to_lowercase(), name), name)
        })
        .filter(|(likeness, _)| *likeness > NEAR)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| name.to_string());
    Some(UnknownWord {
        word,
        path,
        nearest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::cli::args;

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
        assert_eq!(path(&["egtb", "--lang=x", "probe"]), ["egtb", "probe"]);
        assert_eq!(path(&["--level", "egtb", "x"]), Vec::<String>::new());
        assert_eq!(path(&["perft", "--fen", "kb", "3"]), ["perft"]);
        assert_eq!(path(&["--", "perft"]), Vec::<String>::new());
        assert_eq!(path(&["-h"]), Vec::<String>::new());
        // Options of `play` exclude a subcommand after them, and clap says so.
        assert_eq!(path(&["--depth", "3", "perft", "3"]), Vec::<String>::new());
        assert_eq!(path(&["egtb", "--nosuch", "probe"]), ["egtb"]);
    }

    #[test]
    fn a_word_that_is_neither_a_command_nor_a_file_is_named_with_the_nearest_command() {
        let root = super::super::command(Lang::En);
        let unknown = |words: &[&str]| unknown_word(&root, &args(words));
        let perf = unknown(&["perf", "5"]).expect("perf is unknown");
        assert_eq!(perf.word, "perf");
        assert_eq!(perf.nearest.as_deref(), Some("perft"));
        let word = unknown(&["--depth", "3", "nosuchcommand"]).expect("unknown");
        assert_eq!((word.word.as_str(), word.nearest), ("nosuchcommand", None));
        let file = unknown(&["play", "--black", "nosuch.pdn"]).expect("no such file");
        assert_eq!(file.path, ["play"]);
        assert_eq!(file.nearest, None);
        let manifest = env!("CARGO_MANIFEST_DIR");
        assert_eq!(unknown(&[manifest]), None);
        assert_eq!(unknown(&["perft", "5"]), None);
        assert_eq!(unknown(&["kb", "check", "nosuch.txt"]), None);
        assert_eq!(unknown(&["--level", "perf"]), None);
        // clap refuses these for what comes first.
        assert_eq!(unknown(&["--dept", "3"]), None);
        assert_eq!(unknown(&["--depth", "3", "perft", "3"]), None);
        let literal = unknown(&["--", "perft"]).expect("after --, a file");
        assert_eq!(literal.nearest, None);
    }
}
