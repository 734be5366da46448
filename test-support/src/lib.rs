//! What the game crates' tests share, written once: a dev-only crate, in the game crates'
//! `[dev-dependencies]` only, so that it is never compiled into a bot or a bundle.
//!
//! - [`bundle`]: a game's one-file bundle (`scripts/bundle.sh`) built by plain `rustc -O`, kept
//!   in the test's target directory until its sources change, and its `bench` compared with the
//!   cargo-built bot's;
//! - [`process`]: a bot binary started as a contest starts it, talked to line by line, each
//!   reply awaited with a timeout so that a stalled bot fails its test instead of hanging it;
//!   its subcommands; referee runs and the games they record; scratch directories;
//! - [`replay`] (feature `referee`): whole recorded games played through a game's referee, the
//!   checks every replay page passes, a record's plies, and a record replayed by a board's rules;
//! - [`properties`]: the property suite every game runs over thousands of random positions of
//!   its own, through its [`common::game::Board`];
//! - [`perft`]: the comparison of a game's perft with an independent count written in its tests,
//!   a [`perft::Reference`] played along the board through a fixed game;
//! - [`search`]: the tests of `bench`, as the macro [`bench_tests!`], and self-play games between
//!   two engines of one command line;
//! - [`docs`]: the docs' quotes of a constant (a default move time) checked against it;
//! - [`help`]: every binary of a game crate and every subcommand answers `--help` and `-h` (its
//!   referee's are the runner's, tested once in `tools`);
//! - [`net`]: the checks of a learned evaluation: its inputs' changes between positions, and
//!   the search's evaluator against the network from scratch along random walks;
//! - [`net_data`] (feature `referee`): the check every game's self-play data command passes;
//! - [`tune`] (feature `referee`, which brings in the tools): the check every self-play tuner's
//!   games pass.

pub mod bundle;
pub mod docs;
pub mod help;
pub mod net;
#[cfg(feature = "referee")]
pub mod net_data;
pub mod perft;
pub mod process;
pub mod properties;
#[cfg(feature = "referee")]
pub mod replay;
pub mod search;
#[cfg(feature = "referee")]
pub mod tune;
