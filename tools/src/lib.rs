//! The tools of the workspace, built on [`common`] and never part of a bot.
//!
//! - [`net_data`]: the self-play data command of a game with a learned evaluation
//!   (`<game>-tune data`: options, the resumable file, threads, progress), over the game's
//!   `play` of one game;
//! - [`net_train`]: training the bots' learned evaluation (`common::net`) on self-play
//!   positions, behind the `train-net` binary;
//! - [`runner`]: the match runner behind every `<game>-referee` binary, with game pairs, SPRT,
//!   tournaments, shards, the league, records and the replay pages;
//! - [`tune`]: fitting an evaluation's weights to game outcomes, behind every `<game>-tune`;
//! - [`spsa`]: tuning a bot's search tunables by matches, SPSA over game pairs played by its
//!   referee, behind the `spsa` binary.
//!
//! A game crate reaches this crate through an optional dependency that only its referee and
//! tuner binaries turn on (its default features `referee` and `tune`), so a bot built without
//! default features cannot import a tool: `cargo build -p krieg-bot --no-default-features`
//! compiles the bot from `common` and the card's three packages alone.

pub mod net_data;
pub mod net_train;
pub mod runner;
pub mod spsa;
pub mod tune;
