//! Krieg's referee: its protocol (Sentinel's id `1`, Scourge's `0`, then the opponent's last
//! move), and full games of our bot that the library replays legally. What the runner does for
//! every game (faults, stops, records, tournaments, the league) is tested once, in `tools`.

use krieg::board::Board;
use krieg::referee::Krieg;
use test_support::process::recorded_games;
use test_support::replay::check_record_replays;
use tools::runner::{Input, Referee, Seat};

const REFEREE: &str = env!("CARGO_BIN_EXE_krieg-referee");
const BOT: &str = env!("CARGO_BIN_EXE_krieg-bot");

#[test]
fn sentinel_gets_1_scourge_0_then_each_the_opponents_last_move() {
    let mut game = Referee::<Krieg>::new();
    assert_eq!(game.greeting(Seat::First), ["1"]);
    assert_eq!(game.greeting(Seat::Second), ["0"]);
    assert_eq!(game.input(Seat::First), Input::Lines(vec![]));
    assert_eq!(game.play("1 0 2 1"), Ok(None));
    assert_eq!(game.to_move(), Seat::Second);
    assert_eq!(
        game.input(Seat::Second),
        Input::Lines(vec!["1 0 2 1".into()])
    );
}

#[test]
fn full_games_of_our_bot_replay_legally() {
    let dir = test_support::process::scratch_dir("krieg-referee-test", "records");
    let a = format!("{BOT} --movetime 20");
    let b = format!("{BOT} --engine random --seed {{seed}}");
    let (stdout, records) = recorded_games(REFEREE, 2, &dir, &[a, b]);
    assert!(stdout.contains("summary: games=2 "), "{stdout}");
    for record in &records {
        assert!(record.starts_with("# krieg\n"), "{record}");
        check_record_replays::<Board>(record);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::{every_binary_answers_help, SOLVE_COMMANDS};
    every_binary_answers_help(BOT, SOLVE_COMMANDS, None);
}
