//! The property suite of `test_support::properties` over random Yavalath positions: hashes, move
//! notation, and `try_play` against the legal moves (every cell offered, the swap included).

use test_support::properties::check_properties;
use yavalath::board::{Board, Cell};

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Board>(10_000, 61, 27, |_, _| Cell::all().collect());
}
