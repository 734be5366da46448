//! The contest loop.
//!
//! ```text
//! stdin:  1 | 2                     our player number (Player 1 places its bomb first)
//!         j                         the opponent's bomb column, in our frame (7 − its own j)
//!         x,i1,j1,i2,j2             each opponent move, in our frame
//! stdout: j                         our bomb column (our base is row 0)
//!         x,i1,j1,i2,j2             each of our moves, in our frame
//! ```
//!
//! Player 1 prints its column first, then reads Player 2's; Player 2 reads Player 1's column and
//! prints its own. The move's deadline starts right after the opponent's line is read. A line
//! that does not parse is logged and skipped; a well-formed opponent move that is illegal on our
//! board is logged and replaced by the opponent's legal move landing on the same square (the
//! colour it forces is what matters to us), or its first legal move, so the game goes on.

use crate::board::{Board, Player};
use crate::engine::Engine;
use crate::notation::{format_move, parse_move, MoveError};
use common::cli::BotInfo;
use common::cli::BotOptions;
use common::clock::Deadline;
use common::io::{log, reply, LineReader};
use std::io::BufRead;

/// The contest's time limit per move, in ms.
pub const MOVE_LIMIT_MS: u64 = 2000;

/// What `--help` says of this bot.
pub const BOT: BotInfo = BotInfo {
    name: "kaboom-bot",
    protocol: "stdin: `1` or `2`, the opponent's column, then its moves `x,i1,j1,i2,j2`, all in our own frame; stdout: our column, then our moves",
    limit: "2000 ms per move, 8 MB",
    default_movetime: "1200 ms per move",
    solver: None,
};

/// Plays one game on `reader`, answering on standard output; returns at end of input.
pub fn run<R: BufRead>(reader: &mut LineReader<R>, options: &BotOptions) {
    let me = loop {
        let Some(line) = reader.next_line() else {
            return;
        };
        match line.as_str() {
            "1" => break Player::One,
            "2" => break Player::Two,
            other => log(&format!("kaboom-bot: expected 1 or 2, got '{other}'")),
        }
    };
    let mut engine = Engine::new(options);
    let mut board = Board::new();
    let mut deadline = Deadline::from_now(engine.budget());
    loop {
        if board.to_move() == me && board.outcome().is_none() {
            match engine.choose(&board, deadline) {
                Some(m) => {
                    let text = format_move(m, me);
                    reply(&text);
                    log(&format!(
                        "kaboom-bot: played {text} after {} ms",
                        deadline.elapsed().as_millis()
                    ));
                    board = board.play(m);
                }
                None => log("kaboom-bot: no legal move"),
            }
        }
        let Some(line) = reader.next_line() else {
            return;
        };
        deadline = Deadline::from_now(engine.budget());
        if board.to_move() == me || board.outcome().is_some() {
            log(&format!(
                "kaboom-bot: unexpected line '{line}' (not the opponent's turn)"
            ));
            continue;
        }
        board = match apply_opponent(&board, &line, me) {
            Ok(next) => next,
            Err(MoveError::Parse(e)) => {
                log(&format!("kaboom-bot: ignoring line '{line}': {e}"));
                continue;
            }
            Err(MoveError::Illegal(e)) => {
                log(&format!(
                    "kaboom-bot: opponent move '{line}' is illegal here: {e}"
                ));
                recover(&board, &line, me)
            }
        };
    }
}

/// The board after the opponent's `line` (written in our frame `me`).
pub fn apply_opponent(board: &Board, line: &str, me: Player) -> Result<Board, MoveError> {
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let m = parse_move(board, &compact, me)?;
    Ok(board.try_play(m)?)
}

/// A legal opponent move standing in for an illegal one: the one landing on the same square, or
/// the first.
fn recover(board: &Board, line: &str, me: Player) -> Board {
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let moves = board.legal_moves();
    let wanted = parse_move(board, &compact, me).ok();
    let stand_in = moves
        .as_slice()
        .iter()
        .find(|m| wanted.is_some_and(|w| w.to() == m.to()))
        .or_else(|| moves.as_slice().first())
        .copied();
    match stand_in {
        Some(m) => board.play(m),
        None => *board,
    }
}
