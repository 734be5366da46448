//! The Power Connect 4 bot: one call plays one move in the current directory (see
//! [`connect4::protocol`]); `perft` and `bench` as every bot of the workspace.

use common::cli::{from_env, Command};

fn main() {
    let command = match from_env(
        "connect4-bot",
        "reads team_no.txt and board.txt, writes output.txt `t c`, in the current directory",
    ) {
        Ok(command) => command,
        Err(status) => std::process::exit(status),
    };
    match command {
        Command::Play(options) => {
            options.warn_about_movetime(std::time::Duration::from_millis(
                connect4::protocol::MOVE_LIMIT_MS,
            ));
            connect4::protocol::run(&options);
        }
        Command::Perft(depth) => {
            for d in 1..=depth {
                println!("{d} {}", connect4::board::perft(d));
            }
        }
        Command::Bench(options) => {
            connect4::search::bench(options.depth);
        }
        Command::Help => {}
    }
}
