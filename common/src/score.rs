//! The score scale every search uses: centipawn-like evaluations well inside ±[`MATE_BOUND`],
//! and game results outside it, counted in plies from the root so that the search prefers the
//! quickest win and the slowest loss.

/// The value of a win at the root; a win `p` plies from the root scores `MATE - p`.
pub const MATE: i32 = 30_000;
/// Beyond ±`MATE_BOUND` a score is a forced result (no game or search lasts 1000 plies).
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Wider than every score: the initial alpha-beta window is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = MATE + 1;

/// The score, for the side to move, of a game it wins `ply` plies from the root.
#[inline]
pub const fn win_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score, for the side to move, of a game it loses `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> i32 {
    -(MATE - ply as i32)
}

/// True for a forced win or loss.
#[inline]
pub const fn is_decisive(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// Plies to the end of the game that a decisive score announces, for logs (`None` otherwise).
pub const fn plies_to_result(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(MATE + score)
    } else {
        None
    }
}

/// A score as it is stored at a node `ply` plies from the root: a result counted from the
/// node rather than the root, so that it stays true where the position recurs at another ply.
#[inline]
pub const fn to_node_relative(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_node_relative`].
#[inline]
pub const fn to_root_relative(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_order_by_distance() {
        assert!(win_in(1) > win_in(3));
        assert!(loss_in(1) < loss_in(3));
        assert!(is_decisive(win_in(999)) && is_decisive(loss_in(999)));
        assert!(!is_decisive(MATE_BOUND - 1) && !is_decisive(-(MATE_BOUND - 1)));
        assert_eq!(plies_to_result(win_in(7)), Some(7));
        assert_eq!(plies_to_result(loss_in(4)), Some(4));
        assert_eq!(plies_to_result(123), None);
    }

    #[test]
    fn node_relative_round_trips() {
        for score in [win_in(9), loss_in(9), 0, 250, -250] {
            for ply in [0, 1, 5, 40] {
                assert_eq!(to_root_relative(to_node_relative(score, ply), ply), score);
            }
        }
        // A win 9 plies from the root, stored 5 plies down, is a win in 4 from that node, and
        // read 2 plies from the root it becomes a win in 6.
        assert_eq!(to_node_relative(win_in(9), 5), win_in(4));
        assert_eq!(to_root_relative(win_in(4), 2), win_in(6));
    }
}
