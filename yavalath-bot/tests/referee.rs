//! Yavalath's referee: its protocol (the id once, then the grid and the last move), CodinGame's
//! first-turn limit, openings with the swap in them, and full games of our engines that the
//! library replays legally. What the runner does for every game is tested once, in `tools`.

use test_support::process::{recorded_games, scratch_dir};
use test_support::replay::{check_record_replays, record_plies};
use yavalath::board::Board;

const REFEREE: &str = env!("CARGO_BIN_EXE_yavalath-referee");
const BOT: &str = env!("CARGO_BIN_EXE_yavalath-bot");

#[test]
fn plays_full_games_and_records_them() {
    let dir = scratch_dir("yavalath-referee-test", "records");
    let a = format!("{BOT} --movetime 20");
    let b = format!("{BOT} --engine random --seed {{seed}}");
    let args = ["--movetime-ms".to_string(), "1000".to_string(), a, b];
    let (stdout, records) = recorded_games(REFEREE, 2, &dir, &args);
    assert!(stdout.contains("summary: games=2 "), "{stdout}");
    for record in &records {
        assert!(record.starts_with("# yavalath\n"), "{record}");
        check_record_replays::<Board>(record);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_first_turn_gets_a_second_and_later_turns_the_movetime() {
    use std::time::Duration;
    use tools::runner::{Game, Referee, Seat};
    use yavalath::referee::Yavalath;
    // The runner asks for a turn's input, then for its limit.
    let limit = |game: &mut Referee<Yavalath>, seat: Seat| {
        let _ = game.input(seat);
        game.time_limit(seat, Duration::from_millis(100))
    };
    let second = Duration::from_millis(1000);
    let mut game = Referee::<Yavalath>::new();
    assert_eq!(limit(&mut game, Seat::First), second);
    game.play("2 1").unwrap();
    assert_eq!(limit(&mut game, Seat::Second), second);
    game.play("2 1").unwrap(); // the swap
    assert_eq!(limit(&mut game, Seat::First), Duration::from_millis(100));
    assert_eq!(Yavalath::CONTEST.limit, Duration::from_millis(100));
    // From an opening of three plies, each player's first turn is still its first.
    let mut game = Referee::<Yavalath>::new();
    for ply in ["2 1", "4 4", "5 5"] {
        game.play(ply).unwrap();
    }
    assert_eq!(limit(&mut game, Seat::Second), second);
    game.play("1 1").unwrap();
    assert_eq!(limit(&mut game, Seat::First), second);
    game.play("1 2").unwrap();
    assert_eq!(limit(&mut game, Seat::Second), Duration::from_millis(100));
}

#[test]
fn sends_the_id_once_then_the_grid_and_the_last_move() {
    use tools::runner::{Fault, Input, Referee, Seat};
    use yavalath::referee::Yavalath;
    let mut game = Referee::<Yavalath>::new();
    let lines = |input: Input| match input {
        Input::Lines(lines) => lines,
        other => panic!("{other:?}"),
    };
    // The ids come when the game starts, apart from the turns.
    assert_eq!(game.greeting(Seat::First), vec!["1".to_string()]);
    assert_eq!(game.greeting(Seat::Second), vec!["2".to_string()]);
    let first = lines(game.input(Seat::First));
    assert_eq!(first[0], "9");
    assert_eq!(first[1], "00000");
    assert_eq!(first[5], "000000000");
    assert_eq!(first[10], "-1 -1");
    assert_eq!(first.len(), 11);
    game.play("4 4").unwrap();
    let second = lines(game.input(Seat::Second));
    assert_eq!(second[5], "000020000");
    assert_eq!(second[10], "4 4");
    // The swap: Player 1 sees its stone as the opponent's, and the stolen cell as the move.
    game.play("4 4").unwrap();
    let third = lines(game.input(Seat::First));
    assert_eq!(third.len(), 11);
    assert_eq!(third[5], "000020000");
    assert_eq!(third[10], "4 4");
    // Faults: malformed and illegal are told apart.
    assert!(matches!(game.play("4 9"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("4,4"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("4 4"), Err(Fault::Illegal(_))));
    assert_eq!(game.plies(), 2);
    assert!(game.render().lines().count() >= 9);
}

#[test]
fn games_start_from_the_openings_of_a_file_the_swap_included() {
    let dir = scratch_dir("yavalath-openings", "file");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# one ply: Player 2 may still swap\n2 1\n\n2 1, 2 1, 4 4   # the swap is in the opening\n",
    )
    .unwrap();
    let args = [
        "--movetime-ms".to_string(),
        "1000".to_string(),
        "--openings".to_string(),
        openings.display().to_string(),
        format!("{BOT} --movetime 20"),
        format!("{BOT} --engine random --seed {{seed}}"),
    ];
    let (_, records) = recorded_games(REFEREE, 4, &dir, &args);
    let expected: [&[&str]; 2] = [&["1 2 1"], &["1 2 1", "2 2 1", "1 4 4"]];
    for (game, record) in records.iter().enumerate() {
        assert_eq!(record_plies(record).0, expected[game / 2], "{record}");
        check_record_replays::<Board>(record);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::{
        every_binary_answers_help, every_command_answers_help, SOLVE_COMMANDS,
    };
    let tuner = env!("CARGO_BIN_EXE_yavalath-tune");
    every_binary_answers_help(BOT, SOLVE_COMMANDS, Some(tuner));
    every_command_answers_help(tuner, &[&["lines"], &["proven"], &["book"]]);
}
