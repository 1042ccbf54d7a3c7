//! Puzzle mode (`puzzle`): combinations from the knowledge base to find, one move at a
//! time, with hints and a score kept in the data directory. The game waits as it was.

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::render::Marks;
use super::said::{Note, Said};
use super::score::Score;
use shashki::combination::motif::Motif;
use shashki::combination::puzzle::{Puzzle, Refusal};
use shashki::combination::{self, GAME, MaterialWon};
use shashki::files::{DataDir, read_text, write_atomically};
use shashki::kb::KnowledgeBase;
use shashki::msg;
use shashki::notation::Notation;
use shashki::words::Message;
use shashki::{Color, Move, Position};

/// The trainer: its random choices and the score, kept across puzzles.
pub(super) struct Trainer {
    rng: StdRng,
    /// The score, once read from its file at the first puzzle.
    score: Option<Score>,
    /// The score file, when it may be written: not when it was there but unreadable.
    file: Option<PathBuf>,
    /// The first line of the score file, in the player's language.
    header: String,
    /// The puzzle being solved: puzzle mode.
    current: Option<Current>,
}

/// The puzzle on the board and what the player did in it.
struct Current {
    puzzle: Puzzle,
    /// Hints given for the move to find now.
    hints: u32,
    /// Whether the puzzle counts as attempted yet.
    attempted: bool,
    /// The last move played, to mark on the board.
    last: Option<(Position, Move)>,
}

impl Trainer {
    /// A trainer choosing by `seed`, keeping its score in `data`'s puzzle file under
    /// `header`; the file is read at the first puzzle.
    pub fn new(seed: u64, data: Option<&DataDir>, header: String) -> Trainer {
        Trainer {
            rng: StdRng::seed_from_u64(seed),
            score: None,
            file: data.map(DataDir::puzzles),
            header,
            current: None,
        }
    }

    /// Whether a puzzle is on the board: puzzle mode.
    pub fn active(&self) -> bool {
        self.current.is_some()
    }

    /// The puzzle's position in puzzle mode.
    pub fn position(&self) -> Option<Position> {
        Some(self.current.as_ref()?.puzzle.position())
    }

    /// The player's side in puzzle mode.
    pub fn side(&self) -> Option<Color> {
        Some(self.current.as_ref()?.puzzle.side())
    }

    /// Whether the puzzle on the board is solved: it takes no more moves.
    pub fn solved(&self) -> bool {
        self.current().puzzle.is_solved()
    }

    /// `puzzle`: another combination of `kb`, unlike the last one.
    pub fn pose(
        &mut self,
        kb: Option<&KnowledgeBase>,
        notation: Notation,
        motif: Option<&Motif>,
    ) -> Said {
        let Some(kb) = kb else {
            return msg!("puzzle-no-kb").into();
        };
        // The facts whose puzzles were solved are posed after the others.
        let mut said = self.read_score();
        let last = self.current.as_ref().map(|current| &current.puzzle);
        let solved = self.score.as_ref().map(|score| &score.solved_facts);
        let solved = |name: &str| solved.is_some_and(|solved| solved.contains(name));
        let fits = |puzzle: &Puzzle| motif.is_none_or(|motif| puzzle.motifs().contains(&motif));
        match Puzzle::pose_unlike(kb, &mut self.rng, last, &solved, &fits) {
            Some(puzzle) => said.add(self.start(puzzle, notation)),
            None => said.tell(match motif {
                Some(motif) => msg!(
                    "puzzle-none-motif",
                    motifs = combination::motif::names(&[motif])
                ),
                None => msg!("puzzle-none"),
            }),
        }
        said
    }

    /// `puzzle list`: how many puzzles of `kb` are of each motif, one drawn from each
    /// fact with a combination, always the same way.
    pub fn list(kb: Option<&KnowledgeBase>) -> Said {
        let Some(kb) = kb else {
            return msg!("puzzle-no-kb").into();
        };
        let mut said = Said::from(msg!("puzzle-list-header"));
        let counts = Puzzle::count_by_motif(kb, &mut StdRng::seed_from_u64(0));
        for (motif, count) in counts {
            let count = format!("{count:>5}");
            said.tell(match motif {
                Some(motif) => msg!(
                    "puzzle-list-motif",
                    count = count,
                    motifs = combination::motif::names(&[motif])
                ),
                None => msg!("puzzle-list-unnamed", count = count),
            });
        }
        said
    }

    /// `puzzle FEN`: the combination of `position` to find.
    pub fn pose_at(&mut self, position: Position, notation: Notation) -> Said {
        match Puzzle::new(&position) {
            Some(puzzle) => self.start(puzzle, notation),
            None => {
                let side = shashki::words::side(position.side_to_move());
                msg!("puzzle-no-combination", side = side).into()
            }
        }
    }

    fn start(&mut self, puzzle: Puzzle, notation: Notation) -> Said {
        let mut said = self.answer(notation);
        said.add(self.read_score());
        self.current = Some(Current {
            puzzle,
            hints: 0,
            attempted: false,
            last: None,
        });
        said.add(self.shown());
        said.tell(msg!("puzzle-how"));
        said
    }

    /// Leaves puzzle mode, with the answer of a puzzle left unsolved; `None` when no
    /// puzzle was on.
    pub fn leave(&mut self, notation: Notation) -> Option<Said> {
        let answer = self.answer(notation);
        self.current.take().map(|_| answer)
    }

    /// The answer of the puzzle on the board, if it is not solved: the rest of the
    /// combination from where the player is, and the fact it comes from.
    fn answer(&self, notation: Notation) -> Said {
        let Some(current) = self
            .current
            .as_ref()
            .filter(|current| !current.puzzle.is_solved())
        else {
            return Said::nothing();
        };
        let puzzle = &current.puzzle;
        let line = notation.line(&puzzle.position(), puzzle.rest());
        let fact = puzzle.fact();
        let said = Said::from(msg!(
            "puzzle-answer",
            line = line,
            named = if fact.is_some() { "yes" } else { "no" },
            name = fact.map_or("", |fact| fact.name.as_str()),
            origin = fact.map_or_else(|| msg!("as-is", text = ""), |fact| fact.part.name()),
            place = fact.map_or(0, |fact| fact.line)
        ));
        let whole: Vec<Move> = puzzle
            .played()
            .iter()
            .chain(puzzle.rest())
            .copied()
            .collect();
        said.and(motifs_of(&puzzle.start(), &whole))
    }

    /// Reads the score from its file at the first puzzle; a file that cannot be read
    /// is reported and left alone (the score then lasts the session only).
    fn read_score(&mut self) -> Said {
        if self.score.is_some() {
            return Said::nothing();
        }
        self.score = Some(Score::default());
        let Some(path) = self.file.clone().filter(|path| path.exists()) else {
            return Said::nothing();
        };
        let shown = path.display().to_string();
        let text = match read_text(&path) {
            Ok(text) => text,
            Err(error) => {
                self.file = None;
                let error = error.message();
                return msg!("puzzle-score-unreadable", path = shown, error = error).into();
            }
        };
        match Score::parse(&text) {
            Ok(score) => {
                self.score = Some(score);
                Said::nothing()
            }
            Err(error) => {
                self.file = None;
                msg!(
                    "puzzle-score-bad",
                    path = shown,
                    line = error.line,
                    reason = error.problem.message()
                )
                .into()
            }
        }
    }

    /// Counts something in the score and keeps the score in its file.
    fn count(&mut self, change: impl FnOnce(&mut Score)) -> Said {
        let score = self.score.get_or_insert_default();
        change(score);
        let text = score.text(&self.header);
        let Some(path) = self.file.clone() else {
            return Said::nothing();
        };
        let written =
            DataDir::prepare(&path).and_then(|()| write_atomically(&path, text.as_bytes()));
        match written {
            Ok(()) => Said::nothing(),
            Err(error) => {
                // Once is enough: the score lasts the session.
                self.file = None;
                msg!(
                    "puzzle-score-failed",
                    path = path.display().to_string(),
                    error = shashki::files::io_error_message(&error)
                )
                .into()
            }
        }
    }

    /// A move or a hint counts the puzzle as attempted, once.
    fn attempt(&mut self) -> Said {
        let first = !std::mem::replace(&mut self.current_mut().attempted, true);
        match first {
            true => self.count(|score| score.attempted += 1),
            false => Said::nothing(),
        }
    }

    fn current(&self) -> &Current {
        self.current.as_ref().expect("puzzle mode")
    }

    fn current_mut(&mut self) -> &mut Current {
        self.current.as_mut().expect("puzzle mode")
    }

    /// The puzzle's board from the player's side, and what to find.
    pub fn shown(&self) -> Said {
        let puzzle = &self.current().puzzle;
        let side = shashki::words::side(puzzle.side());
        let gain = gain(puzzle.won(), puzzle.gain());
        Said::from(self.board()).and(msg!("puzzle-title", side = side, gain = gain))
    }

    /// The board with the last move marked.
    pub fn board(&self) -> Note {
        let current = self.current();
        Note::Board {
            position: current.puzzle.position(),
            marks: current
                .last
                .map_or_else(Marks::default, |(before, mv)| Marks::of(&before, mv)),
            bottom: current.puzzle.side(),
        }
    }

    /// The player's legal move `mv` in the puzzle: right, or refused with the reason.
    pub fn play(&mut self, mv: Move, notation: Notation) -> Said {
        let position = self.current().puzzle.position();
        let mut said = self.attempt();
        let written = notation.write(&position, mv);
        let answer = match self.current_mut().puzzle.play(mv) {
            Ok(answer) => answer,
            Err(refusal) => {
                said.add(self.count(|score| score.wrong += 1));
                said.tell(match refusal {
                    Refusal::GivesUpMaterial => msg!("puzzle-gives-up", mv = written),
                    Refusal::WinsNothing => msg!("puzzle-wins-nothing", mv = written),
                    Refusal::WinsLess(won) => {
                        let puzzle = &self.current().puzzle;
                        msg!(
                            "puzzle-wins-less",
                            mv = written,
                            won = gain(won, 0),
                            gain = gain(puzzle.won(), puzzle.gain())
                        )
                    }
                    Refusal::Solved => msg!("puzzle-solved-already"),
                });
                return said;
            }
        };
        let after = position.play_unchecked(mv);
        let current = self.current_mut();
        current.hints = 0;
        current.last = Some(match answer.reply {
            Some(reply) => (after, reply),
            None => (position, mv),
        });
        said.note(self.board());
        match answer.reply {
            Some(reply) if !answer.solved => {
                let side = shashki::words::side(after.side_to_move());
                let reply = notation.write(&after, reply);
                said.tell(msg!(
                    "puzzle-right",
                    mv = written,
                    side = side,
                    reply = reply
                ));
            }
            _ => said.add(self.end(notation)),
        }
        said
    }

    /// The end of the puzzle: the whole line, the fact's name and the score.
    fn end(&mut self, notation: Notation) -> Said {
        let name = self.current().puzzle.name().map(str::to_string);
        let mut said = self.count(|score| {
            score.solved += 1;
            score.solved_facts.extend(name);
        });
        let puzzle = &self.current().puzzle;
        let line = notation.line(&puzzle.start(), puzzle.played());
        let gain = gain(puzzle.won(), puzzle.gain());
        said.tell(match puzzle.fact() {
            Some(fact) => msg!(
                "puzzle-solved-fact",
                line = line,
                gain = gain,
                name = fact.name.as_str(),
                origin = fact.part.name(),
                place = fact.line
            ),
            None => msg!("puzzle-solved", line = line, gain = gain),
        });
        said.add(motifs_of(&puzzle.start(), puzzle.played()));
        let score = self.score.clone().unwrap_or_default();
        said.tell(msg!(
            "puzzle-score",
            solved = score.solved,
            attempted = score.attempted,
            hints = score.hints,
            wrong = score.wrong
        ));
        said
    }

    /// The first hint names the piece to move, the next the move itself.
    pub fn hint(&mut self, notation: Notation) -> Said {
        let position = self.current().puzzle.position();
        let Some(mv) = self.current().puzzle.hint() else {
            return msg!("puzzle-solved-already").into();
        };
        let mut said = self.attempt();
        said.add(self.count(|score| score.hints += 1));
        let current = self.current_mut();
        current.hints += 1;
        said.tell(match current.hints {
            1 => msg!(
                "puzzle-hint-piece",
                square = mv.from().to_string(),
                king = if position.kings().contains(mv.from()) {
                    "yes"
                } else {
                    "no"
                }
            ),
            _ => msg!("puzzle-hint-move", mv = notation.write(&position, mv)),
        });
        said
    }

    /// `moves` in the puzzle: the legal moves, until it is solved.
    pub fn moves(&self, notation: Notation) -> Said {
        let position = self.current().puzzle.position();
        let moves = position.legal_moves();
        if self.solved() || moves.is_empty() {
            return msg!("puzzle-solved-already").into();
        }
        let mut texts: Vec<String> = moves
            .iter()
            .map(|&mv| notation.write(&position, mv))
            .collect();
        texts.sort();
        msg!(
            "moves-list",
            side = shashki::words::side(position.side_to_move()),
            count = texts.len(),
            moves = texts.join(", ")
        )
        .into()
    }
}

/// What a line wins, in words: the game, men, a king.
fn gain(won: MaterialWon, points: i32) -> Message {
    let game = won.game || points >= GAME;
    // A king won by crowning a man is worded as a crowning, not as a king taken.
    let king = match (won.kings > 0, won.crowned) {
        (true, true) => "crowned",
        (true, false) => "yes",
        (false, _) => "no",
    };
    msg!(
        "puzzle-gain",
        game = if game { "yes" } else { "no" },
        king = king,
        men = won.pieces.max(0)
    )
}

/// The motifs a combination's `line` from `position` earns, as a line of their own;
/// nothing where none names it.
fn motifs_of(position: &Position, line: &[Move]) -> Said {
    let motifs = combination::motif::named(position, line);
    match motifs.is_empty() {
        true => Said::nothing(),
        false => msg!("puzzle-motifs", motifs = combination::motif::names(&motifs)).into(),
    }
}

#[cfg(test)]
mod tests {
    use crate::app::console::Lang;
    use shashki::msg;
    use shashki::words::Text;

    fn gain(lang: Lang, game: &str, king: &str, men: i32) -> String {
        Text::new(lang).render(&msg!("puzzle-gain", game = game, king = king, men = men))
    }

    #[test]
    fn gains_are_worded_in_both_languages() {
        assert_eq!(gain(Lang::En, "no", "no", 1), "a man");
        assert_eq!(gain(Lang::En, "no", "no", 2), "2 men");
        assert_eq!(gain(Lang::En, "no", "yes", 0), "a king");
        assert_eq!(gain(Lang::En, "yes", "no", 3), "the game");
        assert_eq!(gain(Lang::Ru, "no", "no", 0), "ничего");
        assert_eq!(gain(Lang::Ru, "no", "no", 1), "шашку");
        assert_eq!(gain(Lang::Ru, "no", "no", 3), "3 шашки");
        assert_eq!(gain(Lang::Ru, "no", "no", 5), "5 шашек");
        assert_eq!(gain(Lang::Ru, "no", "yes", 1), "шашку и дамку");
        assert_eq!(gain(Lang::Ru, "yes", "no", 0), "партию");
    }
}
