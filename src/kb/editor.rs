//! The one editor of knowledge-base files: `remember` and the learned facts both
//! change a base through it.
//!
//! A file keeps its byte-order mark, its line ending and every byte an edit does not
//! touch; the edited text is written only if the whole base then loads, and it
//! replaces the old in one step ([`write_atomically`]).

use std::path::{Path, PathBuf};

use super::Diagnostic;
use super::base::{KbPart, KnowledgeBase, LoadResult};
use super::problem::Problem;
use super::provenance::Origin;
use crate::files::{DataDir, FileFailure, ReadError, read_text_and_mark, write_atomically};

/// The UTF-8 byte-order mark, as text.
const BYTE_ORDER_MARK: &str = "\u{FEFF}";

/// A knowledge-base file being edited: its text as read (or its seed, for a file not
/// made yet) and how it is to be written back.
#[derive(Clone, Debug)]
pub struct KbEditor {
    path: PathBuf,
    origin: String,
    text: String,
    byte_order_mark: bool,
    ending: &'static str,
}

impl KbEditor {
    /// Opens the base at `path` for an edit; a missing file starts as `seed` (the
    /// built-in base, or nothing). A file that cannot be read is refused with why.
    pub fn open(path: &Path, seed: &str) -> Result<KbEditor, Vec<Diagnostic>> {
        let origin = path.display().to_string();
        let (text, byte_order_mark) = match read_text_and_mark(path) {
            Ok(read) => read,
            Err(ReadError::Io(error)) if error.kind() == std::io::ErrorKind::NotFound => {
                (seed.to_string(), false)
            }
            Err(error) => {
                let problem = Problem::CannotRead(FileFailure::from(&error));
                return Err(vec![Diagnostic::file_error(&origin, problem)]);
            }
        };
        let ending = line_ending(&text);
        Ok(KbEditor {
            path: path.to_path_buf(),
            origin,
            text,
            byte_order_mark,
            ending,
        })
    }

    /// The file's name as diagnostics give it.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The text as it stands (without a byte-order mark).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The base the text makes as it stands, or its problems when any is an error: a
    /// file with a broken fact is not written into, lest the fact be lost.
    pub fn base(&self) -> LoadResult {
        let part = KbPart::file(Origin::Starter, &self.path);
        let (base, problems) = KnowledgeBase::parse_part(&self.text, &part)?;
        match problems.iter().any(Diagnostic::is_error) {
            true => Err(problems),
            false => Ok((base, problems)),
        }
    }

    /// Adds `block` (lines ending in `\n`) at the end, after a blank line unless the
    /// text is empty, with the file's own line ending. The line the block starts on.
    pub fn append(&mut self, block: &str) -> usize {
        let separator = match self.text.as_bytes().last() {
            None => "",
            Some(b'\n') => self.ending,
            Some(_) => &self.ending.repeat(2),
        };
        self.text.push_str(separator);
        let line = 1 + self.text.matches('\n').count();
        if self.ending == "\n" {
            self.text.push_str(block);
        } else {
            self.text.push_str(&block.replace('\n', self.ending));
        }
        line
    }

    /// Replaces the text, each line of which keeps the ending it was given.
    pub fn replace(&mut self, text: String) {
        self.text = text;
    }

    /// Writes the text to the file, made with its directory if missing, if the whole
    /// base then loads and `accept` takes it; the byte-order mark goes back if the file
    /// had one. The base written, or the problems (and the file is left alone).
    pub fn save_if(
        &self,
        accept: impl FnOnce(&KnowledgeBase) -> Result<(), Vec<Diagnostic>>,
    ) -> Result<KnowledgeBase, Vec<Diagnostic>> {
        let (base, _) = self.base()?;
        accept(&base)?;
        let mark = if self.byte_order_mark {
            BYTE_ORDER_MARK
        } else {
            ""
        };
        let bytes = format!("{mark}{}", self.text);
        DataDir::prepare(&self.path)
            .and_then(|()| write_atomically(&self.path, bytes.as_bytes()))
            .map_err(|error| {
                let problem = Problem::CannotWrite(FileFailure::from(&error));
                vec![Diagnostic::file_error(&self.origin, problem)]
            })?;
        Ok(base)
    }

    /// [`save_if`](Self::save_if) with nothing more to check than that the base loads.
    pub fn save(&self) -> Result<KnowledgeBase, Vec<Diagnostic>> {
        self.save_if(|_| Ok(()))
    }
}

/// The line ending of `text`: that of its first line break, `\n` when it has none.
fn line_ending(text: &str) -> &'static str {
    match text.find('\n') {
        Some(at) if text[..at].ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kb::exact_fact_text;

    /// An exact fact for the start: c3-d4, eleven lines.
    fn fact() -> String {
        let (start, line) = crate::testing::line(crate::START_FEN, &["c3-d4"]);
        exact_fact_text("Начало", &start, &[line])
    }

    /// A base's path in a fresh directory, removed with the returned guard.
    fn scratch(name: &str) -> (tempfile::TempDir, PathBuf) {
        crate::testing::scratch_file(&format!("editor-{name}"), "combs.txt")
    }

    #[test]
    fn an_appended_block_takes_the_file_s_crlf_endings_and_its_mark() {
        let (_dir, path) = scratch("crlf");
        std::fs::write(&path, "\u{FEFF}% mine\r\n").unwrap();
        let mut editor = KbEditor::open(&path, "").unwrap();
        assert_eq!(editor.text(), "% mine\r\n");
        assert_eq!(editor.append(&fact()), 3);
        editor.save().unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        let expected = format!("\u{FEFF}% mine\r\n\r\n{}", fact().replace('\n', "\r\n"));
        assert_eq!(written, expected);
    }

    #[test]
    fn a_file_without_a_final_line_break_gets_a_blank_line_before_the_block() {
        let (_dir, path) = scratch("no-break");
        std::fs::write(&path, "% one\n% two").unwrap();
        let mut editor = KbEditor::open(&path, "").unwrap();
        assert_eq!(editor.append(&fact()), 4);
        editor.save().unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        assert_eq!(written, format!("% one\n% two\n\n{}", fact()));
    }

    #[test]
    fn a_missing_file_starts_from_the_seed_and_its_directory_is_made() {
        let (dir, _) = scratch("seed");
        let path = dir.path().join("kb/learned.txt");
        let mut editor = KbEditor::open(&path, "% seed\n").unwrap();
        editor.append(&fact());
        assert_eq!(editor.save().unwrap().len(), 1);
        let written = std::fs::read_to_string(&path).unwrap();
        assert_eq!(written, format!("% seed\n\n{}", fact()));
    }

    #[test]
    fn a_base_with_errors_is_not_written() {
        let (_dir, path) = scratch("errors");
        let broken = fact().replace("play c3-d4", "play c3-d5");
        std::fs::write(&path, &broken).unwrap();
        let mut editor = KbEditor::open(&path, "").unwrap();
        assert!(editor.base().is_err());
        editor.append(&fact());
        let problems = editor.save().unwrap_err();
        assert_eq!(problems[0].line, 11, "{problems:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
    }

    #[test]
    fn a_check_that_refuses_leaves_the_file_alone() {
        let (_dir, path) = scratch("refused");
        std::fs::write(&path, "% kept\n").unwrap();
        let mut editor = KbEditor::open(&path, "").unwrap();
        editor.append(&fact());
        let refusal = vec![Diagnostic::file_error("x", Problem::NothingRemembered)];
        assert!(editor.save_if(|_| Err(refusal.clone())).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "% kept\n");
    }

    #[test]
    fn a_file_that_cannot_be_read_is_refused() {
        let (dir, _) = scratch("directory");
        let problems = KbEditor::open(dir.path(), "").unwrap_err();
        assert!(
            matches!(problems[0].problem, Problem::CannotRead(_)),
            "{problems:?}"
        );
    }
}
