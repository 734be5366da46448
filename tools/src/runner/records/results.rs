//! One row per game, as `--results FILE.csv` writes it and `<game>-referee merge` reads it back.
//!
//! The file is CSV (RFC 4180, read and written by the `csv` crate: a field with a comma, a quote
//! or a line break is quoted, a quote inside doubled) with a header naming the columns, in this
//! order:
//!
//! | column | meaning |
//! |---|---|
//! | `kind` | the game (`krieg`) |
//! | `game` | the game number |
//! | `pair_seed` | the seed of the game's pair (`{seed}` in the commands) |
//! | `player1`, `player2` | the names of Player 1 and Player 2 |
//! | `result` | `p1`, `p2` or `draw` |
//! | `reason` | why the game ended |
//! | `plies` | plies played |
//! | `fault` | 1 if the game was lost by a fault, else 0 |
//! | `slowest1_ms`, `slowest2_ms` | each seat's slowest reply |
//! | `first1_ms`, `first2_ms` | each seat's first reply |
//! | `later1_ms`, `later2_ms` | each seat's slowest reply after its first |
//! | `peak1_bytes`, `peak2_bytes` | each seat's peak memory |
//!
//! A reader finds columns by their header names, so a file may carry more columns in any order;
//! a missing column, a row with the wrong number of fields, or a value that does not parse is an
//! error naming the file and the line.

use crate::runner::game::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// The columns, in the order they are written.
pub(crate) const COLUMNS: [&str; 17] = [
    "kind",
    "game",
    "pair_seed",
    "player1",
    "player2",
    "result",
    "reason",
    "plies",
    "fault",
    "slowest1_ms",
    "slowest2_ms",
    "first1_ms",
    "first2_ms",
    "later1_ms",
    "later2_ms",
    "peak1_bytes",
    "peak2_bytes",
];

/// One game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameRow {
    pub(crate) kind: String,
    pub(crate) number: u32,
    pub(crate) pair_seed: u64,
    /// Names by seat: Player 1, Player 2.
    pub(crate) players: [String; 2],
    /// The winning seat, `None` for a draw.
    pub(crate) winner: Option<Seat>,
    pub(crate) reason: String,
    pub(crate) plies: u32,
    /// Lost by a fault (malformed, illegal, late, exited, out of turn, memory, files).
    pub(crate) fault: bool,
    /// What each seat used, by seat.
    pub(crate) used: [SeatUse; 2],
}

/// What a seat used in a game: its slowest reply, its first reply and its slowest reply after
/// the first (in ms), and its peak memory (in bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SeatUse {
    pub(crate) slowest_ms: u64,
    pub(crate) first_ms: u64,
    pub(crate) later_ms: u64,
    pub(crate) peak_bytes: u64,
}

impl SeatUse {
    /// A reply that took `elapsed` counted in, `first` for the seat's first reply of the game.
    pub(crate) fn count_reply(&mut self, elapsed: Duration, first: bool) {
        let ms = elapsed.as_millis() as u64;
        self.slowest_ms = self.slowest_ms.max(ms);
        if first {
            self.first_ms = ms;
        } else {
            self.later_ms = self.later_ms.max(ms);
        }
    }

    /// Each figure the larger of the two's.
    pub(crate) fn max(self, other: SeatUse) -> SeatUse {
        SeatUse {
            slowest_ms: self.slowest_ms.max(other.slowest_ms),
            first_ms: self.first_ms.max(other.first_ms),
            later_ms: self.later_ms.max(other.later_ms),
            peak_bytes: self.peak_bytes.max(other.peak_bytes),
        }
    }
}

impl GameRow {
    /// The score of the player in `seat` against its opponent, 1, ½ or 0, as the Elo and the
    /// SPRT count it: a draw gives both the same, so between the two it is worth half a point
    /// whatever the contest gives it ([`crate::runner::game::DrawScore`]).
    pub(crate) fn head_to_head_score(&self, seat: Seat) -> f64 {
        match self.winner {
            None => 0.5,
            Some(winner) if winner == seat => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The seat of the player named `name`, if it played this game.
    pub(crate) fn seat_of(&self, name: &str) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()] == name)
    }

    /// The row as one CSV line (without its newline).
    pub(crate) fn to_csv(&self) -> String {
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        // Writing to memory cannot fail, and a row's fields are all strings and numbers.
        let _ = writer.serialize(CsvRow::from(self));
        let bytes = writer.into_inner().unwrap_or_default();
        let line = String::from_utf8_lossy(&bytes);
        line.trim_end_matches('\n').to_string()
    }
}

/// A row as the file holds it: one field per column, named as in the header ([`COLUMNS`]).
#[derive(Serialize, Deserialize)]
struct CsvRow {
    kind: String,
    game: u32,
    pair_seed: u64,
    player1: String,
    player2: String,
    result: String,
    reason: String,
    plies: u32,
    fault: u8,
    slowest1_ms: u64,
    slowest2_ms: u64,
    first1_ms: u64,
    first2_ms: u64,
    later1_ms: u64,
    later2_ms: u64,
    peak1_bytes: u64,
    peak2_bytes: u64,
}

impl From<&GameRow> for CsvRow {
    fn from(row: &GameRow) -> CsvRow {
        CsvRow {
            kind: row.kind.clone(),
            game: row.number,
            pair_seed: row.pair_seed,
            player1: row.players[0].clone(),
            player2: row.players[1].clone(),
            result: match row.winner {
                Some(seat) => seat.to_string(),
                None => "draw".to_string(),
            },
            // One row per line: a reason never spreads over two.
            reason: row.reason.replace(['\n', '\r'], " "),
            plies: row.plies,
            fault: u8::from(row.fault),
            slowest1_ms: row.used[0].slowest_ms,
            slowest2_ms: row.used[1].slowest_ms,
            first1_ms: row.used[0].first_ms,
            first2_ms: row.used[1].first_ms,
            later1_ms: row.used[0].later_ms,
            later2_ms: row.used[1].later_ms,
            peak1_bytes: row.used[0].peak_bytes,
            peak2_bytes: row.used[1].peak_bytes,
        }
    }
}

impl CsvRow {
    /// The game's row, or why its values do not make one.
    fn into_row(self) -> Result<GameRow, String> {
        let winner = match self.result.as_str() {
            "p1" => Some(Seat::First),
            "p2" => Some(Seat::Second),
            "draw" => None,
            other => return Err(format!("column 'result': '{other}' is not p1, p2 or draw")),
        };
        let fault = match self.fault {
            0 => false,
            1 => true,
            other => return Err(format!("column 'fault': '{other}' is not 0 or 1")),
        };
        let players = [self.player1, self.player2];
        if self.kind.is_empty() || players.iter().any(|p| p.is_empty()) || players[0] == players[1]
        {
            return Err("a game needs its kind and two different player names".to_string());
        }
        if self.game == 0 {
            return Err("game numbers start at 1".to_string());
        }
        Ok(GameRow {
            kind: self.kind,
            number: self.game,
            pair_seed: self.pair_seed,
            players,
            winner,
            reason: self.reason,
            plies: self.plies,
            fault,
            used: [
                SeatUse {
                    slowest_ms: self.slowest1_ms,
                    first_ms: self.first1_ms,
                    later_ms: self.later1_ms,
                    peak_bytes: self.peak1_bytes,
                },
                SeatUse {
                    slowest_ms: self.slowest2_ms,
                    first_ms: self.first2_ms,
                    later_ms: self.later2_ms,
                    peak_bytes: self.peak2_bytes,
                },
            ],
        })
    }
}

/// The header line (without its newline).
pub(crate) fn header() -> String {
    COLUMNS.join(",")
}

/// A results file that cannot be read as rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CsvError {
    /// The file (or other source) name.
    pub(crate) source: String,
    /// 1-based line number, 0 for the file as a whole.
    pub(crate) line: usize,
    pub(crate) message: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.source, self.message)
        } else {
            write!(f, "{}:{}: {}", self.source, self.line, self.message)
        }
    }
}

impl std::error::Error for CsvError {}

/// Reads every row of a results file; `source` names it in errors. Blank lines are skipped.
pub(crate) fn parse_rows(text: &str, source: &str) -> Result<Vec<GameRow>, CsvError> {
    let error = |line: u64, message: String| CsvError {
        source: source.to_string(),
        line: line as usize,
        message,
    };
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::Headers)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| error(1, e.to_string()))?
        .clone();
    if headers.iter().all(str::is_empty) {
        return Err(error(0, "empty: no header line".to_string()));
    }
    let header_line = headers.position().map_or(1, |p| p.line());
    if let Some(column) = COLUMNS.iter().find(|c| !headers.iter().any(|h| h == **c)) {
        return Err(error(header_line, format!("missing column '{column}'")));
    }
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| read_error(&e, &error))?;
        let line = record.position().map_or(0, |p| p.line());
        let row: CsvRow = record
            .deserialize(Some(&headers))
            .map_err(|e| error(line, field_error(&e, &headers, &record)))?;
        rows.push(row.into_row().map_err(|message| error(line, message))?);
    }
    Ok(rows)
}

/// A line the CSV reader could not split into the header's fields.
fn read_error(e: &csv::Error, error: &impl Fn(u64, String) -> CsvError) -> CsvError {
    let line = e.position().map_or(0, |p| p.line());
    match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => error(line, format!("{len} fields, the header has {expected_len}")),
        _ => error(line, e.to_string()),
    }
}

/// The column and value a row's field could not be read from.
fn field_error(e: &csv::Error, headers: &csv::StringRecord, record: &csv::StringRecord) -> String {
    let csv::ErrorKind::Deserialize { err, .. } = e.kind() else {
        return e.to_string();
    };
    match err
        .field()
        .and_then(|i| Some((headers.get(i as usize)?, record.get(i as usize)?)))
    {
        Some((column, value)) => format!("column '{column}': '{value}' is not a number in range"),
        None => err.to_string(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Game `number` of A against B, lost by A's fault, with a reason a CSV file must quote; the
    /// other modules' tests start their rows from it.
    pub(crate) fn row(number: u32) -> GameRow {
        GameRow {
            kind: "krieg".into(),
            number,
            pair_seed: 7,
            players: ["A".into(), "B".into()],
            winner: Some(Seat::Second),
            reason: "malformed move: p1 printed 'a, \"b\"' (no)".into(),
            plies: 12,
            fault: true,
            used: [
                SeatUse {
                    slowest_ms: 3,
                    first_ms: 1,
                    later_ms: 3,
                    peak_bytes: 1000,
                },
                SeatUse {
                    slowest_ms: 4,
                    first_ms: 2,
                    later_ms: 4,
                    peak_bytes: 2000,
                },
            ],
        }
    }

    /// Game `number` of pair `seed` between `players` (Player 1 first), won by `winner`
    /// (`None` a draw): a row of a match's results as the report and the merge count them.
    pub(crate) fn game_row(
        number: u32,
        players: [&str; 2],
        winner: Option<Seat>,
        seed: u64,
    ) -> GameRow {
        GameRow {
            pair_seed: seed,
            players: players.map(String::from),
            winner,
            ..row(number)
        }
    }

    #[test]
    fn rows_survive_a_round_trip() {
        let mut text = header() + "\n";
        let mut draw = row(2);
        draw.winner = None;
        draw.reason = " spaces around ".into();
        for r in [row(1), draw.clone()] {
            text.push_str(&r.to_csv());
            text.push_str("\r\n");
        }
        let rows = parse_rows(&text, "x.csv").unwrap();
        assert_eq!(rows, vec![row(1), draw]);
    }

    #[test]
    fn columns_are_found_by_name() {
        // Reversed columns and one more.
        let mut names: Vec<&str> = COLUMNS.to_vec();
        names.reverse();
        names.push("note");
        let original = row(3);
        let csv_line = original.to_csv();
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(csv_line.as_bytes());
        let line = reader.records().next().unwrap().unwrap();
        let mut fields: Vec<String> = line.iter().rev().map(String::from).collect();
        fields.push("x".into());
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(&names).unwrap();
        writer.write_record(&fields).unwrap();
        let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        assert_eq!(parse_rows(&text, "x").unwrap(), vec![original]);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        let good = row(1).to_csv();
        let header = header();
        let cases = [
            (String::new(), "x: empty"),
            (
                header.replace(",plies", "") + "\n",
                "x:1: missing column 'plies'",
            ),
            (format!("{header}\n{good},extra\n"), "x:2: 18 fields"),
            (
                format!("{header}\n{}\n", good.replacen("krieg,1,", "krieg,one,", 1)),
                "x:2: column 'game'",
            ),
            (
                format!("{header}\n{}\n", good.replacen(",p2,", ",p3,", 1)),
                "x:2: column 'result'",
            ),
            (
                format!("{header}\n\"krieg,1\n"),
                "x:2: 1 fields, the header has 17",
            ),
            (
                format!("{header}\n{}\n", good.replacen(",12,1,", ",12,2,", 1)),
                "x:2: column 'fault': '2' is not 0 or 1",
            ),
        ];
        for (text, expected) in cases {
            let message = parse_rows(&text, "x").unwrap_err().to_string();
            assert!(message.starts_with(expected), "{message}");
        }
    }
}
