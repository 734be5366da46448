//! One row per game, as `--results FILE.csv` writes it and `<game>-referee merge` reads it back.
//!
//! The file is CSV (RFC 4180: a field with a comma, a quote or white space at its ends is quoted,
//! a quote inside doubled) with a header naming the columns, in this order:
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

use super::game::Seat;
use std::fmt;

/// The columns, in the order they are written.
pub const COLUMNS: [&str; 17] = [
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
pub struct GameRow {
    pub kind: String,
    pub number: u32,
    pub pair_seed: u64,
    /// Names by seat: Player 1, Player 2.
    pub players: [String; 2],
    /// The winning seat, `None` for a draw.
    pub winner: Option<Seat>,
    pub reason: String,
    pub plies: u32,
    /// Lost by a fault (malformed, illegal, late, exited, out of turn, memory, files).
    pub fault: bool,
    /// By seat, in ms.
    pub slowest_ms: [u64; 2],
    pub first_ms: [u64; 2],
    pub later_ms: [u64; 2],
    /// By seat, in bytes.
    pub peak_bytes: [u64; 2],
}

impl GameRow {
    /// The points of the player in `seat`: 1, ½ or 0.
    pub fn points(&self, seat: Seat) -> f64 {
        match self.winner {
            None => 0.5,
            Some(winner) if winner == seat => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The seat of the player named `name`, if it played this game.
    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|seat| self.players[seat.index()] == name)
    }

    /// The row as one CSV line (without its newline).
    pub fn to_csv(&self) -> String {
        let result = match self.winner {
            Some(seat) => seat.to_string(),
            None => "draw".to_string(),
        };
        let fields = [
            self.kind.clone(),
            self.number.to_string(),
            self.pair_seed.to_string(),
            self.players[0].clone(),
            self.players[1].clone(),
            result,
            // One row per line: a reason never spreads over two.
            self.reason.replace(['\n', '\r'], " "),
            self.plies.to_string(),
            u8::from(self.fault).to_string(),
            self.slowest_ms[0].to_string(),
            self.slowest_ms[1].to_string(),
            self.first_ms[0].to_string(),
            self.first_ms[1].to_string(),
            self.later_ms[0].to_string(),
            self.later_ms[1].to_string(),
            self.peak_bytes[0].to_string(),
            self.peak_bytes[1].to_string(),
        ];
        fields
            .iter()
            .map(|f| csv_field(f))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The header line (without its newline).
pub fn header() -> String {
    COLUMNS.join(",")
}

/// A field, quoted when it must be.
fn csv_field(text: &str) -> String {
    let needs_quotes = text.contains([',', '"', '\n', '\r'])
        || text.starts_with(|c: char| c.is_ascii_whitespace())
        || text.ends_with(|c: char| c.is_ascii_whitespace());
    if needs_quotes {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Splits one CSV line into its fields; `None` if a quoted field is not closed.
fn split_line(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next()? {
                    '"' if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    '"' => break,
                    c => field.push(c),
                }
            }
            match chars.next() {
                None => {
                    fields.push(field);
                    return Some(fields);
                }
                Some(',') => fields.push(field),
                Some(_) => return None,
            }
        } else {
            loop {
                match chars.next() {
                    None => {
                        fields.push(field);
                        return Some(fields);
                    }
                    Some(',') => break,
                    Some('"') => return None,
                    Some(c) => field.push(c),
                }
            }
            fields.push(field);
        }
    }
}

/// A results file that cannot be read as rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvError {
    /// The file (or other source) name.
    pub source: String,
    /// 1-based line number, 0 for the file as a whole.
    pub line: usize,
    pub message: String,
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
pub fn parse_rows(text: &str, source: &str) -> Result<Vec<GameRow>, CsvError> {
    let error = |line: usize, message: String| CsvError {
        source: source.to_string(),
        line,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((header_line, header)) = lines.next() else {
        return Err(error(0, "empty: no header line".to_string()));
    };
    let names = split_line(header).ok_or_else(|| error(header_line, "bad header".into()))?;
    let mut index = [0usize; COLUMNS.len()];
    for (k, column) in COLUMNS.iter().enumerate() {
        index[k] = names
            .iter()
            .position(|n| n.trim() == *column)
            .ok_or_else(|| error(header_line, format!("missing column '{column}'")))?;
    }
    let mut rows = Vec::new();
    for (number, line) in lines {
        let fields = split_line(line)
            .ok_or_else(|| error(number, "unclosed or misplaced quote".to_string()))?;
        if fields.len() != names.len() {
            return Err(error(
                number,
                format!("{} fields, the header has {}", fields.len(), names.len()),
            ));
        }
        let field = |k: usize| fields[index[k]].as_str();
        let int = |k: usize| -> Result<u64, CsvError> {
            field(k).trim().parse::<u64>().map_err(|_| {
                error(
                    number,
                    format!("column '{}': '{}' is not a number", COLUMNS[k], field(k)),
                )
            })
        };
        let small = |k: usize| -> Result<u32, CsvError> {
            u32::try_from(int(k)?)
                .map_err(|_| error(number, format!("column '{}' is too large", COLUMNS[k])))
        };
        let winner = match field(5).trim() {
            "p1" => Some(Seat::First),
            "p2" => Some(Seat::Second),
            "draw" => None,
            other => {
                return Err(error(
                    number,
                    format!("column 'result': '{other}' is not p1, p2 or draw"),
                ))
            }
        };
        let fault = match field(8).trim() {
            "0" => false,
            "1" => true,
            other => {
                return Err(error(
                    number,
                    format!("column 'fault': '{other}' is not 0 or 1"),
                ))
            }
        };
        let kind = field(0).trim().to_string();
        let players = [field(3).to_string(), field(4).to_string()];
        if kind.is_empty() || players.iter().any(|p| p.is_empty()) || players[0] == players[1] {
            return Err(error(
                number,
                "a game needs its kind and two different player names".to_string(),
            ));
        }
        let game = small(1)?;
        if game == 0 {
            return Err(error(number, "game numbers start at 1".to_string()));
        }
        rows.push(GameRow {
            kind,
            number: game,
            pair_seed: int(2)?,
            players,
            winner,
            reason: field(6).to_string(),
            plies: small(7)?,
            fault,
            slowest_ms: [int(9)?, int(10)?],
            first_ms: [int(11)?, int(12)?],
            later_ms: [int(13)?, int(14)?],
            peak_bytes: [int(15)?, int(16)?],
        });
    }
    Ok(rows)
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
            slowest_ms: [3, 4],
            first_ms: [1, 2],
            later_ms: [3, 4],
            peak_bytes: [1000, 2000],
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
        let line = split_line(&original.to_csv()).unwrap();
        let mut fields: Vec<String> = line.into_iter().rev().collect();
        fields.push("x".into());
        let text = format!(
            "{}\n{}\n",
            names.join(","),
            fields
                .iter()
                .map(|f| csv_field(f))
                .collect::<Vec<_>>()
                .join(",")
        );
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
            (format!("{header}\n\"krieg,1\n"), "x:2: unclosed"),
        ];
        for (text, expected) in cases {
            let message = parse_rows(&text, "x").unwrap_err().to_string();
            assert!(message.starts_with(expected), "{message}");
        }
    }
}
