//! The bot binary, started as the contest starts it.

use common::game::Board as _;
use krieg::board::{Board, ForcePlayError, Side};
use krieg::notation::parse_move;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::process::{Command, Stdio};
use test_support::process::{
    bench_nodes, check_perft, check_quiet_exits, reply_with_stderr_unread, Bot,
};

const BOT: &str = env!("CARGO_BIN_EXE_krieg-bot");

/// Plays our bot against the first legal move of each position, checking every reply.
fn play_game(seat_line: &str, our_side: Side, decorate: fn(&str) -> String) {
    let mut bot = Bot::start(BOT, &["--movetime", "30"]);
    bot.send(&decorate(seat_line));
    let mut board = Board::start();
    for _ in 0..200 {
        if board.outcome().is_some() {
            break;
        }
        if board.side_to_move() == our_side {
            board = bot.play_reply(&board, parse_move, Board::try_play);
        } else {
            let mv = board.legal_moves().as_slice()[0];
            board = board.play(mv);
            bot.send(&decorate(&mv.to_string()));
        }
    }
    assert!(board.outcome().is_some(), "the game ended");
    bot.finish_quietly();
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
    check_quiet_exits(BOT, &["", "0\n"]);
}

#[test]
fn a_byte_order_mark_before_the_id_line_or_any_line_is_skipped() {
    // A judge on Windows may start its output with EF BB BF: Sentinel still opens at once.
    let mut bot = Bot::start(BOT, &["--movetime", "30"]);
    bot.send("\u{FEFF}1\n");
    bot.close_input();
    bot.play_reply(&Board::start(), parse_move, Board::try_play);
    bot.finish_quietly();
    // Or every line with one.
    play_game("0", Side::Scourge, |l| format!("\u{FEFF}{l}\r\n"));
}

#[test]
fn garbage_before_the_id_line_is_skipped_and_garbage_moves_are_answered_on_our_board() {
    let mut bot = Bot::start(BOT, &["--movetime", "30"]);
    bot.send("hello\n0\n");
    // None of these is a move, but each asks for ours: the bot keeps its board and answers.
    let mut board = Board::start().with_side_to_move(Side::Scourge);
    for garbage in ["9 9 9 9", "A4 B5", "1 0 2 1 extra"] {
        bot.send(&format!("{garbage}\n"));
        let line = bot.reply();
        let mv = parse_move(&line).unwrap_or_else(|e| panic!("bad reply {line:?}: {e}"));
        board = board
            .try_play(mv)
            .unwrap_or_else(|e| panic!("illegal reply {line} to {garbage}: {e}"))
            .with_side_to_move(Side::Scourge);
    }
    bot.finish_quietly();
}

#[test]
fn a_standard_error_nobody_reads_delays_no_reply() {
    // Nobody reads the bot's stderr, so its pipe fills after 64 KB: junk before the id line, each
    // line logged, fills it long before the bot has to move. The bot must answer anyway.
    let mut input = format!("{}\n", "junk ".repeat(100)).repeat(2000);
    input.push_str("1\n");
    let line = reply_with_stderr_unread(BOT, &["--movetime", "30"], input);
    let mv = parse_move(&line).unwrap_or_else(|e| panic!("bad reply {line:?}: {e}"));
    assert!(Board::start().try_play(mv).is_ok(), "illegal reply {line}");
}

#[test]
fn sentinel_opens_with_the_proofs_first_move() {
    // The move `krieg-bot solve` proves keeps the start's win (see `solver::PROVEN_FIRST_MOVE`).
    assert_eq!(
        krieg::notation::format_move(krieg::solver::PROVEN_FIRST_MOVE),
        "1 1 2 0"
    );
    assert!(Board::start()
        .try_play(krieg::solver::PROVEN_FIRST_MOVE)
        .is_ok());
    let mut bot = Bot::start(BOT, &["--movetime", "30"]);
    bot.send("1\n");
    assert_eq!(bot.reply(), "1 1 2 0");
    bot.finish_quietly();
}

#[test]
fn perft_and_bench_subcommands() {
    check_perft(BOT, 3, "1 8\n2 50\n3 368\n");
    let nodes = bench_nodes(BOT, 4);
    assert_eq!(nodes, bench_nodes(BOT, 4), "deterministic node count");
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
        let mut bot = Bot::start(BOT, &["--engine", engine, "--seed", "5"]);
        bot.send("1\n");
        let line = bot.reply();
        assert!(Board::start().try_play(parse_move(&line).unwrap()).is_ok());
        bot.finish();
    }
}

// ---- When the judge sends a move our rules reject (src/lib.rs) --------------------------------

fn diagram(rows: [&str; 5], side: Side) -> Board {
    Board::from_diagram(&rows, side).expect("a valid diagram")
}

/// A bot playing Scourge is sent `line` as Sentinel's first move: it must answer at once with a
/// legal move on `expected` (Scourge to move), and, when that leaves a game, play legal moves on
/// from there to the end against the first legal move of each position.
fn answers_then_plays_on(line: &str, expected: Board) {
    let mut bot = Bot::start(BOT, &["--movetime", "30"]);
    bot.send(&format!("0\n{line}\n"));
    let mut board = expected;
    for _ in 0..200 {
        let reply = bot.reply();
        let mv = parse_move(&reply).unwrap_or_else(|e| panic!("bad reply {reply:?}: {e}"));
        board = board
            .try_play(mv)
            .unwrap_or_else(|e| panic!("illegal reply {reply} after {line}: {e}"));
        let Some(&theirs) = board.legal_moves().first() else {
            break;
        };
        board = board.play(theirs);
        if board.outcome().is_some() {
            break;
        }
        bot.send(&format!("{theirs}\n"));
    }
    assert!(board.outcome().is_some(), "the game ended");
    bot.finish_quietly();
}

#[test]
fn a_rejected_move_the_pieces_allow_is_applied_as_given() {
    // A stinger jumps straight over an empty cell onto a Scourge stinger, which it takes.
    answers_then_plays_on(
        "1 0 3 0",
        diagram(["BBBBB", ".SSSS", ".....", "Sssss", "bbbbb"], Side::Scourge),
    );
    // A bomber steps two rows at once.
    answers_then_plays_on(
        "0 2 2 2",
        diagram(["BB.BB", "SSSSS", "..B..", "sssss", "bbbbb"], Side::Scourge),
    );
}

#[test]
fn a_move_that_cannot_be_applied_keeps_our_board_and_is_answered() {
    let start = Board::start().with_side_to_move(Side::Scourge);
    answers_then_plays_on("2 2 3 3", start); // no Sentinel piece on (2,2)
    answers_then_plays_on("0 1 0 2", start); // onto a Sentinel piece
    answers_then_plays_on("1 1 1 1", start); // nowhere
    answers_then_plays_on("hello", start); // not a move
}

#[test]
fn a_move_before_the_id_line_makes_us_scourge() {
    let mut bot = Bot::start(BOT, &["--movetime", "30"]);
    bot.send("1 0 2 1\n");
    let reply = bot.reply();
    let board = Board::start()
        .try_play(parse_move("1 0 2 1").unwrap())
        .unwrap();
    assert!(
        board.try_play(parse_move(&reply).unwrap()).is_ok(),
        "{reply}"
    );
    bot.finish();
}

#[test]
fn a_move_that_ends_the_game_by_our_rules_is_still_answered() {
    // Sentinel's bomber lands on our base, taking our bomber there: our rules say Sentinel has
    // won, the judge asks for our move.
    let mut bot = Bot::start(BOT, &["--movetime", "30"]);
    bot.send("0\n0 0 4 0\n");
    let reply = bot.reply();
    let board = diagram([".BBBB", "SSSSS", ".....", "sssss", "Bbbbb"], Side::Scourge);
    assert!(board.outcome().is_some());
    let mut moves = krieg::board::MoveList::new();
    board.generate_moves(&mut moves);
    let mv = parse_move(&reply).unwrap();
    assert!(moves.contains(&mv), "{reply} is a move our pieces can make");
    bot.finish_quietly();
}

#[test]
fn force_play_moves_the_piece_takes_what_the_move_says_and_keeps_the_board_consistent() {
    let start = ["BBBBB", "SSSSS", ".....", "sssss", "bbbbb"];
    let cases = [
        // Straight jump over an empty cell onto an opponent: takes the one on the landing cell.
        (
            start,
            "1 0 3 0",
            ["BBBBB", ".SSSS", ".....", "Sssss", "bbbbb"],
        ),
        // Diagonal jump over an opponent onto an empty cell: takes the one jumped over.
        (
            ["BBBBB", "SSSSS", "..s..", "sss.s", "bbbbb"],
            "1 1 3 3",
            ["BBBBB", "S.SSS", ".....", "sssSs", "bbbbb"],
        ),
        // A bomber's long step: it stays a bomber.
        (
            start,
            "0 2 2 2",
            ["BB.BB", "SSSSS", "..B..", "sssss", "bbbbb"],
        ),
    ];
    for (before, text, after) in cases {
        let before = diagram(before, Side::Sentinel);
        let mv = parse_move(text).unwrap();
        assert!(
            before.try_play(mv).is_err(),
            "{text} is illegal by our rules"
        );
        let forced = before.force_play(mv).expect("the pieces allow it");
        assert_eq!(forced, diagram(after, Side::Scourge), "{text}");
        assert_eq!(forced.hash(), forced.compute_hash(), "{text}");
    }
    let start = Board::start();
    for (text, error) in [
        ("2 2 3 3", ForcePlayError::NoOwnPiece),
        ("3 0 2 1", ForcePlayError::NoOwnPiece),
        ("1 1 1 1", ForcePlayError::NoMovement),
        ("0 1 1 1", ForcePlayError::OwnPieceOnDestination),
    ] {
        let mv = parse_move(text).unwrap();
        assert_eq!(start.force_play(mv), Err(error), "{text}");
    }
    // A legal move is played the same either way.
    let legal = parse_move("1 2 2 3").unwrap();
    assert_eq!(start.force_play(legal), Ok(start.play(legal)));
}

#[test]
fn opponent_moved_always_leaves_us_to_move() {
    use krieg::protocol::opponent_moved;
    let start = Board::start();
    for line in ["1 2 2 3", "1 0 3 0", "2 2 3 3", "hello", ""] {
        let after = opponent_moved(&start, Side::Scourge, line);
        assert_eq!(after.side_to_move(), Side::Scourge, "{line:?}");
        assert_eq!(after.hash(), after.compute_hash(), "{line:?}");
    }
    let legal = parse_move("1 2 2 3").unwrap();
    assert_eq!(
        opponent_moved(&start, Side::Scourge, "1 2 2 3"),
        start.play(legal)
    );
    // Our board had us to move (we had nothing to answer with): the judge's move is theirs.
    let ours = start.with_side_to_move(Side::Scourge);
    assert_eq!(
        opponent_moved(&ours, Side::Scourge, "1 2 2 3"),
        start.play(legal)
    );
}

// ---- Over-long input ----------------------------------------------------------------------------

#[test]
fn a_20_mb_line_is_answered_within_the_memory_cap_and_logged_briefly() {
    let log = std::env::temp_dir().join(format!("krieg-overlong-{}.stderr", std::process::id()));
    let stderr = std::fs::File::create(&log).unwrap();
    let mut bot = Bot::start_with_stderr(BOT, &["--movetime", "30", "--depth", "3"], stderr.into());
    bot.send("0\n");
    let huge = "7".repeat(20 << 20);
    bot.send(&format!("{huge}\n"));
    // Not a move: answered on our board, Scourge to move.
    let reply = bot.reply();
    let board = Board::start().with_side_to_move(Side::Scourge);
    let board = board.try_play(parse_move(&reply).unwrap()).unwrap();
    // And the game goes on.
    let theirs = board.legal_moves()[0];
    bot.send(&format!("{theirs}\n"));
    let reply = bot.reply();
    assert!(board
        .play(theirs)
        .try_play(parse_move(&reply).unwrap())
        .is_ok());
    let peak = bot.peak_memory();
    bot.finish_quietly();
    assert!(peak < 20 << 20, "peak memory {peak} bytes, cap 20 MB");
    let logged = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert!(logged.len() < 4096, "{} bytes of log", logged.len());
    assert!(
        logged.contains(&(20 << 20).to_string()),
        "the length is logged: {logged}"
    );
}

// ---- Whatever arrives ---------------------------------------------------------------------------

/// A line a careless or hostile judge might send: mostly moves in the notation, legal or not,
/// sometimes garbage.
fn random_line(rng: &mut SmallRng, board: &Board) -> String {
    match rng.gen_range(0..10) {
        0..=3 => match board.legal_moves().choose(rng) {
            Some(mv) => mv.to_string(),
            None => "0 0 0 0".to_string(),
        },
        4..=7 => {
            let digit = |rng: &mut SmallRng| rng.gen_range(0..5);
            let d: Vec<i32> = (0..4).map(|_| digit(rng)).collect();
            format!("{} {} {} {}", d[0], d[1], d[2], d[3])
        }
        8 => ["", "1", "0", "hello", "9 9 9 9", "1 2 3", "\u{1b}[2J"][rng.gen_range(0..7)]
            .to_string(),
        _ => "x".repeat(rng.gen_range(1..3000)),
    }
}

#[test]
fn every_line_after_the_id_is_answered_with_a_move_our_pieces_can_make() {
    let mut rng = SmallRng::seed_from_u64(10);
    for session in 0..40 {
        let us = if session % 2 == 0 {
            Side::Sentinel
        } else {
            Side::Scourge
        };
        // The judge's lines, made up against the board the bot is expected to keep.
        let mut expected = Board::start();
        let mut lines = Vec::new();
        let mut input = String::from(if us == Side::Sentinel { "1\n" } else { "0\n" });
        for _ in 0..20 {
            let line = random_line(&mut rng, &expected.with_side_to_move(us.other()));
            input.push_str(&line);
            input.push('\n');
            lines.push(line);
            expected = expected.with_side_to_move(us.other());
        }
        let output = Command::new(BOT)
            .args(["--depth", "2"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .and_then(|mut child| {
                child.stdin.take().unwrap().write_all(input.as_bytes())?;
                child.wait_with_output()
            })
            .expect("the bot runs");
        assert_eq!(output.status.code(), Some(0), "session {session}");
        let replies: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(str::to_string)
            .collect();
        // Replay: before each of the judge's lines (and first, as Sentinel) the bot answers.
        let mut board = Board::start();
        let mut replies = replies.iter();
        let mut check_reply = |board: &mut Board| {
            let mut moves = krieg::board::MoveList::new();
            board.generate_moves(&mut moves);
            if moves.is_empty() {
                return;
            }
            let reply = replies.next().expect("an answer to every line");
            let mv = parse_move(reply).unwrap_or_else(|e| panic!("bad reply {reply:?}: {e}"));
            assert!(
                moves.contains(&mv),
                "session {session}: {reply} on\n{board}"
            );
            if board.outcome().is_none() {
                assert!(board.try_play(mv).is_ok(), "legal by our rules");
            }
            *board = board.play(mv);
        };
        if us == Side::Sentinel {
            check_reply(&mut board);
        }
        for line in lines.iter().filter(|l| !l.trim().is_empty()) {
            board = krieg::protocol::opponent_moved(&board, us, line.trim());
            check_reply(&mut board);
        }
        assert!(
            replies.next().is_none(),
            "nothing more than one answer a line"
        );
    }
}

/// Printing to a closed stdout (`krieg-bot --help | head -1`) ends the bot quietly: its usage,
/// perft's counts and bench's lines, with status 0 and no panic.
#[test]
fn printing_to_a_closed_stdout_ends_quietly() {
    test_support::help::bot_ends_quietly_on_a_closed_stdout(
        BOT,
        test_support::help::SOLVE_COMMANDS,
    );
}
