//! The bot as the contest runs it: a process reading its id, the columns and the moves, all in
//! its own frame, and printing its own.

use kaboom::board::{Board, Player};
use kaboom::notation::{format_move, parse_legal};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn spawn() -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaboom-bot"))
        .args(["--movetime", "30"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the bot starts");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    (child, stdin, stdout)
}

fn read_reply(out: &mut BufReader<ChildStdout>) -> String {
    let mut line = String::new();
    out.read_line(&mut line).expect("a reply");
    assert!(line.ends_with('\n'), "a whole line: {line:?}");
    line.trim_end().to_string()
}

/// Plays one game against the bot in seat `bot`, the test playing random moves for the other
/// seat, sending lines with CRLF, extra spaces and garbage. Every reply must be legal exactly as
/// printed in the bot's own frame.
fn play_game(bot: Player, seed: u64) {
    let (mut child, mut stdin, mut out) = spawn();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = Board::new();
    let id = if bot == Player::One {
        "1\r\n"
    } else {
        "  2 \n"
    };
    stdin.write_all(id.as_bytes()).expect("write");
    let mut turn = 0;
    while board.outcome().is_none() {
        if board.to_move() == bot {
            let reply = read_reply(&mut out);
            let m = parse_legal(&board, &reply, bot)
                .unwrap_or_else(|e| panic!("bot printed '{reply}': {e}\n{board}"));
            board = board.play(m);
        } else {
            let moves = board.legal_moves();
            let m = *moves.as_slice().choose(&mut rng).expect("a move");
            let text = format_move(m, bot);
            let line = match turn % 3 {
                0 => format!("{text}\r\n"),
                1 => format!("\n  {text}  \n"),
                _ => format!("garbage here\n{text}\n"),
            };
            turn += 1;
            stdin.write_all(line.as_bytes()).expect("write");
            stdin.flush().expect("flush");
            board = board.play(m);
        }
    }
    drop(stdin);
    let status = child.wait().expect("the bot exits");
    assert!(status.success(), "exit status {status}");
}

#[test]
fn the_bot_plays_whole_games_as_player_one() {
    for seed in 1..=3 {
        play_game(Player::One, seed);
    }
}

#[test]
fn the_bot_plays_whole_games_as_player_two() {
    for seed in 1..=3 {
        play_game(Player::Two, seed);
    }
}

#[test]
fn player_two_answers_a_column_with_a_column_in_its_frame() {
    let (mut child, mut stdin, mut out) = spawn();
    stdin.write_all(b"2\n5\n").expect("write");
    let reply = read_reply(&mut out);
    let column: u8 = reply.parse().expect("a column");
    assert!(column < 8);
    drop(stdin);
    assert!(child.wait().expect("exit").success());
}

#[test]
fn end_of_input_at_any_point_exits_cleanly() {
    for input in ["", "1\n", "2\n", "2\n3\n", "1\n4\n"] {
        let (mut child, mut stdin, _out) = spawn();
        stdin.write_all(input.as_bytes()).expect("write");
        drop(stdin);
        assert!(child.wait().expect("exit").success(), "input {input:?}");
    }
}
