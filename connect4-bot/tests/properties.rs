//! The property suite of `test_support::properties` over random Power Connect 4 positions:
//! hashes, move notation, and `try_play` against the legal moves (every disc kind in every
//! column offered).

use connect4::board::{Board, Move};
use test_support::properties::check_properties;

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Board>(10_000, 60, 27, |_, _| {
        (0..).map_while(Move::from_code).collect()
    });
}
