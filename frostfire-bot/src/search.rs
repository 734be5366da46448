//! Iterative-deepening negamax with alpha-beta (principal variation search).
//!
//! The steps, from the outside in:
//! 1. [`Searcher::search`]: the one iterative deepening of every bot ([`common::deepening`]),
//!    each iteration in an aspiration window.
//! 2. `root_search`: one iteration over the root moves, ordered by the last iteration's scores,
//!    its best first.
//! 3. `negamax`: the node. Game end, the 300-ply draw and repetitions first, then the
//!    transposition table, null-move pruning, and the moves in order (table move, eliminations,
//!    pushes, killers, history, handed out by `pick_move`), late quiet moves reduced.
//! 4. The horizon: a side to move whose dragon can be pushed off is searched one more ply (its
//!    defences), then `quiescence` lets the side to move push dragons off (stand pat otherwise),
//!    so that the horizon never hides an elimination that is already on the board.
//!
//! Draws: Frostfire gives no points for a draw, as for a loss. A drawn game (no move, the ply
//! limit) scores [`DRAWN_GAME`] for the side that searches, just above a forced loss: any live
//! game that is not lost by force is worth more, whatever the evaluation says, and a win comes
//! before the ply limit or not at all. The search assumes the worst, that the opponent is glad of
//! the draw (it scores `-DRAWN_GAME` for it).
//!
//! A repetition of an earlier position of the game (handed in with
//! [`Searcher::set_game_positions`]) or of the search path is no end by the rules, but a step
//! towards the drawn game at the ply limit, which is worth nothing to either side: it costs the
//! side that searches [`repetition_cost`], whichever side repeated, and more the later it comes.
//! Were it charged to the side that repeats, the search would steer into positions whose
//! opponent's natural reply goes round, and score the opponent's shuffle as its own gain (a bot
//! that shuffles, as a one-ply player does, then holds ours to a draw).

use crate::board::{Board, Color, Move, MoveKind, LOSING_LOSSES, MAX_MOVES, MAX_PLIES};
use crate::eval::{evaluate, evaluator, Evaluator, LEARNED};
use arrayvec::ArrayVec;
use common::clock::{Deadline, SearchClock};
use common::deepening::{iterative_deepening, Root, RootSearch};
use common::game::Board as _;
use common::score::{loss_in, INFINITY};
use common::search::{
    principal_variation_search, remember_killer, Limits, NodeBest, RootIteration, SearchResult,
    PV_CAPACITY,
};
use common::transposition::{Bound, TranspositionTable};
use rustc_hash::FxHashSet;

use crate::params::{
    ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, HISTORY_AGING, HISTORY_MAX, HISTORY_RESCALE,
    HISTORY_SLOTS, LMR_DEEP_MIN_DEPTH, LMR_DEEP_MIN_INDEX, LMR_DEEP_REDUCTION, LMR_MIN_DEPTH,
    LMR_MIN_INDEX, LMR_REDUCTION, MAX_PLY, MAX_QUIESCENCE, MAX_SEARCH_PLY, NULL_MIN_DEPTH,
    NULL_REDUCTION, ORDER_ELIMINATION, ORDER_KILLER_1, ORDER_KILLER_2, ORDER_PUSH,
    ORDER_TABLE_MOVE, THREAT_EXTENSION_LIMIT, UNSTABLE_SCORE_DROP,
};
pub use crate::params::{CONTEMPT, CONTEMPT_GROWTH, MAX_DEPTH, OPENING_MARGIN, TABLE_BYTES};
pub use common::score::{MATE, MATE_BOUND};

/// A drawn game (no legal move, the ply limit) for the side that searches: worth nothing in the
/// contest, as a loss, so it scores below every live score and just above a forced loss.
pub const DRAWN_GAME: i32 = -(MATE_BOUND - 1);
// Below any evaluation (three dragons lost and every other term against).
const _: () = assert!(DRAWN_GAME < -10 * crate::eval::LOST_DRAGON);

/// What a position repeated after `plies` plies costs the side that searches: [`CONTEMPT`] at the
/// start, [`CONTEMPT_GROWTH`] more by the ply limit, growing with the cube of the share of plies
/// played. The fewer plies are left, the nearer a position that goes round is to the drawn game,
/// worth nothing: a side behind on the board must play on rather than shuffle. The cube keeps the
/// cost low through the middle game (a sixth of the growth at ply 165), where giving up the
/// board to avoid a repetition lost games that a draw would have kept (at depth 6 against the
/// bot that charged the side that repeats: 57 won, 113 lost with a square, 95 won, 97 lost with a
/// cube; `docs/measured.md`).
pub fn repetition_cost(plies: u32) -> i32 {
    let played = i64::from(plies.min(MAX_PLIES));
    let limit = i64::from(MAX_PLIES);
    let growth = i64::from(CONTEMPT_GROWTH.get()) * played.pow(3) / limit.pow(3);
    CONTEMPT.get() + growth as i32
}

/// A move with its ordering key and what it does.
#[derive(Clone, Copy, Debug, Default)]
struct ScoredMove {
    mv: Move,
    kind: MoveKind,
    key: i32,
}

/// The moves of a node, with their keys.
type ScoredMoves = ArrayVec<ScoredMove, MAX_MOVES>;

/// The searcher: its tables live across the moves of a game.
pub struct Searcher {
    table: TranspositionTable<Move>,
    /// Per ply, the last two quiet moves that cut off there.
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Per side and (from, to) pair, the sum of depth² of the quiet cutoffs (`history_index`).
    history: Vec<i32>,
    /// The game's positions before the root (since the last elimination, which none can repeat):
    /// a set, looked up once per node whatever the game's length.
    game_positions: FxHashSet<u64>,
    /// The hashes of the search path, root first. A stack, not a set: it changes at every node
    /// (push and pop cost nothing, where a set would hash twice), it is short, and a repetition
    /// can only be two plies apart or more, so the scan looks at every other entry. Nodes past
    /// `MAX_SEARCH_PLY` push nothing, so it never holds more than `MAX_PLY` entries.
    path: ArrayVec<u64, MAX_PLY>,
    /// Set just before a null move's child is searched: that node may not pass again.
    after_null_move: bool,
    root_side: Color,
    max_plies: u32,
    root_depth: usize,
    /// The root moves with their scores in the last iteration.
    root: RootMoves,
    /// The best root move of the last pass over them.
    root_best: Option<Move>,
    clock: SearchClock,
    /// The static evaluation, with what it keeps from node to node.
    evaluator: Evaluator,
    /// Log one line per iteration on stderr.
    pub verbose: bool,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(TABLE_BYTES)
    }
}

impl Searcher {
    /// A searcher with a transposition table of `table_bytes` bytes.
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            table: TranspositionTable::with_bytes(table_bytes),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; HISTORY_SLOTS],
            game_positions: FxHashSet::default(),
            path: ArrayVec::new(),
            after_null_move: false,
            root_side: Color::Ice,
            max_plies: MAX_PLIES,
            root_depth: 1,
            root: RootMoves::new(),
            root_best: None,
            clock: SearchClock::new(Deadline::unlimited()),
            evaluator: evaluator(MAX_PLY),
            verbose: true,
        }
    }

    /// The hashes of the game's positions before the one to search (the protocol may leave out
    /// the ones before the last elimination, which cannot repeat); a move back into one of them
    /// is scored as a draw. Kept until the next call.
    pub fn set_game_positions(&mut self, positions: &FxHashSet<u64>) {
        self.game_positions.clone_from(positions);
    }

    /// Forgets everything learnt (a new game, or a reproducible benchmark).
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Readies the search path for a search from `board`.
    fn start(&mut self, board: &Board) {
        self.root_side = board.side_to_move();
        self.path.clear();
        self.path.push(board.hash());
        self.after_null_move = false;
    }

    /// The iteration driver: searches `board` by iterative deepening within `limits`
    /// ([`iterative_deepening`]).
    pub fn search(&mut self, board: &Board, limits: &Limits) -> SearchResult<Move> {
        iterative_deepening(self, board, limits)
    }

    /// One pass over the root moves in their order within the window `(alpha, beta)`: each
    /// move's score goes to its `RootMove` (moves that do not raise alpha get the lowest score,
    /// keeping their order), and the best move with its score comes back: `None` if no move
    /// raised alpha (a fail low) or if stopped before any move was searched; a score at or above
    /// `beta` ends the pass at once (a fail high). A pass with an exact score stores the root in
    /// the table.
    fn root_search(
        &mut self,
        board: &Board,
        depth: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootIteration<Move>> {
        let mut root = std::mem::take(&mut self.root);
        let found = self.search_root_moves(board, &mut root, depth, (alpha, beta));
        self.root = root;
        found
    }

    fn search_root_moves(
        &mut self,
        board: &Board,
        root: &mut RootMoves,
        depth: u32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootIteration<Move>> {
        let depth = depth as i32;
        let mut alpha = alpha;
        let mut best: Option<RootIteration<Move>> = None;
        for (i, root_move) in root.iter_mut().enumerate() {
            let child = board.play(root_move.mv);
            self.path.push(child.hash());
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.clock.stopped() {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            self.path.pop();
            if self.clock.stopped() {
                return best.map(|found| RootIteration {
                    complete: false,
                    ..found
                });
            }
            root_move.score = if score > alpha { score } else { -INFINITY + 1 };
            if score > alpha {
                alpha = score;
                best = Some(RootIteration {
                    best: root_move.mv,
                    score,
                    complete: true,
                });
                if score >= beta {
                    return best;
                }
            }
        }
        best
    }

    /// The moves of the table's principal variation from `board`, `first` first, at most `max`
    /// (stops at a repetition, where the table's moves would go round).
    fn table_variation(
        &self,
        board: &Board,
        first: Move,
        max: usize,
    ) -> ArrayVec<Move, PV_CAPACITY> {
        let mut pv = ArrayVec::new();
        pv.push(first);
        let mut b = board.play(first);
        let mut seen = FxHashSet::default();
        seen.insert(b.hash());
        while pv.len() < max.min(PV_CAPACITY) {
            let Some(m) = self.table.probe(b.hash(), 0).and_then(|entry| entry.best) else {
                break;
            };
            if !b.legal_moves().contains(&m) {
                break;
            }
            b = b.play(m);
            pv.push(m);
            if !seen.insert(b.hash()) {
                break;
            }
        }
        pv
    }

    /// The score of a drawn game for the side to move of `board`.
    fn draw_score(&self, board: &Board) -> i32 {
        if board.side_to_move() == self.root_side {
            DRAWN_GAME
        } else {
            -DRAWN_GAME
        }
    }

    /// The score of a repeated position for its side to move: [`repetition_cost`] against the
    /// side that searches, whoever repeated. A draw is worth nothing to either side, but the
    /// search cannot count on the opponent to avoid one: a repetition the opponent makes is no
    /// gain for us.
    fn repetition_score(&self, board: &Board) -> i32 {
        let cost = repetition_cost(board.plies());
        if board.side_to_move() == self.root_side {
            -cost
        } else {
            cost
        }
    }

    /// The static evaluation of `board`, `ply` plies below the root, for its side to move.
    fn evaluate(&mut self, board: &Board, ply: usize) -> i32 {
        if LEARNED {
            self.evaluator.evaluate(board, ply)
        } else {
            evaluate(board)
        }
    }

    /// True if the position on top of the path occurred before: earlier in the game, or earlier
    /// on the path with the same side to move (an even number of plies back).
    fn is_repetition(&self) -> bool {
        let n = self.path.len();
        let hash = self.path[n - 1];
        if self.game_positions.contains(&hash) {
            return true;
        }
        let mut i = n as isize - 3;
        while i >= 0 {
            if self.path[i as usize] == hash {
                return true;
            }
            i -= 2;
        }
        false
    }

    /// Negamax with alpha-beta: the score of `board` for its side to move, exact when it lies
    /// strictly inside `(alpha, beta)`, otherwise only a bound on the same side of the window.
    /// `board`'s hash is on top of the path.
    fn negamax(&mut self, board: &Board, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        // The child of a null move may not pass in turn (two passes prove nothing).
        let allow_null = !std::mem::replace(&mut self.after_null_move, false);
        if self.clock.tick() {
            return 0;
        }
        if let Some(score) = self.game_end(board, ply) {
            return score;
        }
        let us = board.side_to_move();
        if self.is_repetition() {
            return self.repetition_score(board);
        }
        let mut depth = depth;
        if depth <= 0 {
            // At the horizon a dragon of the side to move that the opponent can push off is an
            // elimination pending: search the defences one more ply instead of standing pat.
            if ply < THREAT_EXTENSION_LIMIT.get() * self.root_depth
                && board.threatened_by(us.other()) != 0
            {
                depth = 1;
            } else {
                return self.quiescence(board, alpha, beta, ply, 0);
            }
        }
        if ply >= MAX_SEARCH_PLY {
            return self.quiescence(board, alpha, beta, ply, 0);
        }
        let pv_node = beta - alpha > 1;

        let (table_move, cutoff) =
            self.table
                .probe_node(board.hash(), (ply, depth), (alpha, beta), pv_node);
        if let Some(score) = cutoff {
            return score;
        }

        let moves = board.legal_moves();
        if moves.is_empty() {
            return self.draw_score(board);
        }

        // Null move: if passing still fails high, a real move will too (Frostfire has no
        // zugzwang to speak of). Not when threatened: the pass would hide the threat.
        if allow_null
            && !pv_node
            && depth >= NULL_MIN_DEPTH.get()
            && beta.abs() < MATE_BOUND
            && board.threatened_by(us.other()) == 0
            && self.evaluate(board, ply) >= beta
        {
            let null = board.pass();
            self.path.push(null.hash());
            self.after_null_move = true;
            let score = -self.negamax(
                &null,
                depth - 1 - NULL_REDUCTION.get(),
                -beta,
                -beta + 1,
                ply + 1,
            );
            self.path.pop();
            if self.clock.stopped() {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }

        // Scored after the null move, whose search has taught the history table.
        let mut moves = score_moves(board, &moves, table_move, self.killers[ply], &self.history);
        let mut node = NodeBest::new(-INFINITY, alpha, beta);
        let mut index = 0;
        while let Some(ScoredMove { mv: m, kind, .. }) = pick_move(&mut moves) {
            let child = board.play(m);
            self.path.push(child.hash());
            let quiet = kind == MoveKind::Quiet;
            let is_killer = self.killers[ply].contains(&Some(m));
            // Late quiet moves: a reduced null-window search first.
            let reduction = if depth >= LMR_MIN_DEPTH.get()
                && index >= LMR_MIN_INDEX.get()
                && quiet
                && !is_killer
            {
                if index >= LMR_DEEP_MIN_INDEX.get() && depth >= LMR_DEEP_MIN_DEPTH.get() {
                    LMR_DEEP_REDUCTION.get()
                } else {
                    LMR_REDUCTION.get()
                }
            } else {
                0
            };
            let window = (node.alpha, beta);
            let score = principal_variation_search(index, depth, reduction, window, |d, a, b| {
                -self.negamax(&child, d, -b, -a, ply + 1)
            });
            self.path.pop();
            if self.clock.stopped() {
                return 0;
            }
            index += 1;
            if node.add(m, score) {
                if quiet {
                    self.remember_cutoff(us, m, depth, ply);
                }
                break;
            }
        }

        let bound = Bound::of(node.score, alpha, beta);
        self.table
            .store(board.hash(), ply, depth, node.score, bound, node.best_move);
        node.score
    }

    /// A quiet move cut off at `ply`: it becomes the first killer there and gains history.
    fn remember_cutoff(&mut self, us: Color, m: Move, depth: i32, ply: usize) {
        remember_killer(&mut self.killers[ply], m);
        let h = &mut self.history[history_index(us, m)];
        *h += depth * depth;
        if *h > HISTORY_MAX {
            self.history
                .iter_mut()
                .for_each(|h| *h /= HISTORY_RESCALE.get());
        }
    }

    /// Eliminations only, the side to move may stand pat.
    fn quiescence(&mut self, board: &Board, alpha: i32, beta: i32, ply: usize, q: u32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if let Some(score) = self.game_end(board, ply) {
            return score;
        }
        let stand = self.evaluate(board, ply);
        if stand >= beta || q >= MAX_QUIESCENCE {
            return stand;
        }
        let mut node = NodeBest::new(stand, alpha, beta);
        for &m in board.eliminations().iter() {
            let child = board.play(m);
            let score = -self.quiescence(&child, -beta, -node.alpha, ply + 1, q + 1);
            if self.clock.stopped() {
                return 0;
            }
            if node.add(m, score) {
                break;
            }
        }
        node.score
    }

    /// The score of `board` if the game has ended there: lost for the side to move (only the
    /// side that just moved can have pushed a dragon off), or drawn at the ply limit.
    fn game_end(&self, board: &Board, ply: usize) -> Option<i32> {
        if board.lost(board.side_to_move()) >= LOSING_LOSSES {
            return Some(loss_in(ply));
        }
        (board.plies() >= self.max_plies).then(|| self.draw_score(board))
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
        self.start(board);
        self.killers = [[None; 2]; MAX_PLY];
        for h in self.history.iter_mut() {
            *h /= HISTORY_AGING.get();
        }
        self.root = board
            .legal_moves()
            .iter()
            .map(|&mv| RootMove { mv, score: 0 })
            .collect();
        self.root_depth = 0;
        self.root_best = None;
        Root::Moves(self.root.iter().map(|r| r.mv).collect())
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

    /// Each new depth orders the root moves by the last iteration's scores, its best first (a
    /// wider pass after a fail high has the move that failed high first, [`Self::fail_high`]).
    fn search_root(
        &mut self,
        board: &Board,
        depth: u32,
        window: (i32, i32),
    ) -> Option<RootIteration<Move>> {
        if depth as usize != self.root_depth {
            order_root_moves(&mut self.root, self.root_best);
        }
        self.root_depth = depth as usize;
        let found = self.root_search(board, depth, window);
        if let Some(found) = found {
            self.root_best = Some(found.best);
        }
        found
    }

    fn fail_high(&mut self, best: Move) {
        order_root_moves(&mut self.root, Some(best));
    }

    fn principal_variation(
        &mut self,
        board: &Board,
        best: Move,
        max: usize,
    ) -> ArrayVec<Move, PV_CAPACITY> {
        self.table_variation(board, best, max)
    }

    fn null_window_score(&mut self, child: &Board, depth: i32, threshold: i32) -> i32 {
        self.path.push(child.hash());
        let score = -self.negamax(child, depth - 1, -threshold, 1 - threshold, 1);
        self.path.pop();
        score
    }

    fn start_root_tests(&mut self, board: &Board, deadline: Deadline, depth: u32) {
        self.clock = SearchClock::new(deadline);
        self.start(board);
        self.root_depth = depth as usize;
    }
}

/// The legal `moves` of a node with their ordering keys, in generation order, given the node's
/// `table_move`, the `killers` of its ply and the `history` scores.
fn score_moves(
    board: &Board,
    moves: &[Move],
    table_move: Option<Move>,
    killers: [Option<Move>; 2],
    history: &[i32],
) -> ScoredMoves {
    let us = board.side_to_move();
    moves
        .iter()
        .map(|&mv| {
            let kind = board.kind(mv);
            let key = if Some(mv) == table_move {
                ORDER_TABLE_MOVE
            } else {
                match kind {
                    MoveKind::Elimination => ORDER_ELIMINATION,
                    MoveKind::Push => ORDER_PUSH,
                    MoveKind::Quiet if killers[0] == Some(mv) => ORDER_KILLER_1,
                    MoveKind::Quiet if killers[1] == Some(mv) => ORDER_KILLER_2,
                    MoveKind::Quiet => history[history_index(us, mv)],
                }
            };
            ScoredMove { mv, kind, key }
        })
        .collect()
}

/// The selection step: takes out the move with the highest key, the first in generation order
/// among equal keys (the rest keep their order). Most nodes cut after a move or two, so this
/// beats sorting them all.
fn pick_move(moves: &mut ScoredMoves) -> Option<ScoredMove> {
    let mut best = 0;
    for i in 1..moves.len() {
        if moves[i].key > moves[best].key {
            best = i;
        }
    }
    (!moves.is_empty()).then(|| moves.remove(best))
}

/// A root move and its score in the last iteration.
#[derive(Clone, Copy, Debug, Default)]
struct RootMove {
    mv: Move,
    score: i32,
}

/// The root moves.
type RootMoves = ArrayVec<RootMove, MAX_MOVES>;

/// Orders the root moves for the next iteration: by the last iteration's scores (stable, so equal
/// scores keep their order), then `best` in front.
fn order_root_moves(root: &mut RootMoves, best: Option<Move>) {
    root.sort_by_key(|r| -r.score);
    if let Some(i) = best.and_then(|best| root.iter().position(|r| r.mv == best)) {
        root[..=i].rotate_right(1);
    }
}

/// The history slot of `side` playing `m`: one per side and (from, to) pair of bit indices.
fn history_index(side: Color, m: Move) -> usize {
    const BITS: usize = 64;
    (side.index() * BITS + m.from.index() as usize) * BITS + m.to.index() as usize
}

/// The bench positions, each as the line of moves that reaches it from the start (the first is
/// the start itself); the game's earlier positions count for repetitions as in a real game.
pub const BENCH_POSITIONS: [&str; 7] = [
    "",
    "A6 B6, G2 F2, B7 C6, F1 E2, B6 C5, E3 D3, C5 C4, G1 F2",
    "A6 B6, G2 F2, B7 C6, F1 E2, B6 C5, E3 D3, C5 C4, G1 F2, A5 B5, G3 F4, B4 C3, G4 F5, \
     D5 C6, F5 E5, D2 C3, F2 E2, B4 C3, F4 F3, D4 C5, F2 E3",
    "A6 B6, G2 F2, B7 C6, F1 E2, B6 C5, E3 D3, C5 C4, G1 F2, A5 B5, G3 F4, B4 C3, G4 F5, \
     D5 C6, F5 E5, D2 C3, F2 E2, B4 C3, F4 F3, D4 C5, F2 E3, C4 C3, D4 D3, C2 C3, E1 D2, \
     C5 C4",
    "A6 B6, G2 F2, B7 C6, F4 E4, A5 B4, F1 E2, A4 B3, F2 F3, C4 B5, E2 D3, A7 A6, D3 D4, \
     B5 C5, F3 E3",
    "A6 B6, G2 F2, B7 C6, F4 E4, A5 B4, F1 E2, A4 B3, F2 F3, C4 B5, E2 D3, A7 A6, D3 D4, \
     B5 C5, F3 E3, B3 B4, F5 F4, A6 A5, E4 E3, B5 B4, G4 F4, A4 A5, D4 C4, A5 A6, F4 E4, \
     C5 D5, E3 E4, C2 C3, D4 E4, D6 D5, E2 D3",
    "A6 B6, G2 F2, B7 C6, F4 E4, A5 B4, F1 E2, A4 B3, F2 F3, C4 B5, E2 D3, A7 A6, D3 D4, \
     B5 C5, F3 E3, B3 B4, F5 F4, A6 A5, E4 E3, B5 B4, G4 F4, A4 A5, D4 C4, A5 A6, F4 E4, \
     C5 D5, E3 E4, C2 C3, D4 E4, D6 D5, E2 D3, B3 C3, C5 C4, B6 B5, E4 E5, C6 D5, C4 C3, \
     B5 B4, C2 C3, B3 B4, C3 C4",
];

/// The default bench depth (about 2 s in release).
pub const BENCH_DEPTH: u32 = 12;

/// Searches every bench position to a fixed depth with a fresh table, the line's earlier
/// positions counting for repetitions ([`common::search::bench`]). Returns the total node count
/// (deterministic).
pub fn bench(depth: Option<u32>) -> u64 {
    let limits = Limits::depth(depth.unwrap_or(BENCH_DEPTH));
    common::search::bench(&BENCH_POSITIONS, |i, board| {
        let line = Board::line_positions(BENCH_POSITIONS[i]).expect("bench moves are legal");
        let earlier = &line[..line.len() - 1];
        let game_positions: FxHashSet<u64> = earlier.iter().map(Board::hash).collect();
        let mut searcher = Searcher::new(TABLE_BYTES);
        searcher.verbose = false;
        searcher.set_game_positions(&game_positions);
        searcher.search(board, &limits)
    })
}
