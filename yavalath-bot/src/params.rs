//! The search's tunables, every one named: the turns' budgets and the time policy, the proof
//! search's share, the tables' sizes, the depth limits, the reductions and the move ordering's
//! keys (see `docs/vocabulary.md` for the names every crate shares). Those a match can tune are
//! declared in one [`common::tunables!`] block, with their bounds and SPSA steps, and read with
//! `.get()`: constants in the contest build, settable by `--param` in a tuning build (see
//! [`common::tunable`] and `docs/tuning.md`). The evaluation's weights are in [`crate::eval`].

use common::clock::TimePolicy;
use std::time::Duration;

// Time.

/// Hard budget of every turn but the first (the contest allows 100 ms), counted from the
/// turn's first line. On a machine overloaded by other work the bot can wait for a CPU for tens
/// of milliseconds after its clock says stop, and replies must stay within 75 ms: hence a
/// budget of about a third of the limit.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(35);
/// Hard budget of the bot's first turn (the contest allows 1000 ms). In a game from the start the
/// first turn is a book move; a game given from a later position searches it, and 400 ms keeps
/// that reply under half the limit with the machine busy.
pub const FIRST_MOVETIME: Duration = Duration::from_millis(400);
/// How a turn's budget is shared out: no new iteration past three quarters of it, past 90 %
/// when the last iteration was unstable (another best move, or a score that fell by more than
/// [`UNSTABLE_SCORE_DROP`]), and the search stops at once at the whole of it. An iteration cut
/// by the hard budget still counts when a move has beaten the last best in it (see
/// [`crate::search`]), so one begun late is worth beginning (the workspace's
/// `docs/measured.md`, section Yavalath, has the matches behind these shares).
pub const TIME_POLICY: TimePolicy = TimePolicy::new(75, 90, 100);
/// The proof search's table in play: 2^18 entries of 16 bytes = 4 MB (with the search's 8 MB,
/// well inside the contest's memory).
pub const PROOF_TABLE_BYTES: usize = 4 << 20;
/// The part of a turn's hard budget the proof search has before the alpha-beta search, after a
/// turn that proved a win.
pub const PROOF_SHARE: f64 = 0.25;
/// When the alpha-beta search stops before this part of the hard budget, the proof search runs
/// until it: the whole turn, so what the alpha-beta search leaves goes to the proof, which finds
/// and keeps proven wins; its time costs the search no measurable strength.
pub const PROOF_UNTIL: f64 = 1.0;
/// The proof search runs after the alpha-beta search only from this ply on: before it, in a few
/// milliseconds, it proves nothing (its earliest wins in play come after ply 12), and every
/// millisecond a turn lasts is one more in which a busy machine can hold the reply up.
pub const PROOF_FROM_PLY: u32 = 12;

// Tables, depths and move ordering.

/// The transposition table the bot plays with, and `bench` searches with: 2^19 entries of 16
/// bytes = 8 MB.
pub const TABLE_BYTES: usize = 8 << 20;
/// Depth limit of iterative deepening when none is given.
pub const MAX_DEPTH: u32 = 64;
/// Plies from the root the killer table covers; the horizon comes before it.
pub const MAX_PLY: usize = 96;
/// A node this many plies from the root or further goes to the quiescence search.
pub const HORIZON_PLY: usize = MAX_PLY - 1;
/// The quiescence search stands pat this many plies from the root or further (a threat and its
/// forced block take two plies past it, and the node after them one more).
pub const QUIESCENCE_LAST_PLY: usize = MAX_PLY - 4;

common::tunables! {
    /// Plies of threats the quiescence search follows past the horizon (the forced blocks
    /// between them are free). Matches chose the shortest: at the contest's 35 ms a turn, a
    /// ply of nominal depth pays more than a longer chase of threats (`docs/tuning.md`).
    MAX_QUIESCENCE: i32 = 2, 2..=20, step 2;
    /// Late move reductions apply from this depth on...
    LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;
    /// ...to the moves after this many (in search order), unless tactical or killers...
    LMR_MIN_INDEX: usize = 3, 1..=16, step 1;
    /// ...by this many plies: none, as matches chose (the bounds let a tuning run try them).
    LMR_REDUCTION: i32 = 0, 0..=3, step 1;
    /// Moves at or below this depth are not worth the threat-maker scan in ordering.
    THREAT_ORDER_MIN_DEPTH: i32 = 1, 0..=6, step 1;
    /// History scores are divided by this at the start of every search (old cut-offs fade).
    HISTORY_AGING: i32 = 8, 1..=64, step 2;
}

/// An iteration whose best move changed, or whose score fell by more than this, is unstable
/// (see [`TIME_POLICY`]).
pub const UNSTABLE_SCORE_DROP: i32 = 8;

/// Ordering bonuses, above any history score: the table's move, a move that makes a new threat,
/// the first and second killers.
pub const ORDER_TABLE_MOVE: i32 = 1 << 30;
pub const ORDER_THREAT: i32 = 1 << 26;
pub const ORDER_KILLER_1: i32 = 1 << 25;
pub const ORDER_KILLER_2: i32 = 1 << 24;
/// History scores stay below the killers' bonus.
pub const HISTORY_MAX: i32 = ORDER_KILLER_2 / 2;

/// How much worse than the best move (in evaluation points, see [`crate::eval`]) a move may score
/// and still be drawn by `--opening-plies`: less than one window of two stones
/// ([`crate::eval::PAIR`], 12), the smallest thing the evaluation counts as a building block, so
/// a drawn move gives away at most a few steps of centrality or a single stone's window.
pub const OPENING_MARGIN: i32 = 10;
