//! The protocol's text: cells `Ax`, moves `Ax By` and the player id line we write (the bot
//! reads it with `common::game::parse_id`).
//!
//! Errors quote the text they reject with [`quote`] (escaped, cut to a log line's length), so that
//! no input reaches a log or a verdict raw. Parsing is syntax only: a [`ParseMoveError`] says the text is not a move at all (wrong shape)
//! or names a cell that does not exist (a value out of range). Whether a well-formed move may be
//! played is the board's question ([`Board::try_play`](crate::board::Board#method.try_play),
//! which returns an [`crate::board::IllegalMoveError`]): two cells that are not adjacent make a
//! well-formed but illegal move.
//!
//! The board's [`common::game::Board::parse_move`] and [`common::game::Board::format_move`] are
//! a move's `FromStr` (here) and `Display`: the notation stands above the rules.

use crate::board::{Cell, Color, Move};
use common::io::quote;
use std::fmt;

/// Why a line is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not `letter digit space letter digit` (upper-case letter, exactly five characters).
    WrongShape(String),
    /// A cell that is not on the board (row outside A..G, diagonal outside 1..7, or a pair such
    /// as A1 outside the hexagon).
    NoSuchCell(String),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::WrongShape(text) => {
                write!(
                    f,
                    "{} is not of the form 'Ax By' (e.g. 'C4 D4')",
                    quote(text)
                )
            }
            ParseMoveError::NoSuchCell(cell) => {
                write!(f, "there is no cell {} on the board", quote(cell))
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Parses a cell such as `C4`.
pub fn parse_cell(text: &str) -> Result<Cell, ParseMoveError> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 || !bytes[0].is_ascii_uppercase() || !bytes[1].is_ascii_digit() {
        return Err(ParseMoveError::WrongShape(text.to_string()));
    }
    let row = bytes[0] - b'A';
    let diag = bytes[1] - b'0';
    if row > 6 {
        return Err(ParseMoveError::NoSuchCell(text.to_string()));
    }
    Cell::new(row, diag).ok_or_else(|| ParseMoveError::NoSuchCell(text.to_string()))
}

/// Parses a move `Ax By`, exactly: letter, digit, one space, letter, digit.
pub fn parse_move(text: &str) -> Result<Move, ParseMoveError> {
    let shape = || ParseMoveError::WrongShape(text.to_string());
    if text.len() != 5 || !text.is_ascii() || text.as_bytes()[2] != b' ' {
        return Err(shape());
    }
    let (a, b) = (&text[..2], &text[3..]);
    // Report the shape first, then the range, whichever cell is at fault.
    for cell in [a, b] {
        if let Err(ParseMoveError::WrongShape(_)) = parse_cell(cell) {
            return Err(shape());
        }
    }
    Ok(Move::new(parse_cell(a)?, parse_cell(b)?))
}

/// Formats a move as the protocol writes it (`Ax By`); the same as its `Display`.
pub fn format_move(m: Move) -> String {
    m.to_string()
}

/// The id line of a side (`1` or `2`).
pub fn format_id(color: Color) -> String {
    color.number().to_string()
}

impl std::str::FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        parse_move(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats() {
        let m = parse_move("C4 D4").unwrap();
        assert_eq!(m.from.to_string(), "C4");
        assert_eq!(format_move(m), "C4 D4");
    }

    #[test]
    fn errors_are_typed() {
        for bad in [
            "", "C4D4", "C4  D4", "c4 d4", "C4 D", "CC DD", "C4 D4 ", "C4-D4", "é4 D4",
        ] {
            assert!(
                matches!(parse_move(bad), Err(ParseMoveError::WrongShape(_))),
                "{bad}"
            );
        }
        for bad in ["A1 A2", "H1 G1", "G5 G4", "D0 D1", "D8 D7", "Z9 A4"] {
            assert!(
                matches!(parse_move(bad), Err(ParseMoveError::NoSuchCell(_))),
                "{bad}"
            );
        }
    }
}
