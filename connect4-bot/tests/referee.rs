//! The referee runs whole games between our bots (file-based calls) and writes the records.

use std::fs;
use std::process::Command;

use common::referee::{Fault, Input, RefereeGame, Seat};
use connect4::board::{Board, Team};
use connect4::notation::parse_move;
use connect4::referee::Connect4Referee;

const REFEREE: &str = env!("CARGO_BIN_EXE_connect4-referee");
const BOT: &str = env!("CARGO_BIN_EXE_connect4-bot");

#[test]
fn the_referee_plays_full_games_and_records_them() {
    let dir = std::env::temp_dir().join(format!("connect4-referee-test-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let out = Command::new(REFEREE)
        .args(["--games", "2", "--record-dir"])
        .arg(&dir)
        .arg(format!("{BOT} --engine greedy"))
        .arg(format!("{BOT} --engine random --seed {{seed}}"))
        .output()
        .expect("the referee runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let summary = text.lines().last().unwrap();
    assert!(summary.starts_with("summary: games=2 "), "{text}");
    assert!(text.contains("faults=0; B"), "{text}");
    for game in 1..=2 {
        let record = fs::read_to_string(dir.join(format!("game-{game}.txt"))).unwrap();
        let mut lines = record.lines();
        assert_eq!(lines.next(), Some("# connect4"));
        // Replay the record with the library.
        let mut board = Board::new();
        for line in lines.filter(|l| !l.starts_with('#')) {
            let (seat, reply) = line.split_once(' ').unwrap();
            assert_eq!(seat, board.to_move().number().to_string());
            board = board.try_play(parse_move(reply).unwrap()).unwrap();
        }
        assert!(board.outcome().is_some(), "game {game} ended by the rules");
        let result = record.lines().last().unwrap();
        assert!(result.starts_with("# result: "), "{result}");
        // The bots' working directories are kept, with their help files.
        let p1 = dir.join(format!("game-{game}-p1"));
        assert!(p1.join("board.txt").exists());
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_bot_that_writes_garbage_or_an_illegal_move_loses() {
    let dir = std::env::temp_dir().join(format!("connect4-referee-faults-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (command, expected) in [
        ("echo hello > output.txt", "malformed move"),
        ("echo '2 9' > output.txt", "malformed move"),
        ("true", "p1"),
        ("sleep 3", "timeout"),
    ] {
        let out = Command::new(REFEREE)
            .args(["--games", "1", "--movetime-ms", "500"])
            .arg(command)
            .arg(format!("{BOT} --engine random"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("winner=B"), "{command}: {text}");
        assert!(text.contains(expected), "{command}: {text}");
    }
    // A well-formed but illegal move: a second clear-row disc.
    let script = dir.join("twice.sh");
    fs::write(&script, "echo '1 1' > output.txt\n").unwrap();
    let out = Command::new(REFEREE)
        .args(["--games", "1"])
        .arg(format!("sh {}", script.display()))
        .arg(format!("{BOT} --engine random"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("illegal move") && text.contains("winner=B"),
        "{text}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn the_referee_game_gives_the_files_and_judges_replies() {
    let mut game = Connect4Referee::new();
    assert_eq!(game.to_move(), Seat::First);
    let Input::Files { files, reply_file } = game.input(Seat::First) else {
        panic!("file transport")
    };
    assert_eq!(reply_file, "output.txt");
    assert_eq!(files[0], ("team_no.txt".to_string(), "1\n".to_string()));
    assert_eq!(files[1].0, "board.txt");
    assert_eq!(files[1].1.split_whitespace().count(), 42);
    assert!(matches!(game.play("9 9"), Err(Fault::Malformed(_))));
    assert!(matches!(game.play("hello"), Err(Fault::Malformed(_))));
    assert_eq!(game.play("2 4"), Ok(None));
    assert_eq!(game.play("5 4"), Ok(None));
    assert!(
        matches!(game.play("2 1"), Err(Fault::Illegal(_))),
        "clear column used already"
    );
    assert_eq!(game.plies(), 2);
    assert_eq!(game.board().to_move(), Team::One);
    assert!(game.render().contains("1 2 3 4 5 6 7"));
    let Input::Files { files, .. } = game.input(Seat::First) else {
        panic!()
    };
    assert!(files[1].1.starts_with("0 0 0 2 0 0 0"), "{}", files[1].1);
}
