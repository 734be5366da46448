//! `frostfire-tune [--games N] [--seed S] [--depth D] [--epochs E]`: plays self-play games, fits
//! the evaluation's weights to their results and prints them as constants (see `frostfire::tune`).
use frostfire::tune::{run, TuneOptions};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let options = match TuneOptions::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("frostfire-tune: {error}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let report = run(&options, |line| eprintln!("frostfire-tune: {line}"));
    println!(
        "games={} seed={} depth={} epochs={} seconds={:.0}",
        options.games,
        options.seed,
        options.depth,
        options.epochs,
        started.elapsed().as_secs_f64()
    );
    print!("{report}");
    ExitCode::SUCCESS
}
