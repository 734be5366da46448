//! `kaboom-tune [--games N] [--seed S] [--depth D] [--epochs E]`: plays self-play games, fits
//! the evaluation's weights to their results and prints them as constants (see `kaboom::tune`).
//!
//! `kaboom-tune data --out FILE ...`: writes self-play data for the learned evaluation (see
//! `kaboom::net_data`).

fn main() -> std::process::ExitCode {
    if std::env::args().nth(1).as_deref() == Some("data") {
        return kaboom::net_data::main(std::env::args().skip(2));
    }
    kaboom::tune::main()
}
