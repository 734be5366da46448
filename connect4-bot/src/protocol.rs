//! One call of the contest: read `team_no.txt` and `board.txt` from the working directory,
//! rebuild the position with the help file, choose a move, write `output.txt` (`t c`), save the
//! help file, return.
//!
//! The help file is `<id>.txt`, `<id>` being the team id: the file name of the executable
//! without its extension. It is written to `<id>.tmp` first and renamed, so that a call killed
//! half-way never leaves a truncated state behind (two help files at most, of the five allowed;
//! the old file is removed before the rename, see `save`).
//! Nothing is printed on stdout; diagnostics go to stderr.

use common::cli::BotInfo;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use common::cli::BotOptions;
use common::clock::Deadline;
use common::io::log;

use crate::board::{Board, Column, Kind, Move, Team};
use crate::engine;
use crate::notation::{parse_board, parse_team};
use crate::state::{reconstruct, Inference, Memory};

use crate::notation::{
    BOARD_FILE_NAME as BOARD_FILE, OUTPUT_FILE_NAME as OUTPUT_FILE, TEAM_FILE_NAME as TEAM_FILE,
};

/// The contest's time limit per call, in ms.
pub const MOVE_LIMIT_MS: u64 = 2000;

/// What `--help` says of this bot.
pub const BOT: BotInfo = BotInfo {
    name: "connect4-bot",
    protocol: "one call per move in the working directory: reads `team_no.txt` and `board.txt`, writes `output.txt` = `t c`",
    limit: "2000 ms per call, 20 MB",
    default_movetime: "1200 ms per call",
    solver: None,
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

/// The contest entry: one move in the current directory. Always returns (exit status 0).
pub fn run(options: &BotOptions) {
    let deadline = engine::deadline(options);
    if let Err(e) = play_in(Path::new("."), &team_id(), options, deadline) {
        log(&format!("connect4-bot: {e}"));
    }
}

/// One call in `dir`: returns the move written to `output.txt`.
pub fn play_in(dir: &Path, id: &str, options: &BotOptions, deadline: Deadline) -> io::Result<Move> {
    let memory = load(dir, id);
    let board_text = fs::read_to_string(dir.join(BOARD_FILE));
    let discs = match board_text.as_deref().map(parse_board) {
        Ok(Ok(discs)) => Some(discs),
        Ok(Err(e)) => {
            log(&format!("{BOARD_FILE}: {e}"));
            None
        }
        Err(e) => {
            log(&format!("{BOARD_FILE}: {e}"));
            None
        }
    };
    let team = match fs::read_to_string(dir.join(TEAM_FILE)).map(|t| parse_team(&t)) {
        Ok(Ok(team)) => team,
        other => {
            log(&format!(
                "{TEAM_FILE} unreadable ({other:?}); guessing the team"
            ));
            guess_team(discs, memory.as_ref())
        }
    };
    let board = match discs {
        Some(discs) => {
            let (board, inference) = reconstruct(team, discs, memory.as_ref());
            match &inference {
                Inference::Continued(moves) => {
                    let list: Vec<String> = moves.iter().map(Move::to_string).collect();
                    log(&format!("opponent played {}", list.join(" or ")));
                }
                Inference::NewGame => log("new game"),
                Inference::BoardAlone(why) => {
                    log(&format!("{why}: rebuilding from the board alone"))
                }
            }
            board
        }
        // No usable board: the saved position is the best guess there is.
        None => memory
            .filter(|m| m.team == team)
            .and_then(|m| {
                let b = m.board;
                Board::from_parts(
                    [b.discs(Team::One), b.discs(Team::Two)],
                    team,
                    [b.used(Team::One), b.used(Team::Two)],
                    [b.moves_made(Team::One), b.moves_made(Team::Two)],
                )
            })
            .unwrap_or_default(),
    };
    let chosen = engine::choose(&board, options, deadline)
        .or_else(|| board.moves_ignoring_end().as_slice().first().copied())
        .unwrap_or(Move::new(Kind::Normal, Column::CENTRE_FIRST[0]));
    fs::write(dir.join(OUTPUT_FILE), format!("{chosen}\n"))?;
    save(
        dir,
        id,
        &Memory {
            team,
            board: board.play(chosen),
        },
    )?;
    Ok(chosen)
}

/// The temporary help file, renamed to the real one once complete.
fn temp_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.tmp"))
}

/// Writes the help file through a temporary file and a rename. The old file is removed before
/// the rename rather than replaced by it: on ext4, replacing a file by a rename (or truncating
/// it) makes the kernel flush the new data at once, which can stall a call for seconds on a busy
/// disk. A call killed between the removal and the rename leaves the temporary file, which
/// `load` reads instead.
fn save(dir: &Path, id: &str, memory: &Memory) -> io::Result<()> {
    let tmp = temp_path(dir, id);
    let _ = fs::remove_file(&tmp);
    fs::write(&tmp, memory.to_text())?;
    let path = state_path(dir, id);
    let _ = fs::remove_file(&path);
    fs::rename(&tmp, path)
}

/// The saved state: the help file, else a complete temporary file.
fn load(dir: &Path, id: &str) -> Option<Memory> {
    let text = fs::read_to_string(state_path(dir, id))
        .or_else(|_| fs::read_to_string(temp_path(dir, id)))
        .ok()?;
    match Memory::parse(&text) {
        Ok(m) => Some(m),
        Err(e) => {
            log(&format!("ignoring the state file: {e}"));
            None
        }
    }
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
