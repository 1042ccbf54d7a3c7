//! Whether a move may be played from a fact without a look: the opponent, moving next,
//! must not win a man or more net within the check's horizon.
//!
//! The horizon is the forcing tree of [`super::forcing`] with the opponent as the
//! attacker: every capture and the recaptures it forces, and the opponent's quiet moves
//! that force (a man given up that must be taken, a crowning), at most
//! [`super::QUIET_MOVES`] of them, until the captures settle. Pieces count as the
//! evaluation counts them ([`Material::SEARCH`]: a king is 2.7 men). The tree is cut at
//! [`SAFETY_NODES`] nodes, never by the clock, so a game played with `--seed` and
//! `--depth` repeats; a tree cut short proves nothing, and the move passes.

use super::forcing::{Forcing, Place};
use super::{GAME, MaterialWon, material_won};
use crate::eval::Material;
use crate::tablebase::{Tablebase, Value, Verdict, Wait};
use crate::{DrawCounters, Move, Position};

/// The nodes the check may take for one move (a fraction of a millisecond each).
pub const SAFETY_NODES: u64 = 5_000;

/// A man, at the evaluation's worth.
const MAN: i32 = Material::SEARCH.man;

/// What the check says of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Safety {
    /// Nothing is lost within the horizon, or no more than the fact gives on purpose.
    Safe,
    /// The opponent wins material net against every defence.
    Loses(Loss),
}

/// A move that loses material: how much, and the line that takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loss {
    /// The opponent's moves and the best defence, alternately, from the position after
    /// the move, to the end of the captures.
    pub line: Vec<Move>,
    /// What the opponent wins along `line`, counted from the position before the move
    /// (so a man the move took is counted back).
    pub won: MaterialWon,
    /// The same, in material points at the evaluation's worth (a man is 100).
    pub points: i32,
}

impl Safety {
    /// Whether the move may be played.
    pub fn is_safe(&self) -> bool {
        matches!(self, Safety::Safe)
    }
}

/// Whether `mv`, legal in `position`, is safe to play from a fact that gives `gives`
/// men on purpose (a gambit): see the module.
///
/// ```
/// use shashki::combination::safety::{Safety, safety};
/// use shashki::{MoveText, Position};
///
/// // The coach's «центр c3-d4», mirrored for Black: f6-e5 lets d4:f6:h4 take two men.
/// let position: Position =
///     "B:Wa1,c1,e1,g1,c3,d2,f2,h2,a3,d4,e3,g3:Bb6,d6,f6,g5,h6,a7,c7,e7,b8,d8,f8,h8"
///         .parse()
///         .unwrap();
/// let mv = "f6-e5".parse::<MoveText>().unwrap().resolve(&position).unwrap();
/// assert!(matches!(safety(&position, mv, 0), Safety::Loses(loss) if loss.points >= 200));
/// let quiet = "b6-a5".parse::<MoveText>().unwrap().resolve(&position).unwrap();
/// assert_eq!(safety(&position, quiet, 0), Safety::Safe);
/// ```
pub fn safety(position: &Position, mv: Move, gives: u32) -> Safety {
    let us = position.side_to_move();
    let after = position.play_unchecked(mv);
    // What the move itself took, which the opponent must win back first.
    let taken = Material::SEARCH.balance(&after, us) - Material::SEARCH.balance(position, us);
    let allowed = i32::try_from(gives).unwrap_or(i32::MAX / 4) * MAN;
    let threshold = taken + allowed + MAN;
    let mut forcing = Forcing::new(&after, &[])
        .within(SAFETY_NODES)
        .counting(&after, Material::SEARCH);
    let proven = forcing
        .proof(&after, Place::THREAT_ROOT, threshold)
        .is_some();
    if !proven || forcing.exhausted {
        return Safety::Safe;
    }
    let mut best = Forcing::new(&after, &[])
        .within(SAFETY_NODES)
        .counting(&after, Material::SEARCH);
    let (gain, line) = best.value(&after, Place::THREAT_ROOT, threshold - 1, GAME + 1);
    // The line is found in a second search, which must reach what the proof did.
    if best.exhausted || gain < threshold {
        return Safety::Safe;
    }
    // Counted from before the move, as the opponent sees it.
    let whole: Vec<Move> = std::iter::once(mv).chain(line.iter().copied()).collect();
    let ours = material_won(position, &whole);
    let end = line.iter().fold(after, |at, &mv| at.play_unchecked(mv));
    Safety::Loses(Loss {
        won: MaterialWon {
            pieces: -ours.pieces,
            kings: -ours.kings,
            crowned: end.kings_of(us.opposite()).count() > after.kings_of(us.opposite()).count(),
            game: end.legal_moves().is_empty() && end.side_to_move() == us,
        },
        line,
        points: gain - taken,
    })
}

/// Whether the exact tables prove that `mv` keeps the mover's only piece: they know the
/// position after it (its draw counters fresh, the longest the opponent may take) and
/// the opponent does not win it. The check can refuse such a move only by finding the
/// piece taken by force, which is a win the tables would know (unless it came after
/// the draw rules end the game), so this is the check's verdict without its search.
/// `false` where the tables cannot say, or say the piece is lost: then the check runs.
pub fn lone_piece_kept(tables: &Tablebase, position: &Position, mv: Move, wait: Wait) -> bool {
    if position.pieces(position.side_to_move()).count() != 1 {
        return false;
    }
    let after = position.play_unchecked(mv);
    if after.occupied().count() > tables.most_pieces() {
        return false;
    }
    matches!(
        tables.probe_with(&after, &DrawCounters::default(), wait),
        Ok(Verdict::Exact(Value::Draw | Value::Loss(_)))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveText;

    fn check(fen: &str, mv: &str, gives: u32) -> Safety {
        let position: Position = fen.parse().unwrap();
        let mv = mv.parse::<MoveText>().unwrap().resolve(&position).unwrap();
        safety(&position, mv, gives)
    }

    #[test]
    fn a_lone_kings_move_the_tables_call_kept_is_one_the_check_passes() {
        use rand::rngs::StdRng;
        use rand::{RngExt, SeedableRng};

        use crate::{Bitboard, Color, Square};

        let tables = Tablebase::builtin();
        let mut rng = StdRng::seed_from_u64(5);
        let (mut kept, mut lost) = (0, 0);
        for round in 0..300 {
            let mut squares: Vec<Square> = Square::all().collect();
            let mut pick = || squares.swap_remove(rng.random_range(0..squares.len()));
            let lone = pick().bitboard();
            let kings: Bitboard = (0..1 + round % 3).map(|_| pick()).collect();
            let side = [Color::White, Color::Black][round % 2];
            let [ours, theirs] = match side {
                Color::White => [lone, kings],
                Color::Black => [kings, lone],
            };
            let empty = Bitboard::EMPTY;
            let Ok(position) = Position::from_pieces([empty, empty], [ours, theirs], side) else {
                continue;
            };
            for &mv in position.legal_moves().iter() {
                if lone_piece_kept(&tables, &position, mv, Wait::Yes) {
                    kept += 1;
                    assert!(safety(&position, mv, 0).is_safe(), "{position:?} {mv:?}");
                } else {
                    lost += 1;
                }
            }
        }
        assert!(kept > 100 && lost > 10, "{kept} moves kept, {lost} not");
    }

    #[test]
    fn a_man_left_to_be_taken_is_refused_and_its_capture_named() {
        // White's c3-d4 walks into e5:c3.
        match check("W:Wc3,a1:Be5,h8", "c3-d4", 0) {
            Safety::Loses(loss) => {
                assert_eq!(loss.points, MAN);
                let position: Position = "B:Wd4,a1:Be5,h8".parse().unwrap();
                assert_eq!(
                    MoveText::from_move(&position, loss.line[0]).to_string(),
                    "e5:c3"
                );
            }
            Safety::Safe => panic!("c3-d4 hangs a man"),
        }
    }

    #[test]
    fn an_even_exchange_and_a_man_won_back_are_safe() {
        // c3-b4 gives a man for a man: a5:c3, d2:b4.
        assert_eq!(check("W:Wc3,d2,e1:Ba5,h8", "c3-b4", 0), Safety::Safe);
        // A capture that is recaptured: one man each.
        assert_eq!(check("W:Wc3,a1:Bd4,f6,g7", "c3:e5", 0), Safety::Safe);
    }

    #[test]
    fn a_gambit_is_allowed_what_it_gives_and_no_more() {
        assert!(check("W:Wc3,a1:Be5,h8", "c3-d4", 1).is_safe());
        // Two men lost: a gambit of one is not enough.
        let fen = "B:Wa1,c1,e1,g1,c3,d2,f2,h2,a3,d4,e3,g3:Bb6,d6,f6,g5,h6,a7,c7,e7,b8,d8,f8,h8";
        assert!(!check(fen, "f6-e5", 1).is_safe());
        assert!(check(fen, "f6-e5", 2).is_safe());
    }

    #[test]
    fn a_shot_the_move_allows_is_seen() {
        // g7-h6 lets White's f4-g5 h6:f4 e1:c3:a5:c7:e5 in: a sacrifice, then four men.
        let fen = "B:Wa1,c1,e1,b2,a3,e3,f4,h4:Bb4,c5,b6,d6,g7,b8";
        match check(fen, "g7-h6", 0) {
            Safety::Loses(loss) => assert!(loss.points >= 2 * MAN, "{loss:?}"),
            Safety::Safe => panic!("g7-h6 allows the shot"),
        }
        assert!(check(fen, "g7-f6", 0).is_safe());
    }
}
