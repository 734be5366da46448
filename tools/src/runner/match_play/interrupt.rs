//! Noticing that a match is interrupted (Ctrl-C, SIGTERM), so that it can print the standings of
//! its finished games before it exits.
//!
//! [`watch`] has `signal-hook` install handlers for SIGINT and SIGTERM that only note the signal
//! in an atomic (all a handler may safely do); the runner polls it ([`Watch::poll`]) between its
//! games' replies, every [`POLL_INTERVAL`], stops the match, prints the standings and exits with
//! 128 + the signal. A second signal ends the referee at once, as the signal itself would have,
//! should the first be slow to take effect. The players run in process groups of their own, so
//! Ctrl-C on the terminal and a SIGTERM to the referee's group never reach them: the runner ends
//! them as it abandons their games. A referee started with SIGINT ignored (in the background of
//! a shell without job control) leaves it ignored, as any program does.

use std::fmt;
use std::fs;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::flag;

/// How often the runner looks for an interruption.
pub(crate) const POLL_INTERVAL: Duration = Duration::from_millis(50);

/// What stopped a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Signal {
    /// SIGINT (Ctrl-C).
    Interrupt,
    /// SIGTERM.
    Terminate,
}

impl Signal {
    /// The signal's number.
    fn number(self) -> i32 {
        match self {
            Signal::Interrupt => SIGINT,
            Signal::Terminate => SIGTERM,
        }
    }

    /// The exit status of a program ended by the signal: 128 + its number.
    pub(crate) fn exit_status(self) -> u8 {
        128 + self.number() as u8
    }
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Signal::Interrupt => write!(f, "SIGINT"),
            Signal::Terminate => write!(f, "SIGTERM"),
        }
    }
}

/// The runner's side of the watch: the number of the first signal received, 0 before any.
#[derive(Debug)]
pub(crate) struct Watch {
    received: Arc<AtomicUsize>,
}

impl Watch {
    /// The interruption, if one came.
    pub(crate) fn poll(&self) -> Option<Signal> {
        match self.received.load(Ordering::Relaxed) as i32 {
            0 => None,
            SIGTERM => Some(Signal::Terminate),
            _ => Some(Signal::Interrupt),
        }
    }
}

/// Called by the referee's `main` before a match: installs the handlers (see the module's
/// documentation) and returns the [`Watch`] to poll. Returns `None`, and the match runs unwatched
/// (a signal ends it at once, as any program), when they cannot be installed.
pub(crate) fn watch(game: &str) -> Option<Watch> {
    let received = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(AtomicBool::new(false));
    for signal in [Signal::Interrupt, Signal::Terminate] {
        if signal == Signal::Interrupt && sigint_ignored() {
            continue;
        }
        let number = signal.number();
        // In this order: a second signal finds `seen` set by the first and exits at once.
        let installed = flag::register_conditional_shutdown(
            number,
            i32::from(signal.exit_status()),
            Arc::clone(&seen),
        )
        .and_then(|_| flag::register(number, Arc::clone(&seen)))
        .and_then(|_| flag::register_usize(number, Arc::clone(&received), number as usize));
        if let Err(error) = installed {
            eprintln!(
                "{game}-referee: warning: cannot watch for {signal} ({error}); an interrupted \
                 match ends without its standings"
            );
            return None;
        }
    }
    Some(Watch { received })
}

/// True when this process was started with SIGINT ignored (its `SigIgn` mask in
/// `/proc/self/status`); the referee's stop tests ask it too, to know whether Ctrl-C can reach
/// the referee they start.
pub(crate) fn sigint_ignored() -> bool {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (SIGINT - 1)) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_signal_gives_its_exit_status() {
        assert_eq!(Signal::Interrupt.exit_status(), 130);
        assert_eq!(Signal::Terminate.exit_status(), 143);
        assert_eq!(Signal::Terminate.to_string(), "SIGTERM");
    }
}
