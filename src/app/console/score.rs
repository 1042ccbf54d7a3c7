//! The player's puzzle score and its file, `puzzles.txt` in the data directory: one
//! count a line (`solved 3`), a line for each fact whose puzzle was solved
//! (`solved-fact Кол`), `%` comments and blank lines allowed.

use std::collections::BTreeSet;

use shashki::msg;

use shashki::words::Message;

/// The counts of the trainer, and the facts whose puzzles were solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Score {
    /// Puzzles played to their end.
    pub solved: u32,
    /// Puzzles the player made a move in or asked a hint of.
    pub attempted: u32,
    /// Hints asked.
    pub hints: u32,
    /// Moves refused.
    pub wrong: u32,
    /// The names of the facts whose puzzles were solved: the others are posed first.
    pub solved_facts: BTreeSet<String>,
}

/// The word of a line naming a fact whose puzzle was solved.
const SOLVED_FACT: &str = "solved-fact";

/// The words of the file, in the order it is written.
const KEYS: [&str; 4] = ["solved", "attempted", "hints", "wrong"];

/// Why a score file cannot be read: the line (from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ScoreError {
    pub line: usize,
    pub problem: ScoreProblem,
}

/// What is wrong with a line of a score file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum ScoreProblem {
    /// The first word is none of [`KEYS`].
    UnknownWord(String),
    /// The count is missing or not a whole number.
    BadCount(String),
}

impl ScoreProblem {
    /// The problem in the player's words.
    pub fn message(&self) -> Message {
        match self {
            ScoreProblem::UnknownWord(word) => {
                msg!(
                    "score-unknown-word",
                    word = word.as_str(),
                    words = KEYS.join(", ")
                )
            }
            ScoreProblem::BadCount(text) => msg!("score-bad-count", text = text.as_str()),
        }
    }
}

impl Score {
    /// Reads the text of a score file; a count not given is 0.
    pub fn parse(text: &str) -> Result<Score, ScoreError> {
        let mut score = Score::default();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('%') {
                continue;
            }
            let error = |problem| ScoreError {
                line: index + 1,
                problem,
            };
            let (word, count) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            if word == SOLVED_FACT {
                score.solved_facts.insert(count.trim().to_string());
                continue;
            }
            let slot = match word {
                "solved" => &mut score.solved,
                "attempted" => &mut score.attempted,
                "hints" => &mut score.hints,
                "wrong" => &mut score.wrong,
                other => return Err(error(ScoreProblem::UnknownWord(other.to_string()))),
            };
            let count = count.trim();
            *slot = count
                .parse()
                .map_err(|_| error(ScoreProblem::BadCount(count.to_string())))?;
        }
        Ok(score)
    }
}

impl Score {
    /// The file's text: `header` as a comment (in the player's language), then each
    /// count on its line under its word.
    pub fn text(&self, header: &str) -> String {
        let mut text = String::new();
        for line in header.lines() {
            text.push_str(&format!("% {line}\n"));
        }
        let counts = [self.solved, self.attempted, self.hints, self.wrong];
        for (key, count) in KEYS.iter().zip(counts) {
            text.push_str(&format!("{key} {count}\n"));
        }
        for name in &self.solved_facts {
            text.push_str(&format!("{SOLVED_FACT} {name}\n"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_reads_back_as_written() {
        let score = Score {
            solved: 3,
            attempted: 5,
            hints: 2,
            wrong: 7,
            solved_facts: ["Удар с поля b2".to_string(), "Кол".to_string()].into(),
        };
        assert_eq!(
            Score::parse(&score.text("счёт задач\nрешено: solved")),
            Ok(score)
        );
        assert_eq!(Score::parse(""), Ok(Score::default()));
        assert_eq!(
            Score::parse("% mine\n\n  solved   4\n"),
            Ok(Score {
                solved: 4,
                ..Score::default()
            })
        );
    }

    #[test]
    fn a_bad_line_is_named_with_its_problem() {
        assert_eq!(
            Score::parse("solved 1\nwon 2\n"),
            Err(ScoreError {
                line: 2,
                problem: ScoreProblem::UnknownWord("won".to_string())
            })
        );
        assert_eq!(
            Score::parse("% x\nhints -1"),
            Err(ScoreError {
                line: 2,
                problem: ScoreProblem::BadCount("-1".to_string())
            })
        );
        assert_eq!(
            Score::parse("wrong").unwrap_err().problem,
            ScoreProblem::BadCount(String::new())
        );
    }
}
