//! The frame of every bot's `--engine search|greedy|random` ([`Engine`]), apart from the search
//! it drives, so that the command line's words and the search's stay in their own files.

use crate::cli::{BotOptions, EngineKind};
use crate::clock::{Deadline, TimePolicy};
use crate::deepening::{iterative_deepening, RootSearch};
use crate::game::{greedy, Board};
use crate::search::{Limits, OpeningChoice, SearchResult};
use crate::transposition::PackedMove;
use crate::zobrist::splitmix64;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// What a game's engine plays by when the command line does not say: its move time, its
/// deepest iteration and how it shares out a move's time.
#[derive(Clone, Copy, Debug)]
pub struct EngineDefaults {
    /// A move's budget without `--movetime`.
    pub movetime: Duration,
    /// The first turn's, where the contest gives it longer (Yavalath): `--movetime` sets it
    /// too when it is longer.
    pub first_movetime: Option<Duration>,
    /// The deepest iteration without `--depth`.
    pub max_depth: u32,
    /// How a move's budget is shared out (the crate's `params::time_policy()`).
    pub time_policy: TimePolicy,
}

/// The frame of every bot's `--engine search|greedy|random`: what an engine holds in every game,
/// as the command line sets it up, over the game's searcher `S`, and the choice it makes alike
/// between a sparring partner's move and the search's turn. What a game's search does on its
/// turn (a book, a solver, the opening draw's budget) is the game's own, in its `engine.rs`.
pub struct Engine<S> {
    /// The game's search, its tables kept from move to move.
    pub searcher: S,
    kind: EngineKind,
    seed: u64,
    /// `--engine random`'s generator, seeded by `--seed`.
    rng: SmallRng,
    opening_plies: u32,
    /// `--opening-plies`' draws, seeded by `--seed`.
    opening: OpeningChoice,
    budget: Duration,
    first_budget: Duration,
    max_depth: u32,
    max_nodes: Option<u64>,
    fixed_effort: bool,
    time_policy: TimePolicy,
}

impl<S> Engine<S> {
    /// The engine `options` ask for, searching with `searcher`; what they leave open, the
    /// game's `defaults`.
    pub fn new(options: &BotOptions, searcher: S, defaults: EngineDefaults) -> Self {
        Engine {
            searcher,
            kind: options.engine,
            seed: options.seed,
            rng: SmallRng::seed_from_u64(options.seed),
            opening_plies: options.opening_plies,
            opening: OpeningChoice::new(options.opening_plies, options.seed),
            budget: options.movetime.unwrap_or(defaults.movetime),
            first_budget: options
                .movetime
                .unwrap_or(defaults.movetime)
                .max(defaults.first_movetime.unwrap_or_default()),
            max_depth: options.depth.unwrap_or(defaults.max_depth),
            max_nodes: options.nodes,
            fixed_effort: options.depth.is_some() || options.nodes.is_some(),
            time_policy: defaults.time_policy,
        }
    }

    /// For a bot that lives one call (a fresh process at every move, Power Connect 4's game
    /// master): the draws are seeded by `--seed` and the position's `hash`, so that the same seed
    /// replays the same game, and the opening draw counts the side's `own_moves` made so far
    /// rather than the calls of this process.
    pub fn seed_for_position(&mut self, hash: u64, own_moves: u32) {
        let seed = splitmix64(self.seed ^ hash);
        self.rng = SmallRng::seed_from_u64(seed);
        let plies_left = self.opening_plies.saturating_sub(own_moves).min(1);
        self.opening = OpeningChoice::new(plies_left, seed);
    }

    /// True when the command line fixes the search's effort (`--depth` or `--nodes`): a game
    /// then leaves out the solvers that run on the clock, which would make it vary from run to
    /// run.
    pub fn fixed_effort(&self) -> bool {
        self.fixed_effort
    }

    /// A move's budget: `--movetime`, else the game's.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// The deadline of a move whose budget started at `started` (when the opponent's move was
    /// read), shared out by the game's time policy.
    pub fn deadline(&self, started: Instant) -> Deadline {
        self.time_policy.deadline(started, self.budget)
    }

    /// The deadline of the bot's first turn, where the contest gives it longer
    /// ([`EngineDefaults::first_movetime`]).
    pub fn first_turn_deadline(&self, started: Instant) -> Deadline {
        self.time_policy.deadline(started, self.first_budget)
    }

    /// While the opening draws last, `best` or one of `others` drawn at random (a book's
    /// equivalent moves); after them, `best`.
    pub fn draw_among<M: Copy>(&mut self, best: M, others: &[M]) -> M {
        self.opening.choose(best, others)
    }

    /// What a search may spend by `deadline`: at most the engine's depth and nodes.
    pub fn limits(&self, deadline: Deadline) -> Limits {
        Limits::new(deadline, self.max_depth).with_max_nodes(self.max_nodes)
    }

    /// The move for the side to move of `board` among `moves` (its legal moves, or those a game
    /// restricts it to): the [`greedy`] move by the game's `evaluate`, a random one, or the
    /// search's turn, `search` (the game's own); `None` only when `moves` is empty.
    pub fn choose<B: Board>(
        &mut self,
        board: &B,
        moves: &[B::Move],
        evaluate: fn(&B) -> i32,
        search: impl FnOnce(&mut Self) -> Option<B::Move>,
    ) -> Option<B::Move> {
        match self.kind {
            _ if moves.is_empty() => None,
            EngineKind::Search => search(self),
            EngineKind::Greedy => greedy(board, moves, evaluate),
            EngineKind::Random => moves.choose(&mut self.rng).copied(),
        }
    }

    /// The search's result on `board` within `limits` ([`iterative_deepening`]).
    pub fn search<B>(&mut self, board: &B, limits: &Limits) -> SearchResult<B::Move>
    where
        B: Board,
        B::Move: PackedMove + Default,
        S: RootSearch<B>,
    {
        iterative_deepening(&mut self.searcher, board, limits)
    }

    /// The move after the search's `result`: its best, or while the opening draws last one
    /// drawn among it and the moves within `margin` of it ([`RootSearch::near_best_moves`], [`OpeningChoice::choose`]), logged on
    /// the searcher's log; `None` when the search found no move.
    pub fn draw_opening<B>(
        &mut self,
        board: &B,
        result: &SearchResult<B::Move>,
        margin: i32,
        limits: &Limits,
    ) -> Option<B::Move>
    where
        B: Board,
        B::Move: PackedMove + Default,
        S: RootSearch<B>,
    {
        let best = result.best?;
        if !self.opening.active() {
            return Some(best);
        }
        let near = self.searcher.near_best_moves(board, result, margin, limits);
        let drawn = self.opening.choose(best, &near);
        let line = format!(
            "opening: drew {} among {} moves within {margin} of the best",
            board.format_move(drawn),
            near.len() + 1
        );
        self.searcher.log(&line);
        Some(drawn)
    }
}
