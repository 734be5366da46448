//! Depth-first proof-number search (df-pn): the solver's default method.
//!
//! Proof-number search answers one boolean question, here "does `attacker` win?", by growing the
//! game tree where the answer looks cheapest: every position carries a proof number (how many
//! unresolved leaves must still be shown won to prove it) and a disproof number (the same to
//! refute it). Nagai's depth-first form keeps only the current path on the stack and everything
//! else in a table, and descends into a child only while that child's numbers stay under
//! thresholds derived from its parent's; it then sees the same nodes as best-first search with a
//! fraction of the memory. Pawlewicz and Lew's 1 + ε trick raises the threshold given to the
//! most-proving child from "the second best plus one" to "the second best times 1 + ε", so the
//! search stays longer in one subtree instead of thrashing between two siblings of nearly equal
//! promise; ε = 1/4 here.
//!
//! The numbers are kept in the negamax form: φ is the proof number at a position where the
//! attacker moves and the disproof number where the defender moves (the number of the side to
//! move's goal), δ the other one; φ(n) is the least δ of n's children and δ(n) the sum of their
//! φ. The defender's goal is "the attacker does not win" (a win or a draw), so a draw counts for
//! the defender. Krieg's game graph has no cycles (every move advances or captures), so the
//! graph-history interaction that complicates df-pn in other games cannot occur; transpositions
//! only make some numbers count a leaf twice, which costs effort, never correctness.
//!
//! A new position gets φ = 1 and δ = its number of moves (a position with many replies is harder
//! to refute), unless it is over or its side to move can end the game at once (a bomber step onto
//! the goal, or taking the last enemy bomber): those are valued exactly. The table, buckets of
//! four 24-byte entries keyed by the Zobrist hash and the attacker, keeps in each bucket the
//! entries of the largest subtrees (the nodes spent on them), as those are the dearest to
//! recompute. The value of a position for the side to move is two questions: does it win (then a
//! win), else does the opponent win (then a loss), else a draw.

use crate::board::{Board, Kind, Move, MoveList, Outcome, Side};
use arrayvec::ArrayVec;
use common::clock::{Deadline, SearchClock};
use common::game::Board as _;
use common::io::log;
use common::transposition::table_len;
use std::fmt;
use std::time::{Duration, Instant};

/// Proof and disproof numbers at or above this are infinite: the question is settled.
pub const INFINITE: u32 = u32::MAX / 2;
/// Nodes between two looks at the clock (a node expands every move, so it costs a few µs).
const CLOCK_INTERVAL: u64 = 1 << 10;
/// Seconds between two progress lines of a verbose solve.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(10);
/// Entries per table bucket.
const BUCKET: usize = 4;
/// Keys of the two questions, folded into the position's hash ("Sentinel wins?", "Scourge
/// wins?"), so that one table holds both.
const ATTACKER_KEYS: [u64; 2] = [0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f];

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

/// One table entry.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    phi: u32,
    delta: u32,
    /// Nodes spent on this position's subtree, over all visits; 0 marks an empty slot.
    work: u64,
}

/// A child of the position being searched, with its numbers. (`Default` is a filler for the
/// spare slots of the one-file bundle's `ArrayVec`; never searched.)
#[derive(Clone, Copy, Default)]
struct Child {
    board: Board,
    key: u64,
    /// The numbers the child gets when it is not in the table (exact when `exact`).
    phi: u32,
    delta: u32,
    /// Over, or decided by its first move: its numbers never change.
    exact: bool,
}

/// When a verbose proof search's next progress line is due (df-pn here, the exact solver too):
/// every [`PROGRESS_INTERVAL`] of its clock's time, asked only at the clock's looks at the wall
/// clock, so that a quiet search pays nothing and a verbose one reads the time as rarely.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ProgressLines {
    next: Duration,
}

impl ProgressLines {
    /// The lines of a search starting now.
    pub(crate) fn new() -> ProgressLines {
        ProgressLines {
            next: PROGRESS_INTERVAL,
        }
    }

    /// After a tick of `clock`: the time since the search began when a line is due.
    pub(crate) fn due(&mut self, clock: &SearchClock) -> Option<Duration> {
        if !clock.at_look() {
            return None;
        }
        let elapsed = clock.deadline().elapsed();
        if elapsed < self.next {
            return None;
        }
        self.next = elapsed + PROGRESS_INTERVAL;
        Some(elapsed)
    }
}

/// The df-pn solver with its table.
pub struct ProofSearch {
    table: Vec<Entry>,
    /// The buckets written since the table was last empty, while few, so that emptying it
    /// after a small search (the quick proof's) costs those buckets, not the whole table.
    written: Vec<u32>,
    /// More buckets were written than `written` keeps: emptying clears the whole table.
    written_many: bool,
    clock: SearchClock,
    /// Every call gives up after this many positions (a budget that, unlike the clock, repeats
    /// exactly).
    node_limit: Option<u64>,
    progress: ProgressLines,
    /// Log progress on stderr every ten seconds.
    pub verbose: bool,
}

impl ProofSearch {
    /// A solver with a table of about `table_bytes` (at least one bucket, a power of two of them).
    pub fn new(table_bytes: usize) -> ProofSearch {
        ProofSearch {
            table: vec![Entry::default(); table_len::<Entry>(table_bytes, BUCKET)],
            written: Vec::new(),
            written_many: false,
            clock: SearchClock::with_interval(Deadline::unlimited(), CLOCK_INTERVAL),
            node_limit: None,
            progress: ProgressLines::new(),
            verbose: false,
        }
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<Entry>()
    }

    /// Forgets everything the table holds.
    pub fn clear(&mut self) {
        if self.written_many {
            self.table.iter_mut().for_each(|e| *e = Entry::default());
        } else {
            for &bucket in &self.written {
                let i = bucket as usize;
                self.table[i..i + BUCKET].fill(Entry::default());
            }
        }
        self.written.clear();
        self.written_many = false;
    }

    /// Makes every later call give up (`None`) after `limit` positions, as at a deadline.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
    }

    /// Positions expanded since the last [`value`](Self::value) or [`wins`](Self::wins) began.
    pub fn nodes(&self) -> u64 {
        self.clock.nodes()
    }

    /// The value of `board` for the side to move, or `None` at `deadline`. The table is kept
    /// across calls: what it proves stays true.
    pub fn value(&mut self, board: &Board, deadline: Option<Instant>) -> Option<Value> {
        self.begin(deadline);
        let us = board.side_to_move();
        if self.prove(board, us)? {
            return Some(Value::Win);
        }
        Some(if self.prove(board, us.other())? {
            Value::Loss
        } else {
            Value::Draw
        })
    }

    /// Whether `attacker` wins `board` (whoever moves), or `None` at `deadline`.
    pub fn wins(
        &mut self,
        board: &Board,
        attacker: Side,
        deadline: Option<Instant>,
    ) -> Option<bool> {
        self.begin(deadline);
        self.prove(board, attacker)
    }

    /// A move that keeps `value`, the proven value of `board` for the side to move: a winning
    /// move of a won position, a drawing move of a drawn one, `None` for a lost one (every move
    /// loses), with no move, or at `deadline`. The table's children are looked at first
    /// ([`known_keeping_move`](Self::known_keeping_move)), then each child is proven afresh.
    pub fn keeping_move(
        &mut self,
        board: &Board,
        value: Value,
        deadline: Option<Instant>,
    ) -> Option<Move> {
        if let Some(mv) = self.known_keeping_move(board, value) {
            return Some(mv);
        }
        let (attacker, keeping) = Self::keeping_question(board, value)?;
        self.begin(deadline);
        for &mv in board.legal_moves().iter() {
            if self.prove(&board.play(mv), attacker)? == keeping {
                return Some(mv);
            }
        }
        None
    }

    /// A move that keeps `value` (as [`keeping_move`](Self::keeping_move)) that the table or the
    /// rules already show, without searching: after a proof, the proof's own move, usually.
    pub fn known_keeping_move(&self, board: &Board, value: Value) -> Option<Move> {
        let (attacker, keeping) = Self::keeping_question(board, value)?;
        board
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| self.settled(&board.play(mv), attacker) == Some(keeping))
    }

    /// The question a move keeping `value` answers in the child, and the answer that keeps it:
    /// for a win, a child the opponent loses ("we win" proven there); for a draw, a child the
    /// opponent does not win ("they win" disproven there). `None` for a loss.
    fn keeping_question(board: &Board, value: Value) -> Option<(Side, bool)> {
        let us = board.side_to_move();
        match value {
            Value::Win => Some((us, true)),
            Value::Draw => Some((us.other(), false)),
            Value::Loss => None,
        }
    }

    /// What the table or the rules settle about "`attacker` wins" at `board`, without searching.
    fn settled(&self, board: &Board, attacker: Side) -> Option<bool> {
        let child = self.child(*board, attacker);
        let (phi, delta) = self.numbers(&child);
        // φ = 0: the side to move reaches its goal.
        let side_to_move_succeeds = match (phi, delta) {
            (0, _) => true,
            (_, 0) => false,
            _ => return None,
        };
        Some(side_to_move_succeeds == (board.side_to_move() == attacker))
    }

    fn begin(&mut self, deadline: Option<Instant>) {
        self.clock = SearchClock::with_interval(Deadline::by(deadline), CLOCK_INTERVAL)
            .with_node_limit(self.node_limit);
        self.progress = ProgressLines::new();
    }

    /// Runs df-pn from `board` on "`attacker` wins" until it is settled or the deadline.
    fn prove(&mut self, board: &Board, attacker: Side) -> Option<bool> {
        let root = self.child(*board, attacker);
        let (mut phi, mut delta) = self.numbers(&root);
        while phi != 0 && delta != 0 {
            let (p, d) = self.search(&root, attacker, INFINITE, INFINITE);
            if self.clock.stopped() {
                return None;
            }
            (phi, delta) = (p, d);
        }
        Some((phi == 0) == (board.side_to_move() == attacker))
    }

    /// The numbers of `board` as a new leaf, with its table key.
    fn child(&self, board: Board, attacker: Side) -> Child {
        let key = board.hash() ^ ATTACKER_KEYS[attacker.index()];
        let us = board.side_to_move();
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        let (phi, delta, exact) = match board.outcome_with_moves(&moves) {
            Some(Outcome::Win { winner, .. }) if winner == us => (0, INFINITE, true),
            Some(Outcome::Win { .. }) => (INFINITE, 0, true),
            // A draw is the defender's goal.
            Some(Outcome::Draw) if us == attacker => (INFINITE, 0, true),
            Some(Outcome::Draw) => (0, INFINITE, true),
            None if wins_at_once(&board, &moves) => (0, INFINITE, true),
            None => (1, moves.len() as u32, false),
        };
        Child {
            board,
            key,
            phi,
            delta,
            exact,
        }
    }

    /// The child's current numbers: the table's, else its leaf numbers.
    fn numbers(&self, child: &Child) -> (u32, u32) {
        if child.exact {
            return (child.phi, child.delta);
        }
        match self.probe(child.key) {
            Some(entry) => (entry.phi, entry.delta),
            None => (child.phi, child.delta),
        }
    }

    /// Nagai's MID: searches `node` until its φ reaches `phi_limit` or its δ `delta_limit` (or
    /// the deadline), stores and returns its numbers.
    fn search(
        &mut self,
        node: &Child,
        attacker: Side,
        phi_limit: u32,
        delta_limit: u32,
    ) -> (u32, u32) {
        self.tick();
        let nodes_before = self.clock.nodes();
        let mut moves = MoveList::new();
        node.board.generate_moves(&mut moves);
        let mut children: ArrayVec<Child, { crate::board::MAX_MOVES }> = ArrayVec::new();
        for &mv in moves.iter() {
            children.push(self.child(node.board.play(mv), attacker));
        }
        let (mut phi, mut delta);
        loop {
            // φ: the least δ of a child; δ: the sum of the children's φ.
            let mut best = 0;
            let mut best_delta = INFINITE;
            let mut second_delta = INFINITE;
            let mut best_phi = 0;
            let mut sum: u64 = 0;
            let mut refuted_child = false;

            for (i, child) in children.iter().enumerate() {
                let (child_phi, child_delta) = self.numbers(child);
                sum += u64::from(child_phi);
                refuted_child |= child_phi >= INFINITE;

                if child_delta < best_delta {
                    second_delta = best_delta;
                    best_delta = child_delta;
                    best_phi = child_phi;
                    best = i;
                } else if child_delta < second_delta {
                    second_delta = child_delta;
                }
            }
            phi = best_delta;
            delta = if refuted_child {
                INFINITE
            } else {
                sum.min(u64::from(INFINITE - 1)) as u32
            };
            if phi == 0
                || delta == 0
                || phi >= phi_limit
                || delta >= delta_limit
                || self.clock.stopped()
            {
                break;
            }
            // The most-proving child may go until its δ passes the second best's by a quarter
            // (1 + ε), or until its φ makes our δ reach its limit.
            let child_delta_limit =
                phi_limit.min(second_delta.saturating_add((second_delta / 4).max(1)));
            let child_phi_limit = (u64::from(delta_limit) - u64::from(delta) + u64::from(best_phi))
                .min(u64::from(INFINITE)) as u32;
            let child = children[best];
            self.search(&child, attacker, child_phi_limit, child_delta_limit);
        }
        let work = self.clock.nodes() - nodes_before;
        self.store(node.key, phi, delta, work);
        (phi, delta)
    }

    fn tick(&mut self) {
        self.clock.tick();
        if !self.verbose {
            return;
        }
        if let Some(elapsed) = self.progress.due(&self.clock) {
            let used = self.table.iter().filter(|e| e.work > 0).count();
            log(&format!(
                "solve: {} nodes, {:.0} s, {} nodes/s, table {:.1} % full",
                self.clock.nodes(),
                elapsed.as_secs_f64(),
                self.clock.nps(),
                100.0 * used as f64 / self.table.len() as f64
            ));
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1) & !(BUCKET - 1)
    }

    fn probe(&self, key: u64) -> Option<&Entry> {
        let i = self.bucket(key);
        self.table[i..i + BUCKET]
            .iter()
            .find(|e| e.key == key && e.work > 0)
    }

    /// Records a position's numbers; a new position takes the place of the bucket's entry with
    /// the smallest subtree.
    fn store(&mut self, key: u64, phi: u32, delta: u32, work: u64) {
        let i = self.bucket(key);
        let bucket = &mut self.table[i..i + BUCKET];
        if let Some(entry) = bucket.iter_mut().find(|e| e.key == key && e.work > 0) {
            entry.phi = phi;
            entry.delta = delta;
            entry.work = entry.work.saturating_add(work).max(1);
            return;
        }
        if !self.written_many {
            // Up to a sixteenth of the buckets (and 64 Ki) are worth listing; past that, a
            // full clear is as cheap.
            if self.written.len() < (self.table.len() / BUCKET / 16).min(1 << 16) {
                self.written.push(i as u32);
            } else {
                self.written_many = true;
            }
        }
        let bucket = &mut self.table[i..i + BUCKET];
        let smallest = bucket
            .iter_mut()
            .min_by_key(|e| e.work)
            .expect("a bucket has entries");
        *smallest = Entry {
            key,
            phi,
            delta,
            work: work.max(1),
        };
    }
}

/// True if the side to move can end the game with its next move: a bomber step or capture onto
/// its goal row, or taking the opponent's last bomber.
fn wins_at_once(board: &Board, moves: &MoveList) -> bool {
    let us = board.side_to_move();
    let bombers = board.pieces(us, Kind::Bomber);
    let theirs = board.pieces(us.other(), Kind::Bomber);
    let last_bomber = theirs.count_ones() == 1;
    moves.iter().any(|m| {
        (bombers & m.from.bit() != 0 && m.to.row() == us.goal_row())
            || (last_bomber && m.is_capture() && theirs & m.captured_cell().bit() != 0)
    })
}
