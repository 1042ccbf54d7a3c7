//! Asking the bot about a position: `hint` (its move in the player's place and the
//! line it expects) and `analyze` (the best three lines of the position shown, searched
//! ever deeper until Enter or Ctrl-C; in a script until the next line or the end of the
//! input; or to `--depth` when it is given).

use std::io::Write;
use std::time::Duration;

use shashki::msg;

use super::thinking::Thinker;
use super::width::{cut, terminal_width};
use super::{Console, phrases};
use shashki::engine::{Engine, EngineConfig, Limits, Lines, Source};
use shashki::notation::Notation;
use shashki::search::Line;
use shashki::words::Text;
use shashki::{Game, Position};

/// How many of the best moves an analysis follows.
const LINES: usize = 3;

/// The hint engine's transposition table, in megabytes.
const HINT_HASH_MB: usize = 16;

/// How long a hint thinks at least: as long as the default level's move.
const HINT_TIME: Duration = Duration::from_millis(1000);

impl Console {
    /// `hint`: the bot's move in the player's place, why, and the line it expects, at
    /// full strength whatever the bot's level.
    pub(super) fn hint(&mut self) {
        if self.record.game_over() {
            self.tell(msg!("hint-game-over"));
            return;
        }
        let before = *self.record.game.position();
        // As long as the bot thinks on its moves, a second at least.
        let time = match self.strength.limits {
            Limits::MoveTime(time) => time.max(HINT_TIME),
            _ => HINT_TIME,
        };
        let limits = self.strength.study_limits(Limits::MoveTime(time));
        let thought = self.think(Thinker::Hint, limits);
        if thought.interrupted {
            self.tell(msg!("hint-interrupted"));
        }
        let Some(decision) = thought.decision else {
            self.tell(msg!("hint-no-move"));
            return;
        };
        let mv = self.notation.write(&before, decision.mv);
        let reason = phrases::source(&decision.source, &self.text);
        // The search's expected line, when the search decided.
        self.tell(match &decision.source {
            Source::Search { pv, .. } if !pv.is_empty() => {
                let line = self.notation.line(&before, pv);
                msg!("hint-line", mv = mv, reason = reason, line = line)
            }
            _ => msg!("hint", mv = mv, reason = reason),
        });
        self.tell_passed_over(Thinker::Hint, &before);
    }

    /// Names the fact that matched in `position` but was passed over by `thinker`'s
    /// engine because its move loses material, if one was.
    pub(super) fn tell_passed_over(&mut self, thinker: Thinker, position: &Position) {
        let engine = match thinker {
            Thinker::Bot => Some(&self.engines.engine),
            _ => self.engines.hint_engine.as_ref(),
        };
        let Some(passed) = engine.and_then(Engine::passed_over) else {
            return;
        };
        let origin = phrases::origin(&passed.fact.part, &self.text);
        let message = passed.message(position, &origin);
        self.tell(message);
    }

    /// Makes the engine for hints, analysis and review at its first use: the knowledge
    /// base and the tables at full strength, and a table of its own, so that it leaves
    /// the bot's combination line and table alone.
    pub(super) fn prepare_hint_engine(&mut self) {
        if self.engines.hint_engine.is_none() {
            let config = EngineConfig {
                seed: self.strength.seed,
                hash_mb: HINT_HASH_MB,
                tablebase: self.engines.engine.config().tablebase.clone(),
                ..EngineConfig::default()
            };
            self.engines.hint_engine = Some(Engine::new(
                config,
                self.engines.engine.knowledge_base().cloned(),
            ));
        }
    }

    /// `analyze`: the lines are redrawn in place on a terminal after each depth, and
    /// appended elsewhere; the game is left as it was.
    pub(super) fn analyze(&mut self) {
        let game = self.record.shown_game();
        let position = *game.position();
        if position.legal_moves().is_empty() {
            self.tell(msg!("analysis-no-move"));
            return;
        }
        let side = phrases::side(position.side_to_move());
        self.prepare_hint_engine();
        // Where the endgame tables hold every move, they answer: exact, at once.
        let exact = exact_lines(self.engines.hint_engine.as_ref().expect("prepared"), &game);
        if !exact.lines.is_empty() {
            self.tell(msg!("analysis-exact", side = side));
            let rows = rows(
                &position,
                &exact,
                self.notation,
                &self.text,
                terminal_width(),
            );
            draw(&mut self.out, &rows, None);
            return;
        }
        let limits = match self.strength.study_limits(Limits::Infinite) {
            Limits::Depth(depth) => {
                self.tell(msg!("analysis-start-depth", depth = depth, side = side));
                Limits::Depth(depth)
            }
            _ => {
                self.tell(msg!("analysis-start", side = side));
                Limits::Infinite
            }
        };
        let engine = self.engines.hint_engine.as_mut().expect("prepared");
        let stop = engine.stop_signal();
        stop.reset();
        let (notation, in_place, text) = (self.notation, self.screen.progress, &self.text);
        let out = &mut self.out;
        let mut drawn = 0;
        let mut show = |lines: &Lines| {
            let rows = rows(&position, lines, notation, text, terminal_width());
            draw(out, &rows, in_place.then_some(drawn));
            drawn = rows.len();
        };
        // With a depth to reach, a script's next line waits for the analysis to end.
        let watch = limits == Limits::Infinite;
        let interrupts = self.dialogue.interrupts.as_ref();
        let (lines, _) = self
            .dialogue
            .input
            .until_enter(interrupts, &stop, watch, || {
                engine.lines(&game, LINES, limits, &mut show)
            });
        self.tell(match lines.depth {
            0 => msg!("analysis-none"),
            depth if stop.is_requested() => msg!("analysis-stopped", depth = depth),
            depth => msg!("analysis-done", depth = depth),
        });
    }
}

/// The best lines of `game`'s position by the endgame tables, when they hold every move:
/// each move's exact value, and the line of best moves after it while the tables hold
/// (depth 0: no search made them).
fn exact_lines(engine: &Engine, game: &Game) -> Lines {
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
fn rows(
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
fn draw(out: &mut impl Write, rows: &[String], replace: Option<usize>) {
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
