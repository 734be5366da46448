//! A run of many games: a match's schedule (or a league's pairings) played `--concurrency` at
//! once, each game's record, row and line written as it ends, and what stops a run early.

use std::fs;
use std::io::{self, IsTerminal, Write as _};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use super::files::{check_writable, check_writable_dir, naming, read_input_text, FileError};
use super::game::{contest_defaults, RefereeGame, Transport};
use super::match_error::MatchError;
use super::options::{Entrant, MatchOptions, MAX_CONCURRENCY};
use super::play::{play_game, GameOutcome, GameReport, GameSetup};
use super::report::{final_text, game_line, pentanomial, record_text, Progress};
use super::results::{self, GameRow};
use super::schedule::{Fixture, Numbers, Schedule};
use super::sprt::Verdict;
use super::{html, interrupt, opening};

/// Checks, before the first game, that every output of the match can be written: the results
/// file, the replay page and the record folder (see [`check_writable`], [`check_writable_dir`]).
/// Nothing is left behind.
pub fn check_outputs(options: &MatchOptions) -> Result<(), FileError> {
    if let Some(path) = &options.results {
        check_writable(path, "the results file")?;
    }
    if let Some(path) = &options.html {
        check_writable(path, "the replay page")?;
    }
    if let Some(dir) = &options.record_dir {
        check_writable_dir(dir, "the record folder")?;
    }
    Ok(())
}

/// Fills in `{seed}` (the pair's seed) and `{game}` (the game number).
pub(super) fn expand(command: &str, fixture: &Fixture) -> String {
    command
        .replace("{seed}", &fixture.seed.to_string())
        .replace("{game}", &fixture.number.to_string())
}

/// Opens `--results` for appending, with a header if the file is new or empty.
pub(super) fn open_results(path: &Path) -> Result<fs::File, FileError> {
    let doing = "write the results file";
    let mut file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(naming(doing, path))?;
    if file.metadata().map_err(naming(doing, path))?.len() == 0 {
        file.write_all(format!("{}\n", results::header()).as_bytes())
            .map_err(naming(doing, path))?;
    }
    Ok(file)
}

/// The openings of a match from its options (`None` when the games start from the start): the
/// file read and each of its openings checked by `G`'s rules, or the number of random plies.
/// A game that cannot start from a position refuses both options.
pub fn match_openings<G: RefereeGame>(
    options: &MatchOptions,
) -> Result<Option<opening::Openings>, String> {
    if (options.openings.is_some() || options.random_openings.is_some()) && !G::STARTS_FROM_POSITION
    {
        return Err(opening::OpeningError::Unsupported(G::NAME).to_string());
    }
    if let Some(path) = &options.openings {
        let text = read_input_text(path, "the openings file").map_err(|e| e.to_string())?;
        let openings =
            opening::load_openings::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(Some(openings));
    }
    Ok(options.random_openings.map(opening::Openings::Random))
}

/// One game for the runner to play: its place, its players by seat (names, and commands with
/// their placeholders still in), and the opening it starts from.
#[derive(Clone, Debug)]
pub struct ScheduledGame {
    pub fixture: Fixture,
    pub players: [Entrant; 2],
    /// The plies played by the rules before the players are first asked.
    pub opening: Vec<String>,
}

/// Where the games of a run come from: a match's fixed schedule, or a league's pairings made as
/// it goes ([`super::league`]).
pub trait GameSource: Sync {
    /// The next game to play, `None` when the run has no more. Called by every worker thread.
    fn next_game(&self) -> Option<ScheduledGame>;

    /// `row` has been written; called in the order games end, before the next game counts it.
    fn game_written(&self, _row: &GameRow) {}
}

/// How a pair's opening is found: [`opening::opening_for`] of the match's game.
type OpeningFor = fn(&opening::Openings, &Fixture) -> Result<Vec<String>, opening::OpeningError>;

/// A match's games, in schedule order, each made when a worker takes it: a match of a hundred
/// million games holds no more than one of two.
pub(super) struct MatchSchedule<'a> {
    schedule: &'a Schedule,
    numbers: Mutex<Numbers>,
    players: &'a [Entrant],
    openings: Option<(opening::Openings, OpeningFor)>,
    /// The opening of the last pair looked up, for the pair's other game.
    last_opening: Mutex<Option<(u32, Vec<String>)>>,
    /// An opening that could not be drawn: no game starts after it.
    failure: Mutex<Option<String>>,
}

impl MatchSchedule<'_> {
    /// The opening of `fixture`'s pair, or `None` (the failure kept) when it cannot be drawn.
    fn opening(&self, fixture: &Fixture) -> Option<Vec<String>> {
        let Some((openings, opening_for)) = &self.openings else {
            return Some(Vec::new());
        };
        let mut last = self.last_opening.lock().ok()?;
        if let Some((_, plies)) = last.as_ref().filter(|(pair, _)| *pair == fixture.pair) {
            return Some(plies.clone());
        }
        match opening_for(openings, fixture) {
            Ok(plies) => {
                *last = Some((fixture.pair, plies.clone()));
                Some(plies)
            }
            Err(error) => {
                if let Ok(mut failure) = self.failure.lock() {
                    failure.get_or_insert(format!("pair {}: {error}", fixture.pair));
                }
                None
            }
        }
    }
}

impl GameSource for MatchSchedule<'_> {
    fn next_game(&self) -> Option<ScheduledGame> {
        if self.failure.lock().ok()?.is_some() {
            return None;
        }
        let number = self.numbers.lock().ok()?.next()?;
        let fixture = self.schedule.fixture(number);
        let opening = self.opening(&fixture)?;
        Some(ScheduledGame {
            fixture,
            players: fixture.seats.map(|i| self.players[i].clone()),
            opening,
        })
    }
}

/// Plays the whole match, printing a line per game and the final lines; returns its rows.
///
/// Before the first game it checks the schedule's numbers, the shard, the openings (the first
/// pair's drawn) and every output ([`check_outputs`]). A player that cannot start before its
/// first reply of the match stops it at once ([`MatchError::PlayerCannotStart`]): games under
/// way are abandoned and not counted. With `watch`, an interruption stops it the same way, and
/// the final lines of the games finished so far are printed before it returns
/// [`MatchError::Interrupted`].
pub fn run_match<G: html::DrawGame>(
    options: &MatchOptions,
    watch: Option<&interrupt::Watch>,
) -> Result<Vec<GameRow>, MatchError> {
    if options.game_master && G::TRANSPORT != Transport::Files {
        return Err(MatchError::Setup(format!(
            "--game-master runs file-based games only, not {}",
            G::NAME
        )));
    }
    let schedule = Schedule::new(
        options.players.len(),
        options.games,
        options.gauntlet,
        options.seed,
    )
    .map_err(|error| MatchError::Setup(error.to_string()))?;
    let total = schedule.count(options.shard);
    if let (Some(shard), 0) = (options.shard, total) {
        return Err(MatchError::Setup(format!(
            "--shard {}/{} holds no game of this match: its games are numbered 1 to {}, and \
             none of them is {} modulo {}",
            shard.index,
            shard.count,
            schedule.total(),
            shard.index,
            shard.count
        )));
    }
    let openings = match_openings::<G>(options).map_err(MatchError::Setup)?;
    // The first pair's random opening drawn before the first game, so that a number of plies
    // the game cannot leave running stops the match before it starts; the others are drawn as
    // their games come.
    if let (Some(openings @ opening::Openings::Random(_)), Some(first)) =
        (&openings, schedule.fixtures(options.shard).next())
    {
        opening::opening_for::<G>(openings, &first)
            .map_err(|error| MatchError::Setup(error.to_string()))?;
    }
    check_outputs(options).map_err(|e| MatchError::Setup(e.to_string()))?;
    let names: Vec<String> = options.players.iter().map(|e| e.name.clone()).collect();
    let source = MatchSchedule {
        schedule: &schedule,
        numbers: Mutex::new(schedule.numbers(options.shard)),
        players: &options.players,
        openings: openings.map(|openings| (openings, opening::opening_for::<G> as OpeningFor)),
        last_opening: Mutex::new(None),
        failure: Mutex::new(None),
    };
    let (mut rows, failure) = play_games::<G>(options, &source, total as usize, &names, watch);
    let failure = failure.or_else(|| {
        let opening_failed = source.failure.lock().ok()?.take()?;
        Some(MatchError::Setup(opening_failed))
    });
    match failure {
        // Its note comes first, so that the final lines stay the last ones printed.
        Some(ref interruption @ MatchError::Interrupted(_)) => {
            eprintln!("{}-referee: {interruption}", G::NAME)
        }
        Some(error) => return Err(error),
        None => {}
    }
    rows.sort_by_key(|row| row.number);
    let mut out = io::stdout().lock();
    write!(out, "{}", final_text(&rows, &names, options.sprt.as_ref()))
        .and_then(|_| out.flush())
        .map_err(MatchError::Output)?;
    match failure {
        Some(interruption) => Err(interruption),
        None => Ok(rows),
    }
}

/// Plays the games of `source` (at most `total`) under `options`' limits, `--concurrency` at
/// once; as each game ends, writes its record (`--record-dir`), appends its row (`--results`, in
/// one write, so that a run stopped at any moment leaves whole rows only; the file is opened at
/// the first game's end, so that a run stopped before leaves none) and prints its line. Writes the
/// replay page (`--html`) at the end, and says where on stderr. `names` are the players in the
/// run's order, for the game lines, the progress line and `--sprt`. Returns the rows in the order
/// games ended, and what stopped the run early, if anything: a player that cannot start before
/// its first reply of the run, a file that cannot be written, or an interruption seen through
/// `watch`; games under way then are abandoned, not counted.
pub fn play_games<G: html::DrawGame>(
    options: &MatchOptions,
    source: &dyn GameSource,
    total: usize,
    names: &[String],
    watch: Option<&interrupt::Watch>,
) -> (Vec<GameRow>, Option<MatchError>) {
    if let Some(dir) = &options.record_dir {
        if let Err(error) = fs::create_dir_all(dir) {
            let error = FileError::new("make the record folder", dir, error);
            return (Vec::new(), Some(MatchError::File(error)));
        }
    }
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    if let Some(warning) = concurrency_warning(options.concurrency, cores) {
        eprintln!("{}-referee: warning: {warning}", G::NAME);
    }
    let (movetime_ms, memory_mb) = contest_defaults::<G>();
    let run = Run {
        options,
        movetime: Duration::from_millis(options.movetime_ms.unwrap_or(movetime_ms)),
        memory_cap: options.memory_mb.unwrap_or(memory_mb) * 1024 * 1024,
        stop: AtomicBool::new(false),
        abandon: AtomicBool::new(false),
        started: Mutex::new(FxHashMap::default()),
    };
    let mut ends = GameEnds::new(options, total, names);
    thread::scope(|scope| {
        let (sender, finished) = mpsc::channel::<FinishedGame>();
        let concurrency = options.concurrency.min(MAX_CONCURRENCY) as usize;
        let workers = concurrency.min(total).max(1);
        for _ in 0..workers {
            let (sender, run) = (sender.clone(), &run);
            scope.spawn(move || run.play_from::<G>(source, &sender));
        }
        drop(sender);
        ends.collect::<G>(&run, &finished, source, watch);
    });
    ends.progress.close();
    ends.write_page::<G>();
    (ends.rows, ends.failure)
}

/// `1 game`, `20 games`.
fn games_text(count: usize) -> String {
    match count {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    }
}

/// The warning of a `--concurrency` that is cut to [`MAX_CONCURRENCY`], or that plays more
/// games at once than `cores`, which slows the players: what was asked and what is played.
fn concurrency_warning(asked: u32, cores: usize) -> Option<String> {
    let slowed = "players may be slowed and lose on time";
    if asked > MAX_CONCURRENCY {
        let over = if MAX_CONCURRENCY as usize > cores {
            format!(", more than the {cores} cores of this machine: {slowed}")
        } else {
            String::new()
        };
        return Some(format!(
            "--concurrency {asked} is over the most games played at once: {MAX_CONCURRENCY} are \
             played at once{over}"
        ));
    }
    (asked as usize > cores).then(|| {
        format!("--concurrency {asked} exceeds the {cores} cores of this machine; {slowed}")
    })
}

/// A game that ended (or was abandoned), with its commands and names by seat.
type FinishedGame = (GameOutcome, [String; 2], [String; 2]);

/// What the worker threads of a run share.
struct Run<'a> {
    options: &'a MatchOptions,
    movetime: Duration,
    memory_cap: u64,
    /// Set when no more games may start.
    stop: AtomicBool,
    /// Set when the games under way must stop at their next ply.
    abandon: AtomicBool,
    /// By player name: set once it has replied in a game of this run.
    started: Mutex<FxHashMap<String, Arc<AtomicBool>>>,
}

impl Run<'_> {
    /// A worker: plays games from `source` until it has none or the run stops, sending each
    /// one's end.
    fn play_from<G: RefereeGame>(
        &self,
        source: &dyn GameSource,
        sender: &mpsc::Sender<FinishedGame>,
    ) {
        while !self.stop.load(Ordering::Relaxed) {
            let Some(scheduled) = source.next_game() else {
                return;
            };
            let setup = self.setup::<G>(scheduled);
            let outcome = play_game::<G>(&setup);
            if matches!(outcome, GameOutcome::Stop(_)) {
                // At once, so that no worker starts another game meanwhile.
                self.halt();
            }
            if sender.send((outcome, setup.commands, setup.names)).is_err() {
                return;
            }
        }
    }

    /// The setting of a scheduled game: its commands with their placeholders filled in.
    fn setup<G: RefereeGame>(&self, scheduled: ScheduledGame) -> GameSetup<'_> {
        let fixture = scheduled.fixture;
        let commands = scheduled
            .players
            .clone()
            .map(|player| expand(&player.command, &fixture));
        let names = scheduled.players.map(|player| player.name);
        let started = [self.started_flag(&names[0]), self.started_flag(&names[1])];
        GameSetup {
            fixture,
            commands,
            names,
            movetime: self.movetime,
            memory_cap: self.memory_cap,
            max_plies: self.options.max_plies.or(G::DEFAULT_MAX_PLIES),
            record_dir: self.options.record_dir.as_deref(),
            show: self.options.show,
            opening: scheduled.opening,
            game_master: self.options.game_master,
            started,
            abandon: &self.abandon,
        }
    }

    fn started_flag(&self, name: &str) -> Arc<AtomicBool> {
        let mut flags = self.started.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(flags.entry(name.to_string()).or_default())
    }

    /// No game starts any more, and those under way stop at their next ply.
    fn halt(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.abandon.store(true, Ordering::Relaxed);
    }
}

/// The run's side that writes what each game's end brings, in the order games end.
struct GameEnds<'a> {
    options: &'a MatchOptions,
    names: &'a [String],
    rows: Vec<GameRow>,
    results_file: Option<fs::File>,
    progress: Progress,
    /// With --html: each game's number, record and the names in its seats, for the replay page.
    page_records: Vec<(u32, String, [String; 2])>,
    failure: Option<MatchError>,
}

impl<'a> GameEnds<'a> {
    fn new(options: &'a MatchOptions, total: usize, names: &'a [String]) -> GameEnds<'a> {
        GameEnds {
            options,
            names,
            rows: Vec::new(),
            results_file: None,
            progress: Progress {
                started: Instant::now(),
                total,
                done: 0,
                terminal: io::stderr().is_terminal(),
            },
            page_records: Vec::new(),
            failure: None,
        }
    }

    /// Takes the games' ends from `finished` until every worker is done, watching for an
    /// interruption between them; stops the run at the first failure.
    fn collect<G: RefereeGame>(
        &mut self,
        run: &Run<'_>,
        finished: &mpsc::Receiver<FinishedGame>,
        source: &dyn GameSource,
        watch: Option<&interrupt::Watch>,
    ) {
        loop {
            if self.failure.is_none() {
                if let Some(signal) = watch.and_then(interrupt::Watch::poll) {
                    self.halt(run, MatchError::Interrupted(signal));
                }
            }
            let (outcome, commands, seat_names) =
                match finished.recv_timeout(interrupt::POLL_INTERVAL) {
                    Ok(received) => received,
                    Err(mpsc::RecvTimeoutError::Timeout) => continue,
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                };
            let report = match outcome {
                // Once the run stops, a game that still ends is not counted.
                _ if self.failure.is_some() => continue,
                GameOutcome::Played(report) => *report,
                GameOutcome::Abandoned => continue,
                GameOutcome::Stop(why) => {
                    self.halt(run, why);
                    continue;
                }
            };
            let row = report.row(G::NAME, seat_names.clone());
            let written = self.write_game::<G>(&row, &commands, &report, seat_names);
            source.game_written(&row);
            self.rows.push(row);
            self.progress
                .update(&self.rows, self.names, self.options.sprt.as_ref());
            if let Err(error) = written {
                self.halt(run, error);
            }
            if self.sprt_decided() {
                run.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    fn halt(&mut self, run: &Run<'_>, why: MatchError) {
        self.failure.get_or_insert(why);
        run.halt();
    }

    /// True once `--sprt` has its verdict.
    fn sprt_decided(&self) -> bool {
        self.options.sprt.as_ref().is_some_and(|sprt| {
            let llr = sprt.llr(&pentanomial(&self.rows, self.names));
            sprt.verdict(llr) != Verdict::Continue
        })
    }

    /// A finished game's record (`--record-dir`, and kept for `--html`), its row (`--results`)
    /// and its line.
    fn write_game<G: RefereeGame>(
        &mut self,
        row: &GameRow,
        commands: &[String; 2],
        report: &GameReport,
        seat_names: [String; 2],
    ) -> Result<(), MatchError> {
        let options = self.options;
        if options.record_dir.is_some() || options.html.is_some() {
            let record = record_text(G::NAME, commands, report);
            if let Some(dir) = &options.record_dir {
                let path = dir.join(format!("game-{}.txt", row.number));
                fs::write(&path, &record).map_err(naming("write the game record", &path))?;
            }
            if options.html.is_some() {
                self.page_records.push((row.number, record, seat_names));
            }
        }
        if let Some(path) = &options.results {
            self.append_row(path, row)?;
        }
        let mut out = io::stdout().lock();
        writeln!(out, "{}", game_line(row, self.names))
            .and_then(|_| out.flush())
            .map_err(MatchError::Output)
    }

    /// Appends `row` to the results file at `path`, opening it at the first row.
    fn append_row(&mut self, path: &Path, row: &GameRow) -> Result<(), MatchError> {
        if self.results_file.is_none() {
            self.results_file = Some(open_results(path)?);
        }
        if let Some(file) = self.results_file.as_mut() {
            file.write_all(format!("{}\n", row.to_csv()).as_bytes())
                .and_then(|_| file.flush())
                .map_err(naming("write the results file", path))?;
        }
        Ok(())
    }

    /// The replay page of the games written (`--html`), unless the run stopped for good (an
    /// interrupted run still gets the page of its finished games); says where it went.
    fn write_page<G: html::DrawGame>(&mut self) {
        let stopped_for_good = self
            .failure
            .as_ref()
            .is_some_and(|f| !matches!(f, MatchError::Interrupted(_)));
        let Some(file) = self.options.html.as_ref().filter(|_| !stopped_for_good) else {
            return;
        };
        let mut page_records = std::mem::take(&mut self.page_records);
        page_records.sort_by_key(|(number, _, _)| *number);
        let records: Vec<(String, [String; 2])> = page_records
            .into_iter()
            .map(|(_, record, seats)| (record, seats))
            .collect();
        match fs::write(file, html::match_page::<G>(&records)) {
            Ok(()) => eprintln!(
                "{}-referee: the replay page of {} is in {}",
                G::NAME,
                games_text(records.len()),
                file.display()
            ),
            Err(error) => {
                let error = FileError::new("write the replay page", file, error);
                self.failure.get_or_insert(MatchError::File(error));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(number: u32, pair: u32, seed: u64) -> Fixture {
        Fixture {
            number,
            pair,
            seed,
            seats: [0, 1],
        }
    }

    #[test]
    fn a_concurrency_over_the_most_is_said_as_asked_and_as_played() {
        assert_eq!(
            concurrency_warning(100_000, 2).unwrap(),
            "--concurrency 100000 is over the most games played at once: 256 are played at \
             once, more than the 2 cores of this machine: players may be slowed and lose on time"
        );
        assert_eq!(
            concurrency_warning(300, 512).unwrap(),
            "--concurrency 300 is over the most games played at once: 256 are played at once"
        );
        assert_eq!(
            concurrency_warning(4, 2).unwrap(),
            "--concurrency 4 exceeds the 2 cores of this machine; players may be slowed and \
             lose on time"
        );
        assert_eq!(concurrency_warning(2, 2), None);
    }

    #[test]
    fn games_are_counted_in_words() {
        assert_eq!(games_text(1), "1 game");
        assert_eq!(games_text(0), "0 games");
        assert_eq!(games_text(20), "20 games");
    }

    #[test]
    fn placeholders_expand_per_pair_and_game() {
        assert_eq!(
            expand("bot --seed {seed} # {game}", &fixture(4, 2, 12)),
            "bot --seed 12 # 4"
        );
        assert_eq!(expand("bot", &fixture(3, 2, 12)), "bot");
    }
}
