//! A proof search: depth-first proof-number search (df-pn) over Yavalath's forcing structure,
//! and the `solve` command.
//!
//! # What is searched
//!
//! A proof asks one question, "does the *attacker* win?", and answers yes, no, or not yet.
//! Each node's moves come from its [`Threats`]:
//! - a winning cell of the player to move: won, no move needed;
//! - a full board: a draw (a no for the attacker, a yes for the defender);
//! - two winning cells of the opponent: lost (a block leaves the other);
//! - one winning cell of the opponent: the block is the only move, and lost if it makes a 3;
//! - otherwise every cell that does not make a 3 without a 4 (such a move loses at once, so it
//!   is never generated), the swap included on ply 1; none: lost.
//!
//! Nodes keep a proof number and a disproof number in the negamax form (`phi` for the player to
//! move's goal, `delta` against it) and df-pn expands the most-proving node below thresholds,
//! with the 1 + ε trick for the second-best child ([`Prover::value`]). The table ([`Prover::new`])
//! has one entry per slot, always replaced; a node's children's numbers are also kept on the
//! stack while the node is searched, so a proof found below the root is never lost to the table.
//! A position has no repetitions (every move fills a cell), so the graph has no cycles.
//!
//! # The value of a position
//!
//! A first proof takes the player to move as the attacker: a yes is a win (with a winning move).
//! Otherwise a second one takes the opponent: a yes is a loss, a no a draw. Out of time:
//! unknown.

use crate::board::{Board, Cell, Cells, MoveList, Player, CELLS};
use crate::notation::format_move;
use crate::threats::{threat_makers, Threats, Verdict};
use arrayvec::ArrayVec;
use common::cli::{refuse_solve_args, CliError, SolveTarget};
use common::clock::Deadline;
use common::game::Board as _;
use common::game::Outcome as _;
use common::transposition::table_len;
use std::fmt;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The wall clock is read once every this many nodes: a node costs up to a few microseconds
/// (it makes and looks up every child), so this is well under a millisecond between looks.
const CLOCK_INTERVAL: u64 = 64;

/// A number that stands for infinity: proven (or disproven) beyond doubt.
const INFINITE: u32 = 1 << 30;

/// One table slot: a position's hash and its numbers for the player to move.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    phi: u32,
    delta: u32,
}

/// An empty slot: a key no position is likely to hash to, and the numbers of a fresh node.
const EMPTY: Entry = Entry {
    key: !0,
    phi: 1,
    delta: 1,
};

/// The value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Proven won.
    Win,
    /// Proven lost.
    Loss,
    /// Proven drawn (neither side can force a win).
    Draw,
    /// Not decided within the time given.
    Unknown,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
            Value::Unknown => "unknown",
        };
        f.write_str(word)
    }
}

/// The moves of a node under the forcing rules (see the module docs), or, when it needs none,
/// whether the player to move meets its goal there (the attacker's is to win, the defender's
/// that the attacker does not).
pub fn forcing_moves(board: &Board, attacker: Player) -> Result<MoveList, bool> {
    let me = board.side_to_move();
    let threats = Threats::of(board);
    let mut moves = MoveList::new();
    match threats.verdict(board) {
        Verdict::Win => return Err(true),
        Verdict::Full => return Err(me != attacker),
        Verdict::TwoThreats | Verdict::BlockLoses => return Err(false),
        Verdict::Block(cell) => {
            moves.push(cell);
            return Ok(moves);
        }
        Verdict::Free => {}
    }
    let safe = board.empty() & !threats.lose(me);
    // Moves that make a new winning cell first: they are the likeliest to prove something.
    let makers = threat_makers(board.stones(me), board.stones(me.other())) & safe;
    moves.extend(Cells(makers).chain(Cells(safe & !makers)));
    moves.extend(board.swap_cell());
    if moves.is_empty() {
        return Err(false);
    }
    Ok(moves)
}

/// The df-pn search and its table.
pub struct Prover {
    table: Vec<Entry>,
    deadline: Deadline,
    stopped: bool,
    attacker: Player,
    best: Option<Cell>,
    nodes: u64,
}

impl Prover {
    /// A prover with a table of at most `table_bytes` (at least one slot), written through now
    /// so that its pages are in memory before any move's clock starts.
    pub fn new(table_bytes: usize) -> Prover {
        Prover {
            table: vec![EMPTY; table_len::<Entry>(table_bytes, 1)],
            deadline: Deadline::unlimited(),
            stopped: false,
            attacker: Player::First,
            best: None,
            nodes: 0,
        }
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<Entry>()
    }

    /// Nodes searched by the last [`Prover::prove`] or [`Prover::value`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Does `attacker` win from `board`? `Some(true)` proven (then [`Prover::winning_move`] is
    /// the root's proving move when the attacker is to move), `Some(false)` disproven, `None`
    /// when `deadline` came first. The table is kept between calls with the same attacker, and
    /// cleared when the attacker changes.
    pub fn prove(&mut self, board: &Board, attacker: Player, deadline: Deadline) -> Option<bool> {
        if attacker != self.attacker {
            self.table.iter_mut().for_each(|e| *e = EMPTY);
            self.attacker = attacker;
        }
        self.best = None;
        if let Some(outcome) = board.outcome() {
            return Some(outcome.winner() == Some(attacker));
        }
        self.deadline = deadline;
        self.stopped = false;
        self.nodes = 0;
        let (phi, delta) = self.search(board, INFINITE, INFINITE, true);
        let mover_meets_goal = match (phi, delta) {
            (0, _) => true,
            (_, 0) => false,
            _ => return None,
        };
        Some(mover_meets_goal == (board.side_to_move() == attacker))
    }

    /// The move that proved the last [`Prover::prove`]'s root won for the player to move.
    pub fn winning_move(&self) -> Option<Cell> {
        self.best
    }

    /// The value of `board` for the player to move, within `deadline` (see the module docs).
    pub fn value(&mut self, board: &Board, deadline: Deadline) -> Value {
        let me = board.side_to_move();
        match self.prove(board, me, deadline) {
            Some(true) => Value::Win,
            None => Value::Unknown,
            Some(false) => {
                let first = self.nodes;
                let value = match self.prove(board, me.other(), deadline) {
                    Some(true) => Value::Loss,
                    Some(false) => Value::Draw,
                    None => Value::Unknown,
                };
                self.nodes += first;
                value
            }
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn lookup(&self, board: &Board) -> (u32, u32) {
        let e = self.table[self.slot(board.hash())];
        if e.key == board.hash() {
            (e.phi, e.delta)
        } else {
            (1, 1)
        }
    }

    fn store(&mut self, key: u64, (phi, delta): (u32, u32)) {
        let slot = self.slot(key);
        self.table[slot] = Entry { key, phi, delta };
    }

    /// df-pn's node: searches `board` until its `phi` reaches `th_phi` or its `delta` reaches
    /// `th_delta` (or the clock stops), and returns both.
    fn search(&mut self, board: &Board, th_phi: u32, th_delta: u32, root: bool) -> (u32, u32) {
        self.nodes += 1;
        if self.nodes % CLOCK_INTERVAL == 0 && !self.stopped {
            self.stopped = self.deadline.hard_expired();
        }
        let key = board.hash();
        let moves = match forcing_moves(board, self.attacker) {
            Ok(moves) => moves,
            Err(met) => {
                if root && met {
                    // Won on the move (a winning cell) or the defender's draw, which needs none.
                    let wins = Threats::of(board).win(board.side_to_move());
                    self.best = (wins != 0).then(|| Cell::lowest(wins));
                }
                let numbers = if met { (0, INFINITE) } else { (INFINITE, 0) };
                self.store(key, numbers);
                return numbers;
            }
        };
        let children: ArrayVec<Board, CELLS> = moves.iter().map(|&m| board.play(m)).collect();
        let mut numbers: ArrayVec<(u32, u32), CELLS> =
            children.iter().map(|c| self.lookup(c)).collect();
        loop {
            // phi: the best child's delta; delta: the sum of the children's phi.
            let (mut best, mut second) = (0, INFINITE);
            let mut sum = 0u32;
            for (i, &(phi, delta)) in numbers.iter().enumerate() {
                sum = sum.saturating_add(phi).min(INFINITE);
                if i > 0 {
                    if delta < numbers[best].1 {
                        second = numbers[best].1;
                        best = i;
                    } else if delta < second {
                        second = delta;
                    }
                }
            }
            let (phi, delta) = (numbers[best].1, sum);
            if phi == 0 && root {
                self.best = Some(moves[best]);
            }
            if phi >= th_phi || delta >= th_delta || self.stopped {
                self.store(key, (phi, delta));
                return (phi, delta);
            }
            let (child_phi, child_delta) = numbers[best];
            let th_child_phi = th_delta - delta + child_phi;
            let th_child_delta = th_phi.min(second.saturating_add(second / 4 + 1).min(INFINITE));
            numbers[best] = self.search(&children[best], th_child_phi, th_child_delta, false);
            debug_assert!(numbers[best] != (child_phi, child_delta) || self.stopped);
        }
    }
}

/// The table `solve` uses unless told otherwise, in MB.
pub const DEFAULT_TABLE_MB: usize = 64;

/// The arguments of `solve`, for the usage.
pub const ARGUMENTS: &str = "[--moves \"x y,...\"] [--seconds S] [--table-mb N]";

/// What `solve` was asked.
pub type SolveArgs = SolveTarget<Board>;

/// Parses `solve`'s arguments: `[--moves "x y,..."] [--seconds S] [--table-mb N]`.
pub fn parse_args(words: &[String]) -> Result<SolveArgs, CliError> {
    SolveTarget::parse(words, DEFAULT_TABLE_MB, 16384, &[], |_, _| Ok(()))
}

/// The position after `line`, moves `x y` separated by commas from the start (the swap is
/// Player 1's cell named again on ply 1).
pub fn board_after(line: &str) -> Result<Board, CliError> {
    Board::after_line(line).map_err(CliError::BadMove)
}

/// `yavalath-bot solve ...`: prints `value=<win|loss|draw|unknown> nodes=<N> seconds=<S>` for
/// the player to move (and on stderr the winning move of a win); exit status 2 with a message
/// on bad arguments.
pub fn main(words: &[String]) -> ExitCode {
    let args = match parse_args(words) {
        Ok(args) => args,
        Err(error) => return refuse_solve_args("yavalath-bot", ARGUMENTS, error),
    };
    let started = Instant::now();
    let budget = args
        .seconds
        .map_or(Duration::MAX, |s| Duration::from_secs_f64(s.min(1e9)));
    let deadline = Deadline::new(started, budget, budget);
    let mut prover = Prover::new(args.table_mb << 20);
    let value = prover.value(&args.board, deadline);
    if value == Value::Win {
        if let Some(m) = prover.winning_move() {
            eprintln!("yavalath-bot solve: {} wins", format_move(m));
        }
    }
    common::io::reply(&format!(
        "value={value} nodes={} seconds={:.3}",
        prover.nodes(),
        started.elapsed().as_secs_f64()
    ));
    ExitCode::SUCCESS
}
