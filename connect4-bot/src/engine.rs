//! The move choosers behind `--engine`: the search, a one-ply greedy player, and random moves.

use std::time::Duration;

use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::board::{Board, Move, Outcome};
use crate::eval::evaluate;
use crate::protocol::CallLog;
use crate::search::{Searcher, DEFAULT_TABLE_BYTES, MATE};

/// The hard budget of a move when `--movetime` is not given: far inside the contest's 2 s, even
/// with the machine's other core busy and the process's start-up counted.
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(1200);

/// The deadline of one move under `options`, running from now.
pub fn deadline(options: &BotOptions) -> Deadline {
    Deadline::from_now(options.movetime.unwrap_or(DEFAULT_BUDGET))
}

/// The move `options.engine` chooses on `board`, `None` only without legal moves; what the
/// search found goes to `log`.
pub fn choose(
    board: &Board,
    options: &BotOptions,
    deadline: Deadline,
    log: &mut CallLog,
) -> Option<Move> {
    match options.engine {
        EngineKind::Search => {
            let mut searcher = Searcher::new(DEFAULT_TABLE_BYTES);
            searcher.verbose = false;
            let result = searcher.search(board, deadline, options.depth);
            let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
            log.line(&format!(
                "depth {} score {} nodes {} pv {}",
                result.depth,
                result.score,
                result.nodes,
                pv.join(", ")
            ));
            result.best
        }
        EngineKind::Greedy => greedy(board),
        EngineKind::Random => random(board, options.seed),
    }
}

/// A winning move if there is one, else the move after which the evaluation (from the mover's
/// side) is best; a move that hands the opponent a four scores as a loss. Ties go to the first
/// move in generation order.
pub fn greedy(board: &Board) -> Option<Move> {
    let me = board.to_move();
    let mut best: Option<(i32, Move)> = None;
    for &m in board.legal_moves().as_slice() {
        let child = board.play(m);
        let score = match child.outcome() {
            Some(Outcome::Win(t)) if t == me => return Some(m),
            Some(Outcome::Win(_)) => -MATE,
            Some(Outcome::Draw) => 0,
            None => -evaluate(&child),
        };
        if best.map_or(true, |(s, _)| score > s) {
            best = Some((score, m));
        }
    }
    best.map(|(_, m)| m)
}

/// A uniformly random legal move. The generator is seeded with `seed` and the position, since
/// the bot is a fresh process at every move.
pub fn random(board: &Board, seed: u64) -> Option<Move> {
    let moves = board.legal_moves();
    let mut rng = SmallRng::seed_from_u64(seed ^ board.hash());
    moves.choose(&mut rng).copied()
}
