//! The bot binary, started as the contest starts it.

use krieg::board::{Board, Side};
use krieg::notation::parse_move;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const BOT: &str = env!("CARGO_BIN_EXE_krieg-bot");

struct Bot {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Bot {
    fn start(args: &[&str]) -> Bot {
        let mut child = Command::new(BOT)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the bot starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Bot {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    fn read_line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "a whole line: {line:?}");
        line.trim_end_matches('\n').to_string()
    }

    /// Closes stdin and returns the exit status and whatever else was printed.
    fn finish(mut self) -> (i32, String) {
        drop(self.stdin.take());
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut self.stdout, &mut rest);
        let status = self.child.wait().unwrap();
        (status.code().unwrap_or(-1), rest)
    }
}

/// Plays our bot against the first legal move of each position, checking every reply.
fn play_game(seat_line: &str, our_side: Side, decorate: fn(&str) -> String) {
    let mut bot = Bot::start(&["--movetime", "30"]);
    bot.send(&decorate(seat_line));
    let mut board = Board::start();
    for _ in 0..200 {
        if board.outcome().is_some() {
            break;
        }
        if board.side_to_move() == our_side {
            let line = bot.read_line();
            let mv = parse_move(&line).unwrap_or_else(|e| panic!("bad reply {line:?}: {e}"));
            board = board
                .try_play(mv)
                .unwrap_or_else(|e| panic!("illegal reply {line}: {e}"));
        } else {
            let mv = board.legal_moves().as_slice()[0];
            board = board.play(mv);
            bot.send(&decorate(&mv.to_string()));
        }
    }
    assert!(board.outcome().is_some(), "the game ended");
    let (status, rest) = bot.finish();
    assert_eq!(status, 0);
    assert_eq!(rest, "", "nothing but moves on stdout");
}

#[test]
fn plays_a_whole_game_as_sentinel() {
    play_game("1", Side::Sentinel, |l| format!("{l}\n"));
}

#[test]
fn plays_a_whole_game_as_scourge() {
    play_game("0", Side::Scourge, |l| format!("{l}\n"));
}

#[test]
fn accepts_2_for_scourge() {
    play_game("2", Side::Scourge, |l| format!("{l}\n"));
}

#[test]
fn survives_crlf_extra_spaces_and_blank_lines() {
    play_game("1", Side::Sentinel, |l| {
        format!("\r\n  {}  \r\n\n", l.replace(' ', "   "))
    });
    play_game("0", Side::Scourge, |l| format!("{}\t\r\n", l));
}

#[test]
fn exits_quietly_on_end_of_input() {
    let bot = Bot::start(&[]);
    let (status, out) = bot.finish();
    assert_eq!((status, out.as_str()), (0, ""));
    let mut bot = Bot::start(&[]);
    bot.send("0\n");
    let (status, out) = bot.finish();
    assert_eq!((status, out.as_str()), (0, ""));
}

#[test]
fn garbage_is_skipped_and_never_answered() {
    let mut bot = Bot::start(&["--movetime", "30"]);
    bot.send("hello\n0\n9 9 9 9\nA4 B5\n1 0 2 1 extra\n");
    // None of those is a move: the bot still waits for Sentinel's move.
    bot.send("1 0 2 1\n");
    let line = bot.read_line();
    let board = Board::start()
        .try_play(parse_move("1 0 2 1").unwrap())
        .unwrap();
    assert!(board.try_play(parse_move(&line).unwrap()).is_ok(), "{line}");
    let (status, rest) = bot.finish();
    assert_eq!((status, rest.as_str()), (0, ""));
}

#[test]
fn perft_and_bench_subcommands() {
    let out = Command::new(BOT).args(["perft", "3"]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 8\n2 50\n3 368\n");
    let out = Command::new(BOT)
        .args(["bench", "--depth", "4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let last = text.lines().last().unwrap().to_string();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(
        (words.len(), words[1], words[3]),
        (4, "nodes", "nps"),
        "{last}"
    );
    let again = Command::new(BOT)
        .args(["bench", "--depth", "4"])
        .output()
        .unwrap();
    let again_last = String::from_utf8_lossy(&again.stdout)
        .lines()
        .last()
        .unwrap()
        .to_string();
    assert_eq!(
        words[0],
        again_last.split(' ').next().unwrap(),
        "deterministic node count"
    );
}

#[test]
fn bad_command_lines_exit_with_status_2() {
    let out = Command::new(BOT)
        .arg("--engine")
        .arg("smart")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--engine"));
    assert!(out.stdout.is_empty());
}

#[test]
fn greedy_and_random_engines_play_legal_moves() {
    for engine in ["greedy", "random"] {
        let mut bot = Bot::start(&["--engine", engine, "--seed", "5"]);
        bot.send("1\n");
        let line = bot.read_line();
        assert!(Board::start().try_play(parse_move(&line).unwrap()).is_ok());
        bot.finish();
    }
}
