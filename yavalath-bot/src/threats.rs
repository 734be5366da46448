//! Which empty cells win or lose for each player, for all cells at once.
//!
//! The 61 cells are spread into a 9 × 10 grid in a `u128` (axial `(q + 4, r + 4)`, bit
//! `10 (r + 4) + q + 4`, the tenth column always empty). There the three axes are the shifts by
//! 1, 10 and 9, and the empty tenth column stops every run at the edge of a row, so runs are
//! found with a few shifts and ands per axis, then gathered back to 61 bits.

use crate::board::{Board, Player, ROWS, ROW_LEN, ROW_START};

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

/// A 61-bit board spread into the padded grid.
#[inline]
pub fn spread(bits: u64) -> u128 {
    let mut out = 0u128;
    for y in 0..ROWS {
        let row = (bits >> ROW_START[y]) & ((1 << ROW_LEN[y]) - 1);
        out |= u128::from(row) << PAD_START[y];
    }
    out
}

/// The padded grid gathered back to 61 bits (bits outside the board are dropped).
#[inline]
pub fn gather(pad: u128) -> u64 {
    let mut out = 0u64;
    for y in 0..ROWS {
        let row = (pad >> PAD_START[y]) as u64 & ((1 << ROW_LEN[y]) - 1);
        out |= row << ROW_START[y];
    }
    out
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
    let free =
        WINDOW_STARTS[axis] & !(theirs | theirs >> k | theirs >> (2 * k) | theirs >> (3 * k));
    let (a0, a1, a2, a3) = (own, own >> k, own >> (2 * k), own >> (3 * k));
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
}
