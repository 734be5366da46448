//! The one-file bundles in the tests: `scripts/bundle.sh GAME` built by plain `rustc -O
//! --edition 2021`, as a contest builds it, and compared with the cargo-built bot.
//!
//! Writing and building a bundle takes a while (the trim asks the compiler a dozen times, then
//! the optimised build), so each is made once per change of what it is made from: it is kept in
//! the test's target directory under a hash of `common`'s and the game's sources, the script,
//! the package subsets, the trim's source and the compiler's version.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A game's bundle: its source and the program plain `rustc -O` built from it.
pub struct Bundle {
    pub source: PathBuf,
    pub binary: PathBuf,
}

impl Bundle {
    /// The bundle's text.
    pub fn text(&self) -> String {
        std::fs::read_to_string(&self.source).expect("the bundle is readable")
    }
}

/// The workspace's root.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the workspace")
}

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

/// GAME's bundle (`frostfire`, `krieg`, …), from `cache` (a test's `CARGO_TARGET_TMPDIR`) if it
/// holds one made from the same sources by the same compiler, else written by `bundle.sh`,
/// built by `rustc -O --edition 2021` and kept there (in place of any older one of the game).
pub fn bundle(game: &str, cache: &Path) -> Bundle {
    let dir = cache.join("bundles");
    std::fs::create_dir_all(&dir).expect("the bundles' directory");
    let key = format!("{game}-{:016x}", sources_hash(game));
    let bundle = Bundle {
        source: dir.join(format!("{key}.rs")),
        binary: dir.join(&key),
    };
    if bundle.source.is_file() && bundle.binary.is_file() {
        return bundle;
    }
    // Written under names of this process's, then renamed: a run that stops half-way leaves no
    // half-made bundle under the key (and the next one clears what it left).
    let partial = dir.join(format!("{key}-partial-{}", std::process::id()));
    let (source, binary) = (partial.with_extension("rs"), partial);
    let status = Command::new("sh")
        .arg(workspace().join("scripts/bundle.sh"))
        .arg(game)
        .arg(&source)
        .status()
        .expect("sh runs");
    assert!(status.success(), "bundle.sh {game} failed");
    let out = Command::new(rustc())
        .args(["-O", "--edition", "2021", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "the bundle builds with warnings:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for old in std::fs::read_dir(&dir)
        .expect("the bundles' directory")
        .flatten()
    {
        let path = old.path();
        let name = old.file_name().to_string_lossy().into_owned();
        if name.starts_with(&format!("{game}-")) && path != source && path != binary {
            let _ = std::fs::remove_file(path);
        }
    }
    std::fs::rename(&source, &bundle.source).expect("the bundle kept");
    std::fs::rename(&binary, &bundle.binary).expect("the bundled bot kept");
    bundle
}

/// A hash of everything GAME's bundle is made from.
fn sources_hash(game: &str) -> u64 {
    let root = workspace();
    let mut files = Vec::new();
    for dir in [
        "common/src".to_string(),
        format!("{game}-bot/src"),
        "scripts/bundle".to_string(),
        "tools/src/bin/bundle-trim".to_string(),
    ] {
        collect_files(&root.join(dir), &mut files);
    }
    files.push(root.join("scripts/bundle.sh"));
    files.sort();
    let mut hasher = DefaultHasher::new();
    for file in &files {
        file.strip_prefix(&root).unwrap_or(file).hash(&mut hasher);
        std::fs::read(file)
            .expect("a source file")
            .hash(&mut hasher);
    }
    let version = Command::new(rustc())
        .arg("-vV")
        .output()
        .expect("rustc runs");
    version.stdout.hash(&mut hasher);
    hasher.finish()
}

fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .expect("a source directory")
        .flatten()
    {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, files);
        } else {
            files.push(path);
        }
    }
}

/// `binary bench --depth DEPTH`'s lines, but the speed that ends the last one.
pub fn bench_lines(binary: &Path, depth: u32) -> Vec<String> {
    let out = Command::new(binary)
        .args(["bench", "--depth", &depth.to_string()])
        .output()
        .expect("the bot runs");
    assert!(out.status.success(), "{}", out.status);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| match line.strip_suffix(" nps") {
            Some(rest) => rest
                .rsplit_once(' ')
                .map_or(rest, |(head, _)| head)
                .to_string(),
            None => line.to_string(),
        })
        .collect()
}

/// GAME's bundle (see [`bundle`]), checked to search exactly as the cargo-built `bot`: the
/// same `bench --depth 5`, line by line (its package subsets are faithful, and the trim only
/// removes what nothing runs and renames what nothing reads).
pub fn check_bench_as_cargo(game: &str, bot: &str, cache: &Path) -> Bundle {
    let bundle = bundle(game, cache);
    assert_eq!(
        bench_lines(&bundle.binary, 5),
        bench_lines(Path::new(bot), 5),
        "the bundled {game} bot searches otherwise"
    );
    bundle
}
