//! One position of the book analysed: the deep search's best moves with their scores
//! and lines, and the line of the job file that keeps it.

use std::fmt;
use std::time::{Duration, Instant};

use super::settings::{Effort, Settings};
use crate::engine::Limits;
use crate::eval::Evaluator;
use crate::notation::read_line;
use crate::search::{self, Line, Score, Stop, TranspositionTable};
use crate::{Game, Move, Position};

/// A position of the book's tree and what the deep search found there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The number of the root whose tree reached it first (from 1, in the order of
    /// the roots).
    pub root: usize,
    /// The moves from the start that reached it first.
    pub path: Vec<Move>,
    /// The position, after `path`.
    pub position: Position,
    /// The deepest iteration the search completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The best moves' lines, best first, with their scores (side to move's view).
    pub lines: Vec<Line>,
}

impl Analysis {
    /// Searches `position` (reached from the start by `path`, in the tree of root
    /// number `root`) as `settings` ask, in `table`, cleared first so that the result
    /// depends on the position alone.
    pub fn search(
        root: usize,
        path: &[Move],
        settings: &Settings,
        table: &mut TranspositionTable,
    ) -> Analysis {
        let position = path
            .iter()
            .fold(Position::start(), |at, &mv| at.play_unchecked(mv));
        let limits = match settings.effort {
            Effort::Depth(depth) => Limits::Depth(depth),
            Effort::Time(time) => Limits::MoveTime(time),
        };
        table.clear();
        let started = Instant::now();
        let context = search::Context {
            tt: table,
            eval: &Evaluator::bot(),
            tablebase: None,
            stop: &Stop::new(),
        };
        let count = settings.lines.max(settings.breadth).max(1);
        let found = search::search_lines(&Game::new(position), count, limits, context, &mut |_| {});
        Analysis {
            root,
            path: path.to_vec(),
            position,
            depth: found.depth,
            nodes: found.nodes,
            // Whole milliseconds, as the job file keeps it.
            elapsed: Duration::from_millis(
                started.elapsed().as_millis().try_into().unwrap_or(u64::MAX),
            ),
            lines: found.lines,
        }
    }

    /// The best move.
    pub fn best(&self) -> Option<Move> {
        self.lines.first().and_then(|line| line.pv.first().copied())
    }

    /// The lines after the best that score within `margin` of it.
    pub fn alternatives(&self, margin: Score) -> &[Line] {
        let Some(best) = self.lines.first() else {
            return &[];
        };
        let within = self.lines[1..]
            .iter()
            .take_while(|line| line.score.0 + margin.0 >= best.score.0)
            .count();
        &self.lines[1..1 + within]
    }

    /// The moves the tree follows from here: the best, then the alternatives within
    /// `margin`, `breadth` at most.
    pub fn followed(&self, breadth: usize, margin: Score) -> Vec<Move> {
        self.best()
            .into_iter()
            .chain(
                self.alternatives(margin)
                    .iter()
                    .filter_map(|line| line.pv.first().copied()),
            )
            .take(breadth)
            .collect()
    }

    /// The job file's line for this analysis: tab-separated `position`, the root, the
    /// position string, the path in full notation, the depth, the nodes, the
    /// milliseconds, then each line as its score in hundredths and its moves.
    pub fn record(&self) -> String {
        let path = crate::notation::Notation::Full.line(&Position::start(), &self.path);
        let mut fields = vec![
            RECORD.to_string(),
            self.root.to_string(),
            self.position.to_fen(),
            path,
            self.depth.to_string(),
            self.nodes.to_string(),
            self.elapsed.as_millis().to_string(),
        ];
        for line in &self.lines {
            let moves = crate::notation::Notation::Full.line(&self.position, &line.pv);
            fields.push(format!("{} {moves}", line.score.0));
        }
        fields.join("\t")
    }

    /// Reads back what [`Analysis::record`] wrote.
    pub fn from_record(text: &str) -> Result<Analysis, BadRecord> {
        let bad = |problem: RecordProblem| BadRecord {
            problem,
            text: text.to_string(),
        };
        let fields: Vec<&str> = text.split('\t').collect();
        let [RECORD, root, fen, path, depth, nodes, millis, lines @ ..] = &fields[..] else {
            return Err(bad(RecordProblem::NotARecord));
        };
        let number = |field: &str| {
            field
                .parse::<u64>()
                .map_err(|_| bad(RecordProblem::NotANumber))
        };
        let path =
            replay(&Position::start(), path).ok_or_else(|| bad(RecordProblem::IllegalPath))?;
        let position: Position = fen.parse().map_err(|_| bad(RecordProblem::BadPosition))?;
        let reached = path
            .iter()
            .fold(Position::start(), |at, &mv| at.play_unchecked(mv));
        if reached != position {
            return Err(bad(RecordProblem::PathMisses));
        }
        let lines = lines
            .iter()
            .map(|field| {
                let (score, moves) = field.split_once(' ').unwrap_or((field, ""));
                let score = score
                    .parse::<i32>()
                    .map_err(|_| bad(RecordProblem::BadScore))?;
                let pv = replay(&position, moves).ok_or_else(|| bad(RecordProblem::IllegalLine))?;
                Ok(Line {
                    score: Score(score),
                    pv,
                })
            })
            .collect::<Result<Vec<Line>, BadRecord>>()?;
        Ok(Analysis {
            root: usize::try_from(number(root)?).map_err(|_| bad(RecordProblem::BadRoot))?,
            path,
            position,
            depth: u32::try_from(number(depth)?).map_err(|_| bad(RecordProblem::BadDepth))?,
            nodes: number(nodes)?,
            elapsed: Duration::from_millis(number(millis)?),
            lines,
        })
    }
}

/// The word that starts an analysis's line in a job file.
pub const RECORD: &str = "position";

/// The moves of `text` played from `position`; `None` if one is not legal where it stands.
fn replay(position: &Position, text: &str) -> Option<Vec<Move>> {
    read_line(position, text).ok()
}

/// A job file's line that is not an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord {
    /// What is wrong with it.
    pub problem: RecordProblem,
    /// The line.
    pub text: String,
}

/// What is wrong with a position record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// Not the fields of a record.
    NotARecord,
    /// A count that is no number.
    NotANumber,
    /// The moves from the start are not legal.
    IllegalPath,
    /// The position does not read.
    BadPosition,
    /// The moves from the start do not reach the position.
    PathMisses,
    /// A score that is no number.
    BadScore,
    /// A line's moves are not legal.
    IllegalLine,
    /// A root's number out of range.
    BadRoot,
    /// A depth out of range.
    BadDepth,
}

impl fmt::Display for BadRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl BadRecord {
    /// What is wrong with the line, to be worded.
    pub fn message(&self) -> crate::words::Message {
        use crate::msg;
        let why = match self.problem {
            RecordProblem::NotARecord => msg!("record-not-a-record"),
            RecordProblem::NotANumber => msg!("record-not-a-number"),
            RecordProblem::IllegalPath => msg!("record-illegal-path"),
            RecordProblem::BadPosition => msg!("record-bad-position"),
            RecordProblem::PathMisses => msg!("record-path-misses"),
            RecordProblem::BadScore => msg!("record-bad-score"),
            RecordProblem::IllegalLine => msg!("record-illegal-line"),
            RecordProblem::BadRoot => msg!("record-bad-root"),
            RecordProblem::BadDepth => msg!("record-bad-depth"),
        };
        msg!("book-bad-record", why = why, record = self.text.as_str())
    }
}

impl std::error::Error for BadRecord {}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Settings {
        Settings {
            effort: Effort::Depth(3),
            plies: 1,
            breadth: 2,
            margin: Score(1000),
            lines: 3,
            hash_mb: 1,
        }
    }

    fn cd4() -> Vec<Move> {
        read_line(&Position::start(), "c3-d4").unwrap()
    }

    #[test]
    fn an_analysis_reads_back_from_its_record() {
        let mut table = TranspositionTable::new(1);
        let analysis = Analysis::search(7, &cd4(), &tiny(), &mut table);
        assert_eq!(analysis.depth, 3);
        assert_eq!(analysis.lines.len(), 3);
        let record = analysis.record();
        assert!(record.starts_with("position\t7\tB:W"), "{record}");
        assert_eq!(Analysis::from_record(&record), Ok(analysis));
        assert!(Analysis::from_record("position\t1\tW:W\t\t3").is_err());
    }

    #[test]
    fn the_same_position_searched_twice_gives_the_same_analysis() {
        let mut table = TranspositionTable::new(1);
        let first = Analysis::search(1, &cd4(), &tiny(), &mut table);
        let other = Analysis::search(1, &[], &tiny(), &mut table);
        let again = Analysis::search(1, &cd4(), &tiny(), &mut table);
        assert_ne!(first.lines, other.lines);
        assert_eq!((first.lines, first.nodes), (again.lines, again.nodes));
    }

    #[test]
    fn alternatives_are_the_lines_within_the_margin_and_the_tree_follows_breadth_of_them() {
        let mut table = TranspositionTable::new(1);
        let mut analysis = Analysis::search(1, &[], &tiny(), &mut table);
        for (line, score) in analysis.lines.iter_mut().zip([20, 10, 4]) {
            line.score = Score(score);
        }
        assert_eq!(analysis.alternatives(Score(10)).len(), 1);
        assert_eq!(analysis.alternatives(Score(16)).len(), 2);
        assert_eq!(analysis.alternatives(Score(9)).len(), 0);
        assert_eq!(analysis.followed(2, Score(16)).len(), 2);
        assert_eq!(
            analysis.followed(1, Score(16)),
            vec![analysis.best().unwrap()]
        );
    }
}
