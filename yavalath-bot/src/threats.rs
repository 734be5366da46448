//! Which empty cells win or lose for each player, for all cells at once.
//!
//! The 61 cells are spread into a 9 × 10 grid in a `u128` (axial `(q + 4, r + 4)`, bit
//! `10 (r + 4) + q + 4`, the tenth column always empty). There the three axes are the shifts by
//! 1, 10 and 9, and the empty tenth column stops every run at the edge of a row, so runs are
//! found with a few shifts and ands per axis, then gathered back to 61 bits.

use crate::board::{Board, Cell, Player, ALL_CELLS, ROWS, ROW_LEN, ROW_START};
use common::game::Board as _;

/// The shifts of the three axes in the padded grid: `(1, 0)`, `(0, 1)` and `(-1, 1)`.
const AXIS_SHIFTS: [u32; 3] = [1, 10, 9];

/// Where row `y` starts in the padded grid.
const PAD_START: [u32; ROWS] = {
    let mut t = [0u32; ROWS];
    let mut y = 0;
    while y < ROWS {
        let min = if y < 4 { y } else { 4 };
        t[y] = (y * 10 + 4 - min) as u32;
        y += 1;
    }
    t
};

/// The board's cells in the padded grid.
pub const PAD_CELLS: u128 = {
    let mut out = 0u128;
    let mut y = 0;
    while y < ROWS {
        out |= ((1u128 << ROW_LEN[y]) - 1) << PAD_START[y];
        y += 1;
    }
    out
};

/// For each axis, the cells that start a window of four (the cell and the next three along the
/// axis are all on the board).
pub const WINDOW_STARTS: [u128; 3] = {
    let mut out = [0u128; 3];
    let mut a = 0;
    while a < 3 {
        let k = AXIS_SHIFTS[a];
        out[a] = PAD_CELLS & (PAD_CELLS >> k) & (PAD_CELLS >> (2 * k)) & (PAD_CELLS >> (3 * k));
        a += 1;
    }
    out
};

/// How far right each row moves from the padded grid to the 61-bit board.
const ROW_SHIFT: [u32; ROWS] = {
    let mut t = [0u32; ROWS];
    let mut y = 0;
    while y < ROWS {
        t[y] = PAD_START[y] - ROW_START[y] as u32;
        y += 1;
    }
    t
};

/// Number of steps of [`GATHER_MASKS`]: one per bit of the largest row shift (24).
const GATHER_STEPS: usize = 5;

/// Gathering as five masked shifts, by 1, 2, 4, 8 and 16 in that order: before step `k`, the
/// bits of the rows whose shift has bit `k`, where those rows are then. Every row moves by the
/// sum of its steps and, in this order, no row ever lands on another (a test checks both ways
/// against the cells' axial coordinates), so each step is a move of the masked bits, and
/// spreading is the same steps backwards.
const GATHER_MASKS: [u128; GATHER_STEPS] = {
    let mut masks = [0u128; GATHER_STEPS];
    let mut step = 0;
    while step < GATHER_STEPS {
        let mut y = 0;
        while y < ROWS {
            // Where row y is before this step: its start less the steps already taken.
            let moved = ROW_SHIFT[y] & ((1 << step) - 1);
            if ROW_SHIFT[y] & (1 << step) != 0 {
                masks[step] |= ((1u128 << ROW_LEN[y]) - 1) << (PAD_START[y] - moved);
            }
            y += 1;
        }
        step += 1;
    }
    masks
};

/// A 61-bit board spread into the padded grid (bits above the 61 cells are dropped).
#[inline]
pub fn spread(bits: u64) -> u128 {
    let mut out = u128::from(bits & ALL_CELLS);
    for step in (0..GATHER_STEPS).rev() {
        // Where gathering's step left the moving rows: move them back.
        let moving = out & (GATHER_MASKS[step] >> (1u32 << step));
        out = (out ^ moving) | moving << (1u32 << step);
    }
    out
}

/// The padded grid gathered back to 61 bits (bits outside the board are dropped).
#[inline]
pub fn gather(pad: u128) -> u64 {
    let mut out = pad & PAD_CELLS;
    for (step, &mask) in GATHER_MASKS.iter().enumerate() {
        let moving = out & mask;
        out = (out ^ moving) | moving >> (1u32 << step);
    }
    out as u64
}

/// For one player's stones (padded): the cells where a stone would make a run of 4 or more, and
/// those where it would make a run of exactly 3 on some axis (both before masking with empty).
#[inline]
fn runs(stones: u128) -> (u128, u128) {
    let mut four = 0u128;
    let mut three = 0u128;
    for k in AXIS_SHIFTS {
        // f_n: the n cells after this one are stones; b_n: the n cells before it.
        let f1 = stones >> k;
        let f2 = f1 & (stones >> (2 * k));
        let f3 = f2 & (stones >> (3 * k));
        let b1 = stones << k;
        let b2 = b1 & (stones << (2 * k));
        let b3 = b2 & (stones << (3 * k));
        four |= f3 | b3 | (f2 & b1) | (f1 & b2);
        three |= (f2 & !f3 & !b1) | (b2 & !b3 & !f1) | (f1 & b1 & !f2 & !b2);
    }
    (four, three)
}

/// The windows of four free of `theirs`, by how many of `own` they hold, as window-start bits per
/// axis: `(one stone, two stones, the middle pair .XX.)` (the middle pairs are also in "two").
#[inline]
pub fn window_classes(own: u128, theirs: u128, axis: usize) -> (u128, u128, u128) {
    let k = AXIS_SHIFTS[axis];
    let own = window_cells(own, k);
    let theirs = window_cells(theirs, k);
    classes(&own, WINDOW_STARTS[axis] & !any_of(&theirs))
}

/// [`window_classes`] of both players at once, `[first's, second's]`: each player's stones are
/// shifted along the axis once, for its own windows and for the other's.
#[inline]
pub fn window_classes_both(first: u128, second: u128, axis: usize) -> [(u128, u128, u128); 2] {
    let k = AXIS_SHIFTS[axis];
    let first = window_cells(first, k);
    let second = window_cells(second, k);
    [
        classes(&first, WINDOW_STARTS[axis] & !any_of(&second)),
        classes(&second, WINDOW_STARTS[axis] & !any_of(&first)),
    ]
}

/// The four cells of the windows along the axis of shift `k`: element `j` has, at each window's
/// start, the stone on the window's cell `j`.
#[inline]
fn window_cells(stones: u128, k: u32) -> [u128; 4] {
    [stones, stones >> k, stones >> (2 * k), stones >> (3 * k)]
}

/// The window starts with a stone on any of their cells.
#[inline]
fn any_of(cells: &[u128; 4]) -> u128 {
    cells[0] | cells[1] | cells[2] | cells[3]
}

/// The windows among `free` by how many stones `cells` puts in them (see [`window_classes`]).
#[inline]
fn classes(cells: &[u128; 4], free: u128) -> (u128, u128, u128) {
    let [a0, a1, a2, a3] = *cells;
    // Bit-sliced count of the four cells, in two half-adders.
    let (s1, c1) = (a0 ^ a1, a0 & a1);
    let (s2, c2) = (a2 ^ a3, a2 & a3);
    let one = (s1 ^ s2) & !c1 & !c2;
    let two = (c1 & !s2 & !c2) | (c2 & !s1 & !c1) | (s1 & s2);
    let middle = a1 & a2 & !a0 & !a3;
    (free & one, free & two, free & middle)
}

/// Empty cells where a stone of `own` makes a new winning cell: the empty cells of the windows
/// holding two of `own`, two empty cells and nothing of `theirs` (padded grid).
#[inline]
pub fn threat_makers_padded(own: u128, theirs: u128) -> u128 {
    let empty = PAD_CELLS & !(own | theirs);
    let mut makers = 0u128;
    for (axis, &k) in AXIS_SHIFTS.iter().enumerate() {
        let (_, two, _) = window_classes(own, theirs, axis);
        makers |= two | two << k | two << (2 * k) | two << (3 * k);
    }
    makers & empty
}

/// [`threat_makers_padded`] on 61-bit boards.
pub fn threat_makers(own: u64, theirs: u64) -> u64 {
    gather(threat_makers_padded(spread(own), spread(theirs)))
}

/// Both players' winning and losing cells in one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threats {
    /// By player index: empty cells where that player's stone makes a run of 4 or more.
    pub win: [u64; 2],
    /// By player index: empty cells where that player's stone makes a run of exactly 3 and none
    /// of 4: playing there loses.
    pub lose: [u64; 2],
    /// By player index: the stones in the padded grid.
    pub padded: [u128; 2],
}

impl Threats {
    /// The threats of `board`.
    #[inline]
    pub fn of(board: &Board) -> Threats {
        let padded = [
            spread(board.stones(Player::First)),
            spread(board.stones(Player::Second)),
        ];
        let empty = PAD_CELLS & !(padded[0] | padded[1]);
        let mut win = [0u64; 2];
        let mut lose = [0u64; 2];
        for p in 0..2 {
            let (four, three) = runs(padded[p]);
            let four = four & empty;
            win[p] = gather(four);
            lose[p] = gather(three & empty & !four);
        }
        Threats { win, lose, padded }
    }

    /// The winning cells of `player`.
    #[inline]
    pub fn win(&self, player: Player) -> u64 {
        self.win[player.index()]
    }

    /// The losing cells of `player`.
    #[inline]
    pub fn lose(&self, player: Player) -> u64 {
        self.lose[player.index()]
    }

    /// What these threats of `board` (a position whose game goes on) decide for the player to
    /// move before any search: the rules of the search's and the proof's nodes alike.
    pub fn verdict(&self, board: &Board) -> Verdict {
        let me = board.side_to_move();
        let theirs = self.win(me.other());
        if self.win(me) != 0 {
            Verdict::Win
        } else if board.empty() == 0 {
            Verdict::Full
        } else if theirs == 0 {
            Verdict::Free
        } else if theirs & (theirs - 1) != 0 {
            Verdict::TwoThreats
        } else if theirs & self.lose(me) != 0 {
            Verdict::BlockLoses
        } else {
            Verdict::Block(Cell::lowest(theirs))
        }
    }
}

/// A position as its threats alone see it, for the player to move ([`Threats::verdict`]).
pub enum Verdict {
    /// A winning cell: the player to move wins on the move.
    Win,
    /// No empty cell: a draw.
    Full,
    /// The opponent has two winning cells: it wins on its next move.
    TwoThreats,
    /// The opponent's one winning cell is a losing cell of the player to move: blocking it makes
    /// three and loses at once.
    BlockLoses,
    /// The opponent's one winning cell, which the player to move must take.
    Block(Cell),
    /// The opponent has no winning cell.
    Free,
}
