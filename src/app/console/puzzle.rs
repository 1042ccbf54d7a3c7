//! Puzzle mode (`puzzle`): combinations from the knowledge base to find, one move at a
//! time, with hints and a score kept in the data directory. The game waits as it was.

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::command::{Command, PuzzleAction};
use super::render::{self, Marks};
use super::score::Score;
use super::{Console, Flow, Intent, Question, phrases};
use shashki::combination::puzzle::{Puzzle, Refusal};
use shashki::combination::{GAME, MaterialWon};
use shashki::files::{DataDir, read_text, write_atomically};
use shashki::msg;
use shashki::notation::MoveReadings;
use shashki::{Color, Move, Position};

/// The trainer: its random choices and the score, kept across puzzles.
pub(super) struct Trainer {
    rng: StdRng,
    score: Score,
    /// The score file, when it may be written: not when it was there but unreadable.
    file: Option<PathBuf>,
    /// The puzzle being solved: puzzle mode.
    current: Option<Current>,
}

/// The puzzle on the board and what the player did in it.
struct Current {
    puzzle: Puzzle,
    /// Hints given for the move to find now.
    hints: u32,
    /// Whether the puzzle counts as attempted yet.
    attempted: bool,
    /// The last move played, to mark on the board.
    last: Option<(Position, Move)>,
}

impl Console {
    /// Whether the console is in puzzle mode.
    pub(super) fn in_puzzle(&self) -> bool {
        self.trainer
            .as_ref()
            .is_some_and(|trainer| trainer.current.is_some())
    }

    /// The position the prompt completes moves in: the puzzle's in puzzle mode.
    pub(super) fn puzzle_position(&self) -> Option<Position> {
        let current = self.trainer.as_ref()?.current.as_ref()?;
        Some(current.puzzle.position())
    }

    /// The player's side in puzzle mode.
    pub(super) fn puzzle_side(&self) -> Option<Color> {
        let current = self.trainer.as_ref()?.current.as_ref()?;
        Some(current.puzzle.side())
    }

    /// Handles `command` in puzzle mode; `None` when it is the game's to handle.
    pub(super) fn puzzle_command(&mut self, command: &Command) -> Option<Flow> {
        if !self.in_puzzle() {
            return None;
        }
        match command {
            Command::Move(text) => self.puzzle_move(text),
            Command::Hint => self.puzzle_hint(),
            Command::Board => {
                self.show_puzzle();
                self.tell_legend();
            }
            Command::Moves => self.puzzle_moves(),
            Command::Fen => {
                let fen = self.puzzle_position()?.to_fen();
                self.say(fen);
            }
            // Another game: the puzzle ends, and the command goes to the game.
            Command::New | Command::Load(_) | Command::Open { .. } => {
                self.leave_puzzle();
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
            _ => self.tell(msg!("puzzle-not-now")),
        }
        Some(Flow::Continue)
    }

    /// `puzzle`, `puzzle next`, `puzzle FEN`, `puzzle off`.
    pub(super) fn puzzle(&mut self, action: PuzzleAction) {
        let puzzle = match action {
            PuzzleAction::Off => {
                if self.in_puzzle() {
                    self.leave_puzzle();
                    self.tell(msg!("puzzle-off"));
                    self.show_board();
                } else {
                    self.tell(msg!("puzzle-not-on"));
                }
                return;
            }
            PuzzleAction::Position(text) => {
                if let Some(position) = self.read_position(&text, Intent::PuzzleAt) {
                    self.puzzle_at(position);
                }
                return;
            }
            PuzzleAction::Next => {
                self.trainer();
                let Some(kb) = self.engines.engine.knowledge_base() else {
                    self.tell(msg!("puzzle-no-kb"));
                    return;
                };
                let trainer = self.trainer.as_mut().expect("the trainer");
                let last = trainer.current.as_ref().map(|current| &current.puzzle);
                match Puzzle::pose_unlike(kb, &mut trainer.rng, last) {
                    Some(puzzle) => puzzle,
                    None => {
                        self.tell(msg!("puzzle-none"));
                        return;
                    }
                }
            }
        };
        self.start_puzzle(puzzle);
    }

    /// `puzzle FEN`: the combination of `position` to find.
    pub(super) fn puzzle_at(&mut self, position: Position) {
        match Puzzle::new(&position) {
            Some(puzzle) => self.start_puzzle(puzzle),
            None => {
                let side = phrases::side(position.side_to_move());
                self.tell(msg!("puzzle-no-combination", side = side));
            }
        }
    }

    fn start_puzzle(&mut self, puzzle: Puzzle) {
        self.trainer();
        // A question about the game waits for the end of the puzzles (a resume
        // question comes back then): the game is not touched.
        self.dialogue.question = Question::None;
        let trainer = self.trainer.as_mut().expect("the trainer");
        trainer.current = Some(Current {
            puzzle,
            hints: 0,
            attempted: false,
            last: None,
        });
        self.show_puzzle();
        self.tell(msg!("puzzle-how"));
    }

    /// The trainer, made at the first puzzle: the score is read from its file then.
    fn trainer(&mut self) -> &mut Trainer {
        if self.trainer.is_none() {
            let (score, file) = self.read_score();
            self.trainer = Some(Trainer {
                rng: StdRng::seed_from_u64(self.strength.seed),
                score,
                file,
                current: None,
            });
        }
        self.trainer.as_mut().expect("the trainer")
    }

    /// The score in the data directory and the file to keep it in; a file that cannot
    /// be read is reported and left alone (the score then lasts the session only).
    fn read_score(&mut self) -> (Score, Option<PathBuf>) {
        let Some(path) = self.data.as_ref().map(DataDir::puzzles) else {
            return (Score::default(), None);
        };
        if !path.exists() {
            return (Score::default(), Some(path));
        }
        let shown = path.display().to_string();
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(error) => {
                let error = self.words(error.message());
                self.tell(msg!("puzzle-score-unreadable", path = shown, error = error));
                return (Score::default(), None);
            }
        };
        match Score::parse(&text) {
            Ok(score) => (score, Some(path)),
            Err(error) => {
                let reason = self.words(error.problem.message());
                self.tell(msg!(
                    "puzzle-score-bad",
                    path = shown,
                    line = error.line,
                    reason = reason
                ));
                (Score::default(), None)
            }
        }
    }

    /// Counts something in the score and keeps the score in its file.
    fn count(&mut self, change: impl FnOnce(&mut Score)) {
        let Some(trainer) = self.trainer.as_mut() else {
            return;
        };
        change(&mut trainer.score);
        let Some(path) = trainer.file.clone() else {
            return;
        };
        let score = trainer.score;
        let text = score.text(&self.words(msg!("puzzle-score-header")));
        let written =
            DataDir::prepare(&path).and_then(|()| write_atomically(&path, text.as_bytes()));
        if let Err(error) = written {
            let error = self.words(shashki::files::io_error_message(&error));
            self.tell(msg!(
                "puzzle-score-failed",
                path = path.display().to_string(),
                error = error
            ));
            // Once is enough: the score lasts the session.
            if let Some(trainer) = self.trainer.as_mut() {
                trainer.file = None;
            }
        }
    }

    /// A move or a hint counts the puzzle as attempted, once.
    fn attempt(&mut self) {
        let current = self.current_mut();
        let first = !std::mem::replace(&mut current.attempted, true);
        if first {
            self.count(|score| score.attempted += 1);
        }
    }

    fn current(&self) -> &Current {
        self.trainer
            .as_ref()
            .and_then(|trainer| trainer.current.as_ref())
            .expect("puzzle mode")
    }

    fn current_mut(&mut self) -> &mut Current {
        self.trainer
            .as_mut()
            .and_then(|trainer| trainer.current.as_mut())
            .expect("puzzle mode")
    }

    fn leave_puzzle(&mut self) {
        if let Some(trainer) = self.trainer.as_mut() {
            trainer.current = None;
        }
        self.resume_question();
    }

    /// The puzzle's board from the player's side, and what to find.
    fn show_puzzle(&mut self) {
        self.show_puzzle_board();
        let puzzle = &self.current().puzzle;
        let side = phrases::side(puzzle.side());
        let gain = self.gain_words(puzzle.won(), puzzle.gain());
        self.tell(msg!("puzzle-title", side = side, gain = gain));
    }

    /// What a line wins, in words: the game, men, a king.
    fn gain_words(&self, won: MaterialWon, points: i32) -> String {
        let game = won.game || points >= GAME;
        // A king won by crowning a man is worded as a crowning, not as a king taken.
        let king = match (won.kings > 0, won.crowned) {
            (true, true) => "crowned",
            (true, false) => "yes",
            (false, _) => "no",
        };
        self.words(msg!(
            "puzzle-gain",
            game = if game { "yes" } else { "no" },
            king = king,
            men = won.pieces.max(0)
        ))
    }

    fn puzzle_move(&mut self, typed: &MoveReadings) {
        let position = self.current().puzzle.position();
        if self.current().puzzle.is_solved() {
            self.tell(msg!("puzzle-solved-already"));
            return;
        }
        if let Some(mv) = self.read_move(typed, &position, Intent::Puzzle) {
            self.puzzle_play(mv);
        }
    }

    /// The player's legal move `mv` in the puzzle: right, or refused with the reason.
    pub(super) fn puzzle_play(&mut self, mv: Move) {
        let position = self.current().puzzle.position();
        self.attempt();
        let written = self.notation.write(&position, mv);
        let answer = self.current_mut().puzzle.play(mv);
        let answer = match answer {
            Ok(answer) => answer,
            Err(refusal) => {
                self.count(|score| score.wrong += 1);
                let message = match refusal {
                    Refusal::GivesUpMaterial => msg!("puzzle-gives-up", mv = written),
                    Refusal::WinsNothing => msg!("puzzle-wins-nothing", mv = written),
                    Refusal::WinsLess(won) => {
                        let current = self.current();
                        let gain = self.gain_words(current.puzzle.won(), current.puzzle.gain());
                        let less = self.gain_words(won, 0);
                        msg!("puzzle-wins-less", mv = written, won = less, gain = gain)
                    }
                    Refusal::Solved => msg!("puzzle-solved-already"),
                };
                self.tell(message);
                return;
            }
        };
        let after = position.play_unchecked(mv);
        let current = self.current_mut();
        current.hints = 0;
        current.last = Some(match answer.reply {
            Some(reply) => (after, reply),
            None => (position, mv),
        });
        self.show_puzzle_board();
        match answer.reply {
            Some(reply) if !answer.solved => {
                let side = phrases::side(after.side_to_move());
                let reply = self.notation.write(&after, reply);
                self.tell(msg!(
                    "puzzle-right",
                    mv = written,
                    side = side,
                    reply = reply
                ));
            }
            _ => self.solved(),
        }
    }

    /// The board with the last move marked.
    fn show_puzzle_board(&mut self) {
        let current = self.current();
        let position = current.puzzle.position();
        let marks = current
            .last
            .map_or_else(Marks::default, |(before, mv)| Marks::of(&before, mv));
        let text = render::board(&position, marks, current.puzzle.side(), self.style);
        let _ = std::io::Write::write_all(&mut self.out, text.as_bytes());
        let material = phrases::material(&position, &self.text);
        self.say(material);
    }

    /// The end of the puzzle: the whole line, the fact's name and the score.
    fn solved(&mut self) {
        self.count(|score| score.solved += 1);
        let current = self.current();
        let line = self
            .notation
            .line(&current.puzzle.start(), current.puzzle.played());
        let gain = self.gain_words(current.puzzle.won(), current.puzzle.gain());
        let name = current.puzzle.name().map(str::to_string);
        self.tell(match name {
            Some(name) => msg!("puzzle-solved-fact", line = line, gain = gain, name = name),
            None => msg!("puzzle-solved", line = line, gain = gain),
        });
        self.show_score();
    }

    fn show_score(&mut self) {
        let Some(score) = self.trainer.as_ref().map(|trainer| trainer.score) else {
            return;
        };
        self.tell(msg!(
            "puzzle-score",
            solved = score.solved,
            attempted = score.attempted,
            hints = score.hints,
            wrong = score.wrong
        ));
    }

    /// The first hint names the piece to move, the next the move itself.
    fn puzzle_hint(&mut self) {
        let position = self.current().puzzle.position();
        let Some(mv) = self.current().puzzle.hint() else {
            self.tell(msg!("puzzle-solved-already"));
            return;
        };
        self.attempt();
        self.count(|score| score.hints += 1);
        let current = self.current_mut();
        current.hints += 1;
        let message = match current.hints {
            1 => msg!(
                "puzzle-hint-piece",
                square = mv.from().to_string(),
                king = if position.kings().contains(mv.from()) {
                    "yes"
                } else {
                    "no"
                }
            ),
            _ => msg!("puzzle-hint-move", mv = self.notation.write(&position, mv)),
        };
        self.tell(message);
    }

    fn puzzle_moves(&mut self) {
        let position = self.current().puzzle.position();
        let moves = position.legal_moves();
        if self.current().puzzle.is_solved() || moves.is_empty() {
            self.tell(msg!("puzzle-solved-already"));
            return;
        }
        let mut texts: Vec<String> = moves
            .iter()
            .map(|&mv| self.notation.write(&position, mv))
            .collect();
        texts.sort();
        self.tell(msg!(
            "moves-list",
            side = phrases::side(position.side_to_move()),
            count = texts.len(),
            moves = texts.join(", ")
        ));
    }
}

#[cfg(test)]
mod tests {
    use crate::app::console::Lang;
    use shashki::msg;
    use shashki::words::Text;

    fn gain(lang: Lang, game: &str, king: &str, men: i32) -> String {
        Text::new(lang).render(&msg!("puzzle-gain", game = game, king = king, men = men))
    }

    #[test]
    fn gains_are_worded_in_both_languages() {
        assert_eq!(gain(Lang::En, "no", "no", 1), "a man");
        assert_eq!(gain(Lang::En, "no", "no", 2), "2 men");
        assert_eq!(gain(Lang::En, "no", "yes", 0), "a king");
        assert_eq!(gain(Lang::En, "yes", "no", 3), "the game");
        assert_eq!(gain(Lang::Ru, "no", "no", 0), "ничего");
        assert_eq!(gain(Lang::Ru, "no", "no", 1), "шашку");
        assert_eq!(gain(Lang::Ru, "no", "no", 3), "3 шашки");
        assert_eq!(gain(Lang::Ru, "no", "no", 5), "5 шашек");
        assert_eq!(gain(Lang::Ru, "no", "yes", 1), "шашку и дамку");
        assert_eq!(gain(Lang::Ru, "yes", "no", 0), "партию");
    }
}
