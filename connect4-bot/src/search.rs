//! Iterative-deepening negamax with alpha-beta (principal variation search) and a
//! transposition table, in the workspace's one dialect of search (see `common::search`).
//!
//! # The negamax contract
//!
//! `negamax(board, depth, alpha, beta, ply)` returns the value of `board` for the team to move:
//! exact when it lies strictly between `alpha` and `beta`, an upper bound when `<= alpha`, a
//! lower bound when `>= beta`. A win found `n` plies from the root is worth `MATE - n`, a loss
//! `-(MATE - n)`, a draw 0, so that the search prefers the fastest win and the slowest loss.
//!
//! # Steps
//! 1. iterative deepening ([`common::deepening`], one iteration per `search_root`): depth 1,
//!    2, ... until the soft budget, the depth cap, a proven result, or the end of the game is in
//!    reach; the best move of the last iteration is played (the last best is searched first, so
//!    an unfinished iteration's best is that move or one that beat it);
//! 2. `negamax`: end of game, an immediate win by a drop, the table, then the moves;
//! 3. move ordering (`pick_move` over scores): table move, blocks of the opponent's playable
//!    threats, discs that make a new threat (the more threats, the earlier, as Pons orders his
//!    solver's moves), killers, then normal discs centre first, dual discs, powers, with history
//!    breaking ties; a normal disc that lands right under an opponent's threat comes last of
//!    the normal discs;
//! 4. late move reductions: after the first [`LMR_MIN_INDEX`] moves, a quiet move (none of
//!    the table move, a block, a threat made, a killer) is searched first one ply shallower,
//!    two for a quiet power or dual disc, with a null window; only if it beats alpha is it
//!    searched again at full depth (not when neither team holds a clearing power: there the
//!    search is to solve the position, see below). Most of the 35 moves of a node are quiet clears: at depth
//!    9 the bench searches 7 times fewer nodes than without the reductions.
//!
//! When neither team holds a clearing power every move fills a cell, so the game ends within
//! the number of empty cells; once the depth reaches it every leaf is an end of game and the
//! result is exact (the position is solved). Every node ticks the clock, so no phase of the
//! search runs past the hard budget by more than [`SearchClock::CHECK_INTERVAL`] nodes.

use arrayvec::ArrayVec;
use common::clock::{Deadline, SearchClock};
use common::deepening::{iterative_deepening, Root, RootSearch};
use common::game::Board as _;
use common::score::{loss_in, win_in, INFINITY};
use common::search::{
    pick_move, principal_variation_search, remember_killer, reward_history, Limits, NodeBest,
    RootIteration, SearchResult,
};
use common::transposition::{Bound, TranspositionTable};

use crate::board::{
    winning_cells, Board, Kind, Move, MoveList, Outcome, BOARD_MASK, CLEARING_BITS, WIDTH,
};
use crate::eval::evaluate;

use crate::params::{
    HISTORY_MAX, LMR_MIN_DEPTH, LMR_POWER_EXTRA, LMR_REDUCTION, MAX_PLY, ORDER_BLOCK,
    ORDER_CENTRE_STEP, ORDER_DUAL, ORDER_HISTORY_MAX, ORDER_KILLER_1, ORDER_KILLER_2, ORDER_NORMAL,
    ORDER_POWER, ORDER_QUIET_BELOW, ORDER_TABLE_MOVE, ORDER_THREAT_EACH, ORDER_THREAT_MADE,
    ORDER_UNDER_THREAT,
};
pub use crate::params::{LMR_MIN_INDEX, MAX_DEPTH, OPENING_MARGIN, TABLE_BYTES};
pub use common::score::{MATE, MATE_BOUND};

/// The ordering keys of a node's moves, in the moves' order.
type MoveScores = ArrayVec<i32, { 5 * WIDTH }>;

/// The history scores: per team, per move code.
type History = [[i32; 5 * WIDTH]; 2];

/// The most bytes of iteration lines a search keeps for its caller's log: half of the call's
/// whole log (the engine's `MAX_LOG_BYTES`, which checks it at compile time), so that the
/// solver's lines and the move's own line always fit beside them.
pub const MAX_ITERATION_LOG_BYTES: usize = 2048;

/// The searcher: the table and the ordering heuristics, reusable across searches.
pub struct Searcher {
    table: TranspositionTable<Move>,
    history: History,
    killers: [[Option<Move>; 2]; MAX_PLY],
    clock: SearchClock,
    /// Late move reductions on: off when the search is to solve a position without clearing
    /// powers, where a reduced line could end in a static evaluation and the result at the
    /// depth of the game's length would not be exact.
    reductions: bool,
    /// The root moves, the last iteration's best first.
    root: MoveList,
    /// Keep one line per completed iteration (see [`Searcher::take_log`]).
    pub verbose: bool,
    log: String,
}

impl Searcher {
    /// A searcher whose table takes at most `table_bytes` (a power of two of entries).
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::with_bytes(table_bytes),
            history: [[0; 5 * WIDTH]; 2],
            killers: [[None; 2]; MAX_PLY],
            clock: SearchClock::new(Deadline::unlimited()),
            reductions: true,
            root: MoveList::new(),
            verbose: true,
            log: String::new(),
        }
    }

    /// Forgets every position and heuristic.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history = [[0; 5 * WIDTH]; 2];
        self.killers = [[None; 2]; MAX_PLY];
        self.log.clear();
    }

    /// The iteration lines kept since the last call (when `verbose`), for the caller to log. A
    /// call of the bot writes its log once, at its end, so the search never waits on stderr.
    pub fn take_log(&mut self) -> String {
        std::mem::take(&mut self.log)
    }

    /// Searches `board` until the limits ([`iterative_deepening`]); always returns a legal move
    /// if there is one.
    pub fn search(&mut self, board: &Board, limits: &Limits) -> SearchResult<Move> {
        iterative_deepening(self, board, limits)
    }

    /// The node: see the module docs.
    pub fn negamax(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if let Some(outcome) = board.outcome() {
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win(t) if t == board.side_to_move() => win_in(ply),
                Outcome::Win(_) => loss_in(ply),
            };
        }
        let me = board.side_to_move();
        // A drop onto a winning cell wins at once: a normal disc, or the dual disc when it is
        // due, unless that dual disc completes the opponent's four too (a draw).
        let mut wins = winning_cells(board.discs(me), board.occupied()) & board.playable();
        if board.dual_forced() {
            wins &= !winning_cells(board.discs(me.other()), board.occupied());
        }
        if wins != 0 {
            return win_in(ply + 1);
        }
        // Mate-distance pruning: nothing here beats a win next move or loses faster than now.
        alpha = alpha.max(loss_in(ply));
        let beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 {
            return evaluate(board);
        }
        let key = board.hash();
        let (table_move, cutoff) = self
            .table
            .probe_node(key, (ply, depth), (alpha, beta), false);
        if let Some(score) = cutoff {
            return score;
        }
        let table_move = table_move.filter(|&m| board.is_legal(m));
        let mut moves = board.legal_moves();
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        let mut scores = score_moves(board, &moves, table_move, killers, &self.history);
        let mut node = NodeBest::new(-INFINITY, alpha, beta);
        for i in 0..moves.len() {
            let m = pick_move(&mut moves, &mut scores, i);
            let child = board.play(m);
            let mut reduction = 0;
            if self.reductions
                && i >= LMR_MIN_INDEX.get()
                && depth >= LMR_MIN_DEPTH.get()
                && scores[i] < ORDER_QUIET_BELOW
            {
                reduction = LMR_REDUCTION.get();
                if m.kind != Kind::Normal && depth > LMR_MIN_DEPTH.get() {
                    reduction += LMR_POWER_EXTRA.get();
                }
            }
            let score =
                principal_variation_search(i, depth, reduction, (node.alpha, beta), |d, a, b| {
                    -self.negamax(&child, d, -b, -a, ply + 1)
                });
            if self.clock.stopped() {
                return 0;
            }
            if node.add(m, score) {
                if ply < MAX_PLY {
                    remember_killer(&mut self.killers[ply], m);
                }
                reward_history(&mut self.history[me.index()][m.code()], depth, HISTORY_MAX);
                break;
            }
        }
        let bound = Bound::of(node.score, alpha, beta);
        self.table
            .store(key, ply, depth, node.score, bound, node.best_move);
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

    /// Kept for the caller's log, within [`MAX_ITERATION_LOG_BYTES`]: a call of the bot writes
    /// its log once, at its end.
    fn log(&mut self, line: &str) {
        if self.log.len() + line.len() < MAX_ITERATION_LOG_BYTES {
            self.log.push_str(line);
            self.log.push('\n');
        }
    }

    /// The root moves ordered once as a node's are, without a table move or killers; each
    /// iteration then moves its best to the front. Late move reductions stay off when the search
    /// is to solve the position (the searcher's `reductions`).
    fn start_search(&mut self, board: &Board) -> Root<Move> {
        self.killers = [[None; 2]; MAX_PLY];
        let mut root = board.legal_moves();
        let mut scores = score_moves(board, &root, None, self.killers[0], &self.history);
        for i in 0..root.len() {
            pick_move(&mut root, &mut scores, i);
        }
        self.reductions = game_length(board).is_none();
        self.root = root;
        Root::Moves(self.root.to_vec())
    }

    /// With no clearing power left every move fills a cell: the game ends within the empty
    /// cells, and a search that deep is exact.
    fn depth_cap(&self, board: &Board) -> u32 {
        game_length(board).unwrap_or(MAX_DEPTH)
    }

    /// One iteration over the root moves, the last best first (principal variation search);
    /// moves the best to the front for the next one.
    fn search_root(
        &mut self,
        board: &Board,
        depth: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootIteration<Move>> {
        let mut alpha = alpha;
        let mut best_here: Option<(usize, i32)> = None;
        let root = self.root.clone();
        for (i, &m) in root.iter().enumerate() {
            let child = board.play(m);
            let score = principal_variation_search(i, depth as i32, 0, (alpha, beta), |d, a, b| {
                -self.negamax(&child, d, -b, -a, 1)
            });
            if self.clock.stopped() {
                break;
            }
            if score > alpha {
                alpha = score;
                best_here = Some((i, score));
                if score >= beta {
                    break;
                }
            }
        }
        let (index, score) = best_here?;
        self.root[..=index].rotate_right(1);
        Some(RootIteration {
            best: self.root[0],
            score,
            complete: !self.clock.stopped(),
        })
    }

    fn null_window_score(&mut self, child: &Board, depth: i32, threshold: i32) -> i32 {
        -self.negamax(child, depth - 1, -threshold, 1 - threshold, 1)
    }
}

/// The number of empty cells when neither team holds a clearing power (every move then fills a
/// cell, so the game lasts at most that many plies); `None` while one does.
fn game_length(board: &Board) -> Option<u32> {
    let me = board.side_to_move();
    let no_clearing = board.used(me) & board.used(me.other()) & CLEARING_BITS == CLEARING_BITS;
    no_clearing.then(|| (BOARD_MASK & !board.occupied()).count_ones())
}

/// The ordering key of each of `moves` at `board` (see the module docs), given the node's
/// `table_move`, the `killers` of its ply and the `history` scores.
fn score_moves(
    board: &Board,
    moves: &[Move],
    table_move: Option<Move>,
    killers: [Option<Move>; 2],
    history: &History,
) -> MoveScores {
    let me = board.side_to_move();
    let occupied = board.occupied();
    let their_threats = winning_cells(board.discs(me.other()), occupied);
    let their_wins = their_threats & board.playable();
    let own = board.discs(me);
    let own_threats = winning_cells(own, occupied);
    let history = &history[me.index()];
    let mut scores = MoveScores::new();
    for &m in moves {
        scores.push(if Some(m) == table_move {
            ORDER_TABLE_MOVE
        } else {
            let centre = ORDER_CENTRE_STEP.get() * (6 - 2 * (m.column.index() as i32 - 3).abs());
            let mut s = match m.kind {
                Kind::Normal => ORDER_NORMAL.get() + centre,
                Kind::Dual => ORDER_DUAL.get() + centre,
                _ => ORDER_POWER.get(),
            };
            let land = board.landing_bit(m.column);
            let blocks = land & their_wins != 0;
            if blocks && m.kind == Kind::Normal {
                s += ORDER_BLOCK;
            }
            if matches!(m.kind, Kind::Normal | Kind::Dual) {
                let made = winning_cells(own | land, occupied | land) & !own_threats;
                if made != 0 {
                    s += ORDER_THREAT_MADE + ORDER_THREAT_EACH.get() * made.count_ones() as i32;
                } else if m.kind == Kind::Normal && (land << 1) & their_threats != 0 {
                    s += ORDER_UNDER_THREAT.get();
                }
            }
            if killers[0] == Some(m) {
                s += ORDER_KILLER_1;
            } else if killers[1] == Some(m) {
                s += ORDER_KILLER_2;
            }
            s + history[m.code()].min(ORDER_HISTORY_MAX.get())
        });
    }
    scores
}

// ---------------------------------------------------------------------------------------------
// Bench
// ---------------------------------------------------------------------------------------------

/// The bench positions, as move sequences (`t c` each) from the empty board.
pub const BENCH_POSITIONS: [&str; 6] = [
    "",
    "5 4,5 4,5 3,5 5",
    "5 4,4 4,5 3,5 5,5 3,5 2",
    "5 4,5 3,5 4,5 4,1 4,5 5,5 2,5 6",
    "5 1,5 7,4 4,2 7,5 4,5 4,5 3,5 5,5 3",
    "5 4,5 4,5 4,5 4,5 4,5 4,5 3,5 5,5 3,5 3,4 5,4 2,5 2,5 6,5 6",
];

/// The default bench depth.
pub const BENCH_DEPTH: u32 = 9;

/// Searches every bench position at `depth` with a fresh table of [`TABLE_BYTES`]
/// ([`common::search::bench`], which stops on a line that is not legal); returns the total
/// node count.
pub fn bench(depth: Option<u32>) -> u64 {
    let limits = Limits::depth(depth.unwrap_or(BENCH_DEPTH));
    common::search::bench(&BENCH_POSITIONS, |_, board| {
        let mut searcher = Searcher::new(TABLE_BYTES);
        searcher.verbose = false;
        searcher.search(board, &limits)
    })
}
