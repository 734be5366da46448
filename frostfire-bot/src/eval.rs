//! Static evaluation, from the side to move's point of view, in "millidragons" (a lost dragon is
//! about [`LOST_DRAGON`]).
//!
//! The terms are the classic ones of Abalone programs:
//! - dragons lost on each side (the game is won at four);
//! - distance from the centre: a dragon near the centre cannot be pushed off soon and pushes
//!   opponents outwards, so each ring towards the centre is worth more ([`RING_WEIGHT`]);
//! - cohesion: adjacent own pairs are what moves and pushes, and a compact group is hard to push
//!   ([`COHESION`]);
//! - dragons on the edge that the opponent can push off right now (threats), and the ones the side
//!   to move can push off itself;
//! - a bonus for the side that is ahead for having the opponent's dragons on the edge: it drives
//!   a winning side to make progress instead of shuffling.

use crate::board::{Board, Color, Direction, EDGE, RINGS};

/// One lost dragon.
pub const LOST_DRAGON: i32 = 1000;
/// Extra weight of the third lost dragon (one from defeat).
pub const THIRD_LOSS: i32 = 300;
/// Per dragon, by ring: centre D4, ring 1, ring 2, the edge.
pub const RING_WEIGHT: [i32; 4] = [36, 26, 14, 0];
/// Per pair of adjacent own dragons.
pub const COHESION: i32 = 5;
/// The side to move can push an opponent dragon off now (per such dragon, at most two count).
pub const OWN_THREAT: i32 = 60;
/// The side not to move threatens one of our dragons: we will probably have to spend the move
/// defending.
pub const ONE_THREATENED: i32 = 120;
/// The side not to move threatens two or more of our dragons: one is probably lost.
pub const MANY_THREATENED: i32 = 550;
/// Per opponent dragon on the edge, when ahead in dragons (progress).
pub const EDGE_PRESSURE: i32 = 12;

/// The evaluation of `board` for the side to move. Does not look at the end of the game (the
/// search does).
pub fn evaluate(board: &Board) -> i32 {
    let us = board.to_move();
    let them = us.other();
    let mut score = side_terms(board, us) - side_terms(board, them);

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
    let lost = board.lost(color) as i32;
    let mut score = -LOST_DRAGON * lost;
    if lost >= 3 {
        score -= THIRD_LOSS;
    }
    for (ring, weight) in RINGS.iter().zip(RING_WEIGHT) {
        score += weight * (own & ring).count_ones() as i32;
    }
    // One direction of each of the three lines counts every adjacent pair once.
    let pairs: u32 = [Direction::ALL[0], Direction::ALL[2], Direction::ALL[4]]
        .into_iter()
        .map(|dir| (crate::board::shift(own, dir) & own).count_ones())
        .sum();
    score + COHESION * pairs as i32
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
