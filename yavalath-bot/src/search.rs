//! Iterative-deepening negamax with alpha-beta (principal variation search) and a transposition
//! table, built around the threats of Yavalath: the one iterative deepening of every bot
//! ([`common::deepening`], through [`Searcher::search`]) drives the iterations, whose root the
//! threats often decide at once (this crate's `start_search`); `root_search` searches the root
//! moves once, [`Searcher::negamax`] is the node, [`Searcher::quiescence`] the horizon.
//!
//! # The contract
//!
//! `negamax(board, depth, alpha, beta, ply)` returns the value of `board` for the player to move:
//! exact when it lies strictly between `alpha` and `beta`, otherwise a bound on the same side.
//! A game won on ply `p` from the root scores `MATE - p` for the winner (so shorter wins score
//! higher and longer losses are preferred); a draw scores 0.
//!
//! # Threats decide before depth does
//!
//! Every node first looks at [`Threats`] (all winning and losing cells of both players):
//! 1. a winning cell of the player to move: won on this ply;
//! 2. two winning cells of the opponent: lost (one block, then the other wins);
//! 3. one winning cell of the opponent: the only move is to block it; if the block makes a 3 the
//!    game is lost now, otherwise the block is searched *without using depth* (a forced move
//!    costs nothing to look at, and this is how a threat whose block makes the blocker's 3 is
//!    seen as the win it is);
//! 4. otherwise the moves are the cells that do not make a 3 (a 3 without a 4 loses at once, so
//!    such moves are never searched); none left: lost; at depth 0 the quiescence search.
//!
//! Moves are ordered ([`pick_move`]): the table's move, moves that make a new threat, the two
//! killers, then history and centrality.
//!
//! # Time
//!
//! Every node, the quiescence's included, ticks the clock, which looks at the wall time every
//! few thousand nodes; an iteration is not begun past the soft budget, unless the last one was
//! unstable (another best move, or a score that fell by more than `UNSTABLE_SCORE_DROP`): then
//! until the extended budget of [`crate::params::TIME_POLICY`] (which gives the figures). At the
//! hard budget, which ends nearly every turn in the middle of an iteration, the move played is
//! the unfinished iteration's best (the root searches the last best first, so it is that move
//! or one that beat it at the new depth), as in every bot ([`common::deepening`]).
//! The search writes nothing while it runs: its one line per iteration is kept for
//! [`Searcher::take_log`], which the bot writes after its reply, so that a slow standard error
//! cannot delay a move.

use crate::board::{Board, Cell, Cells, MoveList, Player, CELLS};
use crate::eval::{centrality, evaluate_with};
use crate::threats::{gather, threat_makers_padded, Threats, Verdict};
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
    HISTORY_AGING, HISTORY_MAX, HORIZON_PLY, LMR_MIN_DEPTH, LMR_MIN_INDEX, LMR_REDUCTION,
    ORDER_KILLER_1, ORDER_KILLER_2, ORDER_TABLE_MOVE, ORDER_THREAT, QUIESCENCE_LAST_PLY,
    THREAT_ORDER_MIN_DEPTH, UNSTABLE_SCORE_DROP,
};
pub use crate::params::{MAX_DEPTH, MAX_PLY, MAX_QUIESCENCE, OPENING_MARGIN, TABLE_BYTES};
pub use common::score::{MATE, MATE_BOUND};
/// The selection step of move ordering, by swapping (the order of ties the bench pins).
pub use common::search::pick_move_by_swap as pick_move;

/// The search and its memory between moves (table, killers, history).
pub struct Searcher {
    table: TranspositionTable<Cell>,
    /// Two moves per ply that recently caused a cut-off.
    killers: [[Option<Cell>; 2]; MAX_PLY],
    /// Cut-off credit per (player, cell), for ordering quiet moves.
    history: [[i32; CELLS]; 2],
    clock: SearchClock,
    /// Keep one line per iteration for [`Searcher::take_log`].
    pub verbose: bool,
    /// The root moves, the last iteration's best first.
    root: MoveList,
    log: String,
}

impl Searcher {
    /// A searcher with a transposition table of at most `table_bytes`. The table is written
    /// through here, so its pages are in memory before any move's clock starts.
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::with_bytes(table_bytes),
            killers: [[None; 2]; MAX_PLY],
            history: [[0; CELLS]; 2],
            clock: SearchClock::new(Deadline::unlimited()),
            verbose: false,
            root: MoveList::new(),
            log: String::new(),
        }
    }

    /// Forgets everything learnt: table, killers, history.
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history = [[0; CELLS]; 2];
    }

    /// The lines kept since the last call (one per iteration, when `verbose`), emptied.
    pub fn take_log(&mut self) -> String {
        std::mem::take(&mut self.log)
    }

    /// Searches `board` within `limits` and returns the move to play
    /// ([`iterative_deepening`]; `best` is `None` only if the game is over). The swap is never
    /// chosen here (see `engine`): at the root on ply 1 only placements are searched.
    pub fn search(&mut self, board: &Board, limits: &Limits) -> SearchResult<Cell> {
        iterative_deepening(self, board, limits)
    }

    /// One iteration over the root moves, best first, within `(alpha, beta)`; moves the best to
    /// the front. Returns the best move and its score; when time runs out first, the best of the
    /// moves searched, marked not `complete`, or `None` if none was.
    fn root_search(
        &mut self,
        board: &Board,
        root_moves: &mut MoveList,
        depth: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootIteration<Cell>> {
        let depth = depth as i32;
        let floor = alpha;
        let mut alpha = alpha;
        let mut best_index = 0;
        for (i, &m) in root_moves.iter().enumerate() {
            let child = board.play(m);
            let score = principal_variation_search(i, depth, 0, (alpha, beta), |d, a, b| {
                -self.negamax(&child, d, -b, -a, 1)
            });
            if self.clock.stopped() {
                break;
            }
            if score > alpha {
                alpha = score;
                best_index = i;
                if score >= beta {
                    break;
                }
            }
        }
        if alpha <= floor {
            return None;
        }
        root_moves[..=best_index].rotate_right(1);
        Some(RootIteration {
            best: root_moves[0],
            score: alpha,
            complete: !self.clock.stopped(),
        })
    }

    /// The negamax search (see the module docs for the contract and the threat rules).
    pub fn negamax(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let me = board.side_to_move();
        let opp = me.other();
        let threats = Threats::of(board);
        let forced = match threats.verdict(board) {
            Verdict::Win => return win_in(ply),
            Verdict::Full => return 0,
            Verdict::TwoThreats => return loss_in(ply + 1),
            Verdict::BlockLoses => return loss_in(ply),
            Verdict::Block(cell) => Some(cell),
            Verdict::Free => None,
        };

        // Mate distance pruning: nothing here can beat a win on the next ply.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let safe = board.empty() & !threats.lose(me);
        let swap = board.swap_cell();
        if forced.is_none() {
            if safe == 0 && swap.is_none() {
                return loss_in(ply);
            }
            if depth <= 0 || ply >= HORIZON_PLY {
                return self.quiescence(board, alpha, beta, ply, depth, &threats);
            }
        }
        if let Some(block) = forced {
            // A forced move uses no depth; the board fills, so this ends.
            return -self.negamax(&board.play(block), depth, -beta, -alpha, ply + 1);
        }

        let key = board.hash();
        let (table_move, cutoff) = self
            .table
            .probe_node(key, (ply, depth), (alpha, beta), false);
        if let Some(score) = cutoff {
            return score;
        }

        let mut moves: MoveList = Cells(safe).collect();
        if let Some(c) = swap {
            moves.push(c);
        }
        let makers = if depth > THREAT_ORDER_MIN_DEPTH.get() {
            gather(threat_makers_padded(
                threats.padded[me.index()],
                threats.padded[opp.index()],
            )) & safe
        } else {
            0
        };
        let history = &self.history[me.index()];
        let mut order = score_moves(&moves, table_move, self.killers[ply], history, makers);

        let mut node = NodeBest::new(-INFINITY, alpha, beta);
        for i in 0..moves.len() {
            let m = pick_move(&mut moves, &mut order, i);
            let child = board.play(m);
            // Late move reduction: a quiet move late in the order is first searched shallower.
            let reduction = if depth >= LMR_MIN_DEPTH.get()
                && i >= LMR_MIN_INDEX.get()
                && order[i] < ORDER_KILLER_2
            {
                LMR_REDUCTION.get()
            } else {
                0
            };
            let score =
                principal_variation_search(i, depth, reduction, (node.alpha, beta), |d, a, b| {
                    -self.negamax(&child, d, -b, -a, ply + 1)
                });
            if self.clock.stopped() {
                return 0;
            }
            if node.add(m, score) {
                self.remember_cutoff(me, m, depth, ply);
                break;
            }
        }
        let bound = Bound::of(node.score, alpha, beta);
        self.table
            .store(key, ply, depth, node.score, bound, node.best_move);
        node.score
    }

    /// The horizon: the static evaluation ("stand pat"), unless a threat does better. Only
    /// moves that make a new winning cell are tried; the opponent's block is forced and costs no
    /// depth, so a chain of threats ending in a double threat or in a block that makes a 3 is
    /// seen to its end. `depth` (0 or below) counts the plies of threats past the horizon, at
    /// most [`MAX_QUIESCENCE`]; `threats` are the position's, which the caller has computed.
    pub fn quiescence(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        ply: usize,
        depth: i32,
        threats: &Threats,
    ) -> i32 {
        let stand = evaluate_with(board, threats);
        if stand >= beta || depth <= -MAX_QUIESCENCE.get() || ply >= QUIESCENCE_LAST_PLY {
            return stand;
        }
        let me = board.side_to_move();
        let safe = board.empty() & !threats.lose(me);
        let makers = gather(threat_makers_padded(
            threats.padded[me.index()],
            threats.padded[me.other().index()],
        )) & safe;
        let mut node = NodeBest::new(stand, alpha, beta);
        for m in Cells(makers) {
            let score = -self.negamax(&board.play(m), depth - 1, -beta, -node.alpha, ply + 1);
            if self.clock.stopped() {
                return 0;
            }
            if node.add(m, score) {
                break;
            }
        }
        node.score
    }

    /// Killer and history updates for a move that caused a cut-off.
    fn remember_cutoff(&mut self, me: Player, m: Cell, depth: i32, ply: usize) {
        remember_killer(&mut self.killers[ply], m);
        reward_history(&mut self.history[me.index()][m.index()], depth, HISTORY_MAX);
    }
}

impl RootSearch<Board> for Searcher {
    fn clock(&mut self) -> &mut SearchClock {
        &mut self.clock
    }

    fn table(&mut self) -> &mut TranspositionTable<Cell> {
        &mut self.table
    }

    fn verbose(&self) -> bool {
        self.verbose
    }

    /// Kept for [`Searcher::take_log`]: the protocol writes a turn's log after its reply.
    fn log(&mut self, line: &str) {
        self.log.push_str(line);
        self.log.push('\n');
    }

    /// The threats decide many roots without a search: a win on the spot, a lost position (two
    /// threats to block, or a block that makes a 3), a forced block (searched one ply for its
    /// score). Otherwise the root moves are the cells that do not make a 3 (the others lose at
    /// once), the centre first.
    fn start_search(&mut self, board: &Board) -> Root<Cell> {
        self.killers = [[None; 2]; MAX_PLY];
        for side in self.history.iter_mut() {
            for h in side.iter_mut() {
                *h /= HISTORY_AGING.get();
            }
        }
        let me = board.side_to_move();
        let threats = Threats::of(board);
        let decided =
            |best: Cell, score: i32| Root::Decided(SearchResult::immediate(Some(best), score));
        match threats.verdict(board) {
            Verdict::Win => return decided(Cell::lowest(threats.win(me)), win_in(0)),
            Verdict::TwoThreats | Verdict::BlockLoses => {
                // Lost: block a winning cell that does not make a 3 if there is one.
                let theirs = threats.win(me.other());
                let calm = theirs & !threats.lose(me);
                let block = Cell::lowest(if calm != 0 { calm } else { theirs });
                return decided(block, loss_in(1));
            }
            Verdict::Block(block) => {
                // The block is forced, but search it anyway to report its score: cheap.
                let s = -self.negamax(&board.play(block), 1, -INFINITY, INFINITY, 1);
                return decided(block, if self.clock.stopped() { 0 } else { s });
            }
            Verdict::Full | Verdict::Free => {}
        }
        let empty = board.empty();
        let safe = empty & !threats.lose(me);
        if safe == 0 {
            let Some(&fallback) = board.legal_moves().first() else {
                return Root::Moves(Vec::new());
            };
            return decided(fallback, loss_in(0));
        }
        self.root = Cells(safe).collect();
        self.root.sort_by_key(|&c| -centrality(c));
        Root::Moves(self.root.to_vec())
    }

    /// The game ends when the board is full.
    fn depth_cap(&self, board: &Board) -> u32 {
        MAX_DEPTH.min(board.empty().count_ones())
    }

    fn unstable_score_drop(&self) -> i32 {
        UNSTABLE_SCORE_DROP
    }

    fn search_root(
        &mut self,
        board: &Board,
        depth: u32,
        window: (i32, i32),
    ) -> Option<RootIteration<Cell>> {
        let mut root = std::mem::take(&mut self.root);
        let found = self.root_search(board, &mut root, depth, window);
        self.root = root;
        found
    }

    /// The cells that do not make a 3 (the others lose at once).
    fn root_moves(&self, board: &Board) -> MoveList {
        Cells(board.empty() & !Threats::of(board).lose(board.side_to_move())).collect()
    }

    fn null_window_score(&mut self, child: &Board, depth: i32, threshold: i32) -> i32 {
        -self.negamax(child, depth - 1, -threshold, 1 - threshold, 1)
    }
}

/// The ordering key of each of `moves`, given the node's table move `table_move`, the `killers`
/// of its ply, the mover's `history` scores and the cells that make a threat (`makers`): the
/// table move, the threat makers, the killers, then history with centrality.
fn score_moves(
    moves: &[Cell],
    table_move: Option<Cell>,
    killers: [Option<Cell>; 2],
    history: &[i32; CELLS],
    makers: u64,
) -> ArrayVec<i32, CELLS> {
    moves
        .iter()
        .map(|&m| {
            let history = history[m.index()];
            if Some(m) == table_move {
                ORDER_TABLE_MOVE
            } else if makers & m.bit() != 0 {
                ORDER_THREAT + history
            } else if Some(m) == killers[0] {
                ORDER_KILLER_1
            } else if Some(m) == killers[1] {
                ORDER_KILLER_2
            } else {
                history + centrality(m)
            }
        })
        .collect()
}

/// The benchmark positions: move sequences `x y,...` from the empty board.
/// (Openings and middle games from self-play, none with a forced reply.)
pub const BENCH_POSITIONS: [&str; 8] = [
    "2 1,4 3",
    "2 1,4 3,2 3,4 4",
    "2 1,4 3,2 3,4 4,2 6,4 5",
    "2 1,4 3,2 3,4 4,2 6,4 5,3 4",
    "2 1,4 5,4 3",
    "2 1,4 5,4 3,4 4,4 1",
    "2 1,4 3,2 3,4 4,2 6,4 5,3 4,4 1,4 2",
    "2 1,4 3,2 3,4 4,2 6,4 5,3 4,4 1,4 2,4 7,4 6",
];

/// Default depth of `bench`.
pub const BENCH_DEPTH: u32 = 7;

/// Searches every bench position to `depth` (default [`BENCH_DEPTH`]) with a cleared table of
/// [`TABLE_BYTES`], the size the bot plays with ([`common::search::bench`]); returns the total
/// node count.
pub fn bench(depth: Option<u32>) -> u64 {
    let limits = Limits::depth(depth.unwrap_or(BENCH_DEPTH));
    let mut searcher = Searcher::new(TABLE_BYTES);
    common::search::bench(&BENCH_POSITIONS, |_, board| {
        searcher.clear();
        searcher.search(board, &limits)
    })
}
