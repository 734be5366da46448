//! Static evaluation, from the point of view of the team to move.
//!
//! The evaluation is `Σ weight × feature` over [`features`], each feature counted for the team
//! to move minus the opponent unless said otherwise; the weights are the constants below, fitted
//! to self-play games by `connect4-tune` (see [`crate::tune`] and the crate docs).
//! - **threats**: empty cells that would complete four for the team. A threat on a row of the
//!   team's parity weighs more: it is the one that decides plain Connect 4 endgames, where the
//!   team that moves when an even number of cells is empty (team 1 at the start) fills the odd
//!   rows (1, 3, 5 from the bottom) when the board fills up, and the other team the even rows.
//!   Clears change the number of empty cells, so the parity is read from the position, not from
//!   the team's number; two threats of a team one above the other usually win outright;
//! - **a threat over the opponent's threat**: a threat directly above one of the opponent's is
//!   worth little, as the cell below it is never filled while the opponent's four is there;
//! - **threats facing clears**: each threat of a team, times the clearing powers the opponent
//!   still holds: a clear can destroy a threat (and its fall can make others), so threats are
//!   surer against an opponent without clears;
//! - **playable threats** of the team that has just moved: the mover must answer them now,
//!   and two of them lose unless a power or a win of its own saves it;
//! - **centre**: discs in the middle columns take part in more lines;
//! - **powers held**: a clearing power is a spare move that can undo a threat or change the
//!   parity of the endgame; the dual disc held is a small asset too, but it becomes due: the
//!   **dual deadline** counts how close a team holding it is to its tenth move, when it must
//!   play it wherever that is;
//! - **tempo**: the team to move.
//!
//! Immediate wins of the mover are not its business: the search looks for them at every node.

use crate::board::{column_mask, row_mask, winning_cells, Board, Kind, Team, BOARD_MASK, HEIGHT};
use common::game::Board as _;

/// A threat on a row of the team's parity.
pub const THREAT_GOOD_ROW: i32 = 36;
/// A threat on a row of the other parity.
pub const THREAT_OTHER_ROW: i32 = 20;
/// Two threats of a team stacked one directly above the other.
pub const STACKED_THREATS: i32 = 9;
/// A playable threat of the team that has just moved (the mover must block it now).
pub const PLAYABLE_THREAT_AGAINST_MOVER: i32 = 60;
/// Two or more such threats: the mover can block only one.
pub const DOUBLE_PLAYABLE_THREAT: i32 = 400;
/// A disc (own or dual) in the centre column.
pub const CENTRE_DISC: i32 = 17;
/// A disc in columns 3 or 5.
pub const NEAR_CENTRE_DISC: i32 = 12;
/// Each clearing power still held.
pub const CLEARING_POWER_HELD: i32 = 60;
/// The dual disc still held.
pub const DUAL_HELD: i32 = -43;
/// A threat directly above a threat of the opponent's.
pub const THREAT_OVER_THREAT: i32 = -27;
/// Each threat, times each clearing power the opponent holds.
pub const THREAT_FACING_CLEAR: i32 = -9;
/// Each move made beyond [`DUAL_DEADLINE_FREE_MOVES`] while the dual disc is still held.
pub const DUAL_DEADLINE: i32 = 11;
/// The team to move.
pub const TEMPO: i32 = 11;

/// Moves a team may make holding its dual disc before [`DUAL_DEADLINE`] counts.
pub const DUAL_DEADLINE_FREE_MOVES: i32 = 5;

/// The features, in the order of [`WEIGHTS`]: indices.
pub const F_THREAT_GOOD_ROW: usize = 0;
/// See [`THREAT_OTHER_ROW`].
pub const F_THREAT_OTHER_ROW: usize = 1;
/// See [`STACKED_THREATS`].
pub const F_STACKED_THREATS: usize = 2;
/// See [`PLAYABLE_THREAT_AGAINST_MOVER`]: minus the count when it is 0 or 1.
pub const F_PLAYABLE_THREAT_AGAINST_MOVER: usize = 3;
/// See [`DOUBLE_PLAYABLE_THREAT`]: −1 when there are two or more.
pub const F_DOUBLE_PLAYABLE_THREAT: usize = 4;
/// See [`CENTRE_DISC`].
pub const F_CENTRE_DISC: usize = 5;
/// See [`NEAR_CENTRE_DISC`].
pub const F_NEAR_CENTRE_DISC: usize = 6;
/// See [`CLEARING_POWER_HELD`].
pub const F_CLEARING_POWER_HELD: usize = 7;
/// See [`DUAL_HELD`].
pub const F_DUAL_HELD: usize = 8;
/// See [`THREAT_OVER_THREAT`].
pub const F_THREAT_OVER_THREAT: usize = 9;
/// See [`THREAT_FACING_CLEAR`].
pub const F_THREAT_FACING_CLEAR: usize = 10;
/// See [`DUAL_DEADLINE`].
pub const F_DUAL_DEADLINE: usize = 11;
/// See [`TEMPO`].
pub const F_TEMPO: usize = 12;
/// How many features.
pub const FEATURE_COUNT: usize = 13;

/// The weights, in the order of the features.
pub const WEIGHTS: [i32; FEATURE_COUNT] = [
    THREAT_GOOD_ROW,
    THREAT_OTHER_ROW,
    STACKED_THREATS,
    PLAYABLE_THREAT_AGAINST_MOVER,
    DOUBLE_PLAYABLE_THREAT,
    CENTRE_DISC,
    NEAR_CENTRE_DISC,
    CLEARING_POWER_HELD,
    DUAL_HELD,
    THREAT_OVER_THREAT,
    THREAT_FACING_CLEAR,
    DUAL_DEADLINE,
    TEMPO,
];

/// The constants' names, in the order of the features.
pub const NAMES: [&str; FEATURE_COUNT] = [
    "THREAT_GOOD_ROW",
    "THREAT_OTHER_ROW",
    "STACKED_THREATS",
    "PLAYABLE_THREAT_AGAINST_MOVER",
    "DOUBLE_PLAYABLE_THREAT",
    "CENTRE_DISC",
    "NEAR_CENTRE_DISC",
    "CLEARING_POWER_HELD",
    "DUAL_HELD",
    "THREAT_OVER_THREAT",
    "THREAT_FACING_CLEAR",
    "DUAL_DEADLINE",
    "TEMPO",
];

/// The rows 1, 3, 5 from the bottom (0-based 0, 2, 4).
const ODD_ROWS: u64 = row_mask(0) | row_mask(2) | row_mask(4);
/// The rows 2, 4, 6 from the bottom.
const EVEN_ROWS: u64 = BOARD_MASK & !ODD_ROWS;
const _: () = assert!(HEIGHT == 6);

/// The rows on which the threats of the team to move are worth most: the odd rows when an even
/// number of cells is empty (the team fills the odd rows as the board fills up), else the even
/// rows. The opponent's are the others.
#[inline]
pub fn mover_good_rows(board: &Board) -> u64 {
    if (BOARD_MASK & !board.occupied()).count_ones() % 2 == 0 {
        ODD_ROWS
    } else {
        EVEN_ROWS
    }
}

/// The clearing powers `team` still holds.
#[inline]
fn clears_held(board: &Board, team: Team) -> i32 {
    Kind::CLEARING
        .iter()
        .filter(|&&kind| board.holds(team, kind))
        .count() as i32
}

/// How far past [`DUAL_DEADLINE_FREE_MOVES`] moves `team` is while still holding its dual disc.
#[inline]
fn dual_pressure(board: &Board, team: Team) -> i32 {
    if board.holds(team, Kind::Dual) {
        (i32::from(board.moves_made(team)) - DUAL_DEADLINE_FREE_MOVES).max(0)
    } else {
        0
    }
}

/// The features of `board` for the team to move (see the module docs).
pub fn features(board: &Board) -> [i32; FEATURE_COUNT] {
    let me = board.side_to_move();
    let them = me.other();
    let occupied = board.occupied();
    let good = [mover_good_rows(board), BOARD_MASK & !mover_good_rows(board)];
    let threats = [
        winning_cells(board.discs(me), occupied),
        winning_cells(board.discs(them), occupied),
    ];
    let clears = [clears_held(board, me), clears_held(board, them)];
    let mut f = [0; FEATURE_COUNT];
    for (side, (team, sign)) in [(me, 1), (them, -1)].into_iter().enumerate() {
        let own = board.discs(team);
        let t = threats[side];
        let t_count = t.count_ones() as i32;
        f[F_THREAT_GOOD_ROW] += sign * (t & good[side]).count_ones() as i32;
        f[F_THREAT_OTHER_ROW] += sign * (t & !good[side]).count_ones() as i32;
        f[F_STACKED_THREATS] += sign * (t & (t >> 1)).count_ones() as i32;
        f[F_CENTRE_DISC] += sign * (own & column_mask(3)).count_ones() as i32;
        f[F_NEAR_CENTRE_DISC] +=
            sign * (own & (column_mask(2) | column_mask(4))).count_ones() as i32;
        f[F_CLEARING_POWER_HELD] += sign * clears[side];
        f[F_DUAL_HELD] += sign * i32::from(board.holds(team, Kind::Dual));
        f[F_THREAT_OVER_THREAT] += sign * (t & (threats[1 - side] << 1)).count_ones() as i32;
        f[F_THREAT_FACING_CLEAR] += sign * t_count * clears[1 - side];
        f[F_DUAL_DEADLINE] += sign * dual_pressure(board, team);
    }
    let playable_against = (threats[1] & board.playable()).count_ones() as i32;
    if playable_against >= 2 {
        f[F_DOUBLE_PLAYABLE_THREAT] = -1;
    } else {
        f[F_PLAYABLE_THREAT_AGAINST_MOVER] = -playable_against;
    }
    f[F_TEMPO] = 1;
    f
}

/// `Σ weights × features` of `board`.
#[inline]
pub fn weighted(board: &Board, weights: &[i32; FEATURE_COUNT]) -> i32 {
    features(board)
        .iter()
        .zip(weights)
        .map(|(&f, &w)| f * w)
        .sum()
}

/// The position's value for the team to move (positive is good for it).
pub fn evaluate(board: &Board) -> i32 {
    weighted(board, &WEIGHTS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Column, Move, DUAL_BIT};

    fn drop(board: Board, kind: Kind, column: usize) -> Board {
        board.play(Move::new(kind, Column::new(column).unwrap()))
    }

    /// The empty board after normal discs in `columns`, in turn.
    fn after_normal_discs(columns: &[usize]) -> Board {
        columns
            .iter()
            .fold(Board::start(), |b, &c| drop(b, Kind::Normal, c))
    }

    #[test]
    fn empty_board_is_balanced_but_for_the_tempo() {
        assert_eq!(evaluate(&Board::start()), TEMPO);
        let f = features(&Board::start());
        assert!(f
            .iter()
            .enumerate()
            .all(|(i, &v)| v == i32::from(i == F_TEMPO)));
    }

    #[test]
    fn parity_follows_the_empty_cells_not_the_team() {
        let b = Board::start();
        assert_eq!(mover_good_rows(&b), ODD_ROWS);
        let b = drop(b, Kind::Normal, 3);
        assert_eq!(mover_good_rows(&b), EVEN_ROWS);
        // A clear that removes only itself leaves the count of empty cells as it was: the
        // next mover, team 1, now fills the even rows.
        let b = drop(b, Kind::ClearColumn, 0);
        assert_eq!(b.occupied().count_ones(), 1);
        assert_eq!(mover_good_rows(&b), EVEN_ROWS);
    }

    #[test]
    fn features_count_threats_clears_and_the_dual_deadline() {
        // Team 1: three in a row on the bottom, columns 1..3; team 2 above them.
        let b = after_normal_discs(&[0, 0, 1, 1, 2]);
        // Team 2 to move, 37 cells empty: team 2 fills the even rows, team 1 the odd ones.
        let f = features(&b);
        assert_eq!(
            f[F_THREAT_GOOD_ROW], -1,
            "team 1's threat on row 1 is on its parity"
        );
        assert_eq!(f[F_THREAT_OTHER_ROW], 0);
        assert_eq!(f[F_PLAYABLE_THREAT_AGAINST_MOVER], -1);
        assert_eq!(f[F_DOUBLE_PLAYABLE_THREAT], 0);
        assert_eq!(
            f[F_THREAT_FACING_CLEAR], -3,
            "one threat facing three clears"
        );
        assert_eq!(f[F_CLEARING_POWER_HELD], 0);
        assert_eq!(f[F_DUAL_DEADLINE], 0);
        let b = drop(b, Kind::ClearRow, 6);
        let f = features(&b);
        assert_eq!(f[F_CLEARING_POWER_HELD], 1);
        assert_eq!(f[F_THREAT_FACING_CLEAR], 0, "the clear took team 1's three");
        // Team 1 has made 7 moves holding its dual disc; team 2 has played its own.
        let late = Board::from_parts([0, 0], Team::One, [0, DUAL_BIT], [7, 7]).unwrap();
        let f = features(&late);
        assert_eq!(f[F_DUAL_DEADLINE], 7 - DUAL_DEADLINE_FREE_MOVES);
        assert_eq!(f[F_DUAL_HELD], 1);
    }

    #[test]
    fn two_playable_threats_against_the_mover_count_once_as_a_double() {
        // Team 1: three in a row on the bottom, columns 2..4, open at both ends.
        let b = after_normal_discs(&[1, 1, 2, 2, 3]);
        let f = features(&b);
        assert_eq!(f[F_DOUBLE_PLAYABLE_THREAT], -1);
        assert_eq!(f[F_PLAYABLE_THREAT_AGAINST_MOVER], 0);
    }

    #[test]
    fn evaluation_is_the_weighted_sum() {
        let mut b = Board::start();
        for (i, c) in [3, 3, 2, 4, 4, 2, 1, 5].into_iter().enumerate() {
            b = drop(b, if i == 4 { Kind::Dual } else { Kind::Normal }, c);
            let by_hand: i32 = features(&b).iter().zip(WEIGHTS).map(|(f, w)| f * w).sum();
            assert_eq!(evaluate(&b), by_hand);
        }
    }
}
