//! What stops a match before any game counts (a player that cannot start, an output that
//! cannot be written, an output that would replace an input or another output) and what an
//! interruption leaves: the standings of the games finished so far, last, and in the results
//! file. Through the referees of the toy game, once for every game: players on their standard
//! input and output (`count-referee`), and, where the transport matters, file-based players
//! (`count-files-referee`).

mod support;

use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use support::{
    contents, listing, ones_thinking, perfect, perfect_thinking, scratch_dir, sigint_ignored,
    REFEREE,
};

/// A referee of the toy game: its program, its game's name, and a player that plays well.
struct Toy {
    path: &'static str,
    game: &'static str,
    player: String,
}

/// The toy game with players on their standard input and output.
fn stream() -> Toy {
    Toy {
        path: REFEREE,
        game: "count",
        player: perfect(),
    }
}

/// The toy game with file-based players: a call per move, the count in `count.txt`, the step
/// written to `step.txt`; the player leaves the count at two, then at five, thinking `$think`
/// seconds (none when unset).
fn files() -> Toy {
    Toy {
        path: env!("CARGO_BIN_EXE_count-files-referee"),
        game: "count-files",
        player: "[ -z \"$think\" ] || sleep \"$think\"; read n < count.txt; \
                 s=$(( (8 - n) % 3 )); [ $s -eq 0 ] && s=1; echo $s > step.txt"
            .to_string(),
    }
}

fn run(toy: &Toy, args: &[&str]) -> std::process::Output {
    Command::new(toy.path).args(args).output().unwrap()
}

/// The first line of a results file, as the referee writes it (`--results`).
fn results_header() -> String {
    let dir = scratch("header");
    let file = dir.join("one.csv");
    let out = Command::new(REFEREE)
        .arg("--results")
        .arg(&file)
        .args([perfect(), perfect()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = fs::read_to_string(&file).unwrap();
    let _ = fs::remove_dir_all(&dir);
    text.lines().next().unwrap().to_string()
}

#[test]
fn an_interrupted_match_prints_the_standings_of_its_finished_games() {
    let player = perfect_thinking("0.01");
    interrupted_match(&stream(), "INT", &[], &[("A", &player), ("B", &player)]);
    let files = files();
    let player = format!("think=0.01; {}", files.player);
    interrupted_match(&files, "INT", &[], &[("A", &player), ("B", &player)]);
}

#[test]
fn an_sprt_or_a_tournament_terminated_prints_its_sprt_line_or_its_standings() {
    let toy = stream();
    let player = perfect_thinking("0.01");
    let weak = ones_thinking("0.01");
    let stdout = interrupted_match(
        &toy,
        "TERM",
        &["--sprt", "0,10"],
        &[("A", &player), ("B", &weak)],
    );
    assert!(stdout.contains("\nsprt: llr="), "{stdout}");
    let players = [("x", &player), ("y", &weak), ("z", &player)];
    interrupted_match(&toy, "TERM", &[], &players.map(|(n, c)| (n, c.as_str())));
}

fn scratch(name: &str) -> PathBuf {
    scratch_dir("count-referee-stops", name)
}

/// A missing program (127), a file that is not executable (126) and an interpreter that cannot
/// open its script (`python3 /no/such/bot.py` prints why and exits 2), in either seat, with
/// `--concurrency 2`: exit status 2, the command and its stderr quoted on stderr, no game line,
/// no summary, and no results file.
#[test]
fn a_player_that_cannot_start_stops_the_match_before_any_game() {
    for toy in [stream(), files()] {
        cannot_start(&toy);
    }
}

fn cannot_start(toy: &Toy) {
    let player = toy.player.as_str();
    let dir = scratch("cannot-start");
    let plain = dir.join("plain-bot");
    fs::write(&plain, "#!/bin/sh\necho never\n").unwrap();
    let missing = format!("{}/missing-bot --movetime 10", dir.display());
    let plain = plain.display().to_string();
    let no_script = "echo \"python3: can't open file '/no/such/bot.py': [Errno 2] No such file or \
                     directory\" >&2; exit 2";
    let cases = [
        (missing.as_str(), "exit status: 127", "not found"),
        (plain.as_str(), "exit status: 126", "Permission denied"),
        (
            no_script,
            "exit status: 2",
            "python3: can't open file '/no/such/bot.py'",
        ),
    ];
    for (bad, status, why) in cases {
        for bad_seat in ["A", "B"] {
            let (a, b) = if bad_seat == "A" {
                (bad, player)
            } else {
                (player, bad)
            };
            let results = dir.join("results.csv");
            let results = results.to_str().unwrap();
            let started = Instant::now();
            let out = run(
                toy,
                &[
                    "--games",
                    "20",
                    "--concurrency",
                    "2",
                    "--results",
                    results,
                    a,
                    b,
                ],
            );
            let stderr = String::from_utf8_lossy(&out.stderr);
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert_eq!(out.status.code(), Some(2), "{bad}: {stderr}");
            let expected =
                format!("player {bad_seat} cannot start: its command `{bad}` exited ({status})");
            assert!(stderr.contains(&expected), "{expected}\n{stderr}");
            assert!(stderr.contains(why), "{stderr}");
            let program = format!("{}-referee: player", toy.game);
            assert!(stderr.contains(&program), "{stderr}");
            assert_eq!(stdout, "", "no game counts: {stdout}");
            assert!(!Path::new(results).exists(), "no results file is left");
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "stopped at once, not after 20 games"
            );
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// `--results`, `--html` and `--record-dir` that cannot be written: exit status 2, one line on
/// stderr naming the file and what it is, no game played, nothing left on the disk.
#[test]
fn an_output_that_cannot_be_written_stops_the_match_before_any_game() {
    let toy = stream();
    let player = toy.player.as_str();
    let dir = scratch("outputs");
    fs::write(dir.join("plain"), "").unwrap();
    let good_results = dir.join("good.csv").display().to_string();
    let no_dir = dir.join("no/such/dir");
    let cases = [
        (
            "--results",
            no_dir.join("results.csv"),
            "write the results file",
            "No such file or directory",
        ),
        (
            "--html",
            no_dir.join("match.html"),
            "write the replay page",
            "No such file or directory",
        ),
        (
            "--record-dir",
            dir.join("plain/records"),
            "make the record folder",
            "Not a directory",
        ),
        (
            "--html",
            dir.clone(),
            "write the replay page",
            "Is a directory",
        ),
    ];
    let before = listing(&dir);
    for (option, path, doing, why) in cases {
        let path_text = path.display().to_string();
        let mut args = vec![option, path_text.as_str(), "--games", "2"];
        if option != "--results" {
            args.extend(["--results", good_results.as_str()]);
        }
        args.extend([player, player]);
        let out = run(&toy, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{option}: {stderr}");
        assert_eq!(
            stderr,
            format!("{}-referee: cannot {doing} {path_text}: {why}\n", "count")
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "",
            "no game is played"
        );
        assert_eq!(listing(&dir), before, "nothing is left behind");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Outputs that would land on an input or on each other, or replace what they must not (a
/// record folder of an earlier match, a results file of another game, a file that is not a
/// page), and a shard that holds no game: exit status 2, one line naming the option and the path,
/// no game played, and every file as it was, byte for byte. `view` refuses a page onto a record
/// it shows the same way.
#[test]
fn an_output_that_would_replace_an_input_or_output_is_refused() {
    let toy = stream();
    let player = toy.player.as_str();
    let dir = scratch("apart");
    let game = "count";
    let path = |name: &str| dir.join(name).display().to_string();
    fs::write(dir.join("x.csv"), "kept\n").unwrap();
    let header = results_header();
    let other_game = format!("{header}\nnotagame,1,2,A,B,p1,won,3,0,1,1,1,1,1,1,1,1\n");
    fs::write(dir.join("other.csv"), other_game).unwrap();
    let record = format!("# {game}\n# p1: a\n# p2: b\n# result: draw agreed\n");
    fs::write(dir.join("r.txt"), &record).unwrap();
    fs::create_dir(dir.join("rd")).unwrap();
    fs::write(dir.join("rd/game-1.txt"), &record).unwrap();
    fs::write(dir.join("rd/game-1-p1.stderr"), "a log\n").unwrap();
    let (x, rd, r) = (path("x.csv"), path("rd"), path("r.txt"));
    let (in_rd, other) = (path("rd/game-2.txt"), path("other.csv"));
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["--results", &x, "--html", &x],
            format!("--results {x} and --html {x} name the same path: "),
        ),
        (
            vec!["--record-dir", &rd, "--records", "add", "--html", &in_rd],
            format!("--html {in_rd} is among the records of --record-dir {rd}: "),
        ),
        (
            vec!["--record-dir", &rd, "--html", &rd],
            format!("--html {rd} and --record-dir {rd} name the same path: "),
        ),
        (
            vec!["--record-dir", &rd],
            format!(
                "--record-dir {rd} already holds records of a match (game-1-p1.stderr and 1 \
                 more): give --records add to add this match's to them, --records replace to \
                 remove them first, or another folder"
            ),
        ),
        (
            vec!["--record-dir", &rd, "--records", "add"],
            format!("--records add: --record-dir {rd} already holds game 1 (game-1-p1.stderr)"),
        ),
        (
            vec!["--html", &r],
            format!("cannot write the replay page {r}: the file there is not a page"),
        ),
        (
            vec!["--results", &other],
            format!("--results {other} holds games of notagame, not of {game} (game 1)"),
        ),
        (
            vec!["--shard", "5/10"],
            "--shard 5/10 holds no game of this match: its games are numbered 1 to 2".to_string(),
        ),
    ];
    let before = contents(&dir);
    for (mut args, expected) in cases {
        args.extend(["--games", "2", player, player]);
        let out = run(&toy, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("{game}-referee: {expected}")),
            "{expected}\n{stderr}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "",
            "no game is played"
        );
        assert_eq!(contents(&dir), before, "{args:?}: every file as it was");
    }
    let out = run(&toy, &["view", &r, "--html", &r]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "{game}-referee view: --html {r} and the record {r} name the same path: give each \
             output a path of its own, apart from every input and other output\n"
        )
    );
    assert_eq!(contents(&dir), before, "the record as it was");
    let _ = fs::remove_dir_all(&dir);
}

/// Sends `signal` (`INT` or `TERM`) to the referee once `games_first` game lines are out, in a
/// match of `players` (names and commands) that would last much longer, with `--concurrency 2`;
/// the referee is the leader of a process group of its own, as a command started from a shell
/// is, and Ctrl-C's SIGINT goes to the whole group. Checks that it exits with 128 + the signal,
/// prints the final lines of the finished games last (those a run of just these games prints),
/// and keeps them in the results file; returns its stdout.
fn interrupted_match(toy: &Toy, signal: &str, extra: &[&str], players: &[(&str, &str)]) -> String {
    let dir = scratch(&format!("interrupt-{signal}"));
    let results = dir.join("results.csv");
    let (mut child, mut stdout, lines) = start_long_match(toy, &results, extra, players);
    let name = interrupt(&child, signal);
    let signalled = Instant::now();
    // Should the referee not stop, it is killed after a while, so that the test fails instead of
    // hanging.
    let group = child.id();
    let watchdog = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60));
        let _ = Command::new("sh")
            .arg("-c")
            .arg(format!("kill -KILL -{group} 2>/dev/null"))
            .status();
    });
    drop(watchdog);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(
        signalled.elapsed() < Duration::from_secs(30),
        "the match stopped soon"
    );
    let expected_status = if name == "INT" { 130 } else { 143 };
    assert_eq!(status.code(), Some(expected_status), "{stderr}");
    let signal_name = format!("SIG{name}");
    assert!(
        stderr.contains(&format!("interrupted by {signal_name}")),
        "{stderr}"
    );
    let stdout = lines.concat() + &rest;
    let game_lines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game ")).collect();
    let finished = game_lines.len();
    assert!((2..200).contains(&finished), "{stdout}");
    let tail = check_final_lines(&stdout, finished, players);
    check_results_file(toy, &results, extra, players, finished, &tail, &stdout);
    let _ = fs::remove_dir_all(&dir);
    stdout
}

/// A match of 200 games started in a process group of its own, read until two games have ended:
/// the referee, its stdout from there, and the two game lines.
fn start_long_match(
    toy: &Toy,
    results: &Path,
    extra: &[&str],
    players: &[(&str, &str)],
) -> (Child, BufReader<ChildStdout>, Vec<String>) {
    let mut command = Command::new(toy.path);
    command
        .args(["--games", "200", "--concurrency", "2", "--results"])
        .arg(results)
        .args(extra);
    if players.len() == 2 {
        command.args(players.iter().map(|(_, cmd)| *cmd));
    } else {
        for (name, cmd) in players {
            command.arg("--player").arg(format!("{name}={cmd}"));
        }
    }
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("the referee runs");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    while lines.len() < 2 {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "the match ended");
        assert!(line.starts_with("game "), "{line}");
        lines.push(line);
    }
    (child, stdout, lines)
}

/// Sends `signal` to the referee as a user would: `INT` to its whole group, as Ctrl-C does,
/// else `TERM` to it alone; returns the name of the signal sent.
fn interrupt(child: &Child, signal: &str) -> &'static str {
    // Ctrl-C's SIGINT goes to the whole group, a `kill` to the process alone. A process started
    // with SIGINT ignored (in the background of a shell without job control) passes that on to
    // the referee, which then cannot be interrupted by it, as any program: SIGTERM to the whole
    // group stands in for it there. The shell's own `kill` reaches a group by a negative id.
    let signal = if signal == "INT" && sigint_ignored() {
        eprintln!("SIGINT is ignored here: the whole group gets SIGTERM instead");
        "TERM-GROUP"
    } else {
        signal
    };
    let (name, target) = match signal {
        "INT" => ("INT", format!("-{}", child.id())),
        "TERM-GROUP" => ("TERM", format!("-{}", child.id())),
        _ => ("TERM", child.id().to_string()),
    };
    let sent = Command::new("sh")
        .arg("-c")
        .arg(format!("kill -{name} {target}"))
        .status()
        .unwrap();
    assert!(sent.success());
    name
}

/// Checks that the final lines come last, after every game line, and count exactly the
/// `finished` games listed; returns them.
fn check_final_lines<'a>(
    stdout: &'a str,
    finished: usize,
    players: &[(&str, &str)],
) -> Vec<&'a str> {
    let all: Vec<&str> = stdout.lines().collect();
    let last_game = all.iter().rposition(|l| l.starts_with("game ")).unwrap();
    let tail = &all[last_game + 1..];
    if players.len() == 2 {
        let summary = tail.last().expect("a summary");
        assert!(
            summary.starts_with(&format!("summary: games={finished} ")),
            "{stdout}"
        );
        assert!(tail[0].starts_with("players: "), "{stdout}");
    } else {
        assert_eq!(tail[0], "crosstable:", "{stdout}");
        let standings = tail.iter().filter(|l| l.starts_with("standing: ")).count();
        assert_eq!(standings, players.len(), "{stdout}");
        assert!(tail.last().unwrap().starts_with("standing: "), "{stdout}");
        let scored: f64 = tail
            .iter()
            .filter_map(|l| l.split("score=").nth(1))
            .map(|s| s.split('/').next().unwrap().parse::<f64>().unwrap())
            .sum();
        assert_eq!(scored, finished as f64, "{stdout}");
    }
    tail.to_vec()
}

/// Checks that every game counted is in the results file, and only those, and that a merge of
/// its rows prints the same final lines.
fn check_results_file(
    toy: &Toy,
    results: &Path,
    extra: &[&str],
    players: &[(&str, &str)],
    finished: usize,
    tail: &[&str],
    stdout: &str,
) {
    let rows = fs::read_to_string(results).unwrap();
    assert_eq!(rows.lines().count(), finished + 1, "{rows}");
    if players.len() == 2 {
        // What a merge of these rows prints: the final lines of the finished games.
        let sprt = extra.iter().filter(|a| a.contains(','));
        let merged = Command::new(toy.path)
            .arg("merge")
            .args(sprt.flat_map(|a| ["--sprt", a]))
            .arg(results)
            .output()
            .unwrap();
        assert_eq!(
            tail.join("\n") + "\n",
            String::from_utf8_lossy(&merged.stdout),
            "{stdout}"
        );
    }
}
