//! Self-play data for the learned evaluation: `frostfire-tune data`, the workspace's data
//! command (`tools::net_data`: options, file, resuming, threads) playing Frostfire's games.
//!
//! ```text
//! frostfire-tune data --out FILE [--games N] [--nodes N | --depth D] [--seed S] [--threads T]
//! ```
//!
//! Game `k` opens with [`RANDOM_PLIES_MIN`]..=[`RANDOM_PLIES_MAX`] random plies drawn with
//! `SmallRng` seeded by `S + k` (as [`crate::tune`] does), then plays every move by a search of a
//! fixed effort (`--nodes`, default [`DEFAULT_NODES`], or `--depth`) with a fresh transposition
//! table and the game's positions for its repetition rule, so that a game is the same whatever
//! the threads and whichever run plays it; it ends as the referee ends it (a win, or the ply
//! limit).
//!
//! A position the search plays from is kept if it is quiet ([`crate::tune::is_quiet`]: the side
//! to move cannot push a dragon off, the positions the evaluation is called on once the
//! quiescence search has resolved the eliminations) and its root score is not a proven result
//! (a forced win or loss, or a drawn game, which the search scores near ±[`MATE_BOUND`]). Its
//! line holds the inputs of [`crate::net_features`] and the search's score in millidragons.

use crate::board::{Board, MAX_PLIES};
use crate::net_features::{inputs, INPUTS};
use crate::search::{Searcher, MATE_BOUND, MAX_DEPTH};
use crate::tune::{is_quiet, RANDOM_PLIES_MAX, RANDOM_PLIES_MIN};
use common::game::{Board as _, Outcome as _};
use common::search::Limits;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashSet;
use std::process::ExitCode;
use tools::net_data::{DataGame, GameBlock, GameRecord};

/// The evaluation's millidragons per logit: 1 / the logistic scale that Texel's fit finds for
/// today's evaluation on self-play, `frostfire-tune --games 2000 --depth 5 --epochs 1 --seed 1`
/// (scale 0.00103119). The scale depends on the games' depth (0.00040653 at depth 4 on 400
/// games, 0.00066784 at depth 6 on 1000); the data's own search scores at 3000 nodes a move
/// fit their games' results best at 1030 per logit (200 games), close to this one.
pub const SCALE: i32 = 970;
/// Nodes per move without `--nodes` or `--depth`.
pub const DEFAULT_NODES: u64 = 3000;
/// The transposition table of a game's searches (small: the searches are short).
const TABLE_BYTES: usize = 1 << 20;

/// Frostfire's data.
pub const DATA: DataGame = DataGame {
    name: "frostfire",
    inputs: INPUTS,
    scale: SCALE,
    default_nodes: DEFAULT_NODES,
    max_depth: MAX_DEPTH,
};

/// The data command, `frostfire-tune data ARGS`.
pub fn main<I: IntoIterator<Item = String>>(args: I) -> ExitCode {
    tools::net_data::main(&DATA, args, play_game)
}

/// Plays game `number` (see the module documentation) and writes its block.
pub fn play_game(seed: u64, number: u32, limits: &Limits) -> GameBlock {
    let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(u64::from(number)));
    let random_plies = rng.gen_range(RANDOM_PLIES_MIN..=RANDOM_PLIES_MAX);
    let mut searcher = Searcher::new(TABLE_BYTES);
    searcher.verbose = false;
    let mut game_positions = FxHashSet::default();
    let mut record = GameRecord::default();
    let mut board = Board::start();
    while board.outcome_with_limit(MAX_PLIES).is_none() {
        let m = if board.plies() < random_plies {
            *board
                .legal_moves()
                .choose(&mut rng)
                .expect("a game going on has a move")
        } else {
            searcher.set_game_positions(&game_positions);
            let result = searcher.search(&board, limits);
            // A drawn game scores `DRAWN_GAME`, one inside the proven results' bound.
            if is_quiet(&board) && result.score.abs() < MATE_BOUND - 1 {
                let (us, them) = inputs(&board);
                record.keep(board.side_to_move(), result.score, &us, &them);
            }
            result.best.expect("a game going on has a move")
        };
        game_positions.insert(board.hash());
        board = board.play(m);
    }
    let winner = board
        .outcome_with_limit(MAX_PLIES)
        .and_then(|outcome| outcome.winner());
    record.finish(number, winner)
}
