//! Writing a game as PDN: its tags, then the numbered moves with their comments.

use super::{Comment, result_token};
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
    let mut number = Game::new(*game.start()).move_number();
    let mut position = *game.start();
    for (i, mv) in game.moves().into_iter().enumerate() {
        // A move number stays on the line of its move; Black's is written again
        // at the start and after a comment.
        let text = MoveText::from_move(&position, mv);
        let renumber = tokens
            .last()
            .is_none_or(|token: &String| token.ends_with('}'));
        tokens.push(match position.side_to_move() {
            Color::White => format!("{number}. {text}"),
            Color::Black if renumber => format!("{number}... {text}"),
            Color::Black => text.to_string(),
        });
        if position.side_to_move() == Color::Black {
            number += 1;
        }
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
