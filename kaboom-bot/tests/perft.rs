//! Move counts from the very start of a game (the two bomb placements are plies 1 and 2).
//!
//! Depths 1-4 agree with an independent generator written from the same rules; depth 3 is
//! also checked by hand in the crate docs: 64 placements × (102 ranger moves + 14/8 passes on
//! average) = 6640. Depth 5 is this generator's own count, kept to catch regressions.

use kaboom::board::perft;

const COUNTS: [(u32, u64); 5] = [(1, 8), (2, 64), (3, 6640), (4, 86660), (5, 1_023_004)];

#[test]
fn perft_from_the_start_matches_the_known_counts() {
    for (depth, count) in COUNTS {
        assert_eq!(perft(depth), count, "perft({depth})");
    }
}

#[test]
fn perft_zero_is_one() {
    assert_eq!(perft(0), 1);
}
