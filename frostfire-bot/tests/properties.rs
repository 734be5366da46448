//! The property suite of `test_support::properties` over random Frostfire positions: hashes,
//! move notation, and `try_play` against the legal moves (every `Ax By` of two cells offered).

use frostfire::board::{Board, Cell, Move};
use frostfire::notation::{format_move, parse_move};
use rand::rngs::SmallRng;
use test_support::properties::{check_properties, GameUnderTest};

struct Frostfire;

impl GameUnderTest for Frostfire {
    type Board = Board;
    type Move = Move;

    fn start() -> Board {
        Board::start()
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
        board.compute_hash()
    }
    fn format_move(_: &Board, m: Move) -> String {
        format_move(m)
    }
    fn parse_move(_: &Board, text: &str) -> Result<Move, String> {
        parse_move(text).map_err(|e| e.to_string())
    }
    fn candidate_moves(_: &Board, _: &mut SmallRng) -> Vec<Move> {
        Cell::all()
            .flat_map(|from| Cell::all().map(move |to| Move::new(from, to)))
            .collect()
    }
}

#[test]
fn hashes_notation_and_try_play_hold_in_10_000_random_positions() {
    let coverage = check_properties::<Frostfire>(10_000, 150, 27);
    assert!(
        coverage.finished > 0 && coverage.rejected > 0,
        "{coverage:?}"
    );
}
