//! The replay page of Krieg: every ply drawn from the rules, the last drawing the final position,
//! bad records reported by line.

use common::game::Board as _;
use krieg::board::{Board, Kind, Side};
use krieg::notation::format_move;
use krieg::referee::Krieg;
use test_support::replay::{check_bad_third_ply, check_replays, count, varied_game, RecordedGame};
use tools::runner::replay;
use tools::runner::Drawing;

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    check_replays::<Krieg>((0..6).map(game), |board, last, _| {
        for (side, seat) in [(Side::Sentinel, "p1"), (Side::Scourge, "p2")] {
            for (kind, name) in [(Kind::Bomber, "bomber"), (Kind::Stinger, "stinger")] {
                let pieces = board.pieces(side, kind).count_ones() as usize;
                assert_eq!(count(last, &format!("piece {seat} {name}")), pieces);
            }
        }
    });
}

/// A whole game of varied legal moves, as a record, with every position.
fn game(seed: usize) -> RecordedGame<Board> {
    varied_game::<Krieg, _, _>(seed, Board::legal_moves, |board, mv| {
        (format_move(mv), board.play(mv))
    })
}

#[test]
fn the_start_shows_ten_pieces_a_side_and_no_last_move() {
    let start = Krieg.draw(&Board::start(), None);
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
    let svg = Krieg.draw(&after, Some((&before, reply)));
    assert_eq!(count(&svg, "last"), 2);
    assert_eq!(count(&svg, "captured"), 1);
    assert_eq!(count(&svg, "piece p2 stinger"), 0);
    assert_eq!(count(&svg, "taken p2 stinger"), 1);
}

#[test]
fn an_illegal_ply_is_reported_with_its_line_and_the_game_shown_up_to_it() {
    let text = game(1).text;
    check_bad_third_ply::<Krieg>(&text, 8, "1 0 0 4 4", "1 0 0 4");
    let view = replay::<Krieg>(&Krieg, "other", &text.replace("# krieg", "# kaboom"));
    assert!(view.frames.is_empty());
    assert_eq!(view.problems[0].line_number, 1);
}
