//! The property suite of `test_support::properties` over random Ka-Boom positions: hashes, move
//! notation (in the mover's own frame, as the protocol prints it), and `try_play` against the
//! legal moves (every placement and forfeit, and every ranger move and bomb pass from a square of
//! the mover's rangers, offered).

use common::game::Board as _;
use kaboom::board::{Board, Move, Square};
use test_support::properties::check_properties;

fn squares() -> impl Iterator<Item = Square> {
    (0..64).map(Square::from_index)
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Board>(10_000, 200, 27, |board, _| {
        let mover = board.side_to_move();
        let mut moves: Vec<Move> = squares()
            .flat_map(|s| [Move::place(s), Move::forfeit(s)])
            .collect();
        for colour in 0..8 {
            let from = board.ranger(mover, colour);
            moves.extend(squares().flat_map(|to| [Move::ranger(from, to), Move::pass(from, to)]));
        }
        moves
    });
}
