//! Every rule of the crate's docs (`src/lib.rs`, "The rules as implemented") and the
//! statement's examples.

use common::game::Board as _;
use common::game::Outcome as _;
use support::{bits, c, first_to_move};
use yavalath::board::{
    placement_effect, Board, Cell, Effect, IllegalMoveError, Outcome, Player, ALL_CELLS, CELLS,
};

mod support;

/// A placement and the stones of its player already on the board.
type Example = ((i32, i32), &'static [(i32, i32)]);

/// True if the cells, in order, are consecutive along one axis.
fn straight(cells: &[(i32, i32)]) -> bool {
    let axial: Vec<(i8, i8)> = cells.iter().map(|&(x, y)| c(x, y).axial()).collect();
    let step = (axial[1].0 - axial[0].0, axial[1].1 - axial[0].1);
    let is_direction = yavalath::board::DIRECTIONS.contains(&step);
    is_direction
        && axial
            .windows(2)
            .all(|w| (w[1].0 - w[0].0, w[1].1 - w[0].1) == step)
}

#[test]
fn the_board_has_61_cells_in_rows_of_5_to_9() {
    assert_eq!(Cell::all().count(), CELLS);
    assert_eq!(ALL_CELLS.count_ones(), 61);
    for (y, len) in [5, 6, 7, 8, 9, 8, 7, 6, 5].iter().enumerate() {
        assert!(Cell::from_xy(len - 1, y as i32).is_some());
        assert!(Cell::from_xy(*len, y as i32).is_none());
    }
    assert!(Cell::from_xy(-1, 0).is_none());
    assert!(Cell::from_xy(0, 9).is_none());
    for cell in Cell::all() {
        let (q, r) = cell.axial();
        assert_eq!(Cell::from_axial(q.into(), r.into()), Some(cell));
        assert!(q.abs().max(r.abs()).max((q + r).abs()) <= 4);
    }
}

#[test]
fn neighbours_follow_the_rules_geometry() {
    // Upper half: below (x, y) are (x, y+1) and (x+1, y+1); lower half: (x-1, y+1) and (x, y+1).
    let below = |x: i32, y: i32| -> Vec<Cell> {
        (0..6)
            .filter_map(|d| c(x, y).neighbour(d))
            .filter(|n| i32::from(n.y()) == y + 1)
            .collect()
    };
    let mut upper = below(2, 1);
    upper.sort();
    assert_eq!(upper, vec![c(2, 2), c(3, 2)]);
    let mut middle = below(3, 4);
    middle.sort();
    assert_eq!(middle, vec![c(2, 5), c(3, 5)]);
    let mut lower = below(3, 6);
    lower.sort();
    assert_eq!(lower, vec![c(2, 7), c(3, 7)]);
}

#[test]
fn the_statements_example_lines_are_straight() {
    for line in [
        &[(4, 3), (4, 4), (3, 5), (2, 6)][..],
        &[(3, 2), (4, 3), (5, 4), (5, 5)],
        &[(3, 3), (4, 3), (5, 3), (6, 3), (7, 3)],
        &[(0, 0), (1, 1), (2, 2), (3, 3)],
        &[(4, 3), (4, 2), (4, 1), (4, 0)],
        &[(4, 3), (3, 3), (2, 3), (1, 3)],
        &[(2, 3), (2, 4), (1, 5)],
        &[(2, 2), (3, 3), (4, 4)],
        &[(4, 2), (4, 3), (4, 4)],
        &[(3, 3), (4, 4), (4, 5)],
        &[(3, 3), (3, 4), (2, 5)],
    ] {
        assert!(straight(line), "{line:?} should be a straight line");
    }
    assert!(!straight(&[(3, 3), (4, 4), (5, 5)]));
}

/// The winning examples: each placement makes a run of 4 or 5.
/// Each example's move, played among its stones of the mover, has `effect`.
fn check_effects(examples: &[Example], effect: Effect) {
    for &((x, y), stones) in examples {
        assert_eq!(
            placement_effect(bits(stones), c(x, y)),
            effect,
            "({x}, {y}) with {stones:?}"
        );
    }
}

#[test]
fn the_statements_winning_moves_win() {
    let cases: [Example; 6] = [
        ((2, 2), &[(0, 0), (1, 1), (3, 3)]),
        ((4, 2), &[(4, 3), (4, 1), (4, 0)]),
        ((5, 3), &[(3, 3), (4, 3), (6, 3), (7, 3)]),
        ((5, 4), &[(3, 2), (4, 3), (5, 5)]),
        ((4, 4), &[(4, 3), (3, 5), (2, 6)]),
        ((2, 3), &[(4, 3), (3, 3), (1, 3), (2, 4), (1, 5)]),
    ];
    check_effects(&cases, Effect::Four);
}

#[test]
fn a_four_wins_even_when_a_three_is_made_too() {
    // The last winning example: (2,3) makes 4 along row 3 and 3 along (2,3) (2,4) (1,5).
    let board = first_to_move(
        &[(4, 3), (3, 3), (1, 3), (2, 4), (1, 5)],
        &[(0, 0), (8, 4), (0, 8), (4, 8), (7, 4)],
    );
    let after = board.play(c(2, 3));
    assert_eq!(after.outcome(), Some(Outcome::Four(Player::First)));
    assert_eq!(after.outcome().unwrap().winner(), Some(Player::First));
}

#[test]
fn the_statements_losing_moves_lose() {
    let cases: [Example; 5] = [
        ((2, 3), &[(3, 3), (4, 3)]),
        ((2, 2), &[(3, 3), (4, 4)]),
        ((4, 2), &[(4, 3), (4, 4)]),
        ((4, 5), &[(3, 3), (4, 4)]),
        ((3, 4), &[(3, 3), (2, 5)]),
    ];
    check_effects(&cases, Effect::Three);
}

#[test]
fn a_three_loses_the_game_for_its_maker() {
    let board = first_to_move(&[(3, 3), (4, 3)], &[(0, 0), (8, 4)]);
    let after = board.play(c(2, 3));
    assert_eq!(after.outcome(), Some(Outcome::Three(Player::First)));
    assert_eq!(after.outcome().unwrap().winner(), Some(Player::Second));
    assert_eq!(after.move_count(), 0);
    assert_eq!(after.try_play(c(0, 4)), Err(IllegalMoveError::GameOver));
}

#[test]
fn runs_of_two_and_broken_lines_do_not_end_the_game() {
    assert_eq!(placement_effect(bits(&[(3, 3)]), c(4, 3)), Effect::Quiet);
    // X X . X: the gap is not filled, so no run of 3.
    assert_eq!(
        placement_effect(bits(&[(0, 4), (1, 4)]), c(3, 4)),
        Effect::Quiet
    );
}

/// `board` refuses each of `cells` as occupied.
fn check_occupied(board: &Board, cells: &[(i32, i32)]) {
    for &(x, y) in cells {
        assert_eq!(
            board.try_play(c(x, y)),
            Err(IllegalMoveError::Occupied(c(x, y)))
        );
    }
}

#[test]
fn a_filled_cell_cannot_be_played() {
    // The statement's (0,6) example: a filled cell loses; here it is refused.
    let board = first_to_move(&[(0, 6), (4, 4)], &[(1, 1), (2, 2)]);
    check_occupied(&board, &[(0, 6), (1, 1)]);
    assert!(!board.is_legal(c(0, 6)));
}

#[test]
fn player_two_may_steal_the_first_stone() {
    let b1 = Board::start().play(c(4, 4));
    assert_eq!(b1.swap_cell(), Some(c(4, 4)));
    assert!(b1.is_legal(c(4, 4)));
    assert_eq!(b1.move_count(), 61);
    let b2 = b1.try_play(c(4, 4)).unwrap();
    assert_eq!(b2.at(c(4, 4)), Some(Player::Second));
    assert_eq!(b2.stones(Player::First), 0);
    assert_eq!(b2.plies(), 2);
    assert_eq!(b2.side_to_move(), Player::First);
    assert_eq!(b2.hash(), b2.compute_hash());
    assert!(b2.outcome().is_none());
    // The stolen stone is now simply occupied.
    assert!(!b2.is_legal(c(4, 4)));
}

#[test]
fn player_two_may_also_decline_the_swap() {
    let b2 = Board::start().play(c(4, 4)).play(c(3, 3));
    assert_eq!(b2.at(c(4, 4)), Some(Player::First));
    assert_eq!(b2.at(c(3, 3)), Some(Player::Second));
    assert_eq!(b2.swap_cell(), None);
}

#[test]
fn the_swap_is_only_on_player_twos_first_turn() {
    assert_eq!(Board::start().swap_cell(), None);
    let b3 = Board::start().play(c(4, 4)).play(c(0, 0)).play(c(2, 2));
    assert_eq!(b3.swap_cell(), None);
    check_occupied(&b3, &[(2, 2), (4, 4)]);
}

/// A full colouring without a run of 3: colour by `(q + 2r + offset) mod 4 < 2`.
fn drawn_colouring() -> (u64, u64) {
    for offset in 0..4 {
        let mut first = 0u64;
        for cell in Cell::all() {
            let (q, r) = cell.axial();
            if (i32::from(q) + 2 * i32::from(r) + offset).rem_euclid(4) < 2 {
                first |= cell.bit();
            }
        }
        if first.count_ones() == 31 {
            return (first, ALL_CELLS & !first);
        }
        if first.count_ones() == 30 {
            return (ALL_CELLS & !first, first);
        }
    }
    panic!("no balanced colouring");
}

#[test]
fn a_full_board_without_runs_is_a_draw() {
    let (first, second) = drawn_colouring();
    let last = Cell::lowest(first);
    let board = Board::from_stones(first & !last.bit(), second, Player::First).unwrap();
    assert_eq!(board.plies(), 60);
    let end = board.play(last);
    assert_eq!(end.outcome(), Some(Outcome::Full));
    assert_eq!(end.outcome().unwrap().winner(), None);
    assert_eq!(end.move_count(), 0);
}

#[test]
fn positions_from_stones_count_the_swap() {
    // After a swap Player 1 has one stone fewer than Player 2.
    let b = Board::from_stones(0, bits(&[(4, 4)]), Player::First).unwrap();
    assert_eq!(b.plies(), 2);
    let b = Board::from_stones(bits(&[(4, 4)]), 0, Player::Second).unwrap();
    assert_eq!(b.plies(), 1);
    assert_eq!(b.swap_cell(), Some(c(4, 4)));
    assert!(Board::from_stones(0, 0, Player::Second).is_err());
    assert!(Board::from_stones(bits(&[(1, 1)]), bits(&[(1, 1)]), Player::First).is_err());
    assert!(Board::from_stones(bits(&[(1, 1), (2, 2)]), 0, Player::First).is_err());
}
