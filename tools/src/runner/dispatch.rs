//! The `main` of every `<game>-referee`: the subcommands (`merge`, `view`, `league`, `lines`),
//! or the match of the command line.

use std::process::ExitCode;

use super::game::contest_defaults;
use super::match_error::MatchError;
use super::merge::{merge, MergeError};
use super::options::{command, parse_options_with};
use super::run::run_match;
use super::{html, interrupt, league, lines};

/// The whole `<game>-referee` program: parses the command line and runs the match (or the merge).
/// Exit status 0 after a match (whatever its result); 2 for a bad command line, bad results
/// files, an output that cannot be written or a player that cannot start, all found before any
/// game counts; 128 + the signal for a match interrupted (after its standings); 1 when the match
/// could not go on (a file that could not be written during it).
pub fn main<G: html::DrawGame>() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("league") => league::main::<G>(&args[1..]),
        Some("view") => html::view_main::<G>(&args[1..]),
        Some("lines") => lines::main(G::NAME, &args[1..]),
        Some("merge") => merge_main::<G>(&args[1..]),
        _ => match_main::<G>(args),
    }
}

/// `<game>-referee merge ...`: the final lines of the rows, its help, or why it refused them.
fn merge_main<G: html::DrawGame>(args: &[String]) -> ExitCode {
    match merge(G::NAME, args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(MergeError::Command(error)) => {
            print_clap(&format!("{}-referee merge", G::NAME), &error)
        }
        Err(error) => {
            eprintln!("{}-referee merge: {error}", G::NAME);
            ExitCode::from(2)
        }
    }
}

/// `clap`'s message: the help on stdout (status 0), or an error on one line of stderr after
/// `program` (status 2).
pub(super) fn print_clap(program: &str, error: &clap::Error) -> ExitCode {
    if !error.use_stderr() {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    eprintln!("{program}: {} (see --help)", one_line(error));
    ExitCode::from(2)
}

/// `clap`'s error and its tips, without the usage, on one line: `unexpected argument '--game'
/// found; a similar argument exists: '--games'`.
pub fn one_line(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .filter(|line| !line.is_empty())
        .map(|line| line.strip_prefix("error: ").unwrap_or(line))
        .map(|line| line.strip_prefix("tip: ").unwrap_or(line))
        .collect();
    // A line that ends in ':' introduces the next (`...were not provided: <FILE.csv>...`).
    let mut joined = String::new();
    for line in lines {
        if !joined.is_empty() {
            joined.push_str(if joined.ends_with(':') { " " } else { "; " });
        }
        joined.push_str(line);
    }
    joined
}

/// `<game>-referee [OPTIONS] CMD_A CMD_B`: the match, its help, or why its command line was
/// refused.
fn match_main<G: html::DrawGame>(args: Vec<String>) -> ExitCode {
    let (movetime_ms, memory_mb) = contest_defaults::<G>();
    let mut referee = command(G::NAME, movetime_ms, memory_mb, G::DEFAULT_MAX_PLIES);
    let options = match parse_options_with(referee.clone(), args) {
        Ok(options) => options,
        Err(error) => {
            let program = format!("{}-referee", G::NAME);
            return print_clap(&program, &error.into_clap(&mut referee));
        }
    };
    let watch = interrupt::watch(G::NAME);
    match run_match::<G>(&options, watch.as_ref()) {
        Ok(_) => ExitCode::SUCCESS,
        // Its note is printed before the standings, which stay the last lines.
        Err(error @ MatchError::Interrupted(_)) => ExitCode::from(error.exit_status()),
        Err(error) => {
            eprintln!("{}-referee: {error}", G::NAME);
            ExitCode::from(error.exit_status())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_is_one_line_with_its_tip() {
        let mut referee = command("krieg", 2000, 20, None);
        let error = parse_options_with(referee.clone(), ["--game", "4", "a", "b"]).unwrap_err();
        assert_eq!(
            one_line(&error.into_clap(&mut referee)),
            "unexpected argument '--game' found; a similar argument exists: '--games'"
        );
        let error = crate::runner::merge_command("krieg")
            .try_get_matches_from(["merge"])
            .unwrap_err();
        assert_eq!(
            one_line(&error),
            "the following required arguments were not provided: <FILE.csv>..."
        );
        let error = parse_options_with(referee.clone(), ["a"]).unwrap_err();
        assert_eq!(
            one_line(&error.into_clap(&mut referee)),
            "expected two player commands (CMD_A CMD_B) or two or more --player NAME=CMD, got 1"
        );
    }
}
