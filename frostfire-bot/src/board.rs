//! The position, cells, moves, move generation and the end of the game.
//!
//! # Bit layout
//!
//! A cell (row `r` = 0..6 for A..G, diagonal `d` = 1..7) is bit `8 r + d` of a `u64`. Column 0 of
//! every row of eight bits is padding, and so are the cells with `r + d < 4` or `r + d > 10`, so
//! that a step in one of the six directions is one uniform shift and a step off the board lands on
//! a bit outside [`VALID`]:
//!
//! ```text
//! direction (Δrow, Δdiag)   (0,+1) (0,-1) (+1,0) (-1,0) (+1,-1) (-1,+1)
//! shift                       +1     -1     +8     -8     +7      -7
//! ```
//!
//! The 37 cells use bits 4..=55.
//!
//! # Moves
//!
//! A [`Move`] is the pair of cells `Ax By` as the protocol writes it. The generator only produces
//! adjacent pairs; [`Board::try_play`] accepts any pair and says why an illegal one is illegal.

use common::game::Board as _;
use common::zobrist::zobrist_key;
use std::fmt;
use std::str::FromStr;

/// A bit set of cells in the layout described in the module documentation.
pub type Bits = u64;

/// The dragons each side starts with.
pub const DRAGONS: u32 = 11;
/// A side that has lost this many dragons has lost the game.
pub const LOSING_LOSSES: u32 = 4;
/// The referee's ply limit: a game still running after this many plies is drawn.
pub const MAX_PLIES: u32 = 300;

/// Every cell of the board.
pub const VALID: Bits = valid_mask();
/// The six corners (vertices): A4, A7, D1, D7, G1, G4.
pub const CORNERS: Bits = bit(0, 4) | bit(0, 7) | bit(3, 1) | bit(3, 7) | bit(6, 1) | bit(6, 4);

const fn bit(r: u32, d: u32) -> Bits {
    1 << (8 * r + d)
}

const fn exists(r: i32, d: i32) -> bool {
    r >= 0 && r <= 6 && d >= 1 && d <= 7 && r + d >= 4 && r + d <= 10
}

const fn valid_mask() -> Bits {
    let mut mask = 0;
    let mut r = 0;
    while r < 7 {
        let mut d = 1;
        while d <= 7 {
            if exists(r, d) {
                mask |= bit(r as u32, d as u32);
            }
            d += 1;
        }
        r += 1;
    }
    mask
}

/// Moves `bits` one step along `dir` (bits that leave the 64-bit word are dropped; the caller
/// masks with [`VALID`] where it matters).
#[inline]
pub const fn shift(bits: Bits, dir: Direction) -> Bits {
    let s = dir.shift();
    if s > 0 {
        bits << s
    } else {
        bits >> (-s)
    }
}

/// Moves `bits` one step against `dir`.
#[inline]
pub const fn shift_back(bits: Bits, dir: Direction) -> Bits {
    shift(bits, dir.opposite())
}

/// The cells whose neighbour along `dir` is off the board, per direction.
pub const OUT: [Bits; 6] = out_masks();

const fn out_masks() -> [Bits; 6] {
    let mut out = [0; 6];
    let mut i = 0;
    while i < 6 {
        out[i] = VALID & !shift_back(VALID, Direction::ALL[i]);
        i += 1;
    }
    out
}

/// The cells on the edge of the board (18 cells, corners included).
pub const EDGE: Bits = OUT[0] | OUT[1] | OUT[2] | OUT[3] | OUT[4] | OUT[5];

/// Cells at hex distance `k` from the centre D4, for `k` = 0..=3 (ring 3 is [`EDGE`]).
pub const RINGS: [Bits; 4] = rings();

const fn rings() -> [Bits; 4] {
    let mut rings = [0; 4];
    let mut r = 0;
    while r < 7 {
        let mut d = 1;
        while d <= 7 {
            if exists(r, d) {
                let dr = r - 3;
                let dd = d - 4;
                let dist = (abs(dr) + abs(dd) + abs(dr + dd)) / 2;
                rings[dist as usize] |= bit(r as u32, d as u32);
            }
            d += 1;
        }
        r += 1;
    }
    rings
}

const fn abs(x: i32) -> i32 {
    if x < 0 {
        -x
    } else {
        x
    }
}

/// Zobrist keys: one per side per bit, and one for "Fire to move".
const ZOBRIST_SEED: u64 = 0xF205_7F12_E000_0001;
const ZOBRIST: [[u64; 64]; 2] = zobrist_table();
const ZOBRIST_FIRE_TO_MOVE: u64 = zobrist_key(ZOBRIST_SEED, 128);

const fn zobrist_table() -> [[u64; 64]; 2] {
    let mut table = [[0; 64]; 2];
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i < 64 {
            table[side][i] = zobrist_key(ZOBRIST_SEED, (side * 64 + i) as u64);
            i += 1;
        }
        side += 1;
    }
    table
}

/// One of the six directions of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction(u8);

impl Direction {
    /// The six directions, as (Δrow, Δdiag): (0,+1), (0,−1), (+1,0), (−1,0), (+1,−1), (−1,+1).
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    const SHIFTS: [i32; 6] = [1, -1, 8, -8, 7, -7];
    const DELTAS: [(i32, i32); 6] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)];

    /// 0..6, the position in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The bit shift of one step.
    pub const fn shift(self) -> i32 {
        Self::SHIFTS[self.0 as usize]
    }

    /// (Δrow, Δdiag) of one step.
    pub const fn delta(self) -> (i32, i32) {
        Self::DELTAS[self.0 as usize]
    }

    /// The direction back.
    pub const fn opposite(self) -> Direction {
        Direction(self.0 ^ 1)
    }

    /// The direction from a cell to an adjacent one, `None` if they are not adjacent.
    pub fn between(from: Cell, to: Cell) -> Option<Direction> {
        let (dr, dd) = (
            i32::from(to.row()) - i32::from(from.row()),
            i32::from(to.diag()) - i32::from(from.diag()),
        );
        Direction::ALL.into_iter().find(|d| d.delta() == (dr, dd))
    }
}

/// A cell of the board. Only the 37 cells that exist can be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell on row `row` (0..=6 for A..G) and diagonal `diag` (1..=7), if it exists.
    pub const fn new(row: u8, diag: u8) -> Option<Cell> {
        if exists(row as i32, diag as i32) {
            Some(Cell(8 * row + diag))
        } else {
            None
        }
    }

    /// The cell of bit `index`, if that bit is a cell.
    pub const fn from_index(index: u32) -> Option<Cell> {
        if index < 64 && VALID & (1 << index) != 0 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The bit index (see the module documentation).
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The cell as a one-bit set.
    pub const fn bit(self) -> Bits {
        1 << self.0
    }

    /// Row 0..=6 (A..G).
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// Diagonal 1..=7.
    pub const fn diag(self) -> u8 {
        self.0 % 8
    }

    /// The neighbour along `dir`, `None` off the board.
    pub const fn step(self, dir: Direction) -> Option<Cell> {
        let (dr, dd) = dir.delta();
        let (r, d) = (self.row() as i32 + dr, self.diag() as i32 + dd);
        if exists(r, d) {
            Some(Cell((8 * r + d) as u8))
        } else {
            None
        }
    }

    /// True for the six vertices.
    pub const fn is_corner(self) -> bool {
        CORNERS & self.bit() != 0
    }

    /// All 37 cells, row by row, diagonal by diagonal (A4, A5, ..., G4).
    pub fn all() -> impl Iterator<Item = Cell> {
        cells(VALID)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.row()) as char, self.diag())
    }
}

/// The cells of a bit set, lowest bit first.
pub fn cells(mut bits: Bits) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let index = bits.trailing_zeros();
            bits &= bits - 1;
            Some(Cell(index as u8))
        }
    })
}

/// A side. Tyragon (ICE) receives `1` and moves first; Abagon (FIRE) receives `2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Tyragon, the ICE dragons, Player 1, starts on rows A..C.
    Ice,
    /// Abagon, the FIRE dragons, Player 2, starts on rows E..G.
    Fire,
}

impl Color {
    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::Ice => Color::Fire,
            Color::Fire => Color::Ice,
        }
    }

    /// 0 for Ice, 1 for Fire.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// 1 for Ice, 2 for Fire: the protocol's player number.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }
}

/// A move `Ax By`: the dragon on `from` moves to `to` and the one on `to` one step further.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// `Ax`, the rear dragon.
    pub from: Cell,
    /// `By`, the front dragon.
    pub to: Cell,
}

impl Move {
    /// The move `from to` (any two cells; legality is the board's business).
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move { from, to }
    }

    /// The direction of the move, `None` if the cells are not adjacent.
    pub fn direction(self) -> Option<Direction> {
        Direction::between(self.from, self.to)
    }
}

/// The transposition table's move: `from | to << 8`.
impl common::transposition::PackedMove for Move {
    fn pack(self) -> u16 {
        u16::from(self.from.0) | u16::from(self.to.0) << 8
    }

    fn unpack(code: u16) -> Move {
        Move::new(Cell((code & 0xff) as u8), Cell((code >> 8) as u8))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.from, self.to)
    }
}

/// What a legal move does to the opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveKind {
    /// The two dragons move into an empty cell.
    #[default]
    Quiet,
    /// An opponent dragon is pushed one cell.
    Push,
    /// An opponent dragon is pushed off the board.
    Elimination,
}

/// Why a well-formed move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is already over.
    GameOver,
    /// The two cells are not neighbours.
    NotAdjacent,
    /// This cell does not hold one of the mover's dragons.
    NotOwnDragon(Cell),
    /// The front dragon would leave the board (you may not push your own dragon off).
    OwnDragonOffBoard,
    /// The cell ahead holds a third dragon of the mover.
    ThirdOwnDragon(Cell),
    /// The opponent dragon ahead is backed by another dragon (two push exactly one).
    PushBlocked(Cell),
    /// The opponent dragon ahead stands on a corner, from which it may not be pushed off.
    PushOffCorner(Cell),
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMoveError::GameOver => write!(f, "the game is over"),
            IllegalMoveError::NotAdjacent => write!(f, "the two cells are not adjacent"),
            IllegalMoveError::NotOwnDragon(c) => {
                write!(f, "{c} does not hold a dragon of the mover")
            }
            IllegalMoveError::OwnDragonOffBoard => {
                write!(
                    f,
                    "the move would push the mover's own dragon off the board"
                )
            }
            IllegalMoveError::ThirdOwnDragon(c) => {
                write!(f, "{c} holds a third dragon of the mover")
            }
            IllegalMoveError::PushBlocked(c) => {
                write!(f, "the pushed dragon is backed by the dragon on {c}")
            }
            IllegalMoveError::PushOffCorner(c) => {
                write!(f, "the dragon on corner {c} may not be pushed off")
            }
        }
    }
}

impl std::error::Error for IllegalMoveError {}

/// Why a move cannot be applied even as given ([`Board::force_play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcePlayError {
    /// The game is already over.
    GameOver,
    /// The two cells are not neighbours.
    NotAdjacent,
    /// This cell does not hold one of the mover's dragons.
    NotOwnDragon(Cell),
}

/// Each of these is also a reason a move is illegal.
impl From<ForcePlayError> for IllegalMoveError {
    fn from(error: ForcePlayError) -> IllegalMoveError {
        match error {
            ForcePlayError::GameOver => IllegalMoveError::GameOver,
            ForcePlayError::NotAdjacent => IllegalMoveError::NotAdjacent,
            ForcePlayError::NotOwnDragon(c) => IllegalMoveError::NotOwnDragon(c),
        }
    }
}

/// In the words of the [`IllegalMoveError`] of the same name.
impl fmt::Display for ForcePlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        IllegalMoveError::from(*self).fmt(f)
    }
}

impl std::error::Error for ForcePlayError {}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This side won (the other lost four dragons).
    Win(Color),
    /// A draw: the side to move has no move, or the ply limit was reached.
    Draw,
}

impl common::game::Outcome for Outcome {
    type Side = Color;

    fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win(winner) => Some(winner),
            Outcome::Draw => None,
        }
    }
}

/// The most moves a position can have room for: more than the 66 (dragon, direction) pairs 11
/// dragons can form in 6 directions, so a push never overflows.
pub const MAX_MOVES: usize = 72;

/// The moves of a position.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// A position: the dragons of both sides, the side to move, the plies played and the hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    dragons: [Bits; 2],
    to_move: Color,
    ply: u32,
    hash: u64,
}

/// The initial position, as the statement's `boardPattern` lists it row by row
/// (0 = Tyragon/ICE, 1 = Abagon/FIRE, -1 = empty; row D is empty).
const START_ICE: Bits = bit(0, 4)
    | bit(0, 5)
    | bit(0, 6)
    | bit(0, 7)
    | bit(1, 3)
    | bit(1, 4)
    | bit(1, 5)
    | bit(1, 6)
    | bit(1, 7)
    | bit(2, 4)
    | bit(2, 5);
const START_FIRE: Bits = bit(6, 1)
    | bit(6, 2)
    | bit(6, 3)
    | bit(6, 4)
    | bit(5, 1)
    | bit(5, 2)
    | bit(5, 3)
    | bit(5, 4)
    | bit(5, 5)
    | bit(4, 3)
    | bit(4, 4);

/// A filler for fixed-capacity move lists, which the one-file bundles build without `unsafe`
/// (their `ArrayVec` needs `Default`); never a move that is played.
impl Default for Move {
    fn default() -> Move {
        Move::new(Cell(0), Cell(0))
    }
}

/// The start position.
impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// A position from the two sides' dragons (`None` if a set is not on the board, the sets
    /// overlap, or a side has more than 11 dragons). `ply` is the number of plies played.
    pub fn from_bits(ice: Bits, fire: Bits, to_move: Color, ply: u32) -> Option<Board> {
        if ice & !VALID != 0
            || fire & !VALID != 0
            || ice & fire != 0
            || ice.count_ones() > DRAGONS
            || fire.count_ones() > DRAGONS
        {
            return None;
        }
        let mut board = Board {
            dragons: [ice, fire],
            to_move,
            ply,
            hash: 0,
        };
        board.hash = board.compute_hash();
        Some(board)
    }

    /// A position from lists of cells (see [`Board::from_bits`]).
    pub fn from_cells(ice: &[Cell], fire: &[Cell], to_move: Color, ply: u32) -> Option<Board> {
        let set = |cs: &[Cell]| -> Option<Bits> {
            let bits = cs.iter().fold(0, |b, c| b | c.bit());
            (bits.count_ones() as usize == cs.len()).then_some(bits)
        };
        Board::from_bits(set(ice)?, set(fire)?, to_move, ply)
    }

    /// The dragons of `color`.
    #[inline]
    pub fn dragons(&self, color: Color) -> Bits {
        self.dragons[color.index()]
    }

    /// All dragons.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.dragons[0] | self.dragons[1]
    }

    /// Plies played since the start.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.ply
    }

    /// The side on `cell`, if any.
    pub fn at(&self, cell: Cell) -> Option<Color> {
        if self.dragons[0] & cell.bit() != 0 {
            Some(Color::Ice)
        } else if self.dragons[1] & cell.bit() != 0 {
            Some(Color::Fire)
        } else {
            None
        }
    }

    /// Dragons `color` has lost so far.
    #[inline]
    pub fn lost(&self, color: Color) -> u32 {
        DRAGONS - self.dragons(color).count_ones()
    }

    /// [`Board::outcome`], and a draw once `max_plies` plies have been played without another
    /// end (a ply that ends the game by the rules on the limit keeps its result).
    pub fn outcome_with_limit(&self, max_plies: u32) -> Option<Outcome> {
        match self.outcome() {
            None if self.ply >= max_plies => Some(Outcome::Draw),
            other => other,
        }
    }

    /// For every direction, the "front" cells `By` of the mover's legal moves, split by kind:
    /// `[quiet, push, elimination]`.
    #[inline]
    fn targets(&self, color: Color, dir: Direction) -> [Bits; 3] {
        let own = self.dragons(color);
        let opp = self.dragons(color.other());
        let empty = VALID & !(own | opp);
        // Front dragons of an own pair lined up along `dir`.
        let fronts = shift(own, dir) & own;
        let empty_ahead = shift_back(empty, dir);
        let opp_ahead = shift_back(opp, dir);
        let quiet = fronts & empty_ahead;
        let push = fronts & opp_ahead & shift_back(empty_ahead, dir);
        let eliminate = fronts & shift_back(opp & OUT[dir.index()] & !CORNERS, dir);
        [quiet, push, eliminate]
    }

    /// The legal eliminations of the side to move.
    pub fn eliminations(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_lost() {
            return list;
        }
        for dir in Direction::ALL {
            let e = self.targets(self.to_move, dir)[2];
            for to in cells(e) {
                let from = Cell((to.0 as i32 - dir.shift()) as u8);
                list.push(Move::new(from, to));
            }
        }
        list
    }

    /// The opponent dragons that `color` could push off the board right now (were it to move).
    pub fn threatened_by(&self, color: Color) -> Bits {
        let mut targets = 0;
        for dir in Direction::ALL {
            let own = self.dragons(color);
            let fronts = shift(own, dir) & own;
            targets |=
                shift(fronts, dir) & self.dragons(color.other()) & OUT[dir.index()] & !CORNERS;
        }
        targets
    }

    /// True if the side to move has a legal move (and no side has lost).
    pub fn has_move(&self) -> bool {
        !self.is_lost()
            && Direction::ALL.into_iter().any(|dir| {
                let [q, p, e] = self.targets(self.to_move, dir);
                q | p | e != 0
            })
    }

    /// True once a side has lost four dragons.
    #[inline]
    fn is_lost(&self) -> bool {
        self.lost(Color::Ice) >= LOSING_LOSSES || self.lost(Color::Fire) >= LOSING_LOSSES
    }

    /// What a legal move does. The move must be legal here.
    pub fn kind(&self, m: Move) -> MoveKind {
        let Some(dir) = m.direction() else {
            return MoveKind::Quiet;
        };
        let ahead = shift(m.to.bit(), dir);
        if ahead & self.dragons(self.to_move.other()) == 0 {
            MoveKind::Quiet
        } else if shift(ahead, dir) & VALID == 0 {
            MoveKind::Elimination
        } else {
            MoveKind::Push
        }
    }

    /// The position after `m` played as the judge's line says, whatever our rules say of it
    /// (see "When the judge sends a move our rules reject" in the crate documentation): `Ax` and
    /// `By` must be adjacent and hold dragons of the side to move; then every dragon on the line
    /// from `Ax` along the move's direction, up to the first empty cell, shifts one step, and a
    /// dragon shifted off the board is eliminated (its side loses it), whichever side it belongs
    /// to. For a legal move this is exactly [`Board::play`]. An error when the move cannot be
    /// applied at all: the game is over, the cells are not adjacent, or a cell lacks a dragon of
    /// the mover. The hash, the side to move and the ply count stay consistent.
    pub fn force_play(&self, m: Move) -> Result<Board, ForcePlayError> {
        if self.is_lost() {
            return Err(ForcePlayError::GameOver);
        }
        let me = self.to_move;
        let dir = m.direction().ok_or(ForcePlayError::NotAdjacent)?;
        for cell in [m.from, m.to] {
            if self.at(cell) != Some(me) {
                return Err(ForcePlayError::NotOwnDragon(cell));
            }
        }
        // The line of dragons that moves, rear first: at most the 7 cells of a line (as cell
        // indices and colour indices, which the bundles' fixed-capacity list can hold).
        let mut line: arrayvec::ArrayVec<(u8, usize), 7> = arrayvec::ArrayVec::new();
        let mut next = Some(m.from);
        while let Some(cell) = next {
            let Some(color) = self.at(cell) else {
                break;
            };
            line.push((cell.0, color.index()));
            next = cell.step(dir);
        }
        let mut dragons = self.dragons;
        // Front first, so that each dragon steps into a cell just vacated (or off the board).
        for &(cell, color) in line.iter().rev() {
            let cell = Cell(cell);
            dragons[color] &= !cell.bit();
            if let Some(ahead) = cell.step(dir) {
                dragons[color] |= ahead.bit();
            }
        }
        // Every dragon stepped into a vacated cell or an empty one on the board (or off it),
        // so the sets stay valid and apart.
        Board::from_bits(dragons[0], dragons[1], me.other(), self.ply + 1)
            .ok_or(ForcePlayError::NotAdjacent)
    }

    /// The position with the other side to move and one more ply (for a protocol that must carry
    /// on after an opponent move it cannot apply).
    pub fn pass(&self) -> Board {
        let mut next = *self;
        next.to_move = self.to_move.other();
        next.ply += 1;
        next.hash ^= ZOBRIST_FIRE_TO_MOVE;
        next
    }

    /// The board drawn as a hexagon: rows A..G with their letters, Tyragon (ICE, Player 1) as
    /// `x`, Abagon (FIRE, Player 2) as `o`, and the diagonal digits where the diagonals leave the
    /// board at the bottom right.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for r in 0..=7u8 {
            let mut line = vec![b' '; 24];
            if r < 7 {
                line[0] = b'A' + r;
            }
            for d in 1..=7u8 {
                let x = 2 * d as usize + r as usize - 1;
                if let Some(c) = Cell::new(r, d) {
                    line[x] = match self.at(c) {
                        Some(Color::Ice) => b'x',
                        Some(Color::Fire) => b'o',
                        None => b'.',
                    };
                } else if r >= 1 && (r == 7 || r + d > 10) && Cell::new(r - 1, d).is_some() {
                    // Just past the last cell of diagonal `d`: its label.
                    line[x] = b'0' + d;
                }
            }
            let text = String::from_utf8(line).expect("ASCII");
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out.push_str(&format!(
            "x Tyragon/ICE lost {}, o Abagon/FIRE lost {}, ply {}, {} to move",
            self.lost(Color::Ice),
            self.lost(Color::Fire),
            self.ply,
            match self.to_move {
                Color::Ice => "x",
                Color::Fire => "o",
            }
        ));
        out
    }
}

/// The vocabulary's board ([`common::game::Board`]) under Frostfire's rules. A move's text is
/// its `Display` and `FromStr`, the protocol's `Ax By` ([`crate::notation`]), so the board
/// names no notation.
impl common::game::Board for Board {
    type Move = Move;
    type MoveList = MoveList;
    type Side = Color;
    type Outcome = Outcome;
    type IllegalMoveError = IllegalMoveError;
    type ParseMoveError = <Move as FromStr>::Err;
    const SIDES: [Color; 2] = [Color::Ice, Color::Fire];

    /// The initial position, Tyragon (ICE) to move.
    fn start() -> Board {
        Board::from_bits(START_ICE, START_FIRE, Color::Ice, 0).expect("the start is valid")
    }

    /// The side to move.
    #[inline]
    fn side_to_move(&self) -> Color {
        self.to_move
    }

    /// All legal moves of the side to move: eliminations first, then pushes, then quiet moves.
    /// Empty once a side has lost.
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_lost() {
            return list;
        }
        let mut by_kind = [[0; 6]; 3];
        for dir in Direction::ALL {
            let [q, p, e] = self.targets(self.to_move, dir);
            by_kind[0][dir.index()] = e;
            by_kind[1][dir.index()] = p;
            by_kind[2][dir.index()] = q;
        }
        for kind in by_kind {
            for dir in Direction::ALL {
                for to in cells(kind[dir.index()]) {
                    let from = Cell((to.0 as i32 - dir.shift()) as u8);
                    list.push(Move::new(from, to));
                }
            }
        }
        list
    }

    /// The position after the legal move `m` (from [`Board::legal_moves`]); unchecked beyond
    /// debug assertions. Use [`Board::try_play`] for moves from outside.
    #[inline]
    fn play(&self, m: Move) -> Board {
        debug_assert!(self.try_play(m).is_ok(), "illegal move {m} played");
        let dir = Direction::between(m.from, m.to).expect("a legal move is adjacent");
        let us = self.to_move.index();
        let them = 1 - us;
        let ahead = shift(m.to.bit(), dir);
        let mut next = *self;
        next.dragons[us] = (self.dragons[us] & !m.from.bit()) | ahead;
        next.hash ^= ZOBRIST[us][m.from.index() as usize];
        if ahead & self.dragons[them] != 0 {
            let ahead_index = ahead.trailing_zeros() as usize;
            let beyond = shift(ahead, dir) & VALID;
            next.dragons[them] = (self.dragons[them] & !ahead) | beyond;
            next.hash ^= ZOBRIST[them][ahead_index];
            if beyond != 0 {
                next.hash ^= ZOBRIST[them][beyond.trailing_zeros() as usize];
            }
        }
        next.hash ^= ZOBRIST[us][ahead.trailing_zeros() as usize] ^ ZOBRIST_FIRE_TO_MOVE;
        next.to_move = self.to_move.other();
        next.ply = self.ply + 1;
        next
    }

    /// The position after `m`, or why `m` is illegal here. Checks every rule cell by cell,
    /// independently of the bit-parallel generator (the tests compare the two).
    fn try_play(&self, m: Move) -> Result<Board, IllegalMoveError> {
        if self.is_lost() {
            return Err(IllegalMoveError::GameOver);
        }
        let me = self.to_move;
        let dir = Direction::between(m.from, m.to).ok_or(IllegalMoveError::NotAdjacent)?;
        for c in [m.from, m.to] {
            if self.at(c) != Some(me) {
                return Err(IllegalMoveError::NotOwnDragon(c));
            }
        }
        let target = m.to.step(dir).ok_or(IllegalMoveError::OwnDragonOffBoard)?;
        let mut ice: Vec<Cell> = cells(self.dragons(Color::Ice)).collect();
        let mut fire: Vec<Cell> = cells(self.dragons(Color::Fire)).collect();
        let (own, opp) = match me {
            Color::Ice => (&mut ice, &mut fire),
            Color::Fire => (&mut fire, &mut ice),
        };
        match self.at(target) {
            None => {}
            Some(c) if c == me => return Err(IllegalMoveError::ThirdOwnDragon(target)),
            Some(_) => match target.step(dir) {
                Some(beyond) => {
                    if self.at(beyond).is_some() {
                        return Err(IllegalMoveError::PushBlocked(beyond));
                    }
                    for c in opp.iter_mut() {
                        if *c == target {
                            *c = beyond;
                        }
                    }
                }
                None => {
                    if target.is_corner() {
                        return Err(IllegalMoveError::PushOffCorner(target));
                    }
                    opp.retain(|&c| c != target);
                }
            },
        }
        for c in own.iter_mut() {
            if *c == m.from {
                *c = target;
            }
        }
        Ok(Board::from_cells(&ice, &fire, me.other(), self.ply + 1)
            .expect("a legal move keeps the position valid"))
    }

    /// The winner if a side has lost four dragons, a draw if the side to move has no move,
    /// `None` while the game goes on. The ply limit is the referee's: see
    /// [`Board::outcome_with_limit`].
    fn outcome(&self) -> Option<Outcome> {
        for color in [Color::Ice, Color::Fire] {
            if self.lost(color) >= LOSING_LOSSES {
                return Some(Outcome::Win(color.other()));
            }
        }
        if !self.has_move() {
            return Some(Outcome::Draw);
        }
        None
    }

    /// The Zobrist hash (dragons and side to move; not the ply count).
    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in [Color::Ice, Color::Fire] {
            for c in cells(self.dragons(color)) {
                hash ^= ZOBRIST[color.index()][c.index() as usize];
            }
        }
        if self.to_move == Color::Fire {
            hash ^= ZOBRIST_FIRE_TO_MOVE;
        }
        hash
    }

    fn format_move(&self, m: Move) -> String {
        m.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Self::ParseMoveError> {
        text.parse()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}
