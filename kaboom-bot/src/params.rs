//! The search's tunables, every one named: the time policy, the table's size, the depth limits,
//! the reductions and the move ordering's keys (see `docs/vocabulary.md` for the names every
//! crate shares). Those a match can tune are declared in one [`common::tunables!`] block, with
//! their bounds and SPSA steps, and read with `.get()`: constants in the contest build,
//! settable by `--param` in a tuning build (see [`common::tunable`] and `docs/tuning.md`). The
//! evaluation's weights are in [`crate::eval`].

use std::time::Duration;

// Time.

/// The hard per-move budget when `--movetime` is not given: 200 ms inside 75 % of the contest's
/// 2 s, since a loaded machine was measured delaying replies by up to about 130 ms past the
/// budget (the search stops within a millisecond of it, and answers at once).
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1300);

common::tunables! {
    /// How the budget is shared out: no new iteration past [`TIME_SOFT_PERCENT`] (40 %) of it while
    /// the root is stable (the best move unchanged by the last iteration, its score not fallen by
    /// more than [`UNSTABLE_SCORE_DROP`]), past [`TIME_EXTENDED_PERCENT`] (65 %) while it is not,
    /// since a changed best move or a falling score is where more depth pays; the search stops at
    /// once at the whole budget.
    time_policy(TIME_SOFT_PERCENT = 40, TIME_EXTENDED_PERCENT = 65);
    /// History scores are divided by this at the start of each search, so old games fade.
    HISTORY_AGING: i32 = 8, 1..=64, step 2;
    /// Late move reduction: from this remaining depth...
    LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;
    /// ...moves from this index on (after the table move, the killers and the best by history)
    /// are first searched [`LMR_REDUCTION`] plies shallower.
    LMR_MIN_INDEX: usize = 3, 1..=16, step 1;
    LMR_REDUCTION: i32 = 1, 0..=3, step 1;
    /// A score that falls by more than this from one iteration to the next makes the root
    /// unstable.
    UNSTABLE_SCORE_DROP: i32 = 30, 0..=200, step 10;
    /// Aspiration windows: from this iteration on, the root is searched in a window around the
    /// last iteration's score...
    ASPIRATION_MIN_DEPTH: u32 = 4, 1..=12, step 1;
    /// ...this wide on each side, widened on the failing side (twice as far each time).
    ASPIRATION_WINDOW: i32 = 60, 10..=500, step 20;
    /// Internal iterative reduction: a node of at least this remaining depth without a table
    /// move is searched one ply shallower (the ordering is a guess there, and the next iteration
    /// finds the node again with a table move).
    IIR_MIN_DEPTH: i32 = 5, 2..=12, step 1;
}

// Tables, depths and move ordering.

/// The transposition table the bot plays with: 2^17 entries of 16 bytes, 2 MB (the contest
/// allows 8 MB for the whole process).
pub const TABLE_BYTES: usize = 2 << 20;
/// The deepest ply the search reaches (a game has at most 102 plies).
pub const MAX_PLY: usize = 128;
/// The deepest iteration: room below [`MAX_PLY`] for the horizon extensions.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

/// Move ordering: the table's move first...
pub const ORDER_TABLE_MOVE: i32 = i32::MAX;
/// ...then the two killers of the ply...
pub const ORDER_KILLER_1: i32 = 1_000_000_000;
pub const ORDER_KILLER_2: i32 = ORDER_KILLER_1 - 1;
/// ...then the rest by history, whose scores stay below this cap (and so below the killers).
pub const HISTORY_MAX: i32 = 1 << 24;
/// History slots: a kind (ranger move or pass) × from square × to square.
pub const HISTORY_SLOTS: usize = 2 * 64 * 64;

/// `--opening-plies`: a move is near-best when the search sees it at most this much below the
/// best, on the evaluation's scale ([`crate::eval`]): under half of one open line from the
/// carrier to the goal row, a fifteenth of a pass threat. Small enough that a drawn move
/// concedes nothing the search can see, large enough that the opening placements and first
/// moves vary.
pub const OPENING_MARGIN: i32 = 30;
