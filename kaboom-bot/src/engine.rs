//! The move choosers behind `--engine`: the search, a one-ply greedy player, a random player.

use crate::board::{Board, Move, MoveList};
use crate::eval::evaluate;
use crate::params::{time_policy, DEFAULT_MOVETIME, MAX_DEPTH, OPENING_MARGIN, TABLE_BYTES};
use crate::search::Searcher;
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::game::Board as _;
use common::io::log;
use common::search::{Limits, OpeningChoice, OpeningSearch};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// A move chooser with its state (the search's tables, the random generator, the opening draws).
pub struct Engine {
    kind: EngineKind,
    searcher: Option<Searcher>,
    rng: SmallRng,
    opening: OpeningChoice,
    budget: Duration,
    max_depth: u32,
    /// The moves the next choice is restricted to, if any.
    allowed: Option<MoveList>,
}

impl Engine {
    /// The engine the options ask for.
    pub fn new(options: &BotOptions) -> Engine {
        let searcher = (options.engine == EngineKind::Search).then(|| {
            let mut s = Searcher::new(TABLE_BYTES);
            s.verbose = true;
            s
        });
        Engine {
            kind: options.engine,
            searcher,
            rng: SmallRng::seed_from_u64(options.seed),
            opening: OpeningChoice::new(options.opening_plies, options.seed),
            budget: options.movetime.unwrap_or(DEFAULT_MOVETIME),
            max_depth: options.depth.unwrap_or(MAX_DEPTH),
            allowed: None,
        }
    }

    /// The deadline of a move whose budget started at `started` (when the opponent's move was
    /// read), shared out by [`time_policy`].
    pub fn deadline(&self, started: Instant) -> Deadline {
        time_policy().deadline(started, self.budget)
    }

    /// Restricts the next choice to the legal moves among `moves` (all legal moves if none of
    /// them is).
    pub fn restrict_next_move(&mut self, moves: MoveList) {
        self.allowed = Some(moves);
    }

    /// A legal move for the side to move of `board` (`None` only when the game is over).
    pub fn choose(&mut self, board: &Board, deadline: Deadline) -> Option<Move> {
        let allowed = self.allowed.take();
        let legal = board.legal_moves();
        let mut moves = MoveList::new();
        for &m in legal.iter() {
            if allowed.as_ref().map_or(true, |a| a.contains(&m)) {
                moves.push(m);
            }
        }
        if moves.is_empty() {
            moves = legal;
        }
        if moves.is_empty() {
            return None;
        }
        Some(match self.kind {
            EngineKind::Random => *moves.as_slice().choose(&mut self.rng)?,
            EngineKind::Greedy => common::game::greedy(board, &moves, evaluate)?,
            EngineKind::Search => {
                let searcher = self
                    .searcher
                    .get_or_insert_with(|| Searcher::new(TABLE_BYTES));
                let limits = Limits::new(deadline, self.max_depth);
                searcher.set_allowed_root_moves(allowed);
                let result = searcher.search(board, &limits);
                let best = result.best?;
                if !self.opening.active() {
                    searcher.set_allowed_root_moves(None);
                    return Some(best);
                }
                let near = searcher.near_best_moves(board, &result, OPENING_MARGIN, &limits);
                searcher.set_allowed_root_moves(None);
                let drawn = self.opening.choose(best, &near);
                log(&format!(
                    "opening: drew 1 of {} moves within {OPENING_MARGIN} of the best",
                    near.len() + 1
                ));
                drawn
            }
        })
    }
}

/// `--engine greedy`: [`common::game::greedy`] with the evaluation, among the legal moves.
pub fn greedy(board: &Board) -> Option<Move> {
    common::game::greedy(board, &board.legal_moves(), evaluate)
}
