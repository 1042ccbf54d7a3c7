//! Stepping through the game: `history`, `back`, `forward`, `goto`, and a new line
//! started from an earlier position.

use super::render::Marks;
use super::{Console, Intent, Question, Record, phrases};
use shashki::msg;
use shashki::notation::{MoveNumber, MoveReadings, move_pairs};
use shashki::{Color, Game, Move, Position};

impl Record {
    /// The number of plies from the start to the position shown.
    pub(super) fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.moves().len())
    }

    /// The position shown and the marks of the move that led to it.
    pub(super) fn shown(&self) -> (Position, Marks) {
        let ply = self.shown_ply();
        let position = *self.game.positions().nth(ply).expect("a ply of the game");
        let marks = ply.checked_sub(1).map_or_else(Marks::default, |before| {
            let from = self
                .game
                .positions()
                .nth(before)
                .expect("a ply of the game");
            Marks::of(from, self.game.moves()[before])
        });
        (position, marks)
    }

    /// The game up to the position shown.
    pub(super) fn shown_game(&self) -> Game {
        let mut game = self.game.clone();
        for _ in self.shown_ply()..self.game.moves().len() {
            game.undo();
        }
        game
    }

    /// The move number and the side to move of the position after `ply` plies.
    pub(super) fn number_at(&self, ply: usize) -> (usize, Color) {
        let number = MoveNumber::of_ply(self.game.start(), ply);
        (number.number, number.side)
    }

    /// The bot's side.
    pub(super) fn bot(&self) -> Color {
        self.human.opposite()
    }

    /// Drops the comments of moves taken back.
    pub(super) fn drop_lost_comments(&mut self) {
        let plies = self.game.moves().len();
        self.comments.retain(|comment| comment.ply <= plies);
    }

    /// Sets the record's tag `name` to `value`, in its place where it has one.
    pub(super) fn set_tag(&mut self, name: &str, value: String) {
        match self
            .tags
            .iter_mut()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
        {
            Some((_, old)) => *old = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Whether the game has ended.
    pub(super) fn game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Whether the game is one a player would hate to lose: moves played, no result.
    pub(super) fn unfinished(&self) -> bool {
        !self.game_over() && !self.game.moves().is_empty()
    }
}

impl Console {
    /// `history`: the numbered moves, in the chosen notation.
    pub(super) fn history(&mut self) {
        let moves = self.record.game.moves();
        if moves.is_empty() {
            self.tell(msg!("history-empty"));
            return;
        }
        let texts = self.notation.texts(self.record.game.start(), &moves);
        let mut lines = move_pairs(self.record.game.start(), &texts);
        if let Some(ply) = self.record.view {
            let (number, side) = self.record.number_at(ply);
            lines.push(self.words(msg!(
                "history-shown",
                number = number,
                side = phrases::side(side)
            )));
        }
        self.say(lines.join("\n"));
    }

    /// Shows the position after `ply` plies (the game's end when it is the last).
    pub(super) fn show_ply(&mut self, ply: usize) {
        let end = self.record.game.moves().len();
        let ply = ply.min(end);
        self.record.view = (ply < end).then_some(ply);
        self.show_board();
        let (number, side) = self.record.number_at(ply);
        let side = phrases::side(side);
        if ply == end {
            self.tell(msg!("view-current", number = number, side = side));
        } else {
            self.tell(msg!(
                "view-earlier",
                number = number,
                side = side,
                ply = ply,
                end = end
            ));
        }
    }

    /// `goto N`: the position before move `number`'s first ply.
    pub(super) fn goto(&mut self, number: usize) {
        let end = self.record.game.moves().len();
        match (0..=end).find(|&ply| self.record.number_at(ply).0 >= number) {
            Some(ply) => self.show_ply(ply),
            None => {
                let (last, _) = self.record.number_at(end);
                self.tell(msg!("goto-beyond", last = last));
                self.show_ply(end);
            }
        }
    }

    /// A move typed at an earlier position: asks before the later plies are dropped.
    pub(super) fn move_at_shown(&mut self, typed: &MoveReadings, ply: usize) {
        if !self.record.side_known {
            self.tell(msg!("side-first"));
            return;
        }
        let (position, _) = self.record.shown();
        if position.side_to_move() != self.record.human {
            self.tell(msg!("branch-bot-to-move"));
            return;
        }
        if let Some(mv) = self.read_move(typed, &position, Intent::Branch(ply)) {
            self.ask_branch(mv, ply);
        }
    }

    /// Asks whether to play `mv` at the position `ply` plies from the start, dropping
    /// the later plies.
    pub(super) fn ask_branch(&mut self, mv: Move, ply: usize) {
        let dropped = self.record.game.moves().len() - ply;
        self.dialogue.question = Question::Branch { mv, ply };
        let plies = self.words(msg!("plies", count = dropped));
        self.tell(msg!("branch-warning", plies = plies));
    }

    /// The new line: the game cut back to `ply` plies, then `mv` played.
    pub(super) fn branch(&mut self, mv: Move, ply: usize) {
        self.keep_unfinished();
        while self.record.game.moves().len() > ply {
            self.record.game.undo();
        }
        self.record.drop_lost_comments();
        self.record.view = None;
        self.reset_questions();
        self.engines.engine.new_game();
        self.play_human(mv);
    }
}
