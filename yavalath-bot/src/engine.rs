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
    DEFAULT_MOVETIME, FIRST_MOVETIME, MAX_DEPTH, OPENING_MARGIN, PROOF_FROM_PLY, PROOF_SHARE,
    PROOF_TABLE_BYTES, PROOF_UNTIL, TABLE_BYTES, TIME_POLICY,
};
use crate::proof::Prover;
use crate::search::Searcher;
use arrayvec::ArrayVec;
use common::cli::{BotOptions, EngineKind};
use common::clock::Deadline;
use common::engine::EngineDefaults;
use common::game::Board as _;
use common::score::is_decisive;
use std::fmt::Write as _;
use std::time::Instant;

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

/// A move chooser: [`common::engine::Engine`] over this game's search (none but for `--engine
/// search`), with the proof search.
pub struct Engine {
    engine: common::engine::Engine<Searcher>,
    prover: Option<Prover>,
    /// The last turn played a proven win.
    proven: bool,
    log: String,
}

impl Engine {
    /// The engine `options` ask for. The search gets its transposition table now, before the
    /// first move's clock starts: allocating and writing 8 MB is then no part of any reply.
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
            first_movetime: Some(FIRST_MOVETIME),
            max_depth: MAX_DEPTH,
            time_policy: TIME_POLICY,
        };
        let engine = common::engine::Engine::new(options, searcher, defaults);
        let prover = match options.engine {
            EngineKind::Search if !engine.fixed_effort() => Some(Prover::new(PROOF_TABLE_BYTES)),
            _ => None,
        };
        Engine {
            engine,
            prover,
            proven: false,
            log: String::new(),
        }
    }

    /// The deadline of a turn whose budget started at `started` (when the turn's input was
    /// read): the first turn's is longer ([`FIRST_MOVETIME`]), `--movetime` sets the others and
    /// the first too when it is longer; shared out by [`TIME_POLICY`].
    pub fn deadline(&self, started: Instant, first_turn: bool) -> Deadline {
        if first_turn {
            self.engine.first_turn_deadline(started)
        } else {
            self.engine.deadline(started)
        }
    }

    /// Turns per-iteration logging of the search on or off.
    pub fn set_verbose(&mut self, verbose: bool) {
        self.engine.searcher.verbose = verbose;
    }

    /// The search's and the proof's log lines since the last call (see
    /// [`Searcher::take_log`]).
    pub fn take_log(&mut self) -> String {
        let mut log = self.engine.searcher.take_log();
        log.push_str(&std::mem::take(&mut self.log));
        log
    }

    /// The move to play, `None` only if the game is over.
    pub fn choose(&mut self, board: &Board, deadline: Deadline) -> Option<Cell> {
        let (prover, proven, log) = (&mut self.prover, &mut self.proven, &mut self.log);
        let mut proof = |fraction| proven_win(prover.as_mut()?, log, board, &deadline, fraction);
        self.engine
            .choose(board, &board.legal_moves(), evaluate, |engine| {
                if board.outcome().is_some() {
                    return None;
                }
                if board.plies() == 0 {
                    let equivalents = opening_equivalents();
                    let (&first, others) = equivalents.split_first()?;
                    return Some(engine.draw_among(first, others));
                }
                if let Some(m) = book_move(board) {
                    return Some(engine.draw_among(m, &[]));
                }
                if *proven {
                    *proven = false;
                    if let Some(m) = proof(PROOF_SHARE) {
                        *proven = true;
                        return Some(m);
                    }
                }
                let limits = engine.limits(deadline);
                let result = engine.search(board, &limits);
                // No move: the game is over, with nothing to prove.
                result.best?;
                if !is_decisive(result.score) && board.plies() >= PROOF_FROM_PLY {
                    if let Some(m) = proof(PROOF_UNTIL) {
                        *proven = true;
                        return Some(m);
                    }
                }
                engine.draw_opening(board, &result, OPENING_MARGIN, &limits)
            })
    }
}

/// A proven winning move for the player to move, if the proof search finds one before
/// `fraction` of `deadline`'s hard budget has passed; its result goes to `log`.
fn proven_win(
    prover: &mut Prover,
    log: &mut String,
    board: &Board,
    deadline: &Deadline,
    fraction: f64,
) -> Option<Cell> {
    let until = deadline.hard_budget().mul_f64(fraction);
    let left = until.checked_sub(deadline.elapsed())?;
    let proved = prover.prove(board, board.side_to_move(), Deadline::from_now(left));
    let m = prover.winning_move().filter(|&m| board.is_legal(m));
    let _ = writeln!(
        log,
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
