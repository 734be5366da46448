//! The replay page of Frostfire: every ply drawn from the rules, the last drawing the final
//! position, bad records reported by line.

use common::referee::html::{page, replay, DrawGame};
use common::referee::record::RecordWriter;
use common::referee::RefereeGame;
use frostfire::board::{Board, Cell, Color};
use frostfire::notation::{format_move, parse_cell, parse_move};
use frostfire::referee::FrostfireReferee;
use std::time::Duration;

/// Plies after which a generated game stops (drawn, as the referee's ply limit would).
const PLIES: usize = 120;

/// A game of varied legal moves, as a record, with every position.
fn game_record(seed: usize) -> (String, Vec<Board>, Vec<String>) {
    let mut referee = FrostfireReferee::new();
    let mut board = Board::start();
    let mut record = RecordWriter::new("frostfire", ["one", "two"]);
    let mut positions = vec![board];
    let mut replies = Vec::new();
    loop {
        let moves = board.legal_moves();
        // Prefer eliminations now and then, so that games also end by the rules.
        let eliminations = board.eliminations();
        let mv = if positions.len() % 3 == 0 && !eliminations.is_empty() {
            eliminations.as_slice()[0]
        } else {
            moves.as_slice()[(seed * 7 + positions.len() * 13) % moves.len()]
        };
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
        if replies.len() == PLIES {
            let reason = format!("ply limit ({PLIES} plies)");
            return (record.finish(None, &reason), positions, replies);
        }
    }
}

fn count(svg: &str, class: &str) -> u32 {
    svg.matches(&format!("class=\"{class}\"")).count() as u32
}

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    let mut decided = 0;
    for seed in 0..6 {
        let (text, positions, replies) = game_record(seed);
        let view = replay::<FrostfireReferee>("game", &text);
        assert!(view.problems.is_empty(), "{:?}", view.problems);
        assert_eq!(view.frames.len(), positions.len());
        decided += usize::from(view.rules_end.is_some());
        let n = positions.len() - 1;
        let last = view.frames.last().unwrap();
        let expected = FrostfireReferee::draw(
            &positions[n],
            Some((&positions[n - 1], replies[n - 1].as_str())),
        );
        assert_eq!(last, &expected);
        for (color, seat) in [(Color::Ice, "p1"), (Color::Fire, "p2")] {
            let dragons = positions[n].dragons(color).count_ones();
            assert_eq!(count(last, &format!("dragon {seat}")), dragons);
        }
        let html = page::<FrostfireReferee>("frostfire", &[view]);
        assert_eq!(
            html.matches("<svg class=\"board\"").count(),
            positions.len()
        );
    }
    assert!(decided > 0, "some generated game ends by the rules");
}

#[test]
fn the_board_names_its_37_cells_and_the_start_has_11_dragons_a_side() {
    let background = FrostfireReferee::background();
    assert_eq!(background.matches("<polygon").count(), 37);
    for cell in Cell::all() {
        assert!(background.contains(&format!(">{cell}</text>")), "{cell}");
    }
    let start = FrostfireReferee::draw(&Board::start(), None);
    assert_eq!(count(&start, "dragon p1"), 11);
    assert_eq!(count(&start, "dragon p2"), 11);
    assert_eq!(count(&start, "last"), 0);
}

#[test]
fn a_dragon_pushed_off_the_board_is_shown_crossed_out() {
    let cells =
        |names: &[&str]| -> Vec<Cell> { names.iter().map(|n| parse_cell(n).unwrap()).collect() };
    let ice = cells(&["C5", "B5", "D1", "D2", "D3", "D4", "E1", "E2"]);
    let fire = cells(&["A5", "G1", "G2", "G3", "G4", "F1", "F2", "F3"]);
    let before = Board::from_cells(&ice, &fire, Color::Ice, 0).unwrap();
    let reply = "C5 B5";
    let after = before.try_play(parse_move(reply).unwrap()).unwrap();
    assert_eq!(after.lost(Color::Fire), 4);
    let svg = FrostfireReferee::draw(&after, Some((&before, reply)));
    assert_eq!(count(&svg, "last"), 2);
    assert_eq!(count(&svg, "eliminated"), 1);
    assert_eq!(count(&svg, "dragon p2"), 7);
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    let (text, _, _) = game_record(2);
    let mut lines: Vec<&str> = text.lines().collect();
    assert!(lines[7].starts_with("1 "));
    lines[7] = "1 A4 A5";
    let view = replay::<FrostfireReferee>("bad", &lines.join("\n"));
    assert_eq!(view.frames.len(), 3);
    assert_eq!(view.problems[0].line_number, 8);
    assert!(
        view.problems[0].message.starts_with("illegal move"),
        "{:?}",
        view.problems
    );
    lines[7] = "1 A1 A5";
    let view = replay::<FrostfireReferee>("bad", &lines.join("\n"));
    assert!(
        view.problems[0].message.starts_with("malformed move"),
        "{:?}",
        view.problems
    );
}
