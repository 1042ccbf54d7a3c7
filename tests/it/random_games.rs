//! Seeded random games: at every position the generator's output obeys the rules' invariants,
//! copy-make changes exactly the squares a move names, and every move survives notation.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shashki::{Bitboard, Color, Move, MoveList, MoveText, Position};

const GAMES: u64 = 200;
const MAX_PLIES: usize = 150;

fn assert_valid(position: &Position) {
    let white = position.pieces(Color::White);
    let black = position.pieces(Color::Black);
    assert!(
        (white & black).is_empty(),
        "a square of both colours: {position:?}"
    );
    assert_eq!(
        position.kings() & !(white | black),
        Bitboard::EMPTY,
        "a king without a piece"
    );
    assert!(
        (position.men(Color::White) & Bitboard::rank(7)).is_empty(),
        "uncrowned white man"
    );
    assert!(
        (position.men(Color::Black) & Bitboard::rank(0)).is_empty(),
        "uncrowned black man"
    );
    assert!(white.count() <= 12 && black.count() <= 12);
}

/// Playing `mv` must move one piece from `from` to `to` and remove exactly `captured`.
fn assert_copy_make(before: &Position, mv: Move, after: &Position) {
    let side = before.side_to_move();
    let us_before = before.pieces(side);
    let us_after = after.pieces(side);
    assert_eq!(
        us_after,
        (us_before & !mv.from().bitboard()) | mv.to().bitboard(),
        "mover {mv:?}"
    );
    let them_before = before.pieces(side.opposite());
    assert_eq!(
        after.pieces(side.opposite()),
        them_before & !mv.captured(),
        "captured {mv:?}"
    );
    assert_eq!(after.side_to_move(), side.opposite());
    let was_king = before.kings().contains(mv.from());
    assert_eq!(
        after.kings().contains(mv.to()),
        was_king || mv.promotes(),
        "crowning {mv:?}"
    );
    let others = !(mv.from().bitboard() | mv.to().bitboard() | mv.captured());
    assert_eq!(
        after.kings() & others,
        before.kings() & others,
        "bystanders unchanged {mv:?}"
    );
}

fn identities(moves: &MoveList) -> HashSet<(usize, usize, u32)> {
    moves
        .iter()
        .map(|mv| (mv.from().index(), mv.to().index(), mv.captured().0))
        .collect()
}

fn check_position(position: &Position) {
    assert_valid(position);
    assert_eq!(
        position.to_fen().parse::<Position>().as_ref(),
        Ok(position),
        "FEN round trip"
    );

    let moves = position.legal_moves();
    assert_eq!(
        identities(&moves).len(),
        moves.len(),
        "duplicate moves in {position:?}"
    );
    let captures = moves.iter().any(|mv| mv.is_capture());
    assert!(
        !captures || moves.iter().all(|mv| mv.is_capture()),
        "capture not enforced"
    );
    assert_eq!(
        position.has_capture(),
        captures,
        "has_capture in {position:?}"
    );

    // The rules are symmetric: the mirrored position has the mirrored moves.
    let mirrored: HashSet<_> = identities(&position.mirrored().legal_moves());
    let flipped: MoveList = {
        let mut list = MoveList::new();
        moves.iter().for_each(|mv| list.push(mv.flipped()));
        list
    };
    assert_eq!(
        mirrored,
        identities(&flipped),
        "mirror symmetry in {position:?}"
    );

    for &mv in moves.iter() {
        let after = position.play(mv).expect("generated moves are legal");
        assert_copy_make(position, mv, &after);
        let text = MoveText::from_move(position, mv).to_string();
        let parsed: MoveText = text.parse().expect("own notation parses");
        assert_eq!(parsed.resolve(position), Ok(mv), "{text} in {position:?}");
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let mut positions = 0;
    let mut with_kings = 0;
    for seed in 0..GAMES {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = Position::start();
        for _ in 0..MAX_PLIES {
            check_position(&position);
            positions += 1;
            with_kings += usize::from(position.kings().any());
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    // Random games are short, but they must reach king endings to test the flying rules.
    assert!(
        positions > 5_000 && with_kings > 1_000,
        "{positions} positions, {with_kings} with kings"
    );
}
