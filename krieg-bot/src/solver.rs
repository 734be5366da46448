//! The exact solver: `krieg-bot solve`, and the proofs the bot plays by.
//!
//! A game of Krieg always ends, so a search that looks to the end of every line needs no
//! evaluation: every value it finds is exact. [`Solver::solve`] runs alpha-beta on the
//! game-theoretic value (win 1, draw 0, loss −1 for the side to move) with two null windows (a
//! win or not, a loss or not), deepening one ply at a time so that short wins are found first. A
//! position at the depth limit counts as a draw, which proves neither a win nor a loss: a win or
//! a loss found within the limit is proven, and "not a win" or "not a loss" only when the search
//! met no limit. Its table, a fixed array of two-entry buckets keyed by the Zobrist hash, keeps
//! only proven bounds of each position's value; as they are exact whatever the path and the
//! depth, a stored bound is valid in every later search, and the table's size and the order of
//! moves change the effort, never the value. Before searching a
//! position's moves it looks up every child in the table and stops at once when one is already
//! known to refute the window (enhanced transposition cutoffs). Moves are ordered as the bot
//! orders them: the table's move, a bomber stepping onto its goal (which ends the search of the
//! position at once), captures of bombers then of stingers, killers, then history with bomber
//! steps first.
//!
//! [`Solver::distance`] then measures the length of the game under best play (the winner ends
//! it as soon as it can, the loser as late as it can) by the same search on scores
//! `±(MATE − plies)`.

use crate::board::{row_mask, Board, Cell, Kind, Move, MoveList, Outcome, WinReason, MAX_MOVES};
use crate::dfpn::ProofSearch;
use crate::notation::parse_move;
use arrayvec::ArrayVec;
use common::io::log;
use rand::rngs::SmallRng;
use rand::Rng;
use std::cmp::Ordering;
use std::fmt;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The solver's default table: 256 MB, for a solve from the command line.
pub const DEFAULT_TABLE_MB: usize = 256;

/// Sentinel's first move that keeps the proven win of the start, `1 1 2 0`: after proving the
/// start a Sentinel win, `krieg-bot solve --table-mb 1600` logs `1 1 2 0 keeps the win`
/// (98,900,114 df-pn nodes; 250 s on a quiet two-core machine). The bot's search prefers other
/// first moves, whose values are not proven; the proof book opens with this one
/// ([`crate::book`]).
pub const PROVEN_FIRST_MOVE: Move = Move::new(Cell::from_index(6), Cell::from_index(10));
/// The proof-number table the bot plays with: 4 MB, so the bot stays far under the 20 MB cap.
pub const PLAY_TABLE_BYTES: usize = 4 << 20;
/// The alpha-beta table the bot measures distances with in a lost position: 2 MB.
pub const PLAY_DISTANCE_TABLE_BYTES: usize = 2 << 20;
/// A win `d` plies ahead scores `MATE - d` in [`Solver::distance`]; no game is that long.
pub const MATE: i32 = 1000;
/// A bound that bounds nothing, in the table.
const UNBOUNDED: i32 = i16::MAX as i32;
/// The deepest line a game can have (every step advances one of 20 pieces by a row).
const MAX_PLY: usize = 128;
/// A depth no game reaches: the search goes to the end of every line.
const UNLIMITED: u32 = MAX_PLY as u32;
/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1 << 12;
/// Seconds between two progress lines of a verbose solve.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(10);

const ORDER_TABLE_MOVE: i32 = 1 << 30;
const ORDER_WINNING_STEP: i32 = 1 << 29;
const ORDER_CAPTURE_BOMBER: i32 = 1 << 28;
const ORDER_CAPTURE_STINGER: i32 = (1 << 28) - 1;
const ORDER_KILLER_1: i32 = 1 << 27;
const ORDER_KILLER_2: i32 = (1 << 27) - 1;
const ORDER_BOMBER_STEP: i32 = 2;
const HISTORY_MAX: i32 = 1 << 24;

/// The game-theoretic value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move can force a win.
    Win,
    /// Best play by both ends in a draw.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Value {
    /// The value from the other side's point of view.
    pub fn flip(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Draw => Value::Draw,
            Value::Loss => Value::Win,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        })
    }
}

/// What [`Solver::solve`] proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The value, `None` when the deadline came first.
    pub value: Option<Value>,
    /// A move that keeps the value (a winning move of a won position), if the position has one.
    pub best: Option<Move>,
    /// Positions searched.
    pub nodes: u64,
}

/// One table entry: 16 bytes.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// Bounds on the value (node-relative in distance mode).
    lower: i16,
    upper: i16,
    /// `from * 25 + to + 1`, 0 for none.
    best: u16,
    /// log2 of the nodes the bounds cost: the costlier entry of a bucket is kept.
    work: u16,
}

/// The exact solver with its table.
pub struct Solver {
    table: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: [[i32; Cell::COUNT]; Cell::COUNT],
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Scores are `±(MATE - ply)` rather than ±1.
    distance_mode: bool,
    /// Log progress on stderr every ten seconds.
    pub verbose: bool,
    /// Order moves at random, from this generator, instead of as the bot does (to test that the
    /// value does not depend on the order).
    pub random_order: Option<SmallRng>,
    started: Instant,
    last_progress: Instant,
    proven: u64,
    /// Positions left unsearched at the depth limit, ever.
    horizons: u64,
}

impl Solver {
    /// A solver with a table of about `table_bytes` (at least one bucket, a power of two).
    pub fn new(table_bytes: usize) -> Solver {
        let wanted = (table_bytes / std::mem::size_of::<Entry>()).max(2);
        let mut entries = 2;
        while entries * 2 <= wanted {
            entries *= 2;
        }
        let now = Instant::now();
        Solver {
            table: vec![Entry::default(); entries],
            killers: [[None; 2]; MAX_PLY],
            history: [[0; Cell::COUNT]; Cell::COUNT],
            nodes: 0,
            deadline: None,
            stopped: false,
            distance_mode: false,
            verbose: false,
            random_order: None,
            started: now,
            last_progress: now,
            proven: 0,
            horizons: 0,
        }
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<Entry>()
    }

    /// Forgets everything: the table, killers and history.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = Entry::default());
        self.killers = [[None; 2]; MAX_PLY];
        self.history = [[0; Cell::COUNT]; Cell::COUNT];
    }

    /// Proves the value of `board` for the side to move, or gives up at `deadline`. The table is
    /// kept: what it holds is exact, so a later solve of a related position starts ahead.
    pub fn solve(&mut self, board: &Board, deadline: Option<Instant>) -> Solution {
        self.start(deadline, false);
        let value = self.deepen(board);
        let best = value.and_then(|value| self.keeping_move(board, value));
        Solution {
            value,
            best,
            nodes: self.nodes,
        }
    }

    /// The number of plies to the end of the game under best play (the winner ending it as soon
    /// as it can, the loser as late as it can; any line for a draw is not measured: `Some(0)`),
    /// or `None` at `deadline`. Uses its own scores, so it clears the table before and after.
    pub fn distance(
        &mut self,
        board: &Board,
        value: Value,
        deadline: Option<Instant>,
    ) -> Option<u32> {
        if value == Value::Draw {
            return Some(0);
        }
        self.clear();
        self.start(deadline, true);
        // The sign is known: a window on its side of zero.
        let (alpha, beta) = match value {
            Value::Win => (0, MATE),
            _ => (-MATE, 0),
        };
        let score = self.negamax(board, 0, alpha, beta, UNLIMITED);
        self.distance_mode = false;
        self.clear();
        (!self.stopped).then(|| (MATE - score.abs()) as u32)
    }

    /// The value of `board` by iterative deepening, each depth two null windows: a win or not,
    /// then a loss or not. A win or a loss found within the depth is proven (the horizon counts
    /// as a draw, which proves neither); "not a win" and "not a loss" are proven only by a search
    /// that met no horizon, and then the value is known. `None` at the deadline.
    fn deepen(&mut self, board: &Board) -> Option<Value> {
        for depth in 1..=UNLIMITED {
            let horizons = self.horizons;
            if self.negamax(board, 0, 0, 1, depth) >= 1 {
                return (!self.stopped).then_some(Value::Win);
            }
            let win_excluded = self.horizons == horizons;
            let horizons = self.horizons;
            let score = self.negamax(board, 0, -1, 0, depth);
            if self.stopped {
                return None;
            }
            if score <= -1 {
                return Some(Value::Loss);
            }
            if win_excluded && self.horizons == horizons {
                return Some(Value::Draw);
            }
        }
        None
    }

    /// A move of `board` that keeps its proven `value` (any move of a lost position), checked
    /// child by child, the table's move first; `None` at the deadline or with no move.
    fn keeping_move(&mut self, board: &Board, value: Value) -> Option<Move> {
        let mut moves = board.legal_moves();
        if let Some(first) = self.table_move(board) {
            let at = moves.iter().position(|&m| m == first)?;
            moves.swap(0, at);
        }
        if value == Value::Win {
            // A reply already proven lost in the table (the proof's own move, usually).
            for &mv in moves.iter() {
                if self
                    .probe(board.play(mv).hash())
                    .is_some_and(|e| e.upper < 0)
                {
                    return Some(mv);
                }
            }
        }
        let (alpha, beta) = match value {
            Value::Loss => return moves.first().copied(),
            Value::Win => (0, 1),
            Value::Draw => (-1, 0),
        };
        for &mv in moves.iter() {
            let score = -self.negamax(&board.play(mv), 1, -beta, -alpha, UNLIMITED);
            if self.stopped {
                return None;
            }
            if score >= beta {
                return Some(mv);
            }
        }
        None
    }

    /// Positions searched by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn start(&mut self, deadline: Option<Instant>, distance_mode: bool) {
        self.deadline = deadline;
        self.stopped = false;
        self.nodes = 0;
        self.proven = 0;
        self.distance_mode = distance_mode;
        self.started = Instant::now();
        self.last_progress = self.started;
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
    }

    /// The score of a win `ply` plies from the root.
    fn win_at(&self, ply: usize) -> i32 {
        if self.distance_mode {
            MATE - ply as i32
        } else {
            1
        }
    }

    /// A root-relative score as stored (relative to the position at `ply`), and back.
    fn write_table(&self, score: i32, ply: usize) -> i32 {
        if !self.distance_mode || score == 0 || score.abs() >= UNBOUNDED {
            score
        } else {
            score + score.signum() * ply as i32
        }
    }

    fn read_table(&self, score: i32, ply: usize) -> i32 {
        if !self.distance_mode || score == 0 || score.abs() >= UNBOUNDED {
            score
        } else {
            score - score.signum() * ply as i32
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1) & !1
    }

    fn probe(&self, key: u64) -> Option<&Entry> {
        let i = self.slot(key);
        self.table[i..i + 2]
            .iter()
            .find(|e| e.key == key && e.work > 0)
    }

    fn table_move(&self, board: &Board) -> Option<Move> {
        let entry = self.probe(board.hash())?;
        let code = entry.best.checked_sub(1)?;
        let mv = Move::new(
            Cell::from_index(usize::from(code / 25)),
            Cell::from_index(usize::from(code % 25)),
        );
        board.legal_moves().contains(&mv).then_some(mv)
    }

    /// Records bounds on the value of the position at `ply` (root-relative, [`UNBOUNDED`] for
    /// none).
    fn store(
        &mut self,
        key: u64,
        lower: i32,
        upper: i32,
        best: Option<Move>,
        nodes: u64,
        ply: usize,
    ) {
        let (lower, upper) = (self.write_table(lower, ply), self.write_table(upper, ply));
        let work = (64 - nodes.leading_zeros()).max(1) as u16;
        let best = best.map_or(0, |m| {
            u16::from(m.from.index() as u8) * 25 + m.to.index() as u16 + 1
        });
        let i = self.slot(key);
        let pair = &mut self.table[i..i + 2];
        let index = match pair.iter().position(|e| e.key == key && e.work > 0) {
            Some(same) => {
                let old = pair[same];
                let entry = &mut pair[same];
                entry.lower = old.lower.max(lower as i16);
                entry.upper = old.upper.min(upper as i16);
                if best != 0 {
                    entry.best = best;
                }
                entry.work = old.work.max(work);
                return;
            }
            None if pair[0].work <= pair[1].work => 0,
            None => 1,
        };
        // The cheaper entry of the bucket gives way; the other ages so that it gives way later.
        let other = 1 - index;
        pair[other].work = pair[other]
            .work
            .saturating_sub(u16::from(pair[other].work > 1));
        pair[index] = Entry {
            key,
            lower: lower as i16,
            upper: upper as i16,
            best,
            work,
        };
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes % CLOCK_INTERVAL != 0 {
            return;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            self.stopped = true;
        }
        if self.verbose && now.duration_since(self.last_progress) >= PROGRESS_INTERVAL {
            self.last_progress = now;
            let seconds = now.duration_since(self.started).as_secs_f64();
            log(&format!(
                "solve: {} nodes, {} positions proven, {seconds:.0} s, {:.0} nodes/s",
                self.nodes,
                self.proven,
                self.nodes as f64 / seconds.max(1e-9)
            ));
        }
    }

    /// The value of `board` (root-relative in distance mode) if it lies in `(alpha, beta)`, else
    /// a bound on the side it fell.
    fn negamax(
        &mut self,
        board: &Board,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        depth: u32,
    ) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        let us = board.side_to_move();
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        if let Some(outcome) = game_over(board, &moves) {
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win { winner, .. } if winner == us => self.win_at(ply),
                Outcome::Win { .. } => -self.win_at(ply),
            };
        }
        let bombers = board.pieces(us, Kind::Bomber);
        if let Some(&win) = moves
            .iter()
            .find(|m| bombers & m.from.bit() != 0 && m.to.row() == us.goal_row())
        {
            let score = self.win_at(ply + 1);
            self.store(board.hash(), score, score, Some(win), 1, ply);
            return score;
        }
        let key = board.hash();
        let mut table_move = None;
        if let Some(entry) = self.probe(key) {
            let lower = self.read_table(i32::from(entry.lower), ply);
            let upper = self.read_table(i32::from(entry.upper), ply);
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            if alpha >= beta {
                return alpha;
            }
            table_move = entry.best.checked_sub(1).map(|code| {
                Move::new(
                    Cell::from_index(usize::from(code / 25)),
                    Cell::from_index(usize::from(code % 25)),
                )
            });
        }
        // Enhanced transposition cutoff: a child already known to refute the window.
        for &mv in moves.iter() {
            if let Some(entry) = self.probe(board.play(mv).hash()) {
                let score = -self.read_table(i32::from(entry.upper), ply + 1);
                if score >= beta {
                    self.store(key, score, UNBOUNDED, Some(mv), 1, ply);
                    return score;
                }
            }
        }
        if depth == 0 {
            // The horizon: a draw, which proves nothing either way.
            self.horizons += 1;
            return 0;
        }
        let nodes_before = self.nodes;
        let horizons_before = self.horizons;
        let alpha_before = alpha;
        let mut scores = self.order(board, &moves, table_move, ply);
        let mut best_score = -UNBOUNDED;
        let mut best_move = None;
        for index in 0..moves.len() {
            let mv = pick(&mut moves, &mut scores, index);
            let score = -self.negamax(&board.play(mv), ply + 1, -beta, -alpha, depth - 1);
            if self.stopped {
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
                if !mv.is_capture() && ply < MAX_PLY {
                    let killers = &mut self.killers[ply];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                }
                let h = &mut self.history[mv.from.index()][mv.to.index()];
                *h = (*h + 1).min(HISTORY_MAX);
                break;
            }
        }
        let lower = if best_score > alpha_before {
            best_score
        } else {
            -UNBOUNDED
        };
        let upper = if best_score < beta {
            best_score
        } else {
            UNBOUNDED
        };
        // Below a horizon only a win or a loss is proven.
        let (lower, upper) = if self.horizons == horizons_before {
            (lower, upper)
        } else {
            (
                if lower > 0 { lower } else { -UNBOUNDED },
                if upper < 0 { upper } else { UNBOUNDED },
            )
        };
        if lower == upper || lower >= self.win_at(MAX_PLY) || upper <= -self.win_at(MAX_PLY) {
            self.proven += 1;
        }
        let work = self.nodes - nodes_before;
        self.store(key, lower, upper, best_move, work, ply);
        best_score
    }

    fn order(
        &mut self,
        board: &Board,
        moves: &[Move],
        table_move: Option<Move>,
        ply: usize,
    ) -> MoveOrder {
        if let Some(rng) = self.random_order.as_mut() {
            return moves.iter().map(|_| rng.gen_range(0..1000)).collect();
        }
        let us = board.side_to_move();
        let bombers = board.pieces(us, Kind::Bomber);
        let their_bombers = board.pieces(us.other(), Kind::Bomber);
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        moves
            .iter()
            .map(|&mv| {
                let is_bomber = bombers & mv.from.bit() != 0;
                if Some(mv) == table_move {
                    ORDER_TABLE_MOVE
                } else if is_bomber && mv.to.row() == us.goal_row() {
                    ORDER_WINNING_STEP
                } else if mv.is_capture() {
                    if their_bombers & mv.captured_cell().bit() != 0 {
                        ORDER_CAPTURE_BOMBER
                    } else {
                        ORDER_CAPTURE_STINGER
                    }
                } else if Some(mv) == killers[0] {
                    ORDER_KILLER_1
                } else if Some(mv) == killers[1] {
                    ORDER_KILLER_2
                } else {
                    self.history[mv.from.index()][mv.to.index()] * 4
                        + if is_bomber { ORDER_BOMBER_STEP } else { 0 }
                }
            })
            .collect()
    }
}

type MoveOrder = ArrayVec<i32, MAX_MOVES>;

/// Moves the best-ordered move of `moves[index..]` to `index` and returns it.
fn pick(moves: &mut [Move], scores: &mut [i32], index: usize) -> Move {
    let mut best = index;
    for i in index + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}

/// [`Board::outcome`] given the moves of the side to move (generated once for both uses).
pub(crate) fn game_over(board: &Board, moves: &MoveList) -> Option<Outcome> {
    let us = board.side_to_move();
    let mover = us.other();
    let mover_bombers = board.pieces(mover, Kind::Bomber);
    if mover_bombers & row_mask(mover.goal_row()) != 0 || board.bombers(us) == 0 {
        return Some(Outcome::Win {
            winner: mover,
            reason: WinReason::BomberReachedBase,
        });
    }
    if !moves.is_empty() {
        return None;
    }
    Some(match board.bombers(us).cmp(&mover_bombers.count_ones()) {
        Ordering::Equal => Outcome::Draw,
        Ordering::Greater => Outcome::Win {
            winner: us,
            reason: WinReason::MoreBombersWhenBlocked,
        },
        Ordering::Less => Outcome::Win {
            winner: mover,
            reason: WinReason::MoreBombersWhenBlocked,
        },
    })
}

/// The solvers as the bot plays with them: df-pn for the value and the move that keeps it, the
/// alpha-beta solver for distances.
pub struct PlaySolver {
    proof: ProofSearch,
    distance: Solver,
    /// The quick proof's own table ([`crate::book::quick_win`]).
    quick: ProofSearch,
}

/// How hard a losing move makes the opponent's win: ordered so that the greater is the better
/// defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Resistance {
    /// Plies from the position after the move to the end under best play.
    pub plies: u32,
    /// Nodes df-pn needs, with an empty table, to prove the opponent's win there.
    pub proof_nodes: u64,
}

impl PlaySolver {
    /// The solvers with the bot's tables (about 6 MB in all).
    pub fn new() -> PlaySolver {
        PlaySolver::with_tables(PLAY_TABLE_BYTES, PLAY_DISTANCE_TABLE_BYTES)
    }

    /// The solvers with tables of the given sizes.
    pub fn with_tables(proof_bytes: usize, distance_bytes: usize) -> PlaySolver {
        PlaySolver {
            proof: ProofSearch::new(proof_bytes),
            distance: Solver::new(distance_bytes),
            quick: ProofSearch::new(crate::book::QUICK_TABLE_BYTES),
        }
    }

    /// The proof book's move, else the quick proof's winning move ([`crate::book`]): the rule by
    /// which the book was built, so a Sentinel that follows it from the start keeps the proven
    /// win. `None` when neither has a move (or at `deadline`).
    pub fn book_or_quick_win(&mut self, board: &Board, deadline: Instant) -> Option<Move> {
        if let Some(mv) = crate::book::book_move(board) {
            log(&format!("solver: {mv} from the proof book"));
            return Some(mv);
        }
        let mv = crate::book::quick_win(&mut self.quick, board, Some(deadline))?;
        log(&format!("solver: a quick proof wins with {mv}"));
        Some(mv)
    }

    /// The move that the proof dictates in play, found by `deadline`: a winning move of a won
    /// position (so a proven win is never left), a drawing move of a drawn one, and in a lost
    /// position the move that makes the opponent's win longest, and among those the hardest to
    /// prove ([`Resistance`]). `None` when the position is not solved in time, so that the
    /// bot's search chooses.
    pub fn proven_move(&mut self, board: &Board, deadline: Instant) -> Option<Move> {
        let value = self.proof.value(board, Some(deadline))?;
        let chosen = match value {
            Value::Win | Value::Draw => self.proof.keeping_move(board, value, Some(deadline))?,
            Value::Loss => self.longest_defence(board, deadline)?.0,
        };
        log(&format!(
            "solver: {value} proven for the side to move ({} nodes), playing {chosen}",
            self.proof.nodes()
        ));
        Some(chosen)
    }

    /// In a lost `board`, the move that resists longest, with its [`Resistance`]; `None` at
    /// `deadline` (or with no move).
    pub fn longest_defence(
        &mut self,
        board: &Board,
        deadline: Instant,
    ) -> Option<(Move, Resistance)> {
        let mut best: Option<(Move, Resistance)> = None;
        for &mv in board.legal_moves().iter() {
            let resistance = self.resistance(&board.play(mv), deadline)?;
            if best.map_or(true, |(_, most)| resistance > most) {
                best = Some((mv, resistance));
            }
        }
        best
    }

    /// How long and how hard the win of the side to move in `board` is (a position it wins).
    pub fn resistance(&mut self, board: &Board, deadline: Instant) -> Option<Resistance> {
        let plies = self.distance.distance(board, Value::Win, Some(deadline))?;
        // A fresh table, so that the count is the proof's size, not what the table remembers.
        let mut fresh = ProofSearch::new(1 << 20);
        fresh.wins(board, board.side_to_move(), Some(deadline))?;
        Some(Resistance {
            plies,
            proof_nodes: fresh.nodes(),
        })
    }
}

impl Default for PlaySolver {
    fn default() -> Self {
        PlaySolver::new()
    }
}

/// The value of `board` for the side to move, by plain exhaustive minimax with no table and no
/// pruning: the reference the solver is tested against. Exponential: near the end only.
pub fn minimax_value(board: &Board) -> Value {
    let us = board.side_to_move();
    match board.outcome() {
        Some(Outcome::Draw) => return Value::Draw,
        Some(Outcome::Win { winner, .. }) => {
            return if winner == us {
                Value::Win
            } else {
                Value::Loss
            };
        }
        None => {}
    }
    let mut best = Value::Loss;
    for &mv in board.legal_moves().iter() {
        match minimax_value(&board.play(mv)).flip() {
            Value::Win => return Value::Win,
            Value::Draw => best = Value::Draw,
            Value::Loss => {}
        }
    }
    best
}

// ---- The command ---------------------------------------------------------------------------

/// What `solve` was asked.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveArgs {
    /// The position to solve.
    pub board: Board,
    /// The solver's table, in MB.
    pub table_mb: usize,
    /// Give up after this long.
    pub seconds: Option<f64>,
    /// The method that proves the value.
    pub method: Method,
    /// Build the proof book instead, and write its source to this file ([`crate::book`]).
    pub book: Option<String>,
}

/// How `solve` proves the value (the distance is always measured by alpha-beta).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Depth-first proof-number search ([`crate::dfpn`]), the default.
    ProofNumber,
    /// Iteratively deepened null-window alpha-beta ([`Solver`]).
    AlphaBeta,
}

/// Why `solve`'s arguments were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveArgsError {
    /// A word `solve` does not know.
    Unknown(String),
    /// An option without its value.
    MissingValue(&'static str),
    /// An option whose value does not parse or is out of range.
    BadValue(&'static str, String),
    /// A move of `--moves` that does not parse or is illegal.
    BadMove(String, String),
}

impl fmt::Display for SolveArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveArgsError::Unknown(word) => write!(f, "unknown argument '{word}'"),
            SolveArgsError::MissingValue(option) => write!(f, "option '{option}' needs a value"),
            SolveArgsError::BadValue(option, value) => {
                write!(f, "bad value '{value}' for option '{option}'")
            }
            SolveArgsError::BadMove(text, why) => write!(f, "move '{text}' of --moves: {why}"),
        }
    }
}

/// The arguments of `solve`: `[--moves "r1 c1 r2 c2,..."] [--table-mb N] [--seconds S]`.
pub fn parse_args(words: &[String]) -> Result<SolveArgs, SolveArgsError> {
    let mut args = SolveArgs {
        board: Board::start(),
        table_mb: DEFAULT_TABLE_MB,
        seconds: None,
        method: Method::ProofNumber,
        book: None,
    };
    let mut words = words.iter();
    while let Some(word) = words.next() {
        let mut value =
            |option: &'static str| words.next().ok_or(SolveArgsError::MissingValue(option));
        match word.as_str() {
            "--moves" => args.board = board_after(value("--moves")?)?,
            "--table-mb" => {
                let text = value("--table-mb")?;
                args.table_mb = text
                    .parse()
                    .ok()
                    .filter(|&mb| (1..=65536).contains(&mb))
                    .ok_or_else(|| SolveArgsError::BadValue("--table-mb", text.clone()))?;
            }
            "--method" => {
                let text = value("--method")?;
                args.method = match text.as_str() {
                    "dfpn" => Method::ProofNumber,
                    "alphabeta" => Method::AlphaBeta,
                    _ => return Err(SolveArgsError::BadValue("--method", text.clone())),
                };
            }
            "--book" => args.book = Some(value("--book")?.clone()),
            "--seconds" => {
                let text = value("--seconds")?;
                args.seconds = Some(
                    text.parse()
                        .ok()
                        .filter(|s: &f64| s.is_finite() && *s > 0.0)
                        .ok_or_else(|| SolveArgsError::BadValue("--seconds", text.clone()))?,
                );
            }
            _ => return Err(SolveArgsError::Unknown(word.clone())),
        }
    }
    Ok(args)
}

/// The position after `line`, moves `r1 c1 r2 c2` separated by commas, from the start.
pub fn board_after(line: &str) -> Result<Board, SolveArgsError> {
    let mut board = Board::start();
    for text in line.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let bad = |why: String| SolveArgsError::BadMove(text.to_string(), why);
        let mv = parse_move(text).map_err(|e| bad(e.to_string()))?;
        board = board.try_play(mv).map_err(|e| bad(e.to_string()))?;
    }
    Ok(board)
}

/// `solve --book FILE`: builds the proof book and writes its source to `file`; prints one line,
/// `book=<moves> positions=<N> quick=<N> nodes=<N> seconds=<S>`.
fn write_book(file: &str, args: &SolveArgs, deadline: Option<Instant>) -> ExitCode {
    let started = Instant::now();
    // Refuse a file that cannot be written before the minutes of work, not after.
    let folder = std::path::Path::new(file)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    if !folder.is_dir() {
        eprintln!(
            "krieg-bot solve: cannot write {file}: no folder {}",
            folder.display()
        );
        return ExitCode::FAILURE;
    }
    let book = match crate::book::generate(args.table_mb << 20, deadline) {
        Ok(book) => book,
        Err(error) => {
            eprintln!("krieg-bot solve: no book: {error}");
            return ExitCode::FAILURE;
        }
    };
    let command = format!("krieg-bot solve --book {file} --table-mb {}", args.table_mb);
    if let Err(error) = std::fs::write(file, crate::book::format_book(&book, &command)) {
        eprintln!("krieg-bot solve: cannot write {file}: {error}");
        return ExitCode::FAILURE;
    }
    println!(
        "book={} positions={} quick={} nodes={} seconds={:.1}",
        book.moves.len(),
        book.positions,
        book.quick,
        book.proof_nodes,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// The arguments `solve` takes, for the usage.
pub const ARGUMENTS: &str = "[--moves \"r1 c1 r2 c2,...\"] [--table-mb N] [--seconds S] \
                             [--method dfpn|alphabeta] [--book FILE]";

/// `krieg-bot solve`: prints `value=<win|loss|draw|unknown> plies=<n> nodes=<N> seconds=<S>`;
/// exit status 2 after one stderr line for bad arguments.
pub fn main(words: &[String]) -> ExitCode {
    let args = match parse_args(words) {
        Ok(args) => args,
        Err(error) => {
            eprintln!("krieg-bot solve: {error}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let deadline = args
        .seconds
        .map(|s| started + Duration::from_secs_f64(s.min(1e9)));
    if let Some(file) = &args.book {
        return write_book(file, &args, deadline);
    }
    let side = args.board.side_to_move();
    let (value, mut nodes) = match args.method {
        Method::ProofNumber => {
            let mut search = ProofSearch::new(args.table_mb << 20);
            search.verbose = true;
            log(&format!(
                "solve: df-pn, table {} MB, side to move {side:?}",
                search.table_bytes() >> 20
            ));
            let value = search.value(&args.board, deadline);
            let nodes = search.nodes();
            // The move that keeps the value, from the table the proof left (stderr only: the
            // output line's fields are fixed).
            if let Some(value @ (Value::Win | Value::Draw)) = value {
                if let Some(mv) = search.keeping_move(&args.board, value, deadline) {
                    log(&format!("solve: {mv} keeps the {value}"));
                }
            }
            (value, nodes)
        }
        Method::AlphaBeta => {
            let mut solver = Solver::new(args.table_mb << 20);
            solver.verbose = true;
            log(&format!(
                "solve: alpha-beta, table {} MB, side to move {side:?}",
                solver.table_bytes() >> 20
            ));
            let solution = solver.solve(&args.board, deadline);
            (solution.value, solution.nodes)
        }
    };
    let plies = match value {
        Some(value) => {
            log(&format!(
                "solve: {value} proven, {nodes} nodes, {:.1} s; measuring the distance",
                started.elapsed().as_secs_f64()
            ));
            // The distance costs more than the value: it gets ten times the value's time.
            let spent = started.elapsed();
            let bound = Instant::now() + (spent * 10).max(Duration::from_secs(1));
            let distance_deadline = Some(deadline.map_or(bound, |d| d.min(bound)));
            let mut solver = Solver::new(args.table_mb << 20);
            let plies = solver.distance(&args.board, value, distance_deadline);
            nodes += solver.nodes();
            plies.map_or("unknown".to_string(), |p| p.to_string())
        }
        None => "unknown".to_string(),
    };
    let value = value.map_or("unknown".to_string(), |v| v.to_string());
    println!(
        "value={value} plies={plies} nodes={nodes} seconds={:.1}",
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
