//! `getmove`: the engine's move on CheckerBoard's board, in the time it gives, stopped
//! when the player presses Play, with what the search sees on the status line.

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use shashki::engine::{Decision, Limits, Mode, Progress, Source, clock_limits};
use shashki::search::{MAX_MOVETIME_MS, Score};
use shashki::tablebase::Value;
use shashki::words::Message;
use shashki::{Color, Game, Move, Outcome, Position, msg};

use crate::board::number;
use crate::movelist;
use crate::moves::Described;
use crate::session::Session;

/// `getmove`'s answer: the game is drawn.
pub const DRAW: c_int = 0;
/// The engine wins.
pub const WIN: c_int = 1;
/// The engine loses.
pub const LOSS: c_int = 2;
/// The engine does not know.
pub const UNKNOWN: c_int = 3;

/// `info`'s bit asking that the history be forgotten (a new game).
pub const RESET_MOVES: c_int = 1;
/// `info`'s bit asking that the move take exactly `maxtime`, never longer.
pub const EXACT_TIME: c_int = 2;

/// How often the player's Play is looked at while the engine thinks.
const PLAYNOW_POLL: Duration = Duration::from_millis(5);

/// The limits of a move from `getmove`'s `maxtime` (seconds), `info` and `moreinfo`.
///
/// An incremental clock (`info` bits 2 and 3 give its unit, `moreinfo` the time left
/// in its upper 16 bits and the increment in the lower) is played as a game clock;
/// exact time thinks at most `maxtime`; otherwise `maxtime` is the average a move
/// aims at, a hard one taking up to twice as long.
pub fn limits(maxtime: f64, info: c_int, moreinfo: c_int) -> Limits {
    let unit = match (info >> 2) & 3 {
        1 => Some(0.001),
        2 => Some(0.01),
        3 => Some(0.1),
        _ => None,
    };
    if let Some(unit) = unit {
        let moreinfo = moreinfo as u32;
        let remaining = seconds(f64::from(moreinfo >> 16) * unit);
        let increment = seconds(f64::from(moreinfo & 0xffff) * unit);
        return clock_limits(remaining, increment, None);
    }
    let time = seconds(maxtime).max(Duration::from_millis(10));
    match info & EXACT_TIME {
        0 => Limits::Clock {
            target: time,
            max: time * 2,
        },
        _ => Limits::MoveTime(time),
    }
}

/// `seconds` as a duration, within a move's longest time; nothing for a value that is
/// no time.
fn seconds(seconds: f64) -> Duration {
    let most = f64::from(MAX_MOVETIME_MS) / 1000.0;
    match seconds.is_finite() && seconds > 0.0 {
        true => Duration::from_secs_f64(seconds.min(most)),
        false => Duration::ZERO,
    }
}

/// What `getmove` hands back.
#[derive(Clone, Debug)]
pub struct Played {
    /// The move and the position after it; `None` when there is no move.
    pub mv: Option<(Described, Position)>,
    /// CheckerBoard's result: [`WIN`], [`LOSS`], [`DRAW`] or [`UNKNOWN`].
    pub result: c_int,
    /// The last status line.
    pub status: String,
}

impl Session {
    /// The engine's move in `position` within `limits`. `play_now` says whether the
    /// player asked for the move at once; `status` takes the status line as it changes.
    /// `reset` (a new game) clears the hash table first.
    pub fn get_move(
        &self,
        position: Position,
        limits: Limits,
        reset: bool,
        play_now: &(dyn Fn() -> bool + Sync),
        status: &mut dyn FnMut(&str),
    ) -> Played {
        let mut game = self.game_at(&position);
        // A game the history shows over (a third repetition, say) still wants a move;
        // the result says it is drawn.
        let over = game.outcome();
        if over.is_some() {
            game = Game::new(position);
        }
        if position.legal_moves().is_empty() {
            let text = self.text().render(&msg!("cb-no-move"));
            status(&text);
            return Played {
                mv: None,
                result: LOSS,
                status: text,
            };
        }
        let decision = self.with_engine(|engine| {
            if reset {
                engine.new_game();
            }
            let stop = engine.stop_signal();
            stop.reset();
            let done = AtomicBool::new(false);
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    while !done.load(Ordering::Relaxed) {
                        if play_now() {
                            stop.request();
                            return;
                        }
                        std::thread::sleep(PLAYNOW_POLL);
                    }
                });
                let mut progress = |progress: &Progress| status(&self.progress_line(progress));
                // Only the moves CheckerBoard was told of: it holds 28 at most.
                let listed: Vec<Move> = movelist::listed(&position)
                    .into_iter()
                    .map(|(mv, _)| mv)
                    .collect();
                let allowed = (listed.len() < position.legal_moves().len()).then_some(&listed[..]);
                let decision =
                    engine.decide_among(&game, limits, Mode::Play, allowed, &mut progress);
                done.store(true, Ordering::Relaxed);
                decision
            })
        });
        // The engine answers every position with a move; the first legal one stands
        // in should it ever not.
        let decision = decision.unwrap_or_else(|| Decision {
            mv: position.legal_moves()[0],
            source: Source::OnlyMove,
        });
        let described = Described::new(&position, decision.mv);
        let _ = game.play(decision.mv);
        let after = *game.position();
        let result = match over {
            Some(Outcome::Draw(_)) => DRAW,
            _ => result(&game, &decision, position.side_to_move()),
        };
        let text = self.text().render(&self.source(&decision.source));
        status(&text);
        Played {
            mv: Some((described, after)),
            result,
            status: text,
        }
    }

    /// The status line after a search iteration.
    fn progress_line(&self, progress: &Progress) -> String {
        let line: Vec<String> = progress.pv.iter().map(|&mv| move_text(mv)).collect();
        self.text().render(&msg!(
            "cb-progress",
            depth = progress.depth,
            score = self.text().render(&score(progress.score)),
            nodes = progress.nodes,
            line = line.join(" ")
        ))
    }

    /// Why the move was chosen.
    fn source(&self, source: &Source) -> Message {
        match source {
            Source::KnowledgeBase(fact)
            | Source::Combination { fact, .. }
            | Source::KnowledgeLine { fact, .. } => msg!(
                "source-kb",
                name = fact.name.as_str(),
                origin = self.text().render(&fact.part.name()),
                line = fact.line
            ),
            Source::OnlyMove => msg!("source-only-move"),
            Source::Database(value) => msg!(
                "source-database",
                score = self.text().render(&score(value_score(*value)))
            ),
            Source::CaptureSearch { score: s, .. } => msg!(
                "source-capture-search",
                score = self.text().render(&score(*s))
            ),
            Source::Search { depth: 0, .. } => msg!("source-search-stopped"),
            Source::Search {
                depth, score: s, ..
            } => msg!(
                "source-search",
                depth = *depth,
                score = self.text().render(&score(*s))
            ),
        }
    }
}

/// CheckerBoard's result after `game`'s last move, `mover`'s, chosen by `decision`.
fn result(game: &Game, decision: &Decision, mover: Color) -> c_int {
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == mover => return WIN,
        Some(Outcome::Win { .. }) => return LOSS,
        Some(Outcome::Draw(_)) => return DRAW,
        None => {}
    }
    match &decision.source {
        Source::Database(Value::Win(_)) => WIN,
        Source::Database(Value::Loss(_)) => LOSS,
        Source::Database(Value::Draw) => DRAW,
        Source::Search { score, .. } | Source::CaptureSearch { score, .. } if score.is_win() => WIN,
        Source::Search { score, .. } | Source::CaptureSearch { score, .. } if score.is_loss() => {
            LOSS
        }
        _ => UNKNOWN,
    }
}

/// A move in CheckerBoard's numbers: `22-18`, a capture `22x15`.
fn move_text(mv: Move) -> String {
    let sign = if mv.is_capture() { 'x' } else { '-' };
    format!("{}{sign}{}", number(mv.from()), number(mv.to()))
}

/// A score in men (`+0.35`), or a proven result in the winner's moves.
fn score(score: Score) -> Message {
    let moves = |plies: u32| plies.div_ceil(2).max(1);
    match score.plies_to_end() {
        Some(plies) if score.is_win() => msg!("score-win", moves = moves(plies)),
        Some(plies) => msg!("score-loss", moves = moves(plies)),
        None => msg!("score-men", men = score.to_string()),
    }
}

/// An exact value as a score.
fn value_score(value: Value) -> Score {
    match value {
        Value::Win(plies) => Score::win_in(plies),
        Value::Loss(plies) => Score::loss_in(plies),
        Value::Draw => Score::DRAW,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::Places;
    use shashki::words::Lang;

    #[test]
    fn maxtime_is_an_average_unless_exact() {
        let second = Duration::from_secs(1);
        assert_eq!(limits(1.0, EXACT_TIME, 0), Limits::MoveTime(second));
        assert_eq!(
            limits(1.0, 0, 0),
            Limits::Clock {
                target: second,
                max: 2 * second
            }
        );
        assert_eq!(
            limits(f64::NAN, EXACT_TIME, 0),
            Limits::MoveTime(Duration::from_millis(10))
        );
    }

    #[test]
    fn an_incremental_clock_is_unpacked_from_moreinfo() {
        // Units of 0.1 s: 60 s left, 1 s a move.
        let moreinfo = (600 << 16) | 10;
        let expected = clock_limits(Duration::from_secs(60), Duration::from_secs(1), None);
        assert_eq!(limits(5.0, 3 << 2, moreinfo), expected);
        // Units of 1 ms: 65.535 s left.
        let moreinfo = (0xffffu32 << 16) as c_int;
        let expected = clock_limits(Duration::from_millis(65_535), Duration::ZERO, None);
        assert_eq!(limits(5.0, 1 << 2, moreinfo), expected);
    }

    #[test]
    fn a_move_is_played_and_worded() {
        let session = Session::new(Places::default(), Lang::Ru);
        session.options().hash_mb = 1;
        let mut lines = Vec::new();
        let played = session.get_move(
            Position::start(),
            Limits::Depth(3),
            true,
            &|| false,
            &mut |line: &str| lines.push(line.to_string()),
        );
        let (described, after) = played.mv.unwrap();
        assert_eq!(Position::start().play(described.mv), Ok(after));
        assert_eq!(played.result, UNKNOWN);
        assert!(!lines.is_empty());
    }

    #[test]
    fn a_side_without_moves_loses_and_a_won_ending_is_claimed() {
        let session = Session::new(Places::default(), Lang::En);
        session.options().hash_mb = 1;
        let blocked: Position = "W:Wa1:Bb2,c3".parse().unwrap();
        let played = session.get_move(blocked, Limits::Depth(2), false, &|| false, &mut |_| {});
        assert!(played.mv.is_none());
        assert_eq!(played.result, LOSS);
        let won: Position = "W:Wc3:Bd4".parse().unwrap();
        let played = session.get_move(won, Limits::Depth(2), false, &|| false, &mut |_| {});
        assert_eq!(played.result, WIN);
    }
}

#[cfg(test)]
mod many_moves {
    use super::*;
    use crate::place::Places;
    use shashki::words::Lang;

    /// With more moves than CheckerBoard's list holds, the engine plays one it was told of.
    #[test]
    fn the_move_played_is_one_the_movelist_names() {
        let session = Session::new(Places::default(), Lang::En);
        session.options().hash_mb = 1;
        // Five white kings in the open: 41 moves.
        let position: Position = "W:WKb4,Kd4,Kf4,Kh4,Kc1:Bb8,h8".parse().unwrap();
        assert!(position.legal_moves().len() > movelist::MAX_MOVES);
        let listed: Vec<Move> = movelist::listed(&position)
            .into_iter()
            .map(|(mv, _)| mv)
            .collect();
        assert_eq!(listed.len(), movelist::MAX_MOVES);
        for depth in [1, 4] {
            let played =
                session.get_move(position, Limits::Depth(depth), true, &|| false, &mut |_| {});
            let (described, _) = played.mv.unwrap();
            assert!(
                listed.contains(&described.mv),
                "depth {depth}: {:?}",
                described.mv
            );
        }
    }
}
