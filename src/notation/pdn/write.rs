//! Writing a game as PDN: its tags, then the numbered moves with their comments.

use super::{Comment, result_token};
use crate::notation::MoveNumber;
use crate::{Color, Game, MoveText, Position};

/// Writes `game` as PDN with the given tag pairs (Event, Date, White, Black, ...)
/// followed by `[Result]`, `[Termination]` (the rule or event that ended a finished
/// game), `[GameType "25"]` and, unless the game starts from the start position, `[FEN]`;
/// then the moves with the `comments` that stand within the game where they stand.
///
/// # Examples
///
/// ```
/// use shashki::notation::pdn;
/// use shashki::{Game, MoveText, Position};
///
/// let mut game = Game::new(Position::start());
/// let mv = "c3-d4".parse::<MoveText>().unwrap().resolve(game.position()).unwrap();
/// game.play(mv).unwrap();
/// let comment = pdn::Comment { ply: 1, text: "the city game".to_string() };
/// let text = pdn::write(&game, &[("Event", "casual".to_string())], &[comment]);
/// assert!(text.ends_with("1. c3-d4 {the city game} *\n"));
/// let back = pdn::read(&text).unwrap();
/// assert_eq!(back.game.moves(), game.moves());
/// assert_eq!(back.comments[0].text, "the city game");
/// ```
pub fn write(game: &Game, tags: &[(&str, String)], comments: &[Comment]) -> String {
    let result = result_token(game.outcome());
    let mut text = String::new();
    for (name, value) in tags {
        text.push_str(&tag_pair(name, value));
    }
    text.push_str(&tag_pair("Result", result));
    if let Some(outcome) = game.outcome() {
        text.push_str(&tag_pair("Termination", &outcome.to_string()));
    }
    text.push_str(&tag_pair("GameType", "25"));
    if *game.start() != Position::start() {
        text.push_str(&tag_pair("FEN", &game.start().to_fen()));
    }
    text.push('\n');

    let mut tokens = comment_words(comments, 0);
    let mut number = MoveNumber::of_ply(game.start(), 0);
    let mut position = *game.start();
    for (i, mv) in game.moves().into_iter().enumerate() {
        // A move number stays on the line of its move; Black's is written again
        // at the start and after a comment.
        let text = MoveText::from_move(&position, mv);
        let renumber = tokens
            .last()
            .is_none_or(|token: &String| token.ends_with('}'));
        tokens.push(match number.side {
            Color::White => format!("{} {text}", number.label()),
            Color::Black if renumber => format!("{} {text}", number.label()),
            Color::Black => text.to_string(),
        });
        number = number.next();
        position = position.play_unchecked(mv);
        tokens.extend(comment_words(comments, i + 1));
    }
    tokens.push(result.to_string());

    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// The words of the comments that stand after `ply` plies, braced, so that a long one
/// wraps like the moves.
fn comment_words(comments: &[Comment], ply: usize) -> Vec<String> {
    comments
        .iter()
        .filter(|comment| comment.ply == ply && !comment.text.trim().is_empty())
        .flat_map(|comment| {
            // A `}` inside would end the comment early.
            let braced = format!("{{{}}}", comment.text.replace('}', ")"));
            braced
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

fn tag_pair(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pdn::read;

    fn play_all(game: &mut Game, moves: &[&str]) {
        for text in moves {
            crate::testing::play(game, text);
        }
    }

    #[test]
    fn a_game_round_trips_with_its_tags() {
        let mut game = Game::new(Position::start());
        play_all(
            &mut game,
            &[
                "c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5", "c3-d4",
            ],
        );
        let tags = [
            ("Event", "a \"quoted\" game".to_string()),
            ("White", "Иван".to_string()),
        ];
        let text = write(&game, &tags, &[]);
        assert!(
            text.contains("[Event \"a \\\"quoted\\\" game\"]\n"),
            "{text}"
        );
        assert!(text.contains("[GameType \"25\"]"));
        assert!(!text.contains("[FEN"));
        assert!(text.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 h6-g5 4. c3-d4 *"));
        let back = read(&text).unwrap();
        assert_eq!(back.game.moves(), game.moves());
        assert_eq!(back.tag("event"), Some("a \"quoted\" game"));
        assert_eq!(back.tag("White"), Some("Иван"));
    }

    #[test]
    fn long_movetext_wraps_without_parting_a_number_from_its_move() {
        let mut game = Game::new(Position::start());
        while game.outcome().is_none() && game.moves().len() < 40 {
            let moves = game.position().legal_moves();
            game.play(moves[game.moves().len() % moves.len()]).unwrap();
        }
        let text = write(&game, &[], &[]);
        let movetext = text.split("\n\n").nth(1).unwrap();
        for line in movetext.lines() {
            assert!(line.chars().count() <= 79, "{line}");
            assert!(!line.trim_end().ends_with('.'), "{line}");
        }
        assert_eq!(read(&text).unwrap().game.moves(), game.moves());
    }

    #[test]
    fn a_game_from_a_position_with_black_to_move_keeps_its_fen() {
        let start: Position = "B:Wc3,e3:Bd6,Kh2".parse().unwrap();
        let mut game = Game::new(start);
        play_all(&mut game, &["d6-c5", "e3-f4"]);
        let text = write(&game, &[], &[]);
        assert!(text.contains("[FEN \"B:Wc3,e3:BKh2,d6\"]"), "{text}");
        assert!(text.contains("1... d6-c5 2. e3-f4 *"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(back.game.start(), &start);
        assert_eq!(back.game.position(), game.position());
    }

    #[test]
    fn comments_are_read_where_they_stand_and_written_back_there() {
        let text = "[Event \"x\"]\n{A game\n  to remember} 1. c3-d4 {the city\ngame} \
                    d6-c5 2. b2-c3 {} f6-g5 (2... c7-d6 {a variation}) *\n";
        let record = read(text).unwrap();
        let comment = |ply: usize, text: &str| Comment {
            ply,
            text: text.to_string(),
        };
        let expected = vec![
            comment(0, "A game to remember"),
            comment(1, "the city game"),
        ];
        assert_eq!(record.comments, expected);
        let written = write(&record.game, &[], &record.comments);
        assert!(
            written.contains(
                "{A game to remember} 1. c3-d4 {the city game} 1... d6-c5 2. b2-c3 f6-g5 *"
            ),
            "{written}"
        );
        assert_eq!(read(&written).unwrap().comments, expected);
    }
}
