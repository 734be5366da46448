//! The bot binary as the contest runs it: both seats, CRLF and stray spaces, garbage lines,
//! over-long lines, moves our rules reject, end of input; every reply is replayed in the library.

use common::cli::BotOptions;
use common::game::random_move as random;
use common::game::Board as _;
use frostfire::board::{Board, Color, Move};
use frostfire::notation::parse_move;
use frostfire::protocol::Session;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::process::Stdio;
use test_support::process::{
    bench_nodes, check_bad_command_line, check_perft, check_quiet_exits, reply_to, Bot,
};

const BOT: &str = env!("CARGO_BIN_EXE_frostfire-bot");

/// Plays `plies` plies with the bot on `side` against random moves; the opponent's moves are
/// decorated with CRLF, spaces and garbage lines. Returns the final board.
fn play(side: Color, plies: u32) -> Board {
    let mut bot = Bot::start(BOT, &["--movetime", "40"]);
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
        if board.side_to_move() == side {
            board = bot.play_reply(&board, parse_move, Board::try_play);
        } else {
            let m = random(&board, &mut rng).unwrap();
            board = board.play(m);
            let text = m.to_string();
            let decorated = match ply % 4 {
                0 => format!("{text}\n"),
                1 => format!("{text}\r\n"),
                2 => format!("\n   {}  \n", text.replace(' ', "   ")),
                _ => format!("\n\t \r\n{text}\t\r\n"),
            };
            bot.send(&decorated);
        }
    }
    // The last ply may have been the opponent's: the bot answers it before it sees the end.
    if board.outcome().is_none() && board.side_to_move() == side {
        board = bot.play_reply(&board, parse_move, Board::try_play);
    }
    bot.finish_quietly();
    board
}

#[test]
fn plays_tyragon_first() {
    let board = play(Color::Ice, 40);
    assert!(board.plies() >= 20);
}

#[test]
fn plays_abagon_second() {
    let board = play(Color::Fire, 40);
    assert!(board.plies() >= 20);
}

#[test]
fn end_of_input_exits_quietly() {
    check_quiet_exits(BOT, &["", "2\n"]);
}

#[test]
fn a_byte_order_mark_before_the_id_line_or_any_line_is_skipped() {
    // A judge on Windows may start its output with EF BB BF: Tyragon still opens at once.
    let mut bot = Bot::start(BOT, &["--movetime", "40"]);
    bot.send("\u{FEFF}1\n");
    bot.close_input();
    bot.play_reply(&Board::start(), parse_move, Board::try_play);
    bot.finish_quietly();
    // Or every line with one: Abagon reads the id and each move as without it.
    let mut bot = Bot::start(BOT, &["--movetime", "40"]);
    let mut rng = SmallRng::seed_from_u64(11);
    let mut board = Board::start();
    bot.send("\u{FEFF}2\r\n");
    for _ in 0..4 {
        let m = random(&board, &mut rng).unwrap();
        board = board.play(m);
        bot.send(&format!("\u{FEFF}{m}\r\n"));
        board = bot.play_reply(&board, parse_move, Board::try_play);
    }
    bot.finish_quietly();
}

fn mv(text: &str) -> Move {
    parse_move(text).unwrap()
}

/// The bot as Abagon, told Tyragon's first move `line`: its reply, which must be legal on
/// `expected`, the board the bot should now have.
fn answer_as_abagon(line: &str, expected: &Board) {
    let reply = reply_to(BOT, &["--depth", "2"], &format!("2\n{line}\n"));
    let m = parse_move(&reply).unwrap();
    assert!(expected.try_play(m).is_ok(), "{line}: {reply}");
}

/// A move our rules reject, whose dragons allow it: the judge accepted it, so it is applied as
/// given, and the bot answers at once from that board.
#[test]
fn a_rejected_move_that_the_dragons_allow_is_applied_as_given() {
    let start = Board::start();
    for line in ["A4 B4", "B4 A4"] {
        assert!(start.try_play(mv(line)).is_err(), "{line} is illegal");
        let forced = start.force_play(mv(line)).unwrap();
        answer_as_abagon(line, &forced);

        let mut session = Session::new(&BotOptions {
            depth: Some(2),
            ..BotOptions::default()
        });
        assert_eq!(session.handle("2"), None);
        let reply = session.handle(line).expect("an answer at once");
        assert_eq!(*session.board(), forced.play(mv(&reply)), "{line}: {reply}");
    }
    // As Tyragon: Abagon's G1 G2 pushes its own corner dragon off (four in a row).
    let mut session = Session::new(&BotOptions {
        depth: Some(2),
        ..BotOptions::default()
    });
    let first = session.handle("1").expect("Tyragon opens");
    let after_first = start.play(mv(&first));
    let forced = after_first.force_play(mv("G1 G2")).unwrap();
    assert_eq!(forced.lost(Color::Fire), 1);
    let reply = session.handle("G1 G2").expect("an answer at once");
    assert_eq!(*session.board(), forced.play(mv(&reply)));
}

/// A move our rules reject that cannot be applied (no dragon of the mover there, cells not
/// adjacent): the bot keeps its board and answers at once with a legal move.
#[test]
fn a_rejected_move_that_cannot_be_applied_is_answered_from_the_bots_own_board() {
    let own_board = Board::start().pass();
    for line in ["C4 D4", "A4 A6", "E4 E3"] {
        answer_as_abagon(line, &own_board);
    }
}

/// A 20 MB line where the opponent's move should be: the bot cuts it, logs a few lines, stays
/// under the contest's 20 MB, and answers it as a move that cannot be applied, from its own board.
#[test]
fn a_20_mb_line_costs_neither_memory_nor_log_nor_the_game() {
    const CAP: u64 = 20 * 1024 * 1024;
    let log_path =
        std::env::temp_dir().join(format!("frostfire-overlong-{}.stderr", std::process::id()));
    let log = std::fs::File::create(&log_path).unwrap();
    let mut bot = Bot::start_with_stderr(BOT, &["--depth", "3"], Stdio::from(log));
    bot.send("2\n");
    let mut long = vec![b'A'; 20 * 1024 * 1024];
    long.push(b'\n');
    bot.send_bytes(&long);
    let reply = bot.reply();
    let m = parse_move(&reply).unwrap();
    assert!(Board::start().pass().try_play(m).is_ok(), "{reply}");
    let peak = bot.peak_memory();
    assert!(peak < CAP, "peak memory {peak} bytes");
    // An over-long last line without its end, then end of input: answered like any line, then a
    // quiet exit.
    bot.send_bytes(&long[..long.len() - 1]);
    let (status, rest) = bot.finish();
    assert!(
        parse_move(rest.trim()).is_ok() && rest.lines().count() == 1,
        "{rest}"
    );
    assert!(status.success());
    let logged = std::fs::metadata(&log_path).unwrap().len();
    let _ = std::fs::remove_file(&log_path);
    assert!(logged < 4096, "{logged} bytes of log");
}

/// After the id every line is the judge's word that the opponent moved: a line that is not a move
/// is answered from the bot's own board, never left waiting (the judge would time the bot out).
#[test]
fn a_line_that_is_not_a_move_is_answered_from_the_bots_own_board() {
    for line in ["hello there", "Z9 Z9", "2", "A4B4"] {
        answer_as_abagon(line, &Board::start().pass());
    }
    // Before the id a line that is neither id nor move is skipped.
    let reply = reply_to(BOT, &["--depth", "2"], "hello\n1\n");
    assert!(Board::start().try_play(parse_move(&reply).unwrap()).is_ok());
}

#[test]
fn an_illegal_opponent_move_is_answered_from_the_bots_own_board() {
    // Abagon; Tyragon's "move" C4 D4 is illegal (D4 is empty): taken as a pass.
    let line = reply_to(BOT, &["--depth", "2"], "2\nC4 D4\n");
    let m = parse_move(&line).unwrap();
    assert!(Board::start().pass().try_play(m).is_ok(), "{line}");
}

#[test]
fn perft_and_bench_subcommands() {
    check_perft(BOT, 4, "1 10\n2 96\n3 1108\n4 12668\n");
    bench_nodes(BOT, 3);
    check_bad_command_line(BOT, &["--engine", "clever"]);
}

/// Printing to a closed stdout (`frostfire-bot --help | head -1`) ends the bot quietly: its usage,
/// perft's counts and bench's lines, with status 0 and no panic.
#[test]
fn printing_to_a_closed_stdout_ends_quietly() {
    test_support::help::bot_ends_quietly_on_a_closed_stdout(BOT, &[]);
}
