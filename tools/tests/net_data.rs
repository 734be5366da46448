//! The self-play data command's driver (`tools::net_data`) over a toy game whose games are known
//! line by line: the file, the threads, resuming after a kill, refusing a file it did not write,
//! and the options. The games' own commands are tested in their crates.

use common::search::Limits;
use std::path::{Path, PathBuf};
use tools::net_data::{run, DataGame, DataOptions, Effort, GameBlock, GameRecord};

const TOY: DataGame = DataGame {
    name: "toy",
    inputs: 10,
    scale: 100,
    default_nodes: 77,
    max_depth: 9,
};

/// Game `number` of the toy: `number % 4` positions, the score naming the game, the seed and
/// the node limit; the first player wins odd games, the even ones are drawn.
fn toy_game(seed: u64, number: u32, limits: &Limits) -> GameBlock {
    let mut record = GameRecord::default();
    for k in 0..number % 4 {
        let side = k % 2;
        let score = (number * 1000) as i32 + seed as i32 * 10 + (limits.max_nodes % 10) as i32;
        record.keep(side, score, &[k as u16, 9], &[]);
    }
    record.finish(number, (number % 2 == 1).then_some(0))
}

fn options(out: &Path, games: u32, seed: u64, threads: usize) -> DataOptions {
    DataOptions {
        out: out.to_path_buf(),
        games,
        effort: Effort::Nodes(1003),
        seed,
        threads,
    }
}

fn scratch_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tools-net-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// The file's game blocks by number, checking that each game is there once.
fn blocks(path: &Path) -> Vec<(u32, String)> {
    let text = std::fs::read_to_string(path).expect("the file");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("# net-data game=toy inputs=10 scale=100")
    );
    assert!(lines
        .next()
        .is_some_and(|l| l.starts_with("# self-play seed=")));
    let mut found = Vec::new();
    let mut block = String::new();
    for line in lines {
        block.push_str(line);
        block.push('\n');
        if let Some(number) = line.strip_prefix("# game ") {
            found.push((
                number.parse().expect("a number"),
                std::mem::take(&mut block),
            ));
        }
    }
    assert!(block.is_empty(), "a partial block at the end: {block:?}");
    found.sort();
    let numbers: Vec<u32> = found.iter().map(|(n, _)| *n).collect();
    let mut unique = numbers.clone();
    unique.dedup();
    assert_eq!(numbers, unique, "a game twice");
    found
}

#[test]
fn a_run_writes_each_game_once_as_the_game_plays_it_whatever_the_threads() {
    let path = scratch_file("threads.txt");
    let summary = run(&TOY, &options(&path, 9, 2, 3), toy_game).expect("the run");
    assert_eq!(summary.games_before, 0);
    assert_eq!(summary.games_played, 9);
    assert_eq!(
        summary.positions,
        (0..9).map(|n| n % 4).sum::<u32>() as usize
    );
    let found = blocks(&path);
    assert_eq!(found.len(), 9);
    // Game 3 (odd: the first player, side 0, won), seed 2, 1003 nodes; inputs listed, `-` none.
    let (_, game_3) = &found[3];
    assert_eq!(
        game_3,
        "1 3023 0,9 -\n0 3023 1,9 -\n1 3023 2,9 -\n# game 3\n"
    );
    // Game 2 is drawn.
    assert_eq!(found[2].1, "0.5 2023 0,9 -\n0.5 2023 1,9 -\n# game 2\n");
    let one_thread = scratch_file("one-thread.txt");
    run(&TOY, &options(&one_thread, 9, 2, 1), toy_game).expect("the run");
    assert_eq!(blocks(&one_thread), found);
}

#[test]
fn a_second_run_adds_only_the_missing_games_and_replays_a_partial_last_one() {
    let path = scratch_file("resume.txt");
    run(&TOY, &options(&path, 4, 1, 1), toy_game).expect("the run");
    let first = std::fs::read_to_string(&path).expect("the file");
    // The same command again adds nothing.
    let again = run(&TOY, &options(&path, 4, 1, 2), toy_game).expect("the run");
    assert_eq!((again.games_before, again.games_played), (4, 0));
    assert_eq!(std::fs::read_to_string(&path).expect("the file"), first);
    // More games: the first ones kept byte for byte.
    run(&TOY, &options(&path, 7, 1, 2), toy_game).expect("the run");
    let whole = std::fs::read_to_string(&path).expect("the file");
    assert!(whole.starts_with(&first) && whole.len() > first.len());
    assert_eq!(blocks(&path).len(), 7);
    // A kill in the middle of the last block: it is dropped and played again.
    let cut = whole.len() - 5;
    std::fs::write(&path, &whole[..cut]).expect("written");
    let resumed = run(&TOY, &options(&path, 7, 1, 2), toy_game).expect("the run");
    assert_eq!((resumed.games_before, resumed.games_played), (6, 1));
    assert_eq!(blocks(&path), blocks_of(&whole));
}

/// [`blocks`] of a text.
fn blocks_of(text: &str) -> Vec<(u32, String)> {
    let path = scratch_file("text.txt");
    std::fs::write(&path, text).expect("written");
    blocks(&path)
}

#[test]
fn a_file_of_another_run_or_no_data_file_is_refused_and_left_as_it_was() {
    let path = scratch_file("refused.txt");
    run(&TOY, &options(&path, 2, 1, 1), toy_game).expect("the run");
    let written = std::fs::read(&path).expect("the file");
    // Another seed or effort would mix two runs' games.
    let error = run(&TOY, &options(&path, 3, 8, 1), toy_game).expect_err("another seed");
    assert!(error.to_string().contains("seed=1"), "{error}");
    let mut depth = options(&path, 3, 1, 1);
    depth.effort = Effort::Depth(3);
    assert!(run(&TOY, &depth, toy_game).is_err());
    // Another game's file.
    let other = DataGame {
        name: "other",
        ..TOY
    };
    assert!(run(&other, &options(&path, 3, 1, 1), toy_game).is_err());
    assert_eq!(std::fs::read(&path).expect("the file"), written);
    // Files that are not data files: with or without a line's end, and a header cut short.
    for text in [
        "notes\nmore notes\n",
        "a line without its end",
        "# net-data game=to",
    ] {
        let path = scratch_file("not-data.txt");
        std::fs::write(&path, text).expect("written");
        assert!(
            run(&TOY, &options(&path, 3, 1, 1), toy_game).is_err(),
            "{text}"
        );
        assert_eq!(std::fs::read_to_string(&path).expect("the file"), text);
    }
}

fn parse(args: &[&str]) -> Result<Option<DataOptions>, String> {
    DataOptions::parse(&TOY, args.iter().map(|a| a.to_string()))
}

#[test]
fn the_options_have_defaults_and_bad_ones_are_named() {
    let defaults = parse(&["--out", "f"]).expect("valid").expect("options");
    assert_eq!(defaults.effort, Effort::Nodes(77));
    assert_eq!(
        (defaults.games, defaults.seed, defaults.threads),
        (1000, 1, 1)
    );
    assert_eq!(defaults.settings(), "# self-play seed=1 nodes=77");
    let depth = parse(&["--out", "f", "--depth", "4", "--seed", "9", "--games", "5"])
        .expect("valid")
        .expect("options");
    assert_eq!(depth.settings(), "# self-play seed=9 depth=4");
    assert_eq!(depth.effort.limits(TOY.max_depth).max_depth, 4);
    let nodes = Effort::Nodes(500).limits(TOY.max_depth);
    assert_eq!((nodes.max_depth, nodes.max_nodes), (9, 500));
    assert_eq!(parse(&["--help"]), Ok(None));
    assert_eq!(parse(&["--out", "f", "-h"]), Ok(None));
    let refused: [(&[&str], &str); 9] = [
        (&["--games", "3"], "--out FILE is required"),
        (
            &["--out", "f", "--nodes", "5", "--depth", "2"],
            "exclude each other",
        ),
        (&["--out", "f", "--nodes", "0"], "at least 1"),
        (&["--out", "f", "--depth", "0"], "at least 1"),
        (
            &["--out", "f", "--threads", "0"],
            "--threads must be at least 1",
        ),
        (
            &["--out", "f", "--games", "many"],
            "--games: not a valid value: many",
        ),
        (
            &["--out", "f", "--seed", "-1"],
            "--seed: not a valid value: -1",
        ),
        (&["--out", "f", "--fast", "1"], "unknown option --fast"),
        (&["--out"], "--out needs a value"),
    ];
    for (args, error) in refused {
        let message = parse(args).expect_err("refused");
        assert!(message.contains(error), "{args:?}: {message}");
    }
    assert!(TOY.usage().starts_with("usage: toy-tune data --out FILE"));
}
