//! The network's inputs (`frostfire::net_features`) over random positions: well-formed lists,
//! the meaning of each input, the 180° rotation that makes each side see itself as the first
//! player, the changes between positions (`NetInputs`, what the search's evaluator reads)
//! against the lists computed from scratch, and the evaluator against the network.

use common::game::Board as _;
use frostfire::board::{Board, Cell, Color};
use frostfire::net_features::{inputs, side_inputs, NetInputs, CELLS, INPUTS};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use test_support::net::{active_inputs, changes, check_changes, check_evaluator_walk};

/// Positions of seeded random games (as the property suite plays them: from the start, until
/// the game ends or 150 plies), `count` of them.
fn random_positions(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut board = Board::start();
        while board.outcome().is_none() && board.plies() < 150 && found.len() < count {
            found.push(board);
            let m = *board.legal_moves().choose(&mut rng).expect("a move");
            board = board.play(m);
        }
    }
    found
}

/// The cell rotated 180°.
fn rotated(cell: Cell) -> Cell {
    Cell::new(6 - cell.row(), 8 - cell.diag()).expect("the rotation maps the board onto itself")
}

/// The same position with the sides' roles swapped: the board rotated 180°, ICE's dragons
/// FIRE's and the other way round, the other side to move.
fn mirrored(board: &Board) -> Board {
    let dragons = |color: Color| -> Vec<Cell> {
        Cell::all()
            .filter(|&c| board.at(c) == Some(color))
            .map(rotated)
            .collect()
    };
    Board::from_cells(
        &dragons(Color::Fire),
        &dragons(Color::Ice),
        board.side_to_move().other(),
        board.plies(),
    )
    .expect("a valid position")
}

/// `side`'s inputs written from their definition, cell by cell.
fn expected_inputs(board: &Board, side: Color) -> Vec<u16> {
    let seen = |cell: Cell| match side {
        Color::Ice => cell,
        Color::Fire => rotated(cell),
    };
    let mut list = Vec::new();
    for (number, cell) in Cell::all().enumerate() {
        // The cell that `side` sees as cell `number`.
        let actual = Cell::all().find(|&c| seen(c) == cell).expect("a cell");
        match board.at(actual) {
            Some(color) if color == side => list.push(number as u16),
            Some(_) => list.push((CELLS + number) as u16),
            None => {}
        }
    }
    list.sort_unstable();
    list
}

#[test]
fn the_lists_are_ascending_within_the_inputs_and_mean_what_they_say() {
    let positions = random_positions(3000, 27);
    assert!(positions.iter().any(|b| b.lost(Color::Fire) >= 2));
    for board in &positions {
        for side in [Color::Ice, Color::Fire] {
            let list = side_inputs(board, side);
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{board}");
            assert!(list.iter().all(|&i| usize::from(i) < INPUTS), "{board}");
            assert_eq!(list.len() as u32, board.occupied().count_ones());
            assert_eq!(list.to_vec(), expected_inputs(board, side), "{board}");
            assert_eq!(
                active_inputs::<NetInputs>(board, side.index()),
                list.to_vec()
            );
        }
        let us = board.side_to_move();
        assert_eq!(
            inputs(board),
            (side_inputs(board, us), side_inputs(board, us.other()))
        );
    }
}

#[test]
fn each_side_sees_itself_as_the_first_player() {
    // The start is its own mirror image: both sides see the same board.
    let start = Board::start();
    assert_eq!(mirrored(&start).occupied(), start.occupied());
    let (us, them) = inputs(&start);
    assert_eq!(us, them);
    assert_eq!(us.len(), 22);
    for board in &random_positions(3000, 28) {
        let mirror = mirrored(board);
        for side in [Color::Ice, Color::Fire] {
            assert_eq!(side_inputs(&mirror, side.other()), side_inputs(board, side));
        }
        // The side to move is the other player, in the same place: the same lists.
        assert_eq!(inputs(&mirror), inputs(board));
    }
}

#[test]
fn the_changes_of_every_legal_move_lead_from_the_parent_lists_to_the_child_lists() {
    let mut moves = 0;
    let mut eliminations = 0;
    for parent in &random_positions(2500, 29) {
        for &m in parent.legal_moves().iter() {
            let child = parent.play(m);
            eliminations +=
                usize::from(child.occupied().count_ones() < parent.occupied().count_ones());
            assert!(check_changes::<NetInputs>(parent, &child, &m));
            moves += 1;
        }
    }
    assert!(
        moves > 20_000 && eliminations > 50,
        "{moves} moves, {eliminations} eliminations"
    );
}

#[test]
fn the_changes_hold_for_a_forced_move_that_shifts_a_whole_line() {
    // The judge's move pushing a line of five alternating dragons: every one shifts.
    let cells = |names: &[&str]| -> Vec<Cell> {
        names
            .iter()
            .map(|n| {
                let b = n.as_bytes();
                Cell::new(b[0] - b'A', b[1] - b'0').expect("a cell")
            })
            .collect()
    };
    let parent = Board::from_cells(
        &cells(&["D1", "D2", "D4", "A4", "A5", "A6", "A7", "B3"]),
        &cells(&["D3", "D5", "G1", "G2", "G3", "G4", "F1", "F2"]),
        Color::Ice,
        10,
    )
    .expect("a valid position");
    let m = "D1 D2".parse().expect("a move");
    let child = parent.force_play(m).expect("it applies");
    // D1 D2 D3 D4 D5 (x x o x o) all shift: ICE leaves D1 and D4, FIRE leaves D3 and D5.
    let (off, _) = changes::<NetInputs>(&parent, &child, Color::Ice.index());
    assert_eq!(off.len(), 4);
    assert!(check_changes::<NetInputs>(&parent, &child, &m));
}

/// The search's evaluator keeps accumulators from node to node: along random walks of the search
/// (down a random move, back up to a random ply, evaluations at every step, positions far apart
/// as well as one move apart) it gives exactly the network's score computed from scratch, and
/// a position scores the same whatever was evaluated before it. The mirrored position (the other
/// side to move, the board rotated) scores the same too: each side sees itself as the first
/// player.
#[test]
fn the_evaluator_scores_as_the_network_from_scratch_whatever_came_before() {
    use frostfire::eval::{evaluator, learned};
    let mut positions = random_positions(4000, 41);
    positions.insert(0, Board::start());
    let mut evaluator = evaluator(16);
    check_evaluator_walk(
        &positions,
        16,
        20_000,
        5,
        |board, ply| evaluator.evaluate(board, ply),
        learned,
    );
    for board in positions.iter().step_by(7) {
        assert_eq!(learned(board), learned(&mirrored(board)), "{board:?}");
    }
}
