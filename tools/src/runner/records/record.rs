//! Game records: writing them ([`RecordWriter`], the one place that knows the format) and reading
//! them back (the format the runner writes, see the [module documentation](super), with or
//! without a `# time: <ms>` line after each ply).
//!
//! Reading never fails as a whole: whatever could be read is kept, and each problem is reported
//! with its line number, so that a truncated or damaged record still shows the game up to the
//! damage.

use std::fmt;
use std::fmt::Write as _;
use std::time::Duration;

use crate::runner::game::Seat;

/// Writes a record in the common format, ply by ply: the runner's records, and the games tests
/// build.
#[derive(Clone, Debug)]
pub struct RecordWriter {
    text: String,
}

impl RecordWriter {
    /// The header of a record of `game` between the commands of Player 1 and Player 2.
    pub fn new(game: &str, commands: [&str; 2]) -> RecordWriter {
        let mut text = String::new();
        let _ = writeln!(text, "# {game}");
        let _ = writeln!(text, "# p1: {}", commands[0]);
        let _ = writeln!(text, "# p2: {}", commands[1]);
        RecordWriter { text }
    }

    /// The game's set-up, when its rules let a match choose one (`# setup: team 2 first`):
    /// right after the header.
    pub(crate) fn setup(&mut self, note: &str) {
        let _ = writeln!(self.text, "# setup: {note}");
    }

    /// A call that failed and was made again (`--game-master`): `# retry: <seat> <why>`, before
    /// the ply that the next call played.
    pub(crate) fn retry(&mut self, seat: Seat, why: &str) {
        let _ = writeln!(self.text, "# retry: {} {why}", seat.number());
    }

    /// One ply of the opening the game started from, played by the runner for `seat` before the
    /// players were first asked: `# opening: <seat> <move>`, before every ply of the players.
    pub(crate) fn opening(&mut self, seat: Seat, line: &str) {
        let _ = writeln!(self.text, "# opening: {} {line}", seat.number());
    }

    /// One ply: the line `seat` printed, and how long it took.
    pub fn ply(&mut self, seat: Seat, line: &str, time: Duration) {
        let _ = writeln!(self.text, "{} {line}", seat.number());
        let _ = writeln!(self.text, "# time: {}", time.as_millis());
    }

    /// The result line (`None`: a draw), and the whole record.
    pub fn finish(mut self, winner: Option<Seat>, reason: &str) -> String {
        let result = winner.map_or_else(|| "draw".to_string(), |seat| seat.to_string());
        let _ = writeln!(self.text, "# result: {result} {reason}");
        self.text
    }
}

/// The game number of a name the runner writes in a record folder (`--record-dir`): the record
/// `game-<k>.txt`, a player's stderr `game-<k>-p<seat>.stderr`, a file-based player's folder
/// `game-<k>-p<seat>`, or the folder both players share under `--game-master`, `game-<k>`.
pub(crate) fn record_folder_game(name: &str) -> Option<u32> {
    let rest = name.strip_prefix("game-")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (number, kind) = rest.split_at(digits);
    let ours = ["", ".txt", "-p1", "-p2", "-p1.stderr", "-p2.stderr"];
    if number.is_empty() || !ours.contains(&kind) {
        return None;
    }
    number.parse().ok().filter(|&k| k > 0)
}

/// One ply of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordPly {
    /// The seat that replied.
    pub(crate) seat: Seat,
    /// The reply as the player printed it.
    pub line: String,
    /// The reply time in milliseconds, when the record gives it.
    pub(crate) time_ms: Option<u64>,
    /// The 1-based line number of the ply in the record.
    pub(crate) line_number: usize,
}

/// The `# result:` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Seat>,
    /// Why the game ended, as the referee wrote it.
    pub(crate) reason: String,
    /// The 1-based line number of the result.
    pub(crate) line_number: usize,
}

/// Something wrong in a record, at a line (1-based; one past the last line for a record that
/// stops too early).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where.
    pub line_number: usize,
    /// What, in a few words.
    pub message: String,
}

impl Problem {
    /// A problem at `line_number`.
    pub(crate) fn new(line_number: usize, message: impl Into<String>) -> Problem {
        Problem {
            line_number,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line_number, self.message)
    }
}

/// A record as read: every part that could be read, and what could not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The game's name from the first line (`krieg`), empty if there was none.
    pub(crate) game: String,
    /// The commands of Player 1 and Player 2 (empty when the record does not give them).
    pub(crate) players: [String; 2],
    /// The game's set-up (`# setup: <note>`), when the record gives one.
    pub(crate) setup: Option<String>,
    /// The calls made again (`# retry: <seat> <why>` lines), as written.
    pub(crate) retries: Vec<String>,
    /// The plies of the opening the game started from (`# opening: <seat> <move>` lines), in
    /// order; they come before every ply of the players.
    pub opening: Vec<RecordPly>,
    /// The plies, in order, up to the first malformed ply line.
    pub plies: Vec<RecordPly>,
    /// The result, if the record has one.
    pub result: Option<RecordResult>,
    /// What is wrong with the text; empty for a well-formed record.
    pub(crate) problems: Vec<Problem>,
}

/// Reads a record. A malformed ply or result line stops the reading (what follows it cannot be
/// trusted); a record that ends without a result is reported as truncated.
pub fn parse_record(text: &str) -> Record {
    let mut record = Record::default();
    let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line));
    let Some((first_number, first_line)) = lines.next() else {
        record
            .problems
            .push(Problem::new(1, "empty: expected '# <game>'"));
        return record;
    };
    match first_line.strip_prefix("# ") {
        Some(name) if is_game_name(name.trim()) => record.game = name.trim().to_string(),
        _ => {
            record.problems.push(Problem::new(
                first_number,
                "not a record: expected '# <game>'",
            ));
            return record;
        }
    }
    let mut last_line = first_number;
    let mut stopped = false;
    for (n, line) in lines {
        last_line = n;
        if let Some(result) = &record.result {
            if !line.trim().is_empty() {
                record.problems.push(Problem::new(
                    n,
                    format!(
                        "text after the result (line {}), ignored",
                        result.line_number
                    ),
                ));
                break;
            }
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim_start();
            if let Some(command) = comment.strip_prefix("p1:") {
                record.players[0] = command.trim().to_string();
            } else if let Some(command) = comment.strip_prefix("p2:") {
                record.players[1] = command.trim().to_string();
            } else if let Some(ply) = comment.strip_prefix("opening:") {
                if stopped {
                    continue;
                }
                if !record.plies.is_empty() {
                    record.problems.push(Problem::new(
                        n,
                        "an opening ply after the players' plies, ignored",
                    ));
                    continue;
                }
                match parse_ply(ply.trim(), n) {
                    Ok(ply) => record.opening.push(ply),
                    Err(problem) => {
                        record.problems.push(problem);
                        stopped = true;
                    }
                }
            } else if let Some(note) = comment.strip_prefix("setup:") {
                record.setup = Some(note.trim().to_string());
            } else if let Some(retry) = comment.strip_prefix("retry:") {
                record.retries.push(retry.trim().to_string());
            } else if let Some(time) = comment.strip_prefix("time:") {
                read_time(&mut record, n, time.trim(), stopped);
            } else if let Some(result) = comment.strip_prefix("result:") {
                match parse_result(result.trim(), n) {
                    Ok(result) => record.result = Some(result),
                    Err(problem) => {
                        record.problems.push(problem);
                        stopped = true;
                        break;
                    }
                }
            }
            // Any other comment is a note a later runner may add; it changes nothing here.
            continue;
        }
        if stopped {
            continue;
        }
        match parse_ply(line, n) {
            Ok(ply) => record.plies.push(ply),
            Err(problem) => {
                record.problems.push(problem);
                stopped = true;
            }
        }
    }
    if record.result.is_none() && !stopped {
        record.problems.push(Problem::new(
            last_line + 1,
            "truncated: the record ends without a '# result:' line",
        ));
    }
    record
}

/// A game name: lower-case letters and digits (`krieg`, `connect4`).
fn is_game_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn read_time(record: &mut Record, n: usize, time: &str, stopped: bool) {
    if stopped {
        return;
    }
    let Some(ply) = record.plies.last_mut() else {
        record
            .problems
            .push(Problem::new(n, "a '# time:' line before any ply, ignored"));
        return;
    };
    if ply.time_ms.is_some() {
        record.problems.push(Problem::new(
            n,
            "a second '# time:' line for one ply, ignored",
        ));
        return;
    }
    match time.parse::<u64>() {
        Ok(ms) => ply.time_ms = Some(ms),
        Err(_) => record.problems.push(Problem::new(
            n,
            format!("bad time '{time}': expected '# time: <ms>', ignored"),
        )),
    }
}

fn parse_ply(line: &str, n: usize) -> Result<RecordPly, Problem> {
    let seat = match line.split_once(' ') {
        Some(("1", _)) => Seat::First,
        Some(("2", _)) => Seat::Second,
        _ => {
            return Err(Problem::new(
                n,
                format!(
                    "expected a ply '<seat 1 or 2> <reply>', found '{}'",
                    cut(line)
                ),
            ))
        }
    };
    Ok(RecordPly {
        seat,
        line: line[2..].to_string(),
        time_ms: None,
        line_number: n,
    })
}

fn parse_result(text: &str, n: usize) -> Result<RecordResult, Problem> {
    let (who, reason) = text.split_once(' ').unwrap_or((text, ""));
    let winner = match who {
        "p1" => Some(Seat::First),
        "p2" => Some(Seat::Second),
        "draw" => None,
        _ => {
            return Err(Problem::new(
                n,
                format!("bad result '{}': expected p1, p2 or draw", cut(who)),
            ))
        }
    };
    Ok(RecordResult {
        winner,
        reason: reason.trim().to_string(),
        line_number: n,
    })
}

/// A line shortened for quoting in a problem.
fn cut(line: &str) -> String {
    const MAX: usize = 40;
    if line.chars().count() <= MAX {
        line.to_string()
    } else {
        let mut cut: String = line.chars().take(MAX).collect();
        cut.push_str("...");
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMED: &str = "# krieg\n# p1: bot a\n# p2: bot b\n1 1 0 2 1\n# time: 812\n\
                         2 3 0 2 1\n# time: 5\n# result: p2 bomber reached the base\n";

    #[test]
    fn the_names_of_a_record_folder_are_known_by_their_game() {
        for (name, game) in [
            ("game-12.txt", Some(12)),
            ("game-3-p1.stderr", Some(3)),
            ("game-3-p2", Some(3)),
            ("game-7", Some(7)),
            ("game-0.txt", None),
            ("game-.txt", None),
            ("game-1.html", None),
            ("game-1-p3.stderr", None),
            ("results.csv", None),
        ] {
            assert_eq!(record_folder_game(name), game, "{name}");
        }
    }

    #[test]
    fn the_writer_writes_what_the_reader_reads() {
        let mut writer = RecordWriter::new("krieg", ["bot a", "bot b"]);
        writer.ply(Seat::First, "1 0 2 1", Duration::from_millis(812));
        writer.ply(Seat::Second, "3 0 2 1", Duration::from_millis(5));
        assert_eq!(
            writer.finish(Some(Seat::Second), "bomber reached the base"),
            TIMED
        );
        let draw = RecordWriter::new("krieg", ["a", "b"]).finish(None, "no move");
        assert!(draw.ends_with("# result: draw no move\n"), "{draw}");
    }

    #[test]
    fn opening_plies_are_written_and_read_apart_from_the_players_plies() {
        let mut writer = RecordWriter::new("connect4", ["a", "b"]);
        writer.opening(Seat::First, "5 4");
        writer.opening(Seat::Second, "5 3");
        writer.ply(Seat::First, "5 4", Duration::from_millis(7));
        let text = writer.finish(None, "board full");
        assert!(
            text.contains("# p2: b\n# opening: 1 5 4\n# opening: 2 5 3\n1 5 4\n"),
            "{text}"
        );
        let record = parse_record(&text);
        assert_eq!(record.opening.len(), 2);
        assert_eq!(record.opening[1].seat, Seat::Second);
        assert_eq!(record.opening[1].line, "5 3");
        assert_eq!(record.opening[1].time_ms, None);
        assert_eq!(record.plies.len(), 1);
        assert!(record.problems.is_empty(), "{:?}", record.problems);
        // An opening ply after a player's ply, or one without a seat, is reported.
        let late = text.replace("# result:", "# opening: 1 5 1\n# result:");
        let record = parse_record(&late);
        assert_eq!(record.opening.len(), 2);
        assert_eq!(record.problems.len(), 1, "{:?}", record.problems);
        let bad = text.replace("# opening: 2 5 3", "# opening: 5 3");
        let record = parse_record(&bad);
        assert_eq!(record.opening.len(), 1);
        assert_eq!(record.problems[0].line_number, 5);
    }

    #[test]
    fn a_record_with_times() {
        let record = parse_record(TIMED);
        assert_eq!(record.game, "krieg");
        assert_eq!(record.players, ["bot a".to_string(), "bot b".to_string()]);
        assert_eq!(record.plies.len(), 2);
        assert_eq!(record.plies[0].seat, Seat::First);
        assert_eq!(record.plies[0].line, "1 0 2 1");
        assert_eq!(record.plies[0].time_ms, Some(812));
        assert_eq!(record.plies[1].line_number, 6);
        assert_eq!(record.plies[1].time_ms, Some(5));
        let result = record.result.unwrap();
        assert_eq!(result.winner, Some(Seat::Second));
        assert_eq!(result.reason, "bomber reached the base");
        assert!(record.problems.is_empty(), "{:?}", record.problems);
    }

    #[test]
    fn a_record_without_times_and_with_crlf() {
        let text = TIMED
            .lines()
            .filter(|l| !l.starts_with("# time"))
            .map(|l| format!("{l}\r\n"))
            .collect::<String>();
        let record = parse_record(&text);
        assert_eq!(record.plies.len(), 2);
        assert_eq!(record.plies[1].line, "3 0 2 1");
        assert_eq!(record.plies[1].time_ms, None);
        assert_eq!(record.result.unwrap().winner, Some(Seat::Second));
        assert!(record.problems.is_empty(), "{:?}", record.problems);
    }

    #[test]
    fn a_draw_and_unknown_comments() {
        let record = parse_record("# yavalath\n# seed: 4\n1 2 1\n# result: draw board full\n");
        assert_eq!(record.result.unwrap().winner, None);
        assert!(record.problems.is_empty());
    }

    #[test]
    fn a_truncated_record_keeps_its_plies() {
        let text: String = TIMED.lines().take(6).map(|l| format!("{l}\n")).collect();
        let record = parse_record(&text);
        assert_eq!(record.plies.len(), 2);
        assert_eq!(record.result, None);
        assert_eq!(record.problems.len(), 1);
        assert_eq!(record.problems[0].line_number, 7);
        assert!(record.problems[0].message.starts_with("truncated"));
    }

    #[test]
    fn a_malformed_ply_ends_the_plies_at_its_line() {
        let text = TIMED.replace("2 3 0 2 1", "3 0 2 1");
        let record = parse_record(&text);
        assert_eq!(record.plies.len(), 1);
        assert_eq!(record.problems.len(), 1);
        assert_eq!(record.problems[0].line_number, 6);
        assert_eq!(
            record.problems[0].to_string(),
            "line 6: expected a ply '<seat 1 or 2> <reply>', found '3 0 2 1'"
        );
    }

    #[test]
    fn not_a_record() {
        for text in ["", "hello\n", "# Not A Game\n"] {
            let record = parse_record(text);
            assert_eq!(record.problems.len(), 1, "{text:?}");
            assert_eq!(record.problems[0].line_number, 1);
            assert!(record.plies.is_empty());
        }
    }

    #[test]
    fn bad_times_and_results_are_reported() {
        let text = TIMED.replace("# time: 812", "# time: soon");
        let record = parse_record(&text);
        assert_eq!(record.plies[0].time_ms, None);
        assert_eq!(record.problems[0].line_number, 5);
        let text = TIMED.replace("# result: p2", "# result: p3");
        let record = parse_record(&text);
        assert_eq!(record.result, None);
        assert_eq!(record.problems.len(), 1);
        assert_eq!(record.problems[0].line_number, 8);
        let record = parse_record(&format!("{TIMED}1 0 0 0 0\n"));
        assert_eq!(record.problems[0].line_number, 9);
        assert_eq!(record.plies.len(), 2);
    }
}
