//! The `solve` command: the value of a position and the length of its game, or the proof book.
//!
//! `krieg-bot solve [--moves "r1 c1 r2 c2,..."] [--table-mb N] [--seconds S] [--method
//! dfpn|alphabeta]` proves the value of the start, or of the position after the given moves, for
//! the side to move, and prints `value=<win|loss|draw|unknown> plies=<n|unknown> nodes=<N>
//! seconds=<S>` (`plies<=<n>` for a bound). Where the proof book holds the position (the start,
//! and the positions of Sentinel's strategy where the quick proof falls short), the value is
//! proven by walking the strategy against every defence ([`crate::book::walk`]), and the longest
//! game of the walk bounds the length of the game: `plies<=N` when the exact length (alpha-beta,
//! given as much time as the walk) is not measured. Elsewhere df-pn ([`crate::dfpn`]) or alpha-beta
//! ([`crate::solver`]) proves the value, and alpha-beta measures the length, given ten times the
//! value's time. `solve --book FILE` builds the proof book instead ([`crate::book::generate`]).

use crate::board::{Board, Side};
use crate::book;
use crate::dfpn::{ProofSearch, Value};
use crate::solver::Solver;
use common::cli::{CliError, SolveTarget};
use common::game::Board as _;
use common::io::{log, reply};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The solver's default table: 256 MB, for a solve from the command line.
pub const DEFAULT_TABLE_MB: usize = 256;

/// What `solve` was asked.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveArgs {
    /// The position to solve.
    pub board: Board,
    /// The solver's table, in MB.
    pub table_mb: usize,
    /// Give up after this long.
    pub seconds: Option<f64>,
    /// The method that proves the value.
    pub method: Method,
    /// Build the proof book instead, and write its source to this file ([`crate::book`]).
    pub book: Option<String>,
}

/// How `solve` proves the value (the distance is always measured by alpha-beta).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Depth-first proof-number search ([`crate::dfpn`]), the default.
    ProofNumber,
    /// Iteratively deepened null-window alpha-beta ([`Solver`]).
    AlphaBeta,
}

/// The arguments of `solve`: `[--moves "r1 c1 r2 c2,..."] [--table-mb N] [--seconds S]`.
pub fn parse_args(words: &[String]) -> Result<SolveArgs, CliError> {
    let (mut method, mut book) = (Method::ProofNumber, None);
    let own = |option: &'static str, value: &String| {
        match option {
            "--method" => {
                method = match value.as_str() {
                    "dfpn" => Method::ProofNumber,
                    "alphabeta" => Method::AlphaBeta,
                    _ => return Err(CliError::bad_value(option, value)),
                }
            }
            _ => book = Some(value.clone()),
        }
        Ok(())
    };
    let own_options = ["--method", "--book"];
    let target = SolveTarget::parse(words, DEFAULT_TABLE_MB, 65536, &own_options, own)?;
    Ok(SolveArgs {
        board: target.board,
        table_mb: target.table_mb,
        seconds: target.seconds,
        method,
        book,
    })
}

/// The position after `line`, moves `r1 c1 r2 c2` separated by commas, from the start.
pub fn board_after(line: &str) -> Result<Board, CliError> {
    Board::after_line(line).map_err(CliError::BadMove)
}

/// Logs the start of a proof by `method` with a table of `table_bytes`.
fn log_start(method: &str, table_bytes: usize, side: Side) {
    log(&format!(
        "solve: {method}, table {} MB, side to move {side:?}",
        table_bytes >> 20
    ));
}

/// `solve --book FILE`: builds the proof book and writes its source to `file`; prints one line,
/// `book=<moves> positions=<N> quick=<N> longest=<plies> nodes=<N> seconds=<S>`.
fn write_book(file: &str, args: &SolveArgs, deadline: Option<Instant>) -> ExitCode {
    let started = Instant::now();
    // Refuse a file that cannot be written before the minutes of work, not after.
    let folder = std::path::Path::new(file)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    if !folder.is_dir() {
        eprintln!(
            "krieg-bot solve: cannot write {file}: no folder {}",
            folder.display()
        );
        return ExitCode::FAILURE;
    }
    let book = match book::generate(args.table_mb << 20, deadline) {
        Ok(book) => book,
        Err(error) => {
            eprintln!("krieg-bot solve: no book: {error}");
            return ExitCode::FAILURE;
        }
    };
    let command = format!("krieg-bot solve --book {file} --table-mb {}", args.table_mb);
    if let Err(error) = std::fs::write(file, book::format_book(&book, &command)) {
        eprintln!("krieg-bot solve: cannot write {file}: {error}");
        return ExitCode::FAILURE;
    }
    reply(&format!(
        "book={} positions={} quick={} longest={} nodes={} seconds={:.1}",
        book.moves.len(),
        book.walk.positions,
        book.walk.quick,
        book.walk.longest,
        book.proof_nodes + book.walk.quick_nodes,
        started.elapsed().as_secs_f64()
    ));
    ExitCode::SUCCESS
}

/// The arguments `solve` takes, for the usage.
pub const ARGUMENTS: &str = "[--moves \"r1 c1 r2 c2,...\"] [--table-mb N] [--seconds S] \
                             [--method dfpn|alphabeta] [--book FILE]";

/// `krieg-bot solve`: prints `value=<win|loss|draw|unknown> plies=<n|unknown> nodes=<N>
/// seconds=<S>`, or `plies<=<n>` for a bound;
/// exit status 2 after one stderr line for bad arguments.
pub fn main(words: &[String]) -> ExitCode {
    let args = match parse_args(words) {
        Ok(args) => args,
        Err(error) => {
            eprintln!("krieg-bot solve: {error}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let deadline = args
        .seconds
        .map(|s| started + Duration::from_secs_f64(s.min(1e9)));
    if let Some(file) = &args.book {
        return write_book(file, &args, deadline);
    }
    let side = args.board.side_to_move();
    // On Sentinel's strategy, its walk proves the win and bounds the game's length.
    let mut bound = None;
    let mut walked = None;
    if args.method == Method::ProofNumber && book::book_move(&args.board).is_some() {
        log("solve: the proof book holds the position; walking its strategy");
        match book::walk(&args.board, deadline) {
            Ok(walk) => {
                log(&format!(
                    "solve: win proven by the strategy's walk: {} positions ({} by the quick \
                     proof, {} nodes), the longest game {} plies",
                    walk.positions, walk.quick, walk.quick_nodes, walk.longest
                ));
                bound = Some(walk.longest);
                walked = Some((Value::Win, walk.quick_nodes));
            }
            Err(book::WalkError::OutOfTime) => {}
            Err(error) => log(&format!("solve: the strategy's walk fails: {error}")),
        }
    }
    let (value, mut nodes) = match (walked, args.method) {
        (Some(walked), _) => (Some(walked.0), walked.1),
        _ if deadline.is_some_and(|d| Instant::now() >= d) => (None, 0),
        (None, Method::ProofNumber) => {
            let mut search = ProofSearch::new(args.table_mb << 20);
            search.verbose = true;
            log_start("df-pn", search.table_bytes(), side);
            let value = search.value(&args.board, deadline);
            let nodes = search.nodes();
            // The move that keeps the value, from the table the proof left (stderr only: the
            // output line's fields are fixed).
            if let Some(value @ (Value::Win | Value::Draw)) = value {
                if let Some(mv) = search.keeping_move(&args.board, value, deadline) {
                    log(&format!("solve: {mv} keeps the {value}"));
                }
            }
            (value, nodes)
        }
        (None, Method::AlphaBeta) => {
            let mut solver = Solver::new(args.table_mb << 20);
            solver.verbose = true;
            log_start("alpha-beta", solver.table_bytes(), side);
            let solution = solver.solve(&args.board, deadline);
            (solution.value, solution.nodes)
        }
    };
    let plies = match value {
        Some(value) => {
            log(&format!(
                "solve: {value} proven, {nodes} nodes, {:.1} s; measuring the distance",
                started.elapsed().as_secs_f64()
            ));
            // The distance costs more than the value: it gets ten times the value's time, or,
            // with a bound from the walk already, as much as the walk took.
            let spent = started.elapsed();
            let factor = if bound.is_some() { 1 } else { 10 };
            let limit = Instant::now() + (spent * factor).max(Duration::from_secs(1));
            let distance_deadline = Some(deadline.map_or(limit, |d| d.min(limit)));
            let mut solver = Solver::new(args.table_mb << 20);
            let plies = solver.distance(&args.board, value, distance_deadline);
            nodes += solver.nodes();
            // The field with its relation: `plies=N` exact, `plies<=N` a bound.
            match (plies, bound) {
                (Some(plies), _) => format!("={plies}"),
                (None, Some(bound)) => format!("<={bound}"),
                (None, None) => "=unknown".to_string(),
            }
        }
        None => "=unknown".to_string(),
    };
    let value = value.map_or("unknown".to_string(), |v| v.to_string());
    reply(&format!(
        "value={value} plies{plies} nodes={nodes} seconds={:.1}",
        started.elapsed().as_secs_f64()
    ));
    ExitCode::SUCCESS
}
