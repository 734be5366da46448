//! The `main` of every `<game>-referee`: the subcommands (`merge`, `view`, `league`, `lines`),
//! or the match of the command line.

use std::process::ExitCode;

use crate::runner::command_line::print_clap;
use crate::runner::game::{contest_defaults, Game, Scoring};
use crate::runner::league;
use crate::runner::match_play::interrupt;
use crate::runner::match_play::match_error::MatchError;
use crate::runner::match_play::merge::{merge, MergeError};
use crate::runner::match_play::options::{command, parse_options_with};
use crate::runner::match_play::run::run_match;
use crate::runner::pages::replay_page;
use crate::runner::records::lines;

/// The whole `<game>-referee` program: parses the command line and runs the match (or the merge).
/// Exit status 0 after a match (whatever its result); 2 for a bad command line, bad results
/// files, an output that cannot be written or a player that cannot start, all found before any
/// game counts; 128 + the signal for a match interrupted (after its standings); 1 when the match
/// could not go on (a file that could not be written during it).
pub fn main<G: Game>() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("league") => league::main::<G>(&args[1..]),
        Some("view") => replay_page::view_main::<G>(G::DRAWING, &args[1..]),
        Some("lines") => lines::main::<G>(&args[1..]),
        Some("merge") => merge_main::<G>(&args[1..]),
        _ => match_main::<G>(args),
    }
}

/// `<game>-referee merge ...`: the final lines of the rows, its help, or why it refused them.
fn merge_main<G: Game>(args: &[String]) -> ExitCode {
    match merge(Scoring::of::<G>(), args) {
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

/// `<game>-referee [OPTIONS] CMD_A CMD_B`: the match, its help, or why its command line was
/// refused.
fn match_main<G: Game>(args: Vec<String>) -> ExitCode {
    let (movetime_ms, _) = contest_defaults::<G>();
    let mut referee = command(
        G::NAME,
        movetime_ms,
        G::CONTEST.memory_mb,
        G::DEFAULT_MAX_PLIES,
        G::DRAW_SCORE,
    );
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
