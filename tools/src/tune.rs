//! Fitting an evaluation's weights to game outcomes: Texel's method.
//!
//! A game crate's tuner plays fast self-play games, keeps quiet positions with the game's result,
//! and describes each position by the features its evaluation weighs: the evaluation is then
//! `Σ weight × feature`, in the shared score units. The fit looks for the weights whose
//! evaluation best predicts the results through a logistic curve,
//! `expected = 1 / (1 + e^(−scale × evaluation))`, by the mean squared error, as Texel tuning
//! does for chess engines. First [`fit_scale`] fixes the curve's `scale` for today's weights (so
//! the fit changes the weights, not the units), then [`fit_weights`] moves the weights by full-batch
//! gradient descent with Adam steps. A held-out sample ([`split_holdout`]) shows whether the fit
//! generalises rather than memorises.
//!
//! Nothing here is used in play: the bundles leave this module out.

use common::game::{Board, Outcome};

/// One position: its features (index into the weights, value) from the point of view of the
/// side the result is counted for, and that side's result: 1 a win, 0.5 a draw, 0 a loss.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Sparse features: `(weight index, value)`; the evaluation is `Σ weights[index] × value`.
    pub features: Vec<(u32, f32)>,
    /// The game's result for the side the features describe.
    pub result: f32,
}

/// What a fit does: how many full passes, the Adam step size, and which weights stay put.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Full passes over the samples (each one gradient step).
    pub epochs: u32,
    /// Adam's step size, in score units per step.
    pub learning_rate: f64,
    /// Indices of weights the fit must not change (a material anchor, say).
    pub frozen: Vec<usize>,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            epochs: 2000,
            learning_rate: 1.0,
            frozen: Vec::new(),
        }
    }
}

/// The mean squared errors before and after a fit, on the samples it was given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitReport {
    /// Before the first step.
    pub error_before: f64,
    /// After the last step.
    pub error_after: f64,
}

/// The logistic curve.
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of a sample under `weights`: `Σ weights[index] × value`.
pub(crate) fn evaluation(sample: &Sample, weights: &[f64]) -> f64 {
    sample
        .features
        .iter()
        .map(|&(index, value)| weights[index as usize] * f64::from(value))
        .sum()
}

/// The mean squared error of the predicted results against the real ones.
pub fn mean_error(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let miss = sigmoid(scale * evaluation(s, weights)) - f64::from(s.result);
            miss * miss
        })
        .sum();
    total / samples.len() as f64
}

/// The curve's scale that makes `weights` predict best: a golden-section search on its logarithm
/// between 1e-6 and 1 (per score unit); the error is unimodal in the scale for any fixed weights
/// worth tuning.
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let error = |log_scale: f64| mean_error(samples, weights, log_scale.exp());
    let (mut low, mut high) = ((1e-6f64).ln(), 0.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error(a), error(b));
    for _ in 0..60 {
        if error_a <= error_b {
            high = b;
            b = a;
            error_b = error_a;
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            low = a;
            a = b;
            error_a = error_b;
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    ((low + high) / 2.0).exp()
}

/// Moves `weights` to lower the mean squared error at the given `scale`, by full-batch gradient
/// descent with Adam steps (which suit features of very different sizes without hand scaling).
pub fn fit_weights(
    samples: &[Sample],
    weights: &mut [f64],
    scale: f64,
    options: &FitOptions,
) -> FitReport {
    let error_before = mean_error(samples, weights, scale);
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-12f64);
    let mut first = vec![0.0f64; weights.len()];
    let mut second = vec![0.0f64; weights.len()];
    let mut gradient = vec![0.0f64; weights.len()];
    let count = samples.len().max(1) as f64;
    for epoch in 1..=options.epochs {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for sample in samples {
            let predicted = sigmoid(scale * evaluation(sample, weights));
            // d/dw of (p − r)² with p = σ(scale · Σ w x): 2 (p − r) p (1 − p) scale x.
            let factor = 2.0
                * (predicted - f64::from(sample.result))
                * predicted
                * (1.0 - predicted)
                * scale;
            for &(index, value) in &sample.features {
                gradient[index as usize] += factor * f64::from(value);
            }
        }
        let correction1 = 1.0 - beta1.powi(epoch as i32);
        let correction2 = 1.0 - beta2.powi(epoch as i32);
        for (i, weight) in weights.iter_mut().enumerate() {
            if options.frozen.contains(&i) {
                continue;
            }
            let g = gradient[i] / count;
            first[i] = beta1 * first[i] + (1.0 - beta1) * g;
            second[i] = beta2 * second[i] + (1.0 - beta2) * g * g;
            let step = (first[i] / correction1) / ((second[i] / correction2).sqrt() + epsilon);
            *weight -= options.learning_rate * step;
        }
    }
    FitReport {
        error_before,
        error_after: mean_error(samples, weights, scale),
    }
}

/// Splits off every `every`-th item (the 1st, the `every + 1`-th, ...) as a held-out set:
/// `(training, held_out)`. Samples of one game sit together, so a tuner that wants whole games
/// held out splits a list of games (each a `Vec<Sample>`) rather than the samples.
pub fn split_holdout<T>(items: Vec<T>, every: usize) -> (Vec<T>, Vec<T>) {
    let every = every.max(2);
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    for (i, item) in items.into_iter().enumerate() {
        if i % every == 0 {
            held_out.push(item);
        } else {
            training.push(item);
        }
    }
    (training, held_out)
}

/// The fitted weights as Rust constants, rounded to whole score units, one per line:
/// `pub const NAME: i32 = VALUE;`, ready to replace the evaluation's named constants.
pub fn format_constants(names: &[&str], weights: &[f64]) -> String {
    names
        .iter()
        .zip(weights)
        .map(|(name, weight)| format!("pub const {name}: i32 = {};\n", weight.round() as i64))
        .collect()
}

/// What a self-play tuning run found: the games, the fitted weights, and the errors before and
/// after the fit on the training and the held-out positions. Its text is what `GAME-tune`
/// prints, ending with the constants ([`format_constants`]).
#[derive(Clone, Debug)]
pub struct SelfPlayReport {
    /// The evaluation's constant names, in the order of the weights.
    pub names: &'static [&'static str],
    /// How the results name the two seats (`p1`, `team1`).
    pub seats: [&'static str; 2],
    /// The fitted weights.
    pub weights: Vec<f64>,
    /// The logistic curve's scale, per score unit.
    pub scale: f64,
    /// Training positions and held-out positions.
    pub positions: (usize, usize),
    /// The games' results: wins of the first seat, draws, wins of the second.
    pub results: (u32, u32, u32),
    /// Training error before and after the fit.
    pub training: (f64, f64),
    /// Held-out error before and after the fit.
    pub held_out: (f64, f64),
}

impl SelfPlayReport {
    /// Fits `weights` (today's, as the start) to `training` under `fit`, the curve's scale fixed
    /// first for today's weights, and measures both sets before and after.
    pub(crate) fn fit(
        training: &[Sample],
        held_out: &[Sample],
        mut weights: Vec<f64>,
        fit: &FitOptions,
        results: (u32, u32, u32),
        names: &'static [&'static str],
        seats: [&'static str; 2],
    ) -> SelfPlayReport {
        let scale = fit_scale(training, &weights);
        let held_out_before = mean_error(held_out, &weights, scale);
        let report = fit_weights(training, &mut weights, scale, fit);
        SelfPlayReport {
            names,
            seats,
            scale,
            positions: (training.len(), held_out.len()),
            results,
            training: (report.error_before, report.error_after),
            held_out: (held_out_before, mean_error(held_out, &weights, scale)),
            weights,
        }
    }
}

impl std::fmt::Display for SelfPlayReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (first, draws, second) = self.results;
        let [one, two] = self.seats;
        writeln!(
            f,
            "positions: training={} held_out={} games: {one}_wins={first} draws={draws} \
             {two}_wins={second}",
            self.positions.0, self.positions.1
        )?;
        writeln!(f, "scale: {:.8}", self.scale)?;
        writeln!(
            f,
            "training error: before={:.6} after={:.6}",
            self.training.0, self.training.1
        )?;
        writeln!(
            f,
            "held-out error: before={:.6} after={:.6}",
            self.held_out.0, self.held_out.1
        )?;
        write!(f, "{}", format_constants(self.names, &self.weights))
    }
}

/// A tuner's command line, `[--games N] [--seed S] [--depth D] [--epochs E]`, the same in every
/// crate's `GAME-tune`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TuneOptions {
    /// Self-play games.
    pub games: u32,
    /// The first game's opening seed (game `k` uses its own seed drawn from it).
    pub seed: u64,
    /// The fixed depth of every self-play search.
    pub depth: u32,
    /// Full passes of the fit over the training positions.
    pub epochs: u32,
}

/// A tuner's malformed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TuneArgsError {
    /// An option tuners do not have.
    Unknown(String),
    /// An option without its value.
    MissingValue(String),
    /// A value that is not a number in range (games at least 2, depth at least 1).
    BadValue(String, String),
}

impl std::fmt::Display for TuneArgsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TuneArgsError::Unknown(o) => write!(f, "unknown option '{o}'"),
            TuneArgsError::MissingValue(o) => write!(f, "option '{o}' needs a value"),
            TuneArgsError::BadValue(o, v) => write!(f, "option '{o}': bad value '{v}'"),
        }
    }
}

impl std::error::Error for TuneArgsError {}

/// The usage line of `GAME-tune`.
pub fn tune_usage(tool: &str) -> String {
    format!("usage: {tool} [--games N] [--seed S] [--depth D] [--epochs E]")
}

/// The `--help` of a `GAME-tune` on [`tune_main`]: the usage line, what it does, and the crate's
/// defaults.
pub(crate) fn tune_help(tool: &str, defaults: &TuneOptions) -> String {
    format!(
        "{}

Plays self-play games at a fixed depth, fits the evaluation's weights to their results (some
games held out, to show whether the fit carries over) and prints them as constants.

options:
  --games N    self-play games, at least 2 (default {})
  --seed S     the first game's opening seed (default {})
  --depth D    the fixed depth of every search, at least 1 (default {})
  --epochs E   full passes of the fit over the training positions (default {})
  -h, --help   this text",
        tune_usage(tool),
        defaults.games,
        defaults.seed,
        defaults.depth,
        defaults.epochs
    )
}

impl TuneOptions {
    /// Reads `--games N --seed S --depth D --epochs E` (any order, each optional) over the
    /// crate's `defaults`. At least 2 games (one to fit on, one to hold out) and depth 1.
    pub fn parse<I: IntoIterator<Item = String>>(
        args: I,
        defaults: TuneOptions,
    ) -> Result<TuneOptions, TuneArgsError> {
        let mut options = defaults;
        let mut args = args.into_iter();
        while let Some(option) = args.next() {
            if !matches!(
                option.as_str(),
                "--games" | "--seed" | "--depth" | "--epochs"
            ) {
                return Err(TuneArgsError::Unknown(option));
            }
            let value = args
                .next()
                .ok_or_else(|| TuneArgsError::MissingValue(option.clone()))?;
            let bad = || TuneArgsError::BadValue(option.clone(), value.clone());
            match option.as_str() {
                "--games" => {
                    options.games = value.parse().ok().filter(|&n| n >= 2).ok_or_else(bad)?
                }
                "--seed" => options.seed = value.parse().map_err(|_| bad())?,
                "--depth" => {
                    options.depth = value.parse().ok().filter(|&d| d >= 1).ok_or_else(bad)?
                }
                _ => options.epochs = value.parse().map_err(|_| bad())?,
            }
        }
        Ok(options)
    }
}

impl Sample {
    /// A sample from a position's dense feature values (the zeros left out) and its result.
    pub fn from_features(values: &[i32], result: f32) -> Sample {
        let features = values
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(|(i, &v)| (i as u32, v as f32))
            .collect();
        Sample { features, result }
    }
}

/// The result of a game for `side`: 1 a win, 0.5 a draw (`winner` is `None`), 0 a loss.
pub fn result_for<S: PartialEq>(winner: Option<S>, side: S) -> f32 {
    match winner {
        None => 0.5,
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
    }
}

/// The samples of a game's `positions` that `keep` lets through (the quiet ones, say), each
/// described by `describe` as its dense features and the side they speak for, with the game's
/// result for that side (`winner` `None` a draw).
pub(crate) fn game_samples<'a, P: 'a, S: PartialEq + Copy, F: AsRef<[i32]>>(
    positions: impl IntoIterator<Item = &'a P>,
    winner: Option<S>,
    keep: impl Fn(&P) -> bool,
    describe: impl Fn(&P) -> (F, S),
) -> Vec<Sample> {
    positions
        .into_iter()
        .filter(|&p| keep(p))
        .map(|p| {
            let (features, side) = describe(p);
            Sample::from_features(features.as_ref(), result_for(winner, side))
        })
        .collect()
}

/// Which seat won a self-play game, for the tally of [`SelfPlayReport::results`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatResult {
    /// The first seat won.
    FirstWins,
    /// Nobody won.
    Draw,
    /// The second seat won.
    SecondWins,
}

impl SeatResult {
    /// The seat result of a game that `winner` won (`None` a draw), `first` sitting first.
    pub(crate) fn of<S: PartialEq>(winner: Option<S>, first: S) -> SeatResult {
        match winner {
            None => SeatResult::Draw,
            Some(w) if w == first => SeatResult::FirstWins,
            Some(_) => SeatResult::SecondWins,
        }
    }
}

/// One self-play game of a tuning run: the positions its search played from (those after its
/// random opening), and how it ended.
#[derive(Clone, Debug)]
pub struct SelfPlayGame<B: Board> {
    /// Every position from the end of the random opening to the last move's, in order.
    pub positions: Vec<B>,
    /// The result.
    pub outcome: B::Outcome,
}

impl<B: Board> SelfPlayGame<B> {
    /// Plays a game from the start until `outcome` ends it: the first `random_plies` plies by
    /// `choose(board, false)` (a random opening), then by `choose(board, true)` (the search),
    /// keeping each position the search plays from.
    pub fn play(
        random_plies: u32,
        outcome: impl Fn(&B) -> Option<B::Outcome>,
        mut choose: impl FnMut(&B, bool) -> B::Move,
    ) -> SelfPlayGame<B> {
        let (mut board, mut plies, mut positions) = (B::start(), 0, Vec::new());
        loop {
            if let Some(outcome) = outcome(&board) {
                return SelfPlayGame { positions, outcome };
            }
            let searched = plies >= random_plies;
            if searched {
                positions.push(board);
            }
            board = board.play(choose(&board, searched));
            plies += 1;
        }
    }

    /// The positions that `keep` lets through (the quiet ones), as samples of their `features`
    /// for the side to move, with the game's result for that side (`game_samples`).
    pub fn samples<F: AsRef<[i32]>>(
        &self,
        keep: impl Fn(&B) -> bool,
        features: impl Fn(&B) -> F,
    ) -> Vec<Sample> {
        game_samples(&self.positions, self.outcome.winner(), keep, |b| {
            (features(b), b.side_to_move())
        })
    }

    /// Which seat won, Player 1 playing the board's first side.
    pub fn seat_result(&self) -> SeatResult {
        SeatResult::of(self.outcome.winner(), B::SIDES[0])
    }
}

/// What a crate's self-play tuner fixes once: its name and default options, which games it holds
/// out, how often it reports, which weights stay put, and the names of the constants and of the
/// seats.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlayTuner {
    /// The tuner's binary (`frostfire-tune`), for its messages.
    pub tool: &'static str,
    /// The options of a run without any (`GAME-tune` alone).
    pub defaults: TuneOptions,
    /// Games whose number is a multiple of this are held out of the fit.
    pub holdout_every: u32,
    /// A progress line every this many games.
    pub progress_every: u32,
    /// Indices of the weights the fit holds fixed.
    pub frozen: &'static [usize],
    /// The evaluation's constant names, in the order of the weights.
    pub names: &'static [&'static str],
    /// How the results name the two seats (`p1`, `team1`).
    pub seats: [&'static str; 2],
}

impl SelfPlayTuner {
    /// Plays games `0..options.games` by `play` (a game's samples and result,
    /// `SelfPlaySamples::play`), then fits `weights` (today's) for `options.epochs` epochs.
    pub fn run(
        &self,
        options: &TuneOptions,
        weights: &[i32],
        play: impl FnMut(u32) -> (Vec<Sample>, SeatResult),
        progress: impl FnMut(&str),
    ) -> SelfPlayReport {
        let played = SelfPlaySamples::play(
            options.games,
            self.holdout_every,
            self.progress_every,
            play,
            progress,
        );
        let fit = FitOptions {
            epochs: options.epochs,
            frozen: self.frozen.to_vec(),
            ..FitOptions::default()
        };
        let weights = weights.iter().map(|&w| f64::from(w)).collect();
        played.fit(weights, &fit, self.names, self.seats)
    }

    /// The tuner's `main` (`tune_main`): game `number` of a run under `options` played by
    /// `play`, which gives its samples and result, and `weights` (today's) fitted.
    pub fn main(
        &self,
        weights: &[i32],
        play: impl Fn(&TuneOptions, u32) -> (Vec<Sample>, SeatResult),
    ) -> std::process::ExitCode {
        tune_main(self.tool, self.defaults, |options, progress| {
            self.run(options, weights, |number| play(options, number), progress)
        })
    }
}

/// The samples of a run of self-play games, split by game into training and held-out sets, and
/// the games' results.
#[derive(Clone, Debug, Default)]
pub(crate) struct SelfPlaySamples {
    /// The samples of the games the fit learns from.
    pub(crate) training: Vec<Sample>,
    /// The samples of every `holdout_every`-th game (game 0 first).
    pub(crate) held_out: Vec<Sample>,
    /// Wins of the first seat, draws, wins of the second.
    pub(crate) results: (u32, u32, u32),
}

impl SelfPlaySamples {
    /// Plays games `0..games` by `play` (a game's samples and result), holding out the samples
    /// of every game whose number is a multiple of `holdout_every`; every `progress_every` games
    /// it tells `progress` how many games and positions it has.
    pub(crate) fn play(
        games: u32,
        holdout_every: u32,
        progress_every: u32,
        mut play: impl FnMut(u32) -> (Vec<Sample>, SeatResult),
        mut progress: impl FnMut(&str),
    ) -> SelfPlaySamples {
        let mut out = SelfPlaySamples::default();
        for number in 0..games {
            let (samples, result) = play(number);
            match result {
                SeatResult::FirstWins => out.results.0 += 1,
                SeatResult::Draw => out.results.1 += 1,
                SeatResult::SecondWins => out.results.2 += 1,
            }
            let target = if number % holdout_every == 0 {
                &mut out.held_out
            } else {
                &mut out.training
            };
            target.extend(samples);
            if (number + 1) % progress_every == 0 {
                progress(&format!(
                    "{} games, {} positions",
                    number + 1,
                    out.training.len() + out.held_out.len()
                ));
            }
        }
        out
    }

    /// Fits `weights` (today's) on the training samples ([`SelfPlayReport::fit`]).
    pub(crate) fn fit(
        &self,
        weights: Vec<f64>,
        fit: &FitOptions,
        names: &'static [&'static str],
        seats: [&'static str; 2],
    ) -> SelfPlayReport {
        SelfPlayReport::fit(
            &self.training,
            &self.held_out,
            weights,
            fit,
            self.results,
            names,
            seats,
        )
    }
}

/// A tuner's `main`: reads the command line over `defaults`, runs `run` (its progress lines go to
/// stderr after `tool: `), then prints the options, the seconds taken and the report.
pub(crate) fn tune_main(
    tool: &str,
    defaults: TuneOptions,
    run: impl FnOnce(&TuneOptions, &mut dyn FnMut(&str)) -> SelfPlayReport,
) -> std::process::ExitCode {
    use std::io::Write as _;
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| common::cli::is_help(a)) {
        // Written, not printed: a reader that closed stdout early ends nothing but the output.
        let _ = writeln!(std::io::stdout().lock(), "{}", tune_help(tool, &defaults));
        return std::process::ExitCode::SUCCESS;
    }
    let options = match TuneOptions::parse(args, defaults) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("{tool}: {error}\n{}", tune_usage(tool));
            return std::process::ExitCode::from(2);
        }
    };
    let started = std::time::Instant::now();
    let report = run(&options, &mut |line| eprintln!("{tool}: {line}"));
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "games={} seed={} depth={} epochs={} seconds={:.0}",
        options.games,
        options.seed,
        options.depth,
        options.epochs,
        started.elapsed().as_secs_f64()
    )
    .and_then(|()| write!(out, "{report}"));
    std::process::ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Positions scored by a known logistic model with two features; results drawn from it.
    fn synthetic(true_weights: [f64; 2], scale: f64, count: usize) -> Vec<Sample> {
        let mut rng = SmallRng::seed_from_u64(7);
        (0..count)
            .map(|_| {
                let features = vec![
                    (0, rng.gen_range(-4..=4) as f32),
                    (1, rng.gen_range(-10..=10) as f32),
                ];
                let mut sample = Sample {
                    features,
                    result: 0.0,
                };
                let p = sigmoid(scale * evaluation(&sample, &true_weights));
                sample.result = if rng.gen_bool(p) { 1.0 } else { 0.0 };
                sample
            })
            .collect()
    }

    #[test]
    fn the_fit_recovers_the_weights_of_the_model_that_made_the_results() {
        let samples = synthetic([100.0, 20.0], 0.01, 20_000);
        // Material (feature 0) anchors the units; the other weight starts far off.
        let mut weights = vec![100.0, 0.0];
        let scale = fit_scale(&samples, &weights);
        let options = FitOptions {
            epochs: 600,
            learning_rate: 2.0,
            frozen: vec![0],
        };
        let report = fit_weights(&samples, &mut weights, scale, &options);
        assert!(report.error_after < report.error_before, "{report:?}");
        assert_eq!(weights[0], 100.0, "a frozen weight moved");
        // The scale fitted to a wrong second weight is off, so the ratio is what must be right.
        let ratio = weights[1] / weights[0];
        assert!(
            (ratio - 0.2).abs() < 0.04,
            "ratio {ratio}, weights {weights:?}"
        );
    }

    #[test]
    fn the_scale_fit_finds_the_scale_of_the_model() {
        let samples = synthetic([100.0, 20.0], 0.01, 20_000);
        let scale = fit_scale(&samples, &[100.0, 20.0]);
        assert!((scale - 0.01).abs() < 0.002, "scale {scale}");
    }

    #[test]
    fn self_play_samples_are_sparse_split_by_game_and_tallied() {
        assert_eq!(
            Sample::from_features(&[0, 3, 0, -2], 1.0),
            Sample {
                features: vec![(1, 3.0), (3, -2.0)],
                result: 1.0
            }
        );
        assert_eq!(result_for(Some(1), 1), 1.0);
        assert_eq!(result_for(Some(2), 1), 0.0);
        assert_eq!(result_for(None, 1), 0.5);
        assert_eq!(SeatResult::of(Some('a'), 'a'), SeatResult::FirstWins);
        assert_eq!(SeatResult::of(Some('b'), 'a'), SeatResult::SecondWins);
        assert_eq!(SeatResult::of(None, 'a'), SeatResult::Draw);
        // Positions 1..=4 of a game side 2 won, the odd ones left out, side 2 to move at 2.
        let kept = game_samples(
            &[1, 2, 3, 4],
            Some(2),
            |&p| p % 2 == 0,
            |&p| ([p, 0], 1 + (p / 2) % 2),
        );
        assert_eq!(
            kept,
            [
                Sample::from_features(&[2], 1.0),
                Sample::from_features(&[4], 0.0)
            ]
        );
        let all = game_samples(&[1, 2], None, |_| true, |&p| (vec![p], p));
        assert_eq!(all.iter().map(|s| s.result).collect::<Vec<_>>(), [0.5, 0.5]);
        let results = [
            SeatResult::FirstWins,
            SeatResult::Draw,
            SeatResult::SecondWins,
        ];
        let mut lines = Vec::new();
        let played = SelfPlaySamples::play(
            6,
            3,
            2,
            |number| {
                let sample = Sample::from_features(&[number as i32], 0.5);
                (vec![sample], results[number as usize % 3])
            },
            |line| lines.push(line.to_string()),
        );
        let numbers =
            |set: &[Sample]| -> Vec<f32> { set.iter().map(|s| s.features[0].1).collect() };
        // Game 0 has no nonzero feature, so it adds an empty sample.
        assert_eq!(played.held_out.len(), 2);
        assert_eq!(numbers(&played.held_out[1..]), vec![3.0]);
        assert_eq!(numbers(&played.training), vec![1.0, 2.0, 4.0, 5.0]);
        assert_eq!(played.results, (2, 2, 2));
        assert_eq!(
            lines,
            [
                "2 games, 2 positions",
                "4 games, 4 positions",
                "6 games, 6 positions"
            ]
        );
    }

    #[test]
    fn holdout_and_constants() {
        let samples = synthetic([1.0, 1.0], 1.0, 10);
        let (training, held_out) = split_holdout(samples.clone(), 5);
        assert_eq!((training.len(), held_out.len()), (8, 2));
        assert_eq!(held_out, vec![samples[0].clone(), samples[5].clone()]);
        assert_eq!(
            format_constants(&["MATERIAL", "MOBILITY"], &[99.6, -2.4]),
            "pub const MATERIAL: i32 = 100;\npub const MOBILITY: i32 = -2;\n"
        );
        assert_eq!(mean_error(&[], &[], 1.0), 0.0);
    }

    #[test]
    fn tuner_options_parse_over_the_defaults_with_typed_errors() {
        let defaults = TuneOptions {
            games: 100,
            seed: 1,
            depth: 4,
            epochs: 50,
        };
        let parse =
            |line: &str| TuneOptions::parse(line.split_whitespace().map(String::from), defaults);
        assert_eq!(parse(""), Ok(defaults));
        assert_eq!(
            parse("--epochs 9 --games 10 --seed 7 --depth 3"),
            Ok(TuneOptions {
                games: 10,
                seed: 7,
                depth: 3,
                epochs: 9
            })
        );
        assert_eq!(
            parse("--games"),
            Err(TuneArgsError::MissingValue("--games".into()))
        );
        assert_eq!(
            parse("--games 1"),
            Err(TuneArgsError::BadValue("--games".into(), "1".into()))
        );
        assert_eq!(
            parse("--games 99999999999"),
            Err(TuneArgsError::BadValue(
                "--games".into(),
                "99999999999".into()
            ))
        );
        assert_eq!(
            parse("--depth 0"),
            Err(TuneArgsError::BadValue("--depth".into(), "0".into()))
        );
        assert_eq!(
            parse("--seed x"),
            Err(TuneArgsError::BadValue("--seed".into(), "x".into()))
        );
        assert_eq!(
            parse("--fast 1"),
            Err(TuneArgsError::Unknown("--fast".into()))
        );
        assert_eq!(
            tune_usage("x-tune"),
            "usage: x-tune [--games N] [--seed S] [--depth D] [--epochs E]"
        );
    }
}
