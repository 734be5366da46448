//! The replay page of Krieg: every ply drawn from the rules, the last drawing the final position,
//! bad records reported by line, and the referee's `--html` and `view`.

use krieg::board::{Board, Kind, Side};
use krieg::notation::format_move;
use krieg::referee::Krieg;
use std::path::Path;
use std::process::Command;
use test_support::process::{recorded_games, run_ok, scratch_dir};
use test_support::replay::{check_bad_third_ply, check_replays, count, varied_game, RecordedGame};
use tools::runner::replay;
use tools::runner::{page, Drawing};

const REFEREE: &str = env!("CARGO_BIN_EXE_krieg-referee");
const BOT: &str = env!("CARGO_BIN_EXE_krieg-bot");

#[test]
fn every_ply_is_drawn_and_the_last_drawing_is_the_final_position() {
    check_replays::<Krieg>((0..6).map(game), |board, last, view| {
        for (side, seat) in [(Side::Sentinel, "p1"), (Side::Scourge, "p2")] {
            for (kind, name) in [(Kind::Bomber, "bomber"), (Kind::Stinger, "stinger")] {
                let pieces = board.pieces(side, kind).count_ones() as usize;
                assert_eq!(count(last, &format!("piece {seat} {name}")), pieces);
            }
        }
        let html = page(&Krieg, "krieg", std::slice::from_ref(view));
        assert_eq!(html.matches("<li data-ply=").count(), view.frames.len());
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

#[test]
fn the_referee_writes_the_page_of_a_match_and_view_reads_records() {
    let dir = scratch_dir("krieg-view-test", "match");
    let random = format!("{BOT} --engine random --seed {{seed}}");
    let (_, texts) = recorded_games(REFEREE, 2, &dir, &[random.clone(), random]);
    let page = std::fs::read_to_string(dir.join("page.html")).unwrap();
    assert_eq!(page.matches("<section class=\"game\"").count(), 2);
    let boards: usize = texts
        .iter()
        .map(|record| 1 + record.lines().filter(|l| !l.starts_with('#')).count())
        .sum();
    assert_eq!(page.matches("<svg class=\"board\"").count(), boards);
    assert!(!page.contains("class=\"problems\""));

    let view = dir.join("view.html");
    let records = [dir.join("games/game-1.txt"), dir.join("games/game-2.txt")];
    run_ok(
        REFEREE,
        [
            Path::new("view"),
            &records[0],
            &records[1],
            Path::new("--html"),
            &view,
        ],
    );
    let viewed = std::fs::read_to_string(&view).unwrap();
    assert_eq!(viewed.matches("<svg class=\"board\"").count(), boards);

    let broken = dir.join("broken.txt");
    let record = std::fs::read_to_string(&records[0]).unwrap();
    let cut: Vec<&str> = record.lines().take(5).collect();
    std::fs::write(&broken, cut.join("\n")).unwrap();
    let out = Command::new(REFEREE)
        .arg("view")
        .arg(&broken)
        .arg(&records[1])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("broken.txt: line 6: truncated"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("<section class=\"game\"").count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
