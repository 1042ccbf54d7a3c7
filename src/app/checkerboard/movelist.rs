//! `get movelist <fen>`: the legal moves of a position in CheckerBoard's form,
//! `movelist N,jumps,old,new,from,to[,landing,captured,piece]*;...`, squares 1 to 32.
//!
//! CheckerBoard asks `get movelist B:W1:B` when it loads an engine and takes the
//! command as supported only on the answer `movelist 0`. That position has a White man
//! on b8, which shashki's position parser refuses; but Black, to move, has no piece,
//! so it has no move, and a side to move without pieces is answered before parsing.

use std::fmt::Write;

use shashki::{FenError, Move, Position};

use crate::board::{number, piece_code};
use crate::moves::{Described, MAX_JUMPS};

/// The most moves CheckerBoard reads from the reply (its `MAXMOVES`): more would
/// overrun its list.
pub const MAX_MOVES: usize = 28;

/// The room CheckerBoard gives a reply, its end mark included.
pub const REPLY_SIZE: usize = 1024;

/// The reply to `get movelist fen`, or why `fen` is no position.
pub fn reply(fen: &str) -> Result<String, FenError> {
    if side_to_move_has_no_piece(fen) {
        return Ok("movelist 0".to_string());
    }
    let position = Position::from_fen(fen)?;
    Ok(of(&position))
}

/// The reply for `position`: its moves as CheckerBoard can hold them. Where it has more
/// than [`MAX_MOVES`], or a move of more than [`MAX_JUMPS`] captures, or the text would
/// not fit [`REPLY_SIZE`], the first moves that fit are listed (in the generator's
/// order).
pub fn of(position: &Position) -> String {
    let moves: Vec<String> = listed(position).into_iter().map(|(_, text)| text).collect();
    match moves.len() {
        0 => "movelist 0".to_string(),
        n => format!("movelist {n},{}", moves.concat()),
    }
}

/// The moves of `position` its movelist holds, each with its entry: the engine plays
/// only these, as CheckerBoard takes back a move it was not told of.
pub fn listed(position: &Position) -> Vec<(Move, String)> {
    let mut moves = Vec::new();
    let mut length = "movelist 99,".len() + 1;
    for &mv in position.legal_moves().iter() {
        let described = Described::new(position, mv);
        if described.jumps.len() > MAX_JUMPS {
            continue;
        }
        let text = entry(&described);
        if moves.len() == MAX_MOVES || length + text.len() > REPLY_SIZE {
            break;
        }
        length += text.len();
        moves.push((mv, text));
    }
    moves
}

/// One move: `jumps,old,new,from,to`, each jump's `,landing,captured,piece`, and `;`.
fn entry(described: &Described) -> String {
    let mv = described.mv;
    let mut text = format!(
        "{},{},{},{},{}",
        described.jumps.len(),
        piece_code(described.old),
        piece_code(described.new),
        number(mv.from()),
        number(mv.to())
    );
    for jump in &described.jumps {
        let _ = write!(
            text,
            ",{},{},{}",
            number(jump.landing),
            number(jump.captured),
            piece_code(jump.piece)
        );
    }
    text.push(';');
    text
}

/// Whether the side to move in the position string `fen` (`B:W1:B`) has no piece
/// listed: CheckerBoard's own check, whose pieces need not make a valid position.
fn side_to_move_has_no_piece(fen: &str) -> bool {
    let mut sections = fen.trim().split(':');
    let side = sections.next().unwrap_or("").trim().to_ascii_uppercase();
    if side != "W" && side != "B" {
        return false;
    }
    sections
        .filter_map(|list| {
            let list = list.trim();
            let color = list.get(..1)?.to_ascii_uppercase();
            Some((color, list.get(1..).unwrap_or("")))
        })
        .any(|(color, squares)| {
            color == side && squares.split(',').all(|piece| piece.trim().is_empty())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkerboard_s_probe_is_answered_movelist_0() {
        assert_eq!(reply("B:W1:B").unwrap(), "movelist 0");
        assert_eq!(reply("W:W:B1").unwrap(), "movelist 0");
    }

    #[test]
    fn the_start_lists_seven_moves_in_checkerboard_s_numbers() {
        let reply = reply("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
        let reply = reply.unwrap();
        assert!(reply.starts_with("movelist 7,"), "{reply}");
        assert_eq!(reply.matches(';').count(), 7);
        // c3-d4 is 22-18, by a White man (5).
        assert!(reply.contains("0,5,5,22,18;"), "{reply}");
    }

    #[test]
    fn a_capture_names_each_landing_and_taken_piece() {
        // c3:e5:g7 is 22 x 18 (to 15) x 11 (to 8): a Black man (6) each time.
        let reply = reply("W:W22:B18,11,K2").unwrap();
        assert_eq!(reply, "movelist 1,2,5,5,22,8,15,18,6,8,11,6;");
    }

    #[test]
    fn a_king_is_crowned_in_the_list_where_a_man_reaches_the_far_rank() {
        // a7-b8 is 5-1.
        let reply = reply("W:W5:B12").unwrap();
        assert_eq!(reply, "movelist 1,0,5,9,5,1;");
    }

    #[test]
    fn a_list_longer_than_checkerboard_holds_is_cut_to_fit() {
        let position: Position = "W:WKc3,Kh2,Ke5,Kc5,Kf2:Bh8,a7".parse().unwrap();
        assert!(position.legal_moves().len() > MAX_MOVES);
        let reply = of(&position);
        assert!(reply.starts_with("movelist 28,"), "{reply}");
        assert_eq!(reply.matches(';').count(), MAX_MOVES);
        assert!(reply.len() < REPLY_SIZE);
    }

    #[test]
    fn a_position_that_is_not_one_is_refused() {
        assert!(reply("W:W1:B5").is_err());
        assert!(reply("nonsense").is_err());
    }
}
