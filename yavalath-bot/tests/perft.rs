//! Perft from the empty board (the swap counts as one move on ply 2).

use yavalath::board::{perft, Board, Cell};

/// Counts from the issue: 61 cells; 60 placements or the swap; then every empty cell.
const PERFT: [(u32, u64); 4] = [(1, 61), (2, 3721), (3, 219_600), (4, 12_740_460)];

#[test]
fn perft_from_the_empty_board() {
    for (depth, count) in PERFT {
        assert_eq!(perft(depth), count, "perft({depth})");
    }
}

#[test]
fn perft_counts_by_formula() {
    // Without a possible 3 before ply 5 the counts are products: n placements, plus the swap.
    let n = 61u64;
    assert_eq!(perft(2), n * (n - 1) + n);
    assert_eq!(perft(3), n * (n - 1) * (n - 2) + n * (n - 1));
}

#[test]
fn finished_games_have_no_moves() {
    let mut b = Board::new();
    // Player 1: (0,4) (1,4) (2,4) makes a 3 and loses on ply 5.
    for (x, y) in [(0, 4), (8, 4), (1, 4), (7, 4), (2, 4)] {
        b = b.play(Cell::from_xy(x, y).unwrap());
    }
    assert!(b.outcome().is_some());
    assert_eq!(b.perft(1), 0);
    assert_eq!(b.perft(3), 0);
    assert_eq!(b.perft(0), 1);
}
