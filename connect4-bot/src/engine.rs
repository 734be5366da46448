//! The move choosers behind `--engine`: the search, a one-ply greedy player, and random moves;
//! and the log a call gathers ([`CallLog`]). The contest's protocol ([`crate::protocol`]) is
//! built on this module, which imports nothing of it.

use common::game::Board as _;
use std::io::{self, Write};
use std::time::Instant;

use common::cli::BotOptions;
use common::clock::Deadline;
use common::engine::EngineDefaults;

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

/// A move chooser configured from the command line: [`common::engine::Engine`] over this
/// game's search. The bot is a fresh process at every move, so an engine lives for one call and
/// seeds its draws by the position ([`common::engine::Engine::seed_for_position`]).
pub struct Engine {
    engine: common::engine::Engine<Searcher>,
}

impl Engine {
    /// The engine that `options` ask for.
    pub fn new(options: &BotOptions) -> Engine {
        let defaults = EngineDefaults {
            movetime: DEFAULT_MOVETIME,
            first_movetime: None,
            max_depth: MAX_DEPTH,
            time_policy: time_policy(),
        };
        Engine {
            engine: common::engine::Engine::new(options, Searcher::new(TABLE_BYTES), defaults),
        }
    }

    /// The deadline of a move whose budget started at `started` (the start of the call),
    /// shared out by [`time_policy`].
    pub fn deadline(&self, started: Instant) -> Deadline {
        self.engine.deadline(started)
    }

    /// The move the engine chooses on `board` by `deadline`, `None` only without legal moves;
    /// what the search found goes to `log`.
    ///
    /// With `--opening-plies N`, the team's first N moves are drawn among the best and the moves
    /// the search proves within [`OPENING_MARGIN`] of it, seeded by `--seed` and the position:
    /// the same seed replays the same game.
    pub fn choose(&mut self, board: &Board, log: &mut CallLog, deadline: Deadline) -> Option<Move> {
        let own_moves = u32::from(board.moves_made(board.side_to_move()));
        self.engine.seed_for_position(board.hash(), own_moves);
        self.engine
            .choose(board, &board.legal_moves(), evaluate, |engine| {
                // With no power left to either team the game is classic Connect 4: the solver
                // plays it perfectly when it finishes within its share of the time left; else
                // the search plays, with the rest.
                let solver_deadline =
                    Deadline::from_now(deadline.remaining() / SOLVER_TIME_DIVISOR.get());
                if let Some((m, score)) = solver::solve_in_play(board, solver_deadline) {
                    log.line(&format!("solved: {m} keeps the score {score}"));
                    return Some(m);
                }
                let limits = engine.limits(deadline);
                let result = engine.search(board, &limits);
                let chosen = engine.draw_opening(board, &result, OPENING_MARGIN, &limits);
                for line in engine.searcher.take_log().lines() {
                    log.line(line);
                }
                chosen
            })
    }
}

/// `--engine greedy`: [`common::game::greedy`] with the evaluation, among the legal moves.
pub fn greedy(board: &Board) -> Option<Move> {
    common::game::greedy(board, &board.legal_moves(), evaluate)
}
