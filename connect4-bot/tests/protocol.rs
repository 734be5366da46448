//! Runs the bot binary as the contest does: once per move, in its own directory, with
//! `team_no.txt` and `board.txt` written read-only, and `output.txt` read back.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use connect4::board::{Board, Team};
use connect4::notation::{format_board, parse_move};

const BOT: &str = env!("CARGO_BIN_EXE_connect4-bot");

fn scratch_dir(name: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!(
        "connect4-protocol-{}-{name}-{n}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_read_only(path: &Path, text: &str) {
    if path.exists() {
        fs::remove_file(path).unwrap();
    }
    fs::write(path, text).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o444)).unwrap();
}

/// One call: writes the files, runs `exe` in `dir`, returns the content of `output.txt`.
fn call(exe: &Path, dir: &Path, team: &str, board: &str, args: &[&str]) -> String {
    write_read_only(&dir.join("team_no.txt"), team);
    write_read_only(&dir.join("board.txt"), board);
    let _ = fs::remove_file(dir.join("output.txt"));
    let out = Command::new(exe)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the bot runs");
    assert!(out.status.success(), "exit status {:?}", out.status);
    assert!(
        out.stdout.is_empty(),
        "stdout must stay empty: {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    fs::read_to_string(dir.join("output.txt")).expect("output.txt written")
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
    let mut board = Board::new();
    while board.outcome().is_none() {
        let team = board.to_move();
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
    for dir in &dirs {
        let files = help_files(dir);
        assert!(files.len() <= 5, "{files:?}");
        let stem = exe.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(files.iter().all(|f| f.starts_with(&stem)), "{files:?}");
        let _ = fs::remove_dir_all(dir);
    }
    board
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
        &format_board(&Board::new()),
        &["--movetime", "20"],
    );
    assert!(parse_move(reply.trim()).is_ok());
    assert_eq!(help_files(&game), vec!["Co0023.txt".to_string()]);
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
    let board = Board::new().play(parse_move("5 4").unwrap());
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
fn garbage_input_files_never_crash_the_bot() {
    let dir = scratch_dir("garbage");
    for (team, board) in [
        ("1", "not a board"),
        ("x", &format_board(&Board::new())),
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
    let out = Command::new(BOT).args(["perft", "3"]).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1 35\n2 1225\n3 36015\n"
    );
    let out = Command::new(BOT)
        .args(["bench", "--depth", "3"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().last().unwrap().contains(" nodes "), "{text}");
    let out = Command::new(BOT).args(["--frobnicate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
