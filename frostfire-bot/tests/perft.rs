//! Perft from the start position: the generator's counts, and the same counts from an independent
//! count that knows nothing of the generator (every adjacent pair of cells tried with `try_play`,
//! the rules checked cell by cell) at depths 1..=4.

use frostfire::board::{Board, Cell, Direction, Move};

/// Counts by the generator, from the start, Tyragon to move; depths 1..=4 are confirmed by
/// `slow_perft` below, depth 5 pins the generator.
const PERFT: [u64; 5] = [10, 96, 1108, 12668, 150918];

#[test]
fn perft_from_the_start() {
    let start = Board::start();
    for (depth, &count) in (1..).zip(PERFT.iter()) {
        assert_eq!(start.perft(depth), count, "perft({depth})");
        assert_eq!(frostfire::board::perft(depth), count, "perft({depth})");
    }
}

/// Perft that knows nothing of the generator: every adjacent pair, kept if `try_play` accepts it.
fn slow_perft(board: &Board, depth: u32, pairs: &[Move]) -> u64 {
    if depth == 0 {
        return 1;
    }
    pairs
        .iter()
        .filter_map(|&m| board.try_play(m).ok())
        .map(|next| slow_perft(&next, depth - 1, pairs))
        .sum()
}

#[test]
fn perft_agrees_with_a_cell_by_cell_count() {
    let pairs: Vec<Move> = Cell::all()
        .flat_map(|from| {
            Direction::ALL
                .iter()
                .filter_map(move |&d| from.step(d).map(|to| Move::new(from, to)))
        })
        .collect();
    let start = Board::start();
    for depth in 1..=4 {
        assert_eq!(slow_perft(&start, depth, &pairs), PERFT[depth as usize - 1]);
    }
}
