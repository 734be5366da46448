//! The referee's view of the game: the library's rules behind the shared runner's [`Game`], with
//! the file-based transport (a call per move, `team_no.txt`, `board.txt`, and the contest's game
//! master's `moves.txt` and `opponent_move.txt` in, `output.txt` out).
//!
//! The runner's Player 1 moves first. It is team 1 by default; the runner's `--game-master`
//! makes it team 2 in even games ([`Game::start_with`]), so that team 2 moves first on an empty
//! board, as the contest's game master starts every other game. The record then says `# setup:
//! team 2 first` (`team 1 first` otherwise), and the replay page reads it back.
//!
//! Every call hands the team the whole board, so a game may start from an opening
//! (`--openings`, `--random-openings`). A random opening's plies are normal discs only: a power
//! spent before the game leaves no trace a team entering the game could read (the board does not
//! show which clears were played nor whose a dual disc is), so a bot would have to guess which of
//! its own powers remain, and a wrong guess about its dual disc loses on its tenth move. After
//! normal discs only, the board tells both bots the whole truth but for the clears, which each
//! then counts as spent for itself, the same for both.

use common::cli::Contest;
use common::game::Board as GameBoard;
use tools::runner::{Drawing, Game, Input, Transport};

use crate::board::{Board, Kind, Move, Outcome, Team};
use crate::notation::{
    format_board, format_moves_file, format_opponent_file, BOARD_FILE_NAME, MOVES_FILE_NAME,
    OPPONENT_FILE_NAME, OUTPUT_FILE_NAME, TEAM_FILE_NAME,
};

/// Power Connect 4, as the match runner referees it; drawn by its `view` module.
pub struct Connect4;

impl Game for Connect4 {
    type Board = Board;

    const NAME: &'static str = "connect4";
    const CONTEST: Contest = crate::protocol::CONTEST;
    const TRANSPORT: Transport = Transport::Files;
    const STARTS_FROM_POSITION: bool = true;
    const DRAWING: Option<&'static dyn Drawing<Board>> = Some(&Connect4);

    /// The empty board with `first` to move, either team: `team 1 first`, `team 2 first`.
    fn start_with(first: Team) -> Option<(Board, String)> {
        Some((
            Board::starting(first),
            format!("team {} first", first.number()),
        ))
    }

    /// The normal discs that may be played now (every legal move when none may: a tenth move
    /// that must be the dual disc).
    fn opening_moves(board: &Board) -> Vec<Move> {
        let legal = GameBoard::legal_moves(board);
        let normal: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.kind == Kind::Normal)
            .collect();
        if normal.is_empty() {
            legal.to_vec()
        } else {
            normal
        }
    }

    /// `team_no.txt`, `board.txt`, and the game master's `moves.txt` (the team's moves made and
    /// powers used) and `opponent_move.txt` (the opponent's powers used).
    fn input(board: &Board, _last: Option<(&Board, Move)>) -> Input {
        let team = GameBoard::side_to_move(board);
        Input::Files {
            files: vec![
                (TEAM_FILE_NAME.to_string(), format!("{}\n", team.number())),
                (BOARD_FILE_NAME.to_string(), format_board(board)),
                (MOVES_FILE_NAME.to_string(), format_moves_file(board, team)),
                (
                    OPPONENT_FILE_NAME.to_string(),
                    format_opponent_file(board, team),
                ),
            ],
            reply_file: OUTPUT_FILE_NAME,
        }
    }

    fn end_reason(board: &Board, _outcome: Outcome, _last: Move) -> String {
        board
            .end()
            .map_or("four in a line", |(_, why)| why)
            .to_string()
    }
}
