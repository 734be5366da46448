//! Per-move time keeping.
//!
//! A bot starts its [`Deadline`] the moment it has read the opponent's move, so that the time it
//! spends parsing and updating its board counts against it too. The search then owns a
//! [`SearchClock`], which it ticks once per node: the clock looks at the wall time only every
//! [`SearchClock::CHECK_INTERVAL`] nodes (or its own interval), which keeps the poll off the hot
//! path. The solvers count with the same clock, with an exact node limit where a proof's answer
//! must not depend on the time.
//!
//! How a move's budget is shared out is each crate's [`TimePolicy`], data in its `params.rs`;
//! every search asks the one rule [`Deadline::may_start_iteration`] before each iteration, and
//! a solver running inside the move gets a [`Deadline::share`] of it.

use std::time::{Duration, Instant};

/// How a crate shares out a move's budget, as percentages of it: the one time policy of every
/// search, each crate filling in its own numbers (its `params::TIME_POLICY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePolicy {
    /// Past this share no new iteration starts while the root is stable.
    pub soft_percent: u32,
    /// Past this share no new iteration starts even while the root is unstable (its best move
    /// changed, or its score fell): where more depth pays. At least `soft_percent`.
    pub extended_percent: u32,
    /// At this share the search stops at once.
    pub hard_percent: u32,
}

impl TimePolicy {
    /// A policy from its three shares, in percent of the move's budget: soft, extended, hard.
    pub const fn new(soft_percent: u32, extended_percent: u32, hard_percent: u32) -> TimePolicy {
        TimePolicy {
            soft_percent,
            extended_percent,
            hard_percent,
        }
    }

    /// The deadline of a move whose `budget` started at `started`.
    pub fn deadline(&self, started: Instant, budget: Duration) -> Deadline {
        let hard = percent_of(budget, self.hard_percent);
        let soft = percent_of(budget, self.soft_percent).min(hard);
        Deadline {
            start: started,
            soft,
            extended: percent_of(budget, self.extended_percent).clamp(soft, hard),
            hard,
        }
    }
}

/// `percent` of `budget`, rounded down to the nanosecond.
fn percent_of(budget: Duration, percent: u32) -> Duration {
    budget * percent / 100
}

/// When a move must be answered.
///
/// - the *soft* budget: past it, iterative deepening starts no new iteration (the next one would
///   most likely not finish anyway) unless the root is unstable;
/// - the *extended* budget: past it, no new iteration starts at all;
/// - the *hard* budget: past it, the search stops at once and answers with what its iterations
///   found: the best move of the last completed one, or (where a crate's search says so) a move
///   of the unfinished one that has already beaten it.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    start: Instant,
    soft: Duration,
    extended: Duration,
    hard: Duration,
}

impl Deadline {
    /// A deadline running from `start`, without an extension.
    pub fn new(start: Instant, soft: Duration, hard: Duration) -> Deadline {
        let soft = soft.min(hard);
        Deadline {
            start,
            soft,
            extended: soft,
            hard,
        }
    }

    /// A deadline running from now whose hard budget is `budget` and whose soft budget is half
    /// of it: an iteration typically costs several times the one before it, so one begun after
    /// half the budget rarely completes.
    pub fn from_now(budget: Duration) -> Deadline {
        Deadline::new(Instant::now(), budget / 2, budget)
    }

    /// A deadline from now whose budget ends at `at`, or no time limit without one: the clock of
    /// a solver told when to give up.
    pub fn by(at: Option<Instant>) -> Deadline {
        match at {
            Some(at) => {
                let now = Instant::now();
                let left = at.saturating_duration_since(now);
                Deadline::new(now, left, left)
            }
            None => Deadline::unlimited(),
        }
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

    /// True once no new iteration should begin while the root is stable.
    pub fn soft_expired(&self) -> bool {
        self.elapsed() >= self.soft
    }

    /// The rule every search asks before another iteration: not past the soft budget, or not
    /// past the extended one when the last iteration left the root unstable.
    pub fn may_start_iteration(&self, root_unstable: bool) -> bool {
        let limit = if root_unstable {
            self.extended
        } else {
            self.soft
        };
        self.elapsed() < limit
    }

    /// True once the search must stop.
    pub fn hard_expired(&self) -> bool {
        self.elapsed() >= self.hard
    }

    /// The hard budget.
    pub fn hard_budget(&self) -> Duration {
        self.hard
    }

    /// The hard budget left: zero once it has passed.
    pub fn remaining(&self) -> Duration {
        self.hard.saturating_sub(self.elapsed())
    }

    /// A deadline from the same start whose hard (and soft) budget is `percent` of this one's
    /// hard budget: the time of a solver that runs inside the move.
    pub fn share(&self, percent: u32) -> Deadline {
        let budget = percent_of(self.hard, percent);
        Deadline::new(self.start, budget, budget)
    }

    /// The instant the hard budget passes.
    pub fn hard_instant(&self) -> Instant {
        self.start + self.hard
    }
}

/// The search's view of the clock: a node counter that polls the deadline cheaply.
///
/// Every node search of the workspace counts with one: the game searches, Krieg's proof searches
/// (df-pn and the exact solver) and Power Connect 4's solver. Each [`tick`](Self::tick) compares
/// the count with one number, the next count at which anything can happen: the next look at the
/// wall clock (every `interval` nodes) or the node limit, whichever comes first. So the limit is
/// exact at no cost on the hot path, and the time is read only at the looks.
#[derive(Clone, Debug)]
pub struct SearchClock {
    deadline: Deadline,
    nodes: u64,
    /// The count at which `tick` leaves its fast path; never, once stopped.
    next_look: u64,
    /// Nodes between two looks at the wall clock: a power of two.
    interval: u64,
    /// The count at which the clock says stop whatever the time; never: `u64::MAX`.
    stop_at: u64,
    stopped: bool,
}

impl SearchClock {
    /// The wall clock is read once every this many nodes (a power of two), unless the clock is
    /// made [`with_interval`](Self::with_interval). At a few million nodes per second this is
    /// well under a millisecond between looks.
    pub const CHECK_INTERVAL: u64 = 2048;

    /// A clock for one move.
    pub fn new(deadline: Deadline) -> SearchClock {
        SearchClock::with_interval(deadline, Self::CHECK_INTERVAL)
    }

    /// A clock that reads the wall clock every `interval` nodes (a power of two): fewer for a
    /// search whose nodes are dear (a proof's node expands every move), more for cheap ones.
    pub fn with_interval(deadline: Deadline, interval: u64) -> SearchClock {
        assert!(interval.is_power_of_two());
        SearchClock {
            deadline,
            nodes: 0,
            next_look: interval,
            interval,
            stop_at: u64::MAX,
            stopped: false,
        }
    }

    /// The same clock, which also says stop at its first look at or past `max_nodes` nodes, as
    /// the hard budget would: a search cut in the middle of an iteration at the same node on
    /// every run (tests).
    pub fn with_max_nodes(self, max_nodes: u64) -> SearchClock {
        // Rounded up to a multiple of the interval (a cap near `u64::MAX` stays out of reach).
        let mask = self.interval - 1;
        let first_look = (max_nodes.saturating_add(mask) & !mask).max(self.interval);
        self.stopping_at(first_look)
    }

    /// The same clock, which also says stop at the first node past `limit` (`None`: no limit),
    /// exactly, whatever its looks: a proof's budget, whose answer must not depend on the
    /// interval.
    pub fn with_node_limit(self, limit: Option<u64>) -> SearchClock {
        self.stopping_at(limit.map_or(u64::MAX, |limit| limit.saturating_add(1)))
    }

    /// The same clock, which also says stop once the count reaches `stop_at`.
    fn stopping_at(self, stop_at: u64) -> SearchClock {
        let stop_at = self.stop_at.min(stop_at);
        SearchClock {
            stop_at,
            next_look: self.next_look.min(stop_at),
            ..self
        }
    }

    /// Counts one node; returns true when the search must unwind now. Once it has said stop, it
    /// keeps saying stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_look {
            self.look();
        }
        self.stopped
    }

    /// The slow path of [`tick`](Self::tick): the node limit, then the deadline, and when to
    /// look next.
    #[cold]
    fn look(&mut self) {
        self.stopped = self.nodes >= self.stop_at || self.deadline.hard_expired();
        self.next_look = if self.stopped {
            u64::MAX
        } else {
            // The next multiple of the interval, unless the limit comes first.
            ((self.nodes | (self.interval - 1)) + 1).min(self.stop_at)
        };
    }

    /// True when the count is at one of the clock's looks at the wall clock (a multiple of its
    /// interval): where a caller that reads the time too (a progress line) reads it as rarely.
    pub fn at_look(&self) -> bool {
        self.nodes & (self.interval - 1) == 0
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
    fn a_node_cap_stops_the_clock_at_its_first_look_past_the_cap() {
        let cap = SearchClock::CHECK_INTERVAL * 3 - 5;
        let mut clock = SearchClock::new(Deadline::unlimited()).with_max_nodes(cap);
        let stopped_at = (1..=SearchClock::CHECK_INTERVAL * 8).find(|_| clock.tick());
        assert_eq!(stopped_at, Some(SearchClock::CHECK_INTERVAL * 3));
        assert!(clock.tick() && clock.stopped());
        let mut at_zero = SearchClock::new(Deadline::unlimited()).with_max_nodes(0);
        let stopped_at = (1..=SearchClock::CHECK_INTERVAL * 2).find(|_| at_zero.tick());
        assert_eq!(
            stopped_at,
            Some(SearchClock::CHECK_INTERVAL),
            "the first look"
        );
    }

    #[test]
    fn a_node_limit_stops_the_clock_at_the_first_node_past_it_whatever_the_interval() {
        for interval in [1, 8, 1024] {
            let mut clock = SearchClock::with_interval(Deadline::unlimited(), interval)
                .with_node_limit(Some(1000));
            let stopped_at = (1..=5000).find(|_| clock.tick());
            assert_eq!(stopped_at, Some(1001), "interval {interval}");
            assert!(clock.tick() && clock.stopped() && clock.nodes() == 1002);
        }
        let mut unlimited =
            SearchClock::with_interval(Deadline::unlimited(), 4).with_node_limit(None);
        assert!((0..10_000).all(|_| !unlimited.tick()));
    }

    #[test]
    fn a_clock_with_its_own_interval_looks_at_its_multiples() {
        let mut clock = SearchClock::with_interval(Deadline::by(Some(Instant::now())), 16);
        let stopped_at = (1..=100).find(|_| clock.tick());
        assert_eq!(
            stopped_at,
            Some(16),
            "the deadline has passed: the first look stops"
        );
        let mut clock = SearchClock::with_interval(Deadline::unlimited(), 16);
        let looks: Vec<u64> = (1..=64)
            .filter(|_| {
                clock.tick();
                clock.at_look()
            })
            .collect();
        assert_eq!(looks, [16, 32, 48, 64]);
    }

    #[test]
    fn a_policy_shares_out_the_budget_and_extends_only_an_unstable_root() {
        let policy = TimePolicy::new(40, 65, 100);
        let budget = Duration::from_millis(1300);
        let start = Instant::now() - Duration::from_millis(600);
        let d = policy.deadline(start, budget);
        assert_eq!(d.hard_budget(), budget);
        assert!(d.soft_expired() && !d.hard_expired());
        assert!(
            !d.may_start_iteration(false),
            "600 ms is past 40 % of 1300 ms"
        );
        assert!(
            d.may_start_iteration(true),
            "600 ms is inside 65 % of 1300 ms"
        );
        let late = policy.deadline(Instant::now() - Duration::from_millis(900), budget);
        assert!(
            !late.may_start_iteration(true),
            "900 ms is past 65 % of 1300 ms"
        );
        let fresh = policy.deadline(Instant::now(), budget);
        assert!(fresh.may_start_iteration(false) && fresh.may_start_iteration(true));
    }

    #[test]
    fn a_policy_without_extension_is_the_soft_budget_alone() {
        let policy = TimePolicy::new(50, 50, 100);
        let d = policy.deadline(
            Instant::now() - Duration::from_millis(60),
            Duration::from_millis(100),
        );
        assert!(!d.may_start_iteration(false) && !d.may_start_iteration(true));
        let plain = Deadline::new(
            Instant::now() - Duration::from_millis(60),
            Duration::from_millis(50),
            Duration::from_millis(100),
        );
        assert!(!plain.may_start_iteration(true));
    }

    #[test]
    fn a_share_runs_from_the_same_start() {
        let start = Instant::now() - Duration::from_millis(80);
        let d = Deadline::new(start, Duration::from_millis(50), Duration::from_millis(100));
        let solver = d.share(75);
        assert_eq!(solver.hard_budget(), Duration::from_millis(75));
        assert!(solver.hard_expired() && !d.hard_expired());
        assert_eq!(solver.hard_instant(), start + Duration::from_millis(75));
        assert!(d.remaining() <= Duration::from_millis(20));
    }

    #[test]
    fn a_deadline_by_an_instant_expires_at_it() {
        let past = Instant::now();
        std::thread::sleep(Duration::from_millis(1));
        assert!(Deadline::by(Some(past)).hard_expired());
        let later = Instant::now() + Duration::from_secs(60);
        assert!(!Deadline::by(Some(later)).hard_expired());
        assert!(!Deadline::by(None).hard_expired());
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
