//! The Ka-Boom referee: the library's rules behind `tools::runner`'s match runner.
//!
//! Each seat is sent only its own frame: its id (`1` or `2`) when the game starts, then the
//! opponent's last move converted to its frame (a column `j` becomes `7 − j`, a square `(i, j)`
//! becomes `(7 − i, 7 − j)`). A reply is parsed in the mover's frame: a line of the wrong shape
//! for the ply (a column on plies 1 and 2, `x,i1,j1,i2,j2` after) or with a value out of range is
//! malformed; a well-formed move against the rules is illegal.

use crate::board::{Board, Move, Outcome};
use crate::notation::{format_move, parse_move};
use common::cli::Contest;
use common::game::Board as _;
use common::game::Outcome as _;
use tools::runner::{BoardReferee, Fault, GameEnd, Input, RefereeGame, Seat};

/// A game in progress, as the referee sees it.
#[derive(Default)]
pub struct KaboomReferee {
    board: Board,
    last: Option<Move>,
}

impl RefereeGame for KaboomReferee {
    const NAME: &'static str = "kaboom";
    const CONTEST: Contest = crate::protocol::CONTEST;

    fn to_move(&self) -> Seat {
        self.seat_to_move()
    }

    fn greeting(&self, seat: Seat) -> Vec<String> {
        vec![seat.number().to_string()]
    }

    fn input(&mut self, seat: Seat) -> Input {
        let mut lines = Vec::new();
        if let Some(m) = self.last {
            lines.push(format_move(m, self.side_of(seat)));
        }
        Input::Lines(lines)
    }

    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let mover = self.board.side_to_move();
        let m = parse_move(&self.board, reply, mover).map_err(Fault::malformed)?;
        let next = self.board.try_play(m).map_err(Fault::illegal)?;
        self.board = next;
        self.last = Some(m);
        Ok(self.board.outcome().map(|outcome| {
            let reason = match outcome {
                Outcome::BombWin(_) => "bomb reached the opponent's base",
                Outcome::Deadlock(_) => "deadlock: the last ranger mover loses",
                Outcome::DeadlockDraw => "deadlock before any ranger move",
                Outcome::MoveLimitDraw => "50 regular moves each",
            };
            match outcome.winner() {
                Some(w) => GameEnd::win(self.seat_of(w), reason),
                None => GameEnd::draw(reason),
            }
        }))
    }

    fn plies(&self) -> u32 {
        self.board.plies()
    }

    fn render(&self) -> String {
        self.board.to_string()
    }
}

tools::board_referee!(KaboomReferee);
