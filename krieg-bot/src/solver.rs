//! The alpha-beta solver: exact values, and the length of the game under best play.
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

use crate::board::{Board, Cell, Kind, Move, MoveList, Outcome};
use crate::dfpn::{ProgressLines, Value};
use crate::search::{score_moves, History, MoveScores};
use common::clock::{Deadline, SearchClock};
use common::game::Board as _;
use common::io::log;
use common::search::{pick_move_by_swap, remember_killer, NodeBest};
use common::transposition::table_len;
use rand::rngs::SmallRng;
use rand::Rng;
use std::time::Instant;

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
/// The table of the proof that measures a defence's resistance (fresh for each measure, so that
/// its node count is the proof's size).
pub const RESISTANCE_TABLE_BYTES: usize = 1 << 20;
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
/// The cap of a history score: weighted as the search weighs it, it stays below the killers.
const HISTORY_MAX: i32 = 1 << 24;
const _: () =
    assert!(HISTORY_MAX * crate::params::ORDER_HISTORY_WEIGHT < crate::params::ORDER_KILLER_2);

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
    history: History,
    clock: SearchClock,
    progress: ProgressLines,
    /// Scores are `±(MATE - ply)` rather than ±1.
    distance_mode: bool,
    /// Log progress on stderr every ten seconds.
    pub verbose: bool,
    /// Order moves at random, from this generator, instead of as the bot does (to test that the
    /// value does not depend on the order).
    pub random_order: Option<SmallRng>,
    proven: u64,
    /// Positions left unsearched at the depth limit, ever.
    horizons: u64,
}

impl Solver {
    /// A solver with a table of about `table_bytes` (at least one bucket, a power of two).
    pub fn new(table_bytes: usize) -> Solver {
        Solver {
            table: vec![Entry::default(); table_len::<Entry>(table_bytes, 2)],
            killers: [[None; 2]; MAX_PLY],
            history: [[0; Cell::COUNT]; Cell::COUNT],
            clock: SearchClock::with_interval(Deadline::unlimited(), CLOCK_INTERVAL),
            progress: ProgressLines::new(),
            distance_mode: false,
            verbose: false,
            random_order: None,
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
            nodes: self.clock.nodes(),
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
        (!self.clock.stopped()).then(|| (MATE - score.abs()) as u32)
    }

    /// The value of `board` by iterative deepening, each depth two null windows: a win or not,
    /// then a loss or not. A win or a loss found within the depth is proven (the horizon counts
    /// as a draw, which proves neither); "not a win" and "not a loss" are proven only by a search
    /// that met no horizon, and then the value is known. `None` at the deadline.
    fn deepen(&mut self, board: &Board) -> Option<Value> {
        for depth in 1..=UNLIMITED {
            let horizons = self.horizons;
            if self.negamax(board, 0, 0, 1, depth) >= 1 {
                return (!self.clock.stopped()).then_some(Value::Win);
            }
            let win_excluded = self.horizons == horizons;
            let horizons = self.horizons;
            let score = self.negamax(board, 0, -1, 0, depth);
            if self.clock.stopped() {
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
            if self.clock.stopped() {
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
        self.clock.nodes()
    }

    fn start(&mut self, deadline: Option<Instant>, distance_mode: bool) {
        self.clock = SearchClock::with_interval(Deadline::by(deadline), CLOCK_INTERVAL);
        self.progress = ProgressLines::new();
        self.proven = 0;
        self.distance_mode = distance_mode;
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
        self.clock.tick();
        if !self.verbose {
            return;
        }
        if let Some(elapsed) = self.progress.due(&self.clock) {
            log(&format!(
                "solve: {} nodes, {} positions proven, {:.0} s, {} nodes/s",
                self.clock.nodes(),
                self.proven,
                elapsed.as_secs_f64(),
                self.clock.nps()
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
        if self.clock.stopped() {
            return 0;
        }
        let us = board.side_to_move();
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        if let Some(outcome) = board.outcome_with_moves(&moves) {
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
        let nodes_before = self.clock.nodes();
        let horizons_before = self.horizons;
        let alpha_before = alpha;
        let mut scores = self.order(board, &moves, table_move, ply);
        let mut node = NodeBest::new(-UNBOUNDED, alpha, beta);
        for index in 0..moves.len() {
            let mv = pick_move_by_swap(&mut moves, &mut scores, index);
            let score = -self.negamax(&board.play(mv), ply + 1, -beta, -node.alpha, depth - 1);
            if self.clock.stopped() {
                return 0;
            }
            if node.add(mv, score) {
                if !mv.is_capture() && ply < MAX_PLY {
                    remember_killer(&mut self.killers[ply], mv);
                }
                let h = &mut self.history[mv.from.index()][mv.to.index()];
                *h = (*h + 1).min(HISTORY_MAX);
                break;
            }
        }
        let NodeBest {
            score: best_score,
            best_move,
            ..
        } = node;
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
        let work = self.clock.nodes() - nodes_before;
        self.store(key, lower, upper, best_move, work, ply);
        best_score
    }

    fn order(
        &mut self,
        board: &Board,
        moves: &[Move],
        table_move: Option<Move>,
        ply: usize,
    ) -> MoveScores {
        if let Some(rng) = self.random_order.as_mut() {
            return moves.iter().map(|_| rng.gen_range(0..1000)).collect();
        }
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        score_moves(board, moves, table_move, killers, &self.history)
    }
}
