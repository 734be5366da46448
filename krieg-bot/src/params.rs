//! The search's tunables, every one named: the time policy, the table's size, the depth limits
//! and the move ordering's keys (see `docs/vocabulary.md` for the names every crate shares).
//! Those a match can tune are declared in one [`common::tunables!`] block, with their bounds and
//! SPSA steps, and read with `.get()`: constants in the contest build, settable by `--param` in
//! a tuning build (see [`common::tunable`] and `docs/tuning.md`). The evaluation's weights are
//! in [`crate::eval`]; the solvers' tables are sized in [`crate::solver`], [`crate::dfpn`] and
//! [`crate::book`].

use std::time::Duration;

// Time.

/// Thinking time per move when `--movetime` is not given: far inside 75 % of the 2 s limit, so a
/// busy machine or a slow start cannot push a reply past it.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1200);

common::tunables! {
    /// How the move time is shared out: no new iteration past [`TIME_SOFT_PERCENT`] (half) of it,
    /// with no extension ([`TIME_EXTENDED_PERCENT`], the same: the solver's proof decides an
    /// unstable position better than more depth), and the search stops at once at the whole of it.
    time_policy(TIME_SOFT_PERCENT = 50, TIME_EXTENDED_PERCENT = 50);
    /// Unless the search has seen a forced win, a proof the solver finds by this share of the
    /// move time (a margin for a busy machine) decides the move.
    SOLVER_PERCENT: u32 = 75, 20..=95, step 5;

    /// ...plus this for a bomber's step (the race is won by bombers).
    ORDER_BOMBER_STEP: i32 = 2, 0..=8, step 1;
    /// How much taking a bomber is worth in ordering and quiescence.
    CAPTURE_BOMBER: i32 = 2, 0..=6, step 1;
    /// How much taking a stinger is worth.
    CAPTURE_STINGER: i32 = 1, 0..=6, step 1;
    /// History is divided by this at every new search, so that old cutoffs weigh less.
    HISTORY_AGING: i32 = 8, 1..=64, step 2;
}

// Tables, depths and move ordering.

/// The transposition table the bot plays with (and `bench` uses): 4 MB, far under the 20 MB cap.
pub const TABLE_BYTES: usize = 4 << 20;
/// Deepest iteration (the game never lasts longer than this many plies anyway).
pub const MAX_DEPTH: u32 = 100;
/// Deepest ply a search reaches, quiescence included (the size of the killer table).
pub const MAX_PLY: usize = 128;

/// Ordering: the transposition table's move first...
pub const ORDER_TABLE_MOVE: i32 = 1 << 30;
/// ...then a bomber stepping onto its goal (it wins)...
pub const ORDER_WINNING_STEP: i32 = 1 << 29;
/// ...then captures, plus [`CAPTURE_BOMBER`] or [`CAPTURE_STINGER`]...
pub const ORDER_CAPTURE: i32 = 1 << 28;
/// ...then the first killer...
pub const ORDER_KILLER_1: i32 = 1 << 27;
/// ...and the second...
pub const ORDER_KILLER_2: i32 = ORDER_KILLER_1 - 1;
/// ...then quiet moves by `ORDER_HISTORY_WEIGHT * history` (history stays under
/// [`HISTORY_MAX`], so these stay under the killers)...
pub const ORDER_HISTORY_WEIGHT: i32 = 4;
/// History never grows past this.
pub const HISTORY_MAX: i32 = 1 << 20;

/// `--opening-plies`: a move counts as near the best if a search sees it at most this much worse,
/// 30 evaluation units, under a third of a stinger (100) and about one hanging piece (25): a
/// different plan of equal value, never a lost piece.
pub const OPENING_MARGIN: i32 = 30;
