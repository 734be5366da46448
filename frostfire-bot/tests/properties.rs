//! The property suite of `test_support::properties` over random Frostfire positions: hashes,
//! move notation, and `try_play` against the legal moves (every `Ax By` of two cells offered).

use frostfire::board::{Board, Cell, Move};
use frostfire::notation::{format_move, parse_move};
use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};

struct Frostfire;

impl GameUnderTest for Frostfire {
    test_support::rules_by_name!(Board, Move; format: format_move, parse: parse_move);

    fn candidate_moves(_: &Board, _: &mut SmallRng) -> Vec<Move> {
        Cell::all()
            .flat_map(|from| Cell::all().map(move |to| Move::new(from, to)))
            .collect()
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Frostfire>(10_000, 150, 27);
}
