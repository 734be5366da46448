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

/// Both players' winning and losing cells in one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threats {
    /// By player index: empty cells where that player's stone makes a run of 4 or more.
    pub win: [u64; 2],
    /// By player index: empty cells where that player's stone makes a run of exactly 3 and none
    /// of 4: playing there loses.
    pub lose: [u64; 2],
}

impl Threats {
    /// The threats of `board`.
    #[inline]
    pub fn of(board: &Board) -> Threats {
        let empty = spread(board.empty());
        let mut win = [0u64; 2];
        let mut lose = [0u64; 2];
        for p in [Player::First, Player::Second] {
            let (four, three) = runs(spread(board.stones(p)));
            let four = four & empty;
            win[p.index()] = gather(four);
            lose[p.index()] = gather(three & empty & !four);
        }
        Threats { win, lose }
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
