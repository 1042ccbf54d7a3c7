//! Facts compiled for matching: board masks as bitboards, counts as ranges,
//! everything turned to the side of the mover as White.
//!
//! A fact written for Black is mirrored once here (board turned 180 degrees,
//! colours swapped), and a position with Black to move is mirrored before it
//! is matched, so every fact serves both sides.

use super::ast::{FactSyntax, Symbol};
use super::base::KbPart;
use super::choice::FactInfo;
use super::rule::Rule;
use crate::{Bitboard, Color, MoveText, Piece, Position, Role, Square};

/// A board mask: which squares must hold white, black, kings.
///
/// A position matches when `white & care == white_wanted`, the same for
/// black, and `kings & king_care == kings_wanted`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mask {
    /// Squares whose colour (white, black or empty) is fixed.
    pub care: Bitboard,
    /// Of those, the ones that must hold a white piece.
    pub white: Bitboard,
    /// Of those, the ones that must hold a black piece.
    pub black: Bitboard,
    /// Squares whose role (king or not) is fixed.
    pub king_care: Bitboard,
    /// Of those, the ones that must hold a king.
    pub kings: Bitboard,
}

impl Mask {
    /// The mask of a written board.
    pub fn from_cells(cells: &[Symbol; 32]) -> Mask {
        let mut mask = Mask {
            care: Bitboard::EMPTY,
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            king_care: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
        };
        for square in Square::all() {
            let bit = square.bitboard();
            let symbol = cells[square.index()];
            if symbol != Symbol::Any {
                mask.care |= bit;
            }
            if symbol.surely(Color::White) {
                mask.white |= bit;
            }
            if symbol.surely(Color::Black) {
                mask.black |= bit;
            }
            match symbol {
                Symbol::WhiteMan | Symbol::BlackMan | Symbol::Empty => mask.king_care |= bit,
                Symbol::WhiteKing | Symbol::BlackKing => {
                    mask.king_care |= bit;
                    mask.kings |= bit;
                }
                Symbol::Any | Symbol::AnyWhite | Symbol::AnyBlack => {}
            }
        }
        mask
    }

    /// The symbol each square asks for, a1 first (the inverse of [`Mask::from_cells`]).
    pub fn cells(&self) -> [Symbol; 32] {
        let mut cells = [Symbol::Any; 32];
        for square in Square::all() {
            let bit = square.bitboard();
            let king = self.kings & bit == bit;
            let role_fixed = self.king_care & bit == bit;
            cells[square.index()] = if self.care & bit != bit {
                Symbol::Any
            } else if self.white & bit == bit {
                match (role_fixed, king) {
                    (false, _) => Symbol::AnyWhite,
                    (true, false) => Symbol::WhiteMan,
                    (true, true) => Symbol::WhiteKing,
                }
            } else if self.black & bit == bit {
                match (role_fixed, king) {
                    (false, _) => Symbol::AnyBlack,
                    (true, false) => Symbol::BlackMan,
                    (true, true) => Symbol::BlackKing,
                }
            } else {
                Symbol::Empty
            };
        }
        cells
    }

    /// The mask for the board turned 180 degrees with the colours swapped.
    pub fn mirrored(self) -> Mask {
        Mask {
            care: self.care.flipped(),
            white: self.black.flipped(),
            black: self.white.flipped(),
            king_care: self.king_care.flipped(),
            kings: self.kings.flipped(),
        }
    }

    /// Whether `position` fits the mask: three AND-and-compare steps.
    #[inline]
    pub fn matches(&self, position: &Position) -> bool {
        (position.pieces(Color::White) & self.care) == self.white
            && (position.pieces(Color::Black) & self.care) == self.black
            && (position.kings() & self.king_care) == self.kings
    }

    /// Whether a board with `piece` on `square` (`None`: empty) fits the mask
    /// there: [`Mask::matches`] is this test on every square at once.
    pub fn admits(&self, square: Square, piece: Option<Piece>) -> bool {
        let bit = square.bitboard();
        let on = |yes: bool| if yes { bit } else { Bitboard::EMPTY };
        let white = on(piece.is_some_and(|piece| piece.color == Color::White));
        let black = on(piece.is_some_and(|piece| piece.color == Color::Black));
        let king = on(piece.is_some_and(|piece| piece.role == Role::King));
        (white & self.care) == (self.white & bit)
            && (black & self.care) == (self.black & bit)
            && (king & self.king_care) == (self.kings & bit)
    }

    /// How many squares the mask constrains; more constrained facts are tried first.
    pub fn constrained(&self) -> u32 {
        self.care.count()
    }
}

/// Piece-count ranges: `[colour][all, men, kings] -> (min, max)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts(pub [[(u32, u32); 3]; 2]);

impl Counts {
    /// No condition at all.
    pub const ANY: Counts = Counts([[(0, 12); 3]; 2]);

    /// The slot of a role in the inner array: 0 for every piece, 1 men, 2 kings.
    pub fn slot(role: Option<Role>) -> usize {
        match role {
            None => 0,
            Some(Role::Man) => 1,
            Some(Role::King) => 2,
        }
    }

    /// The ranges of a written fact.
    pub fn from_syntax(fact: &FactSyntax) -> Counts {
        let mut counts = Counts::ANY;
        for count in &fact.counts {
            counts.0[count.side.index()][Counts::slot(count.role)] = (count.min, count.max);
        }
        counts
    }

    /// The ranges with the colours swapped.
    pub fn mirrored(self) -> Counts {
        Counts([self.0[1], self.0[0]])
    }

    /// The piece counts of `position` in the same layout: `[colour][all, men, kings]`.
    pub fn of(position: &Position) -> [[u32; 3]; 2] {
        [Color::White, Color::Black].map(|color| {
            let kings = position.kings_of(color).count();
            let all = position.count(color);
            [all, all - kings, kings]
        })
    }

    /// Whether the counts (from [`Counts::of`]) fall in every range.
    #[inline]
    pub fn admit(&self, counts: &[[u32; 3]; 2]) -> bool {
        self.0
            .iter()
            .flatten()
            .zip(counts.iter().flatten())
            .all(|(&(min, max), &n)| min <= n && n <= max)
    }
}

/// A fact ready for matching, in the orientation where the mover is White.
#[derive(Clone, Debug)]
pub struct Fact {
    /// Its name and place, for the bot to say which fact it used.
    pub info: FactInfo,
    /// Whether the board fixes every square.
    pub exact: bool,
    /// The board.
    pub mask: Mask,
    /// The count conditions.
    pub counts: Counts,
    /// The alternatives: one move, or a line (mover, reply, mover, ...).
    pub alternatives: Vec<Vec<MoveText>>,
    /// The men it gives up on purpose (`gives N`).
    pub gives: u32,
    /// A rule's priority: tried before the rules and patterns of lower priority.
    pub priority: u32,
    /// A rule's clauses: its moves are found on the position, not written.
    pub rule: Option<Rule>,
}

impl Fact {
    /// Compiles a checked fact, mirroring it if it was written for Black.
    pub fn compile(syntax: &FactSyntax, part: &KbPart) -> Fact {
        let mut mask = Mask::from_cells(&syntax.board.cells);
        let mut counts = Counts::from_syntax(syntax);
        let mut alternatives: Vec<Vec<MoveText>> = syntax
            .alternatives
            .iter()
            .map(|line| line.iter().map(|mv| mv.text.clone()).collect())
            .collect();
        if syntax.side == Color::Black {
            mask = mask.mirrored();
            counts = counts.mirrored();
            for line in &mut alternatives {
                for text in line.iter_mut() {
                    *text = flipped_text(text);
                }
            }
        }
        Fact {
            info: FactInfo {
                learned_from: Vec::new(),
                proven_in: None,
                is_rule: syntax.rule.is_some(),
                name: syntax.name.clone(),
                part: part.clone(),
                line: syntax.at.line,
            },
            exact: syntax.is_exact(),
            mask,
            counts,
            alternatives,
            gives: syntax.gives,
            priority: syntax.priority,
            // A rule with errors is never compiled: the check at load leaves it out.
            rule: syntax
                .rule
                .as_ref()
                .and_then(|clauses| Rule::compile(clauses, syntax.side).ok()),
        }
    }

    /// Whether some alternative is a line of more than one move.
    pub fn has_line(&self) -> bool {
        self.alternatives.iter().any(|line| line.len() > 1)
    }

    /// Its alternatives as text, one string a line, sorted: equal for two facts that
    /// offer the same moves in any order.
    pub fn sorted_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .alternatives
            .iter()
            .map(|line| {
                line.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        lines.sort();
        lines
    }

    /// The position an exact fact stands for, White to move (None for patterns).
    pub fn exact_key(&self) -> Option<(u32, u32, u32)> {
        self.exact
            .then_some((self.mask.white.0, self.mask.black.0, self.mask.kings.0))
    }

    /// The position of an exact fact, White to move (a fact written for Black is kept
    /// turned); `None` for a pattern.
    pub fn exact_position(&self) -> Option<Position> {
        let (white, black, kings) = self.exact_key()?;
        let (white, black, kings) = (Bitboard(white), Bitboard(black), Bitboard(kings));
        Position::from_pieces(
            [white & !kings, black & !kings],
            [white & kings, black & kings],
            Color::White,
        )
        .ok()
    }
}

/// Move text on the board turned 180 degrees (the same separators).
pub fn flipped_text(text: &MoveText) -> MoveText {
    text.flipped()
}

/// The key of a position for exact lookup.
pub fn position_key(position: &Position) -> (u32, u32, u32) {
    (
        position.pieces(Color::White).0,
        position.pieces(Color::Black).0,
        position.kings().0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(fen: &str) -> [Symbol; 32] {
        let position: Position = fen.parse().unwrap();
        let mut cells = [Symbol::Empty; 32];
        for square in Square::all() {
            if let Some(piece) = position.piece_at(square) {
                cells[square.index()] = Symbol::piece(piece.color, piece.role);
            }
        }
        cells
    }

    #[test]
    fn an_exact_mask_matches_only_its_position() {
        let mask = Mask::from_cells(&cells(crate::START_FEN));
        assert!(mask.matches(&Position::start()));
        let moved = Position::start()
            .play(Position::start().legal_moves()[0])
            .unwrap();
        assert!(!mask.matches(&moved));
        assert_eq!(mask.constrained(), 32);
    }

    #[test]
    fn any_white_and_any_black_accept_men_and_kings_of_their_colour() {
        let mut board = [Symbol::Any; 32];
        board[0] = Symbol::AnyWhite;
        board[31] = Symbol::AnyBlack;
        let mask = Mask::from_cells(&board);
        for fen in ["W:Wa1:Bh8", "W:WKa1:BKh8"] {
            assert!(mask.matches(&fen.parse().unwrap()), "{fen}");
        }
        assert!(!mask.matches(&"W:Wc1:Bh8".parse().unwrap()));
        assert!(!mask.matches(&"W:Wa1,Kh8:Bc7".parse().unwrap()));
    }

    #[test]
    fn a_mirrored_mask_matches_the_mirrored_position() {
        let position: Position = "B:Wa1,Kc3:Bh8,e5".parse().unwrap();
        let mask = Mask::from_cells(&cells("B:Wa1,Kc3:Bh8,e5"));
        assert!(mask.mirrored().matches(&position.mirrored()));
        assert!(!mask.mirrored().matches(&position));
    }

    #[test]
    fn counts_filter_by_side_and_role() {
        let mut counts = Counts::ANY;
        counts.0[0][2] = (3, 3);
        counts.0[1][0] = (1, 1);
        let of = |fen: &str| Counts::of(&fen.parse::<Position>().unwrap());
        assert!(counts.admit(&of("W:WKa1,Kc1,Ke1:BKh8")));
        assert!(!counts.admit(&of("W:WKa1,Kc1,e1:BKh8")));
        assert!(counts.mirrored().admit(&of("W:WKa1:BKh8,Kf8,Kd8")));
    }

    #[test]
    fn flipped_text_turns_every_square() {
        let text: MoveText = "c3:e5:c7".parse().unwrap();
        assert_eq!(flipped_text(&text).to_string(), "f6:d4:f2");
        assert_eq!(flipped_text(&"c3-d4".parse().unwrap()).to_string(), "f6-e5");
    }
}
