//! What the bot never reaches, removed: the compiler names it (`dead_code`, `unused_imports`,
//! `unused_macros`), this deletes it, pass by pass, until the lints name nothing (removing an
//! item can leave others unused). What a removal breaks is mended from the compiler's errors,
//! or the pass is undone and the items the errors name are kept.

use std::collections::BTreeSet;

use crate::edits::{apply, Edit};
use crate::items::{Item, ItemKind, Parsed};
use crate::rustc::{quoted_words, rendered_errors, Compiler, Diagnostic};
use crate::verbose;

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
    let (mut removed, uses) = named_by_lints(parsed, diagnostics, keep);
    removed.extend(uncalled_exported_macros(parsed, keep));
    add_emptied_containers(parsed, &parsed.items, &mut removed);
    let mut removals = Removals::default();
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

/// The items that the `dead_code` and `unused_macros` warnings name (their first tokens), but
/// for those named in `keep`; and the `use` items with the bytes of the paths that
/// `unused_imports` names in each. Spans in a macro's expansion are left: the item is the
/// macro's.
fn named_by_lints(
    parsed: &Parsed,
    diagnostics: &[Diagnostic],
    keep: &BTreeSet<String>,
) -> (BTreeSet<usize>, Vec<(usize, Vec<usize>)>) {
    let mut removed = BTreeSet::new();
    let mut uses: Vec<(usize, Vec<usize>)> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.level == "warning") {
        let spans = d.primary().filter(|span| !span.expanded);
        for at in spans.map(|span| span.start) {
            match d.code.as_str() {
                "dead_code" | "unused_macros" => {
                    let item = parsed.named_at(at);
                    if let Some(item) =
                        item.filter(|item| !keep.contains(parsed.name_of(item).unwrap_or("")))
                    {
                        removed.insert(item.first);
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
    (removed, uses)
}

/// The exported macros (`#[macro_export]`, which `unused_macros` does not lint) that nothing
/// outside their own definition calls, but for those named in `keep`.
fn uncalled_exported_macros(parsed: &Parsed, keep: &BTreeSet<String>) -> Vec<usize> {
    let mut uncalled = Vec::new();
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
            uncalled.push(item.first);
        }
    }
    uncalled
}

/// Adds to `removed` the inherent impls and modules among `items` whose every item goes (not
/// one that had no item).
fn add_emptied_containers(parsed: &Parsed, items: &[Item], removed: &mut BTreeSet<usize>) {
    for item in items {
        add_emptied_containers(parsed, &item.children, removed);
        let container =
            item.kind == ItemKind::Mod || item.kind == ItemKind::Impl && parsed.is_inherent(item);
        let emptied = !item.children.is_empty()
            && item
                .children
                .iter()
                .all(|child| removed.contains(&child.first));
        if container && emptied {
            removed.insert(item.first);
        }
    }
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
        let at = d.primary().next()?.start;
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

const MAX_PASSES: usize = 100;
/// Rounds of repairs after one pass's removals, at most.
const MAX_REPAIRS: usize = 20;

/// What the removal of unused items did, for the summary.
#[derive(Default)]
pub(crate) struct Unused {
    pub(crate) items: usize,
    pub(crate) imports: usize,
    pub(crate) passes: usize,
    pub(crate) checks: usize,
    /// The unused items kept, because their removal broke what no repair mends.
    pub(crate) kept: BTreeSet<String>,
}

/// `src` without the items and imports that nothing uses.
pub(crate) fn remove_unused(src: &str, compiler: &Compiler) -> Result<(String, Unused), String> {
    let mut text = src.to_string();
    let mut report = Unused::default();
    let mut diagnostics = compiler.check_unused(&text)?;
    report.checks += 1;
    if diagnostics.iter().any(Diagnostic::is_error) {
        return Err(format!(
            "the bundle does not compile:\n{}",
            rendered_errors(&diagnostics)
        ));
    }
    loop {
        if report.passes == MAX_PASSES {
            return Err(format!("still removing after {MAX_PASSES} passes"));
        }
        let parsed = Parsed::new(&text)?;
        let pass = removals(&parsed, &diagnostics, &report.kept);
        if pass.edits.is_empty() {
            return Ok((text, report));
        }
        report.passes += 1;
        if verbose() {
            eprintln!(
                "bundle-trim: pass {} removes {:?}",
                report.passes, pass.names
            );
        }
        match make_pass(&text, pass, compiler, &mut report)? {
            Pass::Made(after, after_diagnostics) => {
                text = after;
                diagnostics = after_diagnostics;
            }
            Pass::Undone(keep) => report.kept.extend(keep),
        }
    }
}

/// What came of a pass.
enum Pass {
    /// The bundle after it, and its diagnostics.
    Made(String, Vec<Diagnostic>),
    /// Undone, for errors that no repair mends: the removed items they name, to keep.
    Undone(BTreeSet<String>),
}

/// `text` after `pass`'s removals and the repairs they call for.
fn make_pass(
    text: &str,
    pass: Removals,
    compiler: &Compiler,
    report: &mut Unused,
) -> Result<Pass, String> {
    let mut after = apply(text, pass.edits);
    let mut mended = 0;
    for round in 0.. {
        let diagnostics = compiler.check_unused(&after)?;
        report.checks += 1;
        let broken: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.is_error()).collect();
        if broken.is_empty() {
            report.items += pass.items + mended;
            report.imports += pass.imports;
            return Ok(Pass::Made(after, diagnostics));
        }
        let parsed = Parsed::new(&after)?;
        match repairs(&parsed, &broken) {
            Some(edits) if !edits.is_empty() && round < MAX_REPAIRS => {
                mended += edits.iter().filter(|e| e.text.is_empty()).count();
                after = apply(&after, edits);
            }
            _ => {
                let named: BTreeSet<String> = broken
                    .iter()
                    .flat_map(|d| quoted_words(&d.message))
                    .filter(|name| pass.names.contains(name) && !report.kept.contains(name))
                    .collect();
                if named.is_empty() {
                    return Err(format!(
                        "the trimmed bundle does not compile, and no removed item is to \
                         blame:\n{}",
                        rendered_errors(&diagnostics)
                    ));
                }
                if verbose() {
                    eprintln!(
                        "bundle-trim: kept {named:?} for\n{}",
                        rendered_errors(&diagnostics)
                    );
                }
                return Ok(Pass::Undone(named));
            }
        }
    }
    unreachable!("the rounds end by a return")
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
