//! The move choosers behind `--engine`: the search, a one-ply greedy player, and random moves;
//! and the log a call gathers ([`CallLog`]). The contest's protocol ([`crate::protocol`]) is
//! built on this module, which imports nothing of it.

use common::game::Board as _;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::search::{Limits, OpeningChoice, OpeningSearch};
use common::zobrist::splitmix64;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::board::{Board, Move};
use crate::eval::evaluate;
use crate::params::{
    time_policy, DEFAULT_MOVETIME, MAX_DEPTH, OPENING_MARGIN, SOLVER_TIME_DIVISOR, TABLE_BYTES,
};
use crate::search::Searcher;
use crate::solver;

/// The bot's name, at the head of its log lines.
pub const BOT_NAME: &str = "connect4-bot";

/// The most bytes of log a call writes: its lines are kept in memory and written at once, at
/// the end of the call (see [`CallLog`]).
pub const MAX_LOG_BYTES: usize = 4096;
const _: () = assert!(2 * crate::search::MAX_ITERATION_LOG_BYTES <= MAX_LOG_BYTES);

/// The log of one call. A call is a process of its own, so its log lines are gathered here and
/// written to stderr in one piece when the move is on disk: the search never waits on stderr (a
/// file whose every write may wait for the file system on a busy machine), and the log is
/// bounded by [`MAX_LOG_BYTES`]. Lines have the shape of `common::io`'s: `<bot>: <message>`.
#[derive(Debug, Default)]
pub struct CallLog {
    text: String,
    dropped: usize,
}

impl CallLog {
    /// Adds `<bot>: <message>`, or counts it as dropped once the log is full.
    pub fn line(&mut self, message: &str) {
        let line = format!("{}: {message}\n", BOT_NAME);
        if self.text.len() + line.len() > MAX_LOG_BYTES {
            self.dropped += 1;
        } else {
            self.text.push_str(&line);
        }
    }

    /// Adds `<bot>: warning: <message>`: a problem the bot noticed and worked around.
    pub fn warn(&mut self, message: &str) {
        self.line(&format!("warning: {message}"));
    }

    /// The lines gathered so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Writes the lines to stderr in one write. Errors are ignored: logging never costs a game.
    pub fn flush(mut self) {
        if self.dropped > 0 {
            self.text.push_str(&format!(
                "{}: warning: {} more log lines dropped\n",
                BOT_NAME, self.dropped
            ));
        }
        let _ = io::stderr().lock().write_all(self.text.as_bytes());
    }
}

/// A move chooser configured from the command line. The bot is a fresh process at every move,
/// so an engine lives for one call.
#[derive(Clone, Debug)]
pub struct Engine {
    kind: EngineKind,
    seed: u64,
    opening_plies: u32,
    budget: Duration,
    max_depth: u32,
}

impl Engine {
    /// The engine that `options` ask for.
    pub fn new(options: &BotOptions) -> Engine {
        Engine {
            kind: options.engine,
            seed: options.seed,
            opening_plies: options.opening_plies,
            budget: options.movetime.unwrap_or(DEFAULT_MOVETIME),
            max_depth: options.depth.unwrap_or(MAX_DEPTH),
        }
    }

    /// The deadline of a move whose budget started at `started` (the start of the call),
    /// shared out by [`time_policy`].
    pub fn deadline(&self, started: Instant) -> Deadline {
        time_policy().deadline(started, self.budget)
    }

    /// The move the engine chooses on `board` by `deadline`, `None` only without legal moves;
    /// what the search found goes to `log`.
    ///
    /// With `--opening-plies N`, the team's first N moves are drawn among the best and the moves
    /// [`Searcher::near_best_moves`] proves within [`OPENING_MARGIN`] of it. Each move is a call
    /// of its own, so the draw is seeded by `--seed` and the position: the same seed replays the
    /// same game.
    pub fn choose(&mut self, board: &Board, log: &mut CallLog, deadline: Deadline) -> Option<Move> {
        match self.kind {
            EngineKind::Search => {
                // With no power left to either team the game is classic Connect 4: the solver
                // plays it perfectly when it finishes within its share of the time left; else
                // the search plays, with the rest.
                let solver_deadline =
                    Deadline::from_now(deadline.remaining() / SOLVER_TIME_DIVISOR.get());
                if let Some((m, score)) = solver::solve_in_play(board, solver_deadline) {
                    log.line(&format!("solved: {m} keeps the score {score}"));
                    return Some(m);
                }
                let limits = Limits::new(deadline, self.max_depth);
                let mut searcher = Searcher::new(TABLE_BYTES);
                let result = searcher.search(board, &limits);
                for line in searcher.take_log().lines() {
                    log.line(line);
                }
                let best = result.best?;
                let own_moves = u32::from(board.moves_made(board.side_to_move()));
                if own_moves >= self.opening_plies {
                    return Some(best);
                }
                let near = searcher.near_best_moves(board, &result, OPENING_MARGIN, &limits);
                let mut opening = OpeningChoice::new(1, splitmix64(self.seed ^ board.hash()));
                let chosen = opening.choose(best, &near);
                let near: Vec<String> = near.iter().map(Move::to_string).collect();
                log.line(&format!(
                    "opening move {chosen} drawn among {best} and [{}]",
                    near.join(", ")
                ));
                Some(chosen)
            }
            EngineKind::Greedy => greedy(board),
            EngineKind::Random => random(board, self.seed),
        }
    }
}

/// `--engine greedy`: [`common::game::greedy`] with the evaluation, among the legal moves.
pub fn greedy(board: &Board) -> Option<Move> {
    common::game::greedy(board, &board.legal_moves(), evaluate)
}

/// `--engine random`: [`common::game::random_move`], the generator seeded with `seed` and the
/// position, since the bot is a fresh process at every move.
pub fn random(board: &Board, seed: u64) -> Option<Move> {
    common::game::random_move(board, &mut SmallRng::seed_from_u64(seed ^ board.hash()))
}
