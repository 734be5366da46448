//! The self-play data command of a game with a learned evaluation, `GAME-tune data`: the options,
//! the file and its resuming, the threads and the progress line, written once for every game.
//!
//! ```text
//! GAME-tune data --out FILE [--games N] [--nodes N | --depth D] [--seed S] [--threads T]
//! ```
//!
//! A game crate says what its data is ([`DataGame`]: its name, its network's input count, its
//! score's units per logit, its default effort) and how one game is played
//! (`play(seed, number, limits)`: game `number`'s opening drawn from `seed + number`, every move
//! searched within `limits`, the positions worth learning from kept in a [`GameRecord`]); this
//! module plays games `0..N`, `T` at once, and appends each game's block as it finishes.
//!
//! # The file
//!
//! ```text
//! # net-data game=NAME inputs=N scale=K
//! # self-play seed=S nodes=N            (or depth=D)
//! RESULT SCORE US THEM
//! ...
//! # game K
//! ```
//!
//! A line per kept position: `RESULT` the game's result for the position's side to move (`1`,
//! `0.5` or `0`), `SCORE` the search's score for it in the evaluation's units, `US` and `THEM` the
//! active inputs of the side to move's and the other's perspective, ascending, comma-separated,
//! `-` for none. Each game's block ends with `# game K`; the blocks come in the order the threads
//! finish them (the trainer, `crate::net_train`, puts positions in an order of their own).
//!
//! # Resuming
//!
//! A block is appended with one write, so a killed run leaves whole games and at most one partial
//! block at the end. A new run on the same file checks the two header lines against its own (a
//! file of another game, seed or effort is refused, not mixed), drops a partial last block, and
//! plays only the games whose number is missing: the same command run twice gives its `N` games
//! once. For this to hold, a game must be the same whatever the threads and whichever run plays
//! it: `play` starts each game from a fresh search (a cleared transposition table).

use crate::tune::result_for;
use common::search::Limits;
use rustc_hash::FxHashSet;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A progress line at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// What a game's data is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataGame {
    /// The game's name, in the header and the tool's name (`NAME-tune data`).
    pub name: &'static str,
    /// The inputs of one perspective of its network.
    pub inputs: usize,
    /// The evaluation's units per logit, for the trainer's target `sigmoid(SCORE / scale)`.
    pub scale: i32,
    /// Nodes per move without `--nodes` or `--depth`.
    pub default_nodes: u64,
    /// The deepest iteration of its search (the depth a node-limited search may reach).
    pub max_depth: u32,
}

impl DataGame {
    /// The file's first line.
    pub fn header(&self) -> String {
        format!(
            "# net-data game={} inputs={} scale={}",
            self.name, self.inputs, self.scale
        )
    }

    /// The usage line.
    pub fn usage(&self) -> String {
        format!(
            "usage: {}-tune data --out FILE [--games N] [--nodes N | --depth D] [--seed S] [--threads T]",
            self.name
        )
    }
}

/// How much each move's search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// At most this many nodes (iterative deepening stops at its first look at the clock past it).
    Nodes(u64),
    /// Exactly this depth.
    Depth(u32),
}

impl Effort {
    /// The search limits of this effort, for a search that goes at most `max_depth` deep.
    pub fn limits(self, max_depth: u32) -> Limits {
        match self {
            Effort::Nodes(nodes) => Limits::depth(max_depth).with_max_nodes(Some(nodes)),
            Effort::Depth(depth) => Limits::depth(depth),
        }
    }
}

/// The data command's options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataOptions {
    /// The data file, created or resumed.
    pub out: PathBuf,
    /// Games `0..games` are in the file when the run ends.
    pub games: u32,
    /// Each move's search.
    pub effort: Effort,
    /// Game `k`'s opening is drawn with `seed + k`.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

impl DataOptions {
    /// Reads the options after `data`; `Ok(None)` for `--help`.
    pub fn parse<I: IntoIterator<Item = String>>(
        game: &DataGame,
        args: I,
    ) -> Result<Option<DataOptions>, String> {
        let mut out = None;
        let (mut games, mut seed, mut threads) = (1000u32, 1u64, 1usize);
        let (mut nodes, mut depth) = (None, None);
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if flag == "--help" || flag == "-h" {
                return Ok(None);
            }
            let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
            let bad = |_| format!("{flag}: not a valid value: {value}");
            match flag.as_str() {
                "--out" => out = Some(PathBuf::from(&value)),
                "--games" => games = value.parse().map_err(bad)?,
                "--nodes" => nodes = Some(value.parse::<u64>().map_err(bad)?),
                "--depth" => depth = Some(value.parse::<u32>().map_err(bad)?),
                "--seed" => seed = value.parse().map_err(bad)?,
                "--threads" => threads = value.parse().map_err(bad)?,
                _ => return Err(format!("unknown option {flag}")),
            }
        }
        let effort = match (nodes, depth) {
            (Some(_), Some(_)) => return Err("--nodes and --depth exclude each other".into()),
            (_, Some(0)) | (Some(0), _) => return Err("the effort must be at least 1".into()),
            (Some(n), None) => Effort::Nodes(n),
            (None, Some(d)) => Effort::Depth(d),
            (None, None) => Effort::Nodes(game.default_nodes),
        };
        if threads == 0 {
            return Err("--threads must be at least 1".into());
        }
        let out = out.ok_or("--out FILE is required")?;
        Ok(Some(DataOptions {
            out,
            games,
            effort,
            seed,
            threads,
        }))
    }

    /// The file's second line: what the games depend on, checked when a run resumes.
    pub fn settings(&self) -> String {
        let effort = match self.effort {
            Effort::Nodes(n) => format!("nodes={n}"),
            Effort::Depth(d) => format!("depth={d}"),
        };
        format!("# self-play seed={} {effort}", self.seed)
    }
}

/// The positions kept from one game, each with the side it speaks for (`S`, the game's player
/// type), until the game's result is known.
#[derive(Clone, Debug)]
pub struct GameRecord<S> {
    /// Side to move, score, the line's inputs.
    kept: Vec<(S, i32, String)>,
}

impl<S> Default for GameRecord<S> {
    fn default() -> Self {
        GameRecord { kept: Vec::new() }
    }
}

impl<S: Copy + PartialEq> GameRecord<S> {
    /// Keeps a position: its side to move, the search's score for it, and its active inputs
    /// from the side to move's perspective (`us`) and the other's (`them`).
    pub fn keep(&mut self, side: S, score: i32, us: &[u16], them: &[u16]) {
        let line = format!("{score} {} {}", input_list(us), input_list(them));
        self.kept.push((side, score, line));
    }

    /// Game `number`'s block, its positions given the result (`winner` `None` a draw).
    pub fn finish(self, number: u32, winner: Option<S>) -> GameBlock {
        let mut text = String::new();
        for (side, _, line) in &self.kept {
            // `f32`'s display writes 1, 0.5 and 0.
            writeln!(text, "{} {line}", result_for(winner, *side))
                .expect("a String takes any text");
        }
        writeln!(text, "# game {number}").expect("a String takes any text");
        GameBlock {
            text,
            positions: self.kept.len(),
        }
    }
}

/// `3,5,17`, or `-` for none.
fn input_list(inputs: &[u16]) -> String {
    if inputs.is_empty() {
        return "-".into();
    }
    let texts: Vec<String> = inputs.iter().map(u16::to_string).collect();
    texts.join(",")
}

/// One finished game's block of lines, `# game K` last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBlock {
    /// The text to append.
    pub text: String,
    /// The positions in it.
    pub positions: usize,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// Games found whole in the file when the run started.
    pub games_before: usize,
    /// Games played and appended by this run.
    pub games_played: usize,
    /// Positions appended by this run.
    pub positions: usize,
}

/// Opens (or creates) the data file, checks or writes its header and settings, drops a partial
/// last block; returns the file, open for appending, and the game numbers already in it.
fn open_data_file(game: &DataGame, options: &DataOptions) -> io::Result<(File, FxHashSet<u32>)> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&options.out)?;
    let expected = [game.header(), options.settings()];
    let mut done = FxHashSet::default();
    let mut reader = BufReader::new(&mut file);
    let mut line = String::new();
    let mut offset = 0u64;
    // The end of the last whole block (or of the header lines).
    let mut whole = 0u64;
    let mut line_number = 0usize;
    loop {
        line.clear();
        let read = reader.read_line(&mut line)?;
        if read == 0 {
            break;
        }
        offset += read as u64;
        if !line.ends_with('\n') {
            break;
        }
        let text = line.trim_end_matches('\n');
        if line_number < expected.len() {
            if text != expected[line_number] {
                return Err(invalid(format!(
                    "{}: line {} is `{text}`, this run writes `{}`",
                    options.out.display(),
                    line_number + 1,
                    expected[line_number]
                )));
            }
            whole = offset;
        } else if let Some(number) = text.strip_prefix("# game ") {
            let number = number
                .parse()
                .map_err(|_| invalid(format!("{}: bad line `{text}`", options.out.display())))?;
            done.insert(number);
            whole = offset;
        }
        line_number += 1;
    }
    drop(reader);
    if whole == 0 && offset > 0 {
        // Text that is not a header, or a header cut short (a first run killed while writing
        // it): not ours to truncate.
        return Err(invalid(format!(
            "{}: not a data file of this run (no whole header)",
            options.out.display()
        )));
    }
    file.set_len(whole)?;
    file.seek(io::SeekFrom::End(0))?;
    if whole == 0 {
        file.write_all(format!("{}\n{}\n", expected[0], expected[1]).as_bytes())?;
    } else if line_number < expected.len() {
        return Err(invalid(format!(
            "{}: the header is incomplete",
            options.out.display()
        )));
    }
    Ok((file, done))
}

/// Plays the missing games of `0..options.games` on `options.threads` threads with `play`,
/// appending each block whole as it finishes, with a progress line on stderr every few seconds.
pub fn run<P>(game: &DataGame, options: &DataOptions, play: P) -> io::Result<RunSummary>
where
    P: Fn(u64, u32, &Limits) -> GameBlock + Sync,
{
    let (file, done) = open_data_file(game, options)?;
    let missing: Vec<u32> = (0..options.games).filter(|k| !done.contains(k)).collect();
    let limits = options.effort.limits(game.max_depth);
    let start = Instant::now();
    let summary = RunSummary {
        games_before: done.len(),
        ..RunSummary::default()
    };
    let shared = Mutex::new((file, summary, start));
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<io::Error>> = Mutex::new(None);
    let total = options.games as usize;
    let report = |summary: &RunSummary| {
        let elapsed = start.elapsed().as_secs_f64();
        let per_second = summary.positions as f64 / elapsed.max(1e-9);
        let left = missing.len() - summary.games_played;
        let eta = elapsed / summary.games_played.max(1) as f64 * left as f64;
        eprintln!(
            "{}-tune data: games {}/{total}, {} positions, {per_second:.0} positions/s, elapsed {elapsed:.0} s, ETA {eta:.0} s",
            game.name,
            summary.games_before + summary.games_played,
            summary.positions,
        );
    };
    std::thread::scope(|scope| {
        for _ in 0..options.threads.min(missing.len()) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(&number) = missing.get(index) else {
                    break;
                };
                if failure.lock().expect("no thread panics").is_some() {
                    break;
                }
                let block = play(options.seed, number, &limits);
                let mut guard = shared.lock().expect("no thread panics");
                let (file, summary, last_report) = &mut *guard;
                if let Err(error) = file.write_all(block.text.as_bytes()) {
                    *failure.lock().expect("no thread panics") = Some(error);
                    break;
                }
                summary.games_played += 1;
                summary.positions += block.positions;
                if last_report.elapsed() >= PROGRESS_EVERY {
                    *last_report = Instant::now();
                    report(summary);
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().expect("no thread panics") {
        return Err(error);
    }
    let (file, summary, _) = shared.into_inner().expect("no thread panics");
    file.sync_all()?;
    report(&summary);
    Ok(summary)
}

/// The data command, `GAME-tune data ARGS`: parses the options and runs; exit status 2 for bad
/// options, 1 for a failed run.
pub fn main<I, P>(game: &DataGame, args: I, play: P) -> ExitCode
where
    I: IntoIterator<Item = String>,
    P: Fn(u64, u32, &Limits) -> GameBlock + Sync,
{
    match DataOptions::parse(game, args) {
        Ok(None) => {
            // A reader gone (`| head`) is no failure of the usage.
            let _ = writeln!(io::stdout(), "{}", game.usage());
            ExitCode::SUCCESS
        }
        Ok(Some(options)) => match run(game, &options, play) {
            Ok(_) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{}-tune data: {error}", game.name);
                ExitCode::FAILURE
            }
        },
        Err(message) => {
            eprintln!("{}-tune data: {message}\n{}", game.name, game.usage());
            ExitCode::from(2)
        }
    }
}
