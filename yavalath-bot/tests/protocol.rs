//! The bot as CodinGame runs it: spawned, talked to on stdin/stdout, for both seats.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use yavalath::board::{Board, Cell, Player};
use yavalath::notation::{format_grid, format_move, parse_move};

const BOT: &str = env!("CARGO_BIN_EXE_yavalath-bot");

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
        line
    }

    /// Closes its input and returns its exit status and any further output.
    fn finish(mut self) -> (std::process::ExitStatus, String) {
        drop(self.stdin.take());
        let mut rest = String::new();
        while self.stdout.read_line(&mut rest).unwrap_or(0) > 0 {}
        (self.child.wait().unwrap(), rest)
    }
}

/// One turn's input for `seat`, with `eol` as line end.
fn turn(board: &Board, seat: Player, last: Option<Cell>, eol: &str) -> String {
    let mut text = format!("9{eol}");
    for row in format_grid(board, seat) {
        text.push_str(&row);
        text.push_str(eol);
    }
    text.push_str(&last.map_or("-1 -1".to_string(), format_move));
    text.push_str(eol);
    text
}

/// A reply must be exactly `x y`.
fn check_shape(line: &str) -> Cell {
    let line = line.strip_suffix('\n').expect("a whole line");
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts.len(), 2, "reply '{line}' is not 'x y'");
    parse_move(line).unwrap_or_else(|e| panic!("reply '{line}': {e}"))
}

/// Plays a whole game: the bot in `seat`, a random player (which swaps if `swap`) opposite.
fn play_game(seat: Player, seed: u64, swap: bool) {
    let mut bot = Bot::start(&["--movetime", "15"]);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = Board::new();
    let mut last = None;
    bot.send(&format!("{}\n", seat.number()));
    while board.outcome().is_none() {
        if board.to_move() == seat {
            bot.send(&turn(&board, seat, last, "\n"));
            let m = check_shape(&bot.read_line());
            board = board.try_play(m).expect("the bot's move is legal");
            last = Some(m);
        } else {
            let m = match board.swap_cell() {
                Some(stolen) if swap => stolen,
                _ => *board.moves().choose(&mut rng).unwrap(),
            };
            board = board.play(m);
            last = Some(m);
        }
    }
    let (status, rest) = bot.finish();
    assert!(status.success(), "exit status {status}");
    assert_eq!(rest, "", "nothing but moves on stdout");
}

#[test]
fn plays_whole_games_as_player_one() {
    for seed in 0..3 {
        play_game(Player::First, seed, false);
    }
}

#[test]
fn plays_whole_games_as_player_two() {
    for seed in 0..3 {
        play_game(Player::Second, seed, false);
    }
}

#[test]
fn plays_on_after_its_first_stone_is_stolen() {
    play_game(Player::First, 7, true);
}

#[test]
fn steals_a_central_first_stone_as_player_two() {
    let mut bot = Bot::start(&["--movetime", "15"]);
    let board = Board::new().play(Cell::from_xy(4, 4).unwrap());
    bot.send("2\n");
    bot.send(&turn(&board, Player::Second, Cell::from_xy(4, 4), "\n"));
    assert_eq!(bot.read_line(), "4 4\n");
    let (status, _) = bot.finish();
    assert!(status.success());
}

#[test]
fn survives_crlf_spaces_blank_lines_and_garbage() {
    let mut bot = Bot::start(&["--movetime", "15"]);
    let board = Board::new();
    bot.send("  1 \r\n\r\n");
    bot.send("what is this\r\n");
    let text = turn(&board, Player::First, None, " \r\n").replace("-1 -1", "-1    -1");
    bot.send(&text);
    let first = check_shape(&bot.read_line());
    let board = board.play(first);
    let reply = Cell::from_xy(4, 4).unwrap();
    let board = board.play(reply);
    // A garbage row: the bot falls back on its own board plus the move it is told.
    let mut text = turn(&board, Player::First, Some(reply), "\n");
    text = text.replacen("00000\n", "0x000\n", 1);
    bot.send(&text);
    let m = check_shape(&bot.read_line());
    assert!(board.is_legal(m), "{m} on\n{board}");
    let (status, rest) = bot.finish();
    assert!(status.success());
    assert_eq!(rest, "");
}

#[test]
fn trusts_the_grid_over_its_own_board() {
    let mut bot = Bot::start(&["--movetime", "15"]);
    bot.send("1\n");
    bot.send(&turn(&Board::new(), Player::First, None, "\n"));
    let _ = check_shape(&bot.read_line());
    // A position unrelated to the bot's first move: it must answer legally on this grid.
    let mut board = Board::new();
    for (x, y) in [(0, 0), (4, 4), (8, 4), (3, 3)] {
        board = board.play(Cell::from_xy(x, y).unwrap());
    }
    bot.send(&turn(&board, Player::First, Cell::from_xy(3, 3), "\n"));
    let m = check_shape(&bot.read_line());
    assert!(board.is_legal(m));
    assert!(bot.finish().0.success());
}

#[test]
fn exits_quietly_at_end_of_input() {
    let bot = Bot::start(&[]);
    let (status, rest) = bot.finish();
    assert!(status.success());
    assert_eq!(rest, "");
    // In the middle of a turn, too.
    let mut bot = Bot::start(&[]);
    bot.send("2\n9\n00000\n000000\n");
    let (status, rest) = bot.finish();
    assert!(status.success());
    assert_eq!(rest, "");
}
