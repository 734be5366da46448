//! Perft from the empty board. The counts follow from the rules by hand for depths 1 to 3
//! (35; 35²; 35·(7·35 + 28·28), since team 1 cannot reuse the power of its first move) and
//! are the figures for depth 4.

use connect4::board::perft;

#[test]
fn perft_from_the_empty_board() {
    let expected = [35u64, 1225, 36015, 1_058_841];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(perft(depth as u32 + 1), count, "depth {}", depth + 1);
    }
}
