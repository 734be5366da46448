//! The search finds forced wins and is deterministic at a fixed depth.

use common::cli::BotOptions;
use common::clock::Deadline;
use common::deepening::RootSearch;
use common::game::Board as _;
use common::search::{bench_boards, Limits};
use krieg::board::{Board, Move, Outcome, Side};
use krieg::engine::Engine;
use krieg::search::{Searcher, BENCH_POSITIONS, MATE_BOUND};
use std::time::{Duration, Instant};
use support::board;

mod support;

/// Plain minimax, independent of the search: can the side to move force a win within `plies`?
fn forced_win(board: &Board, plies: u32) -> bool {
    let us = board.side_to_move();
    board
        .legal_moves()
        .as_slice()
        .iter()
        .any(|&mv| wins_after(&board.play(mv), us, plies - 1))
}

fn wins_after(board: &Board, us: Side, plies: u32) -> bool {
    match board.outcome() {
        Some(Outcome::Win { winner, .. }) => return winner == us,
        Some(Outcome::Draw) => return false,
        None if plies == 0 => return false,
        None => {}
    }
    let moves = board.legal_moves();
    if board.side_to_move() == us {
        moves
            .as_slice()
            .iter()
            .any(|&mv| wins_after(&board.play(mv), us, plies - 1))
    } else {
        moves
            .as_slice()
            .iter()
            .all(|&mv| wins_after(&board.play(mv), us, plies - 1))
    }
}

fn best_move(board: &Board, depth: u32) -> (Move, i32) {
    let mut searcher = Searcher::new(1 << 20);
    let result = searcher.search(board, &Limits::depth(depth));
    (result.best.expect("a move"), result.score)
}

#[test]
fn takes_a_win_in_one() {
    let b = board("B.... ..... ..... ...B. b...s", Side::Sentinel);
    let (mv, score) = best_move(&b, 4);
    assert_eq!(mv.from.row(), 3);
    assert_eq!(
        b.play(mv).outcome().map(|o| matches!(
            o,
            Outcome::Win {
                winner: Side::Sentinel,
                ..
            }
        )),
        Some(true)
    );
    assert!(score > MATE_BOUND);
}

#[test]
fn finds_a_forced_win_that_needs_several_moves() {
    // Sentinel's bomber on (1,2) runs; Scourge cannot stop it in time.
    let b = board("....B ..B.. ..... s.... ....b", Side::Sentinel);
    assert!(forced_win(&b, 5), "the position is a forced win");
    let (mv, score) = best_move(&b, 8);
    assert!(score > MATE_BOUND, "score {score}");
    assert!(
        wins_after(&b.play(mv), Side::Sentinel, 4),
        "{mv} keeps the forced win"
    );
}

#[test]
fn stops_the_opponents_bomber_from_reaching_the_base() {
    // Scourge threatens (1,1) -> row 0; Sentinel's stinger can capture it horizontally.
    let b = board("B...B Sb... ..... ..... ....b", Side::Sentinel);
    let (mv, score) = best_move(&b, 6);
    assert_eq!(mv.to_string(), "1 0 1 2");
    assert!(score > -MATE_BOUND);
}

#[test]
fn answers_with_a_legal_move_even_with_no_time() {
    let mut searcher = Searcher::new(1 << 16);
    let deadline = Deadline::from_now(Duration::ZERO);
    let start = Board::start();
    let result = searcher.search(&start, &Limits::new(deadline, 50));
    let mv = result.best.expect("a move");
    assert!(start.try_play(mv).is_ok());
}

#[test]
fn fixed_depth_search_is_deterministic() {
    let run = || {
        let mut searcher = Searcher::new(1 << 20);
        bench_boards::<Board>(&BENCH_POSITIONS)
            .iter()
            .map(|b| {
                searcher.clear();
                let r = searcher.search(b, &Limits::depth(6));
                (r.best, r.score, r.nodes)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

/// The bench's node count at its default depth, a checksum of what the search does: a change
/// to ordering, pruning or evaluation moves it.
const BENCH_NODES: u64 = 3_538_307;

#[test]
fn bench_node_count_is_pinned() {
    assert_eq!(krieg::search::bench(None), BENCH_NODES);
}

#[test]
fn bench_lines_are_legal_games_and_bad_lines_are_reported() {
    use krieg::search::BENCH_POSITIONS;
    for line in BENCH_POSITIONS {
        let board = Board::after_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(board.outcome(), None, "{line} leaves a game to play");
    }
    assert_eq!(Board::after_line(""), Ok(Board::start()));
    assert!(Board::after_line("1 2 2 3, 1 2 2 3").is_err(), "illegal");
    assert!(Board::after_line("1 2 2").is_err(), "malformed");
}

#[test]
fn pick_move_takes_the_best_first_and_keeps_ties_in_order() {
    use krieg::board::Cell;
    use krieg::search::pick_move;
    let cell = |i| Cell::from_index(i);
    let mut moves: Vec<Move> = (0..5).map(|i| Move::new(cell(i), cell(i + 5))).collect();
    let original = moves.clone();
    let mut scores = vec![1, 3, 3, 2, 3];
    let picked: Vec<Move> = (0..moves.len())
        .map(|i| pick_move(&mut moves, &mut scores, i))
        .collect();
    let expected: Vec<Move> = [1, 2, 4, 3, 0].iter().map(|&i| original[i]).collect();
    assert_eq!(picked, expected);
    assert_eq!(scores, vec![3, 3, 3, 2, 1]);
}

/// Sentinel to move must take Scourge's bomber on (1,3), which otherwise steps onto row 0: two
/// captures do it, (0,3) over it to (2,3) and (1,2) over it to (1,4), neither winning; every
/// other move loses.
fn two_captures_or_lose() -> Board {
    board("BB.B. S.Sb. ..... ss.ss bb.bb", Side::Sentinel)
}

#[test]
fn near_best_moves_keep_the_other_saving_move_and_no_losing_one() {
    let b = two_captures_or_lose();
    let saving = ["0 3 2 3", "1 2 1 4"];
    for mv in b.legal_moves() {
        let loses = !saving.contains(&mv.to_string().as_str());
        assert_eq!(loses, forced_win(&b.play(mv), 1), "{mv}");
    }
    let limits = Limits::depth(6);
    let mut searcher = Searcher::new(1 << 20);
    let result = searcher.search(&b, &limits);
    let best = result.best.expect("a move").to_string();
    assert!(saving.contains(&best.as_str()), "{best}");
    assert!(
        result.score.abs() < MATE_BOUND,
        "no forced result: {}",
        result.score
    );
    // A margin wider than any evaluation, short of a result: only the losing moves stay out.
    let wide_margin = 5_000;
    let near = searcher.near_best_moves(&b, &result, wide_margin, &limits);
    let near: Vec<String> = near.iter().map(|m| m.to_string()).collect();
    let other = saving.iter().find(|&&m| m != best).unwrap();
    assert_eq!(near, vec![other.to_string()]);
    // With no margin, only moves as good as the best.
    let tight = searcher.near_best_moves(&b, &result, 0, &limits);
    assert!(tight
        .iter()
        .all(|m| saving.contains(&m.to_string().as_str())));
}

#[test]
fn opening_draws_never_pick_a_losing_move() {
    let b = two_captures_or_lose();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let options = BotOptions {
            depth: Some(6),
            opening_plies: 1,
            seed,
            ..BotOptions::default()
        };
        let mut engine = Engine::new(&options);
        engine.set_verbose(false);
        let mv = engine
            .choose(&b, engine.deadline(Instant::now()))
            .expect("a move");
        assert!(
            !forced_win(&b.play(mv), 1),
            "seed {seed} drew the losing {mv}"
        );
        seen.insert(mv.to_string());
    }
    assert!(!seen.is_empty());
}

/// A game of our engine against itself at a fixed depth, both sides drawing their first
/// `plies` own moves with `seed`: the moves played.
fn self_play(seed: u64, plies: u32) -> Vec<Move> {
    let options = BotOptions {
        depth: Some(4),
        opening_plies: plies,
        seed,
        ..BotOptions::default()
    };
    let mut sides = [Engine::new(&options), Engine::new(&options)];
    for engine in sides.iter_mut() {
        engine.set_verbose(false);
    }
    let mut board = Board::start();
    let mut moves = Vec::new();
    while board.outcome().is_none() && moves.len() < 60 {
        let engine = &mut sides[board.side_to_move().index()];
        let mv = engine
            .choose(&board, engine.deadline(Instant::now()))
            .expect("a move");
        board = board.try_play(mv).expect("a legal move");
        moves.push(mv);
    }
    moves
}

#[test]
fn opening_plies_vary_the_game_by_seed_and_repeat_it_for_the_same_seed() {
    assert_eq!(
        self_play(7, 3),
        self_play(7, 3),
        "the same seed plays the same game"
    );
    let fixed = self_play(7, 0);
    assert_eq!(
        fixed,
        self_play(8, 0),
        "without draws the seed changes nothing"
    );
    let first = self_play(1, 3);
    let varied = (2..6).any(|seed| self_play(seed, 3)[..6] != first[..6]);
    assert!(varied, "different seeds vary the opening");
}

#[test]
fn opening_draws_never_give_up_a_proven_win() {
    // Sentinel's start is a proven win: whatever the seed, a drawn first move is the book's,
    // never one the search only sees as near the best (some of those only draw).
    let start = Board::start();
    let book = krieg::book::book_move(&start).expect("the start is in the proof book");
    for seed in 0..8 {
        let options = BotOptions {
            movetime: Some(std::time::Duration::from_millis(20)),
            opening_plies: 4,
            seed,
            ..BotOptions::default()
        };
        let mut engine = Engine::new(&options);
        engine.set_verbose(false);
        let mv = engine
            .choose(&start, engine.deadline(Instant::now()))
            .expect("a move");
        assert_eq!(mv, book, "seed {seed}");
    }
}
