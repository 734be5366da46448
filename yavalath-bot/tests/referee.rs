//! The referee on full games between our engines, with records.

use std::process::Command;
use test_support::process::recorded_games;
use test_support::replay::record_plies;
use yavalath::board::Board;
use yavalath::notation::parse_move;

const REFEREE: &str = env!("CARGO_BIN_EXE_yavalath-referee");
const BOT: &str = env!("CARGO_BIN_EXE_yavalath-bot");

#[test]
fn plays_full_games_and_records_them() {
    let dir = std::env::temp_dir().join(format!("yavalath-referee-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let a = format!("{BOT} --movetime 20");
    let b = format!("{BOT} --engine random --seed {{seed}}");
    let out = Command::new(REFEREE)
        .args(["--games", "2", "--movetime-ms", "1000", "--record-dir"])
        .arg(&dir)
        .args([&a, &b])
        .output()
        .expect("the referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = stdout.lines().last().unwrap();
    assert!(summary.starts_with("summary: games=2 "), "{summary}");
    assert!(stdout.contains("faults=0"), "{stdout}");

    for game in 1..=2 {
        let record = std::fs::read_to_string(dir.join(format!("game-{game}.txt"))).unwrap();
        assert!(record.starts_with("# yavalath\n"), "{record}");
        let result = record.lines().last().unwrap();
        assert!(result.starts_with("# result: "), "{result}");
        // Replay the recorded moves with the library: they are legal and end the game.
        let mut board = Board::start();
        for line in record.lines().filter(|l| !l.starts_with('#')) {
            let (seat, reply) = line.split_once(' ').unwrap();
            assert_eq!(seat, board.side_to_move().number().to_string());
            board = board.try_play(parse_move(reply).unwrap()).unwrap();
        }
        let end = board.outcome().expect("the record ends the game");
        let winner = match end.winner() {
            Some(p) => format!("p{}", p.number()),
            None => "draw".into(),
        };
        assert!(
            result.starts_with(&format!("# result: {winner}")),
            "{result}"
        );
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

/// Runs the referee with `options` between our bot and its random engine, four games, and
/// returns its output and each game's record.
fn games_from_openings(name: &str, options: &[&str]) -> (String, Vec<String>) {
    let dir = std::env::temp_dir().join(format!("yavalath-openings-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# one ply: Player 2 may still swap\n2 1\n\n2 1, 2 1, 4 4   # the swap is in the opening\n",
    )
    .unwrap();
    let mut args: Vec<String> = ["--movetime-ms", "1000"].map(String::from).to_vec();
    args.extend(
        options
            .iter()
            .map(|o| o.replace("FILE", &openings.display().to_string())),
    );
    args.extend([
        format!("{BOT} --movetime 20"),
        format!("{BOT} --engine random --seed {{seed}}"),
    ]);
    let (stdout, records) = recorded_games(REFEREE, 4, &dir, &args);
    let page = std::fs::read_to_string(dir.join("page.html")).unwrap();
    assert!(page.contains("<li class=\"opening\""));
    let _ = std::fs::remove_dir_all(&dir);
    (stdout, records)
}

/// The opening plies of a record, and the result the library reaches replaying all its plies.
fn replay_with_opening(record: &str) -> (Vec<String>, String) {
    let mut board = Board::start();
    let (opening, plies) = record_plies(record);
    for (seat, reply) in plies {
        assert_eq!(seat, board.side_to_move().number().to_string(), "{record}");
        board = board.try_play(parse_move(&reply).unwrap()).unwrap();
    }
    let winner = match board.outcome().expect("the record ends the game").winner() {
        Some(p) => format!("p{}", p.number()),
        None => "draw".into(),
    };
    (opening, winner)
}

#[test]
fn games_start_from_the_openings_of_a_file_both_seats_of_a_pair_alike() {
    let (_, records) = games_from_openings("file", &["--openings", "FILE"]);
    let expected: [&[&str]; 2] = [&["1 2 1"], &["1 2 1", "2 2 1", "1 4 4"]];
    for (game, record) in records.iter().enumerate() {
        let (opening, winner) = replay_with_opening(record);
        assert_eq!(opening, expected[game / 2], "{record}");
        let result = record.lines().last().unwrap();
        assert!(
            result.starts_with(&format!("# result: {winner}")),
            "{record}"
        );
    }
}

#[test]
fn random_openings_are_the_same_for_both_games_of_a_pair() {
    let (_, records) = games_from_openings("random", &["--random-openings", "3"]);
    let openings: Vec<Vec<String>> = records.iter().map(|r| replay_with_opening(r).0).collect();
    assert_eq!(openings[0].len(), 3);
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
}

test_support::stop_tests!(REFEREE, "yavalath", format!("{BOT} --movetime 10"));

/// Every binary of the crate and every subcommand answers `--help` and `-h` with a usage and
/// exit status 0.
#[test]
fn every_binary_and_subcommand_answers_help() {
    use test_support::help::{
        every_binary_answers_help, every_command_answers_help, SOLVE_COMMANDS,
    };
    let tuner = env!("CARGO_BIN_EXE_yavalath-tune");
    every_binary_answers_help(BOT, SOLVE_COMMANDS, REFEREE, Some(tuner));
    every_command_answers_help(tuner, &[&["lines"], &["proven"], &["book"]]);
}
