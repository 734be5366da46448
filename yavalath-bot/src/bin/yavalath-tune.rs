//! `yavalath-tune [--games N] [--seed S] [--depth D] [--epochs E]`: plays self-play games, fits
//! the evaluation's weights to their results and prints them (see `yavalath::tune`).
//! `yavalath-tune book [--depth D]`: the opening book's analysis, printed as the constants of
//! `yavalath::book`.

fn main() -> std::process::ExitCode {
    yavalath::tune::main()
}
