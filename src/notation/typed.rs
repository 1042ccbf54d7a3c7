//! Moves as people write them: read in either notation, written in the one chosen.

use std::fmt;
use std::str::FromStr;

use super::movetext::{IllegalMoveError, MoveParseError, MoveText};
use super::short::ShortMove;
use crate::words::Message;
use crate::{Move, Position, msg};

/// A move typed at the prompt or read from a record: full squares (`c3-d4`,
/// `c3:e5:c7`, `c3:c7`) or short notation (`cd4`, `g:e3`); annotation marks after it
/// (`!`, `?`, `!?`, `?!`, `*`, `+`, `#`) are ignored.
///
/// ```
/// use shashki::Position;
/// use shashki::notation::TypedMove;
///
/// let start = Position::start();
/// let full: TypedMove = "c3-d4!".parse().unwrap();
/// let short: TypedMove = "cd4?!".parse().unwrap();
/// assert_eq!(full.resolve(&start), short.resolve(&start));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedMove {
    /// Squares from the first to the last.
    Full(MoveText),
    /// The file left and the square reached.
    Short(ShortMove),
}

/// `text` without the annotation marks after the move.
pub fn without_annotation(text: &str) -> &str {
    text.trim_end().trim_end_matches(['!', '?', '*', '+', '#'])
}

impl FromStr for TypedMove {
    type Err = MoveParseError;

    /// Full notation first; short notation when that fails, else the error of the
    /// notation whose shape the text has (short notation's bad square for `cd3`), full
    /// notation's otherwise.
    fn from_str(text: &str) -> Result<TypedMove, MoveParseError> {
        let text = without_annotation(text);
        match text.parse::<MoveText>() {
            Ok(full) => Ok(TypedMove::Full(full)),
            Err(error) => text
                .parse::<ShortMove>()
                .map(TypedMove::Short)
                .map_err(|_| short_square_error(text).unwrap_or(error)),
        }
    }
}

/// Where `text` has the shape of short notation (a file, a capture sign or not, a
/// square), what is wrong with its square.
fn short_square_error(text: &str) -> Option<MoveParseError> {
    let chars: Vec<char> = super::latin(text.trim()).chars().collect();
    let (file, square_at) = match chars.as_slice() {
        [file, _, _] => (*file, 1),
        [file, '-' | ':' | 'x' | 'X' | '×', _, _] => (*file, 2),
        _ => return None,
    };
    if !('a'..='h').contains(&file.to_ascii_lowercase()) {
        return None;
    }
    let square: String = chars[square_at..].iter().collect();
    square
        .parse::<crate::Square>()
        .err()
        .map(|error| MoveParseError::Square {
            column: square_at + 1,
            error,
        })
}

impl TypedMove {
    /// The one legal move of `position` this text names, or why there is none.
    pub fn resolve(&self, position: &Position) -> Result<Move, IllegalMoveError> {
        match self {
            TypedMove::Full(full) => full.resolve(position),
            TypedMove::Short(short) => short.resolve(position),
        }
    }
}

/// A word of a line of moves that names no legal move where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLineMove {
    /// The word.
    pub word: String,
    /// Why it is no move there.
    pub reason: BadWord,
}

/// Why a word of a line is no move where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadWord {
    /// It is no move in either notation.
    Unreadable(MoveParseError),
    /// It names no legal move of the position.
    Illegal(IllegalMoveError),
}

impl BadWord {
    /// Why, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        match self {
            BadWord::Unreadable(error) => error.message(),
            BadWord::Illegal(error) => error.message(),
        }
    }
}

impl BadLineMove {
    /// The word and why, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        msg!(
            "line-bad-word",
            word = self.word.as_str(),
            reason = self.reason.message()
        )
    }
}

impl fmt::Display for BadLineMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for BadLineMove {}

/// The moves of `line` (either notation, separated by spaces) played one after the
/// other from `position`, or the first word that is not a legal move where it stands.
pub fn read_line(position: &Position, line: &str) -> Result<Vec<Move>, BadLineMove> {
    let mut at = *position;
    let mut moves = Vec::new();
    for word in line.split_whitespace() {
        let bad = |reason: BadWord| BadLineMove {
            word: word.to_string(),
            reason,
        };
        let typed: TypedMove = word.parse().map_err(|e| bad(BadWord::Unreadable(e)))?;
        let mv = typed.resolve(&at).map_err(|e| bad(BadWord::Illegal(e)))?;
        at = at.play_unchecked(mv);
        moves.push(mv);
    }
    Ok(moves)
}

impl fmt::Display for TypedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypedMove::Full(full) => write!(f, "{full}"),
            TypedMove::Short(short) => write!(f, "{short}"),
        }
    }
}

/// A move as the player typed it, with every way its letters can be read (see
/// [`readings`](super::readings)): `с3-в4` typed with the Russian layout on is c3-d4,
/// but its `в` is also the look-alike of b.
///
/// ```
/// use shashki::Position;
/// use shashki::notation::{MoveReadings, ReadMove};
///
/// let start = Position::start();
/// let typed: MoveReadings = "с3-в4".parse().unwrap();
/// assert!(matches!(typed.resolve(&start), ReadMove::Several(moves) if moves.len() == 2));
/// let typed: MoveReadings = "а3-и4".parse().unwrap();
/// assert!(matches!(typed.resolve(&start), ReadMove::One { read_as: Some(text), .. } if text == "a3-b4"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReadings {
    typed: String,
    /// The readings that are moves in either notation, the likeliest first.
    readings: Vec<(String, TypedMove)>,
    /// Which of them reads every Cyrillic letter as the key that gives it on the
    /// Russian layout: what the player meant with the layout left on.
    layout: Option<usize>,
}

/// What a typed move names in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadMove {
    /// One legal move; `read_as` is the reading when its letters differ from the typed ones.
    One {
        /// The move.
        mv: Move,
        /// The reading, where its letters differ from the typed ones.
        read_as: Option<String>,
    },
    /// Several readings are legal moves: each with its text.
    Several(Vec<(String, Move)>),
    /// The text typed with the Russian layout on names a move that is not legal here,
    /// and other readings are: those are never played without the player's word.
    LayoutIllegal {
        /// The layout's reading.
        layout: String,
        /// Why it is not legal.
        error: IllegalMoveError,
        /// The legal moves the other readings name, each with its text.
        others: Vec<(String, Move)>,
    },
    /// No reading is a legal move: why not, for the likeliest reading.
    Illegal {
        /// The likeliest reading, where its letters differ from the typed ones.
        read_as: Option<String>,
        /// Why that reading is not legal.
        error: IllegalMoveError,
    },
}

impl FromStr for MoveReadings {
    type Err = MoveParseError;

    /// The readings of `text` that are moves. When none is, the error of the reading
    /// understood furthest (`е3-е4` read as e3-e4 fails at e4, as t3-t4 at t3), the
    /// likeliest of those; its columns are those of the letters typed.
    fn from_str(text: &str) -> Result<MoveReadings, MoveParseError> {
        let typed = text.trim().to_string();
        let mut best_error: Option<MoveParseError> = None;
        let mut readings = Vec::new();
        let mut layout = None;
        for reading in super::readings(&typed) {
            match reading.text.parse::<TypedMove>() {
                Ok(mv) => {
                    if reading.by_key > 0 && reading.by_look == 0 {
                        layout = Some(readings.len());
                    }
                    readings.push((reading.text, mv));
                }
                Err(error) => {
                    if best_error
                        .as_ref()
                        .is_none_or(|best| error.column() > best.column())
                    {
                        best_error = Some(error);
                    }
                }
            }
        }
        match best_error {
            Some(error) if readings.is_empty() => Err(error),
            _ => Ok(MoveReadings {
                typed,
                readings,
                layout,
            }),
        }
    }
}

impl MoveReadings {
    /// The text as typed.
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// The readings as a player who types on the Russian layout means them: where the
    /// text has a reading of every Cyrillic letter by its key (`в` as d), that one alone;
    /// otherwise every reading, as typed.
    pub fn on_the_russian_layout(&self) -> MoveReadings {
        match self.layout {
            Some(at) => MoveReadings {
                typed: self.typed.clone(),
                readings: vec![self.readings[at].clone()],
                layout: Some(0),
            },
            None => self.clone(),
        }
    }

    /// The legal moves of `position` the readings name.
    pub fn resolve(&self, position: &Position) -> ReadMove {
        let read_as = |text: &str| (text != self.typed).then(|| text.to_string());
        let mut legal: Vec<(String, Move)> = Vec::new();
        let mut first_error = None;
        let mut layout_error = None;
        for (at, (text, mv)) in self.readings.iter().enumerate() {
            match mv.resolve(position) {
                Ok(mv) if legal.iter().any(|&(_, found)| found == mv) => {}
                Ok(mv) => legal.push((text.clone(), mv)),
                Err(error) => {
                    if self.layout == Some(at) {
                        layout_error = Some((text.clone(), error.clone()));
                    }
                    first_error.get_or_insert((text, error));
                }
            }
        }
        if let Some((layout, error)) = layout_error.filter(|_| !legal.is_empty()) {
            return ReadMove::LayoutIllegal {
                layout,
                error,
                others: legal,
            };
        }
        match (legal.len(), first_error) {
            (1, _) => {
                let (text, mv) = legal.remove(0);
                ReadMove::One {
                    mv,
                    read_as: read_as(&text),
                }
            }
            (0, Some((text, error))) => ReadMove::Illegal {
                read_as: read_as(text),
                error,
            },
            (0, None) => ReadMove::Illegal {
                read_as: None,
                error: IllegalMoveError::NoMoves,
            },
            _ => ReadMove::Several(legal),
        }
    }
}

/// How moves are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Every square of the path: `c3-d4`, `e3:c5:e7:g5`.
    #[default]
    Full,
    /// Russian short notation: `cd4`, `e:g5` (the full path where the short form would
    /// name two moves).
    Short,
}

impl Notation {
    /// The text of the legal move `mv` of `position`.
    pub fn write(self, position: &Position, mv: Move) -> String {
        match self {
            Notation::Full => MoveText::from_move(position, mv).to_string(),
            Notation::Short => ShortMove::text(position, mv),
        }
    }

    /// A line of moves from `position`, separated by spaces; it ends before a move that
    /// is not legal where it stands.
    pub fn line(self, position: &Position, line: &[Move]) -> String {
        let (texts, legal) = self.written(position, line);
        texts[..legal].join(" ")
    }

    /// The text of each move of `line` from `position`, each written where the moves
    /// before it lead. A move that is not legal there is written as given and ends
    /// the texts, so that whoever reads them back meets it and says why.
    pub fn texts(self, position: &Position, line: &[Move]) -> Vec<String> {
        self.written(position, line).0
    }

    /// The texts of [`texts`](Self::texts), and how many of them are legal moves.
    fn written(self, position: &Position, line: &[Move]) -> (Vec<String>, usize) {
        let mut position = *position;
        let mut texts = Vec::with_capacity(line.len());
        for &mv in line {
            texts.push(self.write(&position, mv));
            match position.play(mv) {
                Ok(next) => position = next,
                Err(_) => {
                    let legal = texts.len() - 1;
                    return (texts, legal);
                }
            }
        }
        let legal = texts.len();
        (texts, legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_in_either_notation_and_names_its_first_bad_word() {
        let start = Position::start();
        let full = read_line(&start, "c3-d4 d6-c5 b2-c3").unwrap();
        assert_eq!(read_line(&start, "cd4 dc5 bc3").unwrap(), full);
        assert_eq!(read_line(&start, "  ").unwrap(), vec![]);
        let bad = read_line(&start, "c3-d4 d6-c5 c3-b4").unwrap_err();
        assert_eq!(bad.word, "c3-b4");
        assert!(matches!(bad.reason, BadWord::Illegal(_)), "{bad}");
        assert!(bad.to_string().starts_with("c3-b4: "), "{bad}");
        assert!(bad.to_string()[7..].contains("c3"), "{bad}");
    }

    fn full(text: &str) -> String {
        let position = Position::start();
        let mv = text
            .parse::<TypedMove>()
            .unwrap()
            .resolve(&position)
            .unwrap();
        MoveText::from_move(&position, mv).to_string()
    }

    #[test]
    fn both_notations_and_annotation_marks_are_read() {
        for text in [
            "c3-d4", "cd4", "c3-d4!", "cd4?", "cd4!?", "c3d4?!", "cd4*", "сd4!!",
        ] {
            assert_eq!(full(text), "c3-d4", "{text}");
        }
    }

    #[test]
    fn a_text_of_short_notation_s_shape_gets_its_square_s_error() {
        assert_eq!(
            "dc4".parse::<TypedMove>().unwrap_err(),
            MoveParseError::Square {
                column: 2,
                error: crate::ParseSquareError::LightSquare("c4".to_string())
            }
        );
        assert_eq!(
            "g:e4".parse::<TypedMove>().unwrap_err().to_string(),
            "e4 is a light square; play uses the dark squares only"
        );
    }

    #[test]
    fn a_text_in_neither_notation_gets_full_notation_s_error() {
        assert_eq!(
            "c3-d3".parse::<TypedMove>().unwrap_err().to_string(),
            "d3 is a light square; play uses the dark squares only"
        );
        assert_eq!("!".parse::<TypedMove>(), Err(MoveParseError::Empty));
    }

    #[test]
    fn a_layout_reading_that_is_not_legal_is_never_replaced_unasked() {
        // White on c3 and d4: c3-d4 (с3-в4 on the Russian layout) is no move, c3-b4 is.
        let position: Position = "W:Wc3,d4:Bf6".parse().unwrap();
        let typed: MoveReadings = "с3-в4".parse().unwrap();
        match typed.resolve(&position) {
            ReadMove::LayoutIllegal { layout, others, .. } => {
                assert_eq!(layout, "c3-d4");
                let texts: Vec<&str> = others.iter().map(|(text, _)| text.as_str()).collect();
                assert_eq!(texts, ["c3-b4"]);
            }
            other => panic!("{other:?}"),
        }
        // Where the layout's reading is legal, it is the move.
        let start = Position::start();
        let typed: MoveReadings = "ф3-и4".parse().unwrap();
        assert!(matches!(typed.resolve(&start), ReadMove::One { .. }));
        // On the Russian layout, the key's reading alone: no question.
        let typed: MoveReadings = "с3-в4".parse().unwrap();
        let start = Position::start();
        assert!(matches!(
            typed.on_the_russian_layout().resolve(&start),
            ReadMove::One { read_as: Some(text), .. } if text == "c3-d4"
        ));
        // A look-alike whose layout reading is no move shape at all is read at once.
        let typed: MoveReadings = "а3-b4".parse().unwrap();
        assert!(
            matches!(typed.resolve(&start), ReadMove::One { read_as: Some(text), .. } if text == "a3-b4")
        );
    }

    #[test]
    fn moves_are_written_in_the_chosen_notation() {
        let start = Position::start();
        let mv = "cd4".parse::<TypedMove>().unwrap().resolve(&start).unwrap();
        assert_eq!(Notation::Full.write(&start, mv), "c3-d4");
        assert_eq!(Notation::Short.write(&start, mv), "cd4");
        let reply = start.play_unchecked(mv).legal_moves()[0];
        let line = Notation::Short.line(&start, &[mv, reply, mv]);
        let reply_text = Notation::Short.write(&start.play_unchecked(mv), reply);
        assert_eq!(
            line,
            format!("cd4 {reply_text}"),
            "the third move is not legal"
        );
        let texts = Notation::Full.texts(&start, &[mv, reply, mv, reply]);
        assert_eq!(
            texts.len(),
            3,
            "the illegal third move is written and ends the texts"
        );
        assert_eq!(texts[2], "c3-d4");
    }
}
