//! The referee's view of the game: the library's rules behind the shared runner's
//! [`RefereeGame`], with the file-based transport (a call per move, `team_no.txt` and
//! `board.txt` in, `output.txt` out).
//!
//! Every call hands the team the whole board, so a game may start from an opening
//! (`--openings`, `--random-openings`). A random opening's plies are normal discs only: a power
//! spent before the game leaves no trace a team entering the game could read (the board does not
//! show which clears were played nor whose a dual disc is), so a bot would have to guess which of
//! its own powers remain, and a wrong guess about its dual disc loses on its tenth move. After
//! normal discs only, the board tells both bots the whole truth but for the clears, which each
//! then counts as spent for itself, the same for both.

use common::referee::{Fault, GameEnd, Input, RefereeGame, Seat, Transport};

use crate::board::{Board, Kind, Outcome, Team};
use crate::notation::{
    format_board, parse_move, BOARD_FILE_NAME, OUTPUT_FILE_NAME, TEAM_FILE_NAME,
};

/// A game of Power Connect 4 under the referee.
pub struct Connect4Referee {
    board: Board,
}

fn team_of(seat: Seat) -> Team {
    match seat {
        Seat::First => Team::One,
        Seat::Second => Team::Two,
    }
}

fn seat_of(team: Team) -> Seat {
    match team {
        Team::One => Seat::First,
        Team::Two => Seat::Second,
    }
}

impl Connect4Referee {
    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl RefereeGame for Connect4Referee {
    const NAME: &'static str = "connect4";
    const MOVETIME_MS: u64 = crate::protocol::MOVE_LIMIT_MS;
    const MEMORY_CAP_BYTES: u64 = 20 * 1024 * 1024;
    const TRANSPORT: Transport = Transport::Files;
    const STARTS_FROM_POSITION: bool = true;

    fn new() -> Self {
        Connect4Referee {
            board: Board::new(),
        }
    }

    /// The normal discs that may be played now (every legal move when none may: a tenth move
    /// that must be the dual disc).
    fn opening_moves(&self) -> Vec<String> {
        let legal = self.board.legal_moves();
        let normal: Vec<String> = legal
            .iter()
            .filter(|m| m.kind == Kind::Normal)
            .map(|m| m.to_string())
            .collect();
        if normal.is_empty() {
            legal.iter().map(|m| m.to_string()).collect()
        } else {
            normal
        }
    }

    fn to_move(&self) -> Seat {
        seat_of(self.board.to_move())
    }

    fn input(&mut self, seat: Seat) -> Input {
        Input::Files {
            files: vec![
                (
                    TEAM_FILE_NAME.to_string(),
                    format!("{}\n", team_of(seat).number()),
                ),
                (BOARD_FILE_NAME.to_string(), format_board(&self.board)),
            ],
            reply_file: OUTPUT_FILE_NAME,
        }
    }

    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let m = parse_move(reply).map_err(|e| Fault::Malformed(e.to_string()))?;
        let next = self
            .board
            .try_play(m)
            .map_err(|e| Fault::Illegal(e.to_string()))?;
        self.board = next;
        Ok(self.board.outcome().map(|outcome| match outcome {
            Outcome::Win(team) if team != self.board.to_move() => {
                GameEnd::win(seat_of(team), "four in a line")
            }
            Outcome::Win(team) => {
                GameEnd::win(seat_of(team), "four in a line made for the opponent")
            }
            Outcome::Draw => GameEnd::draw("board full"),
        }))
    }

    fn plies(&self) -> u32 {
        self.board.plies()
    }

    fn render(&self) -> String {
        self.board.to_string()
    }
}
