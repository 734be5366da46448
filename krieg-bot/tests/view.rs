//! The replay page of Krieg: every ply drawn from the rules, the last drawing the final position,
//! bad records reported by line, and the referee's `--html` and `view`.

use common::referee::html::{page, replay, DrawGame};
use common::referee::RefereeGame;
use krieg::board::{Board, Kind, Side};
use krieg::notation::format_move;
use krieg::referee::KriegReferee;

/// A whole game of varied legal moves, as a record, with every position after the start.
fn game_record(seed: usize) -> (String, Vec<Board>, Vec<String>) {
    let mut referee = KriegReferee::new();
    let mut board = Board::start();
    let mut text = "# krieg\n# p1: one\n# p2: two\n".to_string();
    let mut positions = vec![board];
    let mut replies = Vec::new();
    loop {
        let moves = board.legal_moves();
        let mv = moves.as_slice()[(seed * 7 + positions.len() * 13) % moves.len()];
        let reply = format_move(mv);
        let seat = referee.to_move().number();
        let end = referee.play(&reply).expect("a legal move");
        board = board.play(mv);
        positions.push(board);
        text.push_str(&format!("{seat} {reply}\n# time: {}\n", positions.len()));
        replies.push(reply);
        if let Some(end) = end {
            let who = end.winner.map_or("draw".to_string(), |s| s.to_string());
            text.push_str(&format!("# result: {who} {}\n", end.reason));
            return (text, positions, replies);
        }
    }
}

fn count(svg: &str, class: &str) -> u32 {
    svg.matches(&format!("class=\"{class}\"")).count() as u32
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    for seed in 0..6 {
        let (text, positions, replies) = game_record(seed);
        let view = replay::<KriegReferee>("game", &text);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!(view.frames.len(), positions.len());
        let n = positions.len() - 1;
        let last = view.frames.last().unwrap();
        let expected = KriegReferee::draw(
            &positions[n],
            Some((&positions[n - 1], replies[n - 1].as_str())),
        );
        assert_eq!(last, &expected);
        for (side, seat) in [(Side::Sentinel, "p1"), (Side::Scourge, "p2")] {
            for (kind, name) in [(Kind::Bomber, "bomber"), (Kind::Stinger, "stinger")] {
                let pieces = positions[n].pieces(side, kind).count_ones();
                assert_eq!(count(last, &format!("piece {seat} {name}")), pieces);
            }
        }
        let html = page::<KriegReferee>("krieg", &[view]);
        assert_eq!(
            html.matches("<svg class=\"board\"").count(),
            positions.len()
        );
        assert_eq!(html.matches("<li data-ply=").count(), positions.len());
    }
}

#[test]
fn the_start_shows_ten_pieces_a_side_and_no_last_move() {
    let start = KriegReferee::draw(&Board::start(), None);
    for seat in ["p1", "p2"] {
        assert_eq!(count(&start, &format!("piece {seat} bomber")), 5);
        assert_eq!(count(&start, &format!("piece {seat} stinger")), 5);
    }
    assert_eq!(count(&start, "last"), 0);
}

#[test]
fn a_capture_is_highlighted_and_its_piece_crossed_out() {
    // Sentinel's stinger on (2, 0) jumps sideways over Scourge's stinger on (2, 1).
    let before = Board::from_diagram(
        &["B....", ".....", "Ss...", ".....", "....b"],
        Side::Sentinel,
    )
    .unwrap();
    let reply = "2 0 2 2";
    let after = before.play(krieg::notation::parse_move(reply).unwrap());
    let svg = KriegReferee::draw(&after, Some((&before, reply)));
    assert_eq!(count(&svg, "last"), 2);
    assert_eq!(count(&svg, "captured"), 1);
    assert_eq!(count(&svg, "piece p2 stinger"), 0);
    assert_eq!(count(&svg, "taken p2 stinger"), 1);
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    let (text, _, _) = game_record(1);
    let mut lines: Vec<&str> = text.lines().collect();
    // Line 8 is the third ply (after three header lines and two plies with their times).
    assert!(lines[7].starts_with("1 "));
    lines[7] = "1 0 0 4 4";
    let view = replay::<KriegReferee>("bad", &lines.join("\n"));
    assert_eq!(view.frames.len(), 3);
    assert_eq!(view.problems[0].line_number, 8);
    assert!(view.problems[0].message.starts_with("illegal move"));
    let view = replay::<KriegReferee>("other", &text.replace("# krieg", "# kaboom"));
    assert!(view.frames.is_empty());
    assert_eq!(view.problems[0].line_number, 1);
}
