//! The board as text: an 8 x 8 diagram with coordinates and the last move.

use std::fmt::Write;

use crate::{Color, Move, Position, Role, Square};

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
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;30m";
const CAPTURED: &str = "\x1b[2;37m";

/// The board seen from `view`'s side, with `last` marked.
///
/// # Examples
///
/// ```
/// use shashki::console::render::{Style, board};
/// use shashki::{Color, Position};
///
/// let text = board(&Position::start(), None, Color::White, Style { color: false });
/// assert!(text.contains("  8    b     b     b     b  8"));
/// ```
pub fn board(position: &Position, last: Option<Move>, view: Color, style: Style) -> String {
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
                last,
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
fn cell(position: &Position, last: Option<Move>, square: Option<Square>, style: Style) -> String {
    let Some(square) = square else {
        return if style.color {
            format!("{LIGHT}   {RESET}")
        } else {
            "   ".to_string()
        };
    };
    let marked = last.is_some_and(|mv| mv.from() == square || mv.to() == square);
    let taken = last.is_some_and(|mv| mv.captured().contains(square));
    let piece = position.piece_at(square);
    if style.color {
        let background = if marked { MARKED } else { DARK };
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
        if marked {
            format!("[{symbol}]")
        } else {
            format!(" {symbol} ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveText;

    const PLAIN: Style = Style { color: false };

    #[test]
    fn start_position_from_whites_side() {
        let text = board(&Position::start(), None, Color::White, PLAIN);
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
        let text = board(&Position::start(), None, Color::Black, PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    h  g  f  e  d  c  b  a");
        assert_eq!(lines[1], "  1    w     w     w     w  1");
        assert_eq!(lines[8], "  8 b     b     b     b     8");
    }

    #[test]
    fn last_move_and_taken_pieces_are_marked() {
        let position: Position = "W:Wc3,Ka1:Bd4".parse().unwrap();
        let mv = "c3:e5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&position)
            .unwrap();
        let after = position.play(mv).unwrap();
        let text = board(&after, Some(mv), Color::White, PLAIN);
        assert!(text.contains("  5 .     .    [w]    .     5"), "{text}");
        assert!(text.contains("  4    .     x     .     .  4"), "{text}");
        assert!(text.contains("  3 .    [.]    .     .     3"), "{text}");
        assert!(text.contains("  1 W "), "{text}");
    }

    #[test]
    fn colour_style_shades_squares_and_uses_symbols() {
        let text = board(
            &Position::start(),
            None,
            Color::White,
            Style { color: true },
        );
        assert!(text.contains(DARK) && text.contains(LIGHT));
        assert!(text.contains('●'));
        let kings: Position = "W:WKa1:BKh8".parse().unwrap();
        assert!(board(&kings, None, Color::White, Style { color: true }).contains('♛'));
    }
}
