//! The property suite of `test_support::properties` over random Ka-Boom positions: hashes, move
//! notation (in the mover's own frame, as the protocol prints it), and `try_play` against the
//! legal moves (every placement and forfeit, and every ranger move and bomb pass from a square of
//! the mover's rangers, offered).

use kaboom::board::{Board, Move, Square};
use kaboom::notation::{format_move, parse_move};
use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};

struct Kaboom;

fn squares() -> impl Iterator<Item = Square> {
    (0..64).map(Square::from_index)
}

impl GameUnderTest for Kaboom {
    test_support::rules_by_name!(Board, Move);

    fn format_move(board: &Board, m: Move) -> String {
        format_move(m, board.side_to_move())
    }
    fn parse_move(board: &Board, text: &str) -> Result<Move, String> {
        parse_move(board, text, board.side_to_move()).map_err(|e| e.to_string())
    }
    fn candidate_moves(board: &Board, _: &mut SmallRng) -> Vec<Move> {
        let mover = board.side_to_move();
        let mut moves: Vec<Move> = squares()
            .flat_map(|s| [Move::place(s), Move::forfeit(s)])
            .collect();
        for colour in 0..8 {
            let from = board.ranger(mover, colour);
            moves.extend(squares().flat_map(|to| [Move::ranger(from, to), Move::pass(from, to)]));
        }
        moves
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    check_properties::<Kaboom>(10_000, 200, 27);
}
