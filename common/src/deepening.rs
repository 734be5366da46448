//! The one iterative deepening of every bot ([`iterative_deepening`]), generic over a game's
//! searcher ([`RootSearch`]): what every search decides alike is decided here once, and what a
//! game does differently is a hook of the trait, with its reason in the game's code.
//!
//! A search, from the outside in:
//! 1. **The root.** The game's [`RootSearch::start_search`] readies its per-search state and
//!    gives its root moves, or a result that needs no search (Yavalath's threats). No move: no
//!    result. One move: it is played at once. A move that wins on the spot: played at once.
//! 2. **The iterations**, depth 1 up to the limit, the game's [`RootSearch::depth_cap`] (no
//!    deeper than the game can last) or a decided score. Before each iteration after the first,
//!    the time policy's one rule, [`Deadline::may_start_iteration`]: the soft budget, or the
//!    extended one while the root is unstable (the last iteration changed its best move, or its
//!    score fell by more than the game's [`RootSearch::unstable_score_drop`]).
//! 3. **One iteration**, [`RootSearch::search_root`], in the game's aspiration window
//!    ([`RootSearch::aspiration`], [`aspiration`]) around the last score, the failing side
//!    widened until the score falls inside.
//! 4. **What an iteration leaves**: a completed one gives the best move, its score and depth,
//!    the root's exact entry in the table, the principal variation and the verbose line. One the
//!    clock cut keeps its best move if some move completed: the game searches the last best
//!    move first, so a move that completed either is that move or has beaten it at the new depth.
//! 5. **The stop on a decided score**: a forced result within the depth just searched does not
//!    change deeper (a result further off, grafted from the table, may still shorten).

use crate::clock::{Deadline, SearchClock};
use crate::game::Board;
use crate::score::{is_decisive, plies_to_result, win_in, INFINITY, MATE_BOUND};
use crate::search::{
    aspiration, principal_variation, Limits, RootIteration, SearchResult, WindowPass,
};
use crate::transposition::{Bound, PackedMove, TranspositionTable};
use arrayvec::ArrayVec;

use crate::search::PV_CAPACITY;

/// A game's root as its searcher sees it at the start of a search.
pub enum Root<M> {
    /// The moves to search, in the order the first iteration takes them (empty: no legal move).
    Moves(Vec<M>),
    /// A result the game knows without a search (Yavalath's verdict of the threats).
    Decided(SearchResult<M>),
}

/// A game's searcher, as [`iterative_deepening`] and the opening draw
/// ([`crate::search::OpeningChoice`]) drive it. The game keeps its node (negamax, quiescence,
/// ordering, evaluation); the trait is what the one loop needs of it.
pub trait RootSearch<B: Board>
where
    B::Move: PackedMove + Default,
{
    /// The searcher's clock, which counts its nodes.
    fn clock(&mut self) -> &mut SearchClock;

    /// The searcher's transposition table (the root's entry, the principal variation).
    fn table(&mut self) -> &mut TranspositionTable<B::Move>;

    /// True when each iteration is to be logged ([`RootSearch::log`]).
    fn verbose(&self) -> bool;

    /// Writes one line of the search's log: by default to stderr through the log thread.
    fn log(&mut self, line: &str) {
        crate::io::log(line);
    }

    /// Readies a search of `board`: the game's per-search state (killers, aged history, the
    /// search path), and its root.
    fn start_search(&mut self, board: &B) -> Root<B::Move>;

    /// The deepest iteration worth searching from `board`: the game's depth limit, or fewer
    /// where the game cannot last longer.
    fn depth_cap(&self, board: &B) -> u32;

    /// The aspiration window, `(from depth, half width)`; `None` for the full window at every
    /// depth.
    fn aspiration(&self) -> Option<(u32, i32)> {
        None
    }

    /// A fall of the root's score, from one iteration to the next, past which the root counts
    /// as unstable (worth the extended budget). By default none: a game whose time policy has
    /// no extension (Krieg, Power Connect 4) never asks.
    fn unstable_score_drop(&self) -> i32 {
        i32::MAX
    }

    /// One iteration at `depth` over the root moves within `window`, the last iteration's best
    /// move first. The best move and its score once some move scored inside the window; `None`
    /// when none did (a fail low) or the clock stopped the iteration before one did. When the
    /// clock stopped it, `complete` is false.
    fn search_root(
        &mut self,
        board: &B,
        depth: u32,
        window: (i32, i32),
    ) -> Option<RootIteration<B::Move>>;

    /// Called when a fail high at `best` is to be searched again with a wider window: the game
    /// puts it first. By default nothing: the root's table entry orders it.
    fn fail_high(&mut self, _best: B::Move) {}

    /// The principal variation after `best`, at most `max` moves: by default from the table.
    fn principal_variation(
        &mut self,
        board: &B,
        best: B::Move,
        max: usize,
    ) -> ArrayVec<B::Move, PV_CAPACITY> {
        principal_variation(self.table(), board, best, max)
    }

    // The opening draw: the root moves tested against a threshold.

    /// The score of the root move that leads to `child`, from a null-window search of `child` to
    /// `depth - 1` within `-threshold..1 - threshold`, negated: at least `threshold` if and only
    /// if the move reaches it. Once the clock has stopped, any score.
    fn null_window_score(&mut self, child: &B, depth: i32, threshold: i32) -> i32;

    /// The root moves a draw may choose among: every legal move, unless the game's searcher
    /// restricts them.
    fn root_moves(&self, board: &B) -> B::MoveList {
        board.legal_moves()
    }

    /// Readies the searcher to test `board`'s root moves at `depth` by `deadline`'s hard budget:
    /// a new clock, and whatever else the game's search from a root needs.
    fn start_root_tests(&mut self, _board: &B, deadline: Deadline, _depth: u32) {
        *self.clock() = SearchClock::new(deadline);
    }

    /// The candidates of an opening draw ([`crate::search::OpeningChoice`]): the root moves other than
    /// `result.best` that a null-window search at `result.depth` proves no worse than
    /// `result.score - margin`, and never a move it sees as lost. None after a result that
    /// needed no search or is decided (a won game is played at its fastest, a lost one is not
    /// varied). Each move is tested within `limits`' hard budget; once it has passed, the moves
    /// proved so far.
    fn near_best_moves(
        &mut self,
        board: &B,
        result: &SearchResult<B::Move>,
        margin: i32,
        limits: &Limits,
    ) -> Vec<B::Move> {
        let mut near = Vec::new();
        let Some(best) = result.best else {
            return near;
        };
        if result.depth == 0 || is_decisive(result.score) {
            return near;
        }
        let threshold = result.score.saturating_sub(margin).max(1 - MATE_BOUND);
        self.start_root_tests(board, limits.deadline, result.depth);
        let depth = result.depth as i32;
        for &m in self.root_moves(board).iter() {
            if m == best {
                continue;
            }
            if limits.deadline.hard_expired() {
                break;
            }
            let score = self.null_window_score(&board.play(m), depth, threshold);
            if self.clock().stopped() {
                break;
            }
            if score >= threshold {
                near.push(m);
            }
        }
        near
    }
}

/// Searches `board` within `limits` by iterative deepening (see the module doc). Always gives a
/// legal move when there is one, even when stopped during the first iteration.
pub fn iterative_deepening<B, S>(
    searcher: &mut S,
    board: &B,
    limits: &Limits,
) -> SearchResult<B::Move>
where
    B: Board,
    B::Move: PackedMove + Default,
    S: RootSearch<B>,
{
    *searcher.clock() = SearchClock::new(limits.deadline).with_max_nodes(limits.max_nodes);
    let root = match searcher.start_search(board) {
        Root::Moves(moves) => moves,
        Root::Decided(mut result) => {
            result.nodes = searcher.clock().nodes();
            return result;
        }
    };
    let Some(&first) = root.first() else {
        return SearchResult::immediate(None, 0);
    };
    if root.len() == 1 {
        return SearchResult::immediate(Some(first), 0);
    }
    if let Some(win) = board.winning_move().filter(|win| root.contains(win)) {
        return SearchResult::immediate(Some(win), win_in(1));
    }
    let mut result = SearchResult::immediate(Some(first), 0);
    let max_depth = limits.max_depth.min(searcher.depth_cap(board)).max(1);
    let mut unstable = false;
    for depth in 1..=max_depth {
        if depth > 1 && !limits.deadline.may_start_iteration(unstable) {
            break;
        }
        let Some(found) = iteration(searcher, board, depth, result.score) else {
            break;
        };
        unstable = depth > 1
            && (result.best != Some(found.best)
                || found.score < result.score.saturating_sub(searcher.unstable_score_drop()));
        result.best = Some(found.best);
        result.score = found.score;
        if !found.complete {
            result.pv = searcher.principal_variation(board, found.best, 1);
            break;
        }
        result.depth = depth;
        let key = board.hash();
        let table = searcher.table();
        table.store(
            key,
            0,
            depth as i32,
            found.score,
            Bound::Exact,
            Some(found.best),
        );
        result.pv = searcher.principal_variation(board, found.best, depth as usize);
        if searcher.verbose() {
            log_iteration(searcher, board, &result, limits.deadline);
        }
        if plies_to_result(found.score).is_some_and(|plies| plies <= depth as i32) {
            break;
        }
    }
    result.nodes = searcher.clock().nodes();
    result
}

/// One iteration at `depth` in the game's aspiration window around `previous` (the last
/// iteration's score), the failing side widened until the score falls inside: the best move and
/// its score, or `None` when the clock stopped it before any move completed.
pub fn iteration<B, S>(
    searcher: &mut S,
    board: &B,
    depth: u32,
    previous: i32,
) -> Option<RootIteration<B::Move>>
where
    B: Board,
    B::Move: PackedMove + Default,
    S: RootSearch<B>,
{
    let (min_depth, half_width) = searcher.aspiration().unwrap_or((u32::MAX, INFINITY));
    aspiration(previous, (depth, min_depth), half_width, |alpha, beta| {
        let found = searcher.search_root(board, depth, (alpha, beta));
        match found {
            _ if searcher.clock().stopped() => WindowPass::Done(found),
            None => WindowPass::FailLow,
            Some(high) if high.score >= beta => {
                searcher.fail_high(high.best);
                WindowPass::FailHigh
            }
            Some(low) if low.score <= alpha => WindowPass::FailLow,
            found => WindowPass::Done(found),
        }
    })
}

/// The verbose line of a completed iteration, on the searcher's log: `depth D score S nodes N
/// nps R time Tms pv M, M, ...`, the variation as a line of moves in the game's notation
/// ([`Board::after_line`] reads it).
fn log_iteration<B, S>(
    searcher: &mut S,
    board: &B,
    result: &SearchResult<B::Move>,
    deadline: Deadline,
) where
    B: Board,
    B::Move: PackedMove + Default,
    S: RootSearch<B>,
{
    let mut position = *board;
    let mut pv = Vec::with_capacity(result.pv.len());
    for &m in &result.pv {
        pv.push(position.format_move(m));
        position = position.play(m);
    }
    let elapsed = deadline.elapsed();
    let nodes = searcher.clock().nodes();
    let line = format!(
        "depth {} score {} nodes {nodes} nps {} time {}ms pv {}",
        result.depth,
        result.score,
        crate::clock::nodes_per_second(nodes, elapsed),
        elapsed.as_millis(),
        pv.join(&format!("{} ", B::LINE_SEPARATOR))
    );
    searcher.log(&line);
}
