//! Per-move time keeping.
//!
//! A bot starts its [`Deadline`] the moment it has read the opponent's move, so that the time it
//! spends parsing and updating its board counts against it too. The search then owns a
//! [`SearchClock`], which it ticks once per node: the clock looks at the wall time only every
//! [`SearchClock::CHECK_INTERVAL`] nodes, which keeps the poll off the hot path.

use std::time::{Duration, Instant};

/// When a move must be answered.
///
/// - the *soft* budget: past it, iterative deepening starts no new iteration (the next one would
///   most likely not finish anyway);
/// - the *hard* budget: past it, the search stops at once and answers with the best move of the
///   last completed iteration.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    start: Instant,
    soft: Duration,
    hard: Duration,
}

impl Deadline {
    /// A deadline running from `start`.
    pub fn new(start: Instant, soft: Duration, hard: Duration) -> Deadline {
        Deadline {
            start,
            soft: soft.min(hard),
            hard,
        }
    }

    /// A deadline running from now whose hard budget is `budget` and whose soft budget is half
    /// of it: an iteration typically costs several times the one before it, so one begun after
    /// half the budget rarely completes.
    pub fn from_now(budget: Duration) -> Deadline {
        Deadline::new(Instant::now(), budget / 2, budget)
    }

    /// No time limit (fixed-depth searches, benchmarks, tests).
    pub fn unlimited() -> Deadline {
        let forever = Duration::from_secs(60 * 60 * 24 * 365);
        Deadline::new(Instant::now(), forever, forever)
    }

    /// Time since the deadline started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True once no new iteration should begin.
    pub fn soft_expired(&self) -> bool {
        self.elapsed() >= self.soft
    }

    /// True once the search must stop.
    pub fn hard_expired(&self) -> bool {
        self.elapsed() >= self.hard
    }

    /// The hard budget.
    pub fn hard_budget(&self) -> Duration {
        self.hard
    }
}

/// The search's view of the clock: a node counter that polls the deadline cheaply.
#[derive(Clone, Debug)]
pub struct SearchClock {
    deadline: Deadline,
    nodes: u64,
    stopped: bool,
}

impl SearchClock {
    /// The wall clock is read once every this many nodes (a power of two). At a few million
    /// nodes per second this is well under a millisecond between looks.
    pub const CHECK_INTERVAL: u64 = 2048;

    /// A clock for one move.
    pub fn new(deadline: Deadline) -> SearchClock {
        SearchClock {
            deadline,
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts one node; returns true when the search must unwind now. Once it has said stop, it
    /// keeps saying stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & (Self::CHECK_INTERVAL - 1) == 0 && !self.stopped {
            self.stopped = self.deadline.hard_expired();
        }
        self.stopped
    }

    /// True once the search has been told to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The deadline being polled.
    pub fn deadline(&self) -> &Deadline {
        &self.deadline
    }

    /// Nodes per second since the deadline started.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.deadline.elapsed())
    }
}

/// `nodes / elapsed`, safe for a zero duration.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_budget_never_exceeds_hard_budget() {
        let d = Deadline::new(
            Instant::now(),
            Duration::from_secs(5),
            Duration::from_millis(1),
        );
        std::thread::sleep(Duration::from_millis(2));
        assert!(d.soft_expired());
        assert!(d.hard_expired());
    }

    #[test]
    fn search_clock_stops_only_after_the_hard_budget_and_then_stays_stopped() {
        let mut clock = SearchClock::new(Deadline::from_now(Duration::from_millis(30)));
        for _ in 0..SearchClock::CHECK_INTERVAL * 4 {
            assert!(!clock.tick());
        }
        std::thread::sleep(Duration::from_millis(35));
        let mut stopped_at = None;
        for i in 0..SearchClock::CHECK_INTERVAL * 2 {
            if clock.tick() {
                stopped_at = Some(i);
                break;
            }
        }
        assert!(stopped_at.is_some(), "the clock must notice the deadline");
        assert!(clock.tick() && clock.stopped());
    }

    #[test]
    fn unlimited_deadline_does_not_expire() {
        let d = Deadline::unlimited();
        assert!(!d.soft_expired() && !d.hard_expired());
    }

    #[test]
    fn nps_handles_zero_time() {
        assert_eq!(nodes_per_second(5, Duration::ZERO), 5_000_000);
        assert_eq!(nodes_per_second(1000, Duration::from_millis(500)), 2000);
    }
}
