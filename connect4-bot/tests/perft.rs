//! Perft from the empty board. The counts follow from the rules by hand: no column can fill and
//! no four can form within four plies, so each team's moves are independent of the other's, and
//! a team has 35 first moves and then 35 again after a normal disc (7 ways) or 28 after a power
//! (28 ways, that power spent): 35; 35²; 35·(7·35 + 28·28) = 36015; (7·35 + 28·28)² = 1029².

use connect4::board::perft;

#[test]
fn perft_from_the_empty_board() {
    let expected = [35u64, 1225, 36015, 1_058_841];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(perft(depth as u32 + 1), count, "depth {}", depth + 1);
    }
}
