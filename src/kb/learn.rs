//! Learning: a new exact fact appended to the file, checked first, written atomically.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use super::ast::Symbol;
use super::base::KnowledgeBase;
use super::choice::FactInfo;
use super::diagnostic::Diagnostic;
use crate::{Color, Move, MoveText, Position, Square};

/// The text of an exact fact: `position` as a board diagram and one `play`
/// line per alternative (each a move or a line of moves, legal in turn).
///
/// # Examples
///
/// ```
/// use shashki::kb::{KnowledgeBase, exact_fact_text};
/// use shashki::{MoveText, Position};
///
/// let start = Position::start();
/// let mv = "c3-d4".parse::<MoveText>().unwrap().resolve(&start).unwrap();
/// let text = exact_fact_text("Начало", &start, &[vec![mv]]);
/// assert!(text.starts_with("fact \"Начало\" for white\n  8 . b . b . b . b\n"));
/// assert!(text.ends_with("  play c3-d4\n"));
/// assert_eq!(KnowledgeBase::parse(&text, "t").unwrap().0.exact_count(), 1);
/// ```
pub fn exact_fact_text(name: &str, position: &Position, alternatives: &[Vec<Move>]) -> String {
    let side = match position.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let mut text = format!("fact \"{name}\" for {side}\n");
    for rank in (0..8u8).rev() {
        let _ = write!(text, "  {}", rank + 1);
        for file in 0..8u8 {
            let symbol = Square::from_coords(file, rank)
                .and_then(|square| position.piece_at(square))
                .map_or(Symbol::Empty, |piece| {
                    Symbol::piece(piece.color, piece.role)
                });
            let _ = write!(text, " {}", symbol.letter());
        }
        text.push('\n');
    }
    text.push_str("    a b c d e f g h\n");
    for line in alternatives {
        let mut here = *position;
        let mut written = Vec::new();
        for &mv in line {
            written.push(MoveText::from_move(&here, mv).to_string());
            // An illegal move is written as given; the check reports it.
            here = here.play(mv).unwrap_or(here);
        }
        let _ = writeln!(text, "  play {}", written.join(" "));
    }
    text
}

/// Appends an exact fact "in `position`, play `mv`" named `name` to the file
/// at `path` (created if missing). The fact is checked before anything is
/// written; the existing bytes are kept as they are; the new file replaces
/// the old one by a rename, so a reader never sees half a file.
pub fn remember(
    path: &Path,
    position: &Position,
    mv: Move,
    name: &str,
) -> Result<FactInfo, Vec<Diagnostic>> {
    let origin = path.display().to_string();
    let fail = |message: String| vec![Diagnostic::file_error(&origin, message)];
    if name.contains(['"', '\n', '\r']) {
        return Err(fail(
            "a fact name cannot contain '\"' or a line break".into(),
        ));
    }
    let existing = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(error) => return Err(fail(format!("cannot read the file: {error}"))),
    };
    let separator: &[u8] = match existing.last() {
        None => b"",
        Some(b'\n') => b"\n",
        Some(_) => b"\n\n",
    };
    let line = 1 + existing
        .iter()
        .chain(separator)
        .filter(|&&b| b == b'\n')
        .count();
    let fact = exact_fact_text(name, position, &[vec![mv]]);
    // Checked where it will stand, so that problems carry their real line numbers.
    let placed = format!("{}{fact}", "\n".repeat(line - 1));
    KnowledgeBase::parse(&placed, &origin)?;

    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map_or_else(|| "kb".into(), |n| n.to_string_lossy());
    let temporary = directory.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(&existing)?;
        file.write_all(separator)?;
        file.write_all(fact.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(fail(format!("cannot write the file: {error}")));
    }
    Ok(FactInfo {
        name: name.to_string(),
        origin,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("shashki-kb-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("combs.txt")
    }

    #[test]
    fn remembering_keeps_the_old_bytes_and_the_new_fact_is_found_again() {
        let path = scratch("round-trip");
        let old = "% my base, no final newline\r\n% second line";
        std::fs::write(&path, old).unwrap();
        let position: Position = "B:Wc3,e3:Bd6,h8".parse().unwrap();
        let mv = "d6-c5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&position)
            .unwrap();
        let info = remember(&path, &position, mv, "выученный ход").unwrap();
        assert_eq!(info.line, 4);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(old));
        let (kb, warnings) = KnowledgeBase::load(&path).unwrap();
        assert!(warnings.is_empty());
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let choice = kb.choose(&position, &mut rng).unwrap();
        assert_eq!(choice.mv, mv);
        assert_eq!(choice.fact, info);
        assert_eq!(choice.fact.origin, path.display().to_string());
        let second = remember(&path, &position.mirrored(), mv.flipped(), "второй").unwrap();
        assert_eq!(second.line, 4 + 11 + 1);
        assert!(std::fs::read_to_string(&path).unwrap().starts_with(&text));
    }

    #[test]
    fn remembering_refuses_a_bad_name_and_leaves_the_file_alone() {
        let path = scratch("bad-name");
        std::fs::write(&path, "% kept\n").unwrap();
        let position = Position::start();
        let mv = position.legal_moves()[0];
        assert!(remember(&path, &position, mv, "say \"hi\"").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "% kept\n");
    }

    #[test]
    fn remembering_an_illegal_move_is_refused_with_its_line() {
        let path = scratch("illegal");
        std::fs::write(&path, "% one\n% two\n").unwrap();
        let position = Position::start();
        let black_move = "d6-c5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&position.with_side_to_move(Color::Black))
            .unwrap();
        let errors = remember(&path, &position, black_move, "нельзя").unwrap_err();
        assert_eq!(errors[0].line, 4 + 10, "{}", errors[0]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "% one\n% two\n");
    }
}
