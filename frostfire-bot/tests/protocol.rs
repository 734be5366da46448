//! The bot binary as the contest runs it: both seats, CRLF and stray spaces, garbage lines,
//! end of input; every reply is replayed in the library.

use frostfire::board::{Board, Color};
use frostfire::engine::random;
use frostfire::notation::parse_move;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const BOT: &str = env!("CARGO_BIN_EXE_frostfire-bot");

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

    fn reply(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "a reply is one whole line: {line:?}");
        line.trim_end_matches('\n').to_string()
    }

    /// Closes the input; the bot must exit with status 0 and print nothing more.
    fn finish(mut self) {
        drop(self.stdin.take());
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.stdout, &mut rest).unwrap();
        assert_eq!(rest, "", "nothing but replies on stdout");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

/// Plays `plies` plies with the bot on `side` against random moves; the opponent's moves are
/// decorated with CRLF, spaces and garbage lines. Returns the final board.
fn play(side: Color, plies: u32) -> Board {
    let mut bot = Bot::start(&["--movetime", "40"]);
    let mut board = Board::start();
    let mut rng = SmallRng::seed_from_u64(7);
    bot.send(match side {
        Color::Ice => "1\n",
        Color::Fire => "  2 \r\n\r\n",
    });
    for ply in 0..plies {
        if board.outcome().is_some() {
            break;
        }
        if board.to_move() == side {
            let line = bot.reply();
            let m = parse_move(&line).unwrap_or_else(|e| panic!("ply {ply}: {e}"));
            board = board
                .try_play(m)
                .unwrap_or_else(|e| panic!("ply {ply}: '{line}' is illegal: {e}"));
        } else {
            let m = random(&board, &mut rng).unwrap();
            board = board.play(m);
            let text = m.to_string();
            let decorated = match ply % 4 {
                0 => format!("{text}\n"),
                1 => format!("{text}\r\n"),
                2 => format!("hello there\n   {}  \n", text.replace(' ', "   ")),
                _ => format!("\n\tZ9 Z9\r\n{text}\n"),
            };
            bot.send(&decorated);
        }
    }
    // The last ply may have been the opponent's: the bot answers it before it sees the end.
    if board.outcome().is_none() && board.to_move() == side {
        let line = bot.reply();
        let m = parse_move(&line).unwrap_or_else(|e| panic!("last reply: {e}"));
        board = board
            .try_play(m)
            .unwrap_or_else(|e| panic!("last reply '{line}' is illegal: {e}"));
    }
    bot.finish();
    board
}

#[test]
fn plays_tyragon_first() {
    let board = play(Color::Ice, 40);
    assert!(board.ply() >= 20);
}

#[test]
fn plays_abagon_second() {
    let board = play(Color::Fire, 40);
    assert!(board.ply() >= 20);
}

#[test]
fn end_of_input_exits_quietly() {
    Bot::start(&[]).finish();
    let mut bot = Bot::start(&[]);
    bot.send("2\n");
    bot.finish();
}

#[test]
fn an_illegal_opponent_move_is_answered_from_the_bots_own_board() {
    let mut bot = Bot::start(&["--depth", "2"]);
    // Abagon; Tyragon's "move" C4 D4 is illegal (D4 is empty): taken as a pass.
    bot.send("2\nC4 D4\n");
    let line = bot.reply();
    let m = parse_move(&line).unwrap();
    assert!(Board::start().pass().try_play(m).is_ok(), "{line}");
    bot.finish();
}

#[test]
fn perft_and_bench_subcommands() {
    let out = Command::new(BOT).args(["perft", "4"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, "1 10\n2 96\n3 1108\n4 12668\n");

    let out = Command::new(BOT)
        .args(["bench", "--depth", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last: Vec<&str> = text.lines().last().unwrap().split(' ').collect();
    assert_eq!(last.len(), 4, "{text}");
    assert!(last[0].parse::<u64>().is_ok() && last[1] == "nodes" && last[3] == "nps");

    let out = Command::new(BOT)
        .args(["--engine", "clever"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
