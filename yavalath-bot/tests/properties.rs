//! The property suite of `test_support::properties` over random Yavalath positions: hashes, move
//! notation, and `try_play` against the legal moves (every cell offered, the swap included).

use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};
use yavalath::board::{Board, Cell};
use yavalath::notation::{format_move, parse_move};

struct Yavalath;

impl GameUnderTest for Yavalath {
    type Board = Board;
    type Move = Cell;

    fn start() -> Board {
        Board::new()
    }
    fn is_over(board: &Board) -> bool {
        board.outcome().is_some()
    }
    fn legal_moves(board: &Board) -> Vec<Cell> {
        board.moves().to_vec()
    }
    fn play(board: &Board, m: Cell) -> Board {
        board.play(m)
    }
    fn try_play(board: &Board, m: Cell) -> Result<Board, String> {
        board.try_play(m).map_err(|e| e.to_string())
    }
    fn hash(board: &Board) -> u64 {
        board.hash()
    }
    fn recomputed_hash(board: &Board) -> u64 {
        board.compute_hash()
    }
    fn format_move(_: &Board, m: Cell) -> String {
        format_move(m)
    }
    fn parse_move(_: &Board, text: &str) -> Result<Cell, String> {
        parse_move(text).map_err(|e| e.to_string())
    }
    fn candidate_moves(_: &Board, _: &mut SmallRng) -> Vec<Cell> {
        Cell::all().collect()
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    let coverage = check_properties::<Yavalath>(10_000, 61, 27);
    assert!(
        coverage.finished > 0 && coverage.rejected > 0,
        "{coverage:?}"
    );
}
