//! The forcing tree behind a combination: the attacker sacrifices and captures,
//! the defender answers with every move the rules leave it, until the captures
//! settle.
//!
//! Who may do what at a node:
//!
//! - **On the line** (every move so far was the line's): the attacker plays the
//!   line's move (a line move that is not legal fails the tree); the defender may
//!   play any legal move, and one the line does not expect leaves the line.
//! - **Off the line** (after a defence the line does not expect, or after its last
//!   move): a side that must capture makes every capture (the attacker chooses
//!   one, the defender may make any). A side without a capture may stop: the
//!   captures have settled and the material is counted. Before stopping, the
//!   attacker may also give up another man (a quiet move after which the defender
//!   must capture) or crown a man, while its quiet moves last; the defender may
//!   crown a man, which can spoil the count.
//!
//! The attacker has at most [`QUIET_MOVES`] quiet moves in all, on and off the
//! line, so every tree is finite (captures take pieces off, crowning is once a man).

use crate::eval::Material;
use crate::{Color, Move, MoveList, Position};

/// The worth of a won game (the defender has no move left), in material points
/// ([`Material::COMBINATION`]).
pub const GAME: i32 = 10_000;
/// What a combination must win at least: a man, net, once the captures settle.
pub const MIN_GAIN: i32 = Material::COMBINATION.man;
/// The attacker's quiet moves (sacrifices, crownings) in a combination, at most.
pub const QUIET_MOVES: u32 = 4;
/// The defender's sacrifices (counter-blows) after the line, at most.
pub const COUNTER_MOVES: u32 = 2;
/// Nodes a tree may take before the search gives up (and nothing is proven).
pub const NODE_LIMIT: u64 = 200_000;

/// Where a node stands: how far along the line, and the attacker's quiet moves left.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    /// The index of the next line move while every move so far was the line's.
    line: Option<usize>,
    quiet_left: u32,
    /// The defender's sacrifices left, once off the line.
    counters_left: u32,
    /// The attacker's quiet moves that force nothing but threaten (a man attacked that
    /// cannot be saved), off the line: none in a combination, one in the safety check.
    threats_left: u32,
    /// The attacker has just threatened: the defender must answer with a move.
    answering: bool,
}

impl Place {
    /// The root: at the line's start, every quiet move still to make.
    pub const ROOT: Place = Place {
        line: Some(0),
        quiet_left: QUIET_MOVES,
        counters_left: COUNTER_MOVES,
        threats_left: 0,
        answering: false,
    };

    /// The root of the safety check: as [`Place::ROOT`], and the attacker may also make
    /// one threat.
    pub const THREAT_ROOT: Place = Place {
        threats_left: 1,
        ..Place::ROOT
    };

    /// The place after the first `plies` moves of `line`, every one of them played:
    /// still on the line (off it when `plies` is its length), with the attacker's quiet
    /// moves and the defender's sacrifices among them spent.
    pub fn along(line: &[Move], plies: usize) -> Place {
        let played = &line[..plies];
        let spent = |moves: &mut dyn Iterator<Item = &Move>, counts: fn(&Move) -> bool| {
            moves.filter(|mv| counts(mv)).count() as u32
        };
        let quiet = spent(&mut played.iter().step_by(2), |mv| !mv.is_capture());
        let counters = spent(&mut played.iter().skip(1).step_by(2), |mv| {
            !mv.is_capture() && !mv.promotes()
        });
        Place {
            line: Some(plies),
            quiet_left: QUIET_MOVES.saturating_sub(quiet),
            counters_left: COUNTER_MOVES.saturating_sub(counters),
            ..Place::ROOT
        }
    }

    /// Whether the attacker may still make a quiet move here.
    pub fn has_quiet_left(&self) -> bool {
        self.quiet_left > 0
    }
}

/// The moves of a node in the forcing tree and the value of stopping there, if the
/// side to move may stop.
struct Node {
    children: Vec<(Move, Place)>,
    stop: Option<i32>,
    /// Neither a move nor a stop: the side to move has lost (or the line is broken).
    dead: i32,
}

/// A search of the forcing tree from one root.
pub(super) struct Forcing<'a> {
    attacker: Color,
    /// What the pieces are worth in the count.
    material: Material,
    root_balance: i32,
    line: &'a [Move],
    /// Nodes the search may take before it gives up.
    limit: u64,
    pub nodes: u64,
    pub exhausted: bool,
    /// The moves of the node being expanded, their memory kept between nodes.
    moves: MoveList,
    /// Lists of children done with, their memory kept for the nodes to come.
    spare: Vec<Vec<(Move, Place)>>,
}

impl<'a> Forcing<'a> {
    /// A search from `root` (the attacker to move) that follows `line` (the attacker's
    /// moves and the replies it expects, alternately, on the real board).
    pub fn new(root: &Position, line: &'a [Move]) -> Forcing<'a> {
        let attacker = root.side_to_move();
        Forcing {
            attacker,
            material: Material::COMBINATION,
            root_balance: Material::COMBINATION.balance(root, attacker),
            line,
            limit: NODE_LIMIT,
            nodes: 0,
            exhausted: false,
            moves: MoveList::new(),
            spare: Vec::new(),
        }
    }

    /// The same search giving up after `limit` nodes instead of [`NODE_LIMIT`].
    pub fn within(self, limit: u64) -> Forcing<'a> {
        Forcing { limit, ..self }
    }

    /// The same search counting the pieces of `root` (its root) at `material`'s worth.
    pub fn counting(self, root: &Position, material: Material) -> Forcing<'a> {
        Forcing {
            material,
            root_balance: material.balance(root, self.attacker),
            ..self
        }
    }

    /// The material the attacker has won at `position` since the root.
    pub fn gain(&self, position: &Position) -> i32 {
        self.material.balance(position, self.attacker) - self.root_balance
    }

    fn expand(&mut self, position: &Position, place: Place) -> Node {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.exhausted = true;
        }
        let mut moves = std::mem::take(&mut self.moves);
        position.generate_moves(&mut moves);
        let node = self.expand_among(position, place, &moves);
        self.moves = moves;
        node
    }

    /// [`Forcing::expand`] with the legal `moves` of `position` given.
    fn expand_among(&mut self, position: &Position, place: Place, moves: &MoveList) -> Node {
        let attacking = position.side_to_move() == self.attacker;
        let lost = if attacking { -GAME } else { GAME };
        let mut node = Node {
            children: self.spare.pop().unwrap_or_default(),
            stop: None,
            dead: lost,
        };
        if moves.is_empty() || self.exhausted {
            return node;
        }
        let on_line = place.line.filter(|&index| index < self.line.len());
        if let Some(index) = on_line {
            let follows = |mv: Move| Place {
                line: (mv == self.line[index]).then_some(index + 1),
                ..place
            };
            if attacking {
                let mv = self.line[index];
                // A line move that is not legal here breaks the combination.
                node.dead = -GAME;
                if moves.contains(&mv) {
                    // A written line may hold more quiet moves than a found one: none are left then.
                    let quiet_left = place.quiet_left.saturating_sub(u32::from(!mv.is_capture()));
                    node.children.push((
                        mv,
                        Place {
                            line: Some(index + 1),
                            quiet_left,
                            ..place
                        },
                    ));
                }
            } else {
                node.children
                    .extend(moves.iter().map(|&mv| (mv, follows(mv))));
            }
            return node;
        }
        let off_line = Place {
            line: None,
            answering: false,
            ..place
        };
        if moves[0].is_capture() {
            node.children.extend(moves.iter().map(|&mv| (mv, off_line)));
            return node;
        }
        // A threat is answered by any move: the defender may not stop before it.
        if !attacking && place.answering {
            node.children.extend(moves.iter().map(|&mv| (mv, off_line)));
            return node;
        }
        node.stop = Some(self.gain(position));
        // Quiet moves that force: a crowning, or a man given up (the other side must take).
        let forcing = |mv: &Move| mv.promotes() || position.play_unchecked(*mv).has_capture();
        if attacking {
            let given_up = Place {
                quiet_left: place.quiet_left.saturating_sub(1),
                ..off_line
            };
            let threat = Place {
                threats_left: place.threats_left.saturating_sub(1),
                answering: true,
                ..off_line
            };
            // Each move tried once: those that force first, then the threats.
            let mut threats = Vec::new();
            if place.quiet_left > 0 || place.threats_left > 0 {
                for &mv in moves.iter() {
                    if forcing(&mv) {
                        if place.quiet_left > 0 {
                            node.children.push((mv, given_up));
                        }
                    } else if place.threats_left > 0 {
                        threats.push((mv, threat));
                    }
                }
            }
            node.children.append(&mut threats);
        } else {
            // The defender may crown, and answer with a counter-blow while it has some left.
            let after = |mv: &Move| Place {
                counters_left: place.counters_left - u32::from(!mv.promotes()),
                ..off_line
            };
            node.children.extend(
                moves
                    .iter()
                    .filter(|mv| mv.promotes() || place.counters_left > 0)
                    .filter(|mv| forcing(mv))
                    .map(|mv| (*mv, after(mv))),
            );
        }
        node
    }

    /// The value of `position` for the attacker with best play in the tree, within
    /// `alpha`..`beta`, and the line that reaches it.
    pub fn value(
        &mut self,
        position: &Position,
        place: Place,
        mut alpha: i32,
        mut beta: i32,
    ) -> (i32, Vec<Move>) {
        let node = self.expand(position, place);
        if node.children.is_empty() {
            return (node.stop.unwrap_or(node.dead), Vec::new());
        }
        let attacking = position.side_to_move() == self.attacker;
        if let Some(stop) = node.stop {
            if attacking {
                alpha = alpha.max(stop);
            } else {
                beta = beta.min(stop);
            }
            if alpha >= beta {
                return (stop, Vec::new());
            }
        }
        let mut best = if attacking { -GAME - 1 } else { GAME + 1 };
        let mut best_line = Vec::new();
        for (mv, place) in node.children {
            let (value, rest) = self.value(&position.play_unchecked(mv), place, alpha, beta);
            if (attacking && value > best) || (!attacking && value < best) {
                best = value;
                best_line = std::iter::once(mv).chain(rest).collect();
                if attacking {
                    alpha = alpha.max(value);
                } else {
                    beta = beta.min(value);
                }
            }
            if alpha >= beta || self.exhausted {
                break;
            }
        }
        match node.stop {
            Some(stop) if (attacking && stop >= best) || (!attacking && stop <= best) => {
                (stop, Vec::new())
            }
            _ => (best, best_line),
        }
    }

    /// The proof tree that the attacker wins at least `threshold` from `position`:
    /// its size in nodes and its depth in plies, or `None` when there is none.
    pub fn proof(&mut self, position: &Position, place: Place, threshold: i32) -> Option<Tree> {
        let mut node = self.expand(position, place);
        let tree = self.prove(position, &node, threshold);
        node.children.clear();
        self.spare.push(node.children);
        tree
    }

    /// [`Forcing::proof`] at a node expanded.
    fn prove(&mut self, position: &Position, node: &Node, threshold: i32) -> Option<Tree> {
        let attacking = position.side_to_move() == self.attacker;
        let leaf = Tree { size: 1, depth: 0 };
        if node.children.is_empty() {
            let value = node.stop.unwrap_or(node.dead);
            return (value >= threshold).then_some(leaf);
        }
        if attacking {
            if node.stop.is_some_and(|stop| stop >= threshold) {
                return Some(leaf);
            }
            node.children.iter().find_map(|&(mv, place)| {
                let tree = self.proof(&position.play_unchecked(mv), place, threshold)?;
                Some(tree.below())
            })
        } else {
            if node.stop.is_some_and(|stop| stop < threshold) {
                return None;
            }
            let mut tree = leaf;
            for &(mv, place) in &node.children {
                let child = self.proof(&position.play_unchecked(mv), place, threshold)?;
                tree = tree.beside(child.below());
            }
            Some(tree)
        }
    }
}

/// The size and depth of a proof tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tree {
    /// Nodes in the tree: one move of the attacker's at each of its nodes, every
    /// move of the defender's.
    pub size: u64,
    /// Plies from the root to the deepest leaf.
    pub depth: u32,
}

impl Tree {
    /// This tree hung one ply below a new root.
    fn below(self) -> Tree {
        Tree {
            size: self.size + 1,
            depth: self.depth + 1,
        }
    }

    /// This root with `child` (already hung below it) added: the root counted once.
    fn beside(self, child: Tree) -> Tree {
        Tree {
            size: self.size + child.size - 1,
            depth: self.depth.max(child.depth),
        }
    }
}
