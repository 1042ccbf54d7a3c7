//! The player studies: puzzles from the knowledge base.

use super::command::{Command, PuzzleAction};
use super::said::{Note, Said};
use super::{Console, Flow, Intent, Question};
use shashki::msg;

impl Console {
    /// Handles `command` in puzzle mode; `None` when it is the game's to handle.
    pub(super) fn puzzle_command(&mut self, command: &Command) -> Option<Flow> {
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
                self.trainer.leave();
                self.resume_question();
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
            PuzzleAction::Off if self.trainer.leave() => {
                self.resume_question();
                self.utter(Said::from(msg!("puzzle-off")).and(Note::GameBoard));
            }
            PuzzleAction::Off => self.utter(msg!("puzzle-not-on")),
            PuzzleAction::Position(text) => {
                if let Some(position) = self.read_position(&text, Intent::PuzzleAt) {
                    let said = self.trainer.pose_at(position);
                    self.puzzle_posed(said);
                }
            }
            PuzzleAction::Next => {
                let said = self.trainer.pose(self.engines.engine.knowledge_base());
                self.puzzle_posed(said);
            }
        }
    }

    /// A puzzle was posed, or why not: a question about the game waits for the end of
    /// the puzzles (a resume question comes back then), and the game is not touched.
    pub(super) fn puzzle_posed(&mut self, said: Said) {
        if self.trainer.active() {
            self.dialogue.question = Question::None;
        }
        self.utter(said);
    }
}
