//! Every binary and every subcommand answers `--help` and `-h`: a usage on stdout and exit status
//! 0, whatever else is on its command line. Run by each game crate's `tests/referee.rs` over its
//! own binaries ([`every_binary_answers_help`]).

use std::process::Command;

/// Runs `exe` with each of `commands` (the words before the help: `[]` for the binary itself,
/// `["perft"]`, `["league", "DIR", "run"]`) followed by `--help`, then by `-h`, and checks that
/// each exits with status 0 and prints a usage on stdout (a line that starts `usage:` in any
/// case, or that names the binary with its command).
pub fn every_command_answers_help(exe: &str, commands: &[&[&str]]) {
    let name = std::path::Path::new(exe)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    for words in commands {
        for help in ["--help", "-h"] {
            let shown = format!("{name} {} {help}", words.join(" "));
            let out = Command::new(exe)
                .args(*words)
                .arg(help)
                .output()
                .unwrap_or_else(|e| panic!("{shown}: {e}"));
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{shown}: {stderr}{stdout}");
            let usage = stdout
                .lines()
                .any(|line| line.trim_start().to_lowercase().starts_with("usage:"));
            assert!(usage, "{shown} prints no usage line:\n{stdout}");
        }
    }
}

/// What every bot answers `--help` after: the protocol itself, `perft` and `bench`.
pub const BOT_COMMANDS: &[&[&str]] = &[&[], &["perft"], &["perft", "3"], &["bench"]];

/// What a bot with a solver answers `--help` after besides [`BOT_COMMANDS`].
pub const SOLVE_COMMANDS: &[&[&str]] = &[&["solve"], &["solve", "--table-mb", "1"]];

/// What every referee answers `--help` after: a match, `merge`, `view`, the league's commands
/// and `lines`.
pub const REFEREE_COMMANDS: &[&[&str]] = &[
    &[],
    &["a", "b"],
    &["merge"],
    &["merge", "x.csv"],
    &["view"],
    &["league"],
    &["league", "dir", "add"],
    &["league", "dir", "remove"],
    &["league", "dir", "run"],
    &["league", "dir", "show"],
    &["lines"],
    &["lines", "dir"],
];

/// What every tuner answers `--help` after (a tuner's own modes are the crate's to add).
pub const TUNER_COMMANDS: &[&[&str]] = &[&[], &["--games", "4"]];

/// A game crate's binaries answer help: the bot after [`BOT_COMMANDS`] and `bot_extra` (its own
/// subcommands, such as [`SOLVE_COMMANDS`]), the referee after [`REFEREE_COMMANDS`], and the
/// tuner, if the crate has one, after [`TUNER_COMMANDS`].
pub fn every_binary_answers_help(
    bot: &str,
    bot_extra: &[&[&str]],
    referee: &str,
    tuner: Option<&str>,
) {
    every_command_answers_help(bot, BOT_COMMANDS);
    every_command_answers_help(bot, bot_extra);
    every_command_answers_help(referee, REFEREE_COMMANDS);
    if let Some(tuner) = tuner {
        every_command_answers_help(tuner, TUNER_COMMANDS);
    }
}
