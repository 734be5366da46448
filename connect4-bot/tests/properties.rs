//! The property suite of `test_support::properties` over random Power Connect 4 positions:
//! hashes, move notation, and `try_play` against the legal moves (every disc kind in every
//! column offered).

use connect4::board::{Board, Move};
use connect4::notation::parse_move;
use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};

struct Connect4;

impl GameUnderTest for Connect4 {
    test_support::rules_by_name!(Board, Move; format: |m: Move| m.to_string(), parse: parse_move);

    fn candidate_moves(_: &Board, _: &mut SmallRng) -> Vec<Move> {
        (0..).map_while(Move::from_code).collect()
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Connect4>(10_000, 60, 27);
}
