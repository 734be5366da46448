//! Krieg's move notation, `r1 c1 r2 c2`: four digits 0..4 separated by single spaces, from the
//! start cell to the destination (for a capture, the landing cell).
//!
//! Parsing is in two typed steps, as in the referee's verdicts: [`parse_move`] checks the shape
//! ([`ParseMoveError`]), then [`Board::try_play`](crate::board::Board#method.try_play) checks
//! legality ([`IllegalMoveError`](crate::board::IllegalMoveError)).
//!
//! The board's [`common::game::Board::parse_move`] and [`common::game::Board::format_move`] are
//! a move's `FromStr` and `Display`, written here: the notation stands above the rules.

use crate::board::{Cell, Move};
use std::fmt;

/// Why a line is not a move in Krieg's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not four fields separated by single spaces.
    WrongShape,
    /// A field that is not a single digit.
    NotADigit(String),
    /// A digit outside 0..4.
    OutOfRange(u32),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::WrongShape => {
                f.write_str("expected 'r1 c1 r2 c2': four digits separated by single spaces")
            }
            ParseMoveError::NotADigit(field) => write!(f, "'{field}' is not a digit"),
            ParseMoveError::OutOfRange(n) => write!(f, "{n} is outside 0..4"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Parses `r1 c1 r2 c2` exactly (the caller trims the line).
pub fn parse_move(text: &str) -> Result<Move, ParseMoveError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 4 {
        return Err(ParseMoveError::WrongShape);
    }
    let mut digits = [0i32; 4];
    for (digit, field) in digits.iter_mut().zip(&fields) {
        let mut chars = field.chars();
        let value = match (chars.next(), chars.next()) {
            (Some(c), None) => c.to_digit(10),
            _ => None,
        }
        .ok_or_else(|| ParseMoveError::NotADigit((*field).to_string()))?;
        if value > 4 {
            return Err(ParseMoveError::OutOfRange(value));
        }
        *digit = value as i32;
    }
    let cell = |r: i32, c: i32| Cell::new(r, c).ok_or(ParseMoveError::WrongShape);
    Ok(Move::new(
        cell(digits[0], digits[1])?,
        cell(digits[2], digits[3])?,
    ))
}

/// Formats a move as `r1 c1 r2 c2`.
pub fn format_move(mv: Move) -> String {
    mv.to_string()
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {}",
            self.from.row(),
            self.from.column(),
            self.to.row(),
            self.to.column()
        )
    }
}

impl std::str::FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        parse_move(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_exact_lines() {
        let mv = parse_move("1 2 2 3").unwrap();
        assert_eq!(
            (mv.from.row(), mv.from.column(), mv.to.row(), mv.to.column()),
            (1, 2, 2, 3)
        );
        assert_eq!(format_move(mv), "1 2 2 3");
    }

    #[test]
    fn rejects_wrong_shapes_and_values() {
        let not_a_digit = |field: &str| ParseMoveError::NotADigit(field.into());
        let cases = [
            ("1 2 2", ParseMoveError::WrongShape),
            ("1 2 2 3 4", ParseMoveError::WrongShape),
            ("1  2 2 3", ParseMoveError::WrongShape),
            ("1223", ParseMoveError::WrongShape),
            ("", ParseMoveError::WrongShape),
            ("1 2 2 x", not_a_digit("x")),
            ("1 2 2 -1", not_a_digit("-1")),
            ("1 2 2 12", not_a_digit("12")),
            ("1 2 5 3", ParseMoveError::OutOfRange(5)),
            ("１ 2 2 3", not_a_digit("１")),
        ];
        for (line, error) in cases {
            assert_eq!(parse_move(line), Err(error), "{line:?}");
        }
    }
}
