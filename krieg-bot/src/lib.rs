//! # Krieg
//!
//! Rules, notation, evaluation, search, the contest loop and the referee of Krieg, the 5×5 game
//! of stingers and bombers.
//!
//! ## The rules as implemented
//!
//! Rows 0..4 from top to bottom, columns 0..4 from left to right ([`board::Cell`]).
//!
//! - **Sides.** Sentinel receives `1` and moves first: bombers on row 0, stingers on row 1, forward
//!   is +1 row, its goal is row 4. Scourge receives `0` (`2` is accepted as well): stingers on
//!   row 3, bombers on row 4, forward is −1 row, its goal is row 0.
//! - **Steps**, onto an empty cell one row forward ([`board::Board::generate_moves`]): a stinger
//!   diagonally, `(r+f, c±1)`; a bomber straight or diagonally, `(r+f, c)` or `(r+f, c±1)`.
//!   Nothing ever moves backward; only a horizontal capture moves sideways.
//! - **Captures** are optional, by either kind, one piece per move, the capturer jumps:
//!   vertically (forward only) over an opponent on `(r+f, c)` onto an empty `(r+2f, c)`; or
//!   horizontally over an opponent on `(r, c±1)` onto an empty `(r, c±2)`, but never on rows 0
//!   and 4. The landing cell must be on the board.
//! - **End**, checked after every move in this order
//!   ([`Board::outcome`](board::Board#method.outcome)): a bomber of the mover on its goal row
//!   wins (a stinger there wins nothing, and can never move again); an opponent with no bomber
//!   left loses; a side to move without a legal move ends the game, won by the side with more
//!   bombers, drawn with equal bombers. Every step advances a piece and every capture removes
//!   one, so every game ends.
//!
//! ## Protocol
//!
//! stdin: `1` or `0`, then each opponent move `r1 c1 r2 c2`; stdout: each of our moves in the same
//! format, one per line, flushed ([`protocol`]). Limits: 2 s per move, 20 MB. Before the id line,
//! a line that is not one is logged on stderr and skipped (a move there means the id line was
//! lost: only Scourge answers a move, so the bot plays Scourge); after it, every line is the
//! judge asking for our move and is answered at once (next section). End of input ends the
//! program with status 0. Input lines are read bounded: a line over 1 KB is cut, logged by its
//! length and first bytes, and treated as malformed.
//!
//! ## When the judge sends a move our rules reject
//!
//! The judge is the authority: if it passed a move on, its rules and ours differ, and the bot
//! follows the judge's board as far as it can be known, and never stalls (a bot that waits loses
//! on time). Each case is logged on stderr as a `warning:` quoting the line and saying why our
//! rules reject it.
//!
//! - **The move parses and the pieces allow it** (a piece of the mover on the start cell, and the
//!   destination neither the start cell nor a cell of the mover's): it is applied as given
//!   ([`board::Board::force_play`]): the piece moves and keeps its kind, an opponent piece on the
//!   destination is taken, and a move of two cells straight or diagonally also takes an opponent
//!   piece on the cell it jumps over. The bot plays on, legal moves by our rules, from that
//!   board.
//! - **It cannot be applied** (a malformed line, no piece of the mover on the start cell, the
//!   destination the start cell or the mover's own piece): our board is kept, with the bot to
//!   move, as the judge has asked for a move, and the bot answers with a legal move of its own.
//! - **Our rules say the game is over** after such a move while the judge asks for a move: the
//!   bot answers with a move its pieces can make, as the game goes on for the judge.
//!
//! ## The bot
//!
//! Iterative-deepening principal-variation search with a 4 MB transposition table, captures and
//! winning bomber steps first, killer and history ordering, and a capture quiescence
//! ([`search`]); an evaluation of material, the bombers' race, immediate threats, hanging pieces
//! and mobility ([`eval`]). It thinks 1.2 s per move by default ([`params::DEFAULT_MOVETIME`]),
//! far inside 75 % of the limit, and uses 13 to 15 MB (peak resident set, the solvers' and the
//! quick proof's tables included). With `--opening-plies N` its first N own moves are drawn,
//! seeded by `--seed`, among the moves its search sees within [`search::OPENING_MARGIN`] of the
//! best and not losing, except where the proof book or the quick proof has a winning move, which
//! is played: a draw never gives up a proven win.
//!
//! `bench` searches eight fixed positions ([`search::BENCH_POSITIONS`]) to depth 11; its node
//! count, 3538307, is pinned by `tests/search.rs`. The perft counts of `tests/perft.rs` come from
//! a second, plain implementation of the rules in that file.
//!
//! ## The solver
//!
//! `krieg-bot solve [--moves "r1 c1 r2 c2,..."] [--table-mb N] [--seconds S] [--method
//! dfpn|alphabeta]` ([`solve`]) proves the value of the start, or of the position after the given
//! moves, for the side to move. It prints one line, `value=<win|loss|draw|unknown>
//! plies=<n|unknown> nodes=<N> seconds=<S>` (`plies<=<n>` for a bound), progress every ten
//! seconds on stderr, and stops cleanly at `--seconds` with `value=unknown`. Bad arguments or an
//! illegal move: one stderr line, status 2. With df-pn, a won or drawn position's move that keeps
//! the value is logged on stderr (`solve: r1 c1 r2 c2 keeps the win`). Where the proof book holds
//! the position (the start among them), the value is proven by walking Sentinel's strategy against
//! every defence ([`book::walk`]) and `plies<=N` is the walk's longest game, a proven bound
//! (below). `solve --book FILE [--table-mb N] [--seconds S]` builds the proof book instead
//! ([`book`]) and prints `book=<moves> positions=<N> quick=<N> longest=<plies> nodes=<N>
//! seconds=<S>`; out of time or with nowhere to write, one stderr line and status 1.
//!
//! The modules are layered, each using only those before it: the proof core ([`dfpn`]: the
//! values and df-pn, which asks the board for the end of the game, as every search does), the
//! alpha-beta solver ([`solver`]), the proof book and its strategy ([`book`]), then the bot
//! ([`engine`]) and the command ([`solve`]).
//!
//! - **`dfpn`, the default** ([`dfpn`]): depth-first proof-number search (Nagai's df-pn, with
//!   Pawlewicz and Lew's 1 + ε thresholds, ε = 1/4), asking two boolean questions: does the side
//!   to move win; if not, does the opponent (a draw is a failure of both). New leaves start at
//!   φ = 1, δ = their number of moves, and positions that are over or won by their next move are
//!   valued exactly; one table of 24-byte entries in buckets of four, keyed by the Zobrist hash
//!   and the question, keeps the largest subtrees.
//! - **`alphabeta`** ([`solver::Solver`]): iteratively deepened alpha-beta on the value alone
//!   (two null windows; a horizon proves nothing), a table of proven bounds, enhanced
//!   transposition cutoffs and the bot's move ordering. It also measures the distance, the length
//!   of the game under best play (the `plies=` field, given ten times the value's time, whatever
//!   the method, or as much time as the walk of the strategy where that gave a bound).
//!
//! df-pn is the default because it proves more, sooner, on positions near the end of random
//! games. Both are checked against plain exhaustive minimax on a few hundred positions near the
//! end of seeded random games, against each other further from the end, and do not change value
//! with the table's size (or, for alpha-beta, the order of moves): `tests/dfpn.rs`,
//! `tests/solver.rs`.
//!
//! **Krieg is a win for Sentinel, the side that moves first**, and `1 1 2 0` keeps the win
//! ([`solver::PROVEN_FIRST_MOVE`], the proof book's first move): `krieg-bot solve --table-mb 1600
//! --seconds 5000` proves it with df-pn from the start. The proof rests on the df-pn code that the
//! tests check against minimax and alpha-beta, and on 64-bit Zobrist keys (a collision among the
//! positions of one run is unlikely, not impossible); the proof book's test confirms it by the
//! rules alone, walking a winning strategy for Sentinel against every defence (below). Short of
//! the start, a search-only Sentinel can leave its win within the first ten plies (a 9-ply line
//! ends in a blocked position with equal bombers, a draw), which is why Sentinel plays the proof
//! book.
//!
//! **The proof book** ([`book`]) makes the proof a strategy the bot plays, at any move time: as
//! Sentinel it plays the book's move where the book holds the position, else the move of a quick
//! proof (df-pn from an empty 2 MB table, at most [`book::QUICK_NODES`] = 1024 positions: a
//! budget in positions, never in time, so it gives the same move on any machine at any move
//! time). `krieg-bot solve --book krieg-bot/src/book_moves.rs --table-mb 4096` walks that rule
//! from the start against every Scourge reply to the end of every game and records a winning move
//! wherever the quick proof falls short. The book's moves come from the book in the source where
//! it holds the position, else from a quick proof of at most 40,000 positions, else from df-pn
//! with the large table, so the command writes the same file again. `tests/book.rs` checks, by
//! the rules alone, that the bot wins every game as Sentinel whatever Scourge plays: it walks the
//! strategy against every defence, every game ends in a Sentinel win (which confirms the proof
//! independently of df-pn), and the quick proof settles every position the book does not hold
//! within its 1024 positions; the bot's engine, asked after its time is over, still plays the
//! strategy's moves. It also checks book moves against the solver. The one-file bundle with the
//! book stays under the statement's 1 MB.
//!
//! **The length of the game: Sentinel wins within [`book_moves::LONGEST_WIN`] plies** against any
//! defence: the longest game of the walk of its strategy, checked by `tests/book.rs`;
//! `krieg-bot solve` on the start walks the strategy and prints `value=win plies<=45`. The exact
//! length under best play is not known: alpha-beta's distance search does not finish from the
//! start.
//!
//! A quick proof costs about a microsecond a position in the cargo build and a few in the
//! one-file bundle, a few milliseconds at most, so as Sentinel the bot plays the same moves at
//! any move time and on a busy machine. The measurements behind these paragraphs (the proof's
//! time and size, the book's walk, the games won at 20 and 100 ms against every opponent we
//! have) are in the workspace's `docs/measured.md` (section Krieg), dated, with their commands.
//!
//! In play ([`engine::Engine::choose`], [`engine::PlaySolver`]) the book and the quick proof come
//! first, without a clock; then the search runs with its usual budget; unless it has seen a
//! forced win, df-pn (4 MB table, kept from move to move) has the time left up to three quarters
//! of the move time ([`params::SOLVER_PERCENT`]; the search itself starts no iteration past half
//! of it, [`params::time_policy`]), and when it proves the position its move is played: a winning move in a won
//! position (so a proven win is never left), a drawing move in a drawn one. In a lost position
//! every move is measured: the one after which the opponent's win is longest under best play
//! (alpha-beta distance, 2 MB table), and among those the one whose win takes df-pn the most
//! nodes to prove from an empty table, the hardest to find. Otherwise the search plays. With
//! `--depth` the solver and the book are off, so that a fixed-depth game repeats exactly.
//!
//! Decisions taken where the contest statement is silent: a capture may take a stinger or a
//! bomber; the blocked-side rule applies to the side to move after a move; a bomber reaching the
//! base by a capture wins by the base rule (checked first); a UTF-8 byte-order mark (EF BB BF)
//! that a judge writes before the id line, or before any line, is read as white space.

pub mod board;
pub mod book;
pub mod book_moves;
pub mod dfpn;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod params;
pub mod protocol;
#[cfg(feature = "referee")]
pub mod referee;
pub mod search;
pub mod solve;
pub mod solver;
#[cfg(feature = "referee")]
mod view;
