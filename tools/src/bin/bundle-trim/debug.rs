//! `Debug` taken out of the derives whose types nothing needs it of. A derived `Debug` prints
//! the names of the type, its fields and its variants, so their names must stay as written (see
//! `names`); a type needs it only for a bound (`T: Debug`, a supertrait, `unwrap` of a
//! `Result` whose error it is) or a `{:?}`, and the compiler says which: with `Debug` out of
//! every derive, each error names a type that needs it back, until the bundle compiles.
//! Nothing can print a type's `Debug` when it has none, so the bot behaves the same.

use std::collections::BTreeSet;

use crate::edits::{apply, Edit};
use crate::items::{ItemKind, Parsed};
use crate::rustc::{quoted_words, rendered_errors, Compiler, Diagnostic};
use crate::verbose;

/// A `Debug` in a type's derive: the type's name, and the edit that takes it out.
struct DerivedDebug {
    type_name: String,
    edit: Edit,
}

/// What came of it, for the summary.
#[derive(Default)]
pub(crate) struct Derives {
    pub(crate) dropped: usize,
    pub(crate) checks: usize,
}

/// Rounds of restoring the `Debug`s that errors ask for, at most.
const MAX_ROUNDS: usize = 20;

/// `src` without the derived `Debug`s that nothing needs.
pub(crate) fn drop_unneeded_debug(
    src: &str,
    compiler: &Compiler,
) -> Result<(String, Derives), String> {
    let parsed = Parsed::new(src)?;
    let derived = derived_debugs(&parsed);
    let mut needed: BTreeSet<&str> = BTreeSet::new();
    let mut report = Derives::default();
    for _ in 0..MAX_ROUNDS {
        let dropped: Vec<&DerivedDebug> = derived
            .iter()
            .filter(|d| !needed.contains(d.type_name.as_str()))
            .collect();
        if dropped.is_empty() {
            break;
        }
        let text = apply(src, dropped.iter().map(|d| d.edit.clone()).collect());
        let diagnostics = compiler.check(&text)?;
        report.checks += 1;
        let errors: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.is_error()).collect();
        if errors.is_empty() {
            report.dropped = dropped.len();
            return Ok((text, report));
        }
        let named: BTreeSet<&str> = errors
            .iter()
            .flat_map(|d| d.messages().flat_map(quoted_words))
            .filter_map(|word| {
                dropped
                    .iter()
                    .find(|d| d.type_name == word)
                    .map(|d| d.type_name.as_str())
            })
            .collect();
        if named.is_empty() {
            eprintln!("bundle-trim: every derived Debug kept: errors that name no type");
            if verbose() {
                eprintln!("{}", rendered_errors(&diagnostics));
            }
            break;
        }
        needed.extend(named);
    }
    report.dropped = 0;
    Ok((src.to_string(), report))
}

/// Each `Debug` that a type's `#[derive(…)]` names.
fn derived_debugs(parsed: &Parsed) -> Vec<DerivedDebug> {
    let mut found = Vec::new();
    for item in parsed.all_items() {
        if !matches!(
            item.kind,
            ItemKind::Struct | ItemKind::Enum | ItemKind::Union
        ) {
            continue;
        }
        let Some(type_name) = parsed.name_of(item) else {
            continue;
        };
        let mut k = item.first;
        while parsed.is_punct(k, b'#') && parsed.is_punct(k + 1, b'[') {
            let close = parsed.partner[k + 1];
            if parsed.is_ident(k + 2, "derive") && parsed.is_punct(k + 3, b'(') {
                if let Some(edit) = debug_out_of_derive(parsed, k, close) {
                    found.push(DerivedDebug {
                        type_name: type_name.to_string(),
                        edit,
                    });
                }
            }
            k = close + 1;
        }
    }
    found
}

/// The edit that takes `Debug` out of the derive attribute at tokens `hash..=close`: the word
/// and a comma next to it, or the whole attribute if it derives nothing else.
fn debug_out_of_derive(parsed: &Parsed, hash: usize, close: usize) -> Option<Edit> {
    let (open, end) = (hash + 3, parsed.partner[hash + 3]);
    let debug = (open + 1..end).find(|&k| {
        parsed.is_ident(k, "Debug")
            && (parsed.is_punct(k - 1, b'(') || parsed.is_punct(k - 1, b','))
            && (k + 1 == end || parsed.is_punct(k + 1, b','))
    })?;
    let traits = (open + 1..end)
        .filter(|&k| parsed.is_punct(k - 1, b'(') || parsed.is_punct(k - 1, b','))
        .filter(|&k| k < end && !parsed.is_punct(k, b','))
        .count();
    let (first, last) = if traits == 1 {
        (hash, close)
    } else if parsed.is_punct(debug + 1, b',') {
        (debug, debug + 1)
    } else {
        (debug - 1, debug)
    };
    let (start, end) = parsed.range(first, last);
    Some(Edit {
        start,
        end,
        text: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_leaves_a_derive_with_its_comma_or_the_whole_attribute() {
        let src = "#[derive(Clone, Debug)]\nstruct A;\n#[derive(Debug, Copy,)]\nenum B {}\n\
                   #[derive(Debug)]\n#[repr(u8)]\nenum C { X }\n#[derive(Clone)]\nstruct D;\n";
        let parsed = Parsed::new(src).unwrap();
        let found = derived_debugs(&parsed);
        let names: Vec<&str> = found.iter().map(|d| d.type_name.as_str()).collect();
        assert_eq!(names, ["A", "B", "C"]);
        assert_eq!(
            apply(src, found.into_iter().map(|d| d.edit).collect()),
            "#[derive(Clone)]\nstruct A;\n#[derive( Copy,)]\nenum B {}\n\
             #[repr(u8)]\nenum C { X }\n#[derive(Clone)]\nstruct D;\n"
        );
    }
}
