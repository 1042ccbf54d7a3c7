//! What the knowledge base answers: the move, the fact behind it, and the
//! rest of a combination line to follow.

use std::fmt;

use super::base::KbPart;
use super::compile::flipped_text;
use super::provenance::Provenance;
use crate::{Move, MoveText, Position};

/// Which fact a move came from: its name and where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactInfo {
    /// The fact's name as written.
    pub name: String,
    /// The part of the base it comes from: its file or a built-in part, and its kind.
    pub part: KbPart,
    /// The line of its `fact` heading.
    pub line: usize,
    /// Where it was met, as the provenance lines right above its heading give it (what
    /// `kb learn` writes; empty for most written facts).
    pub learned_from: Vec<Provenance>,
    /// The game position a learned fact was proven in, as its `% ... proof in FEN: ...`
    /// comment gives it.
    pub proven_in: Option<Position>,
    /// Whether it is a rule (its moves found on the position), not a fact.
    pub is_rule: bool,
}

/// Prints `"Городская партия" (kb/combs.txt:42)`.
impl fmt::Display for FactInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" ({}:{})",
            self.name,
            self.part.origin(),
            self.line
        )
    }
}

/// A move the knowledge base proposes.
#[derive(Clone, Debug)]
pub struct KbChoice {
    /// The move, legal in the position asked about.
    pub mv: Move,
    /// The fact it comes from.
    pub fact: FactInfo,
    /// The rest of the line when the fact is a combination, to follow while the opponent obliges.
    pub line: Option<ActiveLine>,
    /// Whether the fact names this very position (else it is a pattern: a hypothesis
    /// to prove here before it is trusted).
    pub exact: bool,
    /// The move and the rest of its line on the real board, as far as each move is legal
    /// after the ones before it.
    pub whole_line: Vec<Move>,
    /// The men the fact gives up on purpose (`gives N`).
    pub gives: u32,
}

/// The rest of a combination line, on the real board: the reply it expects,
/// then the bot's next move, and so on.
///
/// # Examples
///
/// ```
/// use shashki::kb::KnowledgeBase;
/// use shashki::{MoveText, Position};
///
/// let text = "fact \"удар\" for white\n\
///     . . . . . . . .\n. . . . . . b .\n. . . . . . . .\nb . . . b . . .\n\
///     . . . . . . . .\n. . w . . . . .\n. w . . . . . .\nw . . . . . . .\n\
///     play c3-b4 a5:c3 b2:d4:f6:h8\n";
/// let (kb, _) = KnowledgeBase::parse(text, "t.txt").unwrap();
/// let position: Position = "W:Wa1,b2,c3:Ba5,e5,g7".parse().unwrap();
/// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
/// # use rand::SeedableRng;
/// let choice = kb.choose(&position, &mut rng).unwrap();
/// let after = position.play(choice.mv).unwrap();
/// let mut line = choice.line.unwrap();
/// let reply = "a5:c3".parse::<MoveText>().unwrap().resolve(&after).unwrap();
/// let next = line.next(&after, reply).unwrap();
/// assert_eq!(MoveText::from_move(&after.play(reply).unwrap(), next).to_string(), "b2:d4:f6:h8");
/// ```
#[derive(Clone, Debug)]
pub struct ActiveLine {
    steps: Vec<MoveText>,
    fact: FactInfo,
}

impl ActiveLine {
    /// The rest of a line written in the mover-as-White orientation; `flip` turns it to the real board.
    pub(crate) fn new(steps: &[MoveText], flip: bool, fact: FactInfo) -> ActiveLine {
        let steps = steps
            .iter()
            .map(|text| {
                if flip {
                    flipped_text(text)
                } else {
                    text.clone()
                }
            })
            .collect();
        ActiveLine { steps, fact }
    }

    /// The bot's next move if `reply` is the one the line expects, checked
    /// legal after the reply; `None` ends the line.
    pub fn next(&mut self, position_before_reply: &Position, reply: Move) -> Option<Move> {
        let step = self.advance(position_before_reply, reply);
        if step.is_none() {
            self.steps.clear();
        }
        step
    }

    fn advance(&mut self, position_before_reply: &Position, reply: Move) -> Option<Move> {
        let expected = self.steps.first()?.resolve(position_before_reply).ok()?;
        if expected != reply {
            return None;
        }
        let after = position_before_reply.play(reply).ok()?;
        let mine = self.steps.get(1)?.resolve(&after).ok()?;
        self.steps.drain(..2);
        Some(mine)
    }

    /// Whether nothing of the line is left to play.
    pub fn is_finished(&self) -> bool {
        self.steps.len() < 2
    }

    /// The fact the line belongs to.
    pub fn fact(&self) -> &FactInfo {
        &self.fact
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> FactInfo {
        FactInfo {
            learned_from: Vec::new(),
            proven_in: None,
            is_rule: false,
            name: "Городская партия".into(),
            part: KbPart::file(
                crate::kb::Origin::Starter,
                std::path::Path::new("kb/combs.txt"),
            ),
            line: 42,
        }
    }

    fn texts(moves: &[&str]) -> Vec<MoveText> {
        moves.iter().map(|m| m.parse().unwrap()).collect()
    }

    fn resolve(position: &Position, text: &str) -> Move {
        text.parse::<MoveText>().unwrap().resolve(position).unwrap()
    }

    #[test]
    fn fact_info_prints_name_file_and_line() {
        assert_eq!(info().to_string(), "\"Городская партия\" (kb/combs.txt:42)");
    }

    #[test]
    fn the_expected_reply_brings_the_next_move_and_another_reply_ends_the_line() {
        let start = Position::start();
        let after_c3d4 = start.play(resolve(&start, "c3-d4")).unwrap();
        let mut line =
            ActiveLine::new(&texts(&["d6-c5", "b2-c3", "f6-g5", "c3-b4"]), false, info());
        let next = line
            .next(&after_c3d4, resolve(&after_c3d4, "d6-c5"))
            .unwrap();
        assert_eq!(format!("{next:?}"), "b2-c3");
        assert!(!line.is_finished());
        let mut other = line.clone();
        let before = after_c3d4
            .play(resolve(&after_c3d4, "d6-c5"))
            .unwrap()
            .play(next)
            .unwrap();
        assert_eq!(other.next(&before, resolve(&before, "f6-e5")), None);
        assert!(other.is_finished());
        assert!(line.next(&before, resolve(&before, "f6-g5")).is_some());
        assert!(line.is_finished());
    }

    #[test]
    fn a_line_found_mirrored_is_played_on_the_real_board() {
        // Black's view of 1.c3-d4 f6-e5, written for White as f6-e5 then c3-d4.
        let start = Position::start();
        let mut line = ActiveLine::new(&texts(&["f6-e5", "c3-d4"]), true, info());
        let reply = resolve(&start, "c3-d4");
        assert_eq!(format!("{:?}", line.next(&start, reply).unwrap()), "f6-e5");
    }
}
