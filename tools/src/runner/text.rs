//! How the runner writes what a program printed and what it measured: a player's line quoted
//! for a verdict ([`quote`]), a command ([`quote_command`]), both escaping control characters by
//! [`escape_controls`] alone, and a memory figure ([`megabytes`]). Below everything else of the
//! runner, so that a verdict, a file error and a page all write them alike.

use std::fmt::Write as _;

/// `text` written character by character by `write_char`: the one loop of every escaping
/// (HTML's [`crate::runner::pages::escape`], [`escape_controls`]).
pub(crate) fn map_chars(text: &str, mut write_char: impl FnMut(&mut String, char)) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        write_char(&mut out, c);
    }
    out
}

/// `text` with its control characters escaped (`\0`, `\x1b`, `\u{9b}`) and each backslash
/// doubled, so that what a program printed reads back unambiguously on one line.
pub(crate) fn escape_controls(text: &str) -> String {
    map_chars(text, |out, c| match c {
        '\\' => out.push_str("\\\\"),
        '\0' => out.push_str("\\0"),
        c if c.is_ascii_control() => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c if c.is_control() => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
        c => out.push(c),
    })
}

/// A memory figure as the game lines print it: `12.3MB`.
pub(crate) fn megabytes(bytes: u64) -> String {
    format!("{:.1}MB", bytes as f64 / (1024.0 * 1024.0))
}

/// A player's line for a verdict, between single quotes: controls escaped, cut after 60
/// characters.
pub(crate) fn quote(line: &str) -> String {
    const MAX: usize = 60;
    let cut: String = line.chars().take(MAX).collect();
    let more = if line.chars().nth(MAX).is_some() {
        "..."
    } else {
        ""
    };
    format!("'{}{more}'", escape_controls(&cut))
}

/// A command between backquotes, whole, controls escaped as in [`quote`].
pub(crate) fn quote_command(command: &str) -> String {
    format!("`{}`", escape_controls(command))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_lines_are_cut_and_control_bytes_escaped() {
        assert_eq!(quote("0 0 1 1"), "'0 0 1 1'");
        let long = "x".repeat(100);
        assert!(quote(&long).len() < 70 && quote(&long).ends_with("...'"));
        assert_eq!(quote("a\0b\x1b[31mc\\"), "'a\\0b\\x1b[31mc\\\\'");
        assert_eq!(quote("\u{9b}x\t"), "'\\u{9b}x\\x09'");
        assert_eq!(quote_command("bot\t--x"), "`bot\\x09--x`");
    }
}
