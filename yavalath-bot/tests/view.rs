//! The replay page of Yavalath: every ply drawn from the rules, the last drawing the final
//! position, the swap and the deciding run shown, bad records reported by line.

use common::referee::html::{page, replay, DrawGame};
use common::referee::record::RecordWriter;
use common::referee::RefereeGame;
use std::time::Duration;
use yavalath::board::{Board, Cell, Player};
use yavalath::notation::{format_move, parse_move};
use yavalath::referee::YavalathReferee;

/// A whole game of varied legal moves, as a record, with every position.
fn game_record(seed: usize) -> (String, Vec<Board>, Vec<String>) {
    let mut referee = YavalathReferee::new();
    let mut board = Board::start();
    let mut record = RecordWriter::new("yavalath", ["one", "two"]);
    let mut positions = vec![board];
    let mut replies = Vec::new();
    loop {
        let moves = board.legal_moves();
        let mv = moves.as_slice()[(seed * 7 + positions.len() * 13) % moves.len()];
        let reply = format_move(mv);
        let seat = referee.to_move();
        let end = referee.play(&reply).expect("a legal move");
        board = board.play(mv);
        positions.push(board);
        record.ply(seat, &reply, Duration::from_millis(positions.len() as u64));
        replies.push(reply);
        if let Some(end) = end {
            return (record.finish(end.winner, &end.reason), positions, replies);
        }
    }
}

fn count(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    for seed in 0..8 {
        let (text, positions, replies) = game_record(seed);
        let view = replay::<YavalathReferee>("game", &text);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!(view.frames.len(), positions.len());
        let n = positions.len() - 1;
        let last = view.frames.last().unwrap();
        let expected = YavalathReferee::draw(
            &positions[n],
            Some((&positions[n - 1], replies[n - 1].as_str())),
        );
        assert_eq!(last, &expected);
        for (player, seat) in [(Player::First, "p1"), (Player::Second, "p2")] {
            let stones = positions[n].stones(player).count_ones() as usize;
            assert_eq!(count(last, &format!("stone {seat}")), stones);
        }
        // The game ended on a run of 3 or more through the last stone (or a full board).
        assert!(count(last, "run") >= 1 || positions[n].empty() == 0);
        let html = page::<YavalathReferee>("yavalath", &[view]);
        assert_eq!(
            html.matches("<svg class=\"board\"").count(),
            positions.len()
        );
    }
}

#[test]
fn the_board_names_its_61_cells_as_the_contest_does() {
    let background = YavalathReferee::background();
    assert_eq!(background.matches("<polygon").count(), 61);
    for cell in Cell::all() {
        assert!(background.contains(&format!(">{} {}</text>", cell.x(), cell.y())));
    }
    assert_eq!(
        count(&YavalathReferee::draw(&Board::start(), None), "last"),
        0
    );
}

#[test]
fn the_swap_is_marked_and_the_stone_changes_colour() {
    let text = "# yavalath\n# p1: a\n# p2: b\n1 2 1\n2 2 1\n# result: p1 timeout\n";
    let view = replay::<YavalathReferee>("swap", text);
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
    let (text, _, replies) = game_record(2);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert!(lines[7].starts_with("1 "));
    // Player 1 plays on Player 2's stone: no swap for Player 1.
    lines[7] = format!("1 {}", replies[1]);
    let view = replay::<YavalathReferee>("bad", &lines.join("\n"));
    assert_eq!(view.frames.len(), 3);
    assert_eq!(view.problems[0].line_number, 8);
    assert!(
        view.problems[0].message.starts_with("illegal move"),
        "{:?}",
        view.problems
    );
    lines[7] = "1 9 9".to_string();
    let view = replay::<YavalathReferee>("bad", &lines.join("\n"));
    assert!(
        view.problems[0].message.starts_with("malformed move"),
        "{:?}",
        view.problems
    );
}
