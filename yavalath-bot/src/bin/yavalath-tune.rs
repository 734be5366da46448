//! `yavalath-tune [--games N] [--seed S] [--depth D] [--epochs E]`: plays self-play games, fits
//! the evaluation's weights to their results and prints them (see `yavalath::tune`).
//! `yavalath-tune book [--depth D]`: the opening book's analysis, printed as the constants of
//! `yavalath::book`.
use common::tune::{fit_scale, fit_weights, format_constants, mean_error, FitOptions};
use std::process::ExitCode;
use std::time::Instant;
use yavalath::tune::{
    analyse_book, current_weights, format_book, play_games, samples, WEIGHT_NAMES,
};

const USAGE: &str = "usage: yavalath-tune [--games N] [--seed S] [--depth D] [--epochs E]
       yavalath-tune book [--depth D]";

/// Every game whose number is a multiple of this is held out of the fit.
const HOLDOUT_EVERY: usize = 5;
/// The book's default search depth.
const BOOK_DEPTH: u32 = 10;
/// The book's transposition table.
const BOOK_TABLE_BYTES: usize = 64 << 20;

struct Options {
    book: bool,
    games: u32,
    seed: u64,
    depth: Option<u32>,
    epochs: u32,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        book: false,
        games: 2000,
        seed: 1,
        depth: None,
        epochs: 2000,
    };
    let mut i = 0;
    if args.first().map(String::as_str) == Some("book") {
        options.book = true;
        i = 1;
    }
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or(format!("{} needs a value", args[i]))?;
        let number = |what: &str| {
            value
                .parse::<u64>()
                .map_err(|_| format!("{what}: not a number: {value}"))
        };
        match args[i].as_str() {
            "--games" if !options.book => options.games = number("--games")? as u32,
            "--seed" if !options.book => options.seed = number("--seed")?,
            "--epochs" if !options.book => options.epochs = number("--epochs")? as u32,
            "--depth" => options.depth = Some(number("--depth")? as u32),
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match parse(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("yavalath-tune: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    if options.book {
        let depth = options.depth.unwrap_or(BOOK_DEPTH);
        let Some(analysis) = analyse_book(depth, BOOK_TABLE_BYTES, |line| {
            eprintln!("{:>7.1}s {line}", start.elapsed().as_secs_f64())
        }) else {
            eprintln!("yavalath-tune: a book position had no move");
            return ExitCode::FAILURE;
        };
        print!("{}", format_book(&analysis, depth));
        eprintln!("book: {:.1}s", start.elapsed().as_secs_f64());
        return ExitCode::SUCCESS;
    }
    let depth = options.depth.unwrap_or(3);
    let games = play_games(options.games, options.seed, depth);
    let (training_games, held_games): (Vec<_>, Vec<_>) = games
        .into_iter()
        .enumerate()
        .partition(|(k, _)| k % HOLDOUT_EVERY != 0);
    let training = samples(
        &training_games
            .into_iter()
            .map(|(_, g)| g)
            .collect::<Vec<_>>(),
    );
    let held_out = samples(&held_games.into_iter().map(|(_, g)| g).collect::<Vec<_>>());
    println!(
        "games {} depth {depth} seed {} positions {} training {} held out {} ({:.1}s)",
        options.games,
        options.seed,
        training.len() + held_out.len(),
        training.len(),
        held_out.len(),
        start.elapsed().as_secs_f64()
    );
    let mut weights: Vec<f64> = current_weights().iter().map(|&w| f64::from(w)).collect();
    let before = weights.clone();
    let scale = fit_scale(&training, &weights);
    let fit = FitOptions {
        epochs: options.epochs,
        ..FitOptions::default()
    };
    let report = fit_weights(&training, &mut weights, scale, &fit);
    println!("scale {scale:.6}");
    println!(
        "training error before {:.6} after {:.6}",
        report.error_before, report.error_after
    );
    println!(
        "held-out error before {:.6} after {:.6}",
        mean_error(&held_out, &before, scale),
        mean_error(&held_out, &weights, scale)
    );
    print!("{}", format_constants(&WEIGHT_NAMES, &weights));
    println!("time {:.1}s", start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
