//! The protocol's notation and the frame conversion.
//!
//! Every line a player reads or prints is in its own frame: its base is row 0 and the opponent's
//! base row 7. Player 1's frame is the absolute frame of [`crate::board`]; Player 2's is rotated
//! by 180°: square `(i, j)` of one frame is `(7 − i, 7 − j)` of the other. This module is the only
//! place that converts.
//!
//! - A placement (plies 1 and 2) is a column `j`, one digit `0..=7`: printed by the mover, it is
//!   its own `(0, j)`; received by the opponent (converted, `7 − j`), it is the receiver's
//!   `(7, j)`, the square where the opponent's bomb now stands.
//! - A regular move is `x,i1,j1,i2,j2`: five one-digit fields separated by single commas, `x = 1`
//!   for a ranger move (or a forfeit when the two squares are equal), `x = 0` for a bomb pass.
//!
//! Parsing is in two typed steps: the shape ([`ParseMoveError`]), then the rules
//! ([`IllegalMoveError`], from [`Board::check_move`]).
//!
//! The board's [`common::game::Board::parse_move`] and [`common::game::Board::format_move`] are
//! its [`MoverNotation`], implemented here: the notation stands above the rules.

use crate::board::{Board, IllegalMoveError, Move, MoveKind, MoverNotation, Player, Square};
use common::game::Board as _;
use common::io::quote;
use std::fmt;

/// `square` as `(row, column)` in `frame`'s own view.
pub fn to_frame(frame: Player, square: Square) -> (u8, u8) {
    let (row, column) = (square.row() as u8, square.column() as u8);
    match frame {
        Player::One => (row, column),
        Player::Two => (7 - row, 7 - column),
    }
}

/// The absolute square that `frame` calls `(row, column)` (both must be in 0..8).
pub fn from_frame(frame: Player, row: u8, column: u8) -> Square {
    let (row, column) = match frame {
        Player::One => (row, column),
        Player::Two => (7 - row, 7 - column),
    };
    Square::from_index(usize::from(row) * 8 + usize::from(column))
}

/// A line whose shape is wrong (never a question of the rules). The messages quote a field with
/// [`quote`]: control bytes escaped, cut after a few dozen characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Nothing to parse.
    Empty,
    /// A column was expected (plies 1 and 2): a single digit.
    ColumnExpected(String),
    /// A regular move was expected: `x,i1,j1,i2,j2`.
    WrongShape(String),
    /// A field that is not a number.
    NotANumber(String),
    /// A number out of its range (`x` in 0..=1, coordinates and columns in 0..=7).
    OutOfRange(String),
}

/// The messages name what was wrong; a line that is wrong as a whole is not repeated (the
/// caller quotes it), a wrong field is quoted.
impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Empty => write!(f, "empty line"),
            ParseMoveError::ColumnExpected(_) => {
                write!(f, "expected a bomb column (one digit 0-7)")
            }
            ParseMoveError::WrongShape(_) => {
                write!(f, "expected 'x,i1,j1,i2,j2' (five digits and four commas)")
            }
            ParseMoveError::NotANumber(s) => write!(f, "{} is not a number", quote(s)),
            ParseMoveError::OutOfRange(s) => write!(f, "{} is out of range", quote(s)),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Either step failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The line is malformed.
    Parse(ParseMoveError),
    /// The move is well formed but illegal here.
    Illegal(IllegalMoveError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Parse(e) => write!(f, "malformed: {e}"),
            MoveError::Illegal(e) => write!(f, "illegal: {e}"),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<ParseMoveError> for MoveError {
    fn from(e: ParseMoveError) -> Self {
        MoveError::Parse(e)
    }
}

impl From<IllegalMoveError> for MoveError {
    fn from(e: IllegalMoveError) -> Self {
        MoveError::Illegal(e)
    }
}

fn number(field: &str, max: u8) -> Result<u8, ParseMoveError> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseMoveError::NotANumber(field.to_string()));
    }
    match field.parse::<u32>() {
        Ok(n) if n <= u32::from(max) && field.len() == 1 => Ok(n as u8),
        _ => Err(ParseMoveError::OutOfRange(field.to_string())),
    }
}

/// Parses a column line: one digit `0..=7`.
fn parse_column(line: &str) -> Result<u8, ParseMoveError> {
    if line.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    if line.contains(',') || line.contains(char::is_whitespace) {
        return Err(ParseMoveError::ColumnExpected(line.to_string()));
    }
    number(line, 7)
}

/// Parses a regular move line into its five fields `[x, i1, j1, i2, j2]`, exactly as written.
fn parse_fields(line: &str) -> Result<[u8; 5], ParseMoveError> {
    if line.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let parts: Vec<&str> = line.split(',').collect();
    if parts.len() != 5 {
        return Err(ParseMoveError::WrongShape(line.to_string()));
    }
    let mut fields = [0u8; 5];
    for (k, part) in parts.iter().enumerate() {
        fields[k] = number(part, if k == 0 { 1 } else { 7 })?;
    }
    Ok(fields)
}

/// Parses a line written in `frame` into a move of the side to move of `board`: a column during
/// the placements, a regular move after. Only the shape is checked; see [`parse_legal`].
pub fn parse_move(board: &Board, line: &str, frame: Player) -> Result<Move, ParseMoveError> {
    if board.in_placement() {
        let column = parse_column(line)?;
        let row = if frame == board.side_to_move() { 0 } else { 7 };
        return Ok(Move::place(from_frame(frame, row, column)));
    }
    let [x, i1, j1, i2, j2] = parse_fields(line)?;
    let from = from_frame(frame, i1, j1);
    let to = from_frame(frame, i2, j2);
    Ok(match (x, from == to) {
        (1, true) => Move::forfeit(from),
        (1, false) => Move::ranger(from, to),
        _ => Move::pass(from, to),
    })
}

/// Parses a line written in `frame` and checks it against the rules.
pub fn parse_legal(board: &Board, line: &str, frame: Player) -> Result<Move, MoveError> {
    let m = parse_move(board, line, frame)?;
    board.check_move(m)?;
    Ok(m)
}

/// Writes `m` as seen from `frame`: a column for a placement, `x,i1,j1,i2,j2` otherwise.
pub fn format_move(m: Move, frame: Player) -> String {
    let (i1, j1) = to_frame(frame, m.from());
    let (i2, j2) = to_frame(frame, m.to());
    match m.kind() {
        MoveKind::Place => j1.to_string(),
        MoveKind::Ranger | MoveKind::Forfeit => format!("1,{i1},{j1},{i2},{j2}"),
        MoveKind::Pass => format!("0,{i1},{j1},{i2},{j2}"),
    }
}

impl MoverNotation for Board {
    type Error = ParseMoveError;

    fn format_for_mover(&self, m: Move) -> String {
        format_move(m, self.side_to_move())
    }

    fn parse_for_mover(&self, text: &str) -> Result<Move, ParseMoveError> {
        parse_move(self, text, self.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_typed() {
        assert_eq!(parse_column("3"), Ok(3));
        assert_eq!(parse_fields("1,0,3,4,3"), Ok([1, 0, 3, 4, 3]));
        assert_eq!(parse_fields(""), Err(ParseMoveError::Empty));
        type Parser = fn(&str) -> Result<(), ParseMoveError>;
        let column: Parser = |line| parse_column(line).map(drop);
        let fields: Parser = |line| parse_fields(line).map(drop);
        let text = |field: &str| field.to_string();
        let malformed: [(Parser, &str, ParseMoveError); 8] = [
            (column, "8", ParseMoveError::OutOfRange(text("8"))),
            (column, "03", ParseMoveError::OutOfRange(text("03"))),
            (column, "x", ParseMoveError::NotANumber(text("x"))),
            (column, "1,2", ParseMoveError::ColumnExpected(text("1,2"))),
            (fields, "2,0,3,4,3", ParseMoveError::OutOfRange(text("2"))),
            (
                fields,
                "1,0,3,4",
                ParseMoveError::WrongShape(text("1,0,3,4")),
            ),
            (fields, "1,0,3,4, 3", ParseMoveError::NotANumber(text(" 3"))),
            (fields, "1,0,3,4,-3", ParseMoveError::NotANumber(text("-3"))),
        ];
        for (parse, line, expected) in malformed {
            assert_eq!(parse(line), Err(expected), "{line:?}");
        }
    }
}
