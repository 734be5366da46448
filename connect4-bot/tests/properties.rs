//! The property suite of `test_support::properties` over random Power Connect 4 positions:
//! hashes, move notation, and `try_play` against the legal moves (every disc kind in every
//! column offered).

use connect4::board::{Board, Move};
use connect4::notation::parse_move;
use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};

struct Connect4;

impl GameUnderTest for Connect4 {
    type Board = Board;
    type Move = Move;

    fn start() -> Board {
        Board::new()
    }
    fn is_over(board: &Board) -> bool {
        board.outcome().is_some()
    }
    fn legal_moves(board: &Board) -> Vec<Move> {
        board.legal_moves().to_vec()
    }
    fn play(board: &Board, m: Move) -> Board {
        board.play(m)
    }
    fn try_play(board: &Board, m: Move) -> Result<Board, String> {
        board.try_play(m).map_err(|e| e.to_string())
    }
    fn hash(board: &Board) -> u64 {
        board.hash()
    }
    fn recomputed_hash(board: &Board) -> u64 {
        board.hash_from_scratch()
    }
    fn format_move(_: &Board, m: Move) -> String {
        m.to_string()
    }
    fn parse_move(_: &Board, text: &str) -> Result<Move, String> {
        parse_move(text).map_err(|e| e.to_string())
    }
    fn candidate_moves(_: &Board, _: &mut SmallRng) -> Vec<Move> {
        (0..).map_while(Move::from_code).collect()
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    let coverage = check_properties::<Connect4>(10_000, 60, 27);
    assert!(
        coverage.finished > 0 && coverage.rejected > 0,
        "{coverage:?}"
    );
}
