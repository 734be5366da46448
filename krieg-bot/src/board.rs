//! The Krieg position and its rules: pieces, move generation, playing a move, the end of the game.
//!
//! The board has 25 cells, index `5 * row + column`, so each kind of piece of each side is a
//! `u32` bitboard:
//!
//! ```text
//!        col 0  1  2  3  4
//! row 0:     0  1  2  3  4     Sentinel's base (bombers start here), Scourge's goal
//! row 1:     5  6  7  8  9     Sentinel's stingers
//! row 2:    10 11 12 13 14
//! row 3:    15 16 17 18 19     Scourge's stingers
//! row 4:    20 21 22 23 24     Scourge's base (bombers start here), Sentinel's goal
//! ```

use arrayvec::ArrayVec;
use common::game::Board as _;
use common::zobrist::zobrist_key;
use std::fmt;
use std::str::FromStr;

/// A cell of the 5×5 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// Number of cells.
    pub const COUNT: usize = 25;

    /// The cell at `row`, `column`, if both are in 0..5.
    pub const fn new(row: i32, column: i32) -> Option<Cell> {
        if row >= 0 && row < 5 && column >= 0 && column < 5 {
            Some(Cell((row * 5 + column) as u8))
        } else {
            None
        }
    }

    /// The cell with index `5 * row + column` (panics past 24: indices come from the board).
    pub const fn from_index(index: usize) -> Cell {
        assert!(index < Cell::COUNT);
        Cell(index as u8)
    }

    /// `5 * row + column`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (top) to 4 (bottom).
    pub const fn row(self) -> i32 {
        self.0 as i32 / 5
    }

    /// 0 (left) to 4 (right).
    pub const fn column(self) -> i32 {
        self.0 as i32 % 5
    }

    /// This cell's bit.
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The cell `dr` rows and `dc` columns away, if on the board.
    pub const fn offset(self, dr: i32, dc: i32) -> Option<Cell> {
        Cell::new(self.row() + dr, self.column() + dc)
    }

    /// The same cell seen in a mirror: same row, column `4 - column`.
    pub const fn mirrored(self) -> Cell {
        Cell((self.row() * 5 + 4 - self.column()) as u8)
    }
}

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Receives `1`, moves first, starts on rows 0 (bombers) and 1 (stingers), moves down.
    Sentinel,
    /// Receives `0`, starts on rows 3 (stingers) and 4 (bombers), moves up.
    Scourge,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::Sentinel => Side::Scourge,
            Side::Scourge => Side::Sentinel,
        }
    }

    /// 0 for Sentinel, 1 for Scourge.
    pub const fn index(self) -> usize {
        match self {
            Side::Sentinel => 0,
            Side::Scourge => 1,
        }
    }

    /// The row direction this side moves in.
    pub const fn forward(self) -> i32 {
        match self {
            Side::Sentinel => 1,
            Side::Scourge => -1,
        }
    }

    /// This side's own base row.
    pub const fn base_row(self) -> i32 {
        match self {
            Side::Sentinel => 0,
            Side::Scourge => 4,
        }
    }

    /// The row a bomber of this side must reach to win: the opponent's base.
    pub const fn goal_row(self) -> i32 {
        self.other().base_row()
    }
}

/// The two kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Steps diagonally forward only.
    Stinger,
    /// Steps forward or diagonally forward; bringing one to the opponent's base wins.
    Bomber,
}

impl Kind {
    /// 0 for stingers, 1 for bombers.
    pub const fn index(self) -> usize {
        match self {
            Kind::Stinger => 0,
            Kind::Bomber => 1,
        }
    }
}

/// A move: from one cell to another. A capture jumps two cells (vertically forward, or
/// horizontally) and removes the piece in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Cell,
    pub to: Cell,
}

impl Move {
    /// A move from `from` to `to` (not checked for legality).
    pub const fn new(from: Cell, to: Cell) -> Move {
        Move { from, to }
    }

    /// True for a jump, which captures the piece it jumps over.
    pub const fn is_capture(self) -> bool {
        let dr = self.to.row() - self.from.row();
        let dc = self.to.column() - self.from.column();
        dr == 2 || dr == -2 || dc == 2 || dc == -2
    }

    /// The cell jumped over by a capture.
    pub const fn captured_cell(self) -> Cell {
        Cell((((self.from.0 as u32) + (self.to.0 as u32)) / 2) as u8)
    }

    /// The same move on the mirrored board ([`Board::mirrored`]).
    pub const fn mirrored(self) -> Move {
        Move::new(self.from.mirrored(), self.to.mirrored())
    }
}

/// The transposition table's move: `from * 25 + to`.
impl common::transposition::PackedMove for Move {
    fn pack(self) -> u16 {
        u16::from(self.from.0) * 25 + u16::from(self.to.0)
    }

    fn unpack(code: u16) -> Move {
        Move::new(Cell((code / 25 % 25) as u8), Cell((code % 25) as u8))
    }
}

/// A filler for the spare slots of a move list where `ArrayVec` needs one (the one-file
/// bundle's subset of it keeps values there); never played.
impl Default for Move {
    fn default() -> Move {
        Move::new(Cell(0), Cell(0))
    }
}

/// The most moves a position can have: a side has at most 5 bombers (3 steps, 1 vertical and 2
/// horizontal captures each) and 5 stingers (2 + 1 + 2), 55 in all.
pub const MAX_MOVES: usize = 64;

/// The moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` won by `reason`.
    Win { winner: Side, reason: WinReason },
    /// Both sides have as many bombers and the side to move is blocked.
    Draw,
}

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// One of its bombers reached the opponent's base.
    BomberReachedBase,
    /// The opponent lost its last bomber.
    LastBomberTaken,
    /// The side to move was blocked and the winner had more bombers.
    MoreBombersWhenBlocked,
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::BomberReachedBase => "a bomber reached the opponent's base",
            WinReason::LastBomberTaken => "the opponent's last bomber was taken",
            WinReason::MoreBombersWhenBlocked => "the side to move is blocked; more bombers",
        })
    }
}

/// Why a move is illegal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is already over.
    GameOver,
    /// No piece of the side to move on the start cell.
    NoOwnPiece,
    /// The move is neither a step nor a capture that this piece may make here.
    NotAllowed,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMoveError::GameOver => "the game is over",
            IllegalMoveError::NoOwnPiece => "no piece of the side to move on the start cell",
            IllegalMoveError::NotAllowed => "that piece cannot move there",
        })
    }
}

impl std::error::Error for IllegalMoveError {}

/// Why a move cannot be applied even as given ([`Board::force_play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcePlayError {
    /// No piece of the side to move on the start cell: nothing to move.
    NoOwnPiece,
    /// The destination is the start cell.
    NoMovement,
    /// The destination holds a piece of the side to move.
    OwnPieceOnDestination,
}

impl fmt::Display for ForcePlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForcePlayError::NoOwnPiece => "no piece of the mover on the start cell",
            ForcePlayError::NoMovement => "the destination is the start cell",
            ForcePlayError::OwnPieceOnDestination => "a piece of the mover is on the destination",
        })
    }
}

impl std::error::Error for ForcePlayError {}

// Zobrist keys, computed at compile time: one per (side, kind, cell), and one for the side to move.
const ZOBRIST_SEED: u64 = 0x4B52_4945_4721;
const fn piece_keys() -> [[[u64; Cell::COUNT]; 2]; 2] {
    let mut keys = [[[0; Cell::COUNT]; 2]; 2];
    let mut i = 0;
    while i < 2 * 2 * Cell::COUNT {
        keys[i / (2 * Cell::COUNT)][(i / Cell::COUNT) % 2][i % Cell::COUNT] =
            zobrist_key(ZOBRIST_SEED, i as u64);
        i += 1;
    }
    keys
}
const PIECE_KEYS: [[[u64; Cell::COUNT]; 2]; 2] = piece_keys();
const SCOURGE_TO_MOVE_KEY: u64 = zobrist_key(ZOBRIST_SEED, 1000);

/// Bitboard of a whole row.
pub const fn row_mask(row: i32) -> u32 {
    0b11111 << (row * 5)
}

/// A Krieg position: where every piece stands and who moves. Small and `Copy`; [`Board::play`]
/// returns the next position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// `pieces[side][kind]`: bitboards.
    pieces: [[u32; 2]; 2],
    side_to_move: Side,
    hash: u64,
}

/// The start position.
impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// A position from bitboards `pieces[side][kind]` (overlaps are the caller's error).
    pub fn from_pieces(pieces: [[u32; 2]; 2], side_to_move: Side) -> Board {
        let mut board = Board {
            pieces,
            side_to_move,
            hash: 0,
        };
        board.hash = board.compute_hash();
        board
    }

    /// A position from five rows of five symbols, top row first: `B`/`S` for Sentinel's bombers
    /// and stingers, `b`/`s` for Scourge's, `.` for an empty cell (spaces are ignored). `None` if
    /// the diagram is not 5×5 of those symbols.
    pub fn from_diagram(rows: &[&str; 5], side_to_move: Side) -> Option<Board> {
        let mut pieces = [[0u32; 2]; 2];
        for (r, row) in rows.iter().enumerate() {
            let symbols: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if symbols.len() != 5 {
                return None;
            }
            for (c, symbol) in symbols.into_iter().enumerate() {
                let bit = Cell::new(r as i32, c as i32)?.bit();
                match symbol {
                    'S' => pieces[0][0] |= bit,
                    'B' => pieces[0][1] |= bit,
                    's' => pieces[1][0] |= bit,
                    'b' => pieces[1][1] |= bit,
                    '.' => {}
                    _ => return None,
                }
            }
        }
        Some(Board::from_pieces(pieces, side_to_move))
    }

    /// The same pieces with `side` to move (for evaluating the other side's options).
    pub fn with_side_to_move(&self, side: Side) -> Board {
        Board::from_pieces(self.pieces, side)
    }

    /// The position seen in a mirror (columns reversed): the rules are symmetric left to right,
    /// so it has the same value, with every move [`Move::mirrored`].
    pub fn mirrored(&self) -> Board {
        let mirror = |bits: u32| {
            (0..Cell::COUNT)
                .filter(|&i| bits & (1 << i) != 0)
                .fold(0, |m, i| m | Cell::from_index(i).mirrored().bit())
        };
        let mut pieces = self.pieces;
        for side in pieces.iter_mut() {
            for bits in side.iter_mut() {
                *bits = mirror(*bits);
            }
        }
        Board::from_pieces(pieces, self.side_to_move)
    }

    /// Bitboard of `side`'s pieces of `kind`.
    pub fn pieces(&self, side: Side, kind: Kind) -> u32 {
        self.pieces[side.index()][kind.index()]
    }

    /// Bitboard of all of `side`'s pieces.
    pub fn occupied_by(&self, side: Side) -> u32 {
        self.pieces[side.index()][0] | self.pieces[side.index()][1]
    }

    /// Bitboard of every piece.
    pub fn occupied(&self) -> u32 {
        self.occupied_by(Side::Sentinel) | self.occupied_by(Side::Scourge)
    }

    /// The piece on `cell`, if any.
    pub fn piece_at(&self, cell: Cell) -> Option<(Side, Kind)> {
        for side in [Side::Sentinel, Side::Scourge] {
            for kind in [Kind::Stinger, Kind::Bomber] {
                if self.pieces(side, kind) & cell.bit() != 0 {
                    return Some((side, kind));
                }
            }
        }
        None
    }

    /// Number of `side`'s bombers.
    pub fn bombers(&self, side: Side) -> u32 {
        self.pieces(side, Kind::Bomber).count_ones()
    }

    /// Appends the legal moves of the side to move (ignoring whether the game is over).
    pub fn generate_moves(&self, moves: &mut MoveList) {
        let side = self.side_to_move;
        let own = self.occupied_by(side);
        let theirs = self.occupied_by(side.other());
        let empty = !(own | theirs);
        let f = side.forward();
        let mut bits = own;
        while bits != 0 {
            let from = Cell::from_index(bits.trailing_zeros() as usize);
            bits &= bits - 1;
            let is_bomber = self.pieces(side, Kind::Bomber) & from.bit() != 0;
            // Steps: diagonally forward for both kinds, straight forward for bombers.
            let step_columns: &[i32] = if is_bomber { &[0, -1, 1] } else { &[-1, 1] };
            for &dc in step_columns {
                if let Some(to) = from.offset(f, dc) {
                    if empty & to.bit() != 0 {
                        moves.push(Move::new(from, to));
                    }
                }
            }
            // Vertical capture, forward only.
            if let (Some(over), Some(to)) = (from.offset(f, 0), from.offset(2 * f, 0)) {
                if theirs & over.bit() != 0 && empty & to.bit() != 0 {
                    moves.push(Move::new(from, to));
                }
            }
            // Horizontal captures, never on the two base rows.
            if from.row() != 0 && from.row() != 4 {
                for dc in [-1, 1] {
                    if let (Some(over), Some(to)) = (from.offset(0, dc), from.offset(0, 2 * dc)) {
                        if theirs & over.bit() != 0 && empty & to.bit() != 0 {
                            moves.push(Move::new(from, to));
                        }
                    }
                }
            }
        }
    }

    /// True if the side to move has at least one move (ignoring whether the game is over).
    pub fn has_move(&self) -> bool {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        !moves.is_empty()
    }

    /// The position after `mv` applied as given, whether our rules allow it or not: how the bot
    /// follows a judge whose rules differ from ours (see the crate doc, "When the judge sends a
    /// move our rules reject"). The piece on the start cell moves to the destination and keeps
    /// its kind; an opponent piece on the destination is taken; a move of two cells straight or
    /// diagonally also takes an opponent piece on the cell it jumps over; then the other side is
    /// to move. The result is a consistent position (no two pieces on a cell, hash recomputed),
    /// though it may be one our rules would never reach. Fails only when nothing can move.
    pub fn force_play(&self, mv: Move) -> Result<Board, ForcePlayError> {
        let side = self.side_to_move;
        let own = self.occupied_by(side);
        if own & mv.from.bit() == 0 {
            return Err(ForcePlayError::NoOwnPiece);
        }
        if mv.from == mv.to {
            return Err(ForcePlayError::NoMovement);
        }
        if own & mv.to.bit() != 0 {
            return Err(ForcePlayError::OwnPieceOnDestination);
        }
        let kind = if self.pieces(side, Kind::Bomber) & mv.from.bit() != 0 {
            Kind::Bomber
        } else {
            Kind::Stinger
        };
        let mut pieces = self.pieces;
        pieces[side.index()][kind.index()] ^= mv.from.bit() | mv.to.bit();
        let mut taken = mv.to.bit();
        let (dr, dc) = (
            mv.to.row() - mv.from.row(),
            mv.to.column() - mv.from.column(),
        );
        let jump = |d: i32| d == 0 || d.abs() == 2;
        if jump(dr) && jump(dc) {
            if let Some(over) = mv.from.offset(dr / 2, dc / 2) {
                taken |= over.bit();
            }
        }
        for theirs in pieces[side.other().index()].iter_mut() {
            *theirs &= !taken;
        }
        Ok(Board::from_pieces(pieces, side.other()))
    }

    /// [`Board::outcome`] for a search that has already generated `moves`, the side to move's
    /// legal moves: the same rule, without generating them again.
    pub fn outcome_with_moves(&self, moves: &MoveList) -> Option<Outcome> {
        self.end_of_game(|| !moves.is_empty())
    }

    /// The one end-of-game rule behind [`Board::outcome`] and [`Board::outcome_with_moves`];
    /// `has_move` is asked only when neither bomber rule has ended the game.
    fn end_of_game(&self, has_move: impl FnOnce() -> bool) -> Option<Outcome> {
        let mover = self.side_to_move.other();
        if self.pieces(mover, Kind::Bomber) & row_mask(mover.goal_row()) != 0 {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::BomberReachedBase,
            });
        }
        if self.bombers(self.side_to_move) == 0 {
            return Some(Outcome::Win {
                winner: mover,
                reason: WinReason::LastBomberTaken,
            });
        }
        if !has_move() {
            let (own, theirs) = (self.bombers(self.side_to_move), self.bombers(mover));
            return Some(match own.cmp(&theirs) {
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Greater => Outcome::Win {
                    winner: self.side_to_move,
                    reason: WinReason::MoreBombersWhenBlocked,
                },
                std::cmp::Ordering::Less => Outcome::Win {
                    winner: mover,
                    reason: WinReason::MoreBombersWhenBlocked,
                },
            });
        }
        None
    }
}

/// The vocabulary's board ([`common::game::Board`]) under Krieg's rules. A move's text is its
/// `Display` and `FromStr`, the protocol's `r1 c1 r2 c2` ([`crate::notation`]), so the board
/// names no notation.
impl common::game::Board for Board {
    type Move = Move;
    type MoveList = MoveList;
    type Side = Side;
    type Outcome = Outcome;
    type IllegalMoveError = IllegalMoveError;
    type ParseMoveError = <Move as FromStr>::Err;
    const SIDES: [Side; 2] = [Side::Sentinel, Side::Scourge];

    /// The initial position: Sentinel's bombers on row 0 and stingers on row 1, Scourge's
    /// stingers on row 3 and bombers on row 4; Sentinel to move.
    fn start() -> Board {
        Board::from_pieces(
            [[row_mask(1), row_mask(0)], [row_mask(3), row_mask(4)]],
            Side::Sentinel,
        )
    }

    /// The side whose turn it is.
    fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The legal moves of the side to move; empty once the game is over.
    fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.outcome().is_none() {
            self.generate_moves(&mut moves);
        }
        moves
    }

    /// The position after `mv`, which must be a legal move (see [`try_play`](Board::try_play)).
    fn play(&self, mv: Move) -> Board {
        let side = self.side_to_move;
        let kind = if self.pieces(side, Kind::Bomber) & mv.from.bit() != 0 {
            Kind::Bomber
        } else {
            Kind::Stinger
        };
        let mut next = *self;
        let keys = &PIECE_KEYS[side.index()][kind.index()];
        next.pieces[side.index()][kind.index()] ^= mv.from.bit() | mv.to.bit();
        next.hash ^= keys[mv.from.index()] ^ keys[mv.to.index()];
        if mv.is_capture() {
            let over = mv.captured_cell();
            let them = side.other();
            for k in [Kind::Stinger, Kind::Bomber] {
                if next.pieces[them.index()][k.index()] & over.bit() != 0 {
                    next.pieces[them.index()][k.index()] ^= over.bit();
                    next.hash ^= PIECE_KEYS[them.index()][k.index()][over.index()];
                }
            }
        }
        next.side_to_move = side.other();
        next.hash ^= SCOURGE_TO_MOVE_KEY;
        next
    }

    /// The position after `mv`, or why `mv` is illegal here (the position is left unchanged).
    fn try_play(&self, mv: Move) -> Result<Board, IllegalMoveError> {
        if self.outcome().is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        if self.occupied_by(self.side_to_move) & mv.from.bit() == 0 {
            return Err(IllegalMoveError::NoOwnPiece);
        }
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        if moves.contains(&mv) {
            Ok(self.play(mv))
        } else {
            Err(IllegalMoveError::NotAllowed)
        }
    }

    /// The end of the game, checked (as after every move) in the rules' order: a bomber of the
    /// side that just moved on its goal row; the side to move without bombers; the side to move
    /// without a move (more bombers wins, equal is a draw). `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome> {
        self.end_of_game(|| self.has_move())
    }

    /// The Zobrist hash, kept incrementally by [`play`](Board::play).
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (to check the incremental one).
    fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for side in [Side::Sentinel, Side::Scourge] {
            for kind in [Kind::Stinger, Kind::Bomber] {
                let mut bits = self.pieces(side, kind);
                while bits != 0 {
                    hash ^= PIECE_KEYS[side.index()][kind.index()][bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
            }
        }
        if self.side_to_move == Side::Scourge {
            hash ^= SCOURGE_TO_MOVE_KEY;
        }
        hash
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<Move, Self::ParseMoveError> {
        text.parse()
    }
}

impl common::game::Outcome for Outcome {
    type Side = Side;

    fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Board {
    /// The board as rows of `B`/`S` (Sentinel's bombers and stingers), `b`/`s` (Scourge's) and
    /// `.`, with row and column numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "    0 1 2 3 4")?;
        for row in 0..5 {
            write!(f, "  {row}")?;
            for column in 0..5 {
                let symbol = match Cell::new(row, column).and_then(|c| self.piece_at(c)) {
                    Some((Side::Sentinel, Kind::Bomber)) => 'B',
                    Some((Side::Sentinel, Kind::Stinger)) => 'S',
                    Some((Side::Scourge, Kind::Bomber)) => 'b',
                    Some((Side::Scourge, Kind::Stinger)) => 's',
                    None => '.',
                };
                write!(f, " {symbol}")?;
            }
            writeln!(f)?;
        }
        let to_move = match self.side_to_move {
            Side::Sentinel => "Sentinel (B, S) to move",
            Side::Scourge => "Scourge (b, s) to move",
        };
        write!(f, "  {to_move}")
    }
}
