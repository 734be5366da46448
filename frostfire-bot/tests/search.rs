//! The search finds forced wins, prefers a live game to a draw, avoids repetitions, and its
//! benchmark is deterministic.

use common::clock::Deadline;
use frostfire::board::{Board, Cell, Color, MAX_PLIES};
use frostfire::engine::greedy;
use frostfire::notation::{parse_cell, parse_move};
use frostfire::search::{bench, Limits, SearchResult, Searcher, CONTEMPT, MATE, MATE_BOUND};

fn cells(text: &str) -> Vec<Cell> {
    text.split_whitespace()
        .map(|c| parse_cell(c).unwrap())
        .collect()
}

fn board(ice: &str, fire: &str, to_move: Color, ply: u32) -> Board {
    Board::from_cells(&cells(ice), &cells(fire), to_move, ply).unwrap()
}

fn search(board: &Board, history: &[u64], depth: u32) -> SearchResult {
    let mut searcher = Searcher::new(1 << 20);
    searcher.verbose = false;
    searcher.search(
        board,
        history,
        Limits {
            depth: Some(depth),
            deadline: Deadline::unlimited(),
        },
    )
}

/// From a self-play game: Tyragon (x) to move forces the two eliminations it still needs in
/// seven plies; a two-ply search does not see it.
///
/// ```text
/// A      . . . .
/// B     o . . . .
/// C    . . x x x .
/// D   . . o x x x o
/// E    . . x . x . 7
/// F     . . o o o 6
/// G      o o o x 5
///         1 2 3 4
/// ```
fn forced_win() -> Board {
    board(
        "C4 C5 C6 D4 D5 D6 E3 E5 G4",
        "B3 D3 D7 F3 F4 F5 G1 G2 G3",
        Color::Ice,
        94,
    )
}

#[test]
fn finds_a_forced_double_elimination() {
    let b = forced_win();
    assert!(search(&b, &[], 2).score < MATE_BOUND);
    let result = search(&b, &[], 9);
    assert_eq!(result.score, MATE - 7, "{:?}", result);
    // Against every defence the win stays forced.
    let after = b.play(result.best.unwrap());
    for &defence in after.legal_moves().iter() {
        let r = search(&after.play(defence), &[], 6);
        assert!(r.score >= MATE_BOUND, "{defence}: {}", r.score);
    }
}

#[test]
fn takes_an_immediate_win_and_sees_an_immediate_loss() {
    let b = board(
        "E2 F2 A5 A6 A7 B6 B7 C7",
        "G2 A4 C2 D1 E6 D7 F5 G4",
        Color::Ice,
        0,
    );
    let r = search(&b, &[], 4);
    assert_eq!(r.best, Some(parse_move("E2 F2").unwrap()));
    assert_eq!(r.score, MATE - 1);
    assert_eq!(greedy(&b), Some(parse_move("E2 F2").unwrap()));
    // The same position with Fire to move: nothing saves G2 (G1 G2 only shifts the pair),
    // and the search knows the game is lost in two plies.
    let b = board(
        "E2 F2 A5 A6 A7 B6 B7 C7",
        "G2 G1 C2 D1 E6 D7 F5 G4",
        Color::Fire,
        0,
    );
    assert_eq!(search(&b, &[], 4).score, -(MATE - 2));
}

#[test]
fn the_search_always_has_a_move_even_when_stopped_at_once() {
    let mut searcher = Searcher::new(1 << 16);
    searcher.verbose = false;
    let r = searcher.search(
        &Board::start(),
        &[],
        Limits {
            depth: None,
            deadline: Deadline::from_now(std::time::Duration::ZERO),
        },
    );
    assert!(Board::start().legal_moves().contains(&r.best.unwrap()));
}

#[test]
fn the_300th_ply_is_a_draw_scored_against_the_searcher() {
    let start = Board::start();
    let late = Board::from_bits(
        start.dragons(Color::Ice),
        start.dragons(Color::Fire),
        Color::Ice,
        MAX_PLIES - 1,
    )
    .unwrap();
    assert_eq!(search(&late, &[], 4).score, -CONTEMPT);
    // A win on the 300th ply still wins.
    let b = board(
        "E2 F2 A5 A6 A7 B6 B7 C7",
        "G2 A4 C2 D1 E6 D7 F5 G4",
        Color::Ice,
        MAX_PLIES - 1,
    );
    assert_eq!(search(&b, &[], 4).score, MATE - 1);
}

#[test]
fn a_live_position_is_preferred_to_a_repetition() {
    let start = Board::start();
    let first = search(&start, &[], 5);
    let best = first.best.unwrap();
    // Pretend the position after `best` already occurred in the game.
    let history = [start.play(best).hash()];
    let second = search(&start, &history, 5);
    assert_ne!(second.best, Some(best));
    assert!(second.score > -CONTEMPT);
}

#[test]
fn bench_is_deterministic() {
    assert_eq!(bench(Some(5)), bench(Some(5)));
}
