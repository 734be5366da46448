//! Static evaluation, from the side to move's point of view, in "millidragons" (a lost dragon is
//! [`LOST_DRAGON`]): the learned network the search uses ([`learned`], [`Evaluator`],
//! [`LEARNED`]), and the hand-made terms below, which the Texel fit, the `greedy` engine and the
//! data's quiet test keep.
//!
//! The terms, each the side to move's count minus the opponent's unless said otherwise:
//! - dragons lost (the game is won at four), and the third one lost (one from defeat);
//! - distance from the centre: a dragon near the centre cannot be pushed off soon and pushes
//!   opponents outwards, so each ring towards the centre is worth more ([`RING_CENTRE`],
//!   [`RING_1`], [`RING_2`]; the edge is worth nothing);
//! - cohesion: adjacent own pairs are what moves and pushes ([`COHESION`]); a dragon with no own
//!   neighbour can neither move nor push ([`ISOLATED`]);
//! - edge danger: a dragon on the rim (not a corner) with an opponent dragon next to it on the
//!   line that leads off the board is one opponent dragon away from being pushed off
//!   ([`EXPOSED`]); a corner dragon can never be pushed off ([`CORNER`]);
//! - pushes: the pushes (not eliminations) a side could play, which drive the other side outwards
//!   ([`PUSHES`]);
//! - dragons that can be pushed off now: the side to move's targets ([`OWN_THREAT`], at most two
//!   count) and its own dragons under threat ([`ONE_THREATENED`], [`MANY_THREATENED`]);
//! - for the side that is ahead in dragons, the opponent's dragons on the edge
//!   ([`EDGE_PRESSURE`]; set by hand to drive a winning side to make progress, it came out of the
//!   fit slightly negative, the ring terms already paying for pushing the opponent outwards);
//! - the move itself ([`TEMPO`]).
//!
//! # How the weights were obtained
//!
//! By Texel's method ([`crate::tune`]), from self-play games at depth 6 of the bot before the
//! fit (its hand-set weights: 36, 26, 14 by ring, 5 per pair, 300 for the third loss, 12 of edge
//! pressure, the new terms at 0), the dragon held at 1000 and [`OWN_THREAT`] kept (quiet
//! positions cannot teach it). The fit's command and errors are in the workspace's
//! `docs/measured.md` (section Frostfire).
//!
//! The fit says position weighs far more against material than the hand-set weights did: a
//! dragon on the centre is worth most of a dragon more than one on the edge.
//!
//! Every term earns its place: with [`ISOLATED`], [`EXPOSED`], [`CORNER`], [`PUSHES`] and
//! [`TEMPO`] held at 0 the fit predicts the held-out games worse and the bot loses to the one that
//! has them (the workspace's `docs/measured.md`, section Frostfire, has the fit and the match).

use crate::board::{shift, shift_back, Bits, Board, Color, Direction, CORNERS, EDGE, OUT, RINGS};
use crate::board::{DRAGONS, VALID};
use crate::net_features::NetInputs;
use crate::net_weights::{HIDDEN, INPUTS, NETWORK};
use common::game::Board as _;

/// The search evaluates with the learned network ([`Evaluator`]) rather than the hand-made terms
/// of [`evaluate`].
pub const LEARNED: bool = true;

/// One lost dragon (the unit, held fixed by the fit).
pub const LOST_DRAGON: i32 = 1000;
/// Extra weight of the third lost dragon (one from defeat); fitted slightly negative: with
/// three lost, the games were less lost than three dragons' worth says.
pub const THIRD_LOSS: i32 = -75;
/// Per dragon on the centre D4.
pub const RING_CENTRE: i32 = 690;
/// Per dragon on ring 1 around the centre.
pub const RING_1: i32 = 378;
/// Per dragon on ring 2 (the ring inside the edge).
pub const RING_2: i32 = 120;
/// Per pair of adjacent own dragons.
pub const COHESION: i32 = 99;
/// Per dragon with no own neighbour (it can neither move nor push).
pub const ISOLATED: i32 = -247;
/// Per own dragon on the rim (not a corner) with an opponent dragon beside it, inwards on a line
/// that leads off the board (a danger: negative).
pub const EXPOSED: i32 = -291;
/// Per own dragon on a corner.
pub const CORNER: i32 = -168;
/// Per push (not an elimination) the side could play.
pub const PUSHES: i32 = 319;
/// The side to move can push an opponent dragon off now (per such dragon, at most two count).
pub const OWN_THREAT: i32 = 60;
/// The side not to move threatens one of our dragons: we will probably have to spend the move
/// defending.
pub const ONE_THREATENED: i32 = 332;
/// The side not to move threatens two or more of our dragons: one is probably lost.
pub const MANY_THREATENED: i32 = 716;
/// Per opponent dragon on the edge, when ahead in dragons (progress).
pub const EDGE_PRESSURE: i32 = -65;
/// For having the move.
pub const TEMPO: i32 = 97;

/// The evaluation of `board` for the side to move. Does not look at the end of the game (the
/// search does).
pub fn evaluate(board: &Board) -> i32 {
    let us = board.side_to_move();
    let them = us.other();
    let mut score = TEMPO + side_terms(board, us) - side_terms(board, them);

    let our_targets = board.threatened_by(us).count_ones() as i32;
    let their_targets = board.threatened_by(them).count_ones() as i32;
    score += OWN_THREAT * our_targets.min(2);
    score -= match their_targets {
        0 => 0,
        1 => ONE_THREATENED,
        _ => MANY_THREATENED,
    };

    let lead = board.lost(them) as i32 - board.lost(us) as i32;
    if lead > 0 {
        score += EDGE_PRESSURE * (board.dragons(them) & EDGE).count_ones() as i32;
    } else if lead < 0 {
        score -= EDGE_PRESSURE * (board.dragons(us) & EDGE).count_ones() as i32;
    }
    score
}

/// The terms of one side, positive when good for that side.
fn side_terms(board: &Board, color: Color) -> i32 {
    let own = board.dragons(color);
    let opp = board.dragons(color.other());
    let empty = VALID & !(own | opp);
    let lost = (DRAGONS - own.count_ones()) as i32;
    let mut score = -LOST_DRAGON * lost;
    if lost >= 3 {
        score -= THIRD_LOSS;
    }
    score += RING_CENTRE * (own & RINGS[0]).count_ones() as i32
        + RING_1 * (own & RINGS[1]).count_ones() as i32
        + RING_2 * (own & RINGS[2]).count_ones() as i32;
    score += CORNER * (own & CORNERS).count_ones() as i32;

    let mut pairs = 0;
    let mut neighboured: Bits = 0;
    let mut exposed: Bits = 0;
    let mut pushes = 0;
    for dir in Direction::ALL {
        let ahead = shift(own, dir);
        // One direction of each of the three lines counts every adjacent pair once.
        if dir.index() % 2 == 0 {
            pairs += (ahead & own).count_ones();
        }
        neighboured |= ahead;
        // A dragon on the rim that `dir` pushes off, with an opponent just behind it.
        exposed |= own & OUT[dir.index()] & !CORNERS & shift(opp, dir);
        let fronts = ahead & own;
        pushes +=
            (fronts & shift_back(opp, dir) & shift_back(shift_back(empty, dir), dir)).count_ones();
    }
    let isolated = (own & !neighboured).count_ones() as i32;
    score
        + COHESION * pairs as i32
        + ISOLATED * isolated
        + EXPOSED * exposed.count_ones() as i32
        + PUSHES * pushes as i32
}

/// The learned evaluation of `board` for the side to move, computed from scratch: the network of
/// `net_weights` over the inputs of [`crate::net_features`], in the same millidragons.
pub fn learned(board: &Board) -> i32 {
    Evaluator::from_scratch(&NETWORK, board)
}

/// The learned evaluation as the search asks for it, node after node ([`common::net::Evaluator`]).
pub type Evaluator = common::net::Evaluator<NetInputs, INPUTS, HIDDEN>;

/// The search's evaluator of the learned network, for paths of `plies` plies.
pub fn evaluator(plies: usize) -> Evaluator {
    Evaluator::new(&NETWORK, plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_balanced() {
        let start = Board::start();
        let a = evaluate(&start);
        let b = evaluate(&start.pass());
        assert_eq!(a, b, "the start is symmetric");
    }
}
