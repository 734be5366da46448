//! One game between two players: starting them, the loop of asking the player to move for its
//! reply under the time limit and handing it to the rules, the verdict of a fault, and the
//! game's report. [`crate::runner::match_play::run`] plays many of these.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::runner::game::referee::Referee;
use crate::runner::game::{Fault, Game, GameEnd, Input, Seat, Transport};
use crate::runner::match_play::match_error::{cannot_start_message, MatchError};
use crate::runner::match_play::opening;
use crate::runner::match_play::process::{
    self, Failure, FilesPlayer, Reply, StartError, StreamPlayer,
};
use crate::runner::match_play::schedule::Fixture;
use crate::runner::records::files::naming;
use crate::runner::records::record::RecordWriter;
use crate::runner::records::results::{GameRow, SeatUse};
use crate::runner::text::{escape_controls, megabytes};

/// The result of one game.
#[derive(Clone, Debug)]
pub(crate) struct GameReport {
    /// The game's place in the match.
    pub(crate) fixture: Fixture,
    /// The winning seat, `None` for a draw.
    pub(crate) winner: Option<Seat>,
    /// Why the game ended.
    pub(crate) reason: String,
    /// True when the game was lost by a fault (malformed, illegal, timeout, exit, memory...).
    pub(crate) by_fault: bool,
    /// Plies played (accepted moves).
    pub(crate) plies: u32,
    /// What each seat used: its slowest reply, its first (some contests allow more time for
    /// it), its slowest after the first, its peak memory.
    pub(crate) used: [SeatUse; 2],
    /// The plies of the opening the game started from, each with the seat it was played for.
    pub(crate) opening: Vec<(Seat, String)>,
    /// Every accepted reply, trimmed, with its time.
    pub(crate) moves: Vec<(Seat, String, Duration)>,
    /// The game's set-up, when the match may choose one ([`Game::start_with`]).
    pub(crate) setup: Option<String>,
    /// The calls made again (`--game-master`): how many replies had been accepted before each,
    /// the seat, and why the call failed.
    pub(crate) retries: Vec<(usize, Seat, String)>,
}

impl GameReport {
    /// The game's record, between the commands of Player 1 and Player 2 (placeholders filled in).
    pub(crate) fn record(&self, game: &str, commands: &[String; 2]) -> String {
        let mut record = RecordWriter::new(game, [&commands[0], &commands[1]]);
        if let Some(note) = &self.setup {
            record.setup(note);
        }
        for (seat, line) in &self.opening {
            record.opening(*seat, line);
        }
        let mut retries = self.retries.iter().peekable();
        for (i, (seat, line, time)) in self.moves.iter().enumerate() {
            while let Some((_, retry_seat, why)) = retries.next_if(|(before, _, _)| *before == i) {
                record.retry(*retry_seat, why);
            }
            record.ply(*seat, line, *time);
        }
        for (_, seat, why) in retries {
            record.retry(*seat, why);
        }
        record.finish(self.winner, &self.reason)
    }

    /// The game as a results row, with the players' names by seat.
    pub(crate) fn row(&self, kind: &str, names: [String; 2]) -> GameRow {
        GameRow {
            kind: kind.to_string(),
            number: self.fixture.number,
            pair_seed: self.fixture.seed,
            players: names,
            winner: self.winner,
            reason: self.reason.clone(),
            plies: self.plies,
            fault: self.by_fault,
            used: self.used,
        }
    }
}

pub(crate) use crate::runner::text::quote;

/// A reply without the ASCII white space around it (a trailing CR included); other white space
/// is part of the line.
pub(crate) fn trim_reply(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// The verdict for a player that failed to answer.
pub(crate) fn failure_reason(seat: Seat, failure: &Failure, memory_cap: u64) -> String {
    match failure {
        Failure::Timeout(ms) => format!("timeout: {seat} gave no reply within {ms} ms"),
        Failure::Exited(how) => format!("{seat} {how}"),
        Failure::OutOfTurn(line) => out_of_turn(seat, line),
        Failure::LineTooLong => format!(
            "malformed move: {seat} printed a line over {} bytes",
            process::MAX_LINE_BYTES
        ),
        // An interpreter alone may pass a contest's cap (Python 3 holds about 13 MB, Ka-Boom
        // allows 8): the verdict names the option that raises it.
        Failure::Memory(peak) => {
            let (used, cap) = megabytes_apart(*peak, memory_cap);
            format!("memory: {seat} used {used}, over the {cap} cap (--memory-mb raises it)")
        }
        Failure::Io(error) => format!("{seat} could not be run: {error}"),
        Failure::TooManyFiles(count) => format!(
            "help files: {seat} kept {count} files of its own, over the {} allowed",
            process::MAX_OWN_FILES
        ),
        Failure::CannotStart(failure) => format!("{seat} {}", failure.how),
        Failure::NotAFile(how) => format!("{seat} {}", escape_controls(how)),
        Failure::Layout(why) => format!("folder: {seat} damaged its folder: {why}"),
    }
}

/// A peak over the cap and the cap as [`megabytes`], with a second decimal where one would show
/// them equal (`8.04MB` over `8.00MB`, not `8.0MB` over `8.0MB`).
fn megabytes_apart(peak: u64, cap: u64) -> (String, String) {
    let (used, limit) = (megabytes(peak), megabytes(cap));
    if used != limit {
        return (used, limit);
    }
    let mb = |bytes: u64| format!("{:.2}MB", bytes as f64 / (1024.0 * 1024.0));
    (mb(peak), mb(cap))
}

pub(crate) fn out_of_turn(seat: Seat, line: &str) -> String {
    format!(
        "spoke out of turn: {seat} printed {} before it was asked",
        quote(line)
    )
}

/// The players of one game, by seat.
pub(crate) enum Players {
    Stream(Vec<StreamPlayer>),
    Files {
        players: Vec<FilesPlayer>,
        /// True when both play in one folder (`--game-master`).
        shared: bool,
        /// The seat called last, the only one that can have touched the folders since.
        last_called: Option<Seat>,
    },
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
            (
                Players::Files {
                    players,
                    last_called,
                    ..
                },
                Input::Files { files, reply_file },
            ) => {
                let reply = players[seat.index()].call(&files, reply_file, limit);
                *last_called = Some(seat);
                reply
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
            Players::Files { .. } => None,
        }
    }

    /// Who damaged the folder of `seat`, which could not be laid out for its call made just now:
    /// the seat that ran last before it in that folder (its own folder: itself), or no one (the
    /// call was the folder's first, so the trouble is the referee's).
    fn layout_culprit(&self, seat: Seat, previous: Option<Seat>) -> Option<Seat> {
        match self {
            Players::Files { shared: true, .. } => previous,
            Players::Files { .. } => previous.map(|_| seat),
            Players::Stream(_) => None,
        }
    }

    /// What helps a contestant mend `seat` after `failure`, as a tail for its verdict: the last
    /// line of its stderr after an exit or a timeout, and a hint for a stream player that timed
    /// out without a single reply in the game (its output may sit in a buffer).
    fn hints(&mut self, seat: Seat, failure: &Failure) -> String {
        if !matches!(failure, Failure::Timeout(_) | Failure::Exited(_)) {
            return String::new();
        }
        let (last_line, never_replied) = match self {
            Players::Stream(players) => {
                let player = &mut players[seat.index()];
                (player.last_stderr_line(), !player.has_replied())
            }
            Players::Files { players, .. } => (players[seat.index()].last_stderr_line(), false),
        };
        let mut hints = String::new();
        if matches!(failure, Failure::Timeout(_)) && never_replied {
            hints.push_str(
                " (no reply yet in this game: does it flush its output after each move?)",
            );
        }
        if let Some(line) = last_line {
            hints.push_str(&format!("; its stderr ended with {}", quote(&line)));
        }
        hints
    }

    /// The seat called last, before the call being made.
    fn last_called(&self) -> Option<Seat> {
        match self {
            Players::Files { last_called, .. } => *last_called,
            Players::Stream(_) => None,
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
            Players::Files { players, .. } => [players[0].peak_memory(), players[1].peak_memory()],
        }
    }
}

/// Everything a game needs besides the rules.
pub(crate) struct GameSetup<'a> {
    pub(crate) fixture: Fixture,
    /// Commands by seat, placeholders filled in.
    pub(crate) commands: [String; 2],
    /// The players' names by seat.
    pub(crate) names: [String; 2],
    pub(crate) movetime: Duration,
    pub(crate) memory_cap: u64,
    pub(crate) max_plies: Option<u32>,
    pub(crate) record_dir: Option<&'a Path>,
    pub(crate) show: bool,
    /// The plies played by the rules before the players are first asked.
    pub(crate) opening: Vec<String>,
    /// `--game-master`: one shared folder, each player under its own team id, three calls per
    /// turn, and the sides' names swapped in even games.
    pub(crate) game_master: bool,
    /// By seat: set once that player has replied in any game of the match. A player that has
    /// not, and then cannot start, stops the match.
    pub(crate) started: [Arc<AtomicBool>; 2],
    /// Set when the match stops: a game under way is abandoned at its next ply.
    pub(crate) abandon: &'a AtomicBool,
}

/// How a game ended for the match.
pub(crate) enum GameOutcome {
    Played(Box<GameReport>),
    /// Left unfinished because the match stopped.
    Abandoned,
    /// A reason to stop the whole match.
    Stop(MatchError),
}

pub(crate) fn start_players<G: Game>(
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
                        .shared_as(&ids[seat.index()], &ids[seat.other().index()])
                        .map_err(|error| MatchError::Setup(error.to_string()))?,
                    None => player,
                });
            }
            scratch.dedup();
            Ok((
                Players::Files {
                    players,
                    shared: setup.game_master,
                    last_called: None,
                },
                scratch,
            ))
        }
    }
}

/// The team ids of two players sharing a folder: each program's name, unless one starts with the
/// other's (the same program twice), which then gets its seat's number after it (`bot1`,
/// `bot2`), so that neither id starts the other's files.
pub(crate) fn team_ids(commands: &[String; 2]) -> [String; 2] {
    let stem = |command: &str| process::team_id_of(command).unwrap_or_else(|| "team".to_string());
    let ids = [stem(&commands[0]), stem(&commands[1])];
    if ids[0].starts_with(&ids[1]) || ids[1].starts_with(&ids[0]) {
        Seat::BOTH.map(|seat| format!("{}{}", ids[seat.index()], seat.number()))
    } else {
        ids
    }
}

/// Plays one game.
pub(crate) fn play_game<G: Game>(setup: &GameSetup<'_>) -> GameOutcome {
    let mut report = GameReport {
        fixture: setup.fixture,
        winner: None,
        reason: String::new(),
        by_fault: false,
        plies: 0,
        used: [SeatUse::default(); 2],
        opening: Vec::new(),
        moves: Vec::new(),
        setup: None,
        retries: Vec::new(),
    };
    // The contest's game master alternates the side that moves first: in even games Player 1
    // (who moves first) plays under the second side's name.
    let start = if setup.game_master && setup.fixture.number % 2 == 0 {
        Referee::<G>::swapped()
    } else {
        Referee::<G>::new()
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
    // A seat that lost on memory keeps the figure of its verdict: its process, killed later, may
    // have grown meanwhile.
    for (used, finished) in report.used.iter_mut().zip(peaks) {
        if used.peak_bytes == 0 {
            used.peak_bytes = finished;
        }
    }
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
pub(crate) const GAME_MASTER_CALLS: u32 = 3;

/// What one call of a player gave: the game's end if it came, or why the call lost and whether
/// the game master would have called again.
pub(crate) type CallResult = Result<Option<GameEnd>, (String, bool)>;

/// A game being played: its players, its rules, the match's settings and what is recorded.
pub(crate) struct Table<'a, 's, G: Game> {
    players: &'a mut Players,
    game: &'a mut Referee<G>,
    setup: &'a GameSetup<'s>,
    report: &'a mut GameReport,
}

impl<G: Game> Table<'_, '_, G> {
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

    /// A call of `seat` that gave no reply (`previous` the seat called before it): the call's
    /// loss and whether the game master would call again, the other team's loss when it
    /// damaged the shared folder, or an error that stops the match (a player that never
    /// started, a folder no one damaged that cannot be laid out).
    fn call_failed(
        &mut self,
        seat: Seat,
        previous: Option<Seat>,
        failure: Failure,
    ) -> Result<CallResult, MatchError> {
        let side = seat.index();
        match failure {
            Failure::CannotStart(failure) if !self.setup.started[side].load(Ordering::Relaxed) => {
                Err(MatchError::PlayerCannotStart(cannot_start_message(
                    &self.setup.names[side],
                    &self.setup.commands[side],
                    self.setup.fixture.number,
                    &failure,
                )))
            }
            Failure::Layout(why) => match self.players.layout_culprit(seat, previous) {
                // The other team damaged the shared folder after its call: it loses.
                Some(culprit) if culprit != seat => {
                    self.report.by_fault = true;
                    Ok(Ok(Some(GameEnd::win(
                        seat,
                        format!("folder: {culprit} damaged the shared folder: {why}"),
                    ))))
                }
                Some(_) => Ok(Err((
                    failure_reason(seat, &Failure::Layout(why), self.setup.memory_cap),
                    false,
                ))),
                None => Err(MatchError::Setup(why)),
            },
            failure => {
                if let Failure::Memory(peak) = failure {
                    self.report.used[side].peak_bytes = peak;
                }
                let retry = matches!(
                    failure,
                    Failure::Timeout(_)
                        | Failure::Exited(_)
                        | Failure::LineTooLong
                        | Failure::NotAFile(_)
                );
                let hints = self.players.hints(seat, &failure);
                Ok(Err((
                    failure_reason(seat, &failure, self.setup.memory_cap) + &hints,
                    retry,
                )))
            }
        }
    }

    /// One call of [`Table::ask_and_play`], or an error that stops the match.
    fn ask_and_play_once(&mut self, seat: Seat, input: Input) -> Result<CallResult, MatchError> {
        let limit = self.game.time_limit(seat, self.setup.movetime);
        let side = seat.index();
        let started = &self.setup.started[side];
        let previous = self.players.last_called();
        let reply = match self.players.ask(seat, input, limit) {
            Ok(reply) => {
                started.store(true, Ordering::Relaxed);
                reply
            }
            Err(failure) => return self.call_failed(seat, previous, failure),
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
                // The rules' reason may quote the player's bytes: escaped like the quoted line.
                return Ok(Err((
                    format!(
                        "{kind}: {seat} printed {} ({})",
                        quote(line),
                        escape_controls(why)
                    ),
                    true,
                )));
            }
        };
        let first = self.report.moves.iter().all(|(s, _, _)| *s != seat);
        self.report.used[side].count_reply(reply.elapsed, first);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_sharing_a_folder_get_team_ids_that_do_not_start_each_other() {
        let ids = |a: &str, b: &str| team_ids(&[a.to_string(), b.to_string()]);
        assert_eq!(ids("/bin/sh -c x", "/bin/true"), ["sh", "true"]);
        assert_eq!(ids("/bin/sh x", "/bin/sh y"), ["sh1", "sh2"]);
        assert_eq!(ids("/bin/sh", "/bin/sha256sum -c"), ["sh1", "sha256sum2"]);
        assert_eq!(ids("'quoted' prog", "/bin/true"), ["team", "true"]);
    }

    #[test]
    fn a_memory_verdict_never_shows_the_peak_equal_to_the_cap() {
        let mb = 1024 * 1024;
        let reason = |peak| failure_reason(Seat::First, &Failure::Memory(peak), 8 * mb);
        assert_eq!(
            reason(9 * mb + mb / 2),
            "memory: p1 used 9.5MB, over the 8.0MB cap (--memory-mb raises it)"
        );
        assert_eq!(
            reason(8 * mb + mb / 25),
            "memory: p1 used 8.04MB, over the 8.00MB cap (--memory-mb raises it)"
        );
    }

    #[test]
    fn only_ascii_white_space_is_trimmed() {
        assert_eq!(trim_reply(" \t1 0 2 1\r "), "1 0 2 1");
        assert_eq!(trim_reply("1 0 2 1\u{a0}"), "1 0 2 1\u{a0}");
        assert_eq!(trim_reply("\u{3000}1 0"), "\u{3000}1 0");
    }
}
