//! Static evaluation, from the point of view of the team to move.
//!
//! What it counts, for each team, the score being the mover's total minus the opponent's:
//! - **threats**: empty cells that would complete four for the team. A threat on a row of the
//!   team's parity (rows 1, 3, 5 from the bottom for team 1, which moves first; rows 2, 4, 6 for
//!   team 2) is the one that decides plain Connect 4 endgames, so it weighs more; two threats
//!   of a team one above the other usually win outright;
//! - **playable threats** of the team that has just moved: the mover must answer them now,
//!   and two of them lose unless a power or a win of its own saves it;
//! - **centre**: discs in the middle columns take part in more lines;
//! - **powers held**: a clearing power is a spare move that can undo a threat or change the
//!   parity of the endgame; the dual disc held is a small asset too.
//!
//! Immediate wins of the mover are not its business: the search looks for them at every node.

use crate::board::{column_mask, row_mask, winning_cells, Board, Kind, Team, HEIGHT};

/// A threat on a row of the team's parity.
pub const THREAT_GOOD_ROW: i32 = 36;
/// A threat on a row of the other parity.
pub const THREAT_OTHER_ROW: i32 = 18;
/// Two threats of a team stacked one directly above the other.
pub const STACKED_THREATS: i32 = 90;
/// A playable threat of the team that has just moved (the mover must block it now).
pub const PLAYABLE_THREAT_AGAINST_MOVER: i32 = 60;
/// Two or more such threats: the mover can block only one.
pub const DOUBLE_PLAYABLE_THREAT: i32 = 400;
/// A disc (own or dual) in the centre column.
pub const CENTRE_DISC: i32 = 6;
/// A disc in columns 3 or 5.
pub const NEAR_CENTRE_DISC: i32 = 3;
/// Each clearing power still held.
pub const CLEARING_POWER_HELD: i32 = 25;
/// The dual disc still held.
pub const DUAL_HELD: i32 = 6;

/// The rows (0-based) on which `team`'s threats are worth most.
#[inline]
fn good_rows(team: Team) -> u64 {
    let mut mask = 0;
    let mut r = match team {
        Team::One => 0,
        Team::Two => 1,
    };
    while r < HEIGHT {
        mask |= row_mask(r);
        r += 2;
    }
    mask
}

/// The score of the threats, centre and powers of `team` alone.
fn team_score(board: &Board, team: Team) -> i32 {
    let occupied = board.occupied();
    let own = board.discs(team);
    let threats = winning_cells(own, occupied);
    let good = good_rows(team);
    let mut score = THREAT_GOOD_ROW * (threats & good).count_ones() as i32
        + THREAT_OTHER_ROW * (threats & !good).count_ones() as i32;
    score += STACKED_THREATS * (threats & (threats >> 1)).count_ones() as i32;
    score += CENTRE_DISC * (own & column_mask(3)).count_ones() as i32;
    score += NEAR_CENTRE_DISC * (own & (column_mask(2) | column_mask(4))).count_ones() as i32;
    for kind in Kind::CLEARING {
        if board.holds(team, kind) {
            score += CLEARING_POWER_HELD;
        }
    }
    if board.holds(team, Kind::Dual) {
        score += DUAL_HELD;
    }
    score
}

/// The position's value for the team to move (positive is good for it).
pub fn evaluate(board: &Board) -> i32 {
    let me = board.to_move();
    let them = me.other();
    let mut score = team_score(board, me) - team_score(board, them);
    let playable_against =
        (winning_cells(board.discs(them), board.occupied()) & board.playable()).count_ones() as i32;
    if playable_against >= 2 {
        score -= DOUBLE_PLAYABLE_THREAT;
    } else {
        score -= PLAYABLE_THREAT_AGAINST_MOVER * playable_against;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_is_balanced() {
        assert_eq!(evaluate(&Board::new()), 0);
    }
}
