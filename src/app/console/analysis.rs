//! Asking the bot about a position: `hint` (its move in the player's place and the
//! line it expects) and `analyze` (the best three lines of the position shown, searched
//! ever deeper until Enter or Ctrl-C; in a script until the next line or the end of the
//! input; or to `--depth` when it is given).

use std::io::Write;
use std::time::Duration;

use shashki::msg;

use super::phrases;
use super::width::cut;
use shashki::engine::{Engine, Lines};
use shashki::notation::Notation;
use shashki::search::Line;
use shashki::words::Text;
use shashki::{Game, Position};

/// How many of the best moves an analysis follows.
pub(super) const LINES: usize = 3;

/// How long a hint thinks at least: as long as the default level's move.
pub(super) const HINT_TIME: Duration = Duration::from_millis(1000);

/// The best lines of `game`'s position by the endgame tables, when they hold every move:
/// each move's exact value, and the line of best moves after it while the tables hold
/// (depth 0: no search made them).
pub(super) fn exact_lines(engine: &Engine, game: &Game) -> Lines {
    let lines = engine
        .exact_moves(game)
        .into_iter()
        .take(LINES)
        .map(|(first, value)| {
            let mut line = vec![first];
            let mut at = game.clone();
            while line.len() < EXACT_PLIES && at.play(*line.last().expect("a move")).is_ok() {
                match engine.exact_moves(&at).first() {
                    Some(&(next, _)) if at.outcome().is_none() => line.push(next),
                    _ => break,
                }
            }
            Line {
                score: phrases::value_score(value),
                pv: line,
            }
        })
        .collect();
    Lines {
        lines,
        ..Lines::default()
    }
}

/// The most moves of an exact line shown.
const EXACT_PLIES: usize = 12;

/// `1. depth 9  +0.35  c3-d4 d6-c5 ...` for each line (`1. +win in 8 moves  g1-h2 ...`
/// for exact lines, which have no depth), cut to fit `width` columns.
pub(super) fn rows(
    position: &Position,
    lines: &Lines,
    notation: Notation,
    text: &Text,
    width: usize,
) -> Vec<String> {
    lines
        .lines
        .iter()
        .enumerate()
        .map(|(rank, line)| {
            let score = text.render(&phrases::score(line.score));
            let moves = notation.line(position, &line.pv);
            let row = match lines.depth {
                0 => msg!(
                    "analysis-exact-line",
                    rank = rank + 1,
                    score = score,
                    line = moves
                ),
                depth => msg!(
                    "analysis-line",
                    rank = rank + 1,
                    depth = depth,
                    score = score,
                    line = moves
                ),
            };
            cut(text.render(&row), width)
        })
        .collect()
}

/// Writes `rows`; over the `drawn` rows written last when they are to be replaced.
pub(super) fn draw(out: &mut impl Write, rows: &[String], replace: Option<usize>) {
    let mut block = String::new();
    if let Some(drawn @ 1..) = replace {
        block.push_str(&format!("\x1b[{drawn}A"));
    }
    for row in rows {
        if replace.is_some() {
            block.push_str("\r\x1b[2K");
        }
        block.push_str(row);
        block.push('\n');
    }
    let _ = out.write_all(block.as_bytes());
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::console::Lang;
    use shashki::search::{Line, Score};

    #[test]
    fn a_redrawn_block_goes_back_over_the_rows_written_last() {
        let rows = ["one".to_string(), "two".to_string()];
        let mut out = Vec::new();
        draw(&mut out, &rows, Some(0));
        draw(&mut out, &rows, Some(2));
        draw(&mut out, &rows, None);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "\r\x1b[2Kone\n\r\x1b[2Ktwo\n\x1b[2A\r\x1b[2Kone\n\r\x1b[2Ktwo\none\ntwo\n"
        );
    }

    #[test]
    fn each_row_has_its_rank_depth_score_and_line_in_the_notation_chosen() {
        let position = Position::start();
        let mv = position.legal_moves()[0];
        let lines = Lines {
            depth: 7,
            lines: vec![Line {
                score: Score(35),
                pv: vec![mv],
            }],
            ..Lines::default()
        };
        let first = Notation::Short.write(&position, mv);
        let english = rows(&position, &lines, Notation::Short, &Text::new(Lang::En), 80);
        assert_eq!(english, [format!("1. depth 7  +0.35  {first}")]);
        let russian = rows(&position, &lines, Notation::Short, &Text::new(Lang::Ru), 80);
        assert_eq!(russian, [format!("1. глубина 7  +0.35  {first}")]);
    }
}
