//! The game record and its view: the moves, the record's tags and comments, the
//! players, the position shown, and the record kept of a finished game.

use std::path::{Path, PathBuf};

use super::clock::clock_text;
use super::files::{BOT, CONSOLE_EVENT, free_name, timestamp, today};
use super::render::Marks;
use super::said::{Note, Said};
use super::strength::{STRENGTH_TAG, Strength};
use super::{Material, phrases};
use shashki::files::{io_error_message, write_atomically};
use shashki::kb::GameSource;
use shashki::msg;
use shashki::notation::pdn::{self, Comment, GameRecord};
use shashki::notation::{MoveNumber, Notation, move_pairs};
use shashki::play::openings::opening_of;
use shashki::words::Message;
use shashki::{Color, Game, MoveText, Outcome, Position, WinReason};

/// The game record and its view: the moves, the record's tags and comments, the
/// players, and what has been said about its end.
pub(super) struct Record {
    pub game: Game,
    /// The plies from the start to the position shown, when it is an earlier one.
    pub view: Option<usize>,
    /// The tag pairs of an opened or resumed record, kept when it is saved again.
    pub tags: Vec<(String, String)>,
    /// The plies of an opened record of a game between other players: an end reached
    /// within them is told as the record's, not as the player's.
    pub recorded_plies: Option<usize>,
    /// The comments of an opened or resumed record, kept while their moves stand.
    pub comments: Vec<Comment>,
    /// The player's name in records.
    pub player: String,
    pub human: Color,
    /// Whether the player's side is known: false for an opened record of others until
    /// the player takes a side, and the bot moves for neither until then.
    pub side_known: bool,
    /// Whether the end of the current game has been announced.
    pub announced: bool,
    /// The material when the human last declined a king-against-king draw.
    pub declined: Option<Material>,
    /// Where the finished game is kept in `games/`, once it has ended: an end reached
    /// again after `undo` updates that record.
    pub kept: Option<PathBuf>,
    /// The plies of a record that was over when it was opened: that end is the
    /// record's, and is not kept again.
    pub over_when_taken: Option<usize>,
    /// The named opening the game was last said to be in.
    pub opening: Option<&'static str>,
    /// The file and the game's number in it, for a record opened from a file: what the
    /// lessons of its mistakes say they came from.
    pub opened_from: Option<(String, usize)>,
}

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

    /// `history`: the numbered moves, in `notation`.
    pub fn history(&self, notation: Notation) -> Said {
        let moves = self.game.moves();
        if moves.is_empty() {
            return msg!("history-empty").into();
        }
        let texts = notation.texts(self.game.start(), &moves);
        let lines = move_pairs(self.game.start(), &texts);
        let mut said = Said::from(Note::Plain(lines.join("\n")));
        if let Some(ply) = self.view {
            let (number, side) = self.number_at(ply);
            said.note(Note::Verbatim(msg!(
                "history-shown",
                number = number,
                side = phrases::side(side)
            )));
        }
        said
    }

    /// Shows the position after `ply` plies (the game's end when it is the last).
    pub fn show_ply(&mut self, ply: usize) -> Said {
        let end = self.game.moves().len();
        let ply = ply.min(end);
        self.view = (ply < end).then_some(ply);
        let (number, side) = self.number_at(ply);
        let side = phrases::side(side);
        Said::from(Note::GameBoard).and(match ply == end {
            true => msg!("view-current", number = number, side = side),
            false => msg!(
                "view-earlier",
                number = number,
                side = side,
                ply = ply,
                end = end
            ),
        })
    }

    /// `goto N`: the position before move `number`'s first ply.
    pub fn goto(&mut self, number: usize) -> Said {
        let end = self.game.moves().len();
        match (0..=end).find(|&ply| self.number_at(ply).0 >= number) {
            Some(ply) => self.show_ply(ply),
            None => {
                let (last, _) = self.number_at(end);
                Said::from(msg!("goto-beyond", last = last)).and(self.show_ply(end))
            }
        }
    }

    /// The game as a PDN record: an opened game's own tags, else the players named by
    /// colour, the event and the date; and what `strength` keeps of the session.
    pub fn text(&self, strength: &Strength) -> String {
        // The writer adds these from the game itself; a timed game names its control and
        // each side's time, and the bot's strength is kept, so that a resumed game goes on
        // as it was.
        let own = ["Result", "Termination", "GameType", "FEN"];
        let mut session: Vec<(&str, String)> = strength
            .tag()
            .map(|strength| (STRENGTH_TAG, strength))
            .into_iter()
            .collect();
        // The opening, where the game began with a named one and the record names none.
        let named = self.tag("Opening").is_some();
        if let Some(opening) = opening_of(&self.game).filter(|_| !named) {
            session.push(("Opening", opening.to_string()));
        }
        if let Some(clocks) = &strength.clocks {
            session.push(("TimeControl", clocks.control().pdn()));
            session.push(("WhiteClock", clock_text(clocks.left(Color::White))));
            session.push(("BlackClock", clock_text(clocks.left(Color::Black))));
        }
        let replaced = |name: &str| {
            own.iter().any(|own| own.eq_ignore_ascii_case(name))
                || session
                    .iter()
                    .any(|(tag, _)| tag.eq_ignore_ascii_case(name))
        };
        let mut tags: Vec<(&str, String)> = self
            .tags
            .iter()
            .filter(|(name, _)| !replaced(name))
            .map(|(name, value)| (name.as_str(), value.clone()))
            .collect();
        if tags.is_empty() {
            let (white, black) = self.players();
            tags = vec![
                ("Event", CONSOLE_EVENT.to_string()),
                ("Date", today()),
                ("White", white),
                ("Black", black),
            ];
        }
        tags.extend(session);
        pdn::write(&self.game, &tags, &self.comments)
    }

    /// The record's tag `name`, if it has one.
    pub fn tag(&self, name: &str) -> Option<String> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.clone())
    }

    /// White's and Black's names: the player's and the bot's, by the player's side.
    fn players(&self) -> (String, String) {
        match self.human {
            Color::White => (self.player.clone(), BOT.to_string()),
            Color::Black => (BOT.to_string(), self.player.clone()),
        }
    }

    /// Once the player's game has ended: its record is kept in `games`, named by the
    /// date, the time and the opponent (an end reached again after `undo` updates it).
    pub fn keep_finished(&mut self, games: &Path, strength: &Strength) -> Said {
        if self.over_when_taken == Some(self.game.moves().len()) {
            return Said::nothing();
        }
        let path = match &self.kept {
            Some(path) => path.clone(),
            None => {
                let opponent = match strength.tag() {
                    Some(strength) => format!("{BOT}-{}", strength.replace(' ', "")),
                    None => BOT.to_string(),
                };
                free_name(games, &format!("{}-{opponent}", timestamp()))
            }
        };
        let text = self.text(strength);
        let written =
            std::fs::create_dir_all(games).and_then(|()| write_atomically(&path, text.as_bytes()));
        match written {
            Ok(()) => {
                let first = self.kept.replace(path).is_none();
                first.then(|| msg!("game-kept")).into()
            }
            Err(error) => msg!(
                "keep-game-failed",
                path = path.display().to_string(),
                error = io_error_message(&error)
            )
            .into(),
        }
    }

    /// The player takes `side` in an opened record of others: from now on it is their
    /// game against the bot, and the record says so, so that it comes back on this
    /// side, saved or resumed.
    pub fn take_side(&mut self, side: Color) -> Said {
        self.human = side;
        self.side_known = true;
        let (white, black) = self.players();
        self.set_tag("White", white);
        self.set_tag("Black", black);
        msg!("you-play-now", side = phrases::side(side)).into()
    }

    /// Where the game comes from, for the facts learned from it.
    pub fn game_source(&self) -> GameSource {
        if let Some((file, number)) = &self.opened_from {
            return GameSource::Record {
                file: file.clone(),
                number: *number,
                players: self.tag("White").zip(self.tag("Black")),
                event: self.tag("Event"),
                date: self.tag("Date"),
            };
        }
        let (white, black) = match (self.tag("White"), self.tag("Black")) {
            (Some(white), Some(black)) => (white, black),
            _ => self.players(),
        };
        let date = self.tag("Date").unwrap_or_else(today);
        GameSource::Console { white, black, date }
    }

    /// Whether the game's end was announced: a new game is asked for then.
    pub fn ended(&self) -> bool {
        self.announced && self.game_over()
    }

    /// `moves`: the legal moves of the side to move.
    pub fn legal_moves(&self) -> Message {
        let position = *self.game.position();
        let moves = position.legal_moves();
        if self.game_over() || moves.is_empty() {
            return msg!("moves-none");
        }
        let mut texts: Vec<String> = moves
            .iter()
            .map(|&mv| MoveText::from_move(&position, mv).to_string())
            .collect();
        texts.sort();
        msg!(
            "moves-list",
            side = phrases::side(position.side_to_move()),
            count = texts.len(),
            moves = texts.join(", ")
        )
    }

    /// Whether `undo` may take the game's end back (`yes` or `no`, for the messages): not
    /// a loss on time, which taking moves back would not give the time back for.
    pub fn undo_allowed(&self) -> &'static str {
        match self.game.outcome() {
            Some(Outcome::Win {
                reason: WinReason::Time,
                ..
            }) => "no",
            _ => "yes",
        }
    }

    /// `undo`: takes back the plies up to and including the human's last move, and
    /// says how many; a game lost on time stays lost.
    pub fn undo(&mut self) -> Result<Message, Message> {
        if self.undo_allowed() == "no" {
            return Err(msg!("undo-after-flag"));
        }
        let positions: Vec<&Position> = self.game.positions().collect();
        let Some(index) = positions[..positions.len() - 1]
            .iter()
            .rposition(|p| p.side_to_move() == self.human)
        else {
            return Err(msg!("undo-nothing"));
        };
        let count = self.game.moves().len() - index;
        for _ in 0..count {
            self.game.undo();
        }
        self.drop_lost_comments();
        self.start_afresh();
        Ok(msg!("undo-done", count = count))
    }

    /// The game changed under the questions about it: none has been said of its end,
    /// and a declined draw may be offered again.
    pub fn start_afresh(&mut self) {
        self.declined = None;
        self.announced = false;
    }

    /// The named opening the game has reached, when it is another than last said: the
    /// longest of the named openings it begins with.
    pub fn opening_reached(&mut self) -> Option<Message> {
        let opening = opening_of(&self.game);
        if opening.is_none() || opening == self.opening {
            return None;
        }
        self.opening = opening;
        opening.map(|name| msg!("opening-now", name = name))
    }

    /// Another game takes this one's place, with its record's tags and comments, the
    /// player on side `human` (`None`: a game of others, whose side the player is yet
    /// to take).
    pub fn take(&mut self, record: GameRecord, human: Option<Color>) {
        if let Some(human) = human {
            self.human = human;
        }
        self.side_known = human.is_some();
        self.kept = None;
        self.over_when_taken = record.game.outcome().map(|_| record.game.moves().len());
        self.recorded_plies = human.is_none().then(|| record.game.moves().len());
        self.game = record.game;
        self.tags = record.tags;
        self.comments = record.comments;
        self.opening = None;
        self.opened_from = None;
        self.start_afresh();
    }
}
