//! Iterative-deepening negamax with alpha-beta (principal variation search).
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
//! since only a ranger move can parry it), the transposition table, then the moves: table move,
//! killers, history.

use crate::board::{Board, Move, MoveKind, MAX_MOVES};
use crate::eval::{evaluate, horizon, Horizon};
use crate::notation::format_move;
use common::clock::{nodes_per_second, Deadline, SearchClock};
use common::io::log;
use common::score::{loss_in, plies_to_result, win_in, INFINITY};
use common::transposition::{Bound, TranspositionTable};
use std::time::Instant;

pub use common::score::{MATE, MATE_BOUND};
/// The deepest ply the search reaches (a game has at most 102 plies).
pub const MAX_PLY: usize = 128;
/// The transposition table's size: 2^17 entries of 16 bytes, 2 MB (the contest allows 8 MB for
/// the whole process).
pub const TT_BYTES: usize = 2 << 20;

/// Late move reduction: from this remaining depth...
const LMR_MIN_DEPTH: i32 = 3;
/// ...moves from this index on (after the table move, the killers and the best by history) are
/// first searched one ply shallower.
const LMR_MIN_INDEX: usize = 3;

/// The result of a search.
#[derive(Clone, Copy, Debug)]
pub struct SearchResult {
    /// The move to play (always legal when the position has a move).
    pub best: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed depth (0 if none completed).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// The searcher with its tables, kept across the moves of a game.
pub struct Searcher {
    tt: TranspositionTable<Move>,
    killers: [[Move; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    /// Log one line per iteration on stderr.
    pub verbose: bool,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

fn history_index(m: Move) -> usize {
    let kind = usize::from(m.kind() == MoveKind::Pass);
    kind * 4096 + m.from().index() * 64 + m.to().index()
}

impl Searcher {
    /// A searcher with an empty table.
    pub fn new() -> Searcher {
        Searcher {
            tt: TranspositionTable::with_bytes(TT_BYTES),
            killers: [[Move::NULL; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 4096],
            verbose: false,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers = [[Move::NULL; 2]; MAX_PLY + 1];
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// The principal variation from the table, at most `max` moves.
    fn pv(&self, board: &Board, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut b = *board;
        while line.len() < max {
            let Some(m) = self.tt.probe(b.hash(), 0).and_then(|entry| entry.best) else {
                break;
            };
            if b.check(m).is_err() {
                break;
            }
            line.push(m);
            b = b.play(m);
        }
        line
    }

    /// Searches `board` until `deadline` (soft: no new iteration; hard: stop at once) or depth
    /// `max_depth`. Returns a legal move whenever the position has one.
    pub fn search(
        &mut self,
        board: &Board,
        deadline: Deadline,
        max_depth: Option<u32>,
    ) -> SearchResult {
        let start = Instant::now();
        let mut clock = SearchClock::new(deadline);
        let moves = board.legal_moves();
        let mut result = SearchResult {
            best: moves.as_slice().first().copied().unwrap_or(Move::NULL),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if moves.len() <= 1 {
            return result;
        }
        if let Some(win) = board.winning_move() {
            result.best = win;
            result.score = win_in(1);
            return result;
        }
        self.killers = [[Move::NULL; 2]; MAX_PLY + 1];
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let max_depth = max_depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let mut root: Vec<Move> = moves.as_slice().to_vec();
        for depth in 1..=max_depth {
            if depth > 1 && clock.deadline().soft_expired() {
                break;
            }
            // Search the previous best first.
            if let Some(pos) = root.iter().position(|&m| m == result.best) {
                root[..=pos].rotate_right(1);
            }
            let mut alpha = -INFINITY;
            let beta = INFINITY;
            let mut best = root[0];
            let mut scores = Vec::with_capacity(root.len());
            for (k, &m) in root.iter().enumerate() {
                let child = board.play(m);
                let score = if k == 0 {
                    -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1, &mut clock)
                } else {
                    let s =
                        -self.negamax(&child, depth as i32 - 1, -alpha - 1, -alpha, 1, &mut clock);
                    if s > alpha && !clock.stopped() {
                        -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1, &mut clock)
                    } else {
                        s
                    }
                };
                if clock.stopped() {
                    break;
                }
                scores.push((score, k));
                if score > alpha {
                    alpha = score;
                    best = m;
                }
            }
            if clock.stopped() {
                // An unfinished iteration: keep the last completed one, but use a better first
                // move of this one if depth 1 never completed.
                if result.depth == 0 {
                    result.best = best;
                }
                break;
            }
            // Order the root moves by this iteration's scores for the next one (stable).
            let mut order: Vec<(i32, usize)> = scores;
            order.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            root = order.iter().map(|&(_, k)| root[k]).collect();
            result.best = best;
            result.score = alpha;
            result.depth = depth;
            self.tt.store(
                board.hash(),
                0,
                depth as i32,
                alpha,
                Bound::Exact,
                Some(best),
            );
            if self.verbose {
                let pv: Vec<String> = self
                    .pv(board, depth as usize)
                    .iter()
                    .scan(*board, |b, &m| {
                        let text = format_move(m, b.to_move());
                        *b = b.play(m);
                        Some(text)
                    })
                    .collect();
                log(&format!(
                    "depth {depth} score {alpha} nodes {} nps {} pv {}",
                    clock.nodes(),
                    nodes_per_second(clock.nodes(), start.elapsed()),
                    pv.join(" ")
                ));
            }
            // A forced result within this depth will not change deeper.
            if plies_to_result(alpha).is_some_and(|plies| plies <= depth as i32) {
                break;
            }
        }
        result.nodes = clock.nodes();
        result
    }

    /// The value of `board` for its side to move; see the module documentation.
    fn negamax(
        &mut self,
        board: &Board,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        clock: &mut SearchClock,
    ) -> i32 {
        if clock.tick() {
            return 0;
        }
        if let Some(outcome) = board.outcome() {
            return match outcome.winner() {
                None => 0,
                Some(w) if w == board.to_move() => win_in(ply),
                Some(_) => loss_in(ply),
            };
        }
        if board.winning_move().is_some() {
            return win_in(ply + 1);
        }
        if ply >= MAX_PLY {
            return evaluate(board);
        }
        if depth <= 0 {
            // Only a ranger move parries a threatened winning pass: look one ply further.
            match horizon(board) {
                Horizon::Threatened => depth = 1,
                Horizon::Quiet(score) => return score,
            }
        }
        let pv_node = beta - alpha > 1;
        let mut tt_move = Move::NULL;
        if let Some(entry) = self.tt.probe(board.hash(), ply) {
            tt_move = entry.best.unwrap_or(Move::NULL);
            match entry.cutoff(depth, alpha, beta) {
                Some(score) if !pv_node => return score,
                _ => {}
            }
        }
        let mut moves = board.legal_moves();
        let killers = self.killers[ply];
        let mut keys = [0i32; MAX_MOVES];
        for (key, &m) in keys.iter_mut().zip(moves.as_slice()) {
            *key = if m == tt_move {
                i32::MAX
            } else if m == killers[0] {
                1_000_000_000
            } else if m == killers[1] {
                999_999_999
            } else {
                self.history[history_index(m)]
            };
        }
        // Insertion sort, best key first (the lists are short).
        let list = moves.as_mut_slice();
        for i in 1..list.len() {
            let (key, m) = (keys[i], list[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < key {
                keys[j] = keys[j - 1];
                list[j] = list[j - 1];
                j -= 1;
            }
            keys[j] = key;
            list[j] = m;
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        for (k, &m) in moves.as_slice().iter().enumerate() {
            let child = board.play(m);
            let score = if k == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, clock)
            } else {
                // Late move reduction: a quiet late move at a deep enough node is first tried
                // one ply shallower, and searched fully only if it beats alpha.
                let reduce = i32::from(
                    depth >= LMR_MIN_DEPTH
                        && k >= LMR_MIN_INDEX
                        && m != killers[0]
                        && m != killers[1]
                        && child.winning_move().is_none(),
                );
                let mut s = -self.negamax(
                    &child,
                    depth - 1 - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    clock,
                );
                if reduce > 0 && s > alpha && !clock.stopped() {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, clock);
                }
                if s > alpha && s < beta && !clock.stopped() {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, clock)
                } else {
                    s
                }
            };
            if clock.stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if m != killers[0] {
                    self.killers[ply] = [m, killers[0]];
                }
                let h = &mut self.history[history_index(m)];
                *h = (*h + depth * depth).min(1 << 24);
                break;
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        let best_move = (best_move != Move::NULL).then_some(best_move);
        self.tt
            .store(board.hash(), ply, depth, best_score, bound, best_move);
        best_score
    }
}

/// The fixed move sequences (in the mover's frame, from the start) that `bench` searches.
pub const BENCH_LINES: [&[&str]; 6] = [
    &[],
    &["3", "4"],
    &["2", "1", "1,0,2,5,2"],
    &["2", "1", "1,0,2,5,2", "0,0,1,0,2", "1,5,2,6,2", "0,0,2,0,1"],
    &["1", "1", "1,0,1,6,1", "0,0,1,0,0"],
    &[
        "1",
        "1",
        "1,0,1,6,1",
        "0,0,1,0,0",
        "1,0,0,6,6",
        "1,0,0,3,0",
        "0,6,1,6,6",
        "1,3,0,6,3",
    ],
];

/// The default depth of `bench`.
pub const BENCH_DEPTH: u32 = 10;

/// The bench positions, reached by playing [`BENCH_LINES`].
pub fn bench_positions() -> Vec<Board> {
    BENCH_LINES
        .iter()
        .map(|line| {
            let mut board = Board::new();
            for text in line.iter() {
                let m = crate::notation::parse_legal(&board, text, board.to_move())
                    .unwrap_or_else(|e| panic!("bench line move '{text}': {e}"));
                board = board.play(m);
            }
            board
        })
        .collect()
}

/// Searches every bench position at a fixed depth with a fresh table, printing one line each
/// and then `<N> nodes <M> nps`. Returns the total node count.
pub fn bench(depth: Option<u32>) -> u64 {
    let depth = depth.unwrap_or(BENCH_DEPTH);
    let start = Instant::now();
    let mut total = 0;
    for (k, board) in bench_positions().iter().enumerate() {
        let mut searcher = Searcher::new();
        let result = searcher.search(board, Deadline::unlimited(), Some(depth));
        total += result.nodes;
        println!(
            "position {} depth {} best {} score {} nodes {}",
            k + 1,
            result.depth,
            format_move(result.best, board.to_move()),
            result.score,
            result.nodes
        );
    }
    println!(
        "{total} nodes {} nps",
        nodes_per_second(total, start.elapsed())
    );
    total
}
