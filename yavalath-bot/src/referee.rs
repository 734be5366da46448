//! The referee's side of the game, for `yavalath-referee`: the same rules as the bot, the
//! contest's messages and limits.
//!
//! Every turn hands the player the whole grid and the last move, so a game may start from an
//! opening (`--openings`, `--random-openings`, whose plies are drawn among all legal moves, the
//! swap included). The swap belongs to ply 2 of the game, whoever plays it: after an opening of
//! one ply Player 2 may still swap on its first turn; after a longer one the swap is past. A
//! player's first turn is its first turn in this game, whatever ply the game is at, and gets
//! CodinGame's first-turn limit (the runner gives each player's first turn the contest's
//! first-turn limit).

use crate::board::{Board, Cell, Outcome};
use crate::notation::format_grid;
use common::cli::Contest;
use common::game::Board as GameBoard;
use tools::runner::{Drawing, Game, Input};

/// Yavalath, as the match runner referees it; drawn by its `view` module.
pub struct Yavalath;

impl Game for Yavalath {
    type Board = Board;

    const NAME: &'static str = "yavalath";
    const CONTEST: Contest = crate::protocol::CONTEST;
    const STARTS_FROM_POSITION: bool = true;
    const DRAWING: Option<&'static dyn Drawing<Board>> = Some(&Yavalath);

    /// The board's size, the grid seen by the side to move, and the last move (the stolen cell
    /// after a swap), `-1 -1` before the first.
    fn input(board: &Board, last: Option<(&Board, Cell)>) -> Input {
        let mut lines = Vec::with_capacity(11);
        lines.push("9".to_string());
        lines.extend(format_grid(board, GameBoard::side_to_move(board)));
        lines.push(last.map_or_else(|| "-1 -1".to_string(), |(_, m)| m.to_string()));
        Input::Lines(lines)
    }

    fn end_reason(_board: &Board, outcome: Outcome, last: Cell) -> String {
        match outcome {
            Outcome::Four(_) => format!("run of 4 at {last}"),
            Outcome::Three(_) => format!("opponent made a 3 at {last}"),
            Outcome::Full => "board full".to_string(),
        }
    }
}
