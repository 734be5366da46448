//! The Yavalath bot: the CodinGame protocol on stdin/stdout, or `perft` / `bench`.

use common::cli::{from_env, Command};
use std::process::ExitCode;
use yavalath::{board, protocol, search};

fn main() -> ExitCode {
    let command = match from_env("yavalath-bot", protocol::PROTOCOL) {
        Ok(command) => command,
        Err(status) => return ExitCode::from(status as u8),
    };
    match command {
        Command::Play(options) => {
            options.warn_about_movetime(std::time::Duration::from_millis(
                yavalath::protocol::MOVE_LIMIT_MS,
            ));
            protocol::play(std::io::stdin().lock(), &options);
        }
        Command::Perft(depth) => {
            for d in 1..=depth {
                println!("{d} {}", board::perft(d));
            }
        }
        Command::Bench(options) => {
            search::bench(options.depth);
        }
        Command::Help => {}
    }
    ExitCode::SUCCESS
}
