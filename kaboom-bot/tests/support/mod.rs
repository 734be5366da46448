//! Helpers shared by the integration tests: squares, lines played from the start, mid-game setups.
#![allow(dead_code)]

use common::game::Board as _;
use kaboom::board::{Board, Player, Setup, Square};
use kaboom::notation::parse_legal;

pub fn sq(row: i32, column: i32) -> Square {
    Square::new(row, column).expect("on the board")
}

/// Plays lines, each in its mover's own frame, from the start.
pub fn play_lines(lines: &[&str]) -> Board {
    let mut board = Board::start();
    for line in lines {
        let m = parse_legal(&board, line, board.side_to_move())
            .unwrap_or_else(|e| panic!("'{line}' at ply {}: {e}", board.plies() + 1));
        board = board.play(m);
    }
    board
}

/// A mid-game setup (plies 10, both bombs placed on orange), with rangers moved by `changes`.
pub fn mid_game(changes: &[(Player, u8, Square)]) -> Setup {
    let mut setup = Setup::start();
    for &(player, colour, square) in changes {
        setup.rangers[player.index()][colour as usize] = square;
    }
    setup.carrier = [Some(0), Some(0)];
    setup.plies = 10;
    setup
}
