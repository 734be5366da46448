//! Iterative-deepening negamax with alpha-beta (principal variation search): the one iterative
//! deepening of every bot ([`common::deepening`], through [`Searcher::search`]) drives
//! `root_search`, one iteration over the root moves (the moves the caller allows), and
//! `negamax` is the node.
//!
//! The contract of `Searcher::negamax`: it returns the value of the position for its side to
//! move; a value inside `(alpha, beta)` is exact, a value `<= alpha` is an upper bound and a
//! value `>= beta` a lower bound. A won game is `MATE - ply` (ply from the root at which the game
//! ends), a lost one `-(MATE - ply)`, a draw 0: the contest gives 2 points for a win, 1 for a draw
//! and 0 for a loss, so a draw is exactly halfway and the search takes one over a loss (no
//! contempt).
//!
//! Per node, in order: the clock, the game end, a win in one (detected without generating
//! moves), the horizon (with a one-ply extension while the opponent threatens a winning pass,
//! since only a ranger move can parry it), the transposition table, the internal iterative
//! reduction (a deep node without a table move goes one ply shallower), then the moves: table
//! move, killers, history, late moves reduced. A cutoff rewards the move's history and takes as
//! much from the moves tried before it. Ka-Boom has no quiescence search: the horizon extension
//! is its quiet test. The root is searched in aspiration windows from
//! [`crate::params::ASPIRATION_MIN_DEPTH`] on.

use crate::board::{Board, Move, MoveKind, MoveList, MAX_MOVES};
use crate::eval::{evaluate, evaluator, horizon, threatened, Evaluator, Horizon, LEARNED};
use arrayvec::ArrayVec;
use common::clock::SearchClock;
use common::deepening::{iterative_deepening, Root, RootSearch};
use common::game::Board as _;
use common::game::Outcome as _;
use common::score::{loss_in, win_in, INFINITY};
use common::search::{
    pick_move, principal_variation_search, remember_killer, reward_history, Limits, NodeBest,
    RootIteration, SearchResult,
};
use common::transposition::{Bound, TranspositionTable};

use crate::params::{
    ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, HISTORY_AGING, HISTORY_MAX, HISTORY_SLOTS,
    IIR_MIN_DEPTH, LMR_MIN_DEPTH, LMR_MIN_INDEX, LMR_REDUCTION, ORDER_KILLER_1, ORDER_KILLER_2,
    ORDER_TABLE_MOVE,
};
pub use crate::params::{MAX_DEPTH, MAX_PLY, OPENING_MARGIN, TABLE_BYTES, UNSTABLE_SCORE_DROP};
pub use common::score::{MATE, MATE_BOUND};

/// The searcher with its tables, kept across the moves of a game.
pub struct Searcher {
    table: TranspositionTable<Move>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    clock: SearchClock,
    /// The learned evaluation, with what it keeps from node to node.
    evaluator: Evaluator,
    /// The root moves the search may choose among, when the caller restricts them.
    allowed_root_moves: Option<MoveList>,
    /// The root moves, the last iteration's best first.
    root: MoveList,
    /// Log one line per iteration on stderr.
    pub verbose: bool,
}

/// The history slot of `m`: ranger moves (and forfeits) first, then passes, each by from and to
/// square.
fn history_index(m: Move) -> usize {
    let kind = usize::from(m.kind() == MoveKind::Pass);
    (kind * 64 + m.from().index()) * 64 + m.to().index()
}

impl Searcher {
    /// A searcher with an empty table of `table_bytes` bytes ([`TABLE_BYTES`] in play).
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::with_bytes(table_bytes),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; HISTORY_SLOTS],
            clock: SearchClock::new(Limits::depth(0).deadline),
            evaluator: evaluator(MAX_PLY),
            allowed_root_moves: None,
            root: MoveList::new(),
            verbose: false,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Restricts the root moves of the next searches (and of [`Searcher::near_best_moves`]) to
    /// the legal ones among `moves`; `None`, or no legal move among them, lifts the restriction.
    /// The protocol uses it to answer with a pass when it cannot know the colour the judge
    /// requires of us.
    pub fn set_allowed_root_moves(&mut self, moves: Option<MoveList>) {
        self.allowed_root_moves = moves;
    }

    /// The legal moves of `board` that the root may choose among.
    fn root_candidates(&self, board: &Board) -> MoveList {
        let legal = board.legal_moves();
        let Some(allowed) = &self.allowed_root_moves else {
            return legal;
        };
        let mut candidates = MoveList::new();
        for &m in legal.iter() {
            if allowed.contains(&m) {
                candidates.push(m);
            }
        }
        if candidates.is_empty() {
            legal
        } else {
            candidates
        }
    }

    /// Searches `board` until the limits' deadline or depth ([`iterative_deepening`]). Returns
    /// a legal move whenever the position has one.
    pub fn search(&mut self, board: &Board, limits: &Limits) -> SearchResult<Move> {
        iterative_deepening(self, board, limits)
    }

    /// One iteration at `depth` over `root_moves` (the previous best first), principal variation
    /// search within the window `(alpha, beta)`. A complete iteration leaves `root_moves` ordered
    /// by its scores (stable), for the next one; a fail high (a score at or above `beta`) ends it
    /// at once with the move that failed high first. `None` after a fail low (no score above
    /// `alpha`), or when the clock stopped it before a move scored above it.
    fn root_search(
        &mut self,
        board: &Board,
        root_moves: &mut MoveList,
        depth: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootIteration<Move>> {
        let depth = depth as i32;
        let floor = alpha;
        let mut alpha = alpha;
        let mut best = root_moves[0];
        let mut scores: ArrayVec<(i32, usize), MAX_MOVES> = ArrayVec::new();
        for (k, &m) in root_moves.iter().enumerate() {
            let child = board.play(m);
            let score = principal_variation_search(k, depth, 0, (alpha, beta), |d, a, b| {
                -self.negamax(&child, d, -b, -a, 1)
            });
            if self.clock.stopped() {
                return (alpha > floor).then_some(RootIteration {
                    best,
                    score: alpha,
                    complete: false,
                });
            }
            if score >= beta {
                root_moves[..=k].rotate_right(1);
                return Some(RootIteration {
                    best: m,
                    score,
                    complete: true,
                });
            }
            scores.push((score, k));
            if score > alpha {
                alpha = score;
                best = m;
            }
        }
        scores.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let previous = root_moves.clone();
        root_moves.clear();
        for &(_, k) in scores.iter() {
            root_moves.push(previous[k]);
        }
        (alpha > floor).then_some(RootIteration {
            best,
            score: alpha,
            complete: true,
        })
    }

    /// The value of `board` for its side to move; see the module documentation.
    fn negamax(&mut self, board: &Board, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if let Some(outcome) = board.outcome() {
            return match outcome.winner() {
                None => 0,
                Some(w) if w == board.side_to_move() => win_in(ply),
                Some(_) => loss_in(ply),
            };
        }
        if board.winning_move().is_some() {
            return win_in(ply + 1);
        }
        if ply >= MAX_PLY {
            return evaluate(board);
        }
        let mut depth = depth;
        if depth <= 0 {
            // Only a ranger move parries a threatened winning pass: look one ply further. The
            // network needs only the threat test of the hand-made terms' features.
            let verdict = if !LEARNED {
                horizon(board)
            } else if threatened(board) {
                Horizon::Threatened
            } else {
                Horizon::Quiet(self.evaluator.evaluate(board, ply))
            };
            match verdict {
                Horizon::Threatened => depth = 1,
                Horizon::Quiet(score) => return score,
            }
        }
        let pv_node = beta - alpha > 1;
        let (table_move, cutoff) =
            self.table
                .probe_node(board.hash(), (ply, depth), (alpha, beta), pv_node);
        if let Some(score) = cutoff {
            return score;
        }
        if table_move.is_none() && depth >= IIR_MIN_DEPTH.get() {
            depth -= 1;
        }
        let mut moves = board.legal_moves();
        let killers = self.killers[ply];
        let mut keys = score_moves(&moves, table_move, killers, &self.history);

        let mut node = NodeBest::new(-INFINITY, alpha, beta);
        for k in 0..moves.len() {
            let m = pick_move(&mut moves, &mut keys, k);
            let child = board.play(m);
            // Late move reduction: a quiet late move at a deep enough node is first tried one
            // ply shallower.
            let late_quiet = depth >= LMR_MIN_DEPTH.get()
                && k >= LMR_MIN_INDEX.get()
                && !killers.contains(&Some(m))
                && child.winning_move().is_none();
            let reduction = if late_quiet { LMR_REDUCTION.get() } else { 0 };
            let score =
                principal_variation_search(k, depth, reduction, (node.alpha, beta), |d, a, b| {
                    -self.negamax(&child, d, -b, -a, ply + 1)
                });
            if self.clock.stopped() {
                return 0;
            }
            if node.add(m, score) {
                remember_killer(&mut self.killers[ply], m);
                reward_history(&mut self.history[history_index(m)], depth, HISTORY_MAX);
                // The moves tried before it did not cut: they lose as much.
                for &tried in &moves[..k] {
                    let history = &mut self.history[history_index(tried)];
                    *history = (*history - depth * depth).max(-HISTORY_MAX);
                }
                break;
            }
        }
        let bound = Bound::of(node.score, alpha, beta);
        self.table
            .store(board.hash(), ply, depth, node.score, bound, node.best_move);
        node.score
    }
}

impl RootSearch<Board> for Searcher {
    fn clock(&mut self) -> &mut SearchClock {
        &mut self.clock
    }

    fn table(&mut self) -> &mut TranspositionTable<Move> {
        &mut self.table
    }

    fn verbose(&self) -> bool {
        self.verbose
    }

    /// The root moves are the legal moves the caller allows ([`Searcher::set_allowed_root_moves`]).
    fn start_search(&mut self, board: &Board) -> Root<Move> {
        self.killers = [[None; 2]; MAX_PLY];
        for h in self.history.iter_mut() {
            *h /= HISTORY_AGING.get();
        }
        self.root = self.root_candidates(board);
        Root::Moves(self.root.to_vec())
    }

    fn depth_cap(&self, _board: &Board) -> u32 {
        MAX_DEPTH
    }

    fn aspiration(&self) -> Option<(u32, i32)> {
        Some((ASPIRATION_MIN_DEPTH.get(), ASPIRATION_WINDOW.get()))
    }

    fn unstable_score_drop(&self) -> i32 {
        UNSTABLE_SCORE_DROP.get()
    }

    fn search_root(
        &mut self,
        board: &Board,
        depth: u32,
        window: (i32, i32),
    ) -> Option<RootIteration<Move>> {
        let mut root = std::mem::take(&mut self.root);
        let found = self.root_search(board, &mut root, depth, window);
        self.root = root;
        found
    }

    fn null_window_score(&mut self, child: &Board, depth: i32, threshold: i32) -> i32 {
        -self.negamax(child, depth - 1, -threshold, 1 - threshold, 1)
    }
}

/// The ordering key of each of `moves`, given the node's `table_move`, the `killers` of its ply
/// and the `history` scores: the table move, the killers, then history.
fn score_moves(
    moves: &[Move],
    table_move: Option<Move>,
    killers: [Option<Move>; 2],
    history: &[i32],
) -> ArrayVec<i32, MAX_MOVES> {
    moves
        .iter()
        .map(|&m| {
            if Some(m) == table_move {
                ORDER_TABLE_MOVE
            } else if Some(m) == killers[0] {
                ORDER_KILLER_1
            } else if Some(m) == killers[1] {
                ORDER_KILLER_2
            } else {
                history[history_index(m)]
            }
        })
        .collect()
}

/// The bench positions, as the lines of moves (in the mover's frame, separated by `;`) that
/// reach them from the start.
pub const BENCH_POSITIONS: [&str; 6] = [
    "",
    "3; 4",
    "2; 1; 1,0,2,5,2",
    "2; 1; 1,0,2,5,2; 0,0,1,0,2; 1,5,2,6,2; 0,0,2,0,1",
    "1; 1; 1,0,1,6,1; 0,0,1,0,0",
    "1; 1; 1,0,1,6,1; 0,0,1,0,0; 1,0,0,6,6; 1,0,0,3,0; 0,6,1,6,6; 1,3,0,6,3",
];

/// The default depth of `bench`.
pub const BENCH_DEPTH: u32 = 10;

/// Searches every bench position at a fixed depth (`depth`, or [`BENCH_DEPTH`]) with a fresh
/// table of the size the bot plays with ([`common::search::bench`]); returns the total node
/// count.
pub fn bench(depth: Option<u32>) -> u64 {
    let limits = Limits::depth(depth.unwrap_or(BENCH_DEPTH));
    common::search::bench(&BENCH_POSITIONS, |_, board| {
        Searcher::new(TABLE_BYTES).search(board, &limits)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::deepening::iteration;

    /// The score of a full-window iteration at `depth` from a fresh searcher, after the
    /// iterations before it (so that its table is as a search's would be).
    fn iteration_score(board: &Board, depth: u32, window: Option<i32>) -> i32 {
        let mut searcher = Searcher::new(TABLE_BYTES);
        let _ = searcher.start_search(board);
        let mut previous = 0;
        for d in 1..depth {
            previous = searcher
                .search_root(board, d, (-INFINITY, INFINITY))
                .expect("no clock")
                .score;
        }
        let found = match window {
            None => searcher.search_root(board, depth, (-INFINITY, INFINITY)),
            Some(off) => iteration(&mut searcher, board, depth, previous + off),
        };
        found.expect("no clock").score
    }

    /// A window that fails must widen until the score is inside it: a score left at a failed
    /// bound would be 700 off. (Not exactly the full window's: the table's bounds and the
    /// reductions make a search depend a little on its window.)
    #[test]
    fn aspiration_windows_widen_to_the_full_window_score() {
        for line in BENCH_POSITIONS {
            let board = Board::after_line(line).unwrap();
            let exact = iteration_score(&board, 6, None);
            // A window centred on the right score, and windows that fail high and low first.
            for off in [0, 700, -700] {
                let score = iteration_score(&board, 6, Some(off));
                assert!(
                    (score - exact).abs() < ASPIRATION_WINDOW.get(),
                    "{line}, off {off}: {score}, full window {exact}"
                );
            }
        }
    }
}
