//! A game: the moves played, undo, and how it ends (RULES.md, "End of the game").

use std::fmt;

use crate::msg;
use crate::words::Message;
use crate::{Color, IllegalMove, Move, Position};

/// Plies (half-moves) in the 15-move kings-only rule.
const KINGS_ONLY_LIMIT: u32 = 30;
/// Moves of the stronger side in three kings against one.
const LONE_KING_LIMIT: u32 = 15;
/// Plies without a change of balance in king endings of 4-5 and of 6-7 pieces.
const SMALL_ENDING_LIMIT: u32 = 60;
const LARGE_ENDING_LIMIT: u32 = 120;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser's pieces are all blocked.
    Blocked,
    /// The loser resigned.
    Resignation,
    /// The loser's time ran out (a flag fall).
    Time,
}

/// Which draw rule ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// The same position with the same side to move occurred a third time.
    Repetition,
    /// 15 moves in a row of kings only, no man moved and nothing captured.
    KingsOnly,
    /// Three or more kings did not catch a lone king within 15 moves.
    LoneKing,
    /// A king ending whose balance did not change for 30 or 60 moves.
    KingEnding {
        /// The moves the rule allows: 30 or 60.
        moves: u32,
    },
    /// The players agreed.
    Agreement,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(false), f)
    }
}

impl Outcome {
    /// How the game ended: `White wins: Black has no pieces left`; `past` for a game of
    /// a record, told as what happened: `White won: Black had no pieces left`.
    pub fn message(self, past: bool) -> Message {
        match self {
            Outcome::Win { winner, reason } => {
                let winner = crate::words::side(winner);
                let past = if past { "yes" } else { "no" };
                match reason {
                    WinReason::NoPieces => msg!("win-no-pieces", winner = winner, past = past),
                    WinReason::Blocked => msg!("win-blocked", winner = winner, past = past),
                    WinReason::Resignation => msg!("win-resigned", winner = winner, past = past),
                    WinReason::Time => msg!("win-time", winner = winner, past = past),
                }
            }
            Outcome::Draw(reason) => match reason {
                DrawReason::Repetition => msg!("draw-repetition"),
                DrawReason::KingsOnly => msg!("draw-kings-only"),
                DrawReason::LoneKing => msg!("draw-lone-king"),
                DrawReason::KingEnding { moves } => msg!("draw-king-ending", moves = moves),
                DrawReason::Agreement => msg!("draw-agreement"),
            },
        }
    }

    /// The score for White: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn white_score(&self) -> f64 {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => 1.0,
            Outcome::Win {
                winner: Color::Black,
                ..
            } => 0.0,
            Outcome::Draw(_) => 0.5,
        }
    }
}

/// The draw-rule counters after a ply; kept per ply so that undo is a pop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawCounters {
    /// Plies in a row of quiet king moves.
    pub kings_only: u32,
    /// Moves made by the stronger side since three kings faced a lone king, if they do.
    pub lone_king: Option<u32>,
    /// Plies since the balance last changed while both sides have kings, if they do.
    pub king_ending: Option<u32>,
}

impl DrawCounters {
    /// The counters after `mv` was played from `before`, reaching `after`.
    pub fn after(self, before: &Position, mv: Move, after: &Position) -> DrawCounters {
        let king_moved = before.kings().contains(mv.from());
        let kings_only = if king_moved && !mv.is_capture() {
            self.kings_only + 1
        } else {
            0
        };
        let lone_king = stronger_against_lone_king(after).map(|stronger| {
            let previous = if stronger_against_lone_king(before) == Some(stronger) {
                self.lone_king.unwrap_or(0)
            } else {
                0
            };
            previous + u32::from(before.side_to_move() == stronger)
        });
        let both_have_kings = [Color::White, Color::Black]
            .iter()
            .all(|&c| after.kings_of(c).any());
        let balance_changed = mv.is_capture() || mv.promotes();
        let king_ending = both_have_kings.then(|| match self.king_ending {
            Some(plies) if !balance_changed => plies + 1,
            _ => 0,
        });
        DrawCounters {
            kings_only,
            lone_king,
            king_ending,
        }
    }

    /// The counters of a game that starts in `position`: a balance already there counts from zero.
    pub fn starting(position: &Position) -> DrawCounters {
        let both_have_kings = [Color::White, Color::Black]
            .iter()
            .all(|&c| position.kings_of(c).any());
        DrawCounters {
            kings_only: 0,
            lone_king: stronger_against_lone_king(position).map(|_| 0),
            king_ending: both_have_kings.then_some(0),
        }
    }

    /// Plies that may still be played in `position` before a draw rule ends the game,
    /// if every one of them is a quiet king move (no capture, promotion or man move).
    ///
    /// A capture on the last of them still counts; 0 means the game is drawn now
    /// (unless the side to move has no move, which loses first). Each quiet king
    /// move takes exactly one off, so an exact endgame result can count plies
    /// against this budget.
    pub fn plies_left(&self, position: &Position) -> u32 {
        let mut left = KINGS_ONLY_LIMIT.saturating_sub(self.kings_only);
        if let (Some(moves), Some(stronger)) =
            (self.lone_king, stronger_against_lone_king(position))
        {
            // The stronger side's moves fall on every other ply, its next one first when it moves.
            let own = LONE_KING_LIMIT.saturating_sub(moves);
            let first = u32::from(position.side_to_move() == stronger);
            left = left.min((2 * own).saturating_sub(first));
        }
        if let Some(plies) = self.king_ending {
            let limit = match position.occupied().count() {
                4 | 5 => Some(SMALL_ENDING_LIMIT),
                6 | 7 => Some(LARGE_ENDING_LIMIT),
                _ => None,
            };
            if let Some(limit) = limit {
                left = left.min(limit.saturating_sub(plies));
            }
        }
        left
    }

    /// The draw these counters call for in `position`, if any.
    pub fn draw(&self, position: &Position) -> Option<DrawReason> {
        if self.lone_king.is_some_and(|moves| moves >= LONE_KING_LIMIT) {
            return Some(DrawReason::LoneKing);
        }
        if self.kings_only >= KINGS_ONLY_LIMIT {
            return Some(DrawReason::KingsOnly);
        }
        let pieces = position.occupied().count();
        let limit = match pieces {
            4 | 5 => SMALL_ENDING_LIMIT,
            6 | 7 => LARGE_ENDING_LIMIT,
            _ => return None,
        };
        self.king_ending
            .filter(|&plies| plies >= limit)
            .map(|_| DrawReason::KingEnding { moves: limit / 2 })
    }
}

/// The side with three or more kings when the other has a single king and nothing else.
pub fn stronger_against_lone_king(position: &Position) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&strong| {
        let weak = strong.opposite();
        position.kings_of(strong).count() >= 3
            && position.pieces(weak).count() == 1
            && position.kings_of(weak).count() == 1
    })
}

/// Whether each side has exactly one piece and it is a king.
///
/// Not always a draw: a king that can take the other wins, and one that must step
/// onto a diagonal the other watches loses ([`crate::tablebase`] knows which).
pub fn is_king_against_king(position: &Position) -> bool {
    [Color::White, Color::Black]
        .iter()
        .all(|&c| position.pieces(c).count() == 1 && position.kings_of(c).count() == 1)
}

/// One ply of the record.
#[derive(Clone, Copy, Debug)]
struct Ply {
    mv: Move,
    after: Position,
    counters: DrawCounters,
}

/// A game from a start position: its moves, undo, and its end.
///
/// # Examples
///
/// ```
/// use shashki::{Game, MoveText, Position};
///
/// let mut game = Game::new(Position::start());
/// let mv = "c3-d4".parse::<MoveText>().unwrap().resolve(game.position()).unwrap();
/// game.play(mv).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.outcome(), None);
/// game.undo();
/// assert_eq!(game.position(), &Position::start());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    plies: Vec<Ply>,
    /// A result decided off the board: resignation or agreement.
    settled: Option<Outcome>,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            plies: Vec::new(),
            settled: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |ply| &ply.after)
    }

    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|ply| ply.mv).collect()
    }

    /// Every position of the game in order, the start first and the current last.
    pub fn positions(&self) -> impl DoubleEndedIterator<Item = &Position> + '_ {
        std::iter::once(&self.start).chain(self.plies.iter().map(|ply| &ply.after))
    }

    /// The draw counters in the current position.
    pub fn counters(&self) -> DrawCounters {
        self.plies
            .last()
            .map_or_else(|| DrawCounters::starting(&self.start), |ply| ply.counters)
    }

    /// The number of the current move, counting one per pair of plies from 1 (PDN numbering).
    pub fn move_number(&self) -> usize {
        let offset = usize::from(self.start.side_to_move() == Color::Black);
        (self.plies.len() + offset) / 2 + 1
    }

    /// Plays a legal move; refuses an illegal one, or any move once the game is over.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove(mv));
        }
        let before = *self.position();
        let after = before.play(mv)?;
        let counters = self.counters().after(&before, mv, &after);
        self.plies.push(Ply {
            mv,
            after,
            counters,
        });
        Ok(())
    }

    /// Takes back the last ply (and any resignation or agreement); returns its move.
    pub fn undo(&mut self) -> Option<Move> {
        self.settled = None;
        self.plies.pop().map(|ply| ply.mv)
    }

    /// Ends the game: `loser` resigns.
    pub fn resign(&mut self, loser: Color) {
        self.settle_win(loser, WinReason::Resignation);
    }

    /// Ends the game: `loser`'s time ran out.
    pub fn flag(&mut self, loser: Color) {
        self.settle_win(loser, WinReason::Time);
    }

    fn settle_win(&mut self, loser: Color, reason: WinReason) {
        let outcome = Outcome::Win {
            winner: loser.opposite(),
            reason,
        };
        self.settled.get_or_insert(outcome);
    }

    /// Ends the game drawn by agreement.
    pub fn agree_draw(&mut self) {
        self.settled
            .get_or_insert(Outcome::Draw(DrawReason::Agreement));
    }

    /// How many times the current position (with the side to move) has occurred.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        self.positions().filter(|&p| p == current).count()
    }

    /// How the game has ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.settled.is_some() {
            return self.settled;
        }
        let position = self.position();
        if position.legal_moves().is_empty() {
            let loser = position.side_to_move();
            let reason = if position.pieces(loser).is_empty() {
                WinReason::NoPieces
            } else {
                WinReason::Blocked
            };
            return Some(Outcome::Win {
                winner: loser.opposite(),
                reason,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        self.counters().draw(position).map(Outcome::Draw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveText;
    use crate::testing::play;

    fn shuffle(game: &mut Game, cycle: &[&str], times: usize) {
        for _ in 0..times {
            for text in cycle {
                play(game, text);
            }
        }
    }

    #[test]
    fn a_side_without_pieces_loses() {
        let mut game = Game::new("W:Wc3:Bd4".parse().unwrap());
        play(&mut game, "c3:e5");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoPieces
            })
        );
    }

    #[test]
    fn a_blocked_side_loses() {
        let game = Game::new("W:Wa1:Bb2,c3".parse().unwrap());
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Blocked
            })
        );
    }

    #[test]
    fn third_repetition_is_a_draw() {
        let mut game = Game::new("W:WKg1:BKb8".parse().unwrap());
        shuffle(&mut game, &["g1-h2", "b8-a7", "h2-g1", "a7-b8"], 1);
        assert_eq!(game.outcome(), None, "second occurrence");
        shuffle(&mut game, &["g1-h2", "b8-a7", "h2-g1", "a7-b8"], 1);
        assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    }

    /// Extends the game by quiet king moves to new positions, backtracking, until it ends.
    fn walk_kings_until_the_end(game: &mut Game) -> bool {
        if game.outcome().is_some() {
            return true;
        }
        let position = *game.position();
        for mv in position.legal_moves() {
            let after = position.play_unchecked(mv);
            let quiet = !mv.is_capture() && !after.has_capture();
            let fresh = !game.positions().any(|p| *p == after);
            if quiet && fresh && position.kings().contains(mv.from()) {
                game.play(mv).unwrap();
                if walk_kings_until_the_end(game) {
                    return true;
                }
                game.undo();
            }
        }
        false
    }

    #[test]
    fn fifteen_moves_of_kings_only_is_a_draw() {
        // Ten pieces, so no ending rule applies.
        let mut game = Game::new("W:WKc1,Ke1,g1,a3,h2:BKd8,Kf8,b8,h8,a7".parse().unwrap());
        assert!(walk_kings_until_the_end(&mut game));
        assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::KingsOnly)));
        assert_eq!(game.moves().len(), 30);
    }

    #[test]
    fn each_quiet_king_move_takes_one_ply_off_the_budget_until_the_draw() {
        for fen in [
            "W:WKc1:BKh8",
            "W:WKa1,Kc1,Ke1:BKh2",
            "B:WKa1,Kc1,Ke1:BKh2",
            "W:WKa1,Kc1:BKh8,Kf8",
            "W:WKc1,Ke1,g1,a3,h2:BKd8,Kf8,b8,h8,a7",
        ] {
            let mut game = Game::new(fen.parse().unwrap());
            let start = game.counters().plies_left(game.position());
            assert!(walk_kings_until_the_end(&mut game), "{fen}");
            assert_eq!(game.moves().len() as u32, start, "{fen}");
            let mut replay = Game::new(*game.start());
            for (ply, mv) in game.moves().into_iter().enumerate() {
                let left = replay.counters().plies_left(replay.position());
                assert_eq!(left, start - ply as u32, "{fen}, ply {ply}");
                assert_eq!(replay.counters().draw(replay.position()), None, "{fen}");
                replay.play(mv).unwrap();
            }
            assert_eq!(replay.counters().plies_left(replay.position()), 0, "{fen}");
            assert!(replay.counters().draw(replay.position()).is_some(), "{fen}");
        }
    }

    #[test]
    fn three_kings_moving_first_have_one_ply_less() {
        let white: Position = "W:WKa1,Kc1,Ke1:BKh2".parse().unwrap();
        let black = white.with_side_to_move(Color::Black);
        assert_eq!(DrawCounters::starting(&white).plies_left(&white), 29);
        assert_eq!(DrawCounters::starting(&black).plies_left(&black), 30);
    }

    #[test]
    fn a_man_move_resets_the_kings_only_count() {
        let before: Position = "W:WKa1,e1:BKh8,b8".parse().unwrap();
        let counters = DrawCounters {
            kings_only: 29,
            ..DrawCounters::default()
        };
        let mv = "e1-f2"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&before)
            .unwrap();
        let after = before.play(mv).unwrap();
        assert_eq!(counters.after(&before, mv, &after).kings_only, 0);
    }

    #[test]
    fn three_kings_have_fifteen_moves_to_catch_the_lone_king() {
        let position: Position = "W:WKa1,Kc1,Ke1:BKh2".parse().unwrap();
        let counters = DrawCounters::starting(&position);
        assert_eq!(counters.lone_king, Some(0));
        assert_eq!(
            DrawCounters {
                lone_king: Some(14),
                ..counters
            }
            .draw(&position),
            None
        );
        assert_eq!(
            DrawCounters {
                lone_king: Some(15),
                ..counters
            }
            .draw(&position),
            Some(DrawReason::LoneKing)
        );
    }

    #[test]
    fn only_the_stronger_sides_moves_count_against_the_lone_king() {
        let mut game = Game::new("W:WKa1,Kc1,Ke1:BKh2".parse().unwrap());
        play(&mut game, "a1-b2");
        assert_eq!(game.counters().lone_king, Some(1));
        play(&mut game, "h2-g3");
        assert_eq!(game.counters().lone_king, Some(1));
    }

    #[test]
    fn king_endings_are_drawn_after_thirty_or_sixty_moves() {
        let small: Position = "W:WKa1,Kc1:BKh8,f8".parse().unwrap();
        let large: Position = "W:WKa1,Kc1,e1:BKh8,f8,d8".parse().unwrap();
        let at = |plies| DrawCounters {
            king_ending: Some(plies),
            ..DrawCounters::default()
        };
        assert_eq!(at(59).draw(&small), None);
        assert_eq!(
            at(60).draw(&small),
            Some(DrawReason::KingEnding { moves: 30 })
        );
        assert_eq!(at(119).draw(&large), None);
        assert_eq!(
            at(120).draw(&large),
            Some(DrawReason::KingEnding { moves: 60 })
        );
    }

    #[test]
    fn a_capture_restarts_the_king_ending_count() {
        let before: Position = "W:WKa1,Kc1:BKh8,d4,b8".parse().unwrap();
        let counters = DrawCounters {
            king_ending: Some(50),
            ..DrawCounters::default()
        };
        let mv = before.legal_moves()[0];
        assert!(mv.is_capture());
        let after = before.play(mv).unwrap();
        assert_eq!(counters.after(&before, mv, &after).king_ending, Some(0));
    }

    #[test]
    fn king_against_king_is_recognised() {
        assert!(is_king_against_king(&"W:WKa1:BKh8".parse().unwrap()));
        assert!(!is_king_against_king(&"W:Wa1:BKh8".parse().unwrap()));
        assert!(!is_king_against_king(&"W:WKa1,Kc1:BKh8".parse().unwrap()));
    }

    #[test]
    fn undo_restores_position_and_lifts_a_resignation() {
        let mut game = Game::new(Position::start());
        play(&mut game, "c3-d4");
        game.resign(Color::Black);
        assert!(game.outcome().is_some());
        assert!(game.play(game.position().legal_moves()[0]).is_err());
        game.undo();
        assert_eq!(game.outcome(), None);
        assert_eq!(game.position(), &Position::start());
    }

    #[test]
    fn a_flag_fall_loses_and_says_so() {
        let mut game = Game::new(Position::start());
        game.flag(Color::White);
        let outcome = game.outcome().expect("over");
        assert_eq!(
            outcome,
            Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Time
            }
        );
        assert_eq!(outcome.to_string(), "Black wins: White ran out of time");
    }

    #[test]
    fn move_numbers_follow_pdn() {
        let mut game = Game::new(Position::start());
        assert_eq!(game.move_number(), 1);
        play(&mut game, "c3-d4");
        assert_eq!(game.move_number(), 1);
        play(&mut game, "d6-c5");
        assert_eq!(game.move_number(), 2);
    }
}
