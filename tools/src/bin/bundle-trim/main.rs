//! `bundle-trim IN.rs OUT.rs`: a one-file bundle (`scripts/bundle.sh`) cut down to what its bot
//! uses. Two steps, each judged by the compiler (`rustc --emit=metadata --error-format=json`:
//! no code is generated):
//!
//! 1. [`dead_code`]: the items and imports nothing reaches go, as the lints `dead_code`,
//!    `unused_imports` and `unused_macros` name them, pass by pass until they name nothing;
//! 2. [`squeeze`]: the white space that separates no two tokens goes (CodinGame counts every
//!    character).
//!
//! Each step only deletes text, so the bundle stays in the Rust it was written in (1.70 for
//! CodinGame); the result must compile, or the tool fails. The tool reads the bundle as tokens
//! ([`tokens`]) and items ([`items`]), as `bundle.sh` writes it. It needs nothing but the
//! standard library, so that `bundle.sh` builds it with plain `rustc`; `RUSTC` names the
//! compiler (default `rustc`). `BUNDLE_TRIM_VERBOSE=1` shows each pass's removals and the
//! errors behind what it keeps.

mod dead_code;
mod edits;
mod items;
mod json;
mod rustc;
mod squeeze;
mod tokens;

use std::process::ExitCode;

use rustc::{rendered_errors, Compiler};

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

/// Whether the environment variable `name` is set and not empty.
fn env_flag(name: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| !v.is_empty())
}

/// Whether `BUNDLE_TRIM_VERBOSE` asks for each pass's removals and the errors behind what it
/// keeps.
fn verbose() -> bool {
    env_flag("BUNDLE_TRIM_VERBOSE")
}

/// `src` trimmed, and a line on what went.
fn trim(src: &str, compiler: &Compiler) -> Result<(String, String), String> {
    let (text, unused) = dead_code::remove_unused(src, compiler)?;
    let text = squeeze::squeeze(&text);
    let diagnostics = compiler.check(&text)?;
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err(format!(
            "the squeezed bundle does not compile:\n{}",
            rendered_errors(&diagnostics)
        ));
    }
    let checks = unused.checks + 1;
    let kept = if unused.kept.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = unused.kept.iter().map(String::as_str).collect();
        format!("; kept though unused: {}", names.join(", "))
    };
    Ok((
        text,
        format!(
            "{} items and {} imports removed in {} pass{} ({checks} checks){kept}",
            unused.items,
            unused.imports,
            unused.passes,
            if unused.passes == 1 { "" } else { "es" },
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

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
