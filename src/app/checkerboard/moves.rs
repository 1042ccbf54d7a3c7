//! A move as CheckerBoard describes it: its `struct CBmove`, and each jump of a capture
//! with the square it lands on and the piece it takes (also the fields of `get movelist`).

use std::ffi::c_int;

use shashki::{Move, Piece, Position, Role, Square};

use crate::board::{Coor, piece_code};

/// The most jumps CheckerBoard can hold in a move: its arrays have 12 places, and the
/// landing squares start at the second.
pub const MAX_JUMPS: usize = 11;

/// CheckerBoard's `struct CBmove`, field for field.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CbMove {
    /// The pieces captured.
    pub jumps: c_int,
    /// The piece that lands on `to`.
    pub newpiece: c_int,
    /// The piece that leaves `from`.
    pub oldpiece: c_int,
    /// Where the piece starts.
    pub from: Coor,
    /// Where it ends.
    pub to: Coor,
    /// Where it lands after each jump, from `path[1]`; `path[0]` is `from`.
    pub path: [Coor; 12],
    /// The captured pieces' squares, in the order they are jumped.
    pub del: [Coor; 12],
    /// The captured pieces.
    pub delpiece: [c_int; 12],
}

/// One jump of a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// Where the piece lands.
    pub landing: Square,
    /// The square of the piece it takes.
    pub captured: Square,
    /// The piece taken.
    pub piece: Piece,
}

/// A legal move with what CheckerBoard needs to show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described {
    /// The move.
    pub mv: Move,
    /// The piece that moves.
    pub old: Piece,
    /// The piece it is at the end (a man crowned on the way is a king).
    pub new: Piece,
    /// The jumps, in order; none for a quiet move.
    pub jumps: Vec<Jump>,
}

impl Described {
    /// `mv`, a legal move of `position`, described.
    pub fn new(position: &Position, mv: Move) -> Described {
        let old = position
            .piece_at(mv.from())
            .expect("a legal move starts on a piece");
        let new = match mv.promotes() {
            true => Piece {
                role: Role::King,
                ..old
            },
            false => old,
        };
        Described {
            mv,
            old,
            new,
            jumps: jumps(position, mv),
        }
    }

    /// The move in CheckerBoard's struct (at most [`MAX_JUMPS`] jumps of it).
    pub fn cb_move(&self) -> CbMove {
        let mut cb = CbMove {
            newpiece: piece_code(self.new),
            oldpiece: piece_code(self.old),
            from: Coor::of(self.mv.from()),
            to: Coor::of(self.mv.to()),
            ..CbMove::default()
        };
        cb.path[0] = cb.from;
        if self.jumps.is_empty() {
            cb.path[1] = cb.to;
        }
        for (i, jump) in self.jumps.iter().take(MAX_JUMPS).enumerate() {
            cb.path[i + 1] = Coor::of(jump.landing);
            cb.del[i] = Coor::of(jump.captured);
            cb.delpiece[i] = piece_code(jump.piece);
            cb.jumps = i as c_int + 1;
        }
        cb
    }
}

/// The jumps of `mv` along one of its capture paths; none for a quiet move.
fn jumps(position: &Position, mv: Move) -> Vec<Jump> {
    if !mv.is_capture() {
        return Vec::new();
    }
    let landings = position
        .capture_paths(mv.from())
        .into_iter()
        .find(|(_, path_move)| *path_move == mv)
        .map(|(landings, _)| landings)
        .unwrap_or_default();
    let mut at = mv.from();
    let mut jumps = Vec::new();
    for landing in landings {
        if let Some(captured) = between(at, landing).find(|&s| mv.captured().contains(s))
            && let Some(piece) = position.piece_at(captured)
        {
            jumps.push(Jump {
                landing,
                captured,
                piece,
            });
        }
        at = landing;
    }
    jumps
}

/// The squares strictly between `from` and `to` on their diagonal.
fn between(from: Square, to: Square) -> impl Iterator<Item = Square> {
    let (file, rank) = (i16::from(from.file()), i16::from(from.rank()));
    let df = (i16::from(to.file()) - file).signum();
    let dr = (i16::from(to.rank()) - rank).signum();
    let steps = (i16::from(to.file()) - file).abs();
    (1..steps).filter_map(move |k| {
        let f = u8::try_from(file + k * df).ok()?;
        let r = u8::try_from(rank + k * dr).ok()?;
        Square::from_coords(f, r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BLACK, KING, MAN, WHITE};
    use shashki::MoveText;

    fn described(fen: &str, text: &str) -> Described {
        let position: Position = fen.parse().unwrap();
        let mv = text
            .parse::<MoveText>()
            .unwrap()
            .resolve(&position)
            .unwrap();
        Described::new(&position, mv)
    }

    #[test]
    fn a_quiet_move_has_its_path_from_and_to() {
        let cb = described(shashki::START_FEN, "c3-d4").cb_move();
        assert_eq!(
            (cb.jumps, cb.oldpiece, cb.newpiece),
            (0, WHITE | MAN, WHITE | MAN)
        );
        assert_eq!(cb.from, Coor { x: 5, y: 5 });
        assert_eq!(cb.to, Coor { x: 4, y: 4 });
        assert_eq!(cb.path[1], cb.to);
    }

    #[test]
    fn a_capture_lists_each_landing_and_taken_piece_in_order() {
        let d = described("W:Wc3:Bd4,f6,Kd8", "c3:e5:g7");
        let landings: Vec<String> = d.jumps.iter().map(|j| j.landing.to_string()).collect();
        let taken: Vec<String> = d.jumps.iter().map(|j| j.captured.to_string()).collect();
        assert_eq!(landings, ["e5", "g7"]);
        assert_eq!(taken, ["d4", "f6"]);
        let cb = d.cb_move();
        assert_eq!(cb.jumps, 2);
        assert_eq!(cb.path[2], Coor::of("g7".parse().unwrap()));
        assert_eq!(cb.delpiece[..2], [BLACK | MAN, BLACK | MAN]);
    }

    #[test]
    fn a_man_crowned_in_a_capture_lands_a_king() {
        let d = described("W:Wd6:Be7", "d6:f8");
        assert_eq!(d.cb_move().newpiece, WHITE | KING);
        assert_eq!(d.jumps.len(), 1);
    }
}
