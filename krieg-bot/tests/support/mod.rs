//! Helpers shared by the tests: positions from diagrams, end positions of random games, the
//! size of a tree, and the plain minimax the solvers are checked against.
#![allow(dead_code)]

use common::game::Board as _;
use krieg::board::{Board, Outcome, Side};
use krieg::dfpn::Value;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// The position drawn in `rows`, row 0 first and the rows apart by spaces
/// (`"B.... ..... ..S.. ..... b...b"`), `side` to move.
pub fn board(rows: &str, side: Side) -> Board {
    let rows: Vec<&str> = rows.split(' ').collect();
    let rows: [&str; 5] = rows.try_into().expect("five rows");
    Board::from_diagram(&rows, side).expect("a valid diagram")
}

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

/// The `positions` whose [`tree_size`] (counted up to `cap`) `keep` accepts, in their order. The
/// counts, the longest part of the tests that use them, run on every core.
pub fn with_tree_size(
    positions: &[Board],
    cap: u64,
    keep: impl Fn(u64) -> bool + Sync,
) -> Vec<Board> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = (positions.len() + threads - 1) / threads;
    let keep = &keep;
    std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks(chunk.max(1))
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter(|b| keep(tree_size(b, cap)))
                        .copied()
                        .collect::<Vec<Board>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a tree count"))
            .collect()
    })
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

/// Calls `check` with each of [`small_positions`] and its value by plain minimax; returns how
/// many positions had each value (indexed by `Value as usize`), for the test to see that the
/// sample is not one-sided.
pub fn check_against_minimax(mut check: impl FnMut(&Board, Value)) -> [usize; 3] {
    let mut counts = [0; 3];
    for board in &small_positions() {
        let expected = minimax_value(board);
        check(board, expected);
        counts[expected as usize] += 1;
    }
    counts
}

/// The value of `board` for the side to move, by plain exhaustive minimax with no table and no
/// pruning: the reference the solvers are tested against. Exponential: near the end only.
pub fn minimax_value(board: &Board) -> Value {
    let us = board.side_to_move();
    match board.outcome() {
        Some(Outcome::Draw) => return Value::Draw,
        Some(Outcome::Win { winner, .. }) => {
            return if winner == us {
                Value::Win
            } else {
                Value::Loss
            };
        }
        None => {}
    }
    let mut best = Value::Loss;
    for &mv in board.legal_moves().iter() {
        match minimax_value(&board.play(mv)).flip() {
            Value::Win => return Value::Win,
            Value::Draw => best = Value::Draw,
            Value::Loss => {}
        }
    }
    best
}
