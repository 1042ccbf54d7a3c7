//! The one game loop: players move in turn, the rules core refuses anything illegal,
//! and the game ends by the rules or by adjudication.

use std::fmt;

use super::ending::{GameEnd, MAX_PLIES, Played};
use super::player::{Player, PlayerError};
use crate::tablebase::{Tablebase, Value, Verdict};
use crate::{Color, Game, IllegalMove, Position, is_king_against_king};

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// A player found no move in a game still going.
    NoMove {
        /// The player's name.
        player: String,
        /// Where.
        position: Position,
    },
    /// A player chose a move the rules refuse.
    IllegalMove {
        /// The player's name.
        player: String,
        /// Where.
        position: Position,
        /// The rules' refusal.
        error: IllegalMove,
    },
    /// A player could not answer.
    Player(PlayerError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl GameError {
    /// What went wrong in the game, to be worded.
    pub fn message(&self) -> crate::words::Message {
        use crate::msg;
        match self {
            GameError::NoMove { player, position } => msg!(
                "match-no-move",
                player = player.to_string(),
                position = position.to_fen()
            ),
            GameError::IllegalMove {
                player,
                position,
                error,
            } => msg!(
                "match-illegal-move",
                player = player.to_string(),
                position = position.to_fen(),
                error = error.message()
            ),
            GameError::Player(error) => msg!("match-player", error = error.message()),
        }
    }
}

impl std::error::Error for GameError {}

impl From<PlayerError> for GameError {
    fn from(error: PlayerError) -> GameError {
        GameError::Player(error)
    }
}

/// Plays `start` to its end between `white` and `black`.
///
/// The game ends by the rules ([`Game::outcome`]: a win, or a draw by repetition or an
/// endgame counter); or, adjudicated, at [`MAX_PLIES`] plies, or at once in a king
/// against king that neither side can win by force (as `tables` know), which the side
/// to move offers as a draw and the other accepts (one that a side wins is played out).
pub fn play_game(
    start: Game,
    white: &mut dyn Player,
    black: &mut dyn Player,
    tables: &Tablebase,
) -> Result<Played, GameError> {
    referee(start, Seats::Two { white, black }, MAX_PLIES, tables)
}

/// Plays `start` to its end with `player` on both sides (self-play: one engine, one
/// hash table), under the rules of [`play_game`].
pub fn play_itself(
    start: Game,
    player: &mut dyn Player,
    tables: &Tablebase,
) -> Result<Played, GameError> {
    referee(start, Seats::One(player), MAX_PLIES, tables)
}

/// Who sits at the board.
enum Seats<'a> {
    /// One player for each side.
    Two {
        white: &'a mut dyn Player,
        black: &'a mut dyn Player,
    },
    /// One player for both.
    One(&'a mut dyn Player),
}

impl Seats<'_> {
    /// The player of `side`.
    fn of(&mut self, side: Color) -> &mut dyn Player {
        match self {
            Seats::Two { white, .. } if side == Color::White => *white,
            Seats::Two { black, .. } => *black,
            Seats::One(player) => *player,
        }
    }

    /// Tells every player that a game starts.
    fn new_game(&mut self) -> Result<(), PlayerError> {
        match self {
            Seats::Two { white, black } => {
                white.new_game()?;
                black.new_game()
            }
            Seats::One(player) => player.new_game(),
        }
    }
}

/// The loop of [`play_game`] and [`play_itself`], adjudicating at `max_plies`.
fn referee(
    mut game: Game,
    mut seats: Seats<'_>,
    max_plies: usize,
    tables: &Tablebase,
) -> Result<Played, GameError> {
    seats.new_game()?;
    loop {
        let end = match game.outcome() {
            Some(outcome) => Some(GameEnd::Rules(outcome)),
            None if game.moves().len() >= max_plies => Some(GameEnd::PlyCap),
            None if is_drawn_king_against_king(&game, tables) => {
                game.agree_draw();
                Some(GameEnd::KingAgainstKing)
            }
            None => None,
        };
        if let Some(end) = end {
            return Ok(Played { end, game });
        }
        let position = *game.position();
        let player = seats.of(position.side_to_move());
        let Some(mv) = player.choose(&game)? else {
            return Err(GameError::NoMove {
                player: player.name().to_string(),
                position,
            });
        };
        // The referee: the rules core refuses anything illegal.
        game.play(mv).map_err(|error| GameError::IllegalMove {
            player: player.name().to_string(),
            position,
            error,
        })?;
    }
}

/// Whether the game stands at a king against king that neither side can win by force.
fn is_drawn_king_against_king(game: &Game, tables: &Tablebase) -> bool {
    is_king_against_king(game.position())
        && tables.probe(game.position(), &game.counters()) == Ok(Verdict::Exact(Value::Draw))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, EngineConfig, Limits};
    use crate::play::EnginePlayer;
    use crate::{Move, Outcome};

    /// An engine without a knowledge base, searching four plies.
    fn engine(name: &str) -> EnginePlayer {
        let config = EngineConfig {
            use_kb: false,
            hash_mb: 1,
            ..EngineConfig::default()
        };
        EnginePlayer::new(name, Engine::new(config, None), Limits::Depth(4))
    }

    fn play_from(fen: &str) -> Played {
        let (mut white, mut black) = (engine("A"), engine("B"));
        let tables = Tablebase::builtin();
        play_game(
            Game::new(fen.parse().unwrap()),
            &mut white,
            &mut black,
            &tables,
        )
        .unwrap()
    }

    #[test]
    fn a_drawn_king_against_king_is_agreed_at_once() {
        let played = play_from("W:WKc1:BKh8");
        assert_eq!(played.end, GameEnd::KingAgainstKing);
        assert_eq!(played.game.moves().len(), 0);
        assert!(matches!(played.game.outcome(), Some(Outcome::Draw(_))));
    }

    #[test]
    fn a_king_against_king_that_one_side_wins_is_played_out() {
        // Every move of the a1 king stays on the long diagonal, where h8 takes it.
        let played = play_from("W:WKa1:BKh8");
        assert_eq!(played.end.winner(), Some(Color::Black), "{:?}", played.end);
        assert_eq!(played.game.moves().len(), 2);
        let played = play_from("B:WKc3:BKd4");
        assert_eq!(played.end.winner(), Some(Color::Black), "{:?}", played.end);
        assert_eq!(played.game.moves().len(), 1);
    }

    #[test]
    fn a_game_still_going_at_the_cap_is_adjudicated() {
        let mut player = engine("A");
        let tables = Tablebase::builtin();
        let played = referee(
            Game::new(Position::start()),
            Seats::One(&mut player),
            6,
            &tables,
        )
        .unwrap();
        assert_eq!(played.end, GameEnd::PlyCap);
        assert_eq!(played.game.moves().len(), 6);
        assert_eq!(played.game.outcome(), None);
    }

    /// A player that answers with a move of the other side.
    struct Cheat;

    impl Player for Cheat {
        fn name(&self) -> &str {
            "cheat"
        }
        fn new_game(&mut self) -> Result<(), PlayerError> {
            Ok(())
        }
        fn choose(&mut self, game: &Game) -> Result<Option<Move>, PlayerError> {
            let other = game.position().with_side_to_move(Color::Black);
            Ok(other.legal_moves().first().copied())
        }
    }

    #[test]
    fn an_illegal_move_is_refused_by_the_referee() {
        let error = play_game(
            Game::new(Position::start()),
            &mut Cheat,
            &mut engine("B"),
            &Tablebase::builtin(),
        )
        .unwrap_err();
        assert!(matches!(error, GameError::IllegalMove { .. }), "{error}");
        assert!(
            error
                .to_string()
                .starts_with("cheat played an illegal move in "),
            "{error}"
        );
    }
}
