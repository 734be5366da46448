//! The bot as CodinGame runs it: spawned, talked to on stdin/stdout, for both seats.

use common::game::Board as _;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use test_support::process::{check_quiet_exits, reply_with_stderr_unread, Bot};
use yavalath::board::{Board, Cell, Player, ROWS, ROW_LEN};
use yavalath::notation::{format_grid, format_move, parse_move};

const BOT: &str = env!("CARGO_BIN_EXE_yavalath-bot");

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

/// A reply (a whole line, without its `\n`) must be exactly `x y`.
fn check_shape(line: &str) -> Cell {
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts.len(), 2, "reply '{line}' is not 'x y'");
    parse_move(line).unwrap_or_else(|e| panic!("reply '{line}': {e}"))
}

/// Plays a whole game: the bot in `seat`, a random player (which swaps if `swap`) opposite.
fn play_game(seat: Player, seed: u64, swap: bool) {
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = Board::start();
    let mut last = None;
    bot.send(&format!("{}\n", seat.number()));
    while board.outcome().is_none() {
        if board.side_to_move() == seat {
            bot.send(&turn(&board, seat, last, "\n"));
            let m = check_shape(&bot.reply());
            board = board.try_play(m).expect("the bot's move is legal");
            last = Some(m);
        } else {
            let m = match board.swap_cell() {
                Some(stolen) if swap => stolen,
                _ => *board.legal_moves().choose(&mut rng).unwrap(),
            };
            board = board.play(m);
            last = Some(m);
        }
    }
    bot.finish_quietly();
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
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    let board = Board::start().play(Cell::from_xy(4, 4).unwrap());
    bot.send("2\n");
    bot.send(&turn(&board, Player::Second, Cell::from_xy(4, 4), "\n"));
    assert_eq!(bot.reply(), "4 4");
    let (status, _) = bot.finish();
    assert!(status.success());
}

#[test]
fn survives_crlf_spaces_blank_lines_and_garbage() {
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    let board = Board::start();
    bot.send("  1 \r\n\r\n");
    bot.send("what is this\r\n");
    let text = turn(&board, Player::First, None, " \r\n").replace("-1 -1", "-1    -1");
    bot.send(&text);
    let first = check_shape(&bot.reply());
    let board = board.play(first);
    let reply = Cell::from_xy(4, 4).unwrap();
    let board = board.play(reply);
    // A garbage row: the bot falls back on its own board plus the move it is told.
    let mut text = turn(&board, Player::First, Some(reply), "\n");
    text = text.replacen("00000\n", "0x000\n", 1);
    bot.send(&text);
    let m = check_shape(&bot.reply());
    assert!(board.is_legal(m), "{m} on\n{board}");
    bot.finish_quietly();
}

/// The bot at 15 ms a move as Player 1, and the first stone it played on the empty board.
fn first_stone() -> (Bot, Cell) {
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    bot.send("1\n");
    bot.send(&turn(&Board::start(), Player::First, None, "\n"));
    let first = check_shape(&bot.reply());
    (bot, first)
}

#[test]
fn trusts_the_grid_over_its_own_board() {
    let (mut bot, _) = first_stone();
    // A position unrelated to the bot's first move: it must answer legally on this grid.
    let mut board = Board::start();
    for (x, y) in [(0, 0), (4, 4), (8, 4), (3, 3)] {
        board = board.play(Cell::from_xy(x, y).unwrap());
    }
    bot.send(&turn(&board, Player::First, Cell::from_xy(3, 3), "\n"));
    let m = check_shape(&bot.reply());
    assert!(board.is_legal(m));
    assert!(bot.finish().0.success());
}

#[test]
fn exits_quietly_at_end_of_input() {
    // At once, and in the middle of a turn.
    check_quiet_exits(BOT, &["", "2\n9\n00000\n000000\n"]);
}

#[test]
fn a_byte_order_mark_before_any_line_is_skipped() {
    // A judge on Windows may start every line with EF BB BF: the `9` line still starts a turn.
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    let board = Board::start().play(Cell::from_xy(4, 4).unwrap());
    let mut text = "2\n".to_string();
    text.push_str(&turn(&board, Player::Second, Cell::from_xy(4, 4), "\n"));
    let marked: String = text.lines().map(|l| format!("\u{FEFF}{l}\n")).collect();
    bot.send(&marked);
    bot.close_input();
    let m = check_shape(&bot.reply());
    assert!(board.is_legal(m), "{m} on\n{board}");
    bot.finish_quietly();
}

#[test]
fn a_row_count_other_than_9_still_starts_a_turn() {
    // The judge announces 8, 10 or 0 rows and sends the nine there are, then 8 rows and sends
    // 8: each turn is answered on the rows the bot knows of.
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    bot.send("1\n");
    let mut board = Board::start();
    let mut last = None;
    for (count, rows) in [("8", 9), ("10", 9), ("0", 9), ("8", 8)] {
        let mut lines: Vec<String> = turn(&board, Player::First, last, "\n")
            .lines()
            .map(str::to_string)
            .collect();
        lines[0] = count.to_string();
        lines.drain(1 + rows..10);
        bot.send(&(lines.join("\n") + "\n"));
        let m = check_shape(&bot.reply());
        board = board
            .try_play(m)
            .unwrap_or_else(|e| panic!("{m} after {count} rows: {e}"));
        let reply = board
            .legal_moves()
            .iter()
            .copied()
            .find(|&c| board.play(c).outcome().is_none())
            .unwrap();
        board = board.play(reply);
        last = Some(reply);
    }
    bot.finish_quietly();
}

#[test]
fn a_grid_that_is_no_position_never_gets_a_cell_it_shows_taken() {
    // The cell the bot opens with on an empty board, which is all its bookkeeping knows at its
    // first turn.
    let (bot, opening) = first_stone();
    bot.finish_quietly();
    // Its first turn shows 2 stones of its own against 5, the opening cell among them: no
    // position, so it answers from its bookkeeping, and never on a stone the grid shows.
    let own = cell(0, 8).bit() | cell(4, 8).bit();
    let theirs = [(4, 4), (3, 3), (5, 3), (0, 0), (4, 0)]
        .iter()
        .map(|&(x, y)| cell(x, y))
        .filter(|&c| c != opening)
        .take(4)
        .fold(opening.bit(), |b, c| b | c.bit());
    assert!(theirs.count_ones() == 5 && own & theirs == 0);
    let rows: String = (0..ROWS)
        .map(|y| {
            let row: String = (0..ROW_LEN[y])
                .map(|x| match cell(i32::from(x), y as i32).bit() {
                    b if own & b != 0 => '1',
                    b if theirs & b != 0 => '2',
                    _ => '0',
                })
                .collect();
            row + "\n"
        })
        .collect();
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    bot.send(&format!("1\n9\n{rows}-1 -1\n"));
    bot.close_input();
    let m = check_shape(&bot.reply());
    assert_eq!(
        (own | theirs) & m.bit(),
        0,
        "{m} is taken on the grid:\n{rows}"
    );
    bot.finish_quietly();
}

/// A turn whose nine rows are all garbage, then `last` (a move line as the judge sends it).
fn unreadable_turn(last: &str) -> String {
    format!("9\n{}{last}\n", "garbage\n".repeat(9))
}

fn cell(x: i32, y: i32) -> Cell {
    Cell::from_xy(x, y).unwrap()
}

#[test]
fn two_unreadable_grids_without_a_board_never_repeat_a_cell() {
    // Player 2, and neither the grids nor the moves can be read: the bot knows only its own
    // replies, and must not answer onto them.
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    bot.send("2\n");
    let mut printed = Vec::new();
    for _ in 0..4 {
        bot.send(&unreadable_turn("what?"));
        let m = check_shape(&bot.reply());
        assert!(!printed.contains(&m), "{m} printed twice: {printed:?}");
        printed.push(m);
    }
    assert!(bot.finish().0.success());
}

#[test]
fn unreadable_grids_after_its_own_swap_are_answered_from_its_bookkeeping() {
    let mut bot = Bot::start(BOT, &["--movetime", "15"]);
    bot.send("2\n");
    // Turn 1: the grid cannot be read, Player 1 played the centre: the bot swaps.
    bot.send(&unreadable_turn("4 4"));
    assert_eq!(bot.reply(), "4 4");
    let mut board = Board::start().play(cell(4, 4)).play(cell(4, 4));
    for told in [cell(3, 3), cell(0, 0), cell(8, 4)] {
        board = board.play(told);
        bot.send(&unreadable_turn(&format_move(told)));
        let m = check_shape(&bot.reply());
        board = board
            .try_play(m)
            .unwrap_or_else(|e| panic!("{m}: {e} on\n{board}"));
    }
    assert!(bot.finish().0.success());
}

#[test]
fn unreadable_grids_after_its_first_stone_is_stolen_never_reuse_it() {
    let (mut bot, first) = first_stone();
    // Player 2 steals it; the next grids cannot be read.
    let mut board = Board::start().play(first).play(first);
    bot.send(&unreadable_turn(&format_move(first)));
    let m = check_shape(&bot.reply());
    assert_ne!(m, first, "the stolen stone is Player 2's");
    board = board.try_play(m).expect("a legal reply");
    let told = cell(0, 8);
    board = board.play(told);
    bot.send(&unreadable_turn(&format_move(told)));
    let m = check_shape(&bot.reply());
    assert!(board.is_legal(m), "{m} on\n{board}");
    assert!(bot.finish().0.success());
}

/// The contest's memory limit, and the most a bot may log in a test that floods it.
const MEMORY_CAP: u64 = 20 << 20;
const STDERR_CAP: usize = 4096;

/// The bot at 15 ms a move, logging to a file named after `name`; returns it and the file.
fn logged_bot(name: &str) -> (Bot, PathBuf) {
    let log = std::env::temp_dir().join(format!("yavalath-{name}-{}.stderr", std::process::id()));
    let file = std::fs::File::create(&log).unwrap();
    let bot = Bot::start_with_stderr(BOT, &["--movetime", "15"], Stdio::from(file));
    (bot, log)
}

/// Ends `bot`, which must exit cleanly having stayed under the memory cap and logged less than
/// `STDERR_CAP` bytes to `log`; returns what it logged.
fn finish_bounded(bot: Bot, log: &Path) -> String {
    let peak = bot.peak_memory();
    assert!(bot.finish().0.success());
    let logged = String::from_utf8_lossy(&std::fs::read(log).unwrap()).into_owned();
    let _ = std::fs::remove_file(log);
    assert!(peak < MEMORY_CAP, "peak memory {peak} bytes");
    assert!(
        logged.len() < STDERR_CAP,
        "{} bytes on stderr",
        logged.len()
    );
    logged
}

#[test]
fn an_overlong_grid_row_neither_desynchronises_nor_bloats_the_bot() {
    let (mut bot, log) = logged_bot("overlong");
    bot.send("1\n");
    let mut board = Board::start();
    bot.send(&turn(&board, Player::First, None, "\n"));
    let first = check_shape(&bot.reply());
    board = board.play(first).play(cell(4, 4));
    // Row 3 is 20 MB of "0 " (its first bytes read as a move line would).
    let mut text = turn(&board, Player::First, Some(cell(4, 4)), "\n");
    let rows: Vec<&str> = text.lines().collect();
    let long_row = "0 ".repeat(10 << 20);
    let mut lines: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    lines[4] = long_row;
    text = lines.join("\n") + "\n";
    bot.send(&text);
    let m = check_shape(&bot.reply());
    board = board
        .try_play(m)
        .expect("a legal reply from its bookkeeping");
    // The next turn is read as a turn: the long row did not shift the input.
    let reply = board
        .legal_moves()
        .iter()
        .copied()
        .find(|&c| board.play(c).outcome().is_none())
        .unwrap();
    board = board.play(reply);
    bot.send(&turn(&board, Player::First, Some(reply), "\n"));
    let m = check_shape(&bot.reply());
    assert!(board.is_legal(m), "{m} on\n{board}");
    let logged = finish_bounded(bot, &log);
    assert!(
        !logged.contains("unexpected line"),
        "the rows after the long one were read out of place:\n{logged}"
    );
}

#[test]
fn a_20_mb_line_anywhere_is_answered_within_the_memory_cap() {
    let (mut bot, log) = logged_bot("20mb");
    // Where the id should be, and as the move line.
    bot.send(&"1".repeat(20 << 20));
    bot.send("\n1\n");
    let board = Board::start();
    let text = turn(&board, Player::First, None, "\n").replace("-1 -1", &"7 ".repeat(10 << 20));
    bot.send(&text);
    let m = check_shape(&bot.reply());
    assert!(board.is_legal(m));
    finish_bounded(bot, &log);
}

#[test]
fn a_move_our_rules_reject_is_applied_and_answered_at_once() {
    // The judge's board, kept as stones: (Player 1's, Player 2's). The bot is Player 1.
    let judge = |first: u64, second: u64| Board::from_stones(first, second, Player::First).unwrap();
    let (mut bot, a) = first_stone();
    let (mut first, mut second) = (a.bit(), cell(4, 4).bit());
    bot.send(&turn(
        &judge(first, second),
        Player::First,
        Some(cell(4, 4)),
        "\n",
    ));
    let b = check_shape(&bot.reply());
    first |= b.bit();
    // The judge says Player 2 played (4, 4) again, a cell our rules say is taken, and its grid
    // shows a second stone of Player 2's at (0, 0): the grid is the board.
    second |= cell(0, 0).bit();
    let board = judge(first, second);
    bot.send(&turn(&board, Player::First, Some(cell(4, 4)), "\n"));
    let c = check_shape(&bot.reply());
    assert!(board.is_legal(c), "{c} on\n{board}");
    first |= c.bit();
    // With the grid unreadable, Player 2 plays onto the bot's stone `b` (no swap so late):
    // applied as given, the stone is Player 2's, and the bot answers on that board.
    first &= !b.bit();
    second |= b.bit();
    let board = judge(first, second);
    bot.send(&unreadable_turn(&format_move(b)));
    let d = check_shape(&bot.reply());
    assert!(board.is_legal(d), "{d} on\n{board}");
    first |= d.bit();
    // An unreadable move on an unreadable grid: still a move of a free cell.
    bot.send(&unreadable_turn("x y"));
    let e = check_shape(&bot.reply());
    assert_eq!((first | second) & e.bit(), 0, "{e} is taken");
    assert!(bot.finish().0.success());
}

#[test]
fn a_blocked_standard_error_delays_no_reply() {
    // Nobody reads the bot's stderr, so the pipe fills after a few dozen KB: unexpected lines,
    // each logged, fill it long before the turn. The bot must answer anyway, and exit at the end.
    let junk = format!("{}\n", "y".repeat(500));
    let mut input = junk.repeat(2000);
    input.push_str("1\n");
    input.push_str(&turn(&Board::start(), Player::First, None, "\n"));
    let line = reply_with_stderr_unread(BOT, &["--movetime", "15"], input);
    assert!(Board::start().is_legal(check_shape(&line)));
}

#[test]
fn the_bookkeeping_never_allows_a_known_or_seen_cell_but_the_swap() {
    use yavalath::protocol::Bookkeeping;
    let (a, b, c) = (cell(4, 4), cell(3, 3), cell(0, 0));
    // Player 2's first turn: told Player 1 played a; the swap is a's cell.
    let mut known = Bookkeeping::new();
    known.record_theirs(a);
    let board = known.board(Player::Second).expect("a position");
    assert!(known.may_print(a, Some(&board), 0), "the swap");
    assert!(known.may_print(a, Some(&board), a.bit()), "the swap, seen");
    assert!(!known.may_print(b, Some(&board), b.bit()), "seen taken");
    assert!(known.may_print(b, Some(&board), 0));
    // After the swap, a is the bot's; Player 1 plays b.
    known.record_own(a);
    known.record_theirs(b);
    assert_eq!((known.mine(), known.theirs()), (a.bit(), b.bit()));
    let board = known
        .board(Player::Second)
        .expect("a position after the swap");
    assert_eq!(board.plies(), 3);
    for m in [a, b] {
        assert!(!known.may_print(m, Some(&board), 0), "{m} is known taken");
        assert!(
            !known.may_print(m, None, 0),
            "{m} is known taken, without a board"
        );
    }
    assert!(known.may_print(c, None, 0));
    assert!(!known.may_print(c, None, c.bit()));
    // Player 1 takes the bot's stone a (a move our rules reject): applied as given.
    known.record_theirs(a);
    assert_eq!((known.mine(), known.theirs()), (0, a.bit() | b.bit()));
    // A readable grid adds what it shows.
    known.merge_grid(c.bit(), 0);
    assert_eq!(known.mine(), c.bit());
}

/// Printing to a closed stdout (`yavalath-bot --help | head -1`) ends the bot quietly: its usage,
/// perft's counts and bench's lines, with status 0 and no panic.
#[test]
fn printing_to_a_closed_stdout_ends_quietly() {
    test_support::help::bot_ends_quietly_on_a_closed_stdout(
        BOT,
        test_support::help::SOLVE_COMMANDS,
    );
}
