//! Noticing that a match is interrupted (Ctrl-C, SIGTERM), so that it can print the standings of
//! its finished games before it exits.
//!
//! Safe Rust has no way to catch a signal: its default action ends the process at once, and
//! installing a handler takes `unsafe` code. The players cannot carry the news either: each runs
//! in a process group of its own, so Ctrl-C does not reach them, and the runner would be gone
//! before it saw them die. A shell, though, can catch signals (`trap`), and a program started by
//! a shell in the background ignores SIGINT (as does any program started while a signal is
//! ignored). So [`watch`] replaces the referee's process, keeping its process id, by a small
//! shell that ignores both signals while it starts the referee again in the background, then
//! traps them: on a signal the shell writes the signal's number into a stop file, and the runner,
//! which polls for that file ([`Watch::poll`]) between its games' replies, stops the match,
//! prints the standings and exits; the shell then exits with the runner's status. A `kill` of
//! the process id the user sees, Ctrl-C on the terminal (the whole foreground group) and a
//! SIGTERM to the whole group (`timeout`, a batch system) all reach the shell and never the
//! runner. Should the shell itself die (SIGKILL), the runner notices that its parent changed and
//! stops the same way, rather than play on unseen.

use std::fmt;
use std::fs;
use std::os::unix::process::{parent_id, CommandExt};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// How often the runner looks for an interruption.
pub const POLL_INTERVAL: Duration = Duration::from_millis(50);

/// The stop file's path; set in the runner started by the watching shell.
const STOP_FILE_VAR: &str = "COMMON_REFEREE_STOP_FILE";

/// The process id of the watching shell, as the runner's parent.
const SHELL_VAR: &str = "COMMON_REFEREE_SHELL";

/// The watching shell: `$0` is the program, `$@` its arguments. The runner starts in the
/// background with both signals ignored; a signal then writes its number into the stop file (or,
/// should that fail, kills the runner at once, as the signal would have); `wait` returns early on
/// a trapped signal, so the shell waits again until the runner has exited, and exits with its
/// status.
const SHELL_SCRIPT: &str = r#"trap '' INT TERM
"$0" "$@" &
runner=$!
trap 'echo 2 > "$COMMON_REFEREE_STOP_FILE" || kill -KILL $runner' INT
trap 'echo 15 > "$COMMON_REFEREE_STOP_FILE" || kill -KILL $runner' TERM
while :; do
  wait $runner
  status=$?
  if [ $status -gt 128 ] && kill -0 $runner 2>/dev/null; then continue; fi
  break
done
rm -f "$COMMON_REFEREE_STOP_FILE"
exit $status
"#;

/// What stopped a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// SIGINT (Ctrl-C).
    Interrupt,
    /// SIGTERM.
    Terminate,
    /// The watching shell was killed (SIGKILL reaches only it).
    ShellGone,
}

impl Signal {
    /// The exit status of a program ended by the signal: 128 + its number.
    pub fn exit_status(self) -> u8 {
        match self {
            Signal::Interrupt => 130,
            Signal::Terminate => 143,
            Signal::ShellGone => 137,
        }
    }
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Signal::Interrupt => write!(f, "SIGINT"),
            Signal::Terminate => write!(f, "SIGTERM"),
            Signal::ShellGone => write!(f, "the end of its watching shell"),
        }
    }
}

/// The runner's side of the watch: where the shell writes a signal, and who the shell is.
#[derive(Debug)]
pub struct Watch {
    stop_file: PathBuf,
    shell: u32,
}

impl Watch {
    /// The interruption, if one came.
    pub fn poll(&self) -> Option<Signal> {
        if let Ok(text) = fs::read_to_string(&self.stop_file) {
            return Some(match text.trim() {
                "15" => Signal::Terminate,
                _ => Signal::Interrupt,
            });
        }
        (parent_id() != self.shell).then_some(Signal::ShellGone)
    }
}

/// Called by the referee's `main` before a match: in the process the user started, replaces it
/// by the watching shell (see the module's documentation) and does not return; in the runner
/// that shell started, returns its [`Watch`]. Returns `None`, and the match runs unwatched (a
/// signal ends it at once, as any program), when no shell can be started.
pub fn watch(game: &str) -> Option<Watch> {
    if let Some(stop_file) = std::env::var_os(STOP_FILE_VAR) {
        let shell = std::env::var(SHELL_VAR).ok()?.parse().ok()?;
        // The players need not see them.
        std::env::remove_var(STOP_FILE_VAR);
        std::env::remove_var(SHELL_VAR);
        return Some(Watch {
            stop_file: PathBuf::from(stop_file),
            shell,
        });
    }
    let program = std::env::current_exe().ok()?;
    let stop_file =
        std::env::temp_dir().join(format!("{game}-referee-{}.stop", std::process::id()));
    let _ = fs::remove_file(&stop_file);
    let error = Command::new("sh")
        .arg("-c")
        .arg(SHELL_SCRIPT)
        .arg(program)
        .args(std::env::args_os().skip(1))
        .env(STOP_FILE_VAR, &stop_file)
        .env(SHELL_VAR, std::process::id().to_string())
        .exec();
    eprintln!("{game}-referee: warning: cannot watch for Ctrl-C ({error}); an interrupted match ends without its standings");
    None
}
