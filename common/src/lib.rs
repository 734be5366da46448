//! What the crates of the workspace share, and nothing game-specific, in two parts.
//!
//! **The bots' part**, all that a bot is built from, and all that a one-file bundle carries:
//!
//! - [`clock`]: the per-move deadline a search polls, with a soft, an extended and a hard
//!   budget, shared out by each crate's time policy;
//! - [`io`]: robust reading of protocol lines and flushed replies, and the log thread;
//! - [`cli`]: the options and subcommands that every bot accepts, and the whole `main` of a bot
//!   ([`cli::run_bot`]);
//! - [`search`]: the frame of every search: its limits, its result, a root iteration's result,
//!   the opening draws, and the steps every search takes alike (the selection of the next move,
//!   the killers' and history's update, perft);
//! - [`score`]: the score scale of every search, results counted in plies;
//! - [`transposition`]: the transposition table of every search;
//! - [`zobrist`]: Zobrist keys as `const` data.
//!
//! This part is written for Rust 1.70, since the bundles carry it to CodinGame.
//!
//! **The tools' part**, behind cargo features that only the tools turn on (a game crate's
//! default features `referee` and `tune` do, for its referee and tuner binaries):
//!
//! - `referee` (feature `runner`): the match runner behind every `<game>-referee` binary, with
//!   game pairs, SPRT, tournaments, shards, records and the replay page;
//! - `tune` (feature `tune`): fitting an evaluation's weights to game outcomes, for the
//!   crates' tuners.
//!
//! Neither part imports the other's modules, so a bot built without default features
//! (`cargo build -p krieg-bot --no-default-features`) compiles the bots' part alone.

pub mod cli;
pub mod clock;
pub mod io;
#[cfg(feature = "runner")]
pub mod referee;
pub mod score;
pub mod search;
pub mod transposition;
#[cfg(feature = "tune")]
pub mod tune;
pub mod zobrist;
