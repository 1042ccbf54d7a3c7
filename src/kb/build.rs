//! From text to [`FactSyntax`]: the pest grammar `kb.pest` and one builder per rule.
//!
//! A file is read with one set of rules: whole, and if that fails, cut into
//! chunks at the lines that start with `fact`, each parsed on its own, so a
//! syntax error in one fact does not hide the problems of the others. Every
//! problem becomes a [`Diagnostic`] with the line and column of the whole file.

use pest::Parser;
use pest::error::{Error, ErrorVariant, LineColLocation};
use pest::iterators::Pair;
use pest_derive::Parser;

use super::Diagnostic;
use super::ast::{
    AlternativeSyntax, BoardSyntax, ClauseSyntax, CountSyntax, FactSyntax, MoveSyntax, Spot,
    Symbol, TermSyntax,
};
use super::problem::{Part, Problem};
use crate::files::SourceText;
use crate::{Color, MoveParseError, MoveText, Role, Square};

/// The parser generated from `kb.pest`.
#[derive(Parser)]
#[grammar = "kb/kb.pest"]
struct KbParser;

/// Every fact of `text` that parses, and every problem found while parsing:
/// the file is parsed whole, and if that fails, chunk by chunk, so that every
/// broken fact is reported, not just the first.
pub fn parse_facts(source: &SourceText) -> (Vec<FactSyntax>, Vec<Diagnostic>) {
    let mut facts = Vec::new();
    let mut problems = Vec::new();
    if let Ok(mut pairs) = KbParser::parse(Rule::file, source.text()) {
        let mut builder = Builder {
            source,
            line_offset: 0,
            problems: &mut problems,
        };
        if let Some(file) = pairs.next() {
            for pair in file.into_inner() {
                let built = match pair.as_rule() {
                    Rule::fact => builder.build_fact(pair),
                    Rule::rule_block => builder.build_fact(pair),
                    _ => None,
                };
                facts.extend(built);
            }
        }
        return (facts, problems);
    }
    parse_chunks(source)
}

/// The facts and problems of `text`, parsed chunk by chunk.
fn parse_chunks(source: &SourceText) -> (Vec<FactSyntax>, Vec<Diagnostic>) {
    let mut facts = Vec::new();
    let mut problems = Vec::new();
    for (first_line, chunk) in chunks(source.text()) {
        let mut builder = Builder {
            source,
            line_offset: first_line - 1,
            problems: &mut problems,
        };
        match KbParser::parse(Rule::chunk, chunk) {
            Ok(mut pairs) => {
                if let Some(pair) = pairs.next()
                    && let Some(fact) = builder.build_chunk(pair)
                {
                    facts.push(fact);
                }
            }
            Err(error) => builder.report(error),
        }
    }
    (facts, problems)
}

/// The conditions of `text` (`strike(2), \\+ crowns`), in the grammar of a rule's
/// conditions, for what states conditions outside a knowledge-base file (the motifs);
/// the error in words when they do not read.
pub(crate) fn parse_goals(text: &str) -> Result<Vec<TermSyntax>, String> {
    let text = text.trim();
    let source = SourceText::new(text, "");
    let mut problems = Vec::new();
    let mut builder = Builder {
        source: &source,
        line_offset: 0,
        problems: &mut problems,
    };
    let mut pairs = KbParser::parse(Rule::goals, text).map_err(|error| error.to_string())?;
    let goals = pairs.next().ok_or_else(|| "no condition".to_string())?;
    if goals.as_str().len() != text.len() {
        return Err(format!(
            "`{}` is not a condition",
            &text[goals.as_str().len()..]
        ));
    }
    Ok(goals
        .into_inner()
        .map(|goal| builder.build_term(goal))
        .collect())
}

/// The chunks of `text` with the number of their first line: text before the
/// first fact, then one chunk per line that starts with `fact`.
fn chunks(text: &str) -> Vec<(usize, &str)> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut start_line = 1;
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        if offset > start && starts_fact(line) {
            chunks.push((start_line, &text[start..offset]));
            start = offset;
            start_line = index + 1;
        }
        offset += line.len();
    }
    chunks.push((start_line, &text[start..]));
    chunks
}

/// Whether a line opens a fact: `fact` then a space or a quote, or a heading whose
/// keyword is misspelt (a word, a space, then a name in quotes: `fakt "…" for white`), so
/// that a typo costs that one fact and not the one above it too.
pub(super) fn starts_fact(line: &str) -> bool {
    let line = line.trim_start();
    if line
        .strip_prefix("fact")
        .is_some_and(|rest| rest.starts_with([' ', '\t', '"']))
    {
        return true;
    }
    let word = line
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(line.len());
    let rest = &line[word..];
    word >= 2 && rest.starts_with([' ', '\t']) && rest.trim_start().starts_with('"')
}

/// The part of a fact a rule is to a reader: what a syntax error names in its place.
fn part(rule: &Rule) -> Part {
    match rule {
        Rule::EOI => Part::EndOfFact,
        Rule::file | Rule::chunk | Rule::fact | Rule::rule_block => Part::Fact,
        Rule::head | Rule::rule_head => Part::Heading,
        Rule::name | Rule::name_text => Part::Name,
        Rule::side => Part::Side,
        Rule::count => Part::Count,
        Rule::role => Part::Role,
        Rule::range | Rule::number => Part::Range,
        Rule::board | Rule::row => Part::Row,
        Rule::files => Part::FileLetters,
        Rule::keyword => Part::Keyword,
        Rule::play => Part::Play,
        Rule::alternative | Rule::move_text => Part::Move,
        Rule::gives => Part::Gives,
        Rule::priority => Part::Priority,
        Rule::clause | Rule::clause_kind | Rule::head_move | Rule::move_sep => Part::Clause,
        Rule::goals
        | Rule::goal
        | Rule::goal_gap
        | Rule::negated
        | Rule::comparison
        | Rule::compare
        | Rule::simple
        | Rule::move_term
        | Rule::call
        | Rule::word => Part::Condition,
        Rule::sp | Rule::gap | Rule::eol => Part::EndOfLine,
    }
}

/// A syntax error at `spot` of `line` said in a coach's words where its cause is plain:
/// a heading with no side after the name, or a move written in Cyrillic letters.
fn plainer(line: &str, spot: Spot) -> Option<(Spot, Problem)> {
    let text = line.trim_start();
    if let Some(rest) = text.strip_prefix("fact") {
        let name = rest.trim_start().strip_prefix('"')?;
        let end = name.find('"')?;
        let after = name[end + 1..].trim_start();
        if after.starts_with("for ") {
            return None;
        }
        // Just after the name's closing quote.
        let column = line[..line.len() - name.len() + end + 1].chars().count() + 1;
        let at = Spot { column, ..spot };
        return Some((at, Problem::HeadingWithoutSide));
    }
    if !text.starts_with("play") {
        return None;
    }
    let word: String = line
        .chars()
        .skip(spot.column.saturating_sub(1))
        .take_while(|c| !c.is_whitespace())
        .collect();
    let letters: String = word
        .chars()
        .filter(|c| matches!(c, 'а'..='я' | 'А'..='Я' | 'ё' | 'Ё'))
        .collect();
    match letters.is_empty() {
        true => None,
        false => Some((spot, Problem::CyrillicInMove { letters })),
    }
}

/// What a pest error says, its rules as parts.
fn syntax_problem(variant: ErrorVariant<Rule>) -> Problem {
    match variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => Problem::Syntax {
            expected: positives.iter().map(part).collect(),
            unexpected: negatives.iter().map(part).collect(),
        },
        ErrorVariant::CustomError { message } => Problem::ParserStopped(message),
    }
}

/// The state of building one chunk: where it sits and where problems go.
struct Builder<'a> {
    source: &'a SourceText<'a>,
    line_offset: usize,
    problems: &'a mut Vec<Diagnostic>,
}

impl Builder<'_> {
    /// Records a pest error, moved from chunk lines to file lines, with the rules it
    /// names kept as the parts they are (so that each language can word them).
    fn report(&mut self, error: Error<Rule>) {
        let (line, column) = match error.line_col {
            LineColLocation::Pos(at) | LineColLocation::Span(at, _) => at,
        };
        let spot = Spot {
            line: line + self.line_offset,
            column,
        };
        let (spot, problem) = match plainer(self.source.line(spot.line), spot) {
            Some(plainer) => plainer,
            None => (spot, syntax_problem(error.variant)),
        };
        self.problems
            .push(Diagnostic::error(self.source, spot, problem));
    }

    /// Records a meaning-level error on `pair`, placed by the parse's line index
    /// (`pest::error::Error::new_from_span` would count the lines from the start of
    /// the text for every message, making many messages quadratic in the file's size).
    fn fail(&mut self, pair: &Pair<Rule>, problem: Problem) {
        let spot = self.spot(pair);
        self.error_at(spot, problem);
    }

    /// Records a meaning-level error at a place inside a token.
    fn error_at(&mut self, spot: Spot, problem: Problem) {
        self.problems
            .push(Diagnostic::error(self.source, spot, problem));
    }

    /// The place of `pair` in the whole file.
    fn spot(&self, pair: &Pair<Rule>) -> Spot {
        let (line, column) = pair.line_col();
        Spot {
            line: line + self.line_offset,
            column,
        }
    }

    fn build_chunk(&mut self, pair: Pair<Rule>) -> Option<FactSyntax> {
        let fact = pair
            .into_inner()
            .find(|p| matches!(p.as_rule(), Rule::fact | Rule::rule_block))?;
        self.build_fact(fact)
    }

    /// `play FROM-TO :- GOALS` or `avoid ...`.
    fn build_clause(&mut self, pair: Pair<Rule>) -> ClauseSyntax {
        let at = self.spot(&pair);
        let mut avoid = false;
        let mut head = (String::new(), String::new(), false);
        let mut goals = Vec::new();
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::clause_kind => avoid = part.as_str() == "avoid",
                Rule::head_move => head = self.build_move_words(part),
                Rule::goals => {
                    goals = part
                        .into_inner()
                        .map(|goal| self.build_term(goal))
                        .collect();
                }
                rule => unreachable!("a clause holds no {rule:?}"),
            }
        }
        let (from, to, capture) = head;
        ClauseSyntax {
            avoid,
            from,
            to,
            capture,
            goals,
            at,
        }
    }

    /// `X-Y` or `X:Y`: its two words and whether it is a capture.
    fn build_move_words(&mut self, pair: Pair<Rule>) -> (String, String, bool) {
        let mut words = Vec::new();
        let mut capture = false;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::word => words.push(part.as_str().to_string()),
                Rule::move_sep => capture = part.as_str() == ":",
                rule => unreachable!("a move holds no {rule:?}"),
            }
        }
        let to = words.pop().unwrap_or_default();
        let from = words.pop().unwrap_or_default();
        (from, to, capture)
    }

    /// A goal or an argument.
    fn build_term(&mut self, pair: Pair<Rule>) -> TermSyntax {
        let at = self.spot(&pair);
        match pair.as_rule() {
            Rule::goal | Rule::simple => {
                let inner = pair.into_inner().next().expect("a goal holds one term");
                self.build_term(inner)
            }
            Rule::negated => {
                let inner = pair.into_inner().next().expect("a negation holds a goal");
                TermSyntax::Not(Box::new(self.build_term(inner)), at)
            }
            Rule::comparison => {
                let mut inner = pair.into_inner();
                let left = self.build_term(inner.next().expect("a left side"));
                let equal = inner.next().is_some_and(|compare| compare.as_str() == "=");
                let right = self.build_term(inner.next().expect("a right side"));
                TermSyntax::Compare {
                    left: Box::new(left),
                    right: Box::new(right),
                    equal,
                    at,
                }
            }
            Rule::move_term => {
                let (from, to, capture) = self.build_move_words(pair);
                TermSyntax::Move {
                    from,
                    to,
                    capture,
                    at,
                }
            }
            // Digits only: a number too large for a count is as wrong as any.
            Rule::number => TermSyntax::Number(pair.as_str().parse().unwrap_or(u32::MAX), at),
            Rule::call => {
                let mut inner = pair.into_inner();
                let name = inner
                    .next()
                    .map_or_else(String::new, |w| w.as_str().to_string());
                let args: Vec<TermSyntax> = inner.map(|arg| self.build_term(arg)).collect();
                match args.is_empty() {
                    true => TermSyntax::Word(name, at),
                    false => TermSyntax::Call { name, args, at },
                }
            }
            rule => unreachable!("a goal holds no {rule:?}"),
        }
    }

    /// A fact, or a rule: a heading, counts and a board (a rule may leave it out: no square
    /// fixed), then a fact's `play` lines and `gives`, or a rule's clauses.
    fn build_fact(&mut self, pair: Pair<Rule>) -> Option<FactSyntax> {
        let at = self.spot(&pair);
        let is_rule = pair.as_rule() == Rule::rule_block;
        let mut head = None;
        let mut counts = Vec::new();
        let mut board = is_rule.then_some(BoardSyntax {
            cells: [Symbol::Any; 32],
            spots: [at; 32],
            at,
        });
        let mut alternatives = Vec::new();
        let mut clauses = Vec::new();
        let mut gives = 0;
        let mut priority = 0;
        let mut complete = true;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::head | Rule::rule_head => head = Some(self.build_head(part)),
                Rule::count => match self.build_count(part) {
                    Some(count) => counts.push(count),
                    None => complete = false,
                },
                Rule::board => {
                    board = self.build_board(part);
                    complete &= board.is_some();
                }
                Rule::play => match self.build_play(part) {
                    Some(more) => alternatives.extend(more),
                    None => complete = false,
                },
                Rule::gives => match self.build_gives(part) {
                    Some(men) => gives = men,
                    None => complete = false,
                },
                Rule::priority => match self.build_priority(part) {
                    Some(number) => priority = number,
                    None => complete = false,
                },
                Rule::clause => clauses.push(self.build_clause(part)),
                rule => unreachable!("a fact holds no {rule:?}"),
            }
        }
        let (name, side) = head?;
        let board = board?;
        complete.then_some(FactSyntax {
            name,
            side,
            counts,
            board,
            alternatives,
            gives,
            priority,
            at,
            rule: is_rule.then_some(clauses),
        })
    }

    /// `gives N`: the men a gambit gives up on purpose.
    fn build_gives(&mut self, pair: Pair<Rule>) -> Option<u32> {
        let number = pair
            .into_inner()
            .find(|part| part.as_rule() == Rule::number)?;
        match number.as_str().parse::<u32>() {
            Ok(men) if men <= 12 => Some(men),
            _ => {
                self.fail(&number, Problem::GivesTooMany);
                None
            }
        }
    }

    /// `priority N`: a rule tried before those of lower priority.
    fn build_priority(&mut self, pair: Pair<Rule>) -> Option<u32> {
        let number = pair
            .into_inner()
            .find(|part| part.as_rule() == Rule::number)?;
        match number.as_str().parse::<u32>() {
            Ok(priority) if (1..=9).contains(&priority) => Some(priority),
            _ => {
                self.fail(&number, Problem::PriorityTooHigh);
                None
            }
        }
    }

    fn build_head(&mut self, pair: Pair<Rule>) -> (String, Color) {
        let mut inner = pair.into_inner();
        let (Some(name), Some(side)) = (inner.next(), inner.next()) else {
            unreachable!("head is `fact name for side`");
        };
        (self.build_name(name), self.build_side(side))
    }

    fn build_name(&mut self, pair: Pair<Rule>) -> String {
        pair.into_inner().as_str().trim().to_string()
    }

    fn build_side(&mut self, pair: Pair<Rule>) -> Color {
        match pair.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => unreachable!("side is white or black, not {other}"),
        }
    }

    fn build_count(&mut self, pair: Pair<Rule>) -> Option<CountSyntax> {
        let mut side = None;
        let mut role = None;
        let mut range = None;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::side => side = Some(self.build_side(part)),
                Rule::role => role = Some(self.build_role(part)),
                Rule::range => {
                    let at = self.spot(&part);
                    range = Some((self.build_range(part)?, at));
                }
                rule => unreachable!("a count holds no {rule:?}"),
            }
        }
        let (Some(side), Some(((min, max), at))) = (side, range) else {
            unreachable!("a count has a side and a range");
        };
        Some(CountSyntax {
            side,
            role,
            min,
            max,
            at,
        })
    }

    fn build_role(&mut self, pair: Pair<Rule>) -> Role {
        match pair.as_str() {
            "men" => Role::Man,
            "kings" => Role::King,
            other => unreachable!("role is men or kings, not {other}"),
        }
    }

    fn build_range(&mut self, pair: Pair<Rule>) -> Option<(u32, u32)> {
        let mut numbers = Vec::new();
        for number in pair.into_inner() {
            match number.as_str().parse::<u32>() {
                Ok(n) => numbers.push(n),
                Err(_) => {
                    self.fail(&number, Problem::CountTooLarge);
                    return None;
                }
            }
        }
        match numbers.as_slice() {
            [n] => Some((*n, *n)),
            [min, max] => Some((*min, *max)),
            _ => unreachable!("a range is one or two numbers"),
        }
    }

    fn build_board(&mut self, pair: Pair<Rule>) -> Option<BoardSyntax> {
        let at = self.spot(&pair);
        let mut rows = Vec::with_capacity(8);
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::files => {}
                Rule::row => rows.push(part),
                rule => unreachable!("a board holds no {rule:?}"),
            }
        }
        if rows.len() != 8 {
            let pair = rows.get(8).unwrap_or(&rows[0]).clone();
            self.fail(&pair, Problem::BoardRows(rows.len()));
            return None;
        }
        let mut board = BoardSyntax {
            cells: [Symbol::Any; 32],
            spots: [at; 32],
            at,
        };
        let mut complete = true;
        for (row, pair) in rows.into_iter().enumerate() {
            let rank = 7 - row as u8;
            complete &= self.build_row(pair.as_str(), self.spot(&pair), rank, &mut board);
        }
        complete.then_some(board)
    }

    /// The dark squares of one `row`, `written` at `start` (`rank` counted
    /// from 0), put into `board`: an optional rank label, then one character
    /// per square. Returns whether the row is sound.
    fn build_row(&mut self, written: &str, start: Spot, rank: u8, board: &mut BoardSyntax) -> bool {
        let at = |index: usize| Spot {
            line: start.line,
            column: start.column + index,
        };
        // The characters that are not blank, with their index: the first
        // nine kept (a label and eight cells), all counted. Bytes are
        // characters in an ASCII row, and quicker to walk.
        let mut kept = [('\0', 0); 9];
        let mut found = 0;
        let mut keep = |index: usize, letter: char| {
            if let Some(slot) = kept.get_mut(found) {
                *slot = (letter, index);
            }
            found += 1;
        };
        if written.is_ascii() {
            for (index, byte) in written.bytes().enumerate() {
                if !matches!(byte, b'\t'..=b'\r' | b' ') {
                    keep(index, char::from(byte));
                }
            }
        } else {
            for (index, letter) in written.chars().enumerate() {
                if !letter.is_whitespace() {
                    keep(index, letter);
                }
            }
        }
        let mut complete = true;
        let labelled = found > 0 && kept[0].0.is_ascii_digit();
        if labelled {
            let (label, index) = kept[0];
            if label.to_digit(10) != Some(u32::from(rank) + 1) {
                self.error_at(
                    at(index),
                    Problem::RankLabel {
                        rank: rank + 1,
                        label,
                    },
                );
                complete = false;
            }
        }
        let count = found - usize::from(labelled);
        let cells = &kept[usize::from(labelled)..];
        if count != 8 {
            let spot = if count == 0 { start } else { at(cells[0].1) };
            self.error_at(
                spot,
                Problem::RowSquares {
                    rank: rank + 1,
                    squares: count,
                },
            );
            return false;
        }
        for (file, &(letter, index)) in cells[..8].iter().enumerate() {
            let spot = at(index);
            let Some(symbol) = self.build_cell(letter, spot) else {
                complete = false;
                continue;
            };
            match Square::from_coords(file as u8, rank) {
                Some(square) => {
                    board.cells[square.index()] = symbol;
                    board.spots[square.index()] = spot;
                }
                None if symbol == Symbol::Empty => {}
                None => {
                    self.error_at(spot, Problem::PieceOnLightSquare);
                    complete = false;
                }
            }
        }
        complete
    }

    /// One board square's symbol (a part of `row`, not a rule of its own).
    fn build_cell(&mut self, letter: char, spot: Spot) -> Option<Symbol> {
        let symbol = Symbol::from_char(letter);
        if symbol.is_none() {
            self.error_at(spot, Problem::UnknownSymbol(letter));
        }
        symbol
    }

    fn build_play(&mut self, pair: Pair<Rule>) -> Option<Vec<AlternativeSyntax>> {
        let mut alternatives = Vec::new();
        let mut complete = true;
        for part in pair.into_inner() {
            match self.build_alternative(part) {
                Some(alternative) => alternatives.push(alternative),
                None => complete = false,
            }
        }
        complete.then_some(alternatives)
    }

    fn build_alternative(&mut self, pair: Pair<Rule>) -> Option<AlternativeSyntax> {
        let mut moves = Vec::new();
        let mut complete = true;
        for part in pair.into_inner() {
            match self.build_move_text(part) {
                Some(mv) => moves.push(mv),
                None => complete = false,
            }
        }
        complete.then_some(moves)
    }

    fn build_move_text(&mut self, pair: Pair<Rule>) -> Option<MoveSyntax> {
        let at = self.spot(&pair);
        self.read_move(pair.as_str(), at)
    }

    /// A move as written at `at`, or a problem placed on it.
    fn read_move(&mut self, written: &str, at: Spot) -> Option<MoveSyntax> {
        match written.parse::<MoveText>() {
            Ok(text) => Some(MoveSyntax {
                text,
                capture: written.contains([':', 'x', 'X']),
                at,
            }),
            Err(error) => {
                let column = match &error {
                    MoveParseError::Square { column, .. }
                    | MoveParseError::Unexpected { column, .. } => *column,
                    MoveParseError::Empty | MoveParseError::OneSquare(_) => 1,
                };
                let spot = Spot {
                    line: at.line,
                    column: at.column + column - 1,
                };
                self.error_at(spot, Problem::BadMove(error));
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = concat!(crate::start_rows!(), "    a b c d e f g h\n");

    fn parse(text: &str) -> (Vec<FactSyntax>, Vec<Diagnostic>) {
        parse_facts(&SourceText::new(text, "t.txt"))
    }

    fn one(text: &str) -> FactSyntax {
        let (mut facts, problems) = parse(text);
        assert!(problems.is_empty(), "{problems:#?}");
        assert_eq!(facts.len(), 1);
        facts.remove(0)
    }

    #[test]
    fn a_sound_file_parsed_whole_gives_what_its_chunks_give() {
        let text = include_str!("../../kb/combs.txt");
        let (whole, problems) = parse(text);
        assert!(problems.is_empty(), "{problems:#?}");
        assert_eq!(whole, parse_chunks(&SourceText::new(text, "t.txt")).0);
        assert!(whole.len() > 100);
    }

    #[test]
    fn board_shapes_get_their_messages() {
        let lines: Vec<&str> = BOARD.lines().collect();
        let (ranks, files) = (lines[..8].join("\n"), lines[8]);
        let (top, bottom) = (lines[..4].join("\n"), lines[4..8].join("\n"));
        let play = "  play c3-d4\n";
        let cases = [
            // The file letters twice above, between the rows, twice below.
            (
                format!("{files}\n{files}\n{ranks}\n"),
                Some((3, 5, "unexpected the file letters `a b c d e f g h`")),
            ),
            (
                format!("{top}\n{files}\n{bottom}\n"),
                Some((7, 3, "expected `play` and a move")),
            ),
            (
                format!("{ranks}\n{files}\n{files}\n"),
                Some((11, 5, "expected `play` and a move")),
            ),
            // Nine rows, seven rows.
            (
                format!("{}\n{ranks}\n", lines[0]),
                Some((10, 3, "the board has 9 rows; it needs 8")),
            ),
            (
                format!("{}\n", lines[1..8].join("\n")),
                Some((2, 3, "the board has 7 rows; it needs 8")),
            ),
            // A `\r` alone ends a line.
            (BOARD.replacen('\n', "\r", 1), None),
        ];
        for (board, expected) in cases {
            let text = format!("fact \"x\" for white\n{board}{play}");
            let (facts, problems) = parse(&text);
            let found = problems
                .first()
                .map(|p| (p.line, p.column, p.problem.to_string()));
            match expected {
                Some((line, column, message)) => {
                    let (l, c, m) = found.unwrap_or_else(|| panic!("no problem in {text}"));
                    assert_eq!((l, c), (line, column), "{text}");
                    assert!(m.starts_with(message), "{m}");
                }
                None => assert_eq!((found, facts.len()), (None, 1), "{text}"),
            }
        }
    }

    #[test]
    fn play_lines_are_read_as_written() {
        let cases = [
            ("play c3-d4 d6-c5 | c3-b4 % a comment", true),
            ("play c3-d4|c3-b4", true),
            ("playc3-d4", true),
            ("play\tc3xd4", true),
            ("play C3-D4", true),
            ("play c3-d4d6-c5", true),
            ("play c3x5", false),
            ("play c3-d4-", false),
            ("play c3-d4 |", false),
            ("play | c3-d4", false),
            ("play % c3-d4", false),
            ("play c3-d4 | % c3-b4", false),
            ("play c3", false),
            ("play c3-d3", false),
            ("playground", false),
        ];
        for (line, sound) in cases {
            let text = format!("fact \"x\" for white\n{BOARD}  {line}\n");
            let (facts, problems) = parse(&text);
            assert_eq!(problems.is_empty(), sound, "{line}: {problems:#?}");
            assert_eq!(facts.len(), usize::from(sound), "{line}");
        }
    }

    #[test]
    fn play_or_fact_in_a_board_comment_is_only_a_comment() {
        for word in ["play g3-h4", "fact"] {
            let board = BOARD.replacen('\n', &format!(" % {word}\n"), 3);
            let text = format!("fact \"x\" for white\n{board}  play c3-d4\n");
            let fact = one(&text);
            assert_eq!(fact.alternatives.len(), 1, "{text}");
        }
    }

    #[test]
    fn blank_lines_comments_and_crlf_inside_a_board_are_read() {
        let board = BOARD
            .replace("  5", "\n  % the middle\n\t5")
            .replace("    a b c d e f g h", "\ta  b c d e f g h % files\n    ");
        for text in [
            format!("fact \"x\" for white\n\n{board}  play c3-d4\n"),
            format!(
                "fact \"x\" for white\r\n{}  play c3-d4\r\n",
                board.replace('\n', "\r\n")
            ),
        ] {
            let plain = one(&format!("fact \"x\" for white\n{BOARD}  play c3-d4\n"));
            assert_eq!(one(&text).board.cells, plain.board.cells, "{text}");
        }
    }

    #[test]
    fn every_symbol_is_read() {
        let text = "fact \"symbols\" for white\n\
                    . w . W . b . B\n\
                    . . ? . o . x .\n\
                    . ? . ? . ? . ?\n? . ? . ? . ? .\n. ? . ? . ? . ?\n? . ? . ? . ? .\n. ? . ? . ? . ?\n? . ? . ? . ? .\nplay c1-d2\n";
        let fact = one(text);
        let at = |name: &str| fact.board.cells[name.parse::<Square>().unwrap().index()];
        assert_eq!(at("b8"), Symbol::WhiteMan);
        assert_eq!(at("d8"), Symbol::WhiteKing);
        assert_eq!(at("f8"), Symbol::BlackMan);
        assert_eq!(at("h8"), Symbol::BlackKing);
        assert_eq!(at("a7"), Symbol::Empty);
        assert_eq!(at("c7"), Symbol::Any);
        assert_eq!(at("e7"), Symbol::AnyWhite);
        assert_eq!(at("g7"), Symbol::AnyBlack);
        assert!(!fact.is_exact());
    }

    #[test]
    fn ranges_single_counts_and_roles_are_read() {
        let text = format!(
            "fact \"counts\" for black\n  white 3..6\n  black kings 1\n  white men 0..2 % comment\n{BOARD}  play b6-a5\n"
        );
        let fact = one(&text);
        let counts: Vec<_> = fact
            .counts
            .iter()
            .map(|c| (c.side, c.role, c.min, c.max))
            .collect();
        assert_eq!(
            counts,
            [
                (Color::White, None, 3, 6),
                (Color::Black, Some(Role::King), 1, 1),
                (Color::White, Some(Role::Man), 0, 2)
            ]
        );
        assert_eq!(fact.side, Color::Black);
        assert_eq!(fact.counts[0].at, Spot { line: 2, column: 9 });
    }

    #[test]
    fn comments_blank_lines_and_cyrillic_names_are_free() {
        let text = format!(
            "% a base\n\n% more\nfact \"Городская партия\" for white % the opening\n\n{BOARD}\n  % the move\n  play c3-d4 % first\n\n% end\n"
        );
        let fact = one(&text);
        assert_eq!(fact.name, "Городская партия");
        assert_eq!(fact.at, Spot { line: 4, column: 1 });
        assert!(fact.is_exact());
    }

    #[test]
    fn lines_and_alternatives_are_read_in_order() {
        let text =
            format!("fact \"x\" for white\n{BOARD}  play c3-d4 d6-c5 | c3-b4\n  play g3xh4\n");
        let fact = one(&text);
        let written: Vec<Vec<String>> = fact
            .alternatives
            .iter()
            .map(|a| a.iter().map(|m| m.text.to_string()).collect())
            .collect();
        assert_eq!(
            written,
            [vec!["c3-d4", "d6-c5"], vec!["c3-b4"], vec!["g3:h4"]]
        );
        assert!(fact.alternatives[2][0].capture);
        assert_eq!(
            fact.alternatives[0][1].at,
            Spot {
                line: 11,
                column: 14
            }
        );
    }

    #[test]
    fn a_syntax_error_in_one_fact_does_not_hide_the_next() {
        let text = format!(
            "fact \"a\" for white\n{BOARD}  play\nfact \"b\" for white\n{BOARD}  play c3-d4\nfact \"c\" for green\n"
        );
        let (facts, problems) = parse(&text);
        assert_eq!(facts.len(), 1);
        let places: Vec<_> = problems.iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(places, [(11, 7), (23, 14)]);
        assert!(
            problems[1]
                .problem
                .to_string()
                .contains("`white` or `black`"),
            "{}",
            problems[1].problem
        );
    }

    #[test]
    fn unknown_symbols_short_rows_and_light_squares_are_placed_exactly() {
        let text = "fact \"bad\" for white\n\
                    . z . ? . ? . ?\n\
                    ? . ? . ? . ?\n\
                    w ? . ? . ? . ?\n? . ? . ? . ? .\n. ? . ? . ? . ?\n? . ? . ? . ? .\n. ? . ? . ? . ?\n? . ? . ? . ? .\nplay c1-d2\n";
        let (_, problems) = parse(text);
        let found: Vec<_> = problems
            .iter()
            .map(|p| {
                (
                    p.line,
                    p.column,
                    p.problem
                        .to_string()
                        .split(';')
                        .next()
                        .unwrap_or("")
                        .to_string(),
                )
            })
            .collect();
        assert_eq!(
            found,
            [
                (2, 3, "unknown symbol 'z'".to_string()),
                (3, 1, "rank 7 has 7 squares".to_string()),
                (
                    4,
                    1,
                    "a light square must be '.': pieces stand on the dark squares only".to_string()
                ),
            ]
        );
    }

    #[test]
    fn a_board_must_have_eight_rows_and_rank_labels_in_order() {
        let text = "fact \"short\" for white\n8 . ? . ? . ? . ?\n6 ? . ? . ? . ? .\nplay c1-d2\n";
        let (_, problems) = parse(text);
        assert_eq!(problems.len(), 1);
        assert_eq!((problems[0].line, problems[0].column), (2, 1));
        assert!(
            problems[0]
                .problem
                .to_string()
                .starts_with("the board has 2 rows")
        );
        let text = format!(
            "fact \"labels\" for white\n{}  play c3-d4\n",
            BOARD.replace("  6", "  5")
        );
        let (_, problems) = parse(&text);
        assert_eq!((problems[0].line, problems[0].column), (4, 3));
        assert!(
            problems[0]
                .problem
                .to_string()
                .starts_with("this row is rank 6, not 5")
        );
    }

    #[test]
    fn a_bad_square_in_a_move_is_placed_on_the_square() {
        let text = format!("fact \"m\" for white\n{BOARD}  play c3-d3\n");
        let (_, problems) = parse(&text);
        assert_eq!((problems[0].line, problems[0].column), (11, 11));
        assert!(problems[0].problem.to_string().contains("light square"));
    }

    #[test]
    fn a_misspelt_play_is_an_error_on_its_own_line_not_a_board_row() {
        let text = format!(
            "fact \"x\" for white\n{}  plya c3-d4\n",
            crate::start_rows!()
        );
        let (facts, problems) = parse(&text);
        assert!(facts.is_empty());
        assert_eq!(
            (problems[0].line, problems[0].column),
            (10, 3),
            "{problems:?}"
        );
    }

    #[test]
    fn syntax_problems_read_as_pest_words_them_with_the_rules_renamed() {
        let broken = [
            "fact".to_string(),
            "fact \"x\" for purple\n".to_string(),
            "fact \"x for white\n".to_string(),
            "play c3-d4\n".to_string(),
            "fact \"x\" for white\n  white\n".to_string(),
            "fact \"x\" for white\n  white men x\n".to_string(),
            format!("fact \"x\" for white\n{BOARD}"),
            format!("fact \"x\" for white\n{BOARD}  play\n"),
            format!("fact \"x\" for white\n{BOARD}  play c3-d4 |\n"),
            format!("fact \"x\" for white\n{BOARD}  play c3-d4 !\n"),
            format!("fact \"x\" for white\n  a b c d e f g h\n  a b c d e f g h\n{BOARD}"),
            "fact \"x\" for white\n  play c3-d4\n".to_string(),
            format!(
                "fact \"x\" for white\n{}  plya c3-d4\n",
                crate::start_rows!()
            ),
        ];
        let mut kinds = std::collections::HashSet::new();
        for text in &broken {
            let error = KbParser::parse(Rule::chunk, text).expect_err(text);
            let renamed = error
                .clone()
                .renamed_rules(|rule| part(rule).to_string())
                .variant
                .message()
                .into_owned();
            let problem = syntax_problem(error.variant);
            assert_eq!(problem.to_string(), renamed, "{text:?}");
            if let Problem::Syntax {
                expected,
                unexpected,
            } = problem
            {
                kinds.insert((expected.len().min(3), unexpected.is_empty()));
            }
        }
        // Lists of one, two and more parts, and found parts, are all met.
        assert!(kinds.len() >= 4, "{kinds:?}");
    }
}
