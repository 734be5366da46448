//! The contest loop.
//!
//! stdin: `1` (we are Sentinel and move first) or `0` (Scourge; `2` is accepted too), then each
//! opponent move `r1 c1 r2 c2`. stdout: each of our moves on one line, flushed. End of input ends
//! the game.
//!
//! Every line after the id line is the judge asking for our move, so every one is answered at
//! once with a legal move, even one that cannot be understood: the judge is the authority on
//! the opponent's moves, and a bot that waits loses on time. How a move our rules reject is
//! followed is the crate doc's "When the judge sends a move our rules reject".

use crate::board::{Board, Move, MoveList, Outcome, Side};
use crate::engine::Engine;
use crate::notation::parse_move;
use crate::solve;
use common::cli::{BotInfo, BotOptions, Contest, Solver};
use common::game::Board as _;
use common::io::{quote, warn, LineReader};
use std::io::{self, BufRead};
use std::time::{Duration, Instant};

/// The contest's limits (time per move, memory), as `--help` quotes them and the referee plays
/// by them.
pub const CONTEST: Contest = Contest::timing("move", Duration::from_millis(2000)).memory_mb(20);

/// The bot: what `--help` says of it, and what its `main` runs.
pub const BOT: BotInfo = common::bot_info! {
    name: "krieg-bot",
    protocol: "stdin: `1` (Sentinel, moves first) or `0` (Scourge), then the opponent's moves `r1 c1 r2 c2`; stdout: our moves",
    contest: CONTEST,
    solver: Solver {
        arguments: solve::ARGUMENTS,
        run: solve::main,
    },
};

/// The side an id line gives us: [`common::game::parse_id`], and `0` for Scourge too.
pub fn parse_side(line: &str) -> Option<Side> {
    match line {
        "0" => Some(Side::Scourge),
        _ => common::game::parse_id::<Board>(line),
    }
}

/// Plays one game on standard input and output until end of input.
pub fn run(options: &BotOptions) {
    play(io::stdin().lock(), options, common::io::reply);
}

/// Plays one game: the id line and the opponent's moves from `input`, each of our moves given
/// to `reply` ([`common::io::reply`] ends the process when the judge has closed our output).
/// Returns at end of input.
pub fn play<R: BufRead>(input: R, options: &BotOptions, mut reply: impl FnMut(&str)) {
    let mut input = LineReader::new(input);
    let input = &mut input;
    let mut engine = Engine::new(options);
    let Some((us, first_line)) = read_side(input) else {
        return;
    };
    let mut board = Board::start();
    let mut started = Instant::now();
    if let Some(line) = first_line {
        board = opponent_moved(&board, us, &line);
    }
    loop {
        if board.side_to_move() == us {
            if let Some(mv) = answer(&mut engine, &board, started) {
                reply(&mv.to_string());
                board = board.play(mv);
            }
        }
        let Some(line) = input.next_line() else {
            return;
        };
        started = Instant::now();
        board = opponent_moved(&board, us, &line);
    }
}

/// Reads up to the id line: our side, and the line to take as the opponent's first move when
/// the judge sent a move before any id line (only Scourge answers a move, so we are Scourge).
/// Other lines are logged and skipped. `None` at end of input.
fn read_side<R: BufRead>(input: &mut LineReader<R>) -> Option<(Side, Option<String>)> {
    loop {
        let line = input.next_line()?;
        if let Some(side) = parse_side(&line) {
            return Some((side, None));
        }
        if parse_move(&line).is_ok() {
            warn(&format!(
                "a move before the id line, {}: playing Scourge, the side that answers a move",
                quote(&line)
            ));
            return Some((Side::Scourge, Some(line)));
        }
        warn(&format!(
            "expected the id line 1 or 0, got {}",
            quote(&line)
        ));
    }
}

/// The board after the opponent's `line`, with `us` to move whatever the line was: the judge
/// has asked for our move. A legal move is played; a move our rules reject is applied as given
/// if the pieces allow it ([`Board::force_play`]); otherwise our board is kept.
pub fn opponent_moved(board: &Board, us: Side, line: &str) -> Board {
    // Our board has us to move only when we had no move to answer with: the judge went on.
    let before = board.with_side_to_move(us.other());
    let mv = match parse_move(line) {
        Ok(mv) => mv,
        Err(why) => {
            warn(&format!(
                "cannot apply {}: {why}; keeping our board and answering",
                quote(line)
            ));
            return before.with_side_to_move(us);
        }
    };
    let rejected = match before.try_play(mv) {
        Ok(next) => return next,
        Err(why) => why,
    };
    match before.force_play(mv) {
        Ok(next) => {
            warn(&format!(
                "applied {} as given, though our rules reject it ({rejected}): \
                 playing on from the judge's board",
                quote(line)
            ));
            next
        }
        Err(why) => {
            warn(&format!(
                "cannot apply {}: {why}; keeping our board and answering",
                quote(line)
            ));
            before.with_side_to_move(us)
        }
    }
}

/// Our move in `board`: the engine's, or when our rules see the game as over, a move our pieces
/// can make (the judge, asking for a move, sees the game going on). `None` only when no piece of
/// ours can move at all.
fn answer(engine: &mut Engine, board: &Board, started: Instant) -> Option<Move> {
    if let Some(mv) = engine.choose(board, engine.deadline(started)) {
        return Some(mv);
    }
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    let Some(&mv) = moves.first() else {
        warn("no piece of ours can move: nothing to answer");
        return None;
    };
    let outcome = match board.outcome() {
        Some(Outcome::Win { winner, reason }) => format!("{winner:?} won: {reason}"),
        Some(Outcome::Draw) => "a draw".to_string(),
        None => "no legal move".to_string(),
    };
    warn(&format!(
        "our rules end the game here ({outcome}), but the judge asks for a move: {mv}"
    ));
    Some(mv)
}
