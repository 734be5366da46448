//! The position: 61 cells in two `u64` bitboards, placement, the swap, game end, Zobrist hashing
//! and the vocabulary's board words (its `common::game::Board`).
//!
//! # Cell layout
//!
//! Cell `(x, y)` has the index `ROW_START[y] + x`: rows from the top, each from its left end, so
//! bit 0 is `(0, 0)` and bit 60 is `(4, 8)`.
//!
//! ```text
//!         0  1  2  3  4                 row 0 (5 cells)
//!        5  6  7  8  9 10               row 1 (6)
//!      11 12 13 14 15 16 17             row 2 (7)
//!     18 19 20 21 22 23 24 25           row 3 (8)
//!    26 27 28 29 30 31 32 33 34         row 4 (9)
//!     35 36 37 38 39 40 41 42           row 5 (8)
//!      43 44 45 46 47 48 49             row 6 (7)
//!       50 51 52 53 54 55               row 7 (6)
//!         56 57 58 59 60                row 8 (5)
//! ```
//!
//! In axial coordinates `q = x - min(y, 4)`, `r = y - 4` the six directions are `(±1, 0)`,
//! `(0, ±1)` and `±(1, -1)`; the three axes are the three opposite pairs.

use common::game::Board as _;
use common::zobrist::zobrist_key;
use std::fmt;
use std::str::FromStr;

/// Number of cells.
pub const CELLS: usize = 61;
/// Number of rows.
pub const ROWS: usize = 9;
/// Cells in each row, top to bottom.
pub const ROW_LEN: [u8; ROWS] = [5, 6, 7, 8, 9, 8, 7, 6, 5];
/// Index of the first cell of each row.
pub const ROW_START: [u8; ROWS] = [0, 5, 11, 18, 26, 35, 43, 50, 56];
/// Every cell.
pub const ALL_CELLS: u64 = (1 << CELLS) - 1;

/// The six directions in axial coordinates; axis `a` is the pair `2a`, `2a + 1`.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
/// Number of axes (lines through a cell).
pub const AXES: usize = 3;

const NO_CELL: u8 = u8::MAX;

/// A cell of the board (index 0..61, see the module docs). `Default` (cell 0) is only a filler
/// for fixed-capacity lists, which the one-file bundles build without `unsafe`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// `(x, y)` of every cell index.
const CELL_XY: [(u8, u8); CELLS] = {
    let mut table = [(0u8, 0u8); CELLS];
    let mut y = 0;
    while y < ROWS {
        let mut x = 0;
        while x < ROW_LEN[y] {
            table[(ROW_START[y] + x) as usize] = (x, y as u8);
            x += 1;
        }
        y += 1;
    }
    table
};

/// The neighbour of every cell in every direction, [`NO_CELL`] off the board.
const NEIGHBOURS: [[u8; 6]; CELLS] = {
    let mut table = [[NO_CELL; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (q, r) = axial_of(i as u8);
        let mut d = 0;
        while d < 6 {
            if let Some(c) = index_of_axial(q + DIRECTIONS[d].0, r + DIRECTIONS[d].1) {
                table[i][d] = c;
            }
            d += 1;
        }
        i += 1;
    }
    table
};

const fn axial_of(index: u8) -> (i8, i8) {
    let (x, y) = CELL_XY[index as usize];
    let min = if y < 4 { y } else { 4 };
    (x as i8 - min as i8, y as i8 - 4)
}

const fn index_of_axial(q: i8, r: i8) -> Option<u8> {
    let s = q + r;
    if q < -4 || q > 4 || r < -4 || r > 4 || s < -4 || s > 4 {
        return None;
    }
    let y = (r + 4) as u8;
    let min = if y < 4 { y } else { 4 };
    let x = (q + min as i8) as u8;
    Some(ROW_START[y as usize] + x)
}

impl Cell {
    /// The cell with this index, if it is below 61.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell `(x, y)` (x within the row, y the row from the top), if it exists.
    pub const fn from_xy(x: i32, y: i32) -> Option<Cell> {
        if y < 0 || y >= ROWS as i32 || x < 0 || x >= ROW_LEN[y as usize] as i32 {
            return None;
        }
        Some(Cell(ROW_START[y as usize] + x as u8))
    }

    /// The cell at axial `(q, r)`, if it exists.
    pub const fn from_axial(q: i32, r: i32) -> Option<Cell> {
        if q < -4 || q > 4 || r < -4 || r > 4 {
            return None;
        }
        match index_of_axial(q as i8, r as i8) {
            Some(i) => Some(Cell(i)),
            None => None,
        }
    }

    /// The lowest cell of a non-empty bitboard.
    #[inline]
    pub fn lowest(bits: u64) -> Cell {
        debug_assert!(bits != 0 && bits <= ALL_CELLS);
        Cell(bits.trailing_zeros() as u8)
    }

    /// Index 0..61.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Position within the row, from 0 at its left.
    pub const fn x(self) -> u8 {
        CELL_XY[self.0 as usize].0
    }

    /// Row, from 0 at the top.
    pub const fn y(self) -> u8 {
        CELL_XY[self.0 as usize].1
    }

    /// Axial coordinates `(q, r)`.
    pub const fn axial(self) -> (i8, i8) {
        axial_of(self.0)
    }

    /// Hex distance from the centre cell (4, 4): 0..=4.
    pub const fn centre_distance(self) -> u8 {
        let (q, r) = axial_of(self.0);
        let s = q + r;
        let (q, r, s) = (q.unsigned_abs(), r.unsigned_abs(), s.unsigned_abs());
        let m = if q > r { q } else { r };
        if m > s {
            m
        } else {
            s
        }
    }

    /// This cell's bit.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The neighbour in direction `d` (an index into [`DIRECTIONS`]).
    #[inline]
    pub fn neighbour(self, d: usize) -> Option<Cell> {
        let n = NEIGHBOURS[self.0 as usize][d];
        if n == NO_CELL {
            None
        } else {
            Some(Cell(n))
        }
    }

    /// All 61 cells in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    /// The contest's notation: `x y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x(), self.y())
    }
}

/// The cells of a bitboard, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Cells(pub u64);

impl Iterator for Cells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            let c = Cell::lowest(self.0);
            self.0 &= self.0 - 1;
            Some(c)
        }
    }
}

/// A player. Player 1 moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Player 1 (`myId` 1).
    First,
    /// Player 2 (`myId` 2), who may steal Player 1's first stone.
    Second,
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for Player 1, 1 for Player 2.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// 1 or 2, as the protocol numbers players.
    pub const fn number(self) -> u8 {
        self.index() as u8 + 1
    }
}

/// What a placement does for its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// No run of 3 or more through the stone.
    Quiet,
    /// A run of exactly 3 and none of 4 or more: the mover loses.
    Three,
    /// A run of 4 or more (whatever else): the mover wins.
    Four,
}

/// The length of the run of `stones` through `cell` along `axis`, counting `cell` as one of them
/// whether or not it is in `stones`.
pub fn run_length(stones: u64, cell: Cell, axis: usize) -> u32 {
    let mut length = 1;
    for d in [2 * axis, 2 * axis + 1] {
        let mut at = cell;
        while let Some(next) = at.neighbour(d) {
            if stones & next.bit() == 0 {
                break;
            }
            length += 1;
            at = next;
        }
    }
    length
}

/// What placing a stone on `cell` does for the player owning `stones`: the rules' own definition,
/// by walking the three lines (the search uses the faster [`crate::threats`]).
pub fn placement_effect(stones: u64, cell: Cell) -> Effect {
    let mut three = false;
    for axis in 0..AXES {
        match run_length(stones, cell, axis) {
            n if n >= 4 => return Effect::Four,
            3 => three = true,
            _ => {}
        }
    }
    if three {
        Effect::Three
    } else {
        Effect::Quiet
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player made a run of 4 or more and won.
    Four(Player),
    /// The player made a run of exactly 3 (and none of 4) and lost.
    Three(Player),
    /// The board filled up without either: a draw.
    Full,
}

impl common::game::Outcome for Outcome {
    type Side = Player;

    fn winner(self) -> Option<Player> {
        match self {
            Outcome::Four(p) => Some(p),
            Outcome::Three(p) => Some(p.other()),
            Outcome::Full => None,
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is already over.
    GameOver,
    /// The cell is taken (and this is not Player 2 stealing Player 1's first stone).
    Occupied(Cell),
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::GameOver => write!(f, "the game is over"),
            IllegalMoveError::Occupied(c) => write!(f, "cell {c} is already filled"),
        }
    }
}

impl std::error::Error for IllegalMoveError {}

/// A set of stones that no game can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A cell holds stones of both colours.
    Overlap,
    /// The stone counts do not fit the player to move.
    Counts {
        /// Player 1's stones.
        first: u32,
        /// Player 2's stones.
        second: u32,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap => write!(f, "a cell holds stones of both players"),
            PositionError::Counts { first, second } => write!(
                f,
                "{first} stones for player 1 and {second} for player 2 do not fit the player to move"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

const ZOBRIST_SEED: u64 = 0x59A7_A1A7_0000_0003;

/// Zobrist keys: one per (player, cell).
const ZOBRIST: [[u64; CELLS]; 2] = {
    let mut table = [[0u64; CELLS]; 2];
    let mut p = 0;
    while p < 2 {
        let mut c = 0;
        while c < CELLS {
            table[p][c] = zobrist_key(ZOBRIST_SEED, (p * CELLS + c) as u64);
            c += 1;
        }
        p += 1;
    }
    table
};

/// The key for Player 2 to move.
const ZOBRIST_SECOND_TO_MOVE: u64 = zobrist_key(ZOBRIST_SEED, 2 * CELLS as u64);

/// A list of moves (at most 61: the 60 empty cells and the swap on ply 1).
pub type MoveList = arrayvec::ArrayVec<Cell, CELLS>;

/// The transposition table's move: the cell's index.
impl common::transposition::PackedMove for Cell {
    fn pack(self) -> u16 {
        u16::from(self.0)
    }

    fn unpack(code: u16) -> Cell {
        Cell(code as u8)
    }
}

/// A position: the stones, the number of moves played, whether the game is over, and its hash.
///
/// A move is a [`Cell`]: an empty cell to fill, or, on ply 1 only, Player 1's stone for Player 2
/// to steal (the swap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    stones: [u64; 2],
    ply: u8,
    outcome: Option<Outcome>,
    hash: u64,
}

/// The start position.
impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// A position from its stones and the player to move (the protocol's grid). The number of
    /// moves played is the number of stones, plus one if the counts show that Player 2 swapped.
    /// The game is taken to be running unless the board is full (the referee would have ended it).
    pub fn from_stones(first: u64, second: u64, to_move: Player) -> Result<Board, PositionError> {
        if first & second != 0 || (first | second) & !ALL_CELLS != 0 {
            return Err(PositionError::Overlap);
        }
        let (f, s) = (first.count_ones(), second.count_ones());
        let counts = PositionError::Counts {
            first: f,
            second: s,
        };
        // Without a swap Player 1 has as many stones as Player 2 (Player 1 to move) or one more;
        // after a swap one stone has changed hands.
        let swapped = match to_move {
            Player::First if f == s => false,
            Player::First if s == f + 1 => true,
            Player::Second if f == s + 1 => false,
            Player::Second if f == s && f > 0 => true,
            _ => return Err(counts),
        };
        let ply = f + s + u32::from(swapped);
        let mut board = Board {
            stones: [first, second],
            ply: ply as u8,
            outcome: None,
            hash: 0,
        };
        if board.empty() == 0 {
            board.outcome = Some(Outcome::Full);
        }
        board.hash = board.compute_hash();
        Ok(board)
    }

    /// Moves played so far (a swap counts as one).
    #[inline]
    pub const fn plies(&self) -> u32 {
        self.ply as u32
    }

    /// The stones of `player`.
    #[inline]
    pub const fn stones(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// The empty cells.
    #[inline]
    pub const fn empty(&self) -> u64 {
        ALL_CELLS & !(self.stones[0] | self.stones[1])
    }

    /// Who holds `cell`, if anyone.
    pub fn at(&self, cell: Cell) -> Option<Player> {
        if self.stones[0] & cell.bit() != 0 {
            Some(Player::First)
        } else if self.stones[1] & cell.bit() != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The cell Player 2 may steal now: Player 1's stone on ply 1.
    #[inline]
    pub fn swap_cell(&self) -> Option<Cell> {
        if self.ply == 1 && self.outcome.is_none() {
            Some(Cell::lowest(self.stones[0]))
        } else {
            None
        }
    }

    /// True if `m` may be played now.
    pub fn is_legal(&self, m: Cell) -> bool {
        self.outcome.is_none() && (self.empty() & m.bit() != 0 || self.swap_cell() == Some(m))
    }

    /// Number of legal moves.
    pub fn move_count(&self) -> u32 {
        if self.outcome.is_some() {
            0
        } else {
            self.empty().count_ones() + u32::from(self.ply == 1)
        }
    }
}

/// The vocabulary's board ([`common::game::Board`]) under Yavalath's rules. A move's text is
/// its `Display` and `FromStr`, the protocol's `x y` ([`crate::notation`]), so the board
/// names no notation.
impl common::game::Board for Board {
    type Move = Cell;
    type MoveList = MoveList;
    type Side = Player;
    type Outcome = Outcome;
    type IllegalMoveError = IllegalMoveError;
    type ParseMoveError = <Cell as FromStr>::Err;
    const SIDES: [Player; 2] = [Player::First, Player::Second];

    /// The empty board, Player 1 to move.
    fn start() -> Board {
        Board {
            stones: [0, 0],
            ply: 0,
            outcome: None,
            hash: 0,
        }
    }

    /// The player to move.
    #[inline]
    fn side_to_move(&self) -> Player {
        if self.ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Every legal move: the empty cells in index order, then the swap on ply 1.
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.outcome.is_some() {
            return list;
        }
        for c in Cells(self.empty()) {
            list.push(c);
        }
        if let Some(c) = self.swap_cell() {
            list.push(c);
        }
        list
    }

    /// The position after the legal move `m` (see [`Board::try_play`] for untrusted moves).
    #[inline]
    fn play(&self, m: Cell) -> Board {
        debug_assert!(self.is_legal(m), "illegal move {m} on ply {}", self.ply);
        let me = self.side_to_move();
        let mut next = *self;
        next.ply += 1;
        next.hash ^= ZOBRIST_SECOND_TO_MOVE;
        if self.ply == 1 && self.stones[0] & m.bit() != 0 {
            // The swap: Player 1's only stone becomes Player 2's. No run can come of it.
            next.stones[0] = 0;
            next.stones[1] = m.bit();
            next.hash ^= ZOBRIST[0][m.index()] ^ ZOBRIST[1][m.index()];
            return next;
        }
        next.stones[me.index()] |= m.bit();
        next.hash ^= ZOBRIST[me.index()][m.index()];
        next.outcome = match placement_effect(self.stones[me.index()], m) {
            Effect::Four => Some(Outcome::Four(me)),
            Effect::Three => Some(Outcome::Three(me)),
            Effect::Quiet if next.empty() == 0 => Some(Outcome::Full),
            Effect::Quiet => None,
        };
        next
    }

    /// The position after `m`, or why `m` is illegal (`self` is not changed).
    fn try_play(&self, m: Cell) -> Result<Board, IllegalMoveError> {
        if self.outcome.is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        if self.is_legal(m) {
            Ok(self.play(m))
        } else {
            Err(IllegalMoveError::Occupied(m))
        }
    }

    /// How the game ended, `None` while it runs.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The Zobrist hash, kept incrementally.
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (for tests of the incremental one).
    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for p in [Player::First, Player::Second] {
            for c in Cells(self.stones(p)) {
                hash ^= ZOBRIST[p.index()][c.index()];
            }
        }
        if self.side_to_move() == Player::Second {
            hash ^= ZOBRIST_SECOND_TO_MOVE;
        }
        hash
    }

    fn format_move(&self, m: Cell) -> String {
        m.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Cell, Self::ParseMoveError> {
        text.parse()
    }
}

impl fmt::Display for Board {
    /// The board as a hexagon: `X` Player 1, `O` Player 2, `.` empty, then whose turn it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..ROWS {
            let indent = 9 - ROW_LEN[y] as usize;
            write!(f, "{y} {}", " ".repeat(indent))?;
            for x in 0..ROW_LEN[y] {
                let c = Cell(ROW_START[y] + x);
                let ch = match self.at(c) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                write!(f, "{ch} ")?;
            }
            writeln!(f)?;
        }
        match self.outcome {
            None => write!(
                f,
                "ply {}, player {} to move",
                self.ply,
                self.side_to_move().number()
            ),
            Some(o) => write!(f, "ply {}, game over: {o:?}", self.ply),
        }
    }
}
