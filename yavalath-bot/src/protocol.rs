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
//! The bot answers `x y` and flushes. Stdout carries only moves. Everything the bot has to say
//! on stderr is handed, after its reply, to the log thread (`common::io`), so that a slow or
//! blocked standard error can delay neither a reply nor the reading of the next turn.
//!
//! # Reading a turn
//!
//! A turn is the `9` line, a block of nine rows and the move line. Another row count (one or two
//! digits, but the ids `1` and `2`) starts a turn too, with a warning: the grid has nine rows
//! whatever the judge announces. The block is always nine lines, whatever they hold (an
//! over-long row arrives cut and marked, and counts as one bad row), so the bot never loses its
//! place in the input; only a line that is a move (`x y`) ends a short grid early. The move may
//! also come as two lines (`x`, then `y`). The clock of a turn starts when its row-count line
//! arrives.
//!
//! # What the bot answers from
//!
//! The grid, when all nine rows parse into a position: the judge's own board. Besides, the bot
//! keeps its own [`Bookkeeping`]: every move it printed and every opponent move it was told (a
//! swap moves a stone from one side to the other). When the grid cannot be read, or is no
//! position (2 stones against 5), it answers from that bookkeeping; when even that is no
//! position (it missed moves), it plays the best free cell it knows of. Whatever it answers
//! from, it never prints a cell it knows to be taken, nor one a row of the grid that parsed
//! shows taken (but for the swap it is entitled to).
//!
//! # When the judge sends a move our rules reject
//!
//! The judge is the authority, and the grid is the judge's board, so the bot answers from it
//! whatever our rules say of how it came about. When the grid is unreadable, the told move is
//! applied as given to the bookkeeping (a stone of the opponent on that cell, even one our rules
//! say is taken or comes after the game's end), with a warning quoting the move and why our rules
//! reject it, and the bot answers a legal move of that board at once.

use crate::board::{placement_effect, Board, Cell, Cells, Effect, Player, ALL_CELLS, ROWS};
use crate::engine::Engine;
use crate::eval::centrality;
use crate::notation::{format_move, parse_last_move, parse_row};
use crate::params::FIRST_MOVETIME;
use common::cli::BotOptions;
use common::cli::{BotInfo, Contest, Solver};
use common::game::Board as _;
use common::io::{log, quote, warn, LineReader, OVERLONG_MARKER};
use std::io::BufRead;
use std::time::{Duration, Instant};

/// The contest's limits (time per turn, the first's and the others'), as `--help` quotes them
/// and the referee plays by them.
pub const CONTEST: Contest =
    Contest::timing("turn", Duration::from_millis(100)).first_turn(Duration::from_millis(1000));

/// The bot: what `--help` says of it, and what its `main` runs.
pub const BOT: BotInfo = common::bot_info! {
    name: "yavalath-bot",
    protocol: "stdin: the id `1` or `2`, then per turn `9`, nine grid rows and the opponent's last move `x y`; stdout: `x y`",
    contest: CONTEST,
    first_movetime: FIRST_MOVETIME,
    solver: Solver {
        arguments: crate::proof::ARGUMENTS,
        run: crate::proof::main,
    },
};

/// What the bot knows of the stones from its own replies and the moves it was told, kept
/// whether or not the grids can be read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bookkeeping {
    mine: u64,
    theirs: u64,
}

impl Bookkeeping {
    /// Nothing known yet.
    pub fn new() -> Bookkeeping {
        Bookkeeping::default()
    }

    /// The cells known to hold the bot's stones.
    pub fn mine(&self) -> u64 {
        self.mine
    }

    /// The cells known to hold the opponent's stones.
    pub fn theirs(&self) -> u64 {
        self.theirs
    }

    /// Every cell known to be taken.
    pub fn taken(&self) -> u64 {
        self.mine | self.theirs
    }

    /// The bot printed `m` (a swap takes the opponent's stone).
    pub fn record_own(&mut self, m: Cell) {
        self.theirs &= !m.bit();
        self.mine |= m.bit();
    }

    /// The opponent was said to play `m` (a swap takes the bot's stone; so does a move our rules
    /// reject, which is applied as given).
    pub fn record_theirs(&mut self, m: Cell) {
        self.mine &= !m.bit();
        self.theirs |= m.bit();
    }

    /// A readable grid, `own` and `theirs` as the bot is sent them: every stone it shows is
    /// taken by the side it shows. Cells it shows empty stay as known (the grid is the judge's
    /// board, but a cell the bot saw taken is never worth printing).
    pub fn merge_grid(&mut self, own: u64, theirs: u64) {
        self.mine = (self.mine | own) & !theirs;
        self.theirs = (self.theirs | theirs) & !own;
    }

    /// The position these stones make with `me` to move, if they make one (they do not when the
    /// bot has missed moves).
    pub fn board(&self, me: Player) -> Option<Board> {
        let (first, second) = match me {
            Player::First => (self.mine, self.theirs),
            Player::Second => (self.theirs, self.mine),
        };
        Board::from_stones(first, second, me).ok()
    }

    /// True if the bot may print `m` on `board`: legal there, and neither a cell known to be
    /// taken nor one `seen` taken (on the rows of the grid that parsed), except Player 2's swap of
    /// the one stone it was told of.
    pub fn may_print(&self, m: Cell, board: Option<&Board>, seen: u64) -> bool {
        let legal = board.map_or(true, |b| b.is_legal(m));
        let swap =
            board.and_then(Board::swap_cell) == Some(m) && self.mine == 0 && self.theirs == m.bit();
        legal && ((self.taken() | seen) & m.bit() == 0 || swap)
    }
}

/// What one turn's input said.
struct Turn {
    /// Own and opponent's stones on the rows that parsed.
    own: u64,
    theirs: u64,
    /// All nine rows parsed.
    complete: bool,
    /// The opponent's last move, `Ok(None)` for `-1 -1`, `Err` if unreadable.
    last: Result<Option<Cell>, ()>,
    /// Problems found, for the log after the reply.
    notes: Vec<String>,
}

/// Reads the rest of a turn after its `9` line: nine row lines (fewer only if a move line comes
/// early), then the move; `None` at end of input.
fn read_turn<R: BufRead>(reader: &mut LineReader<R>) -> Option<Turn> {
    let mut turn = Turn {
        own: 0,
        theirs: 0,
        complete: true,
        last: Err(()),
        notes: Vec::new(),
    };
    let mut pending_move_line = None;
    for row in 0..ROWS {
        let line = reader.next_line()?;
        if is_move_line(&line) {
            // A move line where a row should be: the grid is short.
            turn.notes
                .push(format!("grid row {row} missing, got {}", quote(&line)));
            turn.complete = false;
            pending_move_line = Some(line);
            break;
        }
        match parse_row(row, &line) {
            Ok((own, theirs)) => {
                turn.own |= own;
                turn.theirs |= theirs;
            }
            Err(e) => {
                turn.notes.push(format!("bad grid: {e}"));
                turn.complete = false;
            }
        }
    }
    let mut line = match pending_move_line {
        Some(line) => line,
        None => reader.next_line()?,
    };
    if line.len() <= 2 && line.parse::<i8>().is_ok() {
        // x and y on two lines, as the statement's wording could also be read.
        let y = reader.next_line()?;
        line = format!("{line} {y}");
    }
    turn.last = parse_last_move(&line).map_err(|e| {
        turn.notes.push(format!("bad last move: {e}"));
    });
    Some(turn)
}

/// True if `line` is a move (`x y`, nothing more), which ends a short grid early. An over-long
/// line is a row gone wrong, whatever its first bytes say.
fn is_move_line(line: &str) -> bool {
    !line.ends_with(OVERLONG_MARKER)
        && line.split(' ').count() == 2
        && parse_last_move(line).is_ok()
}

/// Plays the contest protocol on standard input until it ends, answering on stdout.
pub fn run(options: &BotOptions) {
    play(std::io::stdin().lock(), options, common::io::reply);
}

/// Plays one game: the turns from `input`, each of our moves given to `reply`. Returns at end
/// of input.
pub fn play<R: BufRead>(input: R, options: &BotOptions, mut reply: impl FnMut(&str)) {
    let mut reader = LineReader::new(input);
    let mut engine = Engine::new(options);
    let mut me: Option<Player> = None;
    let mut known = Bookkeeping::new();
    // The board after our last reply, to tell when our rules reject the opponent's move.
    let mut after_reply: Option<Board> = None;
    let mut turns = 0u32;

    while let Some(line) = reader.next_line() {
        let id = common::game::parse_id::<Board>(&line);
        // The row count: `9`, or another number of one or two digits but an id.
        let Some(rows) = line
            .parse::<u8>()
            .ok()
            .filter(|_| line.len() < 3 && id.is_none())
        else {
            match (me, id) {
                (None, Some(side)) => me = Some(side),
                _ => warn(&format!("ignoring unexpected line {}", quote(&line))),
            }
            continue;
        };
        let started = Instant::now();
        let Some(mut turn) = read_turn(&mut reader) else {
            return;
        };
        if rows != 9 {
            turn.notes.push(format!("{rows} rows announced, not 9"));
        }
        let deadline = engine.deadline(started, turns == 0);
        turns += 1;

        let player = *me.get_or_insert_with(|| match turn.last {
            Ok(None) => Player::First,
            _ if turn.complete && turn.own.count_ones() == turn.theirs.count_ones() => {
                Player::First
            }
            _ => Player::Second,
        });
        if let Ok(Some(m)) = turn.last {
            if let Some(Err(e)) = after_reply.map(|b| b.try_play(m)) {
                turn.notes.push(format!(
                    "the judge's move {} breaks our rules ({e}); applied as given",
                    quote(&format_move(m))
                ));
            }
            known.record_theirs(m);
        }
        let board = position(&mut turn, player, &mut known);
        // What the rows that parsed show taken: a grid that is no position, or is cut short,
        // still shows cells the bot must not print.
        let seen = turn.own | turn.theirs;
        let chosen = board
            .as_ref()
            .and_then(|b| engine.choose(b, deadline))
            .filter(|&m| known.may_print(m, board.as_ref(), seen))
            .or_else(|| free_cell(board.as_ref(), &known, seen));
        match chosen {
            Some(m) => {
                reply(&format_move(m));
                known.record_own(m);
                after_reply = board.and_then(|b| b.try_play(m).ok());
            }
            None => turn
                .notes
                .push("every cell I know of is taken; no answer".to_string()),
        }
        let elapsed = deadline.elapsed();

        // The log, now that the reply is out.
        engine.take_log().lines().for_each(log);
        turn.notes.iter().for_each(|note| warn(note));
        log(&format!(
            "turn {turns}: played {} after {} ms",
            chosen.map_or_else(|| "nothing".to_string(), format_move),
            elapsed.as_millis()
        ));
    }
}

/// The position to answer: the grid's if it is readable and a position, else the one the
/// bookkeeping makes, if any. The bookkeeping learns what a readable grid shows.
fn position(turn: &mut Turn, me: Player, known: &mut Bookkeeping) -> Option<Board> {
    if turn.complete {
        let (first, second) = match me {
            Player::First => (turn.own, turn.theirs),
            Player::Second => (turn.theirs, turn.own),
        };
        match Board::from_stones(first, second, me) {
            Ok(board) => {
                if known.taken() & !(turn.own | turn.theirs) != 0 {
                    turn.notes
                        .push("the grid lacks stones I know of; answering the grid".to_string());
                }
                known.merge_grid(turn.own, turn.theirs);
                return Some(board);
            }
            Err(e) => turn.notes.push(format!("the grid is not a position: {e}")),
        }
    }
    let board = known.board(me);
    turn.notes.push(match board {
        Some(_) => "answering from my own bookkeeping".to_string(),
        None => "my bookkeeping is no position; answering a free cell".to_string(),
    });
    board
}

/// The best cell free on `board` (or anywhere, without one) that is not known to be taken nor
/// `seen` taken on the rows of the grid that parsed: a winning cell, else the most central one
/// that makes no 3 of the bot's stones, else any.
fn free_cell(board: Option<&Board>, known: &Bookkeeping, seen: u64) -> Option<Cell> {
    let free = board.map_or(ALL_CELLS, Board::empty) & !known.taken() & !seen;
    let mine = known.mine() | board.map_or(0, |b| b.stones(b.side_to_move()));
    Cells(free).max_by_key(|&c| match placement_effect(mine, c) {
        Effect::Four => i32::MAX,
        Effect::Quiet => centrality(c),
        Effect::Three => -1,
    })
}
