//! Self-play data for the learned evaluation: `kaboom-tune data`.
//!
//! ```text
//! kaboom-tune data --out FILE [--games N] [--nodes N | --depth D] [--seed S] [--threads T]
//! ```
//!
//! Plays games `0..N` of the bot's own search against itself, each from an opening of random
//! moves drawn with `SmallRng` seeded by `S` + the game's number (as [`crate::tune`] does: both
//! bomb columns and 0 to [`MAX_RANDOM_MOVES`] regular moves), then every move by a search of a
//! fixed effort (`--nodes`, default [`DEFAULT_NODES`], or `--depth`) with a cleared
//! transposition table per game, so that a game is the same whatever the threads and whichever
//! run plays it. `T` games are played at once.
//!
//! Each position the search plays from is kept if it is quiet ([`crate::tune::is_quiet`]: what
//! the search's horizon calls quiet, where it trusts the evaluation: no win in one for the side
//! to move, no winning pass threatened by the other) and its root score is not a proven result
//! (beyond ±[`MATE_BOUND`]). After the game, its positions are written as one block, one line
//! each:
//!
//! ```text
//! RESULT SCORE US THEM
//! ```
//!
//! `RESULT` the game's result for the position's side to move (`1`, `0.5` or `0`), `SCORE` the
//! search's score for it in the evaluation's units, `US` and `THEM` the active inputs of
//! [`crate::net_features`] (the side to move's and the other's), ascending, comma-separated, `-`
//! for none. The block ends with `# game K`. The file starts with the header
//! `# net-data game=kaboom inputs=430 scale=K` ([`SCALE`]) and a comment naming the seed and
//! the effort.
//!
//! **Resumable.** A block is appended with one write, so a killed run leaves whole games and at
//! most one partial block at the end. A new run on the same file checks its header and settings,
//! drops a partial last block, and plays only the games whose number is missing: the same
//! command run twice gives its `N` games once.

use crate::board::{Board, Player};
use crate::net_features::{inputs, INPUTS};
use crate::search::{Searcher, MATE_BOUND, MAX_DEPTH};
use crate::tune::{is_quiet, MAX_RANDOM_MOVES};
use common::game::{Board as _, Outcome as _};
use common::search::Limits;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashSet;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The game's name in the header.
pub const GAME: &str = "kaboom";
/// The evaluation's units per logit: 1 / the logistic scale that Texel's fit finds for today's
/// evaluation on self-play, `kaboom-tune --games 4000 --depth 4 --epochs 1 --seed 1` (scale
/// 0.002092; 0.001893 on the first 1000 games). The data's own search scores at 2000 nodes a
/// move are sharper: they fit their games' results best at 268 per logit (200 games).
pub const SCALE: i32 = 478;
/// Nodes per move without `--nodes` or `--depth`.
pub const DEFAULT_NODES: u64 = 3000;
/// The transposition table of a game's searches (small: the searches are short).
const TABLE_BYTES: usize = 1 << 20;
/// A progress line at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// How much each move's search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// At most this many nodes (iterative deepening stops at its first look at the clock past it).
    Nodes(u64),
    /// Exactly this depth.
    Depth(u32),
}

impl Effort {
    fn limits(self) -> Limits {
        match self {
            Effort::Nodes(nodes) => Limits::depth(MAX_DEPTH).with_max_nodes(Some(nodes)),
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

/// The usage line.
pub const USAGE: &str =
    "usage: kaboom-tune data --out FILE [--games N] [--nodes N | --depth D] [--seed S] [--threads T]";

impl DataOptions {
    /// Reads the options after `data`; `Ok(None)` for `--help`.
    pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Option<DataOptions>, String> {
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
            (None, None) => Effort::Nodes(DEFAULT_NODES),
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

    /// The file's first line.
    pub fn header() -> String {
        format!("# net-data game={GAME} inputs={INPUTS} scale={SCALE}")
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

/// One finished game's block of lines, `# game K` last.
pub struct GameBlock {
    /// The text to append.
    pub text: String,
    /// The positions in it.
    pub positions: usize,
}

/// Plays game `number` (see the module documentation) and writes its block.
pub fn play_game(seed: u64, number: u32, effort: Effort) -> GameBlock {
    let mut rng = SmallRng::seed_from_u64(seed.wrapping_add(u64::from(number)));
    let random_plies = 2 + rng.gen_range(0..=MAX_RANDOM_MOVES);
    let limits = effort.limits();
    let mut searcher = Searcher::new(TABLE_BYTES);
    // The kept positions: side to move, score, the line's inputs.
    let mut kept: Vec<(Player, i32, String)> = Vec::new();
    let mut board = Board::start();
    while board.outcome().is_none() {
        let m = if board.plies() < random_plies {
            *board
                .legal_moves()
                .choose(&mut rng)
                .expect("a game going on has a move")
        } else {
            let result = searcher.search(&board, &limits);
            if is_quiet(&board) && result.score.abs() < MATE_BOUND {
                let (us, them) = inputs(&board);
                let line = format!("{} {}", input_list(&us), input_list(&them));
                kept.push((board.side_to_move(), result.score, line));
            }
            result.best.expect("a game going on has a move")
        };
        board = board.play(m);
    }
    let winner = board.outcome().and_then(|outcome| outcome.winner());
    let mut text = String::new();
    for (side, score, line) in &kept {
        let result = match winner {
            None => "0.5",
            Some(w) if w == *side => "1",
            Some(_) => "0",
        };
        writeln!(text, "{result} {score} {line}").expect("a String takes any text");
    }
    writeln!(text, "# game {number}").expect("a String takes any text");
    GameBlock {
        text,
        positions: kept.len(),
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

// The driver below is the same in both games' data commands.

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
fn open_data_file(options: &DataOptions) -> io::Result<(File, FxHashSet<u32>)> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&options.out)?;
    let expected = [DataOptions::header(), options.settings()];
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
    file.set_len(whole)?;
    file.seek(io::SeekFrom::End(0))?;
    if whole == 0 {
        file.write_all(format!("{}\n{}\n", expected[0], expected[1]).as_bytes())?;
    } else if line_number < expected.len() {
        // A header cut short: only possible if the first run was killed while writing it.
        return Err(invalid(format!(
            "{}: the header is incomplete",
            options.out.display()
        )));
    }
    Ok((file, done))
}

/// Plays the missing games of `0..options.games` on `options.threads` threads with `play`,
/// appending each block whole as it finishes, with a progress line on stderr every few seconds.
pub fn run<P>(options: &DataOptions, play: P) -> io::Result<RunSummary>
where
    P: Fn(u64, u32, Effort) -> GameBlock + Sync,
{
    let (file, done) = open_data_file(options)?;
    let missing: Vec<u32> = (0..options.games).filter(|k| !done.contains(k)).collect();
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
            "{GAME}-tune data: games {}/{total}, {} positions, {per_second:.0} positions/s, elapsed {elapsed:.0} s, ETA {eta:.0} s",
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
                let block = play(options.seed, number, options.effort);
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

/// The data command, `GAME-tune data ARGS`: parses the options and runs.
pub fn main<I: IntoIterator<Item = String>>(args: I) -> ExitCode {
    match DataOptions::parse(args) {
        Ok(None) => {
            // A reader gone (`| head`) is no failure of the usage.
            let _ = writeln!(io::stdout(), "{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Some(options)) => match run(&options, play_game) {
            Ok(_) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{GAME}-tune data: {error}");
                ExitCode::FAILURE
            }
        },
        Err(message) => {
            eprintln!("{GAME}-tune data: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
