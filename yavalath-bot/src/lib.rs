//! Yavalath (CodinGame, hex board of side 5): rules, contest bot and referee.
//!
//! # The rules as implemented
//!
//! - **Cells.** `(x, y)`: `y` is the row, 0..8 from the top, of lengths 5, 6, 7, 8, 9, 8, 7, 6,
//!   5; `x` is the index within the row from 0 at its left. In axial coordinates
//!   `q = x - min(y, 4)`, `r = y - 4` (a cell exists iff `max(|q|, |r|, |q + r|) <= 4`) the
//!   three axes are `(1, 0)`, `(0, 1)` and `(1, -1)`: along a row, and towards the row below to
//!   `(x, y+1)` and `(x+1, y+1)` in the upper half, `(x-1, y+1)` and `(x, y+1)` in the lower half.
//! - **Play.** Players alternately fill an empty cell. After a placement, the longest run of the
//!   mover's colour through the new cell on each axis decides: 4 or more on any axis wins (even if
//!   another axis has exactly 3); otherwise exactly 3 on any axis loses; otherwise a full board is
//!   a draw.
//! - **Swap.** On Player 2's first turn (ply 1) only, Player 2 may name Player 1's cell: that
//!   stone becomes Player 2's. A swap is one move (perft counts it on ply 2: 61, 3721, 219600,
//!   12740460).
//!
//! # Decisions where the statement is silent
//!
//! - A move outside the grid is a *malformed* reply, a move on a filled cell (other than the swap)
//!   an *illegal* one; both lose. A reply may carry a message after a further space
//!   (`4 4 hello`), which is ignored.
//! - The referee gives each player 1000 ms for its first turn (or `--movetime-ms` if longer) and
//!   `--movetime-ms` (default 100) for every later turn; memory cap 256 MB.
//! - The bot answers from the grid it is sent every turn (the number of moves played is the
//!   number of stones, plus one when the counts show a swap). It also remembers every move it
//!   printed and every opponent move it was told: when a grid cannot be read, or is no position
//!   (2 stones against 5), it answers from that, and it never prints a cell it knows to be taken
//!   nor one the grid shows taken (see [`protocol`]). If the id line is missing it takes the
//!   `-1 -1` of the first turn to mean it is Player 1.
//! - The opponent's move is accepted on one line (`x y`, the rules) or on two (`x`, then `y`).
//!   A UTF-8 byte-order mark (EF BB BF) before the id line, or before any line, is read as
//!   white space.
//! - A row count other than `9` (one or two digits, but the ids `1` and `2`) starts a turn too,
//!   with a warning on stderr: the bot reads nine rows (a move line ends a short grid early) and
//!   answers on what it knows.
//!
//! # When the judge sends a move our rules reject
//!
//! The judge is the authority: if it passed a move on, its rules and ours differ, and the bot
//! plays on the judge's board. A warning quotes the move and says why our rules reject it (a
//! taken cell, or a game our rules say is over). The judge's board is the grid, so the bot
//! answers from the grid whatever our rules say of the move that led to it. When the grid cannot
//! be read, the move is applied as given to the bot's own record of the stones (the cell becomes
//! the opponent's, even one our rules call taken), and the bot answers a legal move of that
//! board at once. A move line that cannot be read at all changes nothing; the bot still answers
//! at once, with a cell it does not know to be taken.
//!
//! # Protocol
//!
//! See [`protocol`]: the id once, then per turn `9`, nine rows from the player's own side (`0`
//! empty, `1` own, `2` opponent's) and the opponent's last move (`-1 -1` on the game's first
//! turn; after a swap Player 1 is told the stolen cell, which now shows as `2`). The bot answers
//! `x y`.
//!
//! # The bot
//!
//! `yavalath-bot [--movetime MS] [--depth N] [--engine search|greedy|random] [--seed S]
//! [--opening-plies N]`, `yavalath-bot perft D`, `yavalath-bot bench [--depth N]`,
//! `yavalath-bot solve [--moves "x y,..."] [--seconds S] [--table-mb N]` (the proof search of
//! [`proof`] on the position after the moves, the swap written as Player 1's cell again; one
//! line `value=<win|loss|draw|unknown> nodes=<N> seconds=<S>` for the player to move, the
//! winning move of a win on stderr; bad arguments: a message and exit status 2). Budgets: 35 ms
//! per turn ([`params::DEFAULT_MOVETIME`]; no iteration begun past three quarters of it, or
//! past 90 % when the last iteration changed its best move or dropped its score:
//! [`params::TIME_POLICY`]), 400 ms on the bot's first turn ([`params::FIRST_MOVETIME`]),
//! counted from the moment the turn's first line arrives; `--movetime` sets the per-turn budget (and the first turn's when
//! larger). Nothing in a reply's path waits on anything but the search: the 8 MB transposition
//! table is allocated and written before the first turn, the search polls its clock every few
//! thousand nodes (quiescence included), and a turn's log lines go, after its reply, to a log
//! thread of their own, so that a blocked standard error holds up nothing.
//! The search ([`search`]) is iterative-deepening negamax
//! with alpha-beta and a transposition table that settles threats before depth: a win on the move
//! is taken, an opponent's winning cell is blocked (a block that makes a 3 is a loss), moves that
//! make a 3 without a 4 are never played, and forced blocks are searched without using depth, so
//! a threat whose only block makes the blocker's 3 is seen as a win. Past the horizon a
//! quiescence search follows threats (moves that make a new winning cell) for
//! `params::MAX_QUIESCENCE` plies, the forced blocks between them free. When the clock cuts an
//! iteration, a move that has already beaten the last best in it is played. Late quiet moves
//! are reduced by `params::LMR_REDUCTION` plies (none: at the contest's 35 ms a turn, matches
//! chose full depth for every move and the shortest threat chase). From ply 12 on, in the time the search
//! leaves, a proof search ([`proof`], df-pn over the same forcing moves) looks for a proven
//! win, which the bot then plays, and keeps playing: see [`engine`]. Its table takes 4 MB (the
//! bot's peak is about 14 MB). The first plies come from an opening book ([`book`], written by
//! `yavalath-tune book` from deep searches of every first stone up to symmetry): Player 1's
//! first stone, Player 2's swap decision and reply for every first stone,
//! Player 1's reply to every answer to its first stone, Player 2's answer to Player 1's
//! strongest reply after the theft of `(2, 2)`, Player 2's moves in the lines that follow
//! that theft, proven wins the search misses, and detours around the moves after which other
//! bots were proven to win (all found in any of the board's twelve orientations); which of it is
//! proven and which only searched is tabled in [`book`]. With `--opening-plies N` its first N
//! own moves are drawn (seeded by `--seed`): the first stone among the cells equivalent to the
//! book's by symmetry, a book move as it is (it counts as one of the N), later moves among those
//! the search scores within [`search::OPENING_MARGIN`] of the best and not as losing.
//!
//! # Tuning
//!
//! `yavalath-tune [--games N] [--seed S] [--depth D] [--epochs E]` plays self-play games and fits
//! the evaluation's weights to their results; `yavalath-tune book [--depth D]` writes the opening
//! book, and `yavalath-tune lines --moves "x y,..." [--side 1|2] [--depth D] [--plies N] ...`
//! its deeper lines for one side (see [`tune`]).
//!
//! # One source file
//!
//! `scripts/bundle.sh yavalath OUT.rs` writes the bot and the parts of `common` it uses as one
//! file for CodinGame (Rust 1.70, no crates, under 100,000 characters); the referee is left out.

pub mod board;
pub mod book;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod params;
pub mod proof;
pub mod protocol;
#[cfg(feature = "referee")]
pub mod referee;
pub mod search;
pub mod threats;
#[cfg(feature = "tune")]
pub mod tune;
#[cfg(feature = "referee")]
mod view;
