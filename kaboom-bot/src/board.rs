//! The Ka-Boom position and its rules: rangers, bombs, move generation, playing a move, the end
//! of the game.
//!
//! The position is kept in one absolute frame, Player 1's: square index `8 * row + column`,
//! Player 1's base is row 0 and it moves towards row 7; Player 2's base is row 7 and it moves
//! towards row 0. [`crate::notation`] converts to and from each player's own frame.
//!
//! ```text
//!          col 0  1  2  3  4  5  6  7
//! row 7:     56 57 58 59 60 61 62 63    Player 2's base, Player 1's goal
//!   ...
//! row 0:      0  1  2  3  4  5  6  7    Player 1's base, Player 2's goal
//! ```
//!
//! A ranger is named by its colour, `0..8` in the order of row 0 (orange, blue, purple, pink,
//! yellow, red, green, brown): Player 1's ranger of colour `c` starts on `(0, c)`, Player 2's on
//! `(7, 7 - c)`. A bomb is the colour of the ranger that carries it.

use arrayvec::ArrayVec;
use common::game::Board as _;
use common::zobrist::zobrist_key;
use std::fmt;

/// The colour names, index = colour.
pub const COLOUR_NAMES: [&str; 8] = [
    "orange", "blue", "purple", "pink", "yellow", "red", "green", "brown",
];

const OR: u8 = 0;
const BL: u8 = 1;
const PU: u8 = 2;
const PI: u8 = 3;
const YE: u8 = 4;
const RE: u8 = 5;
const GR: u8 = 6;
const BR: u8 = 7;

/// The colour of each square, `COLOUR[row][column]` (the Kamisado board). It is symmetric under
/// the 180° rotation, so both players see the same matrix from their own side.
pub const COLOUR: [[u8; 8]; 8] = [
    [OR, BL, PU, PI, YE, RE, GR, BR],
    [RE, OR, PI, GR, BL, YE, BR, PU],
    [GR, PI, OR, RE, PU, BR, YE, BL],
    [PI, PU, BL, OR, BR, GR, RE, YE],
    [YE, RE, GR, BR, OR, BL, PU, PI],
    [BL, YE, BR, PU, RE, OR, PI, GR],
    [PU, BR, YE, BL, GR, PI, OR, RE],
    [BR, GR, RE, YE, PI, PU, BL, OR],
];

/// A player may pass the bomb at most this many times in a row.
pub const MAX_CONSECUTIVE_PASSES: u8 = 15;
/// Each player may make at most this many regular moves (every ply after the two columns).
const MAX_REGULAR_MOVES_EACH: u8 = 50;
/// Plies of a game that runs to the move limit: two columns and 2 × 50 regular moves.
pub const MAX_PLIES: u8 = 2 + 2 * MAX_REGULAR_MOVES_EACH;

/// A square, in the absolute frame (Player 1's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `row`, `column` (absolute frame), if both are in 0..8.
    pub const fn new(row: i32, column: i32) -> Option<Square> {
        if row >= 0 && row < 8 && column >= 0 && column < 8 {
            Some(Square((row * 8 + column) as u8))
        } else {
            None
        }
    }

    /// The square with index `8 * row + column` (panics past 63).
    pub const fn from_index(index: usize) -> Square {
        assert!(index < 64);
        Square(index as u8)
    }

    /// `8 * row + column`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The absolute row, 0..8.
    pub const fn row(self) -> i32 {
        (self.0 >> 3) as i32
    }

    /// The absolute column, 0..8.
    pub const fn column(self) -> i32 {
        (self.0 & 7) as i32
    }

    /// This square's bit.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The square's colour.
    pub const fn colour(self) -> u8 {
        COLOUR[self.row() as usize][self.column() as usize]
    }

    /// The square `dr` rows and `dc` columns away, if on the board.
    pub const fn offset(self, dr: i32, dc: i32) -> Option<Square> {
        Square::new(self.row() + dr, self.column() + dc)
    }

    /// How far `player` has come: the row in `player`'s own frame (0 = its base, 7 = its goal).
    pub const fn rank_for(self, player: Player) -> i32 {
        match player {
            Player::One => self.row(),
            Player::Two => 7 - self.row(),
        }
    }
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Receives `1`, places its bomb first and makes the first regular move.
    One,
    /// Receives `2`.
    Two,
}

impl Player {
    /// Both players, Player 1 first.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 or 1.
    pub const fn index(self) -> usize {
        match self {
            Player::One => 0,
            Player::Two => 1,
        }
    }

    /// 1 or 2.
    pub const fn number(self) -> u8 {
        self.index() as u8 + 1
    }

    /// The absolute row of this player's base.
    pub const fn base_row(self) -> i32 {
        match self {
            Player::One => 0,
            Player::Two => 7,
        }
    }

    /// The absolute row of this player's goal (the opponent's base).
    pub const fn goal_row(self) -> i32 {
        7 - self.base_row()
    }

    /// +1 (Player 1) or −1 (Player 2): the absolute row step of "forward".
    pub const fn forward(self) -> i32 {
        match self {
            Player::One => 1,
            Player::Two => -1,
        }
    }

    /// The absolute start square of this player's ranger of colour `colour`.
    pub const fn home(self, colour: u8) -> Square {
        match self {
            Player::One => Square(colour),
            Player::Two => Square(56 + 7 - colour),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Player {}", self.number())
    }
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The opening: the bomb goes to the ranger on this base square (plies 1 and 2).
    Place,
    /// A ranger moves forward (`x = 1`).
    Ranger,
    /// The bomb is passed to another ranger (`x = 0`).
    Pass,
    /// The required ranger is blocked and no pass is possible: `1,i,j,i,j`.
    Forfeit,
}

/// A move, packed in 16 bits:
///
/// ```text
/// bits  0..6   from square (absolute)
/// bits  6..12  to square (absolute)
/// bits 12..15  kind: 1 place, 2 ranger, 3 pass, 4 forfeit (0 only in the null move)
/// ```
///
/// A placement and a forfeit have `from == to`.
///
/// `Default` (the null move, kind 0) is only a filler for fixed-capacity lists, which the
/// one-file bundles build without `unsafe`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl fmt::Debug for Move {
    /// `Ranger(0,3->4,3)`, absolute (row,column) squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (self.from(), self.to());
        write!(
            f,
            "{:?}({},{}->{},{})",
            self.kind(),
            a.row(),
            a.column(),
            b.row(),
            b.column()
        )
    }
}

impl Move {
    const fn pack(kind: u16, from: Square, to: Square) -> Move {
        Move(kind << 12 | (to.0 as u16) << 6 | from.0 as u16)
    }

    /// The bomb placed on the ranger at `square`.
    pub const fn place(square: Square) -> Move {
        Move::pack(1, square, square)
    }

    /// A ranger move.
    pub const fn ranger(from: Square, to: Square) -> Move {
        Move::pack(2, from, to)
    }

    /// A bomb pass from the carrier on `from` to the ranger on `to`.
    pub const fn pass(from: Square, to: Square) -> Move {
        Move::pack(3, from, to)
    }

    /// A forfeit by the blocked ranger on `square`.
    pub const fn forfeit(square: Square) -> Move {
        Move::pack(4, square, square)
    }

    /// What the move does (a placement for the null move).
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            2 => MoveKind::Ranger,
            3 => MoveKind::Pass,
            4 => MoveKind::Forfeit,
            _ => MoveKind::Place,
        }
    }

    /// The start square (the placement's square for a placement).
    pub const fn from(self) -> Square {
        Square((self.0 & 63) as u8)
    }

    /// The square the move lands on: the one whose colour constrains the opponent.
    pub const fn to(self) -> Square {
        Square(((self.0 >> 6) & 63) as u8)
    }

    /// True for the null move.
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
}

/// The transposition table's move: its packed bits.
impl common::transposition::PackedMove for Move {
    fn pack(self) -> u16 {
        self.0
    }

    fn unpack(code: u16) -> Move {
        Move(code)
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The winner's bomb carrier stands on the opponent's base.
    BombWin(Player),
    /// Two forfeits in a row; the winner is the player who did not make the last ranger move.
    Deadlock(Player),
    /// Two forfeits in a row and no ranger move was ever made.
    DeadlockDraw,
    /// Both players have made 50 regular moves.
    MoveLimitDraw,
}

impl common::game::Outcome for Outcome {
    type Side = Player;

    fn winner(self) -> Option<Player> {
        match self {
            Outcome::BombWin(p) | Outcome::Deadlock(p) => Some(p),
            Outcome::DeadlockDraw | Outcome::MoveLimitDraw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::BombWin(p) => write!(f, "{p} wins: its bomb reached the opponent's base"),
            Outcome::Deadlock(p) => write!(
                f,
                "{p} wins: deadlock (two forfeits in a row), {} made the last ranger move",
                p.other()
            ),
            Outcome::DeadlockDraw => write!(f, "draw: deadlock before any ranger move"),
            Outcome::MoveLimitDraw => write!(f, "draw: both players made 50 regular moves"),
        }
    }
}

/// Why a move is not legal here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is over.
    GameOver,
    /// Plies 1 and 2 are the bomb placements; a placement was expected.
    PlacementExpected,
    /// A placement after the two opening plies.
    PlacementOver,
    /// A placement on a square that is not one of the mover's base squares.
    NotOnBase,
    /// The start square holds no ranger of the mover.
    NotOwnRanger,
    /// The moved ranger is not the one of the colour the opponent's last move requires.
    WrongColour {
        /// The required colour.
        required: u8,
    },
    /// A ranger move that is not straight or diagonally forward.
    NotForward,
    /// A ranger move over or onto an occupied square.
    RangerPathBlocked,
    /// A pass that does not start from the ranger carrying the mover's bomb.
    NotCarrier,
    /// A pass whose target is not another ranger of the mover.
    PassTargetNotOwnRanger,
    /// A pass that is not along a row, a column or a diagonal.
    NotALine,
    /// A pass over another ranger.
    PassPathBlocked,
    /// The mover has passed 15 times in a row.
    PassLimit,
    /// A forfeit while the required ranger can move, or a pass is possible.
    ForfeitNotAllowed,
    /// A forfeit that does not name the blocked required ranger's square.
    ForfeitWrongSquare,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMoveError::*;
        match self {
            GameOver => write!(f, "the game is over"),
            PlacementExpected => write!(f, "a bomb column is expected on this ply"),
            PlacementOver => write!(f, "the bombs are already placed"),
            NotOnBase => write!(f, "the bomb must go to a ranger on the mover's base"),
            NotOwnRanger => write!(f, "the start square holds no ranger of the mover"),
            WrongColour { required } => write!(
                f,
                "the {} ranger must move (the colour of the opponent's last landing square)",
                COLOUR_NAMES[*required as usize]
            ),
            NotForward => write!(f, "a ranger moves only straight or diagonally forward"),
            RangerPathBlocked => write!(f, "the ranger's path or landing square is occupied"),
            NotCarrier => write!(f, "the bomb is not on the start square"),
            PassTargetNotOwnRanger => write!(f, "the bomb must go to another ranger of the mover"),
            NotALine => write!(f, "a pass goes along a row, a column or a diagonal"),
            PassPathBlocked => write!(f, "the pass goes over another ranger"),
            PassLimit => write!(f, "15 consecutive passes already"),
            ForfeitNotAllowed => write!(f, "forfeit while a ranger move or a pass is possible"),
            ForfeitWrongSquare => {
                write!(f, "a forfeit names the blocked required ranger's square")
            }
        }
    }
}

impl std::error::Error for IllegalMoveError {}

/// Why a move cannot be applied even by force ([`Board::force_play`]): the pieces it names are
/// not where it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcePlayError {
    /// A placement after the two opening plies, or a regular move during them.
    WrongPhase,
    /// The start square holds no ranger of the mover.
    NoRangerOfMover,
    /// A ranger move onto an occupied square.
    LandingOccupied,
    /// A pass whose target square holds no other ranger of the mover.
    NoPassTarget,
    /// Both players have made all their regular moves: there is no ply left to play.
    NoPlyLeft,
}

impl fmt::Display for ForcePlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForcePlayError::WrongPhase => write!(f, "it is the wrong kind of move for this ply"),
            ForcePlayError::NoRangerOfMover => {
                write!(f, "the mover has no ranger on its start square")
            }
            ForcePlayError::LandingOccupied => write!(f, "its landing square is occupied"),
            ForcePlayError::NoPassTarget => {
                write!(f, "the mover has no other ranger on its target")
            }
            ForcePlayError::NoPlyLeft => write!(f, "both players have made their 50 regular moves"),
        }
    }
}

impl std::error::Error for ForcePlayError {}

/// Room in a [`MoveList`]: more than the most moves a position can have (the free first move has
/// 104; a required ranger has at most 21 moves and the bomb at most 8 passes).
pub const MAX_MOVES: usize = 160;

/// The moves of a position, without allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// The eight directions of a pass, as (Δrow, Δcolumn).
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

// Zobrist keys, laid out in one table.
const Z_RANGER: usize = 0; // [player][colour][square]: 1024
const Z_CARRIER: usize = 1024; // [player][colour]: 16
const Z_SIDE: usize = 1040;
const Z_REQUIRED: usize = 1041; // [colour or free]: 9
const Z_PASSES: usize = 1050; // [player][count 0..16]: 32
const Z_FORFEIT: usize = 1082;
const Z_LAST_RANGER: usize = 1083; // [none, one, two]: 3
const Z_PLIES: usize = 1086; // [ply]: 103
const Z_COUNT: usize = Z_PLIES + MAX_PLIES as usize + 1;

const fn zobrist_table() -> [u64; Z_COUNT] {
    let mut keys = [0u64; Z_COUNT];
    let mut i = 0;
    while i < Z_COUNT {
        keys[i] = zobrist_key(0x4B41_424F_4F4D, i as u64);
        i += 1;
    }
    keys
}

static ZOBRIST: [u64; Z_COUNT] = zobrist_table();

const fn ranger_key_index(player: Player, colour: u8, square: Square) -> usize {
    Z_RANGER + player.index() * 512 + colour as usize * 64 + square.index()
}

/// `required` value meaning "any ranger" (Player 1's first regular move).
const FREE: u8 = 8;
const NO_CARRIER: u8 = 8;

/// A position described field by field, for tests and analysis ([`Board::from_setup`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// `rangers[player][colour]`, absolute squares.
    pub rangers: [[Square; 8]; 2],
    /// The colour of each player's bomb carrier, `None` before its placement.
    pub carrier: [Option<u8>; 2],
    /// The player to move.
    pub to_move: Player,
    /// The colour the side to move must move, `None` for a free move.
    pub required: Option<u8>,
    /// Consecutive passes per player (at most 15).
    pub passes: [u8; 2],
    /// The last ply was a forfeit.
    pub last_forfeit: bool,
    /// Who made the last ranger move.
    pub last_ranger_mover: Option<Player>,
    /// Plies played, the placements included (at most 101 for a game still running).
    pub plies: u32,
}

impl Setup {
    /// The start of a game.
    pub fn start() -> Setup {
        let mut rangers = [[Square(0); 8]; 2];
        for player in Player::BOTH {
            for colour in 0..8u8 {
                rangers[player.index()][colour as usize] = player.home(colour);
            }
        }
        Setup {
            rangers,
            carrier: [None, None],
            to_move: Player::One,
            required: None,
            passes: [0, 0],
            last_forfeit: false,
            last_ranger_mover: None,
            plies: 0,
        }
    }
}

/// A complete Ka-Boom position: everything the rules need, in the absolute frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Occupied squares per player.
    occupied: [u64; 2],
    /// `rangers[player][colour]`: where each ranger stands.
    rangers: [[Square; 8]; 2],
    /// The colour of each player's bomb carrier (`NO_CARRIER` before its placement).
    carrier: [u8; 2],
    to_move: Player,
    /// The colour of the ranger the side to move must move, or `FREE`.
    required: u8,
    /// Consecutive passes per player.
    passes: [u8; 2],
    /// The last ply was a forfeit.
    last_forfeit: bool,
    /// 0: no ranger move yet; otherwise the number of the player who made the last one.
    last_ranger_mover: u8,
    /// Plies played, the two placements included.
    plies: u8,
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
    /// The position a [`Setup`] describes, or `None` if it is inconsistent (two rangers on one
    /// square, a count out of range). A finished game cannot be set up.
    pub fn from_setup(setup: &Setup) -> Option<Board> {
        let mut occupied = [0u64; 2];
        for player in Player::BOTH {
            for square in setup.rangers[player.index()] {
                if (occupied[0] | occupied[1]) & square.bit() != 0 {
                    return None;
                }
                occupied[player.index()] |= square.bit();
            }
        }
        let colour_ok = |c: Option<u8>| c.map_or(true, |c| c < 8);
        if !colour_ok(setup.carrier[0])
            || !colour_ok(setup.carrier[1])
            || !colour_ok(setup.required)
            || setup.passes.iter().any(|&p| p > MAX_CONSECUTIVE_PASSES)
            || setup.plies >= u32::from(MAX_PLIES)
        {
            return None;
        }
        let mut board = Board {
            occupied,
            rangers: setup.rangers,
            carrier: setup.carrier.map(|c| c.unwrap_or(NO_CARRIER)),
            to_move: setup.to_move,
            required: setup.required.unwrap_or(FREE),
            passes: setup.passes,
            last_forfeit: setup.last_forfeit,
            last_ranger_mover: setup.last_ranger_mover.map_or(0, Player::number),
            plies: setup.plies as u8,
            outcome: None,
            hash: 0,
        };
        board.hash = board.compute_hash();
        Some(board)
    }

    /// Plies played, the two placements included.
    pub fn plies(&self) -> u32 {
        u32::from(self.plies)
    }

    /// True during the two opening plies (the bomb placements).
    pub fn in_placement(&self) -> bool {
        self.plies < 2
    }

    /// Regular moves made by `player` so far.
    pub fn regular_moves(&self, player: Player) -> u32 {
        let regular = u32::from(self.plies.saturating_sub(2));
        match player {
            Player::One => (regular + 1) / 2,
            Player::Two => regular / 2,
        }
    }

    /// Squares occupied by `player`'s rangers.
    pub fn occupied_by(&self, player: Player) -> u64 {
        self.occupied[player.index()]
    }

    /// All occupied squares.
    pub fn occupied(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }

    /// Where `player`'s ranger of colour `colour` stands.
    pub fn ranger(&self, player: Player, colour: u8) -> Square {
        self.rangers[player.index()][colour as usize]
    }

    /// The owner and colour of the ranger on `square`, if any.
    pub fn ranger_at(&self, square: Square) -> Option<(Player, u8)> {
        for player in Player::BOTH {
            if self.occupied[player.index()] & square.bit() != 0 {
                let colour = self.rangers[player.index()]
                    .iter()
                    .position(|&s| s == square)
                    .expect("occupied square has a ranger") as u8;
                return Some((player, colour));
            }
        }
        None
    }

    /// The colour of `player`'s bomb carrier, once placed.
    pub fn carrier(&self, player: Player) -> Option<u8> {
        let colour = self.carrier[player.index()];
        (colour != NO_CARRIER).then_some(colour)
    }

    /// The square of `player`'s bomb, once placed.
    pub fn bomb(&self, player: Player) -> Option<Square> {
        self.carrier(player).map(|c| self.ranger(player, c))
    }

    /// The colour of the ranger the side to move must move; `None` while the move is free (Player
    /// 1's first regular move, and the placements).
    pub fn required(&self) -> Option<u8> {
        (self.required != FREE).then_some(self.required)
    }

    /// Consecutive passes `player` has made.
    pub fn passes(&self, player: Player) -> u8 {
        self.passes[player.index()]
    }

    /// True if the last ply was a forfeit.
    pub fn last_was_forfeit(&self) -> bool {
        self.last_forfeit
    }

    /// The player who made the last ranger move, if any.
    pub fn last_ranger_mover(&self) -> Option<Player> {
        match self.last_ranger_mover {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }

    /// The forward moves of the ranger on `from` of `player`, added to `list`.
    fn ranger_moves(&self, player: Player, from: Square, list: &mut MoveList) {
        let occupied = self.occupied();
        let dr = player.forward();
        for dc in [-1, 0, 1] {
            let mut square = from;
            while let Some(next) = square.offset(dr, dc) {
                if occupied & next.bit() != 0 {
                    break;
                }
                list.push(Move::ranger(from, next));
                square = next;
            }
        }
    }

    /// True if the ranger on `from` of `player` can move at all.
    fn can_ranger_move(&self, player: Player, from: Square) -> bool {
        let occupied = self.occupied();
        [-1, 0, 1].iter().any(|&dc| {
            from.offset(player.forward(), dc)
                .is_some_and(|s| occupied & s.bit() == 0)
        })
    }

    /// The passes of `player`'s bomb (ignoring the pass limit), added to `list`.
    fn pass_moves(&self, player: Player, list: &mut MoveList) {
        let Some(from) = self.bomb(player) else {
            return;
        };
        let own = self.occupied[player.index()];
        let occupied = self.occupied();
        for (dr, dc) in DIRECTIONS {
            let mut square = from;
            while let Some(next) = square.offset(dr, dc) {
                if occupied & next.bit() != 0 {
                    if own & next.bit() != 0 {
                        list.push(Move::pass(from, next));
                    }
                    break;
                }
                square = next;
            }
        }
    }

    /// Checks a move against the rules directly (independently of [`Board::legal_moves`]).
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMoveError> {
        use IllegalMoveError::*;
        if self.outcome.is_some() {
            return Err(GameOver);
        }
        let player = self.to_move;
        let own = self.occupied[player.index()];
        let occupied = self.occupied();
        let (from, to) = (m.from(), m.to());
        if self.in_placement() {
            return match m.kind() {
                MoveKind::Place if from.row() == player.base_row() => Ok(()),
                MoveKind::Place => Err(NotOnBase),
                _ => Err(PlacementExpected),
            };
        }
        match m.kind() {
            MoveKind::Place => Err(PlacementOver),
            MoveKind::Ranger => {
                if own & from.bit() == 0 {
                    return Err(NotOwnRanger);
                }
                if self.required != FREE && self.ranger(player, self.required) != from {
                    return Err(WrongColour {
                        required: self.required,
                    });
                }
                let dr = (to.row() - from.row()) * player.forward();
                let dc = to.column() - from.column();
                if dr <= 0 || (dc != 0 && dc.abs() != dr) {
                    return Err(NotForward);
                }
                let (sr, sc) = (player.forward(), dc.signum());
                for k in 1..=dr {
                    let s = from.offset(sr * k, sc * k).ok_or(NotForward)?;
                    if occupied & s.bit() != 0 {
                        return Err(RangerPathBlocked);
                    }
                }
                Ok(())
            }
            MoveKind::Pass => {
                if self.bomb(player) != Some(from) {
                    return Err(NotCarrier);
                }
                if own & to.bit() == 0 || to == from {
                    return Err(PassTargetNotOwnRanger);
                }
                let dr = to.row() - from.row();
                let dc = to.column() - from.column();
                if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
                    return Err(NotALine);
                }
                let steps = dr.abs().max(dc.abs());
                for k in 1..steps {
                    let s = from
                        .offset(dr.signum() * k, dc.signum() * k)
                        .ok_or(NotALine)?;
                    if occupied & s.bit() != 0 {
                        return Err(PassPathBlocked);
                    }
                }
                if self.passes(player) >= MAX_CONSECUTIVE_PASSES {
                    return Err(PassLimit);
                }
                Ok(())
            }
            MoveKind::Forfeit => {
                if self.required == FREE {
                    return Err(ForfeitNotAllowed);
                }
                let blocked = self.ranger(player, self.required);
                if from != blocked {
                    return Err(ForfeitWrongSquare);
                }
                if self.can_ranger_move(player, blocked) {
                    return Err(ForfeitNotAllowed);
                }
                if self.passes(player) < MAX_CONSECUTIVE_PASSES {
                    let mut passes = MoveList::new();
                    self.pass_moves(player, &mut passes);
                    if !passes.is_empty() {
                        return Err(ForfeitNotAllowed);
                    }
                }
                Ok(())
            }
        }
    }

    /// The position after `m` applied as given, whether or not the rules allow it, wherever
    /// the pieces allow it: a ranger move takes the mover's ranger on the start square (with the
    /// bomb if it carries it) to the empty landing square, whatever its colour or direction; a
    /// pass gives the mover's bomb to its ranger on the target square, wherever the bomb was; a
    /// forfeit names any ranger of the mover. Everything else follows as after a legal move: the
    /// colour the opponent must move is that of the landing square, the pass count (kept within
    /// 15), the ply count, the hash and the end checks. A game our rules call over goes on.
    /// Used for an opponent move that our rules reject but the judge has accepted (see the
    /// crate's docs, "When the judge sends a move our rules reject").
    pub fn force_play(&self, m: Move) -> Result<Board, ForcePlayError> {
        let player = self.to_move;
        let own = self.occupied[player.index()];
        let (from, to) = (m.from(), m.to());
        if self.plies >= MAX_PLIES {
            return Err(ForcePlayError::NoPlyLeft);
        }
        match (self.in_placement(), m.kind()) {
            (true, MoveKind::Place) | (false, MoveKind::Forfeit) if own & from.bit() == 0 => {
                return Err(ForcePlayError::NoRangerOfMover)
            }
            (true, MoveKind::Place) | (false, MoveKind::Forfeit) => {}
            (true, _) | (false, MoveKind::Place) => return Err(ForcePlayError::WrongPhase),
            (false, MoveKind::Ranger) => {
                if own & from.bit() == 0 {
                    return Err(ForcePlayError::NoRangerOfMover);
                }
                if self.occupied() & to.bit() != 0 {
                    return Err(ForcePlayError::LandingOccupied);
                }
            }
            (false, MoveKind::Pass) => {
                if own & from.bit() == 0 {
                    return Err(ForcePlayError::NoRangerOfMover);
                }
                if own & to.bit() == 0 || to == from {
                    return Err(ForcePlayError::NoPassTarget);
                }
            }
        }
        let mut start = *self;
        start.outcome = None;
        let p = player.index();
        if m.kind() == MoveKind::Pass && start.passes[p] >= MAX_CONSECUTIVE_PASSES {
            start.passes[p] = MAX_CONSECUTIVE_PASSES - 1;
        }
        let mut board = start.play(m);
        // `play` keeps the hash incrementally from valid positions only; rebuild it.
        board.hash = board.compute_hash();
        Ok(board)
    }

    /// The position with the side to move's turn gone by unrecorded: the judge sent a move we
    /// cannot apply at all, and asks the other player to move. The ply counts; the colour the
    /// other player must move is that of `landing` (where the lost move landed) if known, else
    /// the move is free. A game our rules call over goes on, unless no ply is left.
    pub fn skip_turn(&self, landing: Option<Square>) -> Board {
        let mut board = *self;
        board.to_move = self.to_move.other();
        board.required = landing.map_or(FREE, Square::colour);
        board.last_forfeit = false;
        board.plies = (board.plies + 1).min(MAX_PLIES);
        board.outcome = (board.plies >= MAX_PLIES).then_some(Outcome::MoveLimitDraw);
        board.hash = board.compute_hash();
        board
    }

    /// The colour of `player`'s ranger on `square` (which must hold one).
    fn ranger_colour(&self, player: Player, square: Square) -> u8 {
        self.rangers[player.index()]
            .iter()
            .position(|&s| s == square)
            .unwrap_or(0) as u8
    }
}

/// The vocabulary's board ([`common::game::Board`]) under Ka-Boom's rules, with the quick
/// [`common::game::Board::winning_move`]. A move's text is the protocol's, in the mover's frame
/// ([`MoverNotation`]); those moves hold commas, so a line of moves separates them by `;`.
impl common::game::Board for Board {
    type Move = Move;
    type MoveList = MoveList;
    type Side = Player;
    type Outcome = Outcome;
    type IllegalMoveError = IllegalMoveError;
    type ParseMoveError = <Board as MoverNotation>::Error;
    const SIDES: [Player; 2] = [Player::One, Player::Two];
    const LINE_SEPARATOR: char = ';';

    /// The start of a game: all rangers home, no bomb placed, Player 1 to place its bomb.
    fn start() -> Board {
        Board::from_setup(&Setup::start()).expect("the start is consistent")
    }

    /// The player to move.
    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// Every legal move of the side to move (none once the game is over).
    fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.outcome.is_some() {
            return list;
        }
        let player = self.to_move;
        if self.in_placement() {
            for colour in 0..8u8 {
                list.push(Move::place(player.home(colour)));
            }
            return list;
        }
        let may_pass = self.passes(player) < MAX_CONSECUTIVE_PASSES;
        if self.required == FREE {
            for colour in 0..8u8 {
                self.ranger_moves(player, self.ranger(player, colour), &mut list);
            }
            if may_pass {
                self.pass_moves(player, &mut list);
            }
            return list;
        }
        let from = self.ranger(player, self.required);
        self.ranger_moves(player, from, &mut list);
        if may_pass {
            self.pass_moves(player, &mut list);
        }
        if list.is_empty() {
            list.push(Move::forfeit(from));
        }
        list
    }

    /// The position after the legal move `m` (unchecked: `m` must come from
    /// [`Board::legal_moves`] or have passed [`Board::check_move`]).
    fn play(&self, m: Move) -> Board {
        let mut b = *self;
        let player = self.to_move;
        let p = player.index();
        let (from, to) = (m.from(), m.to());
        // Take the old values of the small fields out of the hash; they are put back below.
        b.hash ^= ZOBRIST[Z_REQUIRED + b.required as usize]
            ^ ZOBRIST[Z_PASSES + p * 16 + b.passes[p] as usize]
            ^ ZOBRIST[Z_LAST_RANGER + b.last_ranger_mover as usize]
            ^ ZOBRIST[Z_PLIES + b.plies as usize];
        if b.last_forfeit {
            b.hash ^= ZOBRIST[Z_FORFEIT];
        }
        let forfeit = m.kind() == MoveKind::Forfeit;
        match m.kind() {
            MoveKind::Place => {
                let colour = self.ranger_colour(player, from);
                b.carrier[p] = colour;
                b.hash ^= ZOBRIST[Z_CARRIER + p * 8 + colour as usize];
                b.required = FREE;
            }
            MoveKind::Ranger => {
                let colour = self.ranger_colour(player, from);
                b.rangers[p][colour as usize] = to;
                b.occupied[p] ^= from.bit() | to.bit();
                b.hash ^= ZOBRIST[ranger_key_index(player, colour, from)]
                    ^ ZOBRIST[ranger_key_index(player, colour, to)];
                b.passes[p] = 0;
                b.last_ranger_mover = player.number();
                b.required = to.colour();
            }
            MoveKind::Pass => {
                let colour = self.ranger_colour(player, to);
                b.hash ^= ZOBRIST[Z_CARRIER + p * 8 + b.carrier[p] as usize]
                    ^ ZOBRIST[Z_CARRIER + p * 8 + colour as usize];
                b.carrier[p] = colour;
                b.passes[p] += 1;
                b.required = to.colour();
            }
            MoveKind::Forfeit => {
                b.passes[p] = 0;
                b.required = to.colour();
            }
        }
        b.last_forfeit = forfeit;
        b.plies += 1;
        b.to_move = player.other();
        b.hash ^= ZOBRIST[Z_SIDE]
            ^ ZOBRIST[Z_REQUIRED + b.required as usize]
            ^ ZOBRIST[Z_PASSES + p * 16 + b.passes[p] as usize]
            ^ ZOBRIST[Z_LAST_RANGER + b.last_ranger_mover as usize]
            ^ ZOBRIST[Z_PLIES + b.plies as usize];
        if b.last_forfeit {
            b.hash ^= ZOBRIST[Z_FORFEIT];
        }
        // The end checks, in the order of the rules: bomb win, deadlock, move limit.
        b.outcome = if b.bomb(player).is_some_and(|s| s.row() == player.goal_row()) {
            Some(Outcome::BombWin(player))
        } else if forfeit && self.last_forfeit {
            Some(match b.last_ranger_mover() {
                Some(loser) => Outcome::Deadlock(loser.other()),
                None => Outcome::DeadlockDraw,
            })
        } else if b.plies >= MAX_PLIES {
            Some(Outcome::MoveLimitDraw)
        } else {
            None
        };
        b
    }

    /// The position after `m`, or why `m` is illegal (the position itself never changes).
    fn try_play(&self, m: Move) -> Result<Board, IllegalMoveError> {
        self.check_move(m)?;
        Ok(self.play(m))
    }

    /// The game's result, once it is over.
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The incrementally kept Zobrist hash.
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (tests check it equals [`Board::hash`]).
    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for player in Player::BOTH {
            for colour in 0..8u8 {
                h ^= ZOBRIST[ranger_key_index(player, colour, self.ranger(player, colour))];
            }
            if let Some(c) = self.carrier(player) {
                h ^= ZOBRIST[Z_CARRIER + player.index() * 8 + c as usize];
            }
            h ^= ZOBRIST[Z_PASSES + player.index() * 16 + self.passes(player) as usize];
        }
        if self.to_move == Player::Two {
            h ^= ZOBRIST[Z_SIDE];
        }
        h ^= ZOBRIST[Z_REQUIRED + self.required as usize];
        if self.last_forfeit {
            h ^= ZOBRIST[Z_FORFEIT];
        }
        h ^= ZOBRIST[Z_LAST_RANGER + self.last_ranger_mover as usize];
        h ^= ZOBRIST[Z_PLIES + self.plies as usize];
        h
    }

    fn format_move(&self, m: Move) -> String {
        self.format_for_mover(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, Self::ParseMoveError> {
        self.parse_for_mover(text)
    }

    /// A winning move of the side to move, if it has one: a pass to its ranger on the goal row,
    /// or the carrier (if it may move) running to the goal row.
    fn winning_move(&self) -> Option<Move> {
        if self.outcome.is_some() || self.in_placement() {
            return None;
        }
        let player = self.to_move;
        let from = self.bomb(player)?;
        let goal = player.goal_row();
        let occupied = self.occupied();
        let own = self.occupied[player.index()];
        if self.passes(player) < MAX_CONSECUTIVE_PASSES {
            for (dr, dc) in DIRECTIONS {
                let mut square = from;
                while let Some(next) = square.offset(dr, dc) {
                    if occupied & next.bit() != 0 {
                        if own & next.bit() != 0 && next.row() == goal {
                            return Some(Move::pass(from, next));
                        }
                        break;
                    }
                    square = next;
                }
            }
        }
        if self.required == FREE || self.required == self.carrier[player.index()] {
            let target = open_run(occupied, player, from)?;
            return Some(Move::ranger(from, target));
        }
        None
    }
}

/// The protocol's notation, which depends on the position: a placement is a column and a
/// regular move five fields, both in the mover's own frame. [`crate::notation`] implements it for
/// the board, so that the board's `format_move` and `parse_move` call it without naming the
/// notation, which stands above the rules.
pub trait MoverNotation {
    /// Why a text is not a move.
    type Error: fmt::Display;
    /// `m` as the side to move writes it.
    fn format_for_mover(&self, m: Move) -> String;
    /// A move as the side to move writes it (read, not checked for legality).
    fn parse_for_mover(&self, text: &str) -> Result<Move, Self::Error>;
}

/// The goal-row square a ranger of `player` on `from` reaches by an open straight or diagonal
/// forward line, if any (straight first).
pub fn open_run(occupied: u64, player: Player, from: Square) -> Option<Square> {
    let dr = player.forward();
    for dc in [0, -1, 1] {
        let mut square = from;
        loop {
            match square.offset(dr, dc) {
                Some(next) if occupied & next.bit() == 0 => {
                    if next.row() == player.goal_row() {
                        return Some(next);
                    }
                    square = next;
                }
                _ => break,
            }
        }
    }
    None
}

impl fmt::Display for Board {
    /// The board in the absolute frame (Player 1's base at the bottom): `a`..`h` for Player 1's
    /// rangers by colour, `A`..`H` for Player 2's, `*` after the bomb carriers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bombs = [self.bomb(Player::One), self.bomb(Player::Two)];
        for row in (0..8).rev() {
            write!(f, "{row} ")?;
            for column in 0..8 {
                let square = Square::new(row, column).expect("on the board");
                let cell = match self.ranger_at(square) {
                    Some((player, colour)) => {
                        let base = if player == Player::One { b'a' } else { b'A' };
                        let bomb = if bombs[player.index()] == Some(square) {
                            '*'
                        } else {
                            ' '
                        };
                        format!("{}{bomb}", (base + colour) as char)
                    }
                    None => ". ".to_string(),
                };
                write!(f, " {cell}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   0  1  2  3  4  5  6  7")?;
        write!(
            f,
            "colours a..h: {}; {} to move",
            COLOUR_NAMES.join(" "),
            self.to_move
        )?;
        if let Some(c) = self.required() {
            write!(f, ", must move {}", COLOUR_NAMES[c as usize])?;
        }
        write!(
            f,
            "; passes {}/{}; ply {}",
            self.passes[0], self.passes[1], self.plies
        )?;
        if let Some(outcome) = self.outcome {
            write!(f, "; {outcome}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_matrix_is_a_latin_square_symmetric_under_rotation() {
        for i in 0..8 {
            let mut row = 0u8;
            let mut col = 0u8;
            for j in 0..8 {
                row |= 1 << COLOUR[i][j];
                col |= 1 << COLOUR[j][i];
                assert_eq!(COLOUR[i][j], COLOUR[7 - i][7 - j]);
            }
            assert_eq!((row, col), (0xFF, 0xFF));
        }
    }

    #[test]
    fn homes_have_their_colour() {
        for player in Player::BOTH {
            for c in 0..8 {
                assert_eq!(player.home(c).colour(), c);
            }
        }
    }
}
