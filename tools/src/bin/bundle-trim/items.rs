//! The bundle's items (functions, types, impls, modules, `use`s, macros, …) as spans of tokens,
//! nested as they are written, and the trees of a `use`: what a removal deletes or edits. Items
//! are read as `bundle.sh` writes them and rustfmt lays them out; the compiler, not this
//! reading, decides what goes.

use crate::tokens::{lex, line_of, partners, Kind, Token};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemKind {
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
pub(crate) struct Item {
    pub(crate) kind: ItemKind,
    /// The first token (of its attributes, if any) and the last (`}` or `;`).
    pub(crate) first: usize,
    pub(crate) last: usize,
    /// The keyword (`fn`, `impl`, `use`, …, `macro_rules`, a macro call's path).
    pub(crate) keyword: usize,
    /// The item's name, if it has one.
    pub(crate) name: Option<usize>,
    /// The braces of a body (of any item that has one).
    pub(crate) body: Option<(usize, usize)>,
    /// Whether an attribute says `macro_export`.
    pub(crate) exported: bool,
    /// The items of a module's, an impl's or a trait's body.
    pub(crate) children: Vec<Item>,
}

/// What an item's keyword says of it: its kind, whether a name follows the keyword, and whether
/// it ends at its `;` only (it has no body in braces).
struct Shape {
    kind: ItemKind,
    named: bool,
    to_semicolon: bool,
}

/// Where an item's qualifiers (`const`, `async`, `unsafe`, `extern "C"`, …) leave off.
enum Qualified {
    /// At the keyword, token `i`.
    Keyword(usize),
    /// At the braces of an `extern` block, which has no keyword of its own.
    ExternBlock(usize),
}

/// The source, its tokens and its items.
pub(crate) struct Parsed<'a> {
    pub(crate) src: &'a str,
    pub(crate) tokens: Vec<Token>,
    pub(crate) partner: Vec<usize>,
    pub(crate) items: Vec<Item>,
}

impl<'a> Parsed<'a> {
    pub(crate) fn new(src: &'a str) -> Result<Parsed<'a>, String> {
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

    pub(crate) fn text(&self, i: usize) -> &'a str {
        let token = self.tokens[i];
        &self.src[token.start..token.end]
    }

    pub(crate) fn is_ident(&self, i: usize, word: &str) -> bool {
        i < self.tokens.len() && self.tokens[i].kind == Kind::Ident && self.text(i) == word
    }

    pub(crate) fn is_punct(&self, i: usize, c: u8) -> bool {
        i < self.tokens.len() && self.tokens[i].kind == Kind::Punct(c)
    }

    /// The byte range of tokens `first..=last`.
    pub(crate) fn range(&self, first: usize, last: usize) -> (usize, usize) {
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

    /// The item whose first token is `first`, within tokens `..end`.
    fn item_at(&self, first: usize, end: usize) -> Result<Item, String> {
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
        if self.is_punct(first, b'#') && self.is_punct(first + 1, b'!') {
            if !self.is_punct(first + 2, b'[') {
                return Err(self.unreadable(first, end));
            }
            item.last = self.partner[first + 2];
            return Ok(item);
        }
        let (after_attributes, exported) = self.outer_attributes(first);
        item.exported = exported;
        let i = match self.qualifiers(self.after_visibility(after_attributes), end) {
            Qualified::Keyword(i) => i,
            Qualified::ExternBlock(open) => {
                item.kind = ItemKind::ExternBlock;
                item.keyword = open;
                item.body = Some((open, self.partner[open]));
                item.last = self.partner[open];
                return Ok(item);
            }
        };
        if i >= end || self.tokens[i].kind != Kind::Ident {
            return Err(self.unreadable(i, end));
        }
        item.keyword = i;
        let shape = self.shape(i, end)?;
        item.kind = shape.kind;
        item.name = self.name_after_keyword(&shape, i, end);
        let (last, body) = self
            .end_of_item(i, end, shape.to_semicolon)
            .ok_or_else(|| self.unreadable(first, end))?;
        item.last = last;
        item.body = body;
        if let (ItemKind::Mod | ItemKind::Impl | ItemKind::Trait, Some((open, close))) =
            (item.kind, body)
        {
            item.children = self.items_in(open + 1, close)?;
        }
        Ok(item)
    }

    /// The message for an item that cannot be read at token `i`.
    fn unreadable(&self, i: usize, end: usize) -> String {
        let at = self.tokens[i.min(end - 1)].start;
        let shown: String = self.src[at..].chars().take(60).collect();
        format!(
            "cannot read an item at line {}: `{shown}`",
            line_of(self.src, at)
        )
    }

    /// The token after the outer attributes (`#[…]`) from `i`, and whether one says
    /// `macro_export`.
    fn outer_attributes(&self, mut i: usize) -> (usize, bool) {
        let mut exported = false;
        while self.is_punct(i, b'#') && self.is_punct(i + 1, b'[') {
            let close = self.partner[i + 1];
            exported |= (i + 2..close).any(|k| self.is_ident(k, "macro_export"));
            i = close + 1;
        }
        (i, exported)
    }

    /// The token after a visibility (`pub`, `pub(crate)`, …) at `i`, or `i`.
    fn after_visibility(&self, mut i: usize) -> usize {
        if self.is_ident(i, "pub") {
            i += 1;
            if self.is_punct(i, b'(') {
                i = self.partner[i] + 1;
            }
        }
        i
    }

    /// Past the qualifiers from `i`: `const fn`, `async fn`, `unsafe impl`, `default fn`,
    /// `extern "C" fn`, or an `extern` block's braces.
    fn qualifiers(&self, mut i: usize, end: usize) -> Qualified {
        let qualifies = |k: usize| {
            [
                "fn", "unsafe", "async", "extern", "impl", "trait", "const", "type",
            ]
            .iter()
            .any(|w| self.is_ident(k, w))
        };
        loop {
            let const_or_async = (self.is_ident(i, "const") || self.is_ident(i, "async"))
                && qualifies(i + 1)
                && !self.is_ident(i + 1, "const")
                && !self.is_ident(i + 1, "type");
            let unsafe_or_default =
                (self.is_ident(i, "unsafe") || self.is_ident(i, "default")) && qualifies(i + 1);
            if const_or_async || unsafe_or_default {
                i += 1;
            } else if self.is_ident(i, "extern") && !self.is_ident(i + 1, "crate") {
                i += 1;
                if i < end && self.tokens[i].kind == Kind::Literal {
                    i += 1;
                }
                if self.is_punct(i, b'{') {
                    return Qualified::ExternBlock(i);
                }
            } else {
                return Qualified::Keyword(i);
            }
        }
    }

    /// What the keyword at `i` makes of the item; a word that is no keyword starts a macro
    /// call (a path, `!`, then its delimited input).
    fn shape(&self, i: usize, end: usize) -> Result<Shape, String> {
        let shape = |kind, named, to_semicolon| {
            Ok(Shape {
                kind,
                named,
                to_semicolon,
            })
        };
        match self.text(i) {
            "fn" => shape(ItemKind::Fn, true, false),
            "struct" => shape(ItemKind::Struct, true, false),
            "enum" => shape(ItemKind::Enum, true, false),
            "union" if i + 1 < end && self.tokens[i + 1].kind == Kind::Ident => {
                shape(ItemKind::Union, true, false)
            }
            "trait" => shape(ItemKind::Trait, true, false),
            "impl" => shape(ItemKind::Impl, false, false),
            "mod" => shape(ItemKind::Mod, true, false),
            "use" => shape(ItemKind::Use, false, true),
            "const" => shape(ItemKind::Const, true, true),
            "static" => shape(ItemKind::Static, true, true),
            "type" => shape(ItemKind::Type, true, true),
            "extern" => shape(ItemKind::ExternCrate, false, true),
            "macro_rules" if self.is_punct(i + 1, b'!') => {
                shape(ItemKind::MacroRules, false, false)
            }
            _ => {
                let mut k = i;
                while self.is_punct(k + 1, b':') && self.is_punct(k + 2, b':') {
                    k += 3;
                    if k >= end || self.tokens[k].kind != Kind::Ident {
                        return Err(self.unreadable(k, end));
                    }
                }
                if !self.is_punct(k + 1, b'!') {
                    return Err(self.unreadable(i, end));
                }
                shape(ItemKind::MacroCall, false, false)
            }
        }
    }

    /// The name of the item whose keyword is at `i`: the word after it (after `mut` for a
    /// `static mut`), or after `macro_rules!`.
    fn name_after_keyword(&self, shape: &Shape, i: usize, end: usize) -> Option<usize> {
        let is_word = |k: usize| k < end && self.tokens[k].kind == Kind::Ident;
        if shape.named {
            let mut k = i + 1;
            if shape.kind == ItemKind::Static && self.is_ident(k, "mut") {
                k += 1;
            }
            is_word(k).then_some(k)
        } else if shape.kind == ItemKind::MacroRules {
            is_word(i + 2).then_some(i + 2)
        } else {
            None
        }
    }

    /// The last token of the item whose keyword is at `i`, and its body: the `;` at the item's
    /// own level, or the `}` of its body, whichever is first (only a `;` for the items that
    /// have no body; a braced group is part of the item, and so is a const generic argument's
    /// block in a signature, `ArrayVec<T, { 2 * N }>`).
    fn end_of_item(
        &self,
        i: usize,
        end: usize,
        to_semicolon: bool,
    ) -> Option<(usize, Option<(usize, usize)>)> {
        let mut k = i + 1;
        let mut angles = 0usize;
        while k < end {
            match self.tokens[k].kind {
                Kind::Punct(b';') => return Some((k, None)),
                Kind::Punct(b'{') if !to_semicolon && angles == 0 => {
                    let close = self.partner[k];
                    return Some((close, Some((k, close))));
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
        None
    }

    /// Whether an `impl` is inherent (no `Trait for`).
    pub(crate) fn is_inherent(&self, item: &Item) -> bool {
        let header_end = item.body.map_or(item.last, |(open, _)| open);
        !(item.keyword + 1..header_end)
            .any(|k| self.is_ident(k, "for") && !self.is_punct(k + 1, b'<'))
    }

    /// Every item, depth first (an item before its children).
    pub(crate) fn all_items(&self) -> Vec<&Item> {
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
    pub(crate) fn named_at(&self, at: usize) -> Option<&Item> {
        self.all_items()
            .into_iter()
            .find(|item| item.name.is_some_and(|name| self.tokens[name].start == at))
    }

    /// The innermost item of `kind` whose tokens hold byte `at`.
    pub(crate) fn innermost(&self, kind: ItemKind, at: usize) -> Option<&Item> {
        self.all_items().into_iter().rfind(|item| {
            let (start, end) = self.range(item.first, item.last);
            item.kind == kind && start <= at && at < end
        })
    }

    /// The `impl` whose header (from `impl` to its body's `{`) holds byte `at`.
    pub(crate) fn impl_with_header_at(&self, at: usize) -> Option<&Item> {
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
    pub(crate) fn item_from(&self, at: usize) -> Option<(usize, usize)> {
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
    pub(crate) fn name_of(&self, item: &Item) -> Option<&'a str> {
        item.name.map(|name| self.text(name))
    }
}

/// One tree of a `use`: tokens `first..=last`, and the group (`{…}`) it ends with, if any.
pub(crate) struct UseTree {
    pub(crate) first: usize,
    pub(crate) last: usize,
    group: Option<(usize, usize, Vec<UseTree>)>,
}

impl Parsed<'_> {
    /// The trees separated by commas in tokens `from..to`.
    pub(crate) fn use_trees(&self, from: usize, to: usize) -> Vec<UseTree> {
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
    pub(crate) fn use_tree_without(&self, tree: &UseTree, cut: &[usize]) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn items_of(src: &str) -> Vec<(ItemKind, Option<String>)> {
        let parsed = Parsed::new(src).unwrap();
        parsed
            .all_items()
            .into_iter()
            .map(|item| (item.kind, parsed.name_of(item).map(str::to_string)))
            .collect()
    }

    #[test]
    fn items_are_told_apart_around_literals_and_comments() {
        let src = "fn f<'a>(x: &'a str) -> char { let _ = \"}{\"; let _ = r#\"\"}\"#; 'x' } // }\n\
                   /* { /* } */ */ const C: u8 = b'\\'';";
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
                   #[macro_export]\nmacro_rules! mac{($t:ty)=>{};}static mut Y: u8 = 0;\
                   extern \"C\" {} unsafe impl Send for S {}}";
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
                (ItemKind::ExternBlock, None),
                (ItemKind::Impl, None),
            ]
        );
        let parsed = Parsed::new(src).unwrap();
        let impls: Vec<&Item> = parsed
            .all_items()
            .into_iter()
            .filter(|i| i.kind == ItemKind::Impl)
            .collect();
        assert!(!parsed.is_inherent(impls[0]));
        assert!(parsed.all_items()[9].exported);
    }
}
