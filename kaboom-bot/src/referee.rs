//! The Ka-Boom referee: the library's rules behind `tools::runner`'s match runner.
//!
//! Each seat is sent only its own frame: its id (`1` or `2`) when the game starts, then the
//! opponent's last move converted to its frame (a column `j` becomes `7 − j`, a square `(i, j)`
//! becomes `(7 − i, 7 − j)`). A reply is read in the mover's frame (the board's notation): a
//! line of the wrong shape for the ply (a column on plies 1 and 2, `x,i1,j1,i2,j2` after) or
//! with a value out of range is malformed; a well-formed move against the rules is illegal.

use crate::board::{Board, Move, Outcome};
use crate::notation::format_move;
use common::cli::Contest;
use common::game::Board as GameBoard;
use tools::runner::{Drawing, Game, Input};

/// Ka-Boom, as the match runner referees it; drawn by its `view` module.
pub struct Kaboom;

impl Game for Kaboom {
    type Board = Board;

    const NAME: &'static str = "kaboom";
    const CONTEST: Contest = crate::protocol::CONTEST;
    const DRAWING: Option<&'static dyn Drawing<Board>> = Some(&Kaboom);

    /// The opponent's last move in the frame of the side to move.
    fn input(board: &Board, last: Option<(&Board, Move)>) -> Input {
        let mover = GameBoard::side_to_move(board);
        Input::Lines(
            last.map(|(_, m)| format_move(m, mover))
                .into_iter()
                .collect(),
        )
    }

    fn end_reason(_board: &Board, outcome: Outcome, _last: Move) -> String {
        match outcome {
            Outcome::BombWin(_) => "bomb reached the opponent's base",
            Outcome::Deadlock(_) => "deadlock: the last ranger mover loses",
            Outcome::DeadlockDraw => "deadlock before any ranger move",
            Outcome::MoveLimitDraw => "50 regular moves each",
        }
        .to_string()
    }
}
