//! Playing a match: pairs of games (one opening, both colours) on several workers at
//! once, each worker with engines of its own; each pair's lines as it ends, the tally,
//! the pairs for the sequential test, and the time each side really took a move.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::app::english;
use shashki::msg;
use shashki::notation::Notation;
use shashki::play::openings::Opening;
use shashki::play::sprt::{Pentanomial, Sprt, Verdict, elo_of_score};
use shashki::play::{GameEnd, MAX_PLIES, Played, Player, PlayerError, play_game};
use shashki::tablebase::Tablebase;
use shashki::{Color, Game, Move};

/// One side of the match: its player, and how the match's heading describes it.
pub struct Side {
    pub player: Box<dyn Player>,
    pub description: String,
}

/// How the time a side spent on its moves adds up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Times {
    moves: u64,
    total: Duration,
    longest: Duration,
}

impl Times {
    fn add(&mut self, spent: Duration) {
        self.moves += 1;
        self.total += spent;
        self.longest = self.longest.max(spent);
    }

    fn merge(&mut self, other: Times) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }

    /// `10.2 ms a move on average, 14.1 ms at most`.
    fn text(&self) -> String {
        let average = self.total.as_secs_f64() * 1e3 / self.moves.max(1) as f64;
        let longest = self.longest.as_secs_f64() * 1e3;
        english(&msg!(
            "report-match-times",
            average = format!("{average:.1}"),
            longest = format!("{longest:.1}")
        ))
    }
}

/// A player whose moves are timed from the question to the answer.
struct Timed<'a> {
    player: &'a mut dyn Player,
    times: Times,
}

impl Player for Timed<'_> {
    fn name(&self) -> &str {
        self.player.name()
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.player.new_game()
    }

    fn choose(&mut self, game: &Game) -> Result<Option<Move>, PlayerError> {
        let asked = Instant::now();
        let answer = self.player.choose(game);
        self.times.add(asked.elapsed());
        answer
    }
}

/// Wins, draws and losses from engine A's view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score as a fraction of the points.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// A's Elo advantage and its 95 % error margin, from the score and its standard deviation.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.score();
        let variance = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let deviation = (variance / n).sqrt();
        let low = elo_of_score(p - 1.96 * deviation);
        let high = elo_of_score(p + 1.96 * deviation);
        (elo_of_score(p), (high - low) / 2.0)
    }
}

/// What a match is to play.
pub struct Plan<'a> {
    pub openings: &'a [Opening],
    /// The index of the first game (from 0) and how many pairs.
    pub first: usize,
    pub pairs: usize,
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    pub verbose: bool,
    /// The referee's tables: a king against king that neither side can win is agreed drawn.
    pub referee: &'a Tablebase,
}

/// One game as it ended, for its line.
struct Report {
    index: usize,
    a_is_white: bool,
    end: GameEnd,
    game: Game,
    a_times: Times,
    b_times: Times,
}

/// What the match came to.
pub struct Outcome {
    pub tally: Tally,
    pub pairs: Pentanomial,
    /// Games drawn at the ply cap.
    pub adjudicated: u32,
    pub a_times: Times,
    pub b_times: Times,
    /// The test's last ratio and what it decided, when there is a test.
    pub judged: Option<(f64, Verdict)>,
}

/// Plays `plan`: each worker makes its two sides with `sides` and plays whole pairs;
/// each pair's lines go to `out` as it ends, and the test (if any) stops the match as
/// soon as it decides.
pub fn play(
    plan: &Plan,
    sides: &(dyn Fn() -> Result<(Side, Side), String> + Sync),
    out: &mut dyn Write,
) -> Result<Outcome, Box<dyn std::error::Error>> {
    let next = AtomicUsize::new(0);
    let enough = AtomicBool::new(false);
    let (sender, pairs) = mpsc::channel::<Result<[Report; 2], String>>();
    let mut outcome = Outcome {
        tally: Tally::default(),
        pairs: Pentanomial::default(),
        adjudicated: 0,
        a_times: Times::default(),
        b_times: Times::default(),
        judged: None,
    };
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..plan.concurrency.max(1) {
            let sender = sender.clone();
            let (next, enough) = (&next, &enough);
            scope.spawn(move || {
                let (mut a, mut b) = match sides() {
                    Ok(sides) => sides,
                    Err(error) => return drop(sender.send(Err(error))),
                };
                loop {
                    let pair = next.fetch_add(1, Ordering::SeqCst);
                    if pair >= plan.pairs || enough.load(Ordering::SeqCst) {
                        return;
                    }
                    let played = [0, 1]
                        .map(|game| play_one(plan, plan.first + 2 * pair + game, &mut a, &mut b));
                    let played = match played {
                        [Ok(first), Ok(second)] => Ok([first, second]),
                        [Err(error), _] | [_, Err(error)] => Err(error),
                    };
                    if sender.send(played).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for pair in pairs.iter() {
            if enough.load(Ordering::SeqCst) {
                continue;
            }
            let result = pair.and_then(|pair| {
                tell(plan, &pair, &mut outcome, out).map_err(|error| error.to_string())
            });
            if let Err(error) = result {
                failure = Some(error);
                enough.store(true, Ordering::SeqCst);
                continue;
            }
            if let Some(test) = &plan.sprt {
                let judged = test.judge(&outcome.pairs);
                outcome.judged = Some(judged);
                if judged.1 != Verdict::Continue {
                    enough.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    match failure {
        Some(error) => Err(error.into()),
        None => Ok(outcome),
    }
}

/// Plays game `index` of the match between `a` and `b`.
fn play_one(plan: &Plan, index: usize, a: &mut Side, b: &mut Side) -> Result<Report, String> {
    let opening = &plan.openings[(index / 2) % plan.openings.len()];
    let a_is_white = index.is_multiple_of(2);
    let mut a_timed = Timed {
        player: &mut *a.player,
        times: Times::default(),
    };
    let mut b_timed = Timed {
        player: &mut *b.player,
        times: Times::default(),
    };
    let start = opening.game.clone();
    let played = match a_is_white {
        true => play_game(start, &mut a_timed, &mut b_timed, plan.referee),
        false => play_game(start, &mut b_timed, &mut a_timed, plan.referee),
    };
    let Played { end, game } = played.map_err(|error| error.to_string())?;
    Ok(Report {
        index,
        a_is_white,
        end,
        game,
        a_times: a_timed.times,
        b_times: b_timed.times,
    })
}

/// Counts a pair's games and writes their lines.
fn tell(
    plan: &Plan,
    pair: &[Report; 2],
    outcome: &mut Outcome,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut points = [0.0; 2];
    for (report, points) in pair.iter().zip(&mut points) {
        let opening = &plan.openings[(report.index / 2) % plan.openings.len()];
        let a_color = if report.a_is_white {
            Color::White
        } else {
            Color::Black
        };
        let verdict = match report.end.winner() {
            Some(winner) if winner == a_color => {
                outcome.tally.wins += 1;
                *points = 1.0;
                english(&msg!("report-match-a-wins", end = end_text(report.end)))
            }
            Some(_) => {
                outcome.tally.losses += 1;
                english(&msg!("report-match-b-wins", end = end_text(report.end)))
            }
            None => {
                outcome.tally.draws += 1;
                *points = 0.5;
                if report.end == GameEnd::PlyCap {
                    outcome.adjudicated += 1;
                }
                // A draw's own text already starts with "draw".
                end_text(report.end)
            }
        };
        outcome.a_times.merge(report.a_times);
        outcome.b_times.merge(report.b_times);
        let line = msg!(
            "report-match-game",
            number = format!("{:>3}", report.index + 1),
            opening = opening.name.as_str(),
            moves = opening.text.as_str(),
            color = if report.a_is_white { "white" } else { "black" },
            verdict = verdict,
            plies = report.game.moves().len()
        );
        writeln!(out, "{}", english(&line))?;
        if plan.verbose {
            let moves = report.game.moves();
            writeln!(
                out,
                "  {}",
                Notation::Full.line(report.game.start(), &moves)
            )?;
        }
    }
    outcome.pairs.add(points[0], points[1]);
    out.flush()
}

/// How a game ended, as a game line of the match says it.
pub fn end_text(end: GameEnd) -> String {
    match end {
        GameEnd::Rules(outcome) => outcome.to_string(),
        GameEnd::KingAgainstKing => english(&msg!("report-match-king-against-king")),
        GameEnd::PlyCap => english(&msg!("report-match-ply-cap", plies = MAX_PLIES)),
    }
}

impl Outcome {
    /// The last lines: the tally with its Elo, the time each side took a move, and the
    /// test's ratio and verdict.
    pub fn summary(&self, sprt: Option<&Sprt>) -> Vec<String> {
        let tally = &self.tally;
        let (elo, margin) = tally.elo();
        let elo_text = format!("{elo:+.0}");
        let estimate = if tally.wins == tally.games() || tally.losses == tally.games() {
            // A clean sweep has no spread to measure: only a bound can be given.
            msg!("report-match-sweep", elo = elo_text)
        } else {
            msg!(
                "report-match-elo",
                elo = elo_text,
                margin = format!("{margin:.0}")
            )
        };
        let time = msg!(
            "report-match-time",
            a = self.a_times.text(),
            b = self.b_times.text()
        );
        let tally_line = msg!(
            "report-match-tally",
            wins = tally.wins,
            draws = tally.draws,
            losses = tally.losses,
            games = tally.games(),
            adjudicated = self.adjudicated,
            plies = MAX_PLIES,
            score = format!("{:.1}", 100.0 * tally.score()),
            estimate = estimate
        );
        let mut lines = vec![english(&time), english(&tally_line)];
        if let (Some(test), Some((llr, verdict))) = (sprt, self.judged) {
            let (lower, upper) = test.bounds();
            let decided = match verdict {
                Verdict::Accepted => msg!("report-match-h1", elo = test.elo0.to_string()),
                Verdict::Rejected => msg!("report-match-h0", elo = test.elo1.to_string()),
                Verdict::Continue => msg!("report-match-undecided"),
            };
            let sprt = msg!(
                "report-match-sprt",
                elo0 = test.elo0.to_string(),
                elo1 = test.elo1.to_string(),
                alpha = test.alpha.to_string(),
                beta = test.beta.to_string(),
                llr = format!("{llr:.2}"),
                lower = format!("{lower:.2}"),
                upper = format!("{upper:.2}"),
                pairs = self.pairs.pairs(),
                counts = self.pairs.to_string(),
                decided = decided
            );
            lines.push(english(&sprt));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::Outcome as GameOutcome;

    #[test]
    fn a_game_cut_off_at_the_ply_cap_says_so() {
        assert_eq!(end_text(GameEnd::PlyCap), "draw (adjudicated: 400-ply cap)");
    }

    #[test]
    fn every_game_end_names_its_rule() {
        let repetition = GameEnd::Rules(GameOutcome::Draw(shashki::DrawReason::Repetition));
        let repetition = end_text(repetition);
        assert!(repetition.contains("third time"), "{repetition}");
        assert!(end_text(GameEnd::KingAgainstKing).contains("king against king"));
        assert!(!end_text(GameEnd::PlyCap).contains("agreement"));
    }

    #[test]
    fn an_even_score_is_zero_elo() {
        let tally = Tally {
            wins: 5,
            draws: 10,
            losses: 5,
        };
        let (elo, margin) = tally.elo();
        assert!(elo.abs() < 1e-9);
        assert!(margin > 50.0 && margin < 200.0, "{margin}");
    }

    #[test]
    fn three_quarters_of_the_points_is_about_191_elo() {
        let tally = Tally {
            wins: 15,
            draws: 0,
            losses: 5,
        };
        assert!((tally.elo().0 - 190.8).abs() < 0.5);
    }

    #[test]
    fn times_add_up_to_an_average_and_a_longest() {
        let mut times = Times::default();
        times.add(Duration::from_millis(10));
        times.add(Duration::from_millis(14));
        let mut more = Times::default();
        more.add(Duration::from_millis(12));
        times.merge(more);
        assert_eq!(times.text(), "12.0 ms a move on average, 14.0 ms at most");
    }
}
