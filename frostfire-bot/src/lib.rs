//! Frostfire (Abalone-like, hex board of edge 4): the rules, the contest bot and the referee.
//!
//! # The rules as implemented
//!
//! **Cells.** A cell is (row, diagonal): row letter `A`..`G` (index r = 0..6) and diagonal digit
//! `1`..`7` (d). A cell exists iff `4 <= r + d <= 10`: A4..A7, B3..B7, C2..C7, D1..D7, E1..E6,
//! F1..F5, G1..G4, 37 cells. The six corners are A4, A7, D1, D7, G1 and G4.
//!
//! ```text
//! A      x x x x          x  Tyragon (ICE), Player 1, moves first
//! B     x x x x x         o  Abagon (FIRE), Player 2
//! C    . . x x . .
//! D   . . . . . . .       the start; the digits at the bottom right
//! E    . . o o . . 7      name the diagonals (cells with equal digit)
//! F     o o o o o 6
//! G      o o o o 5
//!         1 2 3 4
//! ```
//!
//! **Directions** (Δrow, Δdiag): (0,+1), (0,−1), (+1,0), (−1,0), (+1,−1), (−1,+1): the rows, the
//! diagonals of equal digit, and the diagonals of equal r + d.
//!
//! **Sides.** Tyragon (ICE) receives `1`, moves first and starts on A4–A7, B3–B7, C4, C5;
//! Abagon (FIRE) receives `2` and starts on G1–G4, F1–F5, E3, E4 (the statement's
//! `boardPattern`; its row D lists six values for seven cells, but row D is empty either way).
//!
//! **A move** `Ax By` (letter, digit, one space, letter, digit): Ax and By hold the mover's
//! dragons and are adjacent; with v = By − Ax and T = By + v, both dragons shift one step along v.
//! - T off the board: illegal (you may not push your own dragon off);
//! - T empty: legal;
//! - T holds the mover's dragon: illegal (no third own dragon);
//! - T holds an opponent dragon, U = T + v:
//!   U holds any dragon: illegal (two dragons push exactly one);
//!   U empty: legal, the opponent dragon moves to U;
//!   U off the board: legal unless T is a corner (a dragon is never pushed off from a corner, in
//!   any direction); the opponent dragon is eliminated.
//!
//! There are no single-dragon, three-dragon or sideways moves.
//!
//! **End.** After each move: a side that has lost four dragons (7 left) loses. Otherwise, if the
//! side to move has no legal move, the game is drawn. The referee also draws a game still running
//! after its 300th ply ([`board::MAX_PLIES`], `--max-plies` of the referee); a 300th ply that wins,
//! wins. [`Board::outcome`](board::Board#method.outcome) applies the rules of the game, and
//! [`board::Board::outcome_with_limit`] the ply limit as well.
//!
//! # Decisions where the statement is silent
//!
//! - A move naming a cell that does not exist (`A1`, `H2`, `D8`) is *malformed* (a value out of
//!   range); two existing cells that are not adjacent (`A4 A6`) make a well-formed but *illegal*
//!   move. Letters are upper case only; the line is exactly five characters.
//! - Both "a side has lost four" and "no legal move" are judged after the move; a loss is checked
//!   first (a side that has just lost has no moves anyway).
//! - A UTF-8 byte-order mark (EF BB BF) that a judge writes before the id line, or before any
//!   line, is read as white space.
//! - `perft` counts move sequences from the start, Tyragon to move; a finished game has no moves.
//!   perft(1..=5) = 10, 96, 1108, 12668, 150918: the bit-parallel generator's counts, and for
//!   depths 1..=4 also those of an independent count that tries every adjacent pair of cells with
//!   the cell-by-cell rules of [`Board::try_play`](board::Board#method.try_play)
//!   (`tests/perft.rs`).
//!
//! # Protocol
//!
//! The bot reads `1` or `2`, then one opponent move per line, and prints each of its moves on one
//! line, flushed; nothing else ever goes to stdout (diagnostics go to stderr). Lines are trimmed
//! and inner runs of white space folded (CRLF and stray spaces cost nothing); a line over 1024
//! bytes is cut there and read as a line that is not a move, so memory stays bounded whatever
//! arrives. Input it cannot use is logged as a warning, quoted, and handled as described in
//! [`protocol`]; a line that is not a move at all (`hello`, `A1 A2`) is ignored. End of input ends
//! the process with status 0.
//!
//! # When the judge sends a move our rules reject
//!
//! The judge is the authority: if it sent the move on, its rules and ours differ, and the game
//! goes on on its board. The bot keeps playing legal moves on the judge's board as far as it can
//! be known, and never stalls:
//! - if the move names two adjacent cells that both hold dragons of the mover, it is applied as
//!   its line says ([`board::Board::force_play`]): every dragon on the line from `Ax` through `By`
//!   up to the first empty cell shifts one step along the move, and a dragon shifted off the
//!   board is eliminated, whichever side it belongs to (a third own dragon, two opponents, or a
//!   dragon on a corner is pushed along or off; a mover's own dragon pushed off is lost). For a
//!   legal move this is the move itself. The bot logs a warning quoting the line and why our
//!   rules reject it, and answers from that board;
//! - otherwise (the cells are not adjacent, a cell holds no dragon of the mover), or if applying
//!   it would end the game on our board (the judge, who asks for our move, sees the game going
//!   on), the move is not applied: the bot logs a warning, keeps its board with its own side to
//!   move, and answers at once with a legal move of its own;
//! - an opponent move that arrives when the bot's board has the bot to move is taken as the
//!   bot's turn passed, then handled as above;
//! - after the id line, every line is the judge's word that the opponent has moved: a line that
//!   does not parse as a move (not `Ax By`, a cell off the board such as `A1`, an over-long line)
//!   is a move that cannot be applied, handled as above (logged, our board kept, answered at
//!   once), since a bot that waits for a better line loses on time. Before the id line, a line
//!   that is neither an id nor a move is skipped.
//!
//! # The bot
//!
//! ```text
//! frostfire-bot [--movetime MS] [--depth N] [--engine search|greedy|random] [--seed S]
//!               [--opening-plies N]
//! frostfire-bot perft D        one line `<d> <count>` per depth 1..=D
//! frostfire-bot bench          fixed searches; last line `<N> nodes <M> nps`
//! ```
//!
//! - `search` (default): iterative-deepening principal variation search with a 4 MB
//!   transposition table, aspiration windows, null move, late move reductions,
//!   eliminations-only quiescence ([`search`]) and the learned evaluation of [`eval`] (a small
//!   network on where the dragons stand, [`net_features`], trained on the bot's own games and
//!   kept incrementally along the search; the hand-made terms stay for the Texel fit and the
//!   `greedy` engine). Hard budget
//!   1300 ms per move by default ([`params::DEFAULT_MOVETIME`]; `--movetime` replaces it, 65 %
//!   of the 2 s limit), soft budget 40 % of it, extended to 65 % of it when an iteration changes
//!   the best move or drops the score ([`params::time_policy`]); peak memory about 6 MB. Every
//!   tunable of the search is in [`params`].
//! - Draws are worth nothing in the contest, as losses, so the search scores a drawn game (no
//!   move, the 300-ply limit) as [`search::DRAWN_GAME`] for itself, just above a forced loss: it
//!   prefers any live game to a sure draw. A return to an earlier position of the game or of the
//!   search path is no end, but no progress: it costs the bot ([`search::repetition_cost`]: a
//!   third of a dragon at the start, growing to over three by the ply limit, most of it late), whichever side
//!   repeats, so the bot neither shuffles nor steers into positions where its opponent's natural
//!   move goes round (a draw the opponent makes is worth no more to us). The protocol keeps the
//!   set of the game's positions since the last elimination for this.
//! - `--opening-plies N`: the first N own moves are drawn, seeded by `--seed`, among the moves
//!   the search sees within [`search::OPENING_MARGIN`] of its best (a few hundredths of a
//!   dragon), never one it sees as losing.
//! - `greedy`: a winning move if any, else the best one-ply evaluation; `random`: a uniformly
//!   random legal move, seeded by `--seed`.
//!
//! # The tuner
//!
//! `frostfire-tune [--games N] [--seed S] [--depth D] [--epochs E]` plays self-play games of the
//! search at a fixed depth from seeded random openings, and fits the evaluation's weights to
//! their results by Texel's method ([`tune`]); it prints the fitted constants for [`eval`], the
//! logistic scale, and the errors before and after the fit on the training games and on the
//! games held out. It is not part of the bot (nor of the one-file bundle).
//!
//! `frostfire-tune data --out FILE [--games N] [--nodes N | --depth D] [--seed S] [--threads T]`
//! writes self-play positions for training the learned evaluation ([`net_data`]), each with its
//! search score, its game's result and the network's inputs ([`net_features`]).
//!
//! # The referee
//!
//! `frostfire-referee [OPTIONS] CMD_A CMD_B` is the shared match runner with these rules
//! ([`referee`]): 2 s per move, 20 MB, 300 plies by default; `--show` draws the board as above.

pub mod board;
pub mod engine;
pub mod eval;
#[cfg(feature = "tune")]
pub mod net_data;
pub mod net_features;
mod net_weights;
pub mod notation;
pub mod params;
pub mod protocol;
#[cfg(feature = "referee")]
pub mod referee;
pub mod search;
#[cfg(feature = "tune")]
pub mod tune;
#[cfg(feature = "referee")]
mod view;
