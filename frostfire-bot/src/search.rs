//! Iterative-deepening negamax with alpha-beta (principal variation search).
//!
//! The steps, from the outside in:
//! 1. [`Searcher::search`]: iterative deepening from depth 1 until the depth cap, a mate found, or
//!    the soft budget; each iteration logs one line to stderr. The answer is the best move of the
//!    last completed iteration (or of the unfinished first one: there is always a move).
//! 2. `negamax`: the node. Game end, the 300-ply draw and repetitions first, then the
//!    transposition table, null-move pruning, and the moves in order (TT move, eliminations,
//!    pushes, killers, history), late quiet moves reduced.
//! 3. The horizon: a side to move whose dragon can be pushed off is searched one more ply (its
//!    defences), then `quiescence` lets the side to move push dragons off (stand pat otherwise),
//!    so that the horizon never hides an elimination that is already on the board.
//!
//! Draws: Frostfire gives no points for a draw, so every draw (no move, the ply limit, a repeated
//! position) scores `-CONTEMPT` for the side that searches and `+CONTEMPT` for its opponent. A
//! repetition of any earlier position of the game (the protocol hands the history in) or of the
//! search path counts as a draw: the bot never shuffles between positions when it can do better.

use crate::board::{Board, Color, Move, MoveKind, MoveList, MAX_PLIES};
use crate::eval::evaluate;
use common::clock::{Deadline, SearchClock};
use common::io::log;
use common::score::{loss_in, plies_to_result, INFINITY};
use common::transposition::{Bound, TranspositionTable};

pub use common::score::{MATE, MATE_BOUND};
/// What a draw costs the side that searches (draws are worth nothing in the contest).
pub const CONTEMPT: i32 = 300;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// Longest path (search plies plus quiescence plies) the tables allow.
const MAX_PLY: usize = 128;
/// Quiescence plies at most.
const MAX_QUIESCENCE: u32 = 8;
/// The transposition table's size, far under the 20 MB cap.
pub const DEFAULT_TT_BYTES: usize = 4 << 20;
/// Null-move reduction.
const NULL_REDUCTION: i32 = 2;

/// How long and how deep to search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Deepest iteration (capped at [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// When to stop.
    pub deadline: Deadline,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed iteration (0 if none completed).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<Move>,
}

/// The searcher: its tables live across the moves of a game.
pub struct Searcher {
    tt: TranspositionTable<Move>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Hashes of the game's earlier positions, then of the search path.
    stack: Vec<u64>,
    root_side: Color,
    max_plies: u32,
    root_depth: usize,
    clock: SearchClock,
    /// Log one line per iteration on stderr.
    pub verbose: bool,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(DEFAULT_TT_BYTES)
    }
}

impl Searcher {
    /// A searcher with a transposition table of `tt_bytes` bytes.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::with_bytes(tt_bytes),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 64 * 64],
            stack: Vec::with_capacity(512),
            root_side: Color::Ice,
            max_plies: MAX_PLIES,
            root_depth: 1,
            clock: SearchClock::new(Deadline::unlimited()),
            verbose: true,
        }
    }

    /// Changes the ply limit after which the game is a draw (default [`MAX_PLIES`]).
    pub fn set_max_plies(&mut self, max_plies: u32) {
        self.max_plies = max_plies;
    }

    /// Forgets everything learnt (a new game, or a reproducible benchmark).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches `board`. `history` holds the hashes of the game's positions before `board` (the
    /// protocol may drop the ones before the last elimination, which cannot repeat); a move back
    /// into one of them is scored as a draw.
    pub fn search(&mut self, board: &Board, history: &[u64], limits: Limits) -> SearchResult {
        self.clock = SearchClock::new(limits.deadline);
        self.root_side = board.to_move();
        self.stack.clear();
        self.stack.extend_from_slice(history);
        self.stack.push(board.hash());
        self.killers = [[None; 2]; MAX_PLY];
        for h in self.history.iter_mut() {
            *h /= 8;
        }

        let mut moves = board.legal_moves();
        let mut result = SearchResult {
            best: moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            nps: 0,
            pv: Vec::new(),
        };
        if moves.is_empty() {
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut scores = vec![0i32; moves.len()];
        for depth in 1..=max_depth {
            // Root moves: the previous best first, then by the previous iteration's scores (the
            // generator's order, eliminations first, at depth 1).
            if depth > 1 {
                let mut order: Vec<(i32, Move)> =
                    scores.iter().copied().zip(moves.iter().copied()).collect();
                order.sort_by_key(|&(s, _)| -s);
                for (i, (_, m)) in order.into_iter().enumerate() {
                    moves.as_mut_slice()[i] = m;
                }
                if let Some(best) = result.best {
                    if let Some(i) = moves.iter().position(|&m| m == best) {
                        moves.as_mut_slice()[..=i].rotate_right(1);
                    }
                }
            }
            self.root_depth = depth as usize;
            let mut alpha = -INFINITY;
            let beta = INFINITY;
            let mut best: Option<(Move, i32)> = None;
            for (i, &m) in moves.iter().enumerate() {
                let child = board.play(m);
                self.stack.push(child.hash());
                let score = if i == 0 {
                    -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1, true)
                } else {
                    let s = -self.negamax(&child, depth as i32 - 1, -alpha - 1, -alpha, 1, true);
                    if s > alpha && !self.clock.stopped() {
                        -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1, true)
                    } else {
                        s
                    }
                };
                self.stack.pop();
                if self.clock.stopped() {
                    break;
                }
                scores[i] = if score > alpha { score } else { -INFINITY + 1 };
                if score > alpha {
                    alpha = score;
                    best = Some((m, score));
                }
            }
            let completed = !self.clock.stopped();
            if let Some((m, score)) = best {
                // A partial first iteration still gives a move; later partial iterations are
                // dropped (their best move is known only against the moves searched so far).
                if completed || result.depth == 0 {
                    result.best = Some(m);
                    result.score = score;
                }
            }
            if !completed {
                break;
            }
            result.depth = depth;
            if let Some(m) = result.best {
                self.tt.store(
                    board.hash(),
                    0,
                    depth as i32,
                    result.score,
                    Bound::Exact,
                    Some(m),
                );
            }
            result.pv = self.principal_variation(board, depth as usize);
            result.nodes = self.clock.nodes();
            if self.verbose {
                let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
                log(&format!(
                    "depth {depth} score {} nodes {} nps {} pv {}",
                    result.score,
                    self.clock.nodes(),
                    self.clock.nps(),
                    pv.join(" ")
                ));
            }
            if self.clock.deadline().soft_expired() {
                break;
            }
            if plies_to_result(result.score).is_some_and(|plies| plies <= depth as i32) {
                break;
            }
        }
        result.nodes = self.clock.nodes();
        result.nps = self.clock.nps();
        result
    }

    /// The moves of the table's principal variation, at most `max` (stops at a repetition).
    fn principal_variation(&self, board: &Board, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut b = *board;
        let mut seen = vec![b.hash()];
        while pv.len() < max {
            let Some(m) = self.tt.probe(b.hash(), 0).and_then(|entry| entry.best) else {
                break;
            };
            if !b.legal_moves().contains(&m) {
                break;
            }
            b = b.play(m);
            pv.push(m);
            if seen.contains(&b.hash()) {
                break;
            }
            seen.push(b.hash());
        }
        pv
    }

    /// The score of a draw for the side to move of `board`.
    fn draw_score(&self, board: &Board) -> i32 {
        if board.to_move() == self.root_side {
            -CONTEMPT
        } else {
            CONTEMPT
        }
    }

    /// True if the position on top of the stack occurred before (same side to move).
    fn is_repetition(&self) -> bool {
        let n = self.stack.len();
        let hash = self.stack[n - 1];
        let mut i = n as isize - 3;
        while i >= 0 {
            if self.stack[i as usize] == hash {
                return true;
            }
            i -= 2;
        }
        false
    }

    /// Negamax with alpha-beta: the score of `board` for its side to move, exact when it lies
    /// strictly inside `(alpha, beta)`, otherwise only a bound on the same side of the window.
    /// `board`'s hash is on top of the stack.
    fn negamax(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let us = board.to_move();
        // Only the side that just moved can have pushed a dragon off.
        if board.lost(us) >= crate::board::LOSING_LOSSES {
            return loss_in(ply);
        }
        if board.ply() >= self.max_plies || self.is_repetition() {
            return self.draw_score(board);
        }
        let mut depth = depth;
        if depth <= 0 {
            // At the horizon a dragon of the side to move that the opponent can push off is an
            // elimination pending: search the defences one more ply instead of standing pat
            // (within twice the iteration's depth).
            if ply < 2 * self.root_depth && board.threatened_by(us.other()) != 0 {
                depth = 1;
            } else {
                return self.quiescence(board, alpha, beta, ply, 0);
            }
        }
        if ply >= MAX_PLY - MAX_QUIESCENCE as usize - 2 {
            return self.quiescence(board, alpha, beta, ply, 0);
        }
        // A win is never worth more than a win on the next move.
        let alpha_orig = alpha;
        let pv_node = beta - alpha > 1;

        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(board.hash(), ply) {
            tt_move = entry.best;
            match entry.cutoff(depth, alpha, beta) {
                Some(score) if !pv_node => return score,
                _ => {}
            }
        }

        let moves = board.legal_moves();
        if moves.is_empty() {
            return self.draw_score(board);
        }

        // Null move: if passing still fails high, a real move will too (Frostfire has no
        // zugzwang to speak of). Not when threatened: the pass would hide the threat.
        if allow_null
            && !pv_node
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && board.threatened_by(us.other()) == 0
            && evaluate(board) >= beta
        {
            let null = board.pass();
            self.stack.push(null.hash());
            let score = -self.negamax(
                &null,
                depth - 1 - NULL_REDUCTION,
                -beta,
                -beta + 1,
                ply + 1,
                false,
            );
            self.stack.pop();
            if self.clock.stopped() {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }

        let mut ordered = self.order(board, &moves, tt_move, ply);
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut index = 0;
        while let Some((m, kind)) = ordered.next_move() {
            let child = board.play(m);
            self.stack.push(child.hash());
            let quiet = kind == MoveKind::Quiet;
            let is_killer = self.killers[ply].contains(&Some(m));
            let mut score;
            if index == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true);
            } else {
                // Late quiet moves: reduced null-window search first.
                let reduction = if depth >= 3 && index >= 3 && quiet && !is_killer {
                    if index >= 10 && depth >= 5 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                score = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.stack.pop();
            if self.clock.stopped() {
                return 0;
            }
            index += 1;
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            let h = &mut self.history[history_index(us, m)];
                            *h += depth * depth;
                            if *h > 1 << 20 {
                                self.history.iter_mut().for_each(|h| *h /= 2);
                            }
                        }
                        break;
                    }
                }
            }
        }

        let bound = Bound::of(best_score, alpha_orig, beta);
        self.tt
            .store(board.hash(), ply, depth, best_score, bound, best_move);
        best_score
    }

    /// Eliminations only, the side to move may stand pat.
    fn quiescence(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize, q: u32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let us = board.to_move();
        if board.lost(us) >= crate::board::LOSING_LOSSES {
            return loss_in(ply);
        }
        if board.ply() >= self.max_plies {
            return self.draw_score(board);
        }
        let stand = evaluate(board);
        if stand >= beta || q >= MAX_QUIESCENCE {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for &m in board.eliminations().iter() {
            let child = board.play(m);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, q + 1);
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

    /// The moves of a node with their ordering keys.
    fn order(
        &self,
        board: &Board,
        moves: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
    ) -> OrderedMoves {
        let us = board.to_move();
        let mut out = OrderedMoves {
            moves: [(Move::new(moves[0].from, moves[0].to), MoveKind::Quiet, 0);
                crate::board::MAX_MOVES],
            len: 0,
        };
        for &m in moves.iter() {
            let kind = board.kind(m);
            let key = if Some(m) == tt_move {
                1 << 30
            } else {
                match kind {
                    MoveKind::Elimination => 1 << 29,
                    MoveKind::Push => 1 << 28,
                    MoveKind::Quiet => {
                        if self.killers[ply][0] == Some(m) {
                            (1 << 27) + 1
                        } else if self.killers[ply][1] == Some(m) {
                            1 << 27
                        } else {
                            self.history[history_index(us, m)]
                        }
                    }
                }
            };
            out.moves[out.len] = (m, kind, key);
            out.len += 1;
        }
        out
    }
}

/// Moves handed out best key first (selection: most nodes cut after a move or two).
struct OrderedMoves {
    moves: [(Move, MoveKind, i32); crate::board::MAX_MOVES],
    len: usize,
}

impl OrderedMoves {
    fn next_move(&mut self) -> Option<(Move, MoveKind)> {
        if self.len == 0 {
            return None;
        }
        let mut best = 0;
        for i in 1..self.len {
            if self.moves[i].2 > self.moves[best].2 {
                best = i;
            }
        }
        let (m, kind, _) = self.moves[best];
        // Keep the generator's order among equal keys: shift instead of swap.
        self.moves.copy_within(best + 1..self.len, best);
        self.len -= 1;
        Some((m, kind))
    }
}

fn history_index(side: Color, m: Move) -> usize {
    side.index() * 4096 + m.from.index() as usize * 64 + m.to.index() as usize
}

/// The bench positions: the start, then positions reached by fixed move sequences.
pub const BENCH_LINES: [&str; 7] = [
    "",
    "A6 B6 G2 F2 B7 C6 F1 E2 B6 C5 E3 D3 C5 C4 G1 F2",
    "A6 B6 G2 F2 B7 C6 F1 E2 B6 C5 E3 D3 C5 C4 G1 F2 A5 B5 G3 F4 B4 C3 G4 F5 D5 C6 F5 E5 D2 C3 \
     F2 E2 B4 C3 F4 F3 D4 C5 F2 E3",
    "A6 B6 G2 F2 B7 C6 F1 E2 B6 C5 E3 D3 C5 C4 G1 F2 A5 B5 G3 F4 B4 C3 G4 F5 D5 C6 F5 E5 D2 C3 \
     F2 E2 B4 C3 F4 F3 D4 C5 F2 E3 C4 C3 D4 D3 C2 C3 E1 D2 C5 C4",
    "A6 B6 G2 F2 B7 C6 F4 E4 A5 B4 F1 E2 A4 B3 F2 F3 C4 B5 E2 D3 A7 A6 D3 D4 B5 C5 F3 E3",
    "A6 B6 G2 F2 B7 C6 F4 E4 A5 B4 F1 E2 A4 B3 F2 F3 C4 B5 E2 D3 A7 A6 D3 D4 B5 C5 F3 E3 B3 B4 \
     F5 F4 A6 A5 E4 E3 B5 B4 G4 F4 A4 A5 D4 C4 A5 A6 F4 E4 C5 D5 E3 E4 C2 C3 D4 E4 D6 D5 E2 D3",
    "A6 B6 G2 F2 B7 C6 F4 E4 A5 B4 F1 E2 A4 B3 F2 F3 C4 B5 E2 D3 A7 A6 D3 D4 B5 C5 F3 E3 B3 B4 \
     F5 F4 A6 A5 E4 E3 B5 B4 G4 F4 A4 A5 D4 C4 A5 A6 F4 E4 C5 D5 E3 E4 C2 C3 D4 E4 D6 D5 E2 D3 \
     B3 C3 C5 C4 B6 B5 E4 E5 C6 D5 C4 C3 B5 B4 C2 C3 B3 B4 C3 C4",
];

/// The default bench depth (about 2 s in release).
pub const BENCH_DEPTH: u32 = 12;

/// Searches every bench position to a fixed depth with a fresh table; prints one line per
/// position and then `<N> nodes <M> nps`. Returns the total node count (deterministic).
pub fn bench(depth: Option<u32>) -> u64 {
    let depth = depth.unwrap_or(BENCH_DEPTH);
    let started = std::time::Instant::now();
    let mut total = 0;
    for (index, line) in BENCH_LINES.iter().enumerate() {
        let mut board = Board::start();
        let mut history = Vec::new();
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.chunks(2) {
            let m = crate::notation::parse_move(&pair.join(" ")).expect("bench move parses");
            history.push(board.hash());
            board = board.try_play(m).expect("bench move is legal");
        }
        let mut searcher = Searcher::new(DEFAULT_TT_BYTES);
        searcher.verbose = false;
        let result = searcher.search(
            &board,
            &history,
            Limits {
                depth: Some(depth),
                deadline: Deadline::unlimited(),
            },
        );
        total += result.nodes;
        println!(
            "position {} depth {} best {} score {} nodes {}",
            index,
            result.depth,
            result.best.map_or("none".to_string(), |m| m.to_string()),
            result.score,
            result.nodes
        );
    }
    let nps = common::clock::nodes_per_second(total, started.elapsed());
    println!("{total} nodes {nps} nps");
    total
}
