//! Static evaluation, in centipawn-like units, from the side to move's point of view.
//!
//! Krieg is a race: a bomber that reaches the opponent's base wins, and when play blocks up the
//! side with more bombers wins. So the terms are, in order of weight:
//! - material: bombers are worth far more than stingers (they win races and blockades);
//! - the race: how far each bomber has come, growing steeply near the goal, and whether one can
//!   step onto the goal next move (the side to move wins at once; the other side must be stopped);
//! - safety: pieces the opponent can capture now;
//! - mobility: a side with few moves drifts towards being blocked;
//! - dead stingers: a stinger on the last row can never move again.

use crate::board::{row_mask, Board, Cell, Kind, MoveList, Side};
use common::game::Board as _;

/// A bomber's base value.
pub const BOMBER: i32 = 300;
/// A stinger's base value.
pub const STINGER: i32 = 100;
/// A stinger on its last row is stuck for good (no steps, no horizontal captures on base rows).
pub const DEAD_STINGER: i32 = 35;
/// Bonus for a bomber by rows advanced from its own base (0..=3; 4 is the goal and ends the game).
pub const BOMBER_ADVANCE: [i32; 4] = [0, 25, 70, 160];
/// Bonus for a stinger by rows advanced (stingers escort and screen; the last row is dead).
pub const STINGER_ADVANCE: [i32; 4] = [0, 6, 12, 18];
/// A bomber of the side to move that can step onto the goal row next move: a win in one.
pub const WIN_NEXT_MOVE: i32 = 2000;
/// An opponent's bomber that can step onto the goal row: it must be stopped now.
pub const THREAT_AGAINST: i32 = 220;
/// Per move available to a side.
pub const MOBILITY: i32 = 4;
/// Per own piece the opponent could capture now (the side to move may still save it).
pub const HANGING: i32 = 25;

/// The evaluation of `board` for its side to move. Positive favours the side to move.
pub fn evaluate(board: &Board) -> i32 {
    let us = board.side_to_move();
    let them = us.other();
    let mut score = side_terms(board, us) - side_terms(board, them);

    if goal_steps(board, us) != 0 {
        score += WIN_NEXT_MOVE;
    }
    score -= THREAT_AGAINST * goal_steps(board, them).count_ones() as i32;

    let mut our_moves = MoveList::new();
    board.generate_moves(&mut our_moves);
    let their_board = board.with_side_to_move(them);
    let mut their_moves = MoveList::new();
    their_board.generate_moves(&mut their_moves);
    score += MOBILITY * (our_moves.len() as i32 - their_moves.len() as i32);

    let hanging =
        |moves: &MoveList| moves.as_slice().iter().filter(|mv| mv.is_capture()).count() as i32;
    score -= HANGING * hanging(&their_moves);
    score
}

/// Material and advancement of one side.
fn side_terms(board: &Board, side: Side) -> i32 {
    let mut score = 0;
    let mut bombers = board.pieces(side, Kind::Bomber);
    while bombers != 0 {
        let cell = Cell::from_index(bombers.trailing_zeros() as usize);
        bombers &= bombers - 1;
        score += BOMBER + BOMBER_ADVANCE[rows_advanced(side, cell).min(3)];
    }
    let mut stingers = board.pieces(side, Kind::Stinger);
    while stingers != 0 {
        let cell = Cell::from_index(stingers.trailing_zeros() as usize);
        stingers &= stingers - 1;
        let advanced = rows_advanced(side, cell);
        score += if advanced >= 4 {
            DEAD_STINGER
        } else {
            STINGER + STINGER_ADVANCE[advanced]
        };
    }
    score
}

/// Rows between `side`'s base and `cell`.
fn rows_advanced(side: Side, cell: Cell) -> usize {
    (cell.row() - side.base_row()).unsigned_abs() as usize
}

/// `side`'s bombers that could step onto its goal row now (an empty cell forward or diagonally
/// forward on that row).
pub fn goal_steps(board: &Board, side: Side) -> u32 {
    let empty = !board.occupied();
    let goal = row_mask(side.goal_row());
    let mut threats = 0;
    let mut bombers = board.pieces(side, Kind::Bomber) & row_mask(side.goal_row() - side.forward());
    while bombers != 0 {
        let cell = Cell::from_index(bombers.trailing_zeros() as usize);
        bombers &= bombers - 1;
        for dc in [-1, 0, 1] {
            if let Some(to) = cell.offset(side.forward(), dc) {
                if to.bit() & goal & empty != 0 {
                    threats |= cell.bit();
                }
            }
        }
    }
    threats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(evaluate(&Board::start()), 0);
    }

    #[test]
    fn extra_bomber_is_good_for_its_owner() {
        let start = Board::start();
        let fewer = Board::from_pieces(
            [
                [
                    start.pieces(Side::Sentinel, Kind::Stinger),
                    row_mask(0) & !1,
                ],
                [start.pieces(Side::Scourge, Kind::Stinger), row_mask(4)],
            ],
            Side::Sentinel,
        );
        assert!(evaluate(&fewer) < -200);
        assert!(evaluate(&fewer.with_side_to_move(Side::Scourge)) > 200);
    }
}
