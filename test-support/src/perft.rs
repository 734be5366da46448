//! Perft from positions inside a game: the game crate's own count compared with an independent
//! count written in its tests from the rules (plain move generation, no shortcuts).

use std::fmt::Debug;

/// Checks that `fast` and `reference` count the same move sequences from each position of
/// `positions` at every depth up to `depth`; returns the counts, position by position and depth
/// by depth (depth 1 first), for the test to pin.
pub fn compare<P: Debug>(
    positions: &[P],
    depth: u32,
    fast: impl Fn(&P, u32) -> u64,
    reference: impl Fn(&P, u32) -> u64,
) -> Vec<Vec<u64>> {
    positions
        .iter()
        .map(|position| {
            (1..=depth)
                .map(|d| {
                    let count = fast(position, d);
                    assert_eq!(count, reference(position, d), "perft {d} of {position:?}");
                    count
                })
                .collect()
        })
        .collect()
}
