//! Which fact wins where two files name one position: the knowledge base's own
//! facts (the file and its learned facts) come before an opening book's, so where
//! both have an exact fact for a position the book's is never played. The book
//! leaves such positions out; a book built against another base may not, and these
//! warnings say where.

use super::Diagnostic;
use super::base::KnowledgeBase;
use super::compile::{Counts, Mask};
use super::hash::FastMap;
use super::problem::Problem;
use crate::files::{SourceText, Spot};

/// A warning at the heading of every exact fact of `book` (whose text is `source`)
/// for a position that an exact fact of `earlier` names with other moves.
pub fn overruled(
    book: &KnowledgeBase,
    source: &SourceText,
    earlier: &KnowledgeBase,
) -> Vec<Diagnostic> {
    let mut first: FastMap<(Mask, Counts), usize> = FastMap::default();
    for (index, fact) in earlier.facts().iter().enumerate() {
        if fact.exact {
            first.entry((fact.mask, fact.counts)).or_insert(index);
        }
    }
    book.facts()
        .iter()
        .filter(|fact| fact.exact)
        .filter_map(|fact| {
            let winner = &earlier.facts()[*first.get(&(fact.mask, fact.counts))?];
            (winner.sorted_lines() != fact.sorted_lines()).then(|| {
                let heading = source.line(fact.info.line);
                let column = 1 + heading.chars().take_while(|c| c.is_whitespace()).count();
                let spot = Spot {
                    line: fact.info.line,
                    column,
                };
                Diagnostic::warning(source, spot, Problem::OverruledBy(winner.info.clone()))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = crate::start_rows!();

    fn base(text: &str, origin: &str) -> KnowledgeBase {
        KnowledgeBase::parse(text, origin).unwrap().0
    }

    #[test]
    fn a_book_fact_with_other_moves_than_the_base_is_a_warning_at_its_heading() {
        let earlier = base(
            &format!("fact \"Начало\" for white\n{START}  play c3-d4\n"),
            "combs.txt",
        );
        let text = format!("% a book\nfact \"book: start\" for white\n{START}  play g3-h4\n");
        let book = base(&text, "book.txt");
        let found = overruled(&book, &SourceText::new(&text, "book.txt"), &earlier);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].line, found[0].column), (2, 1));
        assert_eq!(
            found[0].to_string(),
            "book.txt:2:1: warning: \"Начало\" (combs.txt:1) has this position with other \
             moves, and it is the one played\nfact \"book: start\" for white\n^"
        );
    }

    #[test]
    fn the_same_moves_or_another_position_say_nothing() {
        let earlier = base(
            &format!("fact \"Начало\" for white\n{START}  play c3-d4 | g3-h4\n"),
            "c",
        );
        let same = format!("fact \"b\" for white\n{START}  play g3-h4 | c3-d4\n");
        let book = base(&same, "b");
        assert!(overruled(&book, &SourceText::new(&same, "b"), &earlier).is_empty());
        let other = START
            .replace("3 w . w", "3 w . .")
            .replace("4 . . . .", "4 . . . w");
        let elsewhere = format!("fact \"b\" for black\n{other}  play f6-g5\n");
        let book = base(&elsewhere, "b");
        assert!(overruled(&book, &SourceText::new(&elsewhere, "b"), &earlier).is_empty());
    }
}
