//! The compiler as the judge of every step: the bundle checked (`--emit=metadata`, so no code
//! is generated) and its diagnostics read from rustc's JSON, each span in the bundle's bytes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::json::Json;
use crate::tokens::{lex, Kind};

/// A diagnostic of rustc: its level, code (a lint's name, an error's `E…`), message, spans in
/// the bundle, and its notes and helps (each a diagnostic of its own).
#[derive(Debug)]
pub(crate) struct Diagnostic {
    pub(crate) level: String,
    pub(crate) code: String,
    pub(crate) message: String,
    pub(crate) spans: Vec<Span>,
    pub(crate) children: Vec<Diagnostic>,
    pub(crate) rendered: String,
}

/// Bytes `start..end` of the bundle that a diagnostic points at; `expanded` when they are in a
/// macro's expansion (in a `macro_rules!`, or where the macro is called).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) primary: bool,
    pub(crate) expanded: bool,
}

impl Diagnostic {
    pub(crate) fn is_error(&self) -> bool {
        self.level == "error"
    }

    /// The spans the diagnostic is about.
    pub(crate) fn primary(&self) -> impl Iterator<Item = &Span> {
        self.spans.iter().filter(|span| span.primary)
    }

    /// Its message and its notes' and helps' messages.
    pub(crate) fn messages(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.message.as_str())
            .chain(self.children.iter().map(|child| child.message.as_str()))
    }
}

/// The rendered text of the errors among `diagnostics`, for a message.
pub(crate) fn rendered_errors(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.rendered.as_str())
        .collect()
}

/// The names between backquotes in a message, word by word.
pub(crate) fn quoted_words(message: &str) -> BTreeSet<String> {
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

pub(crate) struct Compiler {
    pub(crate) rustc: String,
    pub(crate) dir: PathBuf,
}

impl Compiler {
    /// The bundle's diagnostics with the lints that name what nothing uses (`dead_code`,
    /// `unused_imports`, `unused_macros`), every `pub` read as `pub(crate)` (see
    /// [`AnalysisCopy`]).
    pub(crate) fn check_unused(&self, src: &str) -> Result<Vec<Diagnostic>, String> {
        let copy = AnalysisCopy::new(src);
        let lints = [
            "-W",
            "dead_code",
            "-W",
            "unused_imports",
            "-W",
            "unused_macros",
        ];
        self.run(&copy.text, &lints, |at| copy.original(at))
    }

    /// The bundle's diagnostics as plain `rustc` gives them.
    pub(crate) fn check(&self, src: &str) -> Result<Vec<Diagnostic>, String> {
        self.run(src, &[], |at| at)
    }

    /// `text` checked with `flags`; `original` maps the text's bytes to the bundle's.
    fn run(
        &self,
        text: &str,
        flags: &[&str],
        original: impl Fn(usize) -> usize,
    ) -> Result<Vec<Diagnostic>, String> {
        let file = self.dir.join("bundle.rs");
        std::fs::write(&file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        let out = Command::new(&self.rustc)
            .args(["--edition", "2021", "--crate-type", "bin"])
            .args([
                "--crate-name",
                "bundle",
                "--emit=metadata",
                "--error-format=json",
            ])
            .args(flags)
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
            let d = diagnostic(&json, &file, &original);
            // The summaries that close a build.
            let summary = d.message.starts_with("aborting due to")
                || d.message.ends_with("warnings emitted")
                || d.message.ends_with("warning emitted");
            if !summary {
                diagnostics.push(d);
            }
        }
        if !out.status.success() && !diagnostics.iter().any(Diagnostic::is_error) {
            return Err(format!("{} failed: {stderr}", self.rustc));
        }
        Ok(diagnostics)
    }
}

fn diagnostic(json: &Json, file: &Path, original: &impl Fn(usize) -> usize) -> Diagnostic {
    let text = |key: &str| {
        json.get(key)
            .and_then(Json::as_str)
            .unwrap_or("")
            .to_string()
    };
    let list = |key: &str| json.get(key).and_then(Json::as_array).unwrap_or(&[]);
    let spans = list("spans")
        .iter()
        .filter(|span| span.get("file_name").and_then(Json::as_str) == file.to_str())
        .filter_map(|span| {
            let byte = |key: &str| span.get(key).and_then(Json::as_number).map(|n| n as usize);
            Some(Span {
                start: original(byte("byte_start")?),
                end: original(byte("byte_end")?),
                primary: span.get("is_primary") == Some(&Json::Bool(true)),
                expanded: span.get("expansion").is_some_and(|e| *e != Json::Null),
            })
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
        children: list("children")
            .iter()
            .map(|child| diagnostic(child, file, original))
            .collect(),
        rendered: text("rendered"),
    }
}

/// The bundle as the compiler checks it for what nothing uses: every `pub` without a
/// restriction made `pub(crate)` (a binary's public items are not linted), and
/// `#![allow(dead_code)]` blanked.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_words_are_the_names_between_backquotes() {
        assert_eq!(
            quoted_words("cannot find type `Foo<T>` in `m::n`"),
            ["Foo", "T", "m", "n"]
                .iter()
                .map(|s| s.to_string())
                .collect()
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
}
