//! The three move choosers behind `--engine`: the real search, a one-ply greedy player and a
//! random player (the last two are sparring partners for strength tests), and the opening draws
//! of `--opening-plies`.

use crate::board::{Board, Move, Outcome};
use crate::eval::evaluate;
use crate::search::{Searcher, MATE_BOUND, MAX_DEPTH, OPENING_MARGIN, TABLE_BYTES};
use crate::solver::PlaySolver;
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::search::{Limits, OpeningChoice};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// Thinking time per move when `--movetime` is not given: far inside 75 % of the 2 s limit, so a
/// busy machine or a slow start cannot push a reply past it.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1200);

/// A move chooser configured from the command line.
pub struct Engine {
    kind: EngineKind,
    movetime: Duration,
    max_depth: u32,
    searcher: Searcher,
    /// `None` with `--depth`: the solver is timed, and a fixed-depth game must repeat exactly.
    solver: Option<PlaySolver>,
    rng: SmallRng,
    opening: OpeningChoice,
}

impl Engine {
    /// The engine that `options` ask for.
    pub fn new(options: &BotOptions) -> Engine {
        let mut searcher = Searcher::new(TABLE_BYTES);
        searcher.verbose = true;
        Engine {
            kind: options.engine,
            movetime: options.movetime.unwrap_or(DEFAULT_MOVETIME),
            max_depth: options.depth.unwrap_or(MAX_DEPTH),
            searcher,
            solver: options.depth.is_none().then(PlaySolver::new),
            rng: SmallRng::seed_from_u64(options.seed),
            opening: OpeningChoice::new(options.opening_plies, options.seed),
        }
    }

    /// Logs one line per search iteration on stderr (on by default).
    pub fn set_verbose(&mut self, verbose: bool) {
        self.searcher.verbose = verbose;
    }

    /// What a search of `board` may spend when thinking from `started`: the soft budget (no new
    /// iteration) is half the move time, the hard one all of it.
    pub fn limits(&self, started: Instant) -> Limits {
        let deadline = Deadline::new(started, self.movetime / 2, self.movetime);
        Limits::new(deadline, self.max_depth)
    }

    /// The move to play in `board`, thinking from `started` (when the opponent's move was read);
    /// `None` only when there is no legal move.
    pub fn choose(&mut self, board: &Board, started: Instant) -> Option<Move> {
        match self.kind {
            EngineKind::Search => {
                // The proof book, else a quick proof (the rule the book was built for), unless
                // the first plies are drawn for variety or the game is a fixed-depth search's
                // (which plays the search alone, like `bench`).
                if !self.opening.active() {
                    if let Some(solver) = self.solver.as_mut() {
                        let deadline = started + self.movetime / 2;
                        if let Some(mv) = solver.book_or_quick_win(board, deadline) {
                            return Some(mv);
                        }
                    }
                }
                let limits = self.limits(started);
                let result = self.searcher.search(board, &limits);
                let best = result.best?;
                // Unless the search has seen a forced win, a proof found by the solver by three
                // quarters of the move time (a margin for a busy machine) decides the move.
                if result.score <= MATE_BOUND {
                    let solver_deadline = started + self.movetime * 3 / 4;
                    if let Some(solver) = self.solver.as_mut() {
                        if let Some(mv) = solver.proven_move(board, solver_deadline) {
                            return Some(mv);
                        }
                    }
                }
                if !self.opening.active() {
                    return Some(best);
                }
                let near = self
                    .searcher
                    .near_best_moves(board, &result, OPENING_MARGIN, &limits);
                Some(self.opening.choose(best, &near))
            }
            EngineKind::Greedy => greedy_move(board),
            EngineKind::Random => board.legal_moves().choose(&mut self.rng).copied(),
        }
    }
}

/// A winning move if there is one, else the move after which the position evaluates best for the
/// mover (the first such move in generation order).
pub fn greedy_move(board: &Board) -> Option<Move> {
    let moves = board.legal_moves();
    let mover = board.side_to_move();
    let mut best: Option<(i32, Move)> = None;
    for &mv in moves.as_slice() {
        let next = board.play(mv);
        let score = match next.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == mover => return Some(mv),
            Some(Outcome::Win { .. }) => i32::MIN + 1,
            Some(Outcome::Draw) => 0,
            None => -evaluate(&next),
        };
        if best.map_or(true, |(s, _)| score > s) {
            best = Some((score, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
