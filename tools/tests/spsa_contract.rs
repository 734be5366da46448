//! A bot that lists no tunables (in any language: `spsa` asks its `--help`) is refused, through
//! the binary, with why and the tunables contract ([`tools::spsa::CONTRACT`]), not only the Rust
//! build: a `--help` without the `tunables` line, one whose line after it is no declaration, and
//! a bot that cannot run. Nothing is written and no game is played (the referee given does not
//! exist). Every `spsa` runs under `ulimit -v` and `timeout`.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tools::spsa::CONTRACT;

/// A bot whose `--help` prints a usage, then, told `typo`, a `tunables` line and a declaration
/// with `..` for `..=` and no `;`.
const BOT: &str = r#"#!/bin/sh
echo "usage: bot.sh [typo] [--param NAME=VALUE]..."
if [ "$1" = typo ]; then
  echo
  echo "tunables:"
  echo "  WEIGHT: f64 = 10.0, 0.0..50.0, step 2.0"
fi
"#;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spsa-contract-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bot.sh");
    fs::write(&path, BOT).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// `spsa` with `bot`, its run in `dir/run`: under 1 GB of address space and 20 seconds.
fn spsa(dir: &Path, bot: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000; exec timeout 20 \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_spsa"))
        .args(["--referee", dir.join("no-referee").to_str().unwrap()])
        .args(["--bot", bot])
        .args(["--iterations", "2"])
        .args(["--dir", dir.join("run").to_str().unwrap()])
        .output()
        .expect("spsa runs")
}

/// `spsa` refuses `bot` (exit status 1) with `why`, then the contract, and writes nothing.
fn assert_refused(dir: &Path, bot: &str, why: &str) {
    let out = spsa(dir, bot);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        format!("spsa: `{bot} --help` lists no tunables: {why}.\n{CONTRACT}\n")
    );
    assert!(out.stdout.is_empty());
    assert!(!dir.join("run").exists(), "{stderr}");
}

#[test]
fn a_bot_without_tunables_is_told_the_contract() {
    let dir = scratch("none");
    let bot = dir.join("bot.sh").display().to_string();
    assert_refused(&dir, &bot, "no line of its stdout starts with `tunables`");
    assert_refused(
        &dir,
        &format!("{bot} typo"),
        "after its line 'tunables:', '  WEIGHT: f64 = 10.0, 0.0..50.0, step 2.0' is not a \
         declaration spsa reads",
    );
    // A bot that cannot run: the shell's status and its last line of stderr.
    let missing = dir.join("missing.py").display().to_string();
    let out = spsa(&dir, &missing);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = stderr.lines().next().unwrap();
    assert!(
        first.starts_with(&format!(
            "spsa: `{missing} --help` lists no tunables: it ended with exit status: 127, its \
             stderr ending '"
        )) && first.contains("missing.py"),
        "{stderr}"
    );
    assert!(stderr.ends_with(&format!(".\n{CONTRACT}\n")), "{stderr}");
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("run").exists());
    fs::remove_dir_all(&dir).unwrap();
}
