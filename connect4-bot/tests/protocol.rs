//! Runs the bot binary as the contest does: once per move, in its own directory, with
//! `team_no.txt` and `board.txt` written read-only, and `output.txt` read back.

use common::game::Board as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use connect4::board::{Board, Team};
use connect4::notation::{format_board, parse_move};
use connect4::state::{Memory, STATE_MAX_AGE};
use support::run_in;
use test_support::process::{bench_nodes, check_bad_command_line, check_perft, write_read_only};

mod support;

const BOT: &str = env!("CARGO_BIN_EXE_connect4-bot");

fn scratch_dir(name: &str) -> PathBuf {
    test_support::process::scratch_dir("connect4-protocol", name)
}

/// One call: writes the files, runs `exe` in `dir`, returns the content of `output.txt`.
fn call(exe: &Path, dir: &Path, team: &str, board: &str, args: &[&str]) -> String {
    write_read_only(&dir.join("team_no.txt"), team);
    write_read_only(&dir.join("board.txt"), board);
    let (reply, stderr) = run_in(exe, dir, args);
    eprintln!("[{}] {stderr}", dir.display());
    reply
}

fn help_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !["team_no.txt", "board.txt", "output.txt"].contains(&n.as_str()))
        .collect();
    names.sort();
    names
}

/// A whole game between two bots, each in its own directory; `disturb` may tamper with a
/// directory before a call (ply number, team, directory).
fn play_game(exe: &Path, args: [&[&str]; 2], disturb: impl Fn(u32, Team, &Path)) -> Board {
    let dirs = [scratch_dir("p1"), scratch_dir("p2")];
    let board = play_game_in(&dirs, exe, args, disturb);
    for dir in &dirs {
        let _ = fs::remove_dir_all(dir);
    }
    board
}

/// A whole game in the given directories (team 1's, team 2's), which keep what earlier games
/// left there; checks the files the bots leave.
fn play_game_in(
    dirs: &[PathBuf; 2],
    exe: &Path,
    args: [&[&str]; 2],
    disturb: impl Fn(u32, Team, &Path),
) -> Board {
    let mut board = Board::start();
    while board.outcome().is_none() {
        let team = board.side_to_move();
        let dir = &dirs[team.index()];
        disturb(board.plies(), team, dir);
        let reply = call(
            exe,
            dir,
            &format!("{}\n", team.number()),
            &format_board(&board),
            args[team.index()],
        );
        let line = reply.trim();
        assert_eq!(reply, format!("{line}\n"), "one line");
        let m = parse_move(line).unwrap_or_else(|e| panic!("ply {}: {e}", board.plies()));
        board = board
            .try_play(m)
            .unwrap_or_else(|e| panic!("ply {} {m}: {e}\n{board}", board.plies()));
    }
    for dir in dirs {
        let files = help_files(dir);
        assert!(files.len() <= 5, "{files:?}");
        let stem = exe.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(files.iter().all(|f| f.starts_with(&stem)), "{files:?}");
    }
    board
}

#[test]
fn two_whole_games_in_the_same_directory_for_each_team() {
    // Each directory starts with the help file of a short old game in which the bot spent
    // powers, and whose position one more move could turn into the new game's first board.
    let old_games = [(Team::One, "2 1,5 4,4 4"), (Team::Two, "5 4,4 4,5 4,2 4")];
    for (team, old_moves) in old_games {
        let dirs = [scratch_dir("reused-p1"), scratch_dir("reused-p2")];
        let mut old = Board::start();
        for m in old_moves.split(',') {
            old = old.play(parse_move(m).unwrap());
        }
        let memory = Memory {
            team,
            board: old,
            dual_in_doubt: false,
        };
        let help_file = dirs[team.index()].join("connect4-bot.txt");
        fs::write(&help_file, memory.to_text()).unwrap();
        // Left by an earlier game: older than the previous move of a game in progress can be.
        age_file(&help_file, STATE_MAX_AGE.as_secs() + 60);
        let bot: &[&str] = &["--movetime", "30"];
        let random: &[&str] = &["--engine", "random", "--seed", "5"];
        let args = if team == Team::One {
            [bot, random]
        } else {
            [random, bot]
        };
        // Right after its first move of each game, the bot's state is that of a new game: one
        // move made, and no power spent but the one that move used.
        let first_reply_checked = std::cell::Cell::new(0);
        let check_new_game = |ply: u32, mover: Team, dir: &Path| {
            if mover == team && ply == team.index() as u32 + 2 {
                let text = fs::read_to_string(dir.join("connect4-bot.txt")).unwrap();
                let saved = Memory::parse(&text).unwrap().board;
                let output = fs::read_to_string(dir.join("output.txt")).unwrap();
                let first = parse_move(output.trim()).unwrap();
                assert_eq!(saved.moves_made(team), 1, "{text}");
                assert_eq!(saved.used(team), first.kind.power_bit(), "{text}");
                first_reply_checked.set(first_reply_checked.get() + 1);
            }
        };
        for _ in 0..2 {
            play_game_in(&dirs, Path::new(BOT), args, check_new_game);
        }
        assert_eq!(first_reply_checked.get(), 2, "{team}");
        for dir in &dirs {
            let _ = fs::remove_dir_all(dir);
        }
    }
}

#[test]
fn a_whole_game_between_two_bots_in_their_directories() {
    let fast: &[&str] = &["--movetime", "40"];
    let random: &[&str] = &["--engine", "random", "--seed", "3"];
    play_game(Path::new(BOT), [fast, random], |_, _, _| {});
    play_game(Path::new(BOT), [random, fast], |_, _, _| {});
}

#[test]
fn the_help_file_is_named_with_the_team_id() {
    let dir = scratch_dir("teamid");
    let exe = dir.join("Co0023");
    fs::copy(BOT, &exe).unwrap();
    let game = scratch_dir("teamid-game");
    let reply = call(
        &exe,
        &game,
        "1",
        &format_board(&Board::start()),
        &["--movetime", "20"],
    );
    assert!(parse_move(reply.trim()).is_ok());
    // The help file and its backup, both named with the team id.
    assert_eq!(
        help_files(&game),
        vec!["Co0023.bak".to_string(), "Co0023.txt".to_string()]
    );
    // A whole game with the renamed binary.
    play_game(
        &exe,
        [&["--engine", "greedy"], &["--engine", "random"]],
        |_, _, _| {},
    );
    let _ = fs::remove_dir_all(dir);
    let _ = fs::remove_dir_all(game);
}

#[test]
fn deleted_or_corrupted_state_still_gives_legal_moves() {
    let args: &[&str] = &["--movetime", "30"];
    for seed in ["1", "2"] {
        let random: &[&str] = &["--engine", "random", "--seed", seed];
        // The bot's help file disappears before some of its calls.
        play_game(Path::new(BOT), [args, random], |ply, team, dir| {
            if team == Team::One && ply % 6 == 2 {
                let _ = fs::remove_file(dir.join("connect4-bot.txt"));
            }
        });
        // Or is overwritten with garbage.
        play_game(Path::new(BOT), [random, args], |ply, team, dir| {
            if team == Team::Two && ply % 4 == 1 {
                fs::write(dir.join("connect4-bot.txt"), "nonsense\n1 2 3").unwrap();
            }
        });
    }
}

#[test]
fn crlf_and_extra_spaces_in_the_input_files_are_accepted() {
    let dir = scratch_dir("crlf");
    let board = Board::start().play(parse_move("5 4").unwrap());
    let text = format_board(&board)
        .replace(' ', "  \t")
        .replace('\n', "\r\n");
    let reply = call(
        Path::new(BOT),
        &dir,
        " 2 \r\n",
        &format!("\r\n{text}  "),
        &["--movetime", "20"],
    );
    let m = parse_move(reply.trim()).unwrap();
    assert!(board.is_legal(m));
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_byte_order_mark_in_the_input_files_is_read_as_white_space() {
    // A game master on Windows may write EF BB BF at the start of each file.
    let dir = scratch_dir("bom");
    let board = Board::start().play(parse_move("5 3").unwrap());
    write_read_only(&dir.join("team_no.txt"), "\u{FEFF}2\r\n");
    write_read_only(
        &dir.join("board.txt"),
        &format!("\u{FEFF}{}", format_board(&board)),
    );
    let (reply, stderr) = run_in(Path::new(BOT), &dir, &["--movetime", "20"]);
    assert!(!stderr.contains("warning"), "{stderr}");
    let m = parse_move(reply.trim()).unwrap();
    let text = fs::read_to_string(dir.join("connect4-bot.txt")).unwrap();
    let memory = Memory::parse(&text).unwrap();
    assert_eq!((memory.team, memory.board), (Team::Two, board.play(m)));
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn garbage_input_files_never_crash_the_bot() {
    let dir = scratch_dir("garbage");
    for (team, board) in [
        ("1", "not a board"),
        ("x", &format_board(&Board::start())),
        ("", ""),
        (
            "2",
            "1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 7",
        ),
    ] {
        let reply = call(Path::new(BOT), &dir, team, board, &["--movetime", "20"]);
        assert!(parse_move(reply.trim()).is_ok(), "{reply:?}");
    }
    // Missing files altogether.
    let empty = scratch_dir("missing");
    let out = Command::new(BOT)
        .args(["--movetime", "20"])
        .current_dir(&empty)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    let _ = fs::remove_dir_all(dir);
    let _ = fs::remove_dir_all(empty);
}

#[test]
fn perft_and_bench_subcommands() {
    check_perft(BOT, 3, "1 35\n2 1225\n3 36015\n");
    bench_nodes(BOT, 3);
    check_bad_command_line(BOT, &["--frobnicate"]);
}

/// Sets the modification time of `path` to `seconds` ago.
fn age_file(path: &Path, seconds: u64) {
    let status = Command::new("touch")
        .arg("-d")
        .arg(format!("-{seconds} seconds"))
        .arg(path)
        .status()
        .expect("touch runs");
    assert!(status.success());
}

/// A file of `bytes` bytes: `unit` repeated, cut to size.
fn huge_file(path: &Path, unit: &str, bytes: usize) {
    if path.exists() {
        fs::remove_file(path).unwrap();
    }
    let text: String = unit.repeat(bytes / unit.len() + 1);
    fs::write(path, &text.as_bytes()[..bytes]).unwrap();
}

/// Runs the bot once in `dir` and returns its peak resident memory in bytes (from
/// `/usr/bin/time`, else the highest `VmHWM` seen while polling) and its stderr.
fn run_measured(dir: &Path, args: &[&str]) -> (u64, String) {
    let time = Path::new("/usr/bin/time");
    if time.exists() {
        let report = dir.join("time.report");
        let out = Command::new(time)
            .arg("-f")
            .arg("%M")
            .arg("-o")
            .arg(&report)
            .arg(BOT)
            .args(args)
            .current_dir(dir)
            .output()
            .expect("the bot runs");
        assert!(out.status.success(), "exit status {:?}", out.status);
        assert!(out.stdout.is_empty());
        let kb: u64 = fs::read_to_string(&report).unwrap().trim().parse().unwrap();
        let _ = fs::remove_file(report);
        return (kb * 1024, String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let mut child = Command::new(BOT)
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the bot runs");
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Ok(status) = fs::read_to_string(&status_path) {
            for line in status.lines().filter(|l| l.starts_with("VmHWM:")) {
                let kb: u64 = line[6..]
                    .trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse()
                    .unwrap();
                peak = peak.max(kb * 1024);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    (peak, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn twenty_megabyte_input_files_are_refused_within_the_memory_cap() {
    const HUGE: usize = 20 << 20;
    const CAP: u64 = 20 << 20;
    let board = Board::start().play(parse_move("5 4").unwrap());
    let cases: [(&str, &str, &str); 4] = [
        ("board.txt", "0 ", "1\n"),
        ("board.txt", "1", "1\n"),
        ("team_no.txt", "2 ", ""),
        ("connect4-bot.txt", "connect4-bot state v1\n", "2\n"),
    ];
    for (file, unit, team) in cases {
        let dir = scratch_dir("huge");
        write_read_only(
            &dir.join("team_no.txt"),
            if team.is_empty() { "2\n" } else { team },
        );
        write_read_only(&dir.join("board.txt"), &format_board(&board));
        huge_file(&dir.join(file), unit, HUGE);
        let (peak, stderr) = run_measured(&dir, &["--movetime", "50"]);
        assert!(peak < CAP, "{file}: peak memory {peak} bytes");
        assert!(
            stderr.len() < 4096 + 200,
            "{file}: {} bytes of stderr",
            stderr.len()
        );
        let reply = fs::read_to_string(dir.join("output.txt")).expect("output.txt written");
        let m = parse_move(reply.trim()).unwrap();
        let team = if file == "board.txt" {
            Team::One
        } else {
            Team::Two
        };
        if file != "board.txt" {
            assert!(board.is_legal(m), "{file}: {m}");
        } else {
            assert!(Board::start().is_legal(m), "{file}: {m}");
        }
        assert!(
            stderr.contains("warning"),
            "{file}: the refusal is logged: {stderr}"
        );
        // The help file is back to its size after a 20 MB one.
        let help = fs::metadata(dir.join("connect4-bot.txt")).unwrap().len();
        assert!(help < 4096, "{team}: help file of {help} bytes");
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn opening_plies_vary_the_game_by_seed_and_replay_it_by_seed() {
    let game = |seed: &str| {
        let args: &[&str] = &["--depth", "4", "--opening-plies", "3", "--seed", seed];
        play_game(Path::new(BOT), [args, args], |_, _, _| {})
    };
    let first = game("1");
    assert_eq!(game("1"), first, "the same seed plays the same game");
    let varied = ["2", "3", "4", "5"].iter().any(|seed| game(seed) != first);
    assert!(varied, "different seeds vary the opening");
}

#[test]
fn an_opponent_move_our_rules_reject_still_gets_a_legal_reply_at_once() {
    let saved = Board::start()
        .play(parse_move("5 4").unwrap())
        .play(parse_move("1 4").unwrap())
        .play(parse_move("5 3").unwrap())
        .play(parse_move("5 5").unwrap())
        .play(parse_move("5 4").unwrap());
    // The judge lets team 2 clear a row a second time; or sends a board no move explains.
    let rejected = saved.play(parse_move("1 1").unwrap());
    // Two more discs than the saved board: no single move explains them.
    let unexplained = saved
        .play(parse_move("5 1").unwrap())
        .play(parse_move("5 7").unwrap());
    for (truth, expected) in [(rejected, "applied as given"), (unexplained, "board alone")] {
        let dir = scratch_dir("rejected");
        let memory = Memory {
            team: Team::One,
            board: saved,
            dual_in_doubt: false,
        };
        fs::write(dir.join("connect4-bot.txt"), memory.to_text()).unwrap();
        write_read_only(&dir.join("team_no.txt"), "1\n");
        write_read_only(&dir.join("board.txt"), &format_board(&truth));
        let (reply, stderr) = run_in(Path::new(BOT), &dir, &["--movetime", "30"]);
        assert!(
            stderr.contains("warning") && stderr.contains(expected),
            "{stderr}"
        );
        let m = parse_move(reply.trim()).unwrap();
        // Legal for team 1 on the judge's board, with the powers team 1 really holds.
        let judged = Board::from_parts(
            [truth.discs(Team::One), truth.discs(Team::Two)],
            Team::One,
            [saved.used(Team::One), truth.used(Team::Two)],
            [saved.moves_made(Team::One), truth.moves_made(Team::Two)],
        )
        .unwrap();
        assert!(judged.is_legal(m), "{m}\n{stderr}");
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn input_files_that_are_pipes_do_not_block_the_call() {
    // Opening a pipe for reading waits for a writer: the bot must not open one.
    for file in ["board.txt", "team_no.txt", "connect4-bot.txt"] {
        let dir = scratch_dir("fifo");
        write_read_only(&dir.join("team_no.txt"), "1\n");
        write_read_only(&dir.join("board.txt"), &format_board(&Board::start()));
        let _ = fs::remove_file(dir.join(file));
        let made = Command::new("mkfifo").arg(dir.join(file)).status().unwrap();
        assert!(made.success());
        let mut child = Command::new(BOT)
            .args(["--movetime", "20"])
            .current_dir(&dir)
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > std::time::Duration::from_secs(10) {
                let _ = child.kill();
                panic!("{file}: the call blocked on a pipe");
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let reply = fs::read_to_string(dir.join("output.txt")).expect("output.txt written");
        assert!(parse_move(reply.trim()).is_ok(), "{file}: {reply:?}");
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn a_help_file_that_is_a_directory_leaves_the_other_saved_and_the_game_followed() {
    for (blocked, other) in [
        ("connect4-bot.txt", "connect4-bot.bak"),
        ("connect4-bot.bak", "connect4-bot.txt"),
    ] {
        let dir = scratch_dir("blocked");
        fs::create_dir(dir.join(blocked)).unwrap();
        write_read_only(&dir.join("team_no.txt"), "1\n");
        write_read_only(&dir.join("board.txt"), &format_board(&Board::start()));
        let (reply, stderr) = run_in(Path::new(BOT), &dir, &["--movetime", "20"]);
        let ours = parse_move(reply.trim()).unwrap();
        assert!(
            stderr.contains(&format!("{blocked} not saved")),
            "{blocked}: {stderr}"
        );
        // The other file holds the position after the move, whichever could not be written.
        let text = fs::read_to_string(dir.join(other))
            .unwrap_or_else(|e| panic!("{other} not saved beside a directory {blocked}: {e}"));
        let after = Board::start().play(ours);
        assert_eq!(Memory::parse(&text).unwrap().board, after, "{other}");
        // The next call follows the game from it.
        let theirs = after.legal_moves().as_slice()[0];
        write_read_only(&dir.join("board.txt"), &format_board(&after.play(theirs)));
        let (reply, stderr) = run_in(Path::new(BOT), &dir, &["--movetime", "20"]);
        assert!(after
            .play(theirs)
            .is_legal(parse_move(reply.trim()).unwrap()));
        assert!(stderr.contains("opponent played"), "{blocked}: {stderr}");
        assert!(dir.join(blocked).is_dir(), "a directory is left alone");
        let _ = fs::remove_dir_all(dir);
    }
}

/// The crate docs' `text` blocks, each as the lines a reader copies (without the `//! `).
fn crate_doc_blocks() -> Vec<Vec<String>> {
    let source = include_str!("../src/lib.rs");
    let mut blocks = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in source.lines().filter_map(|l| l.strip_prefix("//!")) {
        let line = line.strip_prefix(' ').unwrap_or(line);
        match (
            &mut current,
            line.trim() == "```" || line.starts_with("```text"),
        ) {
            (None, true) => current = Some(Vec::new()),
            (Some(_), true) => blocks.extend(current.take()),
            (Some(block), false) => block.push(line.to_string()),
            (None, false) => {}
        }
    }
    blocks
}

#[test]
fn the_crate_docs_commands_and_file_examples_copy_as_written() {
    let blocks = crate_doc_blocks();
    for line in blocks.iter().flatten() {
        assert!(
            !line.contains("//!"),
            "a comment marker inside a block: {line}"
        );
    }
    // The game master's example, its continued lines joined as a shell joins them.
    let command = blocks
        .iter()
        .map(|block| block.join("\n").replace("\\\n", " "))
        .find(|text| text.contains("--game-master"))
        .expect("the --game-master example");
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(
        words.join(" "),
        "connect4-referee --game-master --games 20 --record-dir games --html games.html \
         ./Co0023 target/release/connect4-bot"
    );
    // The examples of moves.txt and opponent_move.txt read as the docs explain them: team 1's
    // three moves with its dual disc, the opponent's clear row and dual disc.
    let layout = blocks
        .iter()
        .find(|block| block.iter().any(|l| l.starts_with("moves.txt")))
        .expect("the files' layout");
    let example = |name: &str| {
        let line = layout.iter().find(|l| l.starts_with(name)).unwrap();
        line.split("e.g.").nth(1).unwrap().trim().to_string()
    };
    use connect4::board::DUAL_BIT;
    use connect4::notation::{parse_moves_file, parse_opponent_file};
    assert_eq!(parse_moves_file(&example("moves.txt")), Ok((3, DUAL_BIT)));
    assert_eq!(
        parse_opponent_file(&example("opponent_move.txt")),
        Ok(0b1001)
    );
}

/// Printing to a closed stdout (`connect4-bot --help | head -1`) ends the bot quietly: its usage,
/// perft's counts and bench's lines, with status 0 and no panic.
#[test]
fn printing_to_a_closed_stdout_ends_quietly() {
    test_support::help::bot_ends_quietly_on_a_closed_stdout(
        BOT,
        test_support::help::SOLVE_COMMANDS,
    );
}
