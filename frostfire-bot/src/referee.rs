//! Frostfire for the shared match runner (`frostfire-referee`).
//!
//! When the game starts, Player 1 (Tyragon, ICE) receives `1` and Player 2 (Abagon, FIRE)
//! receives `2`; Player 2 then receives Player 1's first move. Afterwards each player receives
//! the opponent's last move. The default ply limit is the contest's 300 (the runner declares the
//! draw).

use crate::board::{Board, Color, Move, Outcome};
use crate::notation::{format_id, parse_move};
use common::cli::Contest;
use common::game::Board as _;
use tools::runner::{BoardReferee, Fault, GameEnd, Input, RefereeGame, Seat};

/// A game of Frostfire as the referee runs it.
#[derive(Default)]
pub struct FrostfireReferee {
    board: Board,
    last_move: Option<Move>,
}

impl RefereeGame for FrostfireReferee {
    const NAME: &'static str = "frostfire";
    const CONTEST: Contest = crate::protocol::CONTEST;
    const DEFAULT_MAX_PLIES: Option<u32> = Some(crate::board::MAX_PLIES);

    fn to_move(&self) -> Seat {
        self.seat_to_move()
    }

    fn greeting(&self, seat: Seat) -> Vec<String> {
        vec![format_id(self.side_of(seat))]
    }

    fn input(&mut self, _seat: Seat) -> Input {
        Input::Lines(self.last_move.iter().map(|m| m.to_string()).collect())
    }

    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let m = parse_move(reply).map_err(Fault::malformed)?;
        let next = self
            .board
            .try_play(m)
            .map_err(|e| Fault::Illegal(format!("{m}: {e}")))?;
        self.board = next;
        self.last_move = Some(m);
        Ok(match self.board.outcome() {
            None => None,
            Some(Outcome::Win(color)) => Some(GameEnd::win(
                self.seat_of(color),
                format!("{} lost four dragons", side_name(color.other())),
            )),
            Some(Outcome::Draw) => Some(GameEnd::draw(format!(
                "{} has no legal move",
                side_name(self.board.side_to_move())
            ))),
        })
    }

    fn plies(&self) -> u32 {
        self.board.plies()
    }

    fn render(&self) -> String {
        let mut text = self.board.render();
        if let Some(m) = self.last_move {
            text.push_str(&format!(", last move {m}"));
        }
        text
    }
}

tools::board_referee!(FrostfireReferee);

fn side_name(color: Color) -> &'static str {
    match color {
        Color::Ice => "Tyragon (ICE)",
        Color::Fire => "Abagon (FIRE)",
    }
}
