//! Static evaluation, from the point of view of the player to move.
//!
//! The search calls it only on quiet positions (no immediate win for the side to move, no threat
//! of the opponent to answer), where it weighs what each side can build:
//!
//! - every line of 4 cells ("window") free of the opponent's stones, by how many stones it holds:
//!   two stones in a window can become a threat with one more stone, except the middle pair
//!   `.XX.`, whose ends both make a losing 3 (three stones with an empty cell are a winning cell,
//!   which the tactics see);
//! - reserve cells: empty cells where the opponent may not play (a stone there makes its 3) but
//!   the player may, the moves left when the board runs short;
//! - centrality of the stones, and a small bonus for having the move.
//!
//! # How the weights were obtained
//!
//! By hand, and kept because a fit to games ([`crate::tune`]) predicts the games better but
//! plays worse at the bot's budgets, as does a threat-pattern term (a stone that would make two
//! winning cells on two axes at once); the workspace's `docs/measured.md`, section Yavalath, has
//! the fit and the matches.
//!
//! On positions that are not quiet (the greedy engine evaluates any position) it first scores the
//! immediate tactics: a win on the move, two threats of the opponent, or a threat whose block
//! loses.
//!
//! # Cost
//!
//! The evaluation and the threats it is given ([`Threats::of`], every node) take most of the
//! search's time: in a profile of `yavalath-bot bench` (`perf record`), `Threats::of` 36 %, the
//! evaluation 25 %, the node itself 18 %, the table's probes 8 %. So the windows of both
//! players come from one set of shifts per axis ([`window_classes_both`]), the centrality from
//! three bit planes of the stones, and the threats' grids are spread and gathered in five masked
//! shifts; with the same nodes (the bench's count, pinned in the tests), `bench` ran on 0.90 of
//! the CPU time of the row-by-row spread and gather and a window count per player
//! (`farm-bench`, median of 10 pairs, load 7 to 8).

use crate::board::{Board, Cell, Player, AXES, CELLS};
use crate::threats::{spread, window_classes, window_classes_both, Threats};
use common::game::Board as _;

/// Score of a position whose side to move wins (or loses) on the next move, as the evaluation
/// sees it; below the search's proven mate scores.
pub const WIN_NEXT: i32 = 10_000;
/// A window holding one stone of the player and none of the opponent.
pub const SINGLE: i32 = 2;
/// A window holding two stones of the player (not the middle pair) and none of the opponent.
pub const PAIR: i32 = 12;
/// The middle pair `.XX.` of a window: both ends make a 3.
pub const MIDDLE_PAIR: i32 = 2;
/// An empty cell where the opponent would make a 3 but the player would not.
pub const RESERVE: i32 = 6;
/// Per stone, per step closer to the centre than the edge.
pub const CENTRE: i32 = 2;
/// Having the move.
pub const TEMPO: i32 = 4;

/// Number of 4-cell windows on the board.
pub const WINDOW_COUNT: usize = 102;

/// Every line of 4 cells: `(all four, the middle two)`.
pub const WINDOWS: [(u64, u64); WINDOW_COUNT] = {
    let mut table = [(0u64, 0u64); WINDOW_COUNT];
    let mut n = 0;
    let mut i = 0;
    while i < CELLS {
        let mut axis = 0;
        while axis < AXES {
            let (dq, dr) = crate::board::DIRECTIONS[2 * axis];
            let (q, r) = match Cell::from_index(i) {
                Some(c) => c.axial(),
                None => (0, 0),
            };
            let mut all = 0u64;
            let mut mid = 0u64;
            let mut k = 0;
            let mut ok = true;
            while k < 4 {
                match Cell::from_axial((q + k * dq) as i32, (r + k * dr) as i32) {
                    Some(c) => {
                        all |= c.bit();
                        if k == 1 || k == 2 {
                            mid |= c.bit();
                        }
                    }
                    None => ok = false,
                }
                k += 1;
            }
            if ok {
                table[n] = (all, mid);
                n += 1;
            }
            axis += 1;
        }
        i += 1;
    }
    assert!(n == WINDOW_COUNT);
    table
};

/// Centrality of each cell: 4 at the centre, 0 on the edge.
const CENTRALITY: [i32; CELLS] = {
    let mut t = [0i32; CELLS];
    let mut i = 0;
    while i < CELLS {
        if let Some(c) = Cell::from_index(i) {
            t[i] = 4 - c.centre_distance() as i32;
        }
        i += 1;
    }
    t
};

/// The evaluation of `board` for the player to move.
pub fn evaluate(board: &Board) -> i32 {
    evaluate_with(board, &Threats::of(board))
}

/// The evaluation, given the position's threats.
pub fn evaluate_with(board: &Board, threats: &Threats) -> i32 {
    let me = board.side_to_move();
    let opp = me.other();
    if threats.win(me) != 0 {
        return WIN_NEXT;
    }
    let opp_wins = threats.win(opp);
    if opp_wins != 0 && (opp_wins.count_ones() >= 2 || opp_wins & threats.lose(me) != 0) {
        return -WIN_NEXT;
    }
    TEMPO + positional_difference(board, threats, me)
}

/// What `me` has built less what its opponent has, ignoring whose move it is.
fn positional_difference(board: &Board, threats: &Threats, me: Player) -> i32 {
    let mut windows = [0i32; 2];
    for axis in 0..AXES {
        let classes = window_classes_both(threats.padded[0], threats.padded[1], axis);
        for (score, &(one, two, middle)) in windows.iter_mut().zip(classes.iter()) {
            *score += SINGLE * one.count_ones() as i32
                + PAIR * (two & !middle).count_ones() as i32
                + MIDDLE_PAIR * middle.count_ones() as i32;
        }
    }
    let empty = board.empty();
    let built = |player: Player| {
        let reserve = empty & threats.lose(player.other()) & !threats.lose(player);
        windows[player.index()]
            + RESERVE * reserve.count_ones() as i32
            + CENTRE * centrality_sum(board.stones(player))
    };
    built(me) - built(me.other())
}

/// The sum of the centrality of `stones`, from the three bits of the centrality (0 to 4).
#[inline]
fn centrality_sum(stones: u64) -> i32 {
    let [ones, twos, fours] = CENTRALITY_BITS;
    (stones & ones).count_ones() as i32
        + 2 * (stones & twos).count_ones() as i32
        + 4 * (stones & fours).count_ones() as i32
}

/// The cells whose centrality has bit 0, bit 1 and bit 2 set.
const CENTRALITY_BITS: [u64; 3] = {
    let mut bits = [0u64; 3];
    let mut i = 0;
    while i < CELLS {
        let mut b = 0;
        while b < 3 {
            if CENTRALITY[i] & (1 << b) != 0 {
                bits[b] |= 1 << i;
            }
            b += 1;
        }
        i += 1;
    }
    bits
};

/// The windows of four free of `theirs` (padded grids), by what `own` holds there: `(one stone,
/// two stones but the middle pair, the middle pair)`.
#[inline]
pub fn window_counts(own: u128, theirs: u128) -> (i32, i32, i32) {
    let (mut single, mut pair, mut middle_pair) = (0, 0, 0);
    for axis in 0..AXES {
        let (one, two, middle) = window_classes(own, theirs, axis);
        single += one.count_ones() as i32;
        pair += (two & !middle).count_ones() as i32;
        middle_pair += middle.count_ones() as i32;
    }
    (single, pair, middle_pair)
}

/// The same as the window part of the evaluation, by walking [`WINDOWS`] (for tests).
pub fn window_score_by_table(own: u64, theirs: u64) -> i32 {
    let mut score = 0;
    for &(window, middle) in WINDOWS.iter() {
        if window & theirs != 0 {
            continue;
        }
        let stones = window & own;
        score += match stones.count_ones() {
            0 => 0,
            1 => SINGLE,
            2 if stones == middle => MIDDLE_PAIR,
            2 => PAIR,
            _ => 0,
        };
    }
    score
}

/// The window part of the evaluation, as the search computes it (for tests).
pub fn window_score(own: u64, theirs: u64) -> i32 {
    let (own, theirs) = (spread(own), spread(theirs));
    let mut score = 0;
    for axis in 0..AXES {
        let (one, two, middle) = window_classes(own, theirs, axis);
        score += SINGLE * one.count_ones() as i32
            + PAIR * (two & !middle).count_ones() as i32
            + MIDDLE_PAIR * middle.count_ones() as i32;
    }
    score
}

/// Static ordering bonus of a cell (centrality), for move ordering.
#[inline]
pub fn centrality(cell: Cell) -> i32 {
    CENTRALITY[cell.index()]
}
