//! The network's inputs (`kaboom::net_features`) over random positions: well-formed lists, the
//! meaning of each input, the 180° rotation that makes each player see itself as Player 1, the
//! changes between positions (`NetInputs`, what the search's evaluator reads) against the lists
//! computed from scratch, and the evaluator against the network.

use common::game::Board as _;
use kaboom::board::{Board, Move, Player, Setup, Square};
use kaboom::net_features::{inputs, side_inputs, NetInputs, INPUTS};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use test_support::net::{active_inputs, check_changes, check_evaluator_walk};

/// Positions of seeded random games (as the property suite plays them: from the start, the
/// placements included, until the game ends or 200 plies), `count` of them.
fn random_positions(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut board = Board::start();
        while board.outcome().is_none() && found.len() < count {
            found.push(board);
            let m = *board.legal_moves().choose(&mut rng).expect("a move");
            board = board.play(m);
        }
    }
    found
}

/// The square rotated 180°.
fn rotated(square: Square) -> Square {
    Square::from_index(63 - square.index())
}

/// The position's description.
fn setup(board: &Board) -> Setup {
    let mut setup = Setup::start();
    for player in Player::BOTH {
        for colour in 0..8u8 {
            setup.rangers[player.index()][colour as usize] = board.ranger(player, colour);
        }
        setup.carrier[player.index()] = board.carrier(player);
        setup.passes[player.index()] = board.passes(player);
    }
    setup.to_move = board.side_to_move();
    setup.required = board.required();
    setup.last_forfeit = board.last_was_forfeit();
    setup.last_ranger_mover = board.last_ranger_mover();
    setup.plies = board.plies();
    setup
}

/// The same position with the players' roles swapped: the board rotated 180°, each player's
/// rangers, bomb and counts the other's, the other player to move.
fn mirrored(board: &Board) -> Board {
    let original = setup(board);
    let mut mirror = original;
    for player in Player::BOTH {
        let (p, q) = (player.index(), player.other().index());
        mirror.rangers[p] = original.rangers[q].map(rotated);
        mirror.carrier[p] = original.carrier[q];
        mirror.passes[p] = original.passes[q];
    }
    mirror.to_move = original.to_move.other();
    mirror.last_ranger_mover = original.last_ranger_mover.map(Player::other);
    Board::from_setup(&mirror).expect("a valid position")
}

/// `side`'s inputs written from their definition, ranger by ranger.
fn expected_inputs(board: &Board, side: Player) -> Vec<u16> {
    let seen = |square: Square| match side {
        Player::One => square.index(),
        Player::Two => 63 - square.index(),
    };
    let mut list = Vec::new();
    for (k, player) in [side, side.other()].into_iter().enumerate() {
        for colour in 0..8u8 {
            let square = board.ranger(player, colour);
            list.push(64 * k + seen(square));
            if board.carrier(player) == Some(colour) {
                list.push(128 + 64 * k + seen(square));
                list.push(414 + 8 * k + usize::from(colour));
            }
            if player == board.side_to_move() && board.required() == Some(colour) {
                list.push(256 + 64 * k + seen(square));
            }
        }
        let passes = usize::from(board.passes(player));
        if passes > 0 {
            list.push(384 + 15 * k + passes - 1);
        }
    }
    let mut list: Vec<u16> = list.into_iter().map(|i| i as u16).collect();
    list.sort_unstable();
    list
}

#[test]
fn the_lists_are_ascending_within_the_inputs_and_mean_what_they_say() {
    let positions = random_positions(5000, 27);
    assert!(positions.iter().any(|b| b.passes(Player::Two) >= 3));
    for board in &positions {
        for side in Player::BOTH {
            let list = side_inputs(board, side);
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{board:?}");
            assert!(list.iter().all(|&i| usize::from(i) < INPUTS), "{board:?}");
            assert_eq!(list.to_vec(), expected_inputs(board, side), "{board:?}");
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
fn each_player_sees_itself_as_player_1() {
    // The start is its own mirror image: both players see the same board.
    let start = Board::start();
    assert_eq!(mirrored(&start).occupied(), start.occupied());
    let (us, them) = inputs(&start);
    assert_eq!(us, them);
    assert_eq!(us.len(), 16);
    for board in &random_positions(5000, 28) {
        let mirror = mirrored(board);
        for side in Player::BOTH {
            assert_eq!(side_inputs(&mirror, side.other()), side_inputs(board, side));
        }
        // The side to move is the other player, in the same place: the same lists.
        assert_eq!(inputs(&mirror), inputs(board));
    }
}

#[test]
fn the_changes_of_every_legal_move_lead_from_the_parent_lists_to_the_child_lists() {
    let mut moves = 0;
    for parent in &random_positions(1500, 29) {
        for &m in parent.legal_moves().iter() {
            assert!(check_changes::<NetInputs>(parent, &parent.play(m), &m));
            moves += 1;
        }
    }
    assert!(moves > 10_000, "{moves} moves");
}

#[test]
fn the_changes_hold_for_the_judges_forced_moves() {
    // A ranger of the mover to a random empty square, whatever the rules say.
    let mut rng = SmallRng::seed_from_u64(30);
    let mut forced = 0;
    for parent in &random_positions(3000, 31) {
        if parent.in_placement() {
            continue;
        }
        let mover = parent.side_to_move();
        let from = parent.ranger(mover, rng.gen_range(0..8));
        let to = Square::from_index(rng.gen_range(0..64));
        let m = Move::ranger(from, to);
        if let Ok(child) = parent.force_play(m) {
            assert!(check_changes::<NetInputs>(parent, &child, &m));
            forced += 1;
        }
    }
    assert!(forced > 1000, "{forced}");
}

/// The search's evaluator keeps accumulators from node to node: along random walks of the search
/// (down a random move, back up to a random ply, now and then somewhere else entirely) it gives
/// exactly the network's score computed from scratch, whatever was evaluated before; the
/// mirrored position scores the same (each player sees itself as Player 1).
#[test]
fn the_evaluator_scores_as_the_network_from_scratch_whatever_came_before() {
    use kaboom::eval::{evaluator, learned};
    let positions = random_positions(3000, 43);
    let mut evaluator = evaluator(16);
    check_evaluator_walk(
        &positions,
        16,
        20_000,
        7,
        |board, ply| evaluator.evaluate(board, ply),
        learned,
    );
    for board in positions.iter().step_by(7) {
        assert_eq!(learned(board), learned(&mirrored(board)), "{board:?}");
    }
}
