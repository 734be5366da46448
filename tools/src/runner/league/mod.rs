//! `<game>-referee league DIR <command>`: a league that persists, where every version of every
//! bot is rated together with every other, and games are added for as long as one likes.
//!
//! DIR holds the league as plain files:
//!
//! - `players.txt`: a header line `# <game> league ...`, then one player a line, `NAME=CMD` (the
//!   command run with `sh -c`, `{seed}` and `{game}` filled in as in a match); a player taken out
//!   keeps its line as `removed NAME=CMD`, so that its name is never given to another program.
//!   `add` and `remove` replace the file whole (written aside, then renamed), so that a running
//!   league never reads half of it, and hold a lock of `players.lock` meanwhile, so that several
//!   at once all land.
//! - `results/<host>-<pid>-<random>.csv`: the games of one `run`, one row per finished game in
//!   the columns of `--results` ([`crate::runner::records::results`]), each row appended in one write the moment
//!   its game ends. Every run writes its own file, so runs on one machine or on several machines
//!   sharing DIR never write to the same file; a game is known by its file and its number there.
//! - `records/<host>-<pid>-<random>/game-<k>.txt`: with `run --record`, the record of game `k`
//!   of that run and its players' stderr, as `--record-dir` writes them.
//!
//! A run stopped at any moment (`kill -9` included) loses no finished game: a row is written
//! only when its game has ended, in one write, and the last line of a file that does not end
//! with its newline (a row being written) is not read. A game cut off is in no file. Ctrl-C and
//! SIGTERM stop a run as they stop a match ([`crate::runner::match_play::interrupt`]): the standings of the stored
//! games are printed.
//!
//! `run` chooses each pairing when a worker is free, from the players and games on disk at that
//! moment (so it picks up `add` and `remove` at its next pairing) and the games it is playing:
//! every pair meets in both seats before any pair meets twice; then the player with the fewest
//! games first, then the opponent whose game teaches the most, the
//! one whose expected score `p` against it gives the largest `p (1 − p)` (the closest in rating
//! by the league's fit), divided by one more than the games the two have played. Both games of
//! a pair (the seats swapped) share a seed, and the run draws its seeds at random, away from
//! every seed already stored, so that no two pairs of the league repeat a seed.
//!
//! `show` rates the active players by the fit of the tournaments ([`crate::runner::stats::rating`]) over every
//! stored game between two of them (games of removed players stay stored, and are left out), and
//! ranks them as a tournament's standings do: by points per game first where a draw is worth
//! nothing ([`crate::runner::stats::report::rank`]).

use std::collections::hash_map::RandomState;
use std::fmt::Write as _;
use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Mutex;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, Parser, Subcommand};
use rustc_hash::FxHashSet;

use crate::runner::command_line::{parse_words, print_clap, program_command};
use crate::runner::game::drawing::Drawing;
use crate::runner::game::{DrawScore, Game, Scoring};
use crate::runner::match_play::interrupt;
use crate::runner::match_play::match_error::MatchError;
use crate::runner::match_play::opening::{self, Openings};
use crate::runner::match_play::options::{
    concurrency, movetime_ms, parse_player, positive_u32, positive_u64, Entrant, MatchOptions,
};
use crate::runner::match_play::run::{match_openings, play_games, GameSource, ScheduledGame};
use crate::runner::match_play::schedule::Fixture;
use crate::runner::pages::league_page::{self, League, RunGames};
use crate::runner::pages::replay_page;
use crate::runner::records::files::{
    check_apart, check_page_target, check_writable, read_input, FileError, Place, Use,
};
use crate::runner::records::replay::{replay, GameView};
use crate::runner::records::results::{self, GameRow};
use crate::runner::stats::report::{standings, standings_text};

/// The players' file of a league.
pub(crate) const PLAYERS_FILE: &str = "players.txt";
/// The folder of the runs' results files.
pub(crate) const RESULTS_DIR: &str = "results";
/// The folder of the runs' records (`run --record`).
pub(crate) const RECORDS_DIR: &str = "records";
/// The file `add` and `remove` lock while they read, change and replace `players.txt`.
pub(crate) const LOCK_FILE: &str = "players.lock";
/// How a removed player's line starts.
const REMOVED: &str = "removed ";
/// `run` without `--games`.
const DEFAULT_GAMES: u32 = 100;

/// Why a league command failed.
#[derive(Debug)]
pub(crate) enum LeagueError {
    /// Bad input (the message): exit status 2, and nothing in DIR changed.
    Input(String),
    /// The league could not be read or written (the message): exit status 1.
    Io(String),
    /// A run stopped by a signal, with the standings of every stored game (its finished games
    /// kept): printed after the note, exit status 128 + the signal.
    Interrupted(interrupt::Signal, String),
}

impl LeagueError {
    fn io(what: &Path, error: io::Error) -> LeagueError {
        LeagueError::Io(format!("{}: {error}", what.display()))
    }

    /// A file of the league that could not be read ([`read_input`]): not a regular file, too
    /// large, or an I/O error.
    fn read(error: FileError) -> LeagueError {
        LeagueError::Io(error.to_string())
    }
}

impl std::fmt::Display for LeagueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeagueError::Input(message) | LeagueError::Io(message) => write!(f, "{message}"),
            LeagueError::Interrupted(signal, _) => write!(
                f,
                "run interrupted by {signal}; its finished games are stored, and the standings \
                 below count them"
            ),
        }
    }
}

/// One player of a league, in the order of `players.txt`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Player {
    pub(crate) entrant: Entrant,
    /// False once removed: no new games, and its games are left out of the standings.
    pub(crate) active: bool,
}

/// The players of a league.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Roster {
    pub(crate) players: Vec<Player>,
}

impl Roster {
    /// The active players, in order.
    pub(crate) fn active(&self) -> Vec<Entrant> {
        self.players
            .iter()
            .filter(|p| p.active)
            .map(|p| p.entrant.clone())
            .collect()
    }

    fn find(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p.entrant.name == name)
    }
}

/// The first line of a league's `players.txt`.
fn header_line(game: &str) -> String {
    format!(
        "# {game} league: one player a line, NAME=CMD (run with sh -c); \
         a removed player's line starts with 'removed '"
    )
}

/// Reads `players.txt` of DIR, a league of `game`.
pub(crate) fn read_roster(dir: &Path, game: &str) -> Result<Roster, LeagueError> {
    let path = dir.join(PLAYERS_FILE);
    let not_a_league = |why: &str| {
        LeagueError::Input(format!(
            "{} is not a {game} league: {why} (start one with 'league DIR add NAME=CMD' in a new \
             or empty directory)",
            dir.display()
        ))
    };
    if !dir.is_dir() {
        return Err(not_a_league("no such directory"));
    }
    let text = match read_input(&path, "the league's players") {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| LeagueError::Input(format!("{}: not UTF-8 text", path.display())))?,
        Err(error) if error.error.kind() == io::ErrorKind::NotFound => {
            return Err(not_a_league(&format!("no {PLAYERS_FILE}")))
        }
        Err(error) => return Err(LeagueError::read(error)),
    };
    let mut lines = text.lines().enumerate();
    let first = lines.next().map(|(_, l)| l).unwrap_or("");
    match first
        .strip_prefix("# ")
        .and_then(|rest| rest.split_once(" league"))
    {
        Some((kind, _)) if kind == game => {}
        Some((kind, _)) if !kind.is_empty() && !kind.contains(' ') => {
            return Err(LeagueError::Input(format!(
                "{} is a {kind} league, not a {game} one",
                dir.display()
            )))
        }
        _ => {
            return Err(not_a_league(&format!(
                "{PLAYERS_FILE} has no league header"
            )))
        }
    }
    let mut roster = Roster {
        players: Vec::new(),
    };
    for (index, line) in lines {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (text, active) = match line.strip_prefix(REMOVED) {
            Some(rest) => (rest, false),
            None => (line, true),
        };
        let damaged =
            |why: String| LeagueError::Input(format!("{}:{}: {why}", path.display(), index + 1));
        let entrant = parse_entry(text).map_err(damaged)?;
        if roster.find(&entrant.name).is_some() {
            return Err(damaged(format!("player '{}' comes twice", entrant.name)));
        }
        roster.players.push(Player { entrant, active });
    }
    Ok(roster)
}

/// Replaces `players.txt` whole: written aside, then renamed over, so that a reader sees the
/// old file or the new one.
fn write_roster(dir: &Path, game: &str, roster: &Roster) -> Result<(), LeagueError> {
    let mut text = header_line(game) + "\n";
    for player in &roster.players {
        if !player.active {
            text.push_str(REMOVED);
        }
        let _ = writeln!(text, "{}={}", player.entrant.name, player.entrant.command);
    }
    let aside = dir.join(format!(".{PLAYERS_FILE}.{}", run_id()));
    fs::write(&aside, text).map_err(|e| LeagueError::io(&aside, e))?;
    let path = dir.join(PLAYERS_FILE);
    fs::rename(&aside, &path).map_err(|e| {
        let _ = fs::remove_file(&aside);
        LeagueError::io(&path, e)
    })
}

/// A player, `NAME=CMD`, as `add` takes it and `players.txt` holds it; the error quotes it and
/// says what a player must be.
fn parse_entry(text: &str) -> Result<Entrant, String> {
    parse_player(text).map_err(|_| {
        format!(
            "bad player '{text}': expected NAME=CMD, NAME of 1 to 40 letters, digits, '-', '_' \
             or '.', and a command after the '='"
        )
    })
}

/// Holds the league's lock (an exclusive lock of [`LOCK_FILE`]) until the file is dropped, so
/// that `add`s and `remove`s at once, on this machine or on others sharing DIR, each read the
/// players the last one wrote, and all of them land.
fn lock_players(dir: &Path) -> Result<fs::File, LeagueError> {
    let path = dir.join(LOCK_FILE);
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(|e| LeagueError::io(&path, e))?;
    fs4::fs_std::FileExt::lock_exclusive(&file).map_err(|e| LeagueError::io(&path, e))?;
    Ok(file)
}

/// A player's command that cannot be stored or run: empty, more than one line, or not shell
/// syntax (`sh -n` reads it without running it).
fn check_command(command: &str) -> Result<(), String> {
    if command.contains(['\n', '\r', '\0']) {
        return Err("a command must be one line".into());
    }
    let checked = Command::new("sh")
        .args(["-n", "-c", command])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("sh could not check the command: {e}"))?;
    if !checked.success() {
        return Err(format!(
            "'{command}' is not a shell command (sh -n refuses it)"
        ));
    }
    Ok(())
}

/// `add NAME=CMD`: a new player; makes the league when DIR is missing or empty (or holds only
/// what another `add` making it at the same moment writes).
fn add(dir: &Path, game: &str, text: &str) -> Result<String, LeagueError> {
    let entrant = parse_entry(text).map_err(LeagueError::Input)?;
    check_command(&entrant.command)
        .map_err(|why| LeagueError::Input(format!("player '{}': {why}", entrant.name)))?;
    if dir.exists() && !dir.is_dir() {
        return Err(LeagueError::Input(format!(
            "{} is not a {game} league: not a directory",
            dir.display()
        )));
    }
    // Fresh: nothing in DIR but what another `add` making the league at this moment writes
    // (the lock, and the players' file being written aside).
    let aside = format!(".{PLAYERS_FILE}.");
    let fresh = match fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(Result::ok).all(|entry| {
            let name = entry.file_name();
            name == LOCK_FILE || name.to_string_lossy().starts_with(&aside)
        }),
        Err(error) if error.kind() == io::ErrorKind::NotFound => true,
        Err(error) => return Err(LeagueError::io(dir, error)),
    };
    if !fresh {
        // A folder that is not a league is refused before anything is written in it.
        read_roster(dir, game)?;
    }
    fs::create_dir_all(dir).map_err(|e| LeagueError::io(dir, e))?;
    let _lock = lock_players(dir)?;
    let mut roster = if fresh && !dir.join(PLAYERS_FILE).exists() {
        Roster {
            players: Vec::new(),
        }
    } else {
        read_roster(dir, game)?
    };
    if let Some(i) = roster.find(&entrant.name) {
        let why = if roster.players[i].active {
            "is already a player"
        } else {
            "was removed, and its games are kept under that name; choose a new name"
        };
        return Err(LeagueError::Input(format!(
            "duplicate name: '{}' {why}",
            entrant.name
        )));
    }
    let name = entrant.name.clone();
    roster.players.push(Player {
        entrant,
        active: true,
    });
    write_roster(dir, game, &roster)?;
    Ok(format!("added {name}\n"))
}

/// `remove NAME`: no more games for the player; its games stay stored, out of the standings.
fn remove(dir: &Path, game: &str, name: &str) -> Result<String, LeagueError> {
    // Checked before the lock, so that bad input leaves the folder as it was, and again under
    // it, against the players another command may just have written.
    let removable = |roster: &Roster| match roster.find(name) {
        Some(i) if roster.players[i].active => Ok(i),
        Some(_) => Err(LeagueError::Input(format!(
            "unknown name: '{name}' is already removed"
        ))),
        None => Err(LeagueError::Input(format!(
            "unknown name: '{name}' is not a player of this league"
        ))),
    };
    removable(&read_roster(dir, game)?)?;
    let _lock = lock_players(dir)?;
    let mut roster = read_roster(dir, game)?;
    let i = removable(&roster)?;
    roster.players[i].active = false;
    write_roster(dir, game, &roster)?;
    Ok(format!("removed {name}\n"))
}

/// A stored game: the run that played it (its results file without `.csv`) and its row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StoredGame {
    pub(crate) run: String,
    pub(crate) row: GameRow,
}

/// Every game stored in DIR, checked: each row is a `game` row between two players of the
/// roster, and no game number comes twice in one file. Files are read in the order the runs
/// started (the file's creation time, or its last change where the file system keeps no
/// creation time; ties by name), so that the games come run by run in time order. The last line
/// of a file that does not end with its newline is a row being written, and is skipped.
pub(crate) fn read_games(
    dir: &Path,
    game: &str,
    roster: &Roster,
) -> Result<Vec<StoredGame>, LeagueError> {
    let results_dir = dir.join(RESULTS_DIR);
    let entries = match fs::read_dir(&results_dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(LeagueError::io(&results_dir, error)),
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| LeagueError::io(&results_dir, e))?.path();
        if path.extension().is_some_and(|e| e == "csv") {
            let metadata = fs::metadata(&path).map_err(|e| LeagueError::io(&path, e))?;
            let started = metadata.created().or_else(|_| metadata.modified());
            files.push((started.unwrap_or(std::time::UNIX_EPOCH), path));
        }
    }
    files.sort();
    let mut games = Vec::new();
    for (_, path) in files {
        let run = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let bytes = read_input(&path, "the results file").map_err(LeagueError::read)?;
        let mut text = String::from_utf8_lossy(&bytes).into_owned();
        if !text.ends_with('\n') {
            let whole = text.rfind('\n').map_or(0, |i| i + 1);
            text.truncate(whole);
        }
        if text.trim().is_empty() {
            continue;
        }
        let source = path.display().to_string();
        let rows = results::parse_rows(&text, &source)
            .map_err(|e| LeagueError::Input(format!("damaged row: {e}")))?;
        // The line of each row: rows are the non-blank lines after the header, in order.
        let lines: Vec<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, _)| i + 1)
            .skip(1)
            .collect();
        let mut numbers = FxHashSet::default();
        for (row, line) in rows.into_iter().zip(lines) {
            let damaged =
                |why: String| LeagueError::Input(format!("damaged row: {source}:{line}: {why}"));
            if row.kind != game {
                return Err(damaged(format!("a game of {}, not of {game}", row.kind)));
            }
            for name in &row.players {
                if roster.find(name).is_none() {
                    return Err(damaged(format!("player '{name}' is not in {PLAYERS_FILE}")));
                }
            }
            if !numbers.insert(row.number) {
                return Err(damaged(format!("game {} comes twice", row.number)));
            }
            games.push(StoredGame {
                run: run.clone(),
                row,
            });
        }
    }
    Ok(games)
}

/// The rows between active players, and those players' names.
fn rated(roster: &Roster, games: &[StoredGame]) -> (Vec<GameRow>, Vec<String>) {
    let names: Vec<String> = roster.active().into_iter().map(|e| e.name).collect();
    let rows = games
        .iter()
        .filter(|g| g.row.players.iter().all(|p| names.contains(p)))
        .map(|g| g.row.clone())
        .collect();
    (rows, names)
}

/// The text `show` prints: a count of the games, the crosstable and the `standing:` lines, the
/// points counted by `scoring`.
pub(crate) fn show_text(roster: &Roster, games: &[StoredGame], scoring: Scoring) -> String {
    let (rows, names) = rated(roster, games);
    let mut text = format!("league: {} players, {} games", names.len(), rows.len());
    let left_out = games.len() - rows.len();
    if left_out > 0 {
        let _ = write!(text, " ({left_out} more with removed players, left out)");
    }
    text.push('\n');
    text.push_str(&standings_text(&rows, &names, scoring));
    text
}

/// `show [--html FILE]`.
fn show<G: Game>(dir: &Path, html_file: Option<&Path>) -> Result<String, LeagueError> {
    let roster = read_roster(dir, G::NAME)?;
    let games = read_games(dir, G::NAME, &roster)?;
    if let Some(file) = html_file {
        let drawing = G::DRAWING;
        check_pages(dir, &games, file, drawing.is_some())?;
        write_pages::<G>(drawing, dir, &roster, &games, file)?;
    }
    Ok(show_text(&roster, &games, Scoring::of::<G>()))
}

/// The replay page of `run` next to the league's page `file`: `<file stem>-<run>.html`.
fn replay_page_path(file: &Path, run: &str) -> PathBuf {
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "league".into());
    let folder = file.parent().unwrap_or(Path::new(""));
    folder.join(format!("{stem}-{run}.html"))
}

/// Checks the pages `show --html file` writes before any is written (the replay pages only
/// `with_replays`, for a game that draws its positions): each can be written, replaces nothing
/// but a page, and lands on no file of the league (its players, its results and records folders)
/// nor on another page. A page refused is bad input, as in a match, naming the file.
fn check_pages(
    dir: &Path,
    games: &[StoredGame],
    file: &Path,
    with_replays: bool,
) -> Result<(), LeagueError> {
    let input = |error: FileError| LeagueError::Input(error.to_string());
    let mut places = vec![
        Place::new("--html", file, Use::Write),
        Place::new("the league's players", &dir.join(PLAYERS_FILE), Use::Read),
        Place::new("the league's lock", &dir.join(LOCK_FILE), Use::Read),
        Place::new(
            "the league's results",
            &dir.join(RESULTS_DIR),
            Use::ReadFolder,
        ),
        Place::new(
            "the league's records",
            &dir.join(RECORDS_DIR),
            Use::ReadFolder,
        ),
    ];
    let mut runs: Vec<&str> = games.iter().map(|g| g.run.as_str()).collect();
    runs.dedup();
    for run in runs.into_iter().filter(|_| with_replays) {
        if dir.join(RECORDS_DIR).join(run).is_dir() {
            let page = replay_page_path(file, run);
            places.push(Place::new("the replay page", &page, Use::Write));
        }
    }
    check_apart(&places).map_err(LeagueError::Input)?;
    for place in places.iter().filter(|place| place.usage == Use::Write) {
        let what = if place.path == file {
            "the league page"
        } else {
            "the replay page"
        };
        check_writable(&place.path, what).map_err(input)?;
        check_page_target(&place.path, what).map_err(input)?;
    }
    Ok(())
}

/// The league's page at `file`, and next to it, for a game with a `drawing`, one replay page
/// per run that kept records (`<file stem>-<run>.html`), which the league's page links game by
/// game. The league's page is written first, so that an error names the file asked for.
fn write_pages<G: Game>(
    drawing: Option<&dyn Drawing<G::Board>>,
    dir: &Path,
    roster: &Roster,
    games: &[StoredGame],
    file: &Path,
) -> Result<(), LeagueError> {
    let (rows, names) = rated(roster, games);
    let mut runs: Vec<&str> = games.iter().map(|g| g.run.as_str()).collect();
    runs.dedup();
    let mut replay_pages: Vec<(PathBuf, String)> = Vec::new();
    let mut run_games = Vec::new();
    for run in runs {
        let mut rows: Vec<&GameRow> = games
            .iter()
            .filter(|g| g.run == run)
            .map(|g| &g.row)
            .collect();
        rows.sort_by_key(|row| row.number);
        let replay_path = replay_page_path(file, run);
        let replay_file = replay_path
            .file_name()
            .map_or(String::new(), |name| name.to_string_lossy().into_owned());
        let replay = drawing.and_then(|drawing| {
            let (views, links) = replay_run::<G>(drawing, dir, run, &rows);
            (!views.is_empty()).then(|| {
                let title = format!("{} league, run {run}: {} games", G::NAME, views.len());
                replay_pages.push((replay_path, replay_page::page(drawing, &title, &views)));
                (replay_file, links)
            })
        });
        run_games.push(RunGames { run, rows, replay });
    }
    let commands = names
        .iter()
        .map(|name| {
            let i = roster.find(name).unwrap_or(0);
            roster.players[i].entrant.command.clone()
        })
        .collect();
    let league = League {
        scoring: Scoring::of::<G>(),
        title: format!(
            "{} league: {} players, {} games",
            G::NAME,
            names.len(),
            rows.len()
        ),
        names,
        commands,
        runs: run_games,
    };
    fs::write(file, league_page::page(&league)).map_err(|e| LeagueError::io(file, e))?;
    for (path, page) in replay_pages {
        fs::write(&path, page).map_err(|e| LeagueError::io(&path, e))?;
    }
    Ok(())
}

/// The replays of a run's games that kept their records, and for each game its number among
/// them (none without a record).
fn replay_run<G: Game>(
    drawing: &dyn Drawing<G::Board>,
    dir: &Path,
    run: &str,
    rows: &[&GameRow],
) -> (Vec<GameView>, Vec<Option<usize>>) {
    let records = dir.join(RECORDS_DIR).join(run);
    let mut views = Vec::new();
    let mut links = Vec::new();
    for row in rows {
        let record = records.join(format!("game-{}.txt", row.number));
        match read_input(&record, "the record") {
            Ok(bytes) => {
                let view = replay::<G>(
                    drawing,
                    &format!("{run} game {}", row.number),
                    &String::from_utf8_lossy(&bytes),
                )
                .with_players(row.players.clone());
                views.push(view);
                links.push(Some(views.len()));
            }
            Err(_) => links.push(None),
        }
    }
    (views, links)
}

/// `<host>-<pid>-<random>`: a name no other run of the league has, on this machine or another.
fn run_id() -> String {
    let host = fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| fs::read_to_string("/etc/hostname"))
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_default();
    let mut host: String = host
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if host.is_empty() {
        host = "host".into();
    }
    format!("{host}-{}-{:08x}", std::process::id(), random_u64() as u32)
}

/// A random number: the standard library draws fresh hash keys from the system for every
/// `RandomState`.
fn random_u64() -> u64 {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

/// The most games one `run` plays: a larger `--games` is cut to it.
const MAX_GAMES: u32 = 1 << 24;

/// The options of `run`, as `clap` reads them.
#[derive(Args, Debug)]
struct RunOptions {
    /// more games to play, in pairs with the seats swapped (at most 16777216)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES,
          value_parser = games)]
    games: u32,
    /// games played at once (at most 256)
    #[arg(long, value_name = "C", default_value_t = 1,
          value_parser = concurrency)]
    concurrency: u32,
    /// per-move limit [default: the contest's]
    #[arg(long = "movetime-ms", value_name = "MS", value_parser = movetime_ms)]
    movetime_ms: Option<u64>,
    /// memory cap of a player [default: the contest's]
    #[arg(long = "memory-mb", value_name = "MB", value_parser = positive_u64)]
    memory_mb: Option<u64>,
    /// draw a game still running after N plies [default: the game's]
    #[arg(long = "max-plies", value_name = "N", value_parser = positive_u32)]
    max_plies: Option<u32>,
    /// start each pair's games after N random plies drawn from the pair's seed (games whose
    /// input is the whole position only: connect4, yavalath)
    #[arg(long = "random-openings", value_name = "N", value_parser = positive_u32)]
    random_openings: Option<u32>,
    /// keep each game's record and its players' stderr in DIR/records/
    #[arg(long)]
    record: bool,
}

/// `run --games`: a whole number from 1, cut to [`MAX_GAMES`].
fn games(text: &str) -> Result<u32, String> {
    positive_u32(text).map(|n| n.min(MAX_GAMES))
}

/// A league's pairings, made as the run goes.
struct LeagueSource<'a> {
    dir: &'a Path,
    game: &'static str,
    games: u32,
    base_seed: u64,
    openings: Option<Openings>,
    opening_for: fn(&Openings, &Fixture) -> Result<Vec<String>, opening::OpeningError>,
    state: Mutex<LeagueState>,
}

#[derive(Default)]
struct LeagueState {
    /// Games handed out so far.
    started: u32,
    pairs: u32,
    /// The second game of the last pair, seats swapped.
    pending: Option<ScheduledGame>,
    /// The seats of the games handed out and not yet written.
    playing: Vec<(u32, [String; 2])>,
    /// The last roster and games read whole, used while the files do not read.
    last_read: Option<(Roster, Vec<StoredGame>)>,
}

impl LeagueSource<'_> {
    /// The roster and the games now, or the last ones read whole when the files do not read
    /// (a damaged row written by hand during the run: the run goes on with what it knew).
    fn read(&self, state: &mut LeagueState) -> Option<(Roster, Vec<StoredGame>)> {
        let now = read_roster(self.dir, self.game).and_then(|roster| {
            let games = read_games(self.dir, self.game, &roster)?;
            Ok((roster, games))
        });
        match now {
            Ok(read) => {
                state.last_read = Some(read.clone());
                Some(read)
            }
            Err(error) => {
                eprintln!("{}-referee league: {error}", self.game);
                state.last_read.clone()
            }
        }
    }
}

impl GameSource for LeagueSource<'_> {
    fn next_game(&self) -> Option<ScheduledGame> {
        let mut state = self.state.lock().ok()?;
        if state.started >= self.games {
            return None;
        }
        let (roster, games) = self.read(&mut state)?;
        let active = roster.active();
        let scheduled = match state.pending.take() {
            Some(game)
                if game
                    .players
                    .iter()
                    .all(|p| active.iter().any(|a| a.name == p.name)) =>
            {
                game
            }
            _ => {
                if active.len() < 2 {
                    eprintln!(
                        "{}-referee league: fewer than two players left; the run stops",
                        self.game
                    );
                    return None;
                }
                let (rows, names) = rated(&roster, &games);
                let playing: Vec<[String; 2]> = state
                    .playing
                    .iter()
                    .map(|(_, seats)| seats.clone())
                    .collect();
                let (first, second) = choose_pairing(&rows, &names, &playing);
                state.pairs += 1;
                let pair = state.pairs;
                let fixture = Fixture {
                    number: 0,
                    pair,
                    seed: self.base_seed.wrapping_add(u64::from(pair)),
                    seats: [0, 1],
                };
                let opening = match &self.openings {
                    Some(openings) => match (self.opening_for)(openings, &fixture) {
                        Ok(plies) => plies,
                        Err(error) => {
                            eprintln!("{}-referee league: {error}; the run stops", self.game);
                            return None;
                        }
                    },
                    None => Vec::new(),
                };
                let players = [active[first].clone(), active[second].clone()];
                state.pending = Some(ScheduledGame {
                    fixture,
                    players: [players[1].clone(), players[0].clone()],
                    opening: opening.clone(),
                });
                ScheduledGame {
                    fixture,
                    players,
                    opening,
                }
            }
        };
        state.started += 1;
        let mut scheduled = scheduled;
        scheduled.fixture.number = state.started;
        let seats = scheduled.players.clone().map(|p| p.name);
        let number = state.started;
        state.playing.push((number, seats));
        Some(scheduled)
    }

    fn game_written(&self, row: &GameRow) {
        if let Ok(mut state) = self.state.lock() {
            state.playing.retain(|(number, _)| *number != row.number);
        }
    }
}

/// The pairing whose game teaches the most, as indices into `names`. First every pair meets,
/// both seats: while some pair has played fewer than two games (stored and `playing`), only the
/// pairs that have played the fewest are candidates, so that no pair meets twice before every
/// pair has met (a new player meets everyone first). Of the candidates, the player with the
/// fewest games first, ties to the earlier player; then the opponent with the largest
/// `p (1 − p) / (1 + n)`, `p` the first player's expected score against it by the fit of `rows`,
/// `n` the games the two have played; ties to the opponent with fewer games, then the earlier.
pub(crate) fn choose_pairing(
    rows: &[GameRow],
    names: &[String],
    playing: &[[String; 2]],
) -> (usize, usize) {
    // The fit and the games between players choose; the standings' order plays no part.
    let table = standings(rows, names, DrawScore::Half);
    let count = names.len();
    let index = |name: &str| names.iter().position(|n| n == name);
    let mut games: Vec<f64> = (0..count)
        .map(|i| f64::from(table.results.total(i).1))
        .collect();
    let mut between: Vec<Vec<f64>> = (0..count)
        .map(|i| {
            (0..count)
                .map(|j| f64::from(table.results.between(i, j).1))
                .collect()
        })
        .collect();
    for seats in playing {
        if let (Some(i), Some(j)) = (index(&seats[0]), index(&seats[1])) {
            games[i] += 1.0;
            games[j] += 1.0;
            between[i][j] += 1.0;
            between[j][i] += 1.0;
        }
    }
    let fewest_met = (0..count)
        .flat_map(|i| (0..i).map(move |j| (i, j)))
        .map(|(i, j)| between[i][j])
        .fold(f64::INFINITY, f64::min);
    // A pair is a candidate while the round of first meetings lasts only if it is among the
    // pairs met least; afterwards every pair is.
    let candidate =
        |i: usize, j: usize| i != j && (fewest_met >= 2.0 || between[i][j] == fewest_met);
    let first = (0..count)
        .filter(|&i| (0..count).any(|j| candidate(i, j)))
        .min_by(|&i, &j| games[i].total_cmp(&games[j]).then(i.cmp(&j)))
        .unwrap_or(0);
    let value = |j: usize| {
        let difference = table.ratings[first].elo - table.ratings[j].elo;
        let p = 1.0 / (1.0 + 10f64.powf(-difference / 400.0));
        p * (1.0 - p) / (1.0 + between[first][j])
    };
    let second = (0..count)
        .filter(|&j| candidate(first, j))
        .max_by(|&i, &j| {
            value(i)
                .total_cmp(&value(j))
                .then(games[j].total_cmp(&games[i]))
                .then(j.cmp(&i))
        })
        .unwrap_or(usize::from(first == 0));
    (first, second)
}

/// `run [options]`: plays the games, then prints the league's standings.
fn run<G: Game>(dir: &Path, options: &RunOptions) -> Result<String, LeagueError> {
    let roster = read_roster(dir, G::NAME)?;
    let games = read_games(dir, G::NAME, &roster)?;
    let active = roster.active();
    if active.len() < 2 {
        return Err(LeagueError::Input(format!(
            "a league needs two players to run; this one has {} (add some with 'add NAME=CMD')",
            active.len()
        )));
    }
    let id = run_id();
    let match_options = run_match_options(dir, &id, active.clone(), options);
    let openings = match_openings::<G>(&match_options).map_err(LeagueError::Input)?;
    let base_seed = fresh_base_seed(&games, u64::from(options.games / 2 + 1));
    if let Some(openings) = &openings {
        let probe = Fixture {
            number: 1,
            pair: 1,
            seed: base_seed + 1,
            seats: [0, 1],
        };
        opening::opening_for::<G>(openings, &probe)
            .map_err(|e| LeagueError::Input(e.to_string()))?;
    }
    let results_dir = dir.join(RESULTS_DIR);
    fs::create_dir_all(&results_dir).map_err(|e| LeagueError::io(&results_dir, e))?;
    // Ctrl-C or SIGTERM stops the run as it stops a match: the games under way are abandoned,
    // every finished one is stored, and the standings are printed.
    let watch = interrupt::watch(G::NAME);
    let source = LeagueSource {
        dir,
        game: G::NAME,
        games: options.games,
        base_seed,
        openings,
        opening_for: opening::opening_for::<G>,
        state: Mutex::new(LeagueState::default()),
    };
    eprintln!(
        "{}-referee league: run {id}: {} games, results in {}",
        G::NAME,
        options.games,
        results_dir.join(format!("{id}.csv")).display()
    );
    let names: Vec<String> = active.into_iter().map(|e| e.name).collect();
    let (_, failure) = play_games::<G>(
        &match_options,
        &source,
        options.games as usize,
        &names,
        watch.as_ref(),
    );
    let roster = read_roster(dir, G::NAME)?;
    let games = read_games(dir, G::NAME, &roster)?;
    let standings = show_text(&roster, &games, Scoring::of::<G>());
    match failure {
        None => Ok(standings),
        Some(MatchError::Interrupted(signal)) => Err(LeagueError::Interrupted(signal, standings)),
        // A player that cannot start stops the run, as it stops a match.
        Some(error @ MatchError::PlayerCannotStart(_)) => {
            Err(LeagueError::Input(error.to_string()))
        }
        Some(error) => Err(LeagueError::Io(error.to_string())),
    }
}

/// The match options of run `id`: the active players, the run's limits, its results in
/// `DIR/results/ID.csv` and, with `--record`, its records in `DIR/records/ID/`; the pairings and
/// their seeds come from the league ([`LeagueSource`]).
fn run_match_options(
    dir: &Path,
    id: &str,
    players: Vec<Entrant>,
    options: &RunOptions,
) -> MatchOptions {
    MatchOptions {
        players,
        games: options.games,
        movetime_ms: options.movetime_ms,
        memory_mb: options.memory_mb,
        record_dir: options.record.then(|| dir.join(RECORDS_DIR).join(id)),
        show: false,
        seed: 0,
        max_plies: options.max_plies,
        html: None,
        concurrency: options.concurrency,
        sprt: None,
        gauntlet: false,
        results: Some(dir.join(RESULTS_DIR).join(format!("{id}.csv"))),
        shard: None,
        openings: None,
        random_openings: options.random_openings,
        game_master: false,
        records: None,
    }
}

/// A base seed drawn at random whose `pairs` pair seeds (base + 1 ..= base + pairs) no stored
/// game used, so that a new run's pairs never replay an old run's (1000 draws at most; the
/// chance that all collide is nil).
fn fresh_base_seed(games: &[StoredGame], pairs: u64) -> u64 {
    let used: FxHashSet<u64> = games.iter().map(|g| g.row.pair_seed).collect();
    let mut base_seed = 0;
    for _ in 0..1000 {
        base_seed = (random_u64() >> 32) << 20;
        if !(1..=pairs).any(|k| used.contains(&base_seed.wrapping_add(k))) {
            break;
        }
    }
    base_seed
}

/// `league`'s command line: DIR, then one of its commands.
#[derive(Parser, Debug)]
// Nothing given is refused as missing (`clearer`), not answered with the help, which is what
// `clap` does by default for a command whose subcommand is required.
#[command(
    arg_required_else_help = false,
    disable_help_subcommand = true,
    term_width = 100
)]
struct LeagueArgs {
    /// the league's folder: its players, the rows of its games and their records
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    #[command(subcommand)]
    command: LeagueCommand,
}

/// The commands of a league.
#[derive(Subcommand, Debug)]
enum LeagueCommand {
    /// Adds a player; makes the league in a new or empty DIR.
    Add {
        /// the player: a NAME of 1 to 40 letters, digits, '-', '_' or '.', never used in this
        /// league before, and a shell command (run with sh -c; '{seed}' becomes the seed of the
        /// game's pair, '{game}' the game's number in its run)
        #[arg(value_name = "NAME=CMD")]
        player: String,
    },
    /// Takes a player out: no more games for it, and its games, kept, are left out of the
    /// standings.
    Remove {
        /// the player's name
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// Plays N more games (--games), then prints the league's standings.
    Run(RunOptions),
    /// Prints the crosstable and the standings of the active players.
    Show {
        /// also write a page with the ratings and their intervals, and replay pages of the
        /// recorded games next to it
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
    },
}

/// `league`'s command for `game`, with its help and each command's.
pub(crate) fn league_command(game: &str) -> clap::Command {
    let league = format!("{game}-referee league");
    let indent = " ".repeat("       ".len() + league.len() + " DIR run ".len());
    let usage = |command: &str| format!("{league} DIR {command}");
    let run_usage = usage(&format!(
        "run [--games N] [--concurrency C] [--movetime-ms MS]\n{indent}[--memory-mb MB] \
         [--max-plies N] [--random-openings N] [--record]"
    ));
    program_command::<LeagueArgs>(&league)
        .override_usage(format!(
            "{}\n       {}\n       {run_usage}\n       {}",
            usage("add NAME=CMD"),
            usage("remove NAME"),
            usage("show [--html FILE]")
        ))
        .about(format!(
            "A league in DIR: its players (DIR/{PLAYERS_FILE}) and every finished game (one CSV \
             row each, in DIR/{RESULTS_DIR}/, a file per run), rated together. 'add' makes the \
             league in a new or empty DIR. 'run' plays N more games (default {DEFAULT_GAMES}), \
             in pairs with the seats swapped and a fresh {{seed}} per pair, choosing each pairing \
             from the players and games on disk at that moment: every pair meets, both seats, \
             before any pair meets twice; then the player with the fewest games, against the \
             opponent closest in rating that it has met least. Runs may go on at once, on this \
             machine or others sharing DIR. '--record' keeps each game's record in \
             DIR/{RECORDS_DIR}/. 'show' prints the crosstable and the standings; with --html, a \
             page with the ratings and their intervals, and replay pages of the recorded games \
             next to it."
        ))
        .mut_subcommand("add", |add| add.override_usage(usage("add NAME=CMD")))
        .mut_subcommand("remove", |remove| {
            remove.override_usage(usage("remove NAME"))
        })
        .mut_subcommand("run", |run| {
            run.override_usage(run_usage.clone()).after_help(
                "Games come in pairs with the seats swapped and a fresh {seed} per pair. Each \
                 pairing is chosen from the players and games on disk at that moment: every \
                 pair meets, both seats, before any pair meets twice; then the player with the \
                 fewest games, against the opponent closest in rating that it has met least.",
            )
        })
        .mut_subcommand("show", |show| {
            show.override_usage(usage("show [--html FILE]"))
        })
}

/// Reads `league`'s command line (the words after `league`); `--help` is the error whose
/// `use_stderr` is false.
fn parse_league(game: &str, args: &[String]) -> Result<LeagueArgs, clap::Error> {
    let mut command = league_command(game);
    parse_words(&mut command, args).map_err(|error| clearer(&mut command, args, error))
}

/// `clap`'s refusal, said in the league's words where its own would mislead: nothing given
/// (`clap` asks for the command only), a word in the command's place that is no command and
/// near none (`clap` takes it for a second DIR), and a command's name in DIR's place.
fn clearer(command: &mut clap::Command, args: &[String], error: clap::Error) -> clap::Error {
    if args.is_empty() && error.kind() == ErrorKind::MissingSubcommand {
        let message = "DIR and a command (add, remove, run or show) are missing";
        return command.error(ErrorKind::MissingRequiredArgument, message);
    }
    let unexpected = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(word)) if error.kind() == ErrorKind::UnknownArgument => word,
        _ => return error,
    };
    let [dir, word, ..] = args else {
        return error;
    };
    if word != unexpected || dir.starts_with('-') {
        return error;
    }
    let message = if command.find_subcommand(dir).is_some() {
        format!("DIR is missing before the command '{dir}' (a folder of that name is ./{dir})")
    } else if word.starts_with('-') {
        return error;
    } else {
        format!("unknown league command '{word}' (add, remove, run or show)")
    };
    command.error(ErrorKind::InvalidSubcommand, message)
}

/// `<game>-referee league DIR <command>`: exit status 0 (its `--help` too), 2 for bad input
/// (nothing in DIR changed), 1 when the league could not be read or written, 128 + the signal
/// after a run interrupted (and its standings).
pub(crate) fn main<G: Game>(args: &[String]) -> ExitCode {
    let program = format!("{}-referee league", G::NAME);
    let parsed = match parse_league(G::NAME, args) {
        Ok(parsed) => parsed,
        Err(error) => return print_clap(&program, &error),
    };
    let dir = parsed.dir.as_path();
    let done = match &parsed.command {
        LeagueCommand::Add { player } => add(dir, G::NAME, player),
        LeagueCommand::Remove { name } => remove(dir, G::NAME, name),
        LeagueCommand::Run(options) => run::<G>(dir, options),
        LeagueCommand::Show { html } => show::<G>(dir, html.as_deref()),
    };
    match done {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{program}: {error}");
            match error {
                LeagueError::Input(_) => ExitCode::from(2),
                LeagueError::Io(_) => ExitCode::from(1),
                LeagueError::Interrupted(signal, standings) => {
                    print!("{standings}");
                    ExitCode::from(signal.exit_status())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::Seat;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    /// `wins` games won by `winner` over `loser`, seats alternating.
    fn games(winner: &str, loser: &str, wins: u32) -> Vec<GameRow> {
        (0..wins)
            .map(|k| {
                let (players, seat) = if k % 2 == 0 {
                    ([winner, loser], Seat::First)
                } else {
                    ([loser, winner], Seat::Second)
                };
                GameRow {
                    pair_seed: u64::from(k / 2),
                    players: players.map(String::from),
                    winner: Some(seat),
                    ..crate::runner::records::results::tests::row(k + 1)
                }
            })
            .collect()
    }

    #[test]
    fn the_player_with_the_fewest_games_plays_first() {
        let rows = games("a", "b", 4);
        assert_eq!(choose_pairing(&rows, &names(&["a", "b", "c"]), &[]).0, 2);
        // Games being played count: c and a are playing one, so b comes first, against a (of
        // two opponents alike, the earlier).
        let playing = [names(&["c", "a"]).try_into().unwrap()];
        let none: Vec<GameRow> = Vec::new();
        assert_eq!(
            choose_pairing(&none, &names(&["a", "b", "c"]), &playing),
            (1, 0)
        );
    }

    #[test]
    fn the_opponent_is_the_closest_in_rating_among_those_met_least() {
        // a and b even over 2 games; b and c even over 10; d far below both b and c.
        let mut rows = games("a", "b", 1);
        rows.extend(games("b", "a", 1));
        rows.extend(games("b", "c", 5));
        rows.extend(games("c", "b", 5));
        rows.extend(games("b", "d", 10));
        rows.extend(games("c", "d", 10));
        let all = names(&["a", "b", "c", "d"]);
        // a has the fewest games; c is as close as b, and a has not met it yet; d is far.
        assert_eq!(choose_pairing(&rows, &all, &[]), (0, 2));
        // a then meets d, the last pair that has not met; d is far below all.
        let mut more = rows.clone();
        more.extend(games("c", "a", 1));
        more.extend(games("a", "c", 1));
        assert_eq!(choose_pairing(&more, &all, &[]), (0, 3));
        // Once every pair has met, the closer in rating of b and c comes first.
        more.extend(games("a", "d", 2));
        let (first, second) = choose_pairing(&more, &all, &[]);
        assert_eq!(first, 0);
        assert_ne!(second, 3, "d is far below a");
    }

    #[test]
    fn every_pair_meets_in_both_seats_before_any_meets_twice() {
        // Four players far apart in strength (the earlier always wins), 40 games in pairs of
        // two with the seats swapped, as a run plays them.
        let all = names(&["ours", "first", "greedy", "random"]);
        let mut rows: Vec<GameRow> = Vec::new();
        let mut met: Vec<(usize, usize)> = Vec::new();
        for pair in 0..20u32 {
            let (first, second) = choose_pairing(&rows, &all, &[]);
            assert_ne!(first, second);
            met.push((first.min(second), first.max(second)));
            for (k, seats) in [[first, second], [second, first]].into_iter().enumerate() {
                let winner = if seats[0] < seats[1] {
                    Seat::First
                } else {
                    Seat::Second
                };
                rows.push(GameRow {
                    pair_seed: u64::from(pair),
                    players: seats.map(|i| all[i].clone()),
                    winner: Some(winner),
                    ..crate::runner::records::results::tests::row(2 * pair + k as u32 + 1)
                });
            }
        }
        // The first six pairs are the six pairings of four players, each once.
        let mut first_round = met[..6].to_vec();
        first_round.sort();
        first_round.dedup();
        assert_eq!(first_round.len(), 6, "{met:?}");
        for i in 0..4 {
            for j in 0..4 {
                if i != j {
                    let seated = rows
                        .iter()
                        .filter(|r| r.players == [all[i].clone(), all[j].clone()])
                        .count();
                    assert!(seated >= 1, "{} never had p1 against {}", all[i], all[j]);
                }
            }
        }
    }

    #[test]
    fn adds_at_the_same_moment_all_land() {
        let dir = std::env::temp_dir().join(format!("league-adds-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let start = std::sync::Barrier::new(8);
        std::thread::scope(|scope| {
            for k in 0..8 {
                let (dir, start) = (&dir, &start);
                scope.spawn(move || {
                    start.wait();
                    add(dir, "krieg", &format!("p{k}=bot --seed {k}")).unwrap();
                });
            }
        });
        let roster = read_roster(&dir, "krieg").unwrap();
        let mut added: Vec<String> = roster.active().into_iter().map(|e| e.name).collect();
        added.sort();
        assert_eq!(added, (0..8).map(|k| format!("p{k}")).collect::<Vec<_>>());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_bad_player_is_told_in_the_words_of_add() {
        let dir = std::env::temp_dir().join(format!("league-bad-{}", std::process::id()));
        let message = add(&dir, "krieg", "my bot=./bot").unwrap_err().to_string();
        assert!(
            message.starts_with("bad player 'my bot=./bot': expected NAME=CMD"),
            "{message}"
        );
        assert!(!message.contains("--player"), "{message}");
        assert!(!dir.exists(), "nothing is made for a bad player");
    }

    #[test]
    fn runs_come_in_the_order_they_started_not_by_name() {
        let dir = std::env::temp_dir().join(format!("league-runs-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        add(&dir, "krieg", "A=a").unwrap();
        add(&dir, "krieg", "B=b").unwrap();
        fs::create_dir_all(dir.join(RESULTS_DIR)).unwrap();
        // The run named last by the alphabet started first.
        for run in ["z-first", "a-second"] {
            let text = format!(
                "{}\n{}\n",
                results::header(),
                results::tests::row(1).to_csv()
            );
            fs::write(dir.join(RESULTS_DIR).join(format!("{run}.csv")), text).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let roster = read_roster(&dir, "krieg").unwrap();
        let runs: Vec<String> = read_games(&dir, "krieg", &roster)
            .unwrap()
            .into_iter()
            .map(|g| g.run)
            .collect();
        assert_eq!(runs, ["z-first", "a-second"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_page_into_a_missing_folder_is_bad_input_naming_the_file_asked_for() {
        use crate::runner::records::replay::tests::CountGame;
        let dir = std::env::temp_dir().join(format!("league-page-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        add(&dir, "count", "A=a").unwrap();
        let page = dir.join("no-such-folder").join("l.html");
        match show::<CountGame>(&dir, Some(&page)) {
            Err(LeagueError::Input(message)) => {
                assert!(message.contains(&page.display().to_string()), "{message}");
            }
            other => panic!("{other:?}"),
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// `league`'s refusal of `args` on one line, as `main` prints it.
    fn refusal(args: &[&str]) -> String {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let error = parse_league("krieg", &args).unwrap_err();
        assert!(error.use_stderr(), "{args:?} is refused, not help");
        let line = crate::runner::command_line::one_line(&error);
        assert!(!line.contains('\n'), "{line}");
        line
    }

    #[test]
    fn a_mistyped_option_or_command_gets_the_one_meant_on_one_line() {
        assert_eq!(
            refusal(&["dir", "run", "--gams", "2"]),
            "unexpected argument '--gams' found; a similar argument exists: '--games'"
        );
        assert_eq!(
            refusal(&["dir", "sho"]),
            "unrecognized subcommand 'sho'; a similar subcommand exists: 'show'"
        );
        assert_eq!(
            refusal(&["dir", "dance"]),
            "unknown league command 'dance' (add, remove, run or show)"
        );
        assert_eq!(
            refusal(&["dir", "show", "--pdf", "x"]),
            "unexpected argument '--pdf' found"
        );
        assert!(refusal(&["dir", "run", "--games", "0"]).contains("invalid value '0'"));
        assert!(refusal(&["dir", "add", "a=b", "c"]).contains("unexpected argument 'c'"));
    }

    #[test]
    fn a_missing_dir_or_command_is_refused_with_status_2() {
        use crate::runner::records::replay::tests::CountGame;
        assert_eq!(
            refusal(&[]),
            "DIR and a command (add, remove, run or show) are missing"
        );
        assert!(refusal(&["dir"]).contains("requires a subcommand"));
        assert!(refusal(&["run", "--games", "2"]).contains("not provided: <DIR>"));
        assert_eq!(
            refusal(&["show", "show"]),
            "DIR is missing before the command 'show' (a folder of that name is ./show)"
        );
        assert!(refusal(&["dir", "add"]).contains("not provided: <NAME=CMD>"));
        assert!(refusal(&["dir", "remove"]).contains("not provided: <NAME>"));
        for args in [&[][..], &["dir"], &["run"], &["dir", "sho"]] {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            assert_eq!(main::<CountGame>(&args), ExitCode::from(2), "{args:?}");
        }
    }

    #[test]
    fn league_help_and_each_command_help_are_help() {
        use crate::runner::records::replay::tests::CountGame;
        for (args, shown) in [
            (&["--help"][..], "count-referee league DIR add NAME=CMD"),
            (
                &["dir", "-h"],
                "count-referee league DIR show [--html FILE]",
            ),
            (&["dir", "run", "--help"], "--concurrency <C>"),
            (
                &["dir", "add", "-h"],
                "Usage: count-referee league DIR add NAME=CMD",
            ),
            (&["dir", "show", "--help"], "--html <FILE>"),
        ] {
            let words: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let error = parse_league("count", &words).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::DisplayHelp, "{args:?}");
            assert!(!error.use_stderr(), "{args:?}");
            let help = error.render().to_string();
            assert!(help.contains(shown), "{args:?}: {help}");
            assert_eq!(main::<CountGame>(&words), ExitCode::SUCCESS, "{args:?}");
        }
    }

    #[test]
    fn run_takes_its_defaults_and_cuts_games_to_their_most() {
        let run_options = |args: &[&str]| {
            let words: Vec<String> = ["dir", "run"]
                .iter()
                .chain(args)
                .map(|a| a.to_string())
                .collect();
            match parse_league("krieg", &words).unwrap().command {
                LeagueCommand::Run(options) => options,
                other => panic!("{other:?}"),
            }
        };
        let defaults = run_options(&[]);
        assert_eq!((defaults.games, defaults.concurrency), (DEFAULT_GAMES, 1));
        assert_eq!(defaults.movetime_ms, None);
        assert!(!defaults.record);
        // --games is cut to its most; --concurrency is kept as asked, and the run plays at most
        // 256 games at once, saying what was asked and what is played.
        let most = run_options(&["--games", "99999999", "--concurrency", "1000"]);
        assert_eq!((most.games, most.concurrency), (1 << 24, 1000));
        let set = run_options(&[
            "--movetime-ms",
            "50",
            "--memory-mb",
            "64",
            "--max-plies",
            "9",
        ]);
        assert_eq!(
            (set.movetime_ms, set.memory_mb, set.max_plies),
            (Some(50), Some(64), Some(9))
        );
        let later = run_options(&["--games", "4", "--record", "--games", "6"]);
        assert_eq!((later.games, later.record), (6, true));
    }

    #[test]
    fn a_players_file_reads_back_as_it_was_written() {
        let dir = std::env::temp_dir().join(format!("league-roster-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let roster = Roster {
            players: vec![
                Player {
                    entrant: parse_player("new=bot --seed {seed} --x=1").unwrap(),
                    active: true,
                },
                Player {
                    entrant: parse_player("old.v1=./old 'a b'").unwrap(),
                    active: false,
                },
            ],
        };
        write_roster(&dir, "krieg", &roster).unwrap();
        assert_eq!(read_roster(&dir, "krieg").unwrap(), roster);
        assert_eq!(roster.active().len(), 1);
        let message = read_roster(&dir, "yavalath").unwrap_err().to_string();
        assert!(
            message.contains("is a krieg league, not a yavalath one"),
            "{message}"
        );
        // Only players.txt is left: the file written aside was renamed over it.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        let _ = fs::remove_dir_all(&dir);
    }
}
