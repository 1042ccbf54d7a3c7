//! The bot's turn in words: running the engine with a progress line, and why it chose.

use std::io::{self, Write};
use std::time::Duration;

use super::input::QuietTerminal;
use crate::engine::{Decision, Engine, Limits, Progress, Source, line_text};
use crate::{Game, Position};

/// How long the bot must think before the progress line appears.
const PROGRESS_DELAY: Duration = Duration::from_millis(300);
/// The widest progress line, in characters.
const PROGRESS_WIDTH: usize = 78;

/// Runs `engine` for the side to move in `game`. With `show` (a terminal), the progress
/// line appears once the search has taken longer than a moment and is cleared at the
/// end, and Ctrl-C meanwhile cannot end the game.
pub(super) fn think(
    engine: &mut Engine,
    game: &Game,
    limits: Limits,
    show: bool,
) -> Option<Decision> {
    let position = *game.position();
    let _quiet = show.then(QuietTerminal::new);
    let mut shown = false;
    let mut out = io::stdout();
    let mut report = |progress: &Progress| {
        if show && progress.elapsed >= PROGRESS_DELAY {
            let line = progress_line(&position, progress);
            let _ = write!(out, "\r\x1b[2K{line}");
            let _ = out.flush();
            shown = true;
        }
    };
    let decision = engine.choose(game, limits, &mut report);
    if shown {
        let _ = write!(out, "\r\x1b[2K");
        let _ = out.flush();
    }
    decision
}

/// Why the bot chose its move, in words.
pub(super) fn describe(source: &Source) -> String {
    match source {
        Source::KnowledgeBase(fact) => format!(
            "knowledge base: \"{}\", {}:{}",
            fact.name, fact.origin, fact.line
        ),
        Source::CombinationLine(fact) => format!(
            "combination \"{}\", {}:{}",
            fact.name, fact.origin, fact.line
        ),
        Source::OnlyMove => "the only move".to_string(),
        Source::CaptureSearch { score, .. } => format!("capture search: {score}"),
        Source::Search { depth, score, .. } => format!("search: depth {depth}, {score}"),
    }
}

/// `depth 9  +0.35  c3-d4 d6-c5 ...`, cut to the progress width.
fn progress_line(position: &Position, progress: &Progress) -> String {
    let mut line = format!(
        "thinking: depth {}  {}  {}",
        progress.depth,
        progress.score,
        line_text(position, &progress.pv)
    );
    if line.chars().count() > PROGRESS_WIDTH {
        line = line.chars().take(PROGRESS_WIDTH - 3).collect::<String>() + "...";
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Move, MoveText};

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
            score: crate::search::Score(35),
            nodes: 1,
            elapsed: Duration::ZERO,
            pv: moves,
        };
        assert_eq!(
            progress_line(&position, &progress),
            "thinking: depth 7  +0.35  c3-d4 d6-c5"
        );
    }
}
