//! The core's values and errors as messages in the player's language: the core keeps its
//! English `Display` for the machine interfaces, the console says the same through here.

use shashki::msg;
pub(super) use shashki::words::side;
use shashki::words::{Arg, Message, Text};

use shashki::engine::Source;

use shashki::kb::{BUILTIN_LEARNED_ORIGIN, BUILTIN_ORIGIN};
use shashki::search::Score;
use shashki::tablebase::Value;
use shashki::{Color, MoveParseError, ParseSquareError, Position};

/// `material: White 8 men, 1 king; Black 7 men`.
pub(super) fn material(position: &Position, text: &Text) -> String {
    let count = |color: Color| {
        let men = position.men(color).count();
        let kings = position.kings_of(color).count();
        let shape = match (men, kings) {
            (_, 0) => "men",
            (0, _) => "kings",
            _ => "both",
        };
        msg!(
            "material-side",
            side = side(color),
            shape = shape,
            men = men,
            kings = kings
        )
    };
    text.render(&msg!(
        "material",
        white = text.render(&count(Color::White)),
        black = text.render(&count(Color::Black))
    ))
}

/// Why `typed` is no move, in the player's own letters: the error names a reading of
/// them (`t3` for `е3`), at the same characters.
pub(super) fn typed_move_error(error: &MoveParseError, typed: &str) -> Message {
    let own = |column: usize, count: usize| -> String {
        typed
            .chars()
            .skip(column.saturating_sub(1))
            .take(count)
            .collect()
    };
    match error {
        MoveParseError::Square { column, error } => match error {
            ParseSquareError::Malformed(text) => {
                ParseSquareError::Malformed(own(*column, text.chars().count()))
            }
            ParseSquareError::LightSquare(text) => {
                ParseSquareError::LightSquare(own(*column, text.chars().count()))
            }
        }
        .message(),
        MoveParseError::Unexpected { column, .. } => {
            msg!("move-unexpected", found = own(*column, 1), column = *column)
        }
        MoveParseError::OneSquare(_) => msg!("move-one-square", square = typed.trim()),
        MoveParseError::Empty => error.message(),
    }
}

/// Where a knowledge base comes from, in words: a file's name, or the built-in base.
pub(super) fn origin(origin: &str, text: &Text) -> String {
    match origin_message(origin) {
        Arg::Message(message) => text.render(&message),
        _ => origin.to_string(),
    }
}

/// A knowledge base's origin as a message's argument: words for a built-in one, the
/// file's name as it is (never broken across lines).
pub(super) fn origin_message(origin: &str) -> Arg {
    if origin == BUILTIN_ORIGIN {
        msg!("kb-builtin").into()
    } else if origin == BUILTIN_LEARNED_ORIGIN {
        msg!("kb-builtin-learned").into()
    } else {
        origin.into()
    }
}

/// The game and move a learned fact came from, read back from its `% from` comment
/// (`self-play game 118 (seed 1), move 8: the player missed it (d2-e3)`, as `kb
/// learn` writes it) without the verdict; a comment of another shape is given as
/// written.
fn learned_place(comment: &str) -> Message {
    let place = comment.split(": ").next().unwrap_or(comment);
    let Some((game, mv)) = place.rsplit_once(", move ") else {
        return msg!("learned-elsewhere", place = place);
    };
    if let Some((number, seed)) = game
        .strip_prefix("self-play game ")
        .and_then(|rest| rest.strip_suffix(')')?.split_once(" (seed "))
    {
        msg!(
            "learned-selfplay",
            game = number,
            seed = seed,
            move_number = mv
        )
    } else if let Some(players) = game.strip_prefix("the console game ") {
        msg!("learned-console", game = players, move_number = mv)
    } else if let Some((file, rest)) = game.split_once(" game ") {
        // The details keep their space: `abatsiev.pdn game 3 (Абациев – Петров, ...)`.
        let (number, details) = rest.split_at(rest.find(' ').unwrap_or(rest.len()));
        msg!(
            "learned-file",
            file = file,
            game = number,
            details = details,
            move_number = mv
        )
    } else {
        msg!("learned-elsewhere", place = place)
    }
}

/// A score on the one scale the player reads: men (`+0.35`), or a result proven by the
/// search or the tables, in the winner's moves (`+win in 4 moves`), never as a number.
pub(super) fn score(score: Score) -> Message {
    match score.plies_to_end() {
        Some(plies) if score.is_win() => msg!("score-win", moves = moves_of(plies)),
        Some(plies) => msg!("score-loss", moves = moves_of(plies)),
        None => msg!("score-men", men = score.to_string()),
    }
}

/// An exact value as a score: a win or a loss so many plies away, or a draw.
pub(super) fn value_score(value: Value) -> Score {
    match value {
        Value::Win(plies) => Score::win_in(plies),
        Value::Loss(plies) => Score::loss_in(plies),
        Value::Draw => Score::DRAW,
    }
}

/// The moves of a game that ends `plies` plies from now, counted as the moves of the
/// side that makes the last one: 1 for a win with this move.
fn moves_of(plies: u32) -> u32 {
    plies.div_ceil(2).max(1)
}

/// Why the bot chose its move.
pub(super) fn source(source: &Source, text: &Text) -> String {
    let message = match source {
        Source::KnowledgeBase(fact) => msg!(
            "source-kb",
            name = fact.name.as_str(),
            origin = origin(&fact.origin, text),
            line = fact.line
        ),
        Source::Combination { fact, won: gain } => match fact.learned_from.first() {
            Some(first) => msg!(
                "source-proven-learned",
                name = fact.name.as_str(),
                from = text.render(&learned_place(first)),
                more = fact.learned_from.len() - 1,
                won = text.render(&gain.message())
            ),
            None => msg!(
                "source-proven",
                name = fact.name.as_str(),
                origin = origin(&fact.origin, text),
                line = fact.line,
                won = text.render(&gain.message())
            ),
        },
        Source::CombinationLine(fact) => msg!(
            "source-combination",
            name = fact.name.as_str(),
            origin = origin(&fact.origin, text),
            line = fact.line
        ),
        Source::OnlyMove => msg!("source-only-move"),
        Source::Database(value) => {
            let score = text.render(&self::score(value_score(*value)));
            msg!("source-database", score = score)
        }
        Source::CaptureSearch { score, .. } => {
            msg!(
                "source-capture-search",
                score = text.render(&self::score(*score))
            )
        }
        Source::Search { depth: 0, .. } => msg!("source-search-stopped"),
        Source::Search { depth, score, .. } => {
            msg!(
                "source-search",
                depth = *depth,
                score = text.render(&self::score(*score))
            )
        }
    };
    text.render(&message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::search::Score;
    use shashki::words::Lang;

    #[test]
    fn a_learned_fact_s_game_is_named_in_both_languages() {
        for (comment, english, russian) in [
            (
                "self-play game 118 (seed 1), move 8: the player missed it (d2-e3)",
                "self-play game 118 (seed 1), move 8",
                "партии самоигры 118 (seed 1), ход 8",
            ),
            (
                "abatsiev.pdn game 3 (Абациев – Петров, Кубок, 1975), move 21: the player found it",
                "abatsiev.pdn game 3 (Абациев – Петров, Кубок, 1975), move 21",
                "партии 3 из abatsiev.pdn (Абациев – Петров, Кубок, 1975), ход 21",
            ),
            (
                "a.pdn game 1, move 1: the player missed it (g3-h4)",
                "a.pdn game 1, move 1",
                "партии 1 из a.pdn, ход 1",
            ),
            (
                "the console game Аня – shashki, 2026.11.24, move 12: the player found it",
                "the console game Аня – shashki, 2026.11.24, move 12",
                "партии в консоли Аня – shashki, 2026.11.24, ход 12",
            ),
            (
                "a game someone typed in",
                "a game someone typed in",
                "a game someone typed in",
            ),
        ] {
            let place = learned_place(comment);
            assert_eq!(Text::new(Lang::En).render(&place), english);
            assert_eq!(Text::new(Lang::Ru).render(&place), russian);
        }
    }

    #[test]
    fn material_counts_men_and_kings_in_both_languages() {
        for (fen, english, russian) in [
            (
                shashki::START_FEN,
                "material: White 12 men; Black 12 men",
                "материал: у белых 12 шашек; у чёрных 12 шашек",
            ),
            (
                "W:Wc3,Ka1:BKh8",
                "material: White 1 man, 1 king; Black 1 king",
                "материал: у белых 1 шашка, 1 дамка; у чёрных 1 дамка",
            ),
        ] {
            let position: Position = fen.parse().unwrap();
            assert_eq!(material(&position, &Text::new(Lang::En)), english);
            assert_eq!(material(&position, &Text::new(Lang::Ru)), russian);
        }
    }

    #[test]
    fn proven_results_read_in_the_winner_s_moves_in_both_languages() {
        let english = Text::new(Lang::En);
        let russian = Text::new(Lang::Ru);
        for (value, en, ru) in [
            (Value::Win(7), "+win in 4 moves", "+выигрыш за 4 хода"),
            (Value::Win(1), "+win in 1 move", "+выигрыш за 1 ход"),
            (Value::Loss(0), "-loss in 1 move", "-проигрыш за 1 ход"),
            (Value::Loss(10), "-loss in 5 moves", "-проигрыш за 5 ходов"),
            (Value::Draw, "+0.00", "+0.00"),
        ] {
            let score = score(value_score(value));
            assert_eq!(english.render(&score), en);
            assert_eq!(russian.render(&score), ru);
        }
        assert_eq!(
            super::source(&Source::Database(Value::Win(3)), &english),
            "endgame database: +win in 2 moves"
        );
        assert_eq!(english.render(&score(Score(-35))), "-0.35");
    }

    #[test]
    fn a_search_stopped_before_depth_1_says_so() {
        let source = Source::Search {
            depth: 0,
            score: Score::DRAW,
            nodes: 0,
            nps: 0,
            pv: Vec::new(),
        };
        let text = super::source(&source, &Text::new(Lang::En));
        assert_eq!(text, "search: stopped before depth 1");
    }
}
