//! The knowledge base's exact facts, checked once when the base loads: on a thread of
//! their own, so that no move waits for them, and kept. On a clock that leaves a move
//! no time for a check, only the facts checked here are played.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::combination::safety::{Safety, safety};
use crate::kb::KnowledgeBase;
use crate::{Color, Move, Position};

/// The verdicts of the safety check on every first move of every exact fact, for the
/// side to move White (a fact for Black is kept mirrored), by position, move and the
/// men the fact gives on purpose.
type Verdicts = HashMap<(Position, Move, u32), Safety>;

/// The exact facts' verdicts, ready once the thread that checks them is done.
#[derive(Clone, Debug, Default)]
pub(super) struct Prechecked(Arc<OnceLock<Verdicts>>);

impl Prechecked {
    /// Starts checking `kb`'s exact facts on a thread of their own.
    pub fn start(kb: &KnowledgeBase) -> Prechecked {
        let ready = Arc::new(OnceLock::new());
        let filled = Arc::clone(&ready);
        let kb = kb.clone();
        std::thread::Builder::new()
            .name("shashki-kb-check".into())
            .spawn(move || filled.set(verdicts(&kb)))
            .map_or_else(|_| Prechecked::default(), |_| Prechecked(ready))
    }

    /// The verdict on `mv` in `position` for a fact that gives `gives` men, if it was
    /// checked when the base loaded.
    pub fn get(&self, position: &Position, mv: Move, gives: u32) -> Option<Safety> {
        let verdicts = self.0.get()?;
        let key = match position.side_to_move() {
            Color::White => (*position, mv, gives),
            Color::Black => (position.mirrored(), mv.flipped(), gives),
        };
        verdicts.get(&key).cloned()
    }

    /// Whether every exact fact has been checked.
    pub fn ready(&self) -> bool {
        self.0.get().is_some()
    }
}

/// The check of every first move of every exact fact of `kb`.
fn verdicts(kb: &KnowledgeBase) -> Verdicts {
    let mut verdicts = Verdicts::new();
    for fact in kb.facts() {
        let Some(position) = fact.exact_position() else {
            continue;
        };
        for steps in &fact.alternatives {
            if let Some(Ok(mv)) = steps.first().map(|first| first.resolve(&position)) {
                verdicts
                    .entry((position, mv, fact.gives))
                    .or_insert_with(|| safety(&position, mv, fact.gives));
            }
        }
    }
    verdicts
}
