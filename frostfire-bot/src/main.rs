//! The Frostfire contest bot: `frostfire-bot [perft D | bench] [OPTIONS]` (see `--help`).

use common::cli::Command;
use frostfire::board::Board;
use std::process::ExitCode;

const PROTOCOL: &str = "reads 1 or 2, then the opponent's moves `Ax By`; prints its own moves";

fn main() -> ExitCode {
    let command = match common::cli::from_env("frostfire-bot", PROTOCOL) {
        Ok(command) => command,
        Err(status) => return ExitCode::from(status as u8),
    };
    match command {
        Command::Play(options) => {
            options.warn_about_movetime(std::time::Duration::from_millis(
                frostfire::protocol::MOVE_LIMIT_MS,
            ));
            frostfire::protocol::run(&options);
        }
        Command::Perft(depth) => {
            let start = Board::start();
            for d in 1..=depth {
                println!("{d} {}", start.perft(d));
            }
        }
        Command::Bench(options) => {
            frostfire::search::bench(options.depth);
        }
        Command::Help => {}
    }
    ExitCode::SUCCESS
}
