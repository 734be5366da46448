//! The move choosers behind `--engine`: the search (with its opening and swap rules), a one-ply
//! greedy player and a random player.

use crate::board::{Board, Cell, Outcome};
use crate::eval::evaluate;
use crate::search::{Searcher, DEFAULT_TT_BYTES};
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::rng::Rng;

/// Player 1's first stone: `(2, 1)`, three steps from the centre and on no line through it. The
/// search engine, as Player 2, steals every stone within two steps of the centre (see
/// [`should_swap`]), so this is the strongest cell it would not steal itself.
pub const OPENING: (i32, i32) = (2, 1);

/// The farthest from the centre a first stone may be for Player 2 to steal it.
pub const SWAP_MAX_DISTANCE: u8 = 2;

/// Player 2's swap decision: steal Player 1's first stone if it lies within
/// [`SWAP_MAX_DISTANCE`] steps of the centre. Central stones take part in the most lines (a
/// centre stone lies on 12 windows of four, an edge stone on as few as 3), and an early central
/// stone is the first player's main asset in Yavalath; an outer stone is worth less than the
/// move Player 2 gets by placing instead.
pub fn should_swap(first_stone: Cell) -> bool {
    first_stone.centre_distance() <= SWAP_MAX_DISTANCE
}

/// A move chooser.
pub struct Engine {
    kind: EngineKind,
    searcher: Option<Searcher>,
    rng: Rng,
}

impl Engine {
    /// The engine `options` ask for (the search gets its transposition table now, before the
    /// first move's clock starts).
    pub fn new(options: &BotOptions) -> Engine {
        let searcher = match options.engine {
            EngineKind::Search => {
                let mut s = Searcher::new(DEFAULT_TT_BYTES);
                if let Some(d) = options.depth {
                    s.max_depth = d;
                }
                s.verbose = true;
                Some(s)
            }
            _ => None,
        };
        Engine {
            kind: options.engine,
            searcher,
            rng: Rng::new(options.seed),
        }
    }

    /// Turns per-iteration logging of the search on or off.
    pub fn set_verbose(&mut self, verbose: bool) {
        if let Some(s) = self.searcher.as_mut() {
            s.verbose = verbose;
        }
    }

    /// The move to play, `None` only if the game is over.
    pub fn choose(&mut self, board: &Board, deadline: Deadline) -> Option<Cell> {
        match self.kind {
            EngineKind::Random => self.rng.choose(board.moves().as_slice()).copied(),
            EngineKind::Greedy => greedy(board),
            EngineKind::Search => {
                if board.outcome().is_some() {
                    return None;
                }
                if board.ply() == 0 {
                    return Cell::from_xy(OPENING.0, OPENING.1);
                }
                if let Some(stolen) = board.swap_cell() {
                    if should_swap(stolen) {
                        return Some(stolen);
                    }
                }
                let searcher = self.searcher.as_mut()?;
                searcher.search(board, deadline).map(|r| r.best)
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
    for &m in board.moves().as_slice() {
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
