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
//! - **End**, checked after every move in this order ([`board::Board::outcome`]): a bomber of the
//!   mover on its goal row wins (a stinger there wins nothing, and can never move again); an
//!   opponent with no bomber left loses; a side to move without a legal move ends the game, won by
//!   the side with more bombers, drawn with equal bombers. Every step advances a piece and every
//!   capture removes one, so every game ends.
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
//! best and not losing.
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
//! values, the end of the game, df-pn), the alpha-beta solver ([`solver`]), the proof book and
//! its strategy ([`book`]), then the bot ([`engine`]) and the command ([`solve`]).
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
//! df-pn is the default because it proves more, sooner. On twelve positions twelve plies before
//! the end of seeded random games (seeds 1000 to 1011, a 64 MB table each, 10 s each, on a
//! shared and heavily loaded two-core machine), df-pn settled 7 and alpha-beta 5; on the two
//! that were not trivial and both settled, df-pn took 26 and 68 times fewer nodes (0.2 s and
//! 0.1 s against 3.5 s and 4.9 s). Both are checked against plain exhaustive minimax on a few
//! hundred positions near the end of seeded random games, against each other further from the
//! end, and do not change value with the table's size (or, for alpha-beta, the order of moves):
//! `tests/dfpn.rs`, `tests/solver.rs`.
//!
//! **The result: Krieg is a win for Sentinel, the side that moves first.** `krieg-bot solve
//! --table-mb 1600 --seconds 5000` (df-pn, a 1.5 GB table, 67 % full at the end) proved "Sentinel
//! wins" from the start in 3423 s and 98.9 million expanded positions, about 29,000 a second at low
//! priority on a shared two-core machine under heavy load. A second run of the same command on the
//! machine at rest proved it again in 250 s, with the same 98,900,114 positions, and named the
//! winning first move: `1 1 2 0 keeps the win`. The bot plays it as Sentinel
//! ([`solver::PROVEN_FIRST_MOVE`], the proof book's first move); its own search prefers first moves
//! whose values are not proven. The proof rests on the df-pn code that the tests check against
//! minimax and alpha-beta, and on 64-bit Zobrist keys (a collision among the positions of one run
//! is unlikely, not impossible); the proof book's test confirms it by the rules alone, walking a
//! winning strategy for Sentinel against every defence (below).
//!
//! Short of the start: every position after 10 plies of eight games between two searching bots
//! (1 s per move, without the proof book) is solved within 30 s (`solve --moves <the first 10 moves>
//! --seconds 30 --table-mb 128`): six Sentinel wins and two losses, the value proven in 7 to
//! 28 s where timed. After 8 plies one of three is solved within 30 s (a draw, in 15 s: Sentinel
//! had left its win), after 6 plies none of three. The alpha-beta solver needed 16 plies for
//! every position of its sample. A 9-ply line that ends in a blocked position with equal bombers
//! is a draw: Sentinel has left its win by then, and a search-only Sentinel can be led into it
//! by a Scourge when its search sees nothing better, which is why Sentinel plays the proof book.
//!
//! **The proof book** ([`book`]) makes the proof a strategy the bot plays, at any move time: as
//! Sentinel it plays the book's move where the book holds the position, else the move of a quick
//! proof (df-pn from an empty 2 MB table, at most [`book::QUICK_NODES`] = 1024 positions: a
//! budget in positions, never in time, so it gives the same move on any machine at any move
//! time). `krieg-bot solve --book krieg-bot/src/book_moves.rs --table-mb 4096` walks that rule
//! from the start against every Scourge reply to the end of every game and records a winning move
//! wherever the quick proof falls short: 4070 moves, for 354,894 Sentinel positions walked
//! (mirror images as one, 350,824 of them settled by the quick proof). The book's moves come from
//! the book in the source where it holds the position, else from a quick proof of at most
//! 40,000 positions, else from df-pn with the large table (from an empty book that means proving
//! the start again, about 100 million positions; not needed since). So the command writes the
//! same file again: checked, in 137 s (11 s of CPU) on the shared two-core machine at a load
//! average near 20. So the bot, from the start, wins every game as Sentinel whatever Scourge
//! plays. `tests/book.rs` checks exactly that, by the rules alone: it walks the strategy against
//! every defence again, every game ends in a Sentinel win (which confirms the proof independently
//! of df-pn), and the quick proof settles every position the book does not hold within its 1024
//! positions; the bot's engine, asked after its time is over, still plays the strategy's moves.
//! It also checks book moves against the solver. The book's first move is
//! [`solver::PROVEN_FIRST_MOVE`]. The one-file bundle with the book is 272 KB, under the
//! statement's 1 MB.
//!
//! **The length of the game: Sentinel wins within 45 plies** against any defence
//! ([`book_moves::LONGEST_WIN`]): the longest game of the walk of its strategy, checked by
//! `tests/book.rs`. `krieg-bot solve` on the start walks the strategy (proving the win by the
//! rules, 5.0 million quick-proof positions) and prints `value=win plies<=45`: in 75 s at nice 0
//! on the shared two-core machine at a load average of 10 to 15 (18 s of CPU, 260 MB; half of the
//! time is the exact distance's attempt, given as long as the walk), and in 243 s at a load
//! average of 22 to 35. The exact length under best
//! play (Sentinel winning as fast as it can, Scourge resisting as long as it can) is not
//! measured: alpha-beta's distance search does not finish from the start; it is at most 45.
//!
//! A quick proof costs about a microsecond a position in the cargo build and four in the one-file
//! bundle: on the 200 positions of the strategy where it needs the most (the full budget, or
//! nearly), 0.94 µs and 3.6 µs a position, at most 3.3 ms and 17 ms each, timed at a load average
//! of 20 to 28 (the least of ten runs each; the quick proof is timed by a walk of the strategy
//! built against the crate, or appended to the one-file bundle). As Sentinel the bot plays the
//! same moves at any move time, and wins every game. With `target/release/krieg-referee --games
//! N [--seed S] "krieg-bot --movetime T" "OPPONENT"` (our bot's Sentinel games are the odd ones),
//! as Sentinel, on the shared machine at a load average of 20 to 41 with two matches at once:
//!
//! | opponent (`OPPONENT`, `--games`, `--seed`) | T = 20 | T = 100 | bundle, T = 20 |
//! |---|---|---|---|
//! | `krieg-bot --engine random --seed 5`, 2 | 1 of 1 | 1 of 1 | 1 of 1 |
//! | `krieg-bot --engine random --seed {seed}`, 400, 6 (seeds 6 to 205) | 200 of 200 | 200 of 200 | 200 of 200 |
//! | `krieg-bot --engine greedy`, 2 | 1 of 1 | 1 of 1 | 1 of 1 |
//! | the first version, `--movetime {seed}`, 60, 50 (50 to 79 ms a move) | 30 of 30 | 60 of 60 | 30 of 30 |
//! | the first version, `--movetime 300 --depth {seed}`, 40, 1 (depths 1 to 20) | 20 of 20 | 20 of 20 | |
//! | the bot before this strategy, `--movetime 200 --opening-plies 4 --seed {seed}`, 40, 1 | 40 of 40 | 20 of 20 | 20 of 20 |
//! | this bot at its default 1.2 s, as Scourge, 6 | 3 of 3 | 3 of 3 | 3 of 3 |
//!
//! 855 Sentinel games, 855 wins, none drawn or lost. (The strategy's moves never vary, only
//! Scourge's: of the recorded games, 13 of 70 against the first version and 11 of 20 against the
//! bot before this strategy were distinct.) The slowest Sentinel reply after the first
//! was 299 ms (the load's: the same moves take about a millisecond at rest); the first includes
//! the start of the process. The seed-5 game that the bot used to draw at 100 ms now goes `1 1 2
//! 0, 3 3 2 4, 1 3 2 2, 4 3 3 3, 0 4 1 3, 3 2 2 3, 1 2 2 1, ...` and is won in 11 plies.
//!
//! In play ([`engine::Engine::choose`], [`engine::PlaySolver`]) the book and the quick proof come
//! first, without a clock; then the search runs with its usual budget; unless it has seen a
//! forced win, df-pn (4 MB table, kept from move to move) has the time left up to three quarters
//! of the move time ([`params::SOLVER_PERCENT`]; the search itself starts no iteration past half
//! of it, [`params::TIME_POLICY`]), and when it proves the position its move is played: a winning move in a won
//! position (so a proven win is never left), a drawing move in a drawn one. In a lost position
//! every move is measured: the one after which the opponent's win is longest under best play
//! (alpha-beta distance, 2 MB table), and among those the one whose win takes df-pn the most
//! nodes to prove from an empty table, the hardest to find. Otherwise the search plays. With
//! `--depth` the solver and the book are off, so that a fixed-depth game repeats exactly, and
//! so are they for the drawn first moves of `--opening-plies`.
//!
//! Decisions taken where the contest statement is silent: a capture may take a stinger or a
//! bomber; the blocked-side rule applies to the side to move after a move; a bomber reaching the
//! base by a capture wins by the base rule (checked first).

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
pub mod view;
