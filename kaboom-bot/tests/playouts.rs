//! Random playouts with invariants checked after every ply.

use common::game::Board as _;
use kaboom::board::{Board, Move, MoveKind, Player, Square, MAX_PLIES};
use kaboom::notation::{format_move, from_frame, parse_legal, parse_move, to_frame};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn check_invariants(board: &Board) {
    assert_eq!(board.hash(), board.compute_hash(), "incremental hash");
    for player in Player::BOTH {
        let occupied = board.occupied_by(player);
        assert_eq!(occupied.count_ones(), 8, "eight rangers each");
        for colour in 0..8 {
            assert!(occupied & board.ranger(player, colour).bit() != 0);
        }
        if let Some(bomb) = board.bomb(player) {
            assert!(occupied & bomb.bit() != 0, "the bomb is on an own ranger");
        }
        assert!(board.passes(player) <= 15);
    }
    assert_eq!(
        board.occupied_by(Player::One) & board.occupied_by(Player::Two),
        0
    );
    assert!(board.plies() <= u32::from(MAX_PLIES));
}

/// Every move the generator gives passes the independent check, and every other move of a
/// sample fails it.
fn check_legality(board: &Board, full: bool) {
    let moves = board.legal_moves();
    for &m in moves.as_slice() {
        assert_eq!(
            board.check_move(m),
            Ok(()),
            "{m:?} generated but rejected\n{board}"
        );
    }
    if !full {
        return;
    }
    let mut accepted = 0;
    for from in 0..64 {
        for to in 0..64 {
            let (a, b) = (Square::from_index(from), Square::from_index(to));
            let mut candidates = vec![Move::ranger(a, b), Move::pass(a, b)];
            if from == to {
                candidates.push(Move::forfeit(a));
                candidates.push(Move::place(a));
            }
            for m in candidates {
                let legal = board.check_move(m).is_ok();
                assert_eq!(
                    legal,
                    moves.as_slice().contains(&m),
                    "{m:?}: check and generator disagree\n{board}"
                );
                accepted += usize::from(legal);
            }
        }
    }
    assert_eq!(accepted, moves.len());
}

fn check_notation(board: &Board, m: Move) {
    let mover = board.side_to_move();
    for frame in Player::BOTH {
        let text = format_move(m, frame);
        if m.kind() == MoveKind::Place && frame != mover {
            // The column as the opponent receives it: the bomb is on its row 7.
            let parsed = parse_move(board, &text, frame).expect("parses");
            assert_eq!(parsed, m);
            continue;
        }
        assert_eq!(
            parse_move(board, &text, frame),
            Ok(m),
            "{text} in {frame}'s frame"
        );
    }
    let own = format_move(m, mover);
    assert_eq!(parse_legal(board, &own, mover), Ok(m));
}

#[test]
fn frame_conversion_round_trips() {
    for index in 0..64 {
        let square = Square::from_index(index);
        for frame in Player::BOTH {
            let (i, j) = to_frame(frame, square);
            assert_eq!(from_frame(frame, i, j), square);
        }
        let (i1, j1) = to_frame(Player::One, square);
        let (i2, j2) = to_frame(Player::Two, square);
        assert_eq!(
            (i1 + i2, j1 + j2),
            (7, 7),
            "the frames are 180 degrees apart"
        );
        // Each player's base is its own row 0.
        assert_eq!(square.rank_for(Player::Two), i32::from(i2));
    }
}

#[test]
fn random_playouts_keep_every_invariant_and_always_end() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut ends = [0u32; 4];
    for game in 0..300 {
        let mut board = Board::start();
        check_invariants(&board);
        while board.outcome().is_none() {
            check_legality(&board, game < 20);
            let moves = board.legal_moves();
            assert!(
                !moves.is_empty(),
                "a running game always has a move\n{board}"
            );
            let m = *moves.as_slice().choose(&mut rng).expect("a move");
            check_notation(&board, m);
            let next = board.try_play(m).expect("legal");
            assert_eq!(next, board.play(m));
            board = next;
            check_invariants(&board);
        }
        assert!(board.legal_moves().is_empty());
        let outcome = board.outcome().expect("over");
        ends[match outcome {
            kaboom::board::Outcome::BombWin(_) => 0,
            kaboom::board::Outcome::Deadlock(_) => 1,
            kaboom::board::Outcome::DeadlockDraw => 2,
            kaboom::board::Outcome::MoveLimitDraw => 3,
        }] += 1;
    }
    assert!(ends[0] > 0, "{ends:?}");
}
