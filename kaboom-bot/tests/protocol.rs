//! The bot as the contest runs it: a process reading its id, the columns and the moves, all in
//! its own frame, and printing its own; and what it does with a line its rules reject or cannot
//! read (the crate docs, "When the judge sends a move our rules reject"), or one of 20 MB.

use common::game::Board as _;
use kaboom::board::{Board, Move, MoveKind, Player, Square};
use kaboom::notation::{format_move, parse_legal};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::process::Stdio;
use test_support::process::Bot;

const BOT: &str = env!("CARGO_BIN_EXE_kaboom-bot");

fn spawn() -> Bot {
    Bot::start(BOT, &["--movetime", "30"])
}

/// Plays one game against the bot in seat `seat`, the test playing random moves for the other
/// seat, sending lines with CRLF, extra spaces, tabs and blank lines. Every reply must be legal exactly as
/// printed in the bot's own frame.
fn play_game(seat: Player, seed: u64) {
    let mut bot = spawn();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = Board::start();
    let id = if seat == Player::One {
        "1\r\n"
    } else {
        "  2 \n"
    };
    bot.send(id);
    let mut turn = 0;
    while board.outcome().is_none() {
        if board.side_to_move() == seat {
            let reply = bot.reply();
            let m = parse_legal(&board, &reply, seat)
                .unwrap_or_else(|e| panic!("bot printed '{reply}': {e}\n{board}"));
            board = board.play(m);
        } else {
            let moves = board.legal_moves();
            let m = *moves.as_slice().choose(&mut rng).expect("a move");
            let text = format_move(m, seat);
            let line = match turn % 3 {
                0 => format!("{text}\r\n"),
                1 => format!("\n  {text}  \n"),
                _ => format!("\t{text} \t\r\n\n"),
            };
            turn += 1;
            bot.send(&line);
            board = board.play(m);
        }
    }
    let (status, _) = bot.finish();
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
    let mut bot = spawn();
    bot.send("2\n5\n");
    let reply = bot.reply();
    let column: u8 = reply.parse().expect("a column");
    assert!(column < 8);
    bot.finish_quietly();
}

#[test]
fn a_byte_order_mark_before_the_id_line_or_any_line_is_skipped() {
    // A judge on Windows may start its output with EF BB BF: Player 1 still places its bomb.
    let mut bot = spawn();
    bot.send("\u{FEFF}1\n");
    bot.close_input();
    let column = bot.reply();
    parse_legal(&Board::start(), &column, Player::One)
        .unwrap_or_else(|e| panic!("bot printed '{column}': {e}"));
    bot.finish_quietly();
    // Or every line with one: Player 2 reads the id, the column and each move as without it.
    let mut bot = spawn();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut board = Board::start();
    bot.send("\u{FEFF}2\r\n");
    for _ in 0..4 {
        let moves = board.legal_moves();
        let m = *moves.as_slice().choose(&mut rng).expect("a move");
        bot.send(&format!("\u{FEFF}{}\r\n", format_move(m, Player::Two)));
        board = board.play(m);
        let reply = bot.reply();
        let ours = parse_legal(&board, &reply, Player::Two)
            .unwrap_or_else(|e| panic!("bot printed '{reply}': {e}\n{board}"));
        board = board.play(ours);
    }
    bot.finish_quietly();
}

#[test]
fn end_of_input_at_any_point_exits_cleanly() {
    for input in ["", "1\n", "2\n", "2\n3\n", "1\n4\n"] {
        let mut bot = spawn();
        bot.send(input);
        let (status, _) = bot.finish();
        assert!(status.success(), "input {input:?}");
    }
}

/// Plays the opening as Player 2 against the bot (Player 1): the bot's column, ours (the first
/// placement), the bot's first regular move. Returns the board, Player 2 to move.
fn opening_against_player_one(bot: &mut Bot) -> Board {
    let seat = Player::One;
    bot.send("1\n");
    let mut board = Board::start();
    let column = bot.reply();
    board = board.play(parse_legal(&board, &column, seat).expect("a legal column"));
    let ours = board.legal_moves()[2];
    bot.send(&format!("{}\n", format_move(ours, seat)));
    board = board.play(ours);
    let first = bot.reply();
    board.play(parse_legal(&board, &first, seat).expect("a legal first move"))
}

/// Sends the opponent's `line` after the opening, closes the bot's input, and returns the bot's
/// reply: a bot that waited for another line would see the end of input and exit silently.
fn reply_to_last_line(line: &str) -> (Board, String) {
    let mut bot = spawn();
    let board = opening_against_player_one(&mut bot);
    bot.send(&format!("{line}\n"));
    bot.close_input();
    let reply = bot.reply();
    bot.finish_quietly();
    (board, reply)
}

/// The same, with the line made from the board after the opening.
fn reply_to(make_line: impl Fn(&Board) -> String) -> (Board, String, String) {
    let mut bot = spawn();
    let board = opening_against_player_one(&mut bot);
    let line = make_line(&board);
    bot.send(&format!("{line}\n"));
    bot.close_input();
    let reply = bot.reply();
    bot.finish_quietly();
    (board, line, reply)
}

/// A move of Player 2 that our rules reject and whose pieces allow it: a ranger of another
/// colour than the required one, one step forward.
fn wrong_colour_move(board: &Board) -> Move {
    (0..8)
        .map(|colour| board.ranger(Player::Two, colour))
        .filter_map(|from| from.offset(-1, 0).map(|to| Move::ranger(from, to)))
        .find(|&m| board.check_move(m).is_err() && board.force_play(m).is_ok())
        .expect("a ranger of another colour can step forward")
}

#[test]
fn a_move_our_rules_reject_is_applied_as_given_and_answered_at_once() {
    let (board, line, reply) = reply_to(|board| format_move(wrong_colour_move(board), Player::One));
    let m = wrong_colour_move(&board);
    assert_eq!(line, format_move(m, Player::One));
    let forced = board.force_play(m).expect("applied");
    let answer = parse_legal(&forced, &reply, Player::One)
        .unwrap_or_else(|e| panic!("reply '{reply}' to '{line}': {e}\n{forced}"));
    assert_eq!(forced.check_move(answer), Ok(()));
}

#[test]
fn a_move_whose_pieces_are_not_there_keeps_our_board_and_is_answered_at_once() {
    // From a square no ranger of Player 2 stands on, to an empty one.
    let empty = |board: &Board, square: &Square| board.ranger_at(*square).is_none();
    let (board, line, reply) = reply_to(|board| {
        let from = (0..64)
            .map(Square::from_index)
            .find(|s| empty(board, s))
            .expect("empty");
        let to = (0..64)
            .map(Square::from_index)
            .find(|s| empty(board, s) && *s != from)
            .expect("empty");
        format_move(Move::ranger(from, to), Player::One)
    });
    let sent = kaboom::notation::parse_move(&board, &line, Player::One).expect("well formed");
    let kept = board.skip_turn(Some(sent.to()));
    assert_eq!(kept.side_to_move(), Player::One);
    parse_legal(&kept, &reply, Player::One)
        .unwrap_or_else(|e| panic!("reply '{reply}' to '{line}': {e}\n{kept}"));
}

#[test]
fn a_malformed_move_keeps_our_board_and_is_answered_at_once() {
    for line in ["1,2,3", "garbage here", "1,0,0,8,0", "\u{1b}[2J"] {
        let (board, reply) = reply_to_last_line(line);
        let kept = board.skip_turn(None);
        parse_legal(&kept, &reply, Player::One)
            .unwrap_or_else(|e| panic!("reply '{reply}' to {line:?}: {e}\n{kept}"));
    }
}

#[test]
fn a_malformed_first_move_is_answered_with_a_pass() {
    // The bot is Player 2; Player 1's first regular move does not parse. The colour the judge
    // requires of the bot is unknown, but a pass is legal whatever it is.
    let mut bot = spawn();
    bot.send("2\n3\n");
    let mut board = Board::start();
    board = board.play(parse_legal(&board, "3", Player::Two).expect("a column"));
    let column = bot.reply();
    board = board.play(parse_legal(&board, &column, Player::Two).expect("our column"));
    bot.send("1,2,3\n");
    bot.close_input();
    let reply = bot.reply();
    let kept = board.skip_turn(None);
    let answer = parse_legal(&kept, &reply, Player::Two)
        .unwrap_or_else(|e| panic!("reply '{reply}': {e}\n{kept}"));
    assert_eq!(answer.kind(), MoveKind::Pass, "reply '{reply}'\n{kept}");
    bot.finish_quietly();
}

#[test]
fn a_malformed_column_is_answered_with_our_column_at_once() {
    let mut bot = spawn();
    bot.send("2\n1,0,0,1,0\n");
    bot.close_input();
    let reply = bot.reply();
    let kept = Board::start().skip_turn(None);
    parse_legal(&kept, &reply, Player::Two).unwrap_or_else(|e| panic!("reply '{reply}': {e}"));
    bot.finish_quietly();
}

/// The contest's memory cap for Ka-Boom.
const MEMORY_CAP_KB: u64 = 8 * 1024;
/// A 20 MB line, of a letter no reply or log of the bot otherwise contains.
const LONG_LINE_BYTES: usize = 20 << 20;
const FILLER: u8 = b'q';

/// Sends `before`, a 20 MB line, then `after` to a bot whose output is read by a thread, and
/// returns the bot's replies (as they arrive, at most `replies`), its peak memory while still
/// running, and its whole stderr. A bot that never answers fails the test after a long grace
/// time (a guard against a hung test, not a measure of speed).
fn long_line_session(before: &str, after: &str, replies: usize) -> (Vec<String>, u64, String) {
    let mut bot = Bot::start_with_stderr(BOT, &["--movetime", "30"], Stdio::piped());
    let mut err = bot.take_stderr().expect("stderr");
    let stderr = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut err, &mut text).expect("stderr");
        text
    });
    bot.send(before);
    let mut long = vec![FILLER; LONG_LINE_BYTES];
    long.push(b'\n');
    bot.send_bytes(&long);
    bot.send(after);
    let got: Vec<String> = (0..replies).map(|_| bot.reply()).collect();
    let peak = bot.peak_memory() / 1024;
    let (status, _) = bot.finish();
    assert!(status.success());
    (got, peak, stderr.join().expect("stderr thread"))
}

fn assert_bounded(peak_kb: u64, stderr: &str) {
    assert!(
        peak_kb < MEMORY_CAP_KB * 3 / 4,
        "peak memory {peak_kb} kB against a cap of {MEMORY_CAP_KB} kB"
    );
    assert!(stderr.len() < 16 * 1024, "{} bytes of stderr", stderr.len());
    let echoed = stderr.bytes().filter(|&b| b == FILLER).count();
    assert!(
        echoed <= 400,
        "the line is echoed: {echoed} bytes of it in stderr"
    );
}

#[test]
fn a_20_mb_opponent_move_is_answered_with_a_legal_move_within_the_memory_cap() {
    // Player 2 to the bot, the opponent's column 4, then the 20 MB line as Player 1's move.
    let (replies, peak_kb, stderr) = long_line_session("2\n4\n", "", 2);
    let mut board = Board::start();
    board = board.play(parse_legal(&board, "4", Player::Two).expect("its column, in our frame"));
    board = board.play(parse_legal(&board, &replies[0], Player::Two).expect("our column"));
    let kept = board.skip_turn(None);
    parse_legal(&kept, &replies[1], Player::Two)
        .unwrap_or_else(|e| panic!("reply '{}': {e}\n{kept}", replies[1]));
    assert_bounded(peak_kb, &stderr);
}

#[test]
fn a_20_mb_first_line_is_skipped_and_the_game_played_within_the_memory_cap() {
    let (replies, peak_kb, stderr) = long_line_session("", "1\n", 1);
    parse_legal(&Board::start(), &replies[0], Player::One).expect("a column");
    assert_bounded(peak_kb, &stderr);
}

/// Printing to a closed stdout (`kaboom-bot --help | head -1`) ends the bot quietly: its usage,
/// perft's counts and bench's lines, with status 0 and no panic.
#[test]
fn printing_to_a_closed_stdout_ends_quietly() {
    test_support::help::bot_ends_quietly_on_a_closed_stdout(BOT, &[]);
}
