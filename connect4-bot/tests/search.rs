//! The search finds forced wins, defends, solves powerless endgames exactly, always answers,
//! and its bench is deterministic.

mod support;

use std::time::{Duration, Instant};

use common::clock::Deadline;
use common::deepening::RootSearch;
use common::game::Board as _;
use common::search::{Limits, SearchResult};
use connect4::board::{Board, Kind, Move, Outcome, Team, BOARD_MASK};
use connect4::search::{bench, Searcher, BENCH_POSITIONS, MATE_BOUND, MAX_DEPTH, OPENING_MARGIN};
use support::position_with;

const ALL: u8 = 0b1111;

fn search(board: &Board, depth: Option<u32>) -> SearchResult<Move> {
    let mut s = Searcher::new(1 << 20);
    s.verbose = false;
    s.search(board, &Limits::depth(depth.unwrap_or(MAX_DEPTH)))
}

/// True when the team to move can win at once.
fn wins_at_once(board: &Board) -> bool {
    let me = board.side_to_move();
    board
        .legal_moves()
        .as_slice()
        .iter()
        .any(|&m| board.play(m).outcome() == Some(Outcome::Win(me)))
}

#[test]
fn finds_an_immediate_win() {
    let b = position_with("OO.....\nXXX....", Team::One, [0, 0], [3, 2]);
    let r = search(&b, Some(4));
    let m = r.best.unwrap();
    assert_eq!(b.play(m).outcome(), Some(Outcome::Win(Team::One)), "{m}");
    assert!(r.score >= MATE_BOUND);
}

#[test]
fn finds_a_forced_win_by_a_double_threat() {
    // X to move makes . X X X . on the bottom row; team 2 has no power left to clear it.
    let b = position_with("......O\n.XX...O", Team::One, [0, ALL], [2, 2]);
    let r = search(&b, Some(6));
    let m = r.best.unwrap();
    assert!(r.score >= MATE_BOUND, "score {}", r.score);
    assert_eq!(m.column.number(), 4);
    let after = b.play(m);
    for &reply in after.legal_moves().as_slice() {
        let next = after.play(reply);
        assert!(next.outcome().is_none());
        assert!(wins_at_once(&next), "after {m} {reply} X must win");
    }
}

#[test]
fn a_clearing_power_held_by_the_opponent_defuses_the_double_threat() {
    // The same position, but team 2 still holds clear row: no forced win in 3 plies.
    let b = position_with("......O\n.XX...O", Team::One, [0, 0b1110], [2, 2]);
    let r = search(&b, Some(3));
    assert!(r.score < MATE_BOUND, "score {}", r.score);
}

#[test]
fn blocks_an_immediate_threat() {
    let b = position_with("X......\nXOOO..X", Team::One, [ALL, ALL], [3, 3]);
    let r = search(&b, Some(5));
    let after = b.play(r.best.unwrap());
    assert!(!wins_at_once(&after), "{} lets team 2 win", r.best.unwrap());
}

#[test]
fn uses_a_power_when_nothing_else_saves_the_game() {
    // Team 2 threatens a1 and e1; only a clear saves team 1.
    let b = position_with(".OOO.XX", Team::One, [DUAL, ALL], [2, 3]);
    let r = search(&b, Some(4));
    let m = r.best.unwrap();
    assert!(m.kind.is_power(), "{m}");
    assert!(r.score > -MATE_BOUND, "score {}", r.score);
    assert!(!wins_at_once(&b.play(m)));
}

/// A position 16 plies before a game's end in a clear that gave both teams four: after team 1's
/// `5 7` (the game went on with `5 6`), team 2 is lost whatever it plays. Such a draw is a win
/// the stronger side let go, not a true draw: the search must see the win.
#[test]
fn sees_the_win_behind_a_draw_of_both_teams_four() {
    let line = "5 4,5 5,5 3,5 4,5 4,5 1,5 4,5 4,5 3,5 2,4 6,5 2,5 3,2 3,5 4,5 6,5 5,5 5,5 5,4 1,\
                5 5,5 5,5 7,5 1,1 7,5 2,5 6,5 2,3 1,5 1,5 7,3 6,5 5,5 1,5 1,5 1,5 5,5 2,5 7";
    let board = Board::after_line(line).expect("a legal line");
    assert_eq!(board.side_to_move(), Team::Two);
    let r = search(&board, Some(20));
    assert!(r.score <= -MATE_BOUND, "score {}", r.score);
}

const DUAL: u8 = 0b1000;

/// Exact value by plain minimax: 1 win, 0 draw, -1 loss for the team to move.
fn brute(board: &Board) -> i32 {
    match board.outcome() {
        Some(Outcome::Draw) => return 0,
        Some(Outcome::Win(t)) => return if t == board.side_to_move() { 1 } else { -1 },
        None => {}
    }
    board
        .legal_moves()
        .as_slice()
        .iter()
        .map(|&m| -brute(&board.play(m)))
        .max()
        .unwrap()
}

#[test]
fn solves_powerless_endgames_exactly() {
    // A full board without four, with cells taken away from the top of some columns.
    let full = "
        OXXOOXX
        XXOXXOO
        OOXXOOX
        XXOXXOO
        OOXOOXX
        XOOXXOO";
    let rows: Vec<&str> = full
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let cases: [&[usize]; 4] = [
        &[0, 2, 3, 6],
        &[1, 2, 4, 5, 6],
        &[0, 1, 3, 4],
        &[2, 3, 4, 5],
    ];
    let mut decided = 0;
    for (case, columns) in cases.iter().enumerate() {
        for to_move in Team::BOTH {
            // Empty the top two rows of `columns` and the top row of the rest.
            let picture: Vec<String> = rows
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    row.chars()
                        .enumerate()
                        .map(|(c, ch)| {
                            if i == 0 || (i == 1 && columns.contains(&c)) {
                                '.'
                            } else {
                                ch
                            }
                        })
                        .collect()
                })
                .collect();
            let b = position_with(&picture.join("\n"), to_move, [ALL, ALL], [20, 20]);
            let empties = (BOARD_MASK & !b.occupied()).count_ones();
            let exact = brute(&b);
            let r = search(&b, None);
            let value = if r.score >= MATE_BOUND {
                1
            } else if r.score <= -MATE_BOUND {
                -1
            } else {
                0
            };
            assert_eq!(
                value, exact,
                "case {case} {to_move}: score {}\n{b}",
                r.score
            );
            assert!(r.depth >= empties || r.score.abs() >= MATE_BOUND);
            if exact != 0 {
                decided += 1;
            }
        }
    }
    assert!(decided > 0, "the cases should not all be draws");
}

#[test]
fn always_answers_even_without_time() {
    let b = Board::start();
    let mut s = Searcher::new(1 << 20);
    s.verbose = false;
    let deadline = Deadline::new(Instant::now(), Duration::ZERO, Duration::ZERO);
    let r = s.search(&b, &Limits::new(deadline, MAX_DEPTH));
    assert!(b.is_legal(r.best.expect("a move")));
}

#[test]
fn a_forced_dual_disc_is_what_the_search_plays() {
    let b = position_with("XO.....", Team::One, [0, 0], [9, 9]);
    let r = search(&b, Some(3));
    assert_eq!(r.best.unwrap().kind, Kind::Dual);
}

// `connect4-bot bench` at its default depth 9 gives 539474.
test_support::bench_tests!(bench, deterministic at 5, pinned at 6 => BENCH_DEPTH_6_NODES);

/// `bench --depth 6` over the bench positions.
const BENCH_DEPTH_6_NODES: u64 = 64_215;

#[test]
fn every_bench_position_parses() {
    let bench_position = Board::after_line;
    for line in BENCH_POSITIONS {
        assert!(bench_position(line).is_ok(), "{line}");
    }
    assert!(bench_position("5 4,6 1").is_err());
    assert!(bench_position("5 4,5 4,5 4,5 4,5 4,5 4,5 4").is_err());
}

#[test]
fn near_best_moves_are_within_the_margin_and_never_losing() {
    // Team 2 threatens the bottom row at columns 1 and 5 (. O O O .): only a clear saves team 1;
    // every other move loses, so none of them may be drawn.
    let b = position_with(".OOO.XX", Team::One, [DUAL, 0], [2, 3]);
    let mut s = Searcher::new(1 << 20);
    s.verbose = false;
    let limits = Limits::depth(4);
    let result = s.search(&b, &limits);
    let near = s.near_best_moves(&b, &result, OPENING_MARGIN, &limits);
    assert!(result.score > -MATE_BOUND, "score {}", result.score);
    for &m in near.iter().chain(result.best.iter()) {
        let after = b.play(m);
        assert!(!wins_at_once(&after), "{m} lets team 2 win at once");
    }
    assert!(!near.contains(&result.best.unwrap()));
    // A quiet position: some alternatives are near the best, each proved by its own search. On
    // the empty board the centre column stands out by more than `OPENING_MARGIN`, so a wider
    // margin (a threat on a row of the team's parity) makes sure there are some to check.
    let margin = connect4::eval::THREAT_GOOD_ROW;
    let quiet = Board::start();
    let result = s.search(&quiet, &limits);
    let near = s.near_best_moves(&quiet, &result, margin, &limits);
    assert!(!near.is_empty());
    for &m in near.iter() {
        let mut check = Searcher::new(1 << 20);
        check.verbose = false;
        let child = quiet.play(m);
        let score = -check.negamax(&child, 3, -INFINITY_WINDOW, INFINITY_WINDOW, 1);
        assert!(score >= result.score - margin, "{m}: {score}");
    }
}

const INFINITY_WINDOW: i32 = common::score::INFINITY;
