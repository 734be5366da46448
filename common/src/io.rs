//! Bot-side protocol I/O: forgiving on input, exact on output.
//!
//! A referee may send CRLF line ends, spaces around or inside a line, or blank lines; none of that
//! must cost a game. [`LineReader::next_line`] hands out each non-blank line trimmed, with runs of
//! white space inside it folded to one space, and `None` at end of input, which a bot treats as
//! "the game is over": it exits quietly with status 0. [`reply`] prints one line and flushes it,
//! since a reply sitting in a buffer is a timeout.

use std::io::{self, BufRead, Write};

/// Reads protocol lines from any buffered source (standard input in the bots, a byte slice in
/// tests).
pub struct LineReader<R> {
    source: R,
    buffer: Vec<u8>,
}

impl LineReader<io::StdinLock<'static>> {
    /// A reader over this process's standard input.
    pub fn stdin() -> Self {
        LineReader::new(io::stdin().lock())
    }
}

impl<R: BufRead> LineReader<R> {
    /// A reader over `source`.
    pub fn new(source: R) -> Self {
        LineReader {
            source,
            buffer: Vec::new(),
        }
    }

    /// The next non-blank line, normalised (see [`normalize_line`]), or `None` at end of input.
    /// A read error counts as end of input: the referee is gone and there is nobody to answer.
    /// Bytes that are not UTF-8 are replaced, so that the parser reports them as a bad line.
    pub fn next_line(&mut self) -> Option<String> {
        loop {
            self.buffer.clear();
            match self.source.read_until(b'\n', &mut self.buffer) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {
                    let line = normalize_line(&String::from_utf8_lossy(&self.buffer));
                    if !line.is_empty() {
                        return Some(line);
                    }
                }
            }
        }
    }
}

/// Trims a line (CR and any other white space included) and folds every run of white space inside
/// it to a single space.
pub fn normalize_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for word in line.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Prints `line` and a newline on standard output and flushes. If standard output is closed the
/// referee has ended the game; the bot exits quietly with status 0.
pub fn reply(line: &str) {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// Writes a diagnostic line on standard error (never standard output, which carries only moves).
/// Errors are ignored: logging must never cost a game.
pub fn log(line: &str) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_crlf_spaces_and_skips_blank_lines() {
        let input = b"  1\r\n\r\n   \n0  1   1 2\r\n\t2 2 3 3 \n";
        let mut reader = LineReader::new(&input[..]);
        assert_eq!(reader.next_line().as_deref(), Some("1"));
        assert_eq!(reader.next_line().as_deref(), Some("0 1 1 2"));
        assert_eq!(reader.next_line().as_deref(), Some("2 2 3 3"));
        assert_eq!(reader.next_line(), None);
        assert_eq!(reader.next_line(), None);
    }

    #[test]
    fn last_line_without_newline_is_read() {
        let mut reader = LineReader::new(&b"A4 B4"[..]);
        assert_eq!(reader.next_line().as_deref(), Some("A4 B4"));
        assert_eq!(reader.next_line(), None);
    }

    #[test]
    fn invalid_utf8_becomes_a_line_the_parser_can_reject() {
        let mut reader = LineReader::new(&b"\xff\xfe 1\n"[..]);
        let line = reader.next_line().expect("a line");
        assert!(line.ends_with(" 1") && line.contains('\u{FFFD}'));
    }

    #[test]
    fn empty_input_is_end_of_game() {
        let mut reader = LineReader::new(&b""[..]);
        assert_eq!(reader.next_line(), None);
    }
}
