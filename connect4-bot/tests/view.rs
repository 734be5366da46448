//! The replay page of Power Connect 4: every ply drawn from the rules, the last drawing the final
//! position, powers and what they removed shown, bad records reported by line.

use common::game::Board as _;
use connect4::board::{Board, Team};
use connect4::referee::Connect4;
use test_support::replay::{
    check_bad_third_ply, check_replays, count, frames_with, varied_game, RecordedGame,
};
use tools::runner::replay;

/// A whole game of varied legal moves, as a record, with every position.
fn game(seed: usize) -> RecordedGame<Board> {
    varied_game::<Connect4, _, _>(seed, Board::legal_moves, |board, mv| {
        (mv.to_string(), board.play(mv))
    })
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    let mut clearings = 0;
    check_replays::<Connect4>((0..8).map(game), |board, last, view| {
        let duals = board.duals().count_ones() as usize;
        for team in Team::BOTH {
            let own = (board.discs(team) & !board.duals()).count_ones() as usize;
            assert_eq!(count(last, &format!("disc p{}", team.number())), own);
        }
        assert_eq!(count(last, "disc dual"), duals);
        if board
            .outcome()
            .is_some_and(|o| o != connect4::board::Outcome::Draw)
        {
            assert_eq!(count(last, "four"), 1);
        }
        clearings += frames_with(view, "cleared");
    });
    assert!(clearings > 0, "some clearing disc is drawn");
}

#[test]
fn a_clearing_disc_shows_its_area_and_the_discs_it_removed() {
    let text = "# connect4\n# p1: a\n# p2: b\n1 5 1\n2 5 2\n1 5 3\n2 4 3\n1 1 4\n\
                # result: p2 timeout\n";
    let view = replay::<Connect4>(&Connect4, "clear", text);
    assert!(view.problems.is_empty(), "{:?}", view.problems);
    assert_eq!(view.frames.len(), 6);
    assert_eq!(count(&view.frames[4], "disc dual"), 1);
    assert_eq!(count(&view.frames[4], "last"), 1);
    // Team 1's clear-row disc lands on the bottom row in column 4 and clears it: its three discs
    // go, and the dual disc above them falls into it.
    let cleared = &view.frames[5];
    assert_eq!(count(cleared, "cleared"), 1);
    assert_eq!(count(cleared, "removed p1"), 2);
    assert_eq!(count(cleared, "removed p2"), 1);
    assert_eq!(count(cleared, "disc dual"), 1);
    assert_eq!(count(cleared, "disc p1") + count(cleared, "disc p2"), 0);
    assert_eq!(count(cleared, "power spent"), 2);
    assert_eq!(count(cleared, "power held"), 6);
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    let text = "# connect4\n# p1: a\n# p2: b\n1 4 1\n2 5 2\n1 4 3\n# result: p2 illegal move\n";
    check_bad_third_ply::<Connect4>(text, 6, "1 4 3", "1 6 3");
}
