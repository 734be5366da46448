//! The property suite of `test_support::properties` over random Krieg positions: hashes, move
//! notation, and `try_play` against the legal moves (every move of one cell to another offered).

use krieg::board::{Board, Cell, Move};
use test_support::properties::check_properties;

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Board>(10_000, 200, 27, |_, _| {
        let cells = || (0..Cell::COUNT).map(Cell::from_index);
        cells()
            .flat_map(|from| cells().map(move |to| Move::new(from, to)))
            .collect()
    });
}
