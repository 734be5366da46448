//! Iterative-deepening negamax with alpha-beta (principal variation search) and a transposition
//! table, built around the threats of Yavalath.
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
//!    such moves are never searched); none left: lost; at depth 0 the static evaluation.
//!
//! Moves are ordered: the table's move, moves that make a new threat, the two killers, then
//! history and centrality.

use crate::board::{Board, Cell, Cells, MoveList, Player, CELLS};
use crate::eval::{centrality, evaluate_with};
use crate::notation::format_move;
use crate::threats::{gather, threat_makers_padded, Threats};
use common::clock::{nodes_per_second, Deadline, SearchClock};
use common::score::{is_decisive, loss_in, win_in, INFINITY};
use common::transposition::{Bound, TranspositionTable};
use std::time::Instant;

pub use common::score::{MATE, MATE_BOUND};
const MAX_PLY: usize = 96;
/// Depth limit of iterative deepening when none is given.
pub const MAX_DEPTH: u32 = 64;

/// Plies of threats the quiescence search follows past the horizon (the forced blocks between
/// them are free).
pub const MAX_QUIESCENCE: i32 = 10;

/// Late move reductions apply from this depth on...
const LMR_MIN_DEPTH: i32 = 3;
/// ...to the moves after this many (in search order), unless tactical or killers.
const LMR_MIN_INDEX: usize = 3;

/// Default size of the transposition table: 2^19 entries of 16 bytes = 8 MB.
pub const DEFAULT_TT_BYTES: usize = 8 << 20;

const NO_MOVE: u8 = u8::MAX;

/// Ordering bonuses, above any history score.
const ORDER_TT: i32 = 1 << 30;
const ORDER_THREAT: i32 = 1 << 26;
const ORDER_KILLER_1: i32 = 1 << 25;
const ORDER_KILLER_2: i32 = 1 << 24;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play.
    pub best: Cell,
    /// Its score for the player to move.
    pub score: i32,
    /// The deepest completed iteration (0 when the move needed no search).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Cell>,
}

/// The search and its memory between moves (table, history).
pub struct Searcher {
    tt: TranspositionTable<Cell>,
    killers: [[u8; 2]; MAX_PLY],
    history: [[i32; CELLS]; 2],
    clock: SearchClock,
    /// Iterative deepening stops after this depth.
    pub max_depth: u32,
    /// Log one line per iteration on stderr.
    pub verbose: bool,
}

/// Moves at or below this depth are not worth the threat-maker scan in ordering.
const THREAT_ORDER_MIN_DEPTH: i32 = 1;

impl Searcher {
    /// A searcher with a transposition table of at most `tt_bytes`.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::with_bytes(tt_bytes),
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: [[0; CELLS]; 2],
            clock: SearchClock::new(Deadline::unlimited()),
            max_depth: MAX_DEPTH,
            verbose: false,
        }
    }

    /// Searches `board` until `deadline` (or `max_depth`) and returns the move to play, `None` only
    /// if the game is over. The swap is never chosen here (see `engine`): at the root on ply 1
    /// only placements are searched.
    pub fn search(&mut self, board: &Board, deadline: Deadline) -> Option<SearchResult> {
        let legal = board.moves();
        let fallback = *legal.as_slice().first()?;
        self.clock = SearchClock::new(deadline);
        self.killers = [[NO_MOVE; 2]; MAX_PLY];
        for side in self.history.iter_mut() {
            for h in side.iter_mut() {
                *h /= 8;
            }
        }
        let me = board.to_move();
        let opp = me.other();
        let threats = Threats::of(board);
        let quick = |best: Cell, score: i32| {
            Some(SearchResult {
                best,
                score,
                depth: 0,
                nodes: 0,
                pv: vec![best],
            })
        };
        if threats.win(me) != 0 {
            return quick(Cell::lowest(threats.win(me)), win_in(0));
        }
        let empty = board.empty();
        let opp_wins = threats.win(opp);
        if opp_wins != 0 {
            // Block; with several threats, block one that does not make a 3 if there is one.
            let calm = opp_wins & !threats.lose(me);
            let block = Cell::lowest(if calm != 0 { calm } else { opp_wins });
            let score = if opp_wins.count_ones() >= 2 || calm == 0 {
                loss_in(1)
            } else {
                0
            };
            if opp_wins.count_ones() == 1 && calm != 0 {
                // The block is forced, but search it anyway to report its score: cheap.
                let s = -self.negamax(&board.play(block), 1, -INFINITY, INFINITY, 1);
                return quick(block, if self.clock.stopped() { score } else { s });
            }
            return quick(block, score);
        }
        let safe = empty & !threats.lose(me);
        if safe == 0 {
            return quick(fallback, loss_in(0));
        }
        let mut root: Vec<Cell> = Cells(safe).collect();
        if root.len() == 1 {
            return quick(root[0], 0);
        }
        root.sort_by_key(|&c| -centrality(c));

        let start = Instant::now();
        let mut best = SearchResult {
            best: root[0],
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![root[0]],
        };
        let max_depth = self.max_depth.min(empty.count_ones()).max(1);
        for depth in 1..=max_depth {
            let (score, mv, complete) = self.root_search(board, &mut root, depth as i32);
            if !complete {
                break;
            }
            best.best = mv;
            best.score = score;
            best.depth = depth;
            best.pv = self.principal_variation(board, mv, depth as usize);
            if self.verbose {
                let pv: Vec<String> = best.pv.iter().map(|&c| format_move(c)).collect();
                common::io::log(&format!(
                    "depth {depth} score {score} nodes {} nps {} pv {}",
                    self.clock.nodes(),
                    nodes_per_second(self.clock.nodes(), start.elapsed()),
                    pv.join(", ")
                ));
            }
            if is_decisive(score) || deadline.soft_expired() {
                break;
            }
        }
        best.nodes = self.clock.nodes();
        Some(best)
    }

    /// One iteration over the root moves, best first; moves the best to the front. Returns the
    /// score, the best move, and whether the iteration completed.
    fn root_search(&mut self, board: &Board, root: &mut [Cell], depth: i32) -> (i32, Cell, bool) {
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best_index = 0;
        for i in 0..root.len() {
            let child = board.play(root[i]);
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
            } else {
                score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if score > alpha && !self.clock.stopped() {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
                }
            }
            if self.clock.stopped() {
                return (alpha, root[best_index], false);
            }
            if score > alpha {
                alpha = score;
                best_index = i;
            }
        }
        root[..=best_index].rotate_right(1);
        self.tt
            .store(board.hash(), 0, depth, alpha, Bound::Exact, Some(root[0]));
        (alpha, root[0], true)
    }

    /// The negamax search (see the module docs for the contract and the threat rules).
    fn negamax(
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
        let me = board.to_move();
        let opp = me.other();
        let threats = Threats::of(board);
        if threats.win(me) != 0 {
            return win_in(ply);
        }
        let empty = board.empty();
        if empty == 0 {
            return 0;
        }
        let opp_wins = threats.win(opp);
        let mut forced = None;
        if opp_wins != 0 {
            if opp_wins & (opp_wins - 1) != 0 {
                return loss_in(ply + 1);
            }
            if opp_wins & threats.lose(me) != 0 {
                return loss_in(ply);
            }
            forced = Some(Cell::lowest(opp_wins));
        }

        // Mate distance pruning: nothing here can beat a win on the next ply.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let safe = empty & !threats.lose(me);
        let swap = board.swap_cell();
        if forced.is_none() {
            if safe == 0 && swap.is_none() {
                return loss_in(ply);
            }
            if depth <= 0 || ply >= MAX_PLY - 1 {
                return self.quiesce(board, &threats, depth, alpha, beta, ply, safe);
            }
        }
        if let Some(block) = forced {
            // A forced move uses no depth; the board fills, so this ends.
            return -self.negamax(&board.play(block), depth, -beta, -alpha, ply + 1);
        }

        let key = board.hash();
        let mut tt_move = NO_MOVE;
        if let Some(entry) = self.tt.probe(key, ply) {
            tt_move = entry.best.map_or(NO_MOVE, |cell| cell.index() as u8);
            if let Some(score) = entry.cutoff(depth, alpha, beta) {
                return score;
            }
        }

        let mut moves = MoveList::new();
        for c in Cells(safe) {
            moves.push(c);
        }
        if let Some(c) = swap {
            moves.push(c);
        }
        let makers = if depth > THREAT_ORDER_MIN_DEPTH {
            gather(threat_makers_padded(
                threats.padded[me.index()],
                threats.padded[opp.index()],
            )) & safe
        } else {
            0
        };
        let mut order = [0i32; CELLS];
        let killers = self.killers[ply];
        for (i, &m) in moves.as_slice().iter().enumerate() {
            let idx = m.index() as u8;
            order[i] = if idx == tt_move {
                ORDER_TT
            } else if makers & m.bit() != 0 {
                ORDER_THREAT + self.history[me.index()][m.index()]
            } else if idx == killers[0] {
                ORDER_KILLER_1
            } else if idx == killers[1] {
                ORDER_KILLER_2
            } else {
                self.history[me.index()][m.index()] + centrality(m)
            };
        }

        let alpha_start = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves.as_slice()[0];
        let n = moves.len();
        for i in 0..n {
            // Selection sort step: bring the best remaining move to position i.
            let mut pick = i;
            for j in i + 1..n {
                if order[j] > order[pick] {
                    pick = j;
                }
            }
            order.swap(i, pick);
            moves.as_mut_slice().swap(i, pick);
            let m = moves.as_slice()[i];

            let child = board.play(m);
            let mut score;
            if i == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            } else {
                // Late move reduction: a quiet move late in the order is first searched one ply
                // shallower, and again at full depth only if it looks better than alpha.
                let reduction = i32::from(
                    depth >= LMR_MIN_DEPTH && i >= LMR_MIN_INDEX && order[i] < ORDER_KILLER_2,
                );
                score = -self.negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if reduction > 0 && score > alpha && !self.clock.stopped() {
                    score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta && !self.clock.stopped() {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
            }
            if self.clock.stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.reward(me, m, ply, depth);
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best_score, alpha_start, beta);
        self.tt
            .store(key, ply, depth, best_score, bound, Some(best_move));
        best_score
    }

    /// The horizon: the static evaluation ("stand pat"), unless a threat does better. Only
    /// moves that make a new winning cell are tried; the opponent's block is forced and costs no
    /// depth, so a chain of threats ending in a double threat or in a block that makes a 3 is
    /// seen to its end. At most [`MAX_QUIESCENCE`] plies of threats.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        board: &Board,
        threats: &Threats,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        safe: u64,
    ) -> i32 {
        let stand = evaluate_with(board, threats);
        if stand >= beta || depth <= -MAX_QUIESCENCE || ply >= MAX_PLY - 4 {
            return stand;
        }
        let me = board.to_move();
        let makers = gather(threat_makers_padded(
            threats.padded[me.index()],
            threats.padded[me.other().index()],
        )) & safe;
        let mut best = stand;
        alpha = alpha.max(stand);
        for m in Cells(makers) {
            let score = -self.negamax(&board.play(m), depth - 1, -beta, -alpha, ply + 1);
            if self.clock.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Killer and history updates for a move that caused a cut-off.
    fn reward(&mut self, me: Player, m: Cell, ply: usize, depth: i32) {
        let idx = m.index() as u8;
        let killers = &mut self.killers[ply];
        if killers[0] != idx {
            killers[1] = killers[0];
            killers[0] = idx;
        }
        let h = &mut self.history[me.index()][m.index()];
        *h = (*h + depth * depth).min(ORDER_KILLER_2 / 2);
    }

    /// The line the table remembers from `board` after `first`, at most `max` moves.
    fn principal_variation(&self, board: &Board, first: Cell, max: usize) -> Vec<Cell> {
        let mut pv = vec![first];
        let mut b = board.play(first);
        while pv.len() < max && b.outcome().is_none() {
            let Some(m) = self.tt.probe(b.hash(), 0).and_then(|entry| entry.best) else {
                break;
            };
            if !b.is_legal(m) {
                break;
            }
            pv.push(m);
            b = b.play(m);
        }
        pv
    }
}

/// The benchmark positions: move sequences from the empty board.
/// (Openings and middle games from self-play, none with a forced reply.)
pub const BENCH_POSITIONS: [&[(u8, u8)]; 8] = [
    &[(2, 1), (4, 3)],
    &[(2, 1), (4, 3), (2, 3), (4, 4)],
    &[(2, 1), (4, 3), (2, 3), (4, 4), (2, 6), (4, 5)],
    &[(2, 1), (4, 3), (2, 3), (4, 4), (2, 6), (4, 5), (3, 4)],
    &[(2, 1), (4, 5), (4, 3)],
    &[(2, 1), (4, 5), (4, 3), (4, 4), (4, 1)],
    &[
        (2, 1),
        (4, 3),
        (2, 3),
        (4, 4),
        (2, 6),
        (4, 5),
        (3, 4),
        (4, 1),
        (4, 2),
    ],
    &[
        (2, 1),
        (4, 3),
        (2, 3),
        (4, 4),
        (2, 6),
        (4, 5),
        (3, 4),
        (4, 1),
        (4, 2),
        (4, 7),
        (4, 6),
    ],
];

/// Default depth of `bench`.
pub const BENCH_DEPTH: u32 = 7;

/// The board after a bench sequence.
pub fn bench_board(sequence: &[(u8, u8)]) -> Board {
    let mut board = Board::new();
    for &(x, y) in sequence {
        let cell = Cell::from_xy(i32::from(x), i32::from(y)).expect("bench cells exist");
        board = board.try_play(cell).expect("bench moves are legal");
    }
    board
}

/// Searches every bench position at `depth` (default [`BENCH_DEPTH`]) with a fresh table, prints
/// one line each and then `<N> nodes <M> nps`; returns the total node count.
pub fn bench(depth: Option<u32>) -> u64 {
    let depth = depth.unwrap_or(BENCH_DEPTH);
    let start = Instant::now();
    let mut total = 0;
    for (i, sequence) in BENCH_POSITIONS.iter().enumerate() {
        let board = bench_board(sequence);
        let mut searcher = Searcher::new(1 << 20);
        searcher.max_depth = depth;
        let result = searcher
            .search(&board, Deadline::unlimited())
            .expect("bench positions are not finished");
        total += result.nodes;
        println!(
            "position {} best {} score {} depth {} nodes {}",
            i + 1,
            format_move(result.best),
            result.score,
            result.depth,
            result.nodes
        );
    }
    println!(
        "{total} nodes {} nps",
        nodes_per_second(total, start.elapsed())
    );
    total
}
