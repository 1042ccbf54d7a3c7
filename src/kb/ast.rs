//! The syntax of a fact, as written, with the place of every part.

use crate::{Color, MoveText, Role};

pub use crate::files::Spot;

/// What a board cell asks of its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    /// `w`: a white man.
    WhiteMan,
    /// `W`: a white king.
    WhiteKing,
    /// `b`: a black man.
    BlackMan,
    /// `B`: a black king.
    BlackKing,
    /// `.`: an empty square (and the only symbol allowed on light squares).
    Empty,
    /// `?`: anything, the square is free.
    Any,
    /// `o`: a white piece, man or king.
    AnyWhite,
    /// `x`: a black piece, man or king.
    AnyBlack,
}

impl Symbol {
    /// Every symbol with its letter, for parsing, printing and documentation.
    pub const TABLE: [(char, Symbol); 8] = [
        ('w', Symbol::WhiteMan),
        ('W', Symbol::WhiteKing),
        ('b', Symbol::BlackMan),
        ('B', Symbol::BlackKing),
        ('.', Symbol::Empty),
        ('?', Symbol::Any),
        ('o', Symbol::AnyWhite),
        ('x', Symbol::AnyBlack),
    ];

    /// Every letter a square may hold, separated by spaces (`w W b B . ? o x`), as the
    /// messages about an unknown symbol list them.
    pub fn letters() -> String {
        let letters: Vec<String> = Self::TABLE.iter().map(|(c, _)| c.to_string()).collect();
        letters.join(" ")
    }

    /// The symbol written as `letter`, if there is one.
    pub fn from_char(letter: char) -> Option<Symbol> {
        // A match rather than a search of TABLE: boards are read cell by cell.
        match letter {
            'w' => Some(Symbol::WhiteMan),
            'W' => Some(Symbol::WhiteKing),
            'b' => Some(Symbol::BlackMan),
            'B' => Some(Symbol::BlackKing),
            '.' => Some(Symbol::Empty),
            '?' => Some(Symbol::Any),
            'o' => Some(Symbol::AnyWhite),
            'x' => Some(Symbol::AnyBlack),
            _ => None,
        }
    }

    /// The letter of this symbol.
    pub fn letter(self) -> char {
        Self::TABLE
            .iter()
            .find(|(_, s)| *s == self)
            .map_or('?', |&(c, _)| c)
    }

    /// Whether a piece of `color` surely stands on a square with this symbol.
    pub fn surely(self, color: Color) -> bool {
        matches!(
            (self, color),
            (
                Symbol::WhiteMan | Symbol::WhiteKing | Symbol::AnyWhite,
                Color::White
            ) | (
                Symbol::BlackMan | Symbol::BlackKing | Symbol::AnyBlack,
                Color::Black
            )
        )
    }

    /// Whether a piece of `color` may stand on a square with this symbol.
    pub fn maybe(self, color: Color) -> bool {
        self == Symbol::Any || self.surely(color)
    }

    /// Whether a piece of `color` and `role` surely stands here.
    pub fn surely_role(self, color: Color, role: Role) -> bool {
        self == Symbol::piece(color, role)
    }

    /// Whether a piece of `color` and `role` may stand here.
    pub fn maybe_role(self, color: Color, role: Role) -> bool {
        self == Symbol::Any
            || self == Symbol::piece(color, role)
            || (self.surely(color)
                && !matches!(
                    self,
                    Symbol::WhiteMan | Symbol::WhiteKing | Symbol::BlackMan | Symbol::BlackKing
                ))
    }

    /// The symbol of one exact piece.
    pub fn piece(color: Color, role: Role) -> Symbol {
        match (color, role) {
            (Color::White, Role::Man) => Symbol::WhiteMan,
            (Color::White, Role::King) => Symbol::WhiteKing,
            (Color::Black, Role::Man) => Symbol::BlackMan,
            (Color::Black, Role::King) => Symbol::BlackKing,
        }
    }

    /// Whether the symbol fixes the square completely (a piece or empty).
    pub fn is_exact(self) -> bool {
        !matches!(self, Symbol::Any | Symbol::AnyWhite | Symbol::AnyBlack)
    }
}

/// A piece-count condition: `white 3..6`, `black kings 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountSyntax {
    /// Whose pieces are counted.
    pub side: Color,
    /// Only men or only kings; `None` counts every piece.
    pub role: Option<Role>,
    /// Fewest allowed.
    pub min: u32,
    /// Most allowed.
    pub max: u32,
    /// Where the range is written.
    pub at: Spot,
}

/// The board: 32 dark-square symbols, indexed like `Square`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSyntax {
    /// The symbol on each dark square, a1 first.
    pub cells: [Symbol; 32],
    /// Where each dark square's cell is written.
    pub spots: [Spot; 32],
    /// Where the board starts.
    pub at: Spot,
}

/// One move of a `play` line as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntax {
    /// The parsed move text.
    pub text: MoveText,
    /// Whether it was written as a capture (`:` or `x`).
    pub capture: bool,
    /// Where it is written.
    pub at: Spot,
}

/// One alternative of a `play` statement: one move, or a line of moves.
pub type AlternativeSyntax = Vec<MoveSyntax>;

/// A whole fact as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FactSyntax {
    /// The name, any text but `"`.
    pub name: String,
    /// The side to move the fact is for.
    pub side: Color,
    /// The count conditions.
    pub counts: Vec<CountSyntax>,
    /// The board mask.
    pub board: BoardSyntax,
    /// The alternatives, in the order written.
    pub alternatives: Vec<AlternativeSyntax>,
    /// The men the fact gives up on purpose (`gives N`, a gambit): the check of its move
    /// allows that much.
    pub gives: u32,
    /// A rule's priority (`priority N`, 1 to 9; 0 without it, as every fact): it is
    /// tried before the rules and patterns of lower priority.
    pub priority: u32,
    /// Where the fact starts (its `fact` keyword).
    pub at: Spot,
    /// A rule's clauses (`None` for a fact, which plays its `play` lines).
    pub rule: Option<Vec<ClauseSyntax>>,
}

impl FactSyntax {
    /// Whether every dark square is fixed, so the fact names one position (a rule never
    /// does: it is judged on the position).
    pub fn is_exact(&self) -> bool {
        self.rule.is_none() && self.board.cells.iter().all(|symbol| symbol.is_exact())
    }
}

/// A term of a rule's condition as written: a word (a square, a variable, a name), a
/// number, a move `X-Y`, a call `name(args)`, a negation, a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TermSyntax {
    Word(String, Spot),
    Number(u32, Spot),
    Move {
        from: String,
        to: String,
        capture: bool,
        at: Spot,
    },
    Call {
        name: String,
        args: Vec<TermSyntax>,
        at: Spot,
    },
    Not(Box<TermSyntax>, Spot),
    Compare {
        left: Box<TermSyntax>,
        right: Box<TermSyntax>,
        equal: bool,
        at: Spot,
    },
}

impl TermSyntax {
    /// Where it is written.
    pub fn at(&self) -> Spot {
        match self {
            TermSyntax::Word(_, at)
            | TermSyntax::Number(_, at)
            | TermSyntax::Move { at, .. }
            | TermSyntax::Call { at, .. }
            | TermSyntax::Not(_, at)
            | TermSyntax::Compare { at, .. } => *at,
        }
    }
}

/// One clause of a rule: `play FROM-TO :- GOALS` or `avoid FROM-TO :- GOALS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClauseSyntax {
    pub avoid: bool,
    pub from: String,
    pub to: String,
    pub capture: bool,
    pub goals: Vec<TermSyntax>,
    pub at: Spot,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_char_and_letter_agree_with_the_table() {
        for (letter, symbol) in Symbol::TABLE {
            assert_eq!(Symbol::from_char(letter), Some(symbol));
            assert_eq!(symbol.letter(), letter);
        }
        assert_eq!(Symbol::from_char('z'), None);
    }
}
