//! Random playouts: the generator against the independent cell-by-cell rules, the incremental
//! hash, the dragon count, notation round trips, and the end of every game.

use common::game::Board as _;
use common::transposition::PackedMove;
use frostfire::board::{Board, Cell, Color, Direction, Move, MoveKind, Outcome, MAX_PLIES};
use frostfire::notation::{format_move, parse_move};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Every adjacent pair of cells: the moves that could ever be legal.
fn all_pairs() -> Vec<Move> {
    let mut pairs = Vec::new();
    for from in Cell::all() {
        for dir in Direction::ALL {
            if let Some(to) = from.step(dir) {
                pairs.push(Move::new(from, to));
            }
        }
    }
    pairs
}

/// The legal moves according to `try_play` alone, in a canonical order.
fn legal_by_try_play(board: &Board, pairs: &[Move]) -> Vec<(u16, Board)> {
    let mut legal: Vec<(u16, Board)> = pairs
        .iter()
        .filter_map(|&m| board.try_play(m).ok().map(|b| (m.pack(), b)))
        .collect();
    legal.sort_by_key(|&(k, _)| k);
    legal
}

#[test]
fn random_playouts_keep_every_invariant() {
    let pairs = all_pairs();
    // Three line directions, seven lines each over 37 cells: 30 segments, both ways.
    assert_eq!(pairs.len(), 2 * 3 * (37 - 7));
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut endings = [0u32; 3];
    for game in 0..120 {
        let mut board = Board::start();
        let mut eliminations = 0;
        loop {
            assert_eq!(board.hash(), board.compute_hash(), "game {game}");
            let ice = board.dragons(Color::Ice);
            let fire = board.dragons(Color::Fire);
            assert_eq!(ice & fire, 0, "two dragons on a cell");
            assert_eq!(
                ice.count_ones() + fire.count_ones(),
                22 - eliminations,
                "22 dragons minus eliminations"
            );
            let moves = board.legal_moves();
            let mut generated: Vec<(u16, Board)> =
                moves.iter().map(|&m| (m.pack(), board.play(m))).collect();
            generated.sort_by_key(|&(k, _)| k);
            assert_eq!(
                generated,
                legal_by_try_play(&board, &pairs),
                "generator and try_play disagree in game {game} at ply {}\n{board}",
                board.plies()
            );
            for &m in moves.iter() {
                assert_eq!(parse_move(&format_move(m)), Ok(m));
                assert_eq!(board.force_play(m), Ok(board.play(m)), "forced {m}");
            }
            match board.outcome_with_limit(MAX_PLIES) {
                Some(Outcome::Win(_)) => {
                    assert!(board.lost(Color::Ice) == 4 || board.lost(Color::Fire) == 4);
                    endings[0] += 1;
                    break;
                }
                Some(Outcome::Draw) => {
                    endings[if moves.is_empty() { 1 } else { 2 }] += 1;
                    break;
                }
                None => {}
            }
            let m = *moves.choose(&mut rng).expect("a running game has moves");
            if board.kind(m) == MoveKind::Elimination {
                eliminations += 1;
            }
            board = board.play(m);
        }
        assert!(board.plies() <= MAX_PLIES);
    }
    // Random games both end by four losses and run into the ply limit.
    assert!(endings[0] > 0 && endings[2] > 0, "{endings:?}");
}
