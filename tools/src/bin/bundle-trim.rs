//! `bundle-trim IN.rs OUT.rs`: a one-file bundle (`scripts/bundle.sh`) cut down to what its bot
//! uses. The compiler names what the bot never reaches; this removes it, pass by pass, until
//! nothing is left to remove (removing an item can leave others unused).
//!
//! Each pass compiles the bundle (`rustc --emit=metadata --error-format=json`, so no code is
//! generated) with every `pub` read as `pub(crate)`, for a binary crate's public items are not
//! linted, and reads three lints:
//! - `dead_code`: the functions, methods, constants, statics, types, traits and type aliases
//!   never used (fields and variants are left: a field never read may still be written, and a
//!   variant never built still be matched);
//! - `unused_imports`: the `use` paths nothing needs (a re-export of the library's API, say);
//! - `unused_macros`: the `macro_rules!` never invoked; an exported one (`#[macro_export]`,
//!   which the lint does not see) goes when no `name!` is left outside its own definition.
//!
//! An inherent `impl` or a module left empty goes with its last item. What the removals break is
//! mended from the compiler's errors: a trait implementation of a type or trait no longer there
//! goes (an error in an `impl` header), a method implemented for a trait that no longer declares
//! it goes, a `use` of an item no longer there goes. Any other error means the compiler called
//! unused what the bundle must keep (a struct never built but named in a live signature, say):
//! the pass is undone, and every removed item named in the errors is kept from then on. The
//! trimmed bundle compiles without an error, or the tool fails.
//!
//! The tool reads the bundle as tokens (literals, comments, lifetimes told apart) and items
//! (balanced brackets), as `bundle.sh` writes it; it only deletes text, so the bundle stays in
//! the Rust it was written in (1.70 for CodinGame). It needs nothing but the standard library, so
//! that `bundle.sh` builds it with plain `rustc`; `RUSTC` names the compiler (default `rustc`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: bundle-trim IN.rs OUT.rs");
        return ExitCode::from(2);
    };
    let source = match std::fs::read_to_string(input) {
        Ok(source) => source,
        Err(e) => {
            eprintln!("bundle-trim: cannot read {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = std::env::temp_dir().join(format!("bundle-trim-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("bundle-trim: cannot make {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let compiler = Compiler {
        rustc: std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string()),
        dir: dir.clone(),
    };
    let result = trim(&source, &compiler);
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Ok((trimmed, report)) => {
            if let Err(e) = std::fs::write(output, trimmed) {
                eprintln!("bundle-trim: cannot write {output}: {e}");
                return ExitCode::FAILURE;
            }
            eprintln!("bundle-trim: {report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bundle-trim: {e}");
            ExitCode::FAILURE
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ident,
    Lifetime,
    Literal,
    Punct(u8),
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// The line (from 1) of byte `at`, for messages.
fn line_of(src: &str, at: usize) -> usize {
    src.as_bytes()[..at.min(src.len())]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
        + 1
}

/// The end of the string literal starting at `i` (`"…"`, `b"…"`, `c"…"`, `r#"…"#`, `br"…"`,
/// `cr"…"`), if one starts there.
fn string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if j < b.len() && (b[j] == b'b' || b[j] == b'c') {
        j += 1;
    }
    if j < b.len() && b[j] == b'r' {
        j += 1;
        let hashes_from = j;
        while j < b.len() && b[j] == b'#' {
            j += 1;
        }
        let hashes = j - hashes_from;
        if j >= b.len() || b[j] != b'"' {
            return None;
        }
        j += 1;
        loop {
            if j >= b.len() {
                return Some(b.len());
            }
            if b[j] == b'"'
                && b[j + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|&&c| c == b'#')
                    .count()
                    == hashes
            {
                return Some(j + 1 + hashes);
            }
            j += 1;
        }
    }
    if j >= b.len() || b[j] != b'"' {
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

/// The tokens of `src`, comments and white space left out.
fn lex(src: &str) -> Vec<Token> {
    let b = src.as_bytes();
    let n = b.len();
    let at = |i: usize| if i < n { b[i] } else { 0 };
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < n {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'/' && at(i + 1) == b'/' {
            while i < n && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && at(i + 1) == b'*' {
            let mut depth = 0;
            while i < n {
                if b[i] == b'/' && at(i + 1) == b'*' {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && at(i + 1) == b'/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            continue;
        }
        let start = i;
        let kind = if let Some(end) = string_end(b, i) {
            i = end;
            Kind::Literal
        } else if c == b'\'' || (c == b'b' && at(i + 1) == b'\'') {
            // A char literal (`'x'`, `'\n'`, `b'x'`) or a lifetime (`'a`).
            let quote = if c == b'b' { i + 1 } else { i };
            if at(quote + 1) == b'\\' {
                i = quote + 1;
                while i < n && b[i] != b'\'' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                Kind::Literal
            } else {
                let width = src[quote + 1..].chars().next().map_or(1, char::len_utf8);
                if at(quote + 1 + width) == b'\'' {
                    i = quote + 2 + width;
                    Kind::Literal
                } else {
                    i = quote + 1;
                    while i < n && is_ident_continue(b[i]) {
                        i += 1;
                    }
                    Kind::Lifetime
                }
            }
        } else if is_ident_start(c) {
            if c == b'r' && at(i + 1) == b'#' && is_ident_start(at(i + 2)) {
                i += 2;
            }
            while i < n && is_ident_continue(b[i]) {
                i += 1;
            }
            Kind::Ident
        } else if c.is_ascii_digit() {
            let hex = c == b'0' && matches!(at(i + 1), b'x' | b'o' | b'b');
            while i < n {
                let d = b[i];
                // A digit, a letter (of a suffix, a base, an exponent), `_`; a `.` before a digit
                // once (`1.5`, not `1..5` nor `x.0.1`); a sign after a decimal exponent.
                let fraction =
                    d == b'.' && at(i + 1).is_ascii_digit() && !src[start..i].contains('.');
                let exponent_sign = (d == b'+' || d == b'-')
                    && !hex
                    && matches!(b[i - 1], b'e' | b'E')
                    && at(i + 1).is_ascii_digit();
                if !(is_ident_continue(d) || fraction || exponent_sign) {
                    break;
                }
                i += 1;
            }
            Kind::Literal
        } else {
            i += 1;
            Kind::Punct(c)
        };
        tokens.push(Token {
            kind,
            start,
            end: i.min(n),
        });
    }
    tokens
}

/// For each opening bracket (`(`, `[`, `{`), the index of its closing one.
fn partners(src: &str, tokens: &[Token]) -> Result<Vec<usize>, String> {
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

// ---------------------------------------------------------------------------------------------
// White space

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
fn squeeze(src: &str) -> String {
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

// ---------------------------------------------------------------------------------------------
// Items

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ItemKind {
    Fn,
    Struct,
    Enum,
    Union,
    Trait,
    Impl,
    Mod,
    Use,
    Const,
    Static,
    Type,
    MacroRules,
    MacroCall,
    ExternCrate,
    ExternBlock,
    InnerAttribute,
}

#[derive(Debug)]
struct Item {
    kind: ItemKind,
    /// The first token (of its attributes, if any) and the last (`}` or `;`).
    first: usize,
    last: usize,
    /// The keyword (`fn`, `impl`, `use`, …, `macro_rules`, a macro call's path).
    keyword: usize,
    /// The item's name, if it has one.
    name: Option<usize>,
    /// The braces of a body (of any item that has one).
    body: Option<(usize, usize)>,
    /// Whether an attribute says `macro_export`.
    exported: bool,
    /// The items of a module's, an impl's or a trait's body.
    children: Vec<Item>,
}

/// The source, its tokens and its items.
struct Parsed<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    partner: Vec<usize>,
    items: Vec<Item>,
}

impl<'a> Parsed<'a> {
    fn new(src: &'a str) -> Result<Parsed<'a>, String> {
        let tokens = lex(src);
        let partner = partners(src, &tokens)?;
        let mut parsed = Parsed {
            src,
            tokens,
            partner,
            items: Vec::new(),
        };
        parsed.items = parsed.items_in(0, parsed.tokens.len())?;
        Ok(parsed)
    }

    fn text(&self, i: usize) -> &'a str {
        let token = self.tokens[i];
        &self.src[token.start..token.end]
    }

    fn is_ident(&self, i: usize, word: &str) -> bool {
        i < self.tokens.len() && self.tokens[i].kind == Kind::Ident && self.text(i) == word
    }

    fn is_punct(&self, i: usize, c: u8) -> bool {
        i < self.tokens.len() && self.tokens[i].kind == Kind::Punct(c)
    }

    /// The byte range of tokens `first..=last`.
    fn range(&self, first: usize, last: usize) -> (usize, usize) {
        (self.tokens[first].start, self.tokens[last].end)
    }

    fn items_in(&self, mut i: usize, end: usize) -> Result<Vec<Item>, String> {
        let mut items = Vec::new();
        while i < end {
            if self.is_punct(i, b';') {
                i += 1;
                continue;
            }
            let item = self.item_at(i, end)?;
            i = item.last + 1;
            items.push(item);
        }
        Ok(items)
    }

    fn item_at(&self, first: usize, end: usize) -> Result<Item, String> {
        let unreadable = |i: usize| {
            let at = self.tokens[i.min(end - 1)].start;
            let line = line_of(self.src, at);
            let shown: String = self.src[at..].chars().take(60).collect();
            format!("cannot read an item at line {line}: `{shown}`")
        };
        let mut i = first;
        let mut item = Item {
            kind: ItemKind::InnerAttribute,
            first,
            last: first,
            keyword: first,
            name: None,
            body: None,
            exported: false,
            children: Vec::new(),
        };
        if self.is_punct(i, b'#') && self.is_punct(i + 1, b'!') && self.is_punct(i + 2, b'[') {
            item.last = self.partner[i + 2];
            return Ok(item);
        }
        while self.is_punct(i, b'#') && self.is_punct(i + 1, b'[') {
            let close = self.partner[i + 1];
            item.exported |= (i + 2..close).any(|k| self.is_ident(k, "macro_export"));
            i = close + 1;
        }
        if self.is_ident(i, "pub") {
            i += 1;
            if self.is_punct(i, b'(') {
                i = self.partner[i] + 1;
            }
        }
        let fn_next = |k: usize| {
            [
                "fn", "unsafe", "async", "extern", "impl", "trait", "const", "type",
            ]
            .iter()
            .any(|w| self.is_ident(k, w))
        };
        loop {
            if (self.is_ident(i, "const") || self.is_ident(i, "async"))
                && fn_next(i + 1)
                && !self.is_ident(i + 1, "const")
                && !self.is_ident(i + 1, "type")
                || (self.is_ident(i, "unsafe") || self.is_ident(i, "default")) && fn_next(i + 1)
            {
                i += 1;
            } else if self.is_ident(i, "extern") && !self.is_ident(i + 1, "crate") {
                i += 1;
                if i < end && self.tokens[i].kind == Kind::Literal {
                    i += 1;
                }
                if self.is_punct(i, b'{') {
                    item.kind = ItemKind::ExternBlock;
                    item.keyword = i;
                    item.body = Some((i, self.partner[i]));
                    item.last = self.partner[i];
                    return Ok(item);
                }
            } else {
                break;
            }
        }
        if i >= end || self.tokens[i].kind != Kind::Ident {
            return Err(unreadable(i));
        }
        item.keyword = i;
        let word = self.text(i);
        let (kind, named, to_semicolon) = match word {
            "fn" => (ItemKind::Fn, true, false),
            "struct" => (ItemKind::Struct, true, false),
            "enum" => (ItemKind::Enum, true, false),
            "union" if i + 1 < end && self.tokens[i + 1].kind == Kind::Ident => {
                (ItemKind::Union, true, false)
            }
            "trait" => (ItemKind::Trait, true, false),
            "impl" => (ItemKind::Impl, false, false),
            "mod" => (ItemKind::Mod, true, false),
            "use" => (ItemKind::Use, false, true),
            "const" => (ItemKind::Const, true, true),
            "static" => (ItemKind::Static, true, true),
            "type" => (ItemKind::Type, true, true),
            "extern" => (ItemKind::ExternCrate, false, true),
            "macro_rules" if self.is_punct(i + 1, b'!') => (ItemKind::MacroRules, false, false),
            _ => {
                // A macro call: a path, `!`, then its delimited input.
                let mut k = i;
                while self.is_punct(k + 1, b':') && self.is_punct(k + 2, b':') {
                    k += 3;
                    if k >= end || self.tokens[k].kind != Kind::Ident {
                        return Err(unreadable(k));
                    }
                }
                if !self.is_punct(k + 1, b'!') {
                    return Err(unreadable(i));
                }
                (ItemKind::MacroCall, false, false)
            }
        };
        item.kind = kind;
        if named {
            let mut k = i + 1;
            if kind == ItemKind::Static && self.is_ident(k, "mut") {
                k += 1;
            }
            if k < end && self.tokens[k].kind == Kind::Ident {
                item.name = Some(k);
            }
        } else if kind == ItemKind::MacroRules
            && i + 2 < end
            && self.tokens[i + 2].kind == Kind::Ident
        {
            item.name = Some(i + 2);
        }
        // The end: the `;` at the item's own level, or the `}` of its body, whichever is first
        // (only a `;` for the items that have no body; a braced group is part of the item, and
        // so is a const generic argument's block in a signature, `ArrayVec<T, { 2 * N }>`).
        let mut k = i + 1;
        let mut angles = 0usize;
        loop {
            if k >= end {
                return Err(unreadable(first));
            }
            match self.tokens[k].kind {
                Kind::Punct(b';') => {
                    item.last = k;
                    break;
                }
                Kind::Punct(b'{') if !to_semicolon && angles == 0 => {
                    item.body = Some((k, self.partner[k]));
                    item.last = self.partner[k];
                    break;
                }
                Kind::Punct(b'(' | b'[' | b'{') => k = self.partner[k] + 1,
                Kind::Punct(b'<') => {
                    angles += 1;
                    k += 1;
                }
                Kind::Punct(b'>') => {
                    if !self.is_punct(k - 1, b'-') && !self.is_punct(k - 1, b'=') {
                        angles = angles.saturating_sub(1);
                    }
                    k += 1;
                }
                _ => k += 1,
            }
        }
        if let (ItemKind::Mod | ItemKind::Impl | ItemKind::Trait, Some((open, close))) =
            (kind, item.body)
        {
            item.children = self.items_in(open + 1, close)?;
        }
        Ok(item)
    }

    /// Whether an `impl` is inherent (no `Trait for`).
    fn is_inherent(&self, item: &Item) -> bool {
        let header_end = item.body.map_or(item.last, |(open, _)| open);
        !(item.keyword + 1..header_end)
            .any(|k| self.is_ident(k, "for") && !self.is_punct(k + 1, b'<'))
    }

    /// Every item, depth first (an item before its children).
    fn all_items(&self) -> Vec<&Item> {
        fn walk<'i>(items: &'i [Item], out: &mut Vec<&'i Item>) {
            for item in items {
                out.push(item);
                walk(&item.children, out);
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out
    }

    /// The item whose name starts at byte `at`.
    fn named_at(&self, at: usize) -> Option<&Item> {
        self.all_items()
            .into_iter()
            .find(|item| item.name.is_some_and(|name| self.tokens[name].start == at))
    }

    /// The innermost item of `kind` whose tokens hold byte `at`.
    fn innermost(&self, kind: ItemKind, at: usize) -> Option<&Item> {
        self.all_items().into_iter().rfind(|item| {
            let (start, end) = self.range(item.first, item.last);
            item.kind == kind && start <= at && at < end
        })
    }

    /// The `impl` whose header (from `impl` to its body's `{`) holds byte `at`.
    fn impl_with_header_at(&self, at: usize) -> Option<&Item> {
        self.all_items().into_iter().find(|item| {
            item.kind == ItemKind::Impl
                && self.tokens[item.keyword].start <= at
                && item
                    .body
                    .is_some_and(|(open, _)| at < self.tokens[open].start)
        })
    }

    /// The bytes of the item whose keyword (or visibility) starts at byte `at`, with the
    /// attributes before it: an item anywhere, also in a macro's body.
    fn item_from(&self, at: usize) -> Option<(usize, usize)> {
        let mut first = self.tokens.iter().position(|token| token.start == at)?;
        while first >= 2 && self.is_punct(first - 1, b']') {
            let open = (0..first - 1)
                .rev()
                .find(|&k| self.partner[k] == first - 1)?;
            if open == 0 || !self.is_punct(open - 1, b'#') {
                break;
            }
            first = open - 1;
        }
        let item = self.item_at(first, self.tokens.len()).ok()?;
        Some(self.range(item.first, item.last))
    }

    /// The name of an item, for the report and for the names kept.
    fn name_of(&self, item: &Item) -> Option<&'a str> {
        item.name.map(|name| self.text(name))
    }
}

// ---------------------------------------------------------------------------------------------
// Use trees

/// One tree of a `use`: tokens `first..=last`, and the group (`{…}`) it ends with, if any.
struct UseTree {
    first: usize,
    last: usize,
    group: Option<(usize, usize, Vec<UseTree>)>,
}

impl Parsed<'_> {
    /// The trees separated by commas in tokens `from..to`.
    fn use_trees(&self, from: usize, to: usize) -> Vec<UseTree> {
        let mut trees = Vec::new();
        let mut i = from;
        while i < to {
            if self.is_punct(i, b',') {
                i += 1;
                continue;
            }
            let first = i;
            let mut group = None;
            while i < to && !self.is_punct(i, b',') {
                if self.is_punct(i, b'{') {
                    let close = self.partner[i];
                    group = Some((i, close, self.use_trees(i + 1, close)));
                    i = close;
                }
                i += 1;
            }
            trees.push(UseTree {
                first,
                last: i - 1,
                group,
            });
        }
        trees
    }

    /// The text of `tree` without the subtrees that hold a byte of `cut`, or `None` if nothing
    /// is left of it.
    fn use_tree_without(&self, tree: &UseTree, cut: &[usize]) -> Option<String> {
        let (start, end) = self.range(tree.first, tree.last);
        let mut inside = cut.iter().filter(|&&at| start <= at && at < end).peekable();
        inside.peek()?;
        let Some((open, close, children)) = &tree.group else {
            return None;
        };
        let (open_at, close_at) = (self.tokens[*open].start, self.tokens[*close].end);
        if inside.any(|&at| at < open_at || at >= close_at) {
            return None;
        }
        let kept: Vec<String> = children
            .iter()
            .filter_map(|child| {
                let (s, e) = self.range(child.first, child.last);
                if cut.iter().any(|&at| s <= at && at < e) {
                    self.use_tree_without(child, cut)
                } else {
                    Some(self.src[s..e].to_string())
                }
            })
            .collect();
        let prefix = &self.src[start..open_at];
        match kept.as_slice() {
            [] => None,
            [only] if !only.starts_with("self") => Some(format!("{prefix}{only}")),
            _ => Some(format!("{prefix}{{{}}}", kept.join(","))),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Edits

/// Text `start..end` replaced by `text` (deleted, if empty).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// `src` with `edits` made. An edit inside another is dropped; a deletion that leaves its line
/// blank (or a comment alone) takes the line with it.
fn apply(src: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by(|a, b| a.start.cmp(&b.start).then(b.end.cmp(&a.end)));
    let mut merged: Vec<Edit> = Vec::new();
    for edit in edits {
        if let Some(last) = merged.last_mut() {
            if edit.end <= last.end {
                continue;
            }
            let between = &src[last.end.min(edit.start)..edit.start];
            if last.text.is_empty() && edit.text.is_empty() && between.trim().is_empty() {
                last.end = edit.end;
                continue;
            }
            if edit.start < last.end {
                continue;
            }
        }
        merged.push(edit);
    }
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    for mut edit in merged {
        if edit.text.is_empty() {
            let line_start = src[..edit.start].rfind('\n').map_or(0, |p| p + 1);
            let line_end = src[edit.end..]
                .find('\n')
                .map_or(src.len(), |p| edit.end + p + 1);
            let after = src[edit.end..line_end].trim();
            if line_start >= at
                && src[line_start..edit.start].trim().is_empty()
                && (after.is_empty() || after.starts_with("//"))
            {
                edit.start = line_start;
                edit.end = line_end;
            }
        }
        let start = edit.start.max(at);
        out.push_str(&src[at..start]);
        out.push_str(&edit.text);
        at = edit.end.max(start);
    }
    out.push_str(&src[at..]);
    out
}

// ---------------------------------------------------------------------------------------------
// The compiler

/// A diagnostic of rustc: its level, code, message, and where its primary spans start in the
/// bundle's bytes, each with whether it is in a macro's expansion (in a `macro_rules!`, or where
/// the macro is called).
#[derive(Debug)]
struct Diagnostic {
    level: String,
    code: String,
    message: String,
    spans: Vec<(usize, bool)>,
    rendered: String,
}

struct Compiler {
    rustc: String,
    dir: PathBuf,
}

impl Compiler {
    /// The bundle's diagnostics, each span in `src`'s bytes.
    fn check(&self, src: &str) -> Result<Vec<Diagnostic>, String> {
        let copy = AnalysisCopy::new(src);
        let file = self.dir.join("bundle.rs");
        std::fs::write(&file, &copy.text)
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let out = Command::new(&self.rustc)
            .args([
                "--edition",
                "2021",
                "--crate-type",
                "bin",
                "--crate-name",
                "bundle",
            ])
            .args(["--emit=metadata", "--error-format=json"])
            .args([
                "-W",
                "dead_code",
                "-W",
                "unused_imports",
                "-W",
                "unused_macros",
            ])
            .arg("-o")
            .arg(self.dir.join("bundle.rmeta"))
            .arg(&file)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.rustc))?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut diagnostics = Vec::new();
        for line in stderr.lines().filter(|line| line.starts_with('{')) {
            let json = Json::parse(line)?;
            if json.get("$message_type").and_then(Json::as_str) != Some("diagnostic") {
                continue;
            }
            let d = diagnostic(&json, &file, &copy);
            // The summary that closes a failed build.
            if !d.message.starts_with("aborting due to") {
                diagnostics.push(d);
            }
        }
        if !out.status.success() && !diagnostics.iter().any(|d| d.level == "error") {
            return Err(format!("{} failed: {stderr}", self.rustc));
        }
        Ok(diagnostics)
    }
}

fn diagnostic(json: &Json, file: &Path, copy: &AnalysisCopy) -> Diagnostic {
    let text = |key: &str| {
        json.get(key)
            .and_then(Json::as_str)
            .unwrap_or("")
            .to_string()
    };
    let spans = json
        .get("spans")
        .and_then(Json::as_array)
        .unwrap_or(&[])
        .iter()
        .filter(|span| {
            span.get("is_primary") == Some(&Json::Bool(true))
                && span.get("file_name").and_then(Json::as_str) == file.to_str()
        })
        .filter_map(|span| {
            let at = span.get("byte_start").and_then(Json::as_number)?;
            let expanded = span.get("expansion").is_some_and(|e| *e != Json::Null);
            Some((copy.original(at as usize), expanded))
        })
        .collect();
    Diagnostic {
        level: text("level"),
        code: json
            .get("code")
            .and_then(|code| code.get("code"))
            .and_then(Json::as_str)
            .unwrap_or("")
            .to_string(),
        message: text("message"),
        spans,
        rendered: text("rendered"),
    }
}

/// The bundle as the compiler checks it: every `pub` without a restriction made `pub(crate)`
/// (a binary's public items are not linted), and `#![allow(dead_code)]` blanked.
struct AnalysisCopy {
    text: String,
    /// Where `(crate)` was inserted, in the bundle's bytes.
    inserted: Vec<usize>,
}

const RESTRICTION: &str = "(crate)";

impl AnalysisCopy {
    fn new(src: &str) -> AnalysisCopy {
        let tokens = lex(src);
        let mut text = String::with_capacity(src.len() + src.len() / 10);
        let mut inserted = Vec::new();
        let mut at = 0;
        for (i, token) in tokens.iter().enumerate() {
            let word = &src[token.start..token.end];
            let next = tokens.get(i + 1).map(|t| t.kind);
            if token.kind == Kind::Ident && word == "pub" && next != Some(Kind::Punct(b'(')) {
                text.push_str(&src[at..token.end]);
                text.push_str(RESTRICTION);
                inserted.push(token.end);
                at = token.end;
            }
        }
        text.push_str(&src[at..]);
        let allow = "#![allow(dead_code)]";
        let text = text.replace(allow, &" ".repeat(allow.len()));
        AnalysisCopy { text, inserted }
    }

    /// The bundle's byte for the copy's byte `at`.
    fn original(&self, at: usize) -> usize {
        let width = RESTRICTION.len();
        let before = self
            .inserted
            .iter()
            .enumerate()
            .take_while(|&(k, &p)| p + k * width + width <= at)
            .count();
        let inside = self
            .inserted
            .get(before)
            .is_some_and(|&p| at >= p + before * width);
        if inside {
            self.inserted[before]
        } else {
            at - before * width
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A little JSON, enough for rustc's diagnostics

#[derive(Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Result<Json, String> {
        let mut reader = JsonReader {
            b: text.as_bytes(),
            i: 0,
        };
        let value = reader.value()?;
        reader.space();
        if reader.i != reader.b.len() {
            return Err(format!("trailing characters in rustc's JSON: {text}"));
        }
        Ok(value)
    }

    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    fn as_number(&self) -> Option<f64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }

    fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(values) => Some(values),
            _ => None,
        }
    }
}

struct JsonReader<'a> {
    b: &'a [u8],
    i: usize,
}

impl JsonReader<'_> {
    fn space(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn error(&self) -> String {
        format!("unreadable JSON from rustc at byte {}", self.i)
    }

    fn eat(&mut self, word: &str) -> bool {
        if self.b[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.space();
        match self.b.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut fields = Vec::new();
                loop {
                    self.space();
                    if self.eat("}") {
                        return Ok(Json::Object(fields));
                    }
                    if !fields.is_empty() && !self.eat(",") {
                        return Err(self.error());
                    }
                    self.space();
                    let key = self.string()?;
                    self.space();
                    if !self.eat(":") {
                        return Err(self.error());
                    }
                    fields.push((key, self.value()?));
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut values = Vec::new();
                loop {
                    self.space();
                    if self.eat("]") {
                        return Ok(Json::Array(values));
                    }
                    if !values.is_empty() && !self.eat(",") {
                        return Err(self.error());
                    }
                    values.push(self.value()?);
                }
            }
            Some(b'"') => self.string().map(Json::Str),
            Some(_) if self.eat("null") => Ok(Json::Null),
            Some(_) if self.eat("true") => Ok(Json::Bool(true)),
            Some(_) if self.eat("false") => Ok(Json::Bool(false)),
            Some(_) => {
                let start = self.i;
                while self.i < self.b.len() && b"+-.eE0123456789".contains(&self.b[self.i]) {
                    self.i += 1;
                }
                std::str::from_utf8(&self.b[start..self.i])
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .map(Json::Number)
                    .ok_or_else(|| self.error())
            }
            None => Err(self.error()),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if !self.eat("\"") {
            return Err(self.error());
        }
        let mut bytes = Vec::new();
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.error());
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.b.get(self.i) else {
                        return Err(self.error());
                    };
                    self.i += 1;
                    let escaped = match e {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => {
                            let mut code = self.hex4()?;
                            if (0xD800..0xDC00).contains(&code) && self.eat("\\u") {
                                let low = self.hex4()?;
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                            }
                            char::from_u32(code).unwrap_or('\u{FFFD}')
                        }
                        other => other as char,
                    };
                    let mut buf = [0; 4];
                    bytes.extend_from_slice(escaped.encode_utf8(&mut buf).as_bytes());
                }
                _ => bytes.push(c),
            }
        }
        String::from_utf8(bytes).map_err(|_| self.error())
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.b.get(self.i..self.i + 4).ok_or_else(|| self.error())?;
        let code = std::str::from_utf8(digits)
            .ok()
            .and_then(|s| u32::from_str_radix(s, 16).ok())
            .ok_or_else(|| self.error())?;
        self.i += 4;
        Ok(code)
    }
}

// ---------------------------------------------------------------------------------------------
// Trimming

/// What one pass removes: the edits, and the names of the items it removes.
#[derive(Default)]
struct Removals {
    edits: Vec<Edit>,
    names: BTreeSet<String>,
    items: usize,
    imports: usize,
}

/// The removals that the warnings of `diagnostics` call for, but for items named in `keep`.
fn removals(parsed: &Parsed, diagnostics: &[Diagnostic], keep: &BTreeSet<String>) -> Removals {
    let mut removed: BTreeSet<usize> = BTreeSet::new(); // items' first tokens
    let mut uses: Vec<(usize, Vec<usize>)> = Vec::new(); // a use item's first token, the cuts
    let mut removals = Removals::default();
    for d in diagnostics.iter().filter(|d| d.level == "warning") {
        for &(at, _) in d.spans.iter().filter(|(_, expanded)| !expanded) {
            match d.code.as_str() {
                "dead_code" | "unused_macros" => {
                    if let Some(item) = parsed.named_at(at) {
                        if !keep.contains(parsed.name_of(item).unwrap_or("")) {
                            removed.insert(item.first);
                        }
                    }
                }
                "unused_imports" => {
                    if let Some(item) = parsed.innermost(ItemKind::Use, at) {
                        match uses.iter_mut().find(|(first, _)| *first == item.first) {
                            Some((_, cuts)) => cuts.push(at),
                            None => uses.push((item.first, vec![at])),
                        }
                    }
                }
                _ => {}
            }
        }
    }
    // Exported macros that nothing outside their own definition calls.
    for item in parsed.all_items() {
        if item.kind != ItemKind::MacroRules || !item.exported {
            continue;
        }
        let Some(name) = parsed.name_of(item) else {
            continue;
        };
        let called = (0..parsed.tokens.len()).any(|k| {
            (k < item.first || k > item.last)
                && parsed.is_ident(k, name)
                && parsed.is_punct(k + 1, b'!')
        });
        if !called && !keep.contains(name) {
            removed.insert(item.first);
        }
    }
    // Inherent impls and modules whose every item goes, go whole (not one that had no item).
    fn emptied(parsed: &Parsed, items: &[Item], removed: &mut BTreeSet<usize>) {
        for item in items {
            emptied(parsed, &item.children, removed);
            let container = item.kind == ItemKind::Mod
                || item.kind == ItemKind::Impl && parsed.is_inherent(item);
            if container
                && !item.children.is_empty()
                && item
                    .children
                    .iter()
                    .all(|child| removed.contains(&child.first))
            {
                removed.insert(item.first);
            }
        }
    }
    emptied(parsed, &parsed.items, &mut removed);
    for item in parsed.all_items() {
        if removed.contains(&item.first) {
            let (start, end) = parsed.range(item.first, item.last);
            removals.edits.push(Edit {
                start,
                end,
                text: String::new(),
            });
            if let Some(name) = parsed.name_of(item) {
                removals.names.insert(name.to_string());
            }
            removals.items += 1;
        }
    }
    for (first, cuts) in uses {
        let item = parsed
            .all_items()
            .into_iter()
            .find(|item| item.first == first)
            .expect("a use item");
        removals.imports += cuts.len();
        removals.edits.push(use_edit(parsed, item, &cuts));
    }
    removals
}

/// The edit that takes the trees holding `cuts` out of the `use` item `item`.
fn use_edit(parsed: &Parsed, item: &Item, cuts: &[usize]) -> Edit {
    let trees = parsed.use_trees(item.keyword + 1, item.last);
    let (start, end) = parsed.range(item.first, item.last);
    match trees
        .first()
        .and_then(|tree| parsed.use_tree_without(tree, cuts))
    {
        Some(text) if trees.len() == 1 => {
            let (tree_start, tree_end) = parsed.range(trees[0].first, trees[0].last);
            Edit {
                start: tree_start,
                end: tree_end,
                text,
            }
        }
        _ => Edit {
            start,
            end,
            text: String::new(),
        },
    }
}

/// The edits that mend what a pass broke, or `None` if an error is not one a removal explains
/// (an error inside what a repair removes, such as the body of an `impl` whose header names a
/// removed type, is explained by it).
fn repairs(parsed: &Parsed, errors: &[&Diagnostic]) -> Option<Vec<Edit>> {
    let deletion = |(start, end): (usize, usize)| Edit {
        start,
        end,
        text: String::new(),
    };
    let mut edits = Vec::new();
    let mut unexplained = Vec::new();
    for d in errors {
        let &(at, _) = d.spans.first()?;
        let edit = match d.code.as_str() {
            // A method, type or constant implemented for a trait that no longer declares it (also
            // in a macro's body: the span is the whole item).
            "E0407" | "E0437" | "E0438" => parsed.item_from(at).map(deletion),
            // An import of an item no longer there.
            "E0432" => parsed
                .innermost(ItemKind::Use, at)
                .map(|item| use_edit(parsed, item, &[at])),
            // An implementation for a type or of a trait no longer there.
            "E0405" | "E0412" | "E0422" | "E0425" | "E0433" => parsed
                .impl_with_header_at(at)
                .map(|item| deletion(parsed.range(item.first, item.last))),
            _ => None,
        };
        match edit {
            Some(edit) => edits.push(edit),
            None => unexplained.push(at),
        }
    }
    let removed = |at: usize| {
        edits
            .iter()
            .any(|e| e.text.is_empty() && e.start <= at && at < e.end)
    };
    unexplained.iter().all(|&at| removed(at)).then_some(edits)
}

/// The names between backquotes in a message, word by word.
fn quoted_names(message: &str) -> BTreeSet<String> {
    message
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|quoted| {
            quoted
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .filter(|word| !word.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

const MAX_PASSES: usize = 100;
/// Rounds of repairs after one pass's removals, at most.
const MAX_REPAIRS: usize = 20;

/// Whether `BUNDLE_TRIM_VERBOSE` asks for each pass's removals and the errors behind what is kept.
fn verbose() -> bool {
    std::env::var_os("BUNDLE_TRIM_VERBOSE").is_some_and(|v| !v.is_empty())
}

/// `src` without what its bot never uses, and a line on what went.
fn trim(src: &str, compiler: &Compiler) -> Result<(String, String), String> {
    let mut text = src.to_string();
    let mut keep: BTreeSet<String> = BTreeSet::new();
    let mut diagnostics = compiler.check(&text)?;
    let mut runs = 1;
    let (mut items, mut imports, mut passes) = (0, 0, 0);
    let errors = |diagnostics: &[Diagnostic]| -> Vec<String> {
        diagnostics
            .iter()
            .filter(|d| d.level == "error")
            .map(|d| d.rendered.clone())
            .collect()
    };
    let first_errors = errors(&diagnostics);
    if !first_errors.is_empty() {
        return Err(format!(
            "the bundle does not compile:\n{}",
            first_errors.join("")
        ));
    }
    'passes: loop {
        if passes == MAX_PASSES {
            return Err(format!("still removing after {MAX_PASSES} passes"));
        }
        let parsed = Parsed::new(&text)?;
        let pass = removals(&parsed, &diagnostics, &keep);
        if pass.edits.is_empty() {
            break;
        }
        passes += 1;
        if verbose() {
            eprintln!("bundle-trim: pass {passes} removes {:?}", pass.names);
        }
        let before = text.clone();
        let before_diagnostics = diagnostics;
        text = apply(&text, pass.edits);
        let (mut rounds, mut mended) = (0, 0);
        loop {
            diagnostics = compiler.check(&text)?;
            runs += 1;
            let broken: Vec<&Diagnostic> =
                diagnostics.iter().filter(|d| d.level == "error").collect();
            if broken.is_empty() {
                items += pass.items + mended;
                imports += pass.imports;
                continue 'passes;
            }
            let parsed = Parsed::new(&text)?;
            match repairs(&parsed, &broken) {
                Some(edits) if !edits.is_empty() && rounds < MAX_REPAIRS => {
                    rounds += 1;
                    mended += edits.iter().filter(|e| e.text.is_empty()).count();
                    text = apply(&text, edits);
                }
                _ => {
                    // Undo the pass, keeping what the errors name.
                    let named: BTreeSet<String> = broken
                        .iter()
                        .flat_map(|d| quoted_names(&d.message))
                        .filter(|name| pass.names.contains(name) && !keep.contains(name))
                        .collect();
                    if named.is_empty() {
                        return Err(format!(
                            "the trimmed bundle does not compile, and no removed item is to \
                             blame:\n{}",
                            errors(&diagnostics).join("")
                        ));
                    }
                    if verbose() {
                        eprintln!(
                            "bundle-trim: kept {named:?} for\n{}",
                            errors(&diagnostics).join("")
                        );
                    }
                    keep.extend(named);
                    text = before;
                    diagnostics = before_diagnostics;
                    continue 'passes;
                }
            }
        }
    }
    let counts = Counts {
        items,
        imports,
        passes,
        runs,
    };
    squeeze_and_check(&text, compiler, &keep, counts)
}

/// What a trim did, for its summary line.
struct Counts {
    items: usize,
    imports: usize,
    passes: usize,
    runs: usize,
}

/// The trimmed `text` without the white space no token needs, checked to compile once more,
/// with the trim's summary (`keep`: the unused items it had to keep).
fn squeeze_and_check(
    text: &str,
    compiler: &Compiler,
    keep: &BTreeSet<String>,
    counts: Counts,
) -> Result<(String, String), String> {
    let Counts {
        items,
        imports,
        passes,
        mut runs,
    } = counts;
    let text = squeeze(text);
    let broken: Vec<String> = compiler
        .check(&text)?
        .iter()
        .filter(|d| d.level == "error")
        .map(|d| d.rendered.clone())
        .collect();
    runs += 1;
    if !broken.is_empty() {
        return Err(format!(
            "the squeezed bundle does not compile:\n{}",
            broken.join("")
        ));
    }
    let kept = if keep.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = keep.iter().map(String::as_str).collect();
        format!("; kept though unused: {}", names.join(", "))
    };
    Ok((
        text,
        format!(
            "{items} items and {imports} imports removed in {passes} pass{} ({runs} checks){kept}",
            if passes == 1 { "" } else { "es" }
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items_of(src: &str) -> Vec<(ItemKind, Option<String>)> {
        let parsed = Parsed::new(src).unwrap();
        parsed
            .all_items()
            .into_iter()
            .map(|item| (item.kind, parsed.name_of(item).map(str::to_string)))
            .collect()
    }

    #[test]
    fn tokens_tell_literals_lifetimes_and_comments_apart() {
        let src = "fn f<'a>(x: &'a str) -> char { let _ = \"}{\"; let _ = r#\"\"}\"#; 'x' } // }\n\
                   /* { /* } */ */ const C: u8 = b'\\'';";
        let kinds: Vec<Kind> = lex(src).iter().map(|t| t.kind).collect();
        assert_eq!(kinds.iter().filter(|&&k| k == Kind::Lifetime).count(), 2);
        assert_eq!(kinds.iter().filter(|&&k| k == Kind::Literal).count(), 4);
        assert_eq!(
            items_of(src),
            [
                (ItemKind::Fn, Some("f".into())),
                (ItemKind::Const, Some("C".into()))
            ]
        );
    }

    #[test]
    fn items_end_at_their_own_semicolon_or_body() {
        let src = "#![allow(dead_code)]\npub mod m {use a::{b,c};pub struct T(u8);\
                   pub(crate) const X: [u8; 2] = [1, 2];impl<T> Tr for S<T> where T: Copy {\
                   fn g(&self) {}}pub const fn h() -> S {S{a:1}}crate::mac!(S);\
                   #[macro_export]\nmacro_rules! mac{($t:ty)=>{};}static mut Y: u8 = 0;}";
        assert_eq!(
            items_of(src),
            [
                (ItemKind::InnerAttribute, None),
                (ItemKind::Mod, Some("m".into())),
                (ItemKind::Use, None),
                (ItemKind::Struct, Some("T".into())),
                (ItemKind::Const, Some("X".into())),
                (ItemKind::Impl, None),
                (ItemKind::Fn, Some("g".into())),
                (ItemKind::Fn, Some("h".into())),
                (ItemKind::MacroCall, None),
                (ItemKind::MacroRules, Some("mac".into())),
                (ItemKind::Static, Some("Y".into())),
            ]
        );
        let parsed = Parsed::new(src).unwrap();
        let impl_item = parsed
            .all_items()
            .into_iter()
            .find(|i| i.kind == ItemKind::Impl);
        assert!(!parsed.is_inherent(impl_item.unwrap()));
    }

    #[test]
    fn use_trees_lose_the_cut_paths_and_empty_groups() {
        let src = "use a::{b,c::{d,e},f as g};";
        let parsed = Parsed::new(src).unwrap();
        let item = &parsed.items[0];
        let at = |word: &str| src.find(word).unwrap();
        let edited = |cuts: &[usize]| apply(src, vec![use_edit(&parsed, item, cuts)]);
        assert_eq!(edited(&[at("b,")]), "use a::{c::{d,e},f as g};");
        assert_eq!(edited(&[at("d,"), at("e}")]), "use a::{b,f as g};");
        assert_eq!(edited(&[at("b,"), at("f as")]), "use a::c::{d,e};");
        assert_eq!(edited(&[at("b,"), at("d,"), at("e}"), at("f as")]), "");
    }

    #[test]
    fn deletions_take_their_blank_lines_with_them() {
        let src = "a;\nfn x(){}\nb;fn y(){}c;\n";
        let cut = |word: &str, len: usize| {
            let start = src.find(word).unwrap();
            Edit {
                start,
                end: start + len,
                text: String::new(),
            }
        };
        assert_eq!(apply(src, vec![cut("fn x", 8)]), "a;\nb;fn y(){}c;\n");
        assert_eq!(
            apply(src, vec![cut("fn y", 8), cut("fn x", 8)]),
            "a;\nb;c;\n"
        );
    }

    #[test]
    fn the_analysis_copy_maps_back_to_the_bundle() {
        let src = "pub fn a(){}pub(crate) fn b(){}pub struct C;";
        let copy = AnalysisCopy::new(src);
        assert_eq!(
            copy.text,
            "pub(crate) fn a(){}pub(crate) fn b(){}pub(crate) struct C;"
        );
        for word in ["a()", "b()", "C;"] {
            assert_eq!(
                copy.original(copy.text.find(word).unwrap()),
                src.find(word).unwrap()
            );
        }
    }

    #[test]
    fn json_reads_rustc_diagnostics() {
        let json = Json::parse(r#"{"a":[1,-2.5e3,null,true],"b":"x\"\u00e9\n","c":{}}"#).unwrap();
        assert_eq!(json.get("b").and_then(Json::as_str), Some("x\"é\n"));
        assert_eq!(
            json.get("a").and_then(Json::as_array).map(<[Json]>::len),
            Some(4)
        );
        assert_eq!(
            quoted_names("cannot find type `Foo<T>` in `m::n`"),
            ["Foo", "T", "m", "n"]
                .iter()
                .map(|s| s.to_string())
                .collect()
        );
    }

    /// A whole trim through the compiler: a dead function, a dead type with its trait impl (the
    /// header's error), a trait method no one calls with its implementation (E0407), an unused
    /// path of a `use` group, an unused re-export and then the module it empties, an exported
    /// macro no one calls; a const generic block in a signature; the white space squeezed.
    #[test]
    fn trims_a_small_crate_through_rustc() {
        let src = r#"#![allow(dead_code)]
// A comment stays.
pub mod m {
    use std::collections::{HashMap, HashSet};
    use std::fmt;
    pub use self::inner::Inner;
    pub struct Dead;
    impl fmt::Display for Dead {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "dead")
        }
    }
    pub struct Named(pub u8);
    impl fmt::Display for Named {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }
    pub fn live(n: &Named) -> String {
        let set: HashSet<u8> = HashSet::new();
        format!("{n} {} {}", helper(), set.len() as u8 - 1)
    }
    fn helper() -> u8 {
        2
    }
    pub fn dead() -> u8 {
        helper()
    }
    pub trait T {
        fn used(&self) -> u8;
        fn unused(&self) -> u8;
    }
    impl T for u8 {
        fn used(&self) -> u8 {
            *self
        }
        fn unused(&self) -> u8 {
            0
        }
    }
    pub struct Buf<const N: usize>(pub [u8; N]);
    pub fn buf() -> Buf<{ 1 + 1 }> {
        Buf([0; 2])
    }
    mod inner {
        pub struct Inner;
    }
    #[macro_export]
    macro_rules! never {
        () => {};
    }
}
fn main() {
    use m::T;
    println!("{} {} {}", m::live(&m::Named(1)), 7u8.used(), m::buf().0.len());
}
"#;
        let dir = std::env::temp_dir().join(format!("bundle-trim-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let compiler = Compiler {
            rustc: std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string()),
            dir: dir.clone(),
        };
        let trimmed = trim(src, &compiler);
        let _ = std::fs::remove_dir_all(&dir);
        let (trimmed, report) = trimmed.unwrap();
        assert_eq!(
            trimmed,
            "#![allow(dead_code)]\n// A comment stays.\npub mod m{use std::collections::HashSet;\
             use std::fmt;pub struct Named(pub u8);impl fmt::Display for Named{fn fmt(&self,f:&mut \
             fmt::Formatter)->fmt::Result{write!(f,\"{}\",self.0)}}pub fn live(n:&Named)->String{\
             let set:HashSet<u8> =HashSet::new();format!(\"{n} {} {}\",helper(),set.len()as u8-1)}\
             fn helper()->u8{2}pub trait T{fn used(&self)->u8;}impl T for u8{fn used(&self)->u8{\
             *self}}pub struct Buf<const N:usize>(pub[u8;N]);pub fn buf()->Buf<{1+1}>{Buf([0;2])}}\
             fn main(){use m::T;println!(\"{} {} {}\",m::live(&m::Named(1)),7u8.used(),\
             m::buf().0.len());}\n"
        );
        assert_eq!(report, "8 items and 2 imports removed in 1 pass (4 checks)");
    }
}
