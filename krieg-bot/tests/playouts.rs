//! Random games checked against invariants at every ply.

use common::game::Board as _;
use krieg::board::{Board, Kind, Side};
use krieg::notation::parse_move;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn count(board: &Board, side: Side) -> u32 {
    board.occupied_by(side).count_ones()
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut finished = 0;
    for _game in 0..400 {
        let mut board = Board::start();
        let mut plies = 0;
        while let Some(&mv) = board.legal_moves().choose(&mut rng) {
            // Notation round-trips.
            assert_eq!(parse_move(&mv.to_string()), Ok(mv));
            // The generated move passes the legality check and plays the same.
            let next = board.try_play(mv).expect("generated moves are legal");
            assert_eq!(next, board.play(mv));
            // The incremental hash equals the hash computed from scratch.
            assert_eq!(next.hash(), next.compute_hash());
            // No two pieces share a cell.
            for side in [Side::Sentinel, Side::Scourge] {
                assert_eq!(
                    next.pieces(side, Kind::Stinger) & next.pieces(side, Kind::Bomber),
                    0
                );
            }
            assert_eq!(
                next.occupied_by(Side::Sentinel) & next.occupied_by(Side::Scourge),
                0
            );
            // The mover keeps its pieces; a capture removes exactly one opponent piece.
            let mover = board.side_to_move();
            assert_eq!(count(&next, mover), count(&board, mover));
            let lost = count(&board, mover.other()) - count(&next, mover.other());
            assert_eq!(lost, u32::from(mv.is_capture()));
            // Pieces only move forward, or sideways when capturing.
            let dr = (mv.to.row() - mv.from.row()) * mover.forward();
            assert!(dr > 0 || (dr == 0 && mv.is_capture()));
            assert_eq!(next.side_to_move(), mover.other());
            board = next;
            plies += 1;
            assert!(
                plies <= 120,
                "every step advances and every capture removes: games end"
            );
        }
        // No move left means the game is over, and the rules say how.
        assert!(board.outcome().is_some());
        finished += 1;
    }
    assert_eq!(finished, 400);
}
