//! `kaboom-bot`: the contest entry (no arguments), or `perft D` / `bench` (see `--help`).

fn main() -> std::process::ExitCode {
    common::cli::run_bot(&kaboom::protocol::BOT)
}
