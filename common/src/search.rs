//! The steps every bot's search shares below the one iterative deepening
//! ([`crate::deepening`]): what a search may spend ([`Limits`]), what it returns
//! ([`SearchResult`], [`RootIteration`]), how the first moves of a game are varied
//! ([`OpeningChoice`]), and the pieces of a node that every game's `negamax` is built from:
//!
//! - the selection step of move ordering ([`pick_move`], or [`pick_move_by_swap`] where a crate's
//!   bench pins the other order of ties);
//! - the rule for each move of a node ([`principal_variation_search`]) and the bookkeeping of
//!   its best score ([`NodeBest`]), while what the node does before and after its moves stays
//!   the game's own;
//! - the killers' and history's update ([`remember_killer`], [`reward_history`]);
//! - the aspiration window ([`aspiration`]), the principal variation from the table
//!   ([`principal_variation`]), and the bench ([`bench()`]).
//!
//! A game's `search.rs` holds its `Searcher` (its table, killers, history and clock), its
//! implementation of [`crate::deepening::RootSearch`], its `negamax` and `quiescence`, its
//! `score_moves`, and `BENCH_POSITIONS`, `BENCH_DEPTH` and `bench(depth: Option<u32>) -> u64`;
//! its tunables are named constants in its `params.rs`.

use crate::clock::{nodes_per_second, Deadline};
use crate::game::Board;
use crate::score::{is_decisive, INFINITY};
use crate::transposition::{PackedMove, TranspositionTable};
use arrayvec::ArrayVec;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::time::Instant;

/// The longest principal variation a result carries.
pub const PV_CAPACITY: usize = 32;

/// What one search may spend: a deadline (soft and hard budgets) and a depth.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// When to stop starting iterations (soft) and when to stop at once (hard).
    pub deadline: Deadline,
    /// Iterative deepening stops after this depth.
    pub max_depth: u32,
    /// The search stops at its first look at the clock past this many nodes (`--nodes`): a
    /// budget that the machine's load cannot change. `u64::MAX` for none.
    pub max_nodes: u64,
}

impl Limits {
    /// Search until `deadline`, at most `max_depth` plies deep.
    pub fn new(deadline: Deadline, max_depth: u32) -> Limits {
        Limits {
            deadline,
            max_depth,
            max_nodes: u64::MAX,
        }
    }

    /// The same limits, stopping past `max_nodes` nodes too (`None`: no node limit).
    pub fn with_max_nodes(self, max_nodes: Option<u64>) -> Limits {
        Limits {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            ..self
        }
    }

    /// A fixed-depth search without a time limit (bench, tests).
    pub fn depth(max_depth: u32) -> Limits {
        Limits::new(Deadline::unlimited(), max_depth)
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best: Option<M>,
    /// Its score for the side to move (see [`crate::score`]).
    pub score: i32,
    /// The deepest completed iteration (0 when the move needed no search).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: ArrayVec<M, PV_CAPACITY>,
}

impl<M: Copy + Default> SearchResult<M> {
    /// A result that needed no search: `best` with `score`, or no move at all.
    pub fn immediate(best: Option<M>, score: i32) -> SearchResult<M> {
        let mut pv = ArrayVec::new();
        if let Some(m) = best {
            pv.push(m);
        }
        SearchResult {
            best,
            score,
            depth: 0,
            nodes: 0,
            pv,
        }
    }
}

/// What one iteration over the root moves (a crate's `Searcher::root_search`) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootIteration<M> {
    /// The best move of the iteration (so far, if it is not complete).
    pub best: M,
    /// Its score for the side to move.
    pub score: i32,
    /// False when the clock stopped the iteration: `best` is then the best move of the root
    /// moves searched before it stopped.
    pub complete: bool,
}

/// The selection step of move ordering: brings the best-scored of `moves[index..]` to `index`
/// (its score with it) and returns it. Of equal scores the first wins and the others keep their
/// order, so taking every index in turn gives the stable sort by score, without sorting the moves
/// a cutoff never reaches.
pub fn pick_move<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) -> M {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves[index..=best].rotate_right(1);
    scores[index..=best].rotate_right(1);
    moves[index]
}

/// The selection step by swapping: brings the best-scored of `moves[index..]` to `index` (its
/// score with it) by swapping it with the move there, and returns it. Of equal scores the first
/// wins, but the move it displaces lands further back: another order of ties than
/// [`pick_move`]'s, a little cheaper.
pub fn pick_move_by_swap<M: Copy>(moves: &mut [M], scores: &mut [i32], index: usize) -> M {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}

/// The alpha-beta bookkeeping of one node over its moves: the best score and move so far, and
/// the window `alpha..beta`, whose lower edge rises with the best score. The node's table entry
/// is bounded against its original window: `Bound::of(node.score, alpha, beta)`.
#[derive(Debug)]
pub struct NodeBest<M> {
    /// The best score so far.
    pub score: i32,
    /// The move that scored it (`None` before the first move, or while standing pat is best).
    pub best_move: Option<M>,
    /// The window's lower edge: the node's alpha, raised by every better score.
    pub alpha: i32,
    /// The window's upper edge: a score there or above cuts the node off.
    pub beta: i32,
}

impl<M: Copy> NodeBest<M> {
    /// A node searched within `alpha..beta` (`alpha < beta`) whose best score so far is `score`:
    /// `-INFINITY` before any move, or the stand-pat score of a quiescence node (below `beta`).
    pub fn new(score: i32, alpha: i32, beta: i32) -> NodeBest<M> {
        NodeBest {
            score,
            best_move: None,
            alpha: alpha.max(score),
            beta,
        }
    }

    /// Takes in the score of `m`; true when it cuts the node off (the caller stops there).
    pub fn add(&mut self, m: M, score: i32) -> bool {
        if score > self.score {
            self.score = score;
            self.best_move = Some(m);
        }
        self.alpha = self.alpha.max(score);
        self.alpha >= self.beta
    }
}

/// Principal variation search of the `index`-th move of a node at `depth` with window
/// `alpha..beta`, reduced by `reduction` plies (late move reduction; 0 for none).
/// `search(depth, alpha, beta)` is the move's score (its child's negated) from a search to
/// `depth` within that window. The first move gets the full window; a later one is first proved
/// no better than `alpha` with a null window at the reduced depth, searched again unreduced if
/// it beats `alpha`, and with the full window only if its score then falls inside it. Once the
/// clock has stopped the caller throws the score away.
pub fn principal_variation_search(
    index: usize,
    depth: i32,
    reduction: i32,
    (alpha, beta): (i32, i32),
    mut search: impl FnMut(i32, i32, i32) -> i32,
) -> i32 {
    if index == 0 {
        return search(depth - 1, alpha, beta);
    }
    let mut score = search(depth - 1 - reduction, alpha, alpha + 1);
    if reduction > 0 && score > alpha {
        score = search(depth - 1, alpha, alpha + 1);
    }
    if score > alpha && score < beta {
        score = search(depth - 1, alpha, beta);
    }
    score
}

/// How one pass of a root search within a window ended ([`aspiration`]).
pub enum WindowPass<T> {
    /// No move scored above alpha: search again with a lower alpha.
    FailLow,
    /// A move scored at or above beta: search again with a higher beta.
    FailHigh,
    /// A score inside the window, or whatever the pass had when the clock stopped it.
    Done(T),
}

/// One iteration at `depth` in an aspiration window around the previous iteration's score
/// `previous`: from `min_depth` on, `half_width` on each side (else the full window), the
/// failing side widened twice as far each time until `pass(alpha, beta)` is [`WindowPass::Done`].
pub fn aspiration<T>(
    previous: i32,
    (depth, min_depth): (u32, u32),
    half_width: i32,
    mut pass: impl FnMut(i32, i32) -> WindowPass<T>,
) -> T {
    let mut delta = half_width;
    let (mut alpha, mut beta) = if depth >= min_depth && !is_decisive(previous) {
        (previous - delta, previous + delta)
    } else {
        (-INFINITY, INFINITY)
    };
    loop {
        let fail_low = match pass(alpha, beta) {
            WindowPass::Done(found) => return found,
            WindowPass::FailLow => true,
            WindowPass::FailHigh => false,
        };
        delta = delta.saturating_mul(2);
        if fail_low {
            alpha = alpha.saturating_sub(delta).max(-INFINITY);
        } else {
            beta = beta.saturating_add(delta).min(INFINITY);
        }
    }
}

/// Makes `m`, a quiet move that cut off, the first killer of its ply and the old first the
/// second; a move already first stays where it is.
pub fn remember_killer<M: Copy + PartialEq>(killers: &mut [Option<M>; 2], m: M) {
    if killers[0] != Some(m) {
        killers[1] = killers[0];
        killers[0] = Some(m);
    }
}

/// Credits a history score with a cutoff at `depth`: `depth²` more, capped at `max`.
pub fn reward_history(score: &mut i32, depth: i32, max: i32) {
    *score = (*score + depth * depth).min(max);
}

/// `--opening-plies N`: the bot's first N own moves are drawn at random, seeded by `--seed`,
/// among the moves its search sees as no worse than the best by more than the game's
/// `OPENING_MARGIN`, and never among moves it sees as losing. Two games of a pair get the same
/// seed with seats swapped, so each side of the pair plays from the same varied openings.
#[derive(Clone, Debug)]
pub struct OpeningChoice {
    plies_left: u32,
    rng: SmallRng,
}

impl OpeningChoice {
    /// Varies the first `plies` own moves, drawing with `seed`.
    pub fn new(plies: u32, seed: u64) -> OpeningChoice {
        OpeningChoice {
            plies_left: plies,
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// True while the next own move is to be drawn.
    pub fn active(&self) -> bool {
        self.plies_left > 0
    }

    /// Draws this move among `best` and the `near_best` alternatives (which the caller has
    /// checked are within the margin and not losing), and counts one own move. After the first
    /// N moves it always returns `best`.
    pub fn choose<M: Copy>(&mut self, best: M, near_best: &[M]) -> M {
        if self.plies_left == 0 {
            return best;
        }
        self.plies_left -= 1;
        match self.rng.gen_range(0..=near_best.len()) {
            0 => best,
            i => near_best[i - 1],
        }
    }
}

/// The principal variation from `board`: `first`, then the moves `table` holds for the
/// positions after it, at most `max` moves in all, and only while each is legal (a table move
/// may be another position's, by a collision of keys).
pub fn principal_variation<B: Board>(
    table: &TranspositionTable<B::Move>,
    board: &B,
    first: B::Move,
    max: usize,
) -> ArrayVec<B::Move, PV_CAPACITY>
where
    B::Move: PackedMove + Default,
{
    let mut pv = ArrayVec::new();
    pv.push(first);
    let mut position = board.play(first);
    while pv.len() < max.min(PV_CAPACITY) {
        let Some(m) = table.probe(position.hash(), 0).and_then(|entry| entry.best) else {
            break;
        };
        match position.try_play(m) {
            Ok(next) => {
                pv.push(m);
                position = next;
            }
            Err(_) => break,
        }
    }
    pv
}

/// The boards after each of a game's bench lines (its `BENCH_POSITIONS`, moves in the game's
/// notation, [`Board::after_line`]). A line that is not legal is a bug of the game's table, and
/// the bench stops on it, naming it, rather than skip it (which would change the count).
pub fn bench_boards<B: Board>(lines: &[&str]) -> Vec<B> {
    let board = |(i, line): (usize, &&str)| {
        B::after_line(line).unwrap_or_else(|e| panic!("bench position {}: {e}", i + 1))
    };
    lines.iter().enumerate().map(board).collect()
}

/// A game's `bench`: `search(i, board)` searches the board after the `i`-th of `lines` (see
/// [`bench_boards`]; at the bench's depth, from a fresh table), printing a line each, `position
/// N depth D best MOVE score S nodes N`, and last `<N> nodes <M> nps`. Returns the total node
/// count, which depends only on the search's logic. Output errors are ignored (a closed pipe
/// ends nothing but the printing).
pub fn bench<B: Board>(
    lines: &[&str],
    mut search: impl FnMut(usize, &B) -> SearchResult<B::Move>,
) -> u64 {
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let mut total = 0;
    for (i, board) in bench_boards::<B>(lines).iter().enumerate() {
        let result = search(i, board);
        total += result.nodes;
        let best = result
            .best
            .map_or("none".to_string(), |m| board.format_move(m));
        let _ = writeln!(
            out,
            "position {} depth {} best {best} score {} nodes {}",
            i + 1,
            result.depth,
            result.score,
            result.nodes
        );
    }
    let nps = nodes_per_second(total, started.elapsed());
    let _ = writeln!(out, "{total} nodes {nps} nps");
    total
}
