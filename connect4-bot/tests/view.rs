//! The replay page of Power Connect 4: every ply drawn from the rules, the last drawing the final
//! position, powers and what they removed shown, bad records reported by line.

use common::referee::html::replay;
use connect4::board::{Board, Team};
use connect4::referee::Connect4Referee;
use test_support::replay::{check_replay, count, game_record, RecordedGame};

/// A whole game of varied legal moves, as a record, with every position.
fn game(seed: usize) -> RecordedGame<Board> {
    let pick = |board: &Board, n: usize| {
        let moves = board.legal_moves();
        let mv = moves.as_slice()[(seed * 7 + n * 13) % moves.len()];
        (mv.to_string(), board.play(mv))
    };
    game_record::<Connect4Referee>(pick, None)
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    let mut clearings = 0;
    for seed in 0..8 {
        let game = game(seed);
        let view = check_replay::<Connect4Referee>(&game);
        let last = view.frames.last().unwrap();
        let board = game.positions.last().unwrap();
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
        clearings += view
            .frames
            .iter()
            .filter(|f| f.contains("class=\"cleared\""))
            .count();
    }
    assert!(clearings > 0, "some clearing disc is drawn");
}

#[test]
fn a_clearing_disc_shows_its_area_and_the_discs_it_removed() {
    let text = "# connect4\n# p1: a\n# p2: b\n1 5 1\n2 5 2\n1 5 3\n2 4 3\n1 1 4\n\
                # result: p2 timeout\n";
    let view = replay::<Connect4Referee>("clear", text);
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
    let view = replay::<Connect4Referee>("bad", text);
    assert_eq!(view.frames.len(), 3);
    assert_eq!(view.problems[0].line_number, 6);
    assert!(
        view.problems[0].message.starts_with("illegal move"),
        "{:?}",
        view.problems
    );
    let view = replay::<Connect4Referee>("bad", &text.replace("1 4 3", "1 6 3"));
    assert!(
        view.problems[0].message.starts_with("malformed move"),
        "{:?}",
        view.problems
    );
}
