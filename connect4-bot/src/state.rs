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
//! previous move of a game in progress: when it does not explain the board, when only a move our
//! rules reject explains it (a new game needs none), or when it is older than [`STATE_MAX_AGE`]
//! (a file left by an earlier game in a reused directory).
//!
//! # Either game
//!
//! A help file written a moment ago can also explain such a board as one opponent move: a clear
//! that emptied the board or left one disc in its bottom row, or a disc dropped after the bot's
//! own clear emptied it. Then the board is either the game in progress or a new game in the same
//! folder, after a game that ended or was abandoned (a judge stops a game when a bot fails, and
//! the other bot's help file stays mid-game). The game master's `moves.txt` settles it (see
//! [`with_contest_counts`]); without it nothing on the board does, and the bot takes what is
//! legal under both readings:
//! - its clears spent in the game in progress count as spent (never playing them is legal in
//!   both), and the opponent holds every clear;
//! - its dual disc, when the game in progress still holds it, is held, with that game's move
//!   count (the earlier deadline).
//!
//! The readings conflict over its dual disc when the game in progress has spent it (a new game
//! must play it by its tenth move, the old one must never play it again), and over the
//! opponent's dual disc (a duty by its tenth move as well as a power). There one reading is
//! taken, chosen for the judge that writes no `moves.txt`, the statement's own, which always
//! starts with team 1:
//! - a new game when the opponent could have won or drawn the old game with its move: an
//!   opponent that plays to win takes that rather than clear the board;
//! - a new game when a game started by team 1 shows this board at this call (an empty board for
//!   team 1; for team 2, team 1's first disc or an empty board) and only a clear of the
//!   opponent's continues the old game: a new game after an unfinished one comes whenever that
//!   judge stops a game (a bot that fails ends it, and the other's help file stays mid-game);
//! - else the game in progress: a plain disc dropped after the bot's own emptying clear (a new
//!   game would need the old one stopped right after that clear), or a board that only a game
//!   started by team 2 shows, which that judge never plays.
//!
//! A dual disc that the new game holds and the game in progress has spent stays in doubt
//! ([`Memory::dual_in_doubt`], kept in the help file): the bot does not play it before its tenth
//! move by the new game's count, so every move until then is legal in both readings. The doubt
//! ends when the opponent's tenth move by the new game's count is not its dual disc (the new
//! game forbids that; the game in progress, where the opponent has spent it, allows it): the
//! game is in progress and the bot's dual disc spent. Otherwise the tenth move is the dual disc.
//!
//! So, in a kept folder without `moves.txt`, the bot can still play a second dual disc when an
//! opponent empties the board (or, for team 2, leaves one disc of team 1's) after the bot's dual
//! disc, and the game reaches the bot's tenth move after that without the opponent's dual disc
//! telling the readings apart (team 1's tenth move comes before team 2's, so team 2 learns it
//! from team 1's, and team 1 never from team 2's); and a judge that starts team 2 without writing
//! `moves.txt`, after a game it stopped, can make team 1 skip its dual disc. The game master, the
//! one judge that starts team 2, writes the files, which settle both.
//!
//! When nothing explains the board (no file, a file from another game or team, a file that does
//! not parse, a board that its saved position cannot reach in one move), the bot rebuilds what
//! it can from the board alone ([`from_board_alone`]) and plays safe:
//! - an empty board, or a board with one bottom disc of the opponent's (or a dual disc), is a
//!   new game, whichever team's turn it is: either team may move first;
//! - otherwise its own clearing powers count as used (it never plays a power it may have spent),
//!   the opponent's as held;
//! - the dual discs on the board are attributed by counting: with no clear played, each team's
//!   discs plus its dual disc equal its moves, and the team to move has made half the plies
//!   (rounded down, whichever team moved first); when the counts show clears, two dual discs mean both are used, one is taken to be
//!   the bot's own (so it never plays a second one), none means neither is used;
//! - if its own dual disc then still seems due, it plays it at once, so that it never misses
//!   the tenth-move deadline whatever its true move count.

use common::game::Board as _;
use std::time::Duration;

use crate::board::{
    Board, Column, Kind, Move, Outcome, Team, CLEARING_BITS, DUAL_BIT, DUAL_DEADLINE,
};
use crate::notation::{format_board, parse_board};

/// The first line of the help file.
pub const MAGIC: &str = "connect4-bot state v1";

/// The state kept between calls: the bot's team and the position right after its own last move
/// (the opponent to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    pub team: Team,
    pub board: Board,
    /// The board holds the bot's dual disc as a new game does, but it may be the game in
    /// progress, which has spent it (see the module docs, "Either game"): the bot keeps it for
    /// its tenth move.
    pub dual_in_doubt: bool,
}

crate::notation::message_error!(
    /// A help file that does not parse.
    ParseMemoryError,
    "bad state file: {}"
);

impl Memory {
    /// The help file's text:
    ///
    /// ```text
    /// connect4-bot state v1
    /// team <1|2>
    /// used <mask of team 1> <mask of team 2>     (bit k-1 for power k = 1..4)
    /// moves <moves of team 1> <moves of team 2>
    /// board <42 values as in board.txt>
    /// doubt <0|1>                                 (the dual disc in doubt; optional, 0 if absent)
    /// ```
    pub fn to_text(&self) -> String {
        let b = &self.board;
        format!(
            "{MAGIC}\nteam {}\nused {} {}\nmoves {} {}\nboard {}\ndoubt {}",
            self.team.number(),
            b.used(Team::One),
            b.used(Team::Two),
            b.moves_made(Team::One),
            b.moves_made(Team::Two),
            format_board(b).trim_end(),
            u8::from(self.dual_in_doubt)
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
        let doubt: Vec<&str> = lines
            .next()
            .map_or(Vec::new(), |l| l.split_whitespace().collect());
        let dual_in_doubt = match doubt.as_slice() {
            ["doubt", "0"] => false,
            ["doubt", "1"] => true,
            ["doubt", ..] => return Err(err("bad doubt")),
            _ => false,
        };
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
        Ok(Memory {
            team,
            board,
            dual_in_doubt,
        })
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
    /// The board is the start of a new game, and also the saved position after one of these
    /// opponent moves (a clear that emptied the board, or a disc after the bot's own clear did):
    /// the two readings merged (see the module docs, "Either game").
    EitherGame(Vec<crate::board::Move>),
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
/// younger than [`STATE_MAX_AGE`] explains it as the opponent's last move, within our rules:
/// then it may be the game in progress, and the two readings are merged (see the module docs,
/// "Either game").
pub fn reconstruct_aged(
    team: Team,
    discs: [u64; 2],
    memory: Option<&Memory>,
    state_age: Option<Duration>,
) -> (Board, Inference) {
    let rebuilt = rebuild(team, discs, memory, state_age);
    (rebuilt.board, rebuilt.inference)
}

/// The position a call moves from, how it was found, and whether the bot's own dual disc is in
/// doubt (see [`Memory::dual_in_doubt`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rebuilt {
    pub board: Board,
    pub inference: Inference,
    pub dual_in_doubt: bool,
}

/// [`reconstruct_aged`], with the doubt over the bot's own dual disc: raised where the two
/// readings of either game conflict over it and the new game's is taken, kept from the help
/// file while the game goes on, and settled for the game in progress when the opponent's tenth
/// move by the new game's count is not its dual disc (the new game would have forbidden it; the
/// game in progress, where the opponent has spent it, allows it).
pub fn rebuild(
    team: Team,
    discs: [u64; 2],
    memory: Option<&Memory>,
    state_age: Option<Duration>,
) -> Rebuilt {
    let (mut board, inference, conflict) = read_board(team, discs, memory, state_age);
    let kept = memory.is_some_and(|m| m.team == team && m.dual_in_doubt);
    let mut dual_in_doubt = match &inference {
        Inference::EitherGame(_) => conflict || kept,
        Inference::Continued(_) => kept,
        Inference::Rejected(moves) => {
            let skipped_dual = memory.is_some_and(|m| m.board.dual_forced())
                && moves.iter().all(|m| m.kind != Kind::Dual);
            if kept && skipped_dual {
                let mut used = [board.used(Team::One), board.used(Team::Two)];
                used[team.index()] |= DUAL_BIT;
                let counts = [board.moves_made(Team::One), board.moves_made(Team::Two)];
                board = Board::from_parts(discs, team, used, counts).unwrap_or(board);
                false
            } else {
                kept
            }
        }
        Inference::NewGame | Inference::BoardAlone(_) => false,
    };
    dual_in_doubt &= board.holds(team, Kind::Dual);
    Rebuilt {
        board,
        inference,
        dual_in_doubt,
    }
}

/// The body of [`reconstruct_aged`], and whether either game's readings conflicted over the bot's
/// own dual disc and the new game's was taken.
fn read_board(
    team: Team,
    discs: [u64; 2],
    memory: Option<&Memory>,
    state_age: Option<Duration>,
) -> (Board, Inference, bool) {
    let start = new_game(team, discs);
    let stale = matches!(state_age, Some(age) if age > STATE_MAX_AGE);
    if let (Some(board), true) = (start, stale) {
        return (board, Inference::NewGame, false);
    }
    let why = match memory {
        None => "no state".to_string(),
        Some(m) if m.team != team => "state of the other team".to_string(),
        Some(m) if m.board.side_to_move() != team.other() => "state not after own move".to_string(),
        Some(m) => match (continue_from(team, discs, &m.board), start) {
            (Some((continued, Inference::Continued(moves))), Some(fresh)) => {
                let (board, conflict) = either_game(team, &continued, &fresh, &m.board, &moves);
                return (board, Inference::EitherGame(moves), conflict);
            }
            // Only a move our rules reject continues the old game; a new game needs none.
            (Some((_, Inference::Rejected(_))), Some(fresh)) => {
                return (fresh, Inference::NewGame, false)
            }
            (Some((board, inference)), _) => return (board, inference, false),
            (None, _) => "board not reachable from the saved position".to_string(),
        },
    };
    if let Some(board) = start {
        return (board, Inference::NewGame, false);
    }
    (
        from_board_alone(team, discs),
        Inference::BoardAlone(why),
        false,
    )
}

/// The position to move from when the board is both the start of a new game (`fresh`) and
/// `continued`, the saved position `saved` after an opponent move that emptied it (see the module
/// docs, "Either game"): every clear of ours that the game in progress has spent counts as spent,
/// and a dual disc held in both readings keeps the game in progress's earlier deadline. Where the
/// readings conflict (the game in progress has spent our dual disc), and for the opponent's
/// powers, one reading is taken: the new game if the opponent could have won or drawn the old
/// game with its move from `saved`, or if a game started by team 1 shows this board at this
/// call and only a clear of the opponent's (one of `moves`) continues the old game; else the
/// game in progress. Returns the position, and whether the readings conflicted over our dual disc
/// and the new game's was taken (the dual disc is then in doubt).
fn either_game(
    team: Team,
    continued: &Board,
    fresh: &Board,
    saved: &Board,
    moves: &[Move],
) -> (Board, bool) {
    let (me, them) = (team.index(), team.other().index());
    let opponent = team.other();
    let only_a_clear = moves
        .iter()
        .all(|m| m.kind.power_bit() & CLEARING_BITS != 0);
    let new_game = could_have_ended(saved) || only_a_clear && starts_with_team_one(team, fresh);
    let chosen = if new_game { fresh } else { continued };
    let mut used = [0; 2];
    used[me] = continued.used(team) & CLEARING_BITS | chosen.used(team) & DUAL_BIT;
    let mut moves = [0; 2];
    moves[me] = if continued.holds(team, Kind::Dual) {
        // Held in both readings: the game in progress has the earlier deadline.
        continued.moves_made(team)
    } else {
        chosen.moves_made(team)
    };
    // A clear is only a freedom, so the opponent holds every clear either reading leaves it;
    // its dual disc is a duty too (by its tenth move), so it follows the reading taken.
    used[them] = continued.used(opponent) & fresh.used(opponent) & CLEARING_BITS
        | chosen.used(opponent) & DUAL_BIT;
    moves[them] = chosen.moves_made(opponent);
    let discs = [continued.discs(Team::One), continued.discs(Team::Two)];
    let conflict = new_game && !continued.holds(team, Kind::Dual);
    let board = Board::from_parts(discs, team, used, moves).unwrap_or(*chosen);
    (board, conflict)
}

/// Whether `fresh`, the start of a new game with `team` to move, can be a game that team 1
/// started: an empty board for team 1, any such start for team 2 (team 1's first disc, or an
/// empty board after team 1's first clear). The statement's judge always starts with team 1.
fn starts_with_team_one(team: Team, fresh: &Board) -> bool {
    team == Team::Two || fresh.occupied() == 0
}

/// Whether the opponent, to move in `saved`, had a move that won or drew: an opponent that plays
/// to win would have ended the game there rather than clear the board.
fn could_have_ended(saved: &Board) -> bool {
    let opponent = saved.side_to_move();
    saved
        .legal_moves()
        .iter()
        .any(|&m| match saved.play(m).outcome() {
            Some(Outcome::Draw) => true,
            Some(Outcome::Win(winner)) => winner == opponent,
            None => false,
        })
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

/// The start of a game, whichever team moved first: an empty board (a first move, or the
/// opponent's first move that cleared itself, the opponent then taken to hold every power), or
/// the board after the opponent's first move (one disc of its own or a dual disc in the bottom
/// row).
fn new_game(team: Team, discs: [u64; 2]) -> Option<Board> {
    let me = team.index();
    let them = team.other().index();
    let occupied = discs[0] | discs[1];
    match occupied.count_ones() {
        0 => Board::from_parts(discs, team, [0, 0], [0, 0]),
        1 if occupied & crate::board::row_mask(0) != 0 && discs[me] & !discs[them] == 0 => {
            let mut used = [0, 0];
            if discs[0] & discs[1] != 0 {
                used[them] = DUAL_BIT;
            }
            let mut moves = [0, 0];
            moves[them] = 1;
            Board::from_parts(discs, team, used, moves)
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
    // With no clear played: plies = discs, and whichever team moved first, the team to move has
    // made half of them (rounded down), the other team the rest.
    let mut moves = [0; 2];
    moves[me] = total / 2;
    moves[them] = total - total / 2;
    let extra = [moves[0] - only[0], moves[1] - only[1]];
    let counted = extra.iter().all(|&d| d == 0 || d == 1) && extra[0] + extra[1] == duals;
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
        Board::start()
    })
}

/// What the contest's game master writes before each call besides the board: the called team's
/// moves made and powers used (`moves.txt`), and the opponent's powers used
/// (`opponent_move.txt`); masks with bit `k-1` for power `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContestCounts {
    pub moves: u8,
    pub used: u8,
    pub opponent_used: u8,
}

/// `board` (the team to move being the called team) with its move counts and powers from the
/// game master's files, or why those files cannot be this board's. The files must agree with
/// the discs: a team's powers take a move each, its discs of its own colour at most its other
/// moves, the dual discs at most the dual powers used, and the opponent has made as many moves
/// as the team to move or one more (it moved first); when neither team has used a clear, every
/// count is exact. The opponent's move count, which the files do not give, is then exact; after
/// a clear it is the one `board` had when it fits, else the team's own.
pub fn with_contest_counts(board: &Board, counts: ContestCounts) -> Result<Board, String> {
    let team = board.side_to_move();
    let (me, them) = (team.index(), team.other().index());
    let discs = [board.discs(Team::One), board.discs(Team::Two)];
    let only = [
        (discs[me] & !discs[them]).count_ones() as i32,
        (discs[them] & !discs[me]).count_ones() as i32,
    ];
    let duals = (discs[0] & discs[1]).count_ones() as i32;
    let powers = [
        counts.used.count_ones() as i32,
        counts.opponent_used.count_ones() as i32,
    ];
    let dual_used = [
        i32::from(counts.used & DUAL_BIT != 0),
        i32::from(counts.opponent_used & DUAL_BIT != 0),
    ];
    let m = i32::from(counts.moves);
    if only[0] + powers[0] > m {
        return Err(format!(
            "{} discs of its own and {} powers used take more than its {m} moves",
            only[0], powers[0]
        ));
    }
    if only[1] + powers[1] > m + 1 {
        return Err(format!(
            "the opponent's {} discs and {} powers used take more than {} moves",
            only[1],
            powers[1],
            m + 1
        ));
    }
    if duals > dual_used[0] + dual_used[1] {
        return Err(format!(
            "{duals} dual discs on the board, more than the dual powers used"
        ));
    }
    let clears_used = (counts.used | counts.opponent_used) & CLEARING_BITS != 0;
    let exact_them = only[1] + dual_used[1];
    if !clears_used {
        let fits = only[0] + dual_used[0] == m
            && (exact_them == m || exact_them == m + 1)
            && duals == dual_used[0] + dual_used[1];
        if !fits {
            return Err(format!(
                "with no clear used, {} own discs, {} of the opponent's and {duals} dual discs \
                 do not make {m} moves and the opponent's",
                only[0], only[1]
            ));
        }
    }
    let saved_them = i32::from(board.moves_made(team.other()));
    let moves_them = if !clears_used {
        exact_them
    } else if saved_them == m || saved_them == m + 1 {
        saved_them
    } else {
        m
    };
    let mut used = [0; 2];
    used[me] = counts.used;
    used[them] = counts.opponent_used;
    let mut moves = [0; 2];
    moves[me] = counts.moves;
    moves[them] = moves_them.clamp(0, 255) as u8;
    Board::from_parts(discs, team, used, moves).ok_or_else(|| "an impossible board".to_string())
}
