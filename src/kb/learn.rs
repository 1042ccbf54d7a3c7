//! Learning: a position's move remembered in the file, checked first, written atomically.

use std::fmt::Write as _;
use std::path::Path;

use super::Diagnostic;
use super::ast::Symbol;
use super::base::KbPart;
use super::choice::FactInfo;
use super::compile::Counts;
use super::editor::KbEditor;
use super::problem::Problem;
use super::provenance::Origin;
use crate::notation::Notation;
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
    let mut cells = [Symbol::Empty; 32];
    for square in Square::all() {
        if let Some(piece) = position.piece_at(square) {
            cells[square.index()] = Symbol::piece(piece.color, piece.role);
        }
    }
    // A move that is not legal is written as given and ends its line; the check names it.
    let lines: Vec<Vec<String>> = alternatives
        .iter()
        .map(|line| Notation::Full.texts(position, line))
        .collect();
    fact_text(name, position.side_to_move(), &cells, &Counts::ANY, &lines)
}

/// The text of a fact: its heading, the count ranges that say anything, the board of
/// `cells` (a1 first, as `Square` indexes them) and one `play` line per alternative.
pub fn fact_text(
    name: &str,
    side: Color,
    cells: &[Symbol; 32],
    counts: &Counts,
    alternatives: &[Vec<String>],
) -> String {
    let side_word = |color| match color {
        Color::White => "white",
        Color::Black => "black",
    };
    let mut text = format!("fact \"{name}\" for {}\n", side_word(side));
    for color in [Color::White, Color::Black] {
        for (slot, role) in ["", "men ", "kings "].iter().enumerate() {
            match counts.0[color.index()][slot] {
                (0, 12) => {}
                (min, max) if min == max => {
                    let _ = writeln!(text, "  {} {role}{min}", side_word(color));
                }
                (min, max) => {
                    let _ = writeln!(text, "  {} {role}{min}..{max}", side_word(color));
                }
            }
        }
    }
    for rank in (0..8u8).rev() {
        let _ = write!(text, "  {}", rank + 1);
        for file in 0..8u8 {
            let symbol = Square::from_coords(file, rank)
                .map_or(Symbol::Empty, |square| cells[square.index()]);
            let _ = write!(text, " {}", symbol.letter());
        }
        text.push('\n');
    }
    text.push_str("    a b c d e f g h\n");
    for line in alternatives {
        let _ = writeln!(text, "  play {}", line.join(" "));
    }
    text
}

/// What [`remember`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Remembered {
    /// The fact that now answers the position.
    pub fact: FactInfo,
    /// What changed in the file.
    pub change: Change,
}

/// How [`remember`] changed the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new exact fact was added.
    Added,
    /// The exact fact for the position was there already and now plays the move: its
    /// `play` lines as they were, and its name as it was where a new one was given.
    Updated {
        /// The old `play` lines.
        old_lines: Vec<String>,
        /// The old name, where the fact was renamed.
        old_name: Option<String>,
    },
    /// The exact fact for the position already played only the move, under that name:
    /// the file was left as it was.
    Unchanged,
}

/// Teaches the knowledge-base file at `path` to play `mv` in `position`.
///
/// When the file already holds an exact fact for the position, that fact's `play`
/// lines are replaced by `mv` (its board stays, and its name unless `name` gives
/// another), so that the bot plays what was remembered; where that changes nothing,
/// the file is not written. Otherwise an exact fact is appended, named `name` or else
/// `default_name`. A missing file starts as `seed` (the built-in base, or nothing). A
/// file that does not load now is left alone and its problems are returned; so is a
/// fact that would not check. The file is changed through [`KbEditor`]: it keeps its
/// byte-order mark, its line ending and every other byte, and the new text replaces
/// the old in one step.
pub fn remember(
    path: &Path,
    seed: &str,
    position: &Position,
    mv: Move,
    name: Option<&str>,
    default_name: &str,
) -> Result<Remembered, Vec<Diagnostic>> {
    let origin = path.display().to_string();
    if name.unwrap_or(default_name).contains(['"', '\n', '\r']) {
        return Err(vec![Diagnostic::file_error(&origin, Problem::BadFactName)]);
    }
    let mut editor = KbEditor::open(path, seed)?;
    let (base, _) = editor.base().map_err(|mut problems| {
        problems.push(Diagnostic::file_error(&origin, Problem::NothingRemembered));
        problems
    })?;
    let (fact, change) = match base.exact_fact(position) {
        Some(fact) => {
            let (text, old_lines) = replace_play_lines(editor.text(), fact.line, position, mv);
            let renamed = name.filter(|name| *name != fact.name);
            let text = match renamed {
                Some(name) => renamed_fact(&text, fact.line, name),
                None => text,
            };
            let mut now = fact.clone();
            now.part = KbPart::file(Origin::Own, path);
            if let Some(name) = renamed {
                now.name = name.to_string();
            }
            if text == editor.text() {
                return Ok(Remembered {
                    fact: now,
                    change: Change::Unchanged,
                });
            }
            editor.replace(text);
            let old_name = renamed.map(|_| fact.name.clone());
            (
                now,
                Change::Updated {
                    old_lines,
                    old_name,
                },
            )
        }
        None => {
            let name = name.unwrap_or(default_name);
            let line = editor.append(&exact_fact_text(name, position, &[vec![mv]]));
            let fact = FactInfo {
                learned_from: Vec::new(),
                proven_in: None,
                is_rule: false,
                name: name.to_string(),
                part: KbPart::file(Origin::Own, path),
                line,
            };
            (fact, Change::Added)
        }
    };
    editor.save_if(|updated| match updated.lookup(position) {
        Some((found, moves))
            if (&found.name, found.line) == (&fact.name, fact.line) && moves == [mv] =>
        {
            Ok(())
        }
        _ => Err(vec![Diagnostic::file_error(
            &origin,
            Problem::WouldNotAnswer(fact.clone()),
        )]),
    })?;
    Ok(Remembered { fact, change })
}

/// Takes the exact fact for `position` out of the knowledge-base file at `path`: the
/// fact taken out, or `None` when the file (or the file itself) has none, and is then
/// not written. The file is changed through [`KbEditor`], in one step.
pub fn forget(path: &Path, position: &Position) -> Result<Option<FactInfo>, Vec<Diagnostic>> {
    if !path.exists() {
        return Ok(None);
    }
    let mut editor = KbEditor::open(path, "")?;
    let (base, _) = editor.base()?;
    let Some(fact) = base.exact_fact(position).cloned() else {
        return Ok(None);
    };
    let lines: Vec<&str> = editor.text().split_inclusive('\n').collect();
    let start = fact.line - 1;
    let end = (start + 1..lines.len())
        .find(|&i| lines[i].trim_start().starts_with("fact"))
        .unwrap_or(lines.len());
    let text: String = lines[..start]
        .iter()
        .chain(&lines[end..])
        .copied()
        .collect();
    editor.replace(text);
    editor.save()?;
    Ok(Some(fact))
}

/// `text` with the fact headed at line `heading` named `name`.
fn renamed_fact(text: &str, heading: usize, name: &str) -> String {
    let mut renamed = String::with_capacity(text.len() + name.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        match (i + 1 == heading, line.find('"'), line.rfind('"')) {
            (true, Some(open), Some(close)) if open < close => {
                renamed.push_str(&line[..=open]);
                renamed.push_str(name);
                renamed.push_str(&line[close..]);
            }
            _ => renamed.push_str(line),
        }
    }
    renamed
}

/// `existing` with the `play` lines of the fact headed at line `heading` replaced by one
/// line playing `mv` (written for the side the fact is written for), and the old lines.
fn replace_play_lines(
    existing: &str,
    heading: usize,
    position: &Position,
    mv: Move,
) -> (String, Vec<String>) {
    let lines: Vec<&str> = existing.split_inclusive('\n').collect();
    let start = heading - 1;
    let end = (start + 1..lines.len())
        .find(|&i| lines[i].trim_start().starts_with("fact"))
        .unwrap_or(lines.len());
    let mover = match position.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let written_for_mover = lines[start]
        .rsplit_once('"')
        .is_some_and(|(_, side)| side.contains(mover));
    let play = if written_for_mover {
        MoveText::from_move(position, mv)
    } else {
        MoveText::from_move(&position.mirrored(), mv.flipped())
    };
    let mut text = String::with_capacity(existing.len());
    let mut old = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let is_play = (start..end).contains(&i) && line.trim_start().starts_with("play");
        if !is_play {
            text.push_str(line);
            continue;
        }
        if old.is_empty() {
            let ending = if line.ends_with("\r\n") { "\r\n" } else { "\n" };
            text.push_str(&format!("  play {play}{ending}"));
        }
        old.push(line.trim().to_string());
    }
    (text, old)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kb::{KnowledgeBase, Sources};
    use rand::SeedableRng;

    /// A base's path in a fresh directory, removed with the returned guard.
    fn scratch(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        crate::testing::scratch_file(&format!("kb-{name}"), "combs.txt")
    }

    #[test]
    fn remembering_keeps_the_old_bytes_and_the_new_fact_is_found_again() {
        let (_dir, path) = scratch("round-trip");
        let old = "% my base, no final newline\r\n% second line";
        std::fs::write(&path, old).unwrap();
        let position: Position = "B:Wc3,e3:Bd6,h8".parse().unwrap();
        let mv = "d6-c5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&position)
            .unwrap();
        let info = remember(&path, "", &position, mv, None, "выученный ход")
            .unwrap()
            .fact;
        assert_eq!(info.line, 4);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(old));
        let (kb, warnings) = KnowledgeBase::load(&Sources::file(&path)).unwrap();
        assert!(warnings.is_empty());
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let choice = kb.choose(&position, &mut rng).unwrap();
        assert_eq!(choice.mv, mv);
        assert_eq!(
            (&choice.fact.name, choice.fact.line),
            (&info.name, info.line)
        );
        assert_eq!(info.part.kind, Origin::Own);
        assert_eq!(choice.fact.part.origin(), path.display().to_string());
        // The same position seen from the other side is the same fact: it is updated.
        let second = remember(
            &path,
            "",
            &position.mirrored(),
            mv.flipped(),
            None,
            "второй",
        )
        .unwrap();
        assert_eq!(second.fact, info);
        assert_eq!(second.change, Change::Unchanged);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn remembering_refuses_a_bad_name_and_leaves_the_file_alone() {
        let (_dir, path) = scratch("bad-name");
        std::fs::write(&path, "% kept\n").unwrap();
        let position = Position::start();
        let mv = position.legal_moves()[0];
        assert!(remember(&path, "", &position, mv, Some("say \"hi\""), "x").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "% kept\n");
    }

    #[test]
    fn remembering_an_illegal_move_is_refused_with_its_line() {
        let (_dir, path) = scratch("illegal");
        std::fs::write(&path, "% one\n% two\n").unwrap();
        let position = Position::start();
        let black_move = "d6-c5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&position.with_side_to_move(Color::Black))
            .unwrap();
        let errors = remember(&path, "", &position, black_move, None, "нельзя").unwrap_err();
        assert_eq!(errors[0].line, 4 + 10, "{}", errors[0]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "% one\n% two\n");
    }

    const START_FACT: &str = concat!(
        "% my openings\n",
        "fact \"Начало\" for white % the start\n",
        "  8 . b . b . b . b\n",
        "  7 b . b . b . b .\n",
        "  6 . b . b . b . b\n",
        "  5 . . . . . . . .\n",
        "  4 . . . . . . . .\n",
        "  3 w . w . w . w .\n",
        "  2 . w . w . w . w\n",
        "  1 w . w . w . w .\n",
        "  play c3-d4 | e3-f4\n",
        "  play a3-b4 % a comment goes with its line\n",
        "% kept\n",
    );

    fn start_move(text: &str) -> Move {
        text.parse::<MoveText>()
            .unwrap()
            .resolve(&Position::start())
            .unwrap()
    }

    /// Remembers `mv` for the start into the base at `path`, as fact "x".
    fn remember_at_start(path: &Path, mv: &str) -> Remembered {
        remember(path, "", &Position::start(), start_move(mv), None, "x").unwrap()
    }

    #[test]
    fn an_exact_fact_for_the_position_is_updated_in_place() {
        let (_dir, path) = scratch("update");
        std::fs::write(&path, START_FACT).unwrap();
        let mv = start_move("g3-h4");
        let done = remember(&path, "", &Position::start(), mv, None, "ignored").unwrap();
        assert_eq!(done.fact.name, "Начало");
        assert_eq!(done.fact.line, 2);
        assert_eq!(
            done.change,
            Change::Updated {
                old_lines: vec![
                    "play c3-d4 | e3-f4".to_string(),
                    "play a3-b4 % a comment goes with its line".to_string()
                ],
                old_name: None
            }
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = START_FACT.replace(
            "  play c3-d4 | e3-f4\n  play a3-b4 % a comment goes with its line\n",
            "  play g3-h4\n",
        );
        assert_eq!(text, expected);
        let (kb, _) = KnowledgeBase::load(&Sources::file(&path)).unwrap();
        assert_eq!(kb.lookup(&Position::start()).unwrap().1, vec![mv]);
    }

    #[test]
    fn a_name_given_renames_the_fact_and_a_remembered_move_again_changes_nothing() {
        let (_dir, path) = scratch("rename");
        std::fs::write(&path, START_FACT).unwrap();
        let mv = start_move("g3-h4");
        let done = remember(&path, "", &Position::start(), mv, Some("Тест"), "x").unwrap();
        assert_eq!(done.fact.name, "Тест");
        assert!(matches!(
            done.change,
            Change::Updated { old_name: Some(ref old), .. } if old == "Начало"
        ));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("fact \"Тест\" for white % the start\n"),
            "{text}"
        );
        let (kb, _) = KnowledgeBase::load(&Sources::file(&path)).unwrap();
        assert_eq!(kb.lookup(&Position::start()).unwrap().0.name, "Тест");
        // The same move and name again: nothing to change, nothing written.
        for name in [Some("Тест"), None] {
            let again = remember(&path, "", &Position::start(), mv, name, "x").unwrap();
            assert_eq!(again.change, Change::Unchanged);
            assert_eq!(again.fact.name, "Тест");
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn a_fact_written_for_the_other_side_gets_the_move_in_its_own_orientation() {
        let (_dir, path) = scratch("mirrored");
        // Black to move after c3-d4, written for black; remembered from White's view of
        // the mirrored position, which is the same fact.
        let after = Position::start().play(start_move("c3-d4")).unwrap();
        let reply = "f6-g5"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&after)
            .unwrap();
        std::fs::write(&path, exact_fact_text("ответ", &after, &[vec![reply]])).unwrap();
        let seen = after.mirrored();
        let other = "g3-h4".parse::<MoveText>().unwrap().resolve(&seen).unwrap();
        remember(&path, "", &seen, other, None, "ignored").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("  play b6-a5\n"), "{text}");
        let (kb, _) = KnowledgeBase::load(&Sources::file(&path)).unwrap();
        assert_eq!(kb.lookup(&seen).unwrap().1, vec![other]);
    }

    #[test]
    fn a_base_that_does_not_load_is_left_alone() {
        let (_dir, path) = scratch("broken");
        let broken = START_FACT.replace("play a3-b4", "play a3-b5");
        std::fs::write(&path, &broken).unwrap();
        let problems = remember(
            &path,
            "",
            &Position::start(),
            start_move("g3-h4"),
            None,
            "x",
        )
        .unwrap_err();
        assert!(problems.iter().any(|p| p.line == 12), "{problems:?}");
        assert_eq!(problems.last().unwrap().problem, Problem::NothingRemembered);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
    }

    #[test]
    fn a_missing_file_starts_from_the_seed() {
        let (_dir, base) = scratch("seeded");
        let dir = base.with_file_name("nested");
        let path = dir.join("kb/combs.txt");
        let _ = std::fs::remove_dir_all(&dir);
        let mv = start_move("g3-h4");
        let done = remember(&path, START_FACT, &Position::start(), mv, None, "x").unwrap();
        assert_eq!(done.fact.line, 2);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("% my openings\n") && text.ends_with("% kept\n"));
    }

    #[test]
    fn a_crlf_base_gets_its_new_fact_with_crlf_endings() {
        let (_dir, path) = scratch("crlf");
        std::fs::write(&path, "% mine\r\n").unwrap();
        let done = remember_at_start(&path, "g3-h4");
        assert_eq!(done.fact.line, 3);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("% mine\r\n\r\nfact \"x\" for white\r\n"),
            "{text:?}"
        );
        assert!(text.ends_with("  play g3-h4\r\n"), "{text:?}");
        assert_eq!(text.matches('\n').count(), text.matches("\r\n").count());
        // Remembering again replaces the play line in place, its ending kept.
        remember_at_start(&path, "c3-d4");
        let again = std::fs::read_to_string(&path).unwrap();
        assert_eq!(again, text.replace("play g3-h4", "play c3-d4"));
    }

    #[test]
    fn a_byte_order_mark_is_kept() {
        let (_dir, path) = scratch("mark");
        std::fs::write(&path, "\u{FEFF}% mine\n").unwrap();
        remember_at_start(&path, "g3-h4");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("\u{FEFF}% mine\n\nfact \"x\""), "{text:?}");
    }
}
