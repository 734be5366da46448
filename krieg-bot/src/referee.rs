//! Krieg for the match runner: the rules of [`crate::board`], the contest's messages and limits.
//! Player 1 is Sentinel, whose id line is `1`; Scourge's is `0`. Each turn then hands the player
//! the opponent's last move (the runner's default input).

use crate::board::{Board, Move, Outcome, Side};
use common::cli::Contest;
use tools::runner::{Drawing, Game};

/// Krieg, as the match runner referees it; drawn by its `view` module.
pub struct Krieg;

impl Game for Krieg {
    type Board = Board;

    const NAME: &'static str = "krieg";
    const CONTEST: Contest = crate::protocol::CONTEST;
    const DRAWING: Option<&'static dyn Drawing<Board>> = Some(&Krieg);

    /// Sentinel's id is `1`, Scourge's `0`.
    fn greeting(side: Side) -> Vec<String> {
        let id = match side {
            Side::Sentinel => "1",
            Side::Scourge => "0",
        };
        vec![id.to_string()]
    }

    fn end_reason(_board: &Board, outcome: Outcome, _last: Move) -> String {
        match outcome {
            Outcome::Win { reason, .. } => reason.to_string(),
            Outcome::Draw => "the side to move is blocked; equal bombers".to_string(),
        }
    }
}
