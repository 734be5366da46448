//! The check every game's self-play data command passes (`GAME-tune data`, over
//! [`tools::net_data`], whose options and resuming are tested once in `tools`).

use crate::process::{output_within, scratch_dir};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tools::net_data::DataGame;

/// The longest a small run may take (a few games of 40 nodes a move take well under a second).
const RUN_LIMIT: Duration = Duration::from_secs(120);

/// Runs `tuner data --out OUT --nodes 40 --seed 5 --games 3 --threads THREADS`; its stderr.
fn small_run(tuner: &str, out: &Path, threads: &str) -> String {
    let output = output_within(
        Command::new(tuner)
            .args(["data", "--out"])
            .arg(out)
            .args(["--nodes", "40", "--seed", "5", "--games", "3"])
            .args(["--threads", threads]),
        RUN_LIMIT,
    );
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    stderr
}

/// The game's data command (`tuner`, the game's `GAME-tune`) writes a file of `data`'s header
/// whose lines are well formed (a result, a score within ±`score_bound`, two ascending lists of
/// inputs below `data.inputs`), whose games have one result each (the winner's positions 1 and
/// the loser's 0, or all drawn), and whose games are the same whatever the threads that played
/// them.
pub fn check_data_command(tuner: &str, data: &DataGame, score_bound: i32) {
    let dir = scratch_dir(data.name, "net-data");
    let two_threads = dir.join("two.txt");
    let stderr = small_run(tuner, &two_threads, "2");
    assert!(stderr.contains("games 3/3"), "{stderr}");
    let mut blocks = check_file(&two_threads, data, score_bound);
    let one_thread = dir.join("one.txt");
    small_run(tuner, &one_thread, "1");
    let mut in_order = check_file(&one_thread, data, score_bound);
    blocks.sort();
    in_order.sort();
    assert_eq!(blocks, in_order, "the threads changed the games");
    let positions: usize = blocks.iter().map(|(_, lines)| lines.len()).sum();
    assert!(positions > 20, "{positions} positions in 3 games");
    let _ = std::fs::remove_dir_all(dir);
}

/// Checks the file line by line; returns its games' blocks (number, position lines) in the
/// file's order.
fn check_file(path: &Path, data: &DataGame, score_bound: i32) -> Vec<(u32, Vec<String>)> {
    let text = std::fs::read_to_string(path).expect("the data file");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(data.header().as_str()));
    assert_eq!(lines.next(), Some("# self-play seed=5 nodes=40"));
    let mut blocks = Vec::new();
    let mut block = Vec::new();
    for line in lines {
        if let Some(number) = line.strip_prefix("# game ") {
            let results: Vec<&str> = block
                .iter()
                .map(|l: &String| l.split(' ').next().unwrap_or_default())
                .collect();
            assert!(
                results.iter().all(|&r| r == "0.5") || results.iter().all(|&r| r != "0.5"),
                "game {number}: {results:?}"
            );
            blocks.push((number.parse().expect("a game number"), block));
            block = Vec::new();
            continue;
        }
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(["1", "0.5", "0"].contains(&fields[0]), "{line}");
        let score: i32 = fields[1].parse().expect("an integer score");
        assert!(score.abs() < score_bound, "{line}");
        for list in fields[2..].iter().filter(|&&list| list != "-") {
            let inputs: Vec<usize> = list
                .split(',')
                .map(|i| i.parse().expect("an input"))
                .collect();
            assert!(inputs.windows(2).all(|w| w[0] < w[1]), "{line}");
            assert!(inputs.iter().all(|&i| i < data.inputs), "{line}");
        }
        block.push(line.to_string());
    }
    assert!(block.is_empty(), "lines after the last game's end");
    blocks
}
