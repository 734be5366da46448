//! Random playouts against a naive model of the rules (a 7x6 grid of cells, the rules applied
//! literally), checking the invariants of the library on every ply.

mod support;

use common::game::Board as _;
use connect4::board::{Board, Cell, CellContent, Column, Kind, Move, Outcome, Team, HEIGHT, WIDTH};
use connect4::notation::{format_board, parse_board, parse_move};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A cell of the naive model: 0 empty, 1 or 2 a team, 12 a dual disc.
type Grid = [[u8; HEIGHT]; WIDTH];

fn grid_of(board: &Board) -> Grid {
    let mut g = [[0; HEIGHT]; WIDTH];
    for (c, column) in g.iter_mut().enumerate() {
        for (r, cell) in column.iter_mut().enumerate() {
            *cell = match board.at(Cell::new(c, r).unwrap()) {
                CellContent::Empty => 0,
                CellContent::Team(t) => t.number(),
                CellContent::Dual => 12,
            };
        }
    }
    g
}

/// The rules applied literally to a grid.
fn naive_play(g: &Grid, m: Move, mover: u8) -> Grid {
    let mut g = *g;
    let c = m.column.index();
    let r = (0..HEIGHT)
        .find(|&r| g[c][r] == 0)
        .expect("column not full");
    let mut remove = [[false; HEIGHT]; WIDTH];
    match m.kind {
        Kind::Normal => g[c][r] = mover,
        Kind::Dual => g[c][r] = 12,
        Kind::ClearRow => (0..WIDTH).for_each(|cc| remove[cc][r] = true),
        Kind::ClearColumn => (0..HEIGHT).for_each(|rr| remove[c][rr] = true),
        Kind::ClearNeighbours => {
            for dc in -1i32..=1 {
                for dr in -1i32..=1 {
                    let (cc, rr) = (c as i32 + dc, r as i32 + dr);
                    if (0..WIDTH as i32).contains(&cc) && (0..HEIGHT as i32).contains(&rr) {
                        remove[cc as usize][rr as usize] = true;
                    }
                }
            }
        }
    }
    for cc in 0..WIDTH {
        let kept: Vec<u8> = (0..HEIGHT)
            .filter(|&rr| !remove[cc][rr] && g[cc][rr] != 0)
            .map(|rr| g[cc][rr])
            .collect();
        for (rr, cell) in g[cc].iter_mut().enumerate() {
            *cell = kept.get(rr).copied().unwrap_or(0);
        }
    }
    g
}

fn naive_four(g: &Grid, team: u8) -> bool {
    let mine = |c: i32, r: i32| {
        (0..WIDTH as i32).contains(&c)
            && (0..HEIGHT as i32).contains(&r)
            && matches!(g[c as usize][r as usize], v if v == team || v == 12)
    };
    for c in 0..WIDTH as i32 {
        for r in 0..HEIGHT as i32 {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                if (0..4).all(|k| mine(c + k * dc, r + k * dr)) {
                    return true;
                }
            }
        }
    }
    false
}

fn naive_outcome(g: &Grid, mover: u8) -> Option<Outcome> {
    let other = 3 - mover;
    if naive_four(g, mover) {
        Some(Outcome::Win(Team::from_number(mover).unwrap()))
    } else if naive_four(g, other) {
        Some(Outcome::Win(Team::from_number(other).unwrap()))
    } else if g.iter().all(|col| col.iter().all(|&v| v != 0)) {
        Some(Outcome::Draw)
    } else {
        None
    }
}

fn every_move() -> Vec<Move> {
    Kind::ALL
        .iter()
        .flat_map(|&k| Column::ALL.iter().map(move |&c| Move::new(k, c)))
        .collect()
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let all = every_move();
    let mut ended = [0u32; 3];
    for game in 0..400 {
        let mut board = Board::start();
        let mut plies = 0;
        // Prefer powers sometimes so that clears happen often.
        let power_bias = game % 3;
        loop {
            assert_eq!(
                board.hash(),
                board.compute_hash(),
                "game {game} ply {plies}"
            );
            // Every disc sits on another or the floor: the board rebuilds from its parts.
            let rebuilt = Board::from_parts(
                [board.discs(Team::One), board.discs(Team::Two)],
                board.side_to_move(),
                [board.used(Team::One), board.used(Team::Two)],
                [board.moves_made(Team::One), board.moves_made(Team::Two)],
            )
            .expect("compact columns");
            assert_eq!(rebuilt.hash(), board.hash());
            assert!(board.duals().count_ones() <= 2);
            // board.txt round-trips.
            let discs = parse_board(&format_board(&board)).unwrap();
            assert_eq!(discs, [board.discs(Team::One), board.discs(Team::Two)]);
            let list = board.legal_moves();
            if board.outcome().is_some() {
                assert!(list.is_empty());
                break;
            }
            // The list and the legality check agree on all 35 (type, column) pairs.
            for &m in &all {
                assert_eq!(
                    list.contains(&m),
                    board.check_move(m).is_ok(),
                    "{m}\n{board}"
                );
            }
            assert!(!list.is_empty(), "a game that is not over has a move");
            let moves = list.as_slice();
            let powers: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.kind.is_power())
                .collect();
            let m = if power_bias > 0 && !powers.is_empty() && rng.gen_range(0..4) == 0 {
                *powers.choose(&mut rng).unwrap()
            } else {
                *moves.choose(&mut rng).unwrap()
            };
            // Notation round-trips.
            assert_eq!(parse_move(&m.to_string()), Ok(m));
            let mover = board.side_to_move();
            let before = board.occupied().count_ones();
            let next = board.try_play(m).expect("a listed move is legal");
            let expected = naive_play(&grid_of(&board), m, mover.number());
            assert_eq!(
                grid_of(&next),
                expected,
                "game {game} ply {plies} {m}\n{board}"
            );
            assert_eq!(next.outcome(), naive_outcome(&expected, mover.number()));
            let after = next.occupied().count_ones();
            match m.kind {
                Kind::Normal | Kind::Dual => assert_eq!(after, before + 1),
                _ => assert!(after < before + 1),
            }
            assert_eq!(next.moves_made(mover), board.moves_made(mover) + 1);
            assert_eq!(next.used(mover), board.used(mover) | m.kind.power_bit());
            assert_eq!(next.side_to_move(), mover.other());
            board = next;
            plies += 1;
            assert!(plies <= 42 + 6 * 9, "a game ends");
        }
        match board.outcome() {
            Some(Outcome::Win(Team::One)) => ended[0] += 1,
            Some(Outcome::Win(Team::Two)) => ended[1] += 1,
            _ => ended[2] += 1,
        }
        // Every team has played its dual disc by its tenth move.
        for team in Team::BOTH {
            if board.moves_made(team) >= 10 {
                assert!(!board.holds(team, Kind::Dual));
            }
        }
    }
    assert!(ended[0] > 0 && ended[1] > 0, "{ended:?}");
}
