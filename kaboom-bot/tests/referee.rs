//! Ka-Boom's referee: each seat sent its own frame, replies read in the mover's frame and
//! recorded as printed, the contest's 8 MB cap, and full games of our engines that the library
//! replays legally. What the runner does for every game is tested once, in `tools`.

use kaboom::board::Board;
use test_support::process::{recorded_games, scratch_dir};
use test_support::replay::check_record_replays;

const REFEREE: &str = env!("CARGO_BIN_EXE_kaboom-referee");
const BOT: &str = env!("CARGO_BIN_EXE_kaboom-bot");

#[test]
fn the_referee_runs_random_against_greedy_and_records_each_line_as_printed() {
    let dir = scratch_dir("kaboom-referee-test", "records");
    let random = format!("{BOT} --engine random --seed {{seed}}");
    let greedy = format!("{BOT} --engine greedy");
    let (stdout, records) = recorded_games(REFEREE, 2, &dir, &[random, greedy]);
    assert!(stdout.contains("summary: games=2 "), "{stdout}");
    for record in &records {
        // Each line read in its mover's frame, as the board's notation reads it.
        check_record_replays::<Board>(record);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_referee_converts_between_frames() {
    use kaboom::referee::Kaboom;
    use tools::runner::{Input, Referee, Seat};
    let mut game = Referee::<Kaboom>::new();
    let seat = game.to_move();
    // Each player's id comes when the game starts.
    assert_eq!(game.greeting(seat), vec!["1".to_string()]);
    assert_eq!(game.greeting(Seat::Second), vec!["2".to_string()]);
    assert_eq!(game.input(seat), Input::Lines(vec![]));
    assert_eq!(game.play("2"), Ok(None));
    // Player 2 gets Player 1's column seen from its side.
    let seat = game.to_move();
    assert_eq!(game.input(seat), Input::Lines(vec!["5".into()]));
    assert_eq!(game.play("0"), Ok(None));
    let seat = game.to_move();
    assert_eq!(game.input(seat), Input::Lines(vec!["7".into()]));
    assert_eq!(game.play("1,0,3,4,3"), Ok(None));
    let seat = game.to_move();
    assert_eq!(game.input(seat), Input::Lines(vec!["1,7,4,3,4".into()]));
    // Malformed and illegal are reported apart.
    assert!(matches!(
        game.play("1,0,3,4"),
        Err(tools::runner::Fault::Malformed(_))
    ));
    assert!(matches!(
        game.play("1,0,0,5,0"),
        Err(tools::runner::Fault::Illegal(_))
    ));
    assert!(game.render().lines().count() > 8);
}

/// A player's memory cap is the contest's 8 MB unless `--memory-mb` raises it.
#[test]
fn the_memory_cap_is_the_contests_8_mb() {
    let help = test_support::process::run_ok(REFEREE, ["--help"]);
    assert!(help.contains("[default: 8, the contest's]"), "{help}");
}

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::every_binary_answers_help;
    let tuner = env!("CARGO_BIN_EXE_kaboom-tune");
    every_binary_answers_help(BOT, &[], Some(tuner));
}
