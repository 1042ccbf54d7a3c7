//! Puzzles: combinations posed from the knowledge base for a player to find.
//!
//! A [`Puzzle`] is a position where the side to move has a proven combination and the
//! gain it proves. The player's moves are judged by the forcing tree (`forcing.rs`): a
//! move is accepted when the tree with it first still wins at least that gain, so every
//! move that keeps the gain is right, not only the line's. The defender then answers
//! with its best reply in the tree, and the player looks for the next move, until the
//! captures have settled and nothing more is to be won.

use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use super::forcing::{Forcing, Place};
use super::generalise::Pattern;
use super::motif::{self, Motif};
use super::{Combination, GAME, MIN_GAIN, MaterialWon, find, material_won};
use crate::kb::{Fact, FactInfo, KnowledgeBase, Mask};
use crate::{Color, Move, Position};

/// Positions drawn from a pattern fact before it is given up as a source of puzzles.
pub const DRAWS: usize = 12;

/// A combination to find, and the moves found so far.
#[derive(Clone, Debug)]
pub struct Puzzle {
    start: Position,
    /// The fact it was posed from: its name and place.
    fact: Option<FactInfo>,
    /// What the combination wins, in material points: a move must keep it.
    gain: i32,
    /// What the best line wins, as players count it.
    won: MaterialWon,
    /// The moves played since the start: the player's and the defender's, alternately.
    played: Vec<Move>,
    /// The best line from here, the player's next move first; empty once solved.
    expected: Vec<Move>,
}

/// What became of a move the puzzle accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The defender's best reply, played; `None` when the move ended the line.
    pub reply: Option<Move>,
    /// Whether the combination is complete: nothing more to find.
    pub solved: bool,
}

/// Why a move is not the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Against the best defence the player ends with less material than at the start.
    GivesUpMaterial,
    /// Against the best defence it wins nothing (less than a man).
    WinsNothing,
    /// It wins, but less than the combination: this much, against the best defence.
    WinsLess(MaterialWon),
    /// The puzzle is already solved.
    Solved,
}

impl Puzzle {
    /// The puzzle of `position` when its side to move has a combination.
    pub fn new(position: &Position) -> Option<Puzzle> {
        find(position).map(|combination| Puzzle::posed(position, &combination, None))
    }

    /// A puzzle from `fact`: its position when it is exact, else, half the time first,
    /// the game position a learned fact was proven in (`% ... proof in FEN`), then
    /// positions drawn from its pattern (at most [`DRAWS`] tries), in which `find`
    /// proves a combination that may start with the fact's first move. White or Black
    /// to move, at random.
    pub fn from_fact(fact: &Fact, rng: &mut StdRng) -> Option<Puzzle> {
        let pattern = Pattern::of_fact(fact);
        let first = fact.alternatives.iter().find(|line| line.len() > 1)?[0].clone();
        let draws = if pattern.is_exact() { 1 } else { DRAWS };
        // The game position a learned fact came from first, half the time; then
        // positions drawn from the pattern.
        let mask = Mask::from_cells(&pattern.cells);
        let mut source = fact
            .info
            .proven_in
            .filter(|position| mask.matches(position) && rng.random_bool(0.5));
        (0..draws + usize::from(source.is_some())).find_map(|_| {
            let position = match source.take() {
                Some(position) => position,
                None => pattern.sample(Color::White, rng)?,
            };
            let mv = first.resolve(&position).ok()?;
            let combination = find(&position)?;
            if !combination.first_moves.contains(&mv) {
                return None;
            }
            let fact = Some(fact.info.clone());
            Some(if rng.random_bool(0.5) {
                Puzzle::posed(&position.mirrored(), &flipped(&combination), fact)
            } else {
                Puzzle::posed(&position, &combination, fact)
            })
        })
    }

    /// A puzzle from one of the facts of `kb` with a line, tried in a random order until
    /// one gives a puzzle; `None` when none does.
    pub fn pose(kb: &KnowledgeBase, rng: &mut StdRng) -> Option<Puzzle> {
        Puzzle::pose_unlike(kb, rng, None, &|_| false, &|_| true)
    }

    /// The puzzles of `kb` by motif: one drawn from each fact with a line, as
    /// [`Puzzle::pose`] draws them, and counted under each motif it earns. Every
    /// built-in motif in the file's order, then (`None`) the puzzles that earn none.
    pub fn count_by_motif(
        kb: &KnowledgeBase,
        rng: &mut StdRng,
    ) -> Vec<(Option<&'static Motif>, usize)> {
        let motifs = motif::builtin();
        let mut counts = vec![0; motifs.len() + 1];
        for fact in kb.facts().iter().filter(|fact| fact.has_line()) {
            let Some(puzzle) = Puzzle::from_fact(fact, rng) else {
                continue;
            };
            let named = puzzle.motifs();
            for (index, motif) in motifs.iter().enumerate() {
                counts[index] += usize::from(named.contains(&motif));
            }
            counts[motifs.len()] += usize::from(named.is_empty());
        }
        motifs.iter().map(Some).chain([None]).zip(counts).collect()
    }

    /// The motifs the combination earns (the whole line, from the start).
    pub fn motifs(&self) -> Vec<&'static Motif> {
        motif::named(&self.start, &self.expected)
    }

    /// As [`Puzzle::pose`], but never the combination of `last` again (the same first move
    /// and the same captures, for either side); `last`'s own fact only when no other
    /// gives a puzzle, and the facts `solved` names after the others; only a puzzle that
    /// `fits` (one of a motif asked for).
    pub fn pose_unlike(
        kb: &KnowledgeBase,
        rng: &mut StdRng,
        last: Option<&Puzzle>,
        solved: &dyn Fn(&str) -> bool,
        fits: &dyn Fn(&Puzzle) -> bool,
    ) -> Option<Puzzle> {
        let mut facts: Vec<&Fact> = kb.facts().iter().filter(|fact| fact.has_line()).collect();
        facts.shuffle(rng);
        // The fact the last puzzle came from goes last, after those solved before.
        let order = |fact: &&Fact| {
            let name = fact.info.name.as_str();
            (last.and_then(Puzzle::name) == Some(name), solved(name))
        };
        facts.sort_by_key(order);
        facts.into_iter().find_map(|fact| {
            Puzzle::from_fact(fact, rng)
                .filter(|puzzle| last.is_none_or(|last| puzzle.combination() != last.combination()))
                .filter(|puzzle| fits(puzzle))
        })
    }

    /// The combination as the attacker plays it seen as White: its first move and the
    /// captures of its line, whichever side the puzzle gives the player.
    fn combination(&self) -> Vec<Move> {
        let white = |mv: &Move| match self.side() {
            Color::White => *mv,
            Color::Black => mv.flipped(),
        };
        let mut moves = self.expected.iter().take(1).map(white).collect::<Vec<_>>();
        moves.extend(self.expected.iter().filter(|mv| mv.is_capture()).map(white));
        moves
    }

    fn posed(position: &Position, combination: &Combination, fact: Option<FactInfo>) -> Puzzle {
        Puzzle {
            start: *position,
            fact,
            gain: combination.gain,
            won: material_won(position, &combination.line),
            played: Vec::new(),
            expected: combination.line.clone(),
        }
    }

    /// The position the puzzle starts from.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The position now, the player to move unless solved.
    pub fn position(&self) -> Position {
        self.played
            .iter()
            .fold(self.start, |at, &mv| at.play_unchecked(mv))
    }

    /// The side the player plays: the attacker.
    pub fn side(&self) -> Color {
        self.start.side_to_move()
    }

    /// The moves played since the start, the player's first.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// The name of the fact the puzzle was posed from, if any.
    pub fn name(&self) -> Option<&str> {
        self.fact.as_ref().map(|fact| fact.name.as_str())
    }

    /// The fact the puzzle was posed from, if any: its name and place.
    pub fn fact(&self) -> Option<&FactInfo> {
        self.fact.as_ref()
    }

    /// The rest of the combination from the position now: the player's next move first.
    pub fn rest(&self) -> &[Move] {
        &self.expected
    }

    /// What the combination wins, in material points ([`GAME`]: the game).
    pub fn gain(&self) -> i32 {
        self.gain
    }

    /// What the combination wins, as players count it.
    pub fn won(&self) -> MaterialWon {
        self.won
    }

    /// Whether the combination has been played to its end.
    pub fn is_solved(&self) -> bool {
        self.expected.is_empty()
    }

    /// The move to find now (a hint), if the puzzle is not solved.
    pub fn hint(&self) -> Option<Move> {
        self.expected.first().copied()
    }

    /// Whether `mv` keeps the combination's gain here, without playing it: `Ok` with the
    /// line it leads to against the best defence (`mv` first), else why not.
    pub fn judge(&self, mv: Move) -> Result<Vec<Move>, Refusal> {
        if self.is_solved() {
            return Err(Refusal::Solved);
        }
        let (value, line) = self.search(Some(mv), self.gain - 1);
        if value >= self.gain {
            return Ok(line);
        }
        // Below the gain the bounded search gives a bound: the refusal needs the value.
        let (value, line) = self.search(Some(mv), -GAME - 1);
        Err(if value < 0 {
            Refusal::GivesUpMaterial
        } else if value < MIN_GAIN {
            Refusal::WinsNothing
        } else {
            let whole: Vec<Move> = self.played.iter().chain(&line).copied().collect();
            Refusal::WinsLess(material_won(&self.start, &whole))
        })
    }

    /// Plays `mv` (a legal move of the position now) if it keeps the gain, and the
    /// defender's best reply after it.
    pub fn play(&mut self, mv: Move) -> Result<Answer, Refusal> {
        let line = self.judge(mv)?;
        let reply = line.get(1).copied();
        self.played.push(mv);
        self.played.extend(reply);
        self.expected = match reply {
            Some(_) => self.search(None, self.gain - 1).1,
            None => Vec::new(),
        };
        Ok(Answer {
            reply,
            solved: self.is_solved(),
        })
    }

    /// The forcing tree from the position now after the moves played: with `first` as
    /// the player's move, else the best moves (off the line). Its value from the start
    /// within `alpha`..the game, and the line that reaches it.
    fn search(&self, first: Option<Move>, alpha: i32) -> (i32, Vec<Move>) {
        let line: Vec<Move> = self.played.iter().copied().chain(first).collect();
        let place = Place::along(&line, self.played.len());
        let position = self.position();
        let mut forcing = Forcing::new(&self.start, &line);
        // Past the quiet moves a combination may make, a quiet move wins what is won.
        if first.is_some_and(|mv| !mv.is_capture()) && !place.has_quiet_left() {
            return (forcing.gain(&position), Vec::new());
        }
        forcing.value(&position, place, alpha, GAME + 1)
    }
}

/// `combination` on the board turned for the other side.
fn flipped(combination: &Combination) -> Combination {
    let turn = |moves: &[Move]| moves.iter().map(|mv| mv.flipped()).collect();
    Combination {
        line: turn(&combination.line),
        first_moves: turn(&combination.first_moves),
        ..combination.clone()
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::{MoveText, combination::prove};

    /// The positions of the reference puzzles (`tests/data/combos.jsonl`) in which `find`
    /// proves a combination.
    fn reference_puzzles() -> Vec<Puzzle> {
        let text = include_str!("../../tests/data/combos.jsonl");
        let puzzles: Vec<Puzzle> = text
            .lines()
            .filter(|line| line.starts_with('{'))
            .filter_map(|line| {
                let fen = line.split("\"fen\": \"").nth(1)?.split('"').next()?;
                Puzzle::new(&fen.parse().expect("a reference FEN"))
            })
            .collect();
        assert!(puzzles.len() >= 5, "only {} puzzles", puzzles.len());
        puzzles
    }

    fn text(position: &Position, mv: Move) -> String {
        MoveText::from_move(position, mv).to_string()
    }

    /// Plays `puzzle` to its end along its hints, checking at each of the player's turns
    /// that the hint is accepted and that every refused move is refused for a reason
    /// that holds: its line, against the best defence, does not keep the gain.
    fn solve_checking_every_move(mut puzzle: Puzzle) -> Puzzle {
        while let Some(hint) = puzzle.hint() {
            let position = puzzle.position();
            for &mv in position.legal_moves().iter() {
                match puzzle.judge(mv) {
                    Ok(line) => assert!(!line.is_empty() && line[0] == mv),
                    Err(Refusal::WinsLess(_)) => assert!(puzzle.gain() > MIN_GAIN),
                    Err(refusal) => assert_ne!(mv, hint, "{refusal:?}"),
                }
            }
            let answer = puzzle.play(hint).expect("the hint is accepted");
            assert_eq!(answer.solved, puzzle.is_solved());
        }
        puzzle
    }

    #[test]
    fn every_first_move_that_keeps_the_gain_is_accepted_and_every_other_refused() {
        for puzzle in reference_puzzles() {
            let position = puzzle.start();
            let found = find(&position).unwrap();
            let mut accepted = Vec::new();
            for &mv in position.legal_moves().iter() {
                match puzzle.judge(mv) {
                    Ok(_) => accepted.push(mv),
                    Err(refusal) => {
                        let proven = found.first_moves.contains(&mv);
                        assert!(
                            !proven || matches!(refusal, Refusal::WinsLess(_)),
                            "{} refused: {refusal:?} in {}",
                            text(&position, mv),
                            position.to_fen()
                        );
                    }
                }
            }
            assert!(accepted.contains(&found.line[0]), "{}", position.to_fen());
            for mv in accepted {
                assert!(found.first_moves.contains(&mv), "{}", text(&position, mv));
                let mut copy = puzzle.clone();
                copy.play(mv).unwrap();
                let solved = solve_checking_every_move(copy);
                // An independent check: the moves played prove a combination, and win
                // what the puzzle promised.
                assert!(
                    prove(&position, solved.played()).is_ok(),
                    "{}",
                    position.to_fen()
                );
                let won = material_won(&position, solved.played());
                assert!(won.game || won.pieces >= puzzle.won().pieces.min(1));
            }
        }
    }

    #[test]
    fn the_two_for_one_shot_is_played_to_its_end() {
        let position: Position = "W:Wa1,b2,c3:Ba5,e5,g7".parse().unwrap();
        let mut puzzle = Puzzle::new(&position).unwrap();
        assert_eq!(puzzle.gain(), GAME);
        let mv = |puzzle: &Puzzle, text: &str| {
            text.parse::<MoveText>()
                .unwrap()
                .resolve(&puzzle.position())
                .unwrap()
        };
        assert_eq!(puzzle.hint(), Some(mv(&puzzle, "c3-b4")));
        // A man given and one taken back: a trade.
        assert_eq!(puzzle.play(mv(&puzzle, "c3-d4")), Err(Refusal::WinsNothing));
        assert_eq!(puzzle.play(mv(&puzzle, "b2-a3")), Err(Refusal::WinsNothing));
        let answer = puzzle.play(mv(&puzzle, "c3-b4")).unwrap();
        let after_sacrifice = position.play_unchecked(puzzle.played()[0]);
        assert_eq!(
            answer.reply.map(|reply| text(&after_sacrifice, reply)),
            Some("a5:c3".to_string())
        );
        assert!(!answer.solved);
        let answer = puzzle.play(mv(&puzzle, "b2:h8")).unwrap();
        assert_eq!(
            answer,
            Answer {
                reply: None,
                solved: true
            }
        );
        assert_eq!(puzzle.hint(), None);
        let any = position.legal_moves()[0];
        assert_eq!(puzzle.judge(any), Err(Refusal::Solved));
    }

    #[test]
    fn puzzles_are_posed_from_the_built_in_facts_for_either_side() {
        let kb = KnowledgeBase::builtin();
        let sources: Vec<Position> = kb
            .facts()
            .iter()
            .filter_map(|fact| fact.info.proven_in)
            .flat_map(|position| [position, position.mirrored()])
            .collect();
        let mut sides = Vec::new();
        let mut from_games = 0;
        for seed in 0..12 {
            let mut rng = StdRng::seed_from_u64(seed);
            let puzzle = Puzzle::pose(&kb, &mut rng).expect("a puzzle");
            assert!(puzzle.name().is_some());
            assert!(puzzle.gain() >= MIN_GAIN);
            sides.push(puzzle.side());
            from_games += usize::from(sources.contains(&puzzle.start()));
            solve_checking_every_move(puzzle);
        }
        assert!(sides.contains(&Color::White) && sides.contains(&Color::Black));
        // Some come from the games the learned facts were found in.
        assert!(from_games > 0);
    }

    #[test]
    fn the_next_puzzle_is_never_the_same_combination_again() {
        let kb = KnowledgeBase::builtin();
        let mut rng = StdRng::seed_from_u64(3);
        let mut last = Puzzle::pose(&kb, &mut rng).expect("a puzzle");
        for _ in 0..20 {
            let next = Puzzle::pose_unlike(&kb, &mut rng, Some(&last), &|_| false, &|_| true)
                .expect("another");
            assert_ne!(next.combination(), last.combination(), "{:?}", next.name());
            last = next;
        }
    }

    #[test]
    fn the_puzzles_not_yet_solved_come_first() {
        let kb = KnowledgeBase::builtin();
        let mut rng = StdRng::seed_from_u64(5);
        let mut solved = std::collections::HashSet::new();
        let facts = kb.facts().iter().filter(|fact| fact.has_line()).count();
        // Every fact whose puzzle can be posed is posed before any is posed again.
        for _ in 0..facts {
            let done = solved.clone();
            let Some(puzzle) =
                Puzzle::pose_unlike(&kb, &mut rng, None, &|name| done.contains(name), &|_| true)
            else {
                break;
            };
            let name = puzzle.name().expect("a fact's puzzle").to_string();
            if !solved.insert(name.clone()) {
                // Only when every fact that gives a puzzle was solved already.
                let unsolved = kb
                    .facts()
                    .iter()
                    .filter(|fact| fact.has_line() && !solved.contains(&fact.info.name))
                    .filter_map(|fact| Puzzle::from_fact(fact, &mut StdRng::seed_from_u64(1)))
                    .count();
                assert_eq!(unsolved, 0, "{name} posed again");
                break;
            }
        }
        assert!(solved.len() > 5, "{solved:?}");
    }

    #[test]
    fn the_built_in_puzzles_are_counted_under_their_motifs() {
        let kb = KnowledgeBase::builtin();
        let counts = Puzzle::count_by_motif(&kb, &mut StdRng::seed_from_u64(0));
        assert_eq!(counts.len(), motif::builtin().len() + 1);
        let count = |english: &str| {
            counts
                .iter()
                .find(|(motif, _)| motif.is_some_and(|motif| motif.english == english))
                .map(|(_, count)| *count)
        };
        // The base holds a Turkish strike and blows after one man given up.
        assert!(count("Turkish strike") >= Some(1), "{counts:?}");
        assert!(
            count("Blow after one man given up") >= Some(5),
            "{counts:?}"
        );
        let puzzles = kb.facts().iter().filter(|fact| fact.has_line()).count();
        let unnamed = counts.last().expect("the unnamed").1;
        assert!(unnamed < puzzles, "{unnamed} of {puzzles} named nothing");
        let empty = Puzzle::count_by_motif(&KnowledgeBase::empty(), &mut StdRng::seed_from_u64(0));
        assert!(empty.iter().all(|(_, count)| *count == 0));
    }

    #[test]
    fn a_base_without_lines_poses_nothing() {
        let kb = KnowledgeBase::empty();
        assert!(Puzzle::pose(&kb, &mut StdRng::seed_from_u64(1)).is_none());
    }
}
