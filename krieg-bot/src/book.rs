//! The proof book: Sentinel's winning move in every position of Krieg's proof where the bot's
//! quick proof would not find one, so that the bot as Sentinel never leaves the proven win,
//! whatever Scourge plays.
//!
//! The bot as Sentinel plays by a fixed rule ([`crate::engine::Engine::choose`]): the book's move
//! if the book holds the position, else the move of a quick proof ([`quick_win`]: df-pn from an
//! empty table of [`QUICK_TABLE_BYTES`], at most [`QUICK_NODES`] positions, a budget that repeats
//! exactly on any machine and takes a fraction of the move time). The book is built by walking
//! that rule from the start against every Scourge reply ([`generate`]): at each Sentinel
//! position the walk plays the quick proof's move if it has one, else a winning move that a large
//! df-pn holding the whole proof names, which the book records; then it goes on into every reply.
//! The quick proof's answer depends on the position alone (its table is emptied first), so the
//! walk sees exactly the moves the bot will play, and it ends only where Sentinel has won: the
//! book and the quick proof together are a winning strategy from the start, checked position by
//! position. (A walk that stopped where the quick proof succeeds would not be enough: a later
//! position of that game can need more than the budget.) `tests/book.rs` walks the strategy
//! again against every defence, 354,894 Sentinel positions, and checks by the rules alone that
//! every game ends in a Sentinel win; it also checks book moves against the solver.
//!
//! Krieg's rules are symmetric left to right, so the book holds each position once, in the
//! orientation with the smaller Zobrist hash ([`Board::mirrored`]), with the move in that
//! orientation. The table itself is generated ([`crate::book_moves`]):
//!
//! `krieg-bot solve --book krieg-bot/src/book_moves.rs --table-mb 4096`
//!
//! proves the start first (about 100 million positions), then walks the strategy. The walk is
//! deterministic (fixed table sizes and node budgets, moves in generation order), so the command
//! writes the same file again.

use crate::board::{Board, Cell, Move, Side};
use crate::book_moves::BOOK_MOVES;
use crate::dfpn::ProofSearch;
use crate::solver::Value;
use common::io::log;
use rustc_hash::FxHashSet;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The quick proof's budget: positions expanded (about a tenth of a second on one core at rest).
pub const QUICK_NODES: u64 = 40_000;
/// The quick proof's table, emptied before each proof so that its result repeats exactly.
pub const QUICK_TABLE_BYTES: usize = 2 << 20;

/// The orientation of `board` the book and the quick proof look at, and whether it is the mirror
/// image: of the position and its mirror image, the one with the smaller Zobrist hash.
pub fn oriented(board: &Board) -> (Board, bool) {
    let mirror = board.mirrored();
    if mirror.hash() < board.hash() {
        (mirror, true)
    } else {
        (*board, false)
    }
}

/// The book's key of `board` and whether that key is the mirror image's.
fn book_key(board: &Board) -> (u64, bool) {
    let (board, mirrored) = oriented(board);
    (board.hash(), mirrored)
}

/// The book's move for `board`, if the book holds it and the move is legal there (a move that is
/// not would mean a hash collision; then the book is silent).
pub fn book_move(board: &Board) -> Option<Move> {
    let (key, mirrored) = book_key(board);
    let i = BOOK_MOVES.binary_search_by_key(&key, |e| e.0).ok()?;
    let (_, from, to) = BOOK_MOVES[i];
    if usize::from(from) >= Cell::COUNT || usize::from(to) >= Cell::COUNT {
        return None;
    }
    let mv = Move::new(Cell::from_index(from.into()), Cell::from_index(to.into()));
    let mv = if mirrored { mv.mirrored() } else { mv };
    board.try_play(mv).ok().map(|_| mv)
}

/// A winning move of `board` for the side to move if df-pn proves one within [`QUICK_NODES`]
/// positions (and by `deadline`), from an empty `search` table. The table is cleared first and
/// the proof runs on the book's orientation of the position, so the answer depends only on the
/// position (its mirror image gets the mirrored move) and on the table's size: the book's walk
/// sees exactly the moves the bot will play.
pub fn quick_win(
    search: &mut ProofSearch,
    board: &Board,
    deadline: Option<Instant>,
) -> Option<Move> {
    let (board, mirrored) = oriented(board);
    search.clear();
    search.set_node_limit(Some(QUICK_NODES));
    let mv = match search.wins(&board, board.side_to_move(), deadline) {
        Some(true) => search.keeping_move(&board, Value::Win, deadline),
        _ => None,
    };
    search.set_node_limit(None);
    mv.map(|mv| if mirrored { mv.mirrored() } else { mv })
}

/// What [`generate`] built.
pub struct Book {
    /// Book key to move, in the key's orientation.
    pub moves: BTreeMap<u64, Move>,
    /// Sentinel positions the walk met (each once, mirror images as one).
    pub positions: u64,
    /// Of those, the ones the quick proof settled.
    pub quick: u64,
    /// Nodes of the big proof, the start's and the book moves'.
    pub proof_nodes: u64,
}

/// Why [`generate`] stopped without a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The time ran out.
    OutOfTime,
    /// The start, or a position of the walk, is not a Sentinel win for the proof (a bug, or a
    /// table too small to hold the proof).
    NotWon(Board),
}

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BookError::OutOfTime => f.write_str("the time ran out"),
            BookError::NotWon(board) => write!(
                f,
                "the proof does not show Sentinel winning the position with hash {:#018x}",
                board.hash()
            ),
        }
    }
}

/// Builds the book with a proof table of `table_bytes`, by `deadline` (see the module docs).
pub fn generate(table_bytes: usize, deadline: Option<Instant>) -> Result<Book, BookError> {
    let started = Instant::now();
    let mut proof = ProofSearch::new(table_bytes);
    proof.verbose = true;
    let start = Board::start();
    match proof.wins(&start, Side::Sentinel, deadline) {
        None => return Err(BookError::OutOfTime),
        Some(false) => return Err(BookError::NotWon(start)),
        Some(true) => {}
    }
    log(&format!(
        "book: the start is proven ({} nodes, {:.0} s); walking the proof",
        proof.nodes(),
        started.elapsed().as_secs_f64()
    ));
    proof.verbose = false;
    let mut book = Book {
        moves: BTreeMap::new(),
        positions: 0,
        quick: 0,
        proof_nodes: proof.nodes(),
    };
    let mut quick = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut seen = FxHashSet::default();
    let mut pending = vec![start];
    let mut last_progress = Instant::now();
    while let Some(board) = pending.pop() {
        let (key, mirrored) = book_key(&board);
        if board.outcome().is_some() || !seen.insert(key) {
            continue;
        }
        book.positions += 1;
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(BookError::OutOfTime);
        }
        // The bot's move here: the quick proof's, else the one the book will hold.
        let mv = match quick_win(&mut quick, &board, deadline) {
            Some(mv) => {
                book.quick += 1;
                mv
            }
            None => {
                let mv = winning_move(&mut proof, &board, deadline, &mut book.proof_nodes)?;
                book.moves
                    .insert(key, if mirrored { mv.mirrored() } else { mv });
                mv
            }
        };
        let after = board.play(mv);
        if after.outcome().is_none() {
            for &reply in after.legal_moves().iter() {
                pending.push(after.play(reply));
            }
        }
        if last_progress.elapsed() >= Duration::from_secs(10) {
            last_progress = Instant::now();
            log(&format!(
                "book: {} moves, {} positions ({} settled by the quick proof), {} pending, {:.0} s",
                book.moves.len(),
                book.positions,
                book.quick,
                pending.len(),
                started.elapsed().as_secs_f64()
            ));
        }
    }
    Ok(book)
}

/// A winning move of `board`, a Sentinel win, found by `proof`: the moves are tried in turn under
/// a node budget that grows fourfold a round, so that a winning move the table nearly holds is
/// found long before a losing move is refuted. Adds the nodes spent to `nodes`.
fn winning_move(
    proof: &mut ProofSearch,
    board: &Board,
    deadline: Option<Instant>,
    nodes: &mut u64,
) -> Result<Move, BookError> {
    let mut open: Vec<Move> = board.legal_moves().to_vec();
    let mut budget = 1 << 16;
    let mut found = Err(BookError::NotWon(*board));
    'rounds: while !open.is_empty() {
        proof.set_node_limit(Some(budget));
        let mut unsettled = Vec::new();
        for &mv in &open {
            let settled = proof.wins(&board.play(mv), Side::Sentinel, deadline);
            *nodes += proof.nodes();
            match settled {
                Some(true) => {
                    found = Ok(mv);
                    break 'rounds;
                }
                Some(false) => {}
                None if deadline.is_some_and(|d| Instant::now() >= d) => {
                    found = Err(BookError::OutOfTime);
                    break 'rounds;
                }
                None => unsettled.push(mv),
            }
        }
        open = unsettled;
        budget = budget.saturating_mul(4);
    }
    proof.set_node_limit(None);
    found
}

/// The Rust source of [`crate::book_moves`] for `book`.
pub fn format_book(book: &Book, command: &str) -> String {
    let mut source = String::new();
    let _ = writeln!(
        source,
        "//! The proof book's moves, generated by `{command}` ({} moves; {} Sentinel positions \
         walked, {} of them settled by the quick proof). Do not edit: see [`crate::book`].",
        book.moves.len(),
        book.positions,
        book.quick
    );
    source.push('\n');
    // (One string a line: the one-file bundle drops lines that begin like comments.)
    for line in [
        "/// `(key, from, to)`, sorted by key: the smaller Zobrist hash of a position (Sentinel to",
        "/// move) and of its mirror image, and the winning move's cells (`5 * row + column`) in the",
        "/// orientation of that hash.",
    ] {
        let _ = writeln!(source, "{line}");
    }
    let _ = writeln!(source, "pub const BOOK_MOVES: &[(u64, u8, u8)] = &[");
    for (key, mv) in &book.moves {
        let _ = writeln!(
            source,
            "    ({key:#018x}, {}, {}),",
            mv.from.index(),
            mv.to.index()
        );
    }
    source.push_str("];\n");
    source
}
