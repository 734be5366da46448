//! The proof book: Sentinel's winning move in every position of its winning strategy where the
//! bot's quick proof would not find one within a small fixed budget, so that the bot as Sentinel
//! never leaves the proven win, whatever Scourge plays, and finds its move within milliseconds
//! whatever the clock.
//!
//! The bot as Sentinel plays by a fixed rule, [`strategy_move`]: the book's move if the book
//! holds the position, else the move of a quick proof ([`quick_win`]: df-pn from an empty table
//! of [`QUICK_TABLE_BYTES`], at most [`QUICK_NODES`] positions, a budget in positions and never
//! in time, so that it repeats exactly on any machine and at any move time; a few milliseconds).
//! The quick proof's answer depends on the position alone (its table is emptied first), so a
//! walk of the rule sees exactly the moves the bot will play.
//!
//! [`walk`] follows a rule from a position against every reply of the opponent to the end of
//! every game, checks by the rules alone that every game ends in a win for the rule's side, and
//! measures the longest of those games. From the start, the walk of [`strategy_move`] is a proof
//! that Sentinel wins Krieg, and its longest game a bound on the length of the game: Sentinel
//! wins within [`LONGEST_WIN`](crate::book_moves::LONGEST_WIN) plies against any defence. (A
//! walk that stopped where the quick proof succeeds would not be enough: a later position of
//! that game can need more than the budget.)
//!
//! The book is built by the same walk ([`generate`]): at each Sentinel position it plays the quick
//! proof's move if it has one, else a winning move that becomes a book move, taken from the
//! present book if it holds the position, else from a larger quick proof (at most
//! [`FALLBACK_NODES`] positions), else from a df-pn with a large table and a growing budget. The
//! present book only proposes moves: the walk checks every game to its end. With the book in the
//! source, the command writes the same file again; from an empty book it would prove its way
//! from the start (not tried: proving the start alone takes about 100 million positions).
//!
//! `krieg-bot solve --book krieg-bot/src/book_moves.rs --table-mb 4096`
//!
//! `tests/book.rs` walks the strategy again from the start, 354,894 Sentinel positions, checks
//! that every game ends in a Sentinel win, that the quick proof settles every position the book
//! does not hold within [`QUICK_NODES`] positions, and that the longest game is
//! [`LONGEST_WIN`](crate::book_moves::LONGEST_WIN) plies; it also checks book moves against the
//! solver.
//!
//! Krieg's rules are symmetric left to right, so the book holds each position once, in the
//! orientation with the smaller Zobrist hash ([`Board::mirrored`]), with the move in that
//! orientation. The table itself is generated ([`crate::book_moves`]).

use crate::board::{Board, Cell, Move, Outcome, Side};
use crate::book_moves::BOOK_MOVES;
use crate::dfpn::{ProofSearch, Value};
use common::game::Board as _;
use common::io::log;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The quick proof's budget: positions expanded, about a microsecond each in the cargo build and
/// four in the one-file bundle; every position of Sentinel's strategy that needs more has a book
/// move.
pub const QUICK_NODES: u64 = 1024;
/// The budget of the larger quick proof [`generate`] asks where the quick proof falls short and
/// the present book has no move.
pub const FALLBACK_NODES: u64 = 40_000;
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

/// What a quick proof found, and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuickProof {
    /// A winning move for the side to move, if the proof settled the position as a win within
    /// its budget and its table shows the move.
    pub win: Option<Move>,
    /// Positions expanded (at most the budget when `win` is a move).
    pub nodes: u64,
}

/// A quick proof of `board` within `budget` positions, from an empty `search` table: df-pn on the
/// book's orientation of the position (its mirror image gets the mirrored move), and the winning
/// move the proof leaves in the table. No clock: the answer depends only on the position, the
/// budget and the table's size.
pub fn quick_proof(search: &mut ProofSearch, board: &Board, budget: u64) -> QuickProof {
    let (board, mirrored) = oriented(board);
    search.clear();
    search.set_node_limit(Some(budget));
    let win = match search.wins(&board, board.side_to_move(), None) {
        Some(true) => search.known_keeping_move(&board, Value::Win),
        _ => None,
    };
    let nodes = search.nodes();
    search.set_node_limit(None);
    QuickProof {
        win: win.map(|mv| if mirrored { mv.mirrored() } else { mv }),
        nodes,
    }
}

/// The quick proof's winning move of `board` for the side to move ([`quick_proof`] within
/// [`QUICK_NODES`] positions), if it finds one.
pub fn quick_win(search: &mut ProofSearch, board: &Board) -> Option<Move> {
    quick_proof(search, board, QUICK_NODES).win
}

/// Sentinel's strategy: the book's move, else the quick proof's (`quick` is the quick proof's
/// table). `None` when neither has a move.
pub fn strategy_move(quick: &mut ProofSearch, board: &Board) -> Option<Move> {
    book_move(board).or_else(|| quick_win(quick, board))
}

/// What a [`walk`] saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Positions where the walked side moved (each once, mirror images as one).
    pub positions: u64,
    /// Of those, the ones the quick proof settled.
    pub quick: u64,
    /// Positions the quick proofs expanded, in all.
    pub quick_nodes: u64,
    /// The longest game from the walk's start, in plies.
    pub longest: u32,
}

/// Why a [`walk`] (or [`generate`]) stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WalkError {
    /// The time ran out.
    OutOfTime,
    /// The rule has no move in this position, or a move that is not legal.
    NoMove(Board),
    /// A game ends without a win for the walked side: in this position, after its move or the
    /// opponent's.
    NotWon(Board),
}

impl std::fmt::Display for WalkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WalkError::OutOfTime => f.write_str("the time ran out"),
            WalkError::NoMove(board) => write!(
                f,
                "no winning move for the position with hash {:#018x}",
                board.hash()
            ),
            WalkError::NotWon(board) => write!(
                f,
                "a game is not won after the position with hash {:#018x}",
                board.hash()
            ),
        }
    }
}

/// Where a rule's move came from, in a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Quick,
    Other,
}

/// The walk of a rule: positions seen, with the plies from each to the end of its longest game.
struct Walker<F> {
    choose: F,
    side: Side,
    /// Longest remaining game of every position met where the walked side moves, by its
    /// oriented board.
    longest: FxHashMap<Board, u32>,
    walk: Walk,
    deadline: Option<Instant>,
    started: Instant,
    last_progress: Instant,
    verbose: bool,
}

impl<F: FnMut(&Board) -> Result<(Move, Source), WalkError>> Walker<F> {
    fn new(choose: F, side: Side, deadline: Option<Instant>) -> Self {
        let now = Instant::now();
        Walker {
            choose,
            side,
            longest: FxHashMap::default(),
            walk: Walk::default(),
            deadline,
            started: now,
            last_progress: now,
            verbose: false,
        }
    }

    fn won(&self, outcome: Outcome) -> bool {
        matches!(outcome, Outcome::Win { winner, .. } if winner == self.side)
    }

    /// Plies from `board` (the walked side to move, the game not over) to the end of its longest
    /// game under the rule.
    fn longest_from(&mut self, board: &Board) -> Result<u32, WalkError> {
        let (key, _) = oriented(board);
        if let Some(&plies) = self.longest.get(&key) {
            return Ok(plies);
        }
        self.walk.positions += 1;
        if self.walk.positions % 1024 == 0 {
            self.tick()?;
        }
        let (mv, source) = (self.choose)(board)?;
        if source == Source::Quick {
            self.walk.quick += 1;
        }
        let after = board.try_play(mv).map_err(|_| WalkError::NoMove(*board))?;
        let plies = match after.outcome() {
            Some(outcome) if self.won(outcome) => 1,
            Some(_) => return Err(WalkError::NotWon(*board)),
            None => {
                let mut most = 0;
                for &reply in after.legal_moves().iter() {
                    let next = after.play(reply);
                    let rest = match next.outcome() {
                        Some(outcome) if self.won(outcome) => 0,
                        Some(_) => return Err(WalkError::NotWon(after)),
                        None => self.longest_from(&next)?,
                    };
                    most = most.max(1 + rest);
                }
                1 + most
            }
        };
        self.longest.insert(key, plies);
        Ok(plies)
    }

    fn tick(&mut self) -> Result<(), WalkError> {
        let now = Instant::now();
        if self.deadline.is_some_and(|d| now >= d) {
            return Err(WalkError::OutOfTime);
        }
        if self.verbose && now.duration_since(self.last_progress) >= Duration::from_secs(10) {
            self.last_progress = now;
            log(&format!(
                "walk: {} positions ({} settled by the quick proof), {:.0} s",
                self.walk.positions,
                self.walk.quick,
                now.duration_since(self.started).as_secs_f64()
            ));
        }
        Ok(())
    }

    /// Walks the rule from `board`, the walked side to move.
    fn run(mut self, board: &Board) -> Result<Walk, WalkError> {
        if let Some(outcome) = board.outcome() {
            return if self.won(outcome) {
                Ok(self.walk)
            } else {
                Err(WalkError::NotWon(*board))
            };
        }
        self.walk.longest = self.longest_from(board)?;
        Ok(self.walk)
    }
}

/// Walks Sentinel's strategy ([`strategy_move`]) for the side to move of `board` against every
/// reply, to the end of every game, by `deadline`: a proof by the rules alone that the side to
/// move wins `board`, within [`Walk::longest`] plies, or the first position where the strategy
/// has no move or a game is not won. (Away from the strategy's own positions, the quick proof
/// alone rarely carries a walk far: try it where the book holds the position.)
pub fn walk(board: &Board, deadline: Option<Instant>) -> Result<Walk, WalkError> {
    let mut quick = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut quick_nodes = 0;
    let walker = Walker::new(
        |board: &Board| {
            if let Some(mv) = book_move(board) {
                return Ok((mv, Source::Other));
            }
            let proof = quick_proof(&mut quick, board, QUICK_NODES);
            quick_nodes += proof.nodes;
            let mv = proof.win.ok_or(WalkError::NoMove(*board))?;
            Ok((mv, Source::Quick))
        },
        board.side_to_move(),
        deadline,
    );
    let mut walk = walker.run(board)?;
    walk.quick_nodes = quick_nodes;
    Ok(walk)
}

/// What [`generate`] built.
pub struct Book {
    /// Book key to move, in the key's orientation.
    pub moves: BTreeMap<u64, Move>,
    /// The walk of the strategy the book makes with the quick proof, from the start.
    pub walk: Walk,
    /// Of the book's moves, the ones the present book proposed.
    pub kept: u64,
    /// Nodes of the larger proofs, the fallback quick proofs' and the large df-pn's.
    pub proof_nodes: u64,
}

/// Builds the book, with a df-pn table of `table_bytes` where the present book and the fallback
/// quick proof have no move, by `deadline` (see the module docs).
pub fn generate(table_bytes: usize, deadline: Option<Instant>) -> Result<Book, WalkError> {
    let mut quick = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut fallback = ProofSearch::new(QUICK_TABLE_BYTES);
    let mut proof: Option<ProofSearch> = None;
    let mut moves = BTreeMap::new();
    let mut kept = 0;
    let mut proof_nodes = 0;
    let mut quick_nodes = 0;
    let mut walker = Walker::new(
        |board: &Board| {
            let quick_proof_here = quick_proof(&mut quick, board, QUICK_NODES);
            quick_nodes += quick_proof_here.nodes;
            if let Some(mv) = quick_proof_here.win {
                return Ok((mv, Source::Quick));
            }
            let mv = match book_move(board) {
                Some(mv) => {
                    kept += 1;
                    mv
                }
                None => {
                    let larger = quick_proof(&mut fallback, board, FALLBACK_NODES);
                    proof_nodes += larger.nodes;
                    match larger.win {
                        Some(mv) => mv,
                        None => {
                            let proof = proof.get_or_insert_with(|| {
                                let mut search = ProofSearch::new(table_bytes);
                                search.verbose = true;
                                search
                            });
                            winning_move(proof, board, deadline, &mut proof_nodes)?
                        }
                    }
                }
            };
            let (key, mirrored) = book_key(board);
            moves.insert(key, if mirrored { mv.mirrored() } else { mv });
            Ok((mv, Source::Other))
        },
        Side::Sentinel,
        deadline,
    );
    walker.verbose = true;
    let mut walk = walker.run(&Board::start())?;
    walk.quick_nodes = quick_nodes;
    Ok(Book {
        moves,
        walk,
        kept,
        proof_nodes,
    })
}

/// A winning move of `board`, a Sentinel win, found by `proof`: the moves are tried in turn under
/// a node budget that grows fourfold a round, so that a winning move the table nearly holds is
/// found long before a losing move is refuted. Adds the nodes spent to `nodes`.
fn winning_move(
    proof: &mut ProofSearch,
    board: &Board,
    deadline: Option<Instant>,
    nodes: &mut u64,
) -> Result<Move, WalkError> {
    let mut open: Vec<Move> = board.legal_moves().to_vec();
    let mut budget = 1 << 16;
    let mut found = Err(WalkError::NoMove(*board));
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
                    found = Err(WalkError::OutOfTime);
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
         walked, {} of them settled by the quick proof; the longest game {} plies). Do not \
         edit: see [`crate::book`].",
        book.moves.len(),
        book.walk.positions,
        book.walk.quick,
        book.walk.longest
    );
    source.push('\n');
    // (One string a line: the one-file bundle drops lines that begin like comments.)
    let _ = writeln!(
        source,
        "/// The longest game of the strategy from the start, in plies: Sentinel wins within it."
    );
    let _ = writeln!(
        source,
        "pub const LONGEST_WIN: u32 = {};\n",
        book.walk.longest
    );
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
