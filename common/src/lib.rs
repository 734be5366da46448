//! What every bot is built from, and nothing game-specific; the one-file bundles carry what their
//! bot reaches of it:
//!
//! - [`clock`]: the per-move deadline a search polls, with a soft, an extended and a hard
//!   budget, shared out by each crate's time policy;
//! - [`io`]: robust reading of protocol lines and flushed replies, and the log thread;
//! - [`net`]: the learned evaluation, a perspective network evaluated in integers;
//! - [`cli`]: the options and subcommands that every bot accepts, and the whole `main` of a bot
//!   ([`cli::run_bot`]);
//! - [`search`]: the frame of every search: its limits, its result, a root iteration's result,
//!   the opening draws, the steps every search takes alike (the selection of the next move,
//!   the killers' and history's update, the aspiration window);
//! - [`deepening`]: the one iterative deepening of every search, generic over the game's
//!   searcher ([`deepening::RootSearch`]), and its hooks;
//! - [`engine`]: the frame of every bot's `--engine search|greedy|random` around its search;
//! - [`game`]: the board every game implements ([`game::Board`], the vocabulary's board words),
//!   and what is written once against it: perft, a line of moves, the greedy and random moves;
//! - [`score`]: the score scale of every search, results counted in plies;
//! - [`transposition`]: the transposition table of every search, and its probe at a node;
//! - [`tunable`]: the search's tunables, constants in the contest build and settable from the
//!   command line in a tuning build (the cargo feature `tuning`), for the match-based tuner;
//! - [`zobrist`]: Zobrist keys as `const` data.
//!
//! It is written for Rust 1.70, since the bundles carry it to CodinGame. The tools (the match
//! runner, the league, the replay pages, the tuner) live in the `tools` crate, which depends on
//! this one and never the other way round.

pub mod cli;
pub mod clock;
pub mod deepening;
pub mod engine;
pub mod game;
pub mod io;
pub mod net;
pub mod score;
pub mod search;
pub mod transposition;
pub mod tunable;
pub mod zobrist;
