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

/// Plays one game of `p1` against our random bot; returns the game's line.
fn one_game_against_random(p1: &str) -> String {
    let out = Command::new(REFEREE)
        .args(["--games", "1", "--movetime-ms", "1000"])
        .arg(p1)
        .arg(format!("{BOT} --engine random --seed 3"))
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn output_txt_may_spread_its_two_integers_over_any_white_space() {
    // Plays normal discs in columns 1, 2, ... 7, 1, ..., written with a newline, two spaces or a
    // tab between the integers, counting its calls in a help file of its own.
    for separator in ["\\n", "  ", "\\t", " \\r\\n "] {
        let player = format!(
            "n=$(cat p1.txt 2>/dev/null || echo 0); echo $((n+1)) > p1.txt; \
             printf ' 5{separator}%d\\n' $((n % 7 + 1)) > output.txt"
        );
        let line = one_game_against_random(&player);
        assert!(!line.contains("malformed move: p1"), "{separator}: {line}");
        let plies: u32 = line
            .split("plies=")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(plies >= 3, "{separator}: {line}");
    }
    // Anything else is still malformed.
    for content in ["5,4", "5 4 4", "5", "five four"] {
        let line = one_game_against_random(&format!("echo '{content}' > output.txt"));
        assert!(line.contains("malformed move: p1"), "{content}: {line}");
    }
}

#[test]
fn a_team_keeping_more_than_five_help_files_loses() {
    let five = "mkdir -p p1dir; touch p1a p1b p1c p1dir/d p1dir/e; echo '5 4' > output.txt";
    let line = one_game_against_random(five);
    assert!(!line.contains("help files"), "{line}");
    let six = "mkdir -p p1dir; touch p1a p1b p1c p1dir/d p1dir/e p1dir/f; echo '5 4' > output.txt";
    let line = one_game_against_random(six);
    assert!(
        line.contains(
            "winner=B (p2) reason=\"help files: p1 kept 6 files of its own, over the 5 allowed\""
        ),
        "{line}"
    );
}
