//! What the bot remembers between its calls, and how it rebuilds the position from the board.
//!
//! The board alone does not show which powers each team has used nor how many moves each has
//! made. So after every move the bot saves, in its help file, the position right after its own
//! move (discs, powers used by both teams, move counts). At the next call it looks for the
//! opponent moves that turn that position into the board it is given: such a move tells which
//! power, if any, the opponent has just used. If several moves explain the board with different
//! powers (a clear-column disc and a clear-neighbours disc dropped into empty surroundings
//! both leave no trace), the opponent is assumed to still hold every power that one of them
//! leaves unused: overestimating the opponent is the safe error.
//!
//! A board that a new game can show is a new game whenever the help file cannot be the bot's
//! previous move of a game in progress: when it does not explain the board, or when it is older
//! than [`STATE_MAX_AGE`] (a file left by an earlier game in a reused directory). A help file
//! written a moment ago that explains such a board as one opponent move (a clear that emptied
//! the board) is the game in progress: the bot keeps its spent powers and its move count.
//!
//! When nothing explains the board (no file, a file from another game or team, a file that does
//! not parse, a board that its saved position cannot reach in one move), the bot rebuilds what
//! it can from the board alone ([`from_board_alone`]) and plays safe:
//! - an empty board for team 1, or a board with one disc (or none) for team 2, is a new game;
//! - otherwise its own clearing powers count as used (it never plays a power it may have spent),
//!   the opponent's as held;
//! - the dual discs on the board are attributed by counting: with no clear played, each team's
//!   discs plus its dual disc equal its moves, which the number of discs and the team to move
//!   give; when the counts show clears, two dual discs mean both are used, one is taken to be
//!   the bot's own (so it never plays a second one), none means neither is used;
//! - if its own dual disc then still seems due, it plays it at once, so that it never misses
//!   the tenth-move deadline whatever its true move count.

use std::fmt;
use std::time::Duration;

use crate::board::{Board, Column, Kind, Move, Team, CLEARING_BITS, DUAL_BIT, DUAL_DEADLINE};
use crate::notation::{format_board, parse_board};

/// The first line of the help file.
pub const MAGIC: &str = "connect4-bot state v1";

/// The state kept between calls: the bot's team and the position right after its own last move
/// (the opponent to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    pub team: Team,
    pub board: Board,
}

/// A help file that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMemoryError(pub String);

impl fmt::Display for ParseMemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad state file: {}", self.0)
    }
}

impl std::error::Error for ParseMemoryError {}

impl Memory {
    /// The help file's text:
    ///
    /// ```text
    /// connect4-bot state v1
    /// team <1|2>
    /// used <mask of team 1> <mask of team 2>     (bit k-1 for power k = 1..4)
    /// moves <moves of team 1> <moves of team 2>
    /// board <42 values as in board.txt>
    /// ```
    pub fn to_text(&self) -> String {
        let b = &self.board;
        format!(
            "{MAGIC}\nteam {}\nused {} {}\nmoves {} {}\nboard {}",
            self.team.number(),
            b.used(Team::One),
            b.used(Team::Two),
            b.moves_made(Team::One),
            b.moves_made(Team::Two),
            format_board(b)
        )
    }

    /// Parses [`Memory::to_text`].
    pub fn parse(text: &str) -> Result<Memory, ParseMemoryError> {
        let err = |why: &str| ParseMemoryError(why.to_string());
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(MAGIC) {
            return Err(err("missing header"));
        }
        let mut field = |name: &str| -> Result<Vec<String>, ParseMemoryError> {
            let line = lines.next().ok_or_else(|| err("truncated"))?;
            let mut words = line.split_whitespace();
            if words.next() != Some(name) {
                return Err(ParseMemoryError(format!("expected '{name}'")));
            }
            Ok(words.map(str::to_string).collect())
        };
        let numbers = |words: Vec<String>, n: usize| -> Result<Vec<u8>, ParseMemoryError> {
            let v: Result<Vec<u8>, _> = words.iter().map(|w| w.parse::<u8>()).collect();
            match v {
                Ok(v) if v.len() == n => Ok(v),
                _ => Err(err("bad numbers")),
            }
        };
        let team = numbers(field("team")?, 1)?;
        let team = Team::from_number(team[0]).ok_or_else(|| err("bad team"))?;
        let used = numbers(field("used")?, 2)?;
        let moves = numbers(field("moves")?, 2)?;
        let board_words = field("board")?;
        let discs =
            parse_board(&board_words.join(" ")).map_err(|e| ParseMemoryError(e.to_string()))?;
        if used.iter().any(|&u| u > 0xF) {
            return Err(err("bad power mask"));
        }
        let board = Board::from_parts(
            discs,
            team.other(),
            [used[0], used[1]],
            [moves[0], moves[1]],
        )
        .ok_or_else(|| err("impossible board"))?;
        Ok(Memory { team, board })
    }
}

/// How the position was rebuilt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inference {
    /// The saved position and one opponent move explain the board; the moves that do (all with
    /// the same result; more than one only when a power leaves no trace).
    Continued(Vec<crate::board::Move>),
    /// The start of a game.
    NewGame,
    /// The saved position and one opponent move that our rules reject (see the crate docs,
    /// "When the judge sends a move our rules reject") explain the board: the moves that do,
    /// applied as given.
    Rejected(Vec<crate::board::Move>),
    /// Rebuilt from the board alone, for this reason.
    BoardAlone(String),
}

/// A help file older than this cannot hold the bot's previous move of the game in progress: the
/// opponent's call between the two is limited to 2 s, and the judge takes a fraction of that.
pub const STATE_MAX_AGE: Duration = Duration::from_secs(10);

/// The position to move from, with a help file just written (see [`reconstruct_aged`]).
pub fn reconstruct(team: Team, discs: [u64; 2], memory: Option<&Memory>) -> (Board, Inference) {
    reconstruct_aged(team, discs, memory, None)
}

/// The position to move from: the board `discs` with `team` to move, the powers and move counts
/// from `memory` when it explains the board, else from the board alone. `state_age` is the time
/// since the help file was written (`None`: unknown, taken as just written).
///
/// A board that a new game can show (see the module docs) is a new game, unless a help file
/// younger than [`STATE_MAX_AGE`] explains it as the opponent's last move: then the game is in
/// progress (the opponent has just cleared the board), and taking it for a new game would make
/// the bot play powers it has spent.
pub fn reconstruct_aged(
    team: Team,
    discs: [u64; 2],
    memory: Option<&Memory>,
    state_age: Option<Duration>,
) -> (Board, Inference) {
    let start = new_game(team, discs);
    let stale = matches!(state_age, Some(age) if age > STATE_MAX_AGE);
    if let (Some(board), true) = (start, stale) {
        return (board, Inference::NewGame);
    }
    let why = match memory {
        None => "no state".to_string(),
        Some(m) if m.team != team => "state of the other team".to_string(),
        Some(m) if m.board.to_move() != team.other() => "state not after own move".to_string(),
        Some(m) => match continue_from(team, discs, &m.board) {
            Some(found) => return found,
            None => "board not reachable from the saved position".to_string(),
        },
    };
    if let Some(board) = start {
        return (board, Inference::NewGame);
    }
    (from_board_alone(team, discs), Inference::BoardAlone(why))
}

/// The opponent moves from `saved` that give `discs`, merged into one position: the legal ones;
/// else the moves our rules reject (a power used twice, a tenth move without the dual disc)
/// that the judge has let through, applied as given.
fn continue_from(team: Team, discs: [u64; 2], saved: &Board) -> Option<(Board, Inference)> {
    if saved.outcome().is_some() {
        return None;
    }
    if let Some((board, moves)) = explain(team, discs, saved, saved.legal_moves().iter()) {
        return Some((board, Inference::Continued(moves)));
    }
    let rejected: Vec<Move> = Kind::ALL
        .iter()
        .flat_map(|&kind| Column::ALL.iter().map(move |&c| Move::new(kind, c)))
        .filter(|&m| saved.check_move_rules(m).is_err() && saved.landing_bit(m.column) != 0)
        .collect();
    explain(team, discs, saved, rejected.iter())
        .map(|(board, moves)| (board, Inference::Rejected(moves)))
}

/// The `candidates` from `saved` that give `discs`, and the position after them (the powers
/// every explanation used counted as used).
fn explain<'a>(
    team: Team,
    discs: [u64; 2],
    saved: &Board,
    candidates: impl Iterator<Item = &'a Move>,
) -> Option<(Board, Vec<Move>)> {
    let opponent = team.other();
    let mut found: Option<Board> = None;
    let mut moves = Vec::new();
    for &m in candidates {
        let child = saved.play(m);
        if [child.discs(Team::One), child.discs(Team::Two)] != discs {
            continue;
        }
        moves.push(m);
        found = Some(match found {
            None => child,
            Some(prev) => {
                // Keep only the powers that every explanation has used.
                let mut used = [prev.used(Team::One), prev.used(Team::Two)];
                used[opponent.index()] &= child.used(opponent);
                Board::from_parts(
                    discs,
                    team,
                    used,
                    [child.moves_made(Team::One), child.moves_made(Team::Two)],
                )?
            }
        });
    }
    found.map(|b| (b, moves))
}

/// The start of a game: an empty board for team 1; for team 2, the board after one move of
/// team 1 (one disc in the bottom row, or none after a power that cleared it, which team 1 is
/// then taken to still hold).
fn new_game(team: Team, discs: [u64; 2]) -> Option<Board> {
    let occupied = discs[0] | discs[1];
    match (team, occupied.count_ones()) {
        (Team::One, 0) => Some(Board::new()),
        (Team::Two, 0) => Board::from_parts(discs, Team::Two, [0, 0], [1, 0]),
        (Team::Two, 1)
            if occupied & crate::board::row_mask(0) != 0 && discs[1] & !discs[0] == 0 =>
        {
            let used_one = if discs[0] & discs[1] != 0 {
                DUAL_BIT
            } else {
                0
            };
            Board::from_parts(discs, Team::Two, [used_one, 0], [1, 0])
        }
        _ => None,
    }
}

/// The position rebuilt from the board alone, playing safe (see the module docs).
pub fn from_board_alone(team: Team, discs: [u64; 2]) -> Board {
    let me = team.index();
    let them = team.other().index();
    let only = [
        (discs[0] & !discs[1]).count_ones() as i32,
        (discs[1] & !discs[0]).count_ones() as i32,
    ];
    let duals = (discs[0] & discs[1]).count_ones() as i32;
    let total = only[0] + only[1] + duals;
    // With no clear played: plies = discs, and team 1 is to move after an even number of them.
    let parity_fits = (total % 2 == 0) == (team == Team::One);
    let moves_one = (total + 1) / 2;
    let moves = [moves_one, total - moves_one];
    let extra = [moves[0] - only[0], moves[1] - only[1]];
    let counted =
        parity_fits && extra.iter().all(|&d| d == 0 || d == 1) && extra[0] + extra[1] == duals;
    let (my_dual, their_dual) = if counted {
        (extra[me] == 1, extra[them] == 1)
    } else {
        match duals {
            0 => (false, false),
            1 => (true, false),
            _ => (true, true),
        }
    };
    let mut used = [0u8; 2];
    used[me] = CLEARING_BITS | if my_dual { DUAL_BIT } else { 0 };
    used[them] = if their_dual { DUAL_BIT } else { 0 };
    let mut counts = [0u8; 2];
    counts[me] = if my_dual {
        moves[me].clamp(0, 200) as u8
    } else {
        DUAL_DEADLINE
    };
    counts[them] = moves[them].clamp(0, i32::from(DUAL_DEADLINE) - 1) as u8;
    Board::from_parts(discs, team, used, counts).unwrap_or_else(|| {
        // `discs` came from a parsed board, which is always compact; keep a legal fallback.
        Board::new()
    })
}
