//! The search finds forced wins, prefers a live game to a draw, avoids repetitions, draws its
//! opening moves only among moves that do not lose, and its benchmark is pinned.

use common::cli::BotOptions;
use common::clock::Deadline;
use common::deepening::RootSearch;
use common::game::greedy;
use common::game::Board as _;
use common::search::{Limits, SearchResult};
use frostfire::board::{Board, Cell, Color, Move, MAX_PLIES};
use frostfire::engine::Engine;
use frostfire::eval::evaluate;
use frostfire::notation::{parse_cell, parse_move};
use frostfire::search::{
    bench, repetition_cost, Searcher, CONTEMPT, CONTEMPT_GROWTH, DRAWN_GAME, MATE, MATE_BOUND,
    TABLE_BYTES,
};
use test_support::search::SelfPlay;

fn cells(text: &str) -> Vec<Cell> {
    text.split_whitespace()
        .map(|c| parse_cell(c).unwrap())
        .collect()
}

fn board(ice: &str, fire: &str, to_move: Color, ply: u32) -> Board {
    Board::from_cells(&cells(ice), &cells(fire), to_move, ply).unwrap()
}

fn search(board: &Board, history: &[u64], depth: u32) -> SearchResult<Move> {
    let mut searcher = Searcher::new(1 << 20);
    searcher.verbose = false;
    searcher.set_game_positions(&history.iter().copied().collect());
    searcher.search(board, &Limits::depth(depth))
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
    assert_eq!(
        greedy(&b, &b.legal_moves(), evaluate),
        Some(parse_move("E2 F2").unwrap())
    );
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
        &Limits::new(Deadline::from_now(std::time::Duration::ZERO), 64),
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
    // A draw is worth nothing, as a loss: only a forced loss scores lower.
    assert_eq!(search(&late, &[], 4).score, DRAWN_GAME);
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
    assert!(second.score > -CONTEMPT.get());
}

/// A repetition costs the side that searches, whoever makes it: an opponent whose every reply
/// repeats a position of the game is taken to repeat, and that is no gain for us (a draw is worth
/// nothing to either side). Late in the game it costs more.
#[test]
fn a_repetition_costs_the_side_that_searches_whoever_repeats() {
    let start = Board::start();
    let ours = start.legal_moves()[0];
    let after = start.play(ours);
    let history: Vec<u64> = after
        .legal_moves()
        .iter()
        .map(|&reply| after.play(reply).hash())
        .collect();
    // Seen from the opponent's side (it searches): each reply costs it the contempt.
    assert_eq!(search(&after, &history, 1).score, -repetition_cost(2));
    // Seen from ours, two plies deep: the move after which every reply repeats costs us.
    let mut searcher = Searcher::new(1 << 20);
    searcher.verbose = false;
    searcher.set_game_positions(&history.iter().copied().collect());
    let r = searcher.search(&start, &Limits::depth(2));
    assert_ne!(r.best, Some(ours));
    assert!(r.score > -repetition_cost(2), "{}", r.score);
}

#[test]
fn a_repetition_costs_more_as_the_ply_limit_nears() {
    let late = |plies| {
        let b = board(
            "A5 A6 B4 B5 B6 C4 C5 A4 A7 B3 B7",
            "G1 G2 G3 G4 F1 F2 F3 F4 F5 E3 E4",
            Color::Ice,
            plies,
        );
        // Every reply of ours repeats.
        let history: Vec<u64> = b.legal_moves().iter().map(|&m| b.play(m).hash()).collect();
        search(&b, &history, 1).score
    };
    // The repeated position is one ply on.
    assert_eq!(late(0), -repetition_cost(1));
    assert_eq!(repetition_cost(0), CONTEMPT.get());
    // Half-way the cost has grown by an eighth of the growth, by the limit by all of it.
    assert_eq!(late(149), -(CONTEMPT.get() + CONTEMPT_GROWTH.get() / 8));
    assert_eq!(
        repetition_cost(MAX_PLIES),
        CONTEMPT.get() + CONTEMPT_GROWTH.get()
    );
    assert!(late(290) < late(149));
}

test_support::bench_tests!(bench, deterministic at 5, pinned at 9 => 156_810);

/// From a random game: Abagon (o) to move, two dragons lost each; some moves let Tyragon win
/// at once or by force, others do not.
///
/// ```text
/// A      o . x .
/// B     o x x . .
/// C    . o . . . .
/// D   x . . . . . o
/// E    o x x o x x 7
/// F     o x o . . 6
/// G      . . o . 5
///         1 2 3 4
/// ```
fn losing_moves_among_others() -> Board {
    board(
        "A6 B4 B5 D1 E2 E3 E5 E6 F2",
        "A4 B3 C3 D7 E1 E4 F1 F3 G3",
        Color::Fire,
        53,
    )
}

#[test]
fn near_best_moves_never_include_a_losing_move() {
    let b = losing_moves_among_others();
    let depth = 5;
    let loses = |m: Move| -search(&b.play(m), &[], depth - 1).score <= -MATE_BOUND;
    let moves: Vec<Move> = b.legal_moves().to_vec();
    assert!(
        moves.iter().any(|&m| loses(m)),
        "the test needs a losing move"
    );
    let mut searcher = Searcher::new(1 << 20);
    searcher.verbose = false;
    let limits = Limits::depth(depth);
    let result = searcher.search(&b, &limits);
    let best = result.best.unwrap();
    assert!(!loses(best));
    // A margin wider than every score: only the losing moves are left out.
    let near = searcher.near_best_moves(&b, &result, 2 * MATE, &limits);
    assert!(!near.is_empty(), "some other move does not lose");
    for &m in near.iter() {
        assert!(m != best && !loses(m), "{m} is drawn but loses");
    }
    let not_losing = moves.iter().filter(|&&m| !loses(m)).count();
    assert_eq!(
        near.len() + 1,
        not_losing,
        "every move that does not lose is kept"
    );
    // No margin: only moves as good as the best.
    let equal = searcher.near_best_moves(&b, &result, 0, &limits);
    assert!(equal.len() < near.len());
}

#[test]
fn no_near_best_moves_without_a_completed_iteration_or_when_lost() {
    let b = losing_moves_among_others();
    let mut searcher = Searcher::new(1 << 16);
    searcher.verbose = false;
    let immediate = SearchResult::immediate(b.legal_moves().first().copied(), 0);
    assert!(searcher
        .near_best_moves(&b, &immediate, 2 * MATE, &Limits::depth(3))
        .is_empty());
    // Abagon to move with G2 lost whatever it does (see above): nothing to draw from.
    let lost = board(
        "E2 F2 A5 A6 A7 B6 B7 C7",
        "G2 G1 C2 D1 E6 D7 F5 G4",
        Color::Fire,
        0,
    );
    let result = searcher.search(&lost, &Limits::depth(4));
    assert!(result.score <= -MATE_BOUND);
    assert!(searcher
        .near_best_moves(&lost, &result, 2 * MATE, &Limits::depth(4))
        .is_empty());
}

/// Self-play of `plies` plies between two search engines with `--opening-plies 4 --seed seed`.
fn opening(seed: u64, plies: usize) -> Vec<Move> {
    let game = SelfPlay {
        depth: 4,
        opening_plies: 4,
        seed,
    };
    let positions = Default::default();
    game.moves(plies, Engine::new, |engine, board| {
        engine.choose(board, &positions, Deadline::unlimited())
    })
}

#[test]
fn opening_plies_vary_the_game_by_seed_and_repeat_with_the_same_seed() {
    assert_eq!(
        opening(3, 10),
        opening(3, 10),
        "the same seed plays the same game"
    );
    let first = opening(1, 8);
    assert!(
        (2..12).any(|seed| opening(seed, 8) != first),
        "different seeds vary the opening"
    );
    // Without --opening-plies the engine plays its search's move.
    let options = BotOptions {
        depth: Some(4),
        ..BotOptions::default()
    };
    let mut searcher = Searcher::new(TABLE_BYTES);
    searcher.verbose = false;
    let best = searcher.search(&Board::start(), &Limits::depth(4)).best;
    let chosen =
        Engine::new(&options).choose(&Board::start(), &Default::default(), Deadline::unlimited());
    assert_eq!(chosen, best);
}
