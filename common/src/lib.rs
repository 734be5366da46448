//! What every bot and every referee of the workspace shares, and nothing game-specific:
//!
//! - [`clock`]: the per-move deadline a search polls, with a soft and a hard budget;
//! - [`io`]: robust reading of protocol lines and flushed replies, for the bots;
//! - [`cli`]: the options and subcommands that every bot accepts;
//! - [`zobrist`]: Zobrist keys as `const` data;
//! - [`search`]: the frame of every search: its limits, its result, the opening draws;
//! - [`score`]: the score scale of every search, results counted in plies;
//! - [`transposition`]: the transposition table of every search;
//! - [`referee`]: the match runner behind every `<game>-referee` binary;
//! - [`tune`]: fitting an evaluation's weights to game outcomes, for the crates' tuners.
//!
//! Everything but [`referee`] and [`tune`] is written for Rust 1.70, since the bundles carry it
//! to CodinGame.

pub mod cli;
pub mod clock;
pub mod io;
pub mod referee;
pub mod score;
pub mod search;
pub mod transposition;
pub mod tune;
pub mod zobrist;
