//! Move generation checked against counts from an independent implementation.

use krieg::board::Board;

/// perft(d) from the initial position, Sentinel to move, for d = 1, 2, ...
const PERFT_FROM_START: [u64; 4] = [8, 50, 368, 2576];

#[test]
fn perft_from_the_initial_position() {
    for (i, &expected) in PERFT_FROM_START.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(Board::start().perft(depth), expected, "perft({depth})");
    }
}

#[test]
fn perft_of_a_finished_game_is_zero() {
    let over = Board::from_diagram(
        &["b....", ".....", ".....", ".....", "....B"],
        krieg::board::Side::Sentinel,
    )
    .unwrap();
    assert_eq!(over.perft(1), 0);
    assert_eq!(over.perft(0), 1);
}
