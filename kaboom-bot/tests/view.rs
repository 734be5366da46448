//! The replay page of Ka-Boom: every ply drawn from the rules (each reply read in its player's
//! frame), the last drawing the final position, bad records reported by line.

use common::referee::html::{page, replay, DrawGame};
use common::referee::record::RecordWriter;
use common::referee::RefereeGame;
use kaboom::board::{Board, MoveKind, Player};
use kaboom::notation::format_move;
use kaboom::referee::KaboomReferee;
use std::time::Duration;

/// A whole game of varied legal moves, as a record, with every position.
fn game_record(seed: usize) -> (String, Vec<Board>, Vec<String>) {
    let mut referee = KaboomReferee::new();
    let mut board = Board::start();
    let mut record = RecordWriter::new("kaboom", ["one", "two"]);
    let mut positions = vec![board];
    let mut replies = Vec::new();
    loop {
        let moves = board.legal_moves();
        let mv = moves.as_slice()[(seed * 7 + positions.len() * 13) % moves.len()];
        let reply = format_move(mv, board.side_to_move());
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
    let mut passes = 0;
    for seed in 0..6 {
        let (text, positions, replies) = game_record(seed);
        let view = replay::<KaboomReferee>("game", &text);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!(view.frames.len(), positions.len());
        let n = positions.len() - 1;
        let last = view.frames.last().unwrap();
        let expected = KaboomReferee::draw(
            &positions[n],
            Some((&positions[n - 1], replies[n - 1].as_str())),
        );
        assert_eq!(last, &expected);
        for player in Player::BOTH {
            let seat = player.number();
            assert_eq!(count(last, &format!("ranger p{seat}")), 8);
            let bomb = usize::from(positions[n].bomb(player).is_some());
            assert_eq!(count(last, &format!("bomb p{seat}")), bomb);
            // Each ranger is drawn on the square the rules put it (row 7 at the top).
            for colour in 0..8 {
                let square = positions[n].ranger(player, colour);
                let x = 28 + 54 * square.column() + 27;
                let y = 12 + 54 * (7 - square.row()) + 27;
                let drawn = format!("<g class=\"ranger p{seat}\"><circle cx=\"{x}\" cy=\"{y}\"");
                assert!(last.contains(&drawn), "{drawn}");
            }
        }
        passes += view
            .frames
            .iter()
            .filter(|f| f.contains("class=\"pass\""))
            .count();
        let html = page::<KaboomReferee>("kaboom", &[view]);
        assert_eq!(
            html.matches("<svg class=\"board\"").count(),
            positions.len()
        );
    }
    assert!(passes > 0, "some bomb pass is drawn");
}

#[test]
fn the_start_has_no_bomb_and_the_placements_put_one_on_each_side() {
    let start = KaboomReferee::draw(&Board::start(), None);
    assert_eq!(count(&start, "ranger p1") + count(&start, "ranger p2"), 16);
    assert_eq!(count(&start, "bomb p1") + count(&start, "bomb p2"), 0);
    let background = KaboomReferee::background();
    assert_eq!(background.matches("<rect x=").count(), 64);
    let (text, positions, _) = game_record(3);
    let view = replay::<KaboomReferee>("game", &text);
    assert_eq!(count(&view.frames[1], "bomb p1"), 1);
    assert_eq!(count(&view.frames[2], "bomb p2"), 1);
    assert!(positions[2].bomb(Player::Two).is_some());
}

#[test]
fn a_pass_is_drawn_dashed_and_a_move_with_an_arrow() {
    let (_, positions, replies) = game_record(1);
    let moves: Vec<_> = positions
        .windows(2)
        .zip(&replies)
        .map(|(pair, reply)| {
            let m = kaboom::notation::parse_move(&pair[0], reply, pair[0].side_to_move()).unwrap();
            (pair, reply, m.kind())
        })
        .collect();
    for (pair, reply, kind) in moves {
        let svg = KaboomReferee::draw(&pair[1], Some((&pair[0], reply.as_str())));
        assert_eq!(count(&svg, "pass"), usize::from(kind == MoveKind::Pass));
        let highlighted = if matches!(kind, MoveKind::Place | MoveKind::Forfeit) {
            1
        } else {
            2
        };
        assert_eq!(count(&svg, "last"), highlighted, "{reply}");
    }
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    let (text, _, _) = game_record(2);
    let mut lines: Vec<&str> = text.lines().collect();
    assert!(lines[7].starts_with("1 "));
    // A ranger cannot move backwards off its base.
    lines[7] = "1 1,0,0,0,1";
    let view = replay::<KaboomReferee>("bad", &lines.join("\n"));
    assert_eq!(view.frames.len(), 3);
    assert_eq!(view.problems[0].line_number, 8);
    assert!(
        view.problems[0].message.starts_with("illegal move"),
        "{:?}",
        view.problems
    );
    lines[7] = "1 9";
    let view = replay::<KaboomReferee>("bad", &lines.join("\n"));
    assert!(
        view.problems[0].message.starts_with("malformed move"),
        "{:?}",
        view.problems
    );
}
