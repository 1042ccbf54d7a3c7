//! Learned facts: a found combination generalised, named, merged with the ones
//! like it, and written in the knowledge base's language with its proof.

use std::fmt::Write as _;

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::generalise::{Pattern, SAMPLES, Sampled, generalise};
use super::safety::{Safety, safety};
use super::scan::Finding;
use super::{MaterialWon, Proof, Refutation, material_won, prove};
use crate::kb::{
    Counts, Diagnostic, Fact, GameSource, KbEditor, KnowledgeBase, Mask, Origin, Provenance,
    Sources, Symbol, Verdict, fact_text,
};
use crate::notation::Notation;
use crate::words::{Message, Text};
use crate::{Color, Move, MoveText, Position, Square, msg};

/// A combination ready to be written: its pattern (the attacker as White), line, name,
/// proof and the games it came from.
#[derive(Clone, Debug)]
pub struct LearnedFact {
    /// The name players would give it.
    pub name: FactName,
    /// The pattern, with White the attacker.
    pub pattern: Pattern,
    /// The line, as written in the pattern's orientation.
    pub line: Vec<String>,
    /// The position it was proven in, White the attacker (a source game's, turned if
    /// Black had it).
    pub position: Position,
    /// Each game position it comes from.
    pub sources: Vec<Provenance>,
    /// What it wins.
    pub won: MaterialWon,
    /// The proof in its source position.
    pub proof: Proof,
    /// The sampling that widened it.
    pub sampled: Sampled,
}

/// The name of a learned fact, to be worded in the language of the base it goes to:
/// the shape players give the line where it is one they name, else the game it was met
/// in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FactName {
    /// A strike (удар: two or more men taken at once) from a square, crowning a man on
    /// the way when `crowns`.
    Strike {
        /// The square the striking piece starts from.
        from: Square,
        /// Whether the line crowns a man by a capture.
        crowns: bool,
    },
    /// Two strikes, from two squares.
    DoubleStrike {
        /// The square of the first.
        first: Square,
        /// The square of the last.
        last: Square,
        /// Whether the line crowns a man by a capture.
        crowns: bool,
    },
    /// A breakthrough to a king (выход в дамки) on a square, with no strike.
    Crowning {
        /// The square the man is crowned on.
        on: Square,
    },
    /// No shape players name: the game and the move it was met at.
    Game {
        /// The game.
        game: GameSource,
        /// The move number.
        move_number: usize,
    },
}

impl FactName {
    /// The name, to be worded: `Удар с поля b2 с выходом в дамки`.
    pub fn message(&self) -> Message {
        let crowning = |crowns: bool| if crowns { "yes" } else { "no" };
        match self {
            FactName::Strike { from, crowns } => msg!(
                "fact-name-strike",
                from = from.to_string(),
                crowns = crowning(*crowns)
            ),
            FactName::DoubleStrike {
                first,
                last,
                crowns,
            } => msg!(
                "fact-name-double-strike",
                first = first.to_string(),
                last = last.to_string(),
                crowns = crowning(*crowns)
            ),
            FactName::Crowning { on } => msg!("fact-name-crowning", square = on.to_string()),
            FactName::Game { game, move_number } => {
                let (kind, number, seed, file, white, black) = match game {
                    GameSource::SelfPlay { number, seed } => {
                        ("self-play", *number, seed.to_string(), "", "", "")
                    }
                    GameSource::Record {
                        players: Some((white, black)),
                        ..
                    } => (
                        "players",
                        0,
                        String::new(),
                        "",
                        white.as_str(),
                        black.as_str(),
                    ),
                    GameSource::Console { white, black, .. } => (
                        "players",
                        0,
                        String::new(),
                        "",
                        white.as_str(),
                        black.as_str(),
                    ),
                    GameSource::Record { file, number, .. } => {
                        ("record", *number, String::new(), file.as_str(), "", "")
                    }
                    GameSource::Other(place) => ("other", 0, String::new(), place.as_str(), "", ""),
                };
                msg!(
                    "fact-name-game",
                    game = kind,
                    number = number,
                    seed = seed,
                    file = file,
                    white = white,
                    black = black,
                    move_number = *move_number
                )
            }
        }
    }
}

impl LearnedFact {
    /// Learns `finding` (met in the game `source` names): the combination turned so
    /// that White attacks, proven again, generalised with `seed`. `None` if any step
    /// fails: a combination whose proof fails is not learned.
    pub fn from_finding(finding: &Finding, source: &GameSource, seed: u64) -> Option<LearnedFact> {
        let turned = finding.attacker() == Color::Black;
        let position = if turned {
            finding.position.mirrored()
        } else {
            finding.position
        };
        let line: Vec<Move> = finding
            .combination
            .line
            .iter()
            .map(|&mv| if turned { mv.flipped() } else { mv })
            .collect();
        let proof = prove(&position, &line).ok()?;
        let generalised = generalise(&position, &line, seed)?;
        let won = material_won(&position, &line);
        let verdict = match finding.played {
            None => Verdict::Unplayed,
            Some(_) if finding.found() => Verdict::Found,
            Some(_) => Verdict::Missed,
        };
        let met = Provenance {
            origin: Origin::Learned,
            game: source.clone(),
            move_number: Some(finding.move_number),
            played: finding
                .played
                .map(|mv| MoveText::from_move(&finding.position, mv).to_string()),
            verdict: Some(verdict),
            punished: None,
        };
        let name = shape_name(&line).unwrap_or_else(|| FactName::Game {
            game: source.clone(),
            move_number: finding.move_number,
        });
        Some(LearnedFact {
            name,
            pattern: generalised.pattern,
            line: Notation::Full.texts(&position, &line),
            position,
            sources: vec![met],
            won,
            proof,
            sampled: generalised.sampled,
        })
    }

    /// Whether the fact names one position (no square could be freed).
    pub fn is_exact(&self) -> bool {
        self.pattern.is_exact()
    }
}

/// The name players give the shape of `line`, where it is one they name: a strike
/// (удар: two or more men taken at once) from its square, perhaps two of them, or a
/// breakthrough to a king (выход в дамки).
fn shape_name(line: &[Move]) -> Option<FactName> {
    let ours: Vec<Move> = line.iter().step_by(2).copied().collect();
    let strikes: Vec<&Move> = ours
        .iter()
        .filter(|mv| mv.captured().count() >= 2)
        .collect();
    let crowning = ours.iter().find(|mv| mv.promotes());
    let crowns = crowning.is_some_and(|crowning| crowning.is_capture());
    match (strikes.as_slice(), crowning) {
        ([first, .., last], _) if first.from() != last.from() => Some(FactName::DoubleStrike {
            first: first.from(),
            last: last.from(),
            crowns,
        }),
        ([first, ..], _) => Some(FactName::Strike {
            from: first.from(),
            crowns,
        }),
        ([], Some(crowning)) => Some(FactName::Crowning { on: crowning.to() }),
        ([], None) => None,
    }
}

/// Whether `wide` matches every position `narrow` matches (for an exact `narrow`, its
/// one position, whatever counts it was written with).
pub fn admits(wide: &Pattern, narrow: &Pattern) -> bool {
    if let Some(position) = narrow.position() {
        return Mask::from_cells(&wide.cells).matches(&position)
            && wide.counts.admit(&Counts::of(&position));
    }
    let square_admits = |wide: Symbol, narrow: Symbol| {
        wide == narrow
            || wide == Symbol::Any
            || (wide == Symbol::AnyWhite && matches!(narrow, Symbol::WhiteMan | Symbol::WhiteKing))
            || (wide == Symbol::AnyBlack && matches!(narrow, Symbol::BlackMan | Symbol::BlackKing))
    };
    let counts_admit = wide
        .counts
        .0
        .iter()
        .flatten()
        .zip(narrow.counts.0.iter().flatten())
        .all(|(&(wide_min, wide_max), &(narrow_min, narrow_max))| {
            wide_min <= narrow_min && narrow_max <= wide_max
        });
    counts_admit
        && wide
            .cells
            .iter()
            .zip(&narrow.cells)
            .all(|(&w, &n)| square_admits(w, n))
}

/// Merges identical and subsumed facts (same line, one pattern admitting the other's
/// positions): the wider keeps the sources of both. The order of first appearance stays.
pub fn merge(facts: Vec<LearnedFact>) -> Vec<LearnedFact> {
    let mut kept: Vec<LearnedFact> = Vec::new();
    for fact in facts {
        if let Some(wider) = kept
            .iter_mut()
            .find(|k| k.line == fact.line && admits(&k.pattern, &fact.pattern))
        {
            wider.sources.extend(fact.sources);
            continue;
        }
        let (narrower, rest): (Vec<LearnedFact>, Vec<LearnedFact>) = kept
            .into_iter()
            .partition(|k| k.line == fact.line && admits(&fact.pattern, &k.pattern));
        kept = rest;
        let mut fact = fact;
        for narrow in narrower {
            fact.sources.extend(narrow.sources);
        }
        kept.push(fact);
    }
    kept
}

/// The facts of `facts` that the file of learned facts at `path` does not know yet (none
/// of its facts has the same line and a pattern that admits theirs); all of them when
/// the file does not exist. The file's problems when it does not load.
pub fn unknown_facts(
    path: &Path,
    facts: Vec<LearnedFact>,
) -> Result<Vec<LearnedFact>, Vec<Diagnostic>> {
    if !path.exists() {
        return Ok(facts);
    }
    let (base, problems) = KnowledgeBase::load(&Sources::alone(path))?;
    // A file with a broken fact is not written into, lest the fact be lost.
    if problems.iter().any(Diagnostic::is_error) {
        return Err(problems);
    }
    let known: Vec<(Pattern, Vec<String>)> = base
        .facts()
        .iter()
        .map(|fact| {
            let line = fact.alternatives.first().map_or_else(Vec::new, |line| {
                line.iter().map(ToString::to_string).collect()
            });
            (Pattern::of_fact(fact), line)
        })
        .collect();
    Ok(facts
        .into_iter()
        .filter(|fact| {
            !known
                .iter()
                .any(|(pattern, line)| *line == fact.line && admits(pattern, &fact.pattern))
        })
        .collect())
}

/// Adds `facts` to the end of the file of learned facts at `path` (made, with its
/// directory, if missing), named in the words of `names`, through the knowledge base's
/// one editor: in one atomic step, only if the whole file then loads, its byte-order
/// mark, line ending and every other byte kept.
pub fn append(path: &Path, facts: &[LearnedFact], names: &Text) -> Result<(), Vec<Diagnostic>> {
    let mut editor = KbEditor::open(path, "")?;
    editor.append(&file_text(facts, names));
    editor.save().map(|_| ())
}

/// The text of learned facts for the knowledge base: a header, then each fact with
/// its provenance lines, comments on what it wins, its proof and its sampling, and
/// the fact, named in the words of `names`.
pub fn file_text(facts: &[LearnedFact], names: &Text) -> String {
    let mut text = String::from(
        "% Combinations learned by `shashki kb learn`: each proven against every defence\n\
         % to the end of the captures, then widened to a pattern only where random\n\
         % positions of the pattern all proved it. `shashki kb check --prove FILE`\n\
         % proves them again.\n",
    );
    for fact in facts {
        text.push('\n');
        for source in &fact.sources {
            let _ = writeln!(text, "{}", source.line());
        }
        let _ = writeln!(
            text,
            "% wins {}; proof in {}: {} nodes, {} plies deep",
            fact.won,
            fact.position.to_fen(),
            fact.proof.tree.size,
            fact.proof.tree.depth,
        );
        let _ = writeln!(
            text,
            "% pattern: {} random positions ({} distinct), all proven",
            SAMPLES, fact.sampled.distinct,
        );
        text.push_str(&fact_text(
            &names.render(&fact.name.message()),
            Color::White,
            &fact.pattern.cells,
            &fact.pattern.counts,
            std::slice::from_ref(&fact.line),
        ));
    }
    text
}

/// Why a learned fact is not proven again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unproven {
    /// The fact has no line to prove.
    NoLine,
    /// No position drawn from the pattern lets the first move be played (a position
    /// that fits the pattern exists: loading the fact decided that exactly).
    NoSample {
        /// How many positions were drawn.
        draws: usize,
        /// The first move as the fact writes it.
        mv: String,
    },
    /// A move alone loses material to the opponent's reply.
    Loses {
        /// The position.
        fen: String,
        /// The move as the fact writes it.
        mv: String,
        /// What it loses.
        lost: MaterialWon,
        /// The opponent's line that wins it, written out.
        reply: String,
    },
    /// A defence refutes the line in a position of the pattern.
    Refuted {
        /// The position.
        fen: String,
        /// How.
        refutation: Refutation,
    },
}

impl Unproven {
    /// Why, to be worded.
    pub fn message(&self) -> crate::words::Message {
        use crate::msg;
        match self {
            Unproven::NoLine => msg!("unproven-no-line"),
            Unproven::NoSample { draws, mv } => {
                msg!("unproven-no-sample", draws = *draws, mv = mv.as_str())
            }
            Unproven::Loses {
                fen,
                mv,
                lost,
                reply,
            } => msg!(
                "unproven-loses",
                fen = fen.as_str(),
                mv = mv.as_str(),
                lost = lost.message(),
                reply = reply.as_str()
            ),
            Unproven::Refuted { fen, refutation } => msg!(
                "unproven-refuted",
                fen = fen.as_str(),
                refutation = refutation.message()
            ),
        }
    }
}

impl std::fmt::Display for Unproven {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for Unproven {}

/// What `kb check --prove` found a fact to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proven {
    /// Each line is a combination proven in every position drawn.
    Lines,
    /// Each one-move alternative passes the safety check in every position drawn.
    Safe,
    /// Lines proven, and the one-move alternatives safe.
    Both,
}

/// Draws of a pattern's positions for one fact, at most, when its first moves are not
/// legal in most of them.
const DRAWS: usize = 10 * SAMPLES;

/// Proves a fact again, by its kind: each line of several moves gets the combination
/// proof, each move alone the safety check of a fact's move. An exact fact is proven in
/// its position; a pattern on up to [`SAMPLES`] random positions that match it (drawn
/// with `seed`) where the alternative's first move is legal.
pub fn prove_fact(fact: &Fact, seed: u64) -> Result<Proven, Unproven> {
    if fact.alternatives.is_empty() {
        return Err(Unproven::NoLine);
    }
    let pattern = Pattern::of_fact(fact);
    let wanted = if pattern.is_exact() { 1 } else { SAMPLES };
    let (mut lines, mut moves) = (false, false);
    for (alternative, texts) in fact.alternatives.iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(seed ^ alternative as u64);
        let mut proven = 0;
        for _ in 0..DRAWS {
            if proven == wanted {
                break;
            }
            let Some(position) = pattern.sample(Color::White, &mut rng) else {
                break;
            };
            // Only where the first move is legal: elsewhere the fact does not play.
            let Ok(first) = texts[0].resolve(&position) else {
                continue;
            };
            if texts.len() == 1 {
                if let Safety::Loses(loss) = safety(&position, first, fact.gives) {
                    let after = position.play_unchecked(first);
                    return Err(Unproven::Loses {
                        fen: position.to_fen(),
                        mv: texts[0].to_string(),
                        lost: loss.won,
                        reply: Notation::Full.line(&after, &loss.line),
                    });
                }
                moves = true;
            } else {
                let line = resolve_line(&position, texts);
                prove(&position, &line).map_err(|refutation| Unproven::Refuted {
                    fen: position.to_fen(),
                    refutation,
                })?;
                lines = true;
            }
            proven += 1;
        }
        if proven == 0 {
            return Err(Unproven::NoSample {
                draws: DRAWS,
                mv: texts[0].to_string(),
            });
        }
    }
    Ok(match (lines, moves) {
        (true, true) => Proven::Both,
        (true, false) => Proven::Lines,
        (false, _) => Proven::Safe,
    })
}

/// The moves of a line from `position`, up to a reply the line expects that is not
/// legal there: the proof then meets every other defence, and the line ends.
fn resolve_line(position: &Position, texts: &[MoveText]) -> Vec<Move> {
    let mut at = *position;
    let mut line = Vec::with_capacity(texts.len());
    for text in texts {
        let Ok(mv) = text.resolve(&at) else {
            break;
        };
        line.push(mv);
        at = at.play_unchecked(mv);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combination::find;
    use crate::testing::line;
    use crate::words::Lang;

    fn source(name: &str) -> GameSource {
        GameSource::Record {
            file: format!("{name}.pdn"),
            number: 1,
            players: None,
            event: None,
            date: None,
        }
    }

    /// The words fact names are written in here.
    fn russian() -> Text {
        Text::new(Lang::Ru)
    }

    /// The two-for-one shot of `combos.jsonl`, found in a game where the player missed it.
    fn finding() -> Finding {
        let (position, _) = line("W:Wa1,b2,c3,g3,h2:Ba5,e5,g7,b8,d8", &[]);
        let combination = find(&position).unwrap();
        let (_, played) = line("W:Wa1,b2,c3,g3,h2:Ba5,e5,g7,b8,d8", &["g3-h4"]);
        Finding {
            position,
            ply: 0,
            move_number: 1,
            combination,
            played: Some(played[0]),
            deep_choice: None,
        }
    }

    #[test]
    fn a_combination_is_learned_named_and_sourced() {
        let fact = LearnedFact::from_finding(&finding(), &source("a"), 1).unwrap();
        let name = russian().render(&fact.name.message());
        assert_eq!(name, "Удар с поля b2 с выходом в дамки");
        let english = Text::new(Lang::En).render(&fact.name.message());
        assert_eq!(english, "Strike from b2 with a breakthrough to a king");
        assert_eq!(fact.line, ["c3-b4", "a5:c3", "b2:d4:f6:h8"]);
        let line = "% origin: learned; source=record; file=a.pdn; game=1; move=1; \
                    played=g3-h4; verdict=missed";
        assert_eq!(
            fact.sources
                .iter()
                .map(Provenance::line)
                .collect::<Vec<_>>(),
            [line]
        );
        assert_eq!(fact.won.to_string(), "2 men and a king");
        let text = file_text(std::slice::from_ref(&fact), &russian());
        assert!(text.contains(&format!("{line}\n")), "{text}");
        assert!(!text.contains("player"), "{text}");
        let (base, warnings) = KnowledgeBase::parse(&text, "learned.txt").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(base.len(), 1);
        assert_eq!(base.facts()[0].info.name, name);
        assert_eq!(base.facts()[0].info.learned_from, fact.sources);
        assert!(prove_fact(&base.facts()[0], 5).is_ok());
    }

    #[test]
    fn a_combination_whose_proof_fails_is_not_learned() {
        let mut doctored = finding();
        // The reply the line expects, then a capture that is not legal after it.
        doctored.combination.line.truncate(2);
        let (_, trade) = line("W:Wa1,b2,c3,g3,h2:Ba5,e5,g7,b8,d8", &["c3-d4"]);
        doctored.combination.line = trade;
        assert!(LearnedFact::from_finding(&doctored, &source("a"), 1).is_none());
    }

    #[test]
    fn appended_facts_keep_the_file_s_byte_order_mark_and_crlf_endings() {
        let (_dir, path) = crate::testing::scratch_file("learned", "learned.txt");
        std::fs::write(&path, "\u{FEFF}% mine\r\n").unwrap();
        let fact = LearnedFact::from_finding(&finding(), &source("a"), 1).unwrap();
        append(&path, &[fact], &russian()).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(b"\xEF\xBB\xBF% mine\r\n\r\n% Combinations learned"));
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(text.matches('\n').count(), text.matches("\r\n").count());
        let (base, _) = KnowledgeBase::load(&Sources::alone(&path)).unwrap();
        assert_eq!(base.len(), 1);
    }

    #[test]
    fn the_same_combination_twice_is_one_fact_with_both_sources() {
        let first = LearnedFact::from_finding(&finding(), &source("a"), 1).unwrap();
        let second = LearnedFact::from_finding(&finding(), &source("b"), 1).unwrap();
        let merged = merge(vec![first.clone(), second]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].sources.len(), 2);
        // A narrower pattern is subsumed by a wider one with the same line.
        let mut exact = first.clone();
        exact.pattern = Pattern::exact(&first.position);
        assert!(admits(&first.pattern, &exact.pattern));
        assert_eq!(merge(vec![exact, first]).len(), 1);
    }
}
