//! The referee's side of the game, for `yavalath-referee`: the same rules as the bot, the
//! contest's messages and limits.
//!
//! Every turn hands the player the whole grid and the last move, so a game may start from an
//! opening (`--openings`, `--random-openings`, whose plies are drawn among all legal moves, the
//! swap included). The swap belongs to ply 2 of the game, whoever plays it: after an opening of
//! one ply Player 2 may still swap on its first turn; after a longer one the swap is past. A
//! player's first turn is its first turn in this game, whatever ply the game is at, and gets
//! CodinGame's first-turn limit.

use crate::board::{Board, Cell, Outcome};
use crate::notation::{format_grid, format_move, parse_move};
use common::cli::Contest;
use common::game::Board as _;
use std::time::Duration;
use tools::runner::{BoardReferee, Fault, GameEnd, Input, RefereeGame, Seat};

/// A Yavalath game under the referee.
#[derive(Default)]
pub struct YavalathReferee {
    board: Board,
    /// The last move played (the stolen cell after a swap).
    last: Option<Cell>,
    /// The turns each seat has been given (its input asked for), by seat index.
    turns: [u32; 2],
}

impl RefereeGame for YavalathReferee {
    const NAME: &'static str = "yavalath";
    const CONTEST: Contest = crate::protocol::CONTEST;
    const STARTS_FROM_POSITION: bool = true;

    fn to_move(&self) -> Seat {
        self.seat_to_move()
    }

    fn greeting(&self, seat: Seat) -> Vec<String> {
        vec![seat.number().to_string()]
    }

    /// Every legal move, the swap included.
    fn opening_moves(&self) -> Vec<String> {
        if self.board.outcome().is_some() {
            return Vec::new();
        }
        self.board
            .legal_moves()
            .iter()
            .map(|&m| format_move(m))
            .collect()
    }

    fn input(&mut self, seat: Seat) -> Input {
        self.turns[seat.index()] += 1;
        let mut lines = Vec::with_capacity(11);
        lines.push("9".to_string());
        lines.extend(format_grid(&self.board, self.side_of(seat)));
        lines.push(match self.last {
            Some(m) => format_move(m),
            None => "-1 -1".to_string(),
        });
        Input::Lines(lines)
    }

    /// The contest's first-turn limit for each player's first turn (or the per-move limit if
    /// that is longer), the per-move limit after. The first turn is the first input the seat was
    /// given, so that a game started from an opening still gives each player its first-turn limit.
    fn time_limit(&self, seat: Seat, movetime: Duration) -> Duration {
        match Self::CONTEST.first_limit {
            Some(first) if self.turns[seat.index()] <= 1 => movetime.max(first),
            _ => movetime,
        }
    }

    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let m = parse_move(reply).map_err(Fault::malformed)?;
        let next = self.board.try_play(m).map_err(Fault::illegal)?;
        self.board = next;
        self.last = Some(m);
        Ok(next.outcome().map(|o| match o {
            Outcome::Four(p) => {
                GameEnd::win(self.seat_of(p), format!("run of 4 at {}", format_move(m)))
            }
            Outcome::Three(p) => GameEnd::win(
                self.seat_of(p.other()),
                format!("opponent made a 3 at {}", format_move(m)),
            ),
            Outcome::Full => GameEnd::draw("board full"),
        }))
    }

    fn plies(&self) -> u32 {
        self.board.plies()
    }

    fn render(&self) -> String {
        self.board.to_string()
    }
}

tools::board_referee!(YavalathReferee);
