//! `spsa` trusts only what it checked: a state file that exists but cannot be read, or holds a
//! value outside the run (NaN, a tunable out of its bounds, iterations past the run's end), is
//! refused with nothing written; a run directory's `theta.csv` is never written over; an
//! iteration whose games end by faults stops the run with the referee's verdict quoted (a few
//! faults, up to `--max-faults`, are counted and reported); options whose products or sums
//! overflow are refused.
//!
//! The games are played by a stand-in for `GAME-referee` (a shell script) that prints the
//! runner's own lines (the game lines, the `players:` line with each side's faults, the
//! `summary:` line; the verdicts of `tools::runner::play`, the refusal of a player that cannot
//! start) for a game of one reply each: a number, the larger number winning. The bot (a shell
//! script too) lists two tunables in its `--help` and replies its `X`, or faults as told by its
//! `--fault`. Every `spsa` runs under `ulimit -v` and `timeout`.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The referee's stand-in: the options `spsa` gives it, `--games` games of one reply per seat.
const REFEREE: &str = r#"#!/bin/sh
touch "$(dirname "$0")/played"
games=1 seed=1
while [ $# -gt 2 ]; do
  case $1 in
    --games) games=$2 ;;
    --seed) seed=$2 ;;
    --concurrency) ;;
    *) echo "fake-referee: unexpected argument '$1'" >&2; exit 2 ;;
  esac
  shift 2
done
if [ "$games" -gt 100 ]; then echo "fake-referee: --games $games: more than it plays" >&2; exit 2; fi
a=$1 b=$2
a_wins=0 draws=0 b_wins=0 faults_A=0 faults_B=0 started_A= started_B=
command_of() { if [ "$1" = A ]; then printf '%s' "$a"; else printf '%s' "$b"; fi | sed "s/{seed}/$s/g"; }
# Asks player $1 (seat $2) for its reply: sets reply, or fault (the runner's verdict).
ask() {
  cmd=$(command_of "$1")
  reply=$(echo go | sh -c "$cmd" 2>/dev/null)
  status=$?
  fault=
  if [ -z "$reply" ]; then
    if [ $status != 0 ] && eval "[ -z \"\$started_$1\" ]"; then
      echo "fake-referee: player $1 cannot start: its command \`$cmd\` exited (exit status: $status) before replying in game $g; it printed nothing on stderr" >&2
      exit 2
    fi
    fault="$2 exited (exit status: $status) before replying"
  else
    eval "started_$1=1"
    case $reply in *[!0-9]*) fault="malformed move: $2 printed '$reply' (not a number)" ;; esac
  fi
}
g=1
while [ $g -le "$games" ]; do
  s=$((seed + (g + 1) / 2))
  if [ $((g % 2)) = 1 ]; then p1=A p2=B; else p1=B p2=A; fi
  plies=0
  ask $p1 p1
  if [ -n "$fault" ]; then
    winner=$p2 seat=p2 reason=$fault loser=$p1
  else
    plies=1 first=$reply
    ask $p2 p2
    if [ -n "$fault" ]; then
      winner=$p1 seat=p1 reason=$fault loser=$p2
    else
      plies=2 loser=
      if [ "$first" -gt "$reply" ]; then winner=$p1 seat=p1 reason="the larger number"
      elif [ "$first" -lt "$reply" ]; then winner=$p2 seat=p2 reason="the larger number"
      else winner=draw seat= reason="equal numbers"
      fi
    fi
  fi
  if [ -n "$fault" ]; then eval "faults_$loser=\$((faults_$loser + 1))"; fi
  case $winner in
    A) a_wins=$((a_wins + 1)) ;;
    B) b_wins=$((b_wins + 1)) ;;
    *) draws=$((draws + 1)) ;;
  esac
  if [ -n "$seat" ]; then winner="$winner ($seat)"; fi
  echo "game $g: p1=$p1 p2=$p2 winner=$winner reason=\"$reason\" plies=$plies slowest: A=0ms B=0ms peak: A=0.0MB B=0.0MB"
  g=$((g + 1))
done
echo "players: A slowest=0ms peak=0.0MB faults=$faults_A; B slowest=0ms peak=0.0MB faults=$faults_B; first replies: A=0ms B=0ms; later replies: A=0ms B=0ms"
echo "summary: games=$games a_wins=$a_wins draws=$draws b_wins=$b_wins elo=+0 ci95=inf"
"#;

/// The bot: its tunables in its `--help`; asked, it replies its `X`, or with `--fault` exits 0
/// before replying (`always`), exits 1 before replying (`crash`), prints a word (`garbage`), or
/// exits 0 before replying the first time it is given seed 3 (`once`).
const BOT: &str = r#"#!/bin/sh
x=3 fault=never seed=
while [ $# -gt 0 ]; do
  case $1 in
    --help)
      printf 'usage: bot [--fault F] [--seed S] [--param NAME=VALUE]...\n\ntunables (a tuning build):\n'
      printf '  X: i32 = 3, 1..=8, step 1;\n  SHARE: f64 = 0.5, 0.0..=1.0, step 0.1;\n'
      exit 0 ;;
    --fault) fault=$2; shift ;;
    --seed) seed=$2; shift ;;
    --param) case $2 in X=*) x=${2#X=} ;; esac; shift ;;
  esac
  shift
done
case $fault in
  always) exit 0 ;;
  crash) exit 1 ;;
  garbage) read line; echo xyzzy; exit 0 ;;
  once) if [ "$seed" = 3 ] && mkdir "$(dirname "$0")/faulted" 2>/dev/null; then exit 0; fi ;;
esac
read line
echo "$x"
"#;

/// A fresh folder holding the referee's stand-in and the bot.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spsa-trust-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for (file, text) in [("referee.sh", REFEREE), ("bot.sh", BOT)] {
        let path = dir.join(file);
        fs::write(&path, text).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// `spsa` on `dir`'s referee and bot (`--fault fault`), its run in `dir/run`, with `extra`
/// options: under 1 GB of address space and 20 seconds.
fn spsa(dir: &Path, fault: &str, extra: &[&str]) -> Output {
    let bot = format!(
        "{} --fault {fault} --seed {{seed}}",
        dir.join("bot.sh").display()
    );
    let _ = fs::remove_file(dir.join("played"));
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000; exec timeout 20 \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_spsa"))
        .args(["--referee", dir.join("referee.sh").to_str().unwrap()])
        .args(["--bot", &bot])
        .args(["--dir", dir.join("run").to_str().unwrap()])
        .args(extra)
        .output()
        .expect("spsa runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The run's three files, as bytes (`None`: absent).
fn files(dir: &Path) -> [Option<Vec<u8>>; 3] {
    ["state.txt", "theta.csv", "params.txt"].map(|f| fs::read(dir.join("run").join(f)).ok())
}

/// A run of two iterations of the healthy bot, done.
fn finished_run(name: &str) -> PathBuf {
    let dir = scratch(name);
    let out = spsa(&dir, "never", &["--iterations", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    dir
}

/// `spsa` refuses the run in `dir` (exit status 1) before any game, with `wanted` in its error,
/// and leaves its files as they were.
fn assert_refused(dir: &Path, extra: &[&str], wanted: &str) {
    let before = files(dir);
    let out = spsa(dir, "never", extra);
    let error = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{error}");
    assert!(error.contains(wanted), "wanted '{wanted}' in: {error}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(files(dir), before, "{error}");
    assert!(!dir.join("played").exists(), "a game was played: {error}");
}

#[test]
fn a_state_with_a_damaged_byte_is_refused_and_nothing_is_written() {
    let dir = finished_run("damaged");
    let state = dir.join("run/state.txt");
    let mut bytes = fs::read(&state).unwrap();
    let at = String::from_utf8_lossy(&bytes).find("theta X ").unwrap() + "theta X ".len();
    bytes[at] = 0xFF;
    fs::write(&state, &bytes).unwrap();
    let wanted = format!(
        "cannot read {}: stream did not contain valid UTF-8",
        state.display()
    );
    assert_refused(&dir, &["--iterations", "2"], &wanted);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_state_that_is_a_directory_is_refused_before_any_game() {
    let dir = scratch("directory");
    let state = dir.join("run/state.txt");
    fs::create_dir_all(&state).unwrap();
    let wanted = format!("cannot read {}: Is a directory", state.display());
    assert_refused(&dir, &["--iterations", "2"], &wanted);
    assert_eq!(files(&dir), [None, None, None]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn values_in_the_state_outside_the_run_are_refused() {
    let dir = finished_run("values");
    let state = dir.join("run/state.txt");
    let text = fs::read_to_string(&state).unwrap();
    let line = |start: &str| text.lines().find(|l| l.starts_with(start)).unwrap();
    for (old, new, wanted) in [
        (
            line("theta X "),
            "theta X NaN",
            "the state's 'theta X NaN' is not a finite number",
        ),
        (
            line("theta SHARE "),
            "theta SHARE inf",
            "the state's 'theta SHARE inf' is not a finite number",
        ),
        (
            line("theta X "),
            "theta X 8.5",
            "the state's 'theta X 8.5' is outside X's bounds 1..=8",
        ),
        (
            line("theta SHARE "),
            "theta SHARE -0.25",
            "the state's 'theta SHARE -0.25' is outside SHARE's bounds 0..=1",
        ),
        (
            "done 2",
            "done 99",
            "the state's 'done 99' is past the run's 2 iterations",
        ),
        (
            "done 2",
            "done 3",
            "the state's 'done 3' is past the run's 2",
        ),
    ] {
        fs::write(&state, text.replace(old, new)).unwrap();
        let wanted = format!("{}: {wanted}", state.display());
        assert_refused(&dir, &["--iterations", "2"], &wanted);
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_path_is_never_written_over() {
    // theta.csv without a state: another run's path, or one whose state was removed.
    let dir = finished_run("path");
    let state = dir.join("run/state.txt");
    fs::remove_file(&state).unwrap();
    let wanted = format!(
        "{} holds a run's path but there is no {}",
        dir.join("run/theta.csv").display(),
        state.display()
    );
    assert_refused(&dir, &["--iterations", "2"], &wanted);
    fs::remove_dir_all(&dir).unwrap();
    // theta.csv unreadable beside a good state: refused, not replaced by an empty path.
    let dir = finished_run("csv");
    let csv = dir.join("run/theta.csv");
    let good = fs::read_to_string(&csv).unwrap();
    let mut bytes = good.clone().into_bytes();
    bytes[0] = 0xFF;
    fs::write(&csv, &bytes).unwrap();
    let wanted = format!(
        "cannot read {}: stream did not contain valid UTF-8",
        csv.display()
    );
    assert_refused(&dir, &["--iterations", "2"], &wanted);
    // Another run's header: refused.
    fs::write(&csv, good.replace(",X,SHARE\n", ",Y,SHARE\n")).unwrap();
    let wanted = format!("{}: its first line is not this run's header", csv.display());
    assert_refused(&dir, &["--iterations", "2"], &wanted);
    // Missing beside a state: begun again, iteration 0's row first, with a note.
    fs::remove_file(&csv).unwrap();
    let out = spsa(&dir, "never", &["--iterations", "2"]);
    let error = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{error}");
    assert!(
        error.contains("theta.csv is missing: its rows of iterations 1 to 2 are lost"),
        "{error}"
    );
    let rows = fs::read_to_string(&csv).unwrap();
    assert_eq!(
        rows,
        good.lines()
            .take(2)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bot_that_loses_every_game_by_a_fault_stops_the_run_with_the_verdict_quoted() {
    let dir = scratch("always");
    for (fault, extra, verdict) in [
        (
            "always",
            &["--iterations", "3"][..],
            "game 1: p1=A p2=B winner=B (p2) reason=\"p1 exited (exit status: 0) before replying\"",
        ),
        (
            "garbage",
            &["--iterations", "3", "--max-faults", "100"][..],
            "game 1: p1=A p2=B winner=B (p2) reason=\"malformed move: p1 printed 'xyzzy' (not a number)\"",
        ),
    ] {
        let _ = fs::remove_dir_all(dir.join("run"));
        let out = spsa(&dir, fault, extra);
        let error = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{fault}: {error}");
        assert!(out.stdout.is_empty(), "{fault}: values to paste printed");
        assert!(
            error.contains("iteration 1: every game ended by a fault (2 of 2)"),
            "{fault}: {error}"
        );
        assert!(error.contains(verdict), "{fault}: {error}");
        assert!(
            error.contains("players: A slowest=0ms peak=0.0MB faults=1; B slowest=0ms"),
            "{fault}: {error}"
        );
        // Nothing of iteration 1 is kept: θ is the defaults', the path its first row.
        let csv = fs::read_to_string(dir.join("run/theta.csv")).unwrap();
        assert_eq!(csv.lines().count(), 2, "{fault}: {csv}");
        let state = fs::read_to_string(dir.join("run/state.txt")).unwrap();
        assert!(state.contains("\ndone 0\n"), "{fault}: {state}");
    }
    // A bot that exits failing before its first reply cannot start: the referee stops the match.
    let _ = fs::remove_dir_all(dir.join("run"));
    let out = spsa(&dir, "crash", &["--iterations", "3"]);
    let error = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{error}");
    assert!(
        error.contains("fake-referee: player A cannot start: its command `")
            && error.contains("exited (exit status: 1) before replying in game 1"),
        "{error}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_few_faults_are_allowed_counted_and_reported() {
    // Seed 3 is iteration 2's pair: Player 1 of its first game faults, once in the run.
    let verdict =
        "game 1: p1=A p2=B winner=B (p2) reason=\"p1 exited (exit status: 0) before replying\"";
    let dir = scratch("allowed");
    let out = spsa(&dir, "once", &["--iterations", "3", "--max-faults", "1"]);
    let error = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{error}");
    assert!(
        error.contains("spsa: iteration 2: 1 game lost by a fault, 1 of the 1 allowed"),
        "{error}"
    );
    assert!(error.contains(verdict), "{error}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("// 1 game lost by a fault (--max-faults 1)"),
        "{stdout}"
    );
    let state = fs::read_to_string(dir.join("run/state.txt")).unwrap();
    assert!(state.contains("\ndone 3\nfaults 1\n"), "{state}");
    fs::remove_dir_all(&dir).unwrap();

    // By default a run of 6 games allows none: the fault stops it at iteration 2, quoted.
    let dir = scratch("default");
    let out = spsa(&dir, "once", &["--iterations", "3"]);
    let error = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{error}");
    assert!(
        error.contains(
            "iteration 2: 1 game lost by a fault takes the run to 1, past --max-faults 0"
        ),
        "{error}"
    );
    assert!(error.contains(verdict), "{error}");
    let csv = fs::read_to_string(dir.join("run/theta.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "iterations 0 and 1: {csv}");
    // The same command again replays iteration 2, which the bot plays this time.
    let out = spsa(&dir, "once", &["--iterations", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let state = fs::read_to_string(dir.join("run/state.txt")).unwrap();
    assert!(state.contains("\ndone 3\nfaults 0\n"), "{state}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn options_whose_sums_or_products_overflow_are_refused() {
    let dir = scratch("overflow");
    for (extra, wanted) in [
        (
            &["--iterations", "2", "--pairs", "4294967295"][..],
            "--pairs 4294967295: an iteration plays 2·P games, and the referee's --games takes at most 4294967295",
        ),
        (
            &["--iterations", "2", "--seed", "18446744073709551615"][..],
            "--seed 18446744073709551615: the run's last pair seed, S + N·P = 18446744073709551615 + 2·1, is past 18446744073709551615",
        ),
    ] {
        let out = spsa(&dir, "never", extra);
        let error = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{error}");
        assert!(error.starts_with(&format!("spsa: {wanted}\n")), "{error}");
        assert!(!dir.join("run").exists() && !dir.join("played").exists());
    }
    fs::remove_dir_all(&dir).unwrap();
}
