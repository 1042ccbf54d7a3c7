//! The core's values and errors as messages in the player's language: the core keeps its
//! English `Display` for the machine interfaces, the console says the same through here.

use shashki::msg;
pub(super) use shashki::words::side;
use shashki::words::{Message, Text};

use shashki::combination::motif;
use shashki::engine::Source;

use shashki::book::BookFactName;
use shashki::kb::{KbPart, KnowledgeBase, Origin};
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

/// Where a fact or a part of a knowledge base comes from, in words: a file's name, or
/// the built-in part's.
pub(super) fn origin(part: &KbPart, text: &Text) -> String {
    text.render(&part.name())
}

/// The parts a knowledge base is read from, as a message: `kb/combs.txt +
/// kb/learned.txt`.
pub(super) fn base_origin_message(kb: &KnowledgeBase) -> Message {
    let mut parts = kb.named_parts().iter().map(KbPart::name);
    let first = parts
        .next()
        .unwrap_or_else(|| msg!("kb-builtin", part = "starter"));
    parts.fold(first, |all, part| {
        msg!("kb-plus", first = all, second = part)
    })
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
        Source::KnowledgeBase(fact) => match BookFactName::read(&fact.name) {
            // The book's own facts are named by their line and depth: worded as such.
            Some(book) if fact.part.kind == Origin::Book => msg!(
                "source-book",
                moves = book.line,
                depth = book.depth,
                origin = origin(&fact.part, text),
                line = fact.line
            ),
            _ => msg!(
                "source-kb",
                name = fact.name.as_str(),
                origin = origin(&fact.part, text),
                line = fact.line
            ),
        },
        Source::Combination {
            fact,
            won: gain,
            motifs,
        } => {
            // What kind of blow, where a motif names it.
            let won = match motifs.is_empty() {
                true => text.render(&gain.message()),
                false => text.render(&msg!(
                    "won-with-motifs",
                    won = gain.message(),
                    motifs = motif::names(motifs)
                )),
            };
            match fact.learned_from.first() {
                Some(first) => msg!(
                    "source-proven-learned",
                    name = fact.name.as_str(),
                    from = text.render(&first.place()),
                    more = fact.learned_from.len() - 1,
                    won = won
                ),
                None => msg!(
                    "source-proven",
                    name = fact.name.as_str(),
                    origin = origin(&fact.part, text),
                    line = fact.line,
                    won = won
                ),
            }
        }
        Source::KnowledgeLine { fact, proven } => msg!(
            "source-line",
            name = fact.name.as_str(),
            origin = origin(&fact.part, text),
            line = fact.line,
            combination = if *proven { "yes" } else { "no" }
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
    fn a_facts_line_is_called_a_combination_only_where_it_was_proven_one() {
        use shashki::kb::{FactInfo, KbPart, Origin};
        let fact = FactInfo {
            name: "Отыгрыш".to_string(),
            part: KbPart::file(Origin::Starter, "kb/combs.txt".as_ref()),
            line: 12,
            learned_from: Vec::new(),
            proven_in: None,
            is_rule: false,
        };
        let line = |proven, lang| {
            let source = Source::KnowledgeLine {
                fact: fact.clone(),
                proven,
            };
            self::source(&source, &Text::new(lang))
        };
        assert_eq!(
            line(false, Lang::En),
            "knowledge base line \"Отыгрыш\", kb/combs.txt:12"
        );
        assert_eq!(
            line(true, Lang::En),
            "combination \"Отыгрыш\", kb/combs.txt:12"
        );
        assert_eq!(
            line(false, Lang::Ru),
            "линия базы знаний «Отыгрыш», kb/combs.txt:12"
        );
        assert_eq!(
            line(true, Lang::Ru),
            "комбинация «Отыгрыш», kb/combs.txt:12"
        );
    }

    #[test]
    fn the_books_facts_are_worded_by_their_line_and_depth_in_the_players_language() {
        use shashki::kb::{FactInfo, KbPart, Origin};
        let source = Source::KnowledgeBase(FactInfo {
            name: "book: 1.gh4 ba5 2.hg3 (depth 19)".to_string(),
            part: KbPart::builtin(Origin::Book),
            line: 730,
            learned_from: Vec::new(),
            proven_in: None,
            is_rule: false,
        });
        assert_eq!(
            self::source(&source, &Text::new(Lang::En)),
            "opening book: 1.gh4 ba5 2.hg3, searched 19 plies deep, built-in book:730"
        );
        assert_eq!(
            self::source(&source, &Text::new(Lang::Ru)),
            "книга дебютов: 1.gh4 ba5 2.hg3, расчёт на 19 полуходов, встроенная книга \
             дебютов:730"
        );
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
