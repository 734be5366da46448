//! The Ka-Boom contest bot: the protocol loop, or `perft` / `bench`.

use common::cli::Command;
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = match common::cli::from_env(
        "kaboom-bot",
        "reads 1|2, the columns, then moves x,i1,j1,i2,j2 in its own frame",
    ) {
        Ok(command) => command,
        Err(status) => return ExitCode::from(status as u8),
    };
    match command {
        Command::Play(options) => {
            options.warn_about_movetime(std::time::Duration::from_millis(
                kaboom::protocol::MOVE_LIMIT_MS,
            ));
            let mut reader = common::io::LineReader::stdin();
            kaboom::protocol::run(&mut reader, &options);
        }
        Command::Perft(depth) => {
            for d in 1..=depth {
                println!("{d} {}", kaboom::board::perft(d));
            }
        }
        Command::Bench(options) => {
            kaboom::search::bench(options.depth);
        }
        Command::Help => {}
    }
    ExitCode::SUCCESS
}
