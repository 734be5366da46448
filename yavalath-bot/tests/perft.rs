//! Perft from the empty board (the swap counts as one move on ply 2).

use yavalath::board::{perft, Board, Cell};

/// Counts worked out by hand: no game can end before ply 5 (a line of 3 needs three stones of
/// one player), so every count is a product of free cells. Ply 1 has 61 cells; ply 2 has 60
/// placements or the swap; ply 3 every empty cell (59 after a placement, 60 after a swap); ply 4
/// likewise: 61·60·59·58 + 61·1·60·59 = 12,740,460.
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
    assert_eq!(
        perft(4),
        n * (n - 1) * (n - 2) * (n - 3) + n * (n - 1) * (n - 2)
    );
}

#[test]
fn finished_games_have_no_moves() {
    let mut b = Board::start();
    // Player 1: (0,4) (1,4) (2,4) makes a 3 and loses on ply 5.
    for (x, y) in [(0, 4), (8, 4), (1, 4), (7, 4), (2, 4)] {
        b = b.play(Cell::from_xy(x, y).unwrap());
    }
    assert!(b.outcome().is_some());
    assert_eq!(b.perft(1), 0);
    assert_eq!(b.perft(3), 0);
    assert_eq!(b.perft(0), 1);
}
