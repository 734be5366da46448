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
use common::engine::EngineDefaults;
use common::game::Board as _;
use rustc_hash::FxHashSet;
use std::time::{Duration, Instant};

/// A move chooser with its state for one game: [`common::engine::Engine`] over this game's
/// search.
pub struct Engine {
    engine: common::engine::Engine<Searcher>,
}

impl Engine {
    /// The engine that `options` ask for.
    pub fn new(options: &BotOptions) -> Engine {
        let searcher = if options.engine == EngineKind::Search {
            Searcher::default()
        } else {
            Searcher::new(NO_SEARCH_TABLE_BYTES)
        };
        let defaults = EngineDefaults {
            movetime: DEFAULT_MOVETIME,
            first_movetime: None,
            max_depth: MAX_DEPTH,
            time_policy: time_policy(),
        };
        Engine {
            engine: common::engine::Engine::new(options, searcher, defaults),
        }
    }

    /// The deadline of a move whose budget started at `started` (when the opponent's move was
    /// read), shared out by [`time_policy`].
    pub fn deadline(&self, started: Instant) -> Deadline {
        self.engine.deadline(started)
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
        self.engine
            .choose(board, &board.legal_moves(), evaluate, |engine| {
                engine.searcher.set_game_positions(game_positions);
                let result = engine.search(board, &engine.limits(deadline));
                // The alternatives get what is left of the move's budget, at most a share of it.
                let share = engine.budget() * OPENING_BUDGET_PERCENT / 100;
                let left = deadline.remaining().min(share);
                let alternatives =
                    engine.limits(Deadline::new(Instant::now(), Duration::ZERO, left));
                engine.draw_opening(board, &result, OPENING_MARGIN, &alternatives)
            })
    }
}
