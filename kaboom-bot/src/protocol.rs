//! The contest loop.
//!
//! ```text
//! stdin:  1 | 2                     our player number (Player 1 places its bomb first)
//!         j                         the opponent's bomb column, in our frame (7 − its own j)
//!         x,i1,j1,i2,j2             each opponent move, in our frame
//! stdout: j                         our bomb column (our base is row 0)
//!         x,i1,j1,i2,j2             each of our moves, in our frame
//! ```
//!
//! Player 1 prints its column first, then reads Player 2's; Player 2 reads Player 1's column and
//! prints its own. The move's deadline starts right after the opponent's line is read. Every line
//! from the judge is the opponent's move and asks for ours: a move our rules reject is applied as
//! given where the pieces allow it, and a line that cannot be applied at all leaves our board as
//! it is, and we move (see the crate's docs, "When the judge sends a move our rules reject").
//! Either is logged as a warning quoting the line.

use crate::board::{Board, ForcePlayError, IllegalMoveError, MoveKind, MoveList, Player};
use crate::engine::Engine;
use crate::notation::{format_move, parse_move, ParseMoveError};
use common::cli::{BotInfo, BotOptions, Contest};
use common::game::Board as _;
use common::io::{log, quote, warn, LineReader};
use std::fmt;
use std::io::BufRead;
use std::time::{Duration, Instant};

/// The contest's limits (time per move, memory), as `--help` quotes them and the referee plays
/// by them.
pub const CONTEST: Contest = Contest::timing("move", Duration::from_millis(2000)).memory_mb(8);

/// The bot: what `--help` says of it, and what its `main` runs.
pub const BOT: BotInfo = common::bot_info! {
    name: "kaboom-bot",
    protocol: "stdin: `1` or `2`, the opponent's column, then its moves `x,i1,j1,i2,j2`, all in our own frame; stdout: our column, then our moves",
    contest: CONTEST,
};

/// How a line from the judge was taken onto our board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reception {
    /// A legal move of the opponent, played.
    Legal,
    /// A well-formed move our rules reject, applied as given ([`Board::force_play`]).
    Forced(IllegalMoveError),
    /// A move our rules reject whose pieces are not where it says: our board is kept and the
    /// turn passes to us ([`Board::skip_turn`]), the colour we must move that of its landing
    /// square.
    Unplayable(IllegalMoveError, ForcePlayError),
    /// A malformed line: our board is kept and the turn passes to us, our move free; we pass the
    /// bomb if we can, since a pass is legal whatever colour the judge requires of us.
    Malformed(ParseMoveError),
    /// A line while our rules give the turn to nobody else (the game is over on our board after
    /// the opponent's last move): nothing to apply, nobody to answer.
    Ignored,
}

impl fmt::Display for Reception {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reception::Legal => write!(f, "a legal move"),
            Reception::Forced(e) => {
                write!(f, "our rules reject it ({e}); applied as given")
            }
            Reception::Unplayable(e, why) => write!(
                f,
                "our rules reject it ({e}) and it cannot be applied ({why}); our board is kept and we move"
            ),
            Reception::Malformed(e) => write!(
                f,
                "it is malformed ({e}); our board is kept and we move, passing the bomb if we can"
            ),
            Reception::Ignored => write!(f, "the game is over on our board; nothing to answer"),
        }
    }
}

/// Plays one game on standard input and output; returns at end of input.
pub fn run(options: &BotOptions) {
    play(std::io::stdin().lock(), options, common::io::reply);
}

/// Plays one game: the id line and the opponent's moves from `input`, each of our moves given
/// to `reply`. Returns at end of input.
pub fn play<R: BufRead>(input: R, options: &BotOptions, mut reply: impl FnMut(&str)) {
    let mut reader = LineReader::new(input);
    let me = loop {
        let Some(line) = reader.next_line() else {
            return;
        };
        match common::game::parse_id::<Board>(&line) {
            Some(me) => break me,
            None => warn(&format!(
                "expected our player number, 1 or 2; skipped {}",
                quote(&line)
            )),
        }
    };
    let mut engine = Engine::new(options);
    let mut board = Board::start();
    let mut deadline = engine.deadline(Instant::now());
    loop {
        if board.side_to_move() == me && board.outcome().is_none() {
            if let Some(m) = engine.choose(&board, deadline) {
                let text = format_move(m, me);
                reply(&text);
                log(&format!(
                    "played {text} after {} ms",
                    deadline.elapsed().as_millis()
                ));
                board = board.play(m);
            }
        }
        let Some(line) = reader.next_line() else {
            return;
        };
        deadline = engine.deadline(Instant::now());
        let (next, reception) = receive(&board, &line, me);
        if reception != Reception::Legal {
            warn(&format!("opponent move {}: {reception}", quote(&line)));
        }
        board = next;
        if matches!(reception, Reception::Malformed(_)) {
            // The colour the judge requires of us is unknown, but a pass is legal whatever it is.
            engine.restrict_next_move(passes(&board));
        }
    }
}

/// Our board after the judge's `line` (the opponent's move, written in our frame `me`), and how
/// it was taken. Unless the game is over on our board, the result is always our turn.
pub fn receive(board: &Board, line: &str, me: Player) -> (Board, Reception) {
    if board.side_to_move() == me {
        return (*board, Reception::Ignored);
    }
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let m = match parse_move(board, &compact, me) {
        Ok(m) => m,
        Err(e) => return (board.skip_turn(None), Reception::Malformed(e)),
    };
    let illegal = match board.check_move(m) {
        Ok(()) => return (board.play(m), Reception::Legal),
        Err(e) => e,
    };
    match board.force_play(m) {
        Ok(next) => (next, Reception::Forced(illegal)),
        Err(why) => (
            board.skip_turn(Some(m.to())),
            Reception::Unplayable(illegal, why),
        ),
    }
}

/// The passes among the legal moves of `board`.
pub fn passes(board: &Board) -> MoveList {
    let mut passes = MoveList::new();
    for &m in board.legal_moves().iter() {
        if m.kind() == MoveKind::Pass {
            passes.push(m);
        }
    }
    passes
}
