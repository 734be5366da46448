//! The three move choosers behind `--engine`: the real search, a one-ply greedy player and a
//! random player (the last two are sparring partners for strength tests), the opening draws of
//! `--opening-plies`, and the solvers as the real search plays with them ([`PlaySolver`]: the
//! proof book's strategy, then df-pn and alpha-beta's distances).

use crate::board::{Board, Move};
use crate::book::{self, QUICK_TABLE_BYTES};
use crate::dfpn::{ProofSearch, Value};
use crate::eval::evaluate;
use crate::params::{
    time_policy, DEFAULT_MOVETIME, MAX_DEPTH, OPENING_MARGIN, SOLVER_PERCENT, TABLE_BYTES,
};
use crate::search::{Searcher, MATE_BOUND};
use crate::solver::{Solver, PLAY_DISTANCE_TABLE_BYTES, PLAY_TABLE_BYTES, RESISTANCE_TABLE_BYTES};
use common::cli::BotOptions;
use common::clock::Deadline;
use common::engine::EngineDefaults;
use common::game::Board as _;
use common::io::log;
use std::time::Instant;

/// A move chooser configured from the command line: [`common::engine::Engine`] over this
/// game's search, with the solvers.
pub struct Engine {
    engine: common::engine::Engine<Searcher>,
    /// `None` with `--depth` or `--nodes`: the solver is timed, and a fixed-effort game must
    /// repeat exactly.
    solver: Option<PlaySolver>,
}

impl Engine {
    /// The engine that `options` ask for.
    pub fn new(options: &BotOptions) -> Engine {
        let mut searcher = Searcher::new(TABLE_BYTES);
        searcher.verbose = true;
        let defaults = EngineDefaults {
            movetime: DEFAULT_MOVETIME,
            first_movetime: None,
            max_depth: MAX_DEPTH,
            time_policy: time_policy(),
        };
        let engine = common::engine::Engine::new(options, searcher, defaults);
        let solver = (!engine.fixed_effort()).then(PlaySolver::new);
        Engine { engine, solver }
    }

    /// Logs one line per search iteration on stderr (on by default).
    pub fn set_verbose(&mut self, verbose: bool) {
        self.engine.searcher.verbose = verbose;
    }

    /// The deadline of a move whose budget started at `started` (when the opponent's move was
    /// read), shared out by [`time_policy`].
    pub fn deadline(&self, started: Instant) -> Deadline {
        self.engine.deadline(started)
    }

    /// The move to play in `board` by `deadline` (started when the opponent's move was read);
    /// `None` only when there is no legal move.
    pub fn choose(&mut self, board: &Board, deadline: Deadline) -> Option<Move> {
        let solver = &mut self.solver;
        self.engine
            .choose(board, &board.legal_moves(), evaluate, |engine| {
                // The proof book, else a quick proof (the rule the book was built for; a budget in
                // positions, never cut by the clock), unless the game is a fixed-depth search's
                // (which plays the search alone, like `bench`). Also while the first plies are drawn
                // for variety: a draw must never give up a proven win, and a move the search sees as
                // near the best may only draw.
                if let Some(solver) = solver.as_mut() {
                    if let Some(mv) = solver.book_or_quick_win(board) {
                        return Some(mv);
                    }
                }
                let limits = engine.limits(deadline);
                let result = engine.search(board, &limits);
                // No move: the game is over, with nothing to prove.
                result.best?;
                // Unless the search has seen a forced win, a proof found by the solver by its share
                // of the move time decides the move.
                if result.score <= MATE_BOUND {
                    let solver_deadline = deadline.share(SOLVER_PERCENT.get()).hard_instant();
                    if let Some(solver) = solver.as_mut() {
                        if let Some(mv) = solver.proven_move(board, solver_deadline) {
                            return Some(mv);
                        }
                    }
                }
                engine.draw_opening(board, &result, OPENING_MARGIN, &limits)
            })
    }
}

/// The solvers as the bot plays with them: df-pn for the value and the move that keeps it, the
/// alpha-beta solver for distances.
pub struct PlaySolver {
    proof: ProofSearch,
    distance: Solver,
    /// The quick proof's own table ([`book::quick_win`]).
    quick: ProofSearch,
}

/// How hard a losing move makes the opponent's win: ordered so that the greater is the better
/// defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Resistance {
    /// Plies from the position after the move to the end under best play.
    pub plies: u32,
    /// Nodes df-pn needs, with an empty table, to prove the opponent's win there.
    pub proof_nodes: u64,
}

impl PlaySolver {
    /// The solvers with the bot's tables (about 6 MB in all).
    pub fn new() -> PlaySolver {
        PlaySolver::with_tables(PLAY_TABLE_BYTES, PLAY_DISTANCE_TABLE_BYTES)
    }

    /// The solvers with tables of the given sizes.
    pub fn with_tables(proof_bytes: usize, distance_bytes: usize) -> PlaySolver {
        PlaySolver {
            proof: ProofSearch::new(proof_bytes),
            distance: Solver::new(distance_bytes),
            quick: ProofSearch::new(QUICK_TABLE_BYTES),
        }
    }

    /// Sentinel's strategy, the proof book's move, else the quick proof's winning move
    /// ([`book::strategy_move`]): a budget in positions, never in time, so the same move at any
    /// move time. `None` when neither has a move.
    pub fn book_or_quick_win(&mut self, board: &Board) -> Option<Move> {
        if let Some(mv) = book::book_move(board) {
            log(&format!("solver: {mv} from the proof book"));
            return Some(mv);
        }
        let mv = book::quick_win(&mut self.quick, board)?;
        log(&format!("solver: a quick proof wins with {mv}"));
        Some(mv)
    }

    /// The move that the proof dictates in play, found by `deadline`: a winning move of a won
    /// position (so a proven win is never left), a drawing move of a drawn one, and in a lost
    /// position the move that makes the opponent's win longest, and among those the hardest to
    /// prove ([`Resistance`]). `None` when the position is not solved in time, so that the
    /// bot's search chooses.
    pub fn proven_move(&mut self, board: &Board, deadline: Instant) -> Option<Move> {
        let value = self.proof.value(board, Some(deadline))?;
        let chosen = match value {
            Value::Win | Value::Draw => self.proof.keeping_move(board, value, Some(deadline))?,
            Value::Loss => self.longest_defence(board, deadline)?.0,
        };
        log(&format!(
            "solver: {value} proven for the side to move ({} nodes), playing {chosen}",
            self.proof.nodes()
        ));
        Some(chosen)
    }

    /// In a lost `board`, the move that resists longest, with its [`Resistance`]; `None` at
    /// `deadline` (or with no move).
    pub fn longest_defence(
        &mut self,
        board: &Board,
        deadline: Instant,
    ) -> Option<(Move, Resistance)> {
        let mut best: Option<(Move, Resistance)> = None;
        for &mv in board.legal_moves().iter() {
            let resistance = self.resistance(&board.play(mv), deadline)?;
            if best.map_or(true, |(_, most)| resistance > most) {
                best = Some((mv, resistance));
            }
        }
        best
    }

    /// How long and how hard the win of the side to move in `board` is (a position it wins).
    pub fn resistance(&mut self, board: &Board, deadline: Instant) -> Option<Resistance> {
        let plies = self.distance.distance(board, Value::Win, Some(deadline))?;
        // A fresh table, so that the count is the proof's size, not what the table remembers.
        let mut fresh = ProofSearch::new(RESISTANCE_TABLE_BYTES);
        fresh.wins(board, board.side_to_move(), Some(deadline))?;
        Some(Resistance {
            plies,
            proof_nodes: fresh.nodes(),
        })
    }
}

impl Default for PlaySolver {
    fn default() -> Self {
        PlaySolver::new()
    }
}
