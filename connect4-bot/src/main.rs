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
            warn_of_movetime(&options);
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

/// Tells the user on stderr when `--movetime` leaves too little of the contest's limit.
fn warn_of_movetime(options: &common::cli::BotOptions) {
    let limit = std::time::Duration::from_millis(connect4::protocol::MOVE_LIMIT_MS);
    if let Some(warning) = options.movetime_warning(limit) {
        common::io::log(&warning);
    }
}
