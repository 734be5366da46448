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
//! - a transposition table keeps lower and upper bounds; its key, `mine + occupied`, is unique
//!   among positions with the same dual discs, and no move of the classic search adds or removes
//!   a dual disc; a key's slot is the top bits of its product with an odd constant (a power of
//!   two of entries, a multiplication where a prime size costs a division), and the table is
//!   written whole when it is made, not faulted in page by page during the first searches;
//! - a node never considers a move that lets the opponent win at once (playing under one of its
//!   winning cells, or leaving one of its playable wins unblocked), and two playable opponent
//!   wins are a loss without search;
//! - moves are tried by the number of winning cells they create, the centre first among equals.
//!
//! A position where the clears are spent but a dual disc is held ([`DualPosition`]) is searched
//! by [`Solver::solve_dual`]: the holder may also drop its dual disc, once, and must by its
//! tenth move; a dual disc that completes only the opponent's four loses at once, and one that
//! completes both teams' fours is a draw (both fours end the game drawn). Every move of
//! either kind is tried (an opponent's dual disc can complete a four of ours, so the classic
//! bounds on the score do not hold), with a table of its own that stores whole positions; once
//! both dual discs are down the classic search takes over.
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

use common::game::Board as _;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use common::cli::{parse_table_mb, refuse_solve_args, CliError};
use common::clock::{Deadline, SearchClock};

use crate::board::{
    column_mask, winning_cells, Board, Column, Kind, Move, Team, BOARD_MASK, BOTTOM, CELLS,
    DUAL_DEADLINE, HEIGHT, WIDTH,
};

/// The transposition table's size in play: with the search's own table, allocated after this
/// one is dropped, the bot stays far below 20 MB.
pub const PLAY_TABLE_BYTES: usize = 8 << 20;

/// The table's default size for `solve` (`--table-mb`): larger tables save nodes on early
/// positions (and take longer to write when `solve` starts).
pub const SOLVE_TABLE_MB: usize = 16;

/// The table of positions where a dual disc is still held: used in play only, allocated at its
/// first use.
pub const DUAL_TABLE_BYTES: usize = 2 << 20;

/// In play, positions where a dual disc is still held are solved only with at most this many
/// empty cells: their search has fewer cuts than the classic one, and an attempt that runs out
/// of time costs the search a third of its time.
pub const DUAL_MAX_EMPTIES: i32 = 20;

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
        let me = board.side_to_move();
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

/// A position where neither team has a clearing power left but one team or both still hold
/// their dual disc, seen from the player to move. A dual disc is one more move of its owner's,
/// once, and its owner's tenth move must be it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DualPosition {
    /// The discs that count for the player to move (dual discs included).
    mine: u64,
    /// The discs that count for the opponent (dual discs included).
    theirs: u64,
    /// Whether the player to move, then the opponent, still holds its dual disc.
    held: [bool; 2],
    /// Moves made by the player to move, then by the opponent (what matters is whether a holder
    /// has reached its deadline).
    moves: [u8; 2],
}

impl DualPosition {
    /// The position of `board` for its team to move; `None` when a clearing power is held by
    /// either team, when no dual disc is held (the classic [`Position`] then), or when the game
    /// is over.
    pub fn from_board(board: &Board) -> Option<DualPosition> {
        let clears_spent = [Team::One, Team::Two]
            .iter()
            .all(|&team| Kind::CLEARING.iter().all(|&k| !board.holds(team, k)));
        if !clears_spent || board.outcome().is_some() {
            return None;
        }
        let me = board.side_to_move();
        let position = DualPosition {
            mine: board.discs(me),
            theirs: board.discs(me.other()),
            held: [
                board.holds(me, Kind::Dual),
                board.holds(me.other(), Kind::Dual),
            ],
            moves: [board.moves_made(me), board.moves_made(me.other())],
        };
        (position.held[0] || position.held[1]).then_some(position)
    }

    /// The classic position once no dual disc is held.
    fn classic(&self) -> Option<Position> {
        (!self.held[0] && !self.held[1]).then_some(Position {
            mine: self.mine,
            theirs: self.theirs,
        })
    }

    #[inline]
    fn occupied(&self) -> u64 {
        self.mine | self.theirs
    }

    /// The empty cells.
    pub fn empties(&self) -> i32 {
        CELLS as i32 - self.occupied().count_ones() as i32
    }

    /// True when the player to move must play its dual disc now (its tenth move).
    #[inline]
    fn dual_forced(&self) -> bool {
        self.held[0] && self.moves[0] >= DUAL_DEADLINE
    }

    /// The moves, as `(landing bit, dual)`, centre first, a dual disc before a normal one in the
    /// same column.
    fn moves(&self) -> ArrayVec<(u64, bool), { 2 * WIDTH }> {
        let playable = (self.occupied() + BOTTOM) & BOARD_MASK;
        let mut list = ArrayVec::new();
        for c in CENTRE_FIRST {
            let bit = playable & column_mask(c);
            if bit == 0 {
                continue;
            }
            if self.held[0] {
                list.push((bit, true));
            }
            if !self.dual_forced() {
                list.push((bit, false));
            }
        }
        list
    }

    /// The score the player to move gets at once from the move `(bit, dual)`: a four of its own
    /// wins, a four its dual disc completes for the opponent loses, both at once draw; `None`
    /// when the game goes on (or ends in a draw, when this disc fills the board).
    #[inline]
    fn immediate(&self, bit: u64, dual: bool) -> Option<i32> {
        let e = self.empties();
        let own_four = winning_cells(self.mine, self.occupied()) & bit != 0;
        let their_four = dual && winning_cells(self.theirs, self.occupied()) & bit != 0;
        match (own_four, their_four) {
            (true, true) => Some(0),
            (true, false) => Some((e + 1) / 2),
            (false, true) => Some(-(e + 1) / 2),
            (false, false) if e == 1 => Some(0),
            (false, false) => None,
        }
    }

    /// The position after the player to move plays `(bit, dual)`, seen by the opponent.
    #[inline]
    fn play(&self, bit: u64, dual: bool) -> DualPosition {
        DualPosition {
            mine: self.theirs | if dual { bit } else { 0 },
            theirs: self.mine | bit,
            held: [self.held[1], self.held[0] && !dual],
            moves: [self.moves[1], self.moves[0].saturating_add(1)],
        }
    }

    /// The table's key: the discs, the dual discs held, and the move count of each holder (a
    /// count without a dual disc to play changes nothing).
    #[inline]
    fn key(&self) -> DualKey {
        let count = |i: usize| {
            if self.held[i] {
                self.moves[i].min(DUAL_DEADLINE)
            } else {
                0
            }
        };
        DualKey {
            mine: self.mine,
            theirs: self.theirs,
            meta: u16::from(self.held[0])
                | u16::from(self.held[1]) << 1
                | u16::from(count(0)) << 2
                | u16::from(count(1)) << 6,
        }
    }
}

/// A [`DualPosition`] as its table stores it: every part of it, so that no two positions share
/// a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct DualKey {
    mine: u64,
    theirs: u64,
    meta: u16,
}

/// One entry of the dual table: a key, the root it was stored for (0: empty), and a bound.
#[derive(Clone, Copy, Debug, Default)]
struct DualEntry {
    key: DualKey,
    root: u32,
    lower: bool,
    score: i8,
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

/// One table entry: epoch (7 bits), key (49 bits), value (8 bits); an entry of epoch 0 is empty.
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

/// An empty entry written when the table is made: its epoch is 0, which no search uses (so is
/// 0's). Not 0 itself, so that the table is written whole when it is made: a zeroed allocation
/// leaves its pages to be faulted in one by one during the first searches (a few microseconds
/// each, more than a late position takes). `solve` writes its table; a call in play does not,
/// as a short solve touches few pages of it.
const EMPTY_ENTRY: u64 = 1;

/// Fibonacci hashing's multiplier (2^64 divided by the golden ratio, odd): the top bits of
/// `key * FIBONACCI` spread the keys, which are sums of bit patterns, evenly.
const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

/// Bounds on scores, by position key. A new epoch starts with each solved root, which empties
/// the table without writing it (every 127 epochs it is wiped for real).
struct BoundTable {
    entries: Vec<u64>,
    /// 64 minus the base-2 logarithm of the number of entries: a key's slot is the top bits of
    /// its product with [`FIBONACCI`] (a multiplication, where a prime size costs a division).
    index_shift: u32,
    epoch: u64,
}

impl BoundTable {
    /// A table of the largest power of two of entries that fits in `bytes`, written whole now
    /// when `written` (else left to the allocator's zeroed pages).
    fn new(bytes: usize, written: bool) -> BoundTable {
        let fit = (bytes / 8).max(2);
        let log = usize::BITS - 1 - fit.leading_zeros();
        BoundTable {
            entries: vec![if written { EMPTY_ENTRY } else { 0 }; 1 << log],
            index_shift: 64 - log,
            epoch: 1,
        }
    }

    fn new_epoch(&mut self) {
        if self.epoch == MAX_EPOCH {
            self.entries.iter_mut().for_each(|e| *e = EMPTY_ENTRY);
            self.epoch = 1;
        } else {
            self.epoch += 1;
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(FIBONACCI) >> self.index_shift) as usize
    }

    #[inline]
    fn tag(&self, key: u64) -> u64 {
        (self.epoch << EPOCH_SHIFT) | (key << 8)
    }

    #[inline]
    fn get(&self, key: u64) -> Option<StoredBound> {
        let entry = self.entries[self.slot(key)];
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
        let slot = self.slot(key);
        self.entries[slot] = self.tag(key) | u64::from(value);
    }
}

/// The solver: its tables, its node count and its clock.
pub struct Solver {
    table: BoundTable,
    /// Bounds of positions where a dual disc is held, made at the first such position.
    dual_table: Vec<DualEntry>,
    /// The number of the root [`Solver::solve_dual`] works on: entries of earlier roots are
    /// empty.
    dual_root: u32,
    clock: SearchClock,
}

impl Solver {
    /// A solver whose table takes `table_bytes`, written whole now, without a time limit.
    pub fn new(table_bytes: usize) -> Solver {
        Solver::with_table(table_bytes, true)
    }

    /// A solver for one call in play: its table's pages are touched only as the search reaches
    /// them, which costs a short solve less than writing the whole table.
    pub fn for_play(table_bytes: usize) -> Solver {
        Solver::with_table(table_bytes, false)
    }

    fn with_table(table_bytes: usize, written: bool) -> Solver {
        Solver {
            table: BoundTable::new(table_bytes, written),
            dual_table: Vec::new(),
            dual_root: 0,
            clock: SearchClock::with_interval(Deadline::unlimited(), CLOCK_INTERVAL),
        }
    }

    /// Stops every later solve when `deadline`'s hard budget has passed; counts nodes from zero.
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.clock = SearchClock::with_interval(deadline, CLOCK_INTERVAL);
    }

    /// Nodes searched since the solver was made or last given a deadline.
    pub fn nodes(&self) -> u64 {
        self.clock.nodes()
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
        let (min, max) = if weak {
            (-1, 1)
        } else {
            (-empties / 2, (empties + 1) / 2)
        };
        let score = self.narrow(min, max, |solver, probe| {
            solver.negamax(position, probe, probe + 1)
        })?;
        // A weak search's bounds can pass the window: only their sign is known.
        Some(if weak { score.signum() } else { score })
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
            if self.clock.stopped() {
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

    /// The exact score of a position where a dual disc is held (see the module's docs); `None` if
    /// the deadline passed first. The position must be unfinished.
    pub fn solve_dual(&mut self, position: &DualPosition) -> Option<i32> {
        self.table.new_epoch();
        if self.dual_table.is_empty() || self.dual_root == u32::MAX {
            let entries = DUAL_TABLE_BYTES / std::mem::size_of::<DualEntry>();
            self.dual_table = vec![DualEntry::default(); entries];
            self.dual_root = 0;
        }
        self.dual_root += 1;
        let e = position.empties();
        self.narrow(-(e + 1) / 2, (e + 1) / 2, |solver, probe| {
            solver.negamax_dual(position, probe, probe + 1)
        })
    }

    /// The score in `min..=max` by null-window probes `search(self, probe)` (a search of the
    /// window `probe..probe + 1`), halving the range each time; `None` if the deadline passed.
    fn narrow(
        &mut self,
        mut min: i32,
        mut max: i32,
        mut search: impl FnMut(&mut Solver, i32) -> i32,
    ) -> Option<i32> {
        while min < max {
            // Probe nearer zero than the middle first: small scores are the common case and
            // their proofs are cheaper.
            let mut probe = min + (max - min) / 2;
            if probe <= 0 && min / 2 < probe {
                probe = min / 2;
            } else if probe >= 0 && max / 2 > probe {
                probe = max / 2;
            }
            let r = search(self, probe);
            if self.clock.stopped() {
                return None;
            }
            if r <= probe {
                max = r;
            } else {
                min = r;
            }
        }
        Some(min)
    }

    /// A move that keeps the best score of a position where a dual disc is held, as `(column,
    /// dual)`, and that score; `None` if the deadline passed first.
    pub fn best_dual_move(&mut self, position: &DualPosition) -> Option<(usize, bool, i32)> {
        let score = self.solve_dual(position)?;
        for (bit, dual) in position.moves() {
            let kept = match position.immediate(bit, dual) {
                Some(s) => s == score,
                None => {
                    // The child is worth at most -score exactly when this move keeps the score.
                    let r = self.negamax_dual(&position.play(bit, dual), -score, -score + 1);
                    if self.clock.stopped() {
                        return None;
                    }
                    r <= -score
                }
            };
            if kept {
                return Some((column_of(bit), dual, score));
            }
        }
        None
    }

    /// [`Solver::negamax`] for positions where a dual disc is held: every move of either kind is
    /// tried, its immediate end scored, and the classic search takes over once no dual disc is
    /// held. Without the classic search's bounds (an opponent's dual disc may complete a four of
    /// ours), it relies on the window and the table alone.
    fn negamax_dual(&mut self, position: &DualPosition, mut alpha: i32, beta: i32) -> i32 {
        if let Some(classic) = position.classic() {
            if classic.can_win_next() {
                return (classic.empties() + 1) / 2;
            }
            return self.negamax(&classic, alpha, beta);
        }
        if self.clock.tick() {
            return alpha;
        }
        let key = position.key();
        let slot = dual_slot(&key, self.dual_table.len());
        let root = self.dual_root;
        let entry = self.dual_table[slot];
        if entry.root == root && entry.key == key {
            let stored = i32::from(entry.score);
            if entry.lower {
                if stored >= beta {
                    return stored;
                }
                alpha = alpha.max(stored);
            } else if stored <= alpha {
                return stored;
            }
        }
        let alpha_in = alpha;
        let mut best = i32::MIN;
        for (bit, dual) in position.moves() {
            let score = match position.immediate(bit, dual) {
                Some(s) => s,
                None => -self.negamax_dual(&position.play(bit, dual), -beta, -alpha),
            };
            if self.clock.stopped() {
                return alpha;
            }
            best = best.max(score);
            if score >= beta {
                self.dual_table[slot] = DualEntry {
                    key,
                    root,
                    lower: true,
                    score: score as i8,
                };
                return score;
            }
            alpha = alpha.max(score);
        }
        // Every move failed low: the score is at most the best found (and at most alpha).
        let bound = if best <= alpha_in { best } else { alpha };
        self.dual_table[slot] = DualEntry {
            key,
            root,
            lower: false,
            score: bound as i8,
        };
        bound
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
        if self.clock.tick() {
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
            if self.clock.stopped() {
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

/// The slot of a dual table of `len` entries for `key`.
#[inline]
fn dual_slot(key: &DualKey, len: usize) -> usize {
    let mixed =
        (key.mine ^ key.theirs.rotate_left(29) ^ u64::from(key.meta) << 50).wrapping_mul(FIBONACCI);
    ((u128::from(mixed) * len as u128) >> 64) as usize
}

fn column_of(bit: u64) -> usize {
    bit.trailing_zeros() as usize / (HEIGHT + 1)
}

/// The move that keeps the best score of `board` when no clearing power is left to either team
/// (a dual disc still held is one more move, and due by its owner's tenth move), found before
/// `deadline`'s hard budget with a table of [`PLAY_TABLE_BYTES`]; `None` when a clearing power is
/// left, the game is over, time ran out, or a dual disc is held with more than
/// [`DUAL_MAX_EMPTIES`] empty cells. Also returns the score.
pub fn solve_in_play(board: &Board, deadline: Deadline) -> Option<(Move, i32)> {
    if let Some(position) = Position::from_board(board) {
        let mut solver = Solver::for_play(PLAY_TABLE_BYTES);
        solver.set_deadline(deadline);
        let (c, score) = solver.best_move(&position)?;
        let column = Column::new(c)?;
        return Some((Move::new(Kind::Normal, column), score));
    }
    let position = DualPosition::from_board(board)?;
    if position.empties() > DUAL_MAX_EMPTIES {
        return None;
    }
    let mut solver = Solver::for_play(PLAY_TABLE_BYTES);
    solver.set_deadline(deadline);
    let (c, dual, score) = solver.best_dual_move(&position)?;
    let kind = if dual { Kind::Dual } else { Kind::Normal };
    Some((Move::new(kind, Column::new(c)?), score))
}

/// `solve`'s options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Only the sign of the score.
    pub weak: bool,
    /// The table's size in MB.
    pub table_mb: usize,
}

/// Parses `solve`'s arguments: `[--weak] [--table-mb N]`.
pub fn parse_args(args: &[String]) -> Result<SolveOptions, CliError> {
    let mut options = SolveOptions {
        weak: false,
        table_mb: SOLVE_TABLE_MB,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--weak" => options.weak = true,
            "--table-mb" => {
                let value = args.next().ok_or(CliError::MissingValue("--table-mb"))?;
                options.table_mb = parse_table_mb(value, MAX_TABLE_MB)?;
            }
            other => return Err(CliError::unknown(other)),
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
        Err(e) => return refuse_solve_args("connect4-bot", "[--weak] [--table-mb N]", e),
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
