//! The move choosers behind `--engine`: the search, a one-ply greedy player and a random player.

use crate::board::{Board, Move};
use crate::eval::evaluate;
use crate::params::{
    time_policy, DEFAULT_MOVETIME, MAX_DEPTH, NO_SEARCH_TABLE_BYTES, OPENING_BUDGET_PERCENT,
    OPENING_MARGIN,
};
use crate::search::Searcher;
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::search::{Limits, OpeningChoice};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use rustc_hash::FxHashSet;
use std::time::{Duration, Instant};

/// A move chooser with its state for one game.
pub struct Engine {
    kind: EngineKind,
    searcher: Searcher,
    rng: SmallRng,
    opening: OpeningChoice,
    budget: Duration,
    max_depth: u32,
}

impl Engine {
    /// The engine that `options` ask for.
    pub fn new(options: &BotOptions) -> Engine {
        let searcher = if options.engine == EngineKind::Search {
            Searcher::default()
        } else {
            Searcher::new(NO_SEARCH_TABLE_BYTES)
        };
        Engine {
            kind: options.engine,
            searcher,
            rng: SmallRng::seed_from_u64(options.seed),
            opening: OpeningChoice::new(options.opening_plies, options.seed),
            budget: options.movetime.unwrap_or(DEFAULT_MOVETIME),
            max_depth: options.depth.unwrap_or(MAX_DEPTH),
        }
    }

    /// The deadline of a move whose budget started at `started` (when the opponent's move was
    /// read), shared out by [`time_policy`].
    pub fn deadline(&self, started: Instant) -> Deadline {
        time_policy().deadline(started, self.budget)
    }

    /// Chooses a move for the side to move of `board` (`None` only without a legal move).
    /// `game_positions` holds the hashes of earlier positions of the game (for repetitions);
    /// `deadline` started when the opponent's move was read. While `--opening-plies` lasts, the
    /// search's move is drawn among the moves within [`OPENING_MARGIN`] of it.
    pub fn choose(
        &mut self,
        board: &Board,
        game_positions: &FxHashSet<u64>,
        deadline: Deadline,
    ) -> Option<Move> {
        match self.kind {
            EngineKind::Search => {
                let limits = Limits::new(deadline, self.max_depth);
                self.searcher.set_game_positions(game_positions);
                let result = self.searcher.search(board, &limits);
                let best = result.best?;
                if !self.opening.active() {
                    return Some(best);
                }
                // The alternatives get what is left of the move's budget, at most a share of it.
                let left = deadline.remaining();
                let share = self.budget * OPENING_BUDGET_PERCENT / 100;
                let alternatives = Limits::new(
                    Deadline::new(Instant::now(), Duration::ZERO, left.min(share)),
                    self.max_depth,
                );
                let near =
                    self.searcher
                        .near_best_moves(board, &result, OPENING_MARGIN, &alternatives);
                Some(self.opening.choose(best, &near))
            }
            EngineKind::Greedy => greedy(board),
            EngineKind::Random => common::game::random_move(board, &mut self.rng),
        }
    }
}

/// `--engine greedy`: [`common::game::greedy`] with the evaluation, among the legal moves.
pub fn greedy(board: &Board) -> Option<Move> {
    common::game::greedy(board, &board.legal_moves(), evaluate)
}
