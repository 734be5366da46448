//! `krieg-bot`: the contest entry (no arguments), or `perft D` / `bench` (see `--help`).

use common::cli::{self, Command};
use common::io::LineReader;
use krieg::board::Board;
use krieg::{protocol, search};
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = match cli::from_env(
        "krieg-bot",
        "stdin: 1 or 0, then the opponent's moves 'r1 c1 r2 c2'; stdout: our moves",
    ) {
        Ok(command) => command,
        Err(status) => return ExitCode::from(status as u8),
    };
    match command {
        Command::Play(options) => {
            options.warn_about_movetime(std::time::Duration::from_millis(
                krieg::protocol::MOVE_LIMIT_MS,
            ));
            protocol::run(&mut LineReader::stdin(), &options);
        }
        Command::Perft(depth) => {
            for d in 1..=depth {
                println!("{d} {}", Board::start().perft(d));
            }
        }
        Command::Bench(options) => {
            search::bench(options.depth.unwrap_or(search::BENCH_DEPTH));
        }
        Command::Help => {}
    }
    ExitCode::SUCCESS
}
