//! The property suite of `test_support::properties` over random Krieg positions: hashes, move
//! notation, and `try_play` against the legal moves (every move of one cell to another offered).

use krieg::board::{Board, Cell, Move};
use krieg::notation::{format_move, parse_move};
use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};

struct Krieg;

impl GameUnderTest for Krieg {
    test_support::rules_by_name!(Board, Move; format: format_move, parse: parse_move);

    fn candidate_moves(_: &Board, _: &mut SmallRng) -> Vec<Move> {
        let cells = || (0..Cell::COUNT).map(Cell::from_index);
        cells()
            .flat_map(|from| cells().map(move |to| Move::new(from, to)))
            .collect()
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Krieg>(10_000, 200, 27);
}
