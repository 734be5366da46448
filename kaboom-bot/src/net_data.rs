//! Self-play data for the learned evaluation: `kaboom-tune data`, the workspace's data command
//! (`tools::net_data`: options, file, resuming, threads) playing Ka-Boom's games.
//!
//! ```text
//! kaboom-tune data --out FILE [--games N] [--nodes N | --depth D] [--seed S] [--threads T]
//! ```
//!
//! Game `k` opens with random moves drawn with `SmallRng` seeded by `S + k` (as [`crate::tune`]
//! does: both bomb columns and 0 to [`MAX_RANDOM_MOVES`] regular moves), then plays every move by
//! a search of a fixed effort (`--nodes`, default [`DEFAULT_NODES`], or `--depth`) with a cleared
//! transposition table, so that a game is the same whatever the threads and whichever run plays
//! it.
//!
//! A position the search plays from is kept if it is quiet ([`crate::tune::is_quiet`]: what the
//! search's horizon calls quiet, where it trusts the evaluation: no win in one for the side to
//! move, no winning pass threatened by the other) and its root score is not a proven result
//! (beyond ±[`MATE_BOUND`]). Its line holds the inputs of [`crate::net_features`] and the
//! search's score in the evaluation's units.

use crate::board::Board;
use crate::net_features::{inputs, INPUTS};
use crate::search::{Searcher, MATE_BOUND, MAX_DEPTH};
use crate::tune::{is_quiet, MAX_RANDOM_MOVES};
use common::game::{Board as _, Outcome as _};
use common::search::Limits;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::process::ExitCode;
use tools::net_data::{DataGame, GameBlock, GameRecord};

/// The evaluation's units per logit: 1 / the logistic scale that Texel's fit finds for today's
/// evaluation on self-play, `kaboom-tune --games 4000 --depth 4 --epochs 1 --seed 1` (scale
/// 0.002092; 0.001893 on the first 1000 games). The data's own search scores at 2000 nodes a
/// move are sharper: they fit their games' results best at 268 per logit (200 games).
pub const SCALE: i32 = 478;
/// Nodes per move without `--nodes` or `--depth`.
pub const DEFAULT_NODES: u64 = 3000;
/// The transposition table of a game's searches (small: the searches are short).
const TABLE_BYTES: usize = 1 << 20;

/// Ka-Boom's data.
pub const DATA: DataGame = DataGame {
    name: "kaboom",
    inputs: INPUTS,
    scale: SCALE,
    default_nodes: DEFAULT_NODES,
    max_depth: MAX_DEPTH,
};

/// The data command, `kaboom-tune data ARGS`.
pub fn main<I: IntoIterator<Item = String>>(args: I) -> ExitCode {
    tools::net_data::main(&DATA, args, play_game)
}

/// Plays game `number` (see the module documentation) and writes its block.
pub fn play_game(seed: u64, number: u32, limits: &Limits) -> GameBlock {
    let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(u64::from(number)));
    let random_plies = 2 + rng.gen_range(0..=MAX_RANDOM_MOVES);
    let mut searcher = Searcher::new(TABLE_BYTES);
    let mut record = GameRecord::default();
    let mut board = Board::start();
    while board.outcome().is_none() {
        let m = if board.plies() < random_plies {
            *board
                .legal_moves()
                .choose(&mut rng)
                .expect("a game going on has a move")
        } else {
            let result = searcher.search(&board, limits);
            if is_quiet(&board) && result.score.abs() < MATE_BOUND {
                let (us, them) = inputs(&board);
                record.keep(board.side_to_move(), result.score, &us, &them);
            }
            result.best.expect("a game going on has a move")
        };
        board = board.play(m);
    }
    let winner = board.outcome().and_then(|outcome| outcome.winner());
    record.finish(number, winner)
}
