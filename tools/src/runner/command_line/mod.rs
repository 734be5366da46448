//! What every command line of a referee shares (the match's, `merge`'s, `view`'s, `lines`'s,
//! `league`'s): a `clap` command named for its program, the reading of its words, and a refusal
//! on one line.

pub(crate) mod bad_value;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

/// `A`'s `clap` command, named `program` in its usage, help and errors, with the settings of
/// every referee command line: no `--version`, and an option given twice takes its last value.
pub(crate) fn program_command<A: CommandFactory>(program: &str) -> clap::Command {
    A::command()
        .name(program.to_string())
        .bin_name(program.to_string())
        .disable_version_flag(true)
        .args_override_self(true)
}

/// `A`'s `clap` command for the referee's subcommand `name` of `game`, `<game>-referee <name>`,
/// its usage that name and `usage`.
pub(crate) fn subcommand<A: CommandFactory>(game: &str, name: &str, usage: &str) -> clap::Command {
    let program = format!("{game}-referee {name}");
    program_command::<A>(&program).override_usage(format!("{program} {usage}"))
}

/// The words after the program's name, read by `command` into `A`; `--help` is the error whose
/// `use_stderr` is false.
pub(crate) fn parse_words<A: FromArgMatches>(
    command: &mut clap::Command,
    words: &[String],
) -> Result<A, clap::Error> {
    let argv = std::iter::once(command.get_name().to_string()).chain(words.iter().cloned());
    A::from_arg_matches(&command.try_get_matches_from_mut(argv)?)
}

/// `clap`'s message: the help on stdout (status 0), or an error on one line of stderr after
/// `program` (status 2).
pub(crate) fn print_clap(program: &str, error: &clap::Error) -> ExitCode {
    if !error.use_stderr() {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    eprintln!("{program}: {} (see --help)", one_line(error));
    ExitCode::from(2)
}

/// `clap`'s error and its tips, without the usage, on one line: `unexpected argument '--game'
/// found; a similar argument exists: '--games'`.
pub(crate) fn one_line(error: &clap::Error) -> String {
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

/// A help text as its words one space apart, for tests: `clap` wraps it to the terminal's width.
#[cfg(test)]
pub(crate) fn unwrapped(help: &str) -> String {
    help.split_whitespace().collect::<Vec<_>>().join(" ")
}
