//! The white space that separates no two tokens, dropped: CodinGame counts every character.

use crate::tokens::{lex, Kind, Token};

/// Whether two tokens that white space separates would read otherwise if it went: two words
/// (a name, a keyword, a literal or a lifetime: `'a'as` is a literal with a suffix, `k"…"` a
/// reserved prefix), a number and a `.` (`1 .max(2)`, `x.1 .0`), a name before `#` (a reserved
/// prefix too), or two marks that start a longer one (`- >`, `> =`, `& &`, `< -`, `/ /`).
fn needs_space(src: &str, a: Token, b: Token) -> bool {
    let word = |kind: Kind| matches!(kind, Kind::Ident | Kind::Lifetime | Kind::Literal);
    let number = |t: Token| t.kind == Kind::Literal && src.as_bytes()[t.start].is_ascii_digit();
    let glue = match (a.kind, b.kind) {
        (Kind::Punct(x), Kind::Punct(y)) => match x {
            b'=' => b"=>".contains(&y),
            b'<' => b"=<-".contains(&y),
            b'>' => b"=>".contains(&y),
            b'&' => b"&=".contains(&y),
            b'|' => b"|=".contains(&y),
            b'-' => b"=>".contains(&y),
            b'*' => b"=/".contains(&y),
            b'/' => b"=/*".contains(&y),
            b':' => y == b':',
            b'.' => b".=".contains(&y),
            b'!' | b'+' | b'%' | b'^' => y == b'=',
            _ => false,
        },
        _ => false,
    };
    word(a.kind) && word(b.kind)
        || number(a) && b.kind == Kind::Punct(b'.')
        || a.kind == Kind::Punct(b'.') && number(b)
        || a.kind == Kind::Ident && b.kind == Kind::Punct(b'#')
        || glue
}

/// `src` with the white space between tokens cut to a space where one is needed and nothing
/// elsewhere; comments and what lies between a comment and the next token stay as they are, and
/// so does the text of every literal.
pub(crate) fn squeeze(src: &str) -> String {
    let tokens = lex(src);
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    for (i, token) in tokens.iter().enumerate() {
        let gap = &src[at..token.start];
        if i == 0 || !gap.trim().is_empty() {
            out.push_str(gap);
        } else if !gap.is_empty() && needs_space(src, tokens[i - 1], *token) {
            out.push(' ');
        }
        out.push_str(&src[token.start..token.end]);
        at = token.end;
    }
    let rest = &src[at..];
    out.push_str(if rest.trim().is_empty() { "\n" } else { rest });
    out
}
