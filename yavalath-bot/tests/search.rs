//! The search finds forced wins, blocks threats, and its benchmark is deterministic.

use common::cli::BotOptions;
use common::clock::Deadline;
use common::deepening::RootSearch;
use common::game::greedy;
use common::game::Board as _;
use common::search::{Limits, SearchResult};
use std::time::Duration;
use support::{bits, c, first_to_move};
use test_support::search::SelfPlay;
use yavalath::board::{Board, Cell, Player};
use yavalath::engine::Engine;
use yavalath::eval::evaluate;
use yavalath::proof::board_after;
use yavalath::search::{bench, Searcher, BENCH_POSITIONS, MATE_BOUND, MAX_DEPTH};

mod support;

/// The search's result, whose move is always there (the tests' positions are not finished).
struct Found {
    best: Cell,
    score: i32,
}

fn search(board: &Board, depth: u32) -> Found {
    let mut s = Searcher::new(1 << 20);
    let SearchResult { best, score, .. } = s.search(board, &Limits::depth(depth));
    Found {
        best: best.expect("a move"),
        score,
    }
}

#[test]
fn finds_a_threat_whose_only_block_makes_the_blockers_three() {
    // Player 1 (X) at (0,4) (1,4): X at (3,4) threatens (2,4). Player 2 (O) holds (1,3) and
    // (2,5), on the line through (2,4): blocking there makes O's 3, so O loses either way.
    let board = first_to_move(&[(0, 4), (1, 4)], &[(1, 3), (2, 5)]);
    let result = search(&board, 2);
    assert!(result.score >= MATE_BOUND, "score {}", result.score);
    // Every winning first move must leave Player 2 lost at once.
    let after = board.play(result.best);
    let reply = search(&after, 2);
    assert!(reply.score <= -MATE_BOUND, "score {}", reply.score);
    assert_eq!(result.best, c(3, 4));
}

#[test]
fn finds_a_double_threat() {
    // X: (0,4) (1,4) on row 4 and (0,1) (1,2) on the line q = -1. X at (3,4) threatens both
    // (2,4) and (2,3); Player 2 can block only one.
    let board = first_to_move(
        &[(0, 4), (1, 4), (0, 1), (1, 2)],
        &[(0, 0), (0, 8), (4, 8), (8, 4)],
    );
    let after = board.play(c(3, 4));
    let threats = yavalath::threats::Threats::of(&after);
    assert_eq!(threats.win(Player::First), bits(&[(2, 4), (2, 3)]));
    let result = search(&board, 3);
    assert!(
        result.score >= MATE_BOUND,
        "score {} best {}",
        result.score,
        result.best
    );
    assert_eq!(result.best, c(3, 4));
}

#[test]
fn blocks_the_opponents_threat() {
    // Player 2 (O) has (0,4) (1,4) . (3,4): Player 1 must take (2,4).
    let board = first_to_move(&[(0, 0), (4, 0), (0, 8)], &[(0, 4), (1, 4), (3, 4)]);
    assert_eq!(search(&board, 4).best, c(2, 4));
    assert_eq!(
        greedy(&board, &board.legal_moves(), evaluate),
        Some(c(2, 4))
    );
}

#[test]
fn takes_a_win_on_the_move() {
    let board = first_to_move(&[(0, 4), (1, 4), (3, 4)], &[(0, 0), (4, 0), (0, 8)]);
    let result = search(&board, 4);
    assert_eq!(result.best, c(2, 4));
    assert!(result.score >= MATE_BOUND);
    assert_eq!(
        greedy(&board, &board.legal_moves(), evaluate),
        Some(c(2, 4))
    );
}

#[test]
fn answers_a_legal_move_even_without_time() {
    let mut board = Board::start();
    for (x, y) in [(2, 1), (4, 4), (5, 5), (3, 3)] {
        board = board.play(c(x, y));
    }
    let mut s = Searcher::new(1 << 16);
    let deadline = Deadline::from_now(Duration::ZERO);
    let result = s.search(&board, &Limits::new(deadline, 64));
    assert!(board.is_legal(result.best.expect("a move")));
}

// The node count of `bench --depth 5` with the table the bot plays with.
test_support::bench_tests!(bench, deterministic at 4, pinned at 5 => 676_196);

/// A self-play game of `plies` plies between two engines with `--opening-plies 3 --seed seed`,
/// searching to a fixed depth (so that it does not depend on the clock).
fn opening_game(seed: u64, plies: usize) -> Vec<Cell> {
    let game = SelfPlay {
        depth: 3,
        opening_plies: 3,
        seed,
    };
    let quiet_engine = |options: &BotOptions| {
        let mut engine = Engine::new(options);
        engine.set_verbose(false);
        engine
    };
    game.moves(plies, quiet_engine, |engine, board| {
        engine.choose(board, Deadline::unlimited())
    })
}

#[test]
fn opening_draws_are_reproducible_and_vary_with_the_seed() {
    assert_eq!(opening_game(5, 10), opening_game(5, 10));
    let first = opening_game(0, 6);
    let varied = (1..8)
        .filter(|&seed| opening_game(seed, 6) != first)
        .count();
    assert!(varied >= 4, "only {varied} of 7 seeds varied the opening");
    // The first stone is always one of the twelve equivalents of the book's.
    for seed in 0..8 {
        let stone = opening_game(seed, 1)[0];
        assert!(yavalath::engine::opening_equivalents().contains(&stone));
    }
}

#[test]
fn near_best_moves_are_never_losing_ones() {
    // Positions from seeded random games where the side to move has a defence but also safe
    // moves (no 3) that lose: even with a margin that lets every score through, no losing move
    // is a candidate, and with the real margin the candidates are within it.
    use rand::rngs::SmallRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    const DEPTH: u32 = 3;
    let limits = Limits::depth(DEPTH);
    let (mut checked, mut drawn) = (0, 0);
    for seed in 0..40u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut board = Board::start();
        while board.plies() < 8 {
            let quiet: Vec<Cell> = board
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| board.play(m).outcome().is_none())
                .collect();
            let Some(&m) = quiet.choose(&mut rng) else {
                break;
            };
            board = board.play(m);
        }
        if board.outcome().is_some() || board.swap_cell().is_some() {
            continue;
        }
        let mut searcher = Searcher::new(1 << 20);
        let result = searcher.search(&board, &limits);
        if result.depth == 0 || result.score.abs() >= MATE_BOUND {
            continue;
        }
        // As the search sees it: the reply searched to the depth left after the move.
        let loses = |m: Cell| -search(&board.play(m), DEPTH - 1).score <= -MATE_BOUND;
        let losing = board
            .legal_moves()
            .iter()
            .filter(|&&m| board.play(m).outcome().is_none() && loses(m))
            .count();
        if losing == 0 {
            continue;
        }
        let near = searcher.near_best_moves(&board, &result, 4 * MATE_BOUND, &limits);
        drawn += usize::from(!near.is_empty());
        for &m in near.iter() {
            assert!(!loses(m), "{m} loses\n{board}");
            assert_ne!(Some(m), result.best);
        }
        let margin = yavalath::search::OPENING_MARGIN;
        let close = searcher.near_best_moves(&board, &result, margin, &limits);
        for &m in close.iter() {
            assert!(!loses(m), "{m} loses\n{board}");
        }
        assert!(close.len() <= near.len());
        checked += 1;
    }
    assert!(
        checked >= 3,
        "only {checked} positions with losing candidates"
    );
    assert!(drawn >= 1, "no position had an alternative to draw");
}

#[test]
fn a_move_that_beats_the_last_iterations_best_before_the_clock_stops_is_played() {
    // The first bench position: depth 3 and depth 4 prefer different moves. The node cap stops
    // the clock inside the depth-4 iteration, as the hard budget does in play: after 16,384
    // nodes depth 4's best has already beaten depth 3's; after 24,576, nothing yet has.
    let board = board_after(BENCH_POSITIONS[0]).expect("legal moves");
    let best_at = |depth| {
        Searcher::new(1 << 20)
            .search(&board, &Limits::depth(depth))
            .best
    };
    let cut_after = |nodes| {
        let limits = Limits::depth(MAX_DEPTH).with_max_nodes(Some(nodes));
        Searcher::new(1 << 20).search(&board, &limits)
    };
    assert_ne!(best_at(3), best_at(4));
    let beaten = cut_after(16_384);
    assert_eq!((beaten.depth, beaten.best), (3, best_at(4)));
    let not_yet = cut_after(24_576);
    assert_eq!(not_yet.best, best_at(not_yet.depth));
}
