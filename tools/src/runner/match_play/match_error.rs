//! Why a match stops before its end: [`MatchError`], and the message of a player that cannot
//! start. Below both the game loop (`play`) and the run of many games (`run`), which raise them.

use std::fmt::Write as _;
use std::io;

use crate::runner::match_play::interrupt;
use crate::runner::match_play::process::StartFailure;
use crate::runner::records::files::{self, FileError};

/// Why a match stopped before its end, or could not start.
#[derive(Debug)]
pub(crate) enum MatchError {
    /// A bad setting found before the first game: an output that cannot be written, an opening
    /// that does not play (the message).
    Setup(String),
    /// A player that cannot start (the message, with its command and the end of its stderr).
    PlayerCannotStart(String),
    /// A file that could not be read or written once the match was under way.
    File(FileError),
    /// The standard output could not be written.
    Output(io::Error),
    /// The match was interrupted by this signal; the standings of its finished games are
    /// printed.
    Interrupted(interrupt::Signal),
}

impl MatchError {
    /// The referee's exit status: 2 for what stops a match before it starts (a setting, a
    /// player that cannot start), 128 + the signal for an interruption, 1 otherwise.
    pub(crate) fn exit_status(&self) -> u8 {
        match self {
            MatchError::Setup(_) | MatchError::PlayerCannotStart(_) => 2,
            MatchError::File(_) | MatchError::Output(_) => 1,
            MatchError::Interrupted(signal) => signal.exit_status(),
        }
    }
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::Setup(message) | MatchError::PlayerCannotStart(message) => {
                write!(f, "{message}")
            }
            MatchError::File(error) => write!(f, "{error}"),
            MatchError::Output(error) => {
                write!(
                    f,
                    "cannot write the standard output: {}",
                    files::io_reason(error)
                )
            }
            MatchError::Interrupted(signal) => {
                write!(
                    f,
                    "interrupted by {signal}; the final lines below count the finished games only"
                )
            }
        }
    }
}

impl std::error::Error for MatchError {}

impl From<FileError> for MatchError {
    fn from(error: FileError) -> MatchError {
        MatchError::File(error)
    }
}

/// The error for player `name` whose command `command` could not start in game `number`:
/// the command, what happened, and the last lines of its stderr.
pub(crate) fn cannot_start_message(
    name: &str,
    command: &str,
    number: u32,
    failure: &StartFailure,
) -> String {
    let mut text = format!(
        "player {name} cannot start: its command {} {} in game {number}",
        crate::runner::text::quote_command(command),
        failure.how
    );
    if failure.stderr_tail.is_empty() {
        text.push_str("; it printed nothing on stderr");
    } else {
        text.push_str("; the last lines of its stderr:");
        for line in failure.stderr_tail.lines() {
            let _ = write!(text, "\n    {line}");
        }
    }
    text
}
