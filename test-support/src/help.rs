//! Every binary and every subcommand answers `--help` and `-h`: a usage on stdout and exit status
//! 0, whatever else is on its command line. Run by each game crate's `tests/referee.rs` over its
//! bot and its tuner ([`every_binary_answers_help`]); its referee's command line is the runner's,
//! tested once in `tools`. And a bot whose stdout is closed before it
//! prints (`GAME-bot --help | head -1`) ends quietly, never with a panic
//! ([`bot_ends_quietly_on_a_closed_stdout`], run by each game crate's `tests/protocol.rs`).

use std::process::{Command, ExitStatus, Output, Stdio};

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

/// What every tuner answers `--help` after (a tuner's own modes are the crate's to add).
pub const TUNER_COMMANDS: &[&[&str]] = &[&[], &["--games", "4"]];

/// A game crate's binaries answer help: the bot after [`BOT_COMMANDS`] and `bot_extra` (its own
/// subcommands, such as [`SOLVE_COMMANDS`]), and the tuner, if the crate has one, after
/// [`TUNER_COMMANDS`].
pub fn every_binary_answers_help(bot: &str, bot_extra: &[&[&str]], tuner: Option<&str>) {
    every_command_answers_help(bot, BOT_COMMANDS);
    every_command_answers_help(bot, bot_extra);
    if let Some(tuner) = tuner {
        every_command_answers_help(tuner, TUNER_COMMANDS);
        // Its usage into a pipe nobody reads ends quietly too.
        let (status, stderr) = run_with_closed_stdout(tuner, &["--help"]);
        assert!(!stderr.contains("panicked"), "{tuner} --help: {stderr}");
        assert_eq!(status.code(), Some(0), "{tuner} --help: {status}: {stderr}");
    }
}

/// What a bot prints on stdout without reading any input, besides its usage: perft's counts and
/// bench's lines.
pub const BOT_OUTPUTS: &[&[&str]] = &[&["perft", "2"], &["bench", "--depth", "1"]];

/// Runs `exe` with `args`, its stdout a pipe whose reading end was closed before it started (so
/// that its first write fails with a broken pipe, as under `exe | head -1` once `head` has gone,
/// without the race), its stdin empty; returns its status and its stderr.
pub fn run_with_closed_stdout(exe: &str, args: &[&str]) -> (ExitStatus, String) {
    // A pipe nobody reads: `true` holds its reading end and exits; ours was closed at the spawn.
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("start true");
    let writer = reader.stdin.take().expect("the pipe's writing end");
    reader.wait().expect("wait for true");
    let Output { status, stderr, .. } = Command::new(exe)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("{exe}: {e}"));
    (status, String::from_utf8_lossy(&stderr).into_owned())
}

/// The bot `exe`, its stdout closed, answers `--help` after each of [`BOT_COMMANDS`] and
/// `bot_extra` (as [`every_binary_answers_help`] takes them) and runs each of [`BOT_OUTPUTS`]
/// quietly: exit status 0 and no panic on stderr.
pub fn bot_ends_quietly_on_a_closed_stdout(exe: &str, bot_extra: &[&[&str]]) {
    let helps = BOT_COMMANDS.iter().chain(bot_extra).map(|words| {
        let mut args = words.to_vec();
        args.push("--help");
        args
    });
    for args in helps.chain(BOT_OUTPUTS.iter().map(|words| words.to_vec())) {
        let (status, stderr) = run_with_closed_stdout(exe, &args);
        let shown = format!("{exe} {} with stdout closed", args.join(" "));
        assert!(!stderr.contains("panicked"), "{shown}: {stderr}");
        assert_eq!(status.code(), Some(0), "{shown}: {status}: {stderr}");
    }
}
