//! The three files of the contest, parsed with typed errors and printed exactly.
//!
//! - `output.txt`: `t c`, the disc type 1..=5 and the column 1..=7 ([`parse_move`]); a syntax
//!   error is a [`ParseMoveError`], a well-formed move the rules forbid is an
//!   [`IllegalMoveError`] from [`Board::try_play`](crate::board::Board#method.try_play);
//! - `team_no.txt`: `1` or `2` ([`parse_team`]);
//! - `board.txt`: 42 integers `0`, `1`, `2` or `12`, position 1 first ([`parse_board`],
//!   [`format_board`]);
//! - the contest's game master's two extra files, `moves.txt`: `m r c n d`, the moves the called
//!   team has made and its powers 1..4 used (0 or 1 each), and `opponent_move.txt`: `r c n d`,
//!   the opponent's powers used ([`parse_moves_file`], [`format_moves_file`],
//!   [`parse_opponent_file`], [`format_opponent_file`]).
//!
//! The board's [`common::game::Board::parse_move`] and [`common::game::Board::format_move`] are
//! a move's `FromStr` (here) and `Display`: the notation stands above the rules.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Cell, CellContent, Column, Kind, Move, Team, CELLS};

pub use crate::board::IllegalMoveError;

/// The file the referee writes the team number into.
pub const TEAM_FILE_NAME: &str = "team_no.txt";
/// The file the referee writes the board into.
pub const BOARD_FILE_NAME: &str = "board.txt";
/// The file the bot answers in.
pub const OUTPUT_FILE_NAME: &str = "output.txt";

/// The game master's file of the called team's move count and powers used.
pub const MOVES_FILE_NAME: &str = "moves.txt";
/// The game master's file of the opponent's powers used.
pub const OPPONENT_FILE_NAME: &str = "opponent_move.txt";

/// The most moves a team can have made: a team's moves fill at most the 42 cells, plus one per
/// clear (three), and the game ends by then.
pub const MAX_TEAM_MOVES: u8 = 45;

/// An error that is its message: `$name(pub String)`, shown through `$format` (each file the bot
/// reads has its own error type, so that a caller knows which file was wrong).
macro_rules! message_error {
    ($(#[$doc:meta])* $name:ident, $format:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name(pub String);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, $format, self.0)
            }
        }

        impl std::error::Error for $name {}
    };
}
pub(crate) use message_error;

message_error!(
    /// A `moves.txt` or `opponent_move.txt` that does not have its shape.
    ParsePowersError,
    "{}"
);

/// Four `0`/`1` flags, for the powers 1..4, as a mask (bit `k-1` for power `k`).
fn parse_flags(words: &[&str]) -> Result<u8, ParsePowersError> {
    let mut mask = 0;
    for (k, word) in words.iter().enumerate() {
        match *word {
            "0" => {}
            "1" => mask |= 1 << k,
            other => {
                return Err(ParsePowersError(format!(
                    "power {}: '{}' is not 0 or 1",
                    k + 1,
                    other.chars().take(20).collect::<String>()
                )))
            }
        }
    }
    Ok(mask)
}

/// The words of a file that must hold exactly `n` of them.
fn words_of(text: &str, n: usize) -> Result<Vec<&str>, ParsePowersError> {
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    if words.len() == n {
        Ok(words)
    } else {
        Err(ParsePowersError(format!(
            "expected {n} numbers, got {}",
            words.len()
        )))
    }
}

/// Parses `moves.txt` (`m r c n d`, any white space): the moves the called team has made, at most
/// [`MAX_TEAM_MOVES`], and its powers used as a mask (bit `k-1` for power `k`).
pub fn parse_moves_file(text: &str) -> Result<(u8, u8), ParsePowersError> {
    let words = words_of(text, 5)?;
    let moves = small_number(words[0])
        .filter(|&m| m <= u32::from(MAX_TEAM_MOVES))
        .ok_or_else(|| {
            ParsePowersError(format!(
                "move count '{}' is not 0..{MAX_TEAM_MOVES}",
                words[0].chars().take(20).collect::<String>()
            ))
        })?;
    Ok((moves as u8, parse_flags(&words[1..])?))
}

/// Parses `opponent_move.txt` (`r c n d`, any white space): the opponent's powers used as a mask.
pub fn parse_opponent_file(text: &str) -> Result<u8, ParsePowersError> {
    parse_flags(&words_of(text, 4)?)
}

/// `r c n d` for a mask of powers used.
fn format_flags(mask: u8) -> String {
    let flags: Vec<&str> = (0..4)
        .map(|k| if mask & (1 << k) != 0 { "1" } else { "0" })
        .collect();
    flags.join(" ")
}

/// `moves.txt` for `team` in `board`: `m r c n d` on one line, and a newline.
pub fn format_moves_file(board: &Board, team: Team) -> String {
    format!(
        "{} {}\n",
        board.moves_made(team),
        format_flags(board.used(team))
    )
}

/// `opponent_move.txt` for `team` in `board`: the other team's `r c n d`, and a newline.
pub fn format_opponent_file(board: &Board, team: Team) -> String {
    format!("{}\n", format_flags(board.used(team.other())))
}

/// A reply that does not have the shape `t c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not two integers separated by one space.
    WrongShape(String),
    /// The disc type is not 1..=5.
    KindOutOfRange(u32),
    /// The column is not 1..=7.
    ColumnOutOfRange(u32),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::WrongShape(s) => {
                write!(f, "expected 't c' (two integers), got '{s}'")
            }
            ParseMoveError::KindOutOfRange(t) => write!(f, "disc type {t} is not 1..5"),
            ParseMoveError::ColumnOutOfRange(c) => write!(f, "column {c} is not 1..7"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

fn small_number(token: &str) -> Option<u32> {
    if token.is_empty() || token.len() > 9 || !token.bytes().all(|b| b.is_ascii_digit()) {
        None
    } else {
        token.parse().ok()
    }
}

/// Parses `t c` exactly (the caller trims the line): two unsigned integers separated by one
/// space.
pub fn parse_move(text: &str) -> Result<Move, ParseMoveError> {
    let shape = || ParseMoveError::WrongShape(text.to_string());
    let (t, c) = text.split_once(' ').ok_or_else(shape)?;
    let t = small_number(t).ok_or_else(shape)?;
    let c = small_number(c).ok_or_else(shape)?;
    let kind = Kind::from_number(t).ok_or(ParseMoveError::KindOutOfRange(t))?;
    let column = Column::from_number(c).ok_or(ParseMoveError::ColumnOutOfRange(c))?;
    Ok(Move::new(kind, column))
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move(s)
    }
}

message_error!(
    /// A `team_no.txt` that is not `1` or `2`.
    ParseTeamError,
    "team number must be 1 or 2, got '{}'"
);

/// Parses `team_no.txt` (white space around the number is ignored).
pub fn parse_team(text: &str) -> Result<Team, ParseTeamError> {
    match text.trim() {
        "1" => Ok(Team::One),
        "2" => Ok(Team::Two),
        other => Err(ParseTeamError(other.chars().take(40).collect())),
    }
}

/// A `board.txt` that is not a possible board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseBoardError {
    /// Not 42 numbers.
    WrongCount(usize),
    /// A value other than 0, 1, 2, 12 at a position (1..=42).
    BadValue { position: usize, value: String },
    /// A disc with an empty cell below it.
    Floating { position: usize },
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::WrongCount(n) => write!(f, "expected 42 numbers, got {n}"),
            ParseBoardError::BadValue { position, value } => {
                write!(f, "position {position}: '{value}' is not 0, 1, 2 or 12")
            }
            ParseBoardError::Floating { position } => {
                write!(f, "position {position}: a disc above an empty cell")
            }
        }
    }
}

impl std::error::Error for ParseBoardError {}

/// Parses `board.txt` into each team's bitboard (dual discs in both).
pub fn parse_board(text: &str) -> Result<[u64; 2], ParseBoardError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != CELLS {
        return Err(ParseBoardError::WrongCount(tokens.len()));
    }
    let mut discs = [0u64; 2];
    for (i, token) in tokens.iter().enumerate() {
        let position = i + 1;
        let bit = match Cell::from_position(position) {
            Some(cell) => cell.bit(),
            None => return Err(ParseBoardError::WrongCount(tokens.len())),
        };
        match *token {
            "0" => {}
            "1" => discs[0] |= bit,
            "2" => discs[1] |= bit,
            "12" => {
                discs[0] |= bit;
                discs[1] |= bit;
            }
            other => {
                return Err(ParseBoardError::BadValue {
                    position,
                    value: other.chars().take(20).collect(),
                })
            }
        }
    }
    let occupied = discs[0] | discs[1];
    for position in (CELLS / 6 + 1)..=CELLS {
        let (Some(cell), Some(below)) = (
            Cell::from_position(position),
            Cell::from_position(position - 7),
        ) else {
            continue;
        };
        if occupied & cell.bit() != 0 && occupied & below.bit() == 0 {
            return Err(ParseBoardError::Floating { position });
        }
    }
    Ok(discs)
}

/// `board.txt` for a position: the 42 values on one line, position 1 first, and a newline.
pub fn format_board(board: &Board) -> String {
    let values: Vec<&str> = (1..=CELLS)
        .filter_map(Cell::from_position)
        .map(|cell| match board.at(cell) {
            CellContent::Empty => "0",
            CellContent::Team(Team::One) => "1",
            CellContent::Team(Team::Two) => "2",
            CellContent::Dual => "12",
        })
        .collect();
    format!("{}\n", values.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::game::Board as _;

    #[test]
    fn moves_parse_and_print() {
        let m = parse_move("3 7").unwrap();
        assert_eq!(m.kind, Kind::ClearNeighbours);
        assert_eq!(m.to_string(), "3 7");
        for line in ["37", "3  7", "-3 7", "3 7 1"] {
            assert!(
                matches!(parse_move(line), Err(ParseMoveError::WrongShape(_))),
                "{line:?}"
            );
        }
        assert_eq!(parse_move("6 1"), Err(ParseMoveError::KindOutOfRange(6)));
        assert_eq!(parse_move("5 0"), Err(ParseMoveError::ColumnOutOfRange(0)));
        assert_eq!(parse_move("5 8"), Err(ParseMoveError::ColumnOutOfRange(8)));
    }

    #[test]
    fn teams_parse() {
        assert_eq!(parse_team(" 2\r\n"), Ok(Team::Two));
        assert!(parse_team("3").is_err());
        assert!(parse_team("").is_err());
    }

    #[test]
    fn the_game_masters_files_parse_and_print() {
        let board = Board::starting(Team::Two)
            .play(Move::new(Kind::ClearColumn, Column::CENTRE_FIRST[0]))
            .play(Move::new(Kind::Dual, Column::CENTRE_FIRST[0]))
            .play(Move::new(Kind::Normal, Column::CENTRE_FIRST[0]));
        assert_eq!(format_moves_file(&board, Team::Two), "2 0 1 0 0\n");
        assert_eq!(format_opponent_file(&board, Team::Two), "0 0 0 1\n");
        assert_eq!(format_moves_file(&board, Team::One), "1 0 0 0 1\n");
        assert_eq!(parse_moves_file("2 0 1 0 0\n"), Ok((2, 0b0010)));
        assert_eq!(parse_moves_file(" 9\t1 1 1 1\r\n"), Ok((9, 0b1111)));
        assert_eq!(parse_opponent_file("0 0 0 1"), Ok(0b1000));
        for garbage in [
            "",
            "2 0 1 0",
            "2 0 1 0 0 0",
            "-1 0 0 0 0",
            "46 0 0 0 0",
            "2 0 2 0 0",
            "x 0 0 0 0",
            "2 0 1 0 0x",
            "99999999999999999999 0 0 0 0",
        ] {
            assert!(parse_moves_file(garbage).is_err(), "{garbage:?}");
        }
        for garbage in ["", "0 0 0", "0 0 0 0 0", "0 0 0 -1", "1 1 1 1 \u{0}"] {
            assert!(parse_opponent_file(garbage).is_err(), "{garbage:?}");
        }
    }

    #[test]
    fn empty_board_round_trips() {
        let text = format_board(&Board::start());
        assert_eq!(parse_board(&text), Ok([0, 0]));
    }
}
