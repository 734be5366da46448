//! The exact solver for positions without clearing powers: classic Connect 4, where a dual disc
//! on the board counts for both players.
//!
//! # The method
//!
//! The design follows Pascal Pons' articles on solving Connect 4:
//! - a position is two bitboards in the layout of [`crate::board`]: the discs that count for the
//!   player to move and those that count for the opponent (a dual disc is in both);
//! - the search is a negamax with alpha-beta on the *score* (below), bounded by what the number
//!   of empty cells allows, and driven from the root by null-window searches that halve the
//!   interval of possible scores ([`Solver::solve`]);
//! - a transposition table of a prime number of entries keeps lower and upper bounds; its key,
//!   `mine + occupied`, is unique among positions with the same dual discs, and no move of the
//!   search adds or removes a dual disc;
//! - a node never considers a move that lets the opponent win at once (playing under one of its
//!   winning cells, or leaving one of its playable wins unblocked), and two playable opponent
//!   wins are a loss without search;
//! - moves are tried by the number of winning cells they create, the centre first among equals.
//!
//! # The score
//!
//! For the player to move: 0 for a draw; a win scores `(e + 1) / 2` where `e` is the number of
//! empty cells just before the winning disc lands, a loss the opponent's win negated. In a
//! classic game (no dual disc, no clear) this is the usual benchmark score: 22 minus the number
//! of discs the winner has played when it completes its four.
//!
//! # `connect4-bot solve [--weak] [--table-mb N]`
//!
//! Reads positions from stdin, one a line, as the columns played from the empty board (`1`..`7`,
//! first player first), optionally followed by a space and an expected score, which is ignored.
//! Prints `<moves> <score>` per position in input order (with `--weak` only the sign of the
//! score). A line that is not a legal, unfinished position gets one line on stderr with its line
//! number and no output. The last stderr line gives the positions solved, the mean time and the
//! mean nodes per position. An empty line is the empty board, which takes a long time: there is
//! no opening book.

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use common::clock::Deadline;

use crate::board::{
    column_mask, winning_cells, Board, Column, Kind, Move, Team, BOARD_MASK, BOTTOM, CELLS, HEIGHT,
    WIDTH,
};

/// The transposition table's size in play: with the search's own table, allocated after this
/// one is dropped, the bot stays far below the contest's 20 MB.
pub const PLAY_TABLE_BYTES: usize = 8 << 20;

/// The table's default size for `solve` (`--table-mb`): larger tables save nodes on early
/// positions but cost more in page faults than they save on later ones.
pub const SOLVE_TABLE_MB: usize = 16;

/// The largest `--table-mb` accepted.
pub const MAX_TABLE_MB: usize = 4096;

/// The nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 4096;

/// Columns, centre first: the order among moves of equal promise.
const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// A position of classic Connect 4 seen from the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Position {
    /// The discs that count for the player to move (dual discs included).
    mine: u64,
    /// The discs that count for the opponent (dual discs included).
    theirs: u64,
}

impl Position {
    /// The empty board.
    pub const fn new() -> Position {
        Position { mine: 0, theirs: 0 }
    }

    /// The position of `board` for its team to move; `None` when a clearing power or a dual disc
    /// is still held by either team, or the game is over: the solver plays normal discs only.
    pub fn from_board(board: &Board) -> Option<Position> {
        let all_spent = [Team::One, Team::Two].iter().all(|&team| {
            Kind::ALL
                .iter()
                .all(|&k| !k.is_power() || !board.holds(team, k))
        });
        if !all_spent || board.outcome().is_some() {
            return None;
        }
        let me = board.to_move();
        Some(Position {
            mine: board.discs(me),
            theirs: board.discs(me.other()),
        })
    }

    /// The discs of the player to move (dual discs included).
    pub fn mine(&self) -> u64 {
        self.mine
    }

    /// The discs of the opponent (dual discs included).
    pub fn theirs(&self) -> u64 {
        self.theirs
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.mine | self.theirs
    }

    /// The empty cells.
    #[inline]
    pub fn empties(&self) -> i32 {
        CELLS as i32 - self.occupied().count_ones() as i32
    }

    /// The lowest empty cell of every column that is not full.
    #[inline]
    fn playable(&self) -> u64 {
        (self.occupied() + BOTTOM) & BOARD_MASK
    }

    /// True when column `c` (0..7) has room.
    pub fn can_play(&self, c: usize) -> bool {
        self.playable() & column_mask(c) != 0
    }

    /// True when a disc of the player to move in column `c` completes its four.
    pub fn is_winning_move(&self, c: usize) -> bool {
        winning_cells(self.mine, self.occupied()) & self.playable() & column_mask(c) != 0
    }

    /// The position after the player to move drops a disc in column `c`, which must have room.
    #[inline]
    pub fn play(&self, c: usize) -> Position {
        self.play_bit(self.playable() & column_mask(c))
    }

    #[inline]
    fn play_bit(&self, bit: u64) -> Position {
        Position {
            mine: self.theirs,
            theirs: self.mine | bit,
        }
    }

    /// True when the player to move can win with its next disc.
    #[inline]
    fn can_win_next(&self) -> bool {
        winning_cells(self.mine, self.occupied()) & self.playable() != 0
    }

    /// The moves (landing bits) after which the opponent cannot win at once: the block of its
    /// only playable win if it has one, none if it has two, and never a cell right under one of
    /// its winning cells. The player to move is assumed unable to win at once.
    #[inline]
    fn non_losing_moves(&self) -> u64 {
        let playable = self.playable();
        let their_wins = winning_cells(self.theirs, self.occupied());
        let forced = playable & their_wins;
        let candidates = if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            forced
        } else {
            playable
        };
        candidates & !(their_wins >> 1)
    }

    /// The table key: unique among positions with the same dual discs (per column, `occupied`
    /// is `2^h - 1` and `mine` below it, so their sum shows both).
    #[inline]
    fn key(&self) -> u64 {
        self.mine + self.occupied()
    }

    /// The winning cells the player to move would have after landing a disc on `bit`.
    #[inline]
    fn promise(&self, bit: u64) -> u32 {
        winning_cells(self.mine | bit, self.occupied() | bit).count_ones()
    }
}

/// Why a line of the classic notation is not a legal, unfinished position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A character other than `1`..`7` among the moves (its index from 1).
    NotAColumn { index: usize, found: char },
    /// Move `index` drops into a full column.
    ColumnFull { index: usize, column: usize },
    /// Move `index` completes a four, so the game is over.
    GameOver { index: usize, column: usize },
    /// Every cell is filled: the game is over.
    BoardFull,
    /// What follows the moves is not a score.
    BadScore(String),
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotationError::NotAColumn { index, found } => {
                write!(f, "character {index} is {found:?}, not a column 1..7")
            }
            NotationError::ColumnFull { index, column } => {
                write!(f, "move {index} drops into column {column}, which is full")
            }
            NotationError::GameOver { index, column } => {
                write!(f, "move {index} (column {column}) wins: the game is over")
            }
            NotationError::BoardFull => write!(f, "the board is full: the game is over"),
            NotationError::BadScore(s) => write!(f, "{s:?} after the moves is not a score"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Parses a line of the classic notation: the moves and, optionally, a space and an integer
/// (ignored). Returns the position and the moves' text.
pub fn parse_line(line: &str) -> Result<(Position, &str), NotationError> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let (moves, score) = match line.split_once(' ') {
        Some((moves, score)) => (moves, Some(score)),
        None => (line, None),
    };
    if let Some(score) = score {
        let digits = score.strip_prefix(['-', '+']).unwrap_or(score);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(NotationError::BadScore(score.to_string()));
        }
    }
    let mut position = Position::new();
    for (i, ch) in moves.chars().enumerate() {
        let index = i + 1;
        let column = match ch.to_digit(10) {
            Some(d @ 1..=7) => d as usize,
            _ => return Err(NotationError::NotAColumn { index, found: ch }),
        };
        let c = column - 1;
        if !position.can_play(c) {
            return Err(NotationError::ColumnFull { index, column });
        }
        if position.is_winning_move(c) {
            return Err(NotationError::GameOver { index, column });
        }
        position = position.play(c);
    }
    if position.empties() == 0 {
        return Err(NotationError::BoardFull);
    }
    Ok((position, moves))
}

/// One table entry: epoch (7 bits), key (49 bits), value (8 bits); 0 is empty.
const KEY_BITS: u32 = 49;
const EPOCH_SHIFT: u32 = 8 + KEY_BITS;
const MAX_EPOCH: u64 = (1 << (64 - EPOCH_SHIFT)) - 1;
/// A stored value's flag for a lower bound (else an upper bound).
const LOWER_FLAG: u8 = 0x80;
/// Added to a score to store it (scores lie in -21..=21).
const VALUE_OFFSET: i32 = 64;

/// A bound a table entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StoredBound {
    Lower(i32),
    Upper(i32),
}

/// Bounds on scores, by position key. A new epoch starts with each solved root, which empties
/// the table without writing it (every 127 epochs it is wiped for real).
struct BoundTable {
    entries: Vec<u64>,
    epoch: u64,
}

impl BoundTable {
    /// A table of the largest prime number of entries that fits in `bytes` (a prime spreads the
    /// keys, which are sums of bit patterns, evenly).
    fn new(bytes: usize) -> BoundTable {
        let size = largest_prime_at_most((bytes / 8).max(2) as u64) as usize;
        BoundTable {
            entries: vec![0; size],
            epoch: 1,
        }
    }

    fn new_epoch(&mut self) {
        if self.epoch == MAX_EPOCH {
            self.entries.iter_mut().for_each(|e| *e = 0);
            self.epoch = 1;
        } else {
            self.epoch += 1;
        }
    }

    #[inline]
    fn tag(&self, key: u64) -> u64 {
        (self.epoch << EPOCH_SHIFT) | (key << 8)
    }

    #[inline]
    fn get(&self, key: u64) -> Option<StoredBound> {
        let entry = self.entries[(key % self.entries.len() as u64) as usize];
        if entry & !0xFF != self.tag(key) {
            return None;
        }
        let value = entry as u8;
        let score = i32::from(value & !LOWER_FLAG) - VALUE_OFFSET;
        Some(if value & LOWER_FLAG != 0 {
            StoredBound::Lower(score)
        } else {
            StoredBound::Upper(score)
        })
    }

    #[inline]
    fn put(&mut self, key: u64, bound: StoredBound) {
        let value = match bound {
            StoredBound::Lower(s) => (s + VALUE_OFFSET) as u8 | LOWER_FLAG,
            StoredBound::Upper(s) => (s + VALUE_OFFSET) as u8,
        };
        let slot = (key % self.entries.len() as u64) as usize;
        self.entries[slot] = self.tag(key) | u64::from(value);
    }
}

fn largest_prime_at_most(n: u64) -> u64 {
    let is_prime = |k: u64| k >= 2 && (2..).take_while(|d| d * d <= k).all(|d| k % d != 0);
    (2..=n.max(2)).rev().find(|&k| is_prime(k)).unwrap_or(2)
}

/// The solver: its table, its node count and its clock.
pub struct Solver {
    table: BoundTable,
    nodes: u64,
    deadline: Deadline,
    stopped: bool,
}

impl Solver {
    /// A solver whose table takes `table_bytes`, without a time limit.
    pub fn new(table_bytes: usize) -> Solver {
        Solver {
            table: BoundTable::new(table_bytes),
            nodes: 0,
            deadline: Deadline::unlimited(),
            stopped: false,
        }
    }

    /// Stops every later solve when `deadline`'s hard budget has passed.
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.deadline = deadline;
        self.stopped = false;
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact score of `position` (see the module's docs), or with `weak` only its sign;
    /// `None` if the deadline passed first. The position must be unfinished.
    pub fn solve(&mut self, position: &Position, weak: bool) -> Option<i32> {
        self.table.new_epoch();
        let empties = position.empties();
        if position.can_win_next() {
            let score = (empties + 1) / 2;
            return Some(if weak { score.signum() } else { score });
        }
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-empties / 2, (empties + 1) / 2)
        };
        while min < max {
            // Probe nearer zero than the middle first: small scores are the common case and
            // their proofs are cheaper.
            let mut probe = min + (max - min) / 2;
            if probe <= 0 && min / 2 < probe {
                probe = min / 2;
            } else if probe >= 0 && max / 2 > probe {
                probe = max / 2;
            }
            let r = self.negamax(position, probe, probe + 1);
            if self.stopped {
                return None;
            }
            if r <= probe {
                max = r;
            } else {
                min = r;
            }
        }
        // A weak search's bounds can pass the window: only their sign is known.
        Some(if weak { min.signum() } else { min })
    }

    /// A column (0..7) that keeps the best score of `position`, and that score; `None` if the
    /// deadline passed first. The position must be unfinished.
    pub fn best_move(&mut self, position: &Position) -> Option<(usize, i32)> {
        let score = self.solve(position, false)?;
        if let Some(&c) = CENTRE_FIRST.iter().find(|&&c| position.is_winning_move(c)) {
            return Some((c, score));
        }
        let moves = self.ordered_moves(position, position.non_losing_moves());
        for &(_, bit) in moves.iter() {
            let child = position.play_bit(bit);
            // The child is worth at most -score exactly when this move keeps the score.
            let r = self.negamax(&child, -score, -score + 1);
            if self.stopped {
                return None;
            }
            if r <= -score {
                return Some((column_of(bit), score));
            }
        }
        // Every move loses at once: any column will do.
        let c = CENTRE_FIRST
            .iter()
            .copied()
            .find(|&c| position.can_play(c))?;
        Some((c, score))
    }

    /// The candidate moves (landing bits) in `moves`, the most promising first, the centre first
    /// among equals.
    #[inline]
    fn ordered_moves(&self, position: &Position, moves: u64) -> ArrayVec<(u32, u64), WIDTH> {
        let mut list: ArrayVec<(u32, u64), WIDTH> = ArrayVec::new();
        for c in CENTRE_FIRST {
            let bit = moves & column_mask(c);
            if bit == 0 {
                continue;
            }
            let promise = position.promise(bit);
            let at = list
                .iter()
                .position(|&(p, _)| p < promise)
                .unwrap_or(list.len());
            list.insert(at, (promise, bit));
        }
        list
    }

    /// The score of `position` if it lies in `alpha..beta`, else a bound on the side of the
    /// window it fell: at most `alpha`, or at least `beta`. The player to move cannot win at
    /// once (every caller checks it or has excluded it).
    fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % CLOCK_INTERVAL == 0 && self.deadline.hard_expired() {
            self.stopped = true;
        }
        if self.stopped {
            return alpha;
        }
        let moves = position.non_losing_moves();
        let empties = position.empties();
        if moves == 0 {
            // The opponent wins with its next disc, landing with one cell fewer empty.
            return -(empties / 2);
        }
        if empties <= 2 {
            // Neither side can win with the last discs.
            return 0;
        }
        // The opponent cannot win with its next disc, nor we with ours.
        let lowest = -(empties - 2) / 2;
        if alpha < lowest {
            alpha = lowest;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut highest = (empties - 1) / 2;
        let key = position.key();
        match self.table.get(key) {
            Some(StoredBound::Upper(s)) => highest = highest.min(s),
            Some(StoredBound::Lower(s)) if alpha < s => {
                alpha = s;
                if alpha >= beta {
                    return alpha;
                }
            }
            _ => {}
        }
        if beta > highest {
            beta = highest;
            if alpha >= beta {
                return beta;
            }
        }
        let list = self.ordered_moves(position, moves);
        for &(_, bit) in list.iter() {
            let score = -self.negamax(&position.play_bit(bit), -beta, -alpha);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                self.table.put(key, StoredBound::Lower(score));
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(key, StoredBound::Upper(alpha));
        alpha
    }
}

fn column_of(bit: u64) -> usize {
    bit.trailing_zeros() as usize / (HEIGHT + 1)
}

/// The move that keeps the best score of `board` when no power is left to either team, found
/// before `deadline`'s hard budget with a table of [`PLAY_TABLE_BYTES`]; `None` when a power is
/// left, the game is over, or time ran out. Also returns the score.
pub fn solve_in_play(board: &Board, deadline: Deadline) -> Option<(Move, i32)> {
    let position = Position::from_board(board)?;
    let mut solver = Solver::new(PLAY_TABLE_BYTES);
    solver.set_deadline(deadline);
    let (c, score) = solver.best_move(&position)?;
    let column = Column::new(c)?;
    Some((Move::new(Kind::Normal, column), score))
}

/// What went wrong on `solve`'s command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveArgsError {
    /// An argument that `solve` does not take.
    Unknown(String),
    /// `--table-mb` without a number in 1..=[`MAX_TABLE_MB`].
    BadTableSize(Option<String>),
}

impl std::fmt::Display for SolveArgsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveArgsError::Unknown(a) => write!(f, "unknown argument {a:?}"),
            SolveArgsError::BadTableSize(None) => write!(f, "--table-mb needs a number"),
            SolveArgsError::BadTableSize(Some(v)) => {
                write!(f, "--table-mb {v:?}: expected 1..={MAX_TABLE_MB}")
            }
        }
    }
}

impl std::error::Error for SolveArgsError {}

/// `solve`'s options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Only the sign of the score.
    pub weak: bool,
    /// The table's size in MB.
    pub table_mb: usize,
}

/// Parses `solve`'s arguments: `[--weak] [--table-mb N]`.
pub fn parse_args(args: &[String]) -> Result<SolveOptions, SolveArgsError> {
    let mut options = SolveOptions {
        weak: false,
        table_mb: SOLVE_TABLE_MB,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--weak" => options.weak = true,
            "--table-mb" => {
                let value = args.next();
                options.table_mb = value
                    .and_then(|v| v.parse::<usize>().ok())
                    .filter(|n| (1..=MAX_TABLE_MB).contains(n))
                    .ok_or_else(|| SolveArgsError::BadTableSize(value.cloned()))?;
            }
            other => return Err(SolveArgsError::Unknown(other.to_string())),
        }
    }
    Ok(options)
}

/// The longest input line read whole; longer ones are reported and skipped.
const MAX_SOLVE_LINE: usize = 1024;

/// Runs `solve` from `input` to `output`, errors and the summary to `errors`.
pub fn run_solve<R: BufRead, W: Write, E: Write>(
    options: SolveOptions,
    input: R,
    output: &mut W,
    errors: &mut E,
) -> io::Result<()> {
    let mut solver = Solver::new(options.table_mb << 20);
    let mut input = input;
    let mut buffer = Vec::new();
    let mut line_number = 0usize;
    let mut solved = 0u64;
    let mut total_time = Duration::ZERO;
    let mut total_nodes = 0u64;
    loop {
        buffer.clear();
        let read =
            Read::take(&mut input, MAX_SOLVE_LINE as u64 + 1).read_until(b'\n', &mut buffer)?;
        if read == 0 {
            break;
        }
        line_number += 1;
        if buffer.last() == Some(&b'\n') {
            buffer.pop();
        } else if buffer.len() > MAX_SOLVE_LINE {
            // Skip the rest of an over-long line.
            let mut rest = Vec::new();
            loop {
                rest.clear();
                let n = Read::take(&mut input, 1 << 16).read_until(b'\n', &mut rest)?;
                if n == 0 || rest.last() == Some(&b'\n') {
                    break;
                }
            }
            writeln!(
                errors,
                "line {line_number}: longer than {MAX_SOLVE_LINE} bytes"
            )?;
            continue;
        }
        let text = String::from_utf8_lossy(&buffer);
        let (position, moves) = match parse_line(&text) {
            Ok(parsed) => parsed,
            Err(e) => {
                writeln!(errors, "line {line_number}: {e}")?;
                continue;
            }
        };
        let nodes_before = solver.nodes();
        let start = Instant::now();
        let score = solver.solve(&position, options.weak).unwrap_or(0);
        total_time += start.elapsed();
        total_nodes += solver.nodes() - nodes_before;
        solved += 1;
        writeln!(
            output,
            "{moves} {}",
            if options.weak { score.signum() } else { score }
        )?;
    }
    let mean_ms = if solved == 0 {
        0.0
    } else {
        total_time.as_secs_f64() * 1000.0 / solved as f64
    };
    writeln!(
        errors,
        "{solved} positions solved, mean {mean_ms:.3} ms, mean {} nodes",
        total_nodes.checked_div(solved).unwrap_or(0)
    )?;
    output.flush()
}

/// `connect4-bot solve [--weak] [--table-mb N]` (see the module's docs).
pub fn main(args: &[String]) -> ExitCode {
    let options = match parse_args(args) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("connect4-bot solve: {e}");
            eprintln!("usage: connect4-bot solve [--weak] [--table-mb N]");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let stderr = io::stderr();
    let result = run_solve(
        options,
        stdin.lock(),
        &mut stdout.lock(),
        &mut stderr.lock(),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("connect4-bot solve: {e}");
            ExitCode::FAILURE
        }
    }
}
