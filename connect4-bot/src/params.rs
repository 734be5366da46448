//! The search's tunables, every one named: the time policy, the table's size, the depth limits,
//! the reductions and the move ordering's keys (see `docs/vocabulary.md` for the names every
//! crate shares). Those a match can tune are declared in one [`common::tunables!`] block, with
//! their bounds and SPSA steps, and read with `.get()`: constants in the contest build,
//! settable by `--param` in a tuning build (see [`common::tunable`] and `docs/tuning.md`). The
//! evaluation's weights are in [`crate::eval`]; the solver's tables are sized in
//! [`crate::solver`].

use std::time::Duration;

// Time.

/// The hard budget of a move when `--movetime` is not given: far inside the contest's 2 s, even
/// with the machine's other core busy and the process's start-up counted.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1200);

common::tunables! {
    /// How the budget is shared out: no new iteration past [`TIME_SOFT_PERCENT`] (73 %, the
    /// share matches chose; see `docs/tuning.md`) of it, with no extension
    /// ([`TIME_EXTENDED_PERCENT`], the same), and the search stops at once at the whole of it.
    time_policy(TIME_SOFT_PERCENT = 73, TIME_EXTENDED_PERCENT = 73);
    /// With no power left to either team, the solver has the time left divided by this (half)
    /// before the search, which gets the rest.
    SOLVER_TIME_DIVISOR: u32 = 2, 2..=8, step 1;

    // The ordering keys' bounds keep a normal disc's key (its base, the centre and history)
    // under the second killer's, so that a quiet move stays quiet.
    /// Added to [`ORDER_THREAT_MADE`] for each threat made.
    ORDER_THREAT_EACH: i32 = 9_080, 0..=100_000, step 5_000;
    /// Base scores by kind: normal discs, then the dual disc, then the clearing powers.
    ORDER_NORMAL: i32 = 297_043, 100_000..=600_000, step 25_000;
    ORDER_DUAL: i32 = 167_881, 0..=300_000, step 25_000;
    ORDER_POWER: i32 = 10_652, 0..=300_000, step 25_000;
    /// Per step towards the centre column (normal and dual discs): 0 at the edge, 3 steps in
    /// the middle, counted twice.
    ORDER_CENTRE_STEP: i32 = 612, 0..=20_000, step 1_000;
    /// A normal disc that lands right under a cell where the opponent would complete four: it
    /// hands the opponent that cell, so it goes last among the normal discs.
    ORDER_UNDER_THREAT: i32 = -208_979, -600_000..=0, step 25_000;

    /// Late move reductions: the quiet moves from this index on, at this depth or more, are
    /// searched first `LMR_REDUCTION` plies shallower, and again at full depth if they beat
    /// alpha.
    LMR_MIN_INDEX: usize = 3, 1..=12, step 1;
    LMR_MIN_DEPTH: i32 = 1, 1..=8, step 1;
    LMR_REDUCTION: i32 = 2, 0..=3, step 1;
    /// Quiet powers (clears and the dual disc) are reduced this much more than quiet normal
    /// discs.
    LMR_POWER_EXTRA: i32 = 2, 0..=2, step 1;
    /// History counts at most this much in ordering, so it only breaks ties within a class.
    ORDER_HISTORY_MAX: i32 = 48_122, 0..=200_000, step 10_000;
}

// Tables, depths and move ordering.

/// The transposition table the bot plays with (and `bench` uses): far under 20 MB.
pub const TABLE_BYTES: usize = 4 << 20;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;
/// The deepest ply the killer table covers.
pub const MAX_PLY: usize = 128;

/// Ordering: the table's move first.
pub const ORDER_TABLE_MOVE: i32 = 10_000_000;
/// A normal disc on a cell where the opponent would complete four next move.
pub const ORDER_BLOCK: i32 = 5_000_000;
/// A normal or dual disc that makes a new threat of the mover's (an empty cell that would
/// complete its four), as Pons orders his solver's moves; each threat made adds
/// [`ORDER_THREAT_EACH`].
pub const ORDER_THREAT_MADE: i32 = 2_000_000;
/// The first and second killer of the ply.
pub const ORDER_KILLER_1: i32 = 1_000_000;
pub const ORDER_KILLER_2: i32 = 900_000;

/// Moves ordered below this (no table move, block, threat made or killer) are quiet: late in
/// the list they are searched first at a reduced depth (late move reductions).
pub const ORDER_QUIET_BELOW: i32 = ORDER_KILLER_2;
/// History saturates here.
pub const HISTORY_MAX: i32 = 1 << 20;

/// `--opening-plies`: a move is a near-best alternative when the search scores it at most this
/// far below the best: a twelfth of a threat on a row of the team's parity
/// (`eval::THREAT_GOOD_ROW`). Opening moves matter a great deal in Connect 4: a drawn opening
/// costs a bot strength (`docs/measured.md`, section Power Connect 4), so compare bots that both
/// draw their openings.
pub const OPENING_MARGIN: i32 = 3;
