//! What the runner's own tests share: the referee of the toy game (`count-referee`: counting to
//! five in steps of one or two, each player sent its id, then the count before each of its
//! moves), its players as small shell scripts, and the processes and folders a test looks at.

#![allow(dead_code)]

use std::fs;
use std::io::Read as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The referee of the toy game.
pub const REFEREE: &str = env!("CARGO_BIN_EXE_count-referee");

/// The players' scripts, written once per test binary: `perfect.sh` leaves the count at two, then
/// at five (from two, it steps one), so that Player 1 wins against anyone; `ones.sh` always
/// steps one; `random.sh SEED` steps one or two from a generator seeded by SEED. Each thinks
/// `$think` seconds per move (none when unset), and ignores any other word.
fn players_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("count-players-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let think = "[ -z \"$think\" ] || sleep \"$think\"";
        for (name, body) in [
            (
                "perfect.sh",
                format!(
                    "read id\nwhile read n; do\n  {think}\n  s=$(( (8 - n) % 3 ))\n  \
                     [ $s -eq 0 ] && s=1\n  echo $s\ndone\n"
                ),
            ),
            (
                "ones.sh",
                format!("read id\nwhile read n; do\n  {think}\n  echo 1\ndone\n"),
            ),
            (
                "random.sh",
                format!(
                    "r=$(( $1 % 65536 ))\nread id\nwhile read n; do\n  {think}\n  \
                     r=$(( (r * 1103515245 + 12345) % 2147483648 ))\n  \
                     s=$(( r / 65536 % 2 + 1 ))\n  [ $(( n + s )) -gt 5 ] && s=1\n  echo $s\n\
                     done\n"
                ),
            ),
        ] {
            let path = dir.join(name);
            fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        }
        dir
    })
}

/// The command of the player `name` (a script of [`players_dir`]) with `args`.
fn player(name: &str, args: &str) -> String {
    let path = players_dir().join(name);
    format!("{} {args}", path.display()).trim_end().to_string()
}

/// A player that never loses as Player 1, fast.
pub fn perfect() -> String {
    player("perfect.sh", "")
}

/// [`perfect`], thinking `seconds` per move (a command that `exec` may start).
pub fn perfect_thinking(seconds: &str) -> String {
    format!("env think={seconds} {}", perfect())
}

/// A player that always steps one.
pub fn ones() -> String {
    player("ones.sh", "")
}

/// [`ones`], thinking `seconds` per move (a command that `exec` may start).
pub fn ones_thinking(seconds: &str) -> String {
    format!("env think={seconds} {}", ones())
}

/// A player that steps one or two at random, seeded by `seed` (`{seed}` for the pair's seed).
pub fn random(seed: &str) -> String {
    player("random.sh", seed)
}

/// Runs the referee with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(REFEREE)
        .args(args)
        .output()
        .expect("the referee runs")
}

/// Runs the referee with `args`: it must succeed (its stderr is shown if not); returns its
/// stdout.
pub fn run_ok<S: AsRef<std::ffi::OsStr>>(args: impl IntoIterator<Item = S>) -> String {
    let out = Command::new(REFEREE)
        .args(args)
        .output()
        .expect("the referee runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// A new empty directory under the system's temporary directory, named after `prefix`, this
/// process and `name`.
pub fn scratch_dir(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Every file and folder under `dir`, with the bytes of each file.
pub fn contents(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    let mut all = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            all.push((path.clone(), None));
            all.extend(contents(&path));
        } else {
            all.push((path.clone(), Some(fs::read(&path).unwrap())));
        }
    }
    all.sort();
    all
}

/// Whether a live process (not a zombie) has `marker` in its command line.
pub fn alive_with(marker: &str) -> bool {
    fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        let cmdline = fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let stat = fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = stat
            .rsplit(')')
            .next()
            .is_some_and(|s| s.trim_start().starts_with('Z'));
        !zombie
            && String::from_utf8_lossy(&cmdline)
                .replace('\0', " ")
                .contains(marker)
    })
}

/// Makes a FIFO (named pipe) at `path`: a file that blocks whoever opens it.
pub fn make_fifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|status| status.success()), "mkfifo {path:?}");
}

/// Runs `command` to its end, its stdin empty, given at most `limit`: a program that blocks
/// (opening a FIFO, reading a device without end) is killed and fails the test.
pub fn output_within(command: &mut Command, limit: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let read_all = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().unwrap()));
    let stderr = read_all(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} still ran after {limit:?}: blocked");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Runs `exe` with `words` followed by `--help`, then by `-h`, and checks that each exits with
/// status 0 and prints a usage on stdout.
pub fn answers_help(exe: &str, words: &[&str]) {
    for help in ["--help", "-h"] {
        let shown = format!("{exe} {} {help}", words.join(" "));
        let out = Command::new(exe).args(words).arg(help).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{shown}: {stderr}{stdout}");
        let usage = stdout
            .lines()
            .any(|line| line.trim_start().to_lowercase().starts_with("usage:"));
        assert!(usage, "{shown} prints no usage line:\n{stdout}");
    }
}

/// Reads a line's `key=value` field (`plies=`, `score=`).
pub fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split(' ')
        .find_map(|w| w.strip_prefix(key))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
}

/// Whether this process was started with SIGINT ignored (in the background of a shell without
/// job control), which its children inherit: then only SIGTERM can stop them.
pub fn sigint_ignored() -> bool {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        // SIGINT is signal 2, bit 1 of the mask.
        .is_some_and(|mask| mask & (1 << 1) != 0)
}
