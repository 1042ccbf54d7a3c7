//! Combinations (удары): lines that start by giving up material and, against every
//! defence, win at least a man back net once the captures settle.
//!
//! [`find`] looks for one in a position, [`prove`] checks a given line in a
//! position: the tree in which the attacker's moves are the line's and the
//! defender's are every legal move, searched to the end of the captures (see
//! `forcing.rs` for who may do what at a node). [`generalise`] widens a proven
//! position to a pattern; [`scan`] finds the combinations of whole games, and
//! [`learn`] is the one pipeline that turns them into learned facts.

mod forcing;
pub mod generalise;
pub mod learn;
pub mod learned;
pub mod motif;
pub mod puzzle;
pub mod safety;
pub mod scan;

use std::fmt;

use forcing::{Forcing, Place};
pub use forcing::{GAME, MIN_GAIN, NODE_LIMIT, QUIET_MOVES, Tree};

use crate::{Move, Position};

/// A proven combination: its line and what it wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combination {
    /// The attacker's moves and the defender's best replies, alternately, to the
    /// end of the captures.
    pub line: Vec<Move>,
    /// Every first move that starts a combination here (the line's first among them).
    pub first_moves: Vec<Move>,
    /// What the line wins against the best defence, in material points ([`GAME`]: the game).
    pub gain: i32,
    /// The proof of the line.
    pub proof: Proof,
}

/// What a proof found: the tree and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The proof tree's size and depth.
    pub tree: Tree,
    /// Nodes searched to find it.
    pub nodes: u64,
}

/// Why a line is not a proven combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// A defence keeps the attacker's gain below a man (or the line's next move is
    /// not legal after it).
    Defended,
    /// The tree grew past its node limit ([`NODE_LIMIT`] unless given) before it was
    /// settled.
    TooLarge,
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl Refutation {
    /// Why the line is no combination, to be worded.
    pub fn message(&self) -> crate::words::Message {
        match self {
            Refutation::Defended => crate::msg!("refutation-defended"),
            Refutation::TooLarge => crate::msg!("refutation-too-large"),
        }
    }
}

/// Proves that `line` (the attacker's moves and the replies it expects, alternately,
/// from the side to move of `position`) wins at least a man against every defence.
///
/// # Examples
///
/// ```
/// use shashki::{MoveText, Position, combination};
///
/// let position: Position = "W:Wa1,b2,c3:Ba5,e5,g7".parse().unwrap();
/// let mut line = Vec::new();
/// let mut at = position;
/// for text in ["c3-b4", "a5:c3", "b2:d4:f6:h8"] {
///     let mv = text.parse::<MoveText>().unwrap().resolve(&at).unwrap();
///     at = at.play_unchecked(mv);
///     line.push(mv);
/// }
/// let proof = combination::prove(&position, &line).unwrap();
/// assert_eq!(proof.tree.depth, 3);
/// ```
pub fn prove(position: &Position, line: &[Move]) -> Result<Proof, Refutation> {
    prove_within(position, line, NODE_LIMIT)
}

/// Like [`prove`], giving up (`TooLarge`) after `nodes` nodes: the bot proves a fact
/// within a few milliseconds before it plays it.
pub fn prove_within(position: &Position, line: &[Move], nodes: u64) -> Result<Proof, Refutation> {
    let mut forcing = Forcing::new(position, line).within(nodes);
    let tree = forcing.proof(position, Place::ROOT, MIN_GAIN);
    match tree {
        _ if forcing.exhausted => Err(Refutation::TooLarge),
        Some(tree) => Ok(Proof {
            tree,
            nodes: forcing.nodes,
        }),
        None => Err(Refutation::Defended),
    }
}

/// The best combination of the side to move in `position`, if it has one: a quiet
/// first move after which the opponent must capture, and a forcing line that wins
/// at least a man against every defence.
pub fn find(position: &Position) -> Option<Combination> {
    let moves = position.legal_moves();
    if moves.first()?.is_capture() {
        return None;
    }
    let mut best: Option<(i32, Vec<Move>)> = None;
    let mut first_moves = Vec::new();
    for &mv in moves.iter() {
        if !position.play_unchecked(mv).has_capture() {
            continue;
        }
        let first = [mv];
        let mut forcing = Forcing::new(position, &first);
        let (gain, line) = forcing.value(position, Place::ROOT, MIN_GAIN - 1, GAME + 1);
        if forcing.exhausted || gain < MIN_GAIN {
            continue;
        }
        first_moves.push(mv);
        let better = best.as_ref().is_none_or(|(best_gain, best_line)| {
            gain > *best_gain || (gain == *best_gain && line.len() < best_line.len())
        });
        if better {
            best = Some((gain, line));
        }
    }
    let (gain, line) = best?;
    let proof = prove(position, &line).ok()?;
    first_moves.sort_by_key(|&mv| mv != line[0]);
    Some(Combination {
        line,
        first_moves,
        gain,
        proof,
    })
}

/// What `line` from `position` wins, in words a player uses: the net men and kings
/// of its end, or the game.
pub fn material_won(position: &Position, line: &[Move]) -> MaterialWon {
    let side = position.side_to_move();
    let end = line.iter().fold(*position, |at, &mv| at.play_unchecked(mv));
    let net = |at: &Position, kings: bool| {
        let count = |color| {
            if kings {
                at.kings_of(color).count() as i32
            } else {
                at.count(color) as i32
            }
        };
        count(side) - count(side.opposite())
    };
    let own_kings = |at: &Position| at.kings_of(side).count() as i32;
    MaterialWon {
        pieces: net(&end, false) - net(position, false),
        kings: net(&end, true) - net(position, true),
        crowned: own_kings(&end) > own_kings(position),
        game: end.legal_moves().is_empty() && end.side_to_move() != side,
    }
}

/// The material a combination wins, as players count it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaterialWon {
    /// Pieces won net (men and kings alike).
    pub pieces: i32,
    /// Kings won net (a crowning counts).
    pub kings: i32,
    /// Whether a man of the side was crowned on the way (its kings are more at the end).
    pub crowned: bool,
    /// Whether the defender is left without a move: the game is won.
    pub game: bool,
}

impl fmt::Display for MaterialWon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl MaterialWon {
    /// What is won, to be worded: `2 men`, `a man and a king`, `the game`.
    pub fn message(&self) -> crate::words::Message {
        crate::msg!(
            "won",
            game = if self.game { "yes" } else { "no" },
            pieces = self.pieces,
            // A king lost on the way is no king won.
            kings = self.kings.max(0)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::MoveText;
    use crate::testing::line;

    #[test]
    fn a_king_won_by_crowning_is_told_from_a_king_taken() {
        let crowning: Position = "W:Wc7:Bh8".parse().unwrap();
        let mv = "c7-d8"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&crowning)
            .unwrap();
        let won = material_won(&crowning, &[mv]);
        assert_eq!((won.kings, won.crowned), (1, true));
        let taking: Position = "W:Wa1,c3:BKd4,h8".parse().unwrap();
        let mv = "c3:e5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&taking)
            .unwrap();
        let won = material_won(&taking, &[mv]);
        assert_eq!((won.kings, won.crowned), (1, false));
    }

    fn texts(position: &Position, moves: &[Move]) -> Vec<String> {
        let mut at = *position;
        moves
            .iter()
            .map(|&mv| {
                let text = MoveText::from_move(&at, mv).to_string();
                at = at.play_unchecked(mv);
                text
            })
            .collect()
    }

    #[test]
    fn the_two_for_one_shot_is_found_and_proven() {
        let position: Position = "W:Wa1,b2,c3:Ba5,e5,g7".parse().unwrap();
        let found = find(&position).unwrap();
        assert_eq!(
            texts(&position, &found.line),
            ["c3-b4", "a5:c3", "b2:d4:f6:h8"]
        );
        assert_eq!(found.gain, GAME);
        assert_eq!(found.proof.tree, Tree { size: 4, depth: 3 });
        let won = material_won(&position, &found.line);
        assert!(won.game);
        assert_eq!(won.pieces, 2);
        assert_eq!(won.to_string(), "the game");
    }

    #[test]
    fn a_line_into_a_crowning_is_refuted() {
        // The shipped pattern's b4-a5 lets f2 crown: the line wins nothing.
        let (position, moves) = line("W:Wd6,h6,b4,d4:Bf8,h8,b6,f2", &["b4-a5", "b6-c5", "d4:b6"]);
        assert_eq!(prove(&position, &moves), Err(Refutation::Defended));
    }

    #[test]
    fn a_line_with_a_move_that_is_not_legal_is_refuted() {
        let (position, mut moves) =
            line("W:Wa1,b2,c3:Ba5,e5,g7", &["c3-b4", "a5:c3", "b2:d4:f6:h8"]);
        moves[2] = moves[0];
        assert_eq!(prove(&position, &moves), Err(Refutation::Defended));
    }

    #[test]
    fn a_written_line_of_many_quiet_moves_is_searched_without_overflow() {
        // Five quiet attacker moves, more than a found line may hold.
        let (position, moves) = line(
            "W:WKc1:BKh8,a7",
            &[
                "c1-d2", "h8-g7", "d2-c1", "g7-h8", "c1-d2", "h8-g7", "d2-c1", "g7-h8", "c1-d2",
            ],
        );
        assert_eq!(prove(&position, &moves), Err(Refutation::Defended));
    }

    #[test]
    fn a_proof_larger_than_its_limit_is_too_large() {
        let (position, moves) = line("W:Wa1,b2,c3:Ba5,e5,g7", &["c3-b4", "a5:c3", "b2:d4:f6:h8"]);
        assert!(prove_within(&position, &moves, 4).is_ok());
        assert_eq!(
            prove_within(&position, &moves, 3),
            Err(Refutation::TooLarge)
        );
    }

    #[test]
    fn a_quiet_position_without_a_sacrifice_has_no_combination() {
        assert_eq!(find(&Position::start()), None);
    }

    #[test]
    fn a_sacrifice_that_only_trades_is_no_combination() {
        // c3-d4 e5:c3 b2:d4 gives one man and takes one back: no gain.
        let position: Position = "W:Wa1,b2,c3:Be5,h8".parse().unwrap();
        let (_, moves) = line("W:Wa1,b2,c3:Be5,h8", &["c3-d4", "e5:c3", "b2:d4"]);
        assert_eq!(prove(&position, &moves), Err(Refutation::Defended));
        assert_eq!(find(&position), None);
    }

    #[test]
    fn every_defence_is_answered() {
        // After f4-g5 h6:f4 the line goes on; a line proven at its root must be proven
        // from each of its later attacker nodes too.
        let (position, moves) = line(
            "W:Wa1,c1,g1,b2,f2,h2,c3,f4,c5:Bh4,a5,f6,h6,a7,c7,g7,b8,f8",
            &[
                "f4-g5",
                "h6:f4",
                "c5-d6",
                "c7:e5",
                "f2-g3",
                "h4:f2",
                "g1:e3:g5:e7",
                "f8:d6",
                "c3-b4",
                "a5:c3",
                "b2:d4:f6:h8",
            ],
        );
        let proof = prove(&position, &moves).unwrap();
        assert!(proof.tree.depth >= 11, "{proof:?}");
        let mut at = position;
        for (index, &mv) in moves.iter().enumerate() {
            if index % 2 == 0 {
                assert!(prove(&at, &moves[index..]).is_ok(), "from ply {index}");
            }
            at = at.play_unchecked(mv);
        }
    }
}
