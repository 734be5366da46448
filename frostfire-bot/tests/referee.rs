//! The referee: the game as the runner sees it, full games between our engines, records that
//! replay legally, the 300-ply draw, and faults reported apart.

use frostfire::board::{Board, Color, Outcome};
use frostfire::notation::parse_move;
use frostfire::referee::Frostfire;
use test_support::process::{recorded_games, run_ok, scratch_dir};
use test_support::replay::record_plies;
use tools::runner::{Fault, Game, Input, Referee, Seat};

const REFEREE: &str = env!("CARGO_BIN_EXE_frostfire-referee");
const BOT: &str = env!("CARGO_BIN_EXE_frostfire-bot");

fn referee(args: &[&str]) -> String {
    run_ok(REFEREE, args)
}

#[test]
fn the_game_sends_ids_then_the_last_move_and_reports_faults() {
    let mut game = Referee::<Frostfire>::new();
    assert_eq!(Frostfire::DEFAULT_MAX_PLIES, Some(300));
    assert_eq!(game.to_move(), Seat::First);
    assert_eq!(game.greeting(Seat::First), vec!["1".to_string()]);
    assert_eq!(game.greeting(Seat::Second), vec!["2".to_string()]);
    assert_eq!(game.input(Seat::First), Input::Lines(vec![]));
    assert!(matches!(game.play("B4C4"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("A1 A2"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("A4 A6"), Err(Fault::Illegal(_))));
    assert!(matches!(game.play("A4 B4"), Err(Fault::Illegal(_))));
    assert_eq!(game.plies(), 0, "a fault leaves the game unchanged");
    assert_eq!(game.play("B4 C4"), Ok(None));
    assert_eq!(game.to_move(), Seat::Second);
    assert_eq!(game.input(Seat::Second), Input::Lines(vec!["B4 C4".into()]));
    assert_eq!(game.play("F3 E3"), Ok(None));
    assert_eq!(game.input(Seat::First), Input::Lines(vec!["F3 E3".into()]));
    assert_eq!(game.plies(), 2);
    let picture = game.render();
    assert!(picture.contains("C    . . x x . ."), "{picture}");
}

#[test]
fn full_games_are_recorded_and_replay_legally() {
    let dir = scratch_dir("frostfire-referee-test", "records");
    let a = format!("{BOT} --movetime 20");
    let b = format!("{BOT} --engine random --seed {{seed}}");
    let (out, records) = recorded_games(REFEREE, 2, &dir, &[a, b]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with(
            "game 1: p1=A p2=B winner=A (p1) reason=\"Abagon (FIRE) lost four dragons\""
        ),
        "{out}"
    );
    assert!(
        lines[1].starts_with(
            "game 2: p1=B p2=A winner=A (p2) reason=\"Tyragon (ICE) lost four dragons\""
        ),
        "{out}"
    );
    assert!(lines[3].starts_with("summary: games=2 a_wins=2 draws=0 b_wins=0 elo=+inf"));

    for text in &records {
        assert!(text.starts_with("# frostfire\n"), "{text}");
        let mut board = Board::start();
        for (seat, mv) in record_plies(text).1 {
            assert_eq!(seat, board.side_to_move().number().to_string());
            board = board.try_play(parse_move(&mv).unwrap()).unwrap();
        }
        let expected = match board.outcome().expect("the record ends the game") {
            Outcome::Win(Color::Ice) => "# result: p1 ",
            Outcome::Win(Color::Fire) => "# result: p2 ",
            Outcome::Draw => "# result: draw ",
        };
        assert!(text.lines().last().unwrap().starts_with(expected), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_ply_limit_draws_a_running_game() {
    let a = format!("{BOT} --engine random --seed {{seed}}");
    let b = format!("{BOT} --engine random --seed 99");
    let out = referee(&["--games", "2", "--max-plies", "12", &a, &b]);
    assert!(
        out.contains("reason=\"ply limit (12 plies)\" plies=12"),
        "{out}"
    );
    assert!(
        out.contains("summary: games=2 a_wins=0 draws=2 b_wins=0"),
        "{out}"
    );
}

#[test]
fn malformed_and_illegal_replies_lose_and_are_told_apart() {
    let ours = format!("{BOT} --movetime 20");
    let out = referee(&["read id; echo 'A4 A0'; sleep 5", &ours]);
    assert!(out.contains("malformed move: p1 printed 'A4 A0'"), "{out}");
    assert!(out.contains("winner=B (p2)"), "{out}");
    let out = referee(&["read id; echo 'A4 B4'; sleep 5", &ours]);
    assert!(out.contains("illegal move: p1 printed 'A4 B4'"), "{out}");
}

#[test]
fn show_draws_the_hexagon() {
    let out = referee(&[
        "--show",
        "--max-plies",
        "4",
        &format!("{BOT} --movetime 10"),
        &format!("{BOT} --engine greedy"),
    ]);
    assert!(out.contains("ply 1: p1 "), "{out}");
    assert!(out.contains("        1 2 3 4"), "{out}");
    assert!(
        out.contains("G      o o o o 5") || out.contains("G      "),
        "{out}"
    );
}

test_support::stop_tests!(REFEREE, "frostfire", format!("{BOT} --engine greedy"));

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::every_binary_answers_help;
    let tuner = env!("CARGO_BIN_EXE_frostfire-tune");
    every_binary_answers_help(BOT, &[], REFEREE, Some(tuner));
}
