//! Tuning a bot's search tunables by matches: SPSA, as fishtest and OpenBench tune engines.
//!
//! The tunables are those the bot lists in its `--help`, each with its default, bounds and
//! step: a tuning build of a bot of this workspace (see `common::tunable`), or a bot in any
//! language that keeps the same contract ([`CONTRACT`]): after a line starting with
//! `tunables`, a line per tunable, `NAME: TYPE = DEFAULT, MIN..=MAX, step STEP;` (TYPE `f64`
//! for a real number, any other for a whole one), and `--param NAME=VALUE` for each value given
//! (docs/tuning.md has a worked example in Python). SPSA (simultaneous perturbation
//! stochastic approximation) moves them all at once. At iteration k it draws a perturbation
//! Δ of ±1 per tunable, plays game pairs (seats swapped) of the bot at θ + c_k·step·Δ against
//! the bot at θ − c_k·step·Δ, and moves θ by a_k·step·r·Δ / (2 c_k), where r is the plus
//! side's points minus the minus side's per pair (−2 to 2, the mean over the iteration's pairs).
//! The gains fall as fishtest's do: a_k = a / (A + k)^α, c_k = c / k^γ, with α = 0.602,
//! γ = 0.101 and A a tenth of the iterations by default; c is in steps (1: the first
//! iteration's perturbation is one step), and `a` by default makes the last iteration move a
//! tunable by 1/(2√N) of its step per point of r, so that over N iterations of decisive pairs
//! the games' noise alone moves a tunable about a step or two. θ is kept real; the bots get it
//! clamped to the bounds and rounded for integer tunables (a real one gets θ ± c_k·step·Δ as
//! it is).
//!
//! The games are played by the game's referee (`GAME-referee`), started once per iteration
//! with `--games 2·pairs --seed S` (pair seeds never repeat in a run, so that bots drawing
//! their openings with `--opening-plies N --seed {seed}` vary them) and any referee options
//! given after `--`. An iteration counts only when the referee played every game asked and
//! its `players:` line counts each side's faults (`Report`): games lost by a fault (a crash,
//! a malformed move, a timeout) are counted over the run and reported, up to `--max-faults`
//! (default 1 in 100 of the run's games); the run stops, quoting the referee's verdict, at the
//! fault past it, or at once at an iteration whose every game was lost by one.
//!
//! After each iteration the run directory holds:
//!
//! - `state.txt`: the settings, the iterations done, the faults counted and θ; a run
//!   interrupted (Ctrl-C, a kill) continues from it when the same command is given again, the
//!   unfinished iteration replayed. A state that exists but cannot be read, or holds anything
//!   but the run's own lines (θ finite and within its tunable's bounds, iterations up to the
//!   run's), is refused with nothing written; so is a `theta.csv` without a state;
//! - `theta.csv`: θ after every iteration (iteration 0: the defaults), with the gains and the
//!   games' results, one column per tunable: each tunable's path;
//! - `params.txt`: θ as `NAME=VALUE` lines, each value at its step ([`Param::at_step`]: an
//!   integer tunable's whole number, a real one's nearest `default + k·step`), for the tuning
//!   build's `--params` (an SPRT of the tuned values against the defaults).
//!
//! At the end the tuned values, at their steps as in `params.txt`, are printed as declaration
//! lines for `params.rs`, after comment lines that give them as `--param NAME=VALUE` too, for a
//! bot that takes no `--params FILE`.

use crate::runner::command_line::one_line;
use clap::Parser;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// One tunable, as the bot's `--help` declares it.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its name in `params.rs`.
    pub name: String,
    /// Its Rust type.
    pub type_name: String,
    /// Its default.
    pub default: f64,
    /// Its smallest value.
    pub min: f64,
    /// Its largest value.
    pub max: f64,
    /// Its SPSA step.
    pub step: f64,
    /// Whether it takes whole values only (every type but `f64`).
    pub integer: bool,
}

impl Param {
    /// Parses a declaration line, `NAME: TYPE = DEFAULT, MIN..=MAX, step STEP;` (leading
    /// spaces allowed, every number finite); `None` for any other line.
    pub(crate) fn parse(line: &str) -> Option<Param> {
        let (name, rest) = line.trim().split_once(": ")?;
        let (type_name, rest) = rest.split_once(" = ")?;
        let (default, rest) = rest.split_once(", ")?;
        let (bounds, step) = rest.split_once(", step ")?;
        let (min, max) = bounds.split_once("..=")?;
        let number = |text: &str| text.trim().replace('_', "").parse::<f64>().ok();
        let param = Param {
            name: name.to_string(),
            type_name: type_name.to_string(),
            default: number(default)?,
            min: number(min)?,
            max: number(max)?,
            step: number(step.strip_suffix(';')?)?,
            integer: type_name != "f64",
        };
        let finite = [param.default, param.min, param.max, param.step]
            .iter()
            .all(|x| x.is_finite());
        let valid = !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && finite
            && param.min <= param.default
            && param.default <= param.max
            && param.step > 0.0;
        valid.then_some(param)
    }

    /// The value the bot takes for `x`: inside the bounds, rounded if integer.
    pub(crate) fn value(&self, x: f64) -> f64 {
        let x = x.clamp(self.min, self.max);
        if self.integer {
            x.round()
        } else {
            x
        }
    }

    /// `value(x)` as a number the bot reads (an integer without a decimal point).
    pub(crate) fn text(&self, x: f64) -> String {
        format!("{}", self.value(x))
    }

    /// The value printed for θ = `x` (`params.txt`, `--param` and the declaration lines at the
    /// end): an integer tunable's whole number, as the bot takes it; a real one's at its step,
    /// the nearest of `default + k·step` (a tie, within 10⁻⁹ of a step, goes to the one nearer
    /// the default), then the bound if that is outside the bounds, with no more decimals than
    /// the declaration's numbers have (`10`, `1.25`, `0.6`, never `10.587580351096012` or
    /// `0.6000000000000001`).
    pub fn at_step(&self, x: f64) -> f64 {
        if self.integer {
            return self.value(x);
        }
        let k = (x.clamp(self.min, self.max) - self.default) / self.step;
        let k = if (k.abs().fract() - 0.5).abs() <= 1e-9 {
            k.trunc()
        } else {
            k.round()
        };
        let at = (self.default + k * self.step).clamp(self.min, self.max);
        let places = [self.default, self.min, self.max, self.step]
            .map(decimals)
            .into_iter()
            .max()
            .unwrap_or(0);
        format!("{at:.places$}").parse().unwrap_or(at)
    }

    /// `at_step(x)` as a number the bot reads (a whole number without a decimal point).
    pub fn text_at_step(&self, x: f64) -> String {
        format!("{}", self.at_step(x))
    }

    /// The declaration line with `value(x)` as its default (a float keeps its decimal point).
    pub fn declaration(&self, x: f64) -> String {
        let numbers = [self.value(x), self.min, self.max, self.step];
        common::tunable::declaration(&self.name, &self.type_name, self.integer, numbers)
    }
}

/// The decimals `x` is written with (`0.25`: 2, `10.0`: 0).
fn decimals(x: f64) -> usize {
    let text = format!("{x}");
    text.split_once('.')
        .map_or(0, |(_, fraction)| fraction.len())
}

/// The tunables a bot's `--help` lists: every declaration line after the `tunables` heading.
pub fn params_from_help(help: &str) -> Vec<Param> {
    help.lines()
        .skip_while(|line| !line.starts_with("tunables"))
        .filter_map(Param::parse)
        .collect()
}

/// The gains of every iteration.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Schedule {
    /// The number of iterations, N.
    pub(crate) iterations: u32,
    /// a, in steps.
    pub(crate) a: f64,
    /// c, in steps.
    pub(crate) c: f64,
    /// A, the stability constant.
    pub(crate) big_a: f64,
    /// α.
    pub(crate) alpha: f64,
    /// γ.
    pub(crate) gamma: f64,
}

impl Schedule {
    /// fishtest's α.
    pub(crate) const ALPHA: f64 = 0.602;
    /// fishtest's γ.
    pub(crate) const GAMMA: f64 = 0.101;

    /// The schedule of `iterations` with fishtest's α and γ, c = 1, A = a tenth of the
    /// iterations, and the default `a` ([`Schedule::default_a`]).
    pub(crate) fn new(iterations: u32) -> Schedule {
        let mut schedule = Schedule {
            iterations,
            a: 0.0,
            c: 1.0,
            big_a: (f64::from(iterations) / 10.0).round(),
            alpha: Schedule::ALPHA,
            gamma: Schedule::GAMMA,
        };
        schedule.a = schedule.default_a();
        schedule
    }

    /// The `a` that makes the last iteration's move per point of result half a step over
    /// √N: a_N / (2 c_N) = 1 / (2√N).
    pub(crate) fn default_a(&self) -> f64 {
        let n = f64::from(self.iterations.max(1));
        self.c_k(self.iterations.max(1)) / n.sqrt() * (self.big_a + n).powf(self.alpha)
    }

    /// a_k = a / (A + k)^α.
    pub(crate) fn a_k(&self, k: u32) -> f64 {
        self.a / (self.big_a + f64::from(k)).powf(self.alpha)
    }

    /// c_k = c / k^γ.
    pub(crate) fn c_k(&self, k: u32) -> f64 {
        self.c / f64::from(k).powf(self.gamma)
    }
}

/// Iteration k's perturbation: ±1 for each of `n` tunables, drawn from the run's seed and k
/// alone, so that a resumed run draws what an uninterrupted one would.
pub(crate) fn perturbation(seed: u64, k: u32, n: usize) -> Vec<f64> {
    let mut rng = SmallRng::seed_from_u64(seed ^ u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    (0..n)
        .map(|_| if rng.gen::<bool>() { 1.0 } else { -1.0 })
        .collect()
}

/// One iteration's two bots.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Trial {
    /// The iteration, from 1.
    pub(crate) k: u32,
    /// Its perturbation, ±1 per tunable.
    pub(crate) delta: Vec<f64>,
    /// The plus side's values, as the bot takes them.
    pub(crate) plus: Vec<f64>,
    /// The minus side's values.
    pub(crate) minus: Vec<f64>,
}

/// A run: the tunables, the schedule, the iterations done, the games lost by a fault in them,
/// and θ.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// The tunables tuned.
    pub params: Vec<Param>,
    /// The gains.
    pub(crate) schedule: Schedule,
    /// The seed of the perturbations.
    pub(crate) seed: u64,
    /// Iterations done.
    pub done: u32,
    /// Games of the iterations done that were lost by a fault (the referee's `faults=`).
    pub(crate) faults: u64,
    /// θ, real, one per tunable.
    pub theta: Vec<f64>,
}

impl Spsa {
    /// A run from the tunables' defaults.
    pub(crate) fn new(params: Vec<Param>, schedule: Schedule, seed: u64) -> Spsa {
        let theta = params.iter().map(|p| p.default).collect();
        Spsa {
            params,
            schedule,
            seed,
            done: 0,
            faults: 0,
            theta,
        }
    }

    /// Whether every iteration is done.
    pub(crate) fn finished(&self) -> bool {
        self.done >= self.schedule.iterations
    }

    /// The next iteration's two bots.
    pub(crate) fn trial(&self) -> Trial {
        let k = self.done + 1;
        let c_k = self.schedule.c_k(k);
        let delta = perturbation(self.seed, k, self.params.len());
        let side = |sign: f64| -> Vec<f64> {
            self.params
                .iter()
                .zip(&self.theta)
                .zip(&delta)
                .map(|((p, &x), &d)| p.value(x + sign * c_k * p.step * d))
                .collect()
        };
        Trial {
            k,
            plus: side(1.0),
            minus: side(-1.0),
            delta,
        }
    }

    /// Moves θ by the result of `trial`: `result` is the plus side's points minus the minus
    /// side's per pair (the mean over the iteration's pairs, −2 to 2). θ stays in the bounds.
    pub(crate) fn update(&mut self, trial: &Trial, result: f64) {
        let k = trial.k;
        let gain = self.schedule.a_k(k) * result / (2.0 * self.schedule.c_k(k));
        for ((x, p), d) in self.theta.iter_mut().zip(&self.params).zip(&trial.delta) {
            *x = (*x + gain * p.step * d).clamp(p.min, p.max);
        }
        self.done = k;
    }

    /// The state file: `settings` (lines that must match on resuming), the iterations done,
    /// the games lost by a fault and θ, each number exactly.
    pub(crate) fn state_text(&self, settings: &str) -> String {
        let mut text = String::from("# spsa state: run the same command again to continue\n");
        for line in settings.lines() {
            let _ = writeln!(text, "settings {line}");
        }
        let _ = writeln!(text, "done {}", self.done);
        let _ = writeln!(text, "faults {}", self.faults);
        for (p, x) in self.params.iter().zip(&self.theta) {
            let _ = writeln!(text, "theta {} {x:?}", p.name);
        }
        text
    }

    /// Continues from a state file written by [`Spsa::state_text`] with the same `settings`.
    /// Every line must be one it writes, each once: `done` within the run's iterations, a
    /// finite θ within each tunable's bounds, and one for every tunable (a state without a
    /// `faults` line, of an earlier `spsa`, counts none).
    pub(crate) fn resume(&mut self, text: &str, settings: &str) -> Result<(), String> {
        let saved: Vec<&str> = text
            .lines()
            .filter_map(|line| line.strip_prefix("settings "))
            .collect();
        let wanted: Vec<&str> = settings.lines().collect();
        if saved != wanted {
            let differ = wanted
                .iter()
                .zip(saved.iter().chain(std::iter::repeat(&"(nothing)")))
                .find(|(w, s)| w != s)
                .map(|(w, s)| format!("it has '{s}' where this command has '{w}'"))
                .unwrap_or_else(|| "it has more settings".to_string());
            return Err(format!("the state was written by another run: {differ}"));
        }
        let mut done = None;
        let mut faults = None;
        let mut theta: Vec<Option<f64>> = vec![None; self.params.len()];
        for line in text.lines() {
            if line.starts_with('#') || line.starts_with("settings ") {
                continue;
            }
            let bad = || format!("a bad line in the state: '{line}'");
            let twice = |what: &str| format!("the state has a second {what}: '{line}'");
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                ["done", k] => {
                    let k: u32 = k.parse().map_err(|_| bad())?;
                    if k > self.schedule.iterations {
                        return Err(format!(
                            "the state's '{line}' is past the run's {} iterations",
                            self.schedule.iterations
                        ));
                    }
                    if done.replace(k).is_some() {
                        return Err(twice("'done' line"));
                    }
                }
                ["faults", n] => {
                    let n: u64 = n.parse().map_err(|_| bad())?;
                    if faults.replace(n).is_some() {
                        return Err(twice("'faults' line"));
                    }
                }
                ["theta", name, x] => {
                    let i = self
                        .params
                        .iter()
                        .position(|p| p.name == name)
                        .ok_or_else(bad)?;
                    let x: f64 = x.parse().map_err(|_| bad())?;
                    let p = &self.params[i];
                    if !x.is_finite() {
                        return Err(format!("the state's '{line}' is not a finite number"));
                    }
                    if !(p.min..=p.max).contains(&x) {
                        return Err(format!(
                            "the state's '{line}' is outside {name}'s bounds {}..={}",
                            p.min, p.max
                        ));
                    }
                    if theta[i].replace(x).is_some() {
                        return Err(twice(&format!("value of {name}")));
                    }
                }
                _ => return Err(bad()),
            }
        }
        let done = done.ok_or("the state has no 'done' line")?;
        let mut values = Vec::with_capacity(theta.len());
        for (p, x) in self.params.iter().zip(theta) {
            values.push(x.ok_or_else(|| format!("the state has no value of {}", p.name))?);
        }
        self.done = done;
        self.faults = faults.unwrap_or(0);
        self.theta = values;
        Ok(())
    }
}

/// `theta.csv`'s header.
pub(crate) fn csv_header(params: &[Param]) -> String {
    let mut line = String::from("iteration,a_k,c_k,plus_wins,draws,minus_wins,result");
    for p in params {
        line.push(',');
        line.push_str(&p.name);
    }
    line
}

/// `theta.csv`'s row of iteration k (θ after it; 0: the defaults).
pub(crate) fn csv_row(spsa: &Spsa, k: u32, games: Option<Games>) -> String {
    let mut line = format!("{k}");
    match games {
        Some(g) => {
            let _ = write!(
                line,
                ",{:.6},{:.6},{},{},{},{:.3}",
                spsa.schedule.a_k(k),
                spsa.schedule.c_k(k),
                g.plus_wins,
                g.draws,
                g.minus_wins,
                g.result()
            );
        }
        None => line.push_str(",,,,,,"),
    }
    for x in &spsa.theta {
        let _ = write!(line, ",{x:.4}");
    }
    line
}

/// `theta.csv` cut to the header and the rows of iterations up to `done` (a resumed run
/// replays the iteration its interruption cut, whose row may be written already).
pub(crate) fn csv_up_to(text: &str, done: u32) -> String {
    let mut kept = String::new();
    for (i, line) in text.lines().enumerate() {
        let k = line.split(',').next().and_then(|k| k.parse::<u32>().ok());
        if i == 0 || k.is_some_and(|k| k <= done) {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// The games of an iteration, from the plus side's seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Games {
    /// Games the plus side won.
    pub(crate) plus_wins: u32,
    /// Draws.
    pub(crate) draws: u32,
    /// Games the minus side won.
    pub(crate) minus_wins: u32,
}

impl Games {
    /// The games played.
    pub(crate) fn played(&self) -> u64 {
        [self.plus_wins, self.draws, self.minus_wins]
            .map(u64::from)
            .iter()
            .sum()
    }

    /// The plus side's points minus the minus side's, per pair.
    pub(crate) fn result(&self) -> f64 {
        let pairs = [self.plus_wins, self.draws, self.minus_wins]
            .map(f64::from)
            .iter()
            .sum::<f64>()
            / 2.0;
        if pairs == 0.0 {
            0.0
        } else {
            (f64::from(self.plus_wins) - f64::from(self.minus_wins)) / pairs
        }
    }

    /// The referee's `summary:` line read: `a_wins`, `draws`, `b_wins` (A the plus side).
    pub(crate) fn from_summary(output: &str) -> Option<Games> {
        let line = output.lines().rev().find(|l| l.starts_with("summary:"))?;
        let field = |key: &str| -> Option<u32> {
            line.split_whitespace()
                .find_map(|word| word.strip_prefix(key)?.strip_prefix('='))?
                .parse()
                .ok()
        };
        Some(Games {
            plus_wins: field("a_wins")?,
            draws: field("draws")?,
            minus_wins: field("b_wins")?,
        })
    }
}

/// What one referee run reports, checked: its games, as many as asked, and those lost by a
/// fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Report {
    /// The games, from the plus side's seat.
    pub(crate) games: Games,
    /// Games lost by a fault: the `players:` line's `faults=` of both sides.
    pub(crate) faults: u64,
    /// The `players:` line.
    pub(crate) players: String,
    /// The game line of the first game lost by a fault, when its reason reads as one of the
    /// runner's verdicts of a fault ([`FAULT_REASONS`]).
    pub(crate) verdict: Option<String>,
}

/// How the runner's reasons for a game lost by a fault begin (`runner::play`): the kind of
/// fault, or the seat, for a player that exited, closed its output or could not be run.
pub(crate) const FAULT_REASONS: [&str; 8] = [
    "malformed move: ",
    "illegal move: ",
    "spoke out of turn: ",
    "timeout: ",
    "memory: ",
    "help files: ",
    "p1 ",
    "p2 ",
];

impl Report {
    /// Reads the referee's output of a match of `asked` games: its `summary:` line, which must
    /// count them all, and its `players:` line, which must count each side's faults.
    pub(crate) fn read(output: &str, asked: u32) -> Result<Report, String> {
        let last = |start: &str| output.lines().rev().find(|l| l.starts_with(start));
        let summary = last("summary:").ok_or("it printed no 'summary:' line")?;
        let games = Games::from_summary(output)
            .ok_or_else(|| format!("its summary is not one spsa reads: '{summary}'"))?;
        let played = games.played();
        if played != u64::from(asked) {
            return Err(format!(
                "it played {played} of the {asked} games asked: '{summary}'"
            ));
        }
        let players = last("players: ")
            .ok_or("it printed no 'players:' line, which counts each side's faults")?;
        let counts: Option<Vec<u64>> = players
            .split_whitespace()
            .filter_map(|word| word.strip_prefix("faults="))
            .map(|n| n.trim_end_matches(';').parse().ok())
            .collect();
        let faults = match counts.as_deref() {
            Some(&[a, b]) if a.saturating_add(b) <= played => a + b,
            _ => {
                return Err(format!(
                    "its 'players:' line does not count each side's faults: '{players}'"
                ))
            }
        };
        let verdict = output.lines().find(|line| {
            line.starts_with("game ")
                && line.split_once(" reason=\"").is_some_and(|(_, reason)| {
                    FAULT_REASONS.iter().any(|start| reason.starts_with(start))
                })
        });
        Ok(Report {
            games,
            faults,
            players: players.to_string(),
            verdict: verdict.map(str::to_string),
        })
    }

    /// The referee's verdict, to quote: the first fault's game line, if read, and the
    /// `players:` line, each on a line of its own, indented.
    pub(crate) fn quoted(&self) -> String {
        let mut text = String::new();
        for line in self.verdict.iter().chain([&self.players]) {
            let _ = write!(text, "\n    {line}");
        }
        text
    }
}

/// What a run is given on the command line, as `clap` reads it ([`parse_options`]); the help is
/// `usage`'s.
#[derive(Parser, Clone, Debug, PartialEq)]
#[command(
    name = "spsa",
    disable_help_flag = true,
    disable_version_flag = true,
    args_override_self = true,
    allow_negative_numbers = true
)]
pub struct Options {
    /// The referee binary.
    #[arg(long, value_name = "PATH", default_value = "")]
    pub referee: String,
    /// The bot's command (a tuning build), `{seed}` as the referee reads it.
    #[arg(long, value_name = "CMD", default_value = "")]
    pub bot: String,
    /// The run directory.
    #[arg(long, value_name = "DIR", default_value = "", value_parser = path)]
    pub dir: PathBuf,
    /// Iterations.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub iterations: u32,
    /// Game pairs per iteration.
    #[arg(long, value_name = "P", default_value_t = 1)]
    pub pairs: u32,
    /// Games at once.
    #[arg(long, value_name = "C", default_value_t = 1)]
    pub concurrency: u32,
    /// The tunables tuned (all when empty).
    #[arg(long, value_name = "NAME,...", value_delimiter = ',', value_parser = trimmed)]
    pub tune: Vec<String>,
    /// `a`, if given.
    #[arg(long, value_name = "A", value_parser = positive)]
    pub a: Option<f64>,
    /// `c`.
    #[arg(long, value_name = "C", default_value_t = 1.0, value_parser = positive)]
    pub c: f64,
    /// `A`, if given.
    #[arg(long = "big-a", value_name = "A", value_parser = positive)]
    pub big_a: Option<f64>,
    /// α.
    #[arg(long, value_name = "X", default_value_t = Schedule::ALPHA, value_parser = positive)]
    pub alpha: f64,
    /// γ.
    #[arg(long, value_name = "X", default_value_t = Schedule::GAMMA, value_parser = positive)]
    pub gamma: f64,
    /// The seed of the perturbations and the first pair's.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Games the run may lose by a fault (`Options::allowed_faults`), if given.
    #[arg(long = "max-faults", value_name = "N")]
    pub max_faults: Option<u64>,
    /// Options passed on to the referee (after `--`).
    #[arg(last = true, allow_hyphen_values = true)]
    pub referee_options: Vec<String>,
}

/// A gain or exponent: a finite number above zero.
fn positive(text: &str) -> Result<f64, String> {
    text.parse()
        .ok()
        .filter(|x: &f64| x.is_finite() && *x > 0.0)
        .ok_or_else(|| "expected a number above zero".to_string())
}

/// The run directory, empty when not given (`clap`'s own paths refuse an empty one, which
/// [`parse_options`] reports as missing).
fn path(text: &str) -> Result<PathBuf, String> {
    Ok(PathBuf::from(text))
}

/// A tunable's name of `--tune`, without the spaces around it.
fn trimmed(text: &str) -> Result<String, String> {
    Ok(text.trim().to_string())
}

/// The usage.
pub(crate) fn usage() -> String {
    "usage: spsa --referee GAME-referee --bot CMD --iterations N --dir DIR [OPTIONS] [-- REFEREE OPTIONS]

Tunes the tunables a bot lists in its --help by SPSA over game pairs of CMD --param ... (plus)
against CMD --param ... (minus), the seats swapped. A bot of this workspace lists them in its
tuning build (cargo build --release -p GAME-bot --features tuning); a bot in any language lists
them after a line starting with `tunables`, one line each, `NAME: TYPE = DEFAULT, MIN..=MAX, step
STEP;` (TYPE f64 for a real number), and takes --param NAME=VALUE (docs/tuning.md). Rerun the
same command to continue an interrupted run.

  --referee PATH       the game's referee (target/release/GAME-referee)
  --bot CMD            the bot's command, e.g. \"target/tuning/release/kaboom-bot --movetime 10
                       --opening-plies 2 --seed {seed}\" or \"python3 my_bot.py\"
  --iterations N       iterations of SPSA
  --dir DIR            the run's directory: state.txt, theta.csv, params.txt (the values as
                       NAME=VALUE lines, for a tuning build's --params FILE)
  --pairs P            game pairs per iteration (default 1)
  --concurrency C      games at once (default 1; at most 2·P are played at once)
  --tune NAME,...      the tunables to tune (default: all the bot lists)
  --a A                the gain a, in steps (default: the last iteration moves 1/(2 sqrt(N))
                       step per point of result)
  --c C                the perturbation c, in steps (default 1)
  --big-a A            the stability constant A (default: a tenth of the iterations)
  --alpha X            a_k's exponent (default 0.602)
  --gamma X            c_k's exponent (default 0.101)
  --seed S             seed of the perturbations and the pairs (default 1)
  --max-faults N       games the run may lose by a fault, counted and reported; the run stops
                       at the one past N, or at an iteration whose every game is one (default:
                       1 in 100 of the run's games)
  -- ...               options for every referee run (--random-openings N, --movetime-ms MS, ...)"
        .to_string()
}

/// Parses the arguments after the program name: a bad command line is `clap`'s error on one
/// line, or the first setting that is missing or zero.
pub fn parse_options(args: &[String]) -> Result<Options, String> {
    let words = std::iter::once("spsa").chain(args.iter().map(String::as_str));
    let options = Options::try_parse_from(words).map_err(|error| one_line(&error))?;
    for (missing, name) in [
        (options.referee.is_empty(), "--referee"),
        (options.bot.is_empty(), "--bot"),
        (options.dir.as_os_str().is_empty(), "--dir"),
        (options.iterations == 0, "--iterations"),
        (options.pairs == 0, "--pairs"),
        (options.concurrency == 0, "--concurrency"),
    ] {
        if missing {
            return Err(format!("{name} is needed (and above zero)"));
        }
    }
    options.check()?;
    Ok(options)
}

impl Options {
    /// Refuses settings that no run can play: a sum or product of options past its type (the
    /// games of an iteration, the pairs' seeds), gains that overflow, or referee options that
    /// would override the games, seeds or concurrency `spsa` gives the referee.
    pub(crate) fn check(&self) -> Result<(), String> {
        self.games()?;
        self.seed_after(self.iterations)?;
        for word in &self.referee_options {
            for set in ["--games", "--seed", "--concurrency"] {
                if word == set || word.starts_with(&format!("{set}=")) {
                    return Err(format!(
                        "-- {word}: spsa gives the referee {set} itself (from its --pairs, \
                         --seed and --concurrency)"
                    ));
                }
            }
        }
        let s = self.schedule();
        let (a_1, c_n) = (s.a_k(1), s.c_k(s.iterations));
        if !(a_1 / (2.0 * c_n)).is_finite() {
            return Err(format!(
                "the gains overflow: a_1/(2·c_N) = {a_1:e}/(2·{c_n:e}) over {} iterations is \
                 past any number (lower --gamma or --a, or raise --c)",
                s.iterations
            ));
        }
        Ok(())
    }

    /// The games of an iteration, 2·P, or why the referee cannot play them.
    pub(crate) fn games(&self) -> Result<u32, String> {
        self.pairs.checked_mul(2).ok_or_else(|| {
            format!(
                "--pairs {}: an iteration plays 2·P games, and the referee's --games takes at \
                 most {}",
                self.pairs,
                u32::MAX
            )
        })
    }

    /// S + n·P: the referee's `--seed` for iteration n + 1 (its pairs' seeds follow it), the
    /// run's last pair seed for n = N; or why it is past `u64`.
    pub(crate) fn seed_after(&self, n: u32) -> Result<u64, String> {
        // Both factors are below 2^32: their product fits.
        let span = u64::from(n) * u64::from(self.pairs);
        self.seed.checked_add(span).ok_or_else(|| {
            format!(
                "--seed {}: the run's last pair seed, S + N·P = {} + {}·{}, is past {}",
                self.seed,
                self.seed,
                self.iterations,
                self.pairs,
                u64::MAX
            )
        })
    }

    /// Games the run may lose by a fault: `--max-faults`, by default 1 in 100 of its games
    /// (N·2·P / 100, rounded down).
    pub(crate) fn allowed_faults(&self) -> u64 {
        self.max_faults.unwrap_or_else(|| {
            let games = u128::from(self.iterations) * u128::from(self.pairs) * 2;
            u64::try_from(games / 100).unwrap_or(u64::MAX)
        })
    }

    /// The run's schedule.
    pub(crate) fn schedule(&self) -> Schedule {
        let mut schedule = Schedule::new(self.iterations);
        schedule.c = self.c;
        schedule.alpha = self.alpha;
        schedule.gamma = self.gamma;
        if let Some(big_a) = self.big_a {
            schedule.big_a = big_a;
        }
        schedule.a = self.a.unwrap_or_else(|| schedule.default_a());
        schedule
    }

    /// What a resumed run must share with the run that wrote the state (not the concurrency).
    pub(crate) fn settings(&self, params: &[Param]) -> String {
        let mut text = format!(
            "referee {}\nbot {}\nreferee-options {}\niterations {}\npairs {}\nseed {}\n",
            self.referee,
            self.bot,
            self.referee_options.join(" "),
            self.iterations,
            self.pairs,
            self.seed
        );
        let s = self.schedule();
        let _ = writeln!(
            text,
            "gains a={:?} c={:?} A={:?} alpha={:?} gamma={:?}",
            s.a, s.c, s.big_a, s.alpha, s.gamma
        );
        for p in params {
            let _ = writeln!(text, "tunable {}", p.declaration(p.default));
        }
        text
    }
}

/// The bot's command with `--param` for each value.
fn bot_command(bot: &str, params: &[Param], values: &[f64]) -> String {
    let mut command = bot.to_string();
    for (p, &x) in params.iter().zip(values) {
        let _ = write!(command, " --param {}={}", p.name, p.text(x));
    }
    command
}

/// The tunables the bot's `--help` lists, `{seed}` read as 1.
fn query_params(bot: &str) -> Result<Vec<Param>, String> {
    let command = format!("{} --help", bot.replace("{seed}", "1"));
    let output = Command::new("sh")
        .args(["-c", &command])
        .output()
        .map_err(|e| format!("cannot run the bot's --help: {e}"))?;
    let help = String::from_utf8_lossy(&output.stdout);
    let params = params_from_help(&help);
    if params.is_empty() {
        let status = output.status.to_string();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let failed = (!output.status.success()).then_some((status.as_str(), &*stderr));
        return Err(no_tunables(&command, &help, failed));
    }
    Ok(params)
}

/// The tunables contract, as the refusal of a bot that lists none states it.
pub const CONTRACT: &str = concat!(
    "spsa tunes a bot in any language whose --help prints, on stdout, a line starting with\n",
    "`tunables`, then a line per tunable, `NAME: TYPE = DEFAULT, MIN..=MAX, step STEP;`, TYPE\n",
    "f64 for a real number and any other (i32) for a whole one, as in\n",
    "    WEIGHT: f64 = 10.0, 0.0..=50.0, step 2.0;\n",
    "and that takes `--param NAME=VALUE` for each, after its own options (docs/tuning.md,\n",
    "\"Tuning a bot in any language\"). A bot of this workspace lists them in its tuning build:\n",
    "    cargo build --release -p GAME-bot --features tuning --target-dir target/tuning",
);

/// Why `command` (the bot's `--help`), which printed `help` on stdout, lists no tunables, and
/// the contract: `failed` is its exit status and stderr when it did not exit with success.
pub(crate) fn no_tunables(command: &str, help: &str, failed: Option<(&str, &str)>) -> String {
    let mut after = help
        .lines()
        .skip_while(|line| !line.starts_with("tunables"));
    let why = match (failed, after.next()) {
        (Some((status, stderr)), _) => match stderr.lines().rev().find(|l| !l.trim().is_empty()) {
            Some(last) => format!("it ended with {status}, its stderr ending '{last}'"),
            None => format!("it ended with {status}, printing nothing on stderr"),
        },
        (None, None) => "no line of its stdout starts with `tunables`".to_string(),
        (None, Some(heading)) => match after.find(|line| !line.trim().is_empty()) {
            Some(line) => {
                format!("after its line '{heading}', '{line}' is not a declaration spsa reads")
            }
            None => format!("nothing follows its line '{heading}'"),
        },
    };
    format!("`{command}` lists no tunables: {why}.\n{CONTRACT}")
}

/// Plays iteration `trial.k`'s pairs through the referee; its report, checked ([`Report::read`]).
fn play(options: &Options, params: &[Param], trial: &Trial) -> Result<Report, String> {
    let games = options.games()?;
    let seed = options.seed_after(trial.k - 1)?;
    let output = Command::new(&options.referee)
        .args(["--games", &games.to_string()])
        .args(["--concurrency", &options.concurrency.to_string()])
        .args(["--seed", &seed.to_string()])
        .args(&options.referee_options)
        .arg(bot_command(&options.bot, params, &trial.plus))
        .arg(bot_command(&options.bot, params, &trial.minus))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", options.referee))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let checked = if output.status.success() {
        Report::read(&stdout, games)
    } else {
        Err(format!("it ended with {}", output.status))
    };
    checked.map_err(|why| {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let mut tail: Vec<&str> = stderr.lines().rev().take(5).collect();
        tail.reverse();
        let stderr = match tail[..] {
            [] => "it printed nothing on stderr".to_string(),
            _ => format!("its stderr ends:\n    {}", tail.join("\n    ")),
        };
        format!("the referee of iteration {}: {why}; {stderr}", trial.k)
    })
}

/// Counts the games of iteration `k` lost by a fault into the run, or stops it: when every
/// game of the iteration was, or when they take the run past `allowed`. The error quotes the
/// referee's verdict.
fn count_faults(spsa: &mut Spsa, k: u32, report: &Report, allowed: u64) -> Result<(), String> {
    if report.faults == 0 {
        return Ok(());
    }
    let games = report.games.played();
    let total = spsa.faults.saturating_add(report.faults);
    let lost = match report.faults {
        1 => "1 game lost by a fault".to_string(),
        n => format!("{n} games lost by a fault"),
    };
    if report.faults == games {
        return Err(format!(
            "iteration {k}: every game ended by a fault ({} of {games}), nothing was measured; \
             the referee's verdict:{}",
            report.faults,
            report.quoted()
        ));
    }
    if total > allowed {
        let takes = if report.faults == 1 { "takes" } else { "take" };
        return Err(format!(
            "iteration {k}: {lost} {takes} the run to {total}, past --max-faults {allowed} \
             (the same command replays the iteration; a larger --max-faults lets them count); \
             the referee's verdict:{}",
            report.quoted()
        ));
    }
    eprintln!(
        "spsa: iteration {k}: {lost}, {total} of the {allowed} allowed; the referee's verdict:{}",
        report.quoted()
    );
    spsa.faults = total;
    Ok(())
}

/// Writes `text` to `path` whole: to a temporary file first, then renamed over it, so that an
/// interruption leaves either the old file or the new one.
fn write_whole(path: &Path, text: &str) -> Result<(), String> {
    let temporary = path.with_extension("tmp");
    fs::write(&temporary, text)
        .and_then(|()| fs::rename(&temporary, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn params_file(spsa: &Spsa) -> String {
    let mut text = String::new();
    for (p, &x) in spsa.params.iter().zip(&spsa.theta) {
        let _ = writeln!(text, "{}={}", p.name, p.text_at_step(x));
    }
    text
}

fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Runs (or continues) a tuning run; returns the final state. A state file that exists is
/// read whole and checked (`Spsa::resume`) before anything is written; a `theta.csv` without
/// a state is refused rather than written over.
pub fn run(options: &Options) -> Result<Spsa, String> {
    options.check()?;
    let mut params = query_params(&options.bot)?;
    if !options.tune.is_empty() {
        for name in &options.tune {
            if !params.iter().any(|p| &p.name == name) {
                return Err(format!("the bot lists no tunable named '{name}'"));
            }
        }
        params.retain(|p| options.tune.contains(&p.name));
    }
    let settings = options.settings(&params);
    let mut spsa = Spsa::new(params, options.schedule(), options.seed);
    let allowed = options.allowed_faults();
    fs::create_dir_all(&options.dir)
        .map_err(|e| format!("cannot create {}: {e}", options.dir.display()))?;
    let state_path = options.dir.join("state.txt");
    let csv_path = options.dir.join("theta.csv");
    let mut csv = start_or_resume(options, &mut spsa, &settings, allowed)?;
    write_whole(&csv_path, &csv)?;
    let started = Instant::now();
    let first = spsa.done;
    while !spsa.finished() {
        let trial = spsa.trial();
        let report = play(options, &spsa.params, &trial)?;
        count_faults(&mut spsa, trial.k, &report, allowed)?;
        let games = report.games;
        spsa.update(&trial, games.result());
        csv.push_str(&csv_row(&spsa, trial.k, Some(games)));
        csv.push('\n');
        write_whole(&csv_path, &csv)?;
        write_whole(&options.dir.join("params.txt"), &params_file(&spsa))?;
        write_whole(&state_path, &spsa.state_text(&settings))?;
        eprintln!("{}", progress_line(&spsa, &games, started, first, allowed));
    }
    Ok(spsa)
}

/// Starts the run in `options.dir`, or continues it from its `state.txt` (checked whole): the
/// rows of `theta.csv` so far. A new run writes its state first, so that from then on it
/// continues rather than starts.
fn start_or_resume(
    options: &Options,
    spsa: &mut Spsa,
    settings: &str,
    allowed: u64,
) -> Result<String, String> {
    let state_path = options.dir.join("state.txt");
    let csv_path = options.dir.join("theta.csv");
    let header = csv_header(&spsa.params);
    let first_rows = format!("{header}\n{}\n", csv_row(spsa, 0, None));
    let csv = match fs::read_to_string(&state_path) {
        Ok(text) => {
            let at_state = |e: String| format!("{}: {e}", state_path.display());
            spsa.resume(&text, settings).map_err(at_state)?;
            if spsa.faults > allowed {
                return Err(at_state(format!(
                    "the run has {} games lost by a fault, past --max-faults {allowed}",
                    spsa.faults
                )));
            }
            let csv = match fs::read_to_string(&csv_path) {
                Ok(csv) if csv.lines().next() == Some(header.as_str()) => {
                    csv_up_to(&csv, spsa.done)
                }
                Ok(_) => {
                    return Err(format!(
                        "{}: its first line is not this run's header '{header}'",
                        csv_path.display()
                    ))
                }
                Err(e) if e.kind() == ErrorKind::NotFound => {
                    if spsa.done > 0 {
                        eprintln!(
                            "spsa: {} is missing: its rows of iterations 1 to {} are lost, \
                             the rows from {} on follow iteration 0's",
                            csv_path.display(),
                            spsa.done,
                            u64::from(spsa.done) + 1
                        );
                    }
                    first_rows
                }
                Err(e) => return Err(format!("cannot read {}: {e}", csv_path.display())),
            };
            eprintln!(
                "spsa: continuing {} after iteration {} of {}",
                options.dir.display(),
                spsa.done,
                spsa.schedule.iterations
            );
            csv
        }
        Err(e) if e.kind() == ErrorKind::NotFound => {
            if fs::symlink_metadata(&csv_path).is_ok() {
                return Err(format!(
                    "{} holds a run's path but there is no {}: give another --dir, or remove \
                     theta.csv to start the run over",
                    csv_path.display(),
                    state_path.display()
                ));
            }
            // The state first: from now on the run continues rather than starts.
            write_whole(&state_path, &spsa.state_text(settings))?;
            first_rows
        }
        Err(e) => return Err(format!("cannot read {}: {e}", state_path.display())),
    };
    Ok(csv)
}

/// The progress line after an iteration: the games, the time taken and left (the run's
/// iterations from `first` on took `started.elapsed()`), the faults counted, the values now.
fn progress_line(spsa: &Spsa, games: &Games, started: Instant, first: u32, allowed: u64) -> String {
    let elapsed = started.elapsed().as_secs_f64();
    let per_iteration = elapsed / f64::from(spsa.done - first);
    let left = per_iteration * f64::from(spsa.schedule.iterations - spsa.done);
    let theta: Vec<String> = spsa
        .params
        .iter()
        .zip(&spsa.theta)
        .map(|(p, x)| format!("{}={x:.2}", p.name))
        .collect();
    let faults = match spsa.faults {
        0 => String::new(),
        n => format!(", {n} of {allowed} faults"),
    };
    format!(
        "spsa: {}/{} plus +{} ={} -{} (r {:+.2}) {} elapsed, {} left{faults}; {}",
        spsa.done,
        spsa.schedule.iterations,
        games.plus_wins,
        games.draws,
        games.minus_wins,
        games.result(),
        clock(elapsed),
        clock(left),
        theta.join(" ")
    )
}

/// The tuned values as `params.rs` declaration lines, each at its step ([`Param::at_step`]),
/// after comment lines on what produced them, how to confirm them (the bot with `--params FILE`,
/// or with the same values as `--param NAME=VALUE`) and the faults counted.
pub fn final_text(spsa: &Spsa, options: &Options) -> String {
    let words: Vec<String> = spsa
        .params
        .iter()
        .zip(&spsa.theta)
        .map(|(p, &x)| format!("--param {}={}", p.name, p.text_at_step(x)))
        .collect();
    let mut text = format!(
        "// SPSA: {} iterations of {} game pair(s); every tunable's path is in {}/theta.csv.\n\
         // Confirm by SPRT before pasting: --params {}/params.txt against the defaults (a bot\n\
         // that takes no --params FILE: {}).\n",
        spsa.schedule.iterations,
        options.pairs,
        options.dir.display(),
        options.dir.display(),
        words.join(" ")
    );
    let lost = match spsa.faults {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    };
    let _ = writeln!(
        text,
        "// {lost} lost by a fault (--max-faults {}).",
        options.allowed_faults()
    );
    let _ = write!(text, "{}", params_rs_lines(&spsa.params, &spsa.theta));
    text
}

/// `params` at `theta` as the lines of a `tunables!` block, each value at its step
/// ([`Param::at_step`]): the time policy's two shares as its
/// `time_policy(TIME_SOFT_PERCENT = S, TIME_EXTENDED_PERCENT = E);` line (where a crate
/// declares them), every other tunable as its declaration line.
pub(crate) fn params_rs_lines(params: &[Param], theta: &[f64]) -> String {
    let share = |name: &str| {
        let i = params.iter().position(|p| p.name == name)?;
        Some(params[i].text_at_step(theta[i]))
    };
    let policy = share("TIME_SOFT_PERCENT").zip(share("TIME_EXTENDED_PERCENT"));
    let mut text = String::new();
    if let Some((soft, extended)) = &policy {
        let _ = writeln!(
            text,
            "    time_policy(TIME_SOFT_PERCENT = {soft}, TIME_EXTENDED_PERCENT = {extended});"
        );
    }
    for (p, &x) in params.iter().zip(theta) {
        let in_policy = p.name == "TIME_SOFT_PERCENT" || p.name == "TIME_EXTENDED_PERCENT";
        if !(in_policy && policy.is_some()) {
            let _ = writeln!(text, "    {}", p.declaration(p.at_step(x)));
        }
    }
    text
}

/// The `spsa` binary: parses `args` (after the program name), runs, prints the tuned lines.
pub fn main(args: &[String]) -> ExitCode {
    use std::io::Write as _;
    // What goes to stdout is written, not printed: a reader that closed it early (`spsa --help |
    // head -1`) ends nothing but the output.
    if args.iter().any(|a| a == "-h" || a == "--help") {
        let _ = writeln!(std::io::stdout().lock(), "{}", usage());
        return ExitCode::SUCCESS;
    }
    let options = match parse_options(args) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("spsa: {error}\n\n{}", usage());
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(spsa) => {
            let _ = write!(std::io::stdout().lock(), "{}", final_text(&spsa, &options));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("spsa: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(line: &str) -> Param {
        Param::parse(line).unwrap()
    }

    fn params() -> Vec<Param> {
        vec![
            param("LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;"),
            param("  SHARE: f64 = 0.25, 0.0..=1.0, step 0.05;"),
            param("HISTORY_AGING: i32 = 8, 1..=64, step 2;"),
        ]
    }

    #[test]
    fn the_time_shares_print_as_the_time_policy_line() {
        let params: Vec<Param> = [
            "TIME_SOFT_PERCENT: u32 = 40, 10..=90, step 5;",
            "TIME_EXTENDED_PERCENT: u32 = 65, 10..=100, step 5;",
            "LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;",
        ]
        .iter()
        .map(|line| Param::parse(line).unwrap())
        .collect();
        assert_eq!(
            params_rs_lines(&params, &[47.6, 77.2, 4.4]),
            "    time_policy(TIME_SOFT_PERCENT = 48, TIME_EXTENDED_PERCENT = 77);\n    \
             LMR_MIN_DEPTH: i32 = 4, 1..=8, step 1;\n"
        );
        // Without the time shares (Yavalath's block), declarations only.
        assert_eq!(
            params_rs_lines(&params[2..], &[2.0]),
            "    LMR_MIN_DEPTH: i32 = 2, 1..=8, step 1;\n"
        );
    }

    #[test]
    fn declarations_parse_and_print_back() {
        for line in [
            "LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;",
            "SHARE: f64 = 0.25, 0.0..=1.0, step 0.05;",
            "ORDER_UNDER_THREAT: i32 = -250000, -500000..=0, step 25000;",
        ] {
            assert_eq!(param(line).declaration(param(line).default), line);
        }
        let share = param("SHARE: f64 = 0.25, 0.0..=1.0, step 0.05;");
        assert!(!share.integer);
        assert_eq!(
            share.declaration(1.0),
            "SHARE: f64 = 1.0, 0.0..=1.0, step 0.05;"
        );
        for bad in [
            "usage: kaboom-bot [OPTIONS]",
            "X: i32 = 9, 1..=8, step 1;",
            "X: i32 = 3, 1..=8, step 0;",
            "X: i32 = 3, 1..=8, step 1",
            "X Y: i32 = 3, 1..=8, step 1;",
            "X: f64 = 0.5, 0.0..=inf, step 0.1;",
            "X: f64 = 0.5, 0.0..=1.0, step inf;",
            "X: f64 = NaN, 0.0..=1.0, step 0.1;",
        ] {
            assert_eq!(Param::parse(bad), None, "{bad}");
        }
        let help = "usage: x\n  --depth <N>   depth\n\ntunables (a tuning build):\n  \
                    LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;\n  SHARE: f64 = 0.25, 0.0..=1.0, step 0.05;\n";
        let names: Vec<_> = params_from_help(help).into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["LMR_MIN_DEPTH", "SHARE"]);
    }

    #[test]
    fn gains_follow_the_schedule() {
        let s = Schedule::new(1000);
        assert_eq!(s.big_a, 100.0);
        assert_eq!((s.alpha, s.gamma, s.c), (0.602, 0.101, 1.0));
        assert!((s.c_k(1) - 1.0).abs() < 1e-12);
        assert!((s.c_k(1000) - 1000f64.powf(-0.101)).abs() < 1e-12);
        assert!((s.a_k(5) - s.a / 105f64.powf(0.602)).abs() < 1e-12);
        // The default a: the last iteration moves 1/(2 sqrt(N)) step per point of result.
        let last = s.a_k(1000) / (2.0 * s.c_k(1000));
        assert!((last - 0.5 / 1000f64.sqrt()).abs() < 1e-12, "{last}");
        assert!(s.a_k(1) > s.a_k(2) && s.c_k(1) > s.c_k(2));
    }

    #[test]
    fn perturbations_are_plus_or_minus_one_and_reproducible() {
        let d = perturbation(7, 3, 1000);
        assert!(d.iter().all(|&x| x == 1.0 || x == -1.0));
        let plus = d.iter().filter(|&&x| x > 0.0).count();
        assert!((400..600).contains(&plus), "{plus}");
        assert_eq!(d, perturbation(7, 3, 1000));
        assert_ne!(d, perturbation(7, 4, 1000));
        assert_ne!(d, perturbation(8, 3, 1000));
    }

    #[test]
    fn a_trial_perturbs_by_steps_and_an_update_moves_theta() {
        let mut spsa = Spsa::new(params(), Schedule::new(10), 1);
        spsa.theta = vec![3.0, 0.5, 8.0];
        let trial = spsa.trial();
        assert_eq!(trial.k, 1);
        let c1 = spsa.schedule.c_k(1);
        for i in 0..3 {
            let p = &spsa.params[i];
            let d = trial.delta[i];
            assert_eq!(trial.plus[i], p.value(spsa.theta[i] + c1 * p.step * d));
            assert_eq!(trial.minus[i], p.value(spsa.theta[i] - c1 * p.step * d));
        }
        // c_1 = 1: the integer tunables sit one step either side.
        assert_eq!((trial.plus[0] - trial.minus[0]).abs(), 2.0);
        assert_eq!((trial.plus[2] - trial.minus[2]).abs(), 4.0);
        let before = spsa.theta.clone();
        spsa.update(&trial, 1.5);
        let gain = spsa.schedule.a_k(1) * 1.5 / (2.0 * c1);
        for (i, x) in before.iter().enumerate() {
            let moved = gain * spsa.params[i].step * trial.delta[i];
            assert!((spsa.theta[i] - (x + moved)).abs() < 1e-12);
        }
        assert_eq!(spsa.done, 1);
    }

    #[test]
    fn values_stay_in_bounds_and_integers_are_whole() {
        let mut spsa = Spsa::new(params(), Schedule::new(10), 1);
        spsa.schedule.a = 1000.0;
        spsa.theta = vec![8.0, 0.99, 1.0];
        for _ in 0..10 {
            let trial = spsa.trial();
            for (i, p) in spsa.params.iter().enumerate() {
                for x in [trial.plus[i], trial.minus[i]] {
                    assert!((p.min..=p.max).contains(&x), "{} {x}", p.name);
                    assert!(!p.integer || x.fract() == 0.0, "{} {x}", p.name);
                }
            }
            spsa.update(&trial, 2.0);
            for (p, x) in spsa.params.iter().zip(&spsa.theta) {
                assert!((p.min..=p.max).contains(x), "{} {x}", p.name);
            }
        }
        assert_eq!(param("X: i32 = 3, 1..=8, step 1;").value(4.49), 4.0);
        assert_eq!(param("X: i32 = 3, 1..=8, step 1;").text(4.51), "5");
        assert_eq!(
            param("X: f64 = 0.5, 0.0..=1.0, step 0.1;").text(0.25),
            "0.25"
        );
    }

    #[test]
    fn printed_values_are_at_the_step_and_whole_ones_have_no_decimals() {
        let weight = param("WEIGHT: f64 = 10.0, 0.0..=50.0, step 2.0;");
        let quarter = param("HANGING: f64 = 1.0, 0.0..=2.0, step 0.25;");
        let tenth = param("SHARE: f64 = 0.3, 0.05..=0.95, step 0.1;");
        let off_grid = param("X: f64 = 10.0, 0.0..=49.0, step 4.0;");
        let whole = param("HISTORY_AGING: i32 = 8, 1..=64, step 2;");
        for (p, x, printed) in [
            (&weight, 10.587580351096012, "10"),
            (&weight, 11.2, "12"),
            (&weight, 49.9, "50"),
            (&weight, 0.4, "0"),
            // A tie goes to the value nearer the default.
            (&weight, 11.0, "10"),
            (&weight, 9.0, "10"),
            (&weight, 13.0, "12"),
            (&weight, 7.0, "8"),
            (&quarter, 1.3, "1.25"),
            (&quarter, 1.124, "1"),
            (&quarter, 1.126, "1.25"),
            (&quarter, 1.125, "1"),
            (&quarter, 0.875, "1"),
            (&quarter, 1.99, "2"),
            // Decimals no finer than the declaration's: 0.3 + 3·0.1 is 0.6000000000000001.
            (&tenth, 0.61, "0.6"),
            (&tenth, 0.949, "0.9"),
            (&tenth, 0.051, "0.1"),
            // A grid point past a bound gives the bound.
            (&off_grid, 49.0, "49"),
            (&off_grid, 47.0, "46"),
            // An integer tunable: the whole number the bot takes, not a multiple of its step.
            (&whole, 9.4, "9"),
            (&whole, 9.6, "10"),
        ] {
            assert_eq!(p.text_at_step(x), printed, "{} at {x}", p.name);
            assert!((p.min..=p.max).contains(&p.at_step(x)), "{} at {x}", p.name);
        }
        assert_eq!(
            weight.declaration(weight.at_step(11.2)),
            "WEIGHT: f64 = 12.0, 0.0..=50.0, step 2.0;"
        );
        assert_eq!(
            tenth.declaration(tenth.at_step(0.61)),
            "SHARE: f64 = 0.6, 0.05..=0.95, step 0.1;"
        );
        // The default is on its own grid, written as declared.
        for p in [&weight, &quarter, &tenth, &off_grid, &whole] {
            assert_eq!(p.at_step(p.default), p.default, "{}", p.name);
        }
    }

    #[test]
    fn the_final_text_gives_the_values_at_their_steps_and_as_param_words() {
        let args: Vec<String> = "--referee r --bot b --iterations 4 --dir runs/w"
            .split_whitespace()
            .map(String::from)
            .collect();
        let options = parse_options(&args).unwrap();
        let params: Vec<Param> = [
            "WEIGHT: f64 = 10.0, 0.0..=50.0, step 2.0;",
            "HANGING: f64 = 1.0, 0.0..=2.0, step 0.25;",
            "DEPTH: i32 = 3, 1..=8, step 1;",
        ]
        .map(param)
        .to_vec();
        let mut spsa = Spsa::new(params, options.schedule(), 1);
        spsa.theta = vec![10.587580351096012, 1.3, 4.4];
        spsa.done = 4;
        assert_eq!(
            final_text(&spsa, &options),
            "// SPSA: 4 iterations of 1 game pair(s); every tunable's path is in runs/w/theta.csv.
// Confirm by SPRT before pasting: --params runs/w/params.txt against the defaults (a bot
// that takes no --params FILE: --param WEIGHT=10 --param HANGING=1.25 --param DEPTH=4).
// 0 games lost by a fault (--max-faults 0).
    WEIGHT: f64 = 10.0, 0.0..=50.0, step 2.0;
    HANGING: f64 = 1.25, 0.0..=2.0, step 0.25;
    DEPTH: i32 = 4, 1..=8, step 1;
"
        );
        assert_eq!(params_file(&spsa), "WEIGHT=10\nHANGING=1.25\nDEPTH=4\n");
    }

    #[test]
    fn a_bot_that_lists_no_tunables_is_told_the_contract_and_why() {
        let command = "python3 krieg_bot.py --help";
        for (help, failed, why) in [
            (
                "usage: krieg_bot.py [--seed S]\n",
                None,
                "no line of its stdout starts with `tunables`",
            ),
            (
                "usage: x\ntunables:\n\n  WEIGHT: float = 10.0, 0.0..50.0, step 2.0\n",
                None,
                "after its line 'tunables:', '  WEIGHT: float = 10.0, 0.0..50.0, step 2.0' is not a declaration spsa reads",
            ),
            ("usage: x\ntunables\n", None, "nothing follows its line 'tunables'"),
            (
                "",
                Some(("exit status: 2", "python3: can't open file 'krieg_bot.py'\n\n")),
                "it ended with exit status: 2, its stderr ending 'python3: can't open file 'krieg_bot.py''",
            ),
            (
                "",
                Some(("exit status: 1", "")),
                "it ended with exit status: 1, printing nothing on stderr",
            ),
        ] {
            assert_eq!(
                no_tunables(command, help, failed),
                format!("`{command}` lists no tunables: {why}.\n{CONTRACT}")
            );
        }
        let contract = CONTRACT.replace('\n', " ");
        for words in [
            "a line starting with `tunables`",
            "`NAME: TYPE = DEFAULT, MIN..=MAX, step STEP;`",
            "`--param NAME=VALUE`",
            "--features tuning",
        ] {
            assert!(contract.contains(words), "{words}");
        }
        // The contract's own example reads as a tunable.
        let example = param("WEIGHT: f64 = 10.0, 0.0..=50.0, step 2.0;");
        assert!(!example.integer);
        assert!(contract.contains(&example.declaration(example.default)));
        // On lines of at most 100 characters.
        assert!(CONTRACT.lines().all(|line| line.len() <= 100), "{CONTRACT}");
    }

    /// A synthetic match: each side's expected points from its distance to an optimum, the
    /// pair's result the difference plus noise drawn from the iteration.
    fn synthetic_result(spsa: &Spsa, trial: &Trial, optimum: &[f64]) -> f64 {
        let strength = |values: &[f64]| -> f64 {
            let d: f64 = values
                .iter()
                .zip(optimum)
                .zip(&spsa.params)
                .map(|((x, o), p)| ((x - o) / p.step).powi(2))
                .sum();
            -0.05 * d
        };
        let mut rng = SmallRng::seed_from_u64(u64::from(trial.k));
        let noise: f64 = rng.gen_range(-1.0..1.0);
        (strength(&trial.plus) - strength(&trial.minus) + noise).clamp(-2.0, 2.0)
    }

    #[test]
    fn a_synthetic_objective_is_climbed() {
        let optimum = [6.0, 0.6, 20.0];
        let mut spsa = Spsa::new(params(), Schedule::new(3000), 5);
        let distance = |spsa: &Spsa| -> f64 {
            spsa.theta
                .iter()
                .zip(&optimum)
                .zip(&spsa.params)
                .map(|((x, o), p)| ((x - o) / p.step).abs())
                .sum()
        };
        let start = distance(&spsa);
        while !spsa.finished() {
            let trial = spsa.trial();
            let result = synthetic_result(&spsa, &trial, &optimum);
            spsa.update(&trial, result);
        }
        let end = distance(&spsa);
        assert!(
            end < start / 3.0,
            "from {start} steps away to {end}: {:?}",
            spsa.theta
        );
    }

    #[test]
    fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
        let optimum = [6.0, 0.6, 20.0];
        let step = |spsa: &mut Spsa| {
            let trial = spsa.trial();
            let result = synthetic_result(spsa, &trial, &optimum);
            spsa.update(&trial, result);
        };
        let mut straight = Spsa::new(params(), Schedule::new(50), 9);
        while !straight.finished() {
            step(&mut straight);
        }
        let settings = "bot x\niterations 50\n";
        let mut first = Spsa::new(params(), Schedule::new(50), 9);
        for _ in 0..20 {
            step(&mut first);
        }
        let state = first.state_text(settings);
        let mut resumed = Spsa::new(params(), Schedule::new(50), 9);
        resumed.resume(&state, settings).unwrap();
        assert_eq!(resumed, first);
        while !resumed.finished() {
            step(&mut resumed);
        }
        assert_eq!(resumed, straight);
        let other =
            Spsa::new(params(), Schedule::new(50), 9).resume(&state, "bot y\niterations 50\n");
        assert_eq!(
            other.unwrap_err(),
            "the state was written by another run: it has 'bot x' where this command has 'bot y'"
        );
    }

    #[test]
    fn the_csv_keeps_a_row_per_iteration_done() {
        let mut spsa = Spsa::new(params(), Schedule::new(10), 1);
        let mut csv = format!(
            "{}\n{}\n",
            csv_header(&spsa.params),
            csv_row(&spsa, 0, None)
        );
        for _ in 0..3 {
            let trial = spsa.trial();
            spsa.update(&trial, 1.0);
            let games = Games {
                plus_wins: 1,
                draws: 1,
                minus_wins: 0,
            };
            csv.push_str(&csv_row(&spsa, trial.k, Some(games)));
            csv.push('\n');
        }
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "iteration,a_k,c_k,plus_wins,draws,minus_wins,result,LMR_MIN_DEPTH,SHARE,HISTORY_AGING"
        );
        assert!(
            lines[1].starts_with("0,,,,,,,3.0000,0.2500,8.0000"),
            "{}",
            lines[1]
        );
        assert!(
            lines[3].starts_with("2,") && lines[3].contains(",1,1,0,1.000,"),
            "{}",
            lines[3]
        );
        assert_eq!(csv_up_to(&csv, 1).lines().count(), 3);
        assert_eq!(csv_up_to(&csv, 3), csv);
    }

    #[test]
    fn a_state_is_refused_unless_every_line_is_one_of_the_runs() {
        let settings = "bot x\niterations 10\n";
        let mut run = Spsa::new(params(), Schedule::new(10), 1);
        run.theta = vec![4.5, 0.3, 10.0];
        run.done = 4;
        run.faults = 2;
        let state = run.state_text(settings);
        assert!(
            state.contains("\ndone 4\nfaults 2\ntheta LMR_MIN_DEPTH 4.5\n"),
            "{state}"
        );
        let fresh = || Spsa::new(params(), Schedule::new(10), 1);
        let mut resumed = fresh();
        resumed.resume(&state, settings).unwrap();
        assert_eq!(resumed, run);
        // A state of an earlier spsa, without the faults line, counts none.
        let earlier = state.replace("faults 2\n", "");
        let mut resumed = fresh();
        resumed.resume(&earlier, settings).unwrap();
        assert_eq!((resumed.done, resumed.faults), (4, 0));
        for (old, new, error) in [
            (
                "theta SHARE 0.3",
                "theta SHARE NaN",
                "the state's 'theta SHARE NaN' is not a finite number",
            ),
            (
                "theta SHARE 0.3",
                "theta SHARE -inf",
                "the state's 'theta SHARE -inf' is not a finite number",
            ),
            (
                "theta SHARE 0.3",
                "theta SHARE 1e400",
                "the state's 'theta SHARE 1e400' is not a finite number",
            ),
            (
                "theta SHARE 0.3",
                "theta SHARE 1.5",
                "the state's 'theta SHARE 1.5' is outside SHARE's bounds 0..=1",
            ),
            (
                "theta HISTORY_AGING 10.0",
                "theta HISTORY_AGING 0.5",
                "the state's 'theta HISTORY_AGING 0.5' is outside HISTORY_AGING's bounds 1..=64",
            ),
            (
                "done 4",
                "done 11",
                "the state's 'done 11' is past the run's 10 iterations",
            ),
            (
                "done 4",
                "done 4\ndone 3",
                "the state has a second 'done' line: 'done 3'",
            ),
            (
                "faults 2",
                "faults 2\nfaults 0",
                "the state has a second 'faults' line: 'faults 0'",
            ),
            (
                "theta SHARE 0.3",
                "theta SHARE 0.3\ntheta SHARE 0.4",
                "the state has a second value of SHARE: 'theta SHARE 0.4'",
            ),
            (
                "theta SHARE 0.3",
                "theta OTHER 0.3",
                "a bad line in the state: 'theta OTHER 0.3'",
            ),
            (
                "theta SHARE 0.3",
                "theta SHARE 0,3",
                "a bad line in the state: 'theta SHARE 0,3'",
            ),
            ("theta SHARE 0.3\n", "", "the state has no value of SHARE"),
            ("done 4", "dune 4", "a bad line in the state: 'dune 4'"),
            ("done 4\n", "", "the state has no 'done' line"),
            ("done 4", "done -1", "a bad line in the state: 'done -1'"),
            (
                "faults 2",
                "faults 2.5",
                "a bad line in the state: 'faults 2.5'",
            ),
            ("faults 2\n", "faults 2\n\n", "a bad line in the state: ''"),
        ] {
            let damaged = state.replace(old, new);
            assert_ne!(damaged, state, "{old}");
            let mut resumed = fresh();
            assert_eq!(resumed.resume(&damaged, settings), Err(error.to_string()));
            assert_eq!(resumed, fresh(), "a refused state changed the run: {new}");
        }
        // The bounds and the run's end themselves are the run's.
        for (old, new) in [
            ("theta SHARE 0.3", "theta SHARE 1.0"),
            ("theta HISTORY_AGING 10.0", "theta HISTORY_AGING 1"),
            ("done 4", "done 10"),
        ] {
            fresh().resume(&state.replace(old, new), settings).unwrap();
        }
    }

    /// The output of `kaboom-referee --games 2` (2026-12), of two bots that each lose every
    /// game by a fault (one exits with success before replying, one prints a word at its
    /// start), and of two healthy ones.
    const EXITED: &str = "game 1: p1=A p2=B winner=B (p2) reason=\"p1 exited (exit status: 0) before replying\" plies=0 slowest: A=0ms B=0ms peak: A=0.0MB B=0.0MB
game 2: p1=B p2=A winner=A (p2) reason=\"p1 exited (exit status: 0) before replying\" plies=0 slowest: A=0ms B=0ms peak: A=0.0MB B=0.2MB
players: A slowest=0ms peak=0.0MB faults=1; B slowest=0ms peak=0.2MB faults=1; first replies: A=0ms B=0ms; later replies: A=0ms B=0ms
summary: games=2 a_wins=1 draws=0 b_wins=1 elo=+0 ci95=inf
";
    const OUT_OF_TURN: &str = "game 1: p1=A p2=B winner=A (p1) reason=\"spoke out of turn: p2 printed 'xyzzy' before it was asked\" plies=0 slowest: A=0ms B=0ms peak: A=1.6MB B=1.6MB
game 2: p1=B p2=A winner=B (p1) reason=\"spoke out of turn: p2 printed 'xyzzy' before it was asked\" plies=0 slowest: A=0ms B=0ms peak: A=0.0MB B=1.6MB
players: A slowest=0ms peak=1.6MB faults=1; B slowest=0ms peak=1.6MB faults=1; first replies: A=0ms B=0ms; later replies: A=0ms B=0ms
summary: games=2 a_wins=1 draws=0 b_wins=1 elo=+0 ci95=inf
";
    const HEALTHY: &str = "game 1: p1=A p2=B winner=A (p1) reason=\"bomb reached the opponent's base\" plies=51 slowest: A=7ms B=10ms peak: A=4.3MB B=4.3MB
game 2: p1=B p2=A winner=A (p2) reason=\"bomb reached the opponent's base\" plies=72 slowest: A=8ms B=10ms peak: A=4.3MB B=4.3MB
players: A slowest=8ms peak=4.3MB faults=0; B slowest=10ms peak=4.3MB faults=0; first replies: A=5ms B=10ms; later replies: A=8ms B=10ms
summary: games=2 a_wins=2 draws=0 b_wins=0 elo=+inf ci95=inf
";

    #[test]
    fn the_referees_faults_are_read_and_its_verdict_quoted() {
        for (output, reason) in [
            (EXITED, "p1 exited (exit status: 0) before replying"),
            (
                OUT_OF_TURN,
                "spoke out of turn: p2 printed 'xyzzy' before it was asked",
            ),
        ] {
            let report = Report::read(output, 2).unwrap();
            assert_eq!(report.faults, 2);
            let verdict = report.verdict.as_deref().unwrap();
            assert!(
                verdict.starts_with("game 1: ") && verdict.contains(reason),
                "{verdict}"
            );
            assert!(report.players.starts_with("players: A slowest=0ms"));
            assert_eq!(
                report.quoted(),
                format!("\n    {verdict}\n    {}", report.players)
            );
        }
        let healthy = Report::read(HEALTHY, 2).unwrap();
        assert_eq!((healthy.faults, healthy.verdict), (0, None));
        assert_eq!(healthy.games.result(), 2.0);
        // A fault whose reason does not read as one is still counted, its players line quoted.
        let unknown = EXITED.replace("reason=\"p1 exited", "reason=\"gone");
        let report = Report::read(&unknown, 2).unwrap();
        assert_eq!((report.faults, report.verdict.as_deref()), (2, None));
        assert_eq!(report.quoted(), format!("\n    {}", report.players));
        // What cannot be checked is refused.
        let players = HEALTHY.lines().nth(2).unwrap();
        let summary = HEALTHY.lines().nth(3).unwrap();
        for (output, asked, error) in [
            (
                HEALTHY.to_string(),
                4,
                format!("it played 2 of the 4 games asked: '{summary}'"),
            ),
            (
                HEALTHY.replace(players, ""),
                2,
                "it printed no 'players:' line, which counts each side's faults".to_string(),
            ),
            (
                HEALTHY.replace(summary, ""),
                2,
                "it printed no 'summary:' line".to_string(),
            ),
            (
                HEALTHY.replace("b_wins=0", "b_wins=x"),
                2,
                format!(
                    "its summary is not one spsa reads: '{}'",
                    summary.replace("b_wins=0", "b_wins=x")
                ),
            ),
        ] {
            assert_eq!(Report::read(&output, asked), Err(error));
        }
        for bad in [
            players.replace("; B slowest=10ms peak=4.3MB faults=0", ""),
            players.replace("faults=0; B", "faults=x; B"),
            players.replace("faults=0; B", "faults=3; B"),
        ] {
            let output = HEALTHY.replace(players, &bad);
            assert_eq!(
                Report::read(&output, 2),
                Err(format!(
                    "its 'players:' line does not count each side's faults: '{bad}'"
                ))
            );
        }
    }

    #[test]
    fn faults_are_counted_up_to_the_allowed_and_a_run_of_faults_stops() {
        let mut report = Report::read(EXITED, 2).unwrap();
        let mut run = Spsa::new(params(), Schedule::new(10), 1);
        let error = count_faults(&mut run, 3, &report, 100).unwrap_err();
        assert!(
            error.starts_with("iteration 3: every game ended by a fault (2 of 2), nothing was measured; the referee's verdict:\n    game 1: "),
            "{error}"
        );
        assert_eq!(run.faults, 0);
        // One fault of two games: counted while the run stays within the allowed.
        report.faults = 1;
        count_faults(&mut run, 3, &report, 2).unwrap();
        count_faults(&mut run, 4, &report, 2).unwrap();
        assert_eq!(run.faults, 2);
        let error = count_faults(&mut run, 5, &report, 2).unwrap_err();
        assert!(
            error.starts_with(
                "iteration 5: 1 game lost by a fault takes the run to 3, past --max-faults 2 "
            ),
            "{error}"
        );
        assert!(error.ends_with(&report.quoted()), "{error}");
        assert_eq!(run.faults, 2);
        let healthy = Report::read(HEALTHY, 2).unwrap();
        count_faults(&mut run, 5, &healthy, 2).unwrap();
        assert_eq!(run.faults, 2);
    }

    #[test]
    fn the_referees_summary_gives_the_result() {
        let out = "game 1: ...\nplayers: A slowest=3ms\nsummary: games=4 a_wins=3 draws=0 b_wins=1 elo=+191 ci95=400\n";
        let games = Games::from_summary(out).unwrap();
        assert_eq!(
            games,
            Games {
                plus_wins: 3,
                draws: 0,
                minus_wins: 1
            }
        );
        assert_eq!(games.result(), 1.0);
        assert_eq!(Games::from_summary("summary: games=0"), None);
    }

    #[test]
    fn options_parse() {
        let args: Vec<String> = "--referee r --bot b --iterations 5 --dir d --pairs 2 --tune X,Y --c 2 -- --random-openings 4"
            .split_whitespace()
            .map(String::from)
            .collect();
        let o = parse_options(&args).unwrap();
        assert_eq!((o.iterations, o.pairs, o.c), (5, 2, 2.0));
        assert_eq!(o.tune, ["X", "Y"]);
        assert_eq!(o.referee_options, ["--random-openings", "4"]);
        assert_eq!(o.schedule().big_a, 1.0);
        let missing: Vec<String> = vec!["--referee".into(), "r".into()];
        assert_eq!(
            parse_options(&missing).unwrap_err(),
            "--bot is needed (and above zero)"
        );
        for bad in ["--pairs x", "--a -1", "--gamma nan", "--frob 1", "--bot"] {
            let args: Vec<String> = bad.split_whitespace().map(String::from).collect();
            let error = parse_options(&args).unwrap_err();
            assert!(error.contains(&args[0]), "{bad}: {error}");
        }
    }

    #[test]
    fn options_that_overflow_or_override_the_referees_are_refused() {
        let parse = |more: &str| {
            let args: Vec<String> = format!("--referee r --bot b --dir d {more}")
                .split_whitespace()
                .map(String::from)
                .collect();
            parse_options(&args)
        };
        let o = parse("--iterations 3 --pairs 2147483647").unwrap();
        assert_eq!(o.games(), Ok(u32::MAX - 1));
        assert_eq!(
            parse("--iterations 3 --pairs 4294967295").unwrap_err(),
            "--pairs 4294967295: an iteration plays 2·P games, and the referee's --games takes at most 4294967295"
        );
        // The last pair seed S + N·P may be u64's largest, not past it.
        let o = parse("--iterations 5 --pairs 2 --seed 18446744073709551605").unwrap();
        assert_eq!(o.seed_after(5), Ok(u64::MAX));
        assert_eq!(o.seed_after(2), Ok(u64::MAX - 6));
        assert_eq!(
            parse("--iterations 5 --pairs 2 --seed 18446744073709551606").unwrap_err(),
            "--seed 18446744073709551606: the run's last pair seed, S + N·P = 18446744073709551606 + 5·2, is past 18446744073709551615"
        );
        assert!(parse("--iterations 4294967295 --pairs 2147483647").is_ok());
        for (set, word) in [
            ("--games", "--games"),
            ("--seed", "--seed=4"),
            ("--concurrency", "--concurrency"),
        ] {
            assert_eq!(
                parse(&format!("--iterations 3 -- --movetime-ms 5 {word} 4")).unwrap_err(),
                format!("-- {word}: spsa gives the referee {set} itself (from its --pairs, --seed and --concurrency)")
            );
        }
        // c_N = 5^-1000 is zero: a_k/(2c_k) would be infinite, θ NaN.
        let error = parse("--iterations 5 --gamma 1000").unwrap_err();
        assert!(
            error.starts_with("the gains overflow: a_1/(2·c_N) = "),
            "{error}"
        );
        assert!(parse("--iterations 5 --gamma 100").is_ok());
        // Faults allowed: 1 in 100 of the run's games by default.
        assert_eq!(
            parse("--iterations 1000 --pairs 2")
                .unwrap()
                .allowed_faults(),
            40
        );
        assert_eq!(parse("--iterations 3").unwrap().allowed_faults(), 0);
        assert_eq!(
            parse("--iterations 4294967295 --pairs 2147483647")
                .unwrap()
                .allowed_faults(),
            184467440608246497
        );
        let o = parse("--iterations 1000 --max-faults 0").unwrap();
        assert_eq!((o.max_faults, o.allowed_faults()), (Some(0), 0));
        assert!(parse("--iterations 3 --max-faults -1")
            .unwrap_err()
            .contains("--max-faults"));
    }
}
