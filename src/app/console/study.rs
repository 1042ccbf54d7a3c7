//! The player studies with the bot's help: `hint` (its move in the player's place and
//! the line it expects), `analyze` (the best three lines of the position shown,
//! searched ever deeper until Enter or Ctrl-C; in a script until the next line or the
//! end of the input; or to `--depth` when it is given), `review`, `learn` and puzzles.
//! And the bot thinks: with a progress line, stopped by Ctrl-C.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::analysis::{HINT_TIME, LINES, draw, exact_lines, rows};
use super::clock::MoveLimits;
use super::command::{Command, PuzzleAction};
use super::learning::findings;
use super::lessons::{Lesson, keeping_moves};
use super::puzzle::Trainer;
use super::review::{REVIEW_NODES, Reviewer, verdict};
use super::said::{Note, Said};
use super::thinking::{Thinker, Thought, choose};
use super::width::terminal_width;
use super::{Console, Flow, Intent, Question, phrases};
use crate::app::fact_names;
use shashki::combination::learn::{self as pipeline, DEFAULT_SEED, LearnReport, Progress};
use shashki::engine::{Limits, Lines, Source};
use shashki::files::DataDir;
use shashki::msg;
use shashki::{Color, Game, Move};

/// What a review shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reviewing {
    /// Every mistake, the counts, the decisive one, and the lessons filed: `review`.
    Report,
    /// Only the lessons filed: at the end of the player's game.
    Lessons,
}

impl Console {
    /// Handles `command` in puzzle mode or in a lesson; `None` when it is the game's to
    /// handle. Any other command than a move ends a lesson.
    pub(super) fn puzzle_command(&mut self, command: &Command) -> Option<Flow> {
        if let Some(position) = self.lessons.position() {
            match command {
                Command::Move(typed) => {
                    if let Some(mv) = self.read_move(typed, &position, Intent::Lesson) {
                        self.lesson_move(mv);
                    }
                    return Some(Flow::Continue);
                }
                Command::Help | Command::Quit => return None,
                _ => {
                    self.lessons.leave();
                    return None;
                }
            }
        }
        let position = self.trainer.position()?;
        let said = match command {
            Command::Move(_) if self.trainer.solved() => msg!("puzzle-solved-already").into(),
            Command::Move(typed) => match self.read_move(typed, &position, Intent::Puzzle) {
                Some(mv) => self.trainer.play(mv, self.notation),
                None => Said::nothing(),
            },
            Command::Hint => self.trainer.hint(self.notation),
            Command::Board => Said::from(self.trainer.board()).and(Note::Legend),
            Command::Moves => self.trainer.moves(self.notation),
            Command::Fen => Note::Plain(position.to_fen()).into(),
            // Another game: the puzzle ends, and the command goes to the game.
            Command::New | Command::Load(_) | Command::Open { .. } => {
                let answer = self.trainer.leave(self.notation);
                self.utter(answer.unwrap_or_default());
                let ended = self.record.ended();
                (self.dialogue).settle(self.trainer.active(), self.saved.resume_pending, ended);
                if self.saved.resume_pending {
                    self.answer(false);
                }
                return None;
            }
            Command::Help
            | Command::Quit
            | Command::Puzzle(_)
            | Command::MoveTime(_)
            | Command::Level(_)
            | Command::KbReload
            | Command::KbCheck => return None,
            _ => msg!("puzzle-not-now").into(),
        };
        self.utter(said);
        Some(Flow::Continue)
    }

    /// `puzzle`, `puzzle next`, `puzzle FEN`, `puzzle off`.
    pub(super) fn puzzle(&mut self, action: PuzzleAction) {
        match action {
            PuzzleAction::Off => match self.trainer.leave(self.notation) {
                Some(answer) => {
                    let ended = self.record.ended();
                    (self.dialogue).settle(self.trainer.active(), self.saved.resume_pending, ended);
                    self.utter(answer.and(msg!("puzzle-off")).and(Note::GameBoard));
                }
                None => self.utter(msg!("puzzle-not-on")),
            },
            PuzzleAction::Position(text) => {
                if let Some(position) = self.read_position(&text, Intent::PuzzleAt) {
                    let said = self.trainer.pose_at(position, self.notation);
                    self.puzzle_posed(said);
                }
            }
            PuzzleAction::Next => {
                let said =
                    self.trainer
                        .pose(self.engines.engine.knowledge_base(), self.notation, None);
                self.puzzle_posed(said);
            }
            PuzzleAction::List => {
                let said = Trainer::list(self.engines.engine.knowledge_base());
                self.utter(said);
            }
            PuzzleAction::Motif(index) => {
                let motif = &shashki::combination::motif::builtin()[index];
                let said = (self.trainer).pose(
                    self.engines.engine.knowledge_base(),
                    self.notation,
                    Some(motif),
                );
                self.puzzle_posed(said);
            }
        }
    }

    /// The player's move `mv` in the lesson on the board: judged by a search of every
    /// move there now, then the lesson moves on its schedule.
    pub(super) fn lesson_move(&mut self, mv: Move) {
        let Some(position) = self.lessons.position() else {
            return;
        };
        let engine = self.engines.of(Thinker::Hint, self.strength.seed);
        engine.new_game();
        let count = position.legal_moves().len();
        let lines = engine.lines(
            &Game::new(position),
            count,
            Limits::Nodes(REVIEW_NODES),
            &mut |_| {},
        );
        let said = self.lessons.answer(mv, &lines, self.notation);
        self.utter(said);
    }

    /// A puzzle was posed, or why not: a question about the game waits for the end of
    /// the puzzles (a resume question comes back then), and the game is not touched.
    pub(super) fn puzzle_posed(&mut self, said: Said) {
        if self.trainer.active() {
            self.dialogue.question = Question::None;
        }
        self.utter(said);
    }

    /// `thinker`'s engine decides the game's move within `limits`, with a progress line
    /// on the terminal; Ctrl-C stops it with its best move so far.
    pub(super) fn think(&mut self, thinker: Thinker, limits: impl Into<MoveLimits>) -> Thought {
        let MoveLimits { limits, deadline } = limits.into();
        let stop = self.engines.of(thinker, self.strength.seed).stop_signal();
        stop.reset();
        if let Some(deadline) = deadline {
            stop.request_at(Instant::now() + deadline);
        }
        let watching = self.dialogue.watch(stop);
        let show = self.screen.progress.then_some(&self.text);
        let engine = self.engines.of(thinker, self.strength.seed);
        let decision = choose(engine, &self.record.game, limits, show);
        let interrupted = watching.finish();
        Thought {
            decision,
            interrupted,
        }
    }

    /// `hint`: the bot's move in the player's place, why, and the line it expects, at
    /// full strength whatever the bot's level.
    pub(super) fn hint(&mut self) {
        if self.record.game_over() {
            return self.utter(msg!("hint-game-over"));
        }
        let before = *self.record.game.position();
        // As long as the bot thinks on its moves, a second at least.
        let time = match self.strength.limits {
            Limits::MoveTime(time) => time.max(HINT_TIME),
            _ => HINT_TIME,
        };
        let limits = self.strength.study_limits(Limits::MoveTime(time));
        let thought = self.think(Thinker::Hint, limits);
        let mut said = Said::nothing();
        if thought.interrupted {
            said.tell(msg!("hint-interrupted"));
        }
        let Some(decision) = thought.decision else {
            return self.utter(said.and(msg!("hint-no-move")));
        };
        let mv = self.notation.write(&before, decision.mv);
        let reason = phrases::source(&decision.source, &self.text);
        // The search's expected line, when the search decided.
        said.tell(match &decision.source {
            Source::Search { pv, .. } if !pv.is_empty() => {
                let line = self.notation.line(&before, pv);
                msg!("hint-line", mv = mv, reason = reason, line = line)
            }
            _ => msg!("hint", mv = mv, reason = reason),
        });
        said.add(self.engines.passed_over(Thinker::Hint, &before).into());
        self.utter(said);
    }

    /// `analyze`: the lines are redrawn in place on a terminal after each depth, and
    /// appended elsewhere; the game is left as it was.
    pub(super) fn analyze(&mut self) {
        let game = self.record.shown_game();
        let position = *game.position();
        if position.legal_moves().is_empty() {
            return self.utter(msg!("analysis-no-move"));
        }
        let side = phrases::side(position.side_to_move());
        let engine = self.engines.of(Thinker::Hint, self.strength.seed);
        // Where the endgame tables hold every move, they answer: exact, at once.
        let exact = exact_lines(engine, &game);
        if !exact.lines.is_empty() {
            self.utter(msg!("analysis-exact", side = side));
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
                self.utter(msg!("analysis-start-depth", depth = depth, side = side));
                Limits::Depth(depth)
            }
            _ => {
                self.utter(msg!("analysis-start", side = side));
                Limits::Infinite
            }
        };
        let engine = self.engines.of(Thinker::Hint, self.strength.seed);
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
        self.utter(match lines.depth {
            0 => msg!("analysis-none"),
            depth if stop.is_requested() => msg!("analysis-stopped", depth = depth),
            depth => msg!("analysis-done", depth = depth),
        });
    }

    /// `review [DEPTH]`: the mistakes of both sides, each with the better move, the cost
    /// and the position, then a count for each side and the loser's decisive mistake;
    /// the player's mistakes are filed as lessons. At the end of the player's game, the
    /// lessons only. Ctrl-C ends it early with what the positions searched so far show,
    /// and how far that was.
    pub(super) fn review(&mut self, depth: Option<u32>, side: Option<Color>, shown: Reviewing) {
        let moves = self.record.game.moves();
        if moves.is_empty() {
            if shown == Reviewing::Report {
                self.utter(msg!("review-none"));
            }
            return;
        }
        let plies = msg!("plies", count = moves.len());
        let limits = match depth.or(self.strength.study_depth) {
            Some(depth) => Limits::Depth(depth),
            None => Limits::Nodes(REVIEW_NODES),
        };
        self.utter(match (shown, limits) {
            (Reviewing::Lessons, _) => msg!("lessons-looking"),
            (_, Limits::Depth(depth)) => msg!("review-start-depth", plies = plies, depth = depth),
            _ => msg!("review-start", plies = plies),
        });
        // A progress bar over the positions on a terminal, a hidden one elsewhere.
        let bar = match self.screen.progress {
            true => {
                let words = self.words(msg!("review-progress"));
                let template = format!("{words} {{bar:40}} {{pos}}/{{len}}");
                let positions = Some(moves.len() as u64 + 1);
                ProgressBar::with_draw_target(positions, ProgressDrawTarget::stdout())
                    .with_style(ProgressStyle::with_template(&template).expect("a valid template"))
            }
            false => ProgressBar::hidden(),
        };
        let engine = self.engines.of(Thinker::Hint, self.strength.seed);
        // The same table for every review of the game: cleared first.
        engine.new_game();
        let stop = engine.stop_signal();
        stop.reset();
        let watching = self.dialogue.watch(stop.clone());
        let engine = self.engines.of(Thinker::Hint, self.strength.seed);
        let mut game = Game::new(*self.record.game.start());
        let mut verdicts = Vec::with_capacity(moves.len() + 1);
        for ply in 0..=moves.len() {
            match verdict(engine, &game, limits) {
                Some(verdict) if !stop.is_requested() => verdicts.push(verdict),
                _ => break,
            }
            bar.inc(1);
            if let Some(&mv) = moves.get(ply) {
                // The game's own moves: legal where they were played.
                let _ = game.play(mv);
            }
        }
        watching.finish();
        bar.finish_and_clear();
        let reviewer = Reviewer {
            record: &self.record,
            kb: self.engines.engine.knowledge_base(),
            notation: self.notation,
            text: &self.text,
            color: self.style.color,
        };
        let said = reviewer.report(&moves, &verdicts);
        let complete = verdicts.len() == moves.len() + 1;
        let lessons = match complete {
            true => reviewer.lessons(&moves, &verdicts, side),
            false => Vec::new(),
        };
        if shown == Reviewing::Report {
            self.utter(said);
        }
        // The player's mistakes become lessons: the moves that keep the game searched now.
        let mut filed = 0;
        for (ply, provenance, name) in lessons {
            let played = moves[ply];
            let mut game = Game::new(*self.record.game.start());
            for &mv in &moves[..ply] {
                // The game's own moves: legal where they were played.
                let _ = game.play(mv);
            }
            let engine = self.engines.of(Thinker::Hint, self.strength.seed);
            // Never the mistake itself, whatever a search of every move made of it; the
            // review's better move first when the search kept none.
            let mut moves = keeping_moves(engine, &game, limits);
            moves.retain(|&mv| mv != played);
            if moves.is_empty() {
                moves.extend(verdicts[ply].best.filter(|&best| best != played));
            }
            let lesson = Lesson {
                position: *game.position(),
                moves,
                provenance,
            };
            match self.lessons.keep(&lesson, &fact_names().render(&name)) {
                Ok(true) => filed += 1,
                Ok(false) => {}
                Err(said) => self.utter(said),
            }
        }
        match (filed, self.data.as_ref().map(DataDir::lessons)) {
            (0, Some(_)) if complete && shown == Reviewing::Report => {
                self.utter(msg!("lessons-none"));
            }
            (0, _) | (_, None) => {}
            (filed, Some(path)) => {
                let path = path.display().to_string();
                self.utter(msg!("lessons-filed", count = filed, path = path));
            }
        }
    }

    /// `learn`: lists the combinations of the game, then asks before it adds the new
    /// ones to the learned facts beside the base in use (the player's own for the
    /// built-in base).
    pub(super) fn learn(&mut self) {
        let games = [(self.record.game_source(), self.record.game.clone())];
        let target = self.engines.learned_file();
        let mut worth_learning = false;
        let report = pipeline::learn(&games, target.as_deref(), DEFAULT_SEED, &mut |event| {
            if let Progress::Scanned(progress) = event {
                let said;
                (said, worth_learning) = findings(progress);
                self.utter(said);
            }
        });
        if !worth_learning {
            return;
        }
        let (new, confirmed) = match report {
            Ok(LearnReport {
                new: Some(new),
                confirmed,
                ..
            }) => (new, confirmed),
            Ok(LearnReport { new: None, .. }) => return self.utter(msg!("learn-no-data")),
            Err(problems) => return self.utter(Note::Problems(problems)),
        };
        if new.facts.is_empty() {
            let shown = new.target.display().to_string();
            return self.utter(msg!("learn-known", path = shown, count = confirmed));
        }
        for fact in &new.facts {
            let line = fact.line.join(" ");
            let name = fact_names().render(&fact.name.message());
            self.utter(msg!("learn-fact", name = name, line = line));
        }
        self.engines.pending = Some(new);
        self.dialogue.question = Question::Learn;
    }
}
