//! `review`: each side's mistakes in the game so far. Every position is searched with a
//! fixed effort, never the wall clock, on one thread and a table cleared first (or valued
//! exactly where the endgame tables hold it), so that a game gets the same review on
//! any machine under any load; a move whose position scores clearly worse for its side
//! than the best move's is listed with the better move, what it cost, the line that
//! punishes it (named as a combination where it is one) and the position. In a game
//! that was lost, the loser's decisive mistake is named: the move after which the game
//! was lost and stayed lost.

use super::phrases;
use super::record::Record;
use super::render::Marks;
use super::said::{Note, Said};
use shashki::combination;
use shashki::engine::{Decision, Engine, Limits, Mode, Source};
use shashki::kb::{KnowledgeBase, Origin, Provenance};
use shashki::msg;
use shashki::notation::Notation;
use shashki::search::Score;
use shashki::words::{Message, Text};
use shashki::{Color, Game, Move, Outcome, Position, WinReason};

/// The nodes a position is searched with unless `review DEPTH` or `--depth` says
/// otherwise: some depth 12 to 16 in a middlegame, a tenth of a second on one core.
pub(super) const REVIEW_NODES: u64 = 400_000;
/// A position this far behind is lost for its side.
const LOST: Score = Score(3 * Score::MAN.0 / 2);
/// The least cost of a mistake: half a man.
const MISTAKE: Score = Score(Score::MAN.0 / 2);
/// The least cost of a blunder: two men (or a win or the game thrown away).
const BLUNDER: Score = Score(2 * Score::MAN.0);

/// What the search (or the tables) made of one position, for its side to move.
#[derive(Clone, Debug)]
pub(super) struct Verdict {
    /// The best move (`None` when the game is over there).
    pub best: Option<Move>,
    score: Score,
    /// The line the search expects from here, the best move first.
    line: Vec<Move>,
}

/// How many moves of a punishing line the review shows.
const SHOWN_PLIES: usize = 8;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Mistake,
    Blunder,
}

/// The least a better move must keep for a move to be a mistake the player could have
/// avoided: a quarter of a man.
const AVOIDABLE: Score = Score(Score::MAN.0 / 4);

/// What a position is for its side to move, as a player sees the game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    Won,
    Open,
    Lost,
}

impl Standing {
    fn of(score: Score) -> Standing {
        match score {
            score if score.is_win() || (!score.is_loss() && score >= LOST) => Standing::Won,
            score if score.is_loss() || score <= -LOST => Standing::Lost,
            _ => Standing::Open,
        }
    }

    /// The word the messages choose by.
    fn word(self) -> &'static str {
        match self {
            Standing::Won => "win",
            Standing::Open => "draw",
            Standing::Lost => "loss",
        }
    }
}

/// How bad a move scored `played` (after it, for its side) was where the best move
/// scored `best`; `None` for a move that cost less than a mistake, and for any move in
/// a position already lost (it cannot cost the game).
fn judge(best: Score, played: Score) -> Option<Kind> {
    if Standing::of(best) == Standing::Lost {
        return None;
    }
    let thrown = (best.is_win() && !played.is_win()) || (!best.is_loss() && played.is_loss());
    match best - played {
        _ if thrown => Some(Kind::Blunder),
        cost if cost >= BLUNDER => Some(Kind::Blunder),
        cost if cost >= MISTAKE => Some(Kind::Mistake),
        _ => None,
    }
}

/// What a move scored `played` cost where the best scored `best`, in a player's words:
/// the result it turned into another, or about how many men.
fn cost_words(best: Score, played: Score) -> Message {
    let (before, after) = (Standing::of(best), Standing::of(played));
    if before != after {
        return msg!(
            "review-cost-turned",
            from = before.word(),
            to = after.word()
        );
    }
    // In halves of a man, at least one.
    let halves = ((best - played).0 * 2 + Score::MAN.0 / 2) / Score::MAN.0;
    msg!(
        "review-cost-men",
        halves = halves.max(1),
        men = (halves + 1) / 2
    )
}

/// The verdict on `game`'s position within `limits` (`None` when stopped): the exact
/// value where the endgame tables hold every move, else the search's.
pub(super) fn verdict(engine: &mut Engine, game: &Game, limits: Limits) -> Option<Verdict> {
    let over = |score| {
        Some(Verdict {
            best: None,
            score,
            line: Vec::new(),
        })
    };
    match game.outcome() {
        Some(Outcome::Draw(_)) => return over(Score::DRAW),
        // Replayed from its moves, a game ends in a win only on the board: the side
        // to move has lost.
        Some(Outcome::Win { .. }) => return over(Score::loss_in(0)),
        None => {}
    }
    if let Some(&(best, value)) = engine.exact_moves(game).first() {
        return Some(Verdict {
            best: Some(best),
            score: phrases::value_score(value),
            line: vec![best],
        });
    }
    match engine.decide(game, limits, Mode::Analyze, &mut |_| {}) {
        Some(Decision {
            mv,
            source: Source::Search {
                depth, score, pv, ..
            },
        }) if depth > 0 => Some(Verdict {
            best: Some(mv),
            score,
            line: pv,
        }),
        _ => None,
    }
}

/// What a review found, worded for the record it reviewed.
pub(super) struct Reviewer<'a> {
    pub record: &'a Record,
    /// The knowledge base, to name the combinations that punish mistakes.
    pub kb: Option<&'a KnowledgeBase>,
    pub notation: Notation,
    pub text: &'a Text,
    /// Whether boards are drawn in colour, to say what their marks are.
    pub color: bool,
}

impl Reviewer<'_> {
    /// The slips found in the plies whose positions before and after were both searched,
    /// the count for each side (or how far a stopped review got), and the loser's
    /// decisive mistake in a game that was lost.
    pub fn report(&self, moves: &[Move], verdicts: &[Verdict]) -> Said {
        let mut said = Said::nothing();
        let reviewed = verdicts.len().saturating_sub(1);
        let positions: Vec<_> = self.record.game.positions().copied().collect();
        let decisive = (reviewed == moves.len())
            .then(|| self.decisive_ply(moves, verdicts, &positions))
            .flatten();
        // Mistakes and blunders, White's first.
        let mut counts = [[0usize; 2]; 2];
        for (ply, pair) in verdicts.windows(2).enumerate() {
            let (before, after) = (&pair[0], &pair[1]);
            let played = moves[ply];
            let position = positions[ply];
            let Some(best) = before.best.filter(|&best| best != played) else {
                continue;
            };
            // The decisive mistake is always among them, so that the counts agree.
            let Some(kind) = judge(before.score, -after.score)
                .or_else(|| (decisive == Some(ply)).then_some(Kind::Mistake))
            else {
                continue;
            };
            let side = position.side_to_move();
            counts[usize::from(side == Color::Black)][usize::from(kind == Kind::Blunder)] += 1;
            let (number, _) = self.record.number_at(ply);
            let dots = if side == Color::White { "." } else { "..." };
            let cost = cost_words(before.score, -after.score);
            said.tell(msg!(
                "review-slip",
                number = format!("{number}{dots}"),
                side = phrases::side(side),
                mv = self.notation.write(&position, played),
                kind = match kind {
                    Kind::Mistake => "mistake",
                    Kind::Blunder => "blunder",
                },
                cost = cost,
                played = phrases::score(-after.score),
                best = self.notation.write(&position, best),
                score = phrases::score(before.score)
            ));
            said.add(self.punishment(&positions[ply + 1], &after.line));
            // The board as it stood, the move played and the better move marked; what
            // the marks mean under the first.
            said.note(Note::Board {
                position,
                marks: Marks::of(&position, played).with_better(&position, best),
                bottom: side,
            });
            if counts.iter().flatten().sum::<usize>() == 1 {
                said.tell(match self.color {
                    true => msg!("review-marks-color"),
                    false => msg!("review-marks-plain"),
                });
            }
            said.add(self.position(&position));
        }
        if reviewed < moves.len() {
            // A review stopped early concludes nothing about the plies it did not see.
            return said.and(msg!(
                "review-interrupted",
                reviewed = reviewed,
                plies = moves.len()
            ));
        }
        for (side, [mistakes, blunders]) in [Color::White, Color::Black].into_iter().zip(counts) {
            said.tell(summary(side, mistakes, blunders));
        }
        said.and(self.decisive(decisive, moves, verdicts, &positions))
    }

    /// The plies whose mistakes become lessons, each with where it came from and its
    /// name: the player's decisive mistake and each of their blunders, where the
    /// punishment is concrete (a result thrown, material a combination wins, or a score
    /// fallen past the blunder's threshold). The player is `side` when named, else the
    /// human in their own game, else the loser.
    pub fn lessons(
        &self,
        moves: &[Move],
        verdicts: &[Verdict],
        side: Option<Color>,
    ) -> Vec<(usize, Provenance, Message)> {
        let record = self.record;
        let positions: Vec<_> = record.game.positions().copied().collect();
        let own = record.side_known && record.recorded_plies.is_none();
        let side = match (side, own, record.game.outcome()) {
            (Some(side), _, _) => side,
            (None, true, _) => record.human,
            (None, false, Some(Outcome::Win { winner, .. })) => winner.opposite(),
            (None, false, _) => return Vec::new(),
        };
        let decisive = self.decisive_ply(moves, verdicts, &positions);
        (0..moves.len())
            .filter(|&ply| positions[ply].side_to_move() == side)
            .filter(|&ply| {
                let (before, after) = (&verdicts[ply], &verdicts[ply + 1]);
                let (best, played) = (before.score, -after.score);
                let blunder = before.best.is_some_and(|best| best != moves[ply])
                    && judge(best, played) == Some(Kind::Blunder);
                let concrete = Standing::of(best) != Standing::of(played)
                    || best - played >= BLUNDER
                    || combination::find(&positions[ply + 1]).is_some();
                blunder || (decisive == Some(ply) && concrete)
            })
            .map(|ply| {
                let (number, _) = record.number_at(ply);
                let played = shashki::MoveText::from_move(&positions[ply], moves[ply]).to_string();
                let name = msg!(
                    "fact-name-lesson",
                    number = number,
                    played = played.as_str()
                );
                let after = &positions[ply + 1];
                let (punished, _) = punishing_line(after, &verdicts[ply + 1].line);
                let provenance = Provenance {
                    origin: Origin::Lesson,
                    game: record.game_source(),
                    move_number: Some(number),
                    played: Some(played),
                    verdict: None,
                    punished: (!punished.is_empty()).then(|| Notation::Full.line(after, &punished)),
                };
                (ply, provenance, name)
            })
            .collect()
    }

    /// In a game that was lost, the loser's decisive mistake: the last move of theirs
    /// where another choice still kept the game (the position before it was not lost,
    /// and the best move there kept at least a quarter of a man more, or a game the move
    /// lost). `None` when the game was not lost, or no move of the loser's was such.
    fn decisive_ply(
        &self,
        moves: &[Move],
        verdicts: &[Verdict],
        positions: &[Position],
    ) -> Option<usize> {
        let Some(Outcome::Win { winner, .. }) = self.record.game.outcome() else {
            return None;
        };
        let loser = winner.opposite();
        (0..moves.len()).rev().find(|&ply| {
            let (before, after) = (&verdicts[ply], &verdicts[ply + 1]);
            let (best, played) = (before.score, -after.score);
            positions[ply].side_to_move() == loser
                && before.best.is_some_and(|best| best != moves[ply])
                && Standing::of(best) != Standing::Lost
                && (best - played >= AVOIDABLE || Standing::of(played) == Standing::Lost)
        })
    }

    /// In a game that was lost, the loser's move after which the game was lost and
    /// stayed lost, with the line that punishes it; or that no move of theirs lost it
    /// (a game lost on time or by resignation in a position that was not lost).
    fn decisive(
        &self,
        decisive: Option<usize>,
        moves: &[Move],
        verdicts: &[Verdict],
        positions: &[Position],
    ) -> Said {
        let Some(Outcome::Win { winner, reason }) = self.record.game.outcome() else {
            return Said::nothing();
        };
        let loser = winner.opposite();
        let side = phrases::side(loser);
        let for_loser = |ply: usize| match positions[ply].side_to_move() == loser {
            true => verdicts[ply].score,
            false => -verdicts[ply].score,
        };
        let lost = |ply: usize| {
            let score = for_loser(ply);
            score.is_loss() || (!score.is_win() && score <= -LOST)
        };
        // The first position from which every later one is lost for the loser.
        let from = (0..verdicts.len())
            .rev()
            .take_while(|&ply| lost(ply))
            .last();
        let Some(ply) = decisive else {
            let final_score = phrases::score(for_loser(verdicts.len() - 1));
            let how = match (reason, from) {
                (_, Some(0)) => "from-start",
                // Lost later, yet no move of the loser's was one the review could better.
                (_, Some(_)) => "unavoidable",
                (WinReason::Time, None) => "time",
                (WinReason::Resignation, None) => "resigned",
                (_, None) => "board",
            };
            return msg!(
                "review-no-decisive",
                side = side,
                how = how,
                score = final_score
            )
            .into();
        };
        let position = positions[ply];
        let played = moves[ply];
        let (number, _) = self.record.number_at(ply);
        let dots = if loser == Color::White { "." } else { "..." };
        let (before, after) = (&verdicts[ply], &verdicts[ply + 1]);
        let best = before
            .best
            .filter(|&best| best != played)
            .map(|best| self.notation.write(&position, best));
        let said = Said::from(msg!(
            "review-decisive",
            number = format!("{number}{dots}"),
            side = side,
            mv = self.notation.write(&position, played),
            played = phrases::score(-after.score),
            best = best.clone().unwrap_or_default(),
            has_best = if best.is_some() { "yes" } else { "no" },
            score = phrases::score(before.score)
        ));
        said.and(self.punishment(&positions[ply + 1], &after.line))
            .and(self.position(&position))
    }

    /// The position of a reviewed move, its FEN on a line of its own where the label
    /// and it would pass 80 columns.
    fn position(&self, position: &Position) -> Said {
        let fen = position.to_fen();
        let line = self
            .text
            .render(&msg!("review-position", fen = fen.as_str()));
        if line.chars().count() <= super::width::WIDTH {
            return Note::Plain(line).into();
        }
        let label = self.text.render(&msg!("review-position", fen = ""));
        Said::from(Note::Plain(label.trim_end().to_string())).and(Note::Plain(fen))
    }

    /// The line that punishes a mistake, from the position after it (`expected` is the
    /// search's line there): a combination when one is there, named from the knowledge
    /// base where a fact has it, with what it wins.
    fn punishment(&self, position: &Position, expected: &[Move]) -> Said {
        let side = phrases::side(position.side_to_move());
        let (punished, is_combination) = punishing_line(position, expected);
        if is_combination {
            let line = self.notation.line(position, &punished);
            let won = combination::material_won(position, &punished).message();
            let name = self.kb.and_then(|kb| {
                let (fact, moves) = kb.lookup(position)?;
                moves.contains(&punished[0]).then_some(fact.name)
            });
            let said = Said::from(match name {
                Some(name) => msg!(
                    "review-combination-named",
                    side = side,
                    name = name,
                    line = line,
                    won = won
                ),
                None => msg!("review-combination", side = side, line = line, won = won),
            });
            // What kind of blow it is, where a motif names it.
            let motifs = combination::motif::named(position, &punished);
            match motifs.is_empty() {
                true => said,
                false => said.and(msg!(
                    "review-motifs",
                    motifs = combination::motif::names(&motifs)
                )),
            }
        } else if !punished.is_empty() {
            let line = self.notation.line(position, &punished);
            let more = if expected.len() > punished.len() {
                "yes"
            } else {
                "no"
            };
            msg!("review-line", side = side, line = line, more = more).into()
        } else {
            Said::nothing()
        }
    }
}

/// The line that punishes a mistake, from the position after it (`expected` is the
/// search's line there): the combination where there is one, else the search's first
/// plies; and whether it is a combination.
fn punishing_line(position: &Position, expected: &[Move]) -> (Vec<Move>, bool) {
    match combination::find(position) {
        Some(found) => (found.line, true),
        None => (expected[..expected.len().min(SHOWN_PLIES)].to_vec(), false),
    }
}

fn summary(side: Color, mistakes: usize, blunders: usize) -> Message {
    msg!(
        "review-summary",
        side = phrases::side(side),
        mistakes = mistakes,
        blunders = blunders
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_judged_by_what_it_cost() {
        assert_eq!(judge(Score(30), Score(0)), None);
        assert_eq!(judge(Score(30), Score(-40)), Some(Kind::Mistake));
        assert_eq!(judge(Score(30), Score(-300)), Some(Kind::Blunder));
        assert_eq!(judge(Score::win_in(9), Score(250)), Some(Kind::Blunder));
        assert_eq!(judge(Score(-100), Score::loss_in(12)), Some(Kind::Blunder));
        // In a position already lost no move costs the game.
        assert_eq!(judge(Score(-200), Score::loss_in(12)), None);
        assert_eq!(judge(Score::loss_in(20), Score::loss_in(4)), None);
        // A slower win, or a longer loss, is no mistake.
        assert_eq!(judge(Score::win_in(5), Score::win_in(9)), None);
        assert_eq!(judge(Score::loss_in(9), Score::loss_in(5)), None);
    }

    #[test]
    fn a_cost_is_worded_as_a_player_counts_it() {
        let english = Text::new(crate::app::console::Lang::En);
        let russian = Text::new(crate::app::console::Lang::Ru);
        let cost = |best, played, text: &Text| text.render(&cost_words(best, played));
        assert_eq!(
            cost(Score(30), Score(-20), &english),
            "costs about half a man"
        );
        assert_eq!(cost(Score(30), Score(-80), &english), "costs about a man");
        assert_eq!(cost(Score(600), Score(310), &english), "costs about 3 men");
        assert_eq!(
            cost(Score::win_in(9), Score(20), &english),
            "turns a win into a draw"
        );
        assert_eq!(
            cost(Score(0), Score::loss_in(8), &english),
            "turns a draw into a loss"
        );
        assert_eq!(
            cost(Score(30), Score(-20), &russian),
            "стоила около половины шашки"
        );
        assert_eq!(
            cost(Score(600), Score(310), &russian),
            "стоила около 3 шашек"
        );
        assert_eq!(
            cost(Score(0), Score::loss_in(8), &russian),
            "превратила ничью в проигрыш"
        );
    }
}
