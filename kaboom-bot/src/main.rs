//! `kaboom-bot`: the contest entry (no arguments), or `perft D` / `bench` (see `--help`).

use common::cli::{self, Command};
use kaboom::{board, protocol, search};
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    common::io::set_bot_name(protocol::BOT.name);
    let command = match cli::from_env(&protocol::BOT) {
        Ok(command) => command,
        Err(status) => return status,
    };
    match command {
        Command::Play(options) => {
            options.warn_about_movetime(Duration::from_millis(protocol::MOVE_LIMIT_MS));
            common::io::start_log_thread();
            protocol::run(&options);
            common::io::finish_log();
        }
        Command::Perft(depth) => {
            for d in 1..=depth {
                println!("{d} {}", board::perft(d));
            }
        }
        Command::Bench(options) => {
            search::bench(options.depth);
        }
    }
    ExitCode::SUCCESS
}
