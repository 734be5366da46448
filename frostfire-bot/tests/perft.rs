//! Perft from the start position and from positions 10, 30 and 60 plies into a fixed game: the
//! generator's counts, and the same counts from an independent count that knows nothing of the
//! generator (every adjacent pair of cells tried with `try_play`, the rules checked cell by cell)
//! at depths 1..=4.

use common::game::Board as _;
use frostfire::board::{Board, Cell, Color, Direction, Move};
use test_support::perft::{check_inside_the_game, count_sequences};

/// Counts by the generator, from the start, Tyragon to move; depths 1..=4 are confirmed by
/// `slow_perft` below, depth 5 pins the generator.
const PERFT: [u64; 5] = [10, 96, 1108, 12668, 150918];

#[test]
fn perft_from_the_start() {
    let start = Board::start();
    for (depth, &count) in (1..).zip(PERFT.iter()) {
        assert_eq!(start.perft(depth), count, "perft({depth})");
        assert_eq!(common::game::perft::<Board>(depth), count, "perft({depth})");
    }
}

/// Perft that knows nothing of the generator: every adjacent pair, kept if `try_play` accepts it.
fn slow_perft(board: &Board, depth: u32, pairs: &[Move]) -> u64 {
    // A move is the position it leads to, so that `try_play` runs once per pair.
    let moves = |board: &Board| match board.outcome() {
        Some(_) => Vec::new(),
        None => pairs
            .iter()
            .filter_map(|&m| board.try_play(m).ok())
            .collect(),
    };
    count_sequences(board, depth, &moves, &|_, next: Board| next)
}

fn adjacent_pairs() -> Vec<Move> {
    Cell::all()
        .flat_map(|from| {
            Direction::ALL
                .iter()
                .filter_map(move |&d| from.step(d).map(|to| Move::new(from, to)))
        })
        .collect()
}

#[test]
fn perft_agrees_with_a_cell_by_cell_count() {
    let pairs = adjacent_pairs();
    let start = Board::start();
    for depth in 1..=4 {
        assert_eq!(slow_perft(&start, depth, &pairs), PERFT[depth as usize - 1]);
    }
}

/// The position after `plies` moves of a fixed game: every third move pushes a dragon off when
/// one can, so that the late positions are thin; the others are the `(7 k + 3) mod n`th legal
/// move.
fn fixed_game(plies: usize) -> Board {
    let mut board = Board::start();
    for k in 0..plies {
        let moves = board.legal_moves();
        let eliminations = board.eliminations();
        let m = if k % 3 == 2 && !eliminations.is_empty() {
            eliminations.as_slice()[0]
        } else {
            moves.as_slice()[(7 * k + 3) % moves.len()]
        };
        board = board.play(m);
        assert!(
            board.outcome().is_none(),
            "the fixed game goes on at ply {k}"
        );
    }
    board
}

#[test]
fn perft_inside_the_game_agrees_with_a_cell_by_cell_count() {
    let pairs = adjacent_pairs();
    let cases: [(usize, &[u64]); 3] = [
        (10, &[6, 85, 534, 7131]),
        (30, &[9, 55, 507, 3362]),
        (60, &[9, 51, 389, 2363]),
    ];
    check_inside_the_game(
        &cases,
        fixed_game,
        |board, d| board.perft(d),
        |board, d| slow_perft(board, d, &pairs),
    );
    let late = fixed_game(60);
    assert!(
        late.lost(Color::Ice) + late.lost(Color::Fire) > 0,
        "{late:?}"
    );
}
