//! A move our rules reject but the judge has sent on: applied as given where the pieces allow it
//! (`Board::force_play`), otherwise our board is kept and the turn passes on (`Board::skip_turn`).
//! The crate docs, "When the judge sends a move our rules reject", state the policy.

use common::game::Board as _;
use kaboom::board::{
    Board, ForcePlayError, IllegalMoveError, Move, Outcome, Player, Setup, MAX_CONSECUTIVE_PASSES,
    MAX_PLIES,
};
use support::{play_lines, sq};

mod support;

/// After the placements (Player 1's bomb on orange, Player 2's on orange) and Player 1's first
/// move, orange (0,0) to (2,0): Player 2 must move its ranger of the colour of (2,0), green.
fn after_first_move() -> Board {
    let board = play_lines(&["0", "0", "1,0,0,2,0"]);
    assert_eq!(board.required(), Some(6), "green");
    board
}

/// The hash, the counts and the occupancy agree with the rangers after a forced move.
fn assert_consistent(board: &Board) {
    assert_eq!(board.hash(), board.compute_hash());
    for player in Player::BOTH {
        let mut occupied = 0u64;
        for colour in 0..8 {
            occupied |= board.ranger(player, colour).bit();
        }
        assert_eq!(occupied, board.occupied_by(player));
        assert_eq!(occupied.count_ones(), 8);
        assert!(board.passes(player) <= MAX_CONSECUTIVE_PASSES);
    }
    assert_eq!(
        board.occupied_by(Player::One) & board.occupied_by(Player::Two),
        0
    );
}

/// `m`, which our rules reject with `error`, applied as given: the board it leads to, which must
/// be consistent.
fn forced_despite(board: &Board, m: Move, error: IllegalMoveError) -> Board {
    assert_eq!(board.check_move(m), Err(error));
    let forced = board.force_play(m).expect("the pieces allow it");
    assert_consistent(&forced);
    forced
}

#[test]
fn a_ranger_move_of_the_wrong_colour_is_applied_as_given() {
    let board = after_first_move();
    // Player 2's orange (7,7) straight down to (4,7): legal in shape, but green must move.
    let m = Move::ranger(sq(7, 7), sq(4, 7));
    let forced = forced_despite(&board, m, IllegalMoveError::WrongColour { required: 6 });
    assert_eq!(
        forced.ranger(Player::Two, 0),
        sq(4, 7),
        "orange moved, with the bomb"
    );
    assert_eq!(forced.bomb(Player::Two), Some(sq(4, 7)));
    assert_eq!(forced.side_to_move(), Player::One);
    assert_eq!(
        forced.required(),
        Some(sq(4, 7).colour()),
        "the landing colour"
    );
    assert_eq!(forced.plies(), board.plies() + 1);
    assert_eq!(forced.last_ranger_mover(), Some(Player::Two));
    assert!(forced.outcome().is_none());
    assert!(!forced.legal_moves().is_empty());
}

#[test]
fn a_ranger_move_against_the_direction_rules_is_applied_as_given() {
    let board = after_first_move();
    // Player 2's green (7,1), the required ranger, to (5,4): two rows down and three columns
    // across, on no line at all.
    let m = Move::ranger(sq(7, 1), sq(5, 4));
    let forced = forced_despite(&board, m, IllegalMoveError::NotForward);
    assert_eq!(forced.ranger(Player::Two, 6), sq(5, 4));
    assert_eq!(forced.required(), Some(sq(5, 4).colour()));
}

#[test]
fn a_pass_from_a_ranger_without_the_bomb_moves_the_bomb_to_its_target() {
    let board = after_first_move();
    // Player 2's bomb is on orange (7,7); the judge says its red (7,2) passes to blue (7,6).
    let m = Move::pass(sq(7, 2), sq(7, 6));
    let forced = forced_despite(&board, m, IllegalMoveError::NotCarrier);
    assert_eq!(forced.bomb(Player::Two), Some(sq(7, 6)));
    assert_eq!(forced.passes(Player::Two), 1);
    assert_eq!(forced.required(), Some(sq(7, 6).colour()));
}

#[test]
fn a_pass_past_the_limit_keeps_the_count_in_range() {
    let mut setup = Setup::start();
    setup.carrier = [Some(0), Some(0)];
    setup.plies = 40;
    setup.required = Some(3);
    setup.passes = [MAX_CONSECUTIVE_PASSES, 0];
    let board = Board::from_setup(&setup).expect("consistent");
    let m = Move::pass(sq(0, 0), sq(0, 1));
    let forced = forced_despite(&board, m, IllegalMoveError::PassLimit);
    assert_eq!(forced.passes(Player::One), MAX_CONSECUTIVE_PASSES);
    assert_eq!(forced.bomb(Player::One), Some(sq(0, 1)));
}

#[test]
fn a_forced_move_that_brings_the_bomb_home_wins_for_its_mover() {
    let mut setup = Setup::start();
    setup.rangers[1][7] = sq(4, 0); // Player 2's brown leaves (7,0).
    setup.rangers[0][0] = sq(3, 0); // Player 1's orange carries the bomb, column 0 open above.
    setup.carrier = [Some(0), Some(0)];
    setup.plies = 20;
    setup.required = Some(5);
    let board = Board::from_setup(&setup).expect("consistent");
    // Blocked by Player 2's brown on (4,0) for our rules; the judge says it jumped to (7,0).
    let m = Move::ranger(sq(3, 0), sq(7, 0));
    assert!(board.check_move(m).is_err());
    let forced = board.force_play(m).expect("the pieces allow it");
    assert_eq!(forced.outcome(), Some(Outcome::BombWin(Player::One)));
}

#[test]
fn a_move_after_the_end_on_our_board_goes_on_with_the_game() {
    // Player 1's carrier reaches Player 2's base through Player 2's brown: over, on our board.
    let mut setup = Setup::start();
    setup.rangers[1][7] = sq(4, 0);
    setup.rangers[0][0] = sq(3, 0);
    setup.carrier = [Some(0), Some(0)];
    setup.plies = 20;
    let won = Board::from_setup(&setup)
        .expect("consistent")
        .force_play(Move::ranger(sq(3, 0), sq(7, 0)))
        .expect("applied");
    assert!(won.outcome().is_some());
    assert!(won.legal_moves().is_empty());
    // The judge sends Player 2's move anyway: its orange (7,7) to (6,7).
    let m = Move::ranger(sq(7, 7), sq(6, 7));
    let on = forced_despite(&won, m, IllegalMoveError::GameOver);
    assert_eq!(on.outcome(), None);
    assert!(!on.legal_moves().is_empty(), "we have moves again");
}

#[test]
fn a_move_whose_pieces_are_not_there_cannot_be_forced() {
    use ForcePlayError::{LandingOccupied, NoPassTarget, NoRangerOfMover, WrongPhase};
    let board = after_first_move();
    let ranger = |(r1, c1), (r2, c2)| Move::ranger(sq(r1, c1), sq(r2, c2));
    for (m, error, why) in [
        (
            ranger((4, 4), (3, 4)),
            NoRangerOfMover,
            "no ranger of Player 2 on (4,4)",
        ),
        (
            ranger((7, 0), (0, 1)),
            LandingOccupied,
            "Player 1's blue is on (0,1)",
        ),
        (
            Move::pass(sq(7, 7), sq(0, 7)),
            NoPassTarget,
            "(0,7) holds Player 1's ranger",
        ),
        (
            ranger((0, 1), (1, 1)),
            NoRangerOfMover,
            "Player 1's ranger is not Player 2's to move",
        ),
        (Move::place(sq(7, 3)), WrongPhase, "placements are over"),
    ] {
        assert_eq!(board.force_play(m), Err(error), "{why}");
    }
}

#[test]
fn no_move_is_forced_past_the_last_ply() {
    let mut setup = Setup::start();
    setup.carrier = [Some(0), Some(0)];
    setup.plies = u32::from(MAX_PLIES) - 1;
    setup.required = Some(3);
    let board = Board::from_setup(&setup).expect("consistent");
    let last = board
        .force_play(Move::ranger(sq(0, 0), sq(0, 0).offset(5, 5).expect("on")))
        .expect("the last ply");
    assert_eq!(last.outcome(), Some(Outcome::MoveLimitDraw));
    assert_eq!(
        last.force_play(Move::ranger(sq(7, 7), sq(6, 7))),
        Err(ForcePlayError::NoPlyLeft)
    );
    assert_eq!(last.skip_turn(None).plies(), u32::from(MAX_PLIES));
}

#[test]
fn a_skipped_turn_keeps_the_board_and_hands_the_move_over() {
    let board = after_first_move();
    let landing = sq(4, 4);
    let skipped = board.skip_turn(Some(landing));
    assert_consistent(&skipped);
    assert_eq!(skipped.side_to_move(), Player::One);
    assert_eq!(skipped.required(), Some(landing.colour()));
    assert_eq!(skipped.plies(), board.plies() + 1);
    for player in Player::BOTH {
        assert_eq!(skipped.occupied_by(player), board.occupied_by(player));
        assert_eq!(skipped.bomb(player), board.bomb(player));
    }
    let free = board.skip_turn(None);
    assert_eq!(
        free.required(),
        None,
        "an unknown landing leaves our move free"
    );
    assert!(free.legal_moves().len() > skipped.legal_moves().len());
}

#[test]
fn a_skipped_placement_leaves_the_opponent_without_a_bomb_and_the_game_playable() {
    // We are Player 2 and Player 1's column did not parse.
    let skipped = Board::start().skip_turn(None);
    assert_eq!(skipped.side_to_move(), Player::Two);
    assert!(skipped.in_placement());
    let m = skipped.legal_moves()[3];
    let after = skipped.play(m);
    assert!(!after.in_placement());
    assert_eq!(after.bomb(Player::One), None);
    assert!(!after.legal_moves().is_empty());
    assert_consistent(&after);
}
