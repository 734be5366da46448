//! The frame of every bot's `--engine search|greedy|random` ([`Engine`]), apart from the search
//! it drives, so that the command line's words and the search's stay in their own files.

use crate::cli::{BotOptions, EngineKind};
use crate::clock::Deadline;
use crate::game::{greedy, random_move, Board};
use crate::search::{Limits, OpeningChoice};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::time::Duration;

/// The frame of every bot's `--engine search|greedy|random`: what an engine holds in every game,
/// as the command line sets it up, over the game's searcher `S`, and the choice it makes alike
/// between a sparring partner's move and the search's turn. What a game's search does on its
/// turn (a book, a solver, restricted moves, the opening draw's budget) is the game's own, in
/// its `engine.rs`.
pub struct Engine<S> {
    /// `--engine`: which chooser plays.
    pub kind: EngineKind,
    /// The game's search, its tables kept from move to move.
    pub searcher: S,
    /// `--engine random`'s generator, seeded by `--seed`.
    pub rng: SmallRng,
    /// `--opening-plies`' draws, seeded by `--seed`.
    pub opening: OpeningChoice,
    /// A move's budget: `--movetime`, else the game's default.
    pub budget: Duration,
    /// The deepest iteration: `--depth`, else the game's.
    pub max_depth: u32,
}

impl<S> Engine<S> {
    /// The engine `options` ask for, searching with `searcher`; without `--movetime` and
    /// `--depth`, the game's `movetime` and `max_depth`.
    pub fn new(options: &BotOptions, searcher: S, movetime: Duration, max_depth: u32) -> Self {
        Engine {
            kind: options.engine,
            searcher,
            rng: SmallRng::seed_from_u64(options.seed),
            opening: OpeningChoice::new(options.opening_plies, options.seed),
            budget: options.movetime.unwrap_or(movetime),
            max_depth: options.depth.unwrap_or(max_depth),
        }
    }

    /// What a search may spend by `deadline`, at most the engine's depth.
    pub fn limits(&self, deadline: Deadline) -> Limits {
        Limits::new(deadline, self.max_depth)
    }

    /// The move for the side to move of `board`: the [`greedy`] move by the game's `evaluate`,
    /// a random one, or the search's turn, `search` (the game's own); `None` only without a
    /// legal move.
    pub fn choose<B: Board>(
        &mut self,
        board: &B,
        evaluate: fn(&B) -> i32,
        search: impl FnOnce(&mut Self) -> Option<B::Move>,
    ) -> Option<B::Move> {
        match self.kind {
            EngineKind::Search => search(self),
            EngineKind::Greedy => greedy(board, &board.legal_moves(), evaluate),
            EngineKind::Random => random_move(board, &mut self.rng),
        }
    }
}
