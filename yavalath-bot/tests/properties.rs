//! The property suite of `test_support::properties` over random Yavalath positions: hashes, move
//! notation, and `try_play` against the legal moves (every cell offered, the swap included).

use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};
use yavalath::board::{Board, Cell};
use yavalath::notation::{format_move, parse_move};

struct Yavalath;

impl GameUnderTest for Yavalath {
    test_support::rules_by_name!(Board, Cell; format: format_move, parse: parse_move);

    fn candidate_moves(_: &Board, _: &mut SmallRng) -> Vec<Cell> {
        Cell::all().collect()
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Yavalath>(10_000, 61, 27);
}
