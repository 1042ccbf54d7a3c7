//! A stand-in for `shashki::engine` until the bot's branch lands.
//!
//! The shapes follow `/work/notes/engine-interface.md` exactly, so wiring the
//! real engine is a change of `use` lines. The stand-in bot plays a move of the
//! knowledge base when one matches, else the capture that takes most, else a
//! move that gives the opponent the least to take, choosing among equals with
//! the seed.

use std::fmt;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::kb::{FactInfo, KnowledgeBase};
use crate::{Color, Game, Move};

/// How long the engine may think.
#[derive(Clone, Copy, Debug)]
pub enum Limits {
    MoveTime(Duration),
    Depth(u32),
}

/// Engine settings.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub use_kb: bool,
    pub seed: u64,
    pub hash_mb: usize,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            use_kb: true,
            seed: 0,
            hash_mb: 16,
        }
    }
}

/// A score in hundredths of a man, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score(pub i32);

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { '-' } else { '+' };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// A decided move and why.
pub struct Decision {
    pub mv: Move,
    pub source: Source,
}

/// Why the engine chose its move.
#[allow(dead_code)]
pub enum Source {
    KnowledgeBase(FactInfo),
    CombinationLine(FactInfo),
    OnlyMove,
    CaptureSearch {
        score: Score,
        nodes: u64,
    },
    Search {
        depth: u32,
        score: Score,
        nodes: u64,
        nps: u64,
        pv: Vec<Move>,
    },
}

/// A search iteration's result, for the progress line.
#[allow(dead_code)]
pub struct Progress {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
}

/// The stand-in bot.
pub struct Engine {
    rng: u64,
    kb: Option<KnowledgeBase>,
}

impl Engine {
    pub fn new(config: EngineConfig, kb: Option<KnowledgeBase>) -> Engine {
        Engine {
            rng: config.seed ^ 0x9E37_79B9_7F4A_7C15,
            kb,
        }
    }

    pub fn set_knowledge_base(&mut self, kb: Option<KnowledgeBase>) {
        self.kb = kb;
    }

    pub fn knowledge_base(&self) -> Option<&KnowledgeBase> {
        self.kb.as_ref()
    }

    pub fn new_game(&mut self) {}

    fn next(&mut self) -> u64 {
        // xorshift64*
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn choose(
        &mut self,
        game: &Game,
        limits: Limits,
        progress: &mut dyn FnMut(&Progress),
    ) -> Option<Decision> {
        let _ = limits;
        if game.outcome().is_some() {
            return None;
        }
        let position = *game.position();
        let moves = position.legal_moves();
        let mut rng = StdRng::seed_from_u64(self.rng);
        if let Some(choice) = self
            .kb
            .as_ref()
            .and_then(|kb| kb.choose(&position, &mut rng))
        {
            return Some(Decision {
                mv: choice.mv,
                source: Source::KnowledgeBase(choice.fact),
            });
        }
        if moves.len() == 1 {
            return Some(Decision {
                mv: moves[0],
                source: Source::OnlyMove,
            });
        }
        let value = |mv: Move| {
            let after = position.play_unchecked(mv);
            let threat = after
                .legal_moves()
                .iter()
                .map(|reply| reply.captured().count())
                .max()
                .unwrap_or(0);
            i64::from(mv.captured().count()) * 100 - i64::from(threat) * 100
                + i64::from(mv.promotes()) * 200
        };
        let best = moves.iter().map(|&mv| value(mv)).max()?;
        let choices: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| value(mv) == best)
            .collect();
        let index = usize::try_from(self.next() % choices.len() as u64).unwrap_or(0);
        let mv = choices[index];
        let score = Score(i32::try_from(best).unwrap_or(0));
        progress(&Progress {
            depth: 2,
            score,
            nodes: moves.len() as u64,
            elapsed: Duration::ZERO,
            pv: vec![mv],
        });
        Some(Decision {
            mv,
            source: Source::Search {
                depth: 2,
                score,
                nodes: moves.len() as u64,
                nps: 0,
                pv: vec![mv],
            },
        })
    }

    pub fn accepts_draw(&mut self, game: &Game, engine_side: Color) -> bool {
        let position = game.position();
        let material = |c: Color| position.men(c).count() + 3 * position.kings_of(c).count();
        crate::is_king_against_king(position)
            || material(engine_side) < material(engine_side.opposite())
    }
}
