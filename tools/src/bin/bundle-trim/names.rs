//! Short names. Once what the bot never reaches is gone, the names are the largest share of
//! what is left (CodinGame counts every character), and most are the bundle's own: its types,
//! functions, fields, variables, modules and macros. Each of those is written as a short fresh
//! name, the same at every occurrence.
//!
//! A name renamed to a fresh one, the same everywhere, resolves every path and method call as
//! before, for nothing else answers to the fresh name; so a renaming that compiles behaves the
//! same, but where a name is read as text or a fresh name could reach the standard library.
//! Those names are kept as written:
//! - the language's words (keywords, primitive types) and what the bundle takes from the
//!   standard library: the prelude's names, `std::`/`core::` paths and their `use`s, the methods
//!   and associated items that nothing in the bundle declares;
//! - the items of an `impl` of a trait declared elsewhere (`fmt` of `Display`), and those of a
//!   trait of the bundle implemented for a type it does not declare (`SampleRange::is_empty` for
//!   `Range`: the type's own `is_empty` wins, and would no longer be shadowed by the trait's);
//! - what is read as text: the words of attributes (`#[cfg(…)]`, lint names), the names a format
//!   string captures (`"{depth}"`, `{:width$}`), what `stringify!` or `concat!` reads, a
//!   macro's fragment specifiers (`$x:expr`), and the names a derived `Debug` prints (the
//!   type's, its fields' and its variants');
//! - `main`, names starting with `_` (the unused-variable lint reads them), raw names.
//!
//! The compiler checks the rest: the bundle is renamed and checked, and a name that an error
//! blames (at its span, or quoted in its message) is kept as written in the next try, until the
//! bundle compiles. Fresh names (`a`, `b`, …, `a0`, …; `A`, `B`, … for names that start with a
//! capital, so that the case lints hold) are dealt in order, the most frequent name first,
//! skipping every word the bundle already uses and the standard library's short method names
//! (a trait method renamed `eq` would lose to an inherent `eq`): the same bundle is always
//! renamed the same way.

use std::collections::{BTreeMap, BTreeSet};

use crate::items::{ItemKind, Parsed};
use crate::rustc::{quoted_words, rendered_errors, Compiler, Diagnostic};
use crate::tokens::Kind;
use crate::verbose;

/// The language's words: strict, reserved and weak keywords, and the primitive types.
const LANGUAGE: &str = "\
    as async await break const continue crate dyn else enum extern false fn for if impl in let \
    loop match mod move mut pub ref return self Self static struct super trait true type \
    unsafe use where while abstract become box do final macro override priv typeof unsized \
    virtual yield try gen union macro_rules default raw safe auto _ u8 u16 u32 u64 u128 usize \
    i8 i16 i32 i64 i128 isize f32 f64 bool char str";

/// The standard library's names that reach the bundle without a path: the prelude's types,
/// traits, functions and macros, and its crates.
const PRELUDE: &str = "\
    std core alloc Option Some None Result Ok Err Box Vec String ToString ToOwned Clone Copy \
    Default Drop Eq PartialEq Ord PartialOrd Hash Debug Fn FnMut FnOnce From Into TryFrom \
    TryInto AsRef AsMut Iterator IntoIterator DoubleEndedIterator ExactSizeIterator Extend \
    FromIterator Send Sync Sized Unpin drop println eprintln print eprint format format_args \
    write writeln vec panic assert assert_eq assert_ne debug_assert debug_assert_eq \
    debug_assert_ne unreachable unimplemented todo matches cfg env option_env line column file \
    module_path stringify concat include include_str include_bytes compile_error dbg main";

/// Short names of the standard library's methods and modules, which a fresh name must not be
/// (a trait method renamed `eq` would lose to an inherent method of that name).
const STD_SHORT: &str = "eq ne lt le gt ge or ok ln io fs os";

/// The words of one of the lists above.
fn words(list: &'static str) -> impl Iterator<Item = &'static str> {
    list.split_whitespace()
}

/// Rounds of checks, at most: each keeps at least one more name as written.
const MAX_ROUNDS: usize = 40;

/// What the renaming did, for the summary.
#[derive(Default)]
pub(crate) struct Renaming {
    pub(crate) renamed: usize,
    pub(crate) checks: usize,
    /// The diagnostics of the renamed bundle (none if it kept every name).
    pub(crate) diagnostics: Option<Vec<Diagnostic>>,
}

/// `src` with the names it defines shortened.
pub(crate) fn shorten_names(src: &str, compiler: &Compiler) -> Result<(String, Renaming), String> {
    let parsed = Parsed::new(src)?;
    let names = Names::of(&parsed);
    let mut candidates = names.candidates();
    let mut report = Renaming::default();
    for _ in 0..MAX_ROUNDS {
        let fresh = names.fresh_for(&candidates);
        let renamed = rewrite(&parsed, &fresh);
        let diagnostics = compiler.check(&renamed.text)?;
        report.checks += 1;
        let errors: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.is_error()).collect();
        if errors.is_empty() {
            report.renamed = fresh.len();
            report.diagnostics = Some(diagnostics);
            return Ok((renamed.text, report));
        }
        let blamed = renamed.blamed(&errors, &fresh);
        if verbose() {
            eprintln!("bundle-trim: names kept as written: {blamed:?}");
        }
        if blamed.is_empty() {
            eprintln!("bundle-trim: every name kept as written: errors that blame no name");
            if verbose() {
                eprintln!("{}", rendered_errors(&diagnostics));
            }
            break;
        }
        candidates.retain(|name| !blamed.contains(name));
    }
    Ok((src.to_string(), report))
}

/// The bundle's names: how often each occurs, and which it must keep as written.
struct Names<'a> {
    count: BTreeMap<&'a str, usize>,
    fixed: BTreeSet<&'a str>,
}

impl<'a> Names<'a> {
    fn of(parsed: &Parsed<'a>) -> Names<'a> {
        let mut count = BTreeMap::new();
        for i in 0..parsed.tokens.len() {
            if parsed.tokens[i].kind == Kind::Ident {
                *count.entry(parsed.text(i)).or_insert(0) += 1;
            }
        }
        let mut fixed: BTreeSet<&str> = words(LANGUAGE).chain(words(PRELUDE)).collect();
        fixed.extend(
            count
                .keys()
                .filter(|n| n.starts_with('_') || n.starts_with("r#")),
        );
        fixed.extend(attribute_words(parsed));
        fixed.extend(fragment_specifiers(parsed));
        fixed.extend(standard_paths(parsed));
        fixed.extend(format_captures(parsed));
        fixed.extend(read_as_text(parsed));
        fixed.extend(debug_printed(parsed));
        fixed.extend(undeclared_members(parsed));
        fixed.extend(trait_items_kept(parsed));
        Names { count, fixed }
    }

    /// The names to try to rename: all but the fixed ones, and those a fresh name cannot
    /// shorten (one letter).
    fn candidates(&self) -> BTreeSet<&'a str> {
        self.count
            .keys()
            .filter(|name| name.len() > 1 && !self.fixed.contains(*name))
            .copied()
            .collect()
    }

    /// A fresh name for each of `candidates` that it shortens: the shortest to the most frequent.
    fn fresh_for(&self, candidates: &BTreeSet<&'a str>) -> BTreeMap<&'a str, String> {
        let mut order: Vec<&str> = candidates.iter().copied().collect();
        order.sort_by_key(|name| (std::cmp::Reverse(self.count[name]), *name));
        let taken = |name: &str| {
            self.count.contains_key(name)
                || words(LANGUAGE)
                    .chain(words(PRELUDE))
                    .chain(words(STD_SHORT))
                    .any(|word| word == name)
        };
        let mut lower = FreshNames::new(false);
        let mut upper = FreshNames::new(true);
        let mut fresh = BTreeMap::new();
        for name in order {
            let source = if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                &mut upper
            } else {
                &mut lower
            };
            let new = source
                .by_ref()
                .find(|new| !taken(new))
                .expect("names enough");
            if new.len() < name.len() {
                fresh.insert(name, new);
            }
        }
        fresh
    }
}

/// Fresh names in order: one letter, a letter and a letter or digit, then a letter, a digit and
/// a letter or digit (`a`, …, `z`, `aa`, …, `z9`, `a0a`, …); capitals for `upper`.
struct FreshNames {
    upper: bool,
    next: usize,
}

impl FreshNames {
    fn new(upper: bool) -> FreshNames {
        FreshNames { upper, next: 0 }
    }
}

impl Iterator for FreshNames {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let letters: Vec<char> = if self.upper {
            ('A'..='Z').collect()
        } else {
            ('a'..='z').collect()
        };
        let alnum: Vec<char> = letters.iter().copied().chain('0'..='9').collect();
        let digits: Vec<char> = ('0'..='9').collect();
        let mut n = self.next;
        self.next += 1;
        if n < letters.len() {
            return Some(letters[n].to_string());
        }
        n -= letters.len();
        if n < letters.len() * alnum.len() {
            return Some(format!(
                "{}{}",
                letters[n / alnum.len()],
                alnum[n % alnum.len()]
            ));
        }
        n -= letters.len() * alnum.len();
        let per_letter = digits.len() * alnum.len();
        let first = *letters.get(n / per_letter)?;
        let rest = n % per_letter;
        Some(format!(
            "{first}{}{}",
            digits[rest / alnum.len()],
            alnum[rest % alnum.len()]
        ))
    }
}

/// The bundle with names replaced, and where each replaced name now stands.
struct Rewritten<'a> {
    text: String,
    /// The bytes of each replaced name in `text`, and the name it replaced.
    spans: Vec<(usize, usize, &'a str)>,
}

fn rewrite<'a>(parsed: &Parsed<'a>, fresh: &BTreeMap<&'a str, String>) -> Rewritten<'a> {
    let src = parsed.src;
    let mut text = String::with_capacity(src.len());
    let mut spans = Vec::new();
    let mut at = 0;
    for (i, token) in parsed.tokens.iter().enumerate() {
        let name = parsed.text(i);
        let Some(new) = fresh.get(name).filter(|_| token.kind == Kind::Ident) else {
            continue;
        };
        text.push_str(&src[at..token.start]);
        spans.push((text.len(), text.len() + new.len(), name));
        text.push_str(new);
        at = token.end;
    }
    text.push_str(&src[at..]);
    Rewritten { text, spans }
}

impl<'a> Rewritten<'a> {
    /// The names to keep as written for `errors`: for each error, the renamed name at its
    /// span, or else those whose fresh names its messages quote (a type's, too, in "no method
    /// `x` found for `T`": hence the span first), or else those within its span.
    fn blamed(
        &self,
        errors: &[&Diagnostic],
        fresh: &BTreeMap<&'a str, String>,
    ) -> BTreeSet<&'a str> {
        let original: BTreeMap<&str, &str> = fresh
            .iter()
            .map(|(&old, new)| (new.as_str(), old))
            .collect();
        let mut blamed = BTreeSet::new();
        for d in errors {
            let spans: Vec<_> = d
                .primary()
                .chain(d.children.iter().flat_map(|c| c.primary()))
                .collect();
            let renamed_where = |fits: &dyn Fn(usize, usize) -> bool| -> BTreeSet<&'a str> {
                self.spans
                    .iter()
                    .filter(|&&(start, end, _)| fits(start, end))
                    .map(|&(_, _, name)| name)
                    .collect()
            };
            let mut found =
                renamed_where(&|start, end| spans.iter().any(|s| s.start == start && s.end == end));
            if found.is_empty() {
                found = d
                    .messages()
                    .flat_map(quoted_words)
                    .filter_map(|word| original.get(word.as_str()).copied())
                    .collect();
            }
            if found.is_empty() {
                found = renamed_where(&|start, end| {
                    spans.iter().any(|s| s.start <= start && end <= s.end)
                });
            }
            blamed.extend(found);
        }
        blamed
    }
}

/// The words inside attributes (`#[…]`, `#![…]`): lint names, `cfg` options, derives, paths.
fn attribute_words<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    let mut words = Vec::new();
    let mut i = 0;
    while i < parsed.tokens.len() {
        let bracket = if parsed.is_punct(i + 1, b'!') {
            i + 2
        } else {
            i + 1
        };
        if parsed.is_punct(i, b'#') && parsed.is_punct(bracket, b'[') {
            let close = parsed.partner[bracket];
            words.extend(idents(parsed, bracket, close));
            i = close;
        }
        i += 1;
    }
    words
}

/// The names among tokens `from..=to`.
fn idents<'p, 'a>(
    parsed: &'p Parsed<'a>,
    from: usize,
    to: usize,
) -> impl Iterator<Item = &'a str> + 'p {
    (from..=to.min(parsed.tokens.len() - 1))
        .filter(|&k| parsed.tokens[k].kind == Kind::Ident)
        .map(|k| parsed.text(k))
}

/// The fragment specifiers of macro matchers: `expr` in `$x:expr`.
fn fragment_specifiers<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    (0..parsed.tokens.len())
        .filter(|&k| {
            parsed.is_punct(k, b'$')
                && parsed.is_punct(k + 2, b':')
                && !parsed.is_punct(k + 3, b':')
                && k + 3 < parsed.tokens.len()
                && parsed.tokens[k + 3].kind == Kind::Ident
        })
        .map(|k| parsed.text(k + 3))
        .collect()
}

/// The names of paths into the standard library (`std::…`, `core::…`, `alloc::…`), with the
/// groups of their `use`s.
fn standard_paths<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    let mut words = Vec::new();
    for i in 0..parsed.tokens.len() {
        let root = ["std", "core", "alloc"]
            .iter()
            .any(|w| parsed.is_ident(i, w));
        if !root || !parsed.is_punct(i + 1, b':') || parsed.is_punct(i.wrapping_sub(1), b':') {
            continue;
        }
        let mut k = i;
        while parsed.is_punct(k + 1, b':') && parsed.is_punct(k + 2, b':') {
            k += 3;
            if parsed.is_punct(k, b'{') {
                words.extend(idents(parsed, k, parsed.partner[k]));
                break;
            }
            words.extend(idents(parsed, k, k));
        }
    }
    words
}

/// The names a format string captures (`{name}`, `{name:?}`) or takes its width or precision
/// from (`{:width$}`): any word in a string literal after `{` or before `$`.
fn format_captures<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    let mut words = Vec::new();
    for token in parsed.tokens.iter().filter(|t| t.kind == Kind::Literal) {
        let literal = &parsed.src[token.start..token.end];
        if !literal.contains('"') {
            continue;
        }
        let bytes = literal.as_bytes();
        let word_at = |start: usize| {
            let end = (start..bytes.len())
                .find(|&k| !(bytes[k].is_ascii_alphanumeric() || bytes[k] == b'_'))
                .unwrap_or(bytes.len());
            &literal[start..end]
        };
        for (k, &c) in bytes.iter().enumerate() {
            if c == b'{' {
                words.push(word_at(k + 1));
            } else if c == b'$' {
                let start = (0..k)
                    .rev()
                    .take_while(|&j| bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_')
                    .last()
                    .unwrap_or(k);
                words.push(&literal[start..k]);
            }
        }
    }
    words.retain(|w| !w.is_empty());
    words
}

/// What `stringify!` and `concat!` read as text: their input, and the input of every call of a
/// macro whose body uses them.
fn read_as_text<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    let reads = |from: usize, to: usize| {
        (from..to).any(|k| {
            (parsed.is_ident(k, "stringify") || parsed.is_ident(k, "concat"))
                && parsed.is_punct(k + 1, b'!')
        })
    };
    let mut macros = vec!["stringify", "concat"];
    for item in parsed.all_items() {
        if item.kind == ItemKind::MacroRules && reads(item.first, item.last) {
            macros.extend(parsed.name_of(item));
        }
    }
    let mut words = Vec::new();
    for k in 0..parsed.tokens.len() {
        let called = macros.iter().any(|m| parsed.is_ident(k, m)) && parsed.is_punct(k + 1, b'!');
        if called && k + 2 < parsed.tokens.len() && parsed.partner[k + 2] != usize::MAX {
            words.extend(idents(parsed, k + 2, parsed.partner[k + 2]));
        }
    }
    words
}

/// The names that a derived `Debug` prints: of each type that derives it, its own, its fields'
/// and its variants' (and their fields').
fn debug_printed<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    let mut words = Vec::new();
    for item in parsed.all_items() {
        let derives_debug = (item.first..item.keyword).any(|k| parsed.is_ident(k, "Debug"));
        if !derives_debug {
            continue;
        }
        words.extend(parsed.name_of(item));
        if let (ItemKind::Struct | ItemKind::Enum | ItemKind::Union, Some((open, close))) =
            (item.kind, item.body)
        {
            for entry in entries(parsed, open, close) {
                words.push(parsed.text(entry));
                if item.kind == ItemKind::Enum && parsed.is_punct(entry + 1, b'{') {
                    let fields = entries(parsed, entry + 1, parsed.partner[entry + 1]);
                    words.extend(fields.into_iter().map(|k| parsed.text(k)));
                }
            }
        }
    }
    words
}

/// The first name of each comma-separated entry between brackets `open` and `close`, past its
/// attributes and visibility: a field's or a variant's name.
fn entries(parsed: &Parsed, open: usize, close: usize) -> Vec<usize> {
    let mut names = Vec::new();
    let mut k = open + 1;
    while k < close {
        while parsed.is_punct(k, b'#') && parsed.is_punct(k + 1, b'[') {
            k = parsed.partner[k + 1] + 1;
        }
        if parsed.is_ident(k, "pub") {
            k += 1;
            if parsed.is_punct(k, b'(') {
                k = parsed.partner[k] + 1;
            }
        }
        if k < close && parsed.tokens[k].kind == Kind::Ident {
            names.push(k);
        }
        // On to the next entry: past the next comma at this level.
        while k < close && !parsed.is_punct(k, b',') {
            k = match parsed.tokens[k].kind {
                Kind::Punct(b'(' | b'[' | b'{') => parsed.partner[k] + 1,
                _ => k + 1,
            };
        }
        k += 1;
    }
    names
}

/// The names after `.` or `::` (methods, fields, associated items, variants; not a range's
/// end, `..n`) that nothing in the bundle declares: the standard library's (`x.len()`,
/// `Duration::from_millis`).
fn undeclared_members<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    let declared = declared_names(parsed);
    (2..parsed.tokens.len())
        .filter(|&k| {
            let field_or_method = parsed.is_punct(k - 1, b'.') && !parsed.is_punct(k - 2, b'.');
            let path = parsed.is_punct(k - 1, b':') && parsed.is_punct(k - 2, b':');
            parsed.tokens[k].kind == Kind::Ident && (field_or_method || path)
        })
        .map(|k| parsed.text(k))
        .filter(|name| !declared.contains(name))
        .collect()
}

/// The names the bundle declares: after an item's keyword, before a single `:` (fields,
/// parameters, typed bindings), and the variants of its enums.
fn declared_names<'a>(parsed: &Parsed<'a>) -> BTreeSet<&'a str> {
    const DECLARING: &[&str] = &[
        "fn", "struct", "enum", "union", "trait", "type", "const", "static", "mod", "let", "mut",
    ];
    let mut declared = BTreeSet::new();
    for k in 1..parsed.tokens.len() {
        if parsed.tokens[k].kind != Kind::Ident {
            continue;
        }
        let after_keyword = DECLARING.iter().any(|w| parsed.is_ident(k - 1, w))
            || parsed.is_punct(k - 1, b'!') && parsed.is_ident(k.wrapping_sub(2), "macro_rules");
        let typed = parsed.is_punct(k + 1, b':')
            && !parsed.is_punct(k + 2, b':')
            && !parsed.is_punct(k - 1, b':');
        if after_keyword || typed {
            declared.insert(parsed.text(k));
        }
    }
    for item in parsed.all_items() {
        if let (ItemKind::Enum, Some((open, close))) = (item.kind, item.body) {
            declared.extend(
                entries(parsed, open, close)
                    .into_iter()
                    .map(|k| parsed.text(k)),
            );
        }
    }
    declared
}

/// The names of the items of the trait impls where a renamed method could resolve otherwise:
/// - of each `impl` of a trait the bundle does not declare (`fmt` of `Display`, `next` and
///   `Item` of `Iterator`): the trait's names, not the bundle's;
/// - of a trait the bundle declares and implements for a type it does not declare (a slice, a
///   number, any `R`): a method of that type of the same name (`Range::is_empty`) takes
///   precedence over the trait's, which the fresh name would no longer lose to.
fn trait_items_kept<'a>(parsed: &Parsed<'a>) -> Vec<&'a str> {
    let items = parsed.all_items();
    let names_of = |kinds: &[ItemKind]| -> BTreeSet<&str> {
        items
            .iter()
            .filter(|item| kinds.contains(&item.kind))
            .filter_map(|item| parsed.name_of(item))
            .collect()
    };
    let traits = names_of(&[ItemKind::Trait]);
    let types = names_of(&[
        ItemKind::Struct,
        ItemKind::Enum,
        ItemKind::Union,
        ItemKind::Type,
    ]);
    let children = |item: &crate::items::Item| -> Vec<&'a str> {
        item.children
            .iter()
            .filter_map(|child| parsed.name_of(child))
            .collect()
    };
    let mut words = Vec::new();
    for item in &items {
        if item.kind != ItemKind::Impl || parsed.is_inherent(item) {
            continue;
        }
        let Some((open, _)) = item.body else {
            continue;
        };
        let Some((trait_name, for_at)) = trait_of_impl(parsed, item.keyword, open) else {
            continue;
        };
        if !traits.contains(trait_name) {
            words.extend(children(item));
        } else if !self_type(parsed, for_at + 1).is_some_and(|name| types.contains(name)) {
            words.extend(children(item));
            for declared in items.iter().filter(|t| t.kind == ItemKind::Trait) {
                if parsed.name_of(declared) == Some(trait_name) {
                    words.extend(children(declared));
                }
            }
        }
    }
    words
}

/// The trait that an `impl` header (tokens `impl_at..open`) implements, the last name of its
/// path before `for` outside generic arguments, and where that `for` is.
fn trait_of_impl<'a>(parsed: &Parsed<'a>, impl_at: usize, open: usize) -> Option<(&'a str, usize)> {
    let mut angles = 0i32;
    let mut last_name = None;
    for k in impl_at + 1..open {
        match parsed.tokens[k].kind {
            Kind::Punct(b'<') => angles += 1,
            Kind::Punct(b'>') if !parsed.is_punct(k - 1, b'-') => angles -= 1,
            Kind::Ident if angles == 0 && parsed.text(k) == "for" => {
                return last_name.map(|name| (name, k))
            }
            Kind::Ident if angles == 0 => last_name = Some(parsed.text(k)),
            _ => {}
        }
    }
    None
}

/// The name that heads the type at token `k` (past `&`, `mut` and lifetimes), if it is a name:
/// not a slice, a tuple or a macro's `$ty`.
fn self_type<'a>(parsed: &Parsed<'a>, mut k: usize) -> Option<&'a str> {
    while k < parsed.tokens.len()
        && (parsed.is_punct(k, b'&')
            || parsed.is_ident(k, "mut")
            || parsed.tokens[k].kind == Kind::Lifetime)
    {
        k += 1;
    }
    (k < parsed.tokens.len() && parsed.tokens[k].kind == Kind::Ident).then(|| parsed.text(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_names_run_from_one_letter_to_three_in_their_case() {
        let lower: Vec<String> = FreshNames::new(false).take(26 + 36 + 2).collect();
        assert_eq!(lower[..3], ["a", "b", "c"]);
        assert_eq!(lower[26..29], ["aa", "ab", "ac"]);
        assert_eq!(lower[26 + 35], "a9");
        assert_eq!(lower[26 + 36], "ba");
        let upper: Vec<String> = FreshNames::new(true).skip(26 + 26 * 36).take(2).collect();
        assert_eq!(upper, ["A0A", "A0B"]);
        assert_eq!(FreshNames::new(false).count(), 26 + 26 * 36 + 26 * 10 * 36);
    }

    #[test]
    fn what_is_read_as_text_or_comes_from_std_keeps_its_name() {
        let src = r#"#[derive(Clone, Debug)]
struct Shown { field: u8, }
enum Hidden { Variant { inner: u8 } }
#[cfg(feature_name)]
fn gated() {}
fn format(width: usize, depth: u32) -> String { format!("{depth} {:w$}", 1, w = width) }
macro_rules! m { ($value:expr) => { stringify!($value) }; }
fn std_use() { let now = std::time::Instant::now(); let mut list = Vec::new(); list.push(now); }
impl std::fmt::Display for Hidden { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }
trait Own { fn own_method(&self) -> u8; }
impl Own for Hidden { fn own_method(&self) -> u8 { 1 } }
trait Widened { fn widened_method(&self) -> u8; }
impl Widened for [u8] { fn widened_method(&self) -> u8 { 2 } }
fn call() -> &'static str { m!(Hidden) }
"#;
        let parsed = Parsed::new(src).unwrap();
        let names = Names::of(&parsed);
        let candidates = names.candidates();
        for kept in [
            "Shown",
            "field",
            "feature_name",
            "depth",
            "w",
            "expr",
            "value",
            "Hidden",
            "time",
            "Instant",
            "now",
            "push",
            "fmt",
            "Formatter",
            "Display",
        ] {
            assert!(!candidates.contains(kept), "{kept} renamed");
        }
        for renamed in [
            "Variant", "inner", "gated", "width", "std_use", "list", "call",
        ] {
            assert!(candidates.contains(renamed), "{renamed} kept");
        }
    }
}
