//! The replay page of Yavalath: every ply drawn from the rules, the last drawing the final
//! position, the swap and the deciding run shown, bad records reported by line.

use common::game::Board as _;
use test_support::replay::{check_bad_third_ply, check_replays, count, varied_game, RecordedGame};
use tools::runner::replay;
use tools::runner::Drawing;
use yavalath::board::{Board, Cell, Player};
use yavalath::notation::{format_move, parse_move};
use yavalath::referee::Yavalath;

/// A whole game of varied legal moves, as a record, with every position.
fn game(seed: usize) -> RecordedGame<Board> {
    varied_game::<Yavalath, _, _>(seed, Board::legal_moves, |board, mv| {
        (format_move(mv), board.play(mv))
    })
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    check_replays::<Yavalath>((0..8).map(game), |board, last, _| {
        for (player, seat) in [(Player::First, "p1"), (Player::Second, "p2")] {
            let stones = board.stones(player).count_ones() as usize;
            assert_eq!(count(last, &format!("stone {seat}")), stones);
        }
        // The game ended on a run of 3 or more through the last stone (or a full board).
        assert!(count(last, "run") >= 1 || board.empty() == 0);
    });
}

#[test]
fn the_board_names_its_61_cells_as_the_contest_does() {
    let background = Yavalath.background();
    assert_eq!(background.matches("<polygon").count(), 61);
    for cell in Cell::all() {
        assert!(background.contains(&format!(">{} {}</text>", cell.x(), cell.y())));
    }
    assert_eq!(count(&Yavalath.draw(&Board::start(), None), "last"), 0);
}

#[test]
fn the_swap_is_marked_and_the_stone_changes_colour() {
    let text = "# yavalath\n# p1: a\n# p2: b\n1 2 1\n2 2 1\n# result: p1 timeout\n";
    let view = replay::<Yavalath>(&Yavalath, "swap", text);
    assert!(view.problems.is_empty(), "{:?}", view.problems);
    assert_eq!(count(&view.frames[1], "stone p1"), 1);
    assert_eq!(count(&view.frames[1], "swap"), 0);
    assert_eq!(count(&view.frames[2], "stone p1"), 0);
    assert_eq!(count(&view.frames[2], "stone p2"), 1);
    assert_eq!(count(&view.frames[2], "swap"), 1);
    assert_eq!(parse_move("2 1").unwrap(), Cell::from_xy(2, 1).unwrap());
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    let game = game(2);
    // Player 1 plays on Player 2's stone: no swap for Player 1.
    let illegal = format!("1 {}", game.replies[1]);
    check_bad_third_ply::<Yavalath>(&game.text, 8, &illegal, "1 9 9");
}
