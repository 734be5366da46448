//! The search: the one iterative deepening of every bot ([`common::deepening`], through
//! [`Searcher::search`]) → `search_root` (one iteration over the root moves, this crate's
//! [`RootSearch`]) → `negamax` (principal-variation alpha-beta with a
//! transposition table) → `quiescence` (captures only).
//!
//! Scores are from the side to move's point of view. A won position scores `MATE - ply` (the
//! sooner the better), a lost one `-(MATE - ply)`, a draw 0; anything beyond `MATE_BOUND` is a
//! forced result.
//!
//! Moves are ordered: the table's move, a bomber stepping onto its goal, captures (bombers
//! first), the two killers, then history (bomber steps a little before stinger steps). Each node
//! scores its moves once and [`pick_move`] takes them best first, so a cutoff on an early move
//! spares sorting the rest.

use crate::board::{Board, Cell, Kind, Move, MoveList, Outcome, Side, MAX_MOVES};
use crate::eval::{evaluate, goal_steps};
use arrayvec::ArrayVec;
use common::clock::{Deadline, SearchClock};
use common::deepening::{iterative_deepening, Root, RootSearch};
use common::game::Board as _;
use common::score::{loss_in, win_in, INFINITY};
use common::search::{
    principal_variation_search, remember_killer, reward_history, Limits, NodeBest, RootIteration,
    SearchResult,
};
use common::transposition::{Bound, TranspositionTable};

use crate::params::{
    CAPTURE_BOMBER, CAPTURE_STINGER, HISTORY_AGING, HISTORY_MAX, ORDER_BOMBER_STEP, ORDER_CAPTURE,
    ORDER_HISTORY_WEIGHT, ORDER_KILLER_1, ORDER_KILLER_2, ORDER_TABLE_MOVE, ORDER_WINNING_STEP,
};
pub use crate::params::{MAX_DEPTH, MAX_PLY, OPENING_MARGIN, TABLE_BYTES};
pub use common::score::{MATE, MATE_BOUND};
pub use common::search::pick_move;

/// The scores of one node's moves, parallel to its [`MoveList`].
pub(crate) type MoveScores = ArrayVec<i32, MAX_MOVES>;

/// Cutoff credit per (from, to) cell, for ordering quiet moves.
pub(crate) type History = [[i32; Cell::COUNT]; Cell::COUNT];

// ---- Search ---------------------------------------------------------------------------------------

/// The searcher keeps its tables from move to move.
pub struct Searcher {
    table: TranspositionTable<Move>,
    /// Two quiet moves per ply that recently caused a cutoff.
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: History,
    clock: SearchClock,
    /// Log one line per iteration on stderr.
    pub verbose: bool,
}

impl Searcher {
    /// A searcher with a table of `table_bytes`.
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::with_bytes(table_bytes),
            killers: [[None; 2]; MAX_PLY],
            history: [[0; Cell::COUNT]; Cell::COUNT],
            clock: SearchClock::new(Deadline::unlimited()),
            verbose: false,
        }
    }

    /// Forgets everything learnt (a new game, or a deterministic benchmark).
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history = [[0; Cell::COUNT]; Cell::COUNT];
    }

    /// Iterative deepening from depth 1 up to `limits.max_depth` or the deadline
    /// ([`iterative_deepening`]). Always returns a legal move when there is one, even if stopped
    /// during the first iteration.
    pub fn search(&mut self, board: &Board, limits: &Limits) -> SearchResult<Move> {
        iterative_deepening(self, board, limits)
    }

    /// Searches `moves`, the moves of `board` (a node at `depth` and `ply` with window
    /// `alpha..beta`, whose table move is `table_move`), best ordered first, each by principal
    /// variation search, until one cuts off; stores the node in the table. When the clock stops
    /// it, the node as far as it got, stored nowhere.
    fn search_moves(
        &mut self,
        board: &Board,
        mut moves: MoveList,
        table_move: Option<Move>,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> NodeBest<Move> {
        let mut scores = score_moves(board, &moves, table_move, self.killers[ply], &self.history);
        let mut node = NodeBest::new(-INFINITY, alpha, beta);
        for i in 0..moves.len() {
            let mv = pick_move(&mut moves, &mut scores, i);
            let next = board.play(mv);
            let score = principal_variation_search(i, depth, 0, (node.alpha, beta), |d, a, b| {
                -self.negamax(&next, d, -b, -a, ply + 1)
            });
            if self.clock.stopped() {
                return node;
            }
            if node.add(mv, score) {
                if !mv.is_capture() {
                    self.remember_cutoff(mv, depth, ply);
                }
                break;
            }
        }
        let key = board.hash();
        let bound = Bound::of(node.score, alpha, beta);
        self.table
            .store(key, ply, depth, node.score, bound, node.best_move);
        node
    }

    /// The moves of `board` at `ply`, or its score when it needs none: a finished game, or a
    /// bomber that can step onto its goal (won next ply).
    fn moves_or_score(board: &Board, ply: usize) -> Result<MoveList, i32> {
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        if moves.is_empty() {
            return Err(match board.outcome().unwrap_or(Outcome::Draw) {
                Outcome::Draw => 0,
                Outcome::Win { winner, .. } if winner == board.side_to_move() => win_in(ply),
                Outcome::Win { .. } => loss_in(ply),
            });
        }
        if goal_steps(board, board.side_to_move()) != 0 {
            return Err(win_in(ply + 1));
        }
        Ok(moves)
    }

    /// The game ends that need no move list, both lost for the side to move: the mover's bomber
    /// on its goal, or the side to move without bombers.
    fn lost_already(board: &Board) -> bool {
        let mover: Side = board.side_to_move().other();
        goal_reached(board, mover) || board.bombers(board.side_to_move()) == 0
    }

    /// Negamax with alpha-beta and principal-variation windows, below the root (`ply` ≥ 1).
    /// Returns a score within `[alpha, beta]` when the true score is inside, else a bound on the
    /// side it fell.
    fn negamax(&mut self, board: &Board, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if Self::lost_already(board) {
            return loss_in(ply);
        }
        let moves = match Self::moves_or_score(board, ply) {
            Ok(moves) => moves,
            Err(score) => return score,
        };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(board, alpha, beta, ply);
        }

        // Mate-distance pruning: nothing here can beat a mate already found nearer the root.
        alpha = alpha.max(loss_in(ply));
        let beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let key = board.hash();
        let (table_move, cutoff) = self
            .table
            .probe_node(key, (ply, depth), (alpha, beta), false);
        if let Some(score) = cutoff {
            return score;
        }

        let node = self.search_moves(board, moves, table_move, depth, (alpha, beta), ply);
        if self.clock.stopped() {
            return 0;
        }
        node.score
    }

    /// Captures only, until the position is quiet, so that the evaluation never sees a piece about
    /// to fall. The side to move may always decline (stand pat), since captures are optional.
    fn quiescence(&mut self, board: &Board, alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let mut moves = match Self::moves_or_score(board, ply) {
            Ok(moves) => moves,
            Err(score) => return score,
        };
        let stand_pat = evaluate(board);
        if stand_pat >= beta || ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        // Steps score 0 and every capture more, so the captures come first.
        let mut scores: MoveScores = moves.iter().map(|&mv| capture_value(board, mv)).collect();
        let mut node = NodeBest::new(stand_pat, alpha, beta);
        for i in 0..moves.len() {
            let mv = pick_move(&mut moves, &mut scores, i);
            if !mv.is_capture() {
                break;
            }
            let next = board.play(mv);
            let score = if Self::lost_already(&next) {
                win_in(ply + 1)
            } else {
                -self.quiescence(&next, -beta, -node.alpha, ply + 1)
            };
            if self.clock.stopped() {
                return 0;
            }
            if node.add(mv, score) {
                break;
            }
        }
        node.score
    }

    fn remember_cutoff(&mut self, mv: Move, depth: i32, ply: usize) {
        remember_killer(&mut self.killers[ply], mv);
        reward_history(
            &mut self.history[mv.from.index()][mv.to.index()],
            depth,
            HISTORY_MAX,
        );
    }

    /// Nodes counted by the last search.
    pub fn nodes(&self) -> u64 {
        self.clock.nodes()
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

    fn start_search(&mut self, board: &Board) -> Root<Move> {
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= HISTORY_AGING.get();
            }
        }
        Root::Moves(board.legal_moves().to_vec())
    }

    fn depth_cap(&self, _board: &Board) -> u32 {
        MAX_DEPTH
    }

    /// The root is a node like the others (counted, its moves ordered, its table entry stored)
    /// except that it never returns a table score: the move must come from this iteration. The
    /// last iteration's best move is its table move, so it is searched first.
    fn search_root(
        &mut self,
        board: &Board,
        depth: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootIteration<Move>> {
        if self.clock.tick() {
            return None;
        }
        let table_move = self
            .table
            .probe(board.hash(), 0)
            .and_then(|entry| entry.best);
        let moves = board.legal_moves();
        // The same mate-distance window as any node at ply 0.
        let window = (alpha.max(loss_in(0)), beta.min(win_in(1)));
        let node = self.search_moves(board, moves, table_move, depth as i32, window, 0);
        let complete = !self.clock.stopped();
        let best = node.best_move.filter(|_| node.score > alpha)?;
        Some(RootIteration {
            best,
            score: node.score,
            complete,
        })
    }

    fn null_window_score(&mut self, child: &Board, depth: i32, threshold: i32) -> i32 {
        -self.negamax(child, depth - 1, -threshold, 1 - threshold, 1)
    }
}

/// The ordering key of each of `moves` at `board` (see the module doc), given the node's
/// `table_move`, the `killers` of its ply and the `history` scores; the solver orders its moves
/// so too.
pub(crate) fn score_moves(
    board: &Board,
    moves: &[Move],
    table_move: Option<Move>,
    killers: [Option<Move>; 2],
    history: &History,
) -> MoveScores {
    let us = board.side_to_move();
    let bombers = board.pieces(us, Kind::Bomber);
    moves
        .iter()
        .map(|&mv| {
            let is_bomber = bombers & mv.from.bit() != 0;
            if Some(mv) == table_move {
                ORDER_TABLE_MOVE
            } else if is_bomber && mv.to.row() == us.goal_row() {
                ORDER_WINNING_STEP
            } else if mv.is_capture() {
                ORDER_CAPTURE + capture_value(board, mv)
            } else if Some(mv) == killers[0] {
                ORDER_KILLER_1
            } else if Some(mv) == killers[1] {
                ORDER_KILLER_2
            } else {
                let bomber_step = if is_bomber {
                    ORDER_BOMBER_STEP.get()
                } else {
                    0
                };
                history[mv.from.index()][mv.to.index()] * ORDER_HISTORY_WEIGHT + bomber_step
            }
        })
        .collect()
}

/// True if a bomber of `side` stands on its goal row.
fn goal_reached(board: &Board, side: Side) -> bool {
    board.pieces(side, Kind::Bomber) & crate::board::row_mask(side.goal_row()) != 0
}

/// How much a capture takes: a bomber more than a stinger; 0 for a step.
fn capture_value(board: &Board, mv: Move) -> i32 {
    if !mv.is_capture() {
        return 0;
    }
    let them = board.side_to_move().other();
    if board.pieces(them, Kind::Bomber) & mv.captured_cell().bit() != 0 {
        CAPTURE_BOMBER.get()
    } else {
        CAPTURE_STINGER.get()
    }
}

// ---- Benchmark ------------------------------------------------------------------------------------

/// The bench positions, each as the moves that lead to it from the start: random legal games of
/// 0 to 8 plies, drawn once and kept as move lines so that the set never changes, covering the
/// opening, the middlegame and the race.
pub const BENCH_POSITIONS: [&str; 8] = [
    "",
    "1 2 2 3",
    "1 0 2 1, 3 4 2 3",
    "1 1 2 2, 3 3 2 4, 1 4 2 3",
    "1 4 2 3, 3 1 2 0, 1 0 2 1, 4 2 3 1",
    "1 1 2 0, 3 4 2 3, 1 2 2 1, 2 3 1 2, 0 0 1 1",
    "1 4 2 3, 3 3 2 2, 1 3 2 4, 2 2 1 3, 1 1 2 0, 1 3 1 1",
    "1 3 2 2, 3 2 2 3, 2 2 2 4, 3 0 2 1, 1 1 2 0, 4 1 3 2, 0 3 1 3, 3 2 2 3",
];

/// The benchmark's default depth.
pub const BENCH_DEPTH: u32 = 11;

/// Searches every bench position to `depth` (default [`BENCH_DEPTH`]) with a cleared table of
/// the size the bot plays with ([`common::search::bench`]); returns the total node count.
pub fn bench(depth: Option<u32>) -> u64 {
    let limits = Limits::depth(depth.unwrap_or(BENCH_DEPTH));
    let mut searcher = Searcher::new(TABLE_BYTES);
    common::search::bench(&BENCH_POSITIONS, |_, board| {
        searcher.clear();
        searcher.search(board, &limits)
    })
}
