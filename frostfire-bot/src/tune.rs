//! Fitting the evaluation's weights to self-play games (Texel's method, [`tools::tune`]).
//!
//! `frostfire-tune [--games N] [--seed S] [--depth D] [--epochs E]`:
//! 1. plays `N` games of the bot's own search at the fixed depth `D` against itself, each from an
//!    opening of [`RANDOM_PLIES_MIN`]..=[`RANDOM_PLIES_MAX`] uniformly random first plies drawn
//!    with `SmallRng` seeded by `S` + the game's number, so the same command plays the same
//!    games; a game ends as the referee ends it (four dragons lost, no move, 300 plies);
//! 2. keeps the *quiet* positions of each game with its result for the side to move (1 a win,
//!    ½ a draw, 0 a loss);
//! 3. describes each position by [`features`], the evaluation of [`crate::eval`] written as
//!    `Σ weight × feature` (a test checks that both agree on random positions);
//! 4. fixes the logistic curve's scale for today's weights, then fits the weights for `E` epochs,
//!    the dragon's worth ([`LOST_DRAGON`]) held fixed as the unit, on the games whose number is
//!    not a multiple of [`HOLDOUT_EVERY`]; those games are held out to show that the fit
//!    generalises;
//! 5. prints the fitted weights as constants, the scale and the errors before and after.
//!
//! **Quiet** here means that the side to move cannot push a dragon off: the static evaluation
//! would otherwise stand for a position about to change its material. A position where the side
//! to move is threatened stays in (the threat terms weigh exactly that), so [`OWN_THREAT`] is the
//! one weight these positions cannot teach: it is held fixed too.

use crate::board::{Board, Cell, Color, Direction, Move, DRAGONS, MAX_PLIES, RINGS};
use crate::eval;
use crate::search::Searcher;
use common::game::Board as _;
use common::search::Limits;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashSet;
use std::process::ExitCode;
use tools::tune::{SelfPlayGame, SelfPlayTuner, TuneOptions};

/// The features, in the order of the weights.
pub const LOST_DRAGON: usize = 0;
/// [`eval::THIRD_LOSS`].
pub const THIRD_LOSS: usize = 1;
/// [`eval::RING_CENTRE`].
pub const RING_CENTRE: usize = 2;
/// [`eval::RING_1`].
pub const RING_1: usize = 3;
/// [`eval::RING_2`].
pub const RING_2: usize = 4;
/// [`eval::COHESION`].
pub const COHESION: usize = 5;
/// [`eval::ISOLATED`].
pub const ISOLATED: usize = 6;
/// [`eval::EXPOSED`].
pub const EXPOSED: usize = 7;
/// [`eval::CORNER`].
pub const CORNER: usize = 8;
/// [`eval::PUSHES`].
pub const PUSHES: usize = 9;
/// [`eval::OWN_THREAT`].
pub const OWN_THREAT: usize = 10;
/// [`eval::ONE_THREATENED`].
pub const ONE_THREATENED: usize = 11;
/// [`eval::MANY_THREATENED`].
pub const MANY_THREATENED: usize = 12;
/// [`eval::EDGE_PRESSURE`].
pub const EDGE_PRESSURE: usize = 13;
/// [`eval::TEMPO`].
pub const TEMPO: usize = 14;
/// How many weights.
pub const FEATURE_COUNT: usize = 15;

/// The constants' names in `eval.rs`, in the order of the weights.
pub const NAMES: [&str; FEATURE_COUNT] = [
    "LOST_DRAGON",
    "THIRD_LOSS",
    "RING_CENTRE",
    "RING_1",
    "RING_2",
    "COHESION",
    "ISOLATED",
    "EXPOSED",
    "CORNER",
    "PUSHES",
    "OWN_THREAT",
    "ONE_THREATENED",
    "MANY_THREATENED",
    "EDGE_PRESSURE",
    "TEMPO",
];

/// The weights the fit holds fixed: the unit, and the one the quiet positions cannot teach.
pub const FROZEN: [usize; 2] = [LOST_DRAGON, OWN_THREAT];

/// Games whose number is a multiple of this are held out of the fit.
pub const HOLDOUT_EVERY: u32 = 10;
/// The fewest random first plies of a tuning game...
pub const RANDOM_PLIES_MIN: u32 = 2;
/// ...and the most.
pub const RANDOM_PLIES_MAX: u32 = 8;
/// The transposition table of the tuning games' searches (small: the searches are shallow).
const TUNE_TABLE_BYTES: usize = 1 << 20;

/// Today's weights of `eval.rs`, in the order of [`NAMES`].
pub fn current_weights() -> [i32; FEATURE_COUNT] {
    [
        eval::LOST_DRAGON,
        eval::THIRD_LOSS,
        eval::RING_CENTRE,
        eval::RING_1,
        eval::RING_2,
        eval::COHESION,
        eval::ISOLATED,
        eval::EXPOSED,
        eval::CORNER,
        eval::PUSHES,
        eval::OWN_THREAT,
        eval::ONE_THREATENED,
        eval::MANY_THREATENED,
        eval::EDGE_PRESSURE,
        eval::TEMPO,
    ]
}

/// The features of `board` for its side to move, dense, in the order of [`NAMES`]. Computed
/// cell by cell (not with the evaluation's bit sets), so that the test that both agree checks
/// one against the other.
pub fn features(board: &Board) -> [i32; FEATURE_COUNT] {
    let us = board.side_to_move();
    let them = us.other();
    let mut f = [0; FEATURE_COUNT];
    f[TEMPO] = 1;
    for (color, sign) in [(us, 1), (them, -1)] {
        let lost = DRAGONS - board.dragons(color).count_ones();
        f[LOST_DRAGON] -= sign * lost as i32;
        f[THIRD_LOSS] -= sign * i32::from(lost >= 3);
        let side = side_features(board, color);
        for (index, value) in side {
            f[index] += sign * value;
        }
    }
    let our_targets = targets(board, us);
    let their_targets = targets(board, them);
    f[OWN_THREAT] = our_targets.min(2);
    f[ONE_THREATENED] = -i32::from(their_targets == 1);
    f[MANY_THREATENED] = -i32::from(their_targets >= 2);
    let lead = board.lost(them) as i32 - board.lost(us) as i32;
    let on_edge = |color: Color| {
        Cell::all()
            .filter(|&c| board.at(c) == Some(color) && ring_of(c) == 3)
            .count() as i32
    };
    f[EDGE_PRESSURE] = match lead {
        l if l > 0 => on_edge(them),
        l if l < 0 => -on_edge(us),
        _ => 0,
    };
    f
}

/// The ring of `cell` around the centre: 0 for D4, 3 for the edge.
fn ring_of(cell: Cell) -> usize {
    RINGS
        .iter()
        .position(|&ring| ring & cell.bit() != 0)
        .expect("every cell is on a ring")
}

/// The per-side features of `color`, as `(index, count)`.
fn side_features(board: &Board, color: Color) -> [(usize, i32); 8] {
    let mine = |c: Option<Cell>| c.is_some_and(|c| board.at(c) == Some(color));
    let theirs = |c: Option<Cell>| c.is_some_and(|c| board.at(c) == Some(color.other()));
    let empty = |c: Option<Cell>| c.is_some_and(|c| board.at(c).is_none());
    let (mut rings, mut pairs, mut isolated, mut exposed, mut corners, mut pushes) =
        ([0; 3], 0, 0, 0, 0, 0);
    for cell in Cell::all().filter(|&c| board.at(c) == Some(color)) {
        let ring = ring_of(cell);
        if ring < 3 {
            rings[ring] += 1;
        }
        corners += i32::from(cell.is_corner());
        let neighbours = Direction::ALL
            .into_iter()
            .filter(|&d| mine(cell.step(d)))
            .count();
        // Each pair is seen from both its dragons.
        pairs += neighbours as i32;
        isolated += i32::from(neighbours == 0);
        let is_exposed = !cell.is_corner()
            && Direction::ALL
                .into_iter()
                .any(|d| cell.step(d).is_none() && theirs(cell.step(d.opposite())));
        exposed += i32::from(is_exposed);
        // `cell` as the front of a pair pushing along `d`.
        for d in Direction::ALL {
            let behind = cell.step(d.opposite());
            let target = cell.step(d);
            let beyond = target.and_then(|t| t.step(d));
            if mine(behind) && theirs(target) && empty(beyond) {
                pushes += 1;
            }
        }
    }
    [
        (RING_CENTRE, rings[0]),
        (RING_1, rings[1]),
        (RING_2, rings[2]),
        (COHESION, pairs / 2),
        (ISOLATED, isolated),
        (EXPOSED, exposed),
        (CORNER, corners),
        (PUSHES, pushes),
    ]
}

/// How many dragons of the other side `color` could push off now, were it to move.
fn targets(board: &Board, color: Color) -> i32 {
    let mine = |c: Option<Cell>| c.is_some_and(|c| board.at(c) == Some(color));
    Cell::all()
        .filter(|&c| board.at(c) == Some(color.other()) && !c.is_corner())
        .filter(|&c| {
            Direction::ALL.into_iter().any(|d| {
                c.step(d).is_none()
                    && mine(c.step(d.opposite()))
                    && mine(c.step(d.opposite()).and_then(|b| b.step(d.opposite())))
            })
        })
        .count() as i32
}

/// `Σ weight × feature`: what the evaluation is, written with the tuner's features.
pub fn weighted_sum(board: &Board, weights: &[i32; FEATURE_COUNT]) -> i32 {
    features(board)
        .iter()
        .zip(weights)
        .map(|(&f, &w)| f * w)
        .sum()
}

/// True if `board` is quiet: the side to move cannot push a dragon off.
pub fn is_quiet(board: &Board) -> bool {
    board.threatened_by(board.side_to_move()) == 0
}

/// Plays game `number` of a tuning run: random first plies drawn with `seed + number`, then the
/// search at `depth` for both sides, repetitions counted as in a real game; the game ends as the
/// referee ends it (a win, or a draw by no move or by the ply limit).
pub fn play_game(seed: u64, number: u32, depth: u32) -> SelfPlayGame<Board> {
    let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(u64::from(number)));
    let random_plies = rng.gen_range(RANDOM_PLIES_MIN..=RANDOM_PLIES_MAX);
    let mut game_positions = FxHashSet::default();
    let mut searcher = Searcher::new(TUNE_TABLE_BYTES);
    searcher.verbose = false;
    let outcome = |board: &Board| board.outcome_with_limit(MAX_PLIES);
    SelfPlayGame::play(random_plies, outcome, |board, searched| {
        let m: Move = if searched {
            searcher.set_game_positions(&game_positions);
            searcher
                .search(board, &Limits::depth(depth))
                .best
                .expect("a game going on has a move")
        } else {
            *board
                .legal_moves()
                .choose(&mut rng)
                .expect("a game going on has a move")
        };
        game_positions.insert(board.hash());
        m
    })
}

/// This crate's tuner: its defaults, and how it holds out, reports and names its fit.
pub const TUNER: SelfPlayTuner = SelfPlayTuner {
    tool: "frostfire-tune",
    defaults: TuneOptions {
        games: 2000,
        seed: 1,
        depth: 4,
        epochs: 2000,
    },
    holdout_every: HOLDOUT_EVERY,
    progress_every: 100,
    frozen: &FROZEN,
    names: &NAMES,
    seats: ["p1", "p2"],
};

/// `frostfire-tune`: reads the command line, plays, fits and prints the constants.
pub fn main() -> ExitCode {
    TUNER.main(&current_weights(), |options, number| {
        let game = play_game(options.seed, number, options.depth);
        // The quiet positions, each with the result for its side to move.
        (game.samples(is_quiet, features), game.seat_result())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;

    /// Random positions of random games, some with dragons lost.
    fn random_positions(count: usize) -> Vec<Board> {
        let mut rng = SmallRng::seed_from_u64(11);
        let mut found = Vec::new();
        while found.len() < count {
            let mut board = Board::start();
            while board.outcome().is_none() && found.len() < count {
                found.push(board);
                let m = *board.legal_moves().choose(&mut rng).unwrap();
                board = board.play(m);
            }
        }
        found
    }

    #[test]
    fn the_evaluation_is_the_weighted_sum_of_the_tuner_features() {
        let weights = current_weights();
        let positions = random_positions(3000);
        assert!(positions.iter().any(|b| b.lost(Color::Ice) >= 3));
        for board in &positions {
            assert_eq!(evaluate(board), weighted_sum(board, &weights), "{board:?}");
        }
    }

    #[test]
    fn every_feature_varies_on_random_positions() {
        let positions = random_positions(3000);
        for (index, name) in NAMES.iter().enumerate() {
            let values: FxHashSet<i32> = positions.iter().map(|b| features(b)[index]).collect();
            assert!(index == TEMPO || values.len() > 1, "{name} never varies");
        }
    }

    #[test]
    fn a_game_is_reproducible_and_its_samples_are_quiet() {
        test_support::tune::check_self_play_games(play_game, is_quiet, features);
    }
}
