//! Every script of `scripts/` answers `--help` and `-h` with its usage on stdout (a line that
//! starts `usage:` and names the script) and exit status 0, before it builds or plays anything:
//! the scripts run here with a `cargo` first on their `PATH` that only notes that it was called.

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Longer than any script takes to print its usage; a script still running then is killed.
const PATIENCE: Duration = Duration::from_secs(30);

fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts")
}

/// Every `*.sh` of `scripts/` (not its subfolders), by name.
fn scripts() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(scripts_dir())
        .expect("scripts/")
        .map(|entry| entry.expect("an entry of scripts/").file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".sh"))
        .collect();
    names.sort();
    names
}

/// A folder of its own for the test `test`, holding a `cargo` that appends its arguments to
/// `cargo-calls` there and fails; no `cargo-calls` yet.
fn fake_cargo(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("scripts-help")
        .join(test);
    std::fs::create_dir_all(&dir).expect("the fake cargo's folder");
    let _ = std::fs::remove_file(dir.join("cargo-calls"));
    let cargo = dir.join("cargo");
    std::fs::write(
        &cargo,
        format!(
            "#!/bin/sh\necho \"cargo $*\" >> '{}'\nexit 97\n",
            dir.join("cargo-calls").display()
        ),
    )
    .expect("the fake cargo");
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    dir
}

/// Nothing called the fake `cargo` of `bin`.
fn built_nothing(bin: &Path) {
    let called = std::fs::read_to_string(bin.join("cargo-calls")).unwrap_or_default();
    assert!(called.is_empty(), "a script built something: {called}");
}

/// Runs `scripts/NAME ARGS` (through `bash` when the file is not executable, as a script to be
/// sourced is not) with `bin` first on its `PATH`; its status code, stdout and stderr.
fn run(name: &str, args: &[&str], bin: &Path) -> (Option<i32>, String, String) {
    let shown = format!("{name} {}", args.join(" "));
    let path = scripts_dir().join(name);
    let executable = std::fs::metadata(&path)
        .map(|m| m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false);
    let mut command = if executable {
        Command::new(&path)
    } else {
        let mut bash = Command::new("bash");
        bash.arg(&path);
        bash
    };
    let path_var = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = command
        .args(args)
        .env("PATH", path_var)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{shown}: {e}"));
    // Read both pipes on threads of their own, so that a full pipe cannot stall the script.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{shown} still runs after {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (
        status.code(),
        out.join().expect("stdout"),
        err.join().expect("stderr"),
    )
}

#[test]
fn every_script_answers_help_with_its_usage_before_building_anything() {
    let bin = fake_cargo("help");
    let names = scripts();
    for expected in [
        "match.sh",
        "tournament.sh",
        "contest-check.sh",
        "check-viewer.sh",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    for name in &names {
        let (status, usage, stderr) = run(name, &["--help"], &bin);
        assert_eq!(status, Some(0), "{name} --help: {stderr}{usage}");
        assert!(stderr.is_empty(), "{name} --help wrote on stderr: {stderr}");
        let line = usage
            .lines()
            .find(|line| line.starts_with("usage:") && line.contains(name.as_str()));
        assert!(
            line.is_some(),
            "{name} --help prints no usage line:\n{usage}"
        );
        assert_eq!(
            run(name, &["-h"], &bin),
            (Some(0), usage, stderr),
            "{name} -h"
        );
    }
    built_nothing(&bin);
}

/// A word that is no game is refused on one line of stderr naming it (and the game it is most
/// like), exit status 2, before anything is built.
#[test]
fn a_script_given_no_game_refuses_it_on_one_line() {
    let bin = fake_cargo("no-game");
    for name in [
        "match.sh",
        "tournament.sh",
        "contest-check.sh",
        "strength.sh",
    ] {
        let (status, stdout, stderr) = run(name, &["kreig"], &bin);
        assert_eq!(status, Some(2), "{name}: {stderr}");
        assert!(stdout.is_empty(), "{name}: {stdout}");
        assert_eq!(
            stderr,
            format!(
                "{name}: unknown game 'kreig'; a similar game exists: 'krieg' \
                 (one of: frostfire krieg kaboom yavalath connect4)\n"
            )
        );
    }
    built_nothing(&bin);
}

/// `contest-check.sh krieg --game 4` names `--games`, as the referees do, before building.
#[test]
fn a_mistyped_option_of_a_script_is_answered_with_the_one_meant() {
    let bin = fake_cargo("mistyped");
    let (status, stdout, stderr) = run("contest-check.sh", &["krieg", "--game", "4"], &bin);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(
        stderr,
        "contest-check.sh: unknown option '--game'; a similar option exists: '--games' \
         (see --help)\n"
    );
    let (status, _, stderr) = run("contest-check.sh", &["krieg", "--movetime", "50"], &bin);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("similar options exist: '--movetimes', '--movetime-ms'"),
        "{stderr}"
    );
    let (status, _, stderr) = run("check-viewer.sh", &["--kep", "x"], &bin);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("a similar option exists: '--keep'"),
        "{stderr}"
    );
    let (status, _, stderr) = run("contest-check.sh", &["krieg", "--zzz", "1"], &bin);
    assert_eq!(status, Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "contest-check.sh: unknown option '--zzz' (see --help)\n"
    );
    built_nothing(&bin);
}
