//! The referee's view of the game: the library's rules behind the shared runner's
//! [`RefereeGame`], with the file-based transport (a call per move, `team_no.txt`, `board.txt`,
//! and the contest's game master's `moves.txt` and `opponent_move.txt` in, `output.txt` out).
//!
//! The runner's Player 1 moves first. It is team 1 by default; [`RefereeGame::new_swapped`] (the
//! runner's `--game-master`, in even games) makes it team 2, so that team 2 moves first on an
//! empty board, as the contest's game master starts every other game. The record then says
//! `# setup: team 2 first` (`team 1 first` otherwise), and the replay page reads it back.
//!
//! Every call hands the team the whole board, so a game may start from an opening
//! (`--openings`, `--random-openings`). A random opening's plies are normal discs only: a power
//! spent before the game leaves no trace a team entering the game could read (the board does not
//! show which clears were played nor whose a dual disc is), so a bot would have to guess which of
//! its own powers remain, and a wrong guess about its dual disc loses on its tenth move. After
//! normal discs only, the board tells both bots the whole truth but for the clears, which each
//! then counts as spent for itself, the same for both.

use common::cli::Contest;
use common::game::Board as _;
use tools::runner::{BoardReferee, Fault, GameEnd, Input, RefereeGame, Seat, Transport};

use crate::board::{Board, Kind, Outcome, Team};
use crate::notation::{
    format_board, format_moves_file, format_opponent_file, parse_move, BOARD_FILE_NAME,
    MOVES_FILE_NAME, OPPONENT_FILE_NAME, OUTPUT_FILE_NAME, TEAM_FILE_NAME,
};

/// A game of Power Connect 4 under the referee.
pub struct Connect4Referee {
    board: Board,
    /// The team that moved first: the runner's Player 1.
    first: Team,
}

impl Connect4Referee {
    /// A game at its start with `first` to move (Player 1).
    pub fn starting(first: Team) -> Connect4Referee {
        Connect4Referee {
            board: Board::starting(first),
            first,
        }
    }

    /// The team that moved first.
    pub fn first(&self) -> Team {
        self.first
    }
}

impl Default for Connect4Referee {
    fn default() -> Self {
        Connect4Referee::starting(Team::One)
    }
}

/// The record's set-up note for a game that `first` starts.
fn setup_note(first: Team) -> String {
    format!("team {} first", first.number())
}

impl RefereeGame for Connect4Referee {
    const NAME: &'static str = "connect4";
    const CONTEST: Contest = crate::protocol::CONTEST;
    const TRANSPORT: Transport = Transport::Files;
    const STARTS_FROM_POSITION: bool = true;

    fn new_swapped() -> Self {
        Connect4Referee::starting(Team::Two)
    }

    fn setup(&self) -> Option<String> {
        Some(setup_note(self.first))
    }

    fn from_setup(note: &str) -> Result<Self, String> {
        Team::BOTH
            .into_iter()
            .find(|&team| setup_note(team) == note.trim())
            .map(Connect4Referee::starting)
            .ok_or_else(|| format!("'{note}' is not 'team 1 first' nor 'team 2 first'"))
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
        self.seat_to_move()
    }

    /// `team_no.txt`, `board.txt`, and the game master's `moves.txt` (the team's moves made and
    /// powers used) and `opponent_move.txt` (the opponent's powers used).
    fn input(&mut self, seat: Seat) -> Input {
        let team = self.side_of(seat);
        Input::Files {
            files: vec![
                (TEAM_FILE_NAME.to_string(), format!("{}\n", team.number())),
                (BOARD_FILE_NAME.to_string(), format_board(&self.board)),
                (
                    MOVES_FILE_NAME.to_string(),
                    format_moves_file(&self.board, team),
                ),
                (
                    OPPONENT_FILE_NAME.to_string(),
                    format_opponent_file(&self.board, team),
                ),
            ],
            reply_file: OUTPUT_FILE_NAME,
        }
    }

    fn play(&mut self, reply: &str) -> Result<Option<GameEnd>, Fault> {
        let m = parse_move(reply).map_err(Fault::malformed)?;
        let next = self.board.try_play(m).map_err(Fault::illegal)?;
        self.board = next;
        Ok(self.board.end().map(|(outcome, why)| match outcome {
            Outcome::Win(team) => GameEnd::win(self.seat_of(team), why),
            Outcome::Draw => GameEnd::draw(why),
        }))
    }

    fn plies(&self) -> u32 {
        self.board.plies()
    }

    fn render(&self) -> String {
        self.board.to_string()
    }
}

impl BoardReferee for Connect4Referee {
    type Board = Board;

    fn board(&self) -> &Board {
        &self.board
    }

    /// Player 1 plays the team that moved first.
    fn sides(&self) -> [Team; 2] {
        [self.first, self.first.other()]
    }
}
