//! The line reader the bots read their judge with, and the quoting of lines in messages: the
//! exact lines a judge sends, garbage, and lines past the limit.

use common::io::{quote, LineReader, MAX_LINE_BYTES, MAX_QUOTED_CHARS, OVERLONG_MARKER};
use std::io;

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

#[test]
fn an_overlong_line_is_cut_marked_and_the_next_line_still_read() {
    let mut input = b"0 1 1 2".to_vec();
    input.extend(std::iter::repeat(b'7').take(5 * MAX_LINE_BYTES));
    input.extend_from_slice(b"\n2 2 3 3\n");
    // A small buffer, as a pipe delivers a long line in pieces.
    let mut reader = LineReader::new(io::BufReader::with_capacity(64, &input[..]));
    let first = reader.next_line().expect("the cut line");
    assert!(first.starts_with("0 1 1 2777"), "{first}");
    assert!(first.ends_with(OVERLONG_MARKER));
    assert!(first.len() <= MAX_LINE_BYTES + OVERLONG_MARKER.len_utf8());
    assert_eq!(reader.next_line().as_deref(), Some("2 2 3 3"));
    assert_eq!(reader.next_line(), None);
}

#[test]
fn a_line_of_exactly_the_limit_is_whole() {
    let line = "x".repeat(MAX_LINE_BYTES);
    let input = format!("{line}\n");
    let mut reader = LineReader::new(input.as_bytes());
    assert_eq!(reader.next_line(), Some(line));
}

#[test]
fn an_overlong_line_of_spaces_is_blank() {
    let mut input = vec![b' '; 3 * MAX_LINE_BYTES];
    input.extend_from_slice(b"1\n");
    let mut reader = LineReader::new(&input[..]);
    let line = reader.next_line().expect("a marked line");
    assert_eq!(line, OVERLONG_MARKER.to_string(), "the kept head is blank");
}

#[test]
fn quote_escapes_control_bytes_and_cuts_long_lines() {
    assert_eq!(quote("a\u{1b}[2Jb\0"), "'a\\u{1b}[2Jb\\u{0}'");
    let long = "y".repeat(200);
    let quoted = quote(&long);
    assert_eq!(quoted.len(), MAX_QUOTED_CHARS + 5);
    assert!(quoted.ends_with("...'"));
}

#[test]
fn a_byte_order_mark_counts_as_white_space_wherever_it_is() {
    // Before the first line, before each line, alone on a line, and inside one.
    let input = "\u{FEFF}1\n\u{FEFF}A4 B4\r\n\u{FEFF}\n  \u{FEFF}0 1\u{FEFF}1 2\u{FEFF}\n";
    let mut reader = LineReader::new(input.as_bytes());
    assert_eq!(reader.next_line().as_deref(), Some("1"));
    assert_eq!(reader.next_line().as_deref(), Some("A4 B4"));
    assert_eq!(reader.next_line().as_deref(), Some("0 1 1 2"));
    assert_eq!(reader.next_line(), None);
}
