//! `bundle-trim IN.rs OUT.rs`: a one-file bundle (`scripts/bundle.sh`) cut down to what its bot
//! uses, in as few characters as the compiler allows (CodinGame counts them). Four steps, each
//! judged by the compiler (`rustc --emit=metadata --error-format=json`: no code is generated):
//!
//! 1. [`dead_code`]: the items and imports nothing reaches go, as the lints `dead_code`,
//!    `unused_imports` and `unused_macros` name them, pass by pass until they name nothing;
//! 2. [`debug`]: `Debug` leaves the derives of the types that nothing formats or bounds with
//!    it, for a derived `Debug` prints names, which the next step must then leave alone;
//! 3. [`names`]: each name the bundle defines becomes a short fresh one, the same everywhere,
//!    but for what could be read as text (format strings, attributes, what `Debug` prints) and
//!    what the standard library names;
//! 4. [`squeeze`]: the white space that separates no two tokens goes.
//!
//! Each step only deletes text or renames the bundle's own names, so the bundle needs no newer
//! Rust than it was written in (1.70 for CodinGame) and behaves the same: a step whose change
//! the compiler rejects is mended or narrowed until it compiles, and the result must compile
//! without a warning, or the tool fails. The tool reads the bundle as tokens ([`tokens`]) and
//! items ([`items`]), as `bundle.sh` writes it. It needs nothing but the standard library, so
//! that `bundle.sh` builds it with plain `rustc`; `RUSTC` names the compiler (default `rustc`).
//! `BUNDLE_TRIM_VERBOSE=1` shows each step's choices and the errors behind them;
//! `BUNDLE_TRIM_KEEP_NAMES=1` skips step 3, for a bundle to read.

mod dead_code;
mod debug;
mod edits;
mod items;
mod json;
mod names;
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
    let steps = Steps {
        shorten_names: !env_flag("BUNDLE_TRIM_KEEP_NAMES"),
    };
    let result = trim(&source, &compiler, steps);
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

/// Whether `BUNDLE_TRIM_VERBOSE` asks for each step's choices and the errors behind them.
fn verbose() -> bool {
    env_flag("BUNDLE_TRIM_VERBOSE")
}

/// The optional steps.
#[derive(Clone, Copy)]
struct Steps {
    shorten_names: bool,
}

/// `src` trimmed, and a line on what went.
fn trim(src: &str, compiler: &Compiler, steps: Steps) -> Result<(String, String), String> {
    let (text, unused) = dead_code::remove_unused(src, compiler)?;
    let (text, derives) = debug::drop_unneeded_debug(&text, compiler)?;
    // Squeezed before the names are shortened, so that the renaming's last check is the
    // final one (the squeeze keeps a space between two words, whatever their names).
    let text = squeeze::squeeze(&text);
    let (text, mut renaming) = if steps.shorten_names {
        names::shorten_names(&text, compiler)?
    } else {
        (text, names::Renaming::default())
    };
    let (diagnostics, final_check) = match renaming.diagnostics.take() {
        Some(diagnostics) => (diagnostics, 0),
        None => (compiler.check(&text)?, 1),
    };
    if diagnostics.iter().any(|d| d.is_error()) {
        return Err(format!(
            "the trimmed bundle does not compile:\n{}",
            rendered_errors(&diagnostics)
        ));
    }
    if !diagnostics.is_empty() {
        let warnings: String = diagnostics.iter().map(|d| d.rendered.as_str()).collect();
        return Err(format!(
            "the trimmed bundle compiles with warnings, which the trim must not cause:\n{warnings}"
        ));
    }
    let checks = unused.checks + derives.checks + renaming.checks + final_check;
    let kept = if unused.kept.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = unused.kept.iter().map(String::as_str).collect();
        format!("; kept though unused: {}", names.join(", "))
    };
    let renamed = if steps.shorten_names {
        format!("; {} names shortened", renaming.renamed)
    } else {
        String::new()
    };
    Ok((
        text,
        format!(
            "{} items and {} imports removed in {} pass{}, Debug dropped from {} derives\
             {renamed} ({checks} checks){kept}",
            unused.items,
            unused.imports,
            unused.passes,
            if unused.passes == 1 { "" } else { "es" },
            derives.dropped,
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trimmed(src: &str, steps: Steps) -> (String, String) {
        let dir = std::env::temp_dir().join(format!(
            "bundle-trim-test-{}-{}",
            std::process::id(),
            steps.shorten_names
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let compiler = Compiler {
            rustc: std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string()),
            dir: dir.clone(),
        };
        let result = trim(src, &compiler, steps);
        let _ = std::fs::remove_dir_all(&dir);
        result.unwrap()
    }

    /// A small crate: a dead function, a dead type with its trait impl (the header's error), a
    /// trait method no one calls with its implementation (E0407), an unused path of a `use`
    /// group, an unused re-export and then the module it empties, an exported macro no one
    /// calls; a const generic block in a signature; a `Debug` nothing needs and one that a
    /// `{:?}` does (so its names stay); the method of a `Display` impl, and of a trait
    /// implemented for `u8` (both stay), a name a format string captures (`n`).
    const SMALL_CRATE: &str = r#"#![allow(dead_code)]
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
    #[derive(Clone, Copy, Debug)]
    pub struct Quiet {
        pub count: u8,
    }
    #[derive(Debug)]
    pub enum Shown {
        Value(u8),
    }
}
fn main() {
    use m::T;
    let quiet = m::Quiet { count: 3 };
    println!(
        "{} {} {} {} {:?}",
        m::live(&m::Named(1)),
        7u8.used(),
        m::buf().0.len(),
        quiet.count,
        m::Shown::Value(4)
    );
}
"#;

    #[test]
    fn trims_a_small_crate_through_rustc() {
        let (trimmed, report) = trimmed(
            SMALL_CRATE,
            Steps {
                shorten_names: false,
            },
        );
        assert_eq!(
            trimmed,
            "#![allow(dead_code)]\n// A comment stays.\npub mod m{use std::collections::HashSet;\
             use std::fmt;pub struct Named(pub u8);impl fmt::Display for Named{fn fmt(&self,f:&mut \
             fmt::Formatter)->fmt::Result{write!(f,\"{}\",self.0)}}pub fn live(n:&Named)->String{\
             let set:HashSet<u8> =HashSet::new();format!(\"{n} {} {}\",helper(),set.len()as u8-1)}\
             fn helper()->u8{2}pub trait T{fn used(&self)->u8;}impl T for u8{fn used(&self)->u8{\
             *self}}pub struct Buf<const N:usize>(pub[u8;N]);pub fn buf()->Buf<{1+1}>{Buf([0;2])}\
             #[derive(Clone,Copy)]pub struct Quiet{pub count:u8,}#[derive(Debug)]pub enum Shown{\
             Value(u8),}}fn main(){use m::T;let quiet=m::Quiet{count:3};println!(\"{} {} {} {} {:?}\",\
             m::live(&m::Named(1)),7u8.used(),m::buf().0.len(),quiet.count,m::Shown::Value(4));}\n"
        );
        assert_eq!(
            report,
            "8 items and 2 imports removed in 1 pass, Debug dropped from 1 derives (6 checks)"
        );
    }

    #[test]
    fn shortens_the_names_the_crate_defines() {
        let (trimmed, report) = trimmed(
            SMALL_CRATE,
            Steps {
                shorten_names: true,
            },
        );
        assert_eq!(
            trimmed,
            "#![allow(dead_code)]\n// A comment stays.\npub mod m{use std::collections::HashSet;\
             use std::fmt;pub struct A(pub u8);impl fmt::Display for A{fn fmt(&self,f:&mut \
             fmt::Formatter)->fmt::Result{write!(f,\"{}\",self.0)}}pub fn d(n:&A)->String{\
             let g:HashSet<u8> =HashSet::new();format!(\"{n} {} {}\",c(),g.len()as u8-1)}\
             fn c()->u8{2}pub trait T{fn used(&self)->u8;}impl T for u8{fn used(&self)->u8{*self}}\
             pub struct B<const N:usize>(pub[u8;N]);pub fn b()->B<{1+1}>{B([0;2])}\
             #[derive(Clone,Copy)]pub struct C{pub a:u8,}#[derive(Debug)]pub enum Shown{\
             Value(u8),}}fn main(){use m::T;let e=m::C{a:3};println!(\"{} {} {} {} {:?}\",\
             m::d(&m::A(1)),7u8.used(),m::b().0.len(),e.a,m::Shown::Value(4));}\n"
        );
        assert_eq!(
            report,
            "8 items and 2 imports removed in 1 pass, Debug dropped from 1 derives; 9 names \
             shortened (6 checks)"
        );
    }
}
