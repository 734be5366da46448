//! A run of many games: a match's schedule (or a league's pairings) played `--concurrency` at
//! once, each game's record, row and line written as it ends, and what stops a run early.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use crate::runner::game::{contest_defaults, Game, Scoring, Seat, Transport};
use crate::runner::match_play::match_error::MatchError;
use crate::runner::match_play::options::{Entrant, MatchOptions, Records, MAX_CONCURRENCY};
use crate::runner::match_play::play::{play_game, GameOutcome, GameReport, GameSetup};
use crate::runner::match_play::schedule::{Fixture, Numbers, Schedule};
use crate::runner::match_play::{interrupt, opening};
use crate::runner::pages::replay_page;
use crate::runner::records::files::{
    check_apart, check_page_target, check_writable, check_writable_dir, naming, read_input_text,
    FileError, Place, Use,
};
use crate::runner::records::record::record_folder_game;
use crate::runner::records::results::{self, GameRow};
use crate::runner::stats::report::{final_text, game_line, pentanomial, Progress};
use crate::runner::stats::sprt::Verdict;

/// Checks, before the first game, that every output of the match can be written and that none
/// lands on an input or another output ([`check_apart`]: the openings file, the results file,
/// the replay page, the record folder and the names the runner writes in it): the results file
/// is new, empty or a results file of `game` ([`check_results_file`]), the replay page replaces
/// nothing but a page, and the record folder holds no record, unless `--records` says what to do
/// with those it holds ([`check_record_folder`]). Nothing is left behind, and nothing changed.
/// Returns what `--records replace` removes.
pub(crate) fn check_outputs(
    options: &MatchOptions,
    game: &str,
    schedule: &Schedule,
) -> Result<Vec<PathBuf>, MatchError> {
    let setup = |error: FileError| MatchError::Setup(error.to_string());
    let mut places = Vec::new();
    if let Some(path) = &options.openings {
        places.push(Place::new("--openings", path, Use::Read));
    }
    if let Some(path) = &options.results {
        places.push(Place::new("--results", path, Use::Write));
    }
    if let Some(path) = &options.html {
        places.push(Place::new("--html", path, Use::Write));
    }
    if let Some(dir) = &options.record_dir {
        places.push(Place::new("--record-dir", dir, Use::WriteRecords));
    }
    check_apart(&places).map_err(MatchError::Setup)?;
    if let Some(path) = &options.results {
        check_writable(path, "the results file").map_err(setup)?;
        check_results_file(path, game)?;
    }
    if let Some(path) = &options.html {
        check_writable(path, "the replay page").map_err(setup)?;
        check_page_target(path, "the replay page").map_err(setup)?;
    }
    match &options.record_dir {
        Some(dir) => {
            check_writable_dir(dir, "the record folder").map_err(setup)?;
            let plays = |number| schedule.plays(number, options.shard);
            check_record_folder(dir, options.records, plays)
        }
        None => Ok(Vec::new()),
    }
}

/// Checks the file `--results` appends to: one already there and not empty must be a results
/// file of `game`, its first line the runner's header, its rows `game`'s, its last row ended by
/// its newline; else the rows appended would mix with what it holds.
pub(crate) fn check_results_file(path: &Path, game: &str) -> Result<(), MatchError> {
    if fs::symlink_metadata(path).is_err() {
        return Ok(());
    }
    let text = read_input_text(path, "the results file")
        .map_err(|error| MatchError::Setup(error.to_string()))?;
    if text.is_empty() {
        return Ok(());
    }
    let refuse = |why: String| {
        MatchError::Setup(format!(
            "--results {} {why}: give each match a results file of its own",
            path.display()
        ))
    };
    let first = text.lines().next().unwrap_or("");
    if first.trim_end_matches('\r') != results::header() {
        return Err(refuse(
            "is not a results file: its first line is not the header of --results".to_string(),
        ));
    }
    if !text.ends_with('\n') {
        return Err(refuse(
            "ends in a row without its newline (a row cut off), which the next row would join"
                .to_string(),
        ));
    }
    let rows = results::parse_rows(&text, &path.display().to_string())
        .map_err(|error| refuse(format!("is not a results file ({error})")))?;
    if let Some(row) = rows.iter().find(|row| row.kind != game) {
        return Err(refuse(format!(
            "holds games of {}, not of {game} (game {})",
            row.kind, row.number
        )));
    }
    Ok(())
}

/// The names the runner writes (records, players' stderr and folders) that `dir` already holds,
/// sorted by game number: `(k, path)`. A folder that does not exist holds none.
fn held_records(dir: &Path) -> Result<Vec<(u32, PathBuf)>, FileError> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(FileError::new("read the record folder", dir, error)),
    };
    let mut held = Vec::new();
    for entry in entries {
        let entry = entry.map_err(naming("read the record folder", dir))?;
        if let Some(number) = entry.file_name().to_str().and_then(record_folder_game) {
            held.push((number, entry.path()));
        }
    }
    held.sort();
    Ok(held)
}

/// Checks the records `dir` already holds against `--records` (`records`): none, or `--records
/// replace` (returns them, to be removed before the first game), or `--records add` where the
/// match plays none of their games (`plays`), so that no record, stderr or player's folder of
/// an earlier match is overwritten or appended to, and none is mixed with this match's unasked.
fn check_record_folder(
    dir: &Path,
    records: Option<Records>,
    plays: impl Fn(u32) -> bool,
) -> Result<Vec<PathBuf>, MatchError> {
    let held = held_records(dir).map_err(|error| MatchError::Setup(error.to_string()))?;
    let Some((_, first)) = held.first() else {
        return Ok(Vec::new());
    };
    let name = |path: &Path| {
        path.file_name()
            .map_or(String::new(), |name| name.to_string_lossy().into_owned())
    };
    match records {
        None => Err(MatchError::Setup(format!(
            "--record-dir {} already holds records of a match ({}{}): give --records add to add \
             this match's to them, --records replace to remove them first, or another folder",
            dir.display(),
            name(first),
            match held.len() - 1 {
                0 => String::new(),
                more => format!(" and {more} more"),
            },
        ))),
        Some(Records::Add) => match held.iter().find(|(number, _)| plays(*number)) {
            Some((number, path)) => Err(MatchError::Setup(format!(
                "--records add: --record-dir {} already holds game {number} ({}), which this \
                 match plays: --records replace removes the records there first",
                dir.display(),
                name(path)
            ))),
            None => Ok(Vec::new()),
        },
        Some(Records::Replace) => Ok(held.into_iter().map(|(_, path)| path).collect()),
    }
}

/// Removes the records of an earlier match (`--records replace`), files and folders.
fn remove_records(paths: &[PathBuf]) -> Result<(), FileError> {
    for path in paths {
        let removed = match fs::symlink_metadata(path) {
            Ok(metadata) if metadata.is_dir() => fs::remove_dir_all(path),
            Ok(_) => fs::remove_file(path),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(error) => Err(error),
        };
        removed.map_err(naming("remove the earlier record", path))?;
    }
    Ok(())
}

/// Fills in `{seed}` (the pair's seed) and `{game}` (the game number).
pub(crate) fn expand(command: &str, fixture: &Fixture) -> String {
    command
        .replace("{seed}", &fixture.seed.to_string())
        .replace("{game}", &fixture.number.to_string())
}

/// Opens `--results` for appending, with a header if the file is new or empty.
pub(crate) fn open_results(path: &Path) -> Result<fs::File, FileError> {
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
pub(crate) fn match_openings<G: Game>(
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
pub(crate) struct ScheduledGame {
    pub(crate) fixture: Fixture,
    pub(crate) players: [Entrant; 2],
    /// The plies played by the rules before the players are first asked.
    pub(crate) opening: Vec<String>,
}

/// Where the games of a run come from: a match's fixed schedule, or a league's pairings made as
/// it goes ([`crate::runner::league`]).
pub(crate) trait GameSource: Sync {
    /// The next game to play, `None` when the run has no more. Called by every worker thread.
    fn next_game(&self) -> Option<ScheduledGame>;

    /// `row` has been written; called in the order games end, before the next game counts it.
    fn game_written(&self, _row: &GameRow) {}
}

/// How a pair's opening is found: [`opening::opening_for`] of the match's game.
type OpeningFor = fn(&opening::Openings, &Fixture) -> Result<Vec<String>, opening::OpeningError>;

/// A match's games, in schedule order, each made when a worker takes it: a match of a hundred
/// million games holds no more than one of two.
pub(crate) struct MatchSchedule<'a> {
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

/// The calls made again in a game (`--game-master`), for its game line: ` retries: p1=2 p2=1`,
/// or nothing.
fn retries_text(retries: &[(usize, Seat, String)]) -> String {
    if retries.is_empty() {
        return String::new();
    }
    let count = |seat: Seat| retries.iter().filter(|(_, s, _)| *s == seat).count();
    let mut text = String::from(" retries:");
    for seat in Seat::BOTH {
        let _ = write!(text, " {seat}={}", count(seat));
    }
    text
}

/// Plays the whole match, printing a line per game and the final lines; returns its rows.
///
/// Before the first game it checks the schedule's numbers, the shard, the openings (the first
/// pair's drawn) and every output (`check_outputs`), and with `--records replace` removes the
/// record folder's earlier records. A player that cannot start before its first reply of the
/// match stops it at once ([`MatchError::PlayerCannotStart`]): games under way are abandoned and
/// not counted. With `watch`, an interruption stops it the same way, and the final lines of the
/// games finished so far are printed before it returns [`MatchError::Interrupted`].
pub(crate) fn run_match<G: Game>(
    options: &MatchOptions,
    watch: Option<&interrupt::Watch>,
) -> Result<Vec<GameRow>, MatchError> {
    if options.game_master && G::TRANSPORT != Transport::Files {
        return Err(MatchError::Setup(format!(
            "--game-master runs file-based games only, not {}",
            G::NAME
        )));
    }
    if options.html.is_some() && G::DRAWING.is_none() {
        return Err(MatchError::Setup(format!(
            "--html: {} has no drawing of its positions, so no replay page",
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
    let earlier = check_outputs(options, G::NAME, &schedule)?;
    remove_records(&earlier)?;
    let names: Vec<String> = options.players.iter().map(|e| e.name.clone()).collect();
    // Who is who: the game lines name the players (A and B in a plain match), not their
    // commands.
    for entrant in &options.players {
        eprintln!(
            "player {}: {}",
            entrant.name,
            crate::runner::text::quote_command(&entrant.command)
        );
    }
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
    let scoring = Scoring::of::<G>();
    write!(
        out,
        "{}",
        final_text(&rows, &names, options.sprt.as_ref(), scoring)
    )
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
pub(crate) fn play_games<G: Game>(
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
    fn play_from<G: Game>(&self, source: &dyn GameSource, sender: &mpsc::Sender<FinishedGame>) {
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
    fn setup<G: Game>(&self, scheduled: ScheduledGame) -> GameSetup<'_> {
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
    fn collect<G: Game>(
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
    fn write_game<G: Game>(
        &mut self,
        row: &GameRow,
        commands: &[String; 2],
        report: &GameReport,
        seat_names: [String; 2],
    ) -> Result<(), MatchError> {
        let options = self.options;
        if options.record_dir.is_some() || options.html.is_some() {
            let record = report.record(G::NAME, commands);
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
        self.progress.clear();
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "{}{}",
            game_line(row, self.names),
            retries_text(&report.retries)
        )
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

    /// The replay page of the games written (`--html`, for a game that draws its positions),
    /// unless the run stopped for good (an interrupted run still gets the page of its finished
    /// games); says where it went.
    fn write_page<G: Game>(&mut self) {
        let stopped_for_good = self
            .failure
            .as_ref()
            .is_some_and(|f| !matches!(f, MatchError::Interrupted(_)));
        let (Some(file), Some(drawing)) = (self.options.html.as_ref(), G::DRAWING) else {
            return;
        };
        if stopped_for_good {
            return;
        }
        let mut page_records = std::mem::take(&mut self.page_records);
        page_records.sort_by_key(|(number, _, _)| *number);
        let records: Vec<(String, [String; 2])> = page_records
            .into_iter()
            .map(|(_, record, seats)| (record, seats))
            .collect();
        match fs::write(file, replay_page::match_page::<G>(drawing, &records)) {
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
    use crate::runner::records::files::tests::scratch;

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

    /// The match of `args` (options and two players), as the referee's command line gives it.
    fn options(args: &[&str]) -> MatchOptions {
        let mut all = args.to_vec();
        all.extend(["a", "b"]);
        crate::runner::match_play::options::parse_options(all).unwrap()
    }

    /// What `check_outputs` says of a count match of `args` (`Ok` the paths to remove).
    fn checked(args: &[&str]) -> Result<Vec<PathBuf>, String> {
        let options = options(args);
        let schedule = Schedule::new(2, options.games, false, options.seed).unwrap();
        check_outputs(&options, "count", &schedule).map_err(|error| {
            assert_eq!(error.exit_status(), 2, "{error}");
            error.to_string()
        })
    }

    /// Every file below `dir` with its bytes.
    fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files = Vec::new();
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files.extend(snapshot(&path));
            } else {
                files.push((path.clone(), fs::read(&path).unwrap()));
            }
        }
        files.sort();
        files
    }

    #[test]
    fn an_output_on_an_input_or_another_output_is_refused_and_nothing_changes() {
        let dir = scratch("run-apart");
        let text = |name: &str| dir.join(name).display().to_string();
        fs::write(dir.join("x.csv"), "kept\n").unwrap();
        fs::create_dir(dir.join("rd")).unwrap();
        let before = snapshot(&dir);
        let cases: [(&[&str], String); 5] = [
            (
                &["--results", &text("x.csv"), "--html", &text("x.csv")],
                format!(
                    "--results {0} and --html {0} name the same path",
                    text("x.csv")
                ),
            ),
            (
                &[
                    "--record-dir",
                    &text("rd"),
                    "--html",
                    &text("rd/game-1.txt"),
                ],
                format!(
                    "--html {} is among the records of --record-dir {}",
                    text("rd/game-1.txt"),
                    text("rd")
                ),
            ),
            (
                &["--record-dir", &text("rd"), "--html", &text("rd")],
                format!(
                    "--html {0} and --record-dir {0} name the same path",
                    text("rd")
                ),
            ),
            (
                &["--openings", &text("x.csv"), "--results", &text("x.csv")],
                format!(
                    "--openings {0} and --results {0} name the same path",
                    text("x.csv")
                ),
            ),
            (
                &["--html", &text("page"), "--record-dir", &text("page/rd")],
                format!(
                    "--record-dir {} lies under --html {}, a file",
                    text("page/rd"),
                    text("page")
                ),
            ),
        ];
        for (args, expected) in cases {
            let message = checked(args).unwrap_err();
            assert_eq!(
                message,
                format!(
                    "{expected}: give each output a path of its own, apart from every input and \
                     other output"
                )
            );
            assert_eq!(snapshot(&dir), before, "{args:?}");
        }
        // A page replaces only a page.
        let message = checked(&["--html", &text("x.csv")]).unwrap_err();
        assert_eq!(
            message,
            format!(
                "cannot write the replay page {}: the file there is not a page (it starts \
                 'kept'), and a page replaces only a page",
                text("x.csv")
            )
        );
        fs::write(dir.join("old.html"), "<!DOCTYPE html>\n<html>").unwrap();
        assert_eq!(checked(&["--html", &text("old.html")]), Ok(Vec::new()));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_results_file_appended_to_must_be_one_of_this_game() {
        let dir = scratch("run-results");
        let path = dir.join("r.csv");
        let name = path.display().to_string();
        let row = crate::runner::records::results::tests::row(1);
        let count_row = GameRow {
            kind: "count".into(),
            ..row.clone()
        };
        let header = results::header();
        let cases = [
            (
                "notes\n".to_string(),
                "is not a results file: its first line is not the header of --results",
            ),
            (
                format!("{header}\n{}\n", row.to_csv()),
                "holds games of krieg, not of count (game 1)",
            ),
            (
                format!("{header}\n{}", count_row.to_csv()),
                "ends in a row without its newline (a row cut off), which the next row would join",
            ),
            (format!("{header}\nkrieg,x\n"), "is not a results file ("),
        ];
        for (text, why) in cases {
            fs::write(&path, &text).unwrap();
            let message = checked(&["--results", &name]).unwrap_err();
            assert!(
                message.starts_with(&format!("--results {name} {why}")),
                "{message}"
            );
            assert!(
                message.ends_with(": give each match a results file of its own"),
                "{message}"
            );
            assert_eq!(fs::read_to_string(&path).unwrap(), text, "unchanged");
        }
        for good in [String::new(), format!("{header}\n{}\n", count_row.to_csv())] {
            fs::write(&path, &good).unwrap();
            assert_eq!(checked(&["--results", &name]), Ok(Vec::new()));
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_record_folder_holding_records_is_refused_unless_they_are_added_to_or_replaced() {
        let dir = scratch("run-records");
        let rd = dir.join("rd");
        let name = rd.display().to_string();
        fs::create_dir(&rd).unwrap();
        // Another folder's files are no records; a match writes there freely.
        fs::write(rd.join("results.csv"), "").unwrap();
        assert_eq!(
            checked(&["--record-dir", &name, "--games", "4"]),
            Ok(Vec::new())
        );
        for (file, text) in [
            ("game-2.txt", "# count\n"),
            ("game-2-p1.stderr", "log\n"),
            ("game-4.txt", "# count\n"),
        ] {
            fs::write(rd.join(file), text).unwrap();
        }
        fs::create_dir(rd.join("game-4-p1")).unwrap();
        let before = snapshot(&dir);
        let message = checked(&["--record-dir", &name, "--games", "4"]).unwrap_err();
        assert_eq!(
            message,
            format!(
                "--record-dir {name} already holds records of a match (game-2-p1.stderr and 3 \
                 more): give --records add to add this match's to them, --records replace to \
                 remove them first, or another folder"
            )
        );
        // Added to, where the match plays none of their games: the other shard of the match.
        let add = ["--record-dir", &name, "--games", "4", "--records", "add"];
        let message = checked(&add).unwrap_err();
        assert!(
            message.starts_with(&format!(
                "--records add: --record-dir {name} already holds game 2 (game-2-p1.stderr), \
                 which this match plays"
            )),
            "{message}"
        );
        assert_eq!(
            checked(&[&add[..], &["--shard", "1/2"]].concat()),
            Ok(Vec::new())
        );
        assert_eq!(snapshot(&dir), before, "nothing changed");
        // Replaced: each of them is removed, and nothing else.
        let replace = [
            "--record-dir",
            &name,
            "--games",
            "4",
            "--records",
            "replace",
        ];
        let earlier = checked(&replace).unwrap();
        assert_eq!(earlier.len(), 4, "{earlier:?}");
        remove_records(&earlier).unwrap();
        let left: Vec<String> = fs::read_dir(&rd)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left, ["results.csv"]);
        // --records needs a record folder.
        let refused =
            crate::runner::match_play::options::parse_options(["--records", "add", "a", "b"])
                .unwrap_err();
        assert!(refused.to_string().contains("--record-dir"), "{refused}");
        let _ = fs::remove_dir_all(&dir);
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

    #[test]
    fn a_match_of_a_game_whose_players_follow_it_from_its_start_refuses_openings() {
        use crate::runner::game::count::tests::{Six, StreamSix};
        let options =
            crate::runner::match_play::options::parse_options(["--random-openings", "2", "a", "b"])
                .unwrap();
        let refused = match_openings::<StreamSix>(&options).unwrap_err();
        assert!(
            refused.contains("cannot start from a position"),
            "{refused}"
        );
        assert_eq!(
            match_openings::<Six>(&options),
            Ok(Some(opening::Openings::Random(2)))
        );
    }

    #[test]
    fn a_game_without_a_drawing_is_refused_a_replay_page_before_any_game() {
        use crate::runner::game::count::tests::StreamSix;
        let dir = scratch("no-drawing");
        let page = dir.join("page.html");
        let options = options(&["--html", page.to_str().unwrap()]);
        let error = run_match::<StreamSix>(&options, None).unwrap_err();
        assert_eq!(error.exit_status(), 2, "{error}");
        assert_eq!(
            error.to_string(),
            "--html: streamsix has no drawing of its positions, so no replay page"
        );
        assert!(!page.exists());
        let _ = fs::remove_dir_all(&dir);
    }
}
