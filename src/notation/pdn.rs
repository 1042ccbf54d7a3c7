//! PDN game records: tag pairs, numbered movetext with full-path moves, and a result.
//!
//! Written for Russian draughts (`[GameType "25"]`, algebraic squares), read
//! forgivingly, every game of a file ([`read_all`]): comments `{...}` and `;...`,
//! variations `(...)`, move numbers, annotation marks and NAGs are skipped, and moves
//! may take any form that [`TypedMove`] accepts (full paths, shortened captures, short
//! notation, Cyrillic look-alikes) or numbered squares (`22-18`, `9x18`).

mod write;

use std::fmt;

pub use self::write::write;
use super::{Numbering, TypedMove, without_annotation};
use crate::words::Message;
use crate::{
    Color, FenError, Game, IllegalMoveError, MoveParseError, MoveText, Outcome, Position, Square,
    msg,
};

/// A game read from PDN: its tag pairs in file order and the game replayed.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Tag pairs as `(name, value)`, in the order of the file.
    pub tags: Vec<(String, String)>,
    /// The game, from its start position (`[FEN]` or the start) through every move.
    pub game: Game,
    /// The comments `{...}` of the main line, in the order of the file.
    pub comments: Vec<Comment>,
    /// Whether the record breaks off with `-` where moves were lost: the game stops
    /// there, with the result the record gives.
    pub moves_lost: bool,
}

/// A comment `{...}` of a record and where it stands in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The plies played before it: 0 for the game's leading comment, 1 after the first move.
    pub ply: usize,
    /// Its words, each run of blanks and line breaks read as one space.
    pub text: String,
}

impl GameRecord {
    /// The value of tag `name` (any case), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// What is wrong with a PDN text, and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// 1-based line.
    pub line: usize,
    /// 1-based character column.
    pub column: usize,
    /// What is wrong.
    pub kind: PdnErrorKind,
}

/// The kinds of PDN errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnErrorKind {
    /// A `{` comment, `(` variation or `"` string that is never closed.
    Unclosed(char),
    /// A tag pair that is not `[Name "value"]`.
    BadTag,
    /// The `[FEN]` tag holds no valid position.
    BadFen(FenError),
    /// A token that is no move.
    BadMove {
        /// The token.
        text: String,
        /// Why it is no move.
        error: MoveParseError,
    },
    /// A move in numbered squares that does not read as one.
    NumericMove(String),
    /// A move that is not legal where it stands.
    IllegalMove {
        /// The move as written.
        text: String,
        /// Why it is not legal.
        error: IllegalMoveError,
    },
}

impl PdnError {
    /// What is wrong and where, `LINE:COL: reason`, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        msg!(
            "pdn-error",
            line = self.line,
            column = self.column,
            reason = self.kind.message()
        )
    }
}

impl PdnErrorKind {
    /// What is wrong, as a message of the `.ftl` files.
    pub fn message(&self) -> Message {
        match self {
            PdnErrorKind::Unclosed(c) => msg!("pdn-unclosed", sign = c.to_string()),
            PdnErrorKind::BadTag => msg!("pdn-bad-tag"),
            PdnErrorKind::BadFen(error) => msg!("pdn-bad-fen", reason = error.message()),
            PdnErrorKind::BadMove { text, error } => {
                msg!("pdn-bad-move", mv = text.as_str(), reason = error.message())
            }
            PdnErrorKind::NumericMove(text) => msg!("pdn-numeric-move", mv = text.as_str()),
            PdnErrorKind::IllegalMove { text, error } => {
                msg!(
                    "pdn-illegal-move",
                    mv = text.as_str(),
                    reason = error.message()
                )
            }
        }
    }
}

impl fmt::Display for PdnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::words::english(&self.message(), f)
    }
}

impl std::error::Error for PdnError {}

/// The PDN result token of an outcome: `2-0`, `0-2`, `1-1`, or `*` while the game goes on.
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => "2-0",
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        }) => "0-2",
        Some(Outcome::Draw(_)) => "1-1",
        None => "*",
    }
}

/// Who won according to a result token: `Some(Some(color))`, `Some(None)` for a draw,
/// `None` for a token that is no result.
fn parse_result(token: &str) -> Option<Option<Color>> {
    match token {
        "2-0" | "1-0" => Some(Some(Color::White)),
        "0-2" | "0-1" => Some(Some(Color::Black)),
        "1-1" | "1/2-1/2" | "0-0" => Some(None),
        _ => None,
    }
}

fn is_result(token: &str) -> bool {
    token == "*" || parse_result(token).is_some()
}

/// A character with its 1-based line and column.
#[derive(Clone, Copy)]
struct At {
    c: char,
    line: usize,
    column: usize,
}

/// Reads the first game of a PDN text and replays its moves (an empty text is a game
/// with no moves from the start).
///
/// A decisive or drawn result token on a game whose board is not over is kept
/// as a resignation or an agreed draw.
pub fn read(text: &str) -> Result<GameRecord, PdnError> {
    read_all(text).into_iter().next().unwrap_or_else(|| {
        Ok(GameRecord {
            tags: Vec::new(),
            game: Game::new(Position::start()),
            comments: Vec::new(),
            moves_lost: false,
        })
    })
}

/// Reads every game of a PDN text, each replayed, or the first problem in it. After a
/// problem the reading goes on at the next game: the next `[` that starts a line after
/// a blank line.
pub fn read_all(text: &str) -> Vec<Result<GameRecord, PdnError>> {
    let chars = characters(text);
    let mut games = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match read_game(&chars, i) {
            Ok(Some((record, next))) => {
                games.push(Ok(record));
                i = next;
            }
            Ok(None) => break,
            Err((error, at)) => {
                games.push(Err(error));
                i = next_game(&chars, at);
            }
        }
    }
    games
}

/// Every character of `text` with its line and column; each line ends with a `\n`.
fn characters(text: &str) -> Vec<At> {
    let mut chars = Vec::new();
    for (line, content) in text.lines().enumerate() {
        for (column, c) in content.chars().enumerate() {
            chars.push(At {
                c,
                line: line + 1,
                column: column + 1,
            });
        }
        chars.push(At {
            c: '\n',
            line: line + 1,
            column: content.chars().count() + 1,
        });
    }
    chars
}

/// The start of the next game after a problem at `at`: a `[` at the start of a line
/// that follows a blank line.
fn next_game(chars: &[At], at: usize) -> usize {
    let mut blank_line_seen = false;
    let mut line_empty = false;
    for (j, &at) in chars.iter().enumerate().skip(at + 1) {
        if at.column == 1 {
            if at.c == '[' && blank_line_seen {
                return j;
            }
            line_empty = true;
        }
        if at.c == '\n' {
            blank_line_seen |= line_empty;
            line_empty = true;
        } else if !at.c.is_whitespace() {
            line_empty = false;
        }
    }
    chars.len()
}

/// Reads the game starting at `start`: the record and where the next game may start,
/// `None` when only blanks and comments are left, or the problem and where it is.
#[allow(clippy::type_complexity)]
fn read_game(chars: &[At], start: usize) -> Result<Option<(GameRecord, usize)>, (PdnError, usize)> {
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    let mut game: Option<Game> = None;
    let mut result = None;
    let mut moves_lost = false;
    let mut i = start;
    while i < chars.len() {
        let at = chars[i];
        let here = i;
        let error = |kind| {
            let error = PdnError {
                line: at.line,
                column: at.column,
                kind,
            };
            (error, here)
        };
        match at.c {
            c if c.is_whitespace() => i += 1,
            '%' if at.column == 1 => i = skip_line(chars, i),
            ';' => i = skip_line(chars, i),
            '{' => {
                let end =
                    skip_to(chars, i, '}').ok_or_else(|| error(PdnErrorKind::Unclosed('{')))?;
                let text: String = chars[i + 1..end - 1].iter().map(|at| at.c).collect();
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if !text.is_empty() {
                    let ply = game.as_ref().map_or(0, |game| game.moves().len());
                    comments.push(Comment { ply, text });
                }
                i = end;
            }
            '(' => {
                i = skip_variation(chars, i).ok_or_else(|| error(PdnErrorKind::Unclosed('(')))?
            }
            '[' if game.is_some() => break, // the next game's tags
            '[' => {
                let (name, value, next) = read_tag(chars, i).map_err(|error| (error, i))?;
                if name.eq_ignore_ascii_case("FEN") {
                    value
                        .parse::<Position>()
                        .map_err(|e| error(PdnErrorKind::BadFen(e)))?;
                }
                tags.push((name, value));
                i = next;
            }
            _ => {
                let end = (i..chars.len())
                    .find(|&j| chars[j].c.is_whitespace() || "{(;[".contains(chars[j].c))
                    .unwrap_or(chars.len());
                let token: String = chars[i..end].iter().map(|a| a.c).collect();
                let game = game.get_or_insert_with(|| Game::new(start_position(&tags)));
                i = end;
                if is_result(&token) {
                    result = Some(token);
                    break;
                }
                // Collections write `-` for a move whose record is lost: the game is kept
                // up to there, with its result.
                moves_lost |= strip_move_number(&token) == "-";
                if !moves_lost {
                    play_token(game, &token).map_err(error)?;
                }
            }
        }
    }
    if game.is_none() && tags.is_empty() {
        return Ok(None);
    }
    let mut game = game.unwrap_or_else(|| Game::new(start_position(&tags)));
    let declared = result
        .as_deref()
        .or_else(|| {
            tags.iter()
                .find(|(name, _)| name.eq_ignore_ascii_case("Result"))
                .map(|(_, value)| value.as_str())
        })
        .and_then(parse_result);
    if game.outcome().is_none() {
        match declared {
            Some(Some(winner)) => game.resign(winner.opposite()),
            Some(None) => game.agree_draw(),
            None => {}
        }
    }
    Ok(Some((
        GameRecord {
            tags,
            game,
            comments,
            moves_lost,
        },
        i,
    )))
}

/// The start position named by the tags read so far (checked when the tag was read).
fn start_position(tags: &[(String, String)]) -> Position {
    tags.iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case("FEN"))
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or_else(Position::start)
}

/// The text after a leading move number: `12. c3-d4`, `12...c3-d4` and `12.` give
/// `c3-d4`, `c3-d4` and the empty string; text without a number is returned as it is.
pub fn strip_move_number(text: &str) -> &str {
    let text = text.trim_start();
    let rest = text.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < text.len() && rest.starts_with('.') {
        rest.trim_start_matches('.').trim_start()
    } else {
        text
    }
}

/// Plays one movetext token: a move, perhaps with a move number glued on or marks after it.
fn play_token(game: &mut Game, token: &str) -> Result<(), PdnErrorKind> {
    if token.starts_with('$') {
        return Ok(()); // a NAG
    }
    let rest = without_annotation(strip_move_number(token));
    if rest.is_empty() {
        return Ok(()); // a move number or a lone mark
    }
    let text = rest.to_string();
    let typed = if rest.starts_with(|c: char| c.is_ascii_digit()) {
        numeric_move(rest)?
    } else {
        rest.parse::<TypedMove>()
            .map_err(|error| PdnErrorKind::BadMove {
                text: text.clone(),
                error,
            })?
    };
    let mv = typed
        .resolve(game.position())
        .map_err(|error| PdnErrorKind::IllegalMove {
            text: text.clone(),
            error,
        })?;
    game.play(mv).map_err(|_| PdnErrorKind::IllegalMove {
        text,
        error: IllegalMoveError::NoMoves,
    })
}

/// A move in numbered squares (`22-18`, `9x18`, `26x17x10`), the standard numbering of
/// [`Numbering::Standard`]; a capture may name only its first and last squares.
fn numeric_move(text: &str) -> Result<TypedMove, PdnErrorKind> {
    let bad = || PdnErrorKind::NumericMove(text.to_string());
    let capture = text.contains(['x', ':']);
    let squares = text
        .split(['-', 'x', ':'])
        .map(|number| {
            number
                .parse::<u8>()
                .ok()
                .and_then(|number| Numbering::Standard.square(number))
                .ok_or_else(bad)
        })
        .collect::<Result<Vec<Square>, _>>()?;
    if squares.len() < 2 || (!capture && squares.len() != 2) {
        return Err(bad());
    }
    Ok(TypedMove::Full(MoveText::from_squares(squares, capture)))
}

fn skip_line(chars: &[At], i: usize) -> usize {
    (i..chars.len())
        .find(|&j| chars[j].c == '\n')
        .unwrap_or(chars.len())
}

/// The index after the `close` that ends what starts at `i`.
fn skip_to(chars: &[At], i: usize, close: char) -> Option<usize> {
    (i + 1..chars.len())
        .find(|&j| chars[j].c == close)
        .map(|j| j + 1)
}

/// The index after the `)` that closes the variation at `i`, skipping nested ones and comments.
fn skip_variation(chars: &[At], i: usize) -> Option<usize> {
    let mut depth = 0;
    let mut j = i;
    while j < chars.len() {
        match chars[j].c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(j + 1);
                }
            }
            '{' => {
                j = skip_to(chars, j, '}')?;
                continue;
            }
            _ => {}
        }
        j += 1;
    }
    None
}

/// Reads `[Name "value"]` at `i`; returns the name, the unescaped value and the index after it.
fn read_tag(chars: &[At], i: usize) -> Result<(String, String, usize), PdnError> {
    let bad = |at: At, kind| PdnError {
        line: at.line,
        column: at.column,
        kind,
    };
    let mut j = i + 1;
    let mut name = String::new();
    while j < chars.len() && (chars[j].c.is_alphanumeric() || chars[j].c == '_') {
        name.push(chars[j].c);
        j += 1;
    }
    while j < chars.len() && chars[j].c.is_whitespace() && chars[j].c != '\n' {
        j += 1;
    }
    if name.is_empty() || j >= chars.len() || chars[j].c != '"' {
        return Err(bad(chars[i], PdnErrorKind::BadTag));
    }
    let quote = chars[j];
    j += 1;
    let mut value = String::new();
    loop {
        let Some(at) = chars.get(j) else {
            return Err(bad(quote, PdnErrorKind::Unclosed('"')));
        };
        match at.c {
            '"' => break,
            '\n' => return Err(bad(quote, PdnErrorKind::Unclosed('"'))),
            '\\' if chars.get(j + 1).is_some_and(|n| n.c == '"' || n.c == '\\') => {
                value.push(chars[j + 1].c);
                j += 2;
                continue;
            }
            c => value.push(c),
        }
        j += 1;
    }
    j += 1;
    while j < chars.len() && chars[j].c.is_whitespace() && chars[j].c != '\n' {
        j += 1;
    }
    if j >= chars.len() || chars[j].c != ']' {
        return Err(bad(chars[i], PdnErrorKind::BadTag));
    }
    Ok((name, value, j + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DrawReason, WinReason};

    #[test]
    fn reading_tolerates_comments_numbers_and_forgiving_moves() {
        let text = "[Event \"x\"]\n% escaped line\n1.C3D4 {a comment\nover lines} f6-e5! \
                    (2. a3-b4 b6-a5) 2.d4xf6 $1 g7:e5 ; rest of line\n3. b2c3 1-0\n\n[Event \"next\"]\n1. a3-b4";
        let record = read(text).unwrap();
        assert_eq!(record.game.moves().len(), 5);
        assert_eq!(
            record.game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Resignation
            })
        );
    }

    #[test]
    fn russian_short_notation_and_cyrillic_letters_are_read() {
        // 1.cd4 ba5 2.dc5 d:b4 3.a:c5, the "Кол" opening, with а and с typed in Cyrillic.
        let record = read("1.cd4 bа5 2.dc5 d:b4 3.а:с5 *").unwrap();
        let line = crate::notation::Notation::Full.line(record.game.start(), &record.game.moves());
        assert_eq!(line, "c3-d4 b6-a5 d4-c5 d6:b4 a3:c5");
    }

    #[test]
    fn numbered_squares_are_read_in_the_standard_numbering() {
        // 1.c3-d4 f6-e5 2.d4:f6 g7:e5: 22-18 11-15 18x11 (to f6, 11) then 8x15 (g7 to e5).
        let record = read("1. 22-18 11-15 2. 18x11 8x15 *").unwrap();
        let line = crate::notation::Notation::Full.line(record.game.start(), &record.game.moves());
        assert_eq!(line, "c3-d4 f6-e5 d4:f6 g7:e5");
    }

    #[test]
    fn every_game_of_a_file_is_read_and_a_bad_one_does_not_stop_the_rest() {
        let text = "[Event \"one\"]\n1. c3-d4 f6-g5 1-0\n\n\
                    [Event \"two\"]\n1. c3-d5 f6-g5 *\n\n\
                    [Event \"three\"]\n[Result \"1/2-1/2\"]\n1. a3-b4 b6-a5\n";
        let games = read_all(text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].as_ref().unwrap().tag("Event"), Some("one"));
        let error = games[1].as_ref().unwrap_err();
        assert_eq!((error.line, error.column), (5, 4));
        let third = games[2].as_ref().unwrap();
        assert_eq!(third.tag("Event"), Some("three"));
        assert_eq!(third.game.moves().len(), 2);
        assert_eq!(
            third.game.outcome(),
            Some(Outcome::Draw(crate::DrawReason::Agreement))
        );
        assert!(read_all("  \n{only a comment}\n").is_empty());
        let lost = read("1. c3-d4 f6-g5 2. - - 3. - - 1/2-1/2").unwrap();
        assert_eq!(lost.game.moves().len(), 2);
    }

    #[test]
    fn move_numbers_are_stripped_in_every_form() {
        assert_eq!(strip_move_number("12. c3-d4"), "c3-d4");
        assert_eq!(strip_move_number("12...c3-d4"), "c3-d4");
        assert_eq!(strip_move_number("12."), "");
        assert_eq!(strip_move_number("c3-d4"), "c3-d4");
        assert_eq!(strip_move_number("22-18"), "22-18");
    }

    #[test]
    fn a_drawn_result_is_kept_as_agreement() {
        let record = read("[Result \"1-1\"]\n1. c3-d4 1-1").unwrap();
        assert_eq!(
            record.game.outcome(),
            Some(Outcome::Draw(DrawReason::Agreement))
        );
        assert_eq!(result_token(record.game.outcome()), "1-1");
    }

    #[test]
    fn errors_name_line_and_column() {
        let error = read("[Event \"x\"]\n1. c3-d4 d6-c5\n2. c3-b4").unwrap_err();
        assert_eq!((error.line, error.column), (3, 4));
        assert!(matches!(error.kind, PdnErrorKind::IllegalMove { .. }));
        assert!(
            error
                .to_string()
                .starts_with("3:4: c3-b4: there is no piece on c3")
        );

        let error = read("1. c3-d4 {never closed").unwrap_err();
        assert_eq!(
            (error.line, error.column, error.kind),
            (1, 10, PdnErrorKind::Unclosed('{'))
        );
        let error = read("[FEN \"W:Wz9\"]").unwrap_err();
        assert!(matches!(error.kind, PdnErrorKind::BadFen(_)));
        let error = read("1. 22-40").unwrap_err();
        assert!(matches!(error.kind, PdnErrorKind::NumericMove(_)));
        let error = read("[Event x]").unwrap_err();
        assert_eq!(error.kind, PdnErrorKind::BadTag);
        let error = read("1. c3-e9").unwrap_err();
        assert!(matches!(error.kind, PdnErrorKind::BadMove { .. }));
    }
}
