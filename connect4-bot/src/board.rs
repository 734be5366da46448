//! The position: two bitboards, the powers used, the move counts; move generation and `play`.
//!
//! # Bit layout
//!
//! The layout of Pascal Pons' solver: column `c` (0..7, left to right) owns the seven bits
//! `7c..7c+7`, row `r` (0..6 from the bottom) is bit `7c + r`, and the seventh bit of every
//! column is a sentinel that is always clear, so that shifts never carry a line from one column
//! into the next.
//!
//! ```text
//!   .  .  .  .  .  .  .     <- sentinels 6 13 20 27 34 41 48
//!   5 12 19 26 33 40 47     <- top row (contest positions 36..42)
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42     <- bottom row (contest positions 1..7)
//! ```
//!
//! Each team has one bitboard of the discs that count for it; a dual disc is in both. Columns are
//! always compact (every removal is followed by the fall), so the landing cell of a column is
//! `(occupied + BOTTOM) & column`.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;
use common::game::Board as _;
use common::zobrist::zobrist_key;

/// Columns.
pub const WIDTH: usize = 7;
/// Rows.
pub const HEIGHT: usize = 6;
/// Bits per column (the rows and a sentinel).
const STRIDE: usize = HEIGHT + 1;
/// Cells on the board.
pub const CELLS: usize = WIDTH * HEIGHT;

/// The bottom cell of every column.
pub const BOTTOM: u64 = repeat_per_column(1);
/// Every cell of the board (no sentinels).
pub const BOARD_MASK: u64 = repeat_per_column((1 << HEIGHT) - 1);

const fn repeat_per_column(column_bits: u64) -> u64 {
    let mut mask = 0;
    let mut c = 0;
    while c < WIDTH {
        mask |= column_bits << (c * STRIDE);
        c += 1;
    }
    mask
}

/// The cells of column `c`.
#[inline]
pub const fn column_mask(c: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (c * STRIDE)
}

/// The cells of row `r`.
#[inline]
pub const fn row_mask(r: usize) -> u64 {
    BOTTOM << r
}

/// The cells of the rows strictly below row `r`.
#[inline]
const fn rows_below(r: usize) -> u64 {
    repeat_per_column((1 << r) - 1)
}

/// The cells of the rows strictly above row `r`.
#[inline]
const fn rows_above(r: usize) -> u64 {
    BOARD_MASK & !rows_below(r + 1)
}

// ---------------------------------------------------------------------------------------------
// Teams, cells, columns, disc kinds, moves
// ---------------------------------------------------------------------------------------------

/// One of the two teams: a seat, not a turn (either team may move first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Team {
    One,
    Two,
}

impl Team {
    /// Both teams, team 1 first.
    pub const BOTH: [Team; 2] = [Team::One, Team::Two];

    /// 0 for team 1, 1 for team 2.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Team::One => 0,
            Team::Two => 1,
        }
    }

    /// 1 or 2, as the files write it.
    pub const fn number(self) -> u8 {
        self.index() as u8 + 1
    }

    /// The team with number `n` (1 or 2).
    pub const fn from_number(n: u8) -> Option<Team> {
        match n {
            1 => Some(Team::One),
            2 => Some(Team::Two),
            _ => None,
        }
    }

    /// The other team.
    #[inline]
    pub const fn other(self) -> Team {
        match self {
            Team::One => Team::Two,
            Team::Two => Team::One,
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "team {}", self.number())
    }
}

/// A column, 0..7 inside (printed 1..7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; WIDTH] = [
        Column(0),
        Column(1),
        Column(2),
        Column(3),
        Column(4),
        Column(5),
        Column(6),
    ];
    /// Centre first, then outwards: the usual move order of Connect 4.
    pub const CENTRE_FIRST: [Column; WIDTH] = [
        Column(3),
        Column(2),
        Column(4),
        Column(1),
        Column(5),
        Column(0),
        Column(6),
    ];

    /// Column `i` (0-based), if on the board.
    pub const fn new(i: usize) -> Option<Column> {
        if i < WIDTH {
            Some(Column(i as u8))
        } else {
            None
        }
    }

    /// Column numbered `n` as the files number them (1..=7).
    pub const fn from_number(n: u32) -> Option<Column> {
        if n >= 1 && n as usize <= WIDTH {
            Some(Column(n as u8 - 1))
        } else {
            None
        }
    }

    /// 0-based index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 1..=7.
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }
}

/// A cell, by column and row (0 = bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    column: u8,
    row: u8,
}

impl Cell {
    /// The cell at `column`, `row`, if on the board.
    pub const fn new(column: usize, row: usize) -> Option<Cell> {
        if column < WIDTH && row < HEIGHT {
            Some(Cell {
                column: column as u8,
                row: row as u8,
            })
        } else {
            None
        }
    }

    /// The cell of contest position `p` (1..=42): row `(p-1)/7` from the bottom, column
    /// `(p-1)%7`.
    pub const fn from_position(p: usize) -> Option<Cell> {
        if p >= 1 && p <= CELLS {
            Cell::new((p - 1) % WIDTH, (p - 1) / WIDTH)
        } else {
            None
        }
    }

    /// The contest position 1..=42.
    pub const fn position(self) -> usize {
        self.row as usize * WIDTH + self.column as usize + 1
    }

    /// 0-based column.
    pub const fn column(self) -> usize {
        self.column as usize
    }

    /// 0-based row from the bottom.
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// The cell's bit.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << (self.column as usize * STRIDE + self.row as usize)
    }

    /// The cell of a single-bit bitboard.
    pub const fn from_bit_index(i: u32) -> Option<Cell> {
        let i = i as usize;
        Cell::new(i / STRIDE, i % STRIDE)
    }
}

/// The five disc types, numbered as in `output.txt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// 1: removes its whole landing row.
    ClearRow = 1,
    /// 2: removes its whole landing column.
    ClearColumn = 2,
    /// 3: removes itself and the 8 cells around its landing cell.
    ClearNeighbours = 3,
    /// 4: a neutral disc that counts for both teams.
    Dual = 4,
    /// 5: an ordinary disc.
    Normal = 5,
}

impl Kind {
    /// All kinds in file order 1..=5.
    pub const ALL: [Kind; 5] = [
        Kind::ClearRow,
        Kind::ClearColumn,
        Kind::ClearNeighbours,
        Kind::Dual,
        Kind::Normal,
    ];
    /// The kinds that remove discs.
    pub const CLEARING: [Kind; 3] = [Kind::ClearRow, Kind::ClearColumn, Kind::ClearNeighbours];

    /// The kind numbered `n` (1..=5).
    pub const fn from_number(n: u32) -> Option<Kind> {
        match n {
            1 => Some(Kind::ClearRow),
            2 => Some(Kind::ClearColumn),
            3 => Some(Kind::ClearNeighbours),
            4 => Some(Kind::Dual),
            5 => Some(Kind::Normal),
            _ => None,
        }
    }

    /// 1..=5.
    pub const fn number(self) -> u32 {
        self as u32
    }

    /// The bit of this power in a team's "used" mask; 0 for the normal disc.
    #[inline]
    pub const fn power_bit(self) -> u8 {
        match self {
            Kind::Normal => 0,
            k => 1 << (k as u8 - 1),
        }
    }

    /// True for the four one-time powers.
    pub const fn is_power(self) -> bool {
        !matches!(self, Kind::Normal)
    }

    /// The name the statement uses.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::ClearRow => "clear row",
            Kind::ClearColumn => "clear column",
            Kind::ClearNeighbours => "clear first neighbours",
            Kind::Dual => "dual colour",
            Kind::Normal => "normal",
        }
    }
}

/// The mask of the three clearing powers in a "used" mask.
pub const CLEARING_BITS: u8 = 0b0111;
/// The dual disc's bit in a "used" mask.
pub const DUAL_BIT: u8 = 0b1000;
/// A team's moves after which, without a dual disc played, the next move must be the dual disc.
pub const DUAL_DEADLINE: u8 = 9;

/// A move: a disc type dropped into a column. Printed `t c` as in `output.txt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: Kind,
    pub column: Column,
}

impl Move {
    /// The move dropping a `kind` disc into `column`.
    pub const fn new(kind: Kind, column: Column) -> Move {
        Move { kind, column }
    }

    /// A compact code 0..35 (kind-major), for tables.
    #[inline]
    pub const fn code(self) -> usize {
        (self.kind as usize - 1) * WIDTH + self.column.index()
    }

    /// The move of a code from [`Move::code`].
    pub const fn from_code(code: usize) -> Option<Move> {
        let kind = match Kind::from_number((code / WIDTH) as u32 + 1) {
            Some(k) => k,
            None => return None,
        };
        match Column::new(code % WIDTH) {
            Some(c) if code < 5 * WIDTH => Some(Move::new(kind, c)),
            _ => None,
        }
    }
}

/// The transposition table's move: its [`Move::code`].
impl common::transposition::PackedMove for Move {
    fn pack(self) -> u16 {
        self.code() as u16
    }

    fn unpack(code: u16) -> Move {
        Move::from_code(usize::from(code)).unwrap_or_default()
    }
}

/// A normal disc in the first column: what a table code that is no move unpacks to.
impl Default for Move {
    fn default() -> Move {
        Move::new(Kind::Normal, Column(0))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.number(), self.column.number())
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game has already ended.
    GameOver,
    /// The column has no empty cell.
    ColumnFull(Column),
    /// The team has already used this power.
    PowerUsed(Kind),
    /// This is the team's tenth move without a dual disc: it must be the dual disc.
    DualCompulsory,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::GameOver => write!(f, "the game is over"),
            IllegalMoveError::ColumnFull(c) => write!(f, "column {} is full", c.number()),
            IllegalMoveError::PowerUsed(k) => {
                write!(f, "the {} disc has already been used", k.name())
            }
            IllegalMoveError::DualCompulsory => write!(
                f,
                "the dual colour disc must be played by the team's tenth move"
            ),
        }
    }
}

impl std::error::Error for IllegalMoveError {}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Team),
    Draw,
}

impl common::game::Outcome for Outcome {
    type Side = Team;

    fn winner(self) -> Option<Team> {
        match self {
            Outcome::Win(winner) => Some(winner),
            Outcome::Draw => None,
        }
    }
}

/// The legal moves of a position (at most 35: five kinds of disc in seven columns).
pub type MoveList = ArrayVec<Move, { 5 * WIDTH }>;

// ---------------------------------------------------------------------------------------------
// Zobrist keys
// ---------------------------------------------------------------------------------------------

const ZOBRIST_SEED: u64 = 0xC0_4EC7_4A11;
const BITS: usize = WIDTH * STRIDE;

const fn cell_keys(team: u64) -> [u64; BITS] {
    let mut keys = [0; BITS];
    let mut i = 0;
    while i < BITS {
        keys[i] = zobrist_key(ZOBRIST_SEED, team * BITS as u64 + i as u64);
        i += 1;
    }
    keys
}

/// Key of bit `i` in team t's bitboard (a dual disc has both teams' keys).
const CELL_KEYS: [[u64; BITS]; 2] = [cell_keys(0), cell_keys(1)];
const META_BASE: u64 = 2 * BITS as u64;
const SIDE_KEY: u64 = zobrist_key(ZOBRIST_SEED, META_BASE);

const fn meta_keys(base: u64, n: usize) -> [u64; 16] {
    let mut keys = [0; 16];
    let mut i = 0;
    while i < n {
        keys[i] = zobrist_key(ZOBRIST_SEED, base + i as u64);
        i += 1;
    }
    keys
}

/// Key of a team's "used" mask (16 values).
const USED_KEYS: [[u64; 16]; 2] = [meta_keys(META_BASE + 1, 16), meta_keys(META_BASE + 17, 16)];
/// Key of a team's move count while its dual disc is still to be played (0..=9).
const COUNT_KEYS: [[u64; 16]; 2] = [meta_keys(META_BASE + 33, 10), meta_keys(META_BASE + 43, 10)];

/// The Zobrist hash of the discs only.
fn discs_hash(discs: [u64; 2]) -> u64 {
    let mut hash = 0;
    for (t, &bits) in discs.iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            hash ^= CELL_KEYS[t][b.trailing_zeros() as usize];
            b &= b - 1;
        }
    }
    hash
}

// ---------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------

/// True when `b` holds four in a line.
#[inline]
pub fn has_four(b: u64) -> bool {
    // vertical, horizontal, and the two diagonals
    for shift in [1, STRIDE, STRIDE - 1, STRIDE + 1] {
        let pairs = b & (b >> shift);
        if pairs & (pairs >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

/// The empty cells that would complete four in a line for `own` (a team's bitboard) if that
/// team had a disc there; `occupied` is every disc on the board.
#[inline]
pub fn winning_cells(own: u64, occupied: u64) -> u64 {
    let p = own;
    // vertical: three below
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for shift in [STRIDE, STRIDE - 1, STRIDE + 1] {
        let two_left = (p << shift) & (p << (2 * shift));
        r |= two_left & (p << (3 * shift));
        r |= two_left & (p >> shift);
        let two_right = (p >> shift) & (p >> (2 * shift));
        r |= two_right & (p << shift);
        r |= two_right & (p >> (3 * shift));
    }
    r & BOARD_MASK & !occupied
}

/// Removes rows `lo..=hi` of column `c` from `b` and lets what was above fall by the number of
/// rows removed. Columns are compact, so if any of those rows was empty everything above is
/// empty too and the shift is right either way.
#[inline]
fn remove_rows(b: u64, c: usize, lo: usize, hi: usize) -> u64 {
    let shift = c * STRIDE;
    let v = (b >> shift) & ((1 << HEIGHT) - 1);
    let kept = (v & ((1 << lo) - 1)) | ((v >> (hi + 1)) << lo);
    (b & !column_mask(c)) | (kept << shift)
}

// ---------------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------------

/// A position: both teams' discs, the powers each has used, how many moves each has made, and
/// the team to move. Small and `Copy`; [`Board::play`] builds the next position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Per team, the discs that count for it (dual discs in both).
    discs: [u64; 2],
    /// Per team, the powers used (bit `k-1` for kind `k` = 1..=4).
    used: [u8; 2],
    /// Per team, the moves made so far.
    moves: [u8; 2],
    to_move: Team,
    /// Zobrist hash of the discs, kept incrementally.
    discs_hash: u64,
}

/// The start position.
impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// The empty board with `first` to move, every power unused: either team may move first
    /// (`team_no.txt` names a team, not its turn).
    pub const fn starting(first: Team) -> Board {
        Board {
            discs: [0; 2],
            used: [0; 2],
            moves: [0; 2],
            to_move: first,
            discs_hash: 0,
        }
    }

    /// A position from its parts; `None` if the discs are not a possible board (a disc outside
    /// the board or above an empty cell).
    pub fn from_parts(
        discs: [u64; 2],
        to_move: Team,
        used: [u8; 2],
        moves: [u8; 2],
    ) -> Option<Board> {
        let occupied = discs[0] | discs[1];
        if occupied & !BOARD_MASK != 0 {
            return None;
        }
        // Compact columns: each column's bits are 2^h - 1.
        for c in 0..WIDTH {
            let v = (occupied >> (c * STRIDE)) & ((1 << HEIGHT) - 1);
            if v & (v + 1) != 0 {
                return None;
            }
        }
        Some(Board {
            discs,
            used: [used[0] & 0xF, used[1] & 0xF],
            moves,
            to_move,
            discs_hash: discs_hash(discs),
        })
    }

    /// The discs that count for `team` (its own and the dual discs).
    #[inline]
    pub fn discs(&self, team: Team) -> u64 {
        self.discs[team.index()]
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.discs[0] | self.discs[1]
    }

    /// The dual discs.
    #[inline]
    pub fn duals(&self) -> u64 {
        self.discs[0] & self.discs[1]
    }

    /// The powers `team` has used, as a mask (bit `k-1` for kind `k`).
    #[inline]
    pub fn used(&self, team: Team) -> u8 {
        self.used[team.index()]
    }

    /// True when `team` may still use power `kind` (always true for the normal disc).
    #[inline]
    pub fn holds(&self, team: Team, kind: Kind) -> bool {
        self.used[team.index()] & kind.power_bit() == 0
    }

    /// Moves `team` has made.
    #[inline]
    pub fn moves_made(&self, team: Team) -> u8 {
        self.moves[team.index()]
    }

    /// Moves made by both teams.
    pub fn plies(&self) -> u32 {
        u32::from(self.moves[0]) + u32::from(self.moves[1])
    }

    /// True when the team to move must play its dual disc now.
    #[inline]
    pub fn dual_forced(&self) -> bool {
        let t = self.to_move.index();
        self.used[t] & DUAL_BIT == 0 && self.moves[t] >= DUAL_DEADLINE
    }

    /// The empty cell where a disc dropped into `c` lands, as a bit (0 if the column is full).
    #[inline]
    pub fn landing_bit(&self, c: Column) -> u64 {
        (self.occupied() + BOTTOM) & column_mask(c.index())
    }

    /// The cell where a disc dropped into `c` lands, if the column is not full.
    pub fn landing_cell(&self, c: Column) -> Option<Cell> {
        let bit = self.landing_bit(c);
        if bit == 0 {
            None
        } else {
            Cell::from_bit_index(bit.trailing_zeros())
        }
    }

    /// The lowest empty cell of every column (one bit per column that is not full).
    #[inline]
    pub fn playable(&self) -> u64 {
        (self.occupied() + BOTTOM) & BOARD_MASK
    }

    /// Who has a disc at `cell`: `None` empty, or the teams it counts for.
    pub fn at(&self, cell: Cell) -> CellContent {
        let bit = cell.bit();
        match (self.discs[0] & bit != 0, self.discs[1] & bit != 0) {
            (false, false) => CellContent::Empty,
            (true, false) => CellContent::Team(Team::One),
            (false, true) => CellContent::Team(Team::Two),
            (true, true) => CellContent::Dual,
        }
    }

    /// How the game ended, with the rule that ended it: [`Board::outcome`] and a few words.
    pub fn end(&self) -> Option<(Outcome, &'static str)> {
        let outcome = self.outcome()?;
        let why = match outcome {
            Outcome::Draw if has_four(self.discs[0]) => "four in a line for both teams",
            Outcome::Draw => "board full",
            Outcome::Win(team) if team == self.to_move => "four in a line made for the opponent",
            Outcome::Win(_) => "four in a line",
        };
        Some((outcome, why))
    }

    /// Why `m` is illegal here ignoring whether the game is over, or `Ok` if it can be played.
    pub fn check_move_rules(&self, m: Move) -> Result<(), IllegalMoveError> {
        if self.landing_bit(m.column) == 0 {
            return Err(IllegalMoveError::ColumnFull(m.column));
        }
        if !self.holds(self.to_move, m.kind) {
            return Err(IllegalMoveError::PowerUsed(m.kind));
        }
        if self.dual_forced() && m.kind != Kind::Dual {
            return Err(IllegalMoveError::DualCompulsory);
        }
        Ok(())
    }

    /// Why `m` is illegal here, or `Ok`.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        self.check_move_rules(m)
    }

    /// True when `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// The moves the rules allow, ignoring whether the game is over (used by the bot when a
    /// board it is given already shows an end).
    pub fn moves_ignoring_end(&self) -> MoveList {
        let mut list = MoveList::new();
        let playable = self.playable();
        let me = self.to_move.index();
        let forced = self.dual_forced();
        for kind in Kind::ALL {
            if self.used[me] & kind.power_bit() != 0 || (forced && kind != Kind::Dual) {
                continue;
            }
            for c in Column::ALL {
                if playable & column_mask(c.index()) != 0 {
                    list.push(Move::new(kind, c));
                }
            }
        }
        list
    }
}

/// The vocabulary's board ([`common::game::Board`]) under Power Connect 4's rules. A move's
/// text is its `Display` and `FromStr`, the moves file's `t c` ([`crate::notation`]), so the
/// board names no notation.
impl common::game::Board for Board {
    type Move = Move;
    type MoveList = MoveList;
    type Side = Team;
    type Outcome = Outcome;
    type IllegalMoveError = IllegalMoveError;
    type ParseMoveError = <Move as FromStr>::Err;
    const SIDES: [Team; 2] = [Team::One, Team::Two];

    /// The empty board, team 1 to move, every power unused.
    fn start() -> Board {
        Board::starting(Team::One)
    }

    /// The team to move.
    #[inline]
    fn side_to_move(&self) -> Team {
        self.to_move
    }

    /// The legal moves (none once the game is over), kind-major in file order, columns left to
    /// right.
    fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            MoveList::new()
        } else {
            self.moves_ignoring_end()
        }
    }

    /// The position after `m`, which must be legal (a full column is ignored by returning the
    /// position with only the move counted; callers never do that).
    fn play(&self, m: Move) -> Board {
        let mut next = *self;
        let me = self.to_move.index();
        let c = m.column.index();
        let land = self.landing_bit(m.column);
        next.used[me] |= m.kind.power_bit();
        next.moves[me] = self.moves[me].saturating_add(1);
        next.to_move = self.to_move.other();
        if land == 0 {
            return next;
        }
        let row = land.trailing_zeros() as usize - c * STRIDE;
        match m.kind {
            Kind::Normal => {
                next.discs[me] |= land;
                next.discs_hash ^= CELL_KEYS[me][land.trailing_zeros() as usize];
            }
            Kind::Dual => {
                next.discs[0] |= land;
                next.discs[1] |= land;
                let i = land.trailing_zeros() as usize;
                next.discs_hash ^= CELL_KEYS[0][i] ^ CELL_KEYS[1][i];
            }
            Kind::ClearRow => {
                let below = rows_below(row);
                let above = rows_above(row);
                for b in next.discs.iter_mut() {
                    *b = (*b & below) | ((*b & above) >> 1);
                }
                next.discs_hash = discs_hash(next.discs);
            }
            Kind::ClearColumn => {
                for b in next.discs.iter_mut() {
                    *b &= !column_mask(c);
                }
                next.discs_hash = discs_hash(next.discs);
            }
            Kind::ClearNeighbours => {
                let lo = row.saturating_sub(1);
                let hi = (row + 1).min(HEIGHT - 1);
                for cc in c.saturating_sub(1)..=(c + 1).min(WIDTH - 1) {
                    for b in next.discs.iter_mut() {
                        *b = remove_rows(*b, cc, lo, hi);
                    }
                }
                next.discs_hash = discs_hash(next.discs);
            }
        }
        next
    }

    /// Plays `m`, or says why it is illegal; the position is not changed.
    fn try_play(&self, m: Move) -> Result<Board, IllegalMoveError> {
        self.check_move(m)?;
        Ok(self.play(m))
    }

    /// The game's end, judged after the last move: both teams' four in a line is a draw (a
    /// removal or a dual disc can make both at once), one team's four wins for that team (the
    /// mover's or, after a removal or a dual disc, the opponent's), and a full board is a draw.
    /// `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome> {
        match (has_four(self.discs[0]), has_four(self.discs[1])) {
            (true, true) => Some(Outcome::Draw),
            (true, false) => Some(Outcome::Win(Team::One)),
            (false, true) => Some(Outcome::Win(Team::Two)),
            (false, false) if self.occupied() == BOARD_MASK => Some(Outcome::Draw),
            (false, false) => None,
        }
    }

    /// The full Zobrist hash: discs, side to move, powers used, and the move counts of the teams
    /// whose dual disc is still due.
    #[inline]
    fn hash(&self) -> u64 {
        let mut h = self.discs_hash
            ^ USED_KEYS[0][self.used[0] as usize]
            ^ USED_KEYS[1][self.used[1] as usize];
        if self.to_move == Team::Two {
            h ^= SIDE_KEY;
        }
        for t in 0..2 {
            if self.used[t] & DUAL_BIT == 0 {
                h ^= COUNT_KEYS[t][(self.moves[t] as usize).min(9)];
            }
        }
        h
    }

    /// The hash computed from scratch (tests compare it with [`Board::hash`]).
    fn compute_hash(&self) -> u64 {
        let mut fresh = *self;
        fresh.discs_hash = discs_hash(self.discs);
        fresh.hash()
    }

    fn format_move(&self, m: Move) -> String {
        m.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Self::ParseMoveError> {
        text.parse()
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellContent {
    Empty,
    Team(Team),
    Dual,
}

impl fmt::Display for Board {
    /// Top row first: `X` team 1, `O` team 2, `D` dual, `.` empty; then the column numbers and
    /// the powers left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HEIGHT).rev() {
            let line: Vec<&str> = (0..WIDTH)
                .map(|c| match Cell::new(c, row).map(|cell| self.at(cell)) {
                    Some(CellContent::Team(Team::One)) => "X",
                    Some(CellContent::Team(Team::Two)) => "O",
                    Some(CellContent::Dual) => "D",
                    _ => ".",
                })
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        writeln!(f, "1 2 3 4 5 6 7")?;
        for team in Team::BOTH {
            let left: Vec<String> = [
                Kind::ClearRow,
                Kind::ClearColumn,
                Kind::ClearNeighbours,
                Kind::Dual,
            ]
            .iter()
            .filter(|&&k| self.holds(team, k))
            .map(|k| k.number().to_string())
            .collect();
            writeln!(
                f,
                "{} ({}): {} moves, powers left [{}]{}",
                team,
                if team == Team::One { 'X' } else { 'O' },
                self.moves_made(team),
                left.join(" "),
                if self.to_move == team {
                    "  <- to move"
                } else {
                    ""
                }
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(BOARD_MASK.count_ones(), 42);
        assert_eq!(rows_below(0), 0);
        assert_eq!(rows_above(5), 0);
        assert_eq!(rows_below(3) | row_mask(3) | rows_above(3), BOARD_MASK);
    }

    #[test]
    fn move_codes_round_trip() {
        for code in 0..35 {
            assert_eq!(Move::from_code(code).map(Move::code), Some(code));
        }
        assert_eq!(Move::from_code(35), None);
    }
}
