//! The bundle as tokens: names, lifetimes, literals and marks, each with its bytes; white space
//! and comments are what lies between them. Enough of Rust's lexer for what `bundle.sh` writes:
//! literals, comments and lifetimes told apart, so that a bracket or a quote inside one is not
//! taken for code.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Ident,
    Lifetime,
    Literal,
    Punct(u8),
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub(crate) kind: Kind,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// Byte `i` of `b`, or 0 past its end.
fn byte_at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

/// The line (from 1) of byte `at`, for messages.
pub(crate) fn line_of(src: &str, at: usize) -> usize {
    src.as_bytes()[..at.min(src.len())]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
        + 1
}

/// The tokens of `src`, comments and white space left out.
pub(crate) fn lex(src: &str) -> Vec<Token> {
    let b = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if let Some(end) = blank_end(b, i) {
            i = end;
            continue;
        }
        let (kind, end) = token_at(src, i);
        let end = end.min(b.len());
        tokens.push(Token {
            kind,
            start: i,
            end,
        });
        i = end;
    }
    tokens
}

/// The end of the white space or comment that starts at `i`, if one does.
fn blank_end(b: &[u8], i: usize) -> Option<usize> {
    match (b[i], byte_at(b, i + 1)) {
        (c, _) if c.is_ascii_whitespace() => Some(i + 1),
        (b'/', b'/') => Some(
            b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p),
        ),
        (b'/', b'*') => Some(block_comment_end(b, i)),
        _ => None,
    }
}

/// The end of the block comment at `i` (they nest).
fn block_comment_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i < b.len() {
        match (b[i], byte_at(b, i + 1)) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    break;
                }
            }
            _ => i += 1,
        }
    }
    i
}

/// The kind and the end of the token that starts at `i`.
fn token_at(src: &str, i: usize) -> (Kind, usize) {
    let b = src.as_bytes();
    let c = b[i];
    if let Some(end) = string_end(b, i) {
        (Kind::Literal, end)
    } else if c == b'\'' || (c == b'b' && byte_at(b, i + 1) == b'\'') {
        quoted_end(src, i)
    } else if is_ident_start(c) {
        (Kind::Ident, ident_end(b, i))
    } else if c.is_ascii_digit() {
        (Kind::Literal, number_end(src, i))
    } else {
        (Kind::Punct(c), i + 1)
    }
}

/// The end of the string literal starting at `i` (`"…"`, `b"…"`, `c"…"`, `r#"…"#`, `br"…"`,
/// `cr"…"`), if one starts there.
fn string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if matches!(byte_at(b, j), b'b' | b'c') {
        j += 1;
    }
    if byte_at(b, j) == b'r' {
        return raw_string_end(b, j + 1);
    }
    if byte_at(b, j) != b'"' {
        return None;
    }
    j += 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'"' => return Some(j + 1),
            _ => j += 1,
        }
    }
    Some(b.len())
}

/// The end of a raw string whose hashes start at `j` (after its `r`), if one does.
fn raw_string_end(b: &[u8], mut j: usize) -> Option<usize> {
    let hashes_from = j;
    while byte_at(b, j) == b'#' {
        j += 1;
    }
    let hashes = j - hashes_from;
    if byte_at(b, j) != b'"' {
        return None;
    }
    j += 1;
    while j < b.len() {
        let closed = b[j + 1..]
            .iter()
            .take(hashes)
            .filter(|&&c| c == b'#')
            .count()
            == hashes;
        if b[j] == b'"' && closed {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(b.len())
}

/// A char literal (`'x'`, `'\n'`, `b'x'`) or a lifetime (`'a`) at `i`: its kind and end.
fn quoted_end(src: &str, i: usize) -> (Kind, usize) {
    let b = src.as_bytes();
    let quote = if b[i] == b'b' { i + 1 } else { i };
    if byte_at(b, quote + 1) == b'\\' {
        let mut j = quote + 1;
        while j < b.len() && b[j] != b'\'' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        return (Kind::Literal, j + 1);
    }
    let width = src[quote + 1..].chars().next().map_or(1, char::len_utf8);
    if byte_at(b, quote + 1 + width) == b'\'' {
        return (Kind::Literal, quote + 2 + width);
    }
    let mut j = quote + 1;
    while j < b.len() && is_ident_continue(b[j]) {
        j += 1;
    }
    (Kind::Lifetime, j)
}

/// The end of the name (or raw name, `r#type`) at `i`.
fn ident_end(b: &[u8], i: usize) -> usize {
    let mut j = i;
    if b[j] == b'r' && byte_at(b, j + 1) == b'#' && is_ident_start(byte_at(b, j + 2)) {
        j += 2;
    }
    while j < b.len() && is_ident_continue(b[j]) {
        j += 1;
    }
    j
}

/// The end of the number at `i`: digits, letters (of a suffix, a base, an exponent) and `_`, a
/// `.` before a digit once (`1.5`, not `1..5` nor `x.0.1`), a sign after a decimal exponent.
fn number_end(src: &str, start: usize) -> usize {
    let b = src.as_bytes();
    let hex = b[start] == b'0' && matches!(byte_at(b, start + 1), b'x' | b'o' | b'b');
    let mut i = start;
    while i < b.len() {
        let d = b[i];
        let fraction =
            d == b'.' && byte_at(b, i + 1).is_ascii_digit() && !src[start..i].contains('.');
        let exponent_sign = (d == b'+' || d == b'-')
            && !hex
            && matches!(b[i - 1], b'e' | b'E')
            && byte_at(b, i + 1).is_ascii_digit();
        if !(is_ident_continue(d) || fraction || exponent_sign) {
            break;
        }
        i += 1;
    }
    i
}

/// For each opening bracket (`(`, `[`, `{`), the index of its closing one.
pub(crate) fn partners(src: &str, tokens: &[Token]) -> Result<Vec<usize>, String> {
    let mut partner = vec![usize::MAX; tokens.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match token.kind {
            Kind::Punct(b'(' | b'[' | b'{') => open.push(i),
            Kind::Punct(c @ (b')' | b']' | b'}')) => {
                let expected = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                match open.pop() {
                    Some(o) if tokens[o].kind == Kind::Punct(expected) => partner[o] = i,
                    _ => {
                        return Err(format!(
                            "unbalanced `{}` at line {}",
                            c as char,
                            line_of(src, token.start)
                        ))
                    }
                }
            }
            _ => {}
        }
    }
    match open.pop() {
        Some(o) => Err(format!(
            "unclosed bracket at line {}",
            line_of(src, tokens[o].start)
        )),
        None => Ok(partner),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_tell_literals_lifetimes_and_comments_apart() {
        let src = "fn f<'a>(x: &'a str) -> char { let _ = \"}{\"; let _ = r#\"\"}\"#; 'x' } // }\n\
                   /* { /* } */ */ const C: u8 = b'\\''; 1.5e-3 1..2 x.0.1 0x1e-2";
        let tokens = lex(src);
        let kinds: Vec<Kind> = tokens.iter().map(|t| t.kind).collect();
        assert_eq!(kinds.iter().filter(|&&k| k == Kind::Lifetime).count(), 2);
        let literals: Vec<&str> = tokens
            .iter()
            .filter(|t| t.kind == Kind::Literal)
            .map(|t| &src[t.start..t.end])
            .collect();
        assert_eq!(
            literals,
            [
                "\"}{\"",
                "r#\"\"}\"#",
                "'x'",
                "b'\\''",
                "1.5e-3",
                "1",
                "2",
                "0.1",
                "0x1e",
                "2"
            ]
        );
        assert!(partners(src, &tokens).is_ok());
        assert!(partners("fn f( { )", &lex("fn f( { )")).is_err());
    }
}
