//! Static evaluation, from the side to move's point of view (positive = good for it).
//!
//! What wins Ka-Boom is the bomb reaching the opponent's base, either carried by a ranger or
//! passed to a ranger already standing there. Passing is always allowed (up to 15 times in a
//! row) and never moves a ranger, so a threat can only be parried by a ranger move — and only by
//! the ranger whose colour the threatening player's last landing square forces. The terms:
//!
//! - a win now for the side to move (a pass to a ranger on its goal row, or its carrier free to
//!   move and running into the goal row): worth almost a won game;
//! - pass threats (the carrier sees an own ranger on the goal row along a clear line): for the
//!   side not to move they must be blocked at once, two of them can rarely both be;
//! - the carrier's open forward lines to the goal row (a win as soon as the opponent lands on the
//!   carrier's colour, so they restrict the opponent's landing squares);
//! - the carrier's progress (rank in the owner's frame), rangers already on the goal row (pass
//!   targets), rangers with an open line to the goal row (pass targets next move), the pass
//!   targets of the carrier, those of them with a free run to the goal row (a pass there makes
//!   a carrier that wins when the opponent lands on its colour), and the rangers' forward
//!   mobility;
//! - the ranger our last landing square forces on the opponent: blocked means it must pass, free
//!   to run to the goal row means it leaves the middle;
//! - pass routes: the bomb hops between own rangers in clear lines of each other, so a ranger on
//!   the goal row two or three passes away is a threat in the making;
//! - pass-count pressure: a player close to 15 consecutive passes has lost its flexible move.
//!
//! The evaluation is `Σ weight × feature`; `crate::tune` writes it so, and fits the weights.

use crate::board::{open_run, Board, Player, Square, DIRECTIONS, MAX_CONSECUTIVE_PASSES};
use crate::net_features::NetInputs;
use crate::net_weights::{HIDDEN, INPUTS, NETWORK};
use common::game::Board as _;

/// Whether the search evaluates quiet positions with the learned network ([`Evaluator`]) rather
/// than the hand-made terms of [`evaluate`]. With the network the horizon asks only
/// [`threatened`] of the hand-made terms, so a node costs less than with them (the network's
/// accumulators change by a few rows a move, the terms scan lines and pass routes for both
/// players), and the network beat them at a move time; the figures are in the workspace's
/// `docs/measured.md`, "learned evaluations". The hand-made terms stay for the Texel fit, the
/// data's quiet test and the rare node at the search's deepest ply.
pub const LEARNED: bool = true;

/// The learned evaluation of `board` for the side to move, computed from scratch: the network of
/// `net_weights` over the inputs of [`crate::net_features`], in the evaluation's units.
pub fn learned(board: &Board) -> i32 {
    Evaluator::from_scratch(&NETWORK, board)
}

/// The learned evaluation as the search asks for it, node after node ([`common::net::Evaluator`]).
pub type Evaluator = common::net::Evaluator<NetInputs, INPUTS, HIDDEN>;

/// The search's evaluator of the learned network, for paths of `plies` plies.
pub fn evaluator(plies: usize) -> Evaluator {
    Evaluator::new(&NETWORK, plies)
}

// The weights below, but WIN_NOW and the opponent's threats (hand-set: quiet positions never
// show them), are fitted to self-play games by Texel's method (see `crate::tune`); the fit's
// command, errors and the matches that confirmed it are in the workspace's `docs/measured.md`
// (section Ka-Boom).

/// The side to move wins on this move (below the search's mate scores, above everything else).
pub const WIN_NOW: i32 = 5000;
/// Per pass threat of the side not to move (the side to move must block it now).
pub const OPPONENT_PASS_THREAT: i32 = 450;
/// Two or more pass threats of the side not to move: hardly ever parried with one ranger move.
pub const OPPONENT_DOUBLE_THREAT: i32 = 1200;
/// Per open forward line from the carrier to the goal row.
pub const CARRIER_OPEN_LINE: i32 = 76;
/// The carrier's progress by its rank in its owner's frame, ranks 1 to 6 (rank 0, the own base,
/// scores 0; on rank 7 the game is won).
pub const CARRIER_RANK_1: i32 = 95;
pub const CARRIER_RANK_2: i32 = 129;
pub const CARRIER_RANK_3: i32 = 116;
pub const CARRIER_RANK_4: i32 = 140;
pub const CARRIER_RANK_5: i32 = 224;
pub const CARRIER_RANK_6: i32 = 141;
/// The carrier's progress by its rank (0 = own base, 7 = goal row).
pub const CARRIER_RANK: [i32; 8] = [
    0,
    CARRIER_RANK_1,
    CARRIER_RANK_2,
    CARRIER_RANK_3,
    CARRIER_RANK_4,
    CARRIER_RANK_5,
    CARRIER_RANK_6,
    0,
];
/// Per ranger standing on the goal row (a pass target for the bomb). Fitted negative: such a
/// ranger is stuck for good and its worth as a target is counted by the pass routes to it.
pub const GOAL_RANGER: i32 = -103;
/// Per other ranger with an open forward line to the goal row.
pub const RUNNER: i32 = 11;
/// A pass route of two passes to a ranger on the goal row (one pass is a pass threat, counted
/// apart).
pub const PASS_ROUTE_2: i32 = 557;
/// A pass route of three passes.
pub const PASS_ROUTE_3: i32 = 188;
/// By the length of the shortest pass route to a ranger on the goal row (index 0: none).
pub const PASS_ROUTE: [i32; 4] = [0, 0, PASS_ROUTE_2, PASS_ROUTE_3];
/// Per own ranger the bomb could be passed to now.
pub const PASS_TARGET: i32 = 46;
/// Per own ranger the bomb could be passed to now that has a free run to the goal row (a pass
/// there makes a carrier that wins when the opponent lands on its colour).
pub const RUNNER_TARGET: i32 = 82;
/// Per forward move of all rangers (fitted slightly negative, as is the advance: what counts is
/// where the bomb can go, not how free the rangers are).
pub const MOBILITY: i32 = -3;
/// Per ranger rank (general advance; small, since advanced rangers also block themselves).
pub const ADVANCE: i32 = -5;
/// The side to move's required ranger cannot move (it must pass, or forfeit).
pub const FORCED_BLOCKED: i32 = 66;
/// Per forward move of the side to move's required ranger (the one the opponent's landing
/// colour forces): a forced ranger with few moves is a weak move to be left with.
pub const FORCED_MOBILITY: i32 = 6;
/// The side to move's required ranger (not the carrier) has a free run to the goal row: moving
/// it there makes a pass target. Fitted negative: a forced ranger that runs off to the goal row
/// leaves the middle, where it blocks.
pub const FORCED_RUN: i32 = -25;
/// Times the square of the consecutive passes made.
pub const PASS_PRESSURE: i32 = 1;

/// What one player's position offers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Clear lines from the carrier to an own ranger on the goal row.
    pub pass_threats: i32,
    /// Clear forward lines from the carrier to the goal row.
    pub open_lines: i32,
    /// The carrier's rank in its owner's frame.
    pub carrier_rank: i32,
    /// Own rangers on the goal row.
    pub goal_rangers: i32,
    /// Own rangers other than the carrier, not on the goal row, with a clear line to it.
    pub runners: i32,
    /// Own rangers the carrier could pass to.
    pub pass_targets: i32,
    /// Those of them, not on the goal row, with a free run to it.
    pub runner_targets: i32,
    /// Forward moves of all own rangers.
    pub mobility: i32,
    /// Sum of the rangers' ranks.
    pub advance: i32,
    /// The fewest passes that bring the bomb to an own ranger on the goal row, through own
    /// rangers in clear lines of each other (1 is a pass threat); 0 when there is no such route
    /// or the pass limit forbids it.
    pub pass_route: i32,
}

/// Number of clear forward lines from `from` to `player`'s goal row.
fn open_lines(occupied: u64, player: Player, from: Square) -> i32 {
    let mut lines = 0;
    for dc in [-1, 0, 1] {
        let mut square = from;
        loop {
            match square.offset(player.forward(), dc) {
                Some(next) if occupied & next.bit() == 0 => {
                    if next.row() == player.goal_row() {
                        lines += 1;
                        break;
                    }
                    square = next;
                }
                _ => break,
            }
        }
    }
    lines
}

/// Number of forward moves of the ranger on `from`.
pub fn mobility(occupied: u64, player: Player, from: Square) -> i32 {
    let mut moves = 0;
    for dc in [-1, 0, 1] {
        let mut square = from;
        while let Some(next) = square.offset(player.forward(), dc) {
            if occupied & next.bit() != 0 {
                break;
            }
            moves += 1;
            square = next;
        }
    }
    moves
}

/// The features of `player` (all zero before its bomb is placed, but mobility and advance).
pub fn features(board: &Board, player: Player) -> Features {
    let occupied = board.occupied();
    let own = board.occupied_by(player);
    let goal = player.goal_row();
    let mut f = Features::default();
    let bomb = board.bomb(player);
    for colour in 0..8u8 {
        let square = board.ranger(player, colour);
        f.mobility += mobility(occupied, player, square);
        f.advance += square.rank_for(player);
        if square.row() == goal {
            f.goal_rangers += 1;
        } else if Some(square) != bomb && open_run(occupied, player, square).is_some() {
            f.runners += 1;
        }
    }
    let Some(from) = bomb else {
        return f;
    };
    f.pass_route = pass_route(board, player);
    f.carrier_rank = from.rank_for(player);
    f.open_lines = open_lines(occupied, player, from);
    let may_pass = board.passes(player) < MAX_CONSECUTIVE_PASSES;
    for (dr, dc) in DIRECTIONS {
        let mut square = from;
        while let Some(next) = square.offset(dr, dc) {
            if occupied & next.bit() != 0 {
                if own & next.bit() != 0 {
                    f.pass_targets += 1;
                    if next.row() == goal {
                        f.pass_threats += i32::from(may_pass);
                    } else if open_run(occupied, player, next).is_some() {
                        f.runner_targets += 1;
                    }
                }
                break;
            }
            square = next;
        }
    }
    f
}

/// The pass graph's shortest route from the carrier to a ranger on the goal row (see
/// [`Features::pass_route`]).
fn pass_route(board: &Board, player: Player) -> i32 {
    let occupied = board.occupied();
    let own = board.occupied_by(player);
    let Some(carrier) = board.carrier(player) else {
        return 0;
    };
    let mut colour_at = [8u8; 64];
    let mut goal_colours = 0u8;
    for colour in 0..8u8 {
        let square = board.ranger(player, colour);
        colour_at[square.index()] = colour;
        if square.row() == player.goal_row() {
            goal_colours |= 1 << colour;
        }
    }
    if goal_colours == 0 {
        return 0;
    }
    let passes_left = i32::from(MAX_CONSECUTIVE_PASSES - board.passes(player));
    let mut seen = 1u8 << carrier;
    let mut frontier = seen;
    for distance in 1..=passes_left.min(PASS_ROUTE.len() as i32 - 1) {
        let mut next_frontier = 0u8;
        for colour in 0..8u8 {
            if frontier & (1 << colour) == 0 {
                continue;
            }
            let from = board.ranger(player, colour);
            for (dr, dc) in DIRECTIONS {
                let mut square = from;
                while let Some(next) = square.offset(dr, dc) {
                    if occupied & next.bit() != 0 {
                        if own & next.bit() != 0 {
                            next_frontier |= 1 << colour_at[next.index()];
                        }
                        break;
                    }
                    square = next;
                }
            }
        }
        if next_frontier & goal_colours != 0 {
            return distance;
        }
        frontier = next_frontier & !seen;
        seen |= next_frontier;
        if frontier == 0 {
            break;
        }
    }
    0
}

/// The positional terms of one player.
fn positional(f: &Features, passes: u8) -> i32 {
    f.open_lines * CARRIER_OPEN_LINE
        + CARRIER_RANK[f.carrier_rank as usize]
        + f.goal_rangers * GOAL_RANGER
        + f.runners * RUNNER
        + f.pass_targets * PASS_TARGET
        + f.runner_targets * RUNNER_TARGET
        + f.mobility * MOBILITY
        + f.advance * ADVANCE
        + PASS_ROUTE[f.pass_route as usize]
        - i32::from(passes) * i32::from(passes) * PASS_PRESSURE
}

/// The evaluation of `board` for its side to move (0 for a finished game: the search scores
/// finished games itself).
pub fn evaluate(board: &Board) -> i32 {
    if board.outcome().is_some() {
        return 0;
    }
    if board.winning_move().is_some() {
        return WIN_NOW;
    }
    let theirs = features(board, board.side_to_move().other());
    quiet(board, &theirs)
}

/// What the search does at its horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// The side not to move threatens a winning pass: only a ranger move of the side to move
    /// can parry it, so look one ply further.
    Threatened,
    /// A quiet position and its evaluation.
    Quiet(i32),
}

/// Whether the side not to move threatens a winning pass (its carrier sees an own ranger on its
/// goal row along a clear line, and it may still pass): [`Features::pass_threats`] `> 0`, without
/// the other features, for the learned evaluation's horizon, which needs no more of them.
pub fn threatened(board: &Board) -> bool {
    let them = board.side_to_move().other();
    let Some(from) = board.bomb(them) else {
        return false;
    };
    if board.passes(them) >= MAX_CONSECUTIVE_PASSES {
        return false;
    }
    let occupied = board.occupied();
    let goal = them.goal_row();
    DIRECTIONS.iter().any(|&(dr, dc)| {
        let mut square = from;
        while let Some(next) = square.offset(dr, dc) {
            if occupied & next.bit() != 0 {
                return board.occupied_by(them) & next.bit() != 0 && next.row() == goal;
            }
            square = next;
        }
        false
    })
}

/// The horizon verdict for a running game whose side to move has no win in one (the search
/// checks that first, so this skips it), with the hand-made terms.
pub fn horizon(board: &Board) -> Horizon {
    let theirs = features(board, board.side_to_move().other());
    if theirs.pass_threats > 0 {
        Horizon::Threatened
    } else {
        Horizon::Quiet(quiet(board, &theirs))
    }
}

/// The evaluation without the win-in-one check, given the opponent's features.
fn quiet(board: &Board, theirs: &Features) -> i32 {
    let us = board.side_to_move();
    let them = us.other();
    let ours = features(board, us);
    let mut score = positional(&ours, board.passes(us)) - positional(theirs, board.passes(them));
    // Their pass threats must be parried by our one ranger move.
    score -= theirs.pass_threats * OPPONENT_PASS_THREAT;
    if theirs.pass_threats >= 2 {
        score -= OPPONENT_DOUBLE_THREAT;
    }
    if let Some(colour) = board.required() {
        let forced = board.ranger(us, colour);
        let moves = mobility(board.occupied(), us, forced);
        score += moves * FORCED_MOBILITY;
        if moves == 0 {
            score -= FORCED_BLOCKED;
        } else if board.bomb(us) != Some(forced) && open_run(board.occupied(), us, forced).is_some()
        {
            score += FORCED_RUN;
        }
    }
    score
}
