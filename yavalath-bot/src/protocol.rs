//! The CodinGame loop.
//!
//! ```text
//! <myId>                 once: 1 (moves first) or 2
//! 9                      every turn: the number of rows,
//! 00000                  nine rows from the top (0 empty, 1 own, 2 opponent's),
//! ...
//! <x> <y>                the opponent's last move, -1 -1 on the first turn of the game
//! ```
//!
//! The bot answers `x y` and flushes. The grid is trusted over the bot's own bookkeeping (a
//! difference is logged). A line that cannot be understood is logged on stderr and skipped; if the
//! grid is unreadable the bot falls back on its own board and the opponent's move. Stdout carries
//! only moves.

use crate::board::{Board, Cell, Cells, Player, ROWS};
use crate::engine::Engine;
use crate::notation::{format_move, parse_last_move, parse_row};
use common::cli::BotInfo;
use common::cli::BotOptions;
use common::clock::Deadline;
use common::io::{log, reply, LineReader};
use std::io::BufRead;
use std::time::Duration;

/// The contest's time limit per turn after the first, in ms.
pub const MOVE_LIMIT_MS: u64 = 100;

/// What `--help` says of this bot.
pub const BOT: BotInfo = BotInfo {
    name: "yavalath-bot",
    protocol: "stdin: the id `1` or `2`, then per turn `9`, nine grid rows and the opponent's last move `x y`; stdout: `x y`",
    limit: "1000 ms for the first turn, 100 ms after",
    default_movetime: "640 ms on the first turn and 45 ms after",
    solver: None,
};
/// The contest's time limit of a player's first turn, in ms.
pub const FIRST_MOVE_LIMIT_MS: u64 = 1000;

/// Hard budget of every turn but the first, in ms (the contest allows 100). The referee sees
/// up to 10 ms more on a loaded machine (the bot is descheduled, then replies), and replies must
/// stay within 60 ms.
pub const MOVE_BUDGET_MS: u64 = 45;
/// Hard budget of the bot's first turn, in ms (the contest allows 1000; replies within 700).
pub const FIRST_MOVE_BUDGET_MS: u64 = 640;

/// The hard budgets `(first turn, later turns)` for these options: `--movetime` sets the later
/// turns, and the first turn too when it is longer than the first-turn default.
pub fn budgets(options: &BotOptions) -> (Duration, Duration) {
    let later = options
        .movetime
        .unwrap_or(Duration::from_millis(MOVE_BUDGET_MS));
    let first = later.max(Duration::from_millis(FIRST_MOVE_BUDGET_MS));
    (first, later)
}

/// What one turn's input said.
struct Turn {
    /// Own and opponent's stones, if all nine rows parsed.
    grid: Option<(u64, u64)>,
    /// The opponent's last move, `Ok(None)` for `-1 -1`, `Err` if unreadable.
    last: Result<Option<Cell>, ()>,
}

/// Reads the rest of a turn after its `9` line; `None` at end of input.
fn read_turn<R: BufRead>(reader: &mut LineReader<R>) -> Option<Turn> {
    let (mut own, mut theirs) = (0u64, 0u64);
    let mut grid_ok = true;
    let mut pending_move_line = None;
    for row in 0..ROWS {
        let line = reader.next_line()?;
        if line.contains(' ') {
            // A move line where a row should be: the grid is short.
            log(&format!("grid row {row} missing, got '{line}'"));
            grid_ok = false;
            pending_move_line = Some(line);
            break;
        }
        match parse_row(row, &line) {
            Ok((o, t)) => {
                own |= o;
                theirs |= t;
            }
            Err(e) => {
                log(&format!("bad grid: {e}"));
                grid_ok = false;
            }
        }
    }
    let mut line = match pending_move_line {
        Some(line) => line,
        None => reader.next_line()?,
    };
    if !line.contains(' ') && line.parse::<i64>().is_ok() {
        // x and y on two lines, as the statement's wording could also be read.
        let y = reader.next_line()?;
        line = format!("{line} {y}");
    }
    let last = parse_last_move(&line).map_err(|e| log(&format!("bad last move: {e}")));
    Some(Turn {
        grid: if grid_ok { Some((own, theirs)) } else { None },
        last,
    })
}

/// Plays the contest protocol on `input` until it ends, answering on stdout.
pub fn play<R: BufRead>(input: R, options: &BotOptions) {
    let mut reader = LineReader::new(input);
    let mut engine = Engine::new(options);
    let (first_budget, later_budget) = budgets(options);
    let mut me: Option<Player> = None;
    // The board after our last reply, for checking the grid and as a fallback.
    let mut after_reply: Option<Board> = None;
    let mut turns = 0u32;

    while let Some(line) = reader.next_line() {
        if line != "9" {
            match (me, line.as_str()) {
                (None, "1") => me = Some(Player::First),
                (None, "2") => me = Some(Player::Second),
                _ => log(&format!("ignoring unexpected line '{line}'")),
            }
            continue;
        }
        let Some(turn) = read_turn(&mut reader) else {
            return;
        };
        let budget = if turns == 0 {
            first_budget
        } else {
            later_budget
        };
        let deadline = Deadline::from_now(budget);
        turns += 1;

        let player = *me.get_or_insert_with(|| match (&turn.last, turn.grid) {
            (Ok(None), _) => Player::First,
            (_, Some((own, theirs))) if own.count_ones() == theirs.count_ones() => Player::First,
            _ => Player::Second,
        });
        let board = position(&turn, player, after_reply.as_ref());
        let choice = board.as_ref().and_then(|b| engine.choose(b, deadline));
        let m = match (choice, &board) {
            (Some(m), Some(b)) if b.is_legal(m) => m,
            _ => match emergency_move(&turn, board.as_ref()) {
                Some(m) => m,
                None => {
                    log("no legal move found; answering 0 0");
                    reply("0 0");
                    continue;
                }
            },
        };
        reply(&format_move(m));
        log(&format!(
            "turn {turns}: played {} after {} ms",
            format_move(m),
            deadline.elapsed().as_millis()
        ));
        after_reply = board.map(|b| b.play(m));
    }
}

/// The position to answer: the grid's if it is readable and consistent, else the bot's own
/// board with the opponent's move played on it.
fn position(turn: &Turn, me: Player, after_reply: Option<&Board>) -> Option<Board> {
    let own_view = after_reply.and_then(|b| match turn.last {
        Ok(Some(m)) => b.try_play(m).ok(),
        _ => None,
    });
    if let Some((own, theirs)) = turn.grid {
        let (first, second) = match me {
            Player::First => (own, theirs),
            Player::Second => (theirs, own),
        };
        match Board::from_stones(first, second, me) {
            Ok(board) => {
                if let Some(b) = own_view {
                    if b.stones(Player::First) != first || b.stones(Player::Second) != second {
                        log("the grid differs from my board; trusting the grid");
                    }
                }
                return Some(board);
            }
            Err(e) => log(&format!("grid is not a position: {e}")),
        }
    }
    own_view
}

/// Any empty cell of the grid or board, when nothing better is known.
fn emergency_move(turn: &Turn, board: Option<&Board>) -> Option<Cell> {
    if let Some(b) = board {
        if let Some(&m) = b.moves().as_slice().first() {
            return Some(m);
        }
    }
    let (own, theirs) = turn.grid?;
    Cells(crate::board::ALL_CELLS & !(own | theirs)).next()
}
