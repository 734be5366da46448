//! Every rule of Krieg (`src/lib.rs`, "The rules as implemented"), one named test or named case
//! each.

use common::game::Board as _;
use krieg::board::{Board, Cell, IllegalMoveError, Move, Outcome, Side, WinReason};
use krieg::notation::parse_move;
use support::board;

mod support;

/// The outcome of a win by `winner` for `reason`.
fn win(winner: Side, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

/// Playing `text` on `board` wins the game for the side to move, by `reason`.
fn check_winning_move(board: &Board, text: &str, reason: WinReason) {
    let after = board.try_play(mv(text)).unwrap();
    assert_eq!(after.outcome(), win(board.side_to_move(), reason), "{text}");
}

fn mv(text: &str) -> Move {
    parse_move(text).expect("a well-formed move")
}

fn moves_of(board: &Board) -> Vec<String> {
    let mut list: Vec<String> = board
        .legal_moves()
        .as_slice()
        .iter()
        .map(|m| m.to_string())
        .collect();
    list.sort();
    list
}

fn from_cell(board: &Board, row: i32, column: i32) -> Vec<String> {
    let cell = Cell::new(row, column).unwrap();
    let mut list: Vec<String> = board
        .legal_moves()
        .as_slice()
        .iter()
        .filter(|m| m.from == cell)
        .map(|m| m.to_string())
        .collect();
    list.sort();
    list
}

#[test]
fn initial_position_has_bombers_on_the_bases_and_stingers_in_front() {
    let start = Board::start();
    let expected = board("BBBBB SSSSS ..... sssss bbbbb", Side::Sentinel);
    assert_eq!(start, expected);
    assert_eq!(start.side_to_move(), Side::Sentinel);
    assert_eq!(start.outcome(), None);
    // Only the stingers can move at first, each diagonally forward.
    let expected_moves = [
        "1 0 2 1", "1 1 2 0", "1 1 2 2", "1 2 2 1", "1 2 2 3", "1 3 2 2", "1 3 2 4", "1 4 2 3",
    ];
    assert_eq!(moves_of(&start), expected_moves);
}

#[test]
fn sentinel_moves_down_and_scourge_moves_up() {
    assert_eq!(Side::Sentinel.forward(), 1);
    assert_eq!(Side::Scourge.forward(), -1);
    assert_eq!(Side::Sentinel.goal_row(), 4);
    assert_eq!(Side::Scourge.goal_row(), 0);
}

#[test]
fn stinger_steps_diagonally_forward_only() {
    let b = board("B.... ..... ..S.. ..... b...b", Side::Sentinel);
    assert_eq!(from_cell(&b, 2, 2), ["2 2 3 1", "2 2 3 3"]);
    let b = board("B...B ..... ..s.. ..... b....", Side::Scourge);
    assert_eq!(from_cell(&b, 2, 2), ["2 2 1 1", "2 2 1 3"]);
}

#[test]
fn bomber_steps_forward_or_diagonally_forward() {
    let b = board("..... ..... ..B.. ..... b...b", Side::Sentinel);
    assert_eq!(from_cell(&b, 2, 2), ["2 2 3 1", "2 2 3 2", "2 2 3 3"]);
}

#[test]
fn steps_need_an_empty_cell_and_stay_on_the_board() {
    // The edge cuts a diagonal; own and enemy pieces block steps.
    let b = board("..B.. S...S S.... ..... b...b", Side::Sentinel);
    assert_eq!(from_cell(&b, 1, 0), ["1 0 2 1"]);
    assert_eq!(from_cell(&b, 1, 4), ["1 4 2 3"]);
    let b = board("..... .B... sss.. ..... ....b", Side::Sentinel);
    // Forward blocked by enemies; the vertical capture needs (3,1) empty, which it is.
    assert_eq!(from_cell(&b, 1, 1), ["1 1 3 1"]);
}

#[test]
fn nothing_moves_backward_or_sideways_without_capturing() {
    let b = board("..... ..... ..B.. ..... b...b", Side::Sentinel);
    for text in ["2 2 1 2", "2 2 1 1", "2 2 2 1", "2 2 2 3"] {
        assert_eq!(
            b.try_play(mv(text)),
            Err(IllegalMoveError::NotAllowed),
            "{text}"
        );
    }
}

#[test]
fn vertical_capture_jumps_forward_and_removes_the_piece() {
    let b = board("B.... ..... ..S.. ..b.. b....", Side::Sentinel);
    assert!(from_cell(&b, 2, 2).contains(&"2 2 4 2".to_string()));
    let after = b.try_play(mv("2 2 4 2")).unwrap();
    assert_eq!(after, board("B.... ..... ..... ..... b.S..", Side::Scourge));
}

#[test]
fn vertical_capture_needs_an_empty_landing_cell_on_the_board() {
    let b = board("B.... ..... ..S.. ..b.. ..b..", Side::Sentinel);
    assert!(!from_cell(&b, 2, 2).contains(&"2 2 4 2".to_string()));
    // A capture off the board: a Scourge stinger on row 1 facing a Sentinel piece on row 0.
    let b = board("..B.. ..s.. ..... ..... ....b", Side::Scourge);
    assert!(from_cell(&b, 1, 2).iter().all(|m| !m.ends_with("-1 2")));
    assert_eq!(b.try_play(mv("1 2 0 2")), Err(IllegalMoveError::NotAllowed));
}

#[test]
fn no_backward_vertical_capture() {
    let b = board("B.... ..b.. ..S.. ..... b....", Side::Sentinel);
    assert!(!from_cell(&b, 2, 2).contains(&"2 2 0 2".to_string()));
    assert_eq!(b.try_play(mv("2 2 0 2")), Err(IllegalMoveError::NotAllowed));
}

#[test]
fn horizontal_capture_both_ways() {
    let b = board("B.... ..... .sSs. ..... b...b", Side::Sentinel);
    let moves = from_cell(&b, 2, 2);
    assert!(moves.contains(&"2 2 2 0".to_string()));
    assert!(moves.contains(&"2 2 2 4".to_string()));
    let after = b.try_play(mv("2 2 2 4")).unwrap();
    assert_eq!(after, board("B.... ..... .s..S ..... b...b", Side::Scourge));
}

#[test]
fn horizontal_capture_by_a_bomber_and_by_scourge() {
    let b = board("B...B ..... .Sb.. ..... .....", Side::Scourge);
    let after = b.try_play(mv("2 2 2 0")).unwrap();
    assert_eq!(
        after,
        board("B...B ..... b.... ..... .....", Side::Sentinel)
    );
}

#[test]
fn no_horizontal_capture_on_rows_0_and_4() {
    let b = board("sB... ..... ..... ..... Sb..b", Side::Sentinel);
    assert_eq!(b.try_play(mv("0 1 0 3")), Err(IllegalMoveError::NotAllowed));
    let b = board("B...B ..... ..... ..... ...Sb", Side::Scourge);
    assert_eq!(b.try_play(mv("4 4 4 2")), Err(IllegalMoveError::NotAllowed));
}

#[test]
fn horizontal_capture_needs_an_empty_landing_cell_on_the_board() {
    // Off the board: the stinger on (2,3) would land on (2,5).
    let b = board("B.... ..... ...Ss ..... ....b", Side::Sentinel);
    assert!(!from_cell(&b, 2, 3).iter().any(|m| m.starts_with("2 3 2")));
    // On an occupied cell: (2,3).
    let b = board("B.... ..... .Sss. ..... ....b", Side::Sentinel);
    assert!(!from_cell(&b, 2, 1).iter().any(|m| m.starts_with("2 1 2")));
}

#[test]
fn own_pieces_are_never_captured() {
    let b = board("B.... ..... .SS.. ..... b...b", Side::Sentinel);
    assert!(!from_cell(&b, 2, 1).contains(&"2 1 2 3".to_string()));
}

#[test]
fn a_stinger_on_the_last_row_cannot_move_and_wins_nothing() {
    let b = board("....B ..... ..... S.... b...b", Side::Sentinel);
    let after = b.try_play(mv("3 0 4 1")).unwrap();
    assert_eq!(after.outcome(), None, "a stinger on the base wins nothing");
    // Next Sentinel turn: the stinger on row 4 has no steps and no horizontal captures.
    let stuck = board("B.... ..... ..... ..... Sb..b", Side::Sentinel);
    assert!(from_cell(&stuck, 4, 0).is_empty());
}

#[test]
fn a_bomber_reaching_the_opponents_base_wins_by_a_step_or_a_capture() {
    for (rows, side, text) in [
        ("..... ..... ..... ..B.. b...b", Side::Sentinel, "3 2 4 2"),
        ("B...B .b... ..... ..... .....", Side::Scourge, "1 1 0 2"),
        // By capture.
        ("..... ..... ..B.. ..s.. b...b", Side::Sentinel, "2 2 4 2"),
    ] {
        check_winning_move(&board(rows, side), text, WinReason::BomberReachedBase);
    }
}

#[test]
fn taking_the_last_bomber_wins() {
    let b = board("B.... ..... .Sb.. ..... s....", Side::Sentinel);
    check_winning_move(&b, "2 1 2 3", WinReason::LastBomberTaken);
}

#[test]
fn reaching_the_base_is_checked_before_the_last_bomber() {
    // Sentinel captures Scourge's last bomber by landing on row 4: the base rule is reported.
    let b = board("..... ..... ..B.. ..b.. .....", Side::Sentinel);
    check_winning_move(&b, "2 2 4 2", WinReason::BomberReachedBase);
}

#[test]
fn a_blocked_side_to_move_loses_with_fewer_bombers_wins_with_more_and_draws_with_as_many() {
    for (case, rows, outcome) in [
        // Scourge's only bomber, on (1,0), faces Sentinel pieces and has no capture.
        (
            "fewer bombers",
            "SSB.. b.... ..B.. ..... .....",
            win(Side::Sentinel, WinReason::MoreBombersWhenBlocked),
        ),
        // Scourge's bombers on (1,0) and (1,2) face a full row 0 and have nothing to capture.
        (
            "more bombers",
            "SSSS. b.b.. ....B ..... .....",
            win(Side::Scourge, WinReason::MoreBombersWhenBlocked),
        ),
        (
            "as many bombers",
            "SS... b.... ....B ..... .....",
            Some(Outcome::Draw),
        ),
    ] {
        let b = board(rows, Side::Scourge);
        assert!(!b.has_move(), "{case}");
        assert_eq!(b.outcome(), outcome, "{case}");
    }
}

#[test]
fn a_finished_game_has_no_moves_and_rejects_moves() {
    let b = board("b.... ..... ..... ..... ....B", Side::Sentinel);
    assert!(b.outcome().is_some());
    assert!(b.legal_moves().is_empty());
    assert_eq!(b.try_play(mv("4 4 3 4")), Err(IllegalMoveError::GameOver));
}

#[test]
fn moving_a_piece_that_is_not_yours_is_illegal() {
    let b = Board::start();
    assert_eq!(b.try_play(mv("3 0 2 1")), Err(IllegalMoveError::NoOwnPiece));
    assert_eq!(b.try_play(mv("2 0 3 1")), Err(IllegalMoveError::NoOwnPiece));
}

#[test]
fn an_illegal_move_leaves_the_position_unchanged() {
    let b = Board::start();
    let copy = b;
    assert!(b.try_play(mv("1 0 2 0")).is_err());
    assert_eq!(b, copy);
}

#[test]
fn the_move_after_a_move_is_the_other_sides() {
    let b = Board::start().try_play(mv("1 0 2 1")).unwrap();
    assert_eq!(b.side_to_move(), Side::Scourge);
    assert_eq!(b.try_play(mv("1 1 2 2")), Err(IllegalMoveError::NoOwnPiece));
}

#[test]
fn the_searches_end_of_game_is_the_boards() {
    // The proof search and the solver ask `outcome_with_moves`, with the moves they generated;
    // it must give the same end, reason included, as `outcome` on every position.
    let mut ends = 0;
    for position in support::endgame_positions(0..300, 6) {
        let expected = position.outcome();
        ends += usize::from(expected.is_some());
        assert_eq!(
            position.outcome_with_moves(&position.legal_moves()),
            expected,
            "{position}"
        );
    }
    assert!(
        ends >= 100,
        "the positions reach the end of {ends} games only"
    );
}
