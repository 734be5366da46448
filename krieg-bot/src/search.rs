//! The search: iterative deepening → principal-variation negamax with alpha-beta → quiescence.
//!
//! Scores are from the side to move's point of view. A won position scores `MATE - ply` (the
//! sooner the better), a lost one `-(MATE - ply)`, a draw 0; anything beyond `MATE_BOUND` is a
//! forced result.

use crate::board::{Board, Cell, Kind, Move, MoveList, Outcome, Side};
use crate::eval::{evaluate, goal_steps};
use crate::notation::parse_move;
use common::clock::{nodes_per_second, Deadline, SearchClock};
use common::score::{loss_in, plies_to_result, win_in, INFINITY};
use common::transposition::{Bound, TranspositionTable};
use std::time::Instant;

pub use common::score::{MATE, MATE_BOUND};
/// Deepest iteration (the game never lasts longer than this many plies anyway).
pub const MAX_DEPTH: u32 = 100;
const MAX_PLY: usize = 128;

/// Default transposition table size: far under the 20 MB cap.
pub const DEFAULT_TABLE_BYTES: usize = 4 << 20;

// ---- Search ---------------------------------------------------------------------------------------

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line of play.
    pub pv: Vec<Move>,
}

/// The searcher keeps its tables from move to move.
pub struct Searcher {
    tt: TranspositionTable<Move>,
    /// Two quiet moves per ply that recently caused a cutoff.
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Cutoff counts per (from, to), for ordering quiet moves.
    history: [[i32; Cell::COUNT]; Cell::COUNT],
    clock: SearchClock,
    /// Log one line per iteration on stderr.
    pub verbose: bool,
}

impl Searcher {
    /// A searcher with a table of `table_bytes`.
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::with_bytes(table_bytes),
            killers: [[None; 2]; MAX_PLY],
            history: [[0; Cell::COUNT]; Cell::COUNT],
            clock: SearchClock::new(Deadline::unlimited()),
            verbose: false,
        }
    }

    /// Forgets everything learnt (a new game, or a deterministic benchmark).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history = [[0; Cell::COUNT]; Cell::COUNT];
    }

    /// Iterative deepening from depth 1 up to `max_depth` or the deadline. Always returns a legal
    /// move when there is one, even if stopped during the first iteration.
    pub fn search(&mut self, board: &Board, deadline: Deadline, max_depth: u32) -> SearchResult {
        self.clock = SearchClock::new(deadline);
        let started = Instant::now();
        let root_moves = board.legal_moves();
        let mut result = SearchResult {
            best_move: root_moves.as_slice().first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if root_moves.is_empty() {
            return result;
        }
        // Age the history so that old cutoffs weigh less than new ones.
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        for depth in 1..=max_depth.min(MAX_DEPTH) {
            if depth > 1 && self.clock.deadline().soft_expired() {
                break;
            }
            let score = self.negamax(board, depth as i32, -INFINITY, INFINITY, 0);
            if self.clock.stopped() {
                break;
            }
            let pv = self.principal_variation(board, depth as usize);
            result.best_move = pv.first().copied().or(result.best_move);
            result.score = score;
            result.depth = depth;
            result.pv = pv;
            if self.verbose {
                let line: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
                common::io::log(&format!(
                    "depth {depth} score {score} nodes {} nps {} time {}ms pv {}",
                    self.clock.nodes(),
                    nodes_per_second(self.clock.nodes(), started.elapsed()),
                    started.elapsed().as_millis(),
                    line.join(" | ")
                ));
            }
            // A forced result within the searched depth does not change with more depth.
            if plies_to_result(score).is_some_and(|plies| plies <= depth as i32) {
                break;
            }
        }
        result.nodes = self.clock.nodes();
        result
    }

    /// Follows table moves from the root.
    fn principal_variation(&self, board: &Board, max_len: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut position = *board;
        while pv.len() < max_len {
            let Some(mv) = self
                .tt
                .probe(position.hash(), 0)
                .and_then(|entry| entry.best)
            else {
                break;
            };
            match position.try_play(mv) {
                Ok(next) => {
                    pv.push(mv);
                    position = next;
                }
                Err(_) => break,
            }
        }
        pv
    }

    /// The score of a finished game at `ply`, from the side to move's view.
    fn outcome_score(board: &Board, outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            Outcome::Draw => 0,
            Outcome::Win { winner, .. } if winner == board.side_to_move() => win_in(ply),
            Outcome::Win { .. } => loss_in(ply),
        }
    }

    /// The game ends that need no move list, both lost for the side to move: the mover's bomber
    /// on its goal, or the side to move without bombers.
    fn lost_already(board: &Board) -> bool {
        let mover: Side = board.side_to_move().other();
        goal_reached(board, mover) || board.bombers(board.side_to_move()) == 0
    }

    /// Negamax with alpha-beta and principal-variation windows. Returns a score within
    /// `[alpha, beta]` when the true score is inside, else a bound on the side it fell.
    fn negamax(&mut self, board: &Board, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if Self::lost_already(board) {
            return loss_in(ply);
        }
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        if moves.is_empty() {
            let outcome = board.outcome().unwrap_or(Outcome::Draw);
            return Self::outcome_score(board, outcome, ply);
        }
        // A bomber that can step onto its goal wins next ply: nothing to search (at the root the
        // move itself is wanted, and the ordering puts it first).
        if ply > 0 && goal_steps(board, board.side_to_move()) != 0 {
            return win_in(ply + 1);
        }
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
        let mut table_move = None;
        if let Some(entry) = self.tt.probe(key, ply) {
            table_move = entry.best;
            // Not at the root, which must return a move of this search.
            match entry.cutoff(depth, alpha, beta) {
                Some(score) if ply > 0 => return score,
                _ => {}
            }
        }

        self.order_moves(board, moves.as_mut_slice(), table_move, ply);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.as_slice().iter().enumerate() {
            let next = board.play(mv);
            let score = if i == 0 {
                -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Prove the move no better than the best so far with a null window, re-search
                // only if it is.
                let probe = -self.negamax(&next, depth - 1, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta {
                    -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            if self.clock.stopped() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !mv.is_capture() {
                    self.remember_cutoff(mv, depth, ply);
                }
                break;
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.tt.store(key, ply, depth, best_score, bound, best_move);
        best_score
    }

    /// Captures only, until the position is quiet, so that the evaluation never sees a piece about
    /// to fall. The side to move may always decline (stand pat), since captures are optional.
    fn quiescence(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        if moves.is_empty() {
            let outcome = board.outcome().unwrap_or(Outcome::Draw);
            return Self::outcome_score(board, outcome, ply);
        }
        if goal_steps(board, board.side_to_move()) != 0 {
            return win_in(ply + 1);
        }
        let stand_pat = evaluate(board);
        if stand_pat >= beta || ply >= MAX_PLY - 1 {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let captures = moves.as_mut_slice();
        captures.sort_by_key(|mv| std::cmp::Reverse(capture_value(board, *mv)));
        let mut best = stand_pat;
        for &mv in captures.iter().filter(|mv| mv.is_capture()) {
            let next = board.play(mv);
            let score = if Self::lost_already(&next) {
                win_in(ply + 1)
            } else {
                -self.quiescence(&next, -beta, -alpha, ply + 1)
            };
            if self.clock.stopped() {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Table move, then winning bomber steps, captures (bombers first), killers, history.
    fn order_moves(&self, board: &Board, moves: &mut [Move], table_move: Option<Move>, ply: usize) {
        let killers = self.killers[ply];
        let us = board.side_to_move();
        let bombers = board.pieces(us, Kind::Bomber);
        moves.sort_by_cached_key(|&mv| {
            let score = if Some(mv) == table_move {
                1 << 30
            } else if bombers & mv.from.bit() != 0 && mv.to.row() == us.goal_row() {
                1 << 29
            } else if mv.is_capture() {
                (1 << 28) + capture_value(board, mv)
            } else if Some(mv) == killers[0] {
                1 << 27
            } else if Some(mv) == killers[1] {
                (1 << 27) - 1
            } else {
                let advance = if bombers & mv.from.bit() != 0 { 2 } else { 0 };
                self.history[mv.from.index()][mv.to.index()] * 4 + advance
            };
            std::cmp::Reverse(score)
        });
    }

    fn remember_cutoff(&mut self, mv: Move, depth: i32, ply: usize) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let h = &mut self.history[mv.from.index()][mv.to.index()];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// Nodes counted by the last search.
    pub fn nodes(&self) -> u64 {
        self.clock.nodes()
    }
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
        2
    } else {
        1
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

/// The position after a line of moves `r1 c1 r2 c2, ...` from the start, or why a move of it
/// does not parse or is illegal.
pub fn position_after(line: &str) -> Result<Board, String> {
    let mut board = Board::start();
    for text in line.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let mv = parse_move(text).map_err(|e| format!("'{text}': {e}"))?;
        board = board.try_play(mv).map_err(|e| format!("'{text}': {e}"))?;
    }
    Ok(board)
}

/// The positions of [`BENCH_POSITIONS`].
pub fn bench_positions() -> Vec<Board> {
    BENCH_POSITIONS
        .iter()
        .map(|line| position_after(line).expect("the bench lines are legal (tested)"))
        .collect()
}

/// Searches every bench position to `depth` with a fresh table, printing a line each and last
/// `<N> nodes <M> nps`. Returns the total node count, which depends only on the search's logic.
pub fn bench(depth: u32) -> u64 {
    let mut searcher = Searcher::new(DEFAULT_TABLE_BYTES);
    let started = Instant::now();
    let mut total = 0;
    for (i, board) in bench_positions().iter().enumerate() {
        searcher.clear();
        let result = searcher.search(board, Deadline::unlimited(), depth);
        total += result.nodes;
        let best = result
            .best_move
            .map_or("none".to_string(), |m| m.to_string());
        println!(
            "position {}: depth {} best {best} score {} nodes {}",
            i + 1,
            result.depth,
            result.score,
            result.nodes
        );
    }
    println!(
        "{total} nodes {} nps",
        nodes_per_second(total, started.elapsed())
    );
    total
}
