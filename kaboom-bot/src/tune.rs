//! The evaluation's tuner: self-play games, their quiet positions, and Texel's fit of the
//! weights of [`crate::eval`] to the games' results (`tools::tune`).
//!
//! `kaboom-tune [--games N] [--seed S] [--depth D] [--epochs E]` plays `N` games of the bot's own
//! search at the fixed depth `D`, each from an opening of random moves drawn with
//! `SmallRng::seed_from_u64(S + game)` (both bomb columns and 0 to [`MAX_RANDOM_MOVES`] regular
//! moves), keeps every quiet position with the game's result for its side to move, holds out
//! every [`HOLDOUT_EVERY`]-th game, fits the weights on the rest and prints the fitted constants,
//! the logistic scale, and the mean squared errors before and after on both sets. Nothing is
//! read or written but standard output: the same options give the same games and the same fit.
//!
//! The evaluation is written here as `Σ weight × feature` ([`position_features`] with
//! [`NAMES`] and [`current_weights`]); a test checks that it equals
//! [`crate::eval::evaluate`] on random positions, so the two cannot drift apart.
//!
//! **Quiet** means what the search's horizon means by it ([`crate::eval::horizon`]): the game
//! is running past the bomb placements, the side to move has no winning move, and the opponent
//! threatens no winning pass. In any other position the search looks further instead of
//! trusting the evaluation, so those positions would teach the weights nothing the bot uses.

use crate::board::{open_run, Board, Player};
use crate::eval::{self, features, horizon, mobility, Horizon};
use crate::search::Searcher;
use common::game::Board as _;
use common::game::Outcome as _;
use common::search::Limits;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::process::ExitCode;
use std::time::Instant;
use tools::tune::{
    fit_scale, fit_weights, format_constants, mean_error, result_for, split_holdout, tune_usage,
    FitOptions, Sample, TuneOptions,
};

/// The weights' names, as in [`crate::eval`], in the order of the feature indices.
pub const NAMES: [&str; 22] = [
    "WIN_NOW",
    "OPPONENT_PASS_THREAT",
    "OPPONENT_DOUBLE_THREAT",
    "CARRIER_OPEN_LINE",
    "CARRIER_RANK_1",
    "CARRIER_RANK_2",
    "CARRIER_RANK_3",
    "CARRIER_RANK_4",
    "CARRIER_RANK_5",
    "CARRIER_RANK_6",
    "GOAL_RANGER",
    "RUNNER",
    "PASS_ROUTE_2",
    "PASS_ROUTE_3",
    "PASS_TARGET",
    "RUNNER_TARGET",
    "MOBILITY",
    "ADVANCE",
    "FORCED_BLOCKED",
    "FORCED_MOBILITY",
    "FORCED_RUN",
    "PASS_PRESSURE",
];

/// Feature indices (into [`NAMES`]) of the terms quiet positions never show: the win in one and
/// the opponent's pass threats. The fit leaves them as they are.
pub const UNTUNED: [usize; 3] = [0, 1, 2];

/// The evaluation's weights today, in the order of [`NAMES`].
pub fn current_weights() -> Vec<f64> {
    [
        eval::WIN_NOW,
        eval::OPPONENT_PASS_THREAT,
        eval::OPPONENT_DOUBLE_THREAT,
        eval::CARRIER_OPEN_LINE,
        eval::CARRIER_RANK_1,
        eval::CARRIER_RANK_2,
        eval::CARRIER_RANK_3,
        eval::CARRIER_RANK_4,
        eval::CARRIER_RANK_5,
        eval::CARRIER_RANK_6,
        eval::GOAL_RANGER,
        eval::RUNNER,
        eval::PASS_ROUTE_2,
        eval::PASS_ROUTE_3,
        eval::PASS_TARGET,
        eval::RUNNER_TARGET,
        eval::MOBILITY,
        eval::ADVANCE,
        eval::FORCED_BLOCKED,
        eval::FORCED_MOBILITY,
        eval::FORCED_RUN,
        eval::PASS_PRESSURE,
    ]
    .iter()
    .map(|&w| f64::from(w))
    .collect()
}

/// The features of `board` for its side to move, dense, in the order of [`NAMES`], such that
/// `Σ weight × feature` is [`crate::eval::evaluate`]; `None` for a finished game (which the
/// search scores itself).
pub fn position_features(board: &Board) -> Option<[i32; NAMES.len()]> {
    let mut x = [0i32; NAMES.len()];
    if board.outcome().is_some() {
        return None;
    }
    if board.winning_move().is_some() {
        x[0] = 1;
        return Some(x);
    }
    let us = board.side_to_move();
    let them = us.other();
    for (player, sign) in [(us, 1), (them, -1)] {
        let f = features(board, player);
        x[3] += sign * f.open_lines;
        if (1..=6).contains(&f.carrier_rank) {
            x[3 + f.carrier_rank as usize] += sign;
        }
        x[10] += sign * f.goal_rangers;
        x[11] += sign * f.runners;
        match f.pass_route {
            2 => x[12] += sign,
            3 => x[13] += sign,
            _ => {}
        }
        x[14] += sign * f.pass_targets;
        x[15] += sign * f.runner_targets;
        x[16] += sign * f.mobility;
        x[17] += sign * f.advance;
        let passes = i32::from(board.passes(player));
        x[21] -= sign * passes * passes;
        if player == them {
            x[1] = -f.pass_threats;
            x[2] = -i32::from(f.pass_threats >= 2);
        }
    }
    if let Some(colour) = board.required() {
        let forced = board.ranger(us, colour);
        let moves = mobility(board.occupied(), us, forced);
        x[19] = moves;
        if moves == 0 {
            x[18] = -1;
        } else if board.bomb(us) != Some(forced) && open_run(board.occupied(), us, forced).is_some()
        {
            x[20] = 1;
        }
    }
    Some(x)
}

/// True when `board` is quiet (see the module documentation).
pub fn is_quiet(board: &Board) -> bool {
    board.outcome().is_none()
        && !board.in_placement()
        && board.winning_move().is_none()
        && matches!(horizon(board), Horizon::Quiet(_))
}

/// `Σ weight × feature` of dense `features`.
pub fn weighted_sum(features: &[i32], weights: &[f64]) -> f64 {
    features
        .iter()
        .zip(weights)
        .map(|(&x, &w)| f64::from(x) * w)
        .sum()
}

/// The most random regular moves an opening of the tuner's games has after the two columns.
pub const MAX_RANDOM_MOVES: u32 = 4;
/// Every this many games, one is held out of the fit.
pub const HOLDOUT_EVERY: usize = 10;
/// The transposition table of the tuner's searches (cleared for every game).
const TUNE_TABLE_BYTES: usize = 1 << 20;
/// Adam's step size of the fit, in score units.
const LEARNING_RATE: f64 = 1.0;

/// The tuner's defaults (`kaboom-tune` with no options).
pub const DEFAULT_OPTIONS: TuneOptions = TuneOptions {
    games: 2000,
    seed: 1,
    depth: 4,
    epochs: 1000,
};

/// One self-play game's quiet positions, with the result for each one's side to move.
pub fn self_play_game(searcher: &mut Searcher, seed: u64, depth: u32) -> Vec<Sample> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = Board::start();
    let random_plies = 2 + rng.gen_range(0..=MAX_RANDOM_MOVES);
    let mut positions: Vec<(Player, [i32; NAMES.len()])> = Vec::new();
    searcher.clear();
    while board.outcome().is_none() {
        if is_quiet(&board) {
            if let Some(x) = position_features(&board) {
                positions.push((board.side_to_move(), x));
            }
        }
        let moves = board.legal_moves();
        let chosen = if board.plies() < random_plies {
            moves.as_slice().choose(&mut rng).copied()
        } else {
            searcher.search(&board, &Limits::depth(depth)).best
        };
        let Some(m) = chosen else {
            break;
        };
        board = board.play(m);
    }
    let winner = board.outcome().and_then(|o| o.winner());
    positions
        .into_iter()
        .map(|(side, x)| Sample::from_features(&x, result_for(winner, side)))
        .collect()
}

/// The outcome of a tuning run.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The options it ran with.
    pub options: TuneOptions,
    /// Quiet positions for the fit and held out.
    pub training: usize,
    pub held_out: usize,
    /// The logistic scale fitted to today's weights.
    pub scale: f64,
    /// Mean squared errors: training before and after, held out before and after.
    pub training_before: f64,
    pub training_after: f64,
    pub held_out_before: f64,
    pub held_out_after: f64,
    /// The fitted weights, in the order of [`NAMES`].
    pub weights: Vec<f64>,
    /// Seconds spent playing and fitting.
    pub play_seconds: f64,
    pub fit_seconds: f64,
}

impl fmt::Display for TuneReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.options;
        writeln!(
            f,
            "games {} seed {} depth {} epochs {}: {} training positions, {} held out ({:.1} s of play, {:.1} s of fit)",
            o.games, o.seed, o.depth, o.epochs, self.training, self.held_out, self.play_seconds, self.fit_seconds
        )?;
        writeln!(f, "scale {:.6}", self.scale)?;
        writeln!(
            f,
            "training error before {:.6} after {:.6}",
            self.training_before, self.training_after
        )?;
        writeln!(
            f,
            "held-out error before {:.6} after {:.6}",
            self.held_out_before, self.held_out_after
        )?;
        write!(f, "{}", format_constants(&NAMES, &self.weights))
    }
}

/// Plays the games and fits the weights.
pub fn tune(options: &TuneOptions) -> TuneReport {
    let start = Instant::now();
    let mut searcher = Searcher::new(TUNE_TABLE_BYTES);
    let games: Vec<Vec<Sample>> = (0..u64::from(options.games))
        .map(|k| self_play_game(&mut searcher, options.seed.wrapping_add(k), options.depth))
        .collect();
    let play_seconds = start.elapsed().as_secs_f64();
    // Whole games are held out: positions of one game are alike.
    let (training_games, held_out_games) = split_holdout(games, HOLDOUT_EVERY);
    let training: Vec<Sample> = training_games.into_iter().flatten().collect();
    let held_out: Vec<Sample> = held_out_games.into_iter().flatten().collect();
    let fit_start = Instant::now();
    let mut weights = current_weights();
    let scale = fit_scale(&training, &weights);
    let held_out_before = mean_error(&held_out, &weights, scale);
    let fit = fit_weights(
        &training,
        &mut weights,
        scale,
        &FitOptions {
            epochs: options.epochs,
            learning_rate: LEARNING_RATE,
            frozen: UNTUNED.to_vec(),
        },
    );
    TuneReport {
        options: *options,
        training: training.len(),
        held_out: held_out.len(),
        scale,
        training_before: fit.error_before,
        training_after: fit.error_after,
        held_out_before,
        held_out_after: mean_error(&held_out, &weights, scale),
        weights,
        play_seconds,
        fit_seconds: fit_start.elapsed().as_secs_f64(),
    }
}

/// `kaboom-tune`'s main: parse, play, fit, print.
pub fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = tune_usage("kaboom-tune");
    if args.iter().any(|a| a == "-h" || a == "--help") {
        // Written, not printed: a reader that closed stdout early ends nothing but the output.
        let _ = std::io::Write::write_fmt(&mut std::io::stdout().lock(), format_args!("{usage}\n"));
        return ExitCode::SUCCESS;
    }
    match TuneOptions::parse(args, DEFAULT_OPTIONS) {
        Ok(options) => {
            print!("{}", tune(&options));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("kaboom-tune: {e}\n{usage}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `games` random games from the start, with `SmallRng` seeded by `seed`, and shows
    /// `visit` every position of each, its end included.
    fn visit_random_games(seed: u64, games: u32, mut visit: impl FnMut(&Board)) {
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..games {
            let mut board = Board::start();
            visit(&board);
            while board.outcome().is_none() {
                let moves = board.legal_moves();
                board = board.play(*moves.as_slice().choose(&mut rng).unwrap());
                visit(&board);
            }
        }
    }

    #[test]
    fn the_evaluation_is_the_weighted_sum_of_the_features_on_random_positions() {
        let weights = current_weights();
        let mut checked = 0;
        visit_random_games(3, 200, |board| {
            let x = position_features(board);
            if board.outcome().is_some() {
                assert!(x.is_none(), "\n{board}");
            } else if let Some(x) = x {
                assert_eq!(
                    weighted_sum(&x, &weights),
                    f64::from(eval::evaluate(board)),
                    "\n{board}"
                );
                checked += 1;
            }
        });
        assert!(checked > 5000, "{checked}");
    }

    #[test]
    fn quiet_positions_are_the_horizon_s_quiet_ones() {
        let (mut quiet, mut loud) = (0, 0);
        visit_random_games(4, 100, |board| {
            let threats = features(board, board.side_to_move().other()).pass_threats;
            assert_eq!(eval::threatened(board), threats > 0, "\n{board}");
            if board.outcome().is_some() {
                assert!(!is_quiet(board), "\n{board}");
            } else if is_quiet(board) {
                quiet += 1;
                assert!(board.winning_move().is_none());
                assert_eq!(
                    features(board, board.side_to_move().other()).pass_threats,
                    0
                );
            } else if !board.in_placement() {
                loud += 1;
            }
        });
        assert!(quiet > 0 && loud > 0, "{quiet} {loud}");
    }

    #[test]
    fn self_play_is_reproducible_and_scores_each_side() {
        let mut searcher = Searcher::new(TUNE_TABLE_BYTES);
        let a = self_play_game(&mut searcher, 11, 2);
        let b = self_play_game(&mut searcher, 11, 2);
        assert_eq!(a, b);
        assert!(!a.is_empty());
        assert!(a.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
        if a.iter().any(|s| s.result != 0.5) {
            assert!(a.iter().any(|s| s.result == 1.0) && a.iter().any(|s| s.result == 0.0));
        }
    }

    #[test]
    fn a_small_run_fits_better_than_it_started() {
        let report = tune(&TuneOptions {
            games: 20,
            seed: 5,
            depth: 2,
            epochs: 50,
        });
        assert!(report.training > 0 && report.held_out > 0);
        assert!(report.training_after < report.training_before, "{report}");
        for &i in UNTUNED.iter() {
            assert_eq!(report.weights[i], current_weights()[i]);
        }
        assert!(report
            .to_string()
            .contains("pub const CARRIER_OPEN_LINE: i32 = "));
    }
}
