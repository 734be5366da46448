//! The move choosers behind `--engine`: the search, a one-ply greedy player, a random player.

use crate::board::{Board, Move, MoveList};
use crate::eval::evaluate;
use crate::params::{time_policy, DEFAULT_MOVETIME, MAX_DEPTH, OPENING_MARGIN, TABLE_BYTES};
use crate::search::Searcher;
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::engine::EngineDefaults;
use common::game::Board as _;
use std::time::Instant;

/// A move chooser with its state: [`common::engine::Engine`] over this game's search, and the
/// moves the next choice is restricted to.
pub struct Engine {
    engine: common::engine::Engine<Searcher>,
    /// The moves the next choice is restricted to, if any.
    allowed: Option<MoveList>,
}

impl Engine {
    /// The engine the options ask for.
    pub fn new(options: &BotOptions) -> Engine {
        // Only the search needs a table; the sparring partners keep the memory for the game.
        let table_bytes = match options.engine {
            EngineKind::Search => TABLE_BYTES,
            EngineKind::Greedy | EngineKind::Random => 0,
        };
        let mut searcher = Searcher::new(table_bytes);
        searcher.verbose = true;
        let defaults = EngineDefaults {
            movetime: DEFAULT_MOVETIME,
            first_movetime: None,
            max_depth: MAX_DEPTH,
            time_policy: time_policy(),
        };
        Engine {
            engine: common::engine::Engine::new(options, searcher, defaults),
            allowed: None,
        }
    }

    /// The deadline of a move whose budget started at `started` (when the opponent's move was
    /// read), shared out by [`time_policy`].
    pub fn deadline(&self, started: Instant) -> Deadline {
        self.engine.deadline(started)
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
        self.engine.choose(board, &moves, evaluate, |engine| {
            let limits = engine.limits(deadline);
            engine.searcher.set_allowed_root_moves(allowed);
            let result = engine.search(board, &limits);
            let chosen = engine.draw_opening(board, &result, OPENING_MARGIN, &limits);
            engine.searcher.set_allowed_root_moves(None);
            chosen
        })
    }
}

/// `--engine greedy`: [`common::game::greedy`] with the evaluation, among the legal moves.
pub fn greedy(board: &Board) -> Option<Move> {
    common::game::greedy(board, &board.legal_moves(), evaluate)
}
