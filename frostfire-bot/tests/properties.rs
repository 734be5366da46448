//! The property suite of `test_support::properties` over random Frostfire positions: hashes,
//! move notation, and `try_play` against the legal moves (every `Ax By` of two cells offered).

use frostfire::board::{Board, Cell, Move};
use test_support::properties::check_properties;

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Board>(10_000, 150, 27, |_, _| {
        Cell::all()
            .flat_map(|from| Cell::all().map(move |to| Move::new(from, to)))
            .collect()
    });
}
