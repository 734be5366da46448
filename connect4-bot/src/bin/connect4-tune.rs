//! `connect4-tune [--games N] [--seed S] [--depth D] [--epochs E]`: plays self-play games, fits
//! the evaluation's weights to their results and prints them as constants (see `connect4::tune`).

fn main() -> std::process::ExitCode {
    connect4::tune::main()
}
