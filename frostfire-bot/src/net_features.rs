//! The inputs of the learned evaluation (`common::net`): which of its binary inputs a position
//! switches on, for each side's perspective, and how they change over one move.
//!
//! # Design
//!
//! A perspective is one side looking at the board as its own: [`INPUTS`] = 74 inputs, "own dragon
//! on cell c" (c = 0..37, the cells in [`crate::board::Cell::all`]'s order) and "opponent dragon on cell c"
//! (37 + c). Abagon (FIRE) sees the board rotated 180°, (row, diagonal) → (6 − row, 8 − diagonal),
//! which maps the start onto itself with the sides swapped: each side sees itself as the first
//! player (ICE) would, so that one set of weights serves both and every game teaches both.
//!
//! The network evaluates a position from two lists: *us*, the side to move's perspective, and
//! *them*, the other side's ([`inputs`]). The lists are given per absolute side
//! ([`side_inputs`]) because the side to move flips with every move: the child's *us* is the
//! parent's *them*. The search's evaluator keeps one accumulator per side (ICE, FIRE) and updates
//! each by the changes [`NetInputs`] gives (`each_change`), the difference of the two positions'
//! dragon sets: it holds for every move, pushes and eliminations included, and for positions that
//! are not one move apart.
//!
//! Nothing else is an input: material, rings, threats and the like are for the network to learn
//! from where the dragons stand.

use crate::board::{Bits, Board, Color, DRAGONS, VALID};
use arrayvec::ArrayVec;
use common::game::Board as _;

/// The cells of the board.
pub const CELLS: usize = 37;
/// The inputs of one perspective: own dragons on the 37 cells, then the opponent's.
pub const INPUTS: usize = 2 * CELLS;
/// The most inputs active at once in one perspective (every dragon on the board).
pub const MAX_ACTIVE: usize = 2 * DRAGONS as usize;

/// A perspective's active inputs, ascending.
pub type Inputs = ArrayVec<u16, MAX_ACTIVE>;

/// Bit index (the board's layout) → the cell's number 0..37; 255 off the board.
const CELL_NUMBER: [u8; 64] = cell_numbers();

const fn cell_numbers() -> [u8; 64] {
    let mut numbers = [u8::MAX; 64];
    let mut next = 0;
    let mut bit = 0;
    while bit < 64 {
        if VALID & (1 << bit) != 0 {
            numbers[bit] = next;
            next += 1;
        }
        bit += 1;
    }
    numbers
}

const _: () = assert!(VALID.count_ones() as usize == CELLS);

/// `bits` rotated 180°: cell (r, d) is bit 8r + d, its image (6 − r, 8 − d) is bit 56 − (8r + d).
fn rotate(bits: Bits) -> Bits {
    // Bit i goes to 63 − i, then 7 lower: 56 − i (the cells use bits 4..=55, so none is lost).
    bits.reverse_bits() >> 7
}

/// `side`'s dragons and the other side's, as `side` sees the board.
fn oriented(board: &Board, side: Color) -> [Bits; 2] {
    let (own, opponent) = (board.dragons(side), board.dragons(side.other()));
    match side {
        Color::Ice => [own, opponent],
        Color::Fire => [rotate(own), rotate(opponent)],
    }
}

/// The inputs of the cells in `bits` (ascending), offset by `base`.
fn push_cells<const N: usize>(list: &mut ArrayVec<u16, N>, bits: Bits, base: usize) {
    each_cell(bits, base, |input| list.push(input));
}

/// Calls `f` with the input of each cell in `bits` (ascending), offset by `base`.
fn each_cell(bits: Bits, base: usize, mut f: impl FnMut(u16)) {
    let mut rest = bits;
    while rest != 0 {
        let bit = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        f((base + usize::from(CELL_NUMBER[bit])) as u16);
    }
}

/// Frostfire's inputs as the search's evaluator ([`common::net::Evaluator`]) reads them: side
/// `0` is ICE, `1` FIRE.
pub struct NetInputs;

/// Beyond this many changed inputs a perspective is summed again from scratch (about as many
/// rows as a position has dragons).
const NEAR: u32 = 16;

impl common::net::Inputs for NetInputs {
    type Board = Board;

    fn side_to_move(board: &Board) -> usize {
        board.side_to_move().index()
    }

    fn each_input(board: &Board, side: usize, mut f: impl FnMut(u16)) {
        let [own, opponent] = oriented(board, color(side));
        each_cell(own, 0, &mut f);
        each_cell(opponent, CELLS, f);
    }

    fn distance(a: &Board, b: &Board) -> Option<u32> {
        let moved = [Color::Ice, Color::Fire]
            .into_iter()
            .map(|c| (a.dragons(c) ^ b.dragons(c)).count_ones())
            .sum();
        (moved <= NEAR).then_some(moved)
    }

    fn each_change(from: &Board, to: &Board, side: usize, mut f: impl FnMut(u16, bool)) {
        let before = oriented(from, color(side));
        let after = oriented(to, color(side));
        for (plane, base) in [0, CELLS].into_iter().enumerate() {
            each_cell(before[plane] & !after[plane], base, |input| f(input, false));
            each_cell(after[plane] & !before[plane], base, |input| f(input, true));
        }
    }
}

/// Side `0` is ICE, `1` FIRE.
fn color(side: usize) -> Color {
    if side == 0 {
        Color::Ice
    } else {
        Color::Fire
    }
}

/// The active inputs of `side`'s perspective, ascending.
pub fn side_inputs(board: &Board, side: Color) -> Inputs {
    let [own, opponent] = oriented(board, side);
    let mut list = Inputs::new();
    push_cells(&mut list, own, 0);
    push_cells(&mut list, opponent, CELLS);
    list
}

/// The network's two lists: (us, them) = the side to move's perspective, the other side's.
pub fn inputs(board: &Board) -> (Inputs, Inputs) {
    let us = board.side_to_move();
    (side_inputs(board, us), side_inputs(board, us.other()))
}
