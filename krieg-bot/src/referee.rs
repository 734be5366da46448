//! Krieg for the match runner: the rules of [`crate::board`], the contest's messages and limits.

use crate::board::{Board, Outcome};
use crate::notation::parse_move;
use common::cli::Contest;
use common::game::Board as _;
use tools::runner::{BoardReferee, Fault, GameEnd, Input, RefereeGame, Seat};

/// A Krieg game between two processes. Player 1 is Sentinel.
#[derive(Default)]
pub struct KriegReferee {
    pub(crate) board: Board,
    plies: u32,
    last_move: Option<String>,
}

impl RefereeGame for KriegReferee {
    const NAME: &'static str = "krieg";
    const CONTEST: Contest = crate::protocol::CONTEST;

    fn to_move(&self) -> Seat {
        self.seat_to_move()
    }

    /// Sentinel's id is `1`, Scourge's `0`.
    fn greeting(&self, seat: Seat) -> Vec<String> {
        vec![seat.pick("1", "0").to_string()]
    }

    fn input(&mut self, _seat: Seat) -> Input {
        Input::Lines(self.last_move.iter().cloned().collect())
    }

    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let mv = parse_move(reply).map_err(Fault::malformed)?;
        let next = self.board.try_play(mv).map_err(Fault::illegal)?;
        self.board = next;
        self.plies += 1;
        self.last_move = Some(mv.to_string());
        Ok(self.board.outcome().map(|outcome| match outcome {
            Outcome::Win { winner, reason } => {
                GameEnd::win(self.seat_of(winner), reason.to_string())
            }
            Outcome::Draw => GameEnd::draw("the side to move is blocked; equal bombers"),
        }))
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    fn render(&self) -> String {
        self.board.to_string()
    }
}

tools::board_referee!(KriegReferee);
