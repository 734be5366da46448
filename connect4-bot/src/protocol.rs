//! One call of the contest: read `team_no.txt` and `board.txt` from the working directory,
//! rebuild the position with the help file, correct its counts with the game master's
//! `moves.txt` and `opponent_move.txt` when both are there and agree with the board, choose a
//! move, write `output.txt` (`t c`), save the help file, return.
//!
//! The help file is `<id>.txt`, `<id>` being the team id: the file name of the executable
//! without its extension, with a backup `<id>.bak` (two help files, of the five allowed).
//! Nothing is printed on stdout; diagnostics go to stderr, in one write at the end of the call
//! ([`CallLog`]).
//!
//! # A call never waits long
//!
//! Each step of a call is bounded, whatever the files hold and however busy the machine is:
//! - reading: each file is read only if it is a regular file of at most [`MAX_FILE_BYTES`];
//! - the search polls its clock every few thousand nodes and stops at the hard budget;
//! - writing: `output.txt` first, then the help file and its backup written over in place (see
//!   `save`): three small writes, no truncation, no rename, no `fsync`;
//! - logging: one write of at most [`MAX_LOG_BYTES`] at the very end, never during the search.

use common::cli::{BotInfo, Contest, Solver};
use common::game::Board as _;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use common::cli::BotOptions;
use common::clock::Deadline;

use crate::board::{Board, Column, Kind, Move, Team};
use crate::engine::{self, Engine};
pub use crate::engine::{CallLog, MAX_LOG_BYTES};
use crate::notation::{parse_board, parse_moves_file, parse_opponent_file, parse_team};
use crate::state::{rebuild, with_contest_counts, ContestCounts, Inference, Memory, Rebuilt};

use crate::notation::{
    BOARD_FILE_NAME as BOARD_FILE, MOVES_FILE_NAME as MOVES_FILE,
    OPPONENT_FILE_NAME as OPPONENT_FILE, OUTPUT_FILE_NAME as OUTPUT_FILE,
    TEAM_FILE_NAME as TEAM_FILE,
};

/// The contest's limits, as `--help` quotes them and the referee plays by them: 2 s per call and
/// no memory limit, for the statement gives none and its game master measured none (the
/// referee's default cap is then its own generous one; our bot stays under 20 MB).
pub const CONTEST: Contest = Contest::timing("call", Duration::from_millis(2000));

/// The bot: what `--help` says of it, and what its `main` runs.
pub const BOT: BotInfo = common::bot_info! {
    name: engine::BOT_NAME,
    protocol: "one call per move in the working directory: reads `team_no.txt` and `board.txt`, writes `output.txt` = `t c`",
    contest: CONTEST,
    solver: Solver {
        arguments: "[--weak] [--table-mb N]",
        run: crate::solver::main,
    },
};

/// The team id: the executable's file name without its extension (`connect4-bot` when it
/// cannot be found).
pub fn team_id() -> String {
    let from_arg = std::env::args_os().next().map(PathBuf::from);
    let from_exe = std::env::current_exe().ok();
    from_arg
        .into_iter()
        .chain(from_exe)
        .find_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "connect4-bot".to_string())
}

/// The help file of team id `id` in `dir`.
pub fn state_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.txt"))
}

/// The most bytes the bot reads of any file it is given: `board.txt` is 42 small integers (a
/// few hundred bytes), the help file as much again. A longer file is malformed, unread.
pub const MAX_FILE_BYTES: u64 = 4096;

/// The help file is written over in place, padded to this many bytes, so that saving it never
/// creates, truncates or renames a file once it exists (see `save`).
pub const STATE_FILE_BYTES: usize = 320;

/// The contest entry: one move in the current directory. Always returns (exit status 0).
pub fn run(options: &BotOptions) {
    let mut engine = Engine::new(options);
    let deadline = engine.deadline(Instant::now());
    let mut log = CallLog::default();
    if let Err(e) = play_in(Path::new("."), &team_id(), &mut engine, deadline, &mut log) {
        log.warn(&format!("{OUTPUT_FILE} not written: {e}"));
    }
    log.flush();
}

/// Why an input file was not read.
#[derive(Debug)]
pub enum ReadFileError {
    /// Missing or unreadable.
    Io(io::Error),
    /// Not a regular file (a directory, or a pipe, whose opening could block the call).
    NotAFile,
    /// Longer than [`MAX_FILE_BYTES`]: malformed, and not read.
    TooLong(u64),
}

impl std::fmt::Display for ReadFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadFileError::Io(e) => write!(f, "{e}"),
            ReadFileError::NotAFile => write!(f, "not a regular file"),
            ReadFileError::TooLong(n) => {
                write!(
                    f,
                    "{n} bytes or more, over the {MAX_FILE_BYTES} a valid file can hold"
                )
            }
        }
    }
}

/// The text of the file at `path`, if it is a regular file of at most [`MAX_FILE_BYTES`]; never
/// more than that is read, whatever the file holds. Bytes that are not UTF-8 are replaced (the
/// parsers then reject them); a byte-order mark (U+FEFF), which a game master on Windows may
/// write at the start of a file, is read as white space wherever it is.
pub fn read_bounded(path: &Path) -> Result<String, ReadFileError> {
    let meta = fs::metadata(path).map_err(ReadFileError::Io)?;
    if !meta.is_file() {
        return Err(ReadFileError::NotAFile);
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ReadFileError::TooLong(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    fs::File::open(path)
        .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(ReadFileError::Io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        // The file grew after its size was read.
        return Err(ReadFileError::TooLong(bytes.len() as u64));
    }
    Ok(String::from_utf8_lossy(&bytes).replace('\u{FEFF}', " "))
}

/// One call in `dir`: returns the move written to `output.txt`. Every step is bounded: the
/// files read are at most [`MAX_FILE_BYTES`] each, the search stops by `deadline`, and the call
/// writes two small files (`output.txt` first) and nothing else; `log` is written by the caller.
pub fn play_in(
    dir: &Path,
    id: &str,
    engine: &mut Engine,
    deadline: Deadline,
    log: &mut CallLog,
) -> io::Result<Move> {
    let (memory, state_age) = load(dir, id, log);
    let discs = read_board(dir, log);
    let team = read_team(dir, discs, memory.as_ref(), log);
    let (board, dual_in_doubt) = match discs {
        Some(discs) => position_from_board(dir, team, discs, memory.as_ref(), state_age, log),
        None => position_from_memory(team, memory.as_ref()),
    };
    if dual_in_doubt {
        log.line(
            "own dual disc in doubt (a new game, or spent in the game in progress): kept for \
             the tenth move",
        );
    }
    // A dual disc in doubt is played only when the new game's reading forces it: until then the
    // search sees it spent, so every move it chooses is legal in both readings.
    let searched_board = if dual_in_doubt && !board.dual_forced() {
        without_own_dual(&board)
    } else {
        board
    };
    let chosen = engine
        .choose(&searched_board, log, deadline)
        .or_else(|| board.moves_ignoring_end().first().copied())
        .unwrap_or(Move::new(Kind::Normal, Column::CENTRE_FIRST[0]));
    let searched = deadline.elapsed();
    write_output(dir, chosen)?;
    let after = Memory {
        team,
        board: board.play(chosen),
        dual_in_doubt: dual_in_doubt && chosen.kind != Kind::Dual,
    };
    save(dir, id, &after, log);
    log_played(chosen, deadline, searched, log);
    Ok(chosen)
}

/// The discs of `board.txt`, or `None` (with a warning) when it cannot be read or parsed.
fn read_board(dir: &Path, log: &mut CallLog) -> Option<[u64; 2]> {
    let parsed = read_bounded(&dir.join(BOARD_FILE))
        .map_err(|e| e.to_string())
        .and_then(|text| parse_board(&text).map_err(|e| e.to_string()));
    match parsed {
        Ok(discs) => Some(discs),
        Err(e) => {
            log.warn(&format!("{BOARD_FILE}: {e}"));
            None
        }
    }
}

/// The team of `team_no.txt`, or a guess from the board and the memory (with a warning).
fn read_team(
    dir: &Path,
    discs: Option<[u64; 2]>,
    memory: Option<&Memory>,
    log: &mut CallLog,
) -> Team {
    let parsed = read_bounded(&dir.join(TEAM_FILE))
        .map_err(|e| e.to_string())
        .and_then(|text| parse_team(&text).map_err(|e| e.to_string()));
    parsed.unwrap_or_else(|e| {
        log.warn(&format!("{TEAM_FILE}: {e}; guessing the team"));
        guess_team(discs, memory)
    })
}

/// The position the board shows, rebuilt with the memory of the last call and settled by the
/// game master's files where they fit; with whether our dual disc is in doubt.
fn position_from_board(
    dir: &Path,
    team: Team,
    discs: [u64; 2],
    memory: Option<&Memory>,
    state_age: Option<Duration>,
    log: &mut CallLog,
) -> (Board, bool) {
    let Rebuilt {
        board,
        inference,
        dual_in_doubt,
    } = rebuild(team, discs, memory, state_age);
    // The game master's counts, when they fit the board, settle what the inference could not:
    // an opponent move our memory cannot explain is then no warning.
    let settled = read_contest_counts(dir, log).map(|counts| with_contest_counts(&board, counts));
    let counts_fit = matches!(settled, Some(Ok(_)));
    log_inference(&inference, memory, counts_fit, log);
    match settled {
        // The game master's counts settle the dual disc too.
        Some(Ok(counted)) => {
            if counted != board {
                log.line(&format!(
                    "{MOVES_FILE} and {OPPONENT_FILE} correct the rebuilt counts: \
                     own moves {} powers {:04b}, opponent's moves {} powers {:04b}",
                    board.moves_made(team),
                    board.used(team),
                    board.moves_made(team.other()),
                    board.used(team.other())
                ));
            }
            (counted, false)
        }
        Some(Err(why)) => {
            log.warn(&format!(
                "{MOVES_FILE} and {OPPONENT_FILE} ignored: they disagree with the board ({why})"
            ));
            (board, dual_in_doubt)
        }
        None => (board, dual_in_doubt),
    }
}

/// What the rebuild made of the board, in the call's log.
fn log_inference(
    inference: &Inference,
    memory: Option<&Memory>,
    counts_fit: bool,
    log: &mut CallLog,
) {
    let list = |moves: &[Move]| -> String {
        let names: Vec<String> = moves.iter().map(Move::to_string).collect();
        names.join(" or ")
    };
    match inference {
        Inference::Continued(moves) => log.line(&format!("opponent played {}", list(moves))),
        Inference::Rejected(moves) => {
            let why: Vec<String> = moves
                .iter()
                .map(|&m| match memory.map(|s| s.board.check_move_rules(m)) {
                    Some(Err(e)) => format!("{m} ({e})"),
                    _ => m.to_string(),
                })
                .collect();
            let text = format!(
                "the board shows an opponent move our rules reject, {}; applied as given",
                why.join(" or ")
            );
            if counts_fit {
                log.line(&format!("{text}, and {MOVES_FILE} settles the counts"));
            } else {
                log.warn(&text);
            }
        }
        Inference::NewGame => log.line("new game"),
        Inference::EitherGame(moves) => log.line(&format!(
            "a new game, or the opponent played {}: taking what is legal in both",
            list(moves)
        )),
        Inference::BoardAlone(why) => log.warn(&format!("{why}: rebuilding from the board alone")),
    }
}

/// No usable board: the saved position is the best guess there is (an empty board without one).
fn position_from_memory(team: Team, memory: Option<&Memory>) -> (Board, bool) {
    let ours = memory.filter(|m| m.team == team);
    let dual_in_doubt = ours.is_some_and(|m| m.dual_in_doubt);
    let board = ours
        .and_then(|m| {
            let b = m.board;
            Board::from_parts(
                [b.discs(Team::One), b.discs(Team::Two)],
                team,
                [b.used(Team::One), b.used(Team::Two)],
                [b.moves_made(Team::One), b.moves_made(Team::Two)],
            )
        })
        .unwrap_or_default();
    (board, dual_in_doubt)
}

/// The call's last line: the move, the time it took, and how long the files took after it.
fn log_played(chosen: Move, deadline: Deadline, searched: Duration, log: &mut CallLog) {
    let scheduling = match scheduler_times() {
        Some((running, waiting)) => format!(
            "; on a core {} ms, waiting for one {} ms",
            running.as_millis(),
            waiting.as_millis()
        ),
        None => String::new(),
    };
    log.line(&format!(
        "played {chosen} after {} ms (files written in {} ms{scheduling})",
        deadline.elapsed().as_millis(),
        deadline.elapsed().saturating_sub(searched).as_millis()
    ));
}

/// `board` with the team to move's dual disc counted as spent.
fn without_own_dual(board: &Board) -> Board {
    let team = board.side_to_move();
    let mut used = [board.used(Team::One), board.used(Team::Two)];
    used[team.index()] |= crate::board::DUAL_BIT;
    Board::from_parts(
        [board.discs(Team::One), board.discs(Team::Two)],
        team,
        used,
        [board.moves_made(Team::One), board.moves_made(Team::Two)],
    )
    .unwrap_or(*board)
}

/// The game master's `moves.txt` and `opponent_move.txt`, when both are there and parse; the
/// values read are logged (`read moves.txt ...`), and a file that is there but unusable is
/// ignored with a warning.
fn read_contest_counts(dir: &Path, log: &mut CallLog) -> Option<ContestCounts> {
    let read = |name: &str, log: &mut CallLog| match read_bounded(&dir.join(name)) {
        Ok(text) => Some(text),
        Err(ReadFileError::Io(e)) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => {
            log.warn(&format!("{name} ignored: {e}"));
            None
        }
    };
    let moves = read(MOVES_FILE, log);
    let opponent = read(OPPONENT_FILE, log);
    let (moves, opponent) = match (moves, opponent) {
        (Some(moves), Some(opponent)) => (moves, opponent),
        (None, None) => return None,
        (Some(_), None) => {
            log.warn(&format!(
                "{MOVES_FILE} ignored: no {OPPONENT_FILE} beside it"
            ));
            return None;
        }
        (None, Some(_)) => {
            log.warn(&format!(
                "{OPPONENT_FILE} ignored: no {MOVES_FILE} beside it"
            ));
            return None;
        }
    };
    let parsed = parse_moves_file(&moves)
        .map_err(|e| format!("{MOVES_FILE}: {e}"))
        .and_then(|own| {
            parse_opponent_file(&opponent)
                .map(|theirs| (own, theirs))
                .map_err(|e| format!("{OPPONENT_FILE}: {e}"))
        });
    match parsed {
        Ok(((moves, used), opponent_used)) => {
            let flags = |mask: u8| -> String {
                (0..4)
                    .map(|k| if mask & (1 << k) != 0 { " 1" } else { " 0" })
                    .collect()
            };
            log.line(&format!(
                "read {MOVES_FILE} '{moves}{}' {OPPONENT_FILE} '{}'",
                flags(used),
                &flags(opponent_used)[1..]
            ));
            Some(ContestCounts {
                moves,
                used,
                opponent_used,
            })
        }
        Err(why) => {
            log.warn(&format!("{why}; both ignored"));
            None
        }
    }
}

/// How long this process has run on a core and waited in the run queue for one, from Linux's
/// `/proc/self/schedstat`; `None` where it does not exist. A reply much slower than its budget
/// with a long wait here was held up by a busy machine, not by the bot.
fn scheduler_times() -> Option<(Duration, Duration)> {
    let text = read_bounded(Path::new("/proc/self/schedstat")).ok()?;
    let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
    let running = fields.next()??;
    let waiting = fields.next()??;
    Some((Duration::from_nanos(running), Duration::from_nanos(waiting)))
}

/// Writes `output.txt`. A file left there is removed first rather than truncated: on ext4,
/// truncating a file and writing it again makes the kernel flush it when it is closed, which
/// can stall a call on a busy disk.
fn write_output(dir: &Path, chosen: Move) -> io::Result<()> {
    let path = dir.join(OUTPUT_FILE);
    if fs::symlink_metadata(&path).is_ok() {
        let _ = fs::remove_file(&path);
    }
    fs::write(path, format!("{chosen}\n"))
}

/// Saves the help file and its backup (the same text), each written over in place, padded to
/// [`STATE_FILE_BYTES`]: once the files exist, a call neither creates, truncates nor renames a
/// file, each of which is a journalled change that can wait on a busy disk (and on ext4,
/// truncating or renaming over a file flushes it at once). Each write is one small `write` into
/// one page, which a killed call does not tear. The backup lets the bot keep its powers and move
/// count when the help file is deleted or damaged between calls, so each file is written even
/// when the other cannot be (a directory by its name, a file the bot may not write), with a
/// warning in `log` for each that is not.
fn save(dir: &Path, id: &str, memory: &Memory, log: &mut CallLog) {
    let mut text = memory.to_text().into_bytes();
    if text.len() < STATE_FILE_BYTES {
        // Blank padding: `Memory::parse` ignores what follows the board line.
        text.resize(STATE_FILE_BYTES - 1, b' ');
        text.push(b'\n');
    }
    for path in [state_path(dir, id), backup_path(dir, id)] {
        if let Err(e) = write_in_place(&path, &text) {
            log.warn(&format!("{} not saved: {e}", path.display()));
        }
    }
}

/// Writes `text` at the start of the file at `path` (created if missing), without truncating
/// it, and cuts a longer file to size (never to zero). Something else by that name (a pipe,
/// whose opening would wait for a reader) is removed first.
fn write_in_place(path: &Path, text: &[u8]) -> io::Result<()> {
    if let Ok(meta) = fs::symlink_metadata(path) {
        if !meta.is_file() {
            fs::remove_file(path)?;
        }
    }
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    if file.metadata()?.len() > text.len() as u64 {
        file.set_len(text.len() as u64)?;
    }
    file.write_all(text)
}

/// The backup of the help file: `<id>.bak`.
fn backup_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.bak"))
}

/// The saved state and the time since it was saved: the help file's, else its backup's (when
/// the help file is missing or does not parse).
fn load(dir: &Path, id: &str, log: &mut CallLog) -> (Option<Memory>, Option<Duration>) {
    for path in [state_path(dir, id), backup_path(dir, id)] {
        let text = match read_bounded(&path) {
            Ok(text) => text,
            Err(ReadFileError::Io(e)) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => {
                log.warn(&format!("ignoring {}: {e}", path.display()));
                continue;
            }
        };
        match Memory::parse(&text) {
            Ok(m) => {
                let age = fs::metadata(&path)
                    .and_then(|meta| meta.modified())
                    .ok()
                    .and_then(|saved| SystemTime::now().duration_since(saved).ok());
                return (Some(m), age);
            }
            Err(e) => log.warn(&format!("ignoring {}: {e}", path.display())),
        }
    }
    (None, None)
}

/// The team when `team_no.txt` cannot be read: the saved one, else the parity of the discs.
fn guess_team(discs: Option<[u64; 2]>, memory: Option<&Memory>) -> Team {
    if let Some(m) = memory {
        return m.team;
    }
    match discs {
        Some(d) if (d[0] | d[1]).count_ones() % 2 == 1 => Team::Two,
        _ => Team::One,
    }
}
