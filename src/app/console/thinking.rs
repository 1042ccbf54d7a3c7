//! The bot's turn in words: running the engine with a progress line, and why it chose.

use std::io::{self, Write};
use std::time::Duration;

use super::phrases;
use super::width::{cut, terminal_width};
use shashki::engine::{Decision, Engine, Limits, Mode, Progress};
use shashki::msg;
use shashki::notation::Notation;
use shashki::words::Text;
use shashki::{Game, Position};

/// How long the bot must think before the progress line appears.
const PROGRESS_DELAY: Duration = Duration::from_millis(300);

/// What the terminal offers while the bot thinks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Screen {
    /// Stdout is a terminal: a progress line shows the search.
    pub progress: bool,
}

/// What came of the bot's thinking.
#[derive(Debug)]
pub(super) struct Thought {
    /// The move and why; `None` when the game is over.
    pub decision: Option<Decision>,
    /// Ctrl-C stopped the search: the move is the best found so far.
    pub interrupted: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Thinker {
    Bot,
    Hint,
}

/// The engine's choice, with the progress line on the terminal when `show` has the words.
pub(super) fn choose(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    show: Option<&Text>,
) -> Option<Decision> {
    let position = *game.position();
    let mut shown = false;
    let mut out = io::stdout();
    let mut report = |progress: &Progress| {
        if let Some(text) = show
            && progress.elapsed >= PROGRESS_DELAY
        {
            // Asked each time: the window may have been resized meanwhile.
            let line = cut(progress_line(&position, progress, text), terminal_width());
            let _ = write!(out, "\r\x1b[2K{line}");
            let _ = out.flush();
            shown = true;
        }
    };
    let decision = engine.decide(game, limits, Mode::Play, &mut report);
    if shown {
        let _ = write!(out, "\r\x1b[2K");
        let _ = out.flush();
    }
    decision
}

/// `thinking: depth 9  +0.35  c3-d4 d6-c5 ...`.
fn progress_line(position: &Position, progress: &Progress, text: &Text) -> String {
    text.render(&msg!(
        "progress",
        depth = progress.depth,
        score = text.render(&phrases::score(progress.score)),
        line = Notation::Full.line(position, &progress.pv)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::{Move, MoveText};

    #[test]
    fn the_progress_line_shows_depth_score_and_the_line_in_full_path_notation() {
        let position = Position::start();
        let moves: Vec<Move> = ["c3-d4", "d6-c5"]
            .iter()
            .scan(position, |p, text| {
                let mv = text.parse::<MoveText>().ok()?.resolve(p).ok()?;
                *p = p.play(mv).ok()?;
                Some(mv)
            })
            .collect();
        let progress = Progress {
            depth: 7,
            score: shashki::search::Score(35),
            nodes: 1,
            elapsed: Duration::ZERO,
            pv: moves,
        };
        let english = Text::new(crate::app::console::Lang::En);
        assert_eq!(
            progress_line(&position, &progress, &english),
            "thinking: depth 7  +0.35  c3-d4 d6-c5"
        );
    }
}
