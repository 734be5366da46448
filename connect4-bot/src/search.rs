//! Iterative-deepening negamax with alpha-beta (principal variation search) and a
//! transposition table.
//!
//! # The negamax contract
//!
//! `negamax(board, depth, ply, alpha, beta)` returns the value of `board` for the team to move:
//! exact when it lies strictly between `alpha` and `beta`, an upper bound when `<= alpha`, a
//! lower bound when `>= beta`. A win found `n` plies from the root is worth `MATE - n`, a loss
//! `-(MATE - n)`, a draw 0, so that the search prefers the fastest win and the slowest loss.
//!
//! # Steps
//! 1. iterative deepening (`search`): depth 1, 2, ... until the soft budget, the depth cap,
//!    a proven result, or the end of the game is in reach; the move of the last completed
//!    iteration is played;
//! 2. `negamax`: end of game, an immediate win by a drop, the table, then the moves;
//! 3. move ordering: table move, blocks of the opponent's playable threats, killers, then
//!    normal discs centre first, dual discs, powers, with history breaking ties.
//!
//! When neither team holds a clearing power every move fills a cell, so the game ends within
//! the number of empty cells; once the depth reaches it every leaf is an end of game and the
//! result is exact (the position is solved).

use std::time::Duration;

use common::clock::{Deadline, SearchClock};
use common::io::log;
use common::score::{is_decisive, loss_in, win_in, INFINITY};
use common::transposition::{Bound, TranspositionTable};

use crate::board::{winning_cells, Board, Kind, Move, Outcome, BOARD_MASK, CLEARING_BITS, WIDTH};
use crate::eval::evaluate;

pub use common::score::{MATE, MATE_BOUND};
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;
const MAX_PLY: usize = 128;

/// Default transposition table size: far under the contest's 20 MB.
pub const DEFAULT_TABLE_BYTES: usize = 4 << 20;

// ---------------------------------------------------------------------------------------------
// The searcher
// ---------------------------------------------------------------------------------------------

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Move>,
    /// Its value for the team to move.
    pub score: i32,
    /// The last completed depth (0 if not even depth 1 completed).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation from the table.
    pub pv: Vec<Move>,
}

/// The searcher: the table and the ordering heuristics, reusable across searches.
pub struct Searcher {
    table: TranspositionTable<Move>,
    history: [[i32; 5 * WIDTH]; 2],
    killers: [[u8; 2]; MAX_PLY],
    clock: SearchClock,
    /// Print one line per iteration on stderr.
    pub verbose: bool,
}

impl Searcher {
    /// A searcher whose table takes at most `table_bytes` (a power of two of entries).
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::with_bytes(table_bytes),
            history: [[0; 5 * WIDTH]; 2],
            killers: [[0; 2]; MAX_PLY],
            clock: SearchClock::new(Deadline::unlimited()),
            verbose: true,
        }
    }

    /// Searches `board` until the deadline or `max_depth`; always returns a legal move if there
    /// is one.
    pub fn search(
        &mut self,
        board: &Board,
        deadline: Deadline,
        max_depth: Option<u32>,
    ) -> SearchResult {
        self.clock = SearchClock::new(deadline);
        self.killers = [[0; 2]; MAX_PLY];
        let mut root_moves: Vec<Move> = board.legal_moves().as_slice().to_vec();
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if root_moves.is_empty() {
            return result;
        }
        self.order(board, 0, None, &mut root_moves);
        result.best = Some(root_moves[0]);
        let cap = max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        // With no clearing power left, every move fills a cell.
        let game_length =
            if (board.used(board.to_move()) & board.used(board.to_move().other()) & CLEARING_BITS)
                == CLEARING_BITS
            {
                (BOARD_MASK & !board.occupied()).count_ones()
            } else {
                MAX_DEPTH
            };
        for depth in 1..=cap {
            let mut alpha = -INFINITY;
            let beta = INFINITY;
            let mut best_here: Option<(Move, i32)> = None;
            for (i, &m) in root_moves.iter().enumerate() {
                let child = board.play(m);
                let d = depth as i32 - 1;
                let score = if i == 0 {
                    -self.negamax(&child, d, 1, -beta, -alpha)
                } else {
                    let s = -self.negamax(&child, d, 1, -alpha - 1, -alpha);
                    if s > alpha && !self.clock.stopped() {
                        -self.negamax(&child, d, 1, -beta, -alpha)
                    } else {
                        s
                    }
                };
                if self.clock.stopped() {
                    break;
                }
                if best_here.map_or(true, |(_, b)| score > b) {
                    best_here = Some((m, score));
                }
                if score > alpha {
                    alpha = score;
                }
            }
            if self.clock.stopped() {
                // An incomplete depth 1 still beats nothing: take its best so far.
                if result.depth == 0 {
                    if let Some((m, s)) = best_here {
                        result.best = Some(m);
                        result.score = s;
                    }
                }
                break;
            }
            let (best, score) = best_here.unwrap_or((root_moves[0], 0));
            result.best = Some(best);
            result.score = score;
            result.depth = depth;
            // The best move first in the next iteration, the rest in their order.
            if let Some(pos) = root_moves.iter().position(|&m| m == best) {
                let m = root_moves.remove(pos);
                root_moves.insert(0, m);
            }
            self.table.store(
                board.hash(),
                0,
                depth as i32,
                score,
                Bound::Exact,
                Some(best),
            );
            result.pv = self.principal_variation(board, depth as usize);
            if self.verbose {
                let pv: Vec<String> = result
                    .pv
                    .iter()
                    .map(|m| format!("{}-{}", m.kind.number(), m.column.number()))
                    .collect();
                log(&format!(
                    "depth {depth} score {score} nodes {} nps {} pv {}",
                    self.clock.nodes(),
                    self.clock.nps(),
                    pv.join(" ")
                ));
            }
            if is_decisive(score) || depth >= game_length || self.clock.deadline().soft_expired() {
                break;
            }
        }
        result.nodes = self.clock.nodes();
        result
    }

    fn principal_variation(&self, board: &Board, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut b = *board;
        while pv.len() < max {
            let Some(m) = self.table.probe(b.hash(), 0).and_then(|entry| entry.best) else {
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

    /// Orders `moves` best first (see the module docs).
    fn order(&self, board: &Board, ply: usize, table_move: Option<Move>, moves: &mut [Move]) {
        let me = board.to_move();
        let occupied = board.occupied();
        let their_wins = winning_cells(board.discs(me.other()), occupied) & board.playable();
        let killers = if ply < MAX_PLY {
            self.killers[ply]
        } else {
            [0; 2]
        };
        let history = &self.history[me.index()];
        let score = |m: Move| -> i32 {
            if Some(m) == table_move {
                return 10_000_000;
            }
            let code = m.code() as u8 + 1;
            let centre = 6 - 2 * (m.column.index() as i32 - 3).abs();
            let blocks = board.landing_bit(m.column) & their_wins != 0;
            let mut s = match m.kind {
                Kind::Normal => 300_000 + centre * 1000,
                Kind::Dual => 100_000 + centre * 1000,
                _ => 50_000,
            };
            if blocks && m.kind == Kind::Normal {
                s += 5_000_000;
            }
            if killers[0] == code {
                s += 1_000_000;
            } else if killers[1] == code {
                s += 900_000;
            }
            s + history[m.code()].min(40_000)
        };
        // Insertion sort on at most 35 moves, stable (ties keep generation order).
        let mut keys = [0i32; 5 * WIDTH];
        for i in 0..moves.len() {
            let (m, k) = (moves[i], score(moves[i]));
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            keys[j] = k;
            moves[j] = m;
        }
    }

    fn negamax(&mut self, board: &Board, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if let Some(outcome) = board.outcome() {
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win(t) if t == board.to_move() => win_in(ply),
                Outcome::Win(_) => loss_in(ply),
            };
        }
        let me = board.to_move();
        // A drop (normal, or the dual disc when it is due) onto a winning cell wins at once.
        if winning_cells(board.discs(me), board.occupied()) & board.playable() != 0 {
            return win_in(ply + 1);
        }
        // Mate-distance pruning: nothing here beats a win next move or loses faster than now.
        let alpha0 = alpha.max(loss_in(ply));
        let beta = beta.min(win_in(ply + 1));
        alpha = alpha0;
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 {
            return evaluate(board);
        }
        let key = board.hash();
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key, ply) {
            table_move = entry.best.filter(|&m| board.is_legal(m));
            if let Some(score) = entry.cutoff(depth, alpha, beta) {
                return score;
            }
        }
        let mut list = board.legal_moves();
        let moves = list.as_mut_slice();
        self.order(board, ply, table_move, moves);
        let mut best = -INFINITY;
        let mut best_move = None;
        let original_alpha = alpha;
        for (i, &m) in moves.iter().enumerate() {
            let child = board.play(m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let s = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if s > alpha && s < beta {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.clock.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                let code = m.code() as u8 + 1;
                if ply < MAX_PLY && self.killers[ply][0] != code {
                    self.killers[ply][1] = self.killers[ply][0];
                    self.killers[ply][0] = code;
                }
                let h = &mut self.history[me.index()][m.code()];
                *h = (*h + depth * depth).min(1 << 20);
                break;
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.table.store(key, ply, depth, best, bound, best_move);
        best
    }
}

/// Searches `board` with a fresh default-size table.
pub fn best_move(board: &Board, deadline: Deadline, max_depth: Option<u32>) -> SearchResult {
    Searcher::new(DEFAULT_TABLE_BYTES).search(board, deadline, max_depth)
}

// ---------------------------------------------------------------------------------------------
// Bench
// ---------------------------------------------------------------------------------------------

/// The bench positions, as move sequences (`t c` each) from the empty board.
pub const BENCH_LINES: [&str; 6] = [
    "",
    "5 4,5 4,5 3,5 5",
    "5 4,4 4,5 3,5 5,5 3,5 2",
    "5 4,5 3,5 4,5 4,1 4,5 5,5 2,5 6",
    "5 1,5 7,4 4,2 7,5 4,5 4,5 3,5 5,5 3",
    "5 4,5 4,5 4,5 4,5 4,5 4,5 3,5 5,5 3,5 3,4 5,4 2,5 2,5 6,5 6",
];

/// The default bench depth.
pub const BENCH_DEPTH: u32 = 9;

/// The bench position number `i`.
pub fn bench_position(i: usize) -> Option<Board> {
    let mut board = Board::new();
    for text in BENCH_LINES.get(i)?.split(',').filter(|s| !s.is_empty()) {
        let m = crate::notation::parse_move(text).ok()?;
        board = board.try_play(m).ok()?;
    }
    Some(board)
}

/// Searches every bench position at `depth` with a fresh table, prints a line each and then
/// `<N> nodes <M> nps`; returns N.
pub fn bench(depth: Option<u32>) -> u64 {
    let depth = depth.unwrap_or(BENCH_DEPTH);
    let start = std::time::Instant::now();
    let mut total = 0;
    for i in 0..BENCH_LINES.len() {
        let Some(board) = bench_position(i) else {
            continue;
        };
        let mut searcher = Searcher::new(DEFAULT_TABLE_BYTES);
        searcher.verbose = false;
        let r = searcher.search(&board, Deadline::unlimited(), Some(depth));
        total += r.nodes;
        let best = r.best.map_or("none".to_string(), |m| m.to_string());
        println!(
            "position {} depth {} best {best} score {} nodes {}",
            i + 1,
            r.depth,
            r.score,
            r.nodes
        );
    }
    let elapsed = start.elapsed().max(Duration::from_micros(1));
    println!(
        "{total} nodes {} nps",
        common::clock::nodes_per_second(total, elapsed)
    );
    total
}
