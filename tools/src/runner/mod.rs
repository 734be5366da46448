//! The match runner behind every `<game>-referee` binary.
//!
//! A game crate implements [`RefereeGame`] with its own rules library; this module does the rest,
//! the same way for every game: it starts both players ([`process`]), sends each its id line when
//! the game starts, feeds each its input, reads its reply under the time limit, watches its
//! memory, hands the reply to the rules, ends the game at once on any fault, writes the record,
//! and prints one line per game and the match's summary.
//!
//! Games come in pairs with the same seed and the seats swapped ([`schedule`]); `--concurrency`
//! plays several at once, `--sprt` stops at a verdict of the test ([`sprt`]), three or more
//! players play a round robin or a gauntlet rated by one fit over all games ([`rating`]),
//! `--results` writes one row per game ([`results`]) and `merge` reads the rows of several shards
//! back; `league DIR` keeps players and games in a folder and plays them on as long as one
//! likes, through the same game loop ([`league`], [`play_games`]); `lines DIR...` reads record
//! folders back for the lines a player lost more than once ([`lines`]). With two players, per
//! game `k` (from 1, A is Player 1 when `k` is odd), on stdout:
//!
//! ```text
//! game 1: p1=A p2=B winner=A (p1) reason="bomber reached the base" plies=23 slowest: A=812ms B=640ms peak: A=3.1MB B=2.9MB
//! ...
//! players: A slowest=812ms peak=3.1MB faults=0; B slowest=903ms peak=3.0MB faults=0; first replies: A=812ms B=650ms; later replies: A=640ms B=903ms
//! sprt: llr=3.01 lower=-2.94 upper=2.94 result=H1      (with --sprt)
//! summary: games=10 a_wins=6 draws=1 b_wins=3 elo=+108 ci95=232
//! ```
//!
//! With three or more players, the game lines name the players, and a crosstable and one
//! `standing: <rank> <name> elo=<E> ci95=<C> score=<points>/<games>` line per player, best first,
//! end the output. With `--record-dir DIR`, game `k` is written to `DIR/game-<k>.txt`:
//!
//! ```text
//! # <game>
//! # p1: <command of Player 1>
//! # p2: <command of Player 2>
//! # setup: <note>                        (a game whose match chose its set-up: `team 2 first`)
//! # opening: <seat> <move>                                                  (one per opening ply)
//! # retry: <seat> <why the call failed>           (--game-master: a call made again, before its ply)
//! <seat> <the line that player printed, without surrounding white space>   (one per ply)
//! # time: <that reply's time in ms>                                          (after each ply)
//! # result: <p1|p2|draw> <reason>
//! ```
//!
//! and each player's stderr to `DIR/game-<k>-p<seat>.stderr`. A game started from an opening
//! (`--openings`, `--random-openings`: [`opening`]) lists the opening's plies first, as comments
//! that name the seat each was played for. File-based players (Power Connect
//! 4) run in `DIR/game-<k>-p<seat>/`, kept for inspection. Progress goes to stderr.
//!
//! `--game-master` runs file-based games as the Power Connect 4 contest's own game master did:
//! both players of game `k` in one folder, `DIR/game-<k>/`, each under its own team id (its
//! program's file name without extension; the same program twice gets `<name>1` and `<name>2`,
//! linked into the folder under that name and run by it), only the files whose names start with
//! a player's id counting as its help files; a call that gives no reply in time, no reply file, or
//! a malformed or illegal move is made again, up to [`GAME_MASTER_CALLS`] calls, and the last
//! failure loses (a `# retry:` line per call made again); and in even games the sides' names are
//! swapped ([`RefereeGame::new_swapped`]: team 2 moves first), so that each side of a pair moves
//! first once. The player's command must start with its program (no wrapper such as `nice`).
//!
//! A player loses at once, with one of these reasons (a quoted line has its control characters
//! escaped, and only ASCII white space around a reply is ignored):
//!
//! - `malformed move: p1 printed '<line>' (<why>)`, `illegal move: ...`, or `malformed move: p1
//!   printed a line over 4096 bytes`;
//! - `spoke out of turn: p1 printed '<line>' before it was asked`: a line printed while the
//!   player was not asked for a move (a second line for one turn included);
//! - `timeout: p1 gave no reply within <ms> ms`;
//! - `p1 exited (<status>) before replying`, `p1 closed its output before replying` (at once,
//!   even while its process lives on);
//! - `memory: p1 used <MB>, over the <MB> cap`;
//! - `help files: p1 kept <n> files of its own, over the 5 allowed` (file-based players).
//!
//! Some faults stop the whole match instead, before any more games count:
//!
//! - before the first game, every output (`--results`, `--html`, `--record-dir`) is checked for
//!   being writable, leaving nothing behind ([`check_outputs`], [`files`]); one line names the
//!   file, what it is and why: `cannot write the replay page /no/such/dir/match.html: No such
//!   file or directory` (exit status 2), as does every I/O error of the runner ([`FileError`]);
//! - a player that cannot start: no process could be spawned, or it exited with status 127 or
//!   126 (the shell's "not found", "cannot execute") before it ever replied in the match (for
//!   Power Connect 4, in its first call) ([`process::StartFailure`]). The error quotes its
//!   command and the last lines of its stderr (exit status 2); games under way are abandoned,
//!   not counted. A player that has replied once and later cannot run only loses that game;
//! - an interruption (Ctrl-C, SIGTERM: [`interrupt`]): games under way are abandoned, and the
//!   final lines of the finished games (those a [`merge`] of the results file prints) are printed
//!   last (exit status 128 + the signal).

mod bad_value;
#[cfg(test)]
mod count;
pub mod files;
mod game;
pub mod html;
pub mod interrupt;
pub mod league;
pub mod lines;
pub mod opening;
mod options;
pub mod process;
pub mod rating;
pub mod record;
pub mod replay;
pub mod results;
pub mod schedule;
pub mod sprt;
pub mod stats;
pub mod tally;

pub use bad_value::BadOptionValue;
pub use files::{check_writable, check_writable_dir, FileError};
pub use game::{Fault, GameEnd, Input, RefereeGame, Seat, Transport};
pub use options::{parse_options, parse_player, usage, Entrant, MatchOptions, OptionsError};
pub use stats::Tally;

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, IsTerminal, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use files::naming;
use process::{Failure, FilesPlayer, Reply, StartError, StartFailure, StreamPlayer};
use results::GameRow;
use schedule::Fixture;
use sprt::{Pentanomial, Sprt, Verdict};

/// The result of one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game's place in the match.
    pub fixture: Fixture,
    /// The winning seat, `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: String,
    /// True when the game was lost by a fault (malformed, illegal, timeout, exit, memory...).
    pub by_fault: bool,
    /// Plies played (accepted moves).
    pub plies: u32,
    /// Each seat's slowest reply.
    pub slowest: [Duration; 2],
    /// Each seat's first reply of the game (some contests allow more time for it).
    pub first_reply: [Duration; 2],
    /// Each seat's slowest reply after its first.
    pub slowest_later: [Duration; 2],
    /// Each seat's peak memory in bytes.
    pub peak_memory: [u64; 2],
    /// The plies of the opening the game started from, each with the seat it was played for.
    pub opening: Vec<(Seat, String)>,
    /// Every accepted reply, trimmed, with its time.
    pub moves: Vec<(Seat, String, Duration)>,
    /// The game's set-up, when the match chose one ([`RefereeGame::setup`]).
    pub setup: Option<String>,
    /// The calls made again (`--game-master`): how many replies had been accepted before each,
    /// the seat, and why the call failed.
    pub retries: Vec<(usize, Seat, String)>,
}

impl GameReport {
    /// The game as a results row, with the players' names by seat.
    pub fn row(&self, kind: &str, names: [String; 2]) -> GameRow {
        let ms = |d: [Duration; 2]| [d[0].as_millis() as u64, d[1].as_millis() as u64];
        GameRow {
            kind: kind.to_string(),
            number: self.fixture.number,
            pair_seed: self.fixture.seed,
            players: names,
            winner: self.winner,
            reason: self.reason.clone(),
            plies: self.plies,
            fault: self.by_fault,
            slowest_ms: ms(self.slowest),
            first_ms: ms(self.first_reply),
            later_ms: ms(self.slowest_later),
            peak_bytes: self.peak_memory,
        }
    }
}

/// The one line printed per game: the players in the order of the match (A before B).
pub fn game_line(row: &GameRow, order: &[String]) -> String {
    let mut seats = Seat::BOTH;
    let position = |seat: &Seat| order.iter().position(|n| *n == row.players[seat.index()]);
    seats.sort_by_key(position);
    let winner = match row.winner {
        Some(seat) => format!("{} ({seat})", row.players[seat.index()]),
        None => "draw".to_string(),
    };
    let [first, second] = seats;
    let name = |seat: Seat| &row.players[seat.index()];
    format!(
        "game {}: p1={} p2={} winner={winner} reason=\"{}\" plies={} slowest: {}={}ms {}={}ms peak: {}={} {}={}",
        row.number,
        row.players[0],
        row.players[1],
        row.reason,
        row.plies,
        name(first),
        row.slowest_ms[first.index()],
        name(second),
        row.slowest_ms[second.index()],
        name(first),
        megabytes(row.peak_bytes[first.index()]),
        name(second),
        megabytes(row.peak_bytes[second.index()]),
    )
}

/// `12.3MB`.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1}MB", bytes as f64 / (1024.0 * 1024.0))
}

/// A player's line for a verdict: control characters escaped (`\x1b`, `\0`...), a backslash
/// doubled, cut after 60 characters.
pub fn quote(line: &str) -> String {
    const MAX: usize = 60;
    let mut text = String::new();
    for (count, c) in line.chars().enumerate() {
        if count == MAX {
            text.push_str("...");
            break;
        }
        match c {
            '\\' => text.push_str("\\\\"),
            '\0' => text.push_str("\\0"),
            c if c.is_ascii_control() => {
                let _ = write!(text, "\\x{:02x}", c as u32);
            }
            c if c.is_control() => {
                let _ = write!(text, "\\u{{{:x}}}", c as u32);
            }
            c => text.push(c),
        }
    }
    format!("'{text}'")
}

/// A reply without the ASCII white space around it (a trailing CR included); other white space
/// is part of the line.
pub fn trim_reply(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// The verdict for a player that failed to answer.
fn failure_reason(seat: Seat, failure: &Failure, memory_cap: u64) -> String {
    match failure {
        Failure::Timeout(ms) => format!("timeout: {seat} gave no reply within {ms} ms"),
        Failure::Exited(how) => format!("{seat} {how}"),
        Failure::OutOfTurn(line) => out_of_turn(seat, line),
        Failure::LineTooLong => format!(
            "malformed move: {seat} printed a line over {} bytes",
            process::MAX_LINE_BYTES
        ),
        Failure::Memory(peak) => format!(
            "memory: {seat} used {}, over the {} cap",
            megabytes(*peak),
            megabytes(memory_cap)
        ),
        Failure::Io(error) => format!("{seat} could not be run: {error}"),
        Failure::TooManyFiles(count) => format!(
            "help files: {seat} kept {count} files of its own, over the {} allowed",
            process::MAX_OWN_FILES
        ),
        Failure::CannotStart(failure) => format!("{seat} {}", failure.how),
    }
}

/// Why a match stopped before its end, or could not start.
#[derive(Debug)]
pub enum MatchError {
    /// A bad setting found before the first game: an output that cannot be written, an opening
    /// that does not play (the message).
    Setup(String),
    /// A player that cannot start (the message, with its command and the end of its stderr).
    PlayerCannotStart(String),
    /// A file that could not be read or written once the match was under way.
    File(FileError),
    /// The standard output could not be written.
    Output(io::Error),
    /// The match was interrupted by this signal; the standings of its finished games are
    /// printed.
    Interrupted(interrupt::Signal),
}

impl MatchError {
    /// The referee's exit status: 2 for what stops a match before it starts (a setting, a
    /// player that cannot start), 128 + the signal for an interruption, 1 otherwise.
    pub fn exit_status(&self) -> u8 {
        match self {
            MatchError::Setup(_) | MatchError::PlayerCannotStart(_) => 2,
            MatchError::File(_) | MatchError::Output(_) => 1,
            MatchError::Interrupted(signal) => signal.exit_status(),
        }
    }
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::Setup(message) | MatchError::PlayerCannotStart(message) => {
                write!(f, "{message}")
            }
            MatchError::File(error) => write!(f, "{error}"),
            MatchError::Output(error) => {
                write!(
                    f,
                    "cannot write the standard output: {}",
                    files::io_reason(error)
                )
            }
            MatchError::Interrupted(signal) => {
                write!(
                    f,
                    "interrupted by {signal}; the standings above count the finished games"
                )
            }
        }
    }
}

impl std::error::Error for MatchError {}

impl From<FileError> for MatchError {
    fn from(error: FileError) -> MatchError {
        MatchError::File(error)
    }
}

/// The error for player `name` whose command `command` could not start in game `number`:
/// the command, what happened, and the last lines of its stderr.
pub fn cannot_start_message(
    name: &str,
    command: &str,
    number: u32,
    failure: &StartFailure,
) -> String {
    let mut text = format!(
        "player {name} cannot start: its command {} {} in game {number}",
        quote_command(command),
        failure.how
    );
    if failure.stderr_tail.is_empty() {
        text.push_str("; it printed nothing on stderr");
    } else {
        text.push_str("; the last lines of its stderr:");
        for line in failure.stderr_tail.lines() {
            let _ = write!(text, "\n    {line}");
        }
    }
    text
}

/// A command between backquotes, whole, control characters escaped.
fn quote_command(command: &str) -> String {
    let mut text = String::from("`");
    for c in command.chars() {
        if c.is_control() {
            let _ = write!(text, "\\u{{{:x}}}", c as u32);
        } else {
            text.push(c);
        }
    }
    text.push('`');
    text
}

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

fn out_of_turn(seat: Seat, line: &str) -> String {
    format!(
        "spoke out of turn: {seat} printed {} before it was asked",
        quote(line)
    )
}

/// The players of one game, by seat.
enum Players {
    Stream(Vec<StreamPlayer>),
    Files(Vec<FilesPlayer>),
}

impl Players {
    fn tell(&mut self, seat: Seat, lines: &[String]) {
        if let Players::Stream(players) = self {
            players[seat.index()].tell(lines);
        }
    }

    fn ask(&mut self, seat: Seat, input: Input, limit: Duration) -> Result<Reply, Failure> {
        match (self, input) {
            (Players::Stream(players), Input::Lines(lines)) => {
                players[seat.index()].ask(&lines, limit)
            }
            (Players::Files(players), Input::Files { files, reply_file }) => {
                players[seat.index()].call(&files, reply_file, limit)
            }
            _ => Err(Failure::Io(
                "the game's input does not fit its transport".into(),
            )),
        }
    }

    /// A line `seat` printed before `moment` while nobody asked it.
    fn spoke_before(&mut self, seat: Seat, moment: Instant) -> Option<String> {
        match self {
            Players::Stream(players) => players[seat.index()].line_printed_before(moment),
            Players::Files(_) => None,
        }
    }

    /// Ends every player; returns the peak memory per seat.
    fn finish(self) -> [u64; 2] {
        match self {
            Players::Stream(players) => {
                let mut peaks = [0; 2];
                for (i, player) in players.into_iter().enumerate() {
                    peaks[i] = player.finish();
                }
                peaks
            }
            Players::Files(players) => [players[0].peak_memory(), players[1].peak_memory()],
        }
    }
}

/// Everything a game needs besides the rules.
struct GameSetup<'a> {
    fixture: Fixture,
    /// Commands by seat, placeholders filled in.
    commands: [String; 2],
    /// The players' names by seat.
    names: [String; 2],
    movetime: Duration,
    memory_cap: u64,
    max_plies: Option<u32>,
    record_dir: Option<&'a Path>,
    show: bool,
    /// The plies played by the rules before the players are first asked.
    opening: Vec<String>,
    /// `--game-master`: one shared folder, each player under its own team id, three calls per
    /// turn, and the sides' names swapped in even games.
    game_master: bool,
    /// By seat: set once that player has replied in any game of the match. A player that has
    /// not, and then cannot start, stops the match.
    started: [Arc<AtomicBool>; 2],
    /// Set when the match stops: a game under way is abandoned at its next ply.
    abandon: &'a AtomicBool,
}

/// How a game ended for the match.
enum GameOutcome {
    Played(Box<GameReport>),
    /// Left unfinished because the match stopped.
    Abandoned,
    /// A reason to stop the whole match.
    Stop(MatchError),
}

fn start_players<G: RefereeGame>(
    setup: &GameSetup<'_>,
) -> Result<(Players, Vec<PathBuf>), MatchError> {
    let number = setup.fixture.number;
    let stderr_path = |seat: Seat| {
        setup
            .record_dir
            .map(|dir| dir.join(format!("game-{number}-p{}.stderr", seat.number())))
    };
    match G::TRANSPORT {
        Transport::Stream => {
            let mut players = Vec::new();
            for seat in Seat::BOTH {
                let command = &setup.commands[seat.index()];
                let player =
                    StreamPlayer::start(command, stderr_path(seat).as_deref(), setup.memory_cap)
                        .map_err(|error| match error {
                            StartError::StderrFile(error) => MatchError::File(error),
                            StartError::Spawn(failure) => {
                                MatchError::PlayerCannotStart(cannot_start_message(
                                    &setup.names[seat.index()],
                                    command,
                                    number,
                                    &failure,
                                ))
                            }
                        })?;
                players.push(player);
            }
            Ok((Players::Stream(players), Vec::new()))
        }
        Transport::Files => {
            let mut players = Vec::new();
            let mut scratch = Vec::new();
            let ids = setup.game_master.then(|| team_ids(&setup.commands));
            for seat in Seat::BOTH {
                let name = if setup.game_master {
                    format!("game-{number}")
                } else {
                    format!("game-{number}-p{}", seat.number())
                };
                let dir = match setup.record_dir {
                    Some(record_dir) => record_dir.join(name),
                    None => {
                        let dir = std::env::temp_dir().join(format!(
                            "{}-referee-{}-{name}",
                            G::NAME,
                            std::process::id()
                        ));
                        scratch.push(dir.clone());
                        dir
                    }
                };
                if dir.exists() && (seat == Seat::First || !setup.game_master) {
                    fs::remove_dir_all(&dir).map_err(naming("clear the player's folder", &dir))?;
                }
                let command = &setup.commands[seat.index()];
                let player = FilesPlayer::new(command, dir, stderr_path(seat), setup.memory_cap)?;
                players.push(match &ids {
                    Some(ids) => player
                        .shared_as(&ids[seat.index()])
                        .map_err(|error| MatchError::Setup(error.to_string()))?,
                    None => player,
                });
            }
            scratch.dedup();
            Ok((Players::Files(players), scratch))
        }
    }
}

/// The team ids of two players sharing a folder: each program's name, unless one starts with the
/// other's (the same program twice), which then gets its seat's number after it (`bot1`,
/// `bot2`), so that neither id starts the other's files.
fn team_ids(commands: &[String; 2]) -> [String; 2] {
    let stem = |command: &str| process::team_id_of(command).unwrap_or_else(|| "team".to_string());
    let ids = [stem(&commands[0]), stem(&commands[1])];
    if ids[0].starts_with(&ids[1]) || ids[1].starts_with(&ids[0]) {
        Seat::BOTH.map(|seat| format!("{}{}", ids[seat.index()], seat.number()))
    } else {
        ids
    }
}

/// Plays one game.
fn play_game<G: RefereeGame>(setup: &GameSetup<'_>) -> GameOutcome {
    let mut report = GameReport {
        fixture: setup.fixture,
        winner: None,
        reason: String::new(),
        by_fault: false,
        plies: 0,
        slowest: [Duration::ZERO; 2],
        first_reply: [Duration::ZERO; 2],
        slowest_later: [Duration::ZERO; 2],
        peak_memory: [0; 2],
        opening: Vec::new(),
        moves: Vec::new(),
        setup: None,
        retries: Vec::new(),
    };
    // The contest's game master alternates the side that moves first: in even games Player 1
    // (who moves first) plays under the second side's name.
    let start = if setup.game_master && setup.fixture.number % 2 == 0 {
        G::new_swapped()
    } else {
        G::new()
    };
    report.setup = start.setup();
    let mut game = match opening::play_opening_from(start, &setup.opening) {
        Ok((game, seats)) => {
            report.opening = seats.into_iter().zip(setup.opening.clone()).collect();
            report.plies = game.plies();
            game
        }
        Err((ply, why)) => {
            report.reason = format!("the opening could not be played: ply {ply}: {why}");
            return GameOutcome::Played(Box::new(report));
        }
    };
    if setup.show && !setup.opening.is_empty() {
        println!("opening: {}\n{}", setup.opening.join(", "), game.render());
    }
    let (mut players, scratch) = match start_players::<G>(setup) {
        Ok(started) => started,
        Err(error) => return GameOutcome::Stop(error),
    };
    // Every seat gets its id line now; the seat to move gets it with its first input, so that its
    // clock starts with it.
    let mut greeting: [Vec<String>; 2] = [game.greeting(Seat::First), game.greeting(Seat::Second)];
    for seat in Seat::BOTH {
        if seat != game.to_move() {
            players.tell(seat, &std::mem::take(&mut greeting[seat.index()]));
        }
    }
    let end = loop {
        if setup.abandon.load(Ordering::Relaxed) {
            break None;
        }
        let seat = game.to_move();
        let input = match game.input(seat) {
            Input::Lines(mut lines) => {
                let mut all = std::mem::take(&mut greeting[seat.index()]);
                all.append(&mut lines);
                Input::Lines(all)
            }
            files => files,
        };
        let mut table = Table {
            players: &mut players,
            game: &mut game,
            setup,
            report: &mut report,
        };
        match table.ask_and_play(seat, input) {
            Ok(None) => {}
            Ok(Some(end)) => break Some(Ok(end)),
            Err(stop) => break Some(Err(stop)),
        }
    };
    let peaks = players.finish();
    report.peak_memory = peaks;
    for dir in scratch {
        let _ = fs::remove_dir_all(dir);
    }
    match end {
        Some(Ok(end)) => {
            report.winner = end.winner;
            report.reason = end.reason;
            GameOutcome::Played(Box::new(report))
        }
        Some(Err(stop)) => GameOutcome::Stop(stop),
        None => GameOutcome::Abandoned,
    }
}

/// How many times the contest's game master calls a team for one move before it loses.
pub const GAME_MASTER_CALLS: u32 = 3;

/// What one call of a player gave: the game's end if it came, or why the call lost and whether
/// the game master would have called again.
type CallResult = Result<Option<GameEnd>, (String, bool)>;

/// A game being played: its players, its rules, the match's settings and what is recorded.
struct Table<'a, 's, G> {
    players: &'a mut Players,
    game: &'a mut G,
    setup: &'a GameSetup<'s>,
    report: &'a mut GameReport,
}

impl<G: RefereeGame> Table<'_, '_, G> {
    /// Asks `seat` for its move and plays it; returns the game's end if it came, or an error that
    /// stops the match: a player that cannot start before it ever replied in this match. Under
    /// `--game-master` a call that fails (no reply in time, no reply file, a malformed or illegal
    /// move) is made again, up to three calls, each noted in the report; the third failure loses.
    fn ask_and_play(&mut self, seat: Seat, input: Input) -> Result<Option<GameEnd>, MatchError> {
        let calls = if self.setup.game_master {
            GAME_MASTER_CALLS
        } else {
            1
        };
        for call in 1..=calls {
            match self.ask_and_play_once(seat, input.clone())? {
                Ok(end) => return Ok(end),
                Err((why, retry)) if retry && call < calls => {
                    self.report
                        .retries
                        .push((self.report.moves.len(), seat, why));
                }
                Err((why, _)) => {
                    self.report.by_fault = true;
                    return Ok(Some(GameEnd::win(seat.other(), why)));
                }
            }
        }
        Ok(None)
    }

    /// One call of [`Table::ask_and_play`], or an error that stops the match.
    fn ask_and_play_once(&mut self, seat: Seat, input: Input) -> Result<CallResult, MatchError> {
        let limit = self.game.time_limit(seat, self.setup.movetime);
        let side = seat.index();
        let started = &self.setup.started[side];
        let reply = match self.players.ask(seat, input, limit) {
            Ok(reply) => {
                started.store(true, Ordering::Relaxed);
                reply
            }
            Err(Failure::CannotStart(failure)) if !started.load(Ordering::Relaxed) => {
                return Err(MatchError::PlayerCannotStart(cannot_start_message(
                    &self.setup.names[side],
                    &self.setup.commands[side],
                    self.setup.fixture.number,
                    &failure,
                )));
            }
            Err(failure) => {
                let retry = matches!(
                    failure,
                    Failure::Timeout(_) | Failure::Exited(_) | Failure::LineTooLong
                );
                return Ok(Err((
                    failure_reason(seat, &failure, self.setup.memory_cap),
                    retry,
                )));
            }
        };
        // The opponent spoke while this seat was thinking: it loses, as its line came first.
        if let Some(line) = self.players.spoke_before(seat.other(), reply.at) {
            self.report.by_fault = true;
            return Ok(Ok(Some(GameEnd::win(
                seat,
                out_of_turn(seat.other(), &line),
            ))));
        }
        let line = trim_reply(&reply.line);
        let outcome = match self.game.play(line) {
            Ok(outcome) => outcome,
            Err(fault) => {
                let (kind, why) = match &fault {
                    Fault::Malformed(why) => ("malformed move", why),
                    Fault::Illegal(why) => ("illegal move", why),
                };
                return Ok(Err((
                    format!("{kind}: {seat} printed {} ({why})", quote(line)),
                    true,
                )));
            }
        };
        let first = self.report.moves.iter().all(|(s, _, _)| *s != seat);
        self.report.slowest[side] = self.report.slowest[side].max(reply.elapsed);
        if first {
            self.report.first_reply[side] = reply.elapsed;
        } else {
            self.report.slowest_later[side] = self.report.slowest_later[side].max(reply.elapsed);
        }
        self.report
            .moves
            .push((seat, line.to_string(), reply.elapsed));
        self.report.plies = self.game.plies();
        if self.setup.show {
            println!(
                "ply {}: {seat} {}\n{}",
                self.report.plies,
                line,
                self.game.render()
            );
        }
        if outcome.is_some() {
            return Ok(Ok(outcome));
        }
        Ok(Ok(match self.setup.max_plies {
            Some(max) if self.game.plies() >= max => {
                Some(GameEnd::draw(format!("ply limit ({max} plies)")))
            }
            _ => None,
        }))
    }
}

/// The text of a game record.
pub fn record_text(game: &str, commands: &[String; 2], report: &GameReport) -> String {
    let mut record = record::RecordWriter::new(game, [&commands[0], &commands[1]]);
    if let Some(note) = &report.setup {
        record.setup(note);
    }
    for (seat, line) in &report.opening {
        record.opening(*seat, line);
    }
    let mut retries = report.retries.iter().peekable();
    for (i, (seat, line, time)) in report.moves.iter().enumerate() {
        while let Some((_, retry_seat, why)) = retries.next_if(|(before, _, _)| *before == i) {
            record.retry(*retry_seat, why);
        }
        record.ply(*seat, line, *time);
    }
    for (_, seat, why) in retries {
        record.retry(*seat, why);
    }
    record.finish(report.winner, &report.reason)
}

/// Fills in `{seed}` (the pair's seed) and `{game}` (the game number).
fn expand(command: &str, fixture: &Fixture) -> String {
    command
        .replace("{seed}", &fixture.seed.to_string())
        .replace("{game}", &fixture.number.to_string())
}

/// What a match (or a merge of shards) prints at its end, from its rows: with two players the
/// `players:` line, the SPRT line if asked and the `summary:` line; with more, the crosstable
/// and the standings. `names` are the players in the match's order.
pub fn final_text(rows: &[GameRow], names: &[String], sprt: Option<&Sprt>) -> String {
    let mut text = String::new();
    if names.len() == 2 {
        let _ = writeln!(text, "{}", players_line(rows, names));
        if let Some(sprt) = sprt {
            let _ = writeln!(text, "{}", sprt.line(&pentanomial(rows, names)));
        }
        let tally = tally(rows, names);
        let _ = writeln!(
            text,
            "summary: games={} a_wins={} draws={} b_wins={} {}",
            tally.games(),
            tally.a_wins,
            tally.draws,
            tally.b_wins,
            tally.elo_text()
        );
    } else {
        text.push_str(&standings_text(rows, names));
    }
    text
}

/// A's wins, draws and B's wins.
pub fn tally(rows: &[GameRow], names: &[String]) -> Tally {
    let mut tally = Tally::default();
    for row in rows {
        let Some(seat) = row.seat_of(&names[0]) else {
            continue;
        };
        match row.winner {
            None => tally.draws += 1,
            Some(winner) if winner == seat => tally.a_wins += 1,
            Some(_) => tally.b_wins += 1,
        }
    }
    tally
}

/// The pairs of a two-player match counted by A's pair score: two games of one pair seed with
/// the seats swapped. A pair missing a game (an odd `--games`, a match stopped early) is left out.
pub fn pentanomial(rows: &[GameRow], names: &[String]) -> Pentanomial {
    let mut pairs: FxHashMap<u64, Vec<&GameRow>> = FxHashMap::default();
    for row in rows {
        if row.seat_of(&names[0]).is_some() && row.seat_of(&names[1]).is_some() {
            pairs.entry(row.pair_seed).or_default().push(row);
        }
    }
    let mut counts = [0u32; 5];
    for games in pairs.values() {
        if let [one, two] = games[..] {
            if one.players[0] != two.players[0] {
                let points: f64 = [one, two]
                    .iter()
                    .filter_map(|row| row.seat_of(&names[0]).map(|seat| row.points(seat)))
                    .sum();
                counts[(points * 2.0).round() as usize] += 1;
            }
        }
    }
    counts
}

/// `players: A slowest=... ; first replies: ...; later replies: ...`.
fn players_line(rows: &[GameRow], names: &[String]) -> String {
    #[derive(Default, Clone, Copy)]
    struct Figures {
        slowest: u64,
        first: u64,
        later: u64,
        peak: u64,
        faults: u32,
    }
    let mut figures = [Figures::default(); 2];
    for row in rows {
        for (i, name) in names.iter().enumerate() {
            let Some(seat) = row.seat_of(name) else {
                continue;
            };
            let s = seat.index();
            let f = &mut figures[i];
            f.slowest = f.slowest.max(row.slowest_ms[s]);
            f.first = f.first.max(row.first_ms[s]);
            f.later = f.later.max(row.later_ms[s]);
            f.peak = f.peak.max(row.peak_bytes[s]);
            if row.fault && row.winner.is_some_and(|w| w != seat) {
                f.faults += 1;
            }
        }
    }
    let [a, b] = figures;
    format!(
        "players: {} slowest={}ms peak={} faults={}; {} slowest={}ms peak={} faults={}; \
         first replies: {}={}ms {}={}ms; later replies: {}={}ms {}={}ms",
        names[0],
        a.slowest,
        megabytes(a.peak),
        a.faults,
        names[1],
        b.slowest,
        megabytes(b.peak),
        b.faults,
        names[0],
        a.first,
        names[1],
        b.first,
        names[0],
        a.later,
        names[1],
        b.later,
    )
}

/// A tournament's results between `names` (rows naming another player are left out), the fit
/// of their ratings, and the players' order, best first (ties by name).
pub struct Standings {
    pub results: rating::Results,
    pub ratings: Vec<rating::Rating>,
    pub order: Vec<usize>,
}

/// The standings of `rows` between `names`: one fit over every game.
pub fn standings(rows: &[GameRow], names: &[String]) -> Standings {
    let index: FxHashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut results = rating::Results::new(names.len());
    for row in rows {
        let (Some(&one), Some(&two)) = (
            index.get(row.players[0].as_str()),
            index.get(row.players[1].as_str()),
        ) else {
            continue;
        };
        results.add(one, two, row.points(Seat::First));
    }
    let ratings = results.fit();
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&i, &j| {
        ratings[j]
            .elo
            .total_cmp(&ratings[i].elo)
            .then_with(|| names[i].cmp(&names[j]))
    });
    Standings {
        results,
        ratings,
        order,
    }
}

/// The crosstable and the standings of a tournament.
pub fn standings_text(rows: &[GameRow], names: &[String]) -> String {
    let Standings {
        results,
        ratings,
        order,
    } = standings(rows, names);
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(4);
    let mut text = String::from("crosstable:\n");
    let _ = write!(text, "{:width$}", "");
    for &j in &order {
        let _ = write!(text, " {:>9}", names[j]);
    }
    text.push('\n');
    for &i in &order {
        let _ = write!(text, "{:width$}", names[i]);
        for &j in &order {
            let (points, games) = results.between(i, j);
            let cell = if i == j {
                "-".to_string()
            } else if games == 0 {
                ".".to_string()
            } else {
                format!("{}/{games}", points_text(points))
            };
            let _ = write!(text, " {cell:>9}");
        }
        text.push('\n');
    }
    for (rank, &i) in order.iter().enumerate() {
        let (points, games) = results.total(i);
        let rating = ratings[i];
        let ci = if rating.ci95.is_finite() {
            format!("{:.0}", rating.ci95)
        } else {
            "inf".to_string()
        };
        let _ = writeln!(
            text,
            "standing: {} {} elo={} ci95={ci} score={}/{games}",
            rank + 1,
            names[i],
            format!("{:+.0}", rating.elo).replace("-0", "+0"),
            points_text(points),
        );
    }
    text
}

/// `3`, `3.5`.
pub fn points_text(points: f64) -> String {
    if points.fract() == 0.0 {
        format!("{points:.0}")
    } else {
        format!("{points:.1}")
    }
}

/// The progress line on stderr.
struct Progress {
    started: Instant,
    total: usize,
    done: usize,
    terminal: bool,
}

impl Progress {
    fn update(&mut self, rows: &[GameRow], names: &[String], sprt: Option<&Sprt>) {
        self.done += 1;
        let finished = self.done == self.total;
        if !self.terminal && self.done % 10 != 0 && !finished {
            return;
        }
        let mut text = format!("progress: {}/{} games", self.done, self.total);
        if names.len() == 2 {
            let tally = tally(rows, names);
            let _ = write!(
                text,
                ", {}-{}-{} (A-draws-B), {}",
                tally.a_wins,
                tally.draws,
                tally.b_wins,
                tally.elo_text()
            );
            if let Some(sprt) = sprt {
                let _ = write!(text, ", llr={:.2}", sprt.llr(&pentanomial(rows, names)));
            }
        }
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = elapsed / self.done as f64 * (self.total - self.done) as f64;
        let _ = write!(text, ", about {} left", duration_text(left));
        let mut err = io::stderr().lock();
        if self.terminal {
            let _ = write!(err, "\r\x1b[K{text}");
            if finished {
                let _ = writeln!(err);
            }
        } else {
            let _ = writeln!(err, "{text}");
        }
    }

    /// Ends a line left open on a terminal by a match stopped early.
    fn close(&self) {
        if self.terminal && self.done != self.total && self.done > 0 {
            eprintln!();
        }
    }
}

/// `1h02m`, `3m05s`, `12s`.
fn duration_text(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, s / 60 % 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

/// Opens `--results` for appending, with a header if the file is new or empty.
fn open_results(path: &Path) -> Result<fs::File, FileError> {
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
        let text = fs::read_to_string(path)
            .map_err(|e| FileError::new("read the openings file", path, e).to_string())?;
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
/// it goes ([`league`]).
pub trait GameSource: Sync {
    /// The next game to play, `None` when the run has no more. Called by every worker thread.
    fn next_game(&self) -> Option<ScheduledGame>;

    /// `row` has been written; called in the order games end, before the next game counts it.
    fn game_written(&self, _row: &GameRow) {}
}

/// A match's games, in schedule order.
struct MatchSchedule<'a> {
    queue: Mutex<VecDeque<Fixture>>,
    players: &'a [Entrant],
    pair_openings: FxHashMap<u32, Vec<String>>,
}

impl GameSource for MatchSchedule<'_> {
    fn next_game(&self) -> Option<ScheduledGame> {
        let fixture = self.queue.lock().ok()?.pop_front()?;
        Some(ScheduledGame {
            fixture,
            players: fixture.seats.map(|i| self.players[i].clone()),
            opening: self
                .pair_openings
                .get(&fixture.pair)
                .cloned()
                .unwrap_or_default(),
        })
    }
}

/// Plays the whole match, printing a line per game and the final lines; returns its rows.
///
/// Before the first game it checks the openings and every output ([`check_outputs`]). A player
/// that cannot start before its first reply of the match stops it at once
/// ([`MatchError::PlayerCannotStart`]): games under way are abandoned and not counted. With
/// `watch`, an interruption stops it the same way, and the final lines of the games finished so
/// far are printed before it returns [`MatchError::Interrupted`].
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
    let openings = match_openings::<G>(options).map_err(MatchError::Setup)?;
    check_outputs(options).map_err(|e| MatchError::Setup(e.to_string()))?;
    // Every pair's opening, drawn or looked up before the first game, so that a random opening
    // that cannot be drawn stops the match before it starts.
    let mut pair_openings: FxHashMap<u32, Vec<String>> = FxHashMap::default();
    let names: Vec<String> = options.players.iter().map(|e| e.name.clone()).collect();
    let fixtures: VecDeque<Fixture> = schedule::schedule(
        options.players.len(),
        options.games,
        options.gauntlet,
        options.seed,
    )
    .into_iter()
    .filter(|f| options.shard.map_or(true, |shard| shard.contains(f.number)))
    .collect();
    if let Some(openings) = &openings {
        for fixture in &fixtures {
            if let std::collections::hash_map::Entry::Vacant(entry) =
                pair_openings.entry(fixture.pair)
            {
                let plies = opening::opening_for::<G>(openings, fixture)
                    .map_err(|e| MatchError::Setup(e.to_string()))?;
                entry.insert(plies);
            }
        }
    }
    let total = fixtures.len();
    let source = MatchSchedule {
        queue: Mutex::new(fixtures),
        players: &options.players,
        pair_openings,
    };
    let (mut rows, failure) = play_games::<G>(options, &source, total, &names, watch);
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
/// replay page (`--html`) at the end. `names` are the players in the run's order, for the game
/// lines, the progress line and `--sprt`. Returns the rows in the order games ended, and what
/// stopped the run early, if anything: a player that cannot start before its first reply of the
/// run, a file that cannot be written, or an interruption seen through `watch`; games under way
/// then are abandoned, not counted.
pub fn play_games<G: html::DrawGame>(
    options: &MatchOptions,
    source: &dyn GameSource,
    total: usize,
    names: &[String],
    watch: Option<&interrupt::Watch>,
) -> (Vec<GameRow>, Option<MatchError>) {
    let mut rows = Vec::new();
    if let Some(dir) = &options.record_dir {
        if let Err(error) = fs::create_dir_all(dir) {
            let error = FileError::new("make the record folder", dir, error);
            return (rows, Some(MatchError::File(error)));
        }
    }
    let movetime = Duration::from_millis(options.movetime_ms.unwrap_or(G::MOVETIME_MS));
    let memory_cap = options
        .memory_mb
        .map_or(G::MEMORY_CAP_BYTES, |mb| mb * 1024 * 1024);
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    if options.concurrency as usize > cores {
        eprintln!(
            "{}-referee: warning: --concurrency {} exceeds the {cores} cores of this machine; \
             players may be slowed and lose on time",
            G::NAME,
            options.concurrency
        );
    }
    let mut results_file: Option<fs::File> = None;
    let mut progress = Progress {
        started: Instant::now(),
        total,
        done: 0,
        terminal: io::stderr().is_terminal(),
    };
    let workers = (options.concurrency as usize).min(total).max(1);
    let stop = AtomicBool::new(false);
    let abandon = AtomicBool::new(false);
    // By player name: set once it has replied in a game of this run.
    let started: Mutex<FxHashMap<String, Arc<AtomicBool>>> = Mutex::new(FxHashMap::default());
    let started_flag = |name: &str| -> Arc<AtomicBool> {
        let mut flags = started.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(flags.entry(name.to_string()).or_default())
    };
    // With --html: each game's record and the names in its seats, for the replay page.
    let mut page_records: Vec<(u32, String, [String; 2])> = Vec::new();
    let mut failure: Option<MatchError> = None;
    thread::scope(|scope| {
        let (sender, finished) = mpsc::channel::<(GameOutcome, [String; 2], [String; 2])>();
        for _ in 0..workers {
            let sender = sender.clone();
            let (stop, abandon, started_flag) = (&stop, &abandon, &started_flag);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let Some(scheduled) = source.next_game() else {
                    return;
                };
                let fixture = scheduled.fixture;
                let commands = scheduled
                    .players
                    .clone()
                    .map(|player| expand(&player.command, &fixture));
                let seat_names = scheduled.players.map(|player| player.name);
                let setup = GameSetup {
                    fixture,
                    commands,
                    names: seat_names.clone(),
                    movetime,
                    memory_cap,
                    max_plies: options.max_plies.or(G::DEFAULT_MAX_PLIES),
                    record_dir: options.record_dir.as_deref(),
                    show: options.show,
                    opening: scheduled.opening,
                    game_master: options.game_master,
                    started: [started_flag(&seat_names[0]), started_flag(&seat_names[1])],
                    abandon,
                };
                let outcome = play_game::<G>(&setup);
                if matches!(outcome, GameOutcome::Stop(_)) {
                    // At once, so that no worker starts another game meanwhile.
                    stop.store(true, Ordering::Relaxed);
                    abandon.store(true, Ordering::Relaxed);
                }
                if sender.send((outcome, setup.commands, seat_names)).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        let halt = |failure: &mut Option<MatchError>, why: MatchError| {
            failure.get_or_insert(why);
            stop.store(true, Ordering::Relaxed);
            abandon.store(true, Ordering::Relaxed);
        };
        loop {
            if failure.is_none() {
                if let Some(signal) = watch.and_then(interrupt::Watch::poll) {
                    halt(&mut failure, MatchError::Interrupted(signal));
                }
            }
            let (outcome, commands, seat_names) =
                match finished.recv_timeout(interrupt::POLL_INTERVAL) {
                    Ok(received) => received,
                    Err(mpsc::RecvTimeoutError::Timeout) => continue,
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                };
            let report = match outcome {
                // Once the run stops, a game that still ends is not counted.
                _ if failure.is_some() => continue,
                GameOutcome::Played(report) => *report,
                GameOutcome::Abandoned => continue,
                GameOutcome::Stop(why) => {
                    halt(&mut failure, why);
                    continue;
                }
            };
            let row = report.row(G::NAME, seat_names.clone());
            let written = (|| -> Result<(), MatchError> {
                if let Some(dir) = &options.record_dir {
                    let path = dir.join(format!("game-{}.txt", row.number));
                    fs::write(&path, record_text(G::NAME, &commands, &report))
                        .map_err(naming("write the game record", &path))?;
                }
                if options.html.is_some() {
                    let record = record_text(G::NAME, &commands, &report);
                    page_records.push((row.number, record, seat_names.clone()));
                }
                if let Some(path) = &options.results {
                    if results_file.is_none() {
                        results_file = Some(open_results(path)?);
                    }
                    if let Some(file) = results_file.as_mut() {
                        file.write_all(format!("{}\n", row.to_csv()).as_bytes())
                            .and_then(|_| file.flush())
                            .map_err(naming("write the results file", path))?;
                    }
                }
                let mut out = io::stdout().lock();
                writeln!(out, "{}", game_line(&row, names))
                    .and_then(|_| out.flush())
                    .map_err(MatchError::Output)
            })();
            source.game_written(&row);
            rows.push(row);
            progress.update(&rows, names, options.sprt.as_ref());
            if let Err(error) = written {
                halt(&mut failure, error);
            }
            if let Some(sprt) = &options.sprt {
                let llr = sprt.llr(&pentanomial(&rows, names));
                if sprt.verdict(llr) != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    progress.close();
    let stopped_for_good = failure
        .as_ref()
        .is_some_and(|f| !matches!(f, MatchError::Interrupted(_)));
    if let (Some(file), false) = (&options.html, stopped_for_good) {
        page_records.sort_by_key(|(number, _, _)| *number);
        let records: Vec<(String, [String; 2])> = page_records
            .into_iter()
            .map(|(_, record, seats)| (record, seats))
            .collect();
        if let Err(error) = fs::write(file, html::match_page::<G>(&records)) {
            let error = FileError::new("write the replay page", file, error);
            failure.get_or_insert(MatchError::File(error));
        }
    }
    (rows, failure)
}

/// Why `merge` refused its input.
#[derive(Debug)]
pub enum MergeError {
    /// A bad command line (the message).
    Usage(String),
    /// A file that could not be read.
    Io(String, io::Error),
    /// A row that is not this game's, or a file that is not a results file (the message).
    Rows(String),
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::Usage(message) | MergeError::Rows(message) => write!(f, "{message}"),
            MergeError::Io(file, error) => write!(
                f,
                "cannot read the results file {file}: {}",
                files::io_reason(error)
            ),
        }
    }
}

/// `merge [--sprt ELO0,ELO1[,ALPHA,BETA]] FILE.csv...`: reads every row of every file, checks that
/// they are all `game`'s and that no game number comes twice, and returns the text a single run
/// of the same games prints at its end.
pub fn merge(game: &str, args: &[String]) -> Result<String, MergeError> {
    let mut sprt = None;
    let mut files = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--sprt" => {
                let value = args
                    .next()
                    .ok_or_else(|| MergeError::Usage("option '--sprt' needs a value".into()))?;
                sprt = Some(
                    value
                        .parse::<Sprt>()
                        .map_err(|e| MergeError::Usage(e.to_string()))?,
                );
            }
            other if other.starts_with("--") => {
                return Err(MergeError::Usage(format!("unknown merge option '{other}'")))
            }
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err(MergeError::Usage(
            "merge needs at least one FILE.csv".into(),
        ));
    }
    let mut rows: Vec<GameRow> = Vec::new();
    let mut seen: FxHashMap<u32, String> = FxHashMap::default();
    for file in &files {
        let text = fs::read_to_string(file).map_err(|e| MergeError::Io(file.clone(), e))?;
        let file_rows =
            results::parse_rows(&text, file).map_err(|e| MergeError::Rows(e.to_string()))?;
        for row in file_rows {
            if row.kind != game {
                return Err(MergeError::Rows(format!(
                    "{file}: game {} is a game of {}, not {game}",
                    row.number, row.kind
                )));
            }
            if let Some(other) = seen.insert(row.number, file.clone()) {
                return Err(MergeError::Rows(format!(
                    "game {} is in {other} and again in {file}: overlapping shards or a file given twice",
                    row.number
                )));
            }
            rows.push(row);
        }
    }
    rows.sort_by_key(|row| row.number);
    let names = names_of(&rows);
    if sprt.is_some() && names.len() != 2 {
        return Err(MergeError::Usage(format!(
            "--sprt compares two players; these rows have {}",
            names.len()
        )));
    }
    Ok(final_text(&rows, &names, sprt.as_ref()))
}

/// The players of a match in its order, from its rows: in a two-player match A is Player 1 of
/// the odd games; otherwise players come by their first game and seat.
pub fn names_of(rows: &[GameRow]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for row in rows {
        for name in &row.players {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    if names.len() == 2 {
        if let Some(row) = rows.first() {
            let a = if row.number % 2 == 1 {
                &row.players[0]
            } else {
                &row.players[1]
            };
            if *a != names[0] {
                names.swap(0, 1);
            }
        }
    }
    names
}

/// The whole `<game>-referee` program: parses the command line and runs the match (or the merge).
/// Exit status 0 after a match (whatever its result); 2 for a bad command line, bad results
/// files, an output that cannot be written or a player that cannot start, all found before any
/// game counts; 128 + the signal for a match interrupted (after its standings); 1 when the match
/// could not go on (a file that could not be written during it).
pub fn main<G: html::DrawGame>() -> ExitCode {
    let usage_text = || {
        usage(
            G::NAME,
            G::MOVETIME_MS,
            G::MEMORY_CAP_BYTES / (1024 * 1024),
            G::DEFAULT_MAX_PLIES,
        )
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("league") {
        return league::main::<G>(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("view") {
        return html::view_main::<G>(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("lines") {
        return lines::main(G::NAME, &args[1..]);
    }
    if args.first().map(String::as_str) == Some("merge") {
        return match merge(G::NAME, &args[1..]) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("{}-referee merge: {error}", G::NAME);
                ExitCode::from(2)
            }
        };
    }
    match parse_options(args) {
        Ok(None) => {
            println!("{}", usage_text());
            ExitCode::SUCCESS
        }
        Ok(Some(options)) => {
            let watch = interrupt::watch(G::NAME);
            match run_match::<G>(&options, watch.as_ref()) {
                Ok(_) => ExitCode::SUCCESS,
                // Its note is printed before the standings, which stay the last lines.
                Err(error @ MatchError::Interrupted(_)) => ExitCode::from(error.exit_status()),
                Err(error) => {
                    eprintln!("{}-referee: {error}", G::NAME);
                    ExitCode::from(error.exit_status())
                }
            }
        }
        Err(error) => {
            eprintln!("{}-referee: {error} (see --help)", G::NAME);
            ExitCode::from(2)
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
    fn players_sharing_a_folder_get_team_ids_that_do_not_start_each_other() {
        let ids = |a: &str, b: &str| team_ids(&[a.to_string(), b.to_string()]);
        assert_eq!(ids("/bin/sh -c x", "/bin/true"), ["sh", "true"]);
        assert_eq!(ids("/bin/sh x", "/bin/sh y"), ["sh1", "sh2"]);
        assert_eq!(ids("/bin/sh", "/bin/sha256sum -c"), ["sh1", "sha256sum2"]);
        assert_eq!(ids("'quoted' prog", "/bin/true"), ["team", "true"]);
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
    fn quoted_lines_are_cut_and_control_bytes_escaped() {
        assert_eq!(quote("0 0 1 1"), "'0 0 1 1'");
        let long = "x".repeat(500);
        assert!(quote(&long).len() < 70);
        assert_eq!(quote("a\0b\x1b[31mc\\"), "'a\\0b\\x1b[31mc\\\\'");
        assert_eq!(quote("\u{9b}x\t"), "'\\u{9b}x\\x09'");
    }

    #[test]
    fn only_ascii_white_space_is_trimmed() {
        assert_eq!(trim_reply(" \t1 0 2 1\r "), "1 0 2 1");
        assert_eq!(trim_reply("1 0 2 1\u{a0}"), "1 0 2 1\u{a0}");
        assert_eq!(trim_reply("\u{3000}1 0"), "\u{3000}1 0");
    }

    fn row(number: u32, players: [&str; 2], winner: Option<Seat>, seed: u64) -> GameRow {
        GameRow {
            pair_seed: seed,
            players: players.map(String::from),
            winner,
            ..results::tests::row(number)
        }
    }

    #[test]
    fn pairs_are_counted_by_the_points_of_a() {
        let p1 = Some(Seat::First);
        let p2 = Some(Seat::Second);
        let rows = vec![
            row(1, ["A", "B"], p1, 11), // A wins
            row(2, ["B", "A"], p2, 11), // A wins: pair 2 points
            row(3, ["A", "B"], None, 12),
            row(4, ["B", "A"], p1, 12), // draw + loss: ½
            row(5, ["A", "B"], p2, 13), // alone: left out
        ];
        let names = ["A".to_string(), "B".to_string()];
        assert_eq!(pentanomial(&rows, &names), [0, 1, 0, 0, 1]);
        let t = tally(&rows, &names);
        assert_eq!((t.a_wins, t.draws, t.b_wins), (2, 1, 2));
    }

    #[test]
    fn the_final_text_of_shards_merged_is_that_of_the_whole_match() {
        let players = ["x", "y", "z"];
        let schedule = schedule::schedule(3, 4, false, 5);
        let rows: Vec<GameRow> = schedule
            .iter()
            .map(|f| {
                let winner = match f.number % 3 {
                    0 => None,
                    1 => Some(Seat::First),
                    _ => Some(Seat::Second),
                };
                row(
                    f.number,
                    [players[f.seats[0]], players[f.seats[1]]],
                    winner,
                    f.seed,
                )
            })
            .collect();
        let names: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        let whole = final_text(&rows, &names, None);
        assert!(whole.starts_with("crosstable:\n"), "{whole}");
        assert_eq!(
            whole
                .lines()
                .filter(|l| l.starts_with("standing: "))
                .count(),
            3
        );
        let dir = std::env::temp_dir().join(format!("referee-merge-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut files = Vec::new();
        for index in 0..3 {
            let shard = schedule::Shard { index, count: 3 };
            let mut text = results::header() + "\n";
            for r in rows.iter().filter(|r| shard.contains(r.number)) {
                text.push_str(&r.to_csv());
                text.push('\n');
            }
            let path = dir.join(format!("shard-{index}.csv"));
            fs::write(&path, text).unwrap();
            files.push(path.display().to_string());
        }
        assert_eq!(merge("krieg", &files).unwrap(), whole);
        // Two-player matches too, with the SPRT line.
        let two: Vec<GameRow> = schedule::schedule(2, 6, false, 5)
            .iter()
            .map(|f| {
                let names = [["A", "B"][f.seats[0]], ["A", "B"][f.seats[1]]];
                row(
                    f.number,
                    names,
                    Some(Seat::BOTH[f.number as usize % 2]),
                    f.seed,
                )
            })
            .collect();
        let ab = ["A".to_string(), "B".to_string()];
        let sprt: Sprt = "0,10".parse().unwrap();
        let whole = final_text(&two, &ab, Some(&sprt));
        let mut text = [results::header() + "\n", results::header() + "\n"];
        for r in &two {
            text[(r.number % 2) as usize].push_str(&(r.to_csv() + "\n"));
        }
        for (i, t) in text.iter().enumerate() {
            fs::write(dir.join(format!("two-{i}.csv")), t).unwrap();
        }
        let args: Vec<String> = vec![
            "--sprt".into(),
            "0,10".into(),
            dir.join("two-1.csv").display().to_string(),
            dir.join("two-0.csv").display().to_string(),
        ];
        let merged = merge("krieg", &args).unwrap();
        assert_eq!(merged, whole);
        assert!(merged.contains("\nsprt: llr="), "{merged}");
        assert!(merged.ends_with("elo=+0 ci95=inf\n") || merged.contains("summary: games=6 "));
        // Refusals: another game's rows, the same shard twice.
        assert!(merge("frostfire", &files[..1]).is_err());
        let twice = vec![files[0].clone(), files[0].clone()];
        let message = merge("krieg", &twice).unwrap_err().to_string();
        assert!(message.contains("again in"), "{message}");
        let _ = fs::remove_dir_all(&dir);
    }
}
