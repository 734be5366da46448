//! The move choosers behind `--engine`: the search, a one-ply greedy player and a random player.

use crate::board::{Board, Move, Outcome};
use crate::eval::evaluate;
use crate::search::{Limits, Searcher};
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Duration;

/// The hard per-move budget when `--movetime` is not given: far inside 75 % of the 2 s limit,
/// even with the other core busy. The soft budget (no new iteration) is half of it.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1200);

/// A move chooser with its state for one game.
pub struct Engine {
    kind: EngineKind,
    searcher: Searcher,
    rng: SmallRng,
    budget: Duration,
    depth: Option<u32>,
}

impl Engine {
    /// The engine that `options` ask for.
    pub fn new(options: &BotOptions) -> Engine {
        let searcher = if options.engine == EngineKind::Search {
            Searcher::default()
        } else {
            // The other engines never search: no table.
            Searcher::new(16)
        };
        Engine {
            kind: options.engine,
            searcher,
            rng: SmallRng::seed_from_u64(options.seed),
            budget: options.movetime.unwrap_or(DEFAULT_MOVETIME),
            depth: options.depth,
        }
    }

    /// The per-move hard budget.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// Chooses a move for the side to move of `board` (`None` only without a legal move).
    /// `history` holds the hashes of earlier positions of the game (for repetitions);
    /// `deadline` started when the opponent's move was read.
    pub fn choose(&mut self, board: &Board, history: &[u64], deadline: Deadline) -> Option<Move> {
        match self.kind {
            EngineKind::Search => {
                let limits = Limits {
                    depth: self.depth,
                    deadline,
                };
                self.searcher.search(board, history, limits).best
            }
            EngineKind::Greedy => greedy(board),
            EngineKind::Random => random(board, &mut self.rng),
        }
    }
}

/// A move that wins at once if there is one, else the move whose resulting position the
/// evaluation likes best for the mover; ties go to the first in generation order.
pub fn greedy(board: &Board) -> Option<Move> {
    let me = board.to_move();
    let mut best: Option<(i32, Move)> = None;
    for &m in board.legal_moves().iter() {
        let next = board.play(m);
        let score = if next.outcome() == Some(Outcome::Win(me)) {
            i32::MAX
        } else {
            -evaluate(&next)
        };
        if best.map_or(true, |(s, _)| score > s) {
            best = Some((score, m));
        }
    }
    best.map(|(_, m)| m)
}

/// A uniformly random legal move.
pub fn random(board: &Board, rng: &mut SmallRng) -> Option<Move> {
    board.legal_moves().choose(rng).copied()
}
