//! Helpers for the unit tests of several modules.

/// The rows of the start position as a knowledge-base fact draws them (rank 8 first,
/// no file letters), as a literal so that tests can `concat!` more to it.
#[macro_export]
macro_rules! start_rows {
    () => {
        "\
  8 . b . b . b . b
  7 b . b . b . b .
  6 . b . b . b . b
  5 . . . . . . . .
  4 . . . . . . . .
  3 w . w . w . w .
  2 . w . w . w . w
  1 w . w . w . w .
"
    };
}

/// Plays the move written `text` (full-path notation) in `game`.
pub fn play(game: &mut crate::Game, text: &str) {
    let mv = text
        .parse::<crate::MoveText>()
        .unwrap()
        .resolve(game.position())
        .unwrap();
    game.play(mv).unwrap();
}

/// The position of `fen` and the moves written `texts` played from it in turn.
pub fn line(fen: &str, texts: &[&str]) -> (crate::Position, Vec<crate::Move>) {
    let position: crate::Position = fen.parse().unwrap();
    let mut at = position;
    let moves = texts
        .iter()
        .map(|text| {
            let mv = text
                .parse::<crate::MoveText>()
                .unwrap()
                .resolve(&at)
                .unwrap();
            at = at.play_unchecked(mv);
            mv
        })
        .collect();
    (position, moves)
}

/// The path of a file `name` in a fresh directory named for `what` (the file is not
/// made); the directory goes when the returned guard is dropped.
pub fn scratch_file(what: &str, name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::Builder::new()
        .prefix(&format!("shashki-{what}-"))
        .tempdir()
        .unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

/// Every position of the 56 tournament games of `tests/data/abatsiev.pdn`, in order.
pub fn game_positions() -> Vec<crate::Position> {
    let text = include_str!("../tests/data/abatsiev.pdn");
    crate::notation::pdn::read_all(text)
        .into_iter()
        .filter_map(Result::ok)
        .flat_map(|record| record.game.positions().copied().collect::<Vec<_>>())
        .collect()
}
