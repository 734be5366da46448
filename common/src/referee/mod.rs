//! The match runner behind every `<game>-referee` binary.
//!
//! A game crate implements [`RefereeGame`] with its own rules library; this module does the rest,
//! the same way for every game: it starts both players ([`process`]), feeds each its input, reads
//! its reply under the time limit, watches its memory, hands the reply to the rules, ends the game
//! at once on any fault, writes the record, and prints one line per game and the match summary.
//!
//! Per game `k` (from 1): A is Player 1 when `k` is odd. Output, on stdout:
//!
//! ```text
//! game 1: p1=A p2=B winner=A (p1) reason="bomber reached the base" plies=23 slowest: A=812ms B=640ms peak: A=3.1MB B=2.9MB
//! ...
//! players: A slowest=812ms peak=3.1MB faults=0; B slowest=903ms peak=3.0MB faults=0; first replies: A=812ms B=650ms; later replies: A=640ms B=903ms
//! summary: games=10 a_wins=6 draws=1 b_wins=3 elo=+108 ci95=232
//! ```
//!
//! With `--record-dir DIR`, game `k` is written to `DIR/game-<k>.txt`:
//!
//! ```text
//! # <game>
//! # p1: <command of Player 1>
//! # p2: <command of Player 2>
//! <seat> <the exact line that player printed>      (one line per ply, seat 1 or 2)
//! # result: <p1|p2|draw> <reason>
//! ```
//!
//! and each player's stderr to `DIR/game-<k>-p<seat>.stderr`. File-based players (Power Connect
//! 4) run in `DIR/game-<k>-p<seat>/`, kept for inspection.

mod game;
pub mod html;
mod options;
pub mod process;
pub mod record;
pub mod stats;

pub use game::{Fault, GameEnd, Input, RefereeGame, Seat, Transport};
pub use options::{parse_options, usage, MatchOptions, OptionsError};
pub use stats::Tally;

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use process::{Failure, FilesPlayer, Reply, StreamPlayer};

/// The two players of a match, as the summaries name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    A,
    B,
}

impl Side {
    fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }
}

/// The result of one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 1-based game number.
    pub number: u32,
    /// Which side sat as Player 1.
    pub player_one: Side,
    /// The winning side, `None` for a draw.
    pub winner: Option<Side>,
    /// The winning seat, `None` for a draw.
    pub winning_seat: Option<Seat>,
    /// Why the game ended.
    pub reason: String,
    /// True when the game was lost by a fault (malformed, illegal, timeout, exit, memory).
    pub by_fault: bool,
    /// Plies played (accepted moves).
    pub plies: u32,
    /// Each side's slowest reply, indexed A, B.
    pub slowest: [Duration; 2],
    /// Each side's first reply of the game (some contests allow more time for it), indexed A, B.
    pub first_reply: [Duration; 2],
    /// Each side's slowest reply after its first, indexed A, B.
    pub slowest_later: [Duration; 2],
    /// Each side's peak memory in bytes, indexed A, B.
    pub peak_memory: [u64; 2],
    /// Every accepted reply, as printed.
    pub moves: Vec<(Seat, String)>,
}

impl GameReport {
    fn side_of(&self, seat: Seat) -> Side {
        match (seat, self.player_one) {
            (Seat::First, side) => side,
            (Seat::Second, Side::A) => Side::B,
            (Seat::Second, Side::B) => Side::A,
        }
    }

    /// The one line printed per game.
    pub fn line(&self) -> String {
        let (p1, p2) = match self.player_one {
            Side::A => ("A", "B"),
            Side::B => ("B", "A"),
        };
        let winner = match (self.winner, self.winning_seat) {
            (Some(side), Some(seat)) => format!("{side:?} ({seat})"),
            _ => "draw".to_string(),
        };
        format!(
            "game {}: p1={p1} p2={p2} winner={winner} reason=\"{}\" plies={} slowest: A={}ms B={}ms peak: A={} B={}",
            self.number,
            self.reason,
            self.plies,
            self.slowest[0].as_millis(),
            self.slowest[1].as_millis(),
            megabytes(self.peak_memory[0]),
            megabytes(self.peak_memory[1]),
        )
    }
}

/// `12.3MB`.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1}MB", bytes as f64 / (1024.0 * 1024.0))
}

/// Cuts a player's line for quoting in a verdict.
fn quote(line: &str) -> String {
    const MAX: usize = 60;
    if line.chars().count() <= MAX {
        format!("'{line}'")
    } else {
        let cut: String = line.chars().take(MAX).collect();
        format!("'{cut}...'")
    }
}

/// The verdict for a player that failed to answer.
fn failure_reason(seat: Seat, failure: &Failure, memory_cap: u64) -> String {
    match failure {
        Failure::Timeout(ms) => format!("timeout: {seat} gave no reply within {ms} ms"),
        Failure::Exited(how) => format!("{seat} {how}"),
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
    }
}

/// The players of one game, by seat.
enum Players {
    Stream(Vec<StreamPlayer>),
    Files(Vec<FilesPlayer>),
}

impl Players {
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
    number: u32,
    commands: [String; 2],
    movetime: Duration,
    memory_cap: u64,
    max_plies: Option<u32>,
    record_dir: Option<&'a Path>,
    show: bool,
}

fn start_players<G: RefereeGame>(setup: &GameSetup<'_>) -> io::Result<(Players, Vec<PathBuf>)> {
    let stderr_path = |seat: Seat| {
        setup
            .record_dir
            .map(|dir| dir.join(format!("game-{}-p{}.stderr", setup.number, seat.number())))
    };
    match G::TRANSPORT {
        Transport::Stream => {
            let mut players = Vec::new();
            for seat in Seat::BOTH {
                let command = &setup.commands[seat.index()];
                players.push(StreamPlayer::start(
                    command,
                    stderr_path(seat).as_deref(),
                    setup.memory_cap,
                )?);
            }
            Ok((Players::Stream(players), Vec::new()))
        }
        Transport::Files => {
            let mut players = Vec::new();
            let mut scratch = Vec::new();
            for seat in Seat::BOTH {
                let name = format!("game-{}-p{}", setup.number, seat.number());
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
                if dir.exists() {
                    fs::remove_dir_all(&dir)?;
                }
                let command = &setup.commands[seat.index()];
                players.push(FilesPlayer::new(
                    command,
                    dir,
                    stderr_path(seat),
                    setup.memory_cap,
                )?);
            }
            Ok((Players::Files(players), scratch))
        }
    }
}

/// Plays one game; `commands` are indexed by seat.
fn play_game<G: RefereeGame>(setup: &GameSetup<'_>, player_one: Side) -> GameReport {
    let mut report = GameReport {
        number: setup.number,
        player_one,
        winner: None,
        winning_seat: None,
        reason: String::new(),
        by_fault: false,
        plies: 0,
        slowest: [Duration::ZERO; 2],
        first_reply: [Duration::ZERO; 2],
        slowest_later: [Duration::ZERO; 2],
        peak_memory: [0; 2],
        moves: Vec::new(),
    };
    let (mut players, scratch) = match start_players::<G>(setup) {
        Ok(started) => started,
        Err(error) => {
            report.reason = format!("the players could not be started: {error}");
            return report;
        }
    };
    let mut game = G::new();
    let mut replies = [0u32; 2];
    let end: GameEnd = loop {
        let seat = game.to_move();
        let input = game.input(seat);
        let limit = game.time_limit(seat, setup.movetime);
        let side = report.side_of(seat).index();
        let reply = match players.ask(seat, input, limit) {
            Ok(reply) => reply,
            Err(failure) => {
                report.by_fault = true;
                break GameEnd::win(
                    seat.other(),
                    failure_reason(seat, &failure, setup.memory_cap),
                );
            }
        };
        report.slowest[side] = report.slowest[side].max(reply.elapsed);
        if replies[side] == 0 {
            report.first_reply[side] = reply.elapsed;
        } else {
            report.slowest_later[side] = report.slowest_later[side].max(reply.elapsed);
        }
        replies[side] += 1;
        let line = reply.line.trim();
        match game.play(line) {
            Err(fault) => {
                report.by_fault = true;
                let kind = match fault {
                    Fault::Malformed(_) => "malformed move",
                    Fault::Illegal(_) => "illegal move",
                };
                let why = match &fault {
                    Fault::Malformed(why) | Fault::Illegal(why) => why,
                };
                break GameEnd::win(
                    seat.other(),
                    format!("{kind}: {seat} printed {} ({why})", quote(line)),
                );
            }
            Ok(outcome) => {
                report.moves.push((seat, reply.line.clone()));
                report.plies = game.plies();
                if setup.show {
                    println!("ply {}: {seat} {}\n{}", report.plies, line, game.render());
                }
                if let Some(end) = outcome {
                    break end;
                }
                if let Some(max) = setup.max_plies {
                    if game.plies() >= max {
                        break GameEnd::draw(format!("ply limit ({max} plies)"));
                    }
                }
            }
        }
    };
    let peaks = players.finish();
    for seat in Seat::BOTH {
        report.peak_memory[report.side_of(seat).index()] = peaks[seat.index()];
    }
    for dir in scratch {
        let _ = fs::remove_dir_all(dir);
    }
    report.winning_seat = end.winner;
    report.winner = end.winner.map(|seat| report.side_of(seat));
    report.reason = end.reason;
    report
}

/// The text of a game record.
fn record_text(game: &str, commands: &[String; 2], report: &GameReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "# {game}");
    let _ = writeln!(text, "# p1: {}", commands[0]);
    let _ = writeln!(text, "# p2: {}", commands[1]);
    for (seat, line) in &report.moves {
        let _ = writeln!(text, "{} {line}", seat.number());
    }
    let result = match report.winning_seat {
        Some(seat) => seat.to_string(),
        None => "draw".to_string(),
    };
    let _ = writeln!(text, "# result: {result} {}", report.reason);
    text
}

/// Fills in `{seed}` and `{game}`.
fn expand(command: &str, seed: u64, game: u32) -> String {
    command
        .replace("{seed}", &seed.wrapping_add(u64::from(game)).to_string())
        .replace("{game}", &game.to_string())
}

/// Plays the whole match, printing a line per game, the players' line and the summary.
pub fn run_match<G: html::DrawGame>(options: &MatchOptions) -> io::Result<Tally> {
    if let Some(dir) = &options.record_dir {
        fs::create_dir_all(dir)?;
    }
    let movetime = Duration::from_millis(options.movetime_ms.unwrap_or(G::MOVETIME_MS));
    let memory_cap = options
        .memory_mb
        .map_or(G::MEMORY_CAP_BYTES, |mb| mb * 1024 * 1024);
    let mut tally = Tally::default();
    let mut slowest = [Duration::ZERO; 2];
    let mut slowest_first = [Duration::ZERO; 2];
    let mut slowest_later = [Duration::ZERO; 2];
    let mut peak = [0u64; 2];
    let mut faults = [0u32; 2];
    let stdout = io::stdout();
    let mut page_records = Vec::new();
    for number in 1..=options.games {
        let a = expand(&options.command_a, options.seed, number);
        let b = expand(&options.command_b, options.seed, number);
        let (player_one, commands) = if number % 2 == 1 {
            (Side::A, [a, b])
        } else {
            (Side::B, [b, a])
        };
        let setup = GameSetup {
            number,
            commands,
            movetime,
            memory_cap,
            max_plies: options.max_plies.or(G::DEFAULT_MAX_PLIES),
            record_dir: options.record_dir.as_deref(),
            show: options.show,
        };
        let report = play_game::<G>(&setup, player_one);
        match report.winner {
            Some(Side::A) => tally.a_wins += 1,
            Some(Side::B) => tally.b_wins += 1,
            None => tally.draws += 1,
        }
        if report.by_fault {
            if let Some(winner) = report.winner {
                faults[1 - winner.index()] += 1;
            }
        }
        for side in 0..2 {
            slowest[side] = slowest[side].max(report.slowest[side]);
            slowest_first[side] = slowest_first[side].max(report.first_reply[side]);
            slowest_later[side] = slowest_later[side].max(report.slowest_later[side]);
            peak[side] = peak[side].max(report.peak_memory[side]);
        }
        if let Some(dir) = &options.record_dir {
            let path = dir.join(format!("game-{number}.txt"));
            fs::write(path, record_text(G::NAME, &setup.commands, &report))?;
        }
        let record = record_text(G::NAME, &setup.commands, &report);
        page_records.push((record, player_one == Side::A));
        let mut out = stdout.lock();
        writeln!(out, "{}", report.line())?;
        out.flush()?;
    }
    let mut out = stdout.lock();
    writeln!(
        out,
        "players: A slowest={}ms peak={} faults={}; B slowest={}ms peak={} faults={}; \
         first replies: A={}ms B={}ms; later replies: A={}ms B={}ms",
        slowest[0].as_millis(),
        megabytes(peak[0]),
        faults[0],
        slowest[1].as_millis(),
        megabytes(peak[1]),
        faults[1],
        slowest_first[0].as_millis(),
        slowest_first[1].as_millis(),
        slowest_later[0].as_millis(),
        slowest_later[1].as_millis(),
    )?;
    writeln!(
        out,
        "summary: games={} a_wins={} draws={} b_wins={} {}",
        tally.games(),
        tally.a_wins,
        tally.draws,
        tally.b_wins,
        tally.elo_text()
    )?;
    out.flush()?;
    if let Some(file) = &options.html {
        let commands = [options.command_a.as_str(), options.command_b.as_str()];
        fs::write(file, html::match_page::<G>(commands, &page_records))?;
    }
    Ok(tally)
}

/// The whole `<game>-referee` program: parses the command line and runs the match. Exit status 0
/// after a match (whatever its result), 2 for a bad command line, 1 when the match could not run.
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
    if args.first().is_some_and(|arg| arg == "view") {
        return html::view_main::<G>(&args[1..]);
    }
    match parse_options(args) {
        Ok(None) => {
            println!("{}", usage_text());
            ExitCode::SUCCESS
        }
        Ok(Some(options)) => match run_match::<G>(&options) {
            Ok(_) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{}-referee: {error}", G::NAME);
                ExitCode::from(1)
            }
        },
        Err(error) => {
            eprintln!("{}-referee: {error}\n\n{}", G::NAME, usage_text());
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_expand_per_game() {
        assert_eq!(
            expand("bot --seed {seed} # {game}", 10, 3),
            "bot --seed 13 # 3"
        );
        assert_eq!(expand("bot", 10, 3), "bot");
    }

    #[test]
    fn long_lines_are_cut_when_quoted() {
        assert_eq!(quote("0 0 1 1"), "'0 0 1 1'");
        let long = "x".repeat(500);
        assert!(quote(&long).len() < 70);
    }
}
