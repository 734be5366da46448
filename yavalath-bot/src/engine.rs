//! The move choosers behind `--engine`: the search (after the opening book's moves), a one-ply
//! greedy player and a random player.
//!
//! # The search's turn
//!
//! The book's move if it has one. Otherwise the alpha-beta search, on the turn's deadline; it
//! begins no iteration past three quarters of the budget (90 % after an unstable iteration,
//! [`crate::params::TIME_POLICY`]), and an iteration that completes past it leaves time. Then,
//! if its score is not decided and the game has reached [`PROOF_FROM_PLY`], the proof search
//! ([`crate::proof`]) until [`PROOF_UNTIL`] of the budget (the whole of it): a proven win is
//! played. The proof's table is kept from turn to
//! turn, and after a turn that proved a win the next turn begins with the proof (for
//! [`PROOF_SHARE`] of its budget), which finds the win again in the table at once: a proven win
//! is never left. With `--depth` (fixed-depth play, which must not depend on the clock) there is
//! no proof search.

use crate::board::{Board, Cell};
use crate::book::{book_move, transform, SYMMETRIES};
use crate::eval::evaluate;
use crate::notation::format_move;
use crate::params::{
    MAX_DEPTH, OPENING_MARGIN, PROOF_FROM_PLY, PROOF_SHARE, PROOF_TABLE_BYTES, PROOF_UNTIL,
    TABLE_BYTES,
};
use crate::proof::Prover;
use crate::search::Searcher;
use arrayvec::ArrayVec;
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::score::is_decisive;
use common::search::{Limits, OpeningChoice};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::fmt::Write as _;

/// Player 2's swap decision for Player 1's first stone, as the opening book ([`crate::book`])
/// has it.
pub fn should_swap(first_stone: Cell) -> bool {
    book_move(&Board::start().play(first_stone)) == Some(first_stone)
}

/// The book's first stone and the cells equivalent to it under the board's twelve symmetries
/// (rotations and reflections of the hexagon), the book's first: every one of them is exactly
/// as good a first stone, so an opening draw picks among them.
pub fn opening_equivalents() -> ArrayVec<Cell, 12> {
    let mut cells: ArrayVec<Cell, 12> = ArrayVec::new();
    let Some(first) = book_move(&Board::start()) else {
        return cells;
    };
    cells.push(first);
    for t in 0..SYMMETRIES {
        let cell = transform(t, first);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
}

/// A move chooser.
pub struct Engine {
    kind: EngineKind,
    searcher: Option<Searcher>,
    prover: Option<Prover>,
    /// The last turn played a proven win.
    proven: bool,
    log: String,
    max_depth: u32,
    opening: OpeningChoice,
    rng: SmallRng,
}

impl Engine {
    /// The engine `options` ask for. The search gets its transposition table now, before the
    /// first move's clock starts: allocating and writing 8 MB is then no part of any reply.
    pub fn new(options: &BotOptions) -> Engine {
        let searcher = match options.engine {
            EngineKind::Search => {
                let mut s = Searcher::new(TABLE_BYTES);
                s.verbose = true;
                Some(s)
            }
            _ => None,
        };
        let prover = match (options.engine, options.depth) {
            (EngineKind::Search, None) => Some(Prover::new(PROOF_TABLE_BYTES)),
            _ => None,
        };
        Engine {
            kind: options.engine,
            searcher,
            prover,
            proven: false,
            log: String::new(),
            max_depth: options.depth.unwrap_or(MAX_DEPTH),
            opening: OpeningChoice::new(options.opening_plies, options.seed),
            rng: SmallRng::seed_from_u64(options.seed),
        }
    }

    /// Turns per-iteration logging of the search on or off.
    pub fn set_verbose(&mut self, verbose: bool) {
        if let Some(s) = self.searcher.as_mut() {
            s.verbose = verbose;
        }
    }

    /// The search's and the proof's log lines since the last call (see
    /// [`Searcher::take_log`]).
    pub fn take_log(&mut self) -> String {
        let mut log = self
            .searcher
            .as_mut()
            .map_or_else(String::new, Searcher::take_log);
        log.push_str(&std::mem::take(&mut self.log));
        log
    }

    /// A proven winning move for the player to move, if the proof search finds one before
    /// `fraction` of `deadline`'s hard budget has passed.
    fn proven_win(&mut self, board: &Board, deadline: &Deadline, fraction: f64) -> Option<Cell> {
        let prover = self.prover.as_mut()?;
        let until = deadline.hard_budget().mul_f64(fraction);
        let left = until.checked_sub(deadline.elapsed())?;
        let proved = prover.prove(board, board.side_to_move(), Deadline::from_now(left));
        let m = prover.winning_move().filter(|&m| board.is_legal(m));
        let _ = writeln!(
            self.log,
            "proof: {} after {} nodes",
            match (proved, m) {
                (Some(true), Some(m)) => format!("{} wins", format_move(m)),
                (Some(false), _) => "no win".to_string(),
                _ => "undecided".to_string(),
            },
            prover.nodes()
        );
        m.filter(|_| proved == Some(true))
    }

    /// The move to play, `None` only if the game is over.
    pub fn choose(&mut self, board: &Board, deadline: Deadline) -> Option<Cell> {
        match self.kind {
            EngineKind::Random => common::game::random_move(board, &mut self.rng),
            EngineKind::Greedy => greedy(board),
            EngineKind::Search => {
                if board.outcome().is_some() {
                    return None;
                }
                if board.plies() == 0 {
                    let equivalents = opening_equivalents();
                    let (&first, others) = equivalents.split_first()?;
                    return Some(self.opening.choose(first, others));
                }
                if let Some(m) = book_move(board) {
                    return Some(self.opening.choose(m, &[]));
                }
                if self.proven {
                    self.proven = false;
                    if let Some(m) = self.proven_win(board, &deadline, PROOF_SHARE) {
                        self.proven = true;
                        return Some(m);
                    }
                }
                let searcher = self.searcher.as_mut()?;
                let limits = Limits::new(deadline, self.max_depth);
                let result = searcher.search(board, &limits);
                let best = result.best?;
                if !is_decisive(result.score) && board.plies() >= PROOF_FROM_PLY {
                    if let Some(m) = self.proven_win(board, &deadline, PROOF_UNTIL) {
                        self.proven = true;
                        return Some(m);
                    }
                }
                if !self.opening.active() {
                    return Some(best);
                }
                let searcher = self.searcher.as_mut()?;
                let near = searcher.near_best_moves(board, &result, OPENING_MARGIN, &limits);
                Some(self.opening.choose(best, &near))
            }
        }
    }
}

/// `--engine greedy`: [`common::game::greedy`] with the evaluation, among the legal moves.
pub fn greedy(board: &Board) -> Option<Cell> {
    common::game::greedy(board, &board.legal_moves(), evaluate)
}
