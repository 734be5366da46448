//! The move choosers behind `--engine`: the search (after the opening book's moves), a one-ply
//! greedy player and a random player.

use crate::board::{Board, Cell, Outcome};
use crate::book::{book_move, transform, SYMMETRIES};
use crate::eval::evaluate;
use crate::search::{Searcher, MAX_DEPTH, OPENING_MARGIN, TABLE_BYTES};
use arrayvec::ArrayVec;
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::search::{Limits, OpeningChoice};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Player 2's swap decision for Player 1's first stone, as the opening book ([`crate::book`])
/// has it.
pub fn should_swap(first_stone: Cell) -> bool {
    book_move(&Board::new().play(first_stone)) == Some(first_stone)
}

/// The book's first stone and the cells equivalent to it under the board's twelve symmetries
/// (rotations and reflections of the hexagon), the book's first: every one of them is exactly
/// as good a first stone, so an opening draw picks among them.
pub fn opening_equivalents() -> ArrayVec<Cell, 12> {
    let mut cells: ArrayVec<Cell, 12> = ArrayVec::new();
    let Some(first) = book_move(&Board::new()) else {
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
        Engine {
            kind: options.engine,
            searcher,
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

    /// The search's log lines since the last call (see [`Searcher::take_log`]).
    pub fn take_log(&mut self) -> String {
        self.searcher
            .as_mut()
            .map_or_else(String::new, Searcher::take_log)
    }

    /// The move to play, `None` only if the game is over.
    pub fn choose(&mut self, board: &Board, deadline: Deadline) -> Option<Cell> {
        match self.kind {
            EngineKind::Random => board.moves().choose(&mut self.rng).copied(),
            EngineKind::Greedy => greedy(board),
            EngineKind::Search => {
                if board.outcome().is_some() {
                    return None;
                }
                if board.ply() == 0 {
                    let equivalents = opening_equivalents();
                    let (&first, others) = equivalents.split_first()?;
                    return Some(self.opening.choose(first, others));
                }
                if let Some(m) = book_move(board) {
                    return Some(self.opening.choose(m, &[]));
                }
                let searcher = self.searcher.as_mut()?;
                let limits = Limits::new(deadline, self.max_depth);
                let result = searcher.search(board, &limits);
                let best = result.best?;
                if !self.opening.active() {
                    return Some(best);
                }
                let near = searcher.near_best_moves(board, &result, OPENING_MARGIN, &limits);
                Some(self.opening.choose(best, &near))
            }
        }
    }
}

/// One ply: a winning move if there is one, else the move after which the evaluation (for the
/// opponent, negated) is best; a move that makes a losing 3 comes last. Ties go to the first
/// move in index order (the swap last).
pub fn greedy(board: &Board) -> Option<Cell> {
    let me = board.to_move();
    let mut best: Option<(i32, Cell)> = None;
    for &m in board.moves().iter() {
        let child = board.play(m);
        let score = match child.outcome() {
            Some(Outcome::Four(p)) if p == me => return Some(m),
            Some(Outcome::Full) => 0,
            Some(_) => i32::MIN + 1,
            None => -evaluate(&child),
        };
        if best.map_or(true, |(s, _)| score > s) {
            best = Some((score, m));
        }
    }
    best.map(|(_, m)| m)
}
