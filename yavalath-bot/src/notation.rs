//! The protocol's values as text: moves (`x y`), the opponent's last move (`-1 -1` for none) and
//! the grid rows. Parsing never panics; syntax errors ([`ParseMoveError`], [`ParseGridError`]) are
//! kept apart from legality ([`IllegalMoveError`], decided by the board).
//!
//! The board's [`common::game::Board::parse_move`] and [`common::game::Board::format_move`] are
//! a cell's `FromStr` (here) and `Display`: the notation stands above the rules.

use crate::board::{Board, Cell, Player, ROWS, ROW_LEN, ROW_START};
use std::fmt;

pub use crate::board::IllegalMoveError;

/// A move line that is not a cell of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not two integers separated by a space.
    Shape(String),
    /// Two integers, but not a cell of the board.
    OutOfRange {
        /// The x (position within the row) given.
        x: i64,
        /// The y (row) given.
        y: i64,
    },
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Shape(line) => write!(f, "'{line}' is not 'x y'"),
            ParseMoveError::OutOfRange { x, y } => write!(f, "({x}, {y}) is outside the grid"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Splits `x y[ message]` into the two integers (the message, after a further space, is ignored,
/// as the contest allows). White space around the line is ignored; inside it the single spaces
/// are required.
fn split_xy(line: &str) -> Result<(i64, i64), ParseMoveError> {
    let shape = || ParseMoveError::Shape(line.to_string());
    let trimmed = line.trim();
    let mut parts = trimmed.splitn(3, ' ');
    let x = parts.next().ok_or_else(shape)?;
    let y = parts.next().ok_or_else(shape)?;
    let number = |s: &str| -> Result<i64, ParseMoveError> {
        let digits = s.strip_prefix('-').unwrap_or(s);
        if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(shape());
        }
        s.parse().map_err(|_| shape())
    };
    Ok((number(x)?, number(y)?))
}

/// Parses a move `x y` (anything after a further space is a message and ignored).
pub fn parse_move(line: &str) -> Result<Cell, ParseMoveError> {
    let (x, y) = split_xy(line)?;
    if x < 0 || y < 0 || x > 8 || y > 8 {
        return Err(ParseMoveError::OutOfRange { x, y });
    }
    Cell::from_xy(x as i32, y as i32).ok_or(ParseMoveError::OutOfRange { x, y })
}

/// Parses the opponent's last move: `x y`, or `-1 -1` when there is none (first turn).
pub fn parse_last_move(line: &str) -> Result<Option<Cell>, ParseMoveError> {
    match split_xy(line)? {
        (-1, -1) => Ok(None),
        _ => parse_move(line).map(Some),
    }
}

/// Formats a move as the contest prints it: `x y`.
pub fn format_move(m: Cell) -> String {
    format!("{} {}", m.x(), m.y())
}

/// A grid row that does not fit the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseGridError {
    /// The row has the wrong number of characters.
    Length {
        /// The row (0..9).
        row: usize,
        /// The characters expected.
        expected: usize,
        /// The line received.
        line: String,
    },
    /// A character other than `0`, `1` or `2`.
    Character {
        /// The row (0..9).
        row: usize,
        /// The line received.
        line: String,
    },
}

impl fmt::Display for ParseGridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseGridError::Length {
                row,
                expected,
                line,
            } => write!(f, "row {row} '{line}' should have {expected} cells"),
            ParseGridError::Character { row, line } => {
                write!(f, "row {row} '{line}' has a character other than 0, 1, 2")
            }
        }
    }
}

impl std::error::Error for ParseGridError {}

/// Parses row `row` of the grid (from the viewer's side) into `(own, opponent's)` bitboards.
pub fn parse_row(row: usize, line: &str) -> Result<(u64, u64), ParseGridError> {
    let line = line.trim();
    let expected = ROW_LEN.get(row).copied().unwrap_or(0) as usize;
    if line.len() != expected || !line.is_ascii() {
        return Err(ParseGridError::Length {
            row,
            expected,
            line: line.to_string(),
        });
    }
    let (mut own, mut theirs) = (0u64, 0u64);
    for (x, b) in line.bytes().enumerate() {
        let bit = 1u64 << (ROW_START[row] as usize + x);
        match b {
            b'0' => {}
            b'1' => own |= bit,
            b'2' => theirs |= bit,
            _ => {
                return Err(ParseGridError::Character {
                    row,
                    line: line.to_string(),
                })
            }
        }
    }
    Ok((own, theirs))
}

/// The nine grid rows as `viewer` is sent them: `1` its own stones, `2` the opponent's.
pub fn format_grid(board: &Board, viewer: Player) -> Vec<String> {
    (0..ROWS)
        .map(|y| {
            (0..ROW_LEN[y])
                .map(|x| {
                    let c = Cell::from_xy(i32::from(x), y as i32).expect("a cell of the row");
                    match board.at(c) {
                        None => '0',
                        Some(p) if p == viewer => '1',
                        Some(_) => '2',
                    }
                })
                .collect()
        })
        .collect()
}

impl std::str::FromStr for Cell {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Cell, ParseMoveError> {
        parse_move(text)
    }
}
