//! The contest loop.
//!
//! stdin: `1` (we are Sentinel and move first) or `0` (Scourge; `2` is accepted too), then each
//! opponent move `r1 c1 r2 c2`. stdout: each of our moves on one line, flushed. End of input ends
//! the game. A line that cannot be understood is reported on stderr and skipped: the referee is
//! the judge of the opponent's moves, and a bot that dies on a bad line loses a game it may not
//! have lost.

use crate::board::{Board, Side};
use crate::engine::Engine;
use crate::notation::parse_move;
use common::cli::BotInfo;
use common::cli::BotOptions;
use common::io::{log, reply, LineReader};
use std::io::BufRead;
use std::time::Instant;

/// The contest's time limit per move, in ms.
pub const MOVE_LIMIT_MS: u64 = 2000;

/// What `--help` says of this bot.
pub const BOT: BotInfo = BotInfo {
    name: "krieg-bot",
    protocol: "stdin: `1` (Sentinel, moves first) or `0` (Scourge), then the opponent's moves `r1 c1 r2 c2`; stdout: our moves",
    limit: "2000 ms per move, 20 MB",
    default_movetime: "1200 ms per move",
    solver: None,
};

/// The side an id line gives us.
pub fn parse_side(line: &str) -> Option<Side> {
    match line {
        "1" => Some(Side::Sentinel),
        "0" | "2" => Some(Side::Scourge),
        _ => None,
    }
}

/// Plays one game on standard input and output until end of input.
pub fn run(options: &BotOptions) {
    play(&mut LineReader::stdin(), options);
}

/// Plays one game on `input` (answers go to stdout) until end of input.
pub fn play<R: BufRead>(input: &mut LineReader<R>, options: &BotOptions) {
    let mut engine = Engine::new(options);
    let us = loop {
        let Some(line) = input.next_line() else {
            return;
        };
        match parse_side(&line) {
            Some(side) => break side,
            None => log(&format!(
                "krieg-bot: expected the id line 1 or 0, got '{line}'"
            )),
        }
    };
    let mut board = Board::start();
    let mut started = Instant::now();
    loop {
        if board.side_to_move() == us {
            if board.outcome().is_some() {
                log("krieg-bot: the game is over");
            } else if let Some(mv) = engine.choose(&board, started) {
                reply(&mv.to_string());
                board = board.play(mv);
            }
        }
        let Some(line) = input.next_line() else {
            return;
        };
        started = Instant::now();
        match parse_move(&line).map_err(|e| e.to_string()).and_then(|mv| {
            if board.side_to_move() == us {
                return Err("it is our turn, not the opponent's".to_string());
            }
            board.try_play(mv).map_err(|e| e.to_string())
        }) {
            Ok(next) => board = next,
            Err(why) => log(&format!("krieg-bot: ignoring '{line}': {why}")),
        }
    }
}
