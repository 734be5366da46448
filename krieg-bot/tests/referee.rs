//! The referee on full games and against players that misbehave in every way it must catch.

use krieg::board::{Board, Outcome, Side};
use krieg::notation::parse_move;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

const REFEREE: &str = env!("CARGO_BIN_EXE_krieg-referee");
const BOT: &str = env!("CARGO_BIN_EXE_krieg-bot");

struct Run {
    stdout: String,
    took: Duration,
}

fn referee(args: &[&str]) -> Run {
    let started = Instant::now();
    let out = Command::new(REFEREE)
        .args(args)
        .output()
        .expect("the referee runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        took: started.elapsed(),
    }
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("krieg-referee-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Plays game 1 with `bad` as Player 1 against our bot at `movetime_ms`; returns game 1's line.
fn against_bad_player(bad: &str, movetime_ms: u64) -> (String, Duration) {
    let ours = format!("{BOT} --movetime 20");
    let run = referee(&["--movetime-ms", &movetime_ms.to_string(), bad, &ours]);
    let line = run.stdout.lines().next().unwrap().to_string();
    assert!(line.contains("winner=B (p2)"), "{line}");
    assert!(run
        .stdout
        .lines()
        .last()
        .unwrap()
        .starts_with("summary: games=1 a_wins=0 draws=0 b_wins=1 "));
    (line, run.took)
}

#[test]
fn garbage_loses_as_a_malformed_move() {
    let (line, _) = against_bad_player("read id; echo 'hello there'; sleep 5", 2000);
    assert!(
        line.contains("malformed move: p1 printed 'hello there'"),
        "{line}"
    );
}

#[test]
fn an_illegal_move_loses_and_is_reported_apart() {
    let (line, _) = against_bad_player("read id; echo '0 0 4 4'; sleep 5", 2000);
    assert!(
        line.contains("illegal move: p1 printed '0 0 4 4'"),
        "{line}"
    );
}

#[test]
fn a_late_reply_loses_on_time() {
    let (line, took) = against_bad_player("read id; sleep 5; echo '1 0 2 1'", 300);
    assert!(
        line.contains("timeout: p1 gave no reply within 300 ms"),
        "{line}"
    );
    assert!(took < Duration::from_millis(300 + 1500), "took {took:?}");
}

#[test]
fn exiting_at_once_loses() {
    let (line, took) = against_bad_player("exit 0", 2000);
    assert!(line.contains("p1 exited"), "{line}");
    assert!(took < Duration::from_secs(2), "took {took:?}");
}

#[test]
fn a_flood_without_newline_cannot_exhaust_the_referee() {
    let (line, took) = against_bad_player("read id; cat /dev/zero", 2000);
    assert!(line.contains("printed a line over 4096 bytes"), "{line}");
    assert!(took < Duration::from_secs(3), "took {took:?}");
}

#[test]
fn a_flood_of_lines_loses_on_the_first_one() {
    let (line, _) = against_bad_player("read id; yes", 2000);
    assert!(line.contains("malformed move: p1 printed 'y'"), "{line}");
}

#[test]
fn memory_over_the_cap_loses() {
    // awk doubles a string to 64 MB, far over the 20 MB cap, then waits.
    let hog = "awk 'BEGIN { s = \"x\"; while (length(s) < 64 * 1024 * 1024) s = s s; system(\"sleep 5\") }'";
    let (line, took) = against_bad_player(hog, 2000);
    assert!(line.contains("memory: p1 used"), "{line}");
    assert!(took < Duration::from_secs(4), "took {took:?}");
}

fn processes_with(marker: &str) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .chars()
                .all(|c| c.is_ascii_digit())
        })
        .filter(|e| {
            std::fs::read(e.path().join("cmdline"))
                .map(|c| {
                    String::from_utf8_lossy(&c)
                        .replace('\0', " ")
                        .contains(marker)
                })
                .unwrap_or(false)
        })
        .count()
}

#[test]
fn no_process_is_left_behind() {
    // A player that starts a long-lived child, then plays properly; and one that hangs.
    let marker = "7341.25";
    let leaky = format!("sleep {marker} & {BOT} --movetime 20");
    let hanging = format!("(sleep {marker}; echo late) & read id; sleep {marker}");
    let run = referee(&[
        "--games",
        "2",
        "--movetime-ms",
        "500",
        &leaky,
        &format!("{BOT} --movetime 20"),
    ]);
    assert!(run.stdout.contains("summary: games=2 "), "{}", run.stdout);
    let run = referee(&["--movetime-ms", "300", &hanging, BOT]);
    assert!(run.stdout.contains("timeout"), "{}", run.stdout);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(processes_with(marker), 0, "children of players were killed");
}

#[test]
fn full_games_are_recorded_and_replay_legally() {
    let dir = scratch_dir("records");
    let a = format!("{BOT} --movetime 20");
    let b = format!("{BOT} --engine random --seed {{seed}}");
    let run = referee(&[
        "--games",
        "2",
        "--record-dir",
        dir.to_str().unwrap(),
        "--seed",
        "3",
        &a,
        &b,
    ]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    assert!(lines[0].starts_with("game 1: p1=A p2=B winner="));
    assert!(lines[1].starts_with("game 2: p1=B p2=A winner="));
    assert!(lines[2].starts_with("players: A slowest="));
    assert!(lines[2].contains("; first replies: A=") && lines[2].contains("; later replies: A="));
    let summary = lines[3];
    assert!(summary.starts_with("summary: games=2 a_wins="), "{summary}");
    assert!(
        summary.contains(" elo=") && summary.contains(" ci95="),
        "{summary}"
    );

    for game in 1..=2 {
        let text = std::fs::read_to_string(dir.join(format!("game-{game}.txt"))).unwrap();
        let record: Vec<&str> = text.lines().collect();
        assert_eq!(record[0], "# krieg");
        let (p1, p2) = if game == 1 { (&a, &b) } else { (&b, &a) };
        assert_eq!(
            record[1],
            format!("# p1: {}", p1.replace("{seed}", &(3 + game).to_string()))
        );
        assert_eq!(
            record[2],
            format!("# p2: {}", p2.replace("{seed}", &(3 + game).to_string()))
        );
        let mut board = Board::start();
        for ply in &record[3..record.len() - 1] {
            let (seat, mv) = ply.split_once(' ').unwrap();
            let expected_seat = if board.side_to_move() == Side::Sentinel {
                "1"
            } else {
                "2"
            };
            assert_eq!(seat, expected_seat);
            board = board.try_play(parse_move(mv).unwrap()).unwrap();
        }
        let result = record.last().unwrap();
        let expected = match board.outcome().expect("the record ends the game") {
            Outcome::Win {
                winner: Side::Sentinel,
                ..
            } => "# result: p1 ",
            Outcome::Win {
                winner: Side::Scourge,
                ..
            } => "# result: p2 ",
            Outcome::Draw => "# result: draw ",
        };
        assert!(result.starts_with(expected), "{result}");
        assert!(dir.join(format!("game-{game}-p1.stderr")).exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn show_draws_the_board_after_every_ply() {
    let run = referee(&[
        "--show",
        &format!("{BOT} --movetime 10"),
        &format!("{BOT} --engine greedy"),
    ]);
    assert!(run.stdout.contains("ply 1: p1 "));
    assert!(run.stdout.contains("    0 1 2 3 4"));
}

#[test]
fn bad_referee_command_lines_exit_with_status_2() {
    let out = Command::new(REFEREE)
        .arg("only-one-player")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected two player commands"));
    let out = Command::new(REFEREE).arg("--help").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--record-dir"));
}
