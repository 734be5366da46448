//! Frostfire for the match runner (`frostfire-referee`).
//!
//! When the game starts, Player 1 (Tyragon, ICE) receives `1` and Player 2 (Abagon, FIRE)
//! receives `2`; Player 2 then receives Player 1's first move. Afterwards each player receives
//! the opponent's last move (the runner's default greeting and input). The default ply limit is
//! the contest's 300 (the runner declares the draw). A draw is worth nothing to either player,
//! as the contest counts it.

use crate::board::{Board, Color, Move, Outcome};
use common::cli::Contest;
use common::game::Board as GameBoard;
use tools::runner::{DrawScore, Drawing, Game};

/// Frostfire, as the match runner referees it; drawn by its `view` module.
pub struct Frostfire;

impl Game for Frostfire {
    type Board = Board;

    const NAME: &'static str = "frostfire";
    const CONTEST: Contest = crate::protocol::CONTEST;
    // The statement gives no points for a draw: a drawn game counts as a loss for both sides.
    const DRAW_SCORE: DrawScore = DrawScore::Nothing;
    const DEFAULT_MAX_PLIES: Option<u32> = Some(crate::board::MAX_PLIES);
    const DRAWING: Option<&'static dyn Drawing<Board>> = Some(&Frostfire);

    fn end_reason(board: &Board, outcome: Outcome, _last: Move) -> String {
        match outcome {
            Outcome::Win(color) => format!("{} lost four dragons", side_name(color.other())),
            Outcome::Draw => format!(
                "{} has no legal move",
                side_name(GameBoard::side_to_move(board))
            ),
        }
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::Ice => "Tyragon (ICE)",
        Color::Fire => "Abagon (FIRE)",
    }
}
