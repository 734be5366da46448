//! Proof-number search against plain exhaustive minimax near the end of random games, against
//! the alpha-beta solver further from it, with tables of very different sizes; its proven moves.

use common::game::Board as _;
use krieg::board::{Board, Side};
use krieg::dfpn::{ProofSearch, Value};
use krieg::solver::Solver;
use support::{
    check_against_minimax, endgame_positions, minimax_value, small_positions, with_tree_size,
};

mod support;

#[test]
fn proof_number_search_agrees_with_plain_minimax_near_the_end() {
    let mut search = ProofSearch::new(1 << 20);
    let counts = check_against_minimax(|board, expected| {
        assert_eq!(search.value(board, None), Some(expected), "{board}");
        // Each boolean question on its own.
        let us = board.side_to_move();
        assert_eq!(
            search.wins(board, us, None),
            Some(expected == Value::Win),
            "{board}"
        );
        assert_eq!(
            search.wins(board, us.other(), None),
            Some(expected == Value::Loss),
            "{board}"
        );
    });
    assert!(counts.iter().all(|&n| n > 0), "{counts:?}");
}

#[test]
#[ignore = "slow (20 to 40 s): .ci/run runs it, as the README says"]
fn proof_number_search_agrees_with_alpha_beta_further_from_the_end() {
    let mut search = ProofSearch::new(8 << 20);
    let mut solver = Solver::new(8 << 20);
    let mut counts = [0; 3];
    let positions = endgame_positions(1000..1200, 10);
    let larger = with_tree_size(&positions, 1_000_000, |n| (20_000..1_000_000).contains(&n));
    let mut count = 0;
    for board in &larger {
        count += 1;
        let expected = solver.solve(board, None).value;
        assert!(expected.is_some());
        assert_eq!(search.value(board, None), expected, "{board}");
        counts[expected.unwrap_or(Value::Draw) as usize] += 1;
    }
    assert!(count >= 10, "only {count} positions");
    assert!(counts[Value::Win as usize] > 0 && counts[Value::Loss as usize] > 0);
}

#[test]
#[ignore = "slow (about 13 s): .ci/run runs it, as the README says"]
fn the_value_does_not_depend_on_the_table_size() {
    let mut tiny = ProofSearch::new(64 << 10);
    let mut large = ProofSearch::new(16 << 20);
    let positions: Vec<Board> = endgame_positions(2000..2100, 12)
        .into_iter()
        .step_by(3)
        .collect();
    for board in &with_tree_size(&positions, 2_000_000, |n| n < 2_000_000) {
        let value = large.value(board, None);
        assert!(value.is_some());
        assert_eq!(tiny.value(board, None), value, "{board}");
    }
}

#[test]
fn a_kept_move_keeps_the_value() {
    let mut search = ProofSearch::new(1 << 20);
    let mut tiny = ProofSearch::new(64 << 10);
    let (mut wins, mut draws) = (0, 0);
    for board in small_positions().iter().filter(|b| b.outcome().is_none()) {
        let value = minimax_value(board);
        for searcher in [&mut search, &mut tiny] {
            let proven = searcher.value(board, None).expect("no deadline");
            let kept = searcher.keeping_move(board, proven, None);
            match value {
                Value::Loss => assert_eq!(kept, None),
                _ => {
                    let mv = kept.expect("a won or drawn position has a keeping move");
                    assert!(board.legal_moves().contains(&mv));
                    assert_eq!(
                        minimax_value(&board.play(mv)).flip(),
                        value,
                        "{board}\n{mv}"
                    );
                }
            }
        }
        match value {
            Value::Win => wins += 1,
            Value::Draw => draws += 1,
            Value::Loss => {}
        }
    }
    assert!(wins > 0 && draws > 0);
}

#[test]
fn a_past_deadline_settles_nothing() {
    let mut search = ProofSearch::new(1 << 16);
    let past = Some(std::time::Instant::now());
    assert_eq!(search.value(&Board::start(), past), None);
    assert_eq!(search.wins(&Board::start(), Side::Sentinel, past), None);
}

#[test]
fn a_cleared_table_searches_like_a_new_one() {
    // Small searches list the buckets they write and clear only those; large ones clear all.
    // Either way the next search must see an empty table: the same answer and nodes as a new
    // solver (node limits keep every search short, settled or not).
    let mut reused = ProofSearch::new(1 << 20);
    for (i, board) in endgame_positions(60..72, 12).iter().enumerate() {
        let limit = Some(if i % 3 == 0 { 200 } else { 30_000 });
        let mut fresh = ProofSearch::new(1 << 20);
        fresh.set_node_limit(limit);
        reused.set_node_limit(limit);
        reused.clear();
        let ours = reused.wins(board, Side::Sentinel, None);
        let theirs = fresh.wins(board, Side::Sentinel, None);
        assert_eq!((ours, reused.nodes()), (theirs, fresh.nodes()), "{board}");
    }
}

#[test]
fn a_node_limit_stops_a_search_unsettled() {
    let board = Board::start();
    let mut search = ProofSearch::new(1 << 20);
    search.set_node_limit(Some(1000));
    assert_eq!(search.wins(&board, Side::Sentinel, None), None);
    assert!(search.nodes() <= 1001, "{}", search.nodes());
}
