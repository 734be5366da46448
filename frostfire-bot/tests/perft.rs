//! Perft from the start position.

use frostfire::board::Board;

#[test]
fn perft_from_the_start() {
    let start = Board::start();
    let expected = [10, 96, 1108, 12668];
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(start.perft(depth), count, "perft({depth})");
    }
}
