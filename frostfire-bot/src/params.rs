//! The search's tunables, every one named: the time policy, the tables' sizes, the depth
//! limits, pruning and reductions, and the move ordering's keys (see `docs/vocabulary.md` for
//! the names every crate shares). Those a match can tune are declared in
//! [`common::tunables!`] blocks, with their bounds and SPSA steps, and read with `.get()`:
//! constants in the contest build, settable by `--param` in a tuning build (see
//! [`common::tunable`] and `docs/tuning.md`). The evaluation's weights are in [`crate::eval`].

use std::time::Duration;

// Time.

/// The hard per-move budget when `--movetime` is not given: 200 ms inside 75 % of the 2 s limit,
/// since a loaded machine was measured delaying replies by up to about 130 ms past the budget.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1300);

common::tunables! {
    /// How the budget is shared out: no new iteration past [`TIME_SOFT_PERCENT`] (48 %) of it while
    /// the root is stable, past [`TIME_EXTENDED_PERCENT`] (77 %) while the last iteration changed
    /// the best move or its score fell by [`UNSTABLE_SCORE_DROP`] or more; the search stops at once
    /// at the whole budget.
    time_policy(TIME_SOFT_PERCENT = 48, TIME_EXTENDED_PERCENT = 77);

    /// A threatened side to move at the horizon is searched one more ply, as long as the path
    /// is shorter than this many times the iteration's depth.
    THREAT_EXTENSION_LIMIT: usize = 1, 1..=4, step 1;
    /// What a repetition at the start costs the side that searches (no progress towards the win
    /// it needs), in the evaluation's millidragons: about a third of a dragon.
    CONTEMPT: i32 = 308, 0..=1000, step 50;
    /// What a repetition costs more by the ply limit ([`crate::search::repetition_cost`]): the
    /// fewer plies are left, the nearer a position that goes round is to the drawn game.
    CONTEMPT_GROWTH: i32 = 3000, 0..=8000, step 250;

    /// Aspiration windows: from this iteration on, the root is searched in a window around the
    /// previous iteration's score...
    ASPIRATION_MIN_DEPTH: u32 = 5, 1..=12, step 1;
    /// ...this wide on each side (millidragons: a tenth of a dragon).
    ASPIRATION_WINDOW: i32 = 97, 10..=500, step 20;
    /// A fall of the score that counts as the search changing its mind (about a fifth of a dragon).
    UNSTABLE_SCORE_DROP: i32 = 224, 0..=1000, step 40;
    /// Null move: tried from this depth on...
    NULL_MIN_DEPTH: i32 = 3, 1..=8, step 1;
    /// ...with this reduction on top of the move's ply.
    NULL_REDUCTION: i32 = 2, 0..=4, step 1;
    /// Late move reductions: quiet moves after the first `LMR_MIN_INDEX`, from depth
    /// `LMR_MIN_DEPTH`, are searched `LMR_REDUCTION` plies shallower first...
    LMR_MIN_DEPTH: i32 = 2, 1..=8, step 1;
    LMR_MIN_INDEX: usize = 3, 1..=16, step 1;
    LMR_REDUCTION: i32 = 3, 0..=3, step 1;
    /// ...and those after the first `LMR_DEEP_MIN_INDEX`, from depth `LMR_DEEP_MIN_DEPTH`,
    /// `LMR_DEEP_REDUCTION` plies shallower.
    LMR_DEEP_MIN_DEPTH: i32 = 3, 1..=12, step 1;
    LMR_DEEP_MIN_INDEX: usize = 16, 1..=40, step 2;
    LMR_DEEP_REDUCTION: i32 = 3, 0..=4, step 1;

    HISTORY_RESCALE: i32 = 5, 2..=16, step 1;
    /// ...and every new search divides them by `HISTORY_AGING`, so that old cutoffs fade.
    HISTORY_AGING: i32 = 8, 1..=64, step 2;
}
/// `--opening-plies`: the search for the near-best alternatives gets at most this share of the
/// move's budget (what is left of it if less).
pub const OPENING_BUDGET_PERCENT: u32 = 20;

/// The transposition table of the engines that never search.
pub const NO_SEARCH_TABLE_BYTES: usize = 16;

// Tables and depths.

/// The transposition table's size, the bot's and `bench`'s: 4 MB, far under the 20 MB cap.
pub const TABLE_BYTES: usize = 4 << 20;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// Longest path (search plies plus quiescence plies) the tables allow.
pub const MAX_PLY: usize = 128;
/// Quiescence plies at most.
pub const MAX_QUIESCENCE: u32 = 8;
/// Past this ply a node goes straight to quiescence, so that the path stays inside `MAX_PLY`.
pub const MAX_SEARCH_PLY: usize = MAX_PLY - MAX_QUIESCENCE as usize - 2;

/// `--opening-plies`: a move whose score is within this of the best may be drawn instead. In
/// millidragons (1000 = a dragon): small against every term of the evaluation (a step of a
/// dragon towards the centre is worth 120 or more, a pair of cohesion 99).
pub const OPENING_MARGIN: i32 = 40;

/// Ordering keys: the table's move, eliminations, pushes, then the two killers, all above any
/// history score (which stays under `HISTORY_MAX`).
pub const ORDER_TABLE_MOVE: i32 = 1 << 30;
pub const ORDER_ELIMINATION: i32 = 1 << 29;
pub const ORDER_PUSH: i32 = 1 << 28;
pub const ORDER_KILLER_1: i32 = (1 << 27) + 1;
pub const ORDER_KILLER_2: i32 = 1 << 27;
/// A history score past this divides them all by `HISTORY_RESCALE`...
pub const HISTORY_MAX: i32 = 1 << 20;

/// History slots: per side, per (from, to) bit index.
pub const HISTORY_SLOTS: usize = 2 * 64 * 64;
