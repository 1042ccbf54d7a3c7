//! The board as text: an 8 x 8 diagram with coordinates and the last move.

use std::fmt::Write;

use shashki::{Bitboard, Color, Move, MoveText, Position, Role, Square};

/// How to draw: with terminal colours or as plain text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// ANSI colours and Unicode piece symbols; otherwise ASCII letters.
    pub color: bool,
}

const RESET: &str = "\x1b[0m";
const LIGHT: &str = "\x1b[48;5;180m";
const DARK: &str = "\x1b[48;5;94m";
const MARKED: &str = "\x1b[48;5;136m";
const BETTER: &str = "\x1b[48;5;28m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;30m";
const CAPTURED: &str = "\x1b[2;37m";

/// The squares the last move marks: every square of its path, from the first to the
/// last, and the squares of the pieces it took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The squares the piece stood on and landed on.
    path: Bitboard,
    /// The squares of the pieces it took.
    taken: Bitboard,
    /// The squares of a better move's path, where a review shows one beside it.
    better: Bitboard,
}

impl Marks {
    /// The marks of `mv` played in `before`.
    pub fn of(before: &Position, mv: Move) -> Marks {
        let text = MoveText::from_move(before, mv);
        Marks {
            path: text.squares().iter().copied().collect(),
            taken: mv.captured(),
            better: Bitboard::EMPTY,
        }
    }

    /// These marks, and the path of `better`, a better move than the one marked, in
    /// `before`.
    pub fn with_better(self, before: &Position, better: Move) -> Marks {
        let text = MoveText::from_move(before, better);
        Marks {
            better: text.squares().iter().copied().collect(),
            ..self
        }
    }
}

/// The board seen from `view`'s side, with the last move's `marks`.
///
/// # Examples
///
/// ```
/// use crate::app::console::render::{Marks, Style, board};
/// use shashki::{Color, Position};
///
/// let text = board(&Position::start(), Marks::default(), Color::White, Style { color: false });
/// assert!(text.contains("  8    b     b     b     b  8"));
/// ```
pub fn board(position: &Position, marks: Marks, view: Color, style: Style) -> String {
    let files: Vec<u8> = match view {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u8> = match view {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let mut header = String::from("   ");
    for &file in &files {
        let _ = write!(header, " {} ", char::from(b'a' + file));
    }
    let mut out = String::new();
    out.push_str(header.trim_end());
    out.push('\n');
    for &rank in &ranks {
        let label = char::from(b'1' + rank);
        let _ = write!(out, "  {label}");
        for &file in &files {
            out.push_str(&cell(
                position,
                marks,
                Square::from_coords(file, rank),
                style,
            ));
        }
        let _ = writeln!(out, " {label}");
    }
    out.push_str(header.trim_end());
    out.push('\n');
    out
}

/// One 3-character cell of the diagram.
fn cell(position: &Position, marks: Marks, square: Option<Square>, style: Style) -> String {
    let Some(square) = square else {
        return if style.color {
            format!("{LIGHT}   {RESET}")
        } else {
            "   ".to_string()
        };
    };
    let taken = marks.taken.contains(square);
    let marked = marks.path.contains(square) || taken;
    // Where the two paths meet, the move played is shown.
    let better = marks.better.contains(square) && !marked;
    let piece = position.piece_at(square);
    if style.color {
        let background = match (marked, better) {
            (true, _) => MARKED,
            (false, true) => BETTER,
            (false, false) => DARK,
        };
        let symbol = match piece {
            Some(piece) => {
                let color = match piece.color {
                    Color::White => WHITE_PIECE,
                    Color::Black => BLACK_PIECE,
                };
                let glyph = match piece.role {
                    Role::Man => '●',
                    Role::King => '♛',
                };
                format!("{color}{glyph}")
            }
            None if taken => format!("{CAPTURED}x"),
            None => " ".to_string(),
        };
        format!("{background} {symbol}{RESET}{background} {RESET}")
    } else {
        let symbol = match piece {
            Some(piece) => {
                let letter = match piece.color {
                    Color::White => 'w',
                    Color::Black => 'b',
                };
                match piece.role {
                    Role::Man => letter,
                    Role::King => letter.to_ascii_uppercase(),
                }
            }
            None if taken => 'x',
            None => '.',
        };
        match (marked, better) {
            (true, _) => format!("[{symbol}]"),
            (false, true) => format!("({symbol})"),
            (false, false) => format!(" {symbol} "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style { color: false };

    #[test]
    fn start_position_from_whites_side() {
        let text = board(&Position::start(), Marks::default(), Color::White, PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    a  b  c  d  e  f  g  h");
        assert_eq!(lines[1], "  8    b     b     b     b  8");
        assert_eq!(lines[4], "  5 .     .     .     .     5");
        assert_eq!(lines[8], "  1 w     w     w     w     1");
        assert_eq!(lines[9], lines[0]);
        assert_eq!(lines.len(), 10);
    }

    #[test]
    fn blacks_view_turns_the_board() {
        let text = board(&Position::start(), Marks::default(), Color::Black, PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    h  g  f  e  d  c  b  a");
        assert_eq!(lines[1], "  1    w     w     w     w  1");
        assert_eq!(lines[8], "  8 b     b     b     b     8");
    }

    /// The plain board after `mv` is played from `fen`, with the move's marks.
    fn board_after(fen: &str, mv: &str) -> String {
        let position: Position = fen.parse().unwrap();
        let mv = mv.parse::<MoveText>().unwrap().resolve(&position).unwrap();
        let after = position.play(mv).unwrap();
        board(&after, Marks::of(&position, mv), Color::White, PLAIN)
    }

    #[test]
    fn last_move_and_taken_pieces_are_marked() {
        let text = board_after("W:Wc3,Ka1:Bd4", "c3:e5");
        assert!(text.contains("  5 .     .    [w]    .     5"), "{text}");
        assert!(text.contains("  4    .    [x]    .     .  4"), "{text}");
        assert!(text.contains("  3 .    [.]    .     .     3"), "{text}");
        assert!(text.contains("  1 W "), "{text}");
    }

    #[test]
    fn a_capture_is_marked_along_its_whole_path_with_every_piece_it_took() {
        let text = board_after("W:Wc3:Bd4,d6,f6", "c3:e5:g7");
        assert!(text.contains("  7 .     .     .    [w]    7"), "{text}");
        assert!(text.contains("  6    .     b    [x]    .  6"), "{text}");
        assert!(text.contains("  5 .     .    [.]    .     5"), "{text}");
        assert!(text.contains("  4    .    [x]    .     .  4"), "{text}");
        assert!(text.contains("  3 .    [.]    .     .     3"), "{text}");
    }

    #[test]
    fn a_better_move_is_marked_apart_from_the_move_played() {
        let position: Position = "W:Wc3,e3:Bf6".parse().unwrap();
        let read = |text: &str| {
            text.parse::<MoveText>()
                .unwrap()
                .resolve(&position)
                .unwrap()
        };
        let marks = Marks::of(&position, read("c3-d4")).with_better(&position, read("e3-f4"));
        let text = board(&position, marks, Color::White, PLAIN);
        assert!(text.contains("  4    .    [.]   (.)    .  4"), "{text}");
        assert!(text.contains("  3 .    [w]   (w)    .     3"), "{text}");
        let colour = board(&position, marks, Color::White, Style { color: true });
        assert_eq!(colour.matches(BETTER).count(), 4, "{colour}");
    }

    #[test]
    fn colour_style_shades_squares_and_uses_symbols() {
        let text = board(
            &Position::start(),
            Marks::default(),
            Color::White,
            Style { color: true },
        );
        assert!(text.contains(DARK) && text.contains(LIGHT));
        assert!(text.contains('●'));
        let kings: Position = "W:WKa1:BKh8".parse().unwrap();
        assert!(
            board(
                &kings,
                Marks::default(),
                Color::White,
                Style { color: true }
            )
            .contains('♛')
        );
    }
}
