//! A problem found in a file the program reads (a knowledge base, a game record),
//! printed like a compiler message.

use std::fmt;

/// A place in the source: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

/// How bad a problem is: errors reject the file, warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The file is refused.
    Error,
    /// Worth a look; the file is still used.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// One problem with its place: prints as `PATH:LINE:COL: error: problem`,
/// then the offending line and a caret under the column.
///
/// The problem `P` is any value that words itself in English (`Display`): a knowledge
/// base's typed [`Problem`](crate::kb::Problem), which the console words in the
/// player's language, or plain text for a game record.
///
/// # Examples
///
/// ```
/// use shashki::kb::KnowledgeBase;
///
/// let text = "fact \"broken\" for white\n  play c3-d4\n";
/// let (base, errors) = KnowledgeBase::parse(text, "my.txt").unwrap();
/// assert_eq!(base.left_out(), 1);
/// let shown = errors[0].to_string();
/// assert!(shown.starts_with("my.txt:2:3: error: "), "{shown}");
/// assert!(shown.ends_with("\n  play c3-d4\n  ^"), "{shown}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic<P = String> {
    /// Error or warning.
    pub severity: Severity,
    /// The file (or "built-in starter base").
    pub origin: String,
    /// Line, from 1 (0 when the problem concerns the whole file, like a missing file).
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What is wrong; its `Display` says it in lower case.
    pub problem: P,
    /// The text of the offending line, without its newline.
    pub source_line: String,
}

/// A file's text with the start of every line, found once, so that each
/// diagnostic takes its line from there instead of rescanning the text.
#[derive(Clone, Debug)]
pub struct SourceText<'a> {
    origin: &'a str,
    text: &'a str,
    /// The byte offset of every line's first byte; lines end at `\n`.
    line_starts: Vec<usize>,
}

impl<'a> SourceText<'a> {
    /// Indexes the lines of `text`; `origin` names it in messages.
    pub fn new(text: &'a str, origin: &'a str) -> SourceText<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        SourceText {
            origin,
            text,
            line_starts,
        }
    }

    /// The whole text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The file's name in messages.
    pub fn origin(&self) -> &'a str {
        self.origin
    }

    /// Line `number` (from 1) without its line break; empty past the end.
    pub fn line(&self, number: usize) -> &'a str {
        let Some(&start) = self.line_starts.get(number.wrapping_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(number)
            .map_or(self.text.len(), |next| next - 1);
        self.text[start..end].trim_end_matches('\r')
    }
}

impl<P> Diagnostic<P> {
    /// An error at `spot` of `source`.
    pub fn error(source: &SourceText, spot: Spot, problem: P) -> Diagnostic<P> {
        Diagnostic::new(Severity::Error, source, spot, problem)
    }

    /// A warning at `spot` of `source`.
    pub fn warning(source: &SourceText, spot: Spot, problem: P) -> Diagnostic<P> {
        Diagnostic::new(Severity::Warning, source, spot, problem)
    }

    /// An error about the whole file, such as one that cannot be read.
    pub fn file_error(origin: &str, problem: P) -> Diagnostic<P> {
        Diagnostic {
            severity: Severity::Error,
            origin: origin.to_string(),
            line: 0,
            column: 0,
            problem,
            source_line: String::new(),
        }
    }

    fn new(severity: Severity, source: &SourceText, spot: Spot, problem: P) -> Diagnostic<P> {
        Diagnostic {
            severity,
            origin: source.origin.to_string(),
            line: spot.line,
            column: spot.column,
            problem,
            source_line: source.line(spot.line).to_string(),
        }
    }

    /// Whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The caret line: the line's own tabs kept so the caret lands under the column.
    fn caret(&self) -> String {
        let mut caret: String = self
            .source_line
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        caret.push('^');
        caret
    }

    /// The diagnostic laid out as `Display` lays it out, with `severity` and `problem`
    /// in other words: the console's, in the player's language.
    pub fn worded(&self, severity: &str, problem: &str) -> String {
        if self.line == 0 {
            return format!("{}: {severity}: {problem}", self.origin);
        }
        format!(
            "{}:{}:{}: {severity}: {problem}\n{}\n{}",
            self.origin,
            self.line,
            self.column,
            self.source_line,
            self.caret()
        )
    }
}

impl<P: fmt::Display> fmt::Display for Diagnostic<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let worded = self.worded(&self.severity.to_string(), &self.problem.to_string());
        f.write_str(&worded)
    }
}

impl<P: fmt::Debug + fmt::Display> std::error::Error for Diagnostic<P> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_line_column_and_puts_a_caret_under_the_column() {
        let text = SourceText::new("one\n\tab cd\n", "f.txt");
        let d = Diagnostic::error(&text, Spot { line: 2, column: 4 }, "bad");
        assert_eq!(d.to_string(), "f.txt:2:4: error: bad\n\tab cd\n\t  ^");
    }

    #[test]
    fn warnings_say_warning() {
        let d = Diagnostic::warning(
            &SourceText::new("x", "f"),
            Spot { line: 1, column: 1 },
            "hm",
        );
        assert_eq!(d.to_string(), "f:1:1: warning: hm\nx\n^");
    }

    #[test]
    fn a_file_error_has_no_source_line() {
        let d = Diagnostic::file_error("nowhere.txt", "cannot read it");
        assert_eq!(d.to_string(), "nowhere.txt: error: cannot read it");
    }

    #[test]
    fn lines_are_found_by_number_with_their_breaks_dropped() {
        let text = SourceText::new("one\r\ntwo\n\nfour", "f");
        let lines: Vec<&str> = (0..=5).map(|n| text.line(n)).collect();
        assert_eq!(lines, ["", "one", "two", "", "four", ""]);
        assert_eq!(SourceText::new("", "f").line(1), "");
    }
}
