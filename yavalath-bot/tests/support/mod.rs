//! Helpers shared by the integration tests: cells by coordinates, sets of them, positions.
#![allow(dead_code)]

use yavalath::board::{Board, Cell, Player};

pub fn c(x: i32, y: i32) -> Cell {
    Cell::from_xy(x, y).unwrap_or_else(|| panic!("({x}, {y}) is not a cell"))
}

pub fn bits(cells: &[(i32, i32)]) -> u64 {
    cells.iter().fold(0, |b, &(x, y)| b | c(x, y).bit())
}

/// The position with Player 1's stones on `first` and Player 2's on `second`, Player 1 to move.
pub fn first_to_move(first: &[(i32, i32)], second: &[(i32, i32)]) -> Board {
    Board::from_stones(bits(first), bits(second), Player::First).expect("a reachable position")
}
