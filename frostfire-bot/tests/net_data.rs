//! `frostfire-tune data`: a small run writes a well-formed file, and a run on an existing file
//! resumes it (the games already there kept byte for byte, a partial last block replayed).

use frostfire::net_data::SCALE;
use frostfire::net_features::INPUTS;
use frostfire::search::MATE_BOUND;
use std::path::{Path, PathBuf};
use std::process::Command;

const TUNER: &str = env!("CARGO_BIN_EXE_frostfire-tune");

/// A fresh file path in the test's temporary folder.
fn data_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("frostfire-net-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs the data command on `out` with `args`; its exit status and stderr.
fn run(out: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(TUNER)
        .args(["data", "--out"])
        .arg(out)
        .args(["--nodes", "40", "--seed", "5"])
        .args(args)
        .output()
        .expect("the tuner runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Checks the file line by line; returns the game numbers in the order of their blocks.
fn check_file(path: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(path).expect("the file");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(format!("# net-data game=frostfire inputs={INPUTS} scale={SCALE}").as_str())
    );
    let mut games = Vec::new();
    let mut results = Vec::new();
    for line in lines {
        if let Some(number) = line.strip_prefix("# game ") {
            games.push(number.parse().expect("a game number"));
            // One game's results: the winner's positions 1 and the loser's 0, or all drawn.
            assert!(
                results.iter().all(|&r| r == "0.5") || results.iter().all(|&r| r != "0.5"),
                "game {number}: {results:?}"
            );
            results.clear();
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(["1", "0.5", "0"].contains(&fields[0]), "{line}");
        let score: i32 = fields[1].parse().expect("an integer score");
        assert!(score.abs() < MATE_BOUND - 1, "{line}");
        for list in &fields[2..] {
            let inputs: Vec<usize> = list
                .split(',')
                .map(|i| i.parse().expect("an input"))
                .collect();
            assert!(inputs.windows(2).all(|w| w[0] < w[1]), "{line}");
            assert!(inputs.iter().all(|&i| i < INPUTS), "{line}");
        }
        results.push(fields[0]);
    }
    assert!(results.is_empty(), "lines after the last game's end");
    games
}

#[test]
fn a_small_run_writes_a_well_formed_file() {
    let path = data_path("small.txt");
    let (ok, stderr) = run(&path, &["--games", "3", "--threads", "2"]);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("games 3/3"), "{stderr}");
    let mut games = check_file(&path);
    games.sort_unstable();
    assert_eq!(games, [0, 1, 2]);
    let text = std::fs::read_to_string(&path).expect("the file");
    assert!(text.lines().filter(|l| !l.starts_with('#')).count() > 20);
}

#[test]
fn a_second_run_resumes_and_a_partial_last_game_is_played_again() {
    let path = data_path("resume.txt");
    let (ok, stderr) = run(&path, &["--games", "2"]);
    assert!(ok, "{stderr}");
    let first = std::fs::read_to_string(&path).expect("the file");
    // The same command again adds nothing.
    assert!(run(&path, &["--games", "2"]).0);
    assert_eq!(std::fs::read_to_string(&path).expect("the file"), first);
    // More games: the first two kept byte for byte.
    assert!(run(&path, &["--games", "3"]).0);
    let whole = std::fs::read_to_string(&path).expect("the file");
    assert!(whole.starts_with(&first) && whole.len() > first.len());
    assert_eq!(check_file(&path), [0, 1, 2]);
    // A kill in the middle of game 2's block: the block is dropped and played again.
    let cut = first.len() + (whole.len() - first.len()) / 2;
    std::fs::write(&path, &whole[..cut]).expect("written");
    assert!(run(&path, &["--games", "3"]).0);
    assert_eq!(std::fs::read_to_string(&path).expect("the file"), whole);
    // Another seed would mix games of two runs: refused.
    let output = Command::new(TUNER)
        .args(["data", "--out"])
        .arg(&path)
        .args(["--nodes", "40", "--seed", "6", "--games", "4"])
        .output()
        .expect("the tuner runs");
    assert!(!output.status.success());
    assert_eq!(std::fs::read_to_string(&path).expect("the file"), whole);
}
