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

/// For each `(plies, counts)` of `cases`, the position `reach(plies)` (a fixed game's position
/// after that many plies): `fast` and `reference` both count `counts` at depths `1..=len`.
pub fn check_inside_the_game<P: Debug>(
    cases: &[(usize, &[u64])],
    reach: impl Fn(usize) -> P,
    fast: impl Fn(&P, u32) -> u64,
    reference: impl Fn(&P, u32) -> u64,
) {
    for &(plies, counts) in cases {
        let positions = [reach(plies)];
        let depth = counts.len().max(1) as u32;
        let found = compare(&positions, depth, &fast, &reference);
        assert_eq!(found[0], counts, "after {plies} plies");
    }
}

/// The number of move sequences `depth` moves long from `position`, where `moves` lists the
/// moves of a position (none once the game is over) and `play` plays one: perft written the
/// plain way, for the independent counts.
pub fn count_sequences<P, M>(
    position: &P,
    depth: u32,
    moves: &impl Fn(&P) -> Vec<M>,
    play: &impl Fn(&P, M) -> P,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    moves(position)
        .into_iter()
        .map(|m| count_sequences(&play(position, m), depth - 1, moves, play))
        .sum()
}

/// For each `(depth, count)` of `counts`, `perft(depth)` is `count`.
pub fn check_counts(perft: impl Fn(u32) -> u64, counts: &[(u32, u64)]) {
    for &(depth, count) in counts {
        assert_eq!(perft(depth), count, "perft({depth})");
    }
}

/// The move a fixed game plays at its ply `k` from `moves`: the first, from index
/// `(7 k + 3) mod n` on, that `goes_on` accepts (one that does not end the game, say), so that
/// the game reaches deep positions the same way every time.
pub fn fixed_choice<M: Copy>(moves: &[M], k: usize, goes_on: impl Fn(M) -> bool) -> M {
    (0..moves.len())
        .map(|i| moves[(7 * k + 3 + i) % moves.len()])
        .find(|&m| goes_on(m))
        .expect("a move that does not end the game")
}
