//! Motifs: what kind of blow a combination is, as players of Russian draughts learn them
//! (the blow with two men given up, the Turkish strike, the breakthrough to a king, the
//! king caught), named by rules over the combination's line.
//!
//! A motif is a rule whose head is a name, in `kb/motifs.txt` (built in): `motif "RU"
//! "EN"`, the `source` it was taken from, and `name :- CONDITIONS`, the conditions
//! about the line ([`LineFacts`]) in the knowledge base's own grammar of conditions:
//!
//! ```text
//! motif "Удар с отдачей двух шашек" "Blow giving up two men"
//!   source "https://..."
//!   name :- gives(2), strike(2)
//! ```
//!
//! Every motif whose conditions hold names the line, in the file's order.

use std::sync::OnceLock;

use crate::kb::ast::TermSyntax;
use crate::kb::parse_goals;
use crate::words::{Lang, Message};
use crate::{Color, Move, MoveText, Position, Role, msg};

/// What a combination's line does, as the motifs' conditions ask it. The attacker is
/// the side to move where the line starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineFacts {
    /// The attacker's men the defender takes before the attacker's first capture: the
    /// men given up to set the blow up.
    pub given_up: u32,
    /// The most pieces one capture of the attacker takes.
    pub strike: u32,
    /// How many captures of the attacker the line has.
    pub strikes: u32,
    /// An attacker's man is crowned on the line.
    pub crowns: bool,
    /// An attacker's man is crowned in the middle of a capture and takes on as a king.
    pub crowns_in_capture: bool,
    /// An attacker's man is crowned by a quiet move: a breakthrough to the king row.
    pub breakthrough: bool,
    /// The attacker's pieces the defender takes on the whole line.
    pub lost: u32,
    /// The defender's pieces the attacker takes on the whole line.
    pub taken: u32,
    /// A capture on the line stops where the pieces it jumped, still on the board until
    /// it ends, stand in its way: with them gone the piece could take on.
    pub turkish: bool,
    /// The line takes a king of the defender.
    pub king_caught: bool,
    /// A capture of the defender, forced, lands on a square from which the attacker's
    /// next capture takes the piece.
    pub lured: bool,
    /// The attacker's captures by the pieces each takes: `strikes_taking[n]` of them
    /// take `n` (the last counts `n` and more).
    pub strikes_taking: [u32; 8],
    /// A quiet move of the attacker made while the defender has a capture, which it then
    /// makes: a free tempo (роздых).
    pub free_tempo: bool,
    /// A man of the defender is crowned on the line: let through to the king row.
    pub let_through: bool,
    /// Where the line ends the defender is to move, has pieces, and cannot move.
    pub blocked: bool,
}

impl LineFacts {
    /// The facts of `line` from `position`, as far as its moves are legal.
    pub fn of(position: &Position, line: &[Move]) -> LineFacts {
        let attacker = position.side_to_move();
        let mut facts = LineFacts::default();
        let mut at = *position;
        let mut lure: Option<crate::Square> = None;
        for &mv in line {
            if !at.legal_moves().contains(&mv) {
                break;
            }
            let mover = at.side_to_move();
            let piece = at.piece_at(mv.from());
            let taken = mv.captured().count();
            let after = at.play_unchecked(mv);
            let crowned = piece.is_some_and(|piece| piece.role == Role::Man)
                && after.kings().contains(mv.to());
            if mover == attacker {
                let defender_must_take = after.has_capture();
                if !mv.is_capture() && defender_must_take && takes_before(&at) {
                    facts.free_tempo = true;
                }
                if mv.is_capture() {
                    let size = (taken as usize).min(facts.strikes_taking.len() - 1);
                    facts.strikes_taking[size] += 1;
                    facts.strikes += 1;
                    facts.strike = facts.strike.max(taken);
                    facts.taken += taken;
                    facts.lured |= lure.is_some_and(|square| mv.captured().contains(square));
                    let kings_taken = (mv.captured() & at.kings()).count();
                    facts.king_caught |= kings_taken > 0;
                    if crowned && crowned_before_the_end(&at, mv) {
                        facts.crowns_in_capture = true;
                    }
                } else {
                    facts.breakthrough |= crowned;
                }
                facts.crowns |= crowned;
                lure = None;
            } else {
                facts.let_through |= crowned;
                if mv.is_capture() {
                    facts.lost += taken;
                    if facts.strikes == 0 {
                        facts.given_up += taken;
                    }
                    lure = Some(mv.to());
                } else {
                    lure = None;
                }
            }
            facts.turkish |= mv.is_capture() && stopped_by_the_turkish_rule(&after, mv, mover);
            at = after;
        }
        facts.blocked = at.side_to_move() != attacker
            && at.occupied() != at.pieces(attacker)
            && at.legal_moves().is_empty();
        facts
    }

    /// How many of the attacker's captures take `pieces` or more each.
    pub fn strikes_of(&self, pieces: u32) -> u32 {
        let from = (pieces as usize).min(self.strikes_taking.len() - 1);
        self.strikes_taking[from..].iter().sum()
    }
}

/// Whether the defender, not to move in `before`, could already take there: a quiet
/// move of the attacker then leaves it a capture it had, and spends a tempo.
fn takes_before(before: &Position) -> bool {
    before
        .with_side_to_move(before.side_to_move().opposite())
        .has_capture()
}

/// Whether the man's capture `mv` in `before` reaches the king row before its last
/// square, and goes on from there as a king.
fn crowned_before_the_end(before: &Position, mv: Move) -> bool {
    let squares = MoveText::from_move(before, mv).squares().to_vec();
    let row = match before.side_to_move() {
        Color::White => 7,
        Color::Black => 0,
    };
    squares[1..squares.len() - 1]
        .iter()
        .any(|square| square.rank() == row)
}

/// Whether the piece that made the capture `mv` (by `mover`), now on its last square in
/// `after`, could take again there: the capture stopped only because the pieces it had
/// jumped stayed on the board until it ended (the Turkish rule).
fn stopped_by_the_turkish_rule(after: &Position, mv: Move, mover: Color) -> bool {
    after
        .with_side_to_move(mover)
        .legal_moves()
        .iter()
        .any(|next| next.is_capture() && next.from() == mv.to())
}

/// A motif: its names, where it was taken from, and its conditions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Motif {
    /// Its Russian name.
    pub russian: String,
    /// Its English name.
    pub english: String,
    /// Where it was taken from: a web page's address, or a book.
    pub source: String,
    /// Its conditions, each a way the line may earn the name.
    clauses: Vec<Vec<Condition>>,
}

/// A condition about the line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Condition {
    Gives(u32),
    GivesAtLeast(u32),
    Strike(u32),
    Strikes(u32),
    Crowns,
    CrownsInCapture,
    Breakthrough,
    For(u32, u32),
    Turkish,
    KingCaught,
    Lured,
    StrikesOf(u32, u32),
    FreeTempo,
    LetThrough,
    Blocked,
    Not(Box<Condition>),
}

impl Condition {
    fn holds(&self, facts: &LineFacts) -> bool {
        match self {
            Condition::Gives(men) => facts.given_up == *men,
            Condition::GivesAtLeast(men) => facts.given_up >= *men,
            Condition::Strike(pieces) => facts.strike >= *pieces,
            Condition::Strikes(count) => facts.strikes >= *count,
            Condition::Crowns => facts.crowns,
            Condition::CrownsInCapture => facts.crowns_in_capture,
            Condition::Breakthrough => facts.breakthrough,
            Condition::For(lost, taken) => facts.lost == *lost && facts.taken == *taken,
            Condition::Turkish => facts.turkish,
            Condition::KingCaught => facts.king_caught,
            Condition::Lured => facts.lured,
            Condition::StrikesOf(count, pieces) => facts.strikes_of(*pieces) >= *count,
            Condition::FreeTempo => facts.free_tempo,
            Condition::LetThrough => facts.let_through,
            Condition::Blocked => facts.blocked,
            Condition::Not(condition) => !condition.holds(facts),
        }
    }
}

/// The conditions a motif may state, with their arguments.
pub const CONDITIONS: [(&str, usize); 15] = [
    ("gives", 1),
    ("gives_at_least", 1),
    ("strike", 1),
    ("strikes", 1),
    ("crowns", 0),
    ("crowns_in_capture", 0),
    ("breakthrough", 0),
    ("for", 2),
    ("turkish", 0),
    ("king_caught", 0),
    ("lured", 0),
    ("strikes_of", 2),
    ("free_tempo", 0),
    ("let_through", 0),
    ("blocked", 0),
];

impl Motif {
    /// Whether the line with `facts` earns the name.
    pub fn names(&self, facts: &LineFacts) -> bool {
        self.clauses
            .iter()
            .any(|clause| clause.iter().all(|condition| condition.holds(facts)))
    }
}

/// Why a motifs file does not read: the line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MotifError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong, in English.
    pub reason: String,
}

/// The motifs of a file's text: `motif "RU" "EN"`, then `source "..."` and one or more
/// `name :- CONDITIONS` lines; `%` starts a comment.
pub fn read(text: &str) -> Result<Vec<Motif>, MotifError> {
    let mut motifs: Vec<Motif> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let fail = |reason: String| MotifError { line, reason };
        let text = raw.split('%').next().unwrap_or_default().trim();
        if text.is_empty() {
            continue;
        }
        if let Some(rest) = text.strip_prefix("motif ") {
            let names = quoted(rest);
            let [russian, english] = names.as_slice() else {
                return Err(fail(
                    "a motif has a Russian and an English name in quotes".into(),
                ));
            };
            motifs.push(Motif {
                russian: russian.clone(),
                english: english.clone(),
                source: String::new(),
                clauses: Vec::new(),
            });
            continue;
        }
        let Some(motif) = motifs.last_mut() else {
            return Err(fail("a motif starts with `motif \"RU\" \"EN\"`".into()));
        };
        if let Some(rest) = text.strip_prefix("source ") {
            let source = quoted(rest);
            motif.source = source
                .first()
                .cloned()
                .ok_or_else(|| fail("a source in quotes".into()))?;
        } else if let Some(rest) = text.strip_prefix("name :-") {
            let goals = parse_goals(rest).map_err(&fail)?;
            let clause = goals
                .iter()
                .map(condition)
                .collect::<Result<Vec<_>, _>>()
                .map_err(fail)?;
            motif.clauses.push(clause);
        } else {
            return Err(fail(format!(
                "`{text}`: a motif's lines are `source` and `name :-`"
            )));
        }
    }
    match motifs
        .iter()
        .find(|motif| motif.source.is_empty() || motif.clauses.is_empty())
    {
        Some(motif) => Err(MotifError {
            line: 0,
            reason: format!(
                "the motif \"{}\" needs its source and a `name :-` line",
                motif.english
            ),
        }),
        None => Ok(motifs),
    }
}

/// The strings in double quotes of `text`.
fn quoted(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn condition(term: &TermSyntax) -> Result<Condition, String> {
    let number = |term: &TermSyntax| match term {
        TermSyntax::Number(number, _) => Ok(*number),
        _ => Err("a number".to_string()),
    };
    let (name, args): (&str, &[TermSyntax]) = match term {
        TermSyntax::Not(inner, _) => return Ok(Condition::Not(Box::new(condition(inner)?))),
        TermSyntax::Word(name, _) => (name, &[]),
        TermSyntax::Call { name, args, .. } if name == "not" && args.len() == 1 => {
            return Ok(Condition::Not(Box::new(condition(&args[0])?)));
        }
        TermSyntax::Call { name, args, .. } => (name, args),
        _ => return Err("a motif's condition is a name like strike(2)".to_string()),
    };
    let known = CONDITIONS.iter().find(|(known, _)| *known == name);
    match known {
        None => {
            let names: Vec<&str> = CONDITIONS.iter().map(|(name, _)| *name).collect();
            return Err(format!(
                "no condition is called `{name}`; the conditions are: {}",
                names.join(", ")
            ));
        }
        Some(&(_, arity)) if arity != args.len() => {
            return Err(format!(
                "`{name}` takes {arity} arguments, not {}",
                args.len()
            ));
        }
        Some(_) => {}
    }
    Ok(match name {
        "gives" => Condition::Gives(number(&args[0])?),
        "gives_at_least" => Condition::GivesAtLeast(number(&args[0])?),
        "strike" => Condition::Strike(number(&args[0])?),
        "strikes" => Condition::Strikes(number(&args[0])?),
        "crowns" => Condition::Crowns,
        "crowns_in_capture" => Condition::CrownsInCapture,
        "breakthrough" => Condition::Breakthrough,
        "for" => Condition::For(number(&args[0])?, number(&args[1])?),
        "turkish" => Condition::Turkish,
        "king_caught" => Condition::KingCaught,
        "lured" => Condition::Lured,
        "strikes_of" => Condition::StrikesOf(number(&args[0])?, number(&args[1])?),
        "free_tempo" => Condition::FreeTempo,
        "let_through" => Condition::LetThrough,
        "blocked" => Condition::Blocked,
        _ => unreachable!("every condition is read: {name}"),
    })
}

/// The motifs shipped in the program (`kb/motifs.txt`).
pub const BUILTIN_TEXT: &str = include_str!("../../kb/motifs.txt");

/// The built-in motifs, read once.
pub fn builtin() -> &'static [Motif] {
    static MOTIFS: OnceLock<Vec<Motif>> = OnceLock::new();
    MOTIFS.get_or_init(|| read(BUILTIN_TEXT).expect("kb/motifs.txt reads (a test checks it)"))
}

/// The built-in motifs `line` from `position` earns, in the file's order.
pub fn named(position: &Position, line: &[Move]) -> Vec<&'static Motif> {
    let facts = LineFacts::of(position, line);
    builtin()
        .iter()
        .filter(|motif| motif.names(&facts))
        .collect()
}

impl Motif {
    /// Its name in `lang`.
    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::Ru => &self.russian,
            _ => &self.english,
        }
    }
}

/// The names of `motifs`, to be worded in the reader's language: `удар с отдачей двух
/// шашек, прорыв в дамки`.
pub fn names(motifs: &[&Motif]) -> Message {
    let join = |lang: Lang| {
        motifs
            .iter()
            .map(|motif| motif.name(lang).to_lowercase())
            .collect::<Vec<_>>()
            .join(", ")
    };
    msg!("motif-names", ru = join(Lang::Ru), en = join(Lang::En))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::read_line;

    /// The names of the built-in motifs `line` earns from `fen`, in English.
    fn motifs(fen: &str, line: &str) -> Vec<&'static str> {
        let position: Position = fen.parse().unwrap();
        let line = read_line(&position, line).expect("a legal line");
        named(&position, &line)
            .iter()
            .map(|motif| motif.english.as_str())
            .collect()
    }

    #[test]
    fn the_built_in_motifs_read_and_each_names_its_source() {
        let motifs = builtin();
        assert_eq!(motifs.len(), 10);
        for motif in motifs {
            assert!(motif.source.starts_with("http"), "{motif:?}");
            assert!(!motif.russian.is_empty() && !motif.english.is_empty());
        }
    }

    #[test]
    fn a_blow_after_men_given_up_is_named_on_its_sources_examples() {
        // kombinashki.ru/kn2_page3.php: «Белые: a1, b2, сЗ; черные: а5, е5, g7».
        let one = "Blow after one man given up";
        let line = "c3-b4 a5:c3 b2:d4:f6:h8";
        assert_eq!(motifs("W:Wa1,b2,c3:Ba5,e5,g7", line), [one]);
        // The same page's second example: three men given up one by one before the blow.
        let fen = "W:Wa1,b2,c1,c3,c5,f2,f4,g1,h2:Ba5,a7,b8,c7,f6,f8,g7,h4,h6";
        let line = "f4-g5 h6:f4 c5-d6 c7:e5 f2-g3 h4:f2 g1:e3:g5:e7 f8:d6 c3-b4 a5:c3 \
                    b2:d4:f6:h8";
        // Two blows of three each, g1:e7 and b2:h8: a double blow too.
        assert_eq!(
            motifs(fen, line),
            ["Blow after three men or more given up", "Double blow"]
        );
        // Ours (the page names the idea, not a position of two), from a seeded random
        // game: h4 and d2 given, then the blow from c1.
        let fen = "W:Wa1,c1,e1,g1,b2,d2,f2,a3,h4:Bd4,a5,b6,d6,h6,e7,b8,d8,f8,h8";
        let line = "h4-g5 h6:f4 d2-e3 f4:d2 c1:e3:c5:a7";
        assert_eq!(motifs(fen, line), ["Blow after two men given up"]);
        // Two taken at once with nothing given first: a capture, no such blow.
        assert!(motifs("W:Wc3:Bd4,f6,h8", "c3:e5:g7").is_empty());
    }

    #[test]
    fn a_breakthrough_needs_men_given_up_and_a_man_crowned_by_a_move() {
        // draughts.narod.ru (борьба дамок с простыми): «Белые: простые f4, g5, h4, h6;
        // черные: дамка h8», after 1...h8-d4; the source's line stops at h6-g7, and the
        // crowning two plies on is ours.
        let line = "g5-f6 d4:h8 h4-g5 h8-d4 f4-e5 d4:f6:h4 h6-g7 h4-e1 g7-h8";
        let named = motifs("W:Wf4,g5,h4,h6:BKd4", line);
        assert!(named.contains(&"Breakthrough to a king"), "{named:?}");
        // A man that walks in with nothing given: no breakthrough.
        assert!(!motifs("W:Wg7:Bh2", "g7-h8").contains(&"Breakthrough to a king"));
    }

    #[test]
    fn a_capture_through_the_king_row_goes_on_as_a_king() {
        // Ours (the source gives the rule, not a position): b6 takes c7, is crowned on
        // d8 and takes e7 as a king.
        let named = motifs("W:Wb6:Bc7,e7,h2", "b6:d8:f6");
        assert!(named.contains(&"Capture through the king row"), "{named:?}");
        // Crowned where the capture ends: not through the row.
        assert!(!motifs("W:Wb6:Bc7,h2", "b6:d8").contains(&"Capture through the king row"));
    }

    #[test]
    fn a_turkish_strike_stops_where_a_piece_it_jumped_stands_in_its_way() {
        // Ours (the source gives the words): the king takes f6, d2 and g3 and stops on
        // h4, where f6, still on the board until the capture ends, hides e7.
        let named = motifs("W:WKh8:Bd2,g3,f4,f6,e7", "h8:c3:e1:h4");
        assert!(named.contains(&"Turkish strike"), "{named:?}");
        assert!(!motifs("W:Wc3:Bd4,f6,h8", "c3:e5:g7").contains(&"Turkish strike"));
    }

    #[test]
    fn a_double_blow_takes_two_or_more_twice() {
        // Ours (the sources give the idea in the notation of other games), from a seeded
        // random game: e1:g3:e5:c7 takes three, then b4:d6:f8 two.
        let fen = "W:Wc1,e1,b2,f2,h2,a3,c3,b4,c5:Bf4,h4,d6,a7,e7,d8";
        let line = "c5-b6 a7:c5 f2-g3 h4:f2 e1:g3:e5:c7 d8:b6 b4:d6:f8";
        assert!(motifs(fen, line).contains(&"Double blow"));
        // Two captures, the second of one man: a single blow.
        let line = "c5-b6 a7:c5 f2-g3 h4:f2 e1:g3:e5:c7 d8:b6";
        let named = motifs(fen, line);
        assert!(!named.contains(&"Double blow"), "{named:?}");
    }

    #[test]
    fn a_free_tempo_is_a_quiet_move_while_the_defender_must_take() {
        // Ours (the source's line is given without its diagram), from a seeded random
        // game: Black's king on g1 can take c5 already; d2-c3 spends the tempo, the king
        // must take and stops on b6, and a7 takes it.
        let named = motifs("W:Wa1,b2,d2,a3,c5,a7,e7:BKg1", "d2-c3 g1:b6 a7:c5");
        assert!(named.contains(&"Free tempo"), "{named:?}");
        // A man given up where Black had nothing to take before: no free tempo.
        let named = motifs("W:Wa1,b2,c3:Ba5,e5,g7", "c3-b4 a5:c3 b2:d4:f6:h8");
        assert!(!named.contains(&"Free tempo"), "{named:?}");
    }

    #[test]
    fn letting_a_man_through_to_king_catches_the_new_king() {
        // Ours (the source's lines are given without their diagram), from a seeded random
        // game: Black gives f6, White's h4 takes through d8 as a king and stops on b6,
        // and a7 takes the new king with two men more.
        let fen = "B:Wd2,h2,d4,h4:Ba5,d6,f6,a7,c7,e7";
        let named = motifs(fen, "f6-g5 h4:f6:d8:b6 a7:c5:e3:c1");
        assert!(
            named.contains(&"Letting a man through to king"),
            "{named:?}"
        );
        // A king taken that was a king before the line: caught, not let through.
        let named = motifs("W:WKh8:Bd2,g3,f4,f6,e7", "h8:c3:e1:h4");
        assert!(
            !named.contains(&"Letting a man through to king"),
            "{named:?}"
        );
    }

    #[test]
    fn a_blockade_leaves_the_defender_no_move() {
        // kombinashki.ru/kn2_page7.php, diagram 24: the page's line, on the fewest pieces
        // it plays on (our reconstruction: the diagram is not in the text). Black's last
        // man, h2, cannot step to g1.
        let fen = "W:Wc1,b2,d2,d4:Bb4,f6,h2";
        let line = "d4-e5 f6:d4 d2-e3 d4:f2 b2-c3 b4:d2 c1:e3:g1";
        assert!(motifs(fen, line).contains(&"Blockade"));
        // The same line with Black's man on h4: it still moves.
        let named = motifs("W:Wc1,b2,d2,d4:Bb4,f6,h4", line);
        assert!(!named.contains(&"Blockade"), "{named:?}");
    }

    #[test]
    fn a_motifs_file_with_an_unknown_condition_says_which() {
        let text = "motif \"x\" \"y\"\n  source \"https://example.org\"\n  name :- strik(2)\n";
        let error = read(text).unwrap_err();
        assert_eq!(error.line, 3);
        assert!(
            error.reason.contains("no condition is called `strik`"),
            "{error:?}"
        );
        let unsourced = read("motif \"x\" \"y\"\n  name :- turkish\n").unwrap_err();
        assert!(
            unsourced.reason.contains("needs its source"),
            "{unsourced:?}"
        );
    }
}
