//! Helpers shared by the solver tests: end positions of random games, and the size of a tree.
#![allow(dead_code)]

use krieg::board::Board;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Positions from seeded random games, the last `tail` positions before each game's end.
pub fn endgame_positions(games: std::ops::Range<u64>, tail: usize) -> Vec<Board> {
    let mut positions = Vec::new();
    for seed in games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut board = Board::start();
        let mut line = vec![board];
        while let Some(&mv) = board.legal_moves().choose(&mut rng) {
            board = board.play(mv);
            line.push(board);
        }
        let from = line.len().saturating_sub(tail);
        positions.extend_from_slice(&line[from..]);
    }
    positions
}

/// The number of positions in the full game tree below `board`, up to `cap`.
pub fn tree_size(board: &Board, cap: u64) -> u64 {
    let mut count = 1;
    for &mv in board.legal_moves().iter() {
        if count >= cap {
            break;
        }
        count += tree_size(&board.play(mv), cap - count);
    }
    count
}

/// A few hundred (at least 300) end positions whose whole tree is small enough for plain
/// minimax.
pub fn small_positions() -> Vec<Board> {
    let positions: Vec<Board> = endgame_positions(0..400, 8)
        .into_iter()
        .filter(|b| tree_size(b, 50_000) < 50_000)
        .collect();
    assert!(positions.len() >= 300, "only {} positions", positions.len());
    positions
}
